/* What a tuning directory records (doc/statistics.md, "Tuning"): the setup and ruleset texts
 * (harness/runmeta.h, compared at a resume), a copy of the tuning file, meta, and tune.csv with
 * its exact twin tune.state, both grown one whole flushed row at a time so that a cut run
 * resumes to the bytes an uninterrupted one writes. */
#ifndef TAFL_TUNE_TUNEDIR_H
#define TAFL_TUNE_TUNEDIR_H

#include <stdbool.h>

#include "tune/tuner.h"

#define TUNEDIR_CSV   "tune.csv"
#define TUNEDIR_STATE "tune.state" /* one line per row: what tune.csv rounds, exactly */
#define TUNEDIR_FILE  "tune.ini"   /* the tuning file, byte for byte */

typedef struct TuneDir TuneDir;

/* What meta says besides the tuning file. */
typedef struct {
    const char *command; /* the command line (NULL: "-") */
    int threads;
    int rows_total;  /* rows of the whole tuning: SPSA iterations + 1, or the grid's points */
    bool *bad_input; /* out (may be NULL): set when dir refuses the caller's input: it holds
                        another kind of run (rundir_open), rows without --resume, or other
                        settings at a resume */
} TuneDirFacts;

/* Opens dir for the tuning t, played on the ruleset `played` (its max_plies applied). A dir
 * whose tune.csv or tune.state holds rows is refused (ST_EINVAL, naming --resume) unless
 * resume; with resume its setup and ruleset are compared with t's (runmeta_prepare_setup: one
 * line naming the change, nothing written) and its rows read back from tune.state into *rows
 * (caller frees; *count of them, iteration k in row k) and, for SPSA, the scaled point after the
 * last one into next (TUNE_MAX_PARAMS). A torn last line (a run killed mid-write) is dropped.
 * Then writes setup, rulesets/, tune.ini and meta (`state running`), rewrites tune.csv from the
 * rows and keeps both files open for tunedir_append. ST_EIO / ST_EPARSE naming a file. *out is
 * NULL on failure. */
MUST_CHECK Status tunedir_open(const char *dir, const TuneFile *t, const Ruleset *played,
                               const TuneDirFacts *facts, bool resume, TuneRow **rows, int *count,
                               double *next, TuneDir **out, Error *err);

/* Appends row to tune.state (with next: SPSA's scaled point after it, NULL for none) and then to
 * tune.csv, each line whole and flushed. ST_EIO naming the file. */
MUST_CHECK Status tunedir_append(TuneDir *d, const TuneRow *row, const double *next, Error *err);

/* Closes the rows and rewrites meta with `state finished`, the end time and the rows played.
 * ST_EIO naming the file. */
MUST_CHECK Status tunedir_finish(TuneDir *d, Error *err);

/* After a stop signal: closes the rows, adds the session (stopped) to DIR/sessions and rewrites
 * meta with `state stopped`, so that no meta says `running` once no tuning runs. ST_EIO naming
 * the file. */
MUST_CHECK Status tunedir_stop(TuneDir *d, Error *err);

/* The rows now on disk (resumed ones included). */
int tunedir_rows(const TuneDir *d);

/* Closes without finishing (after an error); NULL-safe. */
void tunedir_close(TuneDir *d);

/* Writes tune.csv's header and rows (as tafl tune writes them) to f. */
void tunedir_write_csv(FILE *f, const TuneFile *t, const TuneRow *rows, int count);

#endif
