/* The agent registry, spec parsing ("NAME[:key=value,...]") and the calls every agent shares. */
#include "agents/agent.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "agents/agent_impl.h"
#include "agents/evalfile.h"
#include "agents/nnuefile.h"
#include "rules/movegen.h"
#include "solve/tablefile.h"

static const AgentType *const AGENT_TYPES[] = {&AGENT_TYPE_RANDOM, &AGENT_TYPE_GREEDY,
                                               &AGENT_TYPE_MCTS, &AGENT_TYPE_ALPHABETA,
                                               &AGENT_TYPE_EXTERNAL};
#define AGENT_TYPE_COUNT ((int)(sizeof AGENT_TYPES / sizeof AGENT_TYPES[0]))

void agent_init_base(Agent *agent, const AgentOps *ops, const AgentType *type, const Rules *r,
                     const double *params)
{
    memset(agent, 0, sizeof *agent);
    agent->ops = ops;
    agent->type = type;
    agent->rules = r;
    for (int i = 0; i < type->param_count && i < AGENT_MAX_PARAMS; i++)
        agent->params[i] = params[i];
}

static const AgentType *find_type(const char *name, size_t len)
{
    for (int i = 0; i < AGENT_TYPE_COUNT; i++)
        if (strlen(AGENT_TYPES[i]->name) == len && strncmp(AGENT_TYPES[i]->name, name, len) == 0)
            return AGENT_TYPES[i];
    return NULL;
}

/* Writes a parameter value as a spec would: integers plainly, reals with %g, names. A text
 * parameter has no numeric value: its default is shown as "(required)". */
static int format_value(const ParamSpec *p, double v, char *buf, size_t size)
{
    switch (p->type) {
    case PARAM_TEXT:
        return snprintf(buf, size, "%s",
                        param_text_default(p) ? param_text_default(p) : "(required)");
    case PARAM_INT:
        return snprintf(buf, size, "%.0f", v);
    case PARAM_REAL:
        return snprintf(buf, size, "%g", v);
    case PARAM_CHOICE:
        return snprintf(buf, size, "%s", p->choices[(int)v]);
    default:
        return snprintf(buf, size, "%s", v != 0 ? "yes" : "no");
    }
}

/* "key=default, key=default, ..." of a type, for error messages. */
static void list_keys(const AgentType *t, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < t->param_count && n < size; i++) {
        char value[64];
        format_value(&t->params[i], t->params[i].def, value, sizeof value);
        n += (size_t)snprintf(buf + n, size - n, "%s%s=%s", i ? ", " : "", t->params[i].key, value);
    }
}

static void list_types(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < AGENT_TYPE_COUNT && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", AGENT_TYPES[i]->name);
}

/* Parses one value for parameter p; on failure says what is accepted. */
static Status parse_value(const AgentType *t, const ParamSpec *p, const char *text, double *out,
                          Error *err)
{
    char *end;
    errno = 0;
    switch (p->type) {
    case PARAM_INT: {
        long long v = strtoll(text, &end, 10);
        if (errno || end == text || *end || (double)v < p->min || (double)v > p->max) {
            error_set(err, "agent %s: %s='%s': want an integer %.0f..%.0f", t->name, p->key, text,
                      p->min, p->max);
            return ST_EINVAL;
        }
        *out = (double)v;
        return ST_OK;
    }
    case PARAM_REAL: {
        double v = strtod(text, &end);
        if (errno || end == text || *end || !isfinite(v) || v < p->min || v > p->max) {
            error_set(err, "agent %s: %s='%s': want a number %g..%g", t->name, p->key, text, p->min,
                      p->max);
            return ST_EINVAL;
        }
        *out = v;
        return ST_OK;
    }
    case PARAM_TEXT:
        /* The value travels in specs, CSV names and meta lines: one line of printable text. */
        for (const char *c = text; *c; c++) {
            if ((unsigned char)*c < 0x20 || *c == 0x7f) {
                error_set(err, "agent %s: %s: a control character in the text", t->name, p->key);
                return ST_EINVAL;
            }
        }
        if (text[0] == '\0') {
            error_set(err, "agent %s: %s is empty", t->name, p->key);
            return ST_EINVAL;
        }
        *out = 0;
        return ST_OK;
    case PARAM_CHOICE:
        for (int i = 0; p->choices[i]; i++) {
            if (strcmp(p->choices[i], text) == 0) {
                *out = i;
                return ST_OK;
            }
        }
        {
            char choices[256] = "";
            size_t n = 0;
            for (int i = 0; p->choices[i] && n < sizeof choices; i++)
                n += (size_t)snprintf(choices + n, sizeof choices - n, "%s%s", i ? "|" : "",
                                      p->choices[i]);
            error_set(err, "agent %s: %s='%s': want %s", t->name, p->key, text, choices);
        }
        return ST_EINVAL;
    default:
        if (!strcasecmp(text, "yes") || !strcasecmp(text, "true") || !strcmp(text, "1")) {
            *out = 1;
            return ST_OK;
        }
        if (!strcasecmp(text, "no") || !strcasecmp(text, "false") || !strcmp(text, "0")) {
            *out = 0;
            return ST_OK;
        }
        error_set(err, "agent %s: %s='%s': want yes or no", t->name, p->key, text);
        return ST_EINVAL;
    }
}

/* Where the value of text parameter starting at `value` ends: at the first comma followed by
 * "KEY=" for a key of t, so that a command line may hold commas; NULL when it runs to the end. */
static const char *text_end(const AgentType *t, const char *value)
{
    for (const char *c = strchr(value, ','); c; c = strchr(c + 1, ',')) {
        for (int i = 0; i < t->param_count; i++) {
            size_t len = strlen(t->params[i].key);
            if (strncmp(c + 1, t->params[i].key, len) == 0 && c[1 + len] == '=')
                return c;
        }
    }
    return NULL;
}

static void free_texts(char **text, int count)
{
    for (int i = 0; i < count; i++) {
        free(text[i]);
        text[i] = NULL;
    }
}

/* Where the item at p (a spec's "key=value" after ':' or ',') ends: at the next ',', or for a
 * text parameter, whose value may hold commas, at the next ",KEY=" naming a key of t. NULL when
 * it runs to the end. *index is the parameter it names, -1 for none. */
static const char *item_bounds(const AgentType *t, const char *p, int *index)
{
    size_t key_len = strcspn(p, "=,");
    *index = -1;
    for (int i = 0; i < t->param_count; i++)
        if (strlen(t->params[i].key) == key_len && strncmp(t->params[i].key, p, key_len) == 0)
            *index = i;
    if (*index >= 0 && p[key_len] == '=' && t->params[*index].type == PARAM_TEXT)
        return text_end(t, p + key_len + 1);
    return strchr(p, ',');
}

/* Parses the key=value items of spec (after the colon) into values/text. */
static Status parse_items(const AgentType *t, const char *spec, const char *p, double *values,
                          char **text, Error *err)
{
    bool given[AGENT_MAX_PARAMS] = {false};
    while (*p) {
        int index;
        const char *item_end = item_bounds(t, p, &index);
        size_t len = item_end ? (size_t)(item_end - p) : strlen(p);
        char item[1024];
        if (len >= sizeof item) {
            error_set(err, "agent %s: parameter '%.40s...' is too long", t->name, p);
            return ST_EINVAL;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        char *eq = strchr(item, '=');
        char keys[1024];
        if (!eq || eq == item) {
            list_keys(t, keys, sizeof keys);
            error_set(err, "agent %s: '%s' is not key=value (keys: %s)", t->name, item, keys);
            return ST_EINVAL;
        }
        *eq = '\0';
        if (index < 0) {
            list_keys(t, keys, sizeof keys);
            error_set(err, "agent %s: unknown key '%s' (keys: %s)", t->name, item, keys);
            return ST_EINVAL;
        }
        if (given[index]) {
            error_set(err, "agent %s: key '%s' given twice", t->name, item);
            return ST_EINVAL;
        }
        given[index] = true;
        Status st = parse_value(t, &t->params[index], eq + 1, &values[index], err);
        if (st != ST_OK)
            return st;
        if (t->params[index].type == PARAM_TEXT) {
            size_t vlen = strlen(eq + 1) + 1;
            text[index] = xmalloc(vlen);
            memcpy(text[index], eq + 1, vlen);
        }
        if (!item_end)
            break;
        p = item_end + 1;
        if (*p == '\0') {
            error_set(err, "agent %s: trailing ',' in '%s'", t->name, spec);
            return ST_EINVAL;
        }
    }
    for (int i = 0; i < t->param_count; i++) {
        const char *def = param_text_default(&t->params[i]);
        if (!text[i] && def) {
            size_t vlen = strlen(def) + 1;
            text[i] = xmalloc(vlen);
            memcpy(text[i], def, vlen);
        }
        if (t->params[i].type == PARAM_TEXT && !text[i]) {
            error_set(err, "agent %s: needs %s=... (%s)", t->name, t->params[i].key,
                      t->params[i].help);
            return ST_EINVAL;
        }
    }
    return ST_OK;
}

/* The type and parameter values of a spec, each value in its range; with `check`, also the
 * agent's own checks of them (an engine's program found, say). text[] (PARAM_TEXT values) is
 * the caller's to free on success. */
static Status parse_spec_as(const char *spec, bool check, const AgentType **type, double *values,
                            char **text, Error *err)
{
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    const AgentType *t = find_type(spec, name_len);
    if (!t) {
        char types[256];
        list_types(types, sizeof types);
        error_set(err, "unknown agent '%.*s' (agents: %s)", (int)name_len, spec, types);
        return ST_EINVAL;
    }
    for (int i = 0; i < t->param_count; i++)
        values[i] = t->params[i].def;
    Status st = parse_items(t, spec, colon ? colon + 1 : "", values, text, err);
    if (st == ST_OK && check && t->check)
        st = t->check(values, text, err);
    if (st != ST_OK) {
        free_texts(text, t->param_count);
        return st;
    }
    *type = t;
    return ST_OK;
}

/* parse_spec_as with the agent's checks. */
static Status parse_spec(const char *spec, const AgentType **type, double *values, char **text,
                         Error *err)
{
    return parse_spec_as(spec, true, type, values, text, err);
}

Status agent_spec_parts(const char *spec, AgentSpecParts *out, Error *err)
{
    const AgentType *t = NULL;
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS] = {NULL};
    Status st = parse_spec_as(spec, false, &t, values, text, err);
    if (st != ST_OK)
        return st;
    free_texts(text, t->param_count);
    memset(out, 0, sizeof *out);
    snprintf(out->type, sizeof out->type, "%s", t->name);
    const char *colon = strchr(spec, ':');
    const char *p = colon ? colon + 1 : "";
    /* parse_spec accepted it: every item is key=value, each key once, at most param_count. */
    while (*p && out->count < AGENT_MAX_PARAMS) {
        int index;
        const char *end = item_bounds(t, p, &index);
        size_t len = end ? (size_t)(end - p) : strlen(p);
        size_t key_len = strcspn(p, "=");
        snprintf(out->key[out->count], sizeof out->key[0], "%.*s", (int)key_len, p);
        snprintf(out->value[out->count], sizeof out->value[0], "%.*s", (int)(len - key_len - 1),
                 p + key_len + 1);
        out->count++;
        if (!end)
            break;
        p = end + 1;
    }
    return ST_OK;
}

bool agent_spec_value(const char *spec, const char *key, char *buf, size_t size)
{
    AgentSpecParts *parts = xmalloc(sizeof *parts);
    bool found = false;
    if (agent_spec_parts(spec, parts, NULL) == ST_OK) {
        for (int i = 0; i < parts->count && !found; i++) {
            if (strcmp(parts->key[i], key) == 0) {
                if (buf)
                    snprintf(buf, size, "%s", parts->value[i]);
                found = true;
            }
        }
    }
    free(parts);
    if (!found && buf && size)
        buf[0] = '\0';
    return found;
}

bool agent_spec_legacy(const char *spec, char *buf, size_t size)
{
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    const AgentType *t = find_type(spec, name_len);
    AgentSpecParts *parts = xmalloc(sizeof *parts);
    bool ok = (size_t)snprintf(buf, size, "%s", spec) < size;
    if (ok && t && t->legacy_defaults && agent_spec_parts(spec, parts, NULL) == ST_OK) {
        /* "alphabeta" takes ':' before its first item, "alphabeta:" nothing, others ','. */
        const char *sep = !colon ? ":" : colon[1] == '\0' ? "" : ",";
        for (const char *p = t->legacy_defaults; *p && ok;) {
            size_t item_len = strcspn(p, ",");
            size_t key_len = strcspn(p, "=");
            bool given = false;
            for (int i = 0; i < parts->count && !given; i++)
                given = strlen(parts->key[i]) == key_len && strncmp(parts->key[i], p, key_len) == 0;
            if (!given) {
                size_t used = strlen(buf);
                ok = (size_t)snprintf(buf + used, size - used, "%s%.*s", sep, (int)item_len, p) <
                     size - used;
                sep = ",";
            }
            p += item_len + (p[item_len] == ',');
        }
    }
    free(parts);
    if (!ok && size)
        buf[0] = '\0';
    return ok;
}

bool agent_spec_is(const char *spec, const char *type)
{
    size_t n = strcspn(spec, ":");
    return strlen(type) == n && strncmp(spec, type, n) == 0;
}

Status agent_check_spec(const char *spec, Error *err)
{
    const AgentType *t = NULL;
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS] = {NULL};
    Status st = parse_spec(spec, &t, values, text, err);
    if (st != ST_OK)
        return st;
    if (t->evaluator) {
        st = evalmodel_check_value(text[t->eval_param], err);
        if (st != ST_OK)
            error_prefix(err, "agent %s: ", t->name);
    }
    free_texts(text, t->param_count);
    return st;
}

Status agent_spec_memory(const char *spec, const Rules *r, uint64_t *bytes, Error *err)
{
    const AgentType *t = NULL;
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS] = {NULL};
    Status st = parse_spec(spec, &t, values, text, err);
    if (st != ST_OK)
        return st;
    free_texts(text, t->param_count);
    *bytes = t->memory_bytes ? t->memory_bytes(r, values) : 0;
    return ST_OK;
}

/* A spec parsed, checked against its rules and with its evaluation read: what agent_resolve
 * hands out and agent_from_resolved copies. */
struct ResolvedAgent {
    const AgentType *type;
    const Rules *rules; /* borrowed */
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS]; /* PARAM_TEXT values; eval= holds its canonical value */
    EvalModel *model;             /* the eval= model, or NULL */
    Nnue *net;                    /* the eval= network, or NULL */
    SolveTables *tables;          /* the tb= tables, or NULL */
};

const char *const AGENT_TABLES_DEFAULT[2] = {"none", NULL};

bool agent_table_value(const Agent *agent, const GameState *s, SolveValue *v)
{
    const SolveTables *t = agent->tables;
    if (!t || s->attacker_count + s->defender_count > solve_max_men(t) || !solve_probe(t, s, v) ||
        v->outcome == SOLVE_DRAW)
        return false;
    const int cap = agent->rules->opt.max_plies;
    return cap <= 0 || (int64_t)s->ply + v->plies <= cap;
}

/* The tb= value of a resolved spec read for r: *tables NULL for "none". */
static Status resolve_tables(const AgentType *t, char *const *text, const Rules *r,
                             SolveTables **tables, Error *err)
{
    *tables = NULL;
    if (!t->takes_tables || strcmp(text[t->tables_param], "none") == 0)
        return ST_OK;
    Status st = solve_tablefile_read(text[t->tables_param], r, tables, err);
    if (st != ST_OK)
        error_prefix(err, "agent %s: tb=: ", t->name);
    return st;
}

Status agent_resolve(const char *spec, const char *eval_pin, const Rules *r, ResolvedAgent **out,
                     Error *err)
{
    const AgentType *t = NULL;
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS] = {NULL};
    Status st = parse_spec(spec, &t, values, text, err);
    if (st != ST_OK)
        return st;
    if (t->check_rules) {
        st = t->check_rules(values, r, err);
        if (st != ST_OK) {
            free_texts(text, t->param_count);
            return st;
        }
    }
    EvalModel *model = NULL;
    Nnue *net = NULL;
    if (t->evaluator) {
        /* The eval= value is resolved now (a file read and checked against r) and recorded
         * with its content hash, so a run's described spec refuses a changed file. A pinned
         * value (what a run recorded) stands for the spec's own. */
        char *canonical;
        const char *value = eval_pin ? eval_pin : text[t->eval_param];
        st = nnuefile_resolve_eval(value, r, &model, &net, &canonical, err);
        if (st != ST_OK) {
            error_prefix(err, "agent %s: ", t->name);
            free_texts(text, t->param_count);
            return st;
        }
        free(text[t->eval_param]);
        text[t->eval_param] = canonical;
    }
    SolveTables *tables = NULL;
    st = resolve_tables(t, text, r, &tables, err);
    if (st != ST_OK) {
        free(model);
        nnue_destroy(net);
        free_texts(text, t->param_count);
        return st;
    }
    ResolvedAgent *ra = xcalloc(1, sizeof *ra);
    ra->type = t;
    ra->rules = r;
    memcpy(ra->values, values, sizeof ra->values);
    memcpy(ra->text, text, sizeof ra->text);
    ra->model = model;
    ra->net = net;
    ra->tables = tables;
    *out = ra;
    return ST_OK;
}

Agent *agent_from_resolved(const ResolvedAgent *ra, uint64_t seed)
{
    const AgentType *t = ra->type;
    Agent *agent = t->create(ra->rules, ra->values, seed);
    for (int i = 0; i < t->param_count; i++)
        agent->text[i] = xstrdup(ra->text[i]); /* the agent owns its copies */
    if (ra->model) {
        agent->model = xmalloc(sizeof *agent->model);
        *agent->model = *ra->model; /* a plain value: each agent reads its own */
    }
    if (t->evaluator)
        evaluator_set_model(t->evaluator(agent), agent->model);
    if (ra->net)
        agent_use_network(agent, ra->net);
    agent->tables = ra->tables;
    return agent;
}

bool agent_use_network(Agent *agent, const Nnue *net)
{
    if (!agent->type->evaluator)
        return false;
    nnue_destroy(agent->net);
    agent->net = NULL;
    if (net) {
        agent->net = xmalloc(sizeof *agent->net);
        nnue_copy(agent->net, net); /* each agent reads its own, as it does a model */
    }
    evaluator_set_network(agent->type->evaluator(agent), agent->net);
    return true;
}

const char *agent_resolved_eval(const ResolvedAgent *ra)
{
    return ra->type->evaluator ? ra->text[ra->type->eval_param] : NULL;
}

bool agent_resolved_eval_note(const ResolvedAgent *ra, char *buf, size_t size)
{
    return evalmodel_transfer_note(ra->model, ra->rules, buf, size);
}

bool agent_resolved_is_external(const ResolvedAgent *ra)
{
    return ra->type->external;
}

bool agent_resolved_eval_file_hash(const ResolvedAgent *ra, uint64_t *hash)
{
    const char *value = agent_resolved_eval(ra);
    const char *at = value ? strrchr(value, '@') : NULL;
    if (!at || strlen(at + 1) != 16)
        return false;
    char name[AGENT_EVAL_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(at - value), value);
    if (!evalmodel_names_file(name))
        return false;
    *hash = strtoull(at + 1, NULL, 16);
    return true;
}

bool agent_spec_eval(const char *spec, char *buf, size_t size)
{
    const AgentType *t = NULL;
    double values[AGENT_MAX_PARAMS];
    char *text[AGENT_MAX_PARAMS] = {NULL};
    if (parse_spec_as(spec, false, &t, values, text, NULL) != ST_OK)
        return false;
    bool takes = t->evaluator != NULL;
    if (takes)
        snprintf(buf, size, "%s", text[t->eval_param]);
    free_texts(text, t->param_count);
    return takes;
}

void agent_resolved_free(ResolvedAgent *ra)
{
    if (!ra)
        return;
    free_texts(ra->text, AGENT_MAX_PARAMS);
    free(ra->model);
    nnue_destroy(ra->net);
    solve_destroy(ra->tables);
    free(ra);
}

Status agent_create(const char *spec, const Rules *r, uint64_t seed, Agent **out, Error *err)
{
    ResolvedAgent *ra;
    Status st = agent_resolve(spec, NULL, r, &ra, err);
    if (st != ST_OK)
        return st;
    *out = agent_from_resolved(ra, seed);
    (*out)->owned_tables = ra->tables; /* the agent outlives ra: it keeps the tables */
    ra->tables = NULL;
    agent_resolved_free(ra);
    return ST_OK;
}

Status agent_check_param(const char *type, const char *key, const char *value, Error *err)
{
    const AgentType *t = find_type(type, strlen(type));
    if (!t) {
        char types[256];
        list_types(types, sizeof types);
        error_set(err, "unknown agent '%s' (agents: %s)", type, types);
        return ST_EINVAL;
    }
    if (!key)
        return ST_OK;
    for (int i = 0; i < t->param_count; i++) {
        if (strcmp(t->params[i].key, key) == 0) {
            double v;
            return parse_value(t, &t->params[i], value, &v, err);
        }
    }
    char keys[1024];
    list_keys(t, keys, sizeof keys);
    error_set(err, "agent %s: unknown key '%s' (keys: %s)", t->name, key, keys);
    return ST_EINVAL;
}

Status agent_param_info(const char *type, const char *key, AgentParamInfo *out, Error *err)
{
    Status st = agent_check_param(type, NULL, NULL, err);
    if (st != ST_OK)
        return st;
    const AgentType *t = find_type(type, strlen(type));
    for (int i = 0; i < t->param_count; i++) {
        const ParamSpec *p = &t->params[i];
        if (strcmp(p->key, key) != 0)
            continue;
        if (p->type != PARAM_INT && p->type != PARAM_REAL) {
            error_set(err, "agent %s: %s is not numeric (it is %s)", t->name, key,
                      p->type == PARAM_CHOICE ? "a choice" : "yes/no");
            return ST_EINVAL;
        }
        *out = (AgentParamInfo){p->type == PARAM_INT, p->min, p->max, p->def};
        return ST_OK;
    }
    return agent_check_param(type, key, "", err); /* the unknown-key error, keys listed */
}

void agent_destroy(Agent *agent)
{
    if (!agent)
        return;
    char *text[AGENT_MAX_PARAMS];
    memcpy(text, agent->text, sizeof text);
    EvalModel *model = agent->model;
    Nnue *net = agent->net;
    SolveTables *tables = agent->owned_tables;
    agent->ops->destroy(agent);
    free_texts(text, AGENT_MAX_PARAMS);
    free(model);
    nnue_destroy(net);
    solve_destroy(tables);
}

void agent_end_game(Agent *agent, Winner winner)
{
    if (agent->type->end_game)
        agent->type->end_game(agent, winner);
}

bool agent_is_external(const Agent *agent)
{
    return agent->type->external;
}

const char *agent_transcript(const Agent *agent)
{
    return agent->type->transcript ? agent->type->transcript(agent) : NULL;
}

void agent_set_deadline(Agent *agent, double seconds)
{
    agent->deadline = seconds;
}

void agent_new_game(Agent *agent, uint64_t seed)
{
    agent->ops->new_game(agent, seed);
}

Move agent_choose(Agent *agent, const GameState *s, const History *hist)
{
    /* No clock here: a match reads no time, and two clock reads a ply cost a random game more
     * than its moves do. agent_choose_timed is for the callers that show it. */
    memset(&agent->stats, 0, sizeof agent->stats);
    return agent->ops->choose(agent, s, hist);
}

Move agent_choose_timed(Agent *agent, const GameState *s, const History *hist)
{
    double start = clock_seconds();
    Move m = agent_choose(agent, s, hist);
    agent->stats.seconds = clock_seconds() - start;
    return m;
}

const AgentStats *agent_last_stats(const Agent *agent)
{
    return &agent->stats;
}

/* The full spec of type t with these values and texts, every parameter shown. */
static void describe(const AgentType *t, const double *values, char *const *text, char *buf,
                     size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "%s", t->name);
    for (int i = 0; i < t->param_count && n < size; i++) {
        char value[64];
        format_value(&t->params[i], values[i], value, sizeof value);
        const char *shown = t->params[i].type == PARAM_TEXT ? text[i] : value;
        if (param_text_default(&t->params[i]) &&
            strcmp(shown, param_text_default(&t->params[i])) == 0)
            continue; /* the default: specs from before the parameter describe the same */
        n += (size_t)snprintf(buf + n, size - n, "%c%s=%s", i ? ',' : ':', t->params[i].key, shown);
    }
}

void agent_describe(const Agent *agent, char *buf, size_t size)
{
    describe(agent->type, agent->params, agent->text, buf, size);
}

void agent_resolved_describe(const ResolvedAgent *ra, char *buf, size_t size)
{
    describe(ra->type, ra->values, ra->text, buf, size);
}

void agent_print_catalogue(FILE *out)
{
    fprintf(out, "Agents are given as NAME[:key=value,...], e.g. mcts:iterations=2000,c=0.7\n"
                 "Budgets are counted (iterations, nodes, depth), never time, so results "
                 "reproduce;\nan external engine is as reproducible as that program.\n");
    for (int i = 0; i < AGENT_TYPE_COUNT; i++) {
        const AgentType *t = AGENT_TYPES[i];
        fprintf(out, "\n%s: %s\n", t->name, t->summary);
        if (t->memory && *t->memory)
            fprintf(out, "  memory: %s\n", t->memory);
        for (int k = 0; k < t->param_count; k++) {
            const ParamSpec *p = &t->params[k];
            char def[64], range[128];
            format_value(p, p->def, def, sizeof def);
            switch (p->type) {
            case PARAM_INT:
                snprintf(range, sizeof range, "%.0f..%.0f", p->min, p->max);
                break;
            case PARAM_REAL:
                snprintf(range, sizeof range, "%g..%g", p->min, p->max);
                break;
            case PARAM_CHOICE: {
                size_t n = 0;
                range[0] = '\0';
                for (int c = 0; p->choices[c] && n < sizeof range; c++)
                    n += (size_t)snprintf(range + n, sizeof range - n, "%s%s", c ? "|" : "",
                                          p->choices[c]);
                break;
            }
            case PARAM_TEXT:
                snprintf(range, sizeof range, "text");
                break;
            default:
                snprintf(range, sizeof range, "yes|no");
            }
            fprintf(out, "  %-18s default %-8s (%s) %s\n", p->key, def, range, p->help);
        }
    }
}
