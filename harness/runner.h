/* Running an experiment: every game of every ruleset and pairing, in parallel, written in game
 * order to games.csv as games finish, then summary.csv and meta. Resumable. */
#ifndef TAFL_HARNESS_RUNNER_H
#define TAFL_HARNESS_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "formats/experiment.h"
#include "formats/results.h"
#include "harness/shard.h"

#define RUNNER_THREADS_MAX 1024 /* --threads and OMP_NUM_THREADS are held to this */

typedef struct {
    int threads;         /* 0 = OpenMP's default */
    const char *out_dir; /* the run directory; NULL = <experiment output>/<name> */
    bool write_files;    /* false: play and return rows only (no directory, no files) */
    bool resume;         /* keep the finished games of an earlier run and play the rest */
    bool progress;       /* progress on stderr even when it is not a terminal */
    bool quiet;          /* no progress at all */
    const char *command; /* the command line, recorded in meta (may be NULL) */
    Shard shard;         /* count 0: every game; else only the games of shard index of count,
                            into <output>/<name>/shard-I-of-N by default, and no summary.csv */
} RunOptions;

/* The seed of game `index` of ruleset `rules` and the pairing attacker/defender (agent names)
 * in an experiment with seed `seed`: a function of the game's identity alone, never of threads
 * or time. */
uint64_t runner_game_seed(uint64_t seed, const char *rules, const char *attacker,
                          const char *defender, long index);

/* Plays exp (or one shard of it, see RunOptions.shard and harness/shard.h). Games are numbered
 * ruleset-major, then pairing, then index. With write_files, creates the run directory, copies
 * the experiment file there (experiment.ini), appends each finished game to games.csv in game
 * order (flushed), then writes meta and, last, summary.csv (recomputed from games.csv; not for
 * a shard, whose meta adds `shard I/N` and `games_shard`). Without resume an existing non-empty
 * games.csv is an error (results are never overwritten); with resume its complete rows are
 * checked against this experiment (and shard), a torn last line is cut off and only the missing
 * games are played. When rows is not NULL, every game's row of this run (moves only if
 * recorded) comes back in game order (caller frees with results_free_rows). Errors name the
 * file or the cause; a run that fails midway leaves games.csv valid for --resume and neither
 * summary.csv nor meta. More than EXPERIMENT_GAMES_TOTAL_MAX games is ST_EINVAL. */
MUST_CHECK Status runner_run(const Experiment *exp, const RunOptions *opt, GameRow **rows,
                             long *count, Error *err);

/* Copies the experiment file (if exp->path is set) to DIR/experiment.ini; with resume, an
 * existing copy must equal the file (ST_EINVAL otherwise). ST_EIO naming the file. */
MUST_CHECK Status runner_keep_experiment_file(const Experiment *exp, const char *dir, bool resume,
                                              Error *err);

#endif
