/* Training files: `key = value` lines of one [train] section over the defaults, read by libinih
 * as every INI file is, each key checked where it stands (file:line) and given once. */
#include "formats/trainfile.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/inilines.h"
#include "formats/rulesfile.h"

void trainfile_defaults(TrainFile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "train-brandubh");
    snprintf(out->rules_arg, sizeof out->rules_arg, "brandubh");
    out->rules = *ruleset_preset_find("brandubh");
    out->seed = 1;
    out->generations = 8;
    out->games = 200;
    out->depth = 2;
    out->handicap = 1;
    out->noise = 8.0;
    out->opening_plies = 4;
    out->max_plies = 300;
    out->window = 4;
    out->epochs = 400;
    out->learning_rate = 0.03;
    out->l2 = 1e-4;
    out->gate_pairs = 50;
    out->gate_depth = 2;
    out->model = EVALMODEL_LINEAR;
    out->features = EVALMODEL_DEFAULT_FEATURES;
    snprintf(out->output, sizeof out->output, "results");
}

typedef struct {
    const char *key;
    char type; /* i: int, r: real, s: special */
    long min, max;
    size_t offset;
} Key;

#define OFF(f) offsetof(TrainFile, f)
static const Key KEYS[] = {
    {"name", 's', 0, 0, 0},
    {"rules", 's', 0, 0, 0},
    {"seed", 's', 0, 0, 0},
    {"output", 's', 0, 0, 0},
    {"model", 's', 0, 0, 0},
    {"generations", 'i', 1, 10000, OFF(generations)},
    {"games", 'i', 2, 1000000, OFF(games)},
    {"depth", 'i', 1, 16, OFF(depth)},
    {"handicap", 'i', 0, 8, OFF(handicap)},
    {"noise", 'r', 0, 1000, OFF(noise)},
    {"opening_plies", 'i', 0, 100, OFF(opening_plies)},
    {"max_plies", 'i', 0, 100000, OFF(max_plies)},
    {"window", 'i', 1, 10000, OFF(window)},
    {"epochs", 'i', 1, 100000, OFF(epochs)},
    {"learning_rate", 'r', 0, 10, OFF(learning_rate)},
    {"l2", 'r', 0, 1000, OFF(l2)},
    {"gate_pairs", 'i', 1, 100000, OFF(gate_pairs)},
    {"gate_depth", 'i', 1, 16, OFF(gate_depth)},
    {"features", 'i', 1, EVALMODEL_FEATURES, OFF(features)},
    {"hidden", 'i', 1, NNUE_MAX_HIDDEN, OFF(hidden)},
    {"score_weight", 'r', 0, 1, OFF(score_weight)},
    {"recorded_games", 's', 0, 0, 0},
    {"init", 's', 0, 0, 0},
    {"league", 's', 0, 0, 0},
    {"league_games", 'i', 0, 1000000, OFF(league_games)},
    {"gate_sprt", 's', 0, 0, 0},
};
#define KEY_COUNT ((int)(sizeof KEYS / sizeof KEYS[0]))

static bool name_ok(const char *s)
{
    if (!*s || *s == '.' || strlen(s) >= EXPERIMENT_NAME_MAX)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-')
            return false;
    return true;
}

/* Sets the path of key `key` (into dest, size bytes) to value, relative to base_path (the
 * training file's path) when one is given; "" clears it. */
static Status set_path_key(const char *key, const char *value, const char *base_path,
                           const char *where, char *dest, size_t size, Error *err)
{
    char arg[EXPERIMENT_PATH_MAX * 2];
    if (!*value) {
        dest[0] = '\0';
        return ST_OK;
    }
    if (!base_path)
        snprintf(arg, sizeof arg, "%s", value);
    else if (!inilines_relative_path(base_path, value, arg, sizeof arg))
        arg[0] = '\0';
    if (!arg[0] || strlen(arg) >= size) {
        error_set(err, "%s: key '%s': the path of '%s' is too long", where, key, value);
        return ST_EINVAL;
    }
    snprintf(dest, size, "%s", arg);
    return ST_OK;
}

/* league = A, B, ...: each hand, trained or a file relative to the training file; "" clears
 * it. A value goes into an agent's eval= parameter, so it may not hold a comma or a space. */
static Status set_league(TrainFile *t, const char *value, const char *base_path, const char *where,
                         Error *err)
{
    char list[EXPERIMENT_PATH_MAX * 2];
    if (strlen(value) >= sizeof list) {
        error_set(err, "%s: key 'league': the list is too long", where);
        return ST_EINVAL;
    }
    snprintf(list, sizeof list, "%s", value);
    int count = 0;
    char members[TRAINFILE_LEAGUE_MAX][EXPERIMENT_PATH_MAX];
    if (!*list) {
        t->league_count = 0;
        return ST_OK;
    }
    for (char *item = list, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        while (*item == ' ' || *item == '\t')
            item++;
        size_t len = strlen(item);
        while (len > 0 && (item[len - 1] == ' ' || item[len - 1] == '\t'))
            item[--len] = '\0';
        if (!*item || strpbrk(item, " \t=")) {
            error_set(err,
                      "%s: key 'league': bad value '%s' (expected evaluations separated by "
                      "commas: hand, trained or a file)",
                      where, value);
            return ST_EINVAL;
        }
        if (count == TRAINFILE_LEAGUE_MAX) {
            error_set(err, "%s: key 'league': more than %d evaluations in '%s'", where,
                      TRAINFILE_LEAGUE_MAX, value);
            return ST_EINVAL;
        }
        bool named = strcmp(item, "hand") == 0 || strcmp(item, "trained") == 0;
        Status st = set_path_key("league", item, named ? NULL : base_path, where, members[count],
                                 sizeof members[count], err);
        if (st != ST_OK)
            return st;
        count++;
    }
    t->league_count = count;
    memcpy(t->league, members, sizeof members);
    return ST_OK;
}

static Status set_special(TrainFile *t, const char *key, const char *value, const char *base_path,
                          const char *where, Error *err);
static Status set_rules(TrainFile *t, const char *value, const char *base_path, const char *where,
                        Error *err);

Status trainfile_set(TrainFile *t, const char *key, const char *value, const char *base_path,
                     const char *where, Error *err)
{
    int k = 0;
    while (k < KEY_COUNT && strcmp(KEYS[k].key, key) != 0)
        k++;
    if (k == KEY_COUNT) {
        char keys[512];
        size_t n = 0;
        for (int i = 0; i < KEY_COUNT; i++)
            n += (size_t)snprintf(keys + n, sizeof keys - n, "%s%s", i ? ", " : "", KEYS[i].key);
        error_set(err, "%s: unknown key '%s' (keys: %s)", where, key, keys);
        return ST_EINVAL;
    }
    char *end;
    errno = 0;
    if (KEYS[k].type == 'i') {
        long v = strtol(value, &end, 10);
        if (errno || end == value || *end || v < KEYS[k].min || v > KEYS[k].max) {
            error_set(err, "%s: key '%s': bad value '%s' (expected an integer %ld..%ld)", where,
                      key, value, KEYS[k].min, KEYS[k].max);
            return ST_EINVAL;
        }
        *(int *)((char *)t + KEYS[k].offset) = (int)v;
        return ST_OK;
    }
    if (KEYS[k].type == 'r') {
        double v = strtod(value, &end);
        if (errno || end == value || *end || !isfinite(v) || v < KEYS[k].min || v > KEYS[k].max) {
            error_set(err, "%s: key '%s': bad value '%s' (expected a number %ld..%ld)", where, key,
                      value, KEYS[k].min, KEYS[k].max);
            return ST_EINVAL;
        }
        *(double *)((char *)t + KEYS[k].offset) = v;
        return ST_OK;
    }
    return set_special(t, key, value, base_path, where, err);
}

/* The keys of a kind of their own (KEYS' 's'): a choice, a name, a path, a list, the seed and
 * the rules. */
static Status set_special(TrainFile *t, const char *key, const char *value, const char *base_path,
                          const char *where, Error *err)
{
    char *end;
    errno = 0;
    if (strcmp(key, "name") == 0) {
        if (!name_ok(value)) {
            error_set(err,
                      "%s: key 'name': bad value '%s' (letters, digits, '.', '_' or '-', not "
                      "starting with '.': it names a directory)",
                      where, value);
            return ST_EINVAL;
        }
        snprintf(t->name, sizeof t->name, "%s", value);
        return ST_OK;
    }
    if (strcmp(key, "output") == 0) {
        if (!*value || strlen(value) >= sizeof t->output) {
            error_set(err, "%s: key 'output': expected a directory", where);
            return ST_EINVAL;
        }
        snprintf(t->output, sizeof t->output, "%s", value);
        return ST_OK;
    }
    if (strcmp(key, "recorded_games") == 0)
        return set_path_key(key, value, base_path, where, t->recorded_games,
                            sizeof t->recorded_games, err);
    if (strcmp(key, "init") == 0) {
        /* hand and trained are names, not files. */
        if (strcmp(value, "hand") == 0)
            value = "";
        return set_path_key(key, value, strcmp(value, "trained") == 0 ? NULL : base_path, where,
                            t->init, sizeof t->init, err);
    }
    if (strcmp(key, "league") == 0)
        return set_league(t, value, base_path, where, err);
    if (strcmp(key, "gate_sprt") == 0) {
        /* "" or off: the fixed gate. */
        if (!*value || strcmp(value, "off") == 0) {
            t->gate_sprt = false;
            return ST_OK;
        }
        Error why = {{0}};
        if (sprt_parse(value, &t->sprt, &why) != ST_OK) {
            error_set(err, "%s: key 'gate_sprt': bad value '%s': %s", where, value, why.text);
            return ST_EINVAL;
        }
        t->gate_sprt = true;
        return ST_OK;
    }
    if (strcmp(key, "model") == 0) {
        for (EvalModelKind m = EVALMODEL_LINEAR; m <= EVALMODEL_NNUE; m++) {
            if (strcmp(value, evalmodel_kind_name(m)) == 0) {
                t->model = m;
                return ST_OK;
            }
        }
        error_set(err,
                  "%s: key 'model': bad value '%s' (expected linear, sided, player, net or nnue)",
                  where, value);
        return ST_EINVAL;
    }
    if (strcmp(key, "seed") == 0) {
        unsigned long long v = strtoull(value, &end, 10);
        if (errno || end == value || *end || value[0] == '-') {
            error_set(err, "%s: key 'seed': bad value '%s' (expected an integer 0..%" PRIu64 ")",
                      where, value, UINT64_MAX);
            return ST_EINVAL;
        }
        t->seed = v;
        return ST_OK;
    }
    return set_rules(t, value, base_path, where, err);
}

/* rules: a preset or an OTN string as given, else a file relative to the training file. */
static Status set_rules(TrainFile *t, const char *value, const char *base_path, const char *where,
                        Error *err)
{
    char arg[EXPERIMENT_PATH_MAX * 2];
    bool as_is = ruleset_preset_find(value) || strncmp(value, "dim:", 4) == 0 || !base_path;
    if (as_is) {
        snprintf(arg, sizeof arg, "%s", value);
    } else if (!inilines_relative_path(base_path, value, arg, sizeof arg)) {
        error_set(err, "%s: key 'rules': the path of '%s' is too long", where, value);
        return ST_EINVAL;
    }
    Error why = {{0}};
    Status st = rulesfile_resolve(arg, &t->rules, &why);
    if (st != ST_OK) {
        error_set(err, "%s: key 'rules': %s", where, why.text);
        return st;
    }
    if (strlen(arg) >= sizeof t->rules_arg) {
        error_set(err, "%s: key 'rules': too long", where);
        return ST_EINVAL;
    }
    snprintf(t->rules_arg, sizeof t->rules_arg, "%s", arg);
    return ST_OK;
}

/* The state of one read; libinih hands it to both the reader and the handler. */
typedef struct {
    IniRead in;               /* the file, its line, a read error, the first error (inilines.h) */
    int train_line;           /* the [train] header's line; 0 before it */
    int key_lines[KEY_COUNT]; /* the line each key was given on; 0 while it is not */
    TrainFile *out;
} ReadCtx;

/* Records the first error as "FILE:LINE: <text>" (line 0: "FILE: <text>"). */
#define fail_at(c, line, st, ...) inilines_fail_at(&(c)->in.first, (line), (st), __VA_ARGS__)

/* libinih's fgets-style reader: numbers lines, refuses long and indented ones, and reads the
 * section headers (only one [train]). */
static char *read_line(char *str, int num, void *stream)
{
    ReadCtx *c = stream;
    IniLine l;
    char name[64];
    if (!inilines_next_flat(&c->in, str, num, &l, name, sizeof name))
        return NULL;
    if (!l.section)
        return str;
    if (strcmp(name, "train") != 0) {
        fail_at(c, c->in.line, ST_EPARSE, "unknown section '[%s]' (expected [train])", name);
        return NULL;
    }
    if (c->train_line) {
        fail_at(c, c->in.line, ST_EINVAL, "section '[train]': given twice (first on line %d)",
                c->train_line);
        return NULL;
    }
    c->train_line = c->in.line;
    return str;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    ReadCtx *c = user;
    (void)section;
    if (c->in.first.failed)
        return 0;
    if (!c->train_line) {
        fail_at(c, c->in.line, ST_EPARSE, "key outside the [train] section");
        return 0;
    }
    for (int i = 0; i < KEY_COUNT; i++) {
        if (strcmp(KEYS[i].key, name) == 0 && c->key_lines[i]) {
            fail_at(c, c->in.line, ST_EINVAL, "key '%s': given twice (first on line %d)", name,
                    c->key_lines[i]);
            return 0;
        }
        if (strcmp(KEYS[i].key, name) == 0)
            c->key_lines[i] = c->in.line;
    }
    char where[EXPERIMENT_PATH_MAX + 32];
    snprintf(where, sizeof where, "%s:%d", c->in.first.path, c->in.line);
    Status st = trainfile_set(c->out, name, value, c->in.first.path, where, c->in.first.err);
    if (st != ST_OK) {
        c->in.first.failed = true;
        c->in.first.line = c->in.line;
        c->in.first.status = st;
        return 0;
    }
    return 1;
}

Status trainfile_load(const char *path, TrainFile *out, Error *err)
{
    trainfile_defaults(out);
    FILE *f = inilines_open(path, EXPERIMENT_PATH_MAX, err);
    if (!f)
        return strlen(path) >= EXPERIMENT_PATH_MAX ? ST_EINVAL : ST_EIO;
    Status st = trainfile_load_stream(f, path, out, err);
    fclose(f);
    return st;
}

Status trainfile_load_stream(FILE *f, const char *path, TrainFile *out, Error *err)
{
    trainfile_defaults(out);
    ReadCtx *c = xcalloc(1, sizeof *c);
    c->in.file = f;
    c->out = out;
    c->in.first.path = path;
    c->in.first.err = err;
    Status st = inilines_parse(&c->in, read_line, on_key, c, "[train]", err);
    if (st != ST_OK) {
        /* the parse itself failed: err says how */
    } else if (c->in.first.failed) {
        st = c->in.first.status;
    } else if (!c->train_line) {
        error_set(err, "%s: no [train] section", path);
        st = ST_EPARSE;
    }
    bool name_given = c->key_lines[0] != 0; /* KEYS[0] is name */
    free(c);
    if (st == ST_OK && !name_given)
        snprintf(out->name, sizeof out->name, "train-%.50s", out->rules.name);
    return st;
}

/* v in the fewest of 15 or 17 significant digits that read back as v: 0.1, not
 * 0.10000000000000001. */
static void shortest(double v, char *buf, size_t size)
{
    snprintf(buf, size, "%.15g", v);
    if (strtod(buf, NULL) != v)
        snprintf(buf, size, "%.17g", v);
}

int trainfile_format(const TrainFile *t, char *buf, size_t size)
{
    /* A linear model writes no model line, feature set 1 no features line, outcome-only
     * targets no score_weight line, no recorded games no
     * recorded_games line, the fixed gate no gate_sprt line: setups recorded before the keys
     * existed still match. */
    int n = snprintf(buf, size,
                     "name = %s\nrules = %s\nruleset = %s\nseed = %" PRIu64
                     "\ngames = %d\ndepth = %d\nhandicap = %d\nnoise = %.17g\n"
                     "opening_plies = %d\nmax_plies = %d\nwindow = %d\nepochs = %d\n"
                     "learning_rate = %.17g\nl2 = %.17g\ngate_pairs = %d\ngate_depth = %d\n",
                     t->name, t->rules_arg, t->rules.name, t->seed, t->games, t->depth, t->handicap,
                     t->noise, t->opening_plies, t->max_plies, t->window, t->epochs,
                     t->learning_rate, t->l2, t->gate_pairs, t->gate_depth);
    if (t->model != EVALMODEL_LINEAR && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "model = %s\n", evalmodel_kind_name(t->model));
    }
    if ((t->model == EVALMODEL_NET || t->model == EVALMODEL_NNUE) && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "hidden = %d\n",
                      t->hidden                    ? t->hidden
                      : t->model == EVALMODEL_NNUE ? TRAINFILE_NNUE_DEFAULT_HIDDEN
                                                   : EVALMODEL_DEFAULT_HIDDEN);
    }
    if (t->features != 1 && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "features = %d\n", t->features);
    }
    if (t->score_weight != 0 && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "score_weight = %.17g\n", t->score_weight);
    }
    if (t->recorded_games[0] && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "recorded_games = %s\n", t->recorded_games);
    }
    if (t->init[0] && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "init = %s\n", t->init);
    }
    if (t->league_games && n >= 0) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "league_games = %d\n", t->league_games);
    }
    for (int i = 0; i < t->league_count && n >= 0; i++) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "%s%s%s", i ? ", " : "league = ", t->league[i],
                      i + 1 == t->league_count ? "\n" : "");
    }
    if (t->gate_sprt && n >= 0) {
        char e0[32], e1[32], a[32], b[32];
        shortest(t->sprt.elo0, e0, sizeof e0);
        shortest(t->sprt.elo1, e1, sizeof e1);
        shortest(t->sprt.alpha, a, sizeof a);
        shortest(t->sprt.beta, b, sizeof b);
        size_t used = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf + used, size - used, "gate_sprt = elo0=%s,elo1=%s,alpha=%s,beta=%s\n", e0,
                      e1, a, b);
    }
    return n;
}
