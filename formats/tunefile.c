/* Tuning files: INI text read with libinih into a TuneFile, each key checked where it stands
 * (file:line), then the whole: the agents, the parameters against the agent's own table. */
#include "formats/tunefile.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agents/agent.h"
#include "formats/inilines.h"
#include "formats/rulesfile.h"

#define KEYS_MAX    32 /* distinct keys tracked per section (for "given twice") */
#define SECTION_MAX 80
#define PAIRS_MAX   1000000
#define ITER_MAX    100000
#define POINTS_MAX  1000

typedef enum { SEC_NONE, SEC_TUNE, SEC_PARAM } SectionKind;

/* The state of one read; libinih hands it to both the reader and the handler. */
typedef struct {
    IniRead in; /* the file, its line, a read error, the first error (inilines.h) */
    SectionKind kind;
    char sections[TUNE_MAX_PARAMS + 1][SECTION_MAX]; /* sections seen, for "given twice" */
    int section_lines[TUNE_MAX_PARAMS + 1];
    int section_count;
    char keys[KEYS_MAX][TUNE_KEY_MAX]; /* keys of the current section */
    int key_lines[KEYS_MAX];
    int key_count;
    int param_lines[TUNE_MAX_PARAMS]; /* header line of each [param.KEY] */
    bool has_min[TUNE_MAX_PARAMS], has_max[TUNE_MAX_PARAMS], has_start[TUNE_MAX_PARAMS];
    int name_line, agent_line, opponent_line, method_line, A_line;
    TuneFile tf;
} ReadCtx;

/* Records the first error as "FILE:LINE: <text>" (line 0: "FILE: <text>"). */
#define fail_at(c, line, st, ...) inilines_fail_at(&(c)->in.first, (line), (st), __VA_ARGS__)

static bool parse_int(ReadCtx *c, const char *key, const char *value, long min, long max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || end == value || *end || v < min || v > max) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected an integer %ld..%ld)",
                key, value, min, max);
        return false;
    }
    *out = (int)v;
    return true;
}

/* A finite number; `positive` also requires > 0, else >= 0 when nonneg. */
static bool parse_real(ReadCtx *c, const char *key, const char *value, bool positive, bool nonneg,
                       double *out)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (errno || end == value || *end || !isfinite(v) || (positive && !(v > 0)) ||
        (nonneg && v < 0)) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected a %snumber)", key,
                value,
                positive ? "positive "
                : nonneg ? "non-negative "
                         : "");
        return false;
    }
    *out = v;
    return true;
}

/* Letters, digits, '.', '_', '-', not starting with '.': it names a directory. */
static bool name_ok(const char *s)
{
    if (!*s || *s == '.' || strlen(s) >= EXPERIMENT_NAME_MAX) {
        return false;
    }
    for (; *s; s++) {
        if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-') {
            return false;
        }
    }
    return true;
}

/* The rules: a preset or an OTN string as given, else a file relative to the tune file. */
static bool set_rules(ReadCtx *c, const char *value)
{
    char arg[EXPERIMENT_PATH_MAX * 2];
    bool as_is = ruleset_preset_find(value) || strncmp(value, "dim:", 4) == 0;
    if (as_is) {
        snprintf(arg, sizeof arg, "%s", value);
    } else if (!inilines_relative_path(c->in.first.path, value, arg, sizeof arg)) {
        fail_at(c, c->in.line, ST_EINVAL, "key 'rules': the path of '%s' is too long", value);
        return false;
    }
    Error why = {{0}};
    Status st = rulesfile_resolve(arg, &c->tf.rules, &why);
    if (st != ST_OK) {
        fail_at(c, c->in.line, st, "key 'rules': %s", why.text);
        return false;
    }
    return true;
}

static bool set_spec(ReadCtx *c, const char *key, const char *value, char *out, int *line)
{
    if (strlen(value) >= EXPERIMENT_SPEC_MAX || value[0] == '\0') {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': expected an agent spec such as mcts:c=0.7",
                key);
        return false;
    }
    snprintf(out, EXPERIMENT_SPEC_MAX, "%s", value);
    *line = c->in.line;
    return true;
}

static bool tune_key(ReadCtx *c, const char *key, const char *value)
{
    TuneFile *t = &c->tf;
    if (strcmp(key, "name") == 0) {
        if (!name_ok(value)) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'name': bad value '%s' (1 to %d letters, digits, '.', '_' or '-', not "
                    "starting with '.': it names a directory)",
                    value, EXPERIMENT_NAME_MAX - 1);
            return false;
        }
        snprintf(t->name, sizeof t->name, "%s", value);
        c->name_line = c->in.line;
        return true;
    }
    if (strcmp(key, "seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(value, &end, 10);
        if (errno || end == value || *end || value[0] == '-') {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'seed': bad value '%s' (expected an integer 0..%llu)", value,
                    (unsigned long long)UINT64_MAX);
            return false;
        }
        t->seed = v;
        return true;
    }
    if (strcmp(key, "rules") == 0) {
        return set_rules(c, value);
    }
    if (strcmp(key, "agent") == 0) {
        return set_spec(c, key, value, t->agent, &c->agent_line);
    }
    if (strcmp(key, "opponent") == 0) {
        return set_spec(c, key, value, t->opponent, &c->opponent_line);
    }
    if (strcmp(key, "method") == 0) {
        if (strcmp(value, "spsa") != 0 && strcmp(value, "grid") != 0) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'method': bad value '%s' (expected spsa|grid)",
                    value);
            return false;
        }
        t->method = value[0] == 's' ? TUNE_SPSA : TUNE_GRID;
        c->method_line = c->in.line;
        return true;
    }
    if (strcmp(key, "pairs") == 0) {
        return parse_int(c, key, value, 1, PAIRS_MAX, &t->pairs);
    }
    if (strcmp(key, "final_pairs") == 0) {
        return parse_int(c, key, value, 1, PAIRS_MAX, &t->final_pairs);
    }
    if (strcmp(key, "max_plies") == 0) {
        return parse_int(c, key, value, 0, 1000000000, &t->max_plies);
    }
    if (strcmp(key, "opening_plies") == 0) {
        return parse_int(c, key, value, 0, 1000, &t->opening_plies);
    }
    if (strcmp(key, "iterations") == 0) {
        return parse_int(c, key, value, 1, ITER_MAX, &t->iterations);
    }
    if (strcmp(key, "points") == 0) {
        return parse_int(c, key, value, 2, POINTS_MAX, &t->points);
    }
    if (strcmp(key, "a") == 0) {
        return parse_real(c, key, value, true, false, &t->a);
    }
    if (strcmp(key, "c") == 0) {
        return parse_real(c, key, value, true, false, &t->c);
    }
    if (strcmp(key, "A") == 0) {
        c->A_line = c->in.line;
        return parse_real(c, key, value, false, true, &t->A);
    }
    if (strcmp(key, "alpha") == 0) {
        return parse_real(c, key, value, true, false, &t->alpha);
    }
    if (strcmp(key, "gamma") == 0) {
        return parse_real(c, key, value, true, false, &t->gamma);
    }
    if (strcmp(key, "output") == 0) {
        if (value[0] == '\0') {
            fail_at(c, c->in.line, ST_EINVAL, "key 'output': the value is empty");
            return false;
        }
        snprintf(t->output, sizeof t->output, "%s", value);
        return true;
    }
    fail_at(c, c->in.line, ST_EINVAL,
            "key '%s': unknown key (keys are name, seed, rules, agent, opponent, method, pairs, "
            "final_pairs, max_plies, opening_plies, iterations, a, c, A, alpha, gamma, points, "
            "output)",
            key);
    return false;
}

static bool param_key(ReadCtx *c, const char *key, const char *value)
{
    int i = c->tf.param_count - 1;
    TuneParam *p = &c->tf.params[i];
    if (strcmp(key, "min") == 0) {
        c->has_min[i] = true;
        return parse_real(c, key, value, false, false, &p->min);
    }
    if (strcmp(key, "max") == 0) {
        c->has_max[i] = true;
        return parse_real(c, key, value, false, false, &p->max);
    }
    if (strcmp(key, "start") == 0) {
        c->has_start[i] = true;
        return parse_real(c, key, value, false, false, &p->start);
    }
    fail_at(c, c->in.line, ST_EINVAL, "key '%s': unknown key (keys are min, max, start)", key);
    return false;
}

static bool start_section(ReadCtx *c, const char *name)
{
    for (int i = 0; i < c->section_count; i++) {
        if (strcmp(c->sections[i], name) == 0) {
            fail_at(c, c->in.line, ST_EINVAL, "section '[%s]': given twice (first on line %d)",
                    name, c->section_lines[i]);
            return false;
        }
    }
    if (strcmp(name, "tune") == 0) {
        c->kind = SEC_TUNE;
    } else if (strncmp(name, "param.", 6) == 0) {
        if (c->tf.param_count == TUNE_MAX_PARAMS) {
            fail_at(c, c->in.line, ST_EINVAL, "section '[%s]': more than %d parameters", name,
                    TUNE_MAX_PARAMS);
            return false;
        }
        if (name[6] == '\0' || strlen(name + 6) >= TUNE_KEY_MAX) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "section '[%s]': expected [param.KEY], KEY a parameter "
                    "of the agent",
                    name);
            return false;
        }
        c->kind = SEC_PARAM;
        c->param_lines[c->tf.param_count] = c->in.line;
        snprintf(c->tf.params[c->tf.param_count++].key, TUNE_KEY_MAX, "%s", name + 6);
    } else {
        fail_at(c, c->in.line, ST_EPARSE,
                "section '[%s]': unknown section (sections are tune and param.KEY)", name);
        return false;
    }
    snprintf(c->sections[c->section_count], SECTION_MAX, "%s", name);
    c->section_lines[c->section_count++] = c->in.line;
    c->key_count = 0;
    return true;
}

/* libinih's fgets-style reader: numbers lines, refuses long ones, reads section headers. */
static char *read_line(char *str, int num, void *stream)
{
    ReadCtx *c = stream;
    IniLine l;
    char name[SECTION_MAX];
    if (!inilines_next_flat(&c->in, str, num, &l, name, sizeof name))
        return NULL;
    return !l.section || start_section(c, name) ? str : NULL;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    ReadCtx *c = user;
    (void)section;
    if (c->in.first.failed) {
        return 0;
    }
    if (c->kind == SEC_NONE) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': outside any section (keys go under [tune] or [param.KEY])", name);
        return 0;
    }
    for (int i = 0; i < c->key_count; i++) {
        if (strcmp(c->keys[i], name) == 0) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': given twice (first on line %d)", name,
                    c->key_lines[i]);
            return 0;
        }
    }
    if (strlen(name) >= TUNE_KEY_MAX || c->key_count == KEYS_MAX) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%.40s': unknown key", name);
        return 0;
    }
    snprintf(c->keys[c->key_count], TUNE_KEY_MAX, "%s", name);
    c->key_lines[c->key_count++] = c->in.line;
    return c->kind == SEC_TUNE ? tune_key(c, name, value) : param_key(c, name, value);
}

/* The agent's type: the spec up to ':'. */
static void spec_type(const char *spec, char *out, size_t len)
{
    snprintf(out, len, "%.*s", (int)strcspn(spec, ":"), spec);
}

static bool check_whole(ReadCtx *c)
{
    TuneFile *t = &c->tf;
    if (!c->name_line) {
        fail_at(c, 0, ST_EINVAL, "no name (name = ... under [tune])");
        return false;
    }
    if (!c->agent_line || !c->opponent_line) {
        fail_at(c, 0, ST_EINVAL, "no %s (%s = SPEC under [tune])",
                c->agent_line ? "opponent" : "agent", c->agent_line ? "opponent" : "agent");
        return false;
    }
    Rules r;
    Ruleset rs = t->rules;
    Error why = {{0}};
    if (rules_compile(&rs, &r, &why) != ST_OK) {
        fail_at(c, 0, ST_EINVAL, "rules: %s", why.text);
        return false;
    }
    const char *specs[2] = {t->agent, t->opponent};
    const int lines[2] = {c->agent_line, c->opponent_line};
    for (int i = 0; i < 2; i++) {
        Agent *a = NULL;
        if (agent_create(specs[i], &r, 0, &a, &why) != ST_OK) {
            fail_at(c, lines[i], ST_EINVAL, "key '%s': %s", i ? "opponent" : "agent", why.text);
            return false;
        }
        agent_destroy(a);
    }
    if (t->param_count == 0) {
        fail_at(c, 0, ST_EINVAL, "no parameter to tune (a [param.KEY] section with min and max)");
        return false;
    }
    if (t->method == TUNE_GRID && t->param_count > 2) {
        fail_at(c, c->method_line, ST_EINVAL,
                "key 'method': grid takes one or two [param.KEY] sections, this file has %d",
                t->param_count);
        return false;
    }
    char type[64];
    spec_type(t->agent, type, sizeof type);
    for (int i = 0; i < t->param_count; i++) {
        TuneParam *p = &t->params[i];
        int line = c->param_lines[i];
        AgentParamInfo info;
        for (int j = 0; j < i; j++) {
            if (strcmp(t->params[j].key, p->key) == 0) {
                fail_at(c, line, ST_EINVAL, "section '[param.%s]': given twice", p->key);
                return false;
            }
        }
        if (agent_param_info(type, p->key, &info, &why) != ST_OK) {
            fail_at(c, line, ST_EINVAL, "section '[param.%s]': %s", p->key, why.text);
            return false;
        }
        if (agent_spec_value(t->agent, p->key, NULL, 0)) {
            fail_at(c, line, ST_EINVAL,
                    "section '[param.%s]': %s is already set in agent = %s (line %d): leave it "
                    "out there",
                    p->key, p->key, t->agent, c->agent_line);
            return false;
        }
        if (!c->has_min[i] || !c->has_max[i]) {
            fail_at(c, line, ST_EINVAL, "section '[param.%s]': needs min and max", p->key);
            return false;
        }
        if (!(p->min < p->max) || p->min < info.min || p->max > info.max) {
            fail_at(c, line, ST_EINVAL,
                    "section '[param.%s]': min %g and max %g must satisfy %g <= min < max <= %g",
                    p->key, p->min, p->max, info.min, info.max);
            return false;
        }
        p->integer = info.integer;
        if (c->has_start[i] && (p->start < p->min || p->start > p->max)) {
            fail_at(c, line, ST_EINVAL, "section '[param.%s]': start %g is outside [%g, %g]",
                    p->key, p->start, p->min, p->max);
            return false;
        }
        if (!c->has_start[i]) {
            p->start =
                info.def >= p->min && info.def <= p->max ? info.def : 0.5 * (p->min + p->max);
        }
    }
    if (!c->A_line) {
        t->A = t->iterations / 10.0; /* Spall 1998, section III: about 10% of the iterations */
    }
    return true;
}

Status tunefile_load(const char *path, TuneFile *out, Error *err)
{
    FILE *f = inilines_open(path, EXPERIMENT_PATH_MAX, err);
    if (f == NULL) {
        return strlen(path) >= EXPERIMENT_PATH_MAX ? ST_EINVAL : ST_EIO;
    }
    ReadCtx *c = xcalloc(1, sizeof *c);
    c->in.first.path = path;
    c->in.file = f;
    c->in.first.err = err;
    TuneFile *t = &c->tf;
    snprintf(t->path, sizeof t->path, "%s", path);
    t->seed = 1;
    t->rules = *ruleset_preset_find("brandubh");
    t->method = TUNE_SPSA;
    t->pairs = 50;
    t->final_pairs = 0; /* 2 * pairs unless given */
    t->max_plies = 300;
    t->opening_plies = 4;
    t->iterations = 30;
    t->a = 0.5;
    t->c = 0.1;
    t->alpha = 0.602; /* Spall 1998's practical exponents */
    t->gamma = 0.101;
    t->points = 9;
    snprintf(t->output, sizeof t->output, "results");

    Status st = inilines_parse(&c->in, read_line, on_key, c, "[section]", err);
    if (st != ST_OK) {
        /* the parse itself failed: err says how */
    } else if (c->in.first.failed || !check_whole(c)) {
        st = c->in.first.status;
    } else {
        if (t->final_pairs == 0) {
            t->final_pairs = 2 * t->pairs;
        }
        *out = *t;
    }
    free(c);
    fclose(f);
    return st;
}
