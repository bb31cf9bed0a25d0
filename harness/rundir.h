/* Opening a run directory for writing: the one place that decides a directory may be written
 * (run, match, tune, merge and shards all call it before they write anything there). */
#ifndef TAFL_HARNESS_RUNDIR_H
#define TAFL_HARNESS_RUNDIR_H

#include "formats/dirlock.h"
#include "formats/outpath.h"
#include "rules/common.h"

/* The longest name tafl writes inside a run directory, with its '/': a transcript
 * ("/transcripts/game-<19 digits>.txt") with room to spare. */
#define RUNDIR_NAME_ROOM 64

/* The longest run directory path (bytes): every file path inside it then fits OUTPATH_MAX. */
#define RUNDIR_PATH_MAX (OUTPATH_MAX - RUNDIR_NAME_ROOM - 1)

/* Makes dir (mkdir -p), takes its lock (dirlock_acquire: a second writer fails at once, naming
 * the process that holds it) and checks that each file a run writes there is missing or a
 * regular file (outpath_check_file, outpath_check_replace). A dir longer than RUNDIR_PATH_MAX
 * bytes is ST_EINVAL naming its start and the limit, before anything is created. On success
 * the caller owns *lock (dirlock_release; the kernel releases it at any exit too); on failure
 * *lock is NULL. Thread-safe. */
MUST_CHECK Status rundir_open(const char *dir, DirLock **lock, Error *err);

#endif
