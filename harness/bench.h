/* `tafl bench`: a fixed, seeded, single-thread suite measuring the hot paths, ending with a
 * signature line that changes only when behaviour changes. */
#ifndef TAFL_HARNESS_BENCH_H
#define TAFL_HARNESS_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "rules/common.h"

typedef struct {
    uint64_t nodes; /* perft leaves plus plies played: the behaviour's size */
    uint32_t hash;  /* FNV-1a over every move played and every result */
} BenchSignature;

/* How much work the suite does; BENCH_FULL is what `tafl bench` runs. */
typedef enum { BENCH_FULL, BENCH_QUICK } BenchScale;

/* Runs the suite. Writes `key value` lines to out (speeds vary, counts do not) when out is not
 * NULL, and the signature into *sig. The last line written is `bench: <nodes> <hash>`. */
void bench_run(BenchScale scale, FILE *out, BenchSignature *sig);

#endif
