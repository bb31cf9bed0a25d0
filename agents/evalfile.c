/* The text file of learned evaluations (`tafl-eval 1` to `tafl-eval 4`): writing, strict
 * parsing, and resolving an agent's eval= value to a file or a shipped evaluation. */
#include "agents/evalfile.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agents/nnuefile.h"
#include "rules/otn.h"

/* The name of weight i of a network model with `hidden` units (linear set of size f) for r. */
static void net_weight_name(const Rules *r, int set, int f, int hidden, int i, char *buf,
                            size_t size)
{
    if (i < f) {
        evalmodel_weight_name(r, EVALMODEL_LINEAR, set, i, buf, size);
        return;
    }
    int k = i - f, inputs = EVALMODEL_NET_INPUTS(r->squares);
    if (k < hidden) {
        snprintf(buf, size, "net.bias.h%d", k);
    } else if (k >= hidden + inputs * hidden) {
        snprintf(buf, size, "net.out.h%d", k - hidden - inputs * hidden);
    } else {
        int input = (k - hidden) / hidden, j = (k - hidden) % hidden;
        if (input == 3 * r->squares) {
            snprintf(buf, size, "net.attackers_to_move.h%d", j);
        } else {
            static const char *const kinds[] = {"attacker", "defender", "king"};
            char sq[8];
            otn_format_square(r, input % r->squares, sq);
            snprintf(buf, size, "net.%s_%s.h%d", kinds[input / r->squares], sq, j);
        }
    }
}

char *evalmodel_format(const Rules *r, const EvalModel *m)
{
    size_t cap = 256 + (size_t)m->count * 96, len = 0;
    char *out = xmalloc(cap);
    /* Each model keeps the version that introduced it, so files written before a newer version
     * existed stay the same bytes. */
    len += (size_t)snprintf(out + len, cap - len,
                            "tafl-eval %d\nruleset %s\nrules_hash %016" PRIx64
                            "\nmodel %s\nfeatures tafl-lab-%d %d\nunits %g\n",
                            (int)m->kind + 1, m->ruleset, m->rules_hash,
                            evalmodel_kind_name(m->kind), m->features, m->count, EVALMODEL_UNITS);
    for (int i = 0; i < m->count; i++) {
        char name[80];
        if (m->kind == EVALMODEL_NET)
            net_weight_name(r, m->features, m->net_at, m->hidden, i, name, sizeof name);
        else
            evalmodel_weight_name(r, m->kind, m->features, i, name, sizeof name);
        len += (size_t)snprintf(out + len, cap - len, "%s %a\n", name, m->w[i]);
    }
    snprintf(out + len, cap - len, "end\n");
    return out;
}

Status evalmodel_check_weights(const Rules *r, const EvalModel *m, const char *source, Error *err)
{
    for (int i = 0; i < m->count; i++) {
        if (isfinite(m->w[i]) && fabs(m->w[i]) <= EVALMODEL_WEIGHT_MAX)
            continue;
        char name[80];
        if (m->kind == EVALMODEL_NET)
            net_weight_name(r, m->features, m->net_at, m->hidden, i, name, sizeof name);
        else
            evalmodel_weight_name(r, m->kind, m->features, i, name, sizeof name);
        error_set(err, "%s: weight %s would be %g, not a finite number within 1e6: not written",
                  source, name, m->w[i]);
        return ST_EINVAL;
    }
    return ST_OK;
}

/* The next line of text into buf (without its newline); false at the end of the text. */
static bool next_line(const char *text, size_t len, size_t *pos, char *buf, size_t size,
                      bool *too_long)
{
    if (*pos >= len)
        return false;
    size_t start = *pos, end = start;
    while (end < len && text[end] != '\n')
        end++;
    *pos = end < len ? end + 1 : end;
    size_t n = end - start;
    *too_long = n >= size;
    if (n >= size)
        n = size - 1;
    memcpy(buf, text + start, n);
    buf[n] = '\0';
    return true;
}

/* One parse of a file: where it is and what it has read so far. */
typedef struct {
    const char *source; /* names the text in errors */
    const Rules *r;
    int lineno;       /* the line just read, from 1 */
    int version;      /* the file's `tafl-eval` version */
    int count;        /* the weights the file holds (set by its features line) */
    bool other_rules; /* a shipped evaluation carried to rules on its board: any rules hash */
} EvalParse;

static Status parse_version(EvalParse *p, const char *line, const char *name, const char *value,
                            Error *err)
{
    if (strcmp(name, "tafl-eval") != 0 || (strcmp(value, "1") != 0 && strcmp(value, "2") != 0 &&
                                           strcmp(value, "3") != 0 && strcmp(value, "4") != 0)) {
        error_set(err,
                  "%s:%d: not a tafl-eval 1, 2, 3 or 4 file (first line '%.60s'; this build "
                  "reads versions 1 to %d)",
                  p->source, p->lineno, line, EVALMODEL_VERSION);
        return ST_EPARSE;
    }
    p->version = value[0] - '0';
    return ST_OK;
}

static Status parse_rules_hash(const EvalParse *p, const char *name, const char *value,
                               EvalModel *out, Error *err)
{
    char *end;
    errno = 0;
    unsigned long long h = strtoull(value, &end, 16);
    if (strcmp(name, "rules_hash") != 0 || errno || *end || strlen(value) != 16) {
        error_set(err, "%s:%d: want 'rules_hash' and 16 hex digits", p->source, p->lineno);
        return ST_EPARSE;
    }
    out->rules_hash = h;
    uint64_t mine = evalmodel_rules_hash(p->r);
    if (h != mine && !p->other_rules) {
        error_set(err,
                  "%s:%d: trained for ruleset %s (rules hash %016llx), not for %s "
                  "(rules hash %016" PRIx64 ")",
                  p->source, p->lineno, out->ruleset, h, p->r->opt.name, mine);
        return ST_EINVAL;
    }
    return ST_OK;
}

static Status parse_model(const EvalParse *p, const char *name, const char *value, EvalModel *out,
                          Error *err)
{
    int version = p->version;
    if (strcmp(name, "model") == 0 && strcmp(value, "linear") == 0) {
        out->kind = EVALMODEL_LINEAR;
    } else if (strcmp(name, "model") == 0 && strcmp(value, "sided") == 0 && version >= 2) {
        out->kind = EVALMODEL_SIDED;
    } else if (strcmp(name, "model") == 0 && strcmp(value, "player") == 0 && version >= 3) {
        out->kind = EVALMODEL_PLAYER;
    } else if (strcmp(name, "model") == 0 && strcmp(value, "net") == 0 && version >= 4) {
        out->kind = EVALMODEL_NET;
    } else {
        error_set(err, "%s:%d: want 'model linear'%s", p->source, p->lineno,
                  version >= 4   ? ", 'model sided', 'model player' or 'model net'"
                  : version == 3 ? ", 'model sided' or 'model player' ('net' is version 4)"
                  : version == 2 ? " or 'model sided' ('player' is version 3)"
                                 : " (the only model of version 1; 'sided' is version 2, "
                                   "'player' version 3, 'net' version 4)");
        return ST_EPARSE;
    }
    return ST_OK;
}

/* `features tafl-lab-S N`: the set, and N weights as the model and the set want (a network's
 * hidden units follow from N). */
static Status parse_features(EvalParse *p, const char *line, const char *name, const char *value,
                             EvalModel *out, Error *err)
{
    const Rules *r = p->r;
    int n = 0, set = 0;
    if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-1") == 0)
        set = 1;
    else if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-2") == 0)
        set = 2;
    else if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-3") == 0)
        set = 3;
    int count = evalmodel_weight_count(r, out->kind, set ? set : 1);
    p->count = count;
    bool counted = set && sscanf(line, "%*s %*s %d", &n) == 1;
    if (counted && out->kind == EVALMODEL_NET) {
        /* A network's size follows from its count: the linear set, then H * (inputs + 2)
         * weights for H hidden units. */
        int per_unit = EVALMODEL_NET_INPUTS(r->squares) + 2, rest = n - count;
        int hidden = rest > 0 && rest % per_unit == 0 ? rest / per_unit : 0;
        if (hidden < 1 || hidden > EVALMODEL_MAX_HIDDEN) {
            error_set(err,
                      "%s:%d: a net model of feature set %d on a %dx%d board has %d "
                      "linear weights and %d per hidden unit (1 to %d units), not %d "
                      "weights",
                      p->source, p->lineno, set, r->size, r->size, count, per_unit,
                      EVALMODEL_MAX_HIDDEN, n);
            return ST_EPARSE;
        }
        out->hidden = hidden;
        out->net_at = count;
        count = n;
        p->count = count;
    }
    if (!counted || n != count) {
        error_set(err,
                  "%s:%d: want 'features tafl-lab-1 %d', 'features tafl-lab-2 %d' or "
                  "'features tafl-lab-3 %d' for a %s model on a %dx%d board",
                  p->source, p->lineno, evalmodel_weight_count(r, out->kind, 1),
                  evalmodel_weight_count(r, out->kind, 2), evalmodel_weight_count(r, out->kind, 3),
                  evalmodel_kind_name(out->kind), r->size, r->size);
        return ST_EPARSE;
    }
    out->features = set;
    out->count = count;
    return ST_OK;
}

/* Header line `step` (0 to 5): version, ruleset, rules hash, model, features, units. */
static Status parse_header(EvalParse *p, int step, const char *line, const char *name,
                           const char *value, EvalModel *out, Error *err)
{
    switch (step) {
    case 0:
        return parse_version(p, line, name, value, err);
    case 1:
        if (strcmp(name, "ruleset") != 0 || strlen(value) >= sizeof out->ruleset) {
            error_set(err, "%s:%d: want 'ruleset NAME'", p->source, p->lineno);
            return ST_EPARSE;
        }
        snprintf(out->ruleset, sizeof out->ruleset, "%s", value);
        return ST_OK;
    case 2:
        return parse_rules_hash(p, name, value, out, err);
    case 3:
        return parse_model(p, name, value, out, err);
    case 4:
        return parse_features(p, line, name, value, out, err);
    default:
        if (strcmp(name, "units") != 0 || strtod(value, NULL) != EVALMODEL_UNITS) {
            error_set(err, "%s:%d: want 'units %g'", p->source, p->lineno, EVALMODEL_UNITS);
            return ST_EPARSE;
        }
        return ST_OK;
    }
}

/* Weight line i: its name as the model and the set want, and a finite value. */
static Status parse_weight(const EvalParse *p, int i, const char *name, const char *value,
                           EvalModel *out, Error *err)
{
    char want[160];
    if (out->kind == EVALMODEL_NET)
        net_weight_name(p->r, out->features, out->net_at, out->hidden, i, want, sizeof want);
    else
        evalmodel_weight_name(p->r, out->kind, out->features, i, want, sizeof want);
    if (strcmp(name, want) != 0) {
        error_set(err, "%s:%d: want weight '%s', found '%.60s'", p->source, p->lineno, want, name);
        return ST_EPARSE;
    }
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (errno || end == value || *end || !isfinite(v) || fabs(v) > EVALMODEL_WEIGHT_MAX) {
        error_set(err, "%s:%d: %s: '%.60s' is not a finite number within 1e6", p->source, p->lineno,
                  name, value);
        return ST_EPARSE;
    }
    out->w[i] = v;
    return ST_OK;
}

/* evalmodel_parse; other_rules: a model trained for other rules on r's board is read too (the
 * weight count still has to fit r's board). */
static Status parse_model_text(const char *text, size_t len, const char *source, const Rules *r,
                               bool other_rules, EvalModel *out, Error *err)
{
    memset(out, 0, sizeof *out);
    EvalParse p = {.source = source,
                   .r = r,
                   .version = 1,
                   .count = evalmodel_feature_count(r, 1),
                   .other_rules = other_rules};
    char line[256];
    size_t pos = 0;
    bool too_long;
    for (int step = 0;; step++) {
        /* Every line ends with a newline, so a last line without one was cut short. */
        bool cut = pos < len && !memchr(text + pos, '\n', len - pos);
        if (cut || !next_line(text, len, &pos, line, sizeof line, &too_long)) {
            error_set(err, "%s:%d: the file ends early (truncated?): want %s", source, p.lineno + 1,
                      step < 6             ? "the header"
                      : step < 6 + p.count ? "a weight"
                                           : "'end'");
            return ST_EPARSE;
        }
        p.lineno++;
        if (too_long) {
            error_set(err, "%s:%d: line too long", source, p.lineno);
            return ST_EPARSE;
        }
        char name[128], value[128], extra[2];
        int fields = sscanf(line, "%127s %127s %1s", name, value, extra);
        if (step == 6 + p.count) {
            if (strcmp(line, "end") != 0) {
                error_set(err, "%s:%d: want 'end' after the %d weights, found '%.60s'", source,
                          p.lineno, p.count, line);
                return ST_EPARSE;
            }
            if (pos < len) {
                error_set(err, "%s:%d: text after 'end'", source, p.lineno + 1);
                return ST_EPARSE;
            }
            return ST_OK;
        }
        if (fields != 2 && !(step == 4 && fields == 3)) {
            error_set(err, "%s:%d: want 'KEY VALUE', found '%.60s'", source, p.lineno, line);
            return ST_EPARSE;
        }
        Status st = step < 6 ? parse_header(&p, step, line, name, value, out, err)
                             : parse_weight(&p, step - 6, name, value, out, err);
        if (st != ST_OK)
            return st;
    }
}

Status evalmodel_parse(const char *text, size_t len, const char *source, const Rules *r,
                       EvalModel *out, Error *err)
{
    return parse_model_text(text, len, source, r, false, out, err);
}

void evalmodel_shipped_names(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT && n < size; i++)
        if (!EVALMODEL_SHIPPED[i].retired)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "",
                                  EVALMODEL_SHIPPED[i].name);
    if (n == 0)
        snprintf(buf, size, "none");
}

static char *dup_text(const char *t)
{
    size_t n = strlen(t) + 1;
    char *d = xmalloc(n);
    memcpy(d, t, n);
    return d;
}

bool evalmodel_split_pinned(const char *value, char *name, size_t size, uint64_t *pin)
{
    snprintf(name, size, "%s", value);
    const char *at = strrchr(value, '@');
    if (!at || strlen(at + 1) != 16 || strspn(at + 1, "0123456789abcdef") != 16)
        return false;
    *pin = strtoull(at + 1, NULL, 16);
    size_t n = (size_t)(at - value);
    name[n < size ? n : size - 1] = '\0';
    return true;
}

/* The preset a shipped evaluation was trained for (its `ruleset NAME` line), or NULL. */
static const Ruleset *shipped_preset(const EvalShipped *e)
{
    const char *line = strstr(e->text, "\nruleset ");
    char name[RULES_NAME_MAX];
    if (!line || sscanf(line + 9, "%63s", name) != 1)
        return NULL;
    return ruleset_preset_find(name);
}

/* The option lines (ruleset_format) in which a and b differ, name and max_plies left out as in
 * evalmodel_rules_hash: their count, and their keys into keys (", "-separated; may be NULL). */
static int ruleset_differences(const Ruleset *a, const Ruleset *b, char *keys, size_t size)
{
    char ta[4096], tb[4096];
    ruleset_format(a, ta, sizeof ta);
    ruleset_format(b, tb, sizeof tb);
    int count = 0;
    size_t n = 0;
    if (keys && size)
        keys[0] = '\0';
    char *sa, *sb;
    char *la = strtok_r(ta, "\n", &sa), *lb = strtok_r(tb, "\n", &sb);
    for (; la && lb; la = strtok_r(NULL, "\n", &sa), lb = strtok_r(NULL, "\n", &sb)) {
        size_t key = strcspn(la, " =");
        if (strcmp(la, lb) == 0 || (key == 4 && strncmp(la, "name", 4) == 0) ||
            (key == 9 && strncmp(la, "max_plies", 9) == 0))
            continue;
        count++;
        if (keys && n < size)
            n += (size_t)snprintf(keys + n, size - n, "%s%.*s", n ? ", " : "", (int)key, la);
    }
    return count;
}

/* eval=trained for rules no evaluation ships for: the shipped evaluation trained for the preset
 * on r's board that differs from r in the fewest options (the first such in shipped order),
 * whose features then score r's positions under r's own rules (the features are computed by the
 * rules engine, so a king's escape routes, say, follow r's escape rule). With pinned, the one
 * of r's board size, current or retired, whose text has hash pin. -1 when none. */
static int nearest_shipped(const Rules *r, bool pinned, uint64_t pin)
{
    int best = -1, best_d = INT_MAX;
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++) {
        const EvalShipped *e = &EVALMODEL_SHIPPED[i];
        const Ruleset *p = shipped_preset(e);
        if (!p || p->size != r->size)
            continue;
        if (pinned) {
            if (evalmodel_text_hash(e->text, strlen(e->text)) == pin)
                return i;
            continue;
        }
        int d = e->retired ? INT_MAX : ruleset_differences(p, &r->opt, NULL, 0);
        if (d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

bool evalmodel_transfer_note(const EvalModel *m, const Rules *r, char *buf, size_t size)
{
    if (!m || m->rules_hash == evalmodel_rules_hash(r))
        return false;
    const Ruleset *p = ruleset_preset_find(m->ruleset);
    char keys[512] = "";
    if (p)
        ruleset_differences(p, &r->opt, keys, sizeof keys);
    snprintf(buf, size,
             "trained for %s, played on %s: no evaluation ships for its rules; the nearest on "
             "its %dx%d board differs in %s",
             m->ruleset, r->opt.name, r->size, r->size, keys[0] ? keys : "its name only");
    return true;
}

Status evalmodel_resolve(const char *value, const Rules *r, EvalModel **out, char **canonical,
                         Error *err)
{
    bool other_rules = false;
    *out = NULL;
    *canonical = NULL;
    if (strcmp(value, "hand") == 0) {
        *canonical = dup_text("hand");
        return ST_OK;
    }
    /* "NAME@HASH": a recorded value; NAME alone: take what is there now. */
    char name[1024];
    uint64_t pin = 0;
    bool pinned = evalmodel_split_pinned(value, name, sizeof name, &pin);
    char *text = NULL;
    size_t len = 0;
    char source[1100];
    if (strcmp(name, "trained") == 0) {
        /* By the rules, not the name: a game whose rules came as an OTN string (tafl engine)
         * or a ruleset file that plays Brandubh under another name gets Brandubh's. */
        uint64_t mine = evalmodel_rules_hash(r);
        /* The current one; a pinned value first looks for its own content among the current
         * and the retired ones (a run recorded before a retraining). */
        int found = -1;
        for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++) {
            const EvalShipped *e = &EVALMODEL_SHIPPED[i];
            const char *line = strstr(e->text, "\nrules_hash ");
            if (!line || strtoull(line + 12, NULL, 16) != mine)
                continue;
            if (pinned && evalmodel_text_hash(e->text, strlen(e->text)) == pin) {
                found = i;
                break;
            }
            if (!e->retired && found < 0)
                found = i;
        }
        if (found < 0) {
            /* None for these rules: the nearest on the same board (a family's evaluation
             * carries to its variants; doc/training.md, "Evaluations on new rules"). */
            found = nearest_shipped(r, pinned, pin);
            other_rules = found >= 0;
        }
        if (found >= 0) {
            const EvalShipped *e = &EVALMODEL_SHIPPED[found];
            text = dup_text(e->text);
            len = strlen(text);
            snprintf(source, sizeof source, "evals/%s%s.eval (shipped%s)",
                     e->retired ? "retired/" : "", e->name, e->retired ? ", retired" : "");
        }
        if (!text) {
            char names[512];
            evalmodel_shipped_names(names, sizeof names);
            error_set(err,
                      "eval=trained: no evaluation ships for ruleset %s or its %dx%d board "
                      "(shipped: %s); train one with `tafl train` and give eval=FILE",
                      r->opt.name, r->size, r->size, names);
            return ST_EINVAL;
        }
    } else {
        text = read_whole_file(name, (size_t)1 << 24, &len); /* no evaluation is this large */
        if (!text) {
            error_set(err, "eval=%s: cannot read: %s", name, strerror(errno));
            return ST_EIO;
        }
        snprintf(source, sizeof source, "%s", name);
    }
    if (nnuefile_is_network(text, len)) {
        error_set(err,
                  "eval=%s: a network file (%s), which the agents' eval= reads; this reads only "
                  "the evaluation files of the other models",
                  name, NNUEFILE_MAGIC);
        free(text);
        return ST_EINVAL;
    }
    uint64_t h = evalmodel_text_hash(text, len);
    if (pinned && h != pin) {
        error_set(err,
                  "eval=%s: the content changed since it was recorded (hash %016" PRIx64
                  ", recorded %016" PRIx64 ")",
                  name, h, pin);
        free(text);
        return ST_EINVAL;
    }
    EvalModel *m = xmalloc(sizeof *m);
    Status st = parse_model_text(text, len, source, r, other_rules, m, err);
    free(text);
    if (st != ST_OK) {
        free(m);
        return st;
    }
    char *c = xmalloc(strlen(name) + 18);
    sprintf(c, "%s@%016" PRIx64, name, h);
    *canonical = c;
    *out = m;
    return ST_OK;
}

Status evalmodel_check_value(const char *value, Error *err)
{
    char name[1024];
    uint64_t pin;
    evalmodel_split_pinned(value, name, sizeof name, &pin);
    if (!evalmodel_names_file(name))
        return ST_OK;
    size_t len;
    char *text = read_whole_file(name, (size_t)1 << 24, &len); /* no evaluation is this large */
    if (!text) {
        error_set(err, "eval=%s: cannot read: %s", name, strerror(errno));
        return ST_EIO;
    }
    free(text);
    return ST_OK;
}

bool evalmodel_names_file(const char *name)
{
    return strcmp(name, "hand") != 0 && strcmp(name, "trained") != 0;
}
