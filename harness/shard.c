/* Shards: the split of an experiment's games by game number, and the merge of finished shard
 * directories into the files of a single run (see shard.h). */
#include "harness/shard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "formats/experiment.h"
#include "formats/files.h"
#include "formats/rowcheck.h"
#include "harness/buildinfo.h"
#include "harness/rowgame.h"
#include "harness/rundir.h"
#include "harness/runmeta.h"
#include "harness/version.h"

#define PATH_MAX_LEN 2048
#define NAME_MAX_LEN 64

/* A decimal number of digits only, at most max; false on anything else. */
static bool parse_count(const char *s, size_t len, long max, long *out)
{
    if (len == 0 || len > 18)
        return false;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

bool shard_parse(const char *text, Shard *out)
{
    const char *slash = strchr(text, '/');
    Shard s;
    if (!slash || !parse_count(text, (size_t)(slash - text), SHARD_MAX, &s.index) ||
        !parse_count(slash + 1, strlen(slash + 1), SHARD_MAX, &s.count) || s.index < 1 ||
        s.index > s.count)
        return false;
    *out = s;
    return true;
}

long shard_game_count(Shard s, long total)
{
    /* Games g = (I - 1) + k N < total: k < (total - I + 1) / N, rounded up. */
    return total >= s.index ? (total - s.index + s.count) / s.count : 0;
}

long shard_game(Shard s, long k)
{
    return (s.index - 1) + k * s.count;
}

/* ------------------------------------------------------------------------------------------ */
/* Merging                                                                                     */

/* What one shard directory holds. */
typedef struct {
    const char *dir;
    Shard shard;
    long games_total;        /* of the experiment */
    long games_shard;        /* of this shard */
    char name[NAME_MAX_LEN]; /* the experiment's */
    char seed[32];           /* the experiment's, as meta writes it */
    char build[1024];        /* meta's build identity ("" when it has none) */
    DirLock *lock;           /* shared: no run writes the shard while merge reads it */
    RunMetaSetup setup;      /* DIR/setup and its ruleset files, read once (none: NULL) */
    char *meta;              /* DIR/meta's bytes, read once */
    size_t meta_size;
    const char *meta_tail; /* within meta, from its `setup` line on: rulesets, agents (or NULL) */
    char *ini;             /* experiment.ini's bytes; NULL when there is none */
    size_t ini_size;
    GameRow *rows;
    long count;
} ShardDir;

/* Reads DIR/meta once (files_read_in: no link followed, no FIFO waited on) and the keys tafl
 * merge needs from it. */
static Status read_meta(ShardDir *sd, Error *err)
{
    char path[PATH_MAX_LEN];
    snprintf(path, sizeof path, "%s/meta", sd->dir);
    Status st = files_read_in(sd->dir, "meta", &sd->meta, &sd->meta_size, err);
    if (st != ST_OK)
        return st;
    if (!sd->meta) {
        error_set(err,
                  "%s: no meta: not a finished shard (finish it with tafl run FILE.ini "
                  "--shard I/N --resume)",
                  sd->dir);
        return ST_EINVAL;
    }
    bool have_shard = false, have_total = false, have_count = false;
    long lineno = 0;
    for (const char *p = sd->meta; st == ST_OK && p < sd->meta + sd->meta_size;) {
        const char *nl = memchr(p, '\n', (size_t)(sd->meta + sd->meta_size - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(sd->meta + sd->meta_size - p);
        lineno++;
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        p += len + (nl != NULL);
        char *space = strchr(line, ' ');
        if (!space)
            continue;
        *space = '\0';
        const char *key = line, *value = space + 1;
        bool ok = true;
        if (strcmp(key, "shard") == 0) {
            ok = have_shard = shard_parse(value, &sd->shard);
        } else if (strcmp(key, "games_total") == 0) {
            ok = have_total =
                parse_count(value, strlen(value), EXPERIMENT_GAMES_TOTAL_MAX, &sd->games_total);
        } else if (strcmp(key, "games_shard") == 0) {
            ok = have_count =
                parse_count(value, strlen(value), EXPERIMENT_GAMES_TOTAL_MAX, &sd->games_shard);
        } else if (strcmp(key, "experiment") == 0) {
            ok = strlen(value) < sizeof sd->name;
            snprintf(sd->name, sizeof sd->name, "%.*s", (int)sizeof sd->name - 1, value);
        } else if (strcmp(key, "seed") == 0) {
            ok = strlen(value) < sizeof sd->seed;
            snprintf(sd->seed, sizeof sd->seed, "%.*s", (int)sizeof sd->seed - 1, value);
        } else if (strcmp(key, "build") == 0) {
            ok = strlen(value) < sizeof sd->build;
            snprintf(sd->build, sizeof sd->build, "%.*s", (int)sizeof sd->build - 1, value);
        }
        if (!ok) {
            error_set(err, "%s:%ld: key '%s': bad value '%.40s'", path, lineno, key, value);
            st = ST_EPARSE;
        }
    }
    if (st == ST_OK && !have_shard) {
        error_set(err, "%s: no 'shard' line: not the directory of a tafl run --shard", path);
        st = ST_EINVAL;
    } else if (st == ST_OK && (!have_total || !have_count)) {
        error_set(err, "%s: no '%s' line", path, have_total ? "games_shard" : "games_total");
        st = ST_EPARSE;
    }
    /* What a single run's meta says of its rulesets and agents, kept for the merged meta. */
    const char *tail = st == ST_OK ? strstr(sd->meta, "\nsetup ") : NULL;
    sd->meta_tail = tail ? tail + 1 : NULL;
    return st;
}

/* Reads one shard directory: meta, experiment.ini and games.csv, each checked on its own. */
static Status read_shard(ShardDir *sd, Error *err)
{
    Status st = read_meta(sd, err);
    if (st != ST_OK)
        return st;
    if (sd->games_shard != shard_game_count(sd->shard, sd->games_total)) {
        error_set(err, "%s/meta: games_shard %ld, but shard %ld/%ld of %ld games has %ld", sd->dir,
                  sd->games_shard, sd->shard.index, sd->shard.count, sd->games_total,
                  shard_game_count(sd->shard, sd->games_total));
        return ST_EPARSE;
    }
    /* Each file is read once: what is checked here is what merge writes. */
    st = files_read_in(sd->dir, "experiment.ini", &sd->ini, &sd->ini_size, err);
    if (st == ST_OK)
        st = runmeta_read_setup(sd->dir, &sd->setup, err);
    if (st == ST_OK)
        st = files_check_in(sd->dir, "games.csv", false, err); /* never a FIFO to wait on */
    if (st != ST_OK)
        return st;
    char path[PATH_MAX_LEN];
    snprintf(path, sizeof path, "%s/games.csv", sd->dir);
    long valid;
    st = results_games_read(path, &sd->rows, &sd->count, &valid, err);
    if (st != ST_OK)
        return st;
    struct stat sb;
    if (stat(path, &sb) != 0 || sb.st_size != valid) {
        error_set(err, "%s ends in an unfinished line: not a finished shard", path);
        return ST_EINVAL;
    }
    if (sd->count != sd->games_shard) {
        error_set(err, "%s holds %ld games, shard %ld/%ld has %ld", path, sd->count,
                  sd->shard.index, sd->shard.count, sd->games_shard);
        return ST_EINVAL;
    }
    Ruleset rs; /* the ruleset of the last capped row, read once per name */
    rs.name[0] = '\0';
    for (long k = 0; k < sd->count; k++) {
        const GameRow *row = &sd->rows[k];
        if (row->game != shard_game(sd->shard, k)) {
            error_set(err, "%s:%ld: game %ld where shard %ld/%ld has game %ld", path, k + 2,
                      row->game, sd->shard.index, sd->shard.count, shard_game(sd->shard, k));
            return ST_EINVAL;
        }
        /* A capped game's winner is its ruleset's limit_result: only the ruleset the
         * shard kept can say which. */
        if (row->reason != END_MAX_PLIES)
            continue;
        if (strcmp(rs.name, row->rules) != 0) {
            st = rowgame_ruleset(path, row->rules, &rs, err);
            if (st != ST_OK)
                return st;
        }
        char why[200];
        if (!rowcheck_limit_agrees(row, &rs, why, sizeof why)) {
            error_set(err, "%s:%ld: %s", path, k + 2, why);
            return ST_EINVAL;
        }
    }
    return ST_OK;
}

/* Checks that the shards are every shard of one experiment, each once. */
static Status check_together(const ShardDir *sds, int n, Error *err)
{
    const ShardDir *a = &sds[0];
    for (int i = 1; i < n; i++) {
        const ShardDir *b = &sds[i];
        const char *what = NULL;
        if (strcmp(a->name, b->name) != 0 || strcmp(a->seed, b->seed) != 0)
            what = "experiment name or seed";
        else if (a->shard.count != b->shard.count)
            what = "number of shards";
        else if (a->games_total != b->games_total)
            what = "number of games";
        else if (strcmp(a->build, b->build) != 0)
            what = "builds (meta's build line: another binary or locally edited sources)";
        else if (!runmeta_setup_equal(&a->setup, &b->setup))
            what = "setup files (or the ruleset files they name)";
        else if ((a->ini == NULL) != (b->ini == NULL) || a->ini_size != b->ini_size ||
                 (a->ini && memcmp(a->ini, b->ini, a->ini_size) != 0))
            what = "experiment.ini";
        if (what) {
            error_set(err, "%s and %s are not shards of one run: their %s differ", a->dir, b->dir,
                      what);
            return ST_EINVAL;
        }
    }
    long count = a->shard.count;
    const ShardDir **by_index = xcalloc((size_t)count + 1, sizeof *by_index);
    Status st = ST_OK;
    for (int i = 0; i < n && st == ST_OK; i++) {
        const ShardDir *other = by_index[sds[i].shard.index];
        if (other) {
            error_set(err, "%s and %s are both shard %ld/%ld", other->dir, sds[i].dir,
                      sds[i].shard.index, count);
            st = ST_EINVAL;
        }
        by_index[sds[i].shard.index] = &sds[i];
    }
    for (long i = 1; i <= count && st == ST_OK; i++) {
        if (!by_index[i]) {
            error_set(err, "shard %ld/%ld is missing (%d of %ld shard directories given)", i, count,
                      n, count);
            st = ST_EINVAL;
        }
    }
    free(by_index);
    return st;
}

static Status write_merge_meta(const ShardDir *sds, int n, const char *dir, Error *err)
{
    char path[PATH_MAX_LEN], now[64];
    snprintf(path, sizeof path, "%s/meta", dir);
    runmeta_utc_now(now, sizeof now);
    /* Made in memory, then replaced whole. */
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    /* The shards' build made the games; the merging binary is named apart. */
    fprintf(f, "build %s\n", sds[0].build[0] ? sds[0].build : "-");
    fprintf(f, "merged_by tafl %s %s\n", TAFL_VERSION, buildinfo_identity());
    fprintf(f, "schema_version %d\nexperiment %s\nseed %s\ngames_total %ld\nmerged %s\n",
            RESULTS_SCHEMA_VERSION, sds[0].name, sds[0].seed, sds[0].games_total, now);
    fprintf(f, "shards %ld\n", sds[0].shard.count);
    for (int i = 0; i < n; i++) {
        /* A shard's path came from the command line: a newline in it must not add a line. */
        char key[32];
        snprintf(key, sizeof key, "shard.%ld", sds[i].shard.index);
        runmeta_put_note(f, key, sds[i].dir);
    }
    /* Each shard's own meta named its binary; keep the first's build lines in full (from the
     * bytes read and checked before). */
    const char *text = sds[0].meta;
    static const char *const keep[] = {"tool ",     "git_revision ", "source_hash ",
                                       "compiler ", "flags ",        "bench_quick "};
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++)
            if (strncmp(line, keep[k], strlen(keep[k])) == 0)
                fprintf(f, "%.*s\n", (int)len, line);
        line = end ? end + 1 : NULL;
    }
    if (sds[0].meta_tail)
        fputs(sds[0].meta_tail, f);
    return files_draft_replace(&draft, dir, "meta", err);
}

/* Writes rows to games.csv through the run's own writer, as a temporary file renamed into
 * place: games.csv on disk is either absent or whole. */
static Status write_games(const char *dir, const GameRow *rows, long count, Error *err)
{
    char path[PATH_MAX_LEN], tmp[PATH_MAX_LEN + 8];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (unlink(tmp) != 0 && errno != ENOENT) {
        error_set(err, "%s: cannot remove: %s", tmp, strerror(errno));
        return ST_EIO;
    }
    GamesWriter *w;
    Status st = results_games_open(tmp, &w, err);
    for (long g = 0; g < count && st == ST_OK; g++)
        st = results_games_append(w, &rows[g], err);
    Error close_err;
    if (results_games_close(w, &close_err) != ST_OK && st == ST_OK) {
        *err = close_err;
        st = ST_EIO;
    }
    if (st == ST_OK && rename(tmp, path) != 0) {
        error_set(err, "%s: cannot rename %s over it: %s", path, tmp, strerror(errno));
        st = ST_EIO;
    }
    if (st != ST_OK)
        (void)unlink(tmp);
    return st;
}

Status shard_merge(const char *const *dirs, int n, const char *out_dir, GameRow **rows, long *count,
                   Error *err)
{
    ShardDir *sds = xcalloc((size_t)n, sizeof *sds);
    GameRow *all = NULL;
    long total = 0;
    Status st = n > 0 ? ST_OK : ST_EINVAL;
    if (n == 0)
        error_set(err, "no shard directories");
    /* rundir_open bounds out_dir so that these and every other name inside it fit. */
    char games[PATH_MAX_LEN], summary[PATH_MAX_LEN], meta[PATH_MAX_LEN];
    snprintf(games, sizeof games, "%s/games.csv", out_dir);
    snprintf(summary, sizeof summary, "%s/summary.csv", out_dir);
    snprintf(meta, sizeof meta, "%s/meta", out_dir);
    struct stat sb;
    /* Each shard's lock, shared, before any of its files is read: a shard being resumed is
     * refused rather than read half rewritten; two merges may read at once. */
    struct stat out_sb;
    bool out_exists = stat(out_dir, &out_sb) == 0;
    for (int i = 0; i < n && st == ST_OK; i++) {
        sds[i].dir = dirs[i];
        if (out_exists && stat(dirs[i], &sb) == 0 && sb.st_dev == out_sb.st_dev &&
            sb.st_ino == out_sb.st_ino) {
            /* Its own lock would refuse it: said plainly instead. */
            if (lstat(games, &sb) == 0 && sb.st_size > 0)
                error_set(err, "%s already holds games: merge into another directory", games);
            else
                error_set(err, "%s is a shard directory: merge into another directory", out_dir);
            st = ST_EINVAL;
            break;
        }
        st = dirlock_acquire_shared(dirs[i], &sds[i].lock, err);
        if (st == ST_OK)
            st = read_shard(&sds[i], err);
    }
    if (st == ST_OK)
        st = check_together(sds, n, err);

    DirLock *lock = NULL;
    if (st == ST_OK)
        st = rundir_lock(out_dir, &lock, err); /* one writer; regular files only */
    if (st == ST_OK && lstat(games, &sb) == 0 && (!S_ISREG(sb.st_mode) || sb.st_size > 0)) {
        error_set(err, "%s already holds games: merge into another directory", games);
        st = ST_EINVAL;
    }
    if (st == ST_OK)
        st = rundir_claim(out_dir, RUNDIR_MERGE, NULL, err); /* never a run's or a tuning's */
    /* As in a run: no summary.csv or meta of an earlier run survives a merge that fails. */
    const char *stale[2] = {summary, meta};
    for (int i = 0; i < 2 && st == ST_OK; i++) {
        if (unlink(stale[i]) != 0 && errno != ENOENT) {
            error_set(err, "%s: cannot remove: %s", stale[i], strerror(errno));
            st = ST_EIO;
        }
    }

    if (st == ST_OK) {
        /* Game g is the (g / N)-th of shard g mod N + 1: deal the rows back into game order. */
        total = sds[0].games_total;
        long shards = sds[0].shard.count;
        const ShardDir **by_index = xcalloc((size_t)shards, sizeof *by_index);
        for (int i = 0; i < n; i++)
            by_index[sds[i].shard.index - 1] = &sds[i];
        all = xcalloc((size_t)total + 1, sizeof *all);
        for (long g = 0; g < total; g++) {
            GameRow *from = &by_index[g % shards]->rows[g / shards];
            all[g] = *from;
            from->moves = NULL; /* now all[g]'s */
        }
        free(by_index);
        /* The bytes read (and compared) above, never the shard's files again. */
        if (sds[0].ini)
            st = files_replace(out_dir, "experiment.ini", sds[0].ini, sds[0].ini_size, err);
        if (st == ST_OK)
            st = runmeta_write_setup(out_dir, &sds[0].setup, err);
        if (st == ST_OK)
            st = write_games(out_dir, all, total, err);
        /* meta, then summary.csv last: one on disk means the merge succeeded. */
        if (st == ST_OK)
            st = write_merge_meta(sds, n, out_dir, err);
        if (st == ST_OK)
            st = results_write_summary(summary, all, total, err);
    }

    dirlock_release(lock);
    for (int i = 0; i < n; i++) {
        dirlock_release(sds[i].lock);
        free(sds[i].ini);
        runmeta_setup_free(&sds[i].setup);
        free(sds[i].meta);
        results_free_rows(sds[i].rows, sds[i].count);
    }
    free(sds);
    if (st == ST_OK && rows) {
        *rows = all;
        *count = total;
    } else {
        results_free_rows(all, total);
    }
    return st;
}
