/* tafl report: a study's page, its Markdown twin and the tidy CSV of its summaries (see
 * report.h). Everything shown comes from the files of the run directories; nothing is
 * recomputed, so the page says what the run said. */
#include "studies/report.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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

/* Rows of a table shown on the page (the tidy CSV has them all). */
#define TABLE_ROWS_SHOWN 200
/* The largest figure embedded (bytes); a bigger one is named, not embedded. */
#define FIGURE_MAX (16u << 20)
/* The most rulesets drawn per directory. */
#define RULESETS_MAX 64

/* A CSV file read whole: a header and rows of exactly ncols cells (short rows padded with ""). */
typedef struct {
    char name[256]; /* the file's name in its directory */
    int ncols;
    char **head;
    int nrows;
    char ***rows;
} Csv;

/* A ruleset named by a directory, and what became of it. */
typedef struct {
    char name[RULES_NAME_MAX + 64];
    char file[256]; /* the ruleset file inside the directory, "" for a preset */
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
    ReportRules rules[RULESETS_MAX];
    int nrules;
} Study;

/* ---- small helpers ---- */

static void put(FILE *f, SafeTextDest dest, const char *text)
{
    Error ignored;
    /* HTML and Markdown are never refused (safetext.h). */
    Status st = safetext_write(f, dest, "report", text ? text : "", &ignored);
    (void)st;
}

static void html(FILE *f, const char *text)
{
    put(f, SAFETEXT_HTML, text);
}

static void md(FILE *f, const char *text)
{
    put(f, SAFETEXT_MARKDOWN, text);
}

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

/* Splits CSV text (RFC 4180: commas, double quotes doubled inside quoted fields) into *csv. */
static void csv_parse(const char *text, Csv *csv)
{
    csv->ncols = 0;
    csv->head = NULL;
    csv->nrows = 0;
    csv->rows = NULL;
    int cap_rows = 0;
    const char *p = text;
    bool header = true;
    while (*p) {
        int cap = 8, n = 0;
        char **cells = xcalloc((size_t)cap, sizeof *cells);
        for (;;) {
            char *cell = NULL;
            size_t len = 0;
            FILE *f = xopen_memstream(&cell, &len);
            if (*p == '"') {
                for (p++; *p; p++) {
                    if (*p == '"' && p[1] == '"')
                        fputc(*p++, f);
                    else if (*p == '"') {
                        p++;
                        break;
                    } else
                        fputc(*p, f);
                }
            }
            while (*p && *p != ',' && *p != '\n' && *p != '\r')
                fputc(*p++, f);
            fclose(f);
            if (n == cap) {
                cap *= 2;
                cells = xrealloc(cells, (size_t)cap * sizeof *cells);
            }
            cells[n++] = cell;
            if (*p == ',') {
                p++;
                continue;
            }
            if (*p == '\r')
                p++;
            if (*p == '\n')
                p++;
            break;
        }
        if (header) {
            csv->head = cells;
            csv->ncols = n;
            header = false;
            continue;
        }
        if (n == 1 && cells[0][0] == '\0') { /* an empty line */
            free(cells[0]);
            free(cells);
            continue;
        }
        char **row = xcalloc((size_t)(csv->ncols > n ? csv->ncols : n), sizeof *row);
        for (int i = 0; i < n; i++)
            row[i] = cells[i];
        for (int i = n; i < csv->ncols; i++)
            row[i] = xcalloc(1, 1);
        for (int i = csv->ncols; i < n; i++) /* more cells than the header: dropped */
            free(row[i]);
        free(cells);
        if (csv->nrows == cap_rows) {
            cap_rows = cap_rows ? 2 * cap_rows : 16;
            csv->rows = xrealloc(csv->rows, (size_t)cap_rows * sizeof *csv->rows);
        }
        csv->rows[csv->nrows++] = row;
    }
}

static void csv_free(Csv *csv)
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

static void add_rules(Study *s, const char *name, const char *file)
{
    for (int i = 0; i < s->nrules; i++)
        if (strcmp(s->rules[i].name, name) == 0)
            return;
    if (s->nrules == RULESETS_MAX || !name[0])
        return;
    ReportRules *r = &s->rules[s->nrules++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->file, sizeof r->file, "%s", file ? file : "");
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
        for (int i = 1; i <= RULESETS_MAX; i++) {
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
            add_rules(s, name, file);
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
        csv_free(&s->csvs[i]);
    free(s->csvs);
    for (int i = 0; i < s->nrules; i++)
        free(s->rules[i].rules);
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
        char *text = read_quietly(dir, n);
        if (!text)
            continue;
        s->csvs = xrealloc(s->csvs, (size_t)(s->ncsvs + 1) * sizeof *s->csvs);
        Csv *c = &s->csvs[s->ncsvs++];
        csv_parse(text, c);
        snprintf(c->name, sizeof c->name, "%s", n);
        free(text);
    }
    find_rules(s);
    return ST_OK;
}

/* ---- pieces of the page ---- */

static const char STYLE[] =
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n"
    "h1{border-bottom:2px solid #444}h2{border-bottom:1px solid #aaa;margin-top:2em}\n"
    "table.data{border-collapse:collapse;font-size:0.85em;margin:0.5em 0;display:block;"
    "overflow-x:auto;max-width:100%}\n"
    "table.data td,table.data th{border:1px solid #bbb;padding:2px 6px;text-align:right}\n"
    "table.data th{background:#eee}table.data td{white-space:nowrap}\n"
    "table.data td.t{text-align:left;white-space:normal}\n"
    "table.board{border-collapse:collapse;margin:0.5em 1em 0.5em 0;display:inline-table}\n"
    "table.board td{width:26px;height:26px;border:1px solid #8a7450;background:#e8d4a8;"
    "text-align:center;vertical-align:middle;padding:0}\n"
    "table.board th{font-size:0.7em;font-weight:normal;color:#555}\n"
    "table.board td.throne,table.board td.corner{background:#b58f55}\n"
    "span.a,span.d,span.k{display:inline-block;width:18px;height:18px;border-radius:50%}\n"
    "span.a{background:#222}span.d{background:#fff;border:1px solid #222;width:16px;"
    "height:16px}\n"
    "span.k{background:#fff;border:4px double #a00;width:10px;height:10px}\n"
    "img.figure{max-width:100%;border:1px solid #ccc}\n"
    "pre{background:#f6f6f6;padding:0.5em;overflow-x:auto}\n"
    "td.attackers{background:#f4d0d0}td.defenders{background:#d0dcf4}"
    "td.balanced{background:#d8f0d0}\n";

/* The sections of a study, in order: their HTML ids, and the headings both files share. */
static const char *const SECTIONS[][2] = {
    {"question", "Question"}, {"rulesets", "Rulesets"},     {"agents", "Agents"},
    {"balance", "Balance"},   {"tables", "Tables"},         {"figures", "Figures"},
    {"method", "Method"},     {"provenance", "Provenance"},
};

static void html_heading(FILE *f, int study, int section)
{
    fprintf(f, "<h2 id=\"s%d-%s\">%s</h2>\n", study, SECTIONS[section][0], SECTIONS[section][1]);
}

static void md_heading(FILE *f, int section)
{
    fprintf(f, "\n### %s\n\n", SECTIONS[section][1]);
}

static void section_question(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 0);
    md_heading(m, 0);
    if (!s->question) {
        fprintf(h, "<p>The directory holds no experiment file with a comment at its top.</p>\n");
        fprintf(m, "The directory holds no experiment file with a comment at its top.\n");
        return;
    }
    fputs("<blockquote><pre>", h);
    html(h, s->question);
    fputs("</pre></blockquote>\n<p>(the comment at the top of ", h);
    html(h, s->question_file);
    fputs(")</p>\n", h);
    for (const char *line = s->question; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char buf[1024];
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
        fputs("> ", m);
        md(m, buf);
        fputs("\n", m);
        line = end ? end + 1 : line + n;
    }
    fputs("\n(the comment at the top of ", m);
    md(m, s->question_file);
    fputs(")\n", m);
}

/* The start position as an HTML table: file letters above, rank numbers beside (as OTN names
 * squares and `tafl replay` draws them), throne and corners marked. */
static void board_html(FILE *h, const Rules *r)
{
    GameState st;
    state_init(r, &st);
    fputs("<table class=\"board\"><tr><th></th>", h);
    for (int file = 0; file < r->size; file++)
        fprintf(h, "<th>%c</th>", 'a' + file);
    fputs("</tr>\n", h);
    for (int row = 0; row < r->size; row++) {
        fprintf(h, "<tr><th>%d</th>", row + 1);
        for (int file = 0; file < r->size; file++) {
            int sq = row * r->size + file;
            bool corner = r->opt.corners && ((r->corner[sq >> 6] >> (sq & 63)) & 1);
            bool throne = r->opt.throne && sq == r->throne_sq;
            Piece p = state_piece_at(r, &st, sq);
            fprintf(h, "<td%s>", corner ? " class=\"corner\"" : throne ? " class=\"throne\"" : "");
            if (p == PIECE_ATTACKER)
                fputs("<span class=\"a\"></span>", h);
            else if (p == PIECE_DEFENDER)
                fputs("<span class=\"d\"></span>", h);
            else if (p == PIECE_KING)
                fputs("<span class=\"k\"></span>", h);
            fputs("</td>", h);
        }
        fputs("</tr>\n", h);
    }
    fputs("</table>\n", h);
}

static void section_rulesets(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 1);
    md_heading(m, 1);
    if (s->nrules == 0) {
        fputs("<p>The directory names no ruleset.</p>\n", h);
        fputs("The directory names no ruleset.\n", m);
        return;
    }
    fputs("<p>Each start position: black discs are the attackers, white discs the defenders, "
          "the ringed disc the king; dark squares are the throne and the corners where they "
          "are restricted.</p>\n",
          h);
    /* A sweep's candidates mostly share the base's start: each position is drawn once, and a
     * ruleset that starts from one already drawn names it (a design study has dozens). */
    char *drawn[RULESETS_MAX] = {NULL};
    for (int i = 0; i < s->nrules; i++) {
        const ReportRules *r = &s->rules[i];
        fputs("<h3>", h);
        html(h, r->name);
        fputs("</h3>\n", h);
        fputs("\n#### ", m);
        md(m, r->name);
        fputs("\n\n", m);
        const char *from = r->file[0] ? r->file : "the preset of this name";
        if (!r->ok) {
            fputs("<p>Not drawn: ", h);
            html(h, r->why);
            fputs("</p>\n", h);
            fputs("Not drawn: ", m);
            md(m, r->why);
            fputs("\n", m);
            continue;
        }
        char *cells = NULL;
        size_t cells_len = 0;
        FILE *cf = xopen_memstream(&cells, &cells_len);
        board_html(cf, r->rules);
        fclose(cf);
        int same = -1;
        for (int j = 0; j < i && same < 0; j++)
            if (drawn[j] && strcmp(drawn[j], cells) == 0)
                same = j;
        drawn[i] = cells;
        if (same >= 0) {
            fputs("<p>The start position of ", h);
            html(h, s->rules[same].name);
            fputs(" (drawn above).</p>\n", h);
        } else {
            fputs(cells, h);
        }
        char opts[4096];
        ruleset_format(&r->rules->opt, opts, sizeof opts);
        fputs("<details><summary>options (from ", h);
        html(h, from);
        fputs(")</summary><pre>", h);
        html(h, opts);
        fputs("</pre></details>\n", h);
        GameState st;
        state_init(r->rules, &st);
        char *board = NULL;
        size_t len = 0;
        FILE *b = xopen_memstream(&board, &len);
        boardtext_print(b, r->rules, &st);
        fclose(b);
        /* Our own drawing: letters, digits, '.', '+' and words; no fence can appear in it. */
        if (same >= 0) {
            fputs("The start position of ", m);
            md(m, s->rules[same].name);
            fputs(" (drawn above).\n\nOptions (from ", m);
        } else {
            fprintf(m, "```\n%s```\n\nOptions (from ", board);
        }
        md(m, from);
        fprintf(m, "):\n\n```\n");
        /* The options text holds the start layout and option names: no backquotes. */
        for (const char *p = opts; *p; p++)
            fputc(*p == '`' ? '\'' : *p, m);
        fprintf(m, "```\n");
        free(board);
    }
    for (int i = 0; i < s->nrules; i++)
        free(drawn[i]);
}

/* The rows of a `key value` (or `key = value`) record as two-column table rows. */
static void kv_table(const char *text, FILE *h, FILE *m)
{
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
        fputs("<tr><td class=\"t\">", h);
        html(h, buf);
        fputs("</td><td class=\"t\">", h);
        html(h, value);
        fputs("</td></tr>\n", h);
        fputs("| ", m);
        md(m, buf);
        fputs(" | ", m);
        md(m, value);
        fputs(" |\n", m);
    }
}

static void agent_row(FILE *h, FILE *m, const char *name, const char *spec)
{
    /* The spec's parts as the agent reads them: an engine's cmd= may hold commas. */
    AgentSpecParts *parts = xmalloc(sizeof *parts);
    if (agent_spec_parts(spec, parts, NULL) != ST_OK) {
        memset(parts, 0, sizeof *parts);
        snprintf(parts->type, sizeof parts->type, "%.*s", (int)strcspn(spec, ":"), spec);
    }
    fputs("<tr><td class=\"t\">", h);
    html(h, name);
    fputs("</td><td class=\"t\">", h);
    html(h, parts->type);
    fputs("</td><td class=\"t\">", h);
    /* ", " between parameters: a long list wraps. */
    for (int i = 0; i < parts->count; i++) {
        char item[1100];
        snprintf(item, sizeof item, "%s=%s", parts->key[i], parts->value[i]);
        if (i)
            fputs(", ", h);
        html(h, item);
    }
    fputs("</td></tr>\n", h);
    fputs("| ", m);
    md(m, name);
    fputs(" | ", m);
    md(m, parts->type);
    fputs(" | ", m);
    const char *colon = strchr(spec, ':');
    md(m, colon ? colon + 1 : "");
    fputs(" |\n", m);
    free(parts);
}

static void section_agents(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 2);
    md_heading(m, 2);
    fputs("<table class=\"data\"><tr><th>agent</th><th>type</th><th>parameters (every one, "
          "defaults included, as the run used them)</th></tr>\n",
          h);
    fputs("| agent | type | parameters |\n|---|---|---|\n", m);
    int rows = 0;
    /* meta's agent.NAME lines carry every parameter; setup's agent.N and spec.N what the file
     * said; a tuning's setup names its agent and opponent. */
    for (const char *line = s->meta; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n > 6 && strncmp(line, "agent.", 6) == 0) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
            char *sp = strchr(buf, ' ');
            if (sp) {
                *sp = '\0';
                agent_row(h, m, buf + 6, sp + 1);
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
        agent_row(h, m, name, spec);
        rows++;
    }
    static const char *const ROLES[] = {"agent", "opponent"};
    for (int i = 0; i < 2 && rows == 0 && s->setup; i++) {
        char spec[4096];
        if (kv_get(s->setup, ROLES[i], spec, sizeof spec))
            agent_row(h, m, ROLES[i], spec);
    }
    fputs("</table>\n", h);
    if (rows == 0 && s->setup && strcmp(s->kind, "tune") != 0) {
        /* No agent named as such (a training): its settings say what played. */
        fputs("<p>No agents are recorded by name; the directory's settings (setup):</p>\n"
              "<table class=\"data\">\n",
              h);
        fputs("\nNo agents are recorded by name; the directory's settings (setup):\n\n"
              "| key | value |\n|---|---|\n",
              m);
        kv_table(s->setup, h, m);
        fputs("</table>\n", h);
    }
    if (s->setup && strcmp(s->kind, "tune") == 0) {
        fputs("<p>Tuned parameters (setup):</p><ul>\n", h);
        fputs("\nTuned parameters (setup):\n\n", m);
        for (int i = 1; i <= 64; i++) {
            char key[32], p[256], lo[64] = "", hi[64] = "", k2[300];
            snprintf(key, sizeof key, "param.%d", i);
            if (!kv_get(s->setup, key, p, sizeof p))
                break;
            snprintf(k2, sizeof k2, "param.%s.min", p);
            kv_get(s->setup, k2, lo, sizeof lo);
            snprintf(k2, sizeof k2, "param.%s.max", p);
            kv_get(s->setup, k2, hi, sizeof hi);
            fputs("<li>", h);
            html(h, p);
            fputs(" in [", h);
            html(h, lo);
            fputs(", ", h);
            html(h, hi);
            fputs("]</li>\n", h);
            fputs("- ", m);
            md(m, p);
            fputs(" in &#91;", m);
            md(m, lo);
            fputs(", ", m);
            md(m, hi);
            fputs("&#93;\n", m);
        }
        fputs("</ul>\n", h);
    }
}

/* A cell of the balance table: "score [low, high]" when low is there. */
static void interval_text(char *buf, size_t size, const char *v, const char *lo, const char *hi)
{
    if (lo[0] || hi[0])
        snprintf(buf, size, "%s [%s, %s]", v, lo, hi);
    else
        snprintf(buf, size, "%s", v);
}

static void section_balance(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 3);
    md_heading(m, 3);
    const Csv *c = study_csv(s, "summary.csv");
    if (!c) {
        fputs("<p>No summary.csv: this kind of directory has no balance table (its own "
              "tables follow).</p>\n",
              h);
        fputs("No summary.csv: this kind of directory has no balance table (its own tables "
              "follow).\n",
              m);
        return;
    }
    bool diff = false;
    for (int r = 0; r < c->nrows; r++)
        diff = diff || csv_cell(c, r, "baseline")[0];
    static const char *const HEAD[] = {"rules",
                                       "attacker",
                                       "defender",
                                       "games",
                                       "attacker wins",
                                       "defender wins",
                                       "draws",
                                       "attackers' score [95% interval]",
                                       "balance p (Holm)",
                                       "verdict"};
    static const char *const DHEAD[] = {"baseline", "score difference [95% interval]",
                                        "difference p (Holm)", "difference verdict"};
    fputs("<table class=\"data\"><tr>", h);
    fputs("|", m);
    for (size_t i = 0; i < sizeof HEAD / sizeof HEAD[0]; i++) {
        fprintf(h, "<th>%s</th>", HEAD[i]);
        fprintf(m, " %s |", HEAD[i]);
    }
    for (size_t i = 0; diff && i < sizeof DHEAD / sizeof DHEAD[0]; i++) {
        fprintf(h, "<th>%s</th>", DHEAD[i]);
        fprintf(m, " %s |", DHEAD[i]);
    }
    fputs("</tr>\n", h);
    fputs("\n|", m);
    for (size_t i = 0; i < sizeof HEAD / sizeof HEAD[0] + (diff ? 4 : 0); i++)
        fputs("---|", m);
    fputs("\n", m);
    for (int r = 0; r < c->nrows && r < TABLE_ROWS_SHOWN; r++) {
        char score[256], dscore[256];
        interval_text(score, sizeof score, csv_cell(c, r, "attacker_score"),
                      csv_cell(c, r, "attacker_score_low"), csv_cell(c, r, "attacker_score_high"));
        interval_text(dscore, sizeof dscore, csv_cell(c, r, "score_diff"),
                      csv_cell(c, r, "score_diff_low"), csv_cell(c, r, "score_diff_high"));
        const char *cells[14] = {
            csv_cell(c, r, "rules"),          csv_cell(c, r, "attacker"),
            csv_cell(c, r, "defender"),       csv_cell(c, r, "games"),
            csv_cell(c, r, "attacker_wins"),  csv_cell(c, r, "defender_wins"),
            csv_cell(c, r, "draws"),          score,
            csv_cell(c, r, "balance_p_holm"), csv_cell(c, r, "verdict"),
            csv_cell(c, r, "baseline"),       csv_cell(c, r, "baseline")[0] ? dscore : "",
            csv_cell(c, r, "diff_p_holm"),    csv_cell(c, r, "diff_verdict")};
        int ncells = diff ? 14 : 10;
        fputs("<tr>", h);
        fputs("|", m);
        for (int i = 0; i < ncells; i++) {
            const char *v = cells[i];
            bool verdict = i == 9 || i == 13;
            bool known = strcmp(v, "attackers") == 0 || strcmp(v, "defenders") == 0 ||
                         strcmp(v, "balanced") == 0;
            /* Only a known verdict word becomes a class name: the cell text itself is data. */
            if (verdict && known)
                fprintf(h, "<td class=\"t %s\">", v);
            else
                fprintf(h, "<td%s>", i < 3 || verdict || i == 10 ? " class=\"t\"" : "");
            html(h, v);
            fputs("</td>", h);
            fputs(" ", m);
            md(m, v);
            fputs(" |", m);
        }
        fputs("</tr>\n", h);
        fputs("\n", m);
    }
    fputs("</table>\n", h);
    if (c->nrows > TABLE_ROWS_SHOWN) {
        fprintf(h, "<p>The first %d of %d rows; the tidy CSV has them all.</p>\n", TABLE_ROWS_SHOWN,
                c->nrows);
        fprintf(m, "\nThe first %d of %d rows; the tidy CSV has them all.\n", TABLE_ROWS_SHOWN,
                c->nrows);
    }
    fputs("<p>Verdict: <b>attackers</b> or <b>defenders</b> when the attackers' score departs "
          "from 1/2 at the 5% family-wise level after Holm's correction; <b>balanced</b> when "
          "it does not (too little evidence of imbalance, not a proof of balance); "
          "<b>ladder</b> for a curve's games between different rungs, which measure the "
          "agents, not the rules.</p>\n",
          h);
    fputs("\nVerdict: attackers or defenders when the attackers' score departs from 1/2 at the "
          "5% family-wise level after Holm's correction; balanced when it does not (too little "
          "evidence of imbalance, not a proof of balance); ladder for a curve's games between "
          "different rungs, which measure the agents, not the rules.\n",
          m);
}

static void generic_table(const Csv *c, FILE *h, FILE *m)
{
    fputs("<h3>", h);
    html(h, c->name);
    fputs("</h3>\n<table class=\"data\"><tr>", h);
    fputs("\n#### ", m);
    md(m, c->name);
    fputs("\n\n|", m);
    for (int i = 0; i < c->ncols; i++) {
        fputs("<th>", h);
        html(h, c->head[i]);
        fputs("</th>", h);
        fputs(" ", m);
        md(m, c->head[i]);
        fputs(" |", m);
    }
    fputs("</tr>\n", h);
    fputs("\n|", m);
    for (int i = 0; i < c->ncols; i++)
        fputs("---|", m);
    fputs("\n", m);
    for (int r = 0; r < c->nrows && r < TABLE_ROWS_SHOWN; r++) {
        fputs("<tr>", h);
        fputs("|", m);
        for (int i = 0; i < c->ncols; i++) {
            fputs("<td>", h);
            html(h, c->rows[r][i]);
            fputs("</td>", h);
            fputs(" ", m);
            md(m, c->rows[r][i]);
            fputs(" |", m);
        }
        fputs("</tr>\n", h);
        fputs("\n", m);
    }
    fputs("</table>\n", h);
    if (c->nrows > TABLE_ROWS_SHOWN) {
        fprintf(h, "<p>The first %d of %d rows (the whole file is in the directory).</p>\n",
                TABLE_ROWS_SHOWN, c->nrows);
        fprintf(m, "\nThe first %d of %d rows (the whole file is in the directory).\n",
                TABLE_ROWS_SHOWN, c->nrows);
    }
}

static void section_tables(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 4);
    md_heading(m, 4);
    int shown = 0;
    for (int i = 0; i < s->ncsvs; i++) {
        if (strcmp(s->csvs[i].name, "summary.csv") == 0)
            continue;
        generic_table(&s->csvs[i], h, m);
        shown++;
    }
    if (shown == 0) {
        fputs("<p>No other tables.</p>\n", h);
        fputs("No other tables.\n", m);
    }
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

/* RFC 4648, section 4: the base 64 alphabet, '=' padding, no line breaks. */
static void put_base64(FILE *f, const unsigned char *p, size_t n)
{
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        fputc(A[v >> 18 & 63], f);
        fputc(A[v >> 12 & 63], f);
        fputc(i + 1 < n ? A[v >> 6 & 63] : '=', f);
        fputc(i + 2 < n ? A[v & 63] : '=', f);
    }
}

/* The path from the directory holding the Markdown file to DIR/name, for its image links:
 * name alone when they are the same directory, DIR/name when the file is in the current
 * directory or DIR is absolute, else DIR made absolute. */
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
    struct stat a, b;
    if (stat(md_dir, &a) == 0 && stat(dir, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino) {
        snprintf(out, size, "%s", name);
        return;
    }
    char cwd[OUTPATH_MAX];
    if (dir[0] == '/' || strcmp(md_dir, ".") == 0 || !getcwd(cwd, sizeof cwd))
        snprintf(out, size, "%s/%s", dir, name);
    else
        snprintf(out, size, "%s/%s/%s", cwd, dir, name);
}

static void section_figures(const Study *s, FILE *h, FILE *m, int id, const char *md_path)
{
    html_heading(h, id, 5);
    md_heading(m, 5);
    int shown = 0;
    for (int i = 0; i < s->nnames; i++) {
        const char *n = s->names[i];
        bool svg = ends_with(n, ".svg"), png = ends_with(n, ".png");
        if ((!svg && !png) || is_report_file(n))
            continue;
        if (png) { /* the SVG of the same figure is shown instead, when there is one */
            char twin[300];
            snprintf(twin, sizeof twin, "%.*s.svg", (int)(strlen(n) - 4), n);
            if (has_name(s, twin))
                continue;
        }
        char *data = NULL;
        size_t size = 0;
        Error err = {{0}};
        Status st = files_read_in(s->dir, n, &data, &size, &err);
        const char *type =
            st == ST_OK && data && size <= FIGURE_MAX ? figure_type(data, size) : NULL;
        if (!type) {
            fputs("<p>Figure ", h);
            html(h, n);
            fputs(" not shown: ", h);
            fputs("Figure ", m);
            md(m, n);
            fputs(" not shown: ", m);
            const char *why = st != ST_OK         ? err.text
                              : !data             ? "missing"
                              : size > FIGURE_MAX ? "larger than 16 MiB"
                                                  : "neither an SVG nor a PNG file";
            html(h, why);
            md(m, why);
            fputs("</p>\n", h);
            fputs("\n\n", m);
            free(data);
            continue;
        }
        fputs("<figure><img class=\"figure\" alt=\"", h);
        html(h, n);
        fprintf(h, "\" src=\"data:%s;base64,", type);
        put_base64(h, (const unsigned char *)data, size);
        fputs("\"/><figcaption>", h);
        html(h, n);
        fputs(" (redraw with gnuplot from the .gp file beside it)</figcaption></figure>\n", h);
        char link[OUTPATH_MAX + 300];
        figure_link(s->dir, n, md_path, link, sizeof link);
        fputs("![", m);
        md(m, n);
        fputs("](<", m);
        /* A path in angle brackets: only '<', '>' and a line break would end it. */
        for (const char *p = link; *p; p++) {
            if (*p == '<' || *p == '>' || *p == '\n')
                fprintf(m, "%%%02X", (unsigned char)*p);
            else
                fputc(*p, m);
        }
        fputs(">)\n\n", m);
        shown++;
        free(data);
    }
    if (shown == 0) {
        fputs("<p>No figures in the directory.</p>\n", h);
        fputs("No figures in the directory.\n", m);
    }
}

/* Paragraphs of the method, each said once, in both files. */
static void para(FILE *h, FILE *m, const char *text)
{
    fprintf(h, "<p>%s</p>\n", text);
    fprintf(m, "%s\n\n", text);
}

static void section_method(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 6);
    md_heading(m, 6);
    const Csv *sum = study_csv(s, "summary.csv");
    bool curve = strcmp(s->kind, "curve") == 0 || study_csv(s, "curve.csv");
    bool sprt = s->meta && (strstr(s->meta, "\nsprt") != NULL);
    bool said = false;
    if (sum) {
        para(h, m,
             "Each row of the balance table is one ruleset and one pairing of agents. The "
             "attackers' score counts a win 1 and a draw 1/2 per game. Its 95% interval is the "
             "score (Rao) interval of the win/draw/loss mean, with the variance taken at the "
             "most likely win and draw rates for each candidate score (the restricted maximum "
             "likelihood of Miettinen and Nurminen, 1985); without draws it is exactly the "
             "Wilson score interval (Wilson, 1927, Journal of the American Statistical "
             "Association 22). The win-rate intervals are Wilson intervals.");
        para(h, m,
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
            para(h, m,
                 "A ruleset is compared with the baseline on the same pairing by the difference "
                 "of the attackers' scores, with an interval and p-value from adding one win and "
                 "one loss to each side (Agresti and Caffo, 2000, The American Statistician "
                 "54(4)), the compared rows corrected together by Holm's procedure.");
        said = true;
    }
    if (curve) {
        para(h, m,
             "A balance curve orders its agents (the rungs) by strength measured in the games "
             "between them: a Bradley-Terry maximum-likelihood Elo (Bradley and Terry, 1952, "
             "Biometrika 39; fitted as in Hunter, 2004, \"MM algorithms for generalized "
             "Bradley-Terry models\", Annals of Statistics 32(1)) with 95% intervals from the "
             "Fisher information. Only each rung's games against itself carry a balance "
             "verdict.");
        para(h, m,
             "The convergence verdict asks whether the strongest rungs agree: two one-sided "
             "tests of equivalence (Schuirmann, 1987, Journal of Pharmacokinetics and "
             "Biopharmaceutics 15(6)) of every pair of their scores within the experiment's "
             "width, joined by the intersection-union principle (Berger and Hsu, 1996, "
             "Statistical Science 11(4)), which needs no further correction.");
        said = true;
    }
    if (study_csv(s, "ratings.csv")) {
        para(h, m,
             "ratings.csv holds Bradley-Terry maximum-likelihood Elo ratings of the agents from "
             "all their games (Bradley and Terry, 1952; Hunter, 2004), with 95% intervals from "
             "the Fisher information.");
        said = true;
    }
    if (sprt) {
        para(h, m,
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
            para(h, m,
                 "The parameters were tuned by simultaneous perturbation stochastic "
                 "approximation (Spall, 1998, \"Implementation of the simultaneous perturbation "
                 "algorithm for stochastic optimization\", IEEE Transactions on Aerospace and "
                 "Electronic Systems 34(3)): each step plays paired games (both colours, one "
                 "opening) at two points perturbed by +-c_k in every parameter and moves along "
                 "the estimated gradient with gains a_k = a/(A+k+1)^alpha and "
                 "c_k = c/(k+1)^gamma.");
        else
            para(h, m,
                 "The parameters were tuned on a grid: every point plays the same number of "
                 "paired games (both colours from one opening) against the opponent, and the "
                 "best score is checked again with fresh games.");
        said = true;
    }
    if (strcmp(s->kind, "train") == 0) {
        para(h, m,
             "A learned evaluation was trained by self-play generations in the manner of "
             "AlphaZero-style trainers (Silver et al., 2018, Science 362), with a linear model: "
             "each generation plays games, keeps a window of recent positions with their "
             "outcomes, fits a logistic model to them, and promotes the candidate only when it "
             "wins a gate match against the best so far.");
        said = true;
    }
    if (!said) {
        fputs("<p>This version of tafl has no method text for a directory of kind ", h);
        html(h, s->kind);
        fputs(": its tables and figures are shown as they are.</p>\n", h);
        fputs("This version of tafl has no method text for a directory of kind ", m);
        md(m, s->kind);
        fputs(": its tables and figures are shown as they are.\n", m);
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

static void hash_row(const Study *s, const char *name, FILE *h, FILE *m)
{
    char hex[SHA256_HEX_LEN];
    long long size;
    if (!hash_file(s->dir, name, hex, &size))
        return; /* a link, a FIFO, a directory: not part of the record */
    fputs("<tr><td class=\"t\">", h);
    html(h, name);
    fprintf(h, "</td><td>%lld</td><td class=\"t\"><code>%s</code></td></tr>\n", size, hex);
    fputs("| ", m);
    md(m, name);
    fprintf(m, " | %lld | %s |\n", size, hex);
}

static void section_provenance(const Study *s, FILE *h, FILE *m, int id)
{
    html_heading(h, id, 7);
    md_heading(m, 7);
    fputs("<p>Directory: <code>", h);
    html(h, s->dir);
    fputs("</code>; kind: ", h);
    html(h, s->kind);
    fputs(".</p>\n", h);
    fputs("Directory: ", m);
    md(m, s->dir);
    fputs("; kind: ", m);
    md(m, s->kind);
    fputs(".\n\n", m);
    /* meta whole: build identity, command line, seed, times, every agent's parameters. */
    if (s->meta) {
        fputs("<h3>meta</h3>\n<table class=\"data\">\n", h);
        fputs("#### meta\n\n| key | value |\n|---|---|\n", m);
        kv_table(s->meta, h, m);
        fputs("</table>\n", h);
    } else {
        fputs("<p>No meta file: the build and command line that made the directory are not "
              "recorded.</p>\n",
              h);
        fputs("No meta file: the build and command line that made the directory are not "
              "recorded.\n",
              m);
    }
    fputs("<h3>Files</h3>\n<p>SHA-256 of every regular file (check with "
          "<code>sha256sum</code>):</p>\n<table class=\"data\"><tr><th>file</th><th>bytes</th>"
          "<th>SHA-256</th></tr>\n",
          h);
    fputs("\n#### Files\n\nSHA-256 of every regular file (check with sha256sum):\n\n"
          "| file | bytes | SHA-256 |\n|---|---|---|\n",
          m);
    for (int i = 0; i < s->nnames; i++) {
        const char *n = s->names[i];
        if (is_report_file(n))
            continue;
        if (strcmp(n, "rulesets") == 0) {
            DIR *d = NULL;
            char path[OUTPATH_MAX + 16];
            snprintf(path, sizeof path, "%s/rulesets", s->dir);
            int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (fd >= 0 && !(d = fdopendir(fd)))
                close(fd);
            char **sub = NULL;
            int nsub = 0;
            for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
                if (e->d_name[0] == '.')
                    continue;
                sub = xrealloc(sub, (size_t)(nsub + 1) * sizeof *sub);
                sub[nsub] = xmalloc(strlen(e->d_name) + 10);
                sprintf(sub[nsub++], "rulesets/%s", e->d_name);
            }
            if (d)
                closedir(d);
            if (nsub > 0)
                qsort(sub, (size_t)nsub, sizeof *sub, compare_names);
            for (int j = 0; j < nsub; j++) {
                hash_row(s, sub[j], h, m);
                free(sub[j]);
            }
            free(sub);
            continue;
        }
        hash_row(s, n, h, m);
    }
    fputs("</table>\n", h);
    fputs("<h3>How to reproduce</h3>\n", h);
    fputs("\n#### How to reproduce\n\n", m);
    char command[4096] = "";
    if (s->meta)
        kv_get(s->meta, "command", command, sizeof command);
    bool run = strcmp(s->kind, "balance") == 0 || strcmp(s->kind, "curve") == 0 ||
               strcmp(s->kind, "merge") == 0;
    if (run) {
        fputs("<p>Play every game again from what this directory holds and compare "
              "games.csv and summary.csv byte for byte:</p>\n<pre>tafl reproduce ",
              h);
        html(h, s->dir);
        fputs("</pre>\n", h);
        fputs("Play every game again from what this directory holds and compare games.csv and "
              "summary.csv byte for byte: `tafl reproduce ",
              m);
        for (const char *p = s->dir; *p; p++) /* inside a code span: only '`' would end it */
            fputc(*p == '`' ? '\'' : *p, m);
        fputs("`\n\n", m);
    }
    if (command[0]) {
        fputs("<p>The command that made it:</p>\n<pre>", h);
        html(h, command);
        fputs("</pre>\n", h);
        fputs("The command that made it: ", m);
        md(m, command);
        fputs("\n", m);
    } else if (!run) {
        fputs("<p>meta records no command line.</p>\n", h);
        fputs("meta records no command line.\n", m);
    }
}

/* ---- the whole ---- */

static void study_sections(const Study *s, FILE *h, FILE *m, int id, const char *md_path)
{
    fprintf(h, "<section id=\"s%d\">\n<h1>", id);
    html(h, s->title);
    fputs(" <small>(", h);
    html(h, s->kind);
    fputs(")</small></h1>\n", h);
    fputs("\n## ", m);
    md(m, s->title);
    fputs(" (", m);
    md(m, s->kind);
    fputs(")\n", m);
    section_question(s, h, m, id);
    section_rulesets(s, h, m, id);
    section_agents(s, h, m, id);
    section_balance(s, h, m, id);
    section_tables(s, h, m, id);
    section_figures(s, h, m, id, md_path);
    section_method(s, h, m, id);
    section_provenance(s, h, m, id);
    fputs("</section>\n", h);
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
    /* RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
    static const char QUOTED[] = ",\"\r\n";
    fputs("dir", f);
    for (int k = 0; k < ncols; k++) {
        fputc(',', f);
        fputs(cols[k], f);
    }
    fputc('\n', f);
    for (int i = 0; i < n; i++) {
        const Csv *c = study_csv(&studies[i], "summary.csv");
        for (int r = 0; c && r < c->nrows; r++) {
            for (int k = -1; k < ncols; k++) {
                const char *v = k < 0 ? studies[i].dir : csv_cell(c, r, cols[k]);
                if (k >= 0)
                    fputc(',', f);
                if (strpbrk(v, QUOTED)) {
                    fputc('"', f);
                    for (const char *p = v; *p; p++) {
                        if (*p == '"')
                            fputc('"', f);
                        fputc(*p, f);
                    }
                    fputc('"', f);
                } else {
                    fputs(v, f);
                }
            }
            fputc('\n', f);
        }
    }
    free(cols);
}

static FILE *memfile(char **text, size_t *len)
{
    FILE *f = xopen_memstream(text, len);
    return f;
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
        FILE *h = memfile(&htext, &hlen), *m = memfile(&mtext, &mlen), *c = memfile(&ctext, &clen);
        char title[300];
        if (n == 1)
            snprintf(title, sizeof title, "%s", studies[0].title);
        else
            snprintf(title, sizeof title, "%d studies", n);
        /* Polyglot markup (well-formed XML as well as HTML5), no script, no external
         * reference: everything the page shows is in it. */
        fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>"
              "tafl report: ",
              h);
        html(h, title);
        fprintf(h, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", STYLE);
        fputs("# tafl report: ", m);
        md(m, title);
        fputs("\n\n", m);
        const char *build = buildinfo_identity();
        fprintf(h, "<p>Made by tafl %s (build ", TAFL_VERSION);
        html(h, build);
        fputs(") from the files of ", h);
        fprintf(m, "Made by tafl %s (build ", TAFL_VERSION);
        md(m, build);
        fputs(") from the files of ", m);
        for (int i = 0; i < n; i++) {
            fprintf(h, "%s<a href=\"#s%d\"><code>", i ? ", " : "", i + 1);
            html(h, studies[i].dir);
            fputs("</code></a>", h);
            fputs(i ? ", " : "", m);
            md(m, studies[i].dir);
        }
        fputs(". Nothing is recomputed: the numbers are the run's own.</p>\n", h);
        fputs(". Nothing is recomputed: the numbers are the run's own.\n", m);
        for (int i = 0; i < n; i++)
            study_sections(&studies[i], h, m, i + 1, out->md);
        fputs("</body>\n</html>\n", h);
        tidy_csv(studies, n, c);
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
