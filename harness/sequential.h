/* Runs that stop on the evidence: an SPRT on game pairs played with sides swapped on the same
 * opening, and balance runs that stop each pairing once its attackers' score interval is
 * narrow enough. Games are played in rounds in parallel and judged in game order after each
 * round, so the result is the same at any thread count. */
#ifndef TAFL_HARNESS_SEQUENTIAL_H
#define TAFL_HARNESS_SEQUENTIAL_H

#include "formats/experiment.h"
#include "harness/runner.h"
#include "stats/sprt.h"

/* Default games per pairing between two width checks. */
#define SEQUENTIAL_CHECK_EVERY 100

/* How an SPRT ended. */
typedef struct {
    SprtParams params;
    long counts[5];      /* pentanomial pair counts from agent A's view: LL, LD, WL+DD, WD, WW */
    long pairs;          /* pairs judged (games = 2 * pairs) */
    double llr;          /* log-likelihood ratio after the last pair */
    double lower, upper; /* Wald's bounds */
    int decision;        /* +1 accept H1 (elo >= elo1), -1 accept H0 (elo <= elo0), 0 neither */
    double elo, elo_low, elo_high; /* A's logistic Elo against B with its 95% interval */
} SprtOutcome;

/* Plays an SPRT of agent A = exp->agents[exp->pairings[0].attacker] against agent B (its
 * defender). exp must hold one ruleset, two agents and the two pairings A vs B, B vs A, in that
 * order. Pair k is game 2k (A attacks) and game 2k + 1 (B attacks), both with the seed
 * runner_game_seed(exp->seed, rules, A, B, k), so both open with the same random plies. After
 * each pair, in pair order, the pentanomial LLR is updated; the run stops at the first pair
 * that reaches a bound, or after exp->games / 2 pairs. Rounds of pairs are played in parallel,
 * and the games after the deciding pair are dropped, so the games, the LLR and the decision do
 * not depend on threads. Files, resume, rows and errors as runner_run (a resumed run must stop
 * where the first one did: extra games in games.csv are an error); meta also records the SPRT.
 * Fills *out. */
MUST_CHECK Status sequential_sprt(const Experiment *exp, const RunOptions *opt,
                                  const SprtParams *params, SprtOutcome *out, GameRow **rows,
                                  long *count, Error *err);

/* Plays exp like runner_run but in rounds: round k plays games [k c, (k + 1) c) of every
 * ruleset and pairing still going (c = exp->check_every), and after the round a pairing stops
 * once stats_width_reached says so (at least exp->min_games games, STATS_MIN_GAMES when 0;
 * not all of one outcome; its attackers' score 95% interval narrower than exp->max_width), or
 * once it has played exp->games games. Game seeds are those of runner_run (a pairing's games
 * are a prefix of its full run's); games are numbered in play order (round, then ruleset,
 * pairing, index). Files, resume, rows and errors as runner_run; a killed run loses at most
 * the round in progress. exp->max_width must be > 0. */
MUST_CHECK Status sequential_width(const Experiment *exp, const RunOptions *opt, GameRow **rows,
                                   long *count, Error *err);

#endif
