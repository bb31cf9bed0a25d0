/* Compact indexing of tafl positions for retrograde analysis: material classes (attackers and
 * defenders besides the king) and the rank of every placement of a class by the combinatorial
 * number system. */
#ifndef TAFL_SOLVE_INDEX_H
#define TAFL_SOLVE_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/ruleset.h"
#include "rules/state.h"

/* Boards the index covers: one 64-bit word (5x5 and 7x7). */
#define SOLVE_INDEX_MAX_SQUARES 64

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
} SolveGeometry;

/* One material class: a attackers and d defenders besides the king, each side to move. Index
 * of a position: king_offset[king square] + (rank of the defenders among the free squares but
 * the king's) * C(n - d, a) * 2 + (rank of the attackers among those left) * 2 + side. */
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

/* The index of s in its class c (s's counts must be c's; the king on a king_ok square; no
 * soldier on a restricted square). Pure, thread-safe. */
uint64_t solve_index_rank(const SolveGeometry *g, const SolveClass *c, const GameState *s);

/* Sets *s to the position of index i (< c->size) in class c, with hashes and counters
 * refreshed for rules r, ply 0 and the game going on. Pure, thread-safe. */
void solve_index_unrank(const Rules *r, const SolveGeometry *g, const SolveClass *c, uint64_t i,
                        GameState *s);

#endif
