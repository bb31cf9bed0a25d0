/* Rulesets as text: the names of option values, setting one option from its RULES.md key, and
 * writing a whole ruleset in the ruleset-file format. One const table of keys drives both. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/ruleset.h"

/* Value names, indexed by the enum value (RULES.md sections 1-5). */
static const char *const side_names[] = {"attackers", "defenders"};
static const char *const bool_names[] = {"no", "yes"};
static const char *const throne_pass_names[] = {"all", "king", "none"};
static const char *const king_armed_names[] = {"yes", "no", "hammer", "anvil"};
static const char *const corner_hostile_names[] = {"all", "attackers", "defenders", "none"};
static const char *const throne_hostile_names[] = {"always", "empty", "never"};
static const char *const king_capture_names[] = {"custodial", "throne4_adj3", "throne4_adj3_edge3",
                                                 "strong", "throne4_elsewhere2"};
_Static_assert(sizeof king_capture_names / sizeof king_capture_names[0] == KING_CAPTURE_COUNT,
               "one name per king capture");
static const char *const escape_names[] = {"corner", "edge"};
static const char *const end_rule_names[] = {"lose", "draw", "ignore", "defenders_lose",
                                             "defenders_no_repeat"};
_Static_assert(sizeof end_rule_names / sizeof end_rule_names[0] == END_RULE_COUNT,
               "one name per end rule");
static const char *const shieldwall_names[] = {"no", "pieces", "corners"};
static const char *const limit_result_names[] = {"draw", "attackers", "defenders"};

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Enum fields are read and written as int through memcpy (no aliasing through int *); that is
 * only sound while every enum the table names has the size of an int. */
_Static_assert(sizeof(Side) == sizeof(int), "enum size");
_Static_assert(sizeof(ThronePass) == sizeof(int), "enum size");
_Static_assert(sizeof(KingArmed) == sizeof(int), "enum size");
_Static_assert(sizeof(CornerHostile) == sizeof(int), "enum size");
_Static_assert(sizeof(ThroneHostile) == sizeof(int), "enum size");
_Static_assert(sizeof(KingCapture) == sizeof(int), "enum size");
_Static_assert(sizeof(Escape) == sizeof(int), "enum size");
_Static_assert(sizeof(EndRule) == sizeof(int), "enum size");
_Static_assert(sizeof(Shieldwall) == sizeof(int), "enum size");
_Static_assert(sizeof(LimitResult) == sizeof(int), "enum size");

static const char *name_or_unknown(const char *const *names, int count, int v)
{
    return v >= 0 && v < count ? names[v] : "?";
}

const char *ruleset_side_name(Side side)
{
    return name_or_unknown(side_names, COUNT_OF(side_names), (int)side);
}

const char *ruleset_throne_pass_name(ThronePass v)
{
    return name_or_unknown(throne_pass_names, COUNT_OF(throne_pass_names), (int)v);
}

const char *ruleset_king_armed_name(KingArmed v)
{
    return name_or_unknown(king_armed_names, COUNT_OF(king_armed_names), (int)v);
}

const char *ruleset_corner_hostile_name(CornerHostile v)
{
    return name_or_unknown(corner_hostile_names, COUNT_OF(corner_hostile_names), (int)v);
}

const char *ruleset_throne_hostile_name(ThroneHostile v)
{
    return name_or_unknown(throne_hostile_names, COUNT_OF(throne_hostile_names), (int)v);
}

const char *ruleset_king_capture_name(KingCapture v)
{
    return name_or_unknown(king_capture_names, COUNT_OF(king_capture_names), (int)v);
}

const char *ruleset_escape_name(Escape v)
{
    return name_or_unknown(escape_names, COUNT_OF(escape_names), (int)v);
}

const char *ruleset_end_rule_name(EndRule v)
{
    return name_or_unknown(end_rule_names, COUNT_OF(end_rule_names), (int)v);
}

const char *ruleset_shieldwall_name(Shieldwall v)
{
    return name_or_unknown(shieldwall_names, COUNT_OF(shieldwall_names), (int)v);
}

const char *ruleset_limit_result_name(LimitResult v)
{
    return name_or_unknown(limit_result_names, COUNT_OF(limit_result_names), (int)v);
}

typedef enum {
    KIND_NAME,    /* char name[RULES_NAME_MAX] */
    KIND_START,   /* char start[RULES_START_MAX] */
    KIND_INT,     /* int, at least min (size: its range is rules_compile's to check) */
    KIND_BOOL,    /* bool, yes | no */
    KIND_ENUM,    /* an enum stored as int, one of names[] (restricted by allowed) */
    KIND_SQUARES, /* char remove[]: square names, written back joined by ", " */
} OptionKind;

/* One option of RULES.md: its key, where it lives in a Ruleset, and how its value is spelled. */
typedef struct {
    const char *key;
    OptionKind kind;
    size_t offset;
    const char *const *names; /* KIND_ENUM: value names indexed by the enum */
    int name_count;
    unsigned allowed; /* KIND_ENUM: bit i set when names[i] is valid here; 0 = all */
    int min;          /* KIND_INT: smallest valid value */
} OptionSpec;

#define FIELD(f) offsetof(Ruleset, f)
#define ENUM_OPTION(key, field, names, allowed)                                                    \
    {                                                                                              \
        key, KIND_ENUM, FIELD(field), names, COUNT_OF(names), allowed, 0                           \
    }

/* Every option in RULES.md order; ruleset_format writes them in this order. size's min is
 * INT_MIN so that any integer passes here and rules_compile gives the range error. */
static const OptionSpec option_table[] = {
    {"name", KIND_NAME, FIELD(name), NULL, 0, 0, 0},
    {"size", KIND_INT, FIELD(size), NULL, 0, 0, INT_MIN},
    {"start", KIND_START, FIELD(start), NULL, 0, 0, 0},
    /* The piece handicap, squares of start whose pieces are taken off. */
    {"remove", KIND_SQUARES, FIELD(remove), NULL, 0, 0, 0},
    ENUM_OPTION("first", first, side_names, 0),
    {"throne", KIND_BOOL, FIELD(throne), NULL, 0, 0, 0},
    {"corners", KIND_BOOL, FIELD(corners), NULL, 0, 0, 0},
    {"throne_reentry", KIND_BOOL, FIELD(throne_reentry), NULL, 0, 0, 0},
    ENUM_OPTION("throne_pass", throne_pass, throne_pass_names, 0),
    ENUM_OPTION("king_armed", king_armed, king_armed_names, 0),
    ENUM_OPTION("corner_hostile", corner_hostile, corner_hostile_names, 0),
    ENUM_OPTION("throne_hostile_attackers", throne_hostile_attackers, throne_hostile_names, 0),
    /* RULES.md 3: the king on the throne is the defenders' own, so never "always". */
    ENUM_OPTION("throne_hostile_defenders", throne_hostile_defenders, throne_hostile_names,
                (1u << THRONE_HOSTILE_EMPTY) | (1u << THRONE_HOSTILE_NEVER)),
    /* Copenhagen's captures against the edge (doc/rules-engine.md). */
    ENUM_OPTION("shieldwall", shieldwall, shieldwall_names, 0),
    ENUM_OPTION("king_capture", king_capture, king_capture_names, 0),
    ENUM_OPTION("escape", escape, escape_names, 0),
    {"edge_fort", KIND_BOOL, FIELD(edge_fort), NULL, 0, 0, 0},
    {"encirclement", KIND_BOOL, FIELD(encirclement), NULL, 0, 0, 0},
    /* RULES.md 5: ignoring a side that cannot move would leave the game stuck. */
    ENUM_OPTION("no_moves", no_moves, end_rule_names,
                (1u << END_RULE_LOSE) | (1u << END_RULE_DRAW)),
    ENUM_OPTION("repetition", repetition, end_rule_names, 0),
    {"draw_fort", KIND_BOOL, FIELD(draw_fort), NULL, 0, 0, 0},
    {"max_plies", KIND_INT, FIELD(max_plies), NULL, 0, 0, 0},
    /* The side that gets a game reaching max_plies. */
    ENUM_OPTION("limit_result", limit_result, limit_result_names, 0),
};

static const OptionSpec *find_option(const char *key)
{
    for (int i = 0; i < COUNT_OF(option_table); i++) {
        if (strcmp(option_table[i].key, key) == 0) {
            return &option_table[i];
        }
    }
    return NULL;
}

static bool enum_allows(const OptionSpec *o, int i)
{
    return o->allowed == 0 || (o->allowed & (1u << i)) != 0;
}

/* Writes "a|b|c", the valid values of an enum option, into buf. */
static void list_values(const OptionSpec *o, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->name_count; i++) {
        if (!enum_allows(o, i)) {
            continue;
        }
        int n = snprintf(buf + used, len - used, "%s%s", used ? "|" : "", o->names[i]);
        if (n < 0 || (size_t)n >= len - used) {
            return;
        }
        used += (size_t)n;
    }
}

/* Reads a whole decimal integer (optional sign, no trailing text) into *out. */
static bool parse_int(const char *text, int *out)
{
    if (text[0] == '\0') {
        return false;
    }
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || v < INT_MIN || v > INT_MAX) {
        return false;
    }
    *out = (int)v;
    return true;
}

/* Copies text into a fixed field, refusing empty text and text that does not fit. */
static Status set_text(char *field, size_t size, const char *key, const char *value, Error *err)
{
    size_t len = strlen(value);
    if (len == 0) {
        error_set(err, "key '%s': the value is empty", key);
        return ST_EINVAL;
    }
    if (len >= size) {
        error_set(err, "key '%s': the value is %zu characters long, at most %zu fit", key, len,
                  size - 1);
        return ST_EINVAL;
    }
    memcpy(field, value, len + 1);
    return ST_OK;
}

static void list_keys(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < COUNT_OF(option_table); i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", option_table[i].key);
        if (n < 0 || (size_t)n >= len - used) {
            return;
        }
        used += (size_t)n;
    }
}

/* Reads a list of squares ("d1, g4" or "d1 g4") into the canonical text "d1, g4": each a
 * file letter a-s and a rank 1-19 (whether the board has it is rules_compile's to check), at
 * most RULES_REMOVE_MAX, none twice. */
static Status set_squares(char *field, size_t size, const char *key, const char *value, Error *err)
{
    char out[RULES_REMOVE_MAX * 5] = "";
    char seen[RULES_REMOVE_MAX][4];
    int count = 0;
    const char *p = value;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (*p == '\0')
            break;
        const char *start = p;
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',')
            p++;
        size_t len = (size_t)(p - start);
        bool ok = len >= 2 && len <= 3 && start[0] >= 'a' && start[0] <= 's' && start[1] >= '1' &&
                  start[1] <= '9' && (len == 2 || (start[2] >= '0' && start[2] <= '9'));
        int rank = ok ? atoi(start + 1) : 0;
        if (!ok || rank < 1 || rank > RULES_MAX_SIZE) {
            error_set(err,
                      "key '%s': bad value '%.*s' (a square is a file letter a-s and a rank "
                      "1-19, e.g. d1; squares are separated by commas or blanks)",
                      key, (int)len, start);
            return ST_EINVAL;
        }
        for (int i = 0; i < count; i++) {
            if (strlen(seen[i]) == len && strncmp(seen[i], start, len) == 0) {
                error_set(err, "key '%s': square %.*s is named twice", key, (int)len, start);
                return ST_EINVAL;
            }
        }
        if (count == RULES_REMOVE_MAX) {
            error_set(err, "key '%s': at most %d squares", key, RULES_REMOVE_MAX);
            return ST_EINVAL;
        }
        snprintf(seen[count], sizeof seen[count], "%.*s", (int)len, start);
        size_t used = strlen(out);
        snprintf(out + used, sizeof out - used, "%s%s", count ? ", " : "", seen[count]);
        count++;
    }
    if (count == 0) {
        error_set(err, "key '%s': the value is empty (name the squares whose pieces go)", key);
        return ST_EINVAL;
    }
    return set_text(field, size, key, out, err);
}

Status ruleset_set_option(Ruleset *rs, const char *key, const char *value, Error *err)
{
    const OptionSpec *o = find_option(key);
    if (o == NULL) {
        char keys[400];
        list_keys(keys, sizeof keys);
        error_set(err, "key '%s': unknown key (keys are %s)", key, keys);
        return ST_EINVAL;
    }
    char *field = (char *)rs + o->offset;
    switch (o->kind) {
    case KIND_NAME:
        if (value[0] != '\0' && strlen(value) < RULES_NAME_MAX && !ruleset_name_ok(value)) {
            error_set(err,
                      "key '%s': bad value '%s' (a name is letters, digits, '.', '_', '+' and "
                      "'-')",
                      key, value);
            return ST_EINVAL;
        }
        return set_text(field, RULES_NAME_MAX, key, value, err);
    case KIND_START:
        return set_text(field, RULES_START_MAX, key, value, err);
    case KIND_SQUARES:
        return set_squares(field, sizeof rs->remove, key, value, err);
    case KIND_INT: {
        int v;
        if (!parse_int(value, &v) || v < o->min) {
            if (o->min == 0) {
                error_set(err, "key '%s': bad value '%s' (expected an integer >= 0)", key, value);
            } else {
                error_set(err, "key '%s': bad value '%s' (expected an integer)", key, value);
            }
            return ST_EINVAL;
        }
        memcpy(field, &v, sizeof v);
        return ST_OK;
    }
    case KIND_BOOL:
        for (int i = 0; i < COUNT_OF(bool_names); i++) {
            if (strcmp(value, bool_names[i]) == 0) {
                bool b = i == 1;
                memcpy(field, &b, sizeof b);
                return ST_OK;
            }
        }
        error_set(err, "key '%s': bad value '%s' (expected yes|no)", key, value);
        return ST_EINVAL;
    case KIND_ENUM:
        for (int i = 0; i < o->name_count; i++) {
            if (enum_allows(o, i) && strcmp(value, o->names[i]) == 0) {
                memcpy(field, &i, sizeof i);
                return ST_OK;
            }
        }
        char valid[128];
        list_values(o, valid, sizeof valid);
        error_set(err, "key '%s': bad value '%s' (expected %s)", key, value, valid);
        return ST_EINVAL;
    }
    error_set(err, "key '%s': internal error: unknown option kind", key);
    return ST_EINVAL;
}

/* Writes the value of option o in rs as text into buf (start can be up to RULES_START_MAX). */
static const char *format_value(const Ruleset *rs, const OptionSpec *o, char *buf, size_t len)
{
    const char *field = (const char *)rs + o->offset;
    switch (o->kind) {
    case KIND_NAME:
    case KIND_START:
    case KIND_SQUARES:
        return field;
    case KIND_INT: {
        int v;
        memcpy(&v, field, sizeof v);
        snprintf(buf, len, "%d", v);
        return buf;
    }
    case KIND_BOOL: {
        bool b;
        memcpy(&b, field, sizeof b);
        return bool_names[b ? 1 : 0];
    }
    case KIND_ENUM: {
        int v;
        memcpy(&v, field, sizeof v);
        return name_or_unknown(o->names, o->name_count, v);
    }
    }
    return "?";
}

/* Appends printf-formatted text at *used, counting the full length like snprintf. */
static void append(char *buf, size_t cap, size_t *used, const char *fmt, ...) PRINTF_LIKE(4, 5);

static void append(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*used < cap ? buf + *used : NULL, *used < cap ? cap - *used : 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        *used += (size_t)n;
    }
}

/* Where a long start record is broken. Ruleset files are read with inih, whose lines hold at
 * most 197 characters (INI_MAX_LINE 200 less "\r\n\0"), and a 19x19 record can be 381 long; so
 * after 120 characters the record goes on, after a '/', on an indented continuation line (at
 * most 4 + 120 + 20 characters), which the reader (formats/rulesfile.c) joins back. */
#define START_LINE_MAX 120

static void append_start(char *buf, size_t cap, size_t *used, const char *start)
{
    size_t len = strlen(start);
    size_t line = 0;
    append(buf, cap, used, "start = ");
    for (size_t i = 0; i < len; i++) {
        append(buf, cap, used, "%c", start[i]);
        line++;
        if (start[i] == '/' && i + 1 < len && line >= START_LINE_MAX) {
            append(buf, cap, used, "\n    ");
            line = 0;
        }
    }
    append(buf, cap, used, "\n");
}

int ruleset_format(const Ruleset *rs, char *buf, int buflen)
{
    /* Like snprintf: count the full length, write what fits, always terminate. */
    size_t cap = buflen > 0 ? (size_t)buflen : 0;
    size_t used = 0;
    if (cap > 0) {
        buf[0] = '\0';
    }
    for (int i = 0; i < COUNT_OF(option_table); i++) {
        char tmp[32];
        const OptionSpec *o = &option_table[i];
        if (o->kind == KIND_START) {
            append_start(buf, cap, &used, rs->start);
            continue;
        }
        /* limit_result came after results and learned evaluations were recorded with the
         * texts and hashes of this function: its default (draw, what a cap always gave) is
         * left out so that they stay the same. */
        if (o->offset == FIELD(limit_result) && rs->limit_result == LIMIT_RESULT_DRAW) {
            continue;
        }
        if (o->kind == KIND_SQUARES && rs->remove[0] == '\0') {
            continue; /* the same for remove: none is the default */
        }
        append(buf, cap, &used, "%s = %s\n", o->key, format_value(rs, o, tmp, sizeof tmp));
    }
    return used > INT_MAX ? INT_MAX : (int)used;
}

uint64_t ruleset_game_hash(const Ruleset *rs)
{
    Ruleset game = *rs;
    memset(game.name, 0, sizeof game.name);
    game.max_plies = 0;                    /* a game cap does not change what a position is worth */
    game.limit_result = LIMIT_RESULT_DRAW; /* nor who gets the cap */
    char buf[4096];
    int n = ruleset_format(&game, buf, sizeof buf);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    return fnv1a(FNV1A_BASIS, buf, (size_t)n);
}

int ruleset_square_image(int size, int t, int sq)
{
    int row = sq / size, file = sq % size;
    if (t & 1) {
        int swap = row;
        row = file;
        file = swap;
    }
    if (t & 2)
        row = size - 1 - row;
    if (t & 4)
        file = size - 1 - file;
    return row * size + file;
}
