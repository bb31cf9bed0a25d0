/* Run directories opened for writing (see rundir.h). */
#include "harness/rundir.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "formats/files.h"

/* What a run, a merge or a tuning writes in place (appended, or written whole), and what it
 * replaces by a rename (summary.csv: a device node there would be replaced). */
static const char *const IN_PLACE[] = {"games.csv",      "games.csv.tmp",   "meta",
                                       "experiment.ini", "summary.csv.tmp", "tune.csv",
                                       "curve.csv"};
static const char *const REPLACED[] = {"summary.csv"};

Status rundir_open(const char *dir, DirLock **lock, Error *err)
{
    *lock = NULL;
    size_t len = strlen(dir);
    if (len > RUNDIR_PATH_MAX) {
        error_set(err,
                  "%.60s...: the path is %zu bytes long, at most %d fit for an output directory",
                  dir, len, RUNDIR_PATH_MAX);
        return ST_EINVAL;
    }
    Status st = files_make_directories(dir, err);
    if (st == ST_OK)
        st = dirlock_acquire(dir, lock, err);
    char path[OUTPATH_MAX];
    for (size_t i = 0; i < sizeof IN_PLACE / sizeof IN_PLACE[0] && st == ST_OK; i++) {
        st = outpath_format(path, sizeof path, err, "%s/%s", dir, IN_PLACE[i]);
        if (st == ST_OK)
            st = outpath_check_file(path, err);
    }
    for (size_t i = 0; i < sizeof REPLACED / sizeof REPLACED[0] && st == ST_OK; i++) {
        st = outpath_format(path, sizeof path, err, "%s/%s", dir, REPLACED[i]);
        if (st == ST_OK)
            st = outpath_check_replace(path, err);
    }
    if (st != ST_OK) {
        dirlock_release(*lock);
        *lock = NULL;
    }
    return st;
}
