/* Retrograde analysis of small tafl games: the exact value (win, loss or draw for the side to
 * move) and the distance to the end in plies of every position of every material class up to
 * a ruleset's start material, judged by the rules engine itself (rules/state.h, movegen.h). */
#ifndef TAFL_SOLVE_SOLVE_H
#define TAFL_SOLVE_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/common.h"
#include "rules/ruleset.h"
#include "rules/state.h"

/* The most entries (all classes together, the symmetries folded) solve_build takes by
 * default: 4 GB of tables (doc/solve.md); tafl solve also checks the memory available. */
#define SOLVE_MAX_POSITIONS 2e9

/* The longest distance a table stores, in plies. */
#define SOLVE_MAX_PLIES 16383

typedef enum { SOLVE_DRAW = 0, SOLVE_WIN, SOLVE_LOSS } SolveOutcome;

/* A position's value for its side to move: a win or a loss in `plies` plies with perfect play
 * (the winner ending the game as soon as he can, the loser as late as he can), or a draw
 * (plies 0): neither side can force an end. */
typedef struct {
    SolveOutcome outcome;
    int plies;
} SolveValue;

/* What one material class came to. */
typedef struct {
    int attackers, defenders; /* men besides the king */
    uint64_t positions;       /* both sides to move, every image of the board counted */
    uint64_t entries;         /* the table's entries: the positions with the symmetries folded,
                                 and the spare entries (solve/index.h) */
    uint64_t attackers_win;   /* positions won by the attackers, whoever is to move */
    uint64_t defenders_win;   /* positions won by the defenders */
    uint64_t draws;           /* positions neither side can force out of */
    int longest;              /* the longest forced win or loss in the class, in plies */
    int iterations;           /* passes of the fixed point */
    double seconds;           /* wall time, for reporting only */
} SolveClassStats;

/* The size of a ruleset's solve: every class with at most the start's attackers and
 * defenders, and at most max_men men besides the king. */
typedef struct {
    int max_attackers, max_defenders, max_men;
    int classes;
    double positions;     /* all classes together, every image counted */
    double entries;       /* the tables' entries, the symmetries folded */
    double largest_class; /* entries of the largest class */
    double bytes;         /* memory at the peak: every table, and the largest class's work */
} SolvePlan;

/* solve_plan's men for every class of the start's material. */
#define SOLVE_ALL_MEN (-1)

typedef struct SolveTables SolveTables;

/* Sizes the solve of r: the classes of at most the start's attackers and defenders and at most
 * men men besides the king together (SOLVE_ALL_MEN: every class of the start's material; an
 * endgame table of a larger game). ST_EINVAL with one line naming the ruleset, its entries and
 * the limit when the board has more than 64 squares or the entries pass limit
 * (SOLVE_MAX_POSITIONS by default); *plan is filled either way. Pure, thread-safe. */
MUST_CHECK Status solve_plan(const Rules *r, int men, double limit, SolvePlan *plan, Error *err);

/* Called after each class is solved, in order of increasing material (for progress lines). */
typedef void (*SolveProgressFn)(void *ctx, const SolveClassStats *cls);

/* What a caller may do around each class of solve_build (any may be NULL): keep a class once
 * solved, and give back a class kept by an earlier run of the same solve, so that a solve
 * killed halfway resumes (tafl solve --out DIR). */
typedef struct {
    SolveProgressFn progress; /* after each class, solved or given back */
    /* Fills class i of t (solve_class_entries_to_fill, solve_class_stats_to_fill) from what an
     * earlier run kept: true when it did, and the class is then not solved again. */
    bool (*load)(void *ctx, SolveTables *t, int i);
    /* Keeps class i of t once solved; ST_OK or the error that stops the solve. */
    Status (*keep)(void *ctx, const SolveTables *t, int i, Error *err);
    void *ctx;
} SolveHooks;

/* Solves every class of solve_plan(r, men, limit) with threads OpenMP threads (0: the default):
 * the results are the same at any thread count. The rules are r's with max_plies set to 0 and
 * no history: a repeated position ends nothing (doc/solve.md says which rulesets that is
 * exact for). *out (caller destroys) on success; ST_EINVAL as solve_plan, or when a distance
 * passes SOLVE_MAX_PLIES; a keep hook's error. hooks may be NULL. */
MUST_CHECK Status solve_build(const Rules *r, int men, int threads, double limit,
                              const SolveHooks *hooks, SolveTables **out, Error *err);

/* Tables of r's classes as solve_build makes them (solve_plan(r, men, limit)), in the same
 * order, every entry a draw and every count 0 but the classes' sizes: what a table file is
 * read into (solve/tablefile.h). ST_EINVAL as solve_plan. */
MUST_CHECK Status solve_tables_new(const Rules *r, int men, double limit, SolveTables **out,
                                   Error *err);

/* The men limit of the tables (solve_plan's max_men). */
int solve_max_men(const SolveTables *t);

/* Class i's entries (solve_class_stats(t, i)->entries of them), to write a table file: each is
 * 0 for a draw (or a spare entry), else 0x4000 (a win for the side to move) or 0x8000 (a loss)
 * plus the distance in plies. Borrowed. */
const uint16_t *solve_class_entries(const SolveTables *t, int i);

/* The same and class i's stats, to fill from a table file (the entries allocated at the first
 * call). */
uint16_t *solve_class_entries_to_fill(SolveTables *t, int i);
SolveClassStats *solve_class_stats_to_fill(SolveTables *t, int i);

/* Frees the tables. NULL-safe. */
void solve_destroy(SolveTables *t);

/* The value of s for its side to move. False when the tables do not hold s: more men than the
 * start or the men limit, the game over, a soldier on a restricted square or the king on an
 * escape square. Thread-safe. */
bool solve_probe(const SolveTables *t, const GameState *s, SolveValue *v);

/* Among moves[0..n) of s (the legal ones in its game), the one the tables rank best for the
 * side to move: the win in the fewest plies, else a draw, else the loss in the most; its value
 * for the mover, counting the move, into *v. Ties go to the first. False when a move leads out
 * of the tables (s with more men than they hold). Each move is judged as the solve judges it:
 * the engine's end from a history that starts at s, else the tables. Thread-safe. */
bool solve_best_move(const SolveTables *t, const GameState *s, const Move *moves, int n, Move *out,
                     SolveValue *v);

/* Checks `samples` entries of t drawn at random (uniformly over the entries of all classes,
 * entry i from seed and i, so at any thread count the same ones; spare entries are drawn again)
 * against their successors by the engine's own moves: the value solve_best_move gives over
 * every legal move must be the entry's. Returns how many differ; *checked the entries checked.
 * With threads OpenMP threads (0: the default). */
uint64_t solve_check_sample(const SolveTables *t, uint64_t samples, uint64_t seed, int threads,
                            uint64_t *checked);

/* The side that wins s with perfect play, s's value v being for its side to move:
 * WINNER_ATTACKERS, WINNER_DEFENDERS or WINNER_DRAW. */
Winner solve_winner(const GameState *s, SolveValue v);

/* The outcome with perfect play after `plies` uniformly random plies from the start, as the
 * harness opens its games (opening_plies: each move drawn uniformly among the legal ones,
 * movegen_random_in_game), from the attackers' side: wdl[0] the probability that the attackers
 * win, wdl[1] a draw, wdl[2] the defenders. A game the opening ends counts as it ends. The
 * exact counterpart of a self-play score with that opening: the attackers' score with perfect
 * play is wdl[0] + wdl[1] / 2. False when a position reached is not in the tables. Every
 * opening is enumerated (the legal moves to the power plies): meant for one or two plies. */
bool solve_opening_outcomes(const SolveTables *t, int plies, double wdl[3]);

/* The most opening plies tafl solve --openings enumerates. */
#define SOLVE_OPENINGS_MAX 3

/* The rules the tables were solved under (r of solve_build, max_plies 0); borrowed. */
const Rules *solve_rules(const SolveTables *t);

/* The classes, in the order solved; i < solve_class_count. Borrowed. */
int solve_class_count(const SolveTables *t);
const SolveClassStats *solve_class_stats(const SolveTables *t, int i);

/* Sets *s to entry j (< solve_class_stats(t, i)->entries) of class i: one position of each
 * orbit of the board's symmetries, for checks. False for a spare entry (*s is then the image of
 * a position another entry holds). Thread-safe. */
bool solve_position_at(const SolveTables *t, int i, uint64_t j, GameState *s);

#endif
