/* Compact indexing of tafl positions for retrograde analysis: material classes (attackers and
 * defenders besides the king), the board's eight symmetries folded by the king's square, and
 * the rank of every placement of a class by the combinatorial number system. */
#ifndef TAFL_SOLVE_INDEX_H
#define TAFL_SOLVE_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/ruleset.h"
#include "rules/state.h"

/* Boards the index covers: one 64-bit word (5x5 and 7x7). */
#define SOLVE_INDEX_MAX_SQUARES 64

/* The symmetries of a square board (rules/ruleset.h: ruleset_square_image). */
#define SOLVE_SYMMETRIES RULES_SYMMETRIES

/* What every class of one ruleset shares: where a soldier and the king may stand, and the
 * binomial coefficients. Filled once by solve_index_init; read-only after, so any number of
 * threads may share it. */
typedef struct {
    int squares;                                /* size * size */
    int free_count;                             /* squares a soldier may stand on */
    int8_t free_index[SOLVE_INDEX_MAX_SQUARES]; /* rank of a square among them; -1 if restricted */
    uint8_t free_sq[SOLVE_INDEX_MAX_SQUARES];   /* the free squares in increasing order */
    /* Squares the king may stand on while the game goes on: all but the escape squares (the
     * corners or the whole edge), since reaching one ends the game (RULES.md section 5). */
    bool king_ok[SOLVE_INDEX_MAX_SQUARES];
    uint64_t binom[SOLVE_INDEX_MAX_SQUARES + 1][SOLVE_INDEX_MAX_SQUARES + 1]; /* C(n, k) */
    /* Symmetry folding. Every rule of the contract is the same under the board's symmetries
     * (the throne in the centre, the corners, the edges), so a position and its images have
     * one value; the index holds only positions whose king stands on the least square of its
     * orbit (king_home), and among the images with the king there, the one with the least
     * (defenders, attackers) masks. */
    uint8_t image[SOLVE_SYMMETRIES][SOLVE_INDEX_MAX_SQUARES]; /* square under symmetry t */
    bool king_home[SOLVE_INDEX_MAX_SQUARES]; /* king_ok and the least square of its orbit */
    uint8_t
        to_home[SOLVE_INDEX_MAX_SQUARES];    /* a symmetry taking the square to its orbit's least */
    uint8_t fixers[SOLVE_INDEX_MAX_SQUARES]; /* the symmetries fixing the square, bit t for t */
} SolveGeometry;

/* One material class: a attackers and d defenders besides the king, each side to move. Index
 * of a position folded onto its canonical image (the king on a king_home square):
 * king_offset[king square] + (rank of the defenders among the free squares but the king's) *
 * C(n - d, a) * 2 + (rank of the attackers among those left) * 2 + side. An index whose
 * placement is not the canonical image of itself (a king on a diagonal or a middle line,
 * where two or more images keep him on his square) is a spare entry no position ranks to. */
typedef struct {
    int attackers, defenders;
    uint64_t size;                                 /* positions in the class */
    uint64_t king_offset[SOLVE_INDEX_MAX_SQUARES]; /* first index of each king square */
} SolveClass;

/* Fills g for the compiled rules r. False when the board has more than SOLVE_INDEX_MAX_SQUARES
 * squares. Pure. */
bool solve_index_init(const Rules *r, SolveGeometry *g);

/* Fills c for a attackers and d defenders; false (c unspecified) when they do not fit on the
 * free squares or the class would hold more than 2^62 positions. Pure. */
bool solve_index_class(const SolveGeometry *g, int a, int d, SolveClass *c);

/* The index of s's canonical image in its class c (s's counts must be c's; the king on a
 * king_ok square; no soldier on a restricted square): s and its images share it. Pure,
 * thread-safe. */
uint64_t solve_index_rank(const SolveGeometry *g, const SolveClass *c, const GameState *s);

/* How many distinct positions s and its images are (1, 2, 4 or 8): what one entry stands for.
 * Pure. */
int solve_index_orbit(const SolveGeometry *g, const GameState *s);

/* Sets *s to the position of index i (< c->size) in class c, with hashes and counters
 * refreshed for rules r, ply 0 and the game going on: solve_index_rank gives i back unless i is
 * a spare entry. Pure, thread-safe. */
void solve_index_unrank(const Rules *r, const SolveGeometry *g, const SolveClass *c, uint64_t i,
                        GameState *s);

#endif
