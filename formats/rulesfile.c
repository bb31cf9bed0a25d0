/* Ruleset files: INI text read with libinih into a Ruleset, checked line by line and then as a
 * whole; and the resolution of a ruleset argument (preset, OTN rules string or file). */
#include "formats/rulesfile.h"

#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/inilines.h"
#include "rules/movegen.h"
#include "rules/otn.h"

#define KEY_MAX     32 /* longer keys are unknown anyway */
#define KEYS_MAX    32 /* every option of RULES.md plus base, each at most once */
#define SECTION     "ruleset"
#define PRESETS_MAX 400

/* The state of one read; libinih hands it to both the reader and the handler. */
typedef struct {
    IniRead in;         /* the file, its line, a read error, the first error (inilines.h) */
    bool line_indented; /* that line starts with blank space: a continuation line */
    Ruleset rs;
    char default_name[RULES_NAME_MAX]; /* the file's base name without its extension */
    char keys[KEYS_MAX][KEY_MAX];      /* keys read so far, in order */
    int key_lines[KEYS_MAX];           /* the line of each */
    int key_count;
    char start[RULES_START_MAX]; /* the start record, joined over continuation lines */
    size_t start_len;
} ReadCtx;

/* Records the first error as "FILE:LINE: <text>" at the line being read. */
#define fail(c, st, ...) inilines_fail_at(&(c)->in.first, (c)->in.line, (st), __VA_ARGS__)

/* Writes "brandubh, ard-ri, ..." into buf. */
static void list_presets(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < ruleset_preset_count(); i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", ruleset_preset_at(i)->name);
        if (n < 0 || (size_t)n >= len - used) {
            return;
        }
        used += (size_t)n;
    }
}

/* libinih's fgets-style reader. Besides reading, it numbers the lines for the handler (the
 * handler of this libinih build gets no line number), refuses lines longer than libinih's
 * buffer (it would silently split them) and checks section headers, which libinih does not
 * pass to the handler. Returning NULL ends the parse. */
static char *read_line(char *str, int num, void *stream)
{
    ReadCtx *c = stream;
    IniLine l;
    if (!inilines_next(&c->in, str, num, " (go on over indented lines)", &l))
        return NULL;
    c->line_indented = l.indented;
    if (l.section &&
        (!l.closed || l.name_length != strlen(SECTION) || memcmp(l.name, SECTION, l.name_length))) {
        fail(c, ST_EPARSE,
             "section '[%.*s]': unknown section (keys go at the top or under [" SECTION "])",
             (int)l.name_length, l.name);
        return NULL;
    }
    return str;
}

static int find_key(const ReadCtx *c, const char *name)
{
    for (int i = 0; i < c->key_count; i++) {
        if (strcmp(c->keys[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

/* Appends a piece of the start record and hands the whole so far to ruleset_set_option. */
static bool add_start(ReadCtx *c, const char *value)
{
    size_t len = strlen(value);
    if (c->start_len + len >= sizeof c->start) {
        fail(c, ST_EINVAL, "key 'start': the record is longer than %zu characters",
             sizeof c->start - 1);
        return false;
    }
    memcpy(c->start + c->start_len, value, len + 1);
    c->start_len += len;
    Status st = ruleset_set_option(&c->rs, "start", c->start, c->in.first.err);
    if (st != ST_OK) {
        fail(c, st, "%s", c->in.first.err->text);
        return false;
    }
    return true;
}

/* libinih's handler: one `name = value` (or one continuation line of name). 0 stops. */
static int on_key(void *user, const char *section, const char *name, const char *value)
{
    ReadCtx *c = user;
    if (c->in.first.failed) {
        return 0;
    }
    /* read_line checks section headers as they come; this catches one it could not see (after
     * a UTF-8 byte-order mark, which libinih skips). */
    if (section[0] != '\0' && strcmp(section, SECTION) != 0) {
        fail(c, ST_EPARSE, "section '[%s]': unknown section (keys go at the top or under [%s])",
             section, SECTION);
        return 0;
    }
    /* libinih passes an indented line after a key as more of that key's value. */
    bool continuation = c->line_indented && c->key_count > 0 &&
                        strcmp(c->keys[c->key_count - 1], name) == 0 &&
                        c->key_lines[c->key_count - 1] < c->in.line;
    if (continuation) {
        if (strcmp(name, "start") != 0) {
            fail(c, ST_EPARSE, "key '%s': indented line '%s' (only start goes on over lines)", name,
                 value);
            return 0;
        }
        return add_start(c, value);
    }
    int seen = find_key(c, name);
    if (seen >= 0) {
        fail(c, ST_EINVAL, "key '%s': given twice (first on line %d)", name, c->key_lines[seen]);
        return 0;
    }
    if (strcmp(name, "base") == 0) {
        if (c->key_count > 0) {
            fail(c, ST_EINVAL, "key 'base': must be the first key (line %d sets '%s' before it)",
                 c->key_lines[0], c->keys[0]);
            return 0;
        }
        const Ruleset *preset = ruleset_preset_find(value);
        if (preset == NULL) {
            char presets[PRESETS_MAX];
            list_presets(presets, sizeof presets);
            fail(c, ST_EINVAL, "key 'base': unknown preset '%s' (presets: %s)", value, presets);
            return 0;
        }
        c->rs = *preset;
        memcpy(c->rs.name, c->default_name, sizeof c->rs.name);
    } else if (strcmp(name, "start") == 0) {
        if (!add_start(c, value)) {
            return 0;
        }
    } else {
        Status st = ruleset_set_option(&c->rs, name, value, c->in.first.err);
        if (st != ST_OK) {
            fail(c, st, "%s", c->in.first.err->text);
            return 0;
        }
    }
    /* Only known keys get here, so the table cannot overflow; the check keeps it obvious. */
    if (c->key_count < KEYS_MAX && strlen(name) < KEY_MAX) {
        memcpy(c->keys[c->key_count], name, strlen(name) + 1);
        c->key_lines[c->key_count] = c->in.line;
        c->key_count++;
    }
    return 1;
}

/* The file's base name without directories or extension (".hidden" keeps its dot). */
static void base_name(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    if (n == 0) {
        base = "ruleset";
        n = strlen(base);
    }
    snprintf(out, len, "%.*s", (int)n, base);
}

/* Checks size and start against each other, blaming the line that set them, before
 * rules_compile checks the rest without line numbers. */
static Status check_layout(ReadCtx *c)
{
    int size_i = find_key(c, "size"), start_i = find_key(c, "start");
    const Ruleset *rs = &c->rs;
    if (size_i >= 0 &&
        (rs->size < RULES_MIN_SIZE || rs->size > RULES_MAX_SIZE || rs->size % 2 == 0)) {
        c->in.line = c->key_lines[size_i];
        fail(c, ST_EINVAL, "key 'size': %d is out of range (an odd number, %d..%d)", rs->size,
             RULES_MIN_SIZE, RULES_MAX_SIZE);
        return c->in.first.status;
    }
    if (size_i < 0 && start_i < 0) {
        return ST_OK; /* the preset's own layout */
    }
    uint8_t board[RULES_MAX_SQUARES];
    Error why = {{0}};
    if (otn_parse_board(rs->start, rs->size, board, &why) != ST_OK) {
        if (start_i >= 0) {
            c->in.line = c->key_lines[start_i];
            fail(c, ST_EINVAL, "key 'start': %s", why.text);
        } else {
            c->in.line = c->key_lines[size_i];
            fail(c, ST_EINVAL, "key 'size': the base preset's start does not fit: %s", why.text);
        }
        return c->in.first.status;
    }
    return ST_OK;
}

Status rulesfile_read(const char *path, Ruleset *out, Error *err)
{
    FILE *f = inilines_open(path, 0, err);
    if (f == NULL) {
        return ST_EIO;
    }
    Status st = rulesfile_read_stream(f, path, out, err);
    fclose(f);
    return st;
}

Status rulesfile_read_stream(FILE *f, const char *path, Ruleset *out, Error *err)
{
    Status st = ST_OK;
    /* A ruleset is some 700 bytes and the key table small: the context lives on the heap so
     * that a deep caller stack (OpenMP workers) is not a concern. */
    ReadCtx *c = xcalloc(1, sizeof *c);
    c->in.first.path = path;
    c->in.file = f;
    c->in.first.err = err;
    c->rs = *ruleset_default();
    base_name(path, c->default_name, sizeof c->default_name);
    memcpy(c->rs.name, c->default_name, sizeof c->rs.name);

    st = inilines_parse(&c->in, read_line, on_key, c, "[" SECTION "]", err);
    if (st != ST_OK)
        goto out_free;
    if (c->in.first.failed || check_layout(c) != ST_OK) {
        st = c->in.first.status;
        goto out_free;
    }
    Rules compiled;
    st = rules_compile(&c->rs, &compiled, err);
    int remove_i = find_key(c, "remove");
    if (st != ST_OK && remove_i >= 0 && strncmp(err->text, "remove: ", 8) == 0) {
        /* A square the start does not hold a piece on: the remove line's fault. */
        char why[sizeof err->text];
        snprintf(why, sizeof why, "%s", err->text + 8);
        error_set(err, "%s:%d: key 'remove': %s", path, c->key_lines[remove_i], why);
        goto out_free;
    }
    if (st != ST_OK) {
        error_prefix(err, "%s: ", path);
        goto out_free;
    }
    st = rulesfile_check_start(&compiled, err);
    if (st != ST_OK) {
        /* The layout is the start key's, or the base preset's when size or first changed; a
         * side left without a move by the pieces remove takes off is remove's. */
        int at = remove_i >= 0 ? remove_i : find_key(c, "start");
        if (at < 0) {
            at = find_key(c, "first");
        }
        if (at >= 0) {
            char why[sizeof err->text];
            snprintf(why, sizeof why, "%s", err->text + strlen("start: "));
            error_set(err, "%s:%d: key '%s': %s", path, c->key_lines[at], c->keys[at], why);
        } else {
            error_prefix(err, "%s: ", path);
        }
        goto out_free;
    }
    *out = c->rs;

out_free:
    free(c);
    return st;
}

Status rulesfile_resolve(const char *arg, Ruleset *out, Error *err)
{
    const Ruleset *preset = ruleset_preset_find(arg);
    if (preset != NULL) {
        *out = *preset;
        return ST_OK;
    }
    if (strncmp(arg, "dim:", 4) == 0) {
        Ruleset rs;
        Status st = otn_parse_rules(arg, &rs, err);
        if (st != ST_OK) {
            return st;
        }
        Rules compiled;
        st = rules_compile(&rs, &compiled, err);
        if (st == ST_OK) {
            st = rulesfile_check_start(&compiled, err);
        }
        if (st != ST_OK) {
            error_prefix(err, "OTN rules: ");
            return st;
        }
        *out = rs;
        return ST_OK;
    }
    struct stat sb;
    if (stat(arg, &sb) == 0) {
        return rulesfile_read(arg, out, err);
    }
    char presets[PRESETS_MAX];
    list_presets(presets, sizeof presets);
    error_set(err,
              "'%s' is not a preset, an OpenTafl rules string (dim:...) or a ruleset file (%s); "
              "presets: %s",
              arg, strerror(errno), presets);
    return ST_EINVAL;
}

Status rulesfile_check_start(const Rules *r, Error *err)
{
    GameState start;
    state_init(r, &start);
    /* A side that cannot move at the start would have its games decided by the no_moves rule
     * before any play, and a balance measured on them means nothing. The second side is asked
     * too: it would be blocked on its first turn unless the first move happened to free it. */
    for (int k = 0; k < 2; k++) {
        Side side = k == 0 ? r->opt.first : (Side)(1 - (int)r->opt.first);
        if (!movegen_side_has_move(r, &start, side)) {
            error_set(err, "start: the %s have no legal move in the start layout",
                      side == SIDE_ATTACKERS ? "attackers" : "defenders");
            return ST_EINVAL;
        }
    }
    return ST_OK;
}
