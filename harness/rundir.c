/* Run directories opened for writing (see rundir.h). */
#include "harness/rundir.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/files.h"

/* Every name a run, a merge or a tuning writes directly in its directory. `device`: appended
 * files and temporary names may be a character device (/dev/full tests a full disk). */
static const struct {
    const char *name;
    bool device;
} NAMES[] = {
    {"games.csv", true},        {"evals", false},
    {"games.csv.tmp", true},    {"meta", false},
    {"meta.tmp", true},         {"setup", false},
    {"setup.tmp", true},        {"experiment.ini", false},
    {"summary.csv", false},     {"summary.csv.tmp", true},
    {"tune.csv", false},        {"tune.csv.tmp", true},
    {"tune.state", false},      {"tune.ini", false},
    {"tune.gp", false},         {"curve.csv", false},
    {"convergence.csv", false}, {"curve.gp", false},
    {RUNDIR_KIND_FILE, false},  {"rulesets", false},
    {"transcripts", false},     {"train.csv", false},
    {"train.ini", false},       {"train.gp", false},
    {"best.eval", false},       {"design.csv", false},
    {"design.gp", false},       {"knob.csv", false},
    {"crossing.csv", false},    {"knob.gp", false},
    {"sessions", false},        {"generations.sha256", false},
    {"final.csv", false},       {"scores.gp", false},
};

static const char *const KIND_NAMES[] = {"run", "tune", "merge", "train", "design"};
#define KIND_COUNT ((int)(sizeof KIND_NAMES / sizeof KIND_NAMES[0]))
static const char *const KIND_COMMANDS[] = {"tafl run and tafl match write", "tafl tune writes",
                                            "tafl merge writes", "tafl train writes",
                                            "tafl run of a design writes"};

/* True when DIR/name exists, whatever it is (lstat: a link is not followed). */
static bool present(const char *dir, const char *name)
{
    char path[OUTPATH_MAX + 64];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return lstat(path, &sb) == 0;
}

/* What the files of a directory made before DIR/kind existed say it is; -1 for none. */
static int inferred_kind(const char *dir)
{
    if (present(dir, "tune.csv") || present(dir, "tune.state") || present(dir, "tune.ini"))
        return RUNDIR_TUNE;
    if (present(dir, "train.csv") || present(dir, "best.eval"))
        return RUNDIR_TRAIN;
    Error ignored;
    char *text;
    size_t size;
    if (files_read_in(dir, "meta", &text, &size, &ignored) == ST_OK && text) {
        bool merged = strncmp(text, "merged_by ", 10) == 0 || strstr(text, "\nmerged_by ");
        free(text);
        if (merged)
            return RUNDIR_MERGE;
    }
    if (present(dir, "games.csv") || present(dir, "setup") || present(dir, "experiment.ini"))
        return RUNDIR_RUN;
    return -1;
}

/* Checks (and records, when new) that dir is of kind (rundir_claim). */
static Status check_kind(const char *dir, RundirKind kind, bool *foreign, Error *err)
{
    char *text;
    size_t size;
    Status st = files_read_in(dir, RUNDIR_KIND_FILE, &text, &size, err);
    if (st != ST_OK)
        return st;
    int was = -1;
    bool recorded = text != NULL;
    if (recorded) {
        for (int k = 0; k < KIND_COUNT; k++) {
            size_t n = strlen(KIND_NAMES[k]);
            if (size == n + 1 && memcmp(text, KIND_NAMES[k], n) == 0 && text[n] == '\n')
                was = k;
        }
        free(text);
        if (was < 0) {
            error_set(
                err, "%s/%s: not a kind of tafl directory (want run, tune, merge, train or design)",
                dir, RUNDIR_KIND_FILE);
            if (foreign)
                *foreign = true;
            return ST_EINVAL;
        }
    } else {
        was = inferred_kind(dir);
    }
    if (was >= 0 && was != (int)kind) {
        error_set(err,
                  "%s holds the files of a tafl %s (%s say%s so): only %s into a %s directory; "
                  "choose another output directory",
                  dir, KIND_NAMES[was], recorded ? RUNDIR_KIND_FILE : "its files",
                  recorded ? "s" : "", KIND_COMMANDS[kind], KIND_NAMES[kind]);
        if (foreign)
            *foreign = true;
        return ST_EINVAL;
    }
    char line[16];
    int n = snprintf(line, sizeof line, "%s\n", KIND_NAMES[kind]);
    return files_replace(dir, RUNDIR_KIND_FILE, line, (size_t)n, err);
}

Status rundir_lock(const char *dir, DirLock **lock, Error *err)
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
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0] && st == ST_OK; i++) {
        bool is_dir = strcmp(NAMES[i].name, "rulesets") == 0 ||
                      strcmp(NAMES[i].name, "transcripts") == 0 ||
                      strcmp(NAMES[i].name, "evals") == 0;
        if (is_dir) {
            char probe[64];
            snprintf(probe, sizeof probe, "%s/x", NAMES[i].name);
            st = files_check_in(dir, probe, false, err);
        } else {
            st = files_check_in(dir, NAMES[i].name, NAMES[i].device, err);
        }
    }
    if (st != ST_OK) {
        dirlock_release(*lock);
        *lock = NULL;
    }
    return st;
}

Status rundir_claim(const char *dir, RundirKind kind, bool *foreign, Error *err)
{
    if (foreign)
        *foreign = false;
    return check_kind(dir, kind, foreign, err);
}

Status rundir_open(const char *dir, RundirKind kind, DirLock **lock, bool *foreign, Error *err)
{
    if (foreign)
        *foreign = false;
    Status st = rundir_lock(dir, lock, err);
    if (st == ST_OK)
        st = rundir_claim(dir, kind, foreign, err);
    if (st != ST_OK) {
        dirlock_release(*lock);
        *lock = NULL;
    }
    return st;
}

/* Whether name is one a training writes for its generations: gen-NNN.eval, gen-NNN.pos... */
static bool generation_name(const char *name)
{
    return strncmp(name, "gen-", 4) == 0;
}

Status rundir_check_output(const char *path, const char *const *own, Error *err)
{
    char dir[OUTPATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
    else
        snprintf(dir, sizeof dir, ".");
    if (!present(dir, RUNDIR_KIND_FILE) && inferred_kind(dir) < 0)
        return ST_OK; /* not a run directory */
    for (int i = 0; own && own[i]; i++)
        if (strcmp(base, own[i]) == 0)
            return ST_OK;
    bool named = generation_name(base);
    for (size_t i = 0; !named && i < sizeof NAMES / sizeof NAMES[0]; i++)
        named = strcmp(base, NAMES[i].name) == 0;
    if (!named && !present(dir, base))
        return ST_OK; /* a new file beside the run's own */
    error_set(err,
              "%s: a file of the run directory %s: an output never replaces a run's own "
              "files; choose another path",
              path, dir);
    return ST_EINVAL;
}

Status rundir_check_distinct(const char *const *paths, const char *const *options, int n,
                             Error *err)
{
    for (int i = 0; i < n; i++) {
        struct stat a;
        bool a_there = stat(paths[i], &a) == 0;
        for (int j = i + 1; j < n; j++) {
            struct stat b;
            bool same =
                strcmp(paths[i], paths[j]) == 0 || (a_there && stat(paths[j], &b) == 0 &&
                                                    a.st_dev == b.st_dev && a.st_ino == b.st_ino);
            if (same) {
                error_set(err, "%s and %s name one file, %s: give each its own", options[i],
                          options[j], paths[i]);
                return ST_EINVAL;
            }
        }
    }
    return ST_OK;
}
