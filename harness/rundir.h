/* Opening a run directory for writing: the one place that decides a directory may be written
 * (run, match, tune, merge and shards all call it before they write anything there), and what
 * kind of run it holds. */
#ifndef TAFL_HARNESS_RUNDIR_H
#define TAFL_HARNESS_RUNDIR_H

#include <stdbool.h>

#include "formats/dirlock.h"
#include "formats/outpath.h"
#include "rules/common.h"

/* The longest name tafl writes inside a run directory, with its '/': a transcript
 * ("/transcripts/game-<19 digits>.txt") with room to spare. */
#define RUNDIR_NAME_ROOM 64

/* The longest run directory path (bytes): every file path inside it then fits OUTPATH_MAX. */
#define RUNDIR_PATH_MAX (OUTPATH_MAX - RUNDIR_NAME_ROOM - 1)

/* DIR/kind: which command's files a directory holds ("run", "tune", "merge", "train" or "design",
 * one line).
 */
#define RUNDIR_KIND_FILE "kind"

/* The kinds of run directory: each is written by its own commands only. */
typedef enum {
    RUNDIR_RUN,    /* tafl run and tafl match (a shard too; tafl reproduce's output) */
    RUNDIR_TUNE,   /* tafl tune */
    RUNDIR_MERGE,  /* tafl merge */
    RUNDIR_TRAIN,  /* tafl train */
    RUNDIR_DESIGN, /* tafl run of a kind = design experiment (and tafl reproduce of one) */
} RundirKind;

/* Makes dir (mkdir -p), takes its lock (dirlock_acquire: a second writer fails at once, naming
 * the process that holds it), checks that the directory is of kind (DIR/kind, or for a
 * directory made before that file existed, what its files say: tune.csv, a merged meta,
 * games.csv) and records the kind when it is new, and checks that each file a run writes there
 * is missing or a regular file that is not a link (files_check_in). A dir longer than
 * RUNDIR_PATH_MAX bytes is ST_EINVAL naming its start and the limit, before anything is
 * created. A directory of another kind is ST_EINVAL "DIR holds the files of a tafl tune (DIR/kind
 * says tune): tafl run writes only into a run directory; choose another output directory",
 * with *foreign set (the caller's bad input: exit 2); foreign may be NULL. On success the
 * caller owns *lock (dirlock_release; the kernel releases it at any exit too); on failure
 * *lock is NULL. Thread-safe. */
MUST_CHECK Status rundir_open(const char *dir, RundirKind kind, DirLock **lock, bool *foreign,
                              Error *err);

/* rundir_open in two steps, for a writer with a check of its own in between (tafl merge says
 * "already holds games" before the kind): rundir_lock makes, locks and checks the files;
 * rundir_claim then checks and records the kind (same errors). */
MUST_CHECK Status rundir_lock(const char *dir, DirLock **lock, Error *err);
MUST_CHECK Status rundir_claim(const char *dir, RundirKind kind, bool *foreign, Error *err);

/* Checks a file a command is about to write (an output option's path) against the run
 * directory it may lie in: when path's directory is a run directory (DIR/kind, or files that
 * say so), a name the run, tuning, merge or training writes there (games.csv, meta, gen-*...)
 * or any file already there is ST_EINVAL "PATH: a file of the run directory DIR: ...", unless
 * its name is one of own (NULL-terminated, may be NULL): the command's own outputs there
 * (tafl report's report.html, tafl summarize's summary.csv). Thread-safe. */
MUST_CHECK Status rundir_check_output(const char *path, const char *const *own, Error *err);

/* Checks that n output paths name n files (the same text, or one existing file by two names):
 * ST_EINVAL "OPTION and OPTION name one file, PATH: give each its own". Thread-safe. */
MUST_CHECK Status rundir_check_distinct(const char *const *paths, const char *const *options, int n,
                                        Error *err);

#endif
