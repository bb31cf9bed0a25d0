/* The tuning directory: setup and rulesets through harness/runmeta, tune.ini, meta, and
 * tune.csv with tune.state, appended a whole row at a time (see tunedir.h). */
#include "tune/tunedir.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "formats/files.h"
#include "formats/safetext.h"
#include "harness/rundir.h"
#include "harness/runmeta.h"
#include "harness/version.h"
#include "rules/otn.h"
#include "stats/stats.h"

#define PATH_LEN 2200

struct TuneDir {
    char dir[PATH_LEN];
    const TuneFile *t;
    const Ruleset *played;
    TuneDirFacts facts;
    FILE *csv, *state;
    DirLock *lock;     /* the directory's lock (rundir_open): one tuning writes it at a time */
    int resumed, done; /* rows read back, rows now on disk */
    char started[32];
    struct timespec t0;
};

/* The setup: every setting that changes a row of tune.csv or the best point, one `key value`
 * line each (a resume compares them line by line). Format 2 since alpha-beta's defaults changed
 * (harness/runmeta.c): a tune begun before is refused a resume at its first line. Settings the
 * method does not use are left out, so changing them is no change. Caller frees. */
static char *setup_text(const TuneFile *t, const Ruleset *played)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = xopen_memstream(&buf, &size);
    bool spsa = t->method == TUNE_SPSA;
    char file[PATH_LEN];
    runmeta_ruleset_file(played, 0, file, sizeof file);
    fprintf(f,
            "setup_format 2\nkind tune\nseed %" PRIu64 "\nmethod %s\nrules %s\nruleset_file %s\n",
            t->seed, spsa ? "spsa" : "grid", played->name, file);
    fprintf(f, "agent %s\nopponent %s\npairs %d\nmax_plies %d\nopening_plies %d\n", t->agent,
            t->opponent, t->pairs, t->max_plies, t->opening_plies);
    if (spsa) {
        fprintf(f, "iterations %d\nfinal_pairs %d\na %.17g\nc %.17g\nA %.17g\n", t->iterations,
                t->final_pairs, t->a, t->c, t->A);
        fprintf(f, "alpha %.17g\ngamma %.17g\n", t->alpha, t->gamma);
    } else {
        fprintf(f, "points %d\n", t->points);
    }
    fprintf(f, "params %d\n", t->param_count);
    for (int i = 0; i < t->param_count; i++) {
        const TuneParam *p = &t->params[i];
        fprintf(f, "param.%d %s\nparam.%s.min %.17g\nparam.%s.max %.17g\n", i + 1, p->key, p->key,
                p->min, p->key, p->max);
        if (spsa) {
            fprintf(f, "param.%s.start %.17g\n", p->key, p->start);
        }
    }
    fclose(f);
    return buf;
}

static double elapsed(const TuneDir *d)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - d->t0.tv_sec) + 1e-9 * (double)(now.tv_nsec - d->t0.tv_nsec);
}

/* Writes DIR/meta whole (files_replace: made in memory, a temporary file renamed into place),
 * so a reader never sees half of one. */
/* What meta's `state` says. */
typedef enum { META_RUNNING, META_FINISHED, META_STOPPED } MetaState;

static Status write_meta(const TuneDir *d, MetaState state, Error *err)
{
    const TuneFile *t = d->t;
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    runmeta_write_build(f);
    char otn[OTN_RULES_MAX], lacks[256], file[PATH_LEN];
    otn_format_rules(d->played, otn, lacks);
    runmeta_ruleset_file(d->played, 0, file, sizeof file);
    fprintf(f, "kind tune\ntune %s\n", t->name);
    runmeta_put_note(f, "tune_file", t->path[0] ? t->path : "-");
    fprintf(f, "copy %s\nseed %" PRIu64 "\nmethod %s\n", TUNEDIR_FILE, t->seed,
            t->method == TUNE_SPSA ? "spsa" : "grid");
    runmeta_put_note(f, "command", d->facts.command ? d->facts.command : "-");
    fprintf(f, "threads %d\nrows_total %d\nrows_resumed %d\nrows_done %d\n", d->facts.threads,
            d->facts.rows_total, d->resumed, d->done);
    static const char *const names[] = {"running", "finished", "stopped"};
    fprintf(f, "state %s\n", names[state]);
    /* Every session's time (DIR/sessions, appended as each ends); a running one is not yet in. */
    runmeta_write_sessions(f, d->dir, d->started, state == META_RUNNING ? -1.0 : elapsed(d),
                           d->done - d->resumed);
    fprintf(f, "setup %s\nrules.%s %s\notn.%s %s\n", RUNMETA_SETUP, d->played->name, file,
            d->played->name, otn);
    if (lacks[0]) {
        fprintf(f, "otn_lacks.%s %s\n", d->played->name, lacks);
    }
    fprintf(f, "agent %s\nopponent %s\n", t->agent, t->opponent);
    return files_draft_replace(&draft, d->dir, "meta", err);
}

static void put_value(FILE *f, const TuneParam *p, double v)
{
    if (p->integer) {
        fprintf(f, "%.0f", v);
    } else {
        fprintf(f, "%.6g", v);
    }
}

static void put_row(FILE *f, const TuneFile *t, const TuneRow *row)
{
    fprintf(f, "%d", row->iteration);
    for (int i = 0; i < t->param_count; i++) {
        fputc(',', f);
        put_value(f, &t->params[i], row->values[i]);
    }
    fprintf(f, ",%.4f,%.4f,%.4f,%ld\n", row->score, row->low, row->high, row->games);
}

void tunedir_write_csv(FILE *f, const TuneFile *t, const TuneRow *rows, int count)
{
    fputs("iteration", f);
    for (int i = 0; i < t->param_count; i++) {
        fprintf(f, ",%s", t->params[i].key);
    }
    fputs(",score,score_low,score_high,games\n", f);
    for (int r = 0; r < count; r++) {
        put_row(f, t, &rows[r]);
    }
}

/* A row from its counts: the score and interval as the tuner computes them. */
static void fill_row(TuneRow *row)
{
    long pairs = 0;
    for (int i = 0; i < 5; i++) {
        pairs += row->counts[i];
    }
    row->games = 2 * pairs;
    stats_pair_score(row->counts, STATS_Z95, &row->score, &row->low, &row->high);
}

/* One line of tune.state: "ITERATION C0 C1 C2 C3 C4 V1..Vp N1..Np\n", the values and SPSA's next
 * point in C99 hexadecimal floating point, which reads back to the same double. The file is
 * input like any other: a count is a whole number of pairs, together at most the
 * pairs of one row (max_pairs), so no sum of them can overflow; every value is finite. On a
 * bad field, says which in why. */
static bool parse_state_line(const char *line, const TuneFile *t, long max_pairs, TuneRow *row,
                             double *next, char *why, size_t size)
{
    int p = t->param_count;
    char *end;
    errno = 0;
    long k = strtol(line, &end, 10);
    if (end == line || errno || k < 0 || k > 1000000000) {
        snprintf(why, size, "the iteration is not a number 0..1000000000");
        return false;
    }
    memset(row, 0, sizeof *row);
    row->iteration = (int)k;
    long pairs = 0;
    for (int i = 0; i < 5; i++) {
        const char *s = end;
        errno = 0;
        row->counts[i] = strtol(s, &end, 10);
        if (end == s || *s != ' ' || errno || row->counts[i] < 0 ||
            row->counts[i] > max_pairs - pairs) {
            snprintf(why, size, "count %d (pairs scoring %g) is not a number of pairs 0..%ld",
                     i + 1, i / 2.0, max_pairs);
            return false;
        }
        pairs += row->counts[i];
    }
    for (int i = 0; i < 2 * p; i++) {
        const char *s = end;
        double v = strtod(s, &end);
        const char *key = t->params[i % p].key;
        if (end == s || *s != ' ' || !isfinite(v)) {
            snprintf(why, size, "%s of %s is not a finite number",
                     i < p ? "the value" : "the next point", key);
            return false;
        }
        if (i < p) {
            row->values[i] = v;
        } else {
            next[i - p] = v;
        }
    }
    if (*end != '\n') {
        snprintf(why, size, "more fields than a row of %d parameters has", p);
        return false;
    }
    return true;
}

/* Reads tune.state back: every whole line, each the row of its index; a last line without its
 * newline (cut while written) is dropped and cut off the file. */
static Status read_state(TuneDir *d, TuneRow **rows, int *count, double *next, Error *err)
{
    char path[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", d->dir, TUNEDIR_STATE);
    size_t size;
    char *text;
    Error read_err;
    Status read = files_read_in(d->dir, TUNEDIR_STATE, &text, &size, &read_err);
    if (read != ST_OK || !text) {
        error_set(err,
                  "resume refused: %s: cannot read (%s): the rows of this tuning cannot be "
                  "continued exactly; choose another output directory",
                  path, read != ST_OK ? read_err.text : strerror(ENOENT));
        return ST_EINVAL;
    }
    const TuneFile *t = d->t;
    /* The most pairs one row holds: an SPSA iteration's two evaluations, or the final check. */
    long max_pairs = 2L * t->pairs > t->final_pairs ? 2L * t->pairs : t->final_pairs;
    char why[160] = "";
    int cap = d->facts.rows_total + 1, n = 0, line = 1;
    TuneRow *out = xcalloc((size_t)cap, sizeof *out);
    Status st = ST_OK;
    size_t at = 0;
    while (at < size && st == ST_OK) {
        const char *nl = memchr(text + at, '\n', size - at);
        if (!nl) {
            break; /* torn: the run stopped in the middle of this line */
        }
        if (memchr(text + at, '\0', (size_t)(nl - (text + at)))) {
            nl = NULL;
        }
        if (n >= d->facts.rows_total) {
            error_set(err, "%s:%d: more rows than this tuning has (%d)", path, line,
                      d->facts.rows_total);
            st = ST_EPARSE;
        } else if (nl &&
                   !parse_state_line(text + at, t, max_pairs, &out[n], next, why, sizeof why)) {
            error_set(err, "%s:%d: %s (the file is damaged)", path, line, why);
            st = ST_EPARSE;
        } else if (!nl || out[n].iteration != n) {
            error_set(err, "%s:%d: not row %d of a tuning (the file is damaged)", path, line, n);
            st = ST_EPARSE;
        } else {
            fill_row(&out[n]);
            n++;
            line++;
            at = (size_t)(nl - text) + 1;
        }
    }
    if (st == ST_OK && at < size && truncate(path, (off_t)at) != 0) {
        error_set(err, "%s: cannot cut off the unfinished last line: %s", path, strerror(errno));
        st = ST_EIO;
    }
    free(text);
    if (st != ST_OK) {
        free(out);
        return st;
    }
    *rows = out;
    *count = n;
    return ST_OK;
}

/* The rows DIR/tune.csv holds (whole lines after the header); -1 when there is none. */
static long csv_rows(const char *dir)
{
    size_t size;
    char *text;
    Error ignored; /* a tune.csv that is not a regular file: rundir_open has refused it */
    if (files_read_in(dir, TUNEDIR_CSV, &text, &size, &ignored) != ST_OK || !text) {
        return -1;
    }
    long lines = 0;
    for (size_t i = 0; i < size; i++) {
        lines += text[i] == '\n';
    }
    free(text);
    return lines > 0 ? lines - 1 : 0;
}

/* Copies the tuning file into the directory (after the setup check, so it follows the file). */
static Status keep_tuning_file(const TuneDir *d, Error *err)
{
    if (!d->t->path[0]) {
        return ST_OK;
    }
    size_t size;
    char *text = files_read(d->t->path, &size);
    if (!text) {
        error_set(err, "%s: cannot read: %s", d->t->path, strerror(errno));
        return ST_EIO;
    }
    Status st = files_replace(d->dir, TUNEDIR_FILE, text, size, err);
    free(text);
    return st;
}

/* Rewrites tune.csv from rows (files_replace: whole, then renamed into place; tune.state too
 * when the tuning starts afresh) and opens both for appending (files_open_append: never
 * through a link, never blocked on a FIFO). */
static Status open_rows(TuneDir *d, const TuneRow *rows, int count, bool resumed, Error *err)
{
    char path[PATH_LEN + 16], state[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", d->dir, TUNEDIR_CSV);
    snprintf(state, sizeof state, "%s/%s", d->dir, TUNEDIR_STATE);
    FilesDraft draft;
    files_draft_open(&draft);
    tunedir_write_csv(draft.f, d->t, rows, count);
    Status st = files_draft_replace(&draft, d->dir, TUNEDIR_CSV, err);
    if (st == ST_OK && !resumed) {
        st = files_replace(d->dir, TUNEDIR_STATE, "", 0, err);
    }
    if (st == ST_OK) {
        st = files_open_append(state, &d->state, err);
    }
    if (st == ST_OK) {
        st = files_open_append(path, &d->csv, err);
    }
    return st;
}

Status tunedir_open(const char *dir, const TuneFile *t, const Ruleset *played,
                    const TuneDirFacts *facts, bool resume, TuneRow **rows, int *count,
                    double *next, TuneDir **out, Error *err)
{
    *out = NULL;
    *rows = NULL;
    *count = 0;
    TuneDir *d = xcalloc(1, sizeof *d);
    snprintf(d->dir, sizeof d->dir, "%s", dir);
    d->t = t;
    d->played = played;
    d->facts = *facts;
    runmeta_utc_now(d->started, sizeof d->started);
    clock_gettime(CLOCK_MONOTONIC, &d->t0);
    char csv[PATH_LEN + 16], state[PATH_LEN + 16];
    snprintf(csv, sizeof csv, "%s/%s", dir, TUNEDIR_CSV);
    snprintf(state, sizeof state, "%s/%s", dir, TUNEDIR_STATE);
    /* Makes the directory, takes its lock (a second writer fails at once, naming the process
     * that holds it: two tunings would interleave their rows) and checks its files. */
    Status st = rundir_open(dir, RUNDIR_TUNE, &d->lock, facts->bad_input, err);
    struct stat sb;
    long have = csv_rows(dir);
    bool have_rows = have > 0 || (stat(state, &sb) == 0 && sb.st_size > 0);
    if (st == ST_OK && have_rows && !resume) {
        error_set(err,
                  "%s already exists and holds the rows of an earlier tuning: add --resume to "
                  "go on with it, or choose another output directory",
                  csv);
        st = ST_EINVAL;
        if (facts->bad_input)
            *facts->bad_input = true;
    }
    /* What the setup records is one line each (safetext.h): a control character is refused. */
    const char *recorded[4][2] = {
        {"name", t->name}, {"agent", t->agent}, {"opponent", t->opponent}, {"rules", played->name}};
    for (int i = 0; i < 4 && st == ST_OK; i++)
        st = safetext_write(NULL, SAFETEXT_RECORD, recorded[i][0], recorded[i][1], err);
    char *setup = setup_text(t, played);
    if (st == ST_OK) {
        /* Compared (and nothing written on a refusal) before any file changes. */
        st = runmeta_prepare_setup(dir, setup, played, 1, resume && have_rows, err);
        if (st == ST_EINVAL && facts->bad_input)
            *facts->bad_input = true; /* "resume refused": other settings */
    }
    free(setup);
    if (st == ST_OK && resume && have_rows) {
        st = read_state(d, rows, count, next, err);
        d->resumed = d->done = *count;
    }
    if (st == ST_OK && resume && have_rows) {
        st = runmeta_sessions_adopt(dir, err); /* an older meta's time is kept */
    }
    if (st == ST_OK) {
        st = keep_tuning_file(d, err);
    }
    if (st == ST_OK) {
        st = write_meta(d, META_RUNNING, err);
    }
    if (st == ST_OK) {
        st = open_rows(d, *rows, *count, resume && have_rows, err);
    }
    if (st != ST_OK) {
        free(*rows);
        *rows = NULL;
        *count = 0;
        tunedir_close(d);
        return st;
    }
    *out = d;
    return ST_OK;
}

Status tunedir_append(TuneDir *d, const TuneRow *row, const double *next, Error *err)
{
    const TuneFile *t = d->t;
    /* The exact row first: a run cut between the two lines has it in tune.state, and the
     * resume rewrites tune.csv from tune.state. */
    fprintf(d->state, "%d", row->iteration);
    for (int i = 0; i < 5; i++) {
        fprintf(d->state, " %ld", row->counts[i]);
    }
    for (int i = 0; i < 2 * t->param_count; i++) {
        fprintf(d->state, " %a",
                i < t->param_count ? row->values[i]
                : next             ? next[i - t->param_count]
                                   : 0.0);
    }
    fputc('\n', d->state);
    if (fflush(d->state) != 0 || ferror(d->state)) {
        error_set(err, "%s/%s: cannot write: %s", d->dir, TUNEDIR_STATE, strerror(errno));
        return ST_EIO;
    }
    put_row(d->csv, t, row);
    if (fflush(d->csv) != 0 || ferror(d->csv)) {
        error_set(err, "%s/%s: cannot write: %s", d->dir, TUNEDIR_CSV, strerror(errno));
        return ST_EIO;
    }
    d->done++;
    return ST_OK;
}

/* Closes the rows, adds the session to DIR/sessions and rewrites meta as state says. */
static Status end_session(TuneDir *d, MetaState state, Error *err)
{
    Status st = ST_OK;
    FILE *files[2] = {d->csv, d->state};
    const char *names[2] = {TUNEDIR_CSV, TUNEDIR_STATE};
    for (int i = 0; i < 2; i++) {
        if (files[i] && (ferror(files[i]) | (fclose(files[i]) != 0)) && st == ST_OK) {
            error_set(err, "%s/%s: cannot write: %s", d->dir, names[i], strerror(errno));
            st = ST_EIO;
        }
    }
    d->csv = d->state = NULL;
    if (st == ST_OK) {
        st = runmeta_session_add(d->dir, d->started, elapsed(d), d->done - d->resumed,
                                 state == META_FINISHED ? "done" : "stopped", err);
    }
    if (st == ST_OK) {
        st = write_meta(d, state, err);
    }
    return st;
}

Status tunedir_finish(TuneDir *d, Error *err)
{
    return end_session(d, META_FINISHED, err);
}

Status tunedir_stop(TuneDir *d, Error *err)
{
    return end_session(d, META_STOPPED, err);
}

int tunedir_rows(const TuneDir *d)
{
    return d->done;
}

void tunedir_close(TuneDir *d)
{
    if (!d) {
        return;
    }
    if (d->csv) {
        fclose(d->csv);
    }
    if (d->state) {
        fclose(d->state);
    }
    dirlock_release(d->lock);
    free(d);
}
