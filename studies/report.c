/* tafl report: a study's page, its Markdown twin and the tidy CSV of its summaries (see
 * report.h). Everything shown comes from the files of the run directories; nothing is
 * recomputed, so the page says what the run said. */
#include "studies/report.h"

#include <csv.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agents/agent.h"
#include "formats/boardtext.h"
#include "formats/files.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "formats/safetext.h"
#include "formats/sha256.h"
#include "harness/buildinfo.h"
#include "harness/version.h"
#include "rules/ruleset.h"
#include "rules/state.h"
#include "studies/report_html.h"
#include "studies/report_md.h"
#include "studies/reportdoc.h"

/* libcsv grows a field's buffer by this many bytes at a time (its default is 128): where
 * realloc cannot grow a block in place, as under the sanitizers' allocator, a 16 MiB field
 * then cost 131,072 copies of up to 16 MiB each, minutes of a report. */
#define CSV_FIELD_GROWTH ((size_t)1 << 16)
/* Rows of a table shown on the page (the tidy CSV has them all). */
#define TABLE_ROWS_SHOWN 200
/* The most bytes read of a table shown in part (every CSV but summary.csv): a table is read
 * until its first TABLE_ROWS_SHOWN rows and one more, or this much, never whole. */
#define TABLE_BYTES_READ (16u << 20)
/* The largest figure embedded (bytes); a bigger one is named, not embedded. */
#define FIGURE_MAX (16u << 20)
/* The most rulesets shown per directory (a design sweep names a few hundred); past it the
 * section says how many it shows. */
#define RULESETS_MAX 1024

/* A CSV file read whole: a header and rows of exactly ncols cells (short rows padded with ""). */
typedef struct {
    char name[256]; /* the file's name in its directory */
    int ncols;
    char **head;
    int nrows;
    char ***rows;
    bool more; /* the file holds more than the rows kept (table_read stopped early) */
} Csv;

/* A ruleset named by a directory, and what became of it. */
typedef struct {
    char name[RULES_NAME_MAX + 64];
    char file[256]; /* the ruleset file inside the directory, "" for a preset */
    char arg[512];  /* a tuning's or training's `rules` as given (a preset, a dim: string or a
                       path outside the directory, never read), "" for a run's */
    int max_plies;  /* a training's max_plies, which replaces the ruleset's (0: none) */
    bool ok;        /* rules compiled */
    Rules *rules;   /* owned; NULL unless ok */
    char why[512];  /* why it could not be drawn, when !ok */
} ReportRules;

/* One run directory, read. */
typedef struct {
    const char *dir;
    char kind[32];   /* DIR/kind, refined by setup's kind (curve, balance, tune, ...) */
    char title[256]; /* the experiment's (or tuning's, training's) name, else the dir */
    char *meta;      /* DIR/meta, NULL when missing */
    char *setup;     /* DIR/setup, NULL when missing */
    char *question;  /* the comment lines at the top of the study's file, NULL if none */
    char question_file[32];
    char **names; /* the directory's entries, sorted */
    int nnames;
    Csv *csvs; /* every *.csv but games.csv and the report's own, in name order */
    int ncsvs;
    ReportRules *rules; /* nrules of them, in the order the directory names them */
    int nrules;
    bool rules_cut; /* the directory names more than RULESETS_MAX rulesets */
} Study;

/* ---- small helpers ---- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The value of `key value` or `key = value` in a record (meta, setup, a training's setup),
 * copied into out (size bytes); false when no line has key. */
static bool kv_get(const char *text, const char *key, char *out, size_t size)
{
    size_t klen = strlen(key);
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > klen && strncmp(line, key, klen) == 0 &&
            (line[klen] == ' ' || line[klen] == '=' || line[klen] == '\t')) {
            const char *v = line + klen;
            while (v < line + len && (*v == ' ' || *v == '\t'))
                v++;
            if (v < line + len && *v == '=') {
                v++;
                while (v < line + len && (*v == ' ' || *v == '\t'))
                    v++;
            }
            size_t vlen = (size_t)(line + len - v);
            while (vlen > 0 && (v[vlen - 1] == '\r' || v[vlen - 1] == ' '))
                vlen--;
            if (vlen >= size)
                vlen = size - 1;
            memcpy(out, v, vlen);
            out[vlen] = '\0';
            return true;
        }
        line = end ? end + 1 : NULL;
    }
    return false;
}

/* The state of one table_parse, shared with libcsv's callbacks. */
typedef struct {
    Csv *csv;
    char **cells; /* the row being read */
    int n, cap;
    int cap_rows;
    bool header; /* the next row is the header */
    int keep;    /* the most rows kept (0: all); a row past them sets csv->more */
} CsvRead;

static void on_cell(void *s, size_t len, void *data)
{
    CsvRead *r = data;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->cells = xrealloc(r->cells, (size_t)r->cap * sizeof *r->cells);
    }
    char *cell = xmalloc(len + 1);
    if (len) /* libcsv may give no buffer at all for an empty field */
        memcpy(cell, s, len);
    cell[len] = '\0';
    r->cells[r->n++] = cell;
}

static void on_row(int c, void *data)
{
    (void)c;
    CsvRead *r = data;
    Csv *csv = r->csv;
    char **cells = r->cells;
    int n = r->n;
    r->cells = NULL;
    r->n = r->cap = 0;
    if (r->header) {
        csv->head = cells;
        csv->ncols = n;
        r->header = false;
        return;
    }
    if ((n == 1 && cells[0][0] == '\0') || /* a line of one empty quoted field */
        (r->keep > 0 && csv->nrows >= r->keep)) {
        if (n != 1 || cells[0][0] != '\0')
            csv->more = true;
        for (int i = 0; i < n; i++)
            free(cells[i]);
        free(cells);
        return;
    }
    char **row = xcalloc((size_t)(csv->ncols > n ? csv->ncols : n), sizeof *row);
    for (int i = 0; i < n; i++)
        row[i] = cells[i];
    for (int i = n; i < csv->ncols; i++)
        row[i] = xcalloc(1, 1);
    for (int i = csv->ncols; i < n; i++) /* more cells than the header: dropped */
        free(row[i]);
    free(cells);
    if (csv->nrows == r->cap_rows) {
        r->cap_rows = r->cap_rows ? 2 * r->cap_rows : 16;
        csv->rows = xrealloc(csv->rows, (size_t)r->cap_rows * sizeof *csv->rows);
    }
    csv->rows[csv->nrows++] = row;
}

static int is_space_none(unsigned char ch)
{
    (void)ch;
    return 0;
}

/* Splits CSV text (RFC 4180: commas, double quotes doubled inside quoted fields; a line ends
 * at CR, LF or CRLF; empty lines are skipped) into *csv with libcsv, leniently: a quote inside
 * an unquoted field is text, and spaces around a field are kept. */
static void table_parse(const char *text, Csv *csv)
{
    memset(csv->name, 0, sizeof csv->name);
    csv->ncols = 0;
    csv->head = NULL;
    csv->nrows = 0;
    csv->rows = NULL;
    csv->more = false;
    CsvRead r = {.csv = csv, .header = true};
    struct csv_parser p;
    /* Not strict, libcsv fails only when out of memory: the table then holds what was read. */
    if (csv_init(&p, 0) != 0)
        return;
    csv_set_space_func(&p, is_space_none);
    csv_set_blk_size(&p, CSV_FIELD_GROWTH);
    size_t len = strlen(text);
    if (csv_parse(&p, text, len, on_cell, on_row, &r) == len)
        csv_fini(&p, on_cell, on_row, &r);
    csv_free(&p);
    for (int i = 0; i < r.n; i++)
        free(r.cells[i]);
    free(r.cells);
}

/* Reads the table of f as table_parse splits text, but only its first TABLE_ROWS_SHOWN rows:
 * it stops at the row after them (csv->more) or after TABLE_BYTES_READ bytes (csv->more when
 * any byte is left), so that a table of any size costs the report what 200 rows do. */
static void table_read(FILE *f, Csv *csv)
{
    memset(csv, 0, sizeof *csv);
    CsvRead r = {.csv = csv, .header = true, .keep = TABLE_ROWS_SHOWN};
    struct csv_parser p;
    if (csv_init(&p, 0) != 0)
        return;
    csv_set_space_func(&p, is_space_none);
    csv_set_blk_size(&p, CSV_FIELD_GROWTH);
    char buf[1 << 16];
    size_t total = 0, n;
    bool ok = true;
    while (ok && !csv->more && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        ok = csv_parse(&p, buf, n, on_cell, on_row, &r) == n;
        total += n;
        if (total >= TABLE_BYTES_READ && !csv->more) {
            int c = getc(f);
            csv->more = c != EOF; /* cut inside the file: the rows read are shown, no more */
            break;
        }
    }
    if (ok && !csv->more)
        csv_fini(&p, on_cell, on_row, &r);
    csv_free(&p);
    for (int i = 0; i < r.n; i++)
        free(r.cells[i]);
    free(r.cells);
}

static void table_free(Csv *csv)
{
    for (int r = 0; r < csv->nrows; r++) {
        for (int c = 0; c < csv->ncols; c++)
            free(csv->rows[r][c]);
        free(csv->rows[r]);
    }
    free(csv->rows);
    for (int c = 0; c < csv->ncols; c++)
        free(csv->head[c]);
    free(csv->head);
}

static int csv_col(const Csv *csv, const char *name)
{
    for (int c = 0; c < csv->ncols; c++)
        if (strcmp(csv->head[c], name) == 0)
            return c;
    return -1;
}

static const char *csv_cell(const Csv *csv, int row, const char *name)
{
    int c = csv_col(csv, name);
    return c < 0 ? "" : csv->rows[row][c];
}

static const Csv *study_csv(const Study *s, const char *name)
{
    for (int i = 0; i < s->ncsvs; i++)
        if (strcmp(s->csvs[i].name, name) == 0)
            return &s->csvs[i];
    return NULL;
}

static bool has_name(const Study *s, const char *name)
{
    for (int i = 0; i < s->nnames; i++)
        if (strcmp(s->names[i], name) == 0)
            return true;
    return false;
}

/* The report's own outputs, never read back as the study's files. */
static bool is_report_file(const char *name)
{
    return strncmp(name, "report", 6) == 0 &&
           (ends_with(name, ".html") || ends_with(name, ".md") || ends_with(name, ".csv") ||
            ends_with(name, ".tmp") || ends_with(name, ".png"));
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- reading a directory ---- */

/* The comment lines at the top of an INI file (';' or '#'), without the marker and one
 * space; NULL when it starts with something else. */
static char *leading_comment(const char *text)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = xopen_memstream(&out, &len);
    bool any = false;
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n == 0 || (line[0] != ';' && line[0] != '#'))
            break;
        size_t skip = n > 1 && line[1] == ' ' ? 2 : 1;
        fwrite(line + skip, 1, n - skip, f);
        fputc('\n', f);
        any = true;
        line = end ? end + 1 : NULL;
    }
    fclose(f);
    if (!any) {
        free(out);
        return NULL;
    }
    return out;
}

static ReportRules *add_rules(Study *s, const char *name, const char *file)
{
    for (int i = 0; i < s->nrules; i++)
        if (strcmp(s->rules[i].name, name) == 0)
            return &s->rules[i];
    if (!name[0])
        return NULL;
    if (s->nrules == RULESETS_MAX) {
        s->rules_cut = true;
        return NULL;
    }
    if ((s->nrules & (s->nrules - 1)) == 0) /* 0, 1, 2, 4, ...: grow at each power of two */
        s->rules = xrealloc(s->rules, (size_t)(s->nrules ? 2 * s->nrules : 1) * sizeof *s->rules);
    ReportRules *r = &s->rules[s->nrules++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->file, sizeof r->file, "%s", file ? file : "");
    return r;
}

/* Compiles each ruleset: from its file in the directory when setup names one (read without
 * following a link), else the preset of its name. */
static void load_rules(Study *s)
{
    for (int i = 0; i < s->nrules; i++) {
        ReportRules *r = &s->rules[i];
        Ruleset rs;
        Error err = {{0}};
        Status st = ST_OK;
        if (r->file[0]) {
            char *text = NULL;
            size_t size = 0;
            if (!files_name_is_inside(r->file)) {
                error_set(&err, "%s: not a file inside the directory", r->file);
                st = ST_EINVAL;
            } else {
                st = files_read_in(s->dir, r->file, &text, &size, &err);
            }
            if (st == ST_OK && !text) {
                error_set(&err, "%s/%s: missing", s->dir, r->file);
                st = ST_EIO;
            }
            if (st == ST_OK) {
                FILE *f = fmemopen(text, size, "r");
                if (!f) {
                    error_set(&err, "%s/%s: cannot read: %s", s->dir, r->file, strerror(errno));
                    st = ST_EIO;
                } else {
                    char where[OUTPATH_MAX];
                    snprintf(where, sizeof where, "%s/%s", s->dir, r->file);
                    st = rulesfile_read_stream(f, where, &rs, &err);
                    fclose(f);
                }
            }
            free(text);
        } else if (r->arg[0] && !ruleset_preset_find(r->arg) && strncmp(r->arg, "dim:", 4) != 0) {
            /* A file outside the directory, whatever the name inside it (a file may call its
             * ruleset brandubh and change every rule): named, never read, and no preset
             * drawn in its place. */
            error_set(&err,
                      "it came from the file %s, outside the directory, which a report does "
                      "not read",
                      r->arg);
            st = ST_EINVAL;
        } else if (r->arg[0]) {
            st = rulesfile_resolve(r->arg, &rs, &err); /* a preset or a dim: string: no file */
        } else {
            const Ruleset *preset = ruleset_preset_find(r->name);
            if (preset) {
                rs = *preset;
            } else {
                error_set(&err,
                          "the directory keeps no ruleset file for it, and no preset is named "
                          "'%s'",
                          r->name);
                st = ST_EINVAL;
            }
        }
        if (st == ST_OK && r->max_plies > 0)
            rs.max_plies = r->max_plies; /* as tafl train played it (tune/train.c) */
        if (st == ST_OK) {
            r->rules = xmalloc(sizeof *r->rules);
            st = rules_compile(&rs, r->rules, &err);
        }
        r->ok = st == ST_OK;
        if (!r->ok) {
            free(r->rules);
            r->rules = NULL;
            snprintf(r->why, sizeof r->why, "%s", err.text);
        }
    }
}

/* The rulesets a directory names: setup's ruleset.N (a run), rules (a tuning), ruleset or
 * rules (a training), else the rules column of its tables (presets by name). */
static void find_rules(Study *s)
{
    char key[64], name[RULES_NAME_MAX + 64], file[256];
    if (s->setup) {
        for (int i = 1; i <= RULESETS_MAX + 1; i++) {
            snprintf(key, sizeof key, "ruleset.%d", i);
            if (!kv_get(s->setup, key, name, sizeof name))
                break;
            snprintf(key, sizeof key, "ruleset_file.%d", i);
            if (!kv_get(s->setup, key, file, sizeof file))
                file[0] = '\0';
            add_rules(s, name, file);
        }
        /* A training's setup names its ruleset (`ruleset`) and the argument it came from
         * (`rules`, maybe a path outside the directory, which is never read: a report shows
         * what the directory holds, not files elsewhere on this machine). */
        if (s->nrules == 0 && (kv_get(s->setup, "ruleset", name, sizeof name) ||
                               kv_get(s->setup, "rules", name, sizeof name))) {
            if (!kv_get(s->setup, "ruleset_file", file, sizeof file))
                file[0] = '\0';
            ReportRules *r = add_rules(s, name, file);
            char value[64];
            if (r && !file[0] && !kv_get(s->setup, "rules", r->arg, sizeof r->arg))
                r->arg[0] = '\0';
            if (r && strcmp(s->kind, "train") == 0 &&
                kv_get(s->setup, "max_plies", value, sizeof value))
                r->max_plies = atoi(value);
        }
    }
    for (int i = 0; i < s->ncsvs && s->nrules == 0; i++) {
        const Csv *c = &s->csvs[i];
        int col = csv_col(c, "rules");
        for (int r = 0; col >= 0 && r < c->nrows; r++)
            add_rules(s, c->rows[r][col], NULL);
    }
    load_rules(s);
}

static void study_free(Study *s)
{
    free(s->meta);
    free(s->setup);
    free(s->question);
    for (int i = 0; i < s->nnames; i++)
        free(s->names[i]);
    free(s->names);
    for (int i = 0; i < s->ncsvs; i++)
        table_free(&s->csvs[i]);
    free(s->csvs);
    for (int i = 0; i < s->nrules; i++)
        free(s->rules[i].rules);
    free(s->rules);
}

/* Reads DIR/name into *text (NULL when missing); errors other than "missing" are kept out of
 * the report's way (a FIFO or a link is simply not read). */
static char *read_quietly(const char *dir, const char *name)
{
    char *text = NULL;
    size_t size = 0;
    Error ignored;
    if (files_read_in(dir, name, &text, &size, &ignored) != ST_OK)
        return NULL;
    return text;
}

static Status study_read(const char *dir, Study *s, Error *err)
{
    memset(s, 0, sizeof *s);
    s->dir = dir;
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        error_set(err, "%s: %s", dir, errno == ENOENT ? "no such directory" : strerror(errno));
        return ST_EINVAL;
    }
    if (!S_ISDIR(sb.st_mode)) {
        error_set(err, "%s: not a directory (tafl report reads run directories)", dir);
        return ST_EINVAL;
    }
    DIR *d = opendir(dir);
    if (!d) {
        error_set(err, "%s: cannot read: %s", dir, strerror(errno));
        return ST_EINVAL;
    }
    int cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (s->nnames == cap) {
            cap = cap ? 2 * cap : 32;
            s->names = xrealloc(s->names, (size_t)cap * sizeof *s->names);
        }
        s->names[s->nnames++] = xstrdup(e->d_name);
    }
    closedir(d);
    if (s->nnames > 0)
        qsort(s->names, (size_t)s->nnames, sizeof *s->names, compare_names);
    static const char *const MARKS[] = {"kind",        "setup",    "meta",
                                        "summary.csv", "tune.csv", "train.csv"};
    bool marked = false;
    for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; i++)
        marked = marked || has_name(s, MARKS[i]);
    if (!marked) {
        error_set(err,
                  "%s: not a tafl run directory (none of kind, setup, meta, summary.csv, "
                  "tune.csv, train.csv)",
                  dir);
        return ST_EINVAL;
    }
    s->meta = read_quietly(dir, "meta");
    s->setup = read_quietly(dir, "setup");

    /* The kind: DIR/kind, refined by setup's kind (a run's is curve or balance); else what the
     * files say. */
    char *kind = read_quietly(dir, "kind");
    char setup_kind[32] = "";
    if (s->setup)
        kv_get(s->setup, "kind", setup_kind, sizeof setup_kind);
    if (kind) {
        kind[strcspn(kind, "\r\n")] = '\0';
        snprintf(s->kind, sizeof s->kind, "%s", kind);
        free(kind);
    }
    if (setup_kind[0] && (!s->kind[0] || strcmp(s->kind, "run") == 0))
        snprintf(s->kind, sizeof s->kind, "%s", setup_kind);
    if (!s->kind[0]) {
        const char *k = has_name(s, "tune.csv")    ? "tune"
                        : has_name(s, "train.csv") ? "train"
                        : has_name(s, "curve.csv") ? "curve"
                                                   : "run";
        snprintf(s->kind, sizeof s->kind, "%s", k);
    }
    if (strcmp(s->kind, "run") == 0)
        snprintf(s->kind, sizeof s->kind, "balance");

    /* The question: the comment at the top of the study's own file. */
    static const char *const FILES[] = {"experiment.ini", "tune.ini", "train.ini", "design.ini"};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0] && !s->question; i++) {
        char *text = read_quietly(dir, FILES[i]);
        if (text) {
            s->question = leading_comment(text);
            snprintf(s->question_file, sizeof s->question_file, "%s", FILES[i]);
            free(text);
        }
    }

    char name[256] = "";
    if (!(s->setup && (kv_get(s->setup, "experiment", name, sizeof name) ||
                       kv_get(s->setup, "name", name, sizeof name))) &&
        !(s->meta && (kv_get(s->meta, "experiment", name, sizeof name) ||
                      kv_get(s->meta, "tune", name, sizeof name) ||
                      kv_get(s->meta, "name", name, sizeof name)))) {
        const char *slash = strrchr(dir, '/');
        snprintf(name, sizeof name, "%s", slash && slash[1] ? slash + 1 : dir);
    }
    snprintf(s->title, sizeof s->title, "%s", name);

    for (int i = 0; i < s->nnames; i++) {
        const char *n = s->names[i];
        if (!ends_with(n, ".csv") || strcmp(n, "games.csv") == 0 || is_report_file(n))
            continue;
        /* summary.csv whole (the tidy CSV has every row); any other table only as far as the
         * page shows it. */
        bool whole = strcmp(n, "summary.csv") == 0;
        char *text = NULL;
        FILE *f = NULL;
        Error ignored;
        if (whole ? (text = read_quietly(dir, n)) == NULL
                  : files_open_in(dir, n, &f, &ignored) != ST_OK || !f)
            continue;
        s->csvs = xrealloc(s->csvs, (size_t)(s->ncsvs + 1) * sizeof *s->csvs);
        Csv *c = &s->csvs[s->ncsvs++];
        if (whole)
            table_parse(text, c);
        else
            table_read(f, c);
        snprintf(c->name, sizeof c->name, "%s", n);
        free(text);
        if (f)
            fclose(f);
    }
    find_rules(s);
    return ST_OK;
}

/* ---- the document ---- */

/* The sections of a study, in order: their HTML ids, and the headings both files share. */
enum {
    SEC_FINDINGS,
    SEC_QUESTION,
    SEC_RULESETS,
    SEC_AGENTS,
    SEC_BALANCE,
    SEC_TABLES,
    SEC_FIGURES,
    SEC_METHOD,
    SEC_PROVENANCE,
};
static const char *const SECTIONS[][2] = {
    [SEC_FINDINGS] = {"findings", "Findings"},       [SEC_QUESTION] = {"question", "Question"},
    [SEC_RULESETS] = {"rulesets", "Rulesets"},       [SEC_AGENTS] = {"agents", "Agents"},
    [SEC_BALANCE] = {"balance", "Balance"},          [SEC_TABLES] = {"tables", "Tables"},
    [SEC_FIGURES] = {"figures", "Figures"},          [SEC_METHOD] = {"method", "Method"},
    [SEC_PROVENANCE] = {"provenance", "Provenance"},
};

static void heading(ReportDoc *d, int study, int section)
{
    char anchor[64];
    snprintf(anchor, sizeof anchor, "s%d-%s", study, SECTIONS[section][0]);
    reportdoc_heading(d, 2, anchor);
    reportdoc_literal(d, SECTIONS[section][1]);
}

/* A paragraph of the report's own words; loose: a blank line after it in Markdown. */
static void say(ReportDoc *d, unsigned flags, const char *text)
{
    reportdoc_para(d, flags);
    reportdoc_literal(d, text);
}

static void subheading(ReportDoc *d, const char *text)
{
    reportdoc_heading(d, 3, NULL);
    reportdoc_text(d, text);
}

static void section_question(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_QUESTION);
    if (!s->question) {
        say(d, 0, "The directory holds no experiment file with a comment at its top.");
        return;
    }
    reportdoc_quote(d, s->question);
    reportdoc_para(d, 0);
    reportdoc_literal(d, "(the comment at the top of ");
    reportdoc_text(d, s->question_file);
    reportdoc_literal(d, ")");
}

/* The start position's squares: pieces, the throne and the corners where restricted. */
static unsigned char *board_squares(const Rules *r)
{
    GameState st;
    state_init(r, &st);
    unsigned char *sq = xmalloc((size_t)(r->size * r->size));
    for (int i = 0; i < r->size * r->size; i++) {
        bool corner = r->opt.corners && ((r->corner[i >> 6] >> (i & 63)) & 1);
        bool throne = r->opt.throne && i == r->throne_sq;
        Piece p = state_piece_at(r, &st, i);
        sq[i] = (unsigned char)(corner ? REPORTDOC_SQ_CORNER : throne ? REPORTDOC_SQ_THRONE : 0);
        sq[i] |= p == PIECE_ATTACKER   ? REPORTDOC_SQ_ATTACKER
                 : p == PIECE_DEFENDER ? REPORTDOC_SQ_DEFENDER
                 : p == PIECE_KING     ? REPORTDOC_SQ_KING
                                       : REPORTDOC_SQ_EMPTY;
    }
    return sq;
}

/* One ruleset: its start position (or the name of the one drawn above that starts alike),
 * its options. */
static void ruleset_part(const Study *s, int i, unsigned char **drawn, ReportDoc *d)
{
    const ReportRules *r = &s->rules[i];
    subheading(d, r->name);
    if (!r->ok) {
        reportdoc_para(d, 0);
        reportdoc_literal(d, "Not drawn: ");
        reportdoc_text(d, r->why);
        return;
    }
    int size = r->rules->size;
    drawn[i] = board_squares(r->rules);
    int same = -1;
    for (int j = 0; j < i && same < 0; j++)
        if (drawn[j] && s->rules[j].rules->size == size &&
            memcmp(drawn[j], drawn[i], (size_t)(size * size)) == 0)
            same = j;
    if (same >= 0) {
        reportdoc_para(d, REPORTDOC_LOOSE);
        reportdoc_literal(d, "The start position of ");
        reportdoc_text(d, s->rules[same].name);
        reportdoc_literal(d, " (drawn above).");
    } else {
        GameState st;
        state_init(r->rules, &st);
        char *board = NULL;
        size_t len = 0;
        FILE *b = xopen_memstream(&board, &len);
        boardtext_print(b, r->rules, &st);
        fclose(b);
        reportdoc_board(d, size, drawn[i], board);
        free(board);
    }
    char opts[4096];
    ruleset_format(&r->rules->opt, opts, sizeof opts);
    reportdoc_details(d, opts);
    reportdoc_literal(d, "options (from ");
    reportdoc_text(d, r->file[0]                        ? r->file
                      : strncmp(r->arg, "dim:", 4) == 0 ? "the OTN rules string in setup"
                                                        : "the preset of this name");
    if (r->max_plies > 0)
        reportdoc_literal(d, "; max_plies from the training's setup");
    reportdoc_literal(d, ")");
}

static void section_rulesets(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_RULESETS);
    if (s->nrules == 0) {
        say(d, 0, "The directory names no ruleset.");
        return;
    }
    say(d, REPORTDOC_HTML_ONLY,
        "Each start position: black discs are the attackers, white discs the defenders, the "
        "ringed disc the king; dark squares are the throne and the corners where they are "
        "restricted.");
    /* A sweep's candidates mostly share the base's start: each position is drawn once, and a
     * ruleset that starts from one already drawn names it (a design study has dozens). */
    if (s->rules_cut) {
        char text[160];
        snprintf(text, sizeof text,
                 "The directory names more than %d rulesets: the first %d are shown here.",
                 RULESETS_MAX, RULESETS_MAX);
        say(d, 0, text);
    }
    unsigned char **drawn = xcalloc((size_t)s->nrules, sizeof *drawn);
    for (int i = 0; i < s->nrules; i++)
        ruleset_part(s, i, drawn, d);
    for (int i = 0; i < s->nrules; i++)
        free(drawn[i]);
    free(drawn);
}

/* A `key value` (or `key = value`) record as a two-column table. */
static void kv_table(const char *text, ReportDoc *d)
{
    reportdoc_table(d, REPORTDOC_HEAD_MD_ONLY);
    reportdoc_head(d, "key", NULL);
    reportdoc_head(d, "value", NULL);
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char buf[4096];
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
        size_t k = strcspn(buf, " =");
        char *value = buf + k + strspn(buf + k, " =");
        buf[k] = '\0';
        line = end ? end + 1 : line + n;
        if (!buf[0])
            continue;
        reportdoc_row(d);
        reportdoc_cell(d, REPORTDOC_CELL_TEXT, buf);
        reportdoc_cell(d, REPORTDOC_CELL_TEXT, value);
    }
}

static void agent_row(ReportDoc *d, const char *name, const char *spec)
{
    /* The spec's parts as the agent reads them: an engine's cmd= may hold commas. */
    AgentSpecParts *parts = xmalloc(sizeof *parts);
    if (agent_spec_parts(spec, parts, NULL) != ST_OK) {
        memset(parts, 0, sizeof *parts);
        snprintf(parts->type, sizeof parts->type, "%.*s", (int)strcspn(spec, ":"), spec);
    }
    /* ", " between parameters: a long list wraps. */
    char *params = NULL;
    size_t len = 0;
    FILE *f = xopen_memstream(&params, &len);
    for (int i = 0; i < parts->count; i++) {
        char item[1100];
        snprintf(item, sizeof item, "%s=%s", parts->key[i], parts->value[i]);
        fprintf(f, "%s%s", i ? ", " : "", item);
    }
    fclose(f);
    const char *colon = strchr(spec, ':');
    reportdoc_row(d);
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, name);
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, parts->type);
    reportdoc_cell_md(d, params, colon ? colon + 1 : "");
    free(params);
    free(parts);
}

/* The agents a directory names: meta's agent.NAME lines carry every parameter; setup's
 * agent.N and spec.N what the file said; a tuning's setup names its agent and opponent. */
static int agent_rows(const Study *s, ReportDoc *d)
{
    int rows = 0;
    for (const char *line = s->meta; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n > 6 && strncmp(line, "agent.", 6) == 0) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
            char *sp = strchr(buf, ' ');
            if (sp) {
                *sp = '\0';
                agent_row(d, buf + 6, sp + 1);
                rows++;
            }
        }
        line = end ? end + 1 : NULL;
    }
    for (int i = 1; rows == 0 && s->setup && i <= 256; i++) {
        char key[32], name[256], spec[4096];
        snprintf(key, sizeof key, "agent.%d", i);
        if (!kv_get(s->setup, key, name, sizeof name))
            break;
        snprintf(key, sizeof key, "spec.%d", i);
        if (!kv_get(s->setup, key, spec, sizeof spec))
            spec[0] = '\0';
        agent_row(d, name, spec);
        rows++;
    }
    static const char *const ROLES[] = {"agent", "opponent"};
    for (int i = 0; i < 2 && rows == 0 && s->setup; i++) {
        char spec[4096];
        if (kv_get(s->setup, ROLES[i], spec, sizeof spec))
            agent_row(d, ROLES[i], spec);
    }
    return rows;
}

/* A tuning's parameters and their ranges. */
static void tuned_params(const Study *s, ReportDoc *d)
{
    reportdoc_list(d);
    reportdoc_literal(d, "Tuned parameters (setup):");
    for (int i = 1; i <= 64; i++) {
        char key[32], p[256], lo[64] = "", hi[64] = "", k2[300], item[400];
        snprintf(key, sizeof key, "param.%d", i);
        if (!kv_get(s->setup, key, p, sizeof p))
            break;
        snprintf(k2, sizeof k2, "param.%s.min", p);
        kv_get(s->setup, k2, lo, sizeof lo);
        snprintf(k2, sizeof k2, "param.%s.max", p);
        kv_get(s->setup, k2, hi, sizeof hi);
        snprintf(item, sizeof item, "%s in [%s, %s]", p, lo, hi);
        reportdoc_item(d, item);
    }
}

static void section_agents(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_AGENTS);
    reportdoc_table(d, 0);
    reportdoc_head(d, "agent", NULL);
    reportdoc_head(d, "type", NULL);
    reportdoc_head(d, "parameters (every one, defaults included, as the run used them)",
                   "parameters");
    int rows = agent_rows(s, d);
    if (rows == 0 && s->setup && strcmp(s->kind, "tune") != 0) {
        /* No agent named as such (a training): its settings say what played. */
        say(d, REPORTDOC_LOOSE,
            "No agents are recorded by name; the directory's settings (setup):");
        kv_table(s->setup, d);
    }
    if (s->setup && strcmp(s->kind, "tune") == 0)
        tuned_params(s, d);
}

/* A cell of the balance table: "score [low, high]" when low is there. */
static void interval_text(char *buf, size_t size, const char *v, const char *lo, const char *hi)
{
    if (lo[0] || hi[0])
        snprintf(buf, size, "%s [%s, %s]", v, lo, hi);
    else
        snprintf(buf, size, "%s", v);
}

/* Only a known verdict word colours its cell: the cell text itself is data. */
static ReportDocMark verdict_mark(const char *v)
{
    return strcmp(v, "attackers") == 0   ? REPORTDOC_MARK_ATTACKERS
           : strcmp(v, "defenders") == 0 ? REPORTDOC_MARK_DEFENDERS
           : strcmp(v, "balanced") == 0  ? REPORTDOC_MARK_BALANCED
                                         : REPORTDOC_MARK_NONE;
}

/* A verdict word of summary.csv in plain words; an unknown word is shown as it is. */
static const char *verdict_words(const char *v)
{
    return strcmp(v, "attackers") == 0   ? "favours the attackers"
           : strcmp(v, "defenders") == 0 ? "favours the defenders"
           : strcmp(v, "balanced") == 0  ? "balanced (the score shown within 1/2 +- 0.05)"
           : strcmp(v, "undetermined") == 0
               ? "undetermined (the games show neither a side nor balance)"
               : v;
}

/* The balance table's row: the names, then the verdict and the score it rests on (so that a
 * narrow window shows them first), then the counts. */
static void balance_row(const Csv *c, int r, ReportDoc *d)
{
    char score[256];
    interval_text(score, sizeof score, csv_cell(c, r, "attacker_score"),
                  csv_cell(c, r, "attacker_score_low"), csv_cell(c, r, "attacker_score_high"));
    reportdoc_row(d);
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "rules"));
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "attacker"));
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "defender"));
    reportdoc_cell_mark(d, verdict_mark(csv_cell(c, r, "verdict")), csv_cell(c, r, "verdict"));
    reportdoc_cell(d, REPORTDOC_CELL_NUMBER, score);
    reportdoc_cell(d, REPORTDOC_CELL_NUMBER, csv_cell(c, r, "balance_p_holm"));
    static const char *const COUNTS[] = {"games", "attacker_wins", "defender_wins", "draws"};
    for (int i = 0; i < 4; i++)
        reportdoc_cell(d, REPORTDOC_CELL_NUMBER, csv_cell(c, r, COUNTS[i]));
}

/* The rows compared with a baseline: the difference of the attackers' scores, verdict first. */
static void baseline_table(const Csv *c, ReportDoc *d)
{
    subheading(d, "Against the baseline ruleset");
    static const char *const HEAD[] = {"rules",
                                       "attacker",
                                       "defender",
                                       "baseline",
                                       "difference verdict",
                                       "score difference [95% interval]",
                                       "difference p (Holm)"};
    reportdoc_table(d, 0);
    for (int i = 0; i < 7; i++)
        reportdoc_head(d, HEAD[i], NULL);
    int shown = 0;
    for (int r = 0; r < c->nrows && shown < TABLE_ROWS_SHOWN; r++) {
        if (!csv_cell(c, r, "baseline")[0])
            continue;
        char diff[256];
        interval_text(diff, sizeof diff, csv_cell(c, r, "score_diff"),
                      csv_cell(c, r, "score_diff_low"), csv_cell(c, r, "score_diff_high"));
        reportdoc_row(d);
        static const char *const NAMES[] = {"rules", "attacker", "defender", "baseline"};
        for (int i = 0; i < 4; i++)
            reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, NAMES[i]));
        reportdoc_cell_mark(d, verdict_mark(csv_cell(c, r, "diff_verdict")),
                            csv_cell(c, r, "diff_verdict"));
        reportdoc_cell(d, REPORTDOC_CELL_NUMBER, diff);
        reportdoc_cell(d, REPORTDOC_CELL_NUMBER, csv_cell(c, r, "diff_p_holm"));
        shown++;
    }
}

/* A summary row with a balance verdict (not a curve's ladder game), its rank by distance from
 * 1/2 within its pairing (0 where summary.csv has no distance_rank) and its pairing. */
typedef struct {
    const char *attacker, *defender;
    long rank;
    int row;
} VerdictRow;

static int compare_verdict_rows(const void *x, const void *y)
{
    const VerdictRow *a = x, *b = y;
    int c = strcmp(a->attacker, b->attacker);
    if (c == 0)
        c = strcmp(a->defender, b->defender);
    if (c == 0)
        c = (a->rank > b->rank) - (a->rank < b->rank);
    return c != 0 ? c : (a->row > b->row) - (a->row < b->row);
}

/* The rows of c with a verdict, grouped by pairing (attacker, then defender, as the terminal
 * orders them) and ranked within it by summary.csv's distance_rank (closest first), else in
 * file order. Caller frees; *n their number. */
static VerdictRow *verdict_rows(const Csv *c, int *n)
{
    VerdictRow *v = xmalloc((size_t)(c->nrows > 0 ? c->nrows : 1) * sizeof *v);
    int k = 0;
    for (int r = 0; r < c->nrows; r++) {
        const char *word = csv_cell(c, r, "verdict");
        if (!word[0] || strcmp(word, "ladder") == 0)
            continue;
        v[k].attacker = csv_cell(c, r, "attacker");
        v[k].defender = csv_cell(c, r, "defender");
        v[k].rank = strtol(csv_cell(c, r, "distance_rank"), NULL, 10);
        v[k].row = r;
        k++;
    }
    qsort(v, (size_t)k, sizeof *v, compare_verdict_rows);
    *n = k;
    return v;
}

static bool same_pairing(const VerdictRow *a, const VerdictRow *b)
{
    return strcmp(a->attacker, b->attacker) == 0 && strcmp(a->defender, b->defender) == 0;
}

/* The terminal's "rulesets by distance from balance" table, from summary.csv's columns:
 * distance from 1/2 with its interval, the TOST equivalence verdict and, against the
 * baseline, the change of distance with its Holm p and the closer/farther verdict. */
static void distance_table(const Csv *c, ReportDoc *d)
{
    subheading(d, "Rulesets by distance from balance");
    if (csv_col(c, "distance_rank") < 0) {
        say(d, 0,
            "This summary.csv has no distance columns (an older tafl wrote it); tafl "
            "summarize remakes it from the games with them.");
        return;
    }
    bool any_change = false;
    for (int r = 0; r < c->nrows; r++)
        any_change = any_change || csv_cell(c, r, "closer_verdict")[0];
    static const char *const HEAD[] = {"rank",           "rules",
                                       "attacker",       "defender",
                                       "equivalence",    "distance from 1/2 [95% interval]",
                                       "closer verdict", "change of distance [95% interval]",
                                       "change p (Holm)"};
    int ncols = any_change ? 9 : 6;
    reportdoc_table(d, 0);
    for (int i = 0; i < ncols; i++)
        reportdoc_head(d, HEAD[i], NULL);
    int n;
    VerdictRow *v = verdict_rows(c, &n);
    int shown = 0;
    for (int i = 0; i < n && shown < TABLE_ROWS_SHOWN; i++) {
        int r = v[i].row;
        if (v[i].rank <= 0)
            continue;
        char dist[256], chg[256];
        interval_text(dist, sizeof dist, csv_cell(c, r, "distance"), csv_cell(c, r, "distance_low"),
                      csv_cell(c, r, "distance_high"));
        interval_text(chg, sizeof chg, csv_cell(c, r, "distance_change"),
                      csv_cell(c, r, "distance_change_low"),
                      csv_cell(c, r, "distance_change_high"));
        const char *eq = csv_cell(c, r, "equivalence");
        reportdoc_row(d);
        reportdoc_cell(d, REPORTDOC_CELL_NUMBER, csv_cell(c, r, "distance_rank"));
        reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "rules"));
        reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "attacker"));
        reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "defender"));
        reportdoc_cell_mark(
            d, strcmp(eq, "balanced") == 0 ? REPORTDOC_MARK_BALANCED : REPORTDOC_MARK_NONE, eq);
        reportdoc_cell(d, REPORTDOC_CELL_NUMBER, dist);
        if (any_change) {
            bool base = csv_cell(c, r, "closer_verdict")[0];
            reportdoc_cell(d, REPORTDOC_CELL_TEXT, csv_cell(c, r, "closer_verdict"));
            reportdoc_cell(d, REPORTDOC_CELL_NUMBER, base ? chg : "");
            reportdoc_cell(d, REPORTDOC_CELL_NUMBER, csv_cell(c, r, "distance_change_p"));
        }
        shown++;
    }
    free(v);
    say(d, 0,
        "Distance: |score - 1/2| with its 95% folded interval, rank 1 the closest within each "
        "pairing; equivalence: the two one-sided tests (TOST) of a score within 1/2 +- 0.05; "
        "change of distance from the baseline: negative is closer to 1/2, and the closer "
        "verdict is closer or farther where it is significant after Holm's correction.");
}

static void section_balance(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_BALANCE);
    const Csv *c = study_csv(s, "summary.csv");
    if (!c) {
        say(d, 0,
            "No summary.csv: this kind of directory has no balance table (its own tables "
            "follow).");
        return;
    }
    bool diff = false;
    for (int r = 0; r < c->nrows; r++)
        diff = diff || csv_cell(c, r, "baseline")[0];
    static const char *const HEAD[] = {"rules",
                                       "attacker",
                                       "defender",
                                       "verdict",
                                       "attackers' score [95% interval]",
                                       "balance p (Holm)",
                                       "games",
                                       "attacker wins",
                                       "defender wins",
                                       "draws"};
    reportdoc_table(d, 0);
    for (int i = 0; i < 10; i++)
        reportdoc_head(d, HEAD[i], NULL);
    for (int r = 0; r < c->nrows && r < TABLE_ROWS_SHOWN; r++)
        balance_row(c, r, d);
    if (c->nrows > TABLE_ROWS_SHOWN) {
        char text[128];
        snprintf(text, sizeof text, "The first %d of %d rows; the tidy CSV has them all.",
                 TABLE_ROWS_SHOWN, c->nrows);
        say(d, 0, text);
    }
    reportdoc_para(d, 0);
    reportdoc_literal(d, "Verdict: ");
    reportdoc_strong(d, "attackers");
    reportdoc_literal(d, " or ");
    reportdoc_strong(d, "defenders");
    reportdoc_literal(d, " when the attackers' score departs from 1/2 at the 5% family-wise "
                         "level after Holm's correction; ");
    reportdoc_strong(d, "balanced");
    reportdoc_literal(d, " when it does not and the two one-sided tests of equivalence show it "
                         "within 1/2 +- 0.05 at 5%; ");
    reportdoc_strong(d, "undetermined");
    reportdoc_literal(d, " when the games show neither a side nor balance (no significant "
                         "departure is not evidence of balance); ");
    reportdoc_strong(d, "ladder");
    reportdoc_literal(d, " for a curve's games between different rungs, which measure the "
                         "agents, not the rules.");
    if (diff)
        baseline_table(c, d);
    distance_table(c, d);
}

/* Whether a column of a table is a verdict (or a direction), shown right after the first
 * column so that a wide table does not scroll it out of sight. */
static bool is_verdict_column(const char *name)
{
    return strcmp(name, "verdict") == 0 || strcmp(name, "direction") == 0 ||
           ends_with(name, "_verdict");
}

/* A table as the file holds it, but for the order of its columns: the first, then the
 * verdicts, then the rest in the file's order. */
static void generic_table(const Csv *c, ReportDoc *d)
{
    subheading(d, c->name);
    int *order = xmalloc((size_t)(c->ncols > 0 ? c->ncols : 1) * sizeof *order);
    int k = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < c->ncols; i++)
            if ((pass == 0 && i == 0) || (i > 0 && pass == 1 && is_verdict_column(c->head[i])) ||
                (i > 0 && pass == 2 && !is_verdict_column(c->head[i])))
                order[k++] = i;
    reportdoc_table(d, 0);
    for (int i = 0; i < c->ncols; i++)
        reportdoc_head_text(d, c->head[order[i]]);
    for (int r = 0; r < c->nrows && r < TABLE_ROWS_SHOWN; r++) {
        reportdoc_row(d);
        for (int i = 0; i < c->ncols; i++)
            reportdoc_cell(d, REPORTDOC_CELL_NUMBER, c->rows[r][order[i]]);
    }
    free(order);
    if (c->more) {
        char text[160];
        snprintf(text, sizeof text,
                 "The first %d rows; the file holds more (the whole file is in the directory).",
                 c->nrows);
        say(d, 0, text);
    }
}

static void section_tables(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_TABLES);
    int shown = 0;
    for (int i = 0; i < s->ncsvs; i++) {
        if (strcmp(s->csvs[i].name, "summary.csv") == 0)
            continue;
        generic_table(&s->csvs[i], d);
        shown++;
    }
    if (shown == 0)
        say(d, 0, "No other tables.");
}

/* Whether data starts as an SVG document (after an optional XML declaration, comments and a
 * doctype) or a PNG file (its 8-byte signature, PNG spec section 5.2). */
static const char *figure_type(const char *data, size_t size)
{
    static const unsigned char PNG[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (size >= 8 && memcmp(data, PNG, 8) == 0)
        return "image/png";
    if (strlen(data) != size) /* an SVG is text: a NUL byte is not one */
        return NULL;
    const char *p = data;
    for (;;) {
        p += strspn(p, " \t\r\n");
        if (strncmp(p, "<?xml", 5) == 0 || strncmp(p, "<!--", 4) == 0 ||
            strncmp(p, "<!DOCTYPE", 9) == 0) {
            const char *end = strchr(p, '>');
            if (!end)
                return NULL;
            p = end + 1;
            continue;
        }
        break;
    }
    return strncmp(p, "<svg", 4) == 0 ? "image/svg+xml" : NULL;
}
/* The components of path made absolute (cwd before a relative one), "." and empty parts
 * dropped and ".." taking back the part before it (read as text: no link is resolved, as a
 * Markdown viewer reads the link). path is copied into buf; parts point into it. */
static int path_parts(const char *cwd, const char *path, char *buf, size_t size, char **parts,
                      int max)
{
    snprintf(buf, size, "%s/%s", path[0] == '/' ? "" : cwd, path);
    int n = 0;
    char *save = NULL;
    for (char *p = strtok_r(buf, "/", &save); p; p = strtok_r(NULL, "/", &save)) {
        if (strcmp(p, ".") == 0)
            continue;
        if (strcmp(p, "..") == 0)
            n -= n > 0;
        else if (n < max)
            parts[n++] = p;
    }
    return n;
}

/* The path from the directory holding the Markdown file to DIR/name, for its image links:
 * name alone when they are the same directory; else relative, so that the Markdown file and
 * the directories can be moved or shared together: "../" for each part of the Markdown
 * file's directory below the part both share, then the rest of DIR's. DIR/name as given when
 * the current directory cannot be read. */
static void figure_link(const char *dir, const char *name, const char *md_path, char *out,
                        size_t size)
{
    char md_dir[OUTPATH_MAX];
    const char *slash = strrchr(md_path, '/');
    if (!slash)
        snprintf(md_dir, sizeof md_dir, ".");
    else if (slash == md_path)
        snprintf(md_dir, sizeof md_dir, "/");
    else
        snprintf(md_dir, sizeof md_dir, "%.*s", (int)(slash - md_path), md_path);
    struct stat sa, sb;
    char cwd[OUTPATH_MAX];
    if (stat(md_dir, &sa) == 0 && stat(dir, &sb) == 0 && sa.st_dev == sb.st_dev &&
        sa.st_ino == sb.st_ino) {
        snprintf(out, size, "%s", name);
        return;
    }
    if (!getcwd(cwd, sizeof cwd)) {
        snprintf(out, size, "%s/%s", dir, name);
        return;
    }
    enum { PARTS = OUTPATH_MAX / 2 };
    char *bufs = xmalloc(4 * OUTPATH_MAX), **a = xmalloc(2 * PARTS * sizeof *a), **b = a + PARTS;
    int na = path_parts(cwd, md_dir, bufs, 2 * OUTPATH_MAX, a, PARTS);
    int nb = path_parts(cwd, dir, bufs + 2 * OUTPATH_MAX, 2 * OUTPATH_MAX, b, PARTS);
    int common = 0;
    while (common < na && common < nb && strcmp(a[common], b[common]) == 0)
        common++;
    out[0] = '\0';
    size_t len = 0;
    for (int i = common; i < na && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "../");
    for (int i = common; i < nb && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s/", b[i]);
    if (len < size)
        snprintf(out + len, size - len, "%s", name);
    free(a);
    free(bufs);
}

/* One figure of the directory, embedded, or named with the reason it is not. */
static bool figure_part(const Study *s, const char *n, ReportDoc *d, const char *md_path)
{
    char *data = NULL;
    size_t size = 0;
    Error err = {{0}};
    Status st = files_read_in(s->dir, n, &data, &size, &err);
    const char *type = st == ST_OK && data && size <= FIGURE_MAX ? figure_type(data, size) : NULL;
    if (!type) {
        reportdoc_para(d, REPORTDOC_LOOSE);
        reportdoc_literal(d, "Figure ");
        reportdoc_text(d, n);
        reportdoc_literal(d, " not shown: ");
        reportdoc_text(d, st != ST_OK         ? err.text
                          : !data             ? "missing"
                          : size > FIGURE_MAX ? "larger than 16 MiB"
                                              : "neither an SVG nor a PNG file");
        free(data);
        return false;
    }
    char link[OUTPATH_MAX + 300], caption[400];
    figure_link(s->dir, n, md_path, link, sizeof link);
    snprintf(caption, sizeof caption, "%s (redraw with gnuplot from the .gp file beside it)", n);
    reportdoc_figure(d, n, type, data, size, caption, link);
    free(data);
    return true;
}

/* Every figure of the directory but key, the one the findings show (NULL: none). */
static void section_figures(const Study *s, ReportDoc *d, int id, const char *md_path,
                            const char *key)
{
    heading(d, id, SEC_FIGURES);
    int shown = 0;
    if (key) {
        reportdoc_para(d, REPORTDOC_LOOSE);
        reportdoc_text(d, key);
        reportdoc_literal(d, " is shown with the findings above.");
        shown++;
    }
    for (int i = 0; i < s->nnames; i++) {
        const char *n = s->names[i];
        bool svg = ends_with(n, ".svg"), png = ends_with(n, ".png");
        if ((!svg && !png) || is_report_file(n) || (key && strcmp(n, key) == 0))
            continue;
        if (png) { /* the SVG of the same figure is shown instead, when there is one */
            char twin[300];
            snprintf(twin, sizeof twin, "%.*s.svg", (int)(strlen(n) - 4), n);
            if (has_name(s, twin))
                continue;
        }
        shown += figure_part(s, n, d, md_path);
    }
    if (shown == 0)
        say(d, 0, "No figures in the directory.");
}

/* The method of the balance table and of a curve's ladder; whether anything was said. */
static bool method_balance(const Study *s, ReportDoc *d)
{
    const Csv *sum = study_csv(s, "summary.csv");
    bool curve = strcmp(s->kind, "curve") == 0 || study_csv(s, "curve.csv");
    if (sum) {
        say(d, REPORTDOC_LOOSE,
            "Each row of the balance table is one ruleset and one pairing of agents. The "
            "attackers' score counts a win 1 and a draw 1/2 per game. Its 95% interval is the "
            "score (Rao) interval of the win/draw/loss mean, with the variance taken at the "
            "most likely win and draw rates for each candidate score (the restricted maximum "
            "likelihood of Miettinen and Nurminen, 1985); without draws it is exactly the "
            "Wilson score interval (Wilson, 1927, Journal of the American Statistical "
            "Association 22). The win-rate intervals are Wilson intervals.");
        say(d, REPORTDOC_LOOSE,
            "The balance p-value tests a score of exactly 1/2 with the same statistic, so 1/2 "
            "lies inside the interval exactly when p is at least 0.05. The p-values of all the "
            "verdict rows are corrected together by Holm's step-down procedure (Holm, 1979, "
            "\"A simple sequentially rejective multiple test procedure\", Scandinavian Journal "
            "of Statistics 6(2)), which keeps the chance of any false verdict among them at "
            "5%.");
        bool diff = false;
        for (int r = 0; r < sum->nrows; r++)
            diff = diff || csv_cell(sum, r, "baseline")[0];
        if (diff)
            say(d, REPORTDOC_LOOSE,
                "A ruleset is compared with the baseline on the same pairing by the difference "
                "of the attackers' scores, with an interval and p-value from adding one win and "
                "one loss to each side (Agresti and Caffo, 2000, The American Statistician "
                "54(4)), the compared rows corrected together by Holm's procedure.");
    }
    if (curve) {
        say(d, REPORTDOC_LOOSE,
            "A balance curve orders its agents (the rungs) by strength measured in the games "
            "between them: a Bradley-Terry maximum-likelihood Elo (Bradley and Terry, 1952, "
            "Biometrika 39; fitted as in Hunter, 2004, \"MM algorithms for generalized "
            "Bradley-Terry models\", Annals of Statistics 32(1)) with 95% intervals from the "
            "Fisher information. Only each rung's games against itself carry a balance "
            "verdict.");
        say(d, REPORTDOC_LOOSE,
            "The convergence verdict asks whether the strongest rungs agree: two one-sided "
            "tests of equivalence (Schuirmann, 1987, Journal of Pharmacokinetics and "
            "Biopharmaceutics 15(6)) of every pair of their scores within the experiment's "
            "width, joined by the intersection-union principle (Berger and Hsu, 1996, "
            "Statistical Science 11(4)), which needs no further correction.");
    }
    return sum || curve;
}

/* The method of ratings, an SPRT, a tuning and a training; whether anything was said. */
static bool method_search(const Study *s, ReportDoc *d)
{
    bool said = false;
    if (study_csv(s, "ratings.csv")) {
        say(d, REPORTDOC_LOOSE,
            "ratings.csv holds Bradley-Terry maximum-likelihood Elo ratings of the agents from "
            "all their games (Bradley and Terry, 1952; Hunter, 2004), with 95% intervals from "
            "the Fisher information.");
        said = true;
    }
    if (s->meta && strstr(s->meta, "\nsprt")) {
        say(d, REPORTDOC_LOOSE,
            "The match stopped by a sequential probability ratio test (Wald, 1945, Annals of "
            "Mathematical Statistics 16(2)) on normalised Elo over game pairs (Van den Bergh, "
            "\"Comments on Normalized Elo\"): it plays until the log-likelihood ratio leaves "
            "Wald's bounds.");
        said = true;
    }
    if (strcmp(s->kind, "tune") == 0) {
        char method[32] = "";
        if (s->setup)
            kv_get(s->setup, "method", method, sizeof method);
        if (strcmp(method, "spsa") == 0)
            say(d, REPORTDOC_LOOSE,
                "The parameters were tuned by simultaneous perturbation stochastic "
                "approximation (Spall, 1998, \"Implementation of the simultaneous perturbation "
                "algorithm for stochastic optimization\", IEEE Transactions on Aerospace and "
                "Electronic Systems 34(3)): each step plays paired games (both colours, one "
                "opening) at two points perturbed by +-c_k in every parameter and moves along "
                "the estimated gradient with gains a_k = a/(A+k+1)^alpha and "
                "c_k = c/(k+1)^gamma.");
        else
            say(d, REPORTDOC_LOOSE,
                "The parameters were tuned on a grid: every point plays the same number of "
                "paired games (both colours from one opening) against the opponent, and the "
                "best score is checked again with fresh games.");
        said = true;
    }
    if (strcmp(s->kind, "train") == 0) {
        say(d, REPORTDOC_LOOSE,
            "A learned evaluation was trained by self-play generations in the manner of "
            "AlphaZero-style trainers (Silver et al., 2018, Science 362), with a linear model: "
            "each generation plays games, keeps a window of recent positions with their "
            "outcomes, fits a logistic model to them, and promotes the candidate only when it "
            "wins a gate match against the best so far.");
        said = true;
    }
    return said;
}

static void section_method(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_METHOD);
    bool said = method_balance(s, d);
    said = method_search(s, d) || said;
    if (!said) {
        reportdoc_para(d, 0);
        reportdoc_literal(d, "This version of tafl has no method text for a directory of kind ");
        reportdoc_text(d, s->kind);
        reportdoc_literal(d, ": its tables and figures are shown as they are.");
    }
}
/* SHA-256 of DIR/name read as a regular file without following a link (O_NOFOLLOW) or
 * blocking on a FIFO (O_NONBLOCK, then a check that it is a regular file). */
static bool hash_file(const char *dir, const char *name, char hex[SHA256_HEX_LEN], long long *size)
{
    char path[OUTPATH_MAX + 300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return false;
    }
    Sha256 c;
    sha256_init(&c);
    unsigned char buf[65536];
    ssize_t n;
    *size = 0;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        sha256_update(&c, buf, (size_t)n);
        *size += n;
    }
    close(fd);
    if (n < 0)
        return false;
    sha256_final(&c, hex);
    return true;
}

static void hash_row(const Study *s, const char *name, ReportDoc *d)
{
    char hex[SHA256_HEX_LEN], bytes[32];
    long long size;
    if (!hash_file(s->dir, name, hex, &size))
        return; /* a link, a FIFO, a directory: not part of the record */
    snprintf(bytes, sizeof bytes, "%lld", size);
    reportdoc_row(d);
    reportdoc_cell(d, REPORTDOC_CELL_TEXT, name);
    reportdoc_cell(d, REPORTDOC_CELL_NUMBER, bytes);
    reportdoc_cell(d, REPORTDOC_CELL_CODE, hex);
}

/* The files of DIR/rulesets, sorted, as rows (the directory opened without following a link). */
static void hash_rulesets(const Study *s, ReportDoc *d)
{
    DIR *dir = NULL;
    char path[OUTPATH_MAX + 16];
    snprintf(path, sizeof path, "%s/rulesets", s->dir);
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 && !(dir = fdopendir(fd)))
        close(fd);
    char **sub = NULL;
    int nsub = 0;
    for (struct dirent *e; dir && (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        sub = xrealloc(sub, (size_t)(nsub + 1) * sizeof *sub);
        sub[nsub] = xmalloc(strlen(e->d_name) + 10);
        sprintf(sub[nsub++], "rulesets/%s", e->d_name);
    }
    if (dir)
        closedir(dir);
    if (nsub > 0)
        qsort(sub, (size_t)nsub, sizeof *sub, compare_names);
    for (int j = 0; j < nsub; j++) {
        hash_row(s, sub[j], d);
        free(sub[j]);
    }
    free(sub);
}

/* SHA-256 of every regular file of the directory but the report's own. */
static void files_table(const Study *s, ReportDoc *d)
{
    subheading(d, "Files");
    reportdoc_para(d, REPORTDOC_LOOSE);
    reportdoc_literal(d, "SHA-256 of every regular file (check with ");
    reportdoc_code(d, "sha256sum", NULL);
    reportdoc_literal(d, "):");
    reportdoc_table(d, 0);
    reportdoc_head(d, "file", NULL);
    reportdoc_head(d, "bytes", NULL);
    reportdoc_head(d, "SHA-256", NULL);
    for (int i = 0; i < s->nnames; i++) {
        const char *n = s->names[i];
        if (is_report_file(n))
            continue;
        if (strcmp(n, "rulesets") == 0)
            hash_rulesets(s, d);
        else
            hash_row(s, n, d);
    }
}

static void reproduce_part(const Study *s, ReportDoc *d)
{
    subheading(d, "How to reproduce");
    char command[4096] = "";
    if (s->meta)
        kv_get(s->meta, "command", command, sizeof command);
    bool run = strcmp(s->kind, "balance") == 0 || strcmp(s->kind, "curve") == 0 ||
               strcmp(s->kind, "merge") == 0;
    if (run) {
        size_t size = strlen(s->dir) + 16;
        char *line = xmalloc(size);
        snprintf(line, size, "tafl reproduce %s", s->dir);
        reportdoc_command(d, REPORTDOC_LOOSE | REPORTDOC_MD_CODE, line);
        free(line);
        reportdoc_literal(d, "Play every game again from what this directory holds and compare "
                             "games.csv and summary.csv byte for byte:");
    }
    if (command[0]) {
        reportdoc_command(d, 0, command);
        reportdoc_literal(d, "The command that made it:");
    } else if (!run) {
        say(d, 0, "meta records no command line.");
    }
}

static void section_provenance(const Study *s, ReportDoc *d, int id)
{
    heading(d, id, SEC_PROVENANCE);
    reportdoc_para(d, REPORTDOC_LOOSE);
    reportdoc_literal(d, "Directory: ");
    reportdoc_code(d, s->dir, NULL);
    reportdoc_literal(d, "; kind: ");
    reportdoc_text(d, s->kind);
    reportdoc_literal(d, ".");
    /* meta whole: build identity, command line, seed, times, every agent's parameters. */
    if (s->meta) {
        subheading(d, "meta");
        kv_table(s->meta, d);
    } else {
        say(d, 0,
            "No meta file: the build and command line that made the directory are not "
            "recorded.");
    }
    files_table(s, d);
    reproduce_part(s, d);
}

/* ---- the findings, first ---- */

/* The figure that shows a study's findings, the first of these the directory holds: a
 * curve's, a design's, a run's scores, a knob's, a crossing's. NULL when none. */
static const char *key_figure(const Study *s)
{
    static const char *const KEYS[] = {"curve", "design", "scores", "knob", "crossing"};
    static const char *const EXT[] = {".svg", ".png"};
    for (int i = 0; i < 5; i++)
        for (int e = 0; e < 2; e++)
            for (int j = 0; j < s->nnames; j++)
                if (strncmp(s->names[j], KEYS[i], strlen(KEYS[i])) == 0 &&
                    strcmp(s->names[j] + strlen(KEYS[i]), EXT[e]) == 0)
                    return s->names[j];
    return NULL;
}

/* Appends to the text of a list item in buf (size bytes) like printf; cut at size. */
static void item_add(char *buf, size_t size, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void item_add(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

/* The direction of a curve's strongest rungs in words (convergence.csv's direction). */
static const char *direction_words(const char *v)
{
    return strcmp(v, "attackers") == 0      ? "the strongest agents favour the attackers"
           : strcmp(v, "defenders") == 0    ? "the strongest agents favour the defenders"
           : strcmp(v, "mixed") == 0        ? "the strongest agents do not agree on a side"
           : strcmp(v, "undetermined") == 0 ? "no side shown among the strongest agents"
                                            : v;
}

/* The strength of a trend from its interval as the file gives it: which side of 0 it lies on. */
static const char *trend_words(const char *lo, const char *hi)
{
    char *end1, *end2;
    double l = strtod(lo, &end1), h = strtod(hi, &end2);
    if (!lo[0] || !hi[0] || *end1 || *end2)
        return "not measured";
    return l > 0   ? "the attackers' score rises with strength (the interval lies above 0)"
           : h < 0 ? "the attackers' score falls with strength (the interval lies below 0)"
                   : "no trend shown (the interval holds 0)";
}

/* A curve's convergence.csv in words: per ruleset, the direction with its strength. */
static void findings_curve(const Csv *c, ReportDoc *d)
{
    reportdoc_list(d);
    reportdoc_literal(d, "The balance curve (convergence.csv), ruleset by ruleset:");
    for (int r = 0; r < c->nrows && r < TABLE_ROWS_SHOWN; r++) {
        char item[4096] = "";
        item_add(item, sizeof item, "%s: ", csv_cell(c, r, "rules"));
        if (!csv_cell(c, r, "direction")[0]) { /* too few rungs to ask */
            item_add(item, sizeof item, "convergence verdict: %s", csv_cell(c, r, "verdict"));
            reportdoc_item(d, item);
            continue;
        }
        item_add(item, sizeof item, "%s (p %s, Holm, over the strongest %s rungs)",
                 direction_words(csv_cell(c, r, "direction")), csv_cell(c, r, "direction_p"),
                 csv_cell(c, r, "top_rungs"));
        if (csv_cell(c, r, "trend")[0])
            item_add(item, sizeof item, "; trend %s per 100 Elo [%s, %s]: %s",
                     csv_cell(c, r, "trend"), csv_cell(c, r, "trend_low"),
                     csv_cell(c, r, "trend_high"),
                     trend_words(csv_cell(c, r, "trend_low"), csv_cell(c, r, "trend_high")));
        else
            item_add(item, sizeof item, "; trend not measured");
        item_add(item, sizeof item, "; convergence verdict: %s", csv_cell(c, r, "verdict"));
        reportdoc_item(d, item);
    }
}

/* Up to NAMES_SHOWN rulesets of a pairing named in a finding, then how many more. */
#define NAMES_SHOWN 5

/* One row's verdict in words, after prefix. */
static void verdict_item(const Csv *c, int r, const char *prefix, ReportDoc *d)
{
    char item[4096];
    snprintf(item, sizeof item, "%s%s: %s; attackers' score %s [%s, %s], p %s (Holm)", prefix,
             csv_cell(c, r, "rules"), verdict_words(csv_cell(c, r, "verdict")),
             csv_cell(c, r, "attacker_score"), csv_cell(c, r, "attacker_score_low"),
             csv_cell(c, r, "attacker_score_high"), csv_cell(c, r, "balance_p_holm"));
    reportdoc_item(d, item);
}

/* One pairing's rows v[0..n) (grouped and ranked by verdict_rows) in words: each ruleset's
 * verdict (or their tally past a few), the closest to 1/2, and the closer/farther verdicts. */
static void findings_pairing(const Csv *c, const VerdictRow *v, int n, ReportDoc *d)
{
    reportdoc_list(d);
    reportdoc_text(d, v[0].attacker);
    reportdoc_literal(d, " (attackers) against ");
    reportdoc_text(d, v[0].defender);
    reportdoc_literal(d, " (defenders):");
    char item[4096];
    if (n <= 2 * NAMES_SHOWN) {
        for (int i = 0; i < n; i++)
            verdict_item(c, v[i].row, "", d);
    } else {
        static const char *const WORDS[] = {"attackers", "defenders", "balanced", "undetermined"};
        int count[4] = {0}, other = 0;
        for (int i = 0; i < n; i++) {
            const char *w = csv_cell(c, v[i].row, "verdict");
            int k = 0;
            while (k < 4 && strcmp(w, WORDS[k]) != 0)
                k++;
            if (k < 4)
                count[k]++;
            else
                other++;
        }
        snprintf(item, sizeof item,
                 "%d rulesets: %d favour the attackers, %d the defenders, %d balanced, %d "
                 "undetermined",
                 n, count[0], count[1], count[2], count[3]);
        if (other)
            item_add(item, sizeof item, ", %d with another verdict", other);
        reportdoc_item(d, item);
    }
    if (v[0].rank > 0) {
        int r = v[0].row;
        snprintf(item, sizeof item, "%s %s: distance %s [%s, %s] (equivalence: %s)",
                 n > 1 ? "Closest to 1/2:" : "Distance from 1/2 of", csv_cell(c, r, "rules"),
                 csv_cell(c, r, "distance"), csv_cell(c, r, "distance_low"),
                 csv_cell(c, r, "distance_high"), csv_cell(c, r, "equivalence"));
        for (int i = 1; i < n && i < 3; i++)
            item_add(item, sizeof item, "%s %s (%s)", i == 1 ? "; then" : ",",
                     csv_cell(c, v[i].row, "rules"), csv_cell(c, v[i].row, "distance"));
        reportdoc_item(d, item);
    }
    /* The closer/farther verdicts against the baseline, where summary.csv has them. */
    static const char *const CHANGES[] = {"closer", "farther"};
    const char *base = NULL;
    for (int i = 0; i < n && !base; i++)
        if (csv_cell(c, v[i].row, "closer_verdict")[0])
            base = csv_cell(c, v[i].row, "baseline");
    if (!base)
        return;
    snprintf(item, sizeof item, "Against the baseline %s:", base);
    int none = 0;
    for (int k = 0; k < 2; k++) {
        int named = 0, all = 0;
        for (int i = 0; i < n; i++) {
            int r = v[i].row;
            if (strcmp(csv_cell(c, r, "closer_verdict"), CHANGES[k]) != 0)
                continue;
            if (named++ < NAMES_SHOWN)
                item_add(
                    item, sizeof item, "%s %s (change %s [%s, %s], p %s)",
                    named == 1 ? (k == 0 ? " closer:" : " farther:") : ",", csv_cell(c, r, "rules"),
                    csv_cell(c, r, "distance_change"), csv_cell(c, r, "distance_change_low"),
                    csv_cell(c, r, "distance_change_high"), csv_cell(c, r, "distance_change_p"));
            all++;
        }
        if (all > NAMES_SHOWN)
            item_add(item, sizeof item, " and %d more", all - NAMES_SHOWN);
        if (all)
            item_add(item, sizeof item, ";");
        else
            none++;
    }
    int same = 0;
    for (int i = 0; i < n; i++)
        same += strcmp(csv_cell(c, v[i].row, "closer_verdict"), "no_difference") == 0;
    item_add(item, sizeof item, " %s%d with no significant change",
             none == 2 ? "none closer or farther; " : "", same);
    reportdoc_item(d, item);
}

/* The most pairings put in words; the balance table has every one. */
#define FINDINGS_PAIRINGS 12

/* The study's answer first, in words: a curve's direction, each pairing's verdicts, the
 * closest rulesets, the closer/farther verdicts; all read from the directory's tables, none
 * recomputed. Then the figure that shows them; whether it was embedded. */
static bool section_findings(const Study *s, ReportDoc *d, int id, const char *md_path,
                             const char *key)
{
    heading(d, id, SEC_FINDINGS);
    const Csv *sum = study_csv(s, "summary.csv"), *conv = study_csv(s, "convergence.csv");
    if (!sum && !conv) {
        say(d, 0,
            "No summary.csv or convergence.csv: this kind of directory has no findings in "
            "words; its tables and figures follow.");
    } else {
        say(d, REPORTDOC_LOOSE,
            "In words, from the directory's summary.csv and convergence.csv as the run wrote "
            "them (nothing recomputed; the sections below hold the tables and the method).");
    }
    if (conv)
        findings_curve(conv, d);
    if (sum) {
        int n, pairings = 0;
        VerdictRow *v = verdict_rows(sum, &n);
        bool single = true; /* one ruleset (a curve's rungs): one list of every pairing */
        for (int i = 1; i < n; i++)
            single = single && !same_pairing(&v[i - 1], &v[i]);
        if (single && n > 1) {
            reportdoc_list(d);
            reportdoc_literal(d, "The verdicts, pairing by pairing (attackers against defenders):");
            for (int i = 0; i < n && i < TABLE_ROWS_SHOWN; i++) {
                char prefix[600];
                snprintf(prefix, sizeof prefix, "%s against %s, ", v[i].attacker, v[i].defender);
                verdict_item(sum, v[i].row, prefix, d);
            }
            n = 0; /* said */
            pairings = -1;
        }
        for (int i = 0; i < n;) {
            int j = i + 1;
            while (j < n && same_pairing(&v[i], &v[j]))
                j++;
            if (pairings++ < FINDINGS_PAIRINGS)
                findings_pairing(sum, v + i, j - i, d);
            i = j;
        }
        free(v);
        if (pairings > FINDINGS_PAIRINGS) {
            char text[160];
            snprintf(text, sizeof text,
                     "And %d more pairings: the balance table below has every one.",
                     pairings - FINDINGS_PAIRINGS);
            say(d, 0, text);
        }
        if (n == 0 && pairings == 0)
            say(d, 0, "summary.csv holds no row with a balance verdict.");
    }
    return key && figure_part(s, key, d, md_path);
}

/* ---- the whole ---- */

static void study_sections(const Study *s, ReportDoc *d, int id, const char *md_path)
{
    char anchor[32];
    snprintf(anchor, sizeof anchor, "s%d", id);
    reportdoc_study(d, anchor, s->title, s->kind);
    const char *key = key_figure(s);
    if (!section_findings(s, d, id, md_path, key))
        key = NULL;
    section_question(s, d, id);
    section_rulesets(s, d, id);
    section_agents(s, d, id);
    section_balance(s, d, id);
    section_tables(s, d, id);
    section_figures(s, d, id, md_path, key);
    section_method(s, d, id);
    section_provenance(s, d, id);
    reportdoc_study_end(d);
}

/* The page's title and the paragraph that says what made it from which directories. */
static ReportDoc *report_doc(const Study *studies, int n, const char *md_path)
{
    char title[320], made[128];
    if (n == 1)
        snprintf(title, sizeof title, "tafl report: %s", studies[0].title);
    else
        snprintf(title, sizeof title, "tafl report: %d studies", n);
    ReportDoc *d = reportdoc_create(title);
    reportdoc_para(d, 0);
    snprintf(made, sizeof made, "Made by tafl %s (build ", TAFL_VERSION);
    reportdoc_literal(d, made);
    reportdoc_text(d, buildinfo_identity());
    reportdoc_literal(d, ") from the files of ");
    for (int i = 0; i < n; i++) {
        char anchor[32];
        snprintf(anchor, sizeof anchor, "s%d", i + 1);
        if (i)
            reportdoc_literal(d, ", ");
        reportdoc_code(d, studies[i].dir, anchor);
    }
    reportdoc_literal(d, ". Nothing is recomputed: the numbers are the run's own.");
    for (int i = 0; i < n; i++)
        study_sections(&studies[i], d, i + 1, md_path);
    return d;
}
static void put_field(FILE *f, const char *text)
{
    Error ignored;
    /* A CSV field is never refused (safetext.h). */
    Status st = safetext_write(f, SAFETEXT_CSV, "report.csv", text, &ignored);
    (void)st;
}

/* The tidy CSV: a `dir` column, then the union of the summaries' columns in the order they
 * first appear; one row per directory and summary row. */
static void tidy_csv(const Study *studies, int n, FILE *f)
{
    const char **cols = NULL;
    int ncols = 0;
    for (int i = 0; i < n; i++) {
        const Csv *c = study_csv(&studies[i], "summary.csv");
        for (int j = 0; c && j < c->ncols; j++) {
            bool seen = false;
            for (int k = 0; k < ncols && !seen; k++)
                seen = strcmp(cols[k], c->head[j]) == 0;
            if (!seen) {
                cols = xrealloc(cols, (size_t)(ncols + 1) * sizeof *cols);
                cols[ncols++] = c->head[j];
            }
        }
    }
    /* Every field, the header's too, as safetext writes a CSV field: RFC 4180 quoting, and no
     * cell of an edited summary.csv that a spreadsheet would run as a formula. */
    put_field(f, "dir");
    for (int k = 0; k < ncols; k++) {
        fputc(',', f);
        put_field(f, cols[k]);
    }
    fputc('\n', f);
    for (int i = 0; i < n; i++) {
        const Csv *c = study_csv(&studies[i], "summary.csv");
        for (int r = 0; c && r < c->nrows; r++) {
            for (int k = -1; k < ncols; k++) {
                if (k >= 0)
                    fputc(',', f);
                put_field(f, k < 0 ? studies[i].dir : csv_cell(c, r, cols[k]));
            }
            fputc('\n', f);
        }
    }
    free(cols);
}

Status report_write(const char *const *dirs, int n, const ReportOutputs *out, Error *err)
{
    Study *studies = xcalloc((size_t)n, sizeof *studies);
    Status st = ST_OK;
    int nread = 0;
    while (nread < n && st == ST_OK) {
        st = study_read(dirs[nread], &studies[nread], err);
        nread++;
    }
    char *htext = NULL, *mtext = NULL, *ctext = NULL;
    size_t hlen = 0, mlen = 0, clen = 0;
    if (st == ST_OK) {
        ReportDoc *d = report_doc(studies, n, out->md);
        FILE *h = xopen_memstream(&htext, &hlen), *m = xopen_memstream(&mtext, &mlen),
             *c = xopen_memstream(&ctext, &clen);
        report_html_write(h, d);
        report_md_write(m, d);
        tidy_csv(studies, n, c);
        reportdoc_destroy(d);
        bool bad = ferror(h) || ferror(m) || ferror(c);
        fclose(h);
        fclose(m);
        fclose(c);
        if (bad) {
            error_set(err, "out of memory while making the report");
            st = ST_EIO;
        }
    }
    if (st == ST_OK)
        st = files_write(out->html, htext, hlen, err);
    if (st == ST_OK && out->md)
        st = files_write(out->md, mtext, mlen, err);
    if (st == ST_OK && out->csv)
        st = files_write(out->csv, ctext, clen, err);
    free(htext);
    free(mtext);
    free(ctext);
    for (int i = 0; i < nread; i++)
        study_free(&studies[i]);
    free(studies);
    return st;
}
