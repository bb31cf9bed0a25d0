/* Experiment files: INI text read with libinih into an Experiment, every key checked where it
 * stands (file:line), then the whole: essentials present, pairs resolved, agents created once. */
#include "formats/experiment.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agents/agent.h"
#include "agents/evalfile.h"
#include "formats/inilines.h"
#include "formats/keyvalue.h"
#include "formats/rulesfile.h"
#include "rules/otn.h"
#include "stats/balance.h"

#define KEY_MAX             32  /* longer keys are unknown anyway */
#define SECTION_KEYS_MAX    48  /* distinct keys tracked per section (for "given twice") */
#define VALUE_MAX           256 /* a value fits on one libinih line (197 characters) */
#define CMD_VALUE_MAX       600 /* an external agent's cmd, which may go on over lines */
#define SECTION_MAX         80  /* "agent." plus a name, and some room to quote a bad one */
#define SECTIONS_MAX        (EXPERIMENT_MAX_AGENTS + 3)
#define LIST_MAX            300 /* the presets, agents... listed in an error message */
#define GAMES_MAX           EXPERIMENT_GAMES_TOTAL_MAX /* as tafl match --games: one limit */
#define CHECK_EVERY_MAX     100000000                  /* as tafl match --check-every */
#define MAX_PLIES_MAX       1000000000
#define OPENING_MAX         1000
#define DEFAULT_GAMES       100 /* as `tafl match` */
#define DEFAULT_OUTPUT      "results"
#define DEFAULT_CHECK_EVERY 100 /* RUNNER_CHECK_EVERY */
#define DEFAULT_MIN_GAMES   100 /* STATS_MIN_GAMES */
/* A curve has converged when its strongest three rungs' attackers' scores lie within this:
 * the bar for "more strength does not move the verdict" (two 200-game scores near 1/2
 * have 95% intervals about +-0.07 wide, so a tighter width could not be met by noise alone). */
#define DEFAULT_CONVERGE_WIDTH 0.08
/* The strongest rungs the verdict compares, and the Elo range they must span: agreement among
 * rungs of nearly one strength says little about more strength (Brandubh's top three
 * spanned 170 Elo). */
#define DEFAULT_CONVERGE_RUNGS 3
#define DEFAULT_CONVERGE_SPAN  200.0
#define CONVERGE_SPAN_MAX      10000.0

typedef enum {
    SEC_NONE,
    SEC_EXPERIMENT,
    SEC_RULES,
    SEC_AGENT,
    SEC_MATCHUPS,
    SEC_SWEEP
} SectionKind;

#define SWEEP_KEYS_MAX   32 /* rule keys one [sweep] lists */
#define SWEEP_VALUES_MAX 64 /* values one key lists (a knob's list of limits, say) */
#define SWEEP_VALUE_MAX  32 /* a value's length (the longest enum value has 22) */
#define SWEEP_STARTS_MAX 16 /* alternative start positions */

/* One rule key of a [sweep] with its list of values. */
typedef struct {
    char key[KEY_MAX];
    char values[SWEEP_VALUES_MAX][SWEEP_VALUE_MAX];
    int count;
    int line;
} SweepKey;

/* The [sweep] section as read; expanded into rulesets when the file has been read. */
typedef struct {
    int line;      /* of the [sweep] header; 0 when there is none */
    int base_line; /* 0 until base (or base_file) is read */
    Ruleset base;
    SweepMode mode;
    SweepKey keys[SWEEP_KEYS_MAX];
    int key_count;
    Ruleset starts[SWEEP_STARTS_MAX]; /* size and start of each alternative, named by the file */
    int start_count;
    int starts_line;
    /* The move-limit knob: one candidate per limit, the base with max_plies
     * at that limit and limit_result = knob_result */
    char knob_values[SWEEP_VALUES_MAX][SWEEP_VALUE_MAX];
    int knob_count;
    int knob_line;
    char knob_result[SWEEP_VALUE_MAX]; /* attackers (default) or defenders */
} SweepDraft;

/* The [agent.NAME] section being read: its keys wait here until the section ends, because
 * parameters may come before `type`. */
typedef struct {
    int header_line;
    char type[KEY_MAX];
    int type_line; /* 0 while no type was given */
    int param_count;
    char keys[SECTION_KEYS_MAX][KEY_MAX];
    char values[SECTION_KEYS_MAX][CMD_VALUE_MAX];
    int lines[SECTION_KEYS_MAX];
    int checked; /* keys[0..checked) have passed agent_check_param */
} AgentDraft;

/* One `pair = A vs B`, resolved when every agent is known. */
typedef struct {
    char attacker[EXPERIMENT_NAME_MAX], defender[EXPERIMENT_NAME_MAX];
    int line;
} PairLine;

/* The state of one read; libinih hands it to both the reader and the handler. */
typedef struct {
    IniRead in;          /* the file, its line, a read error, the first error (inilines.h) */
    bool line_continues; /* that line is indented after a key: libinih passes it as more of
                            the previous key's value */
    bool have_prev_key;  /* libinih's prev_name: a key was read since the last section header */

    SectionKind kind;
    char sections[SECTIONS_MAX][SECTION_MAX]; /* every section seen, for "given twice" */
    int section_lines[SECTIONS_MAX];
    int section_count;
    char keys[SECTION_KEYS_MAX][KEY_MAX]; /* keys of the current section, for "given twice" */
    int key_lines[SECTION_KEYS_MAX];
    int key_count;

    int name_line;                              /* 0 until [experiment] name is read */
    int kind_line;                              /* 0 until [experiment] kind is read */
    int ruleset_lines[EXPERIMENT_MAX_RULESETS]; /* the line each ruleset came from */
    int otn_count;     /* `rules` keys so far, to name unnamed OTN rulesets */
    Rules compiled;    /* scratch for rules_compile */
    Rules first_rules; /* the first ruleset, compiled: agents are created for it once */
    AgentDraft agent;
    int matchups_line;               /* 0 when there is no [matchups] section */
    int self_line, round_robin_line; /* 0 unless set to yes */
    int ladder_line;                 /* 0 unless ladder = yes (or a curve has no [matchups]) */
    PairLine pairs[EXPERIMENT_MAX_PAIRINGS];
    int pair_count;
    int rules_line; /* of the [rules] header; 0 when there is none */
    SweepDraft sweep;

    Experiment exp;
} ReadCtx;

/* Records the first error as "FILE:LINE: <text>" (line 0: "FILE: <text>"). */
#define fail_at(c, line, st, ...) inilines_fail_at(&(c)->in.first, (line), (st), __VA_ARGS__)

/* Appends s to a ", "-separated list in buf. */
static void list_add(char *buf, size_t len, const char *s)
{
    size_t used = strlen(buf);
    snprintf(buf + used, len - used, "%s%s", used ? ", " : "", s);
}

static void list_presets(char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < ruleset_preset_count(); i++) {
        list_add(buf, len, ruleset_preset_at(i)->name);
    }
}

/* "random, greedy, ..." taken from agent_check_param's own list, so it never goes stale. */
static void list_agent_types(char *buf, size_t len)
{
    Error why = {{0}};
    const char *p = NULL;
    if (agent_check_param("", NULL, NULL, &why) != ST_OK) {
        p = strstr(why.text, "(agents: ");
    }
    snprintf(buf, len, "%s", p ? p + strlen("(agents: ") : "");
    char *close = strrchr(buf, ')');
    if (close) {
        *close = '\0';
    }
}

/* Checks the name of the experiment or an agent (it names a directory and a CSV field): 1..63
 * of [A-Za-z0-9._-], not starting with '.' (no ".", "..", hidden directories). */
static bool name_ok(const char *s, char *why, size_t len)
{
    size_t n = strlen(s);
    if (n == 0) {
        snprintf(why, len, "the value is empty");
        return false;
    }
    if (n >= EXPERIMENT_NAME_MAX) {
        snprintf(why, len, "the value is %zu characters long, at most %d fit", n,
                 EXPERIMENT_NAME_MAX - 1);
        return false;
    }
    for (const char *p = s; *p; p++) {
        if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != '-') {
            snprintf(why, len,
                     "'%s' has the character '%c' (a name is letters, digits, '.', '_' and '-': "
                     "it names a directory)",
                     s, *p);
            return false;
        }
    }
    if (s[0] == '.') {
        snprintf(why, len, "'%s' starts with '.' (it names a directory)", s);
        return false;
    }
    return true;
}

/* A decimal integer without sign into *out; false on anything else or overflow. */
static bool parse_u64(const char *text, uint64_t *out)
{
    if (*text == '\0') {
        return false;
    }
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') {
            return false;
        }
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) {
            return false;
        }
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool parse_int(ReadCtx *c, const char *key, const char *value, int min, int max, int *out)
{
    uint64_t v;
    if (!parse_u64(value, &v) || v < (uint64_t)min || v > (uint64_t)max) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected an integer %d..%d)",
                key, value, min, max);
        return false;
    }
    *out = (int)v;
    return true;
}

static bool parse_yes_no(ReadCtx *c, const char *key, const char *value, bool *out)
{
    if (strcmp(value, "yes") == 0 || strcmp(value, "no") == 0) {
        *out = value[0] == 'y';
        return true;
    }
    fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected yes|no)", key, value);
    return false;
}

/* ------------------------------------------------------------------------------------------
 * [rules] */

/* Compiles rs, checks its name is new and appends it. what names the source in errors. */
static bool add_ruleset(ReadCtx *c, const char *key, const Ruleset *rs, const char *what)
{
    Experiment *e = &c->exp;
    int first = experiment_ruleset_index(e, rs->name);
    if (first >= 0) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': %s: a second ruleset named '%s' (the first is from line %d)", key, what,
                rs->name, c->ruleset_lines[first]);
        return false;
    }
    if (e->ruleset_count == EXPERIMENT_MAX_RULESETS) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': %s: more than %d rulesets", key, what,
                EXPERIMENT_MAX_RULESETS);
        return false;
    }
    Error why = {{0}};
    if (rules_compile(rs, &c->compiled, &why) != ST_OK ||
        rulesfile_check_start(&c->compiled, &why) != ST_OK) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': %s: %s", key, what, why.text);
        return false;
    }
    if (e->ruleset_count == 0) {
        c->first_rules = c->compiled;
    }
    c->ruleset_lines[e->ruleset_count] = c->in.line;
    e->rulesets[e->ruleset_count++] = *rs;
    return true;
}

static bool add_preset(ReadCtx *c, const char *name)
{
    const Ruleset *rs = ruleset_preset_find(name);
    if (rs == NULL) {
        char presets[LIST_MAX];
        list_presets(presets, sizeof presets);
        fail_at(c, c->in.line, ST_EINVAL, "key 'presets': unknown preset '%s' (presets: %s)", name,
                presets);
        return false;
    }
    char what[VALUE_MAX + 16];
    snprintf(what, sizeof what, "preset '%s'", name);
    return add_ruleset(c, "presets", rs, what);
}

/* A ruleset file, relative to the experiment file's directory unless absolute. */
static bool add_file(ReadCtx *c, const char *file)
{
    char path[EXPERIMENT_PATH_MAX];
    if (!inilines_relative_path(c->in.first.path, file, path, sizeof path)) {
        fail_at(c, c->in.line, ST_EINVAL, "key 'files': the path of '%s' is too long", file);
        return false;
    }
    Ruleset rs;
    Error why = {{0}};
    Status st = rulesfile_read(path, &rs, &why);
    if (st != ST_OK) {
        fail_at(c, c->in.line, st, "key 'files': %s", why.text);
        return false;
    }
    char what[EXPERIMENT_PATH_MAX + 16];
    snprintf(what, sizeof what, "file '%s'", file);
    return add_ruleset(c, "files", &rs, what);
}

/* Calls add(c, item) for each item of a comma-separated list, blanks trimmed; the list may
 * end with ','. */
static bool for_each_item(ReadCtx *c, const char *key, const char *value,
                          bool (*add)(ReadCtx *, const char *))
{
    const char *p = value;
    if (value[0] == '\0') {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': the value is empty", key);
        return false;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        const char *start = p, *end = p + len;
        while (start < end && isspace((unsigned char)*start)) {
            start++;
        }
        while (end > start && isspace((unsigned char)end[-1])) {
            end--;
        }
        if (start == end) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': an empty item in '%s'", key, value);
            return false;
        }
        char item[VALUE_MAX];
        snprintf(item, sizeof item, "%.*s", (int)(end - start), start);
        if (!add(c, item)) {
            return false;
        }
        if (p[len] == '\0') {
            return true;
        }
        p += len + 1;
        if (p[strspn(p, " \t")] == '\0') {
            return true; /* a trailing ',' (before an indented line that goes on) */
        }
    }
}

/* The value of the OTN key `name:` in a rules string, if any (OpenTafl's own name field;
 * otn_parse_rules ignores it). */
static bool otn_name(const char *text, char *out, size_t len)
{
    for (const char *p = text; *p;) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n > 5 && strncmp(p, "name:", 5) == 0) {
            snprintf(out, len, "%.*s", (int)(n - 5), p + 5);
            return n - 5 < len;
        }
        p += n;
    }
    out[0] = '\0';
    return true;
}

static bool add_otn(ReadCtx *c, const char *text)
{
    c->otn_count++;
    Ruleset rs;
    Error why = {{0}};
    Status st = otn_parse_rules(text, &rs, &why);
    if (st != ST_OK) {
        fail_at(c, c->in.line, st, "key 'rules': %s", why.text);
        return false;
    }
    /* Every OTN string comes out named "otn": a name: key names it, else its place. */
    char name[RULES_NAME_MAX];
    if (!otn_name(text, name, sizeof name)) {
        fail_at(c, c->in.line, ST_EINVAL, "key 'rules': the name is longer than %d characters",
                RULES_NAME_MAX - 1);
        return false;
    }
    if (name[0] == '\0') {
        snprintf(name, sizeof name, "otn-%d", c->otn_count);
    } else if (!ruleset_name_ok(name)) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key 'rules': bad name '%s' (a name is letters, digits, '.', '_', '+' and '-')",
                name);
        return false;
    }
    memcpy(rs.name, name, sizeof rs.name);
    if (c->exp.otn_warning == NULL && otn_rules_warning(text) != NULL) {
        c->exp.otn_warning = otn_rules_warning(text);
        c->exp.otn_warning_line = c->in.line;
    }
    return add_ruleset(c, "rules", &rs, "OTN rules");
}

static bool rules_key(ReadCtx *c, const char *key, const char *value)
{
    if (strcmp(key, "presets") == 0) {
        return for_each_item(c, key, value, add_preset);
    }
    if (strcmp(key, "files") == 0) {
        return for_each_item(c, key, value, add_file);
    }
    if (strcmp(key, "rules") == 0) {
        return add_otn(c, value);
    }
    fail_at(c, c->in.line, ST_EINVAL, "key '%s': unknown key (keys are presets, files, rules)",
            key);
    return false;
}

/* ------------------------------------------------------------------------------------------
 * [experiment] */

static bool set_name(ReadCtx *c, const char *key, const char *value)
{
    char why[VALUE_MAX + 128];
    if (!name_ok(value, why, sizeof why)) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': %s", key, why);
        return false;
    }
    memcpy(c->exp.name, value, strlen(value) + 1);
    c->name_line = c->in.line;
    return true;
}

static bool set_seed(ReadCtx *c, const char *key, const char *value)
{
    if (!parse_u64(value, &c->exp.seed)) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected an integer 0..%llu)",
                key, value, (unsigned long long)UINT64_MAX);
        return false;
    }
    return true;
}

static bool set_output(ReadCtx *c, const char *key, const char *value)
{
    if (value[0] == '\0') {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': the value is empty", key);
        return false;
    }
    /* A line holds fewer characters than the field, so the value always fits. */
    snprintf(c->exp.output, sizeof c->exp.output, "%s", value);
    return true;
}

static bool set_kind(ReadCtx *c, const char *key, const char *value)
{
    if (strcmp(value, "balance") != 0 && strcmp(value, "curve") != 0 &&
        strcmp(value, "design") != 0) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': bad value '%s' (expected balance|curve|design)", key, value);
        return false;
    }
    c->exp.kind = value[0] == 'c'   ? EXPERIMENT_CURVE
                  : value[0] == 'd' ? EXPERIMENT_DESIGN
                                    : EXPERIMENT_BALANCE;
    c->kind_line = c->in.line;
    return true;
}

static bool set_budget(ReadCtx *c, const char *key, const char *value)
{
    uint64_t v;
    if (!parse_u64(value, &v) || v > (uint64_t)EXPERIMENT_GAMES_TOTAL_MAX) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected an integer 0..%ld)",
                key, value, EXPERIMENT_GAMES_TOTAL_MAX);
        return false;
    }
    c->exp.budget = (long)v;
    return true;
}

static bool set_reference_label(ReadCtx *c, const char *key, const char *value)
{
    Experiment *e = &c->exp;
    if (strlen(value) >= sizeof e->reference_label || strchr(value, '"')) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value (at most %zu characters, no '\"')",
                key, sizeof e->reference_label - 1);
        return false;
    }
    memcpy(e->reference_label, value, strlen(value) + 1);
    return true;
}

/* How an [experiment] key is read: a whole number or a real number in a range, yes/no, or a
 * function of its own. */
typedef enum { KEY_INT, KEY_REAL, KEY_YES_NO, KEY_CUSTOM } KeyType;

typedef struct {
    const char *name;
    KeyType type;
    size_t offset;     /* of the field in Experiment (KEY_INT: int, KEY_REAL: double, KEY_YES_NO:
                          bool) */
    double min, max;   /* the accepted range (KEY_INT, KEY_REAL) */
    const char *range; /* KEY_REAL: how the range reads in an error */
    bool (*set)(ReadCtx *c, const char *key, const char *value); /* KEY_CUSTOM */
} ExperimentKey;

#define FIELD(f) offsetof(Experiment, f)
/* The [experiment] keys, in the order an error lists them; one row per key. */
static const ExperimentKey EXPERIMENT_KEYS[] = {
    {"name", KEY_CUSTOM, 0, 0, 0, NULL, set_name},
    {"seed", KEY_CUSTOM, 0, 0, 0, NULL, set_seed},
    {"games", KEY_INT, FIELD(games), 1, GAMES_MAX, NULL, NULL},
    {"max_plies", KEY_INT, FIELD(max_plies), 0, MAX_PLIES_MAX, NULL, NULL},
    {"opening_plies", KEY_INT, FIELD(opening_plies), 0, OPENING_MAX, NULL, NULL},
    {"record_moves", KEY_YES_NO, FIELD(record_moves), 0, 0, NULL, NULL},
    {"output", KEY_CUSTOM, 0, 0, 0, NULL, set_output},
    /* The width of an interval of a score in [0, 1]: 0 (off) up to 1 (stop at once). */
    {"max_width", KEY_REAL, FIELD(max_width), 0, 1, "a number 0..1; 0 is off", NULL},
    {"check_every", KEY_INT, FIELD(check_every), 1, CHECK_EVERY_MAX, NULL, NULL},
    {"min_games", KEY_INT, FIELD(min_games), 1, CHECK_EVERY_MAX, NULL, NULL},
    {"kind", KEY_CUSTOM, 0, 0, 0, NULL, set_kind},
    {"converge_width", KEY_REAL, FIELD(converge_width), 0, 1, "an attackers' score 0..1", NULL},
    {"converge_rungs", KEY_INT, FIELD(converge_rungs), 2, EXPERIMENT_MAX_AGENTS, NULL, NULL},
    {"converge_span", KEY_REAL, FIELD(converge_span), 0, CONVERGE_SPAN_MAX, "Elo 0..10000", NULL},
    {"reference", KEY_REAL, FIELD(reference), 0, 1, "an attackers' score 0..1", NULL},
    {"reference_label", KEY_CUSTOM, 0, 0, 0, NULL, set_reference_label},
    {"margin", KEY_REAL, FIELD(margin), 0.001, 0.499, "a score margin 0.001..0.499", NULL},
    {"confirm_games", KEY_INT, FIELD(confirm_games), 0, GAMES_MAX, NULL, NULL},
    {"budget", KEY_CUSTOM, 0, 0, 0, NULL, set_budget},
    {"agent_defaults", KEY_INT, FIELD(agent_defaults), 1, 2, NULL, NULL},
};
#undef FIELD
#define EXPERIMENT_KEY_COUNT ((int)(sizeof EXPERIMENT_KEYS / sizeof EXPERIMENT_KEYS[0]))

static bool parse_real(ReadCtx *c, const ExperimentKey *k, const char *value, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (errno != 0 || end == value || *end != '\0' || !(v >= k->min && v <= k->max)) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': bad value '%s' (expected %s)", k->name, value,
                k->range);
        return false;
    }
    *out = v;
    return true;
}

static bool experiment_key(ReadCtx *c, const char *key, const char *value)
{
    for (int i = 0; i < EXPERIMENT_KEY_COUNT; i++) {
        const ExperimentKey *k = &EXPERIMENT_KEYS[i];
        if (strcmp(key, k->name) != 0) {
            continue;
        }
        char *field = (char *)&c->exp + k->offset;
        switch (k->type) {
        case KEY_INT:
            return parse_int(c, key, value, (int)k->min, (int)k->max, (int *)(void *)field);
        case KEY_REAL:
            return parse_real(c, k, value, (double *)(void *)field);
        case KEY_YES_NO:
            return parse_yes_no(c, key, value, (bool *)(void *)field);
        case KEY_CUSTOM:
            return k->set(c, key, value);
        }
    }
    char keys[LIST_MAX] = "";
    for (int i = 0; i < EXPERIMENT_KEY_COUNT; i++) {
        list_add(keys, sizeof keys, EXPERIMENT_KEYS[i].name);
    }
    fail_at(c, c->in.line, ST_EINVAL, "key '%s': unknown key (keys are %s)", key, keys);
    return false;
}

/* ------------------------------------------------------------------------------------------
 * [agent.NAME] */

/* Checks the draft's parameters not yet checked (once its type is known). */
static bool check_params(ReadCtx *c)
{
    AgentDraft *a = &c->agent;
    for (; a->checked < a->param_count; a->checked++) {
        int i = a->checked;
        Error why = {{0}};
        if (agent_check_param(a->type, a->keys[i], a->values[i], &why) != ST_OK) {
            fail_at(c, a->lines[i], ST_EINVAL, "key '%s': %s", a->keys[i], why.text);
            return false;
        }
    }
    return true;
}

static bool agent_key(ReadCtx *c, const char *key, const char *value)
{
    AgentDraft *a = &c->agent;
    if (strcmp(key, "type") == 0) {
        Error why = {{0}};
        if (agent_check_param(value, NULL, NULL, &why) != ST_OK) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'type': %s", why.text);
            return false;
        }
        snprintf(a->type, sizeof a->type, "%s", value); /* a known name: it fits */
        a->type_line = c->in.line;
        return check_params(c);
    }
    /* key_count limits distinct keys per section to SECTION_KEYS_MAX, and type is one. */
    int i = a->param_count++;
    snprintf(a->keys[i], sizeof a->keys[i], "%s", key);
    if (strcmp(key, "eval") == 0 && evalmodel_names_file(value)) {
        /* An evaluation file, like a ruleset file, is relative to the experiment file's
         * directory unless absolute. */
        if (!inilines_relative_path(c->in.first.path, value, a->values[i], sizeof a->values[i])) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'eval': the path of '%s' is too long", value);
            return false;
        }
    } else {
        snprintf(a->values[i], sizeof a->values[i], "%s", value);
    }
    a->lines[i] = c->in.line;
    return a->type_line == 0 || check_params(c);
}

/* An indented line after `cmd` in an [agent.NAME] section: more of the command (an engine's
 * agent spec outgrows one line). It joins the value so far directly after a trailing ',' (the
 * spec goes on) and with one space otherwise (another argument). libinih names the key of the
 * line before, and a section header clears it, so the draft's last key is that `cmd`. */
static bool agent_cmd_continues(ReadCtx *c, const char *value)
{
    AgentDraft *a = &c->agent;
    int i = a->param_count - 1;
    char *cmd = a->values[i];
    size_t used = strlen(cmd), more = strlen(value);
    size_t gap = used > 0 && cmd[used - 1] == ',' ? 0 : 1;
    if (used + gap + more >= sizeof a->values[i]) {
        fail_at(c, c->in.line, ST_EINVAL, "key 'cmd': longer than %zu characters over its lines",
                sizeof a->values[i] - 1);
        return false;
    }
    if (gap) {
        cmd[used++] = ' ';
    }
    memcpy(cmd + used, value, more + 1);
    if (a->checked > i) {
        a->checked = i; /* checked again as a whole, once the type is known */
    }
    return a->type_line == 0 || check_params(c);
}

/* Ends an [agent.NAME] section: a type is required; builds the spec "type:key=value,...". */
static bool finish_agent(ReadCtx *c)
{
    AgentDraft *a = &c->agent;
    ExperimentAgent *out = &c->exp.agents[c->exp.agent_count - 1];
    if (a->type_line == 0) {
        char types[LIST_MAX];
        list_agent_types(types, sizeof types);
        fail_at(c, a->header_line, ST_EINVAL, "key 'type': missing in [agent.%s] (agents: %s)",
                out->name, types);
        return false;
    }
    char spec[EXPERIMENT_SPEC_MAX]; /* built apart: the draft and out share *c */
    size_t used = (size_t)snprintf(spec, sizeof spec, "%s", a->type);
    for (int i = 0; i < a->param_count && used < sizeof spec; i++) {
        used += (size_t)snprintf(spec + used, sizeof spec - used, "%c%s=%s", i ? ',' : ':',
                                 a->keys[i], a->values[i]);
    }
    if (used >= sizeof spec) {
        fail_at(c, a->header_line, ST_EINVAL,
                "section '[agent.%s]': the agent's spec is longer than %zu characters", out->name,
                sizeof spec - 1);
        return false;
    }
    memcpy(out->spec, spec, used + 1);
    return true;
}

/* agent_defaults = 1: every agent's spec gets the defaults of setup format 1 written out
 * (agent_spec_legacy), so a study made before alpha-beta's defaults changed plays as it did. */
static bool pin_legacy_defaults(ReadCtx *c)
{
    for (int i = 0; i < c->exp.agent_count; i++) {
        ExperimentAgent *a = &c->exp.agents[i];
        char legacy[EXPERIMENT_SPEC_MAX];
        if (!agent_spec_legacy(a->spec, legacy, sizeof legacy)) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'agent_defaults': agent %s's spec with the defaults of format 1 is "
                    "longer than %zu characters",
                    a->name, sizeof legacy - 1);
            return false;
        }
        memcpy(a->spec, legacy, strlen(legacy) + 1);
    }
    return true;
}

/* ------------------------------------------------------------------------------------------
 * [matchups] */

static bool matchups_key(ReadCtx *c, const char *key, const char *value)
{
    bool yes;
    if (strcmp(key, "self") == 0 || strcmp(key, "round-robin") == 0 || strcmp(key, "ladder") == 0) {
        if (!parse_yes_no(c, key, value, &yes)) {
            return false;
        }
        int *line = key[0] == 's'   ? &c->self_line
                    : key[0] == 'r' ? &c->round_robin_line
                                    : &c->ladder_line;
        *line = yes ? c->in.line : 0;
        return true;
    }
    if (strcmp(key, "pair") == 0) {
        char words[4][VALUE_MAX];
        int n = 0;
        for (const char *p = value + strspn(value, " \t"); *p && n < 4; p += strspn(p, " \t")) {
            size_t len = strcspn(p, " \t");
            snprintf(words[n++], sizeof words[0], "%.*s", (int)len, p);
            p += len;
        }
        if (n != 3 || strcmp(words[1], "vs") != 0) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'pair': bad value '%s' (expected ATTACKER vs "
                    "DEFENDER, agent names)",
                    value);
            return false;
        }
        if (c->pair_count == EXPERIMENT_MAX_PAIRINGS) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'pair': more than %d pairs",
                    EXPERIMENT_MAX_PAIRINGS);
            return false;
        }
        for (int w = 0; w < 3; w += 2) {
            if (strlen(words[w]) >= EXPERIMENT_NAME_MAX) {
                fail_at(c, c->in.line, ST_EINVAL,
                        "key 'pair': unknown agent '%s' (names are at most %d characters)",
                        words[w], EXPERIMENT_NAME_MAX - 1);
                return false;
            }
        }
        PairLine *pl = &c->pairs[c->pair_count++];
        snprintf(pl->attacker, sizeof pl->attacker, "%.*s", EXPERIMENT_NAME_MAX - 1, words[0]);
        snprintf(pl->defender, sizeof pl->defender, "%.*s", EXPERIMENT_NAME_MAX - 1, words[2]);
        pl->line = c->in.line;
        return true;
    }
    fail_at(c, c->in.line, ST_EINVAL,
            "key '%s': unknown key (keys are self, ladder, round-robin, pair)", key);
    return false;
}

/* ------------------------------------------------------------------------------------------
 * [sweep] */

/* Splits a comma-separated list into items (blanks trimmed) of at most size - 1 characters;
 * false, with the error recorded, on an empty list or item, a long item, too many or a repeat. */
static bool split_list(ReadCtx *c, const char *key, const char *value,
                       char (*items)[SWEEP_VALUE_MAX], int max, int *count)
{
    *count = 0;
    const char *p = value;
    if (value[strspn(value, " \t,")] == '\0') {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': the list of values is empty", key);
        return false;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        const char *start = p, *end = p + len;
        while (start < end && isspace((unsigned char)*start))
            start++;
        while (end > start && isspace((unsigned char)end[-1]))
            end--;
        if (start == end) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': an empty item in '%s'", key, value);
            return false;
        }
        if (end - start >= SWEEP_VALUE_MAX) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key '%s': the value '%.*s' is longer than %d characters", key,
                    (int)(end - start), start, SWEEP_VALUE_MAX - 1);
            return false;
        }
        if (*count == max) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': more than %d values", key, max);
            return false;
        }
        snprintf(items[*count], SWEEP_VALUE_MAX, "%.*s", (int)(end - start), start);
        for (int i = 0; i < *count; i++) {
            if (strcmp(items[i], items[*count]) == 0) {
                fail_at(c, c->in.line, ST_EINVAL, "key '%s': the value '%s' is listed twice", key,
                        items[i]);
                return false;
            }
        }
        (*count)++;
        if (p[len] == '\0')
            return true;
        p += len + 1;
        if (p[strspn(p, " \t")] == '\0')
            return true;
    }
}

static bool sweep_base(ReadCtx *c, const char *key, const char *value)
{
    SweepDraft *w = &c->sweep;
    if (w->base_line) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': a second base (the first is on line %d)", key,
                w->base_line);
        return false;
    }
    if (strcmp(key, "base") == 0) {
        const Ruleset *rs = ruleset_preset_find(value);
        if (rs == NULL) {
            char presets[LIST_MAX];
            list_presets(presets, sizeof presets);
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'base': unknown preset '%s' (presets: %s; a ruleset file goes in "
                    "base_file)",
                    value, presets);
            return false;
        }
        w->base = *rs;
    } else {
        char path[EXPERIMENT_PATH_MAX];
        Error why = {{0}};
        if (!inilines_relative_path(c->in.first.path, value, path, sizeof path)) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'base_file': the path of '%s' is too long",
                    value);
            return false;
        }
        Status st = rulesfile_read(path, &w->base, &why);
        if (st != ST_OK) {
            fail_at(c, c->in.line, st, "key 'base_file': %s", why.text);
            return false;
        }
    }
    w->base_line = c->in.line;
    return true;
}

static bool sweep_starts(ReadCtx *c, const char *value)
{
    SweepDraft *w = &c->sweep;
    char items[SWEEP_STARTS_MAX][SWEEP_VALUE_MAX];
    if (!split_list(c, "starts", value, items, SWEEP_STARTS_MAX, &w->start_count))
        return false;
    for (int i = 0; i < w->start_count; i++) {
        char path[EXPERIMENT_PATH_MAX];
        Error why = {{0}};
        if (!inilines_relative_path(c->in.first.path, items[i], path, sizeof path)) {
            fail_at(c, c->in.line, ST_EINVAL, "key 'starts': the path of '%s' is too long",
                    items[i]);
            return false;
        }
        Status st = rulesfile_read(path, &w->starts[i], &why);
        if (st != ST_OK) {
            fail_at(c, c->in.line, st, "key 'starts': %s", why.text);
            return false;
        }
    }
    w->starts_line = c->in.line;
    return true;
}

/* knob_limits = N, N... (each a max_plies > 0) and knob_result = attackers | defenders. */
static bool sweep_knob(ReadCtx *c, const char *key, const char *value)
{
    SweepDraft *w = &c->sweep;
    Ruleset scratch = *ruleset_default();
    Error why = {{0}};
    if (strcmp(key, "knob_result") == 0) {
        if (strcmp(value, "attackers") != 0 && strcmp(value, "defenders") != 0) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'knob_result': bad value '%s' (expected attackers|defenders: the side "
                    "that wins a game reaching the limit)",
                    value);
            return false;
        }
        snprintf(w->knob_result, sizeof w->knob_result, "%s", value);
        return true;
    }
    if (!split_list(c, key, value, w->knob_values, SWEEP_VALUES_MAX, &w->knob_count))
        return false;
    for (int i = 0; i < w->knob_count; i++) {
        if (ruleset_set_option(&scratch, "max_plies", w->knob_values[i], &why) != ST_OK ||
            scratch.max_plies < 1) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'knob_limits': bad value '%s' (expected move limits, integers >= 1)",
                    w->knob_values[i]);
            return false;
        }
    }
    w->knob_line = c->in.line;
    return true;
}

static bool sweep_key(ReadCtx *c, const char *key, const char *value)
{
    SweepDraft *w = &c->sweep;
    if (strcmp(key, "base") == 0 || strcmp(key, "base_file") == 0)
        return sweep_base(c, key, value);
    if (strcmp(key, "mode") == 0) {
        if (strcmp(value, "one_at_a_time") != 0 && strcmp(value, "grid") != 0) {
            fail_at(c, c->in.line, ST_EINVAL,
                    "key 'mode': bad value '%s' (expected one_at_a_time|grid)", value);
            return false;
        }
        w->mode = value[0] == 'g' ? SWEEP_GRID : SWEEP_ONE_AT_A_TIME;
        return true;
    }
    if (strcmp(key, "starts") == 0)
        return sweep_starts(c, value);
    if (strcmp(key, "knob_limits") == 0 || strcmp(key, "knob_result") == 0)
        return sweep_knob(c, key, value);
    if (strcmp(key, "name") == 0 || strcmp(key, "start") == 0 || strcmp(key, "size") == 0) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': not a key a sweep varies (the names are made from the changes; start "
                "positions and board sizes come from ruleset files in starts)",
                key);
        return false;
    }
    /* Any other key is a ruleset key: each value is checked as a ruleset file would check it. */
    Ruleset scratch = *ruleset_default();
    Error why = {{0}};
    if (ruleset_set_option(&scratch, key, "", &why) != ST_OK && strstr(why.text, "unknown key")) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': unknown key (keys are base, base_file, mode, starts, knob_limits, "
                "knob_result and the ruleset keys of doc/RULES.md, as `tafl rules show` writes "
                "them)",
                key);
        return false;
    }
    SweepKey *k = &w->keys[w->key_count];
    if (w->key_count == SWEEP_KEYS_MAX) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%s': more than %d keys in [sweep]", key,
                SWEEP_KEYS_MAX);
        return false;
    }
    if (!split_list(c, key, value, k->values, SWEEP_VALUES_MAX, &k->count))
        return false;
    for (int i = 0; i < k->count; i++) {
        if (ruleset_set_option(&scratch, key, k->values[i], &why) != ST_OK) {
            fail_at(c, c->in.line, ST_EINVAL, "%s", why.text);
            return false;
        }
    }
    snprintf(k->key, sizeof k->key, "%s", key);
    k->line = c->in.line;
    w->key_count++;
    return true;
}

/* The value text of key in rs, as ruleset_format writes it ("" when absent). */
static void option_text(const Ruleset *rs, const char *key, char *buf, size_t size)
{
    char text[4096];
    ruleset_format(rs, text, sizeof text);
    keyvalue_copy(text, key, KEYVALUE_ASSIGN, buf, size);
}

/* Appends value to the candidate name at used (the name's length so far), each run of
 * characters a ruleset name may not hold (the blanks of `remove = d3 c4`) written as one '_',
 * so that every command that reads the run back accepts the name (ruleset_name_ok). Returns
 * the new length (which may pass size: the caller then numbers the candidate instead). */
static size_t append_name_part(char *name, size_t size, size_t used, const char *value)
{
    bool gap = false;
    for (const char *p = value; *p; p++) {
        char one[2] = {*p, '\0'};
        if (!ruleset_name_ok(one)) {
            gap = true;
            continue;
        }
        if (gap && used + 1 < size)
            name[used] = '_';
        used += gap;
        gap = false;
        if (used + 1 < size)
            name[used] = *p;
        used++;
    }
    if (used < size)
        name[used] = '\0';
    else
        name[size - 1] = '\0';
    return used;
}

/* Adds one candidate: the base with values[k] of each key (-1: the base's own) and start
 * alternative `start` (-1: the base's), named experiment_sweep_name-style. */
static bool add_candidate(ReadCtx *c, const int *pick, int start, int index)
{
    SweepDraft *w = &c->sweep;
    Ruleset rs = w->base;
    char name[RULES_NAME_MAX * 4];
    size_t used = (size_t)snprintf(name, sizeof name, "%s", w->base.name);
    int line = w->line;
    const char *key = "base";
    char what[RULES_NAME_MAX * 4 + 64] = "";
    if (start >= 0) {
        rs.size = w->starts[start].size;
        memcpy(rs.start, w->starts[start].start, sizeof rs.start);
        used +=
            (size_t)snprintf(name + used, sizeof name - used, "+start.%s", w->starts[start].name);
        line = w->starts_line;
        key = "starts";
    }
    for (int k = 0; k < w->key_count; k++) {
        if (pick[k] < 0)
            continue;
        const SweepKey *sk = &w->keys[k];
        char was[256];
        option_text(&rs, sk->key, was, sizeof was);
        Error why = {{0}};
        Status st = ruleset_set_option(&rs, sk->key, sk->values[pick[k]], &why);
        assert(st == ST_OK); /* every value was checked as it was read */
        (void)st;
        if (strcmp(was, sk->values[pick[k]]) == 0)
            continue; /* the base's own value: no change, no part of the name */
        used += (size_t)snprintf(name + used, used < sizeof name ? sizeof name - used : 0, "+%s.",
                                 sk->key);
        used = append_name_part(name, sizeof name, used, sk->values[pick[k]]);
        line = sk->line;
        key = sk->key;
    }
    /* A name past RULES_NAME_MAX - 1 characters (a grid of several keys) gives way to the
     * candidate's number: design.csv lists its changes in full either way. */
    if (used >= RULES_NAME_MAX)
        snprintf(name, sizeof name, "%.40s+c%d", w->base.name, index);
    memcpy(rs.name, name, strlen(name) + 1);
    snprintf(what, sizeof what, "candidate '%s'", rs.name);
    int saved = c->in.line;
    c->in.line = line;
    bool ok = add_ruleset(c, key, &rs, what);
    c->in.line = saved;
    return ok;
}

/* The knob's candidates after the others: the base with each limit and knob_result. */
static bool add_knob(ReadCtx *c, int index)
{
    SweepDraft *w = &c->sweep;
    const char *result = w->knob_result[0] ? w->knob_result : "attackers";
    for (int i = 0; i < w->knob_count; i++, index++) {
        Ruleset rs = w->base;
        Error why = {{0}};
        Status st = ruleset_set_option(&rs, "max_plies", w->knob_values[i], &why);
        if (st == ST_OK)
            st = ruleset_set_option(&rs, "limit_result", result, &why);
        assert(st == ST_OK); /* both values were checked as they were read */
        (void)st;
        char name[RULES_NAME_MAX * 2];
        int n = snprintf(name, sizeof name, "%s+max_plies.%s+limit_result.%s", w->base.name,
                         w->knob_values[i], result);
        if (n >= RULES_NAME_MAX)
            snprintf(name, sizeof name, "%.40s+c%d", w->base.name, index);
        memcpy(rs.name, name, strlen(name) + 1);
        char what[RULES_NAME_MAX * 2 + 32];
        snprintf(what, sizeof what, "candidate '%s'", rs.name);
        int saved = c->in.line;
        c->in.line = w->knob_line;
        bool ok = add_ruleset(c, "knob_limits", &rs, what);
        c->in.line = saved;
        if (!ok)
            return false;
    }
    return true;
}

/* The candidates of the [sweep]: their number first (more than the limit is an error naming
 * the key that passes it), then each compiled and added. */
static bool expand_sweep(ReadCtx *c)
{
    SweepDraft *w = &c->sweep;
    Experiment *e = &c->exp;
    if (w->base_line == 0) {
        fail_at(c, w->line, ST_EINVAL,
                "key 'base': missing in [sweep] (base = PRESET or "
                "base_file = PATH)");
        return false;
    }
    if (c->rules_line) {
        fail_at(c, c->rules_line, ST_EINVAL,
                "section '[rules]': a [sweep] (line %d) makes the rulesets of this experiment; "
                "give its rulesets in one of the two",
                w->line);
        return false;
    }
    /* The count, saturated far above the limit: the key whose list first passes the limit is
     * the one the error names. */
    const long long limit = EXPERIMENT_MAX_RULESETS, cap = 1000000000000LL;
    long long total = w->mode == SWEEP_GRID ? w->start_count + 1 : 1 + w->start_count;
    if (w->knob_count > 0 && c->exp.max_plies != 0) {
        fail_at(c, w->knob_line, ST_EINVAL,
                "key 'knob_limits': [experiment] max_plies = %d replaces every ruleset's move "
                "limit, the knob's too: leave it out and cap the other candidates in the base "
                "(base_file)",
                c->exp.max_plies);
        return false;
    }
    const char *over_key = "starts";
    int over_line = w->starts_line ? w->starts_line : w->line;
    bool over = total > limit;
    for (int k = 0; k < w->key_count; k++) {
        long long n = w->keys[k].count;
        total = w->mode == SWEEP_GRID ? (total > cap / n ? cap : total * n) : total + n;
        if (!over && total > limit) {
            over = true;
            over_key = w->keys[k].key;
            over_line = w->keys[k].line;
        }
    }
    if (!over && total + w->knob_count > limit) {
        over = true;
        over_key = "knob_limits";
        over_line = w->knob_line;
    }
    total = total >= cap ? cap : total + w->knob_count;
    if (over) {
        fail_at(c, over_line, ST_EINVAL,
                "key '%s': the sweep has %s%lld candidates, more than the %lld an experiment "
                "holds (shorten the lists%s)",
                over_key, total >= cap ? "over " : "", total, limit,
                w->mode == SWEEP_GRID ? " or use mode = one_at_a_time" : "");
        return false;
    }
    int start_alts = w->start_count;
    int pick[SWEEP_KEYS_MAX];
    int index = 0;
    e->swept = true;
    if (w->mode == SWEEP_ONE_AT_A_TIME) {
        for (int k = 0; k < w->key_count; k++)
            pick[k] = -1;
        if (!add_candidate(c, pick, -1, index++))
            return false;
        for (int s = 0; s < start_alts; s++)
            if (!add_candidate(c, pick, s, index++))
                return false;
        for (int k = 0; k < w->key_count; k++) {
            for (int v = 0; v < w->keys[k].count; v++) {
                char was[256];
                option_text(&w->base, w->keys[k].key, was, sizeof was);
                if (strcmp(was, w->keys[k].values[v]) == 0)
                    continue; /* the base itself, already first */
                pick[k] = v;
                if (!add_candidate(c, pick, -1, index++))
                    return false;
            }
            pick[k] = -1;
        }
        return add_knob(c, index);
    }
    /* The grid: an odometer, the first key turning slowest, the start alternatives slowest of
     * all (-1, the base's own, first). */
    for (int k = 0; k < w->key_count; k++)
        pick[k] = 0;
    for (int s = -1; s < start_alts; s++) {
        for (;;) {
            if (!add_candidate(c, pick, s, index++))
                return false;
            int k = w->key_count - 1;
            while (k >= 0 && ++pick[k] == w->keys[k].count)
                pick[k--] = 0;
            if (k < 0)
                break;
        }
    }
    return add_knob(c, index);
}

/* ------------------------------------------------------------------------------------------
 * Sections and lines */

/* Ends the current section and starts the one named name (header on the current line). */
static bool start_section(ReadCtx *c, const char *name)
{
    if (c->kind == SEC_AGENT && !finish_agent(c)) {
        return false;
    }
    for (int i = 0; i < c->section_count; i++) {
        if (strcmp(c->sections[i], name) == 0) {
            fail_at(c, c->in.line, ST_EINVAL, "section '[%s]': given twice (first on line %d)",
                    name, c->section_lines[i]);
            return false;
        }
    }
    SectionKind kind = SEC_NONE;
    if (strcmp(name, "experiment") == 0) {
        kind = SEC_EXPERIMENT;
    } else if (strcmp(name, "rules") == 0) {
        kind = SEC_RULES;
        c->rules_line = c->in.line;
    } else if (strcmp(name, "sweep") == 0) {
        kind = SEC_SWEEP;
        c->sweep.line = c->in.line;
    } else if (strcmp(name, "matchups") == 0) {
        kind = SEC_MATCHUPS;
        c->matchups_line = c->in.line;
    } else if (strncmp(name, "agent.", 6) == 0) {
        kind = SEC_AGENT;
        char why[VALUE_MAX + 128];
        if (!name_ok(name + 6, why, sizeof why)) {
            fail_at(c, c->in.line, ST_EINVAL, "section '[%s]': bad agent name: %s", name, why);
            return false;
        }
        if (c->exp.agent_count == EXPERIMENT_MAX_AGENTS) {
            fail_at(c, c->in.line, ST_EINVAL, "section '[%s]': more than %d agents", name,
                    EXPERIMENT_MAX_AGENTS);
            return false;
        }
        ExperimentAgent *a = &c->exp.agents[c->exp.agent_count++];
        memcpy(a->name, name + 6, strlen(name + 6) + 1);
        memset(&c->agent, 0, sizeof c->agent);
        c->agent.header_line = c->in.line;
    } else {
        fail_at(
            c, c->in.line, ST_EPARSE,
            "section '[%s]': unknown section (sections are experiment, rules, sweep, agent.NAME, "
            "matchups)",
            name);
        return false;
    }
    /* Only known sections get here, each once: the table cannot overflow. */
    snprintf(c->sections[c->section_count], sizeof c->sections[0], "%s", name);
    c->section_lines[c->section_count++] = c->in.line;
    c->kind = kind;
    c->key_count = 0;
    c->have_prev_key = false;
    return true;
}

/* libinih's fgets-style reader. Besides reading, it numbers the lines for the handler (the
 * handler of this libinih build gets no line number), refuses lines longer than libinih's
 * buffer (it would silently split them) and reads section headers itself: libinih does not
 * report a section without keys and cuts long section names. It mirrors libinih's rules: an
 * indented line after a key (since the last header) continues that key's value, even one
 * starting with '['. Returning NULL ends the parse. */
static char *read_line(char *str, int num, void *stream)
{
    ReadCtx *c = stream;
    IniLine l;
    if (!inilines_next(&c->in, str, num, "", &l))
        return NULL;
    c->line_continues = l.indented && !l.blank && c->have_prev_key;
    if (l.section && !c->line_continues) {
        if (!l.closed) {
            fail_at(c, c->in.line, ST_EPARSE, "syntax error: '[' without ']'");
            return NULL;
        }
        char name[SECTION_MAX];
        if (l.name_length >= sizeof name) {
            fail_at(c, c->in.line, ST_EPARSE, "section '[%.40s...': the name is too long", l.name);
            return NULL;
        }
        memcpy(name, l.name, l.name_length);
        name[l.name_length] = '\0';
        if (!start_section(c, name)) {
            return NULL;
        }
    }
    return str;
}

/* Registers key in the current section's table; fails when it is there already. */
static bool new_key(ReadCtx *c, const char *key)
{
    for (int i = 0; i < c->key_count; i++) {
        if (strcmp(c->keys[i], key) == 0) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': given twice (first on line %d)", key,
                    c->key_lines[i]);
            return false;
        }
    }
    if (strlen(key) >= KEY_MAX || c->key_count == SECTION_KEYS_MAX) {
        fail_at(c, c->in.line, ST_EINVAL, "key '%.40s': unknown key", key);
        return false;
    }
    memcpy(c->keys[c->key_count], key, strlen(key) + 1);
    c->key_lines[c->key_count++] = c->in.line;
    return true;
}

/* libinih's handler: one `name = value`, or one continuation line of name. 0 stops. The section
 * is the one read_line saw (libinih's copy is cut at 49 characters). */
static int on_key(void *user, const char *section, const char *name, const char *value)
{
    ReadCtx *c = user;
    (void)section;
    if (c->in.first.failed) {
        return 0;
    }
    if (c->line_continues) {
        /* Lists may go on over indented lines: each line holds more items. */
        if (c->kind == SEC_RULES && (strcmp(name, "presets") == 0 || strcmp(name, "files") == 0)) {
            return rules_key(c, name, value);
        }
        if (c->kind == SEC_AGENT && strcmp(name, "cmd") == 0) {
            return agent_cmd_continues(c, value);
        }
        fail_at(c, c->in.line, ST_EPARSE,
                "key '%s': indented line '%s' (only presets, files and an agent's cmd go on over "
                "lines)",
                name, value);
        return 0;
    }
    c->have_prev_key = true;
    bool repeatable = (c->kind == SEC_RULES && strcmp(name, "rules") == 0) ||
                      (c->kind == SEC_MATCHUPS && strcmp(name, "pair") == 0);
    if (c->kind == SEC_NONE) {
        fail_at(c, c->in.line, ST_EINVAL,
                "key '%s': outside any section (keys go under [experiment], [rules], "
                "[sweep], [agent.NAME] or [matchups])",
                name);
        return 0;
    }
    if (!repeatable && !new_key(c, name)) {
        return 0;
    }
    bool ok = false;
    switch (c->kind) {
    case SEC_EXPERIMENT:
        ok = experiment_key(c, name, value);
        break;
    case SEC_RULES:
        ok = rules_key(c, name, value);
        break;
    case SEC_AGENT:
        ok = agent_key(c, name, value);
        break;
    case SEC_MATCHUPS:
        ok = matchups_key(c, name, value);
        break;
    case SEC_SWEEP:
        ok = sweep_key(c, name, value);
        break;
    case SEC_NONE:
        break;
    }
    return ok;
}

/* ------------------------------------------------------------------------------------------
 * The whole */

int experiment_agent_index(const Experiment *e, const char *name)
{
    for (int i = 0; i < e->agent_count; i++) {
        if (strcmp(e->agents[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

int experiment_ruleset_index(const Experiment *e, const char *name)
{
    for (int i = 0; i < e->ruleset_count; i++) {
        if (strcmp(e->rulesets[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

/* Appends a pairing unless it is there; *line_of[a][d] remembers the line that made it. */
static bool add_pairing(ReadCtx *c, int (*line_of)[EXPERIMENT_MAX_AGENTS], int a, int d, int line)
{
    Experiment *e = &c->exp;
    if (line_of[a][d] != 0) {
        fail_at(c, line, ST_EINVAL, "key 'pair': '%s vs %s' is paired twice (first by line %d)",
                e->agents[a].name, e->agents[d].name, line_of[a][d]);
        return false;
    }
    /* Distinct (a, d) are at most EXPERIMENT_MAX_AGENTS^2 = EXPERIMENT_MAX_PAIRINGS. */
    line_of[a][d] = line;
    e->pairings[e->pairing_count++] = (Pairing){a, d};
    return true;
}

/* Self pairs, then round-robin (attacker major), then the explicit pairs in file order. */
static bool resolve_pairings(ReadCtx *c)
{
    Experiment *e = &c->exp;
    int(*line_of)[EXPERIMENT_MAX_AGENTS] = xcalloc(EXPERIMENT_MAX_AGENTS, sizeof *line_of);
    bool ok = true;
    /* Without [matchups], self = yes; its line is the [experiment] name's (any nonzero line). */
    int self_line = c->matchups_line == 0 ? (c->name_line ? c->name_line : 1) : c->self_line;
    for (int i = 0; ok && self_line && i < e->agent_count; i++) {
        ok = add_pairing(c, line_of, i, i, self_line);
    }
    /* A curve without [matchups] also measures its rungs: neighbours play on both sides. */
    int ladder_line =
        c->matchups_line == 0 && e->kind == EXPERIMENT_CURVE ? self_line : c->ladder_line;
    for (int i = 0; ok && ladder_line && i + 1 < e->agent_count; i++) {
        ok = add_pairing(c, line_of, i, i + 1, ladder_line);
        if (ok) {
            ok = add_pairing(c, line_of, i + 1, i, ladder_line);
        }
    }
    for (int a = 0; ok && c->round_robin_line && a < e->agent_count; a++) {
        for (int d = 0; ok && d < e->agent_count; d++) {
            if (a != d) {
                ok = add_pairing(c, line_of, a, d, c->round_robin_line);
            }
        }
    }
    for (int i = 0; ok && i < c->pair_count; i++) {
        const PairLine *pl = &c->pairs[i];
        int a = experiment_agent_index(e, pl->attacker),
            d = experiment_agent_index(e, pl->defender);
        if (a < 0 || d < 0) {
            char agents[LIST_MAX] = "";
            for (int k = 0; k < e->agent_count; k++) {
                list_add(agents, sizeof agents, e->agents[k].name);
            }
            fail_at(c, pl->line, ST_EINVAL, "key 'pair': unknown agent '%s' (agents: %s)",
                    a < 0 ? pl->attacker : pl->defender, agents);
            ok = false;
            break;
        }
        ok = add_pairing(c, line_of, a, d, pl->line);
    }
    free(line_of);
    if (ok && e->pairing_count == 0) {
        fail_at(c, 0, ST_EINVAL,
                "no pairing ([matchups] on line %d sets neither self = yes, round-robin = yes "
                "nor a pair)",
                c->matchups_line);
        ok = false;
    }
    return ok;
}

/* What the file must hold, then the pairs, then each agent created once for real. */
static bool check_whole(ReadCtx *c)
{
    Experiment *e = &c->exp;
    if (c->name_line == 0) {
        fail_at(c, 0, ST_EINVAL, "no experiment name (name = ... under [experiment])");
        return false;
    }
    if (c->sweep.line && !expand_sweep(c)) {
        return false;
    }
    if (e->ruleset_count == 0) {
        fail_at(c, 0, ST_EINVAL,
                "no ruleset (presets, files or rules under [rules], or a [sweep])");
        return false;
    }
    if (e->agent_count == 0) {
        fail_at(c, 0, ST_EINVAL, "no agent (an [agent.NAME] section with type = ...)");
        return false;
    }
    if (!resolve_pairings(c)) {
        return false;
    }
    long long total = (long long)e->ruleset_count * e->pairing_count * e->games;
    if (total > EXPERIMENT_GAMES_TOTAL_MAX) {
        fail_at(c, 0, ST_EINVAL,
                "%d rulesets x %d pairings x %d games = %lld games, more than one run holds "
                "(%ld: every row is kept in memory for the summary); lower games or split the "
                "study into several experiments",
                e->ruleset_count, e->pairing_count, e->games, total, EXPERIMENT_GAMES_TOTAL_MAX);
        return false;
    }
    if (e->kind == EXPERIMENT_DESIGN && e->ruleset_count < 2) {
        fail_at(c, c->kind_line, ST_EINVAL,
                "key 'kind': a design search needs two rulesets at least (a [sweep] makes "
                "them)");
        return false;
    }
    if (e->kind == EXPERIMENT_DESIGN && (e->agent_count > 2 || c->matchups_line != 0)) {
        fail_at(c, c->matchups_line ? c->matchups_line : c->kind_line, ST_EINVAL,
                "key 'kind': a design search has one agent (the race's) or two (the race's, then "
                "the stronger one that confirms the survivors), each playing itself: no "
                "[matchups] and at most two agents");
        return false;
    }
    if (e->kind == EXPERIMENT_CURVE && c->matchups_line != 0 && c->self_line == 0) {
        fail_at(c, c->kind_line, ST_EINVAL,
                "key 'kind': a curve is each agent's self-play, but [matchups] on line %d does "
                "not set self = yes",
                c->matchups_line);
        return false;
    }
    /* Every agent on every ruleset (an evaluation trained for other rules, or none shipped for
     * them; an external engine that would play one otherwise): refused here, before any game,
     * naming the line the ruleset came from. */
    for (int j = 0; j < e->ruleset_count; j++) {
        Rules r;
        Error why = {{0}};
        if (j == 0) {
            r = c->first_rules;
        } else if (rules_compile(&e->rulesets[j], &r, &why) != ST_OK) {
            fail_at(c, c->ruleset_lines[j], ST_EINVAL, "ruleset %s: %s", e->rulesets[j].name,
                    why.text);
            return false;
        }
        for (int i = 0; i < e->agent_count; i++) {
            ResolvedAgent *agent = NULL;
            Status st = agent_resolve(e->agents[i].spec, NULL, &r, &agent, &why);
            agent_resolved_free(agent);
            if (st != ST_OK) {
                char where[RULES_NAME_MAX + 16] = "";
                if (e->ruleset_count > 1)
                    snprintf(where, sizeof where, "ruleset %s: ", e->rulesets[j].name);
                fail_at(c, j ? c->ruleset_lines[j] : 0, st, "agent '%s': spec '%s': %s%s",
                        e->agents[i].name, e->agents[i].spec, where, why.text);
                return false;
            }
        }
    }
    return true;
}

Status experiment_load(const char *path, Experiment *out, Error *err)
{
    FILE *f = inilines_open(path, EXPERIMENT_PATH_MAX, err);
    if (f == NULL) {
        return strlen(path) >= EXPERIMENT_PATH_MAX ? ST_EINVAL : ST_EIO;
    }
    Status st = experiment_load_stream(f, path, out, err);
    fclose(f);
    return st;
}

Status experiment_load_stream(FILE *f, const char *path, Experiment *out, Error *err)
{
    Status st = ST_OK;
    if (strlen(path) >= EXPERIMENT_PATH_MAX) {
        error_set(err, "%.60s...: the path is longer than %d characters", path,
                  EXPERIMENT_PATH_MAX - 1);
        return ST_EINVAL;
    }
    ReadCtx *c = xcalloc(1, sizeof *c); /* some 400 KiB: never on a worker's stack */
    c->in.first.path = path;
    c->in.file = f;
    c->in.first.err = err;
    memcpy(c->exp.path, path, strlen(path) + 1);
    c->exp.seed = 1;
    c->exp.games = DEFAULT_GAMES;
    c->exp.check_every = DEFAULT_CHECK_EVERY;
    c->exp.min_games = DEFAULT_MIN_GAMES;
    c->exp.converge_width = DEFAULT_CONVERGE_WIDTH;
    c->exp.converge_rungs = DEFAULT_CONVERGE_RUNGS;
    c->exp.converge_span = DEFAULT_CONVERGE_SPAN;
    c->exp.reference = NAN;
    c->exp.margin = BALANCE_MARGIN;
    c->exp.agent_defaults = 2;
    snprintf(c->exp.output, sizeof c->exp.output, "%s", DEFAULT_OUTPUT);

    st = inilines_parse(&c->in, read_line, on_key, c, "[section]", err);
    if (st != ST_OK)
        goto out_free;
    if (!c->in.first.failed && c->kind == SEC_AGENT) {
        (void)finish_agent(c);
    }
    if (!c->in.first.failed && c->exp.agent_defaults == 1)
        (void)pin_legacy_defaults(c);
    if (c->in.first.failed || !check_whole(c)) {
        st = c->in.first.status;
        goto out_free;
    }
    memcpy(out, &c->exp, sizeof *out);

out_free:
    free(c);
    return st;
}
