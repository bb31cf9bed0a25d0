/* Running an experiment: every game of every ruleset and pairing, or as many as a stopping rule
 * (width of the score interval, SPRT) lets through, in parallel, written in game order to
 * games.csv as games finish, then meta and summary.csv. Resumable; memory does not grow with
 * the number of games. */
#ifndef TAFL_HARNESS_RUNNER_H
#define TAFL_HARNESS_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "formats/experiment.h"
#include "formats/results.h"
#include "harness/costest.h"
#include "harness/shard.h"
#include "stats/sprt.h"

#define RUNNER_THREADS_MAX 1024 /* --threads and OMP_NUM_THREADS are held to this */

/* Default games per pairing between two width checks. */
#define RUNNER_CHECK_EVERY 100

/* When a run stops. */
typedef enum {
    RUN_STOP_COUNT, /* after every game of the experiment (or of the shard) */
    /* Rounds: round k plays games [k c, (k + 1) c) of every ruleset and pairing still going
     * (c = exp->check_every); after the round a pairing stops once its attackers' score 95%
     * interval (stats_score) is narrower than exp->max_width, or after exp->games games. Game
     * seeds are those of a COUNT run (a pairing's games are a prefix of its full run's); games
     * are numbered in play order (round, then ruleset, pairing, index). */
    RUN_STOP_WIDTH,
    /* An SPRT of agent A = exp->agents[exp->pairings[0].attacker] against B (its defender); exp
     * holds one ruleset, two agents and the pairings A vs B, B vs A, in that order. Pair k is
     * game 2k (A attacks) and game 2k + 1 (B attacks), both with the seed
     * runner_game_seed(exp->seed, rules, A, B, k). After each pair, in pair order, the
     * pentanomial LLR is updated; the run stops at the first pair that reaches a bound, or
     * after exp->games / 2 pairs. Games played past the deciding pair are dropped. */
    RUN_STOP_SPRT,
    /* A design search (harness/race.h; exp->kind = design): race rounds of check_every games
     * of pairing 0 on every candidate still in, the candidates shown farther from 1/2 than the
     * best dropped after each round, then one round of confirm_games games of pairing 1 on the
     * survivors. Game seeds are those of a COUNT run; games are numbered in play order, and a
     * resume replays the rounds from games.csv. */
    RUN_STOP_RACE,
} RunStopKind;

typedef struct {
    RunStopKind kind;
    SprtParams sprt; /* RUN_STOP_SPRT */
} RunStop;

typedef struct {
    int threads;         /* 0 = OpenMP's default */
    const char *out_dir; /* the run directory; NULL = <experiment output>/<name> */
    bool write_files;    /* false: play and return results only (no directory, no files) */
    bool resume;         /* keep the finished games of an earlier run and play the rest */
    bool progress;       /* progress on stderr even when it is not a terminal */
    bool quiet;          /* no progress at all */
    const char *command; /* the command line, recorded in meta (may be NULL) */
    Shard shard;         /* count 0: every game; else only the games of shard index of count,
                            into <output>/<name>/shard-I-of-N by default, and no summary.csv;
                            COUNT runs only */
    RunStop stop;        /* zero: RUN_STOP_COUNT */
    /* NULL, or per ruleset and agent (ruleset * agent_count + agent) the eval= value a run
     * recorded (runmeta_load_evals), standing for the spec's own (NULL entry: the spec's). */
    const char *const *eval_pins;
} RunOptions;

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

/* What a run hands back. Free with runner_result_free. */
typedef struct {
    bool keep_rows;        /* in: hand back every row (memory grows with the run: tests only) */
    GameRow *rows;         /* with keep_rows: every game's row in game order (moves if recorded) */
    long count;            /* games in the run, resumed ones included */
    ResultsTally *tally;   /* the statistics of every game of the run (results_tally_print) */
    SprtOutcome sprt;      /* RUN_STOP_SPRT: how it ended */
    bool foreign_dir;      /* the output directory holds another kind of run (rundir_open): the
                              caller's bad input, exit 2 */
    bool needs_resume;     /* games.csv already holds games and --resume was not given: the
                              caller's bad input too, exit 2 */
    bool settings_changed; /* --resume with settings other than the run's (runmeta_prepare's
                              "resume refused"): the caller's bad input too, exit 2 */
    /* Per agent of the experiment (its index), over every ruleset and seat, the processor time
     * of its moves in the games this call played (resumed ones not included, an SPRT's dropped
     * ones included) and how many moves: `tafl match --move-time`. Owned; measured, so never
     * written to a file. */
    double *agent_seconds;
    long *agent_moves;
} RunResult;

/* The seed of game `index` of ruleset `rules` and the pairing attacker/defender (agent names)
 * in an experiment with seed `seed`: a function of the game's identity alone, never of threads
 * or time. */
uint64_t runner_game_seed(uint64_t seed, const char *rules, const char *attacker,
                          const char *defender, long index);

/* Plays exp (or one shard of it, see RunOptions.shard and harness/shard.h) until opt->stop says
 * stop. COUNT games are numbered ruleset-major, then pairing, then index. With write_files,
 * creates the run directory, copies the experiment file there (experiment.ini), appends each
 * finished game to games.csv in game order (flushed), then writes meta and, last, summary.csv
 * (recomputed from games.csv; not for a shard, whose meta adds `shard I/N` and `games_shard`;
 * a stopped run's meta adds `stop` lines). Without resume an existing non-empty games.csv is an
 * error (results are never overwritten); with resume its complete rows are checked against
 * this run (and shard) and judged again by the stopping rule, a torn last line is cut off and
 * only the missing games are played (a resumed stopped run must stop where the first one did:
 * extra games are an error). The results, the games and the stopping decisions do not depend
 * on the thread count. res may be NULL. Errors name the file or the cause; a run that fails
 * midway leaves games.csv valid for --resume and neither summary.csv nor meta. More than
 * EXPERIMENT_GAMES_TOTAL_MAX games is ST_EINVAL. Not thread-safe (it runs its own threads). */
MUST_CHECK Status runner_run(const Experiment *exp, const RunOptions *opt, RunResult *res,
                             Error *err);

/* The --dry-run of a run: checks exp and opt as runner_run does before it touches the directory
 * (game count, shard, rulesets, memory, agents; the same errors), writes nothing, and adds each
 * ruleset and pairing to plan as a line with the games this run (or shard) plays of it; a
 * stopping rule's run plays at most that many. *threads: the threads it would use. The plan
 * borrows the compiled rules, handed to the caller in *rules (free after the plan). */
MUST_CHECK Status runner_plan(const Experiment *exp, const RunOptions *opt, CostPlan *plan,
                              Rules **rules, int *threads, Error *err);

/* Frees what runner_run put in res (not res itself). NULL-safe. */
void runner_result_free(RunResult *res);

#endif
