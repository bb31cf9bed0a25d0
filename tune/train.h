/* `tafl train`: learns an evaluation (agents/evalmodel.h) for one ruleset by self-play in
 * generations: play, keep positions with their outcomes, fit, and accept a generation only
 * when it beats the best so far in a gate match. */
#ifndef TAFL_TUNE_TRAIN_H
#define TAFL_TUNE_TRAIN_H

#include <stdbool.h>

#include "formats/trainfile.h"
#include "harness/costest.h"
#include "rules/common.h"

typedef struct {
    int threads;         /* OpenMP threads for the games (0: the runtime's default) */
    bool progress;       /* progress lines with an ETA on stderr */
    bool resume;         /* continue a run directory that holds generations already */
    const char *out_dir; /* NULL: OUTPUT/NAME of the training file */
    const char *command; /* the command line, for meta (NULL: "-") */
} TrainOptions;

typedef struct {
    char dir[2048];      /* the run directory */
    int generations;     /* generations recorded there */
    int best_generation; /* the generation best.eval comes from (0: the hand-written one); a
                            player model: the generation of its attacking half */
    int best_defending;  /* a player model: the generation of best.eval's defending half */
    /* The final match of best.eval against the hand-written evaluation: its games, best's
     * score with its 95% interval, and the Elo of the score and of the interval's ends. */
    int final_games;
    double final_score, final_low, final_high, final_elo, final_elo_low, final_elo_high;
    bool plotted; /* train.png and train.svg were drawn */
} TrainResult;

/* Runs the training of t into its run directory: for each generation g not recorded yet,
 * (1) t->games self-play games of alpha-beta at t->depth with the best evaluation (every other
 * game the attackers search t->handicap plies deeper; t->opening_plies random plies and leaf
 * noise t->noise for variety), their positions kept in gen-G.pos; (2) a logistic fit of the
 * positions of the last t->window generations (games with index divisible by 10 held out for
 * validation) by full-batch Adam from, and with an L2 pull towards, the hand-written
 * evaluation, written to gen-G.eval; (3) a gate match of t->gate_pairs pairs (each side of one
 * opening) at t->gate_depth against the best: accepted when it scores above 1/2, and then
 * copied to best.eval. Each generation appends a row to train.csv (data counts, losses, the
 * gate's score with its 95% interval, accepted) and redraws train.gp. After the last
 * generation, one final match (gate_final: gate_pairs pairs at gate_depth) of best.eval against
 * the hand-written evaluation measures the headline, into final.csv and out's final_*. The
 * directory is a run directory: setup, rulesets/NAME.rules (the ruleset as trained), sessions,
 * and meta (build, command line, state running, then finished or stopped, the final match).
 * A stop signal (harness/signals.h) drops the generation in progress and fails with ST_EIO and
 * the line naming train.csv's whole rows and --resume. Deterministic for the seed at any
 * thread count; an interrupted run continues with opt->resume and gives the same files. The
 * recorded games, init and league are read and checked before the directory is made or
 * claimed, so that a refusal of them leaves nothing behind. ST_EINVAL when the directory holds
 * another setup (or generations without opt->resume); ST_EIO naming a file that cannot be
 * written. Not thread-safe. */
MUST_CHECK Status train_run(const TrainFile *t, const TrainOptions *opt, TrainResult *out,
                            Error *err);

/* tafl train --dry-run: compiles the ruleset as train_run does first (the same error), writes
 * nothing, and adds the games of every generation to plan: self-play (half of them with the
 * attackers' handicap) and the gate matches, timed with the hand-written evaluation. The fits
 * between generations are not counted. *rules gets the compiled ruleset the plan borrows;
 * *threads the threads it would use. */
MUST_CHECK Status train_plan(const TrainFile *t, const TrainOptions *opt, CostPlan *plan,
                             Rules *rules, int *threads, Error *err);

#endif
