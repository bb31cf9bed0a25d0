/* Shards: one experiment split over several machines. Shard I of N (1 <= I <= N) plays the
 * games whose number g (the game's place in the experiment's fixed job order, a function of its
 * identity alone) has g mod N = I - 1; shard_merge puts finished shards back together into the
 * games.csv and summary.csv a single run writes. See doc/commands.md, "Shards: one experiment
 * on several machines". */
#ifndef TAFL_HARNESS_SHARD_H
#define TAFL_HARNESS_SHARD_H

#include <stdbool.h>

#include "formats/results.h"
#include "rules/common.h"

#define SHARD_MAX 100000 /* the most shards an experiment is split into */

typedef struct {
    long index; /* I, 1..count */
    long count; /* N, 1..SHARD_MAX */
} Shard;

/* Reads "I/N" (decimal, 1 <= I <= N <= SHARD_MAX) into *out; false on anything else. */
bool shard_parse(const char *text, Shard *out);

/* The number of games of shard s in an experiment of total games. */
long shard_game_count(Shard s, long total);

/* The number g of the k-th game (from 0) of shard s. */
long shard_game(Shard s, long k);

/* Merges the run directories dirs[0..n) of every shard of one experiment into out_dir:
 * experiment.ini, games.csv, meta, then summary.csv, the first two and the last byte-identical
 * to those of a single run of the experiment. Each directory must hold a finished shard (its
 * meta says `shard I/N`; its games.csv holds exactly that shard's games, no torn line); the
 * shards must be of one experiment (same experiment.ini bytes, game total and N), each I once
 * and none missing. An out_dir whose games.csv holds games is refused (results are never
 * overwritten). Errors are one line naming the directory or file: ST_EINVAL for shards that do
 * not fit together, ST_EPARSE for a malformed file, ST_EIO for a file that cannot be read or
 * written. When rows is not NULL, the merged rows come back in game order (caller frees with
 * results_free_rows). Not thread-safe for one out_dir. */
MUST_CHECK Status shard_merge(const char *const *dirs, int n, const char *out_dir, GameRow **rows,
                              long *count, Error *err);

#endif
