/* OpenTafl rules strings ("dim:7 ks:c tfr:l start:/.../") read into and written from a Ruleset,
 * mapped as RULES.md section 7 says. The reference is OpenTafl's opentafl-notation-spec.txt and
 * RulesSerializer.java (loadRulesRecord / getRulesRecord). */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/otn.h"

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* How a key's value is spelled. */
typedef enum {
    VAL_INT,    /* a decimal number (dim) */
    VAL_RECORD, /* a position record (start), kept verbatim */
    VAL_CHOICE, /* one letter out of `letters` */
    VAL_PIECES, /* a piece-type list: any of tcnkmTCNKM, possibly empty */
    VAL_SPACES, /* a space list "a1,g1," (cor, cen, afor, dfor), possibly empty */
    VAL_TEXT,   /* anything (name) */
} ValueKind;

/* Which keys this project reads, in the order of the table (indexes into OtnEntry arrays). */
typedef enum {
    K_DIM,
    K_START,
    K_NAME,
    K_ESC,
    K_SURF,
    K_ATKF,
    K_TFR,
    K_KA,
    K_KS,
    K_COR,
    K_CEN,
    K_CENP,
    K_CENS,
    K_CENRE,
    K_CENH,
    K_CENHE,
    K_CORH,
    K_CORP,
    K_CORS,
    K_CORRE,
    K_SW,
    K_SWF,
    K_EFE,
    K_KJ,
    K_NJ,
    K_CJ,
    K_BER,
    K_SPD,
    K_AFOR,
    K_DFOR,
    K_AFORH,
    K_DFORH,
    K_AFORP,
    K_DFORP,
    K_AFORS,
    K_DFORS,
    K_AFORRE,
    K_DFORRE,
    K_COUNT
} OtnKey;

/* One OTN key. For VAL_CHOICE, `letters` are the values OpenTafl defines and `unsupported` the
 * subset this project does not model (an error naming `why`). */
typedef struct {
    const char *key;
    ValueKind kind;
    const char *letters;
    const char *unsupported;
    const char *why;
} OtnKeySpec;

/* Every key of OpenTafl's RulesSerializer. Keys for features this project lacks (jumps, berserk,
 * speed limits, fortresses) are accepted only with values that change nothing
 * here, so a string OpenTafl wrote for a variant we can play still reads. */
static const OtnKeySpec otn_keys[K_COUNT] = {
    [K_DIM] = {"dim", VAL_INT, NULL, NULL, NULL},
    [K_START] = {"start", VAL_RECORD, NULL, NULL, NULL},
    [K_NAME] = {"name", VAL_TEXT, NULL, NULL, NULL},
    [K_ESC] = {"esc", VAL_CHOICE, "ce", "", NULL},
    [K_SURF] = {"surf", VAL_CHOICE, "yn", "", NULL},
    [K_ATKF] = {"atkf", VAL_CHOICE, "yn", "", NULL},
    [K_TFR] = {"tfr", VAL_CHOICE, "idlw", "w", "the side that repeats winning"},
    [K_KA] = {"ka", VAL_CHOICE, "ynah", "", NULL},
    /* RulesSerializer.getKingModeForString: y = s (strong) and n = w (weak), older spellings. */
    [K_KS] = {"ks", VAL_CHOICE, "scmwyn", "m", "the middleweight king"},
    [K_COR] = {"cor", VAL_SPACES, NULL, NULL, NULL},
    [K_CEN] = {"cen", VAL_SPACES, NULL, NULL, NULL},
    [K_CENP] = {"cenp", VAL_PIECES, NULL, NULL, NULL},
    [K_CENS] = {"cens", VAL_PIECES, NULL, NULL, NULL},
    [K_CENRE] = {"cenre", VAL_PIECES, NULL, NULL, NULL},
    [K_CENH] = {"cenh", VAL_PIECES, NULL, NULL, NULL},
    [K_CENHE] = {"cenhe", VAL_PIECES, NULL, NULL, NULL},
    [K_CORH] = {"corh", VAL_PIECES, NULL, NULL, NULL},
    [K_CORP] = {"corp", VAL_PIECES, NULL, NULL, NULL},
    [K_CORS] = {"cors", VAL_PIECES, NULL, NULL, NULL},
    [K_CORRE] = {"corre", VAL_PIECES, NULL, NULL, NULL},
    /* sw: n none, w weak (corners may not close a wall), s strong (they may). */
    [K_SW] = {"sw", VAL_CHOICE, "nws", "", NULL},
    /* swf:n lets any move that completes a wall capture it; here only the move that closes an
     * end does, as in the Copenhagen rules (and OpenTafl's default swf:y). */
    [K_SWF] = {"swf", VAL_CHOICE, "yn", "n", "shieldwall captures by a move that closes no end"},
    [K_EFE] = {"efe", VAL_CHOICE, "yn", "", NULL},
    [K_KJ] = {"kj", VAL_CHOICE, "nrjc", "rjc", "king jumps"},
    [K_NJ] = {"nj", VAL_CHOICE, "nrjc", "", NULL}, /* no knights here: any mode is moot */
    [K_CJ] = {"cj", VAL_CHOICE, "nrjc", "", NULL}, /* no commanders here, likewise */
    [K_BER] = {"ber", VAL_CHOICE, "ncm", "cm", "berserk moves"},
    [K_SPD] = {"spd", VAL_TEXT, NULL, NULL, NULL},
    [K_AFOR] = {"afor", VAL_SPACES, NULL, NULL, NULL},
    [K_DFOR] = {"dfor", VAL_SPACES, NULL, NULL, NULL},
    [K_AFORH] = {"aforh", VAL_PIECES, NULL, NULL, NULL},
    [K_DFORH] = {"dforh", VAL_PIECES, NULL, NULL, NULL},
    [K_AFORP] = {"aforp", VAL_PIECES, NULL, NULL, NULL},
    [K_DFORP] = {"dforp", VAL_PIECES, NULL, NULL, NULL},
    [K_AFORS] = {"afors", VAL_PIECES, NULL, NULL, NULL},
    [K_DFORS] = {"dfors", VAL_PIECES, NULL, NULL, NULL},
    [K_AFORRE] = {"aforre", VAL_PIECES, NULL, NULL, NULL},
    [K_DFORRE] = {"dforre", VAL_PIECES, NULL, NULL, NULL},
};

/* The keys found in one string: value text (not terminated: ptr + len) and the key's column. */
typedef struct {
    bool seen[K_COUNT];
    const char *val[K_COUNT];
    size_t len[K_COUNT];
    int col[K_COUNT]; /* 1-based column of the key in the string */
    int dim;
} OtnEntries;

/* Piece-type letters of OpenTafl (TaflmanCodes: taflman, commander, knight, king, and the
 * mercenary); only t, T and K exist in this project, the others are read and ignored. */
static const char piece_letters[] = "tcnkmTCNKM";

static Status key_error(Error *err, const OtnEntries *e, OtnKey k, const char *fmt, ...)
    PRINTF_LIKE(4, 5);

/* "OTN rules key 'ks' at column 9: <what>", ST_EPARSE. */
static Status key_error(Error *err, const OtnEntries *e, OtnKey k, const char *fmt, ...)
{
    char what[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    error_set(err, "OTN rules key '%s' at column %d: %s", otn_keys[k].key, e->col[k], what);
    return ST_EPARSE;
}

/* True when piece list k (default `def` when absent) holds letter c. */
static bool list_has(const OtnEntries *e, OtnKey k, const char *def, char c)
{
    if (!e->seen[k]) {
        return strchr(def, c) != NULL;
    }
    return memchr(e->val[k], c, e->len[k]) != NULL;
}

/* The value of a VAL_CHOICE key, or `def` when absent. */
static char choice(const OtnEntries *e, OtnKey k, char def)
{
    return e->seen[k] ? e->val[k][0] : def;
}

/* Checks a value's spelling against its kind (meaning comes later, once dim is known). */
static Status check_value(const OtnEntries *e, OtnKey k, Error *err)
{
    const OtnKeySpec *spec = &otn_keys[k];
    const char *v = e->val[k];
    size_t len = e->len[k];
    switch (spec->kind) {
    case VAL_INT:
        if (len == 0 || len > 4) {
            return key_error(err, e, k, "bad value '%.*s' (expected a board size)", (int)len, v);
        }
        for (size_t i = 0; i < len; i++) {
            if (!isdigit((unsigned char)v[i])) {
                return key_error(err, e, k, "bad value '%.*s' (expected a board size)", (int)len,
                                 v);
            }
        }
        return ST_OK;
    case VAL_RECORD:
        if (len == 0) {
            return key_error(err, e, k, "the position record is empty");
        }
        if (len >= RULES_START_MAX) {
            return key_error(err, e, k,
                             "the position record is %zu characters long, at most %d fit", len,
                             RULES_START_MAX - 1);
        }
        return ST_OK;
    case VAL_CHOICE:
        if (len != 1 || strchr(spec->letters, v[0]) == NULL) {
            char valid[16] = {0};
            for (size_t i = 0; spec->letters[i] != '\0'; i++) {
                valid[2 * i] = spec->letters[i];
                valid[2 * i + 1] = spec->letters[i + 1] ? '|' : '\0';
            }
            return key_error(err, e, k, "bad value '%.*s' (expected %s)", (int)len, v, valid);
        }
        if (strchr(spec->unsupported, v[0]) != NULL) {
            return key_error(err, e, k, "value '%c' is not supported (%s)", v[0], spec->why);
        }
        return ST_OK;
    case VAL_PIECES:
        for (size_t i = 0; i < len; i++) {
            if (strchr(piece_letters, v[i]) == NULL) {
                return key_error(err, e, k, "bad piece type '%c' in '%.*s' (expected %s)", v[i],
                                 (int)len, v, piece_letters);
            }
        }
        return ST_OK;
    case VAL_SPACES:
        for (size_t i = 0; i < len; i++) {
            if (!isalnum((unsigned char)v[i]) && v[i] != ',') {
                return key_error(err, e, k, "bad space list '%.*s' (expected e.g. a1,g1,)",
                                 (int)len, v);
            }
        }
        return ST_OK;
    case VAL_TEXT:
        return ST_OK;
    }
    return ST_OK;
}

/* Splits the string into key:value entries (any whitespace separates them, as OpenTafl allows a
 * rules record broken over lines). OpenTafl reads the entries into a map, so their order does
 * not matter there and does not here; a key given twice is an error rather than last-wins. */
static Status split_entries(const char *text, OtnEntries *e, Error *err)
{
    const char *p = text;
    while (*p != '\0') {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        const char *tok = p;
        while (*p != '\0' && !isspace((unsigned char)*p)) {
            p++;
        }
        const char *colon = memchr(tok, ':', (size_t)(p - tok));
        size_t keylen = (size_t)((colon ? colon : p) - tok);
        int col = (int)(tok - text) + 1;
        int k = 0;
        while (k < K_COUNT &&
               !(strlen(otn_keys[k].key) == keylen && memcmp(otn_keys[k].key, tok, keylen) == 0)) {
            k++;
        }
        if (k == K_COUNT) {
            error_set(err, "unknown OTN rules key '%.*s' at column %d", (int)keylen, tok, col);
            return ST_EPARSE;
        }
        if (colon == NULL) {
            error_set(err, "OTN rules key '%s' at column %d: no ':' after the key", otn_keys[k].key,
                      col);
            return ST_EPARSE;
        }
        if (e->seen[k]) {
            error_set(err, "OTN rules key '%s' at column %d: given twice (first at column %d)",
                      otn_keys[k].key, col, e->col[k]);
            return ST_EPARSE;
        }
        e->seen[k] = true;
        e->col[k] = col;
        e->val[k] = colon + 1;
        e->len[k] = (size_t)(p - colon - 1);
        Status st = check_value(e, (OtnKey)k, err);
        if (st != ST_OK) {
            return st;
        }
    }
    if (!e->seen[K_DIM] || !e->seen[K_START]) {
        error_set(err, "OTN rules string has no '%s:' (it needs dim:N and start:/.../)",
                  e->seen[K_DIM] ? "start" : "dim");
        return ST_EPARSE;
    }
    return ST_OK;
}

/* Reads a space list of key k into squares (row * dim + file); returns the count, or -1 after
 * setting err when a space is malformed or off the board. */
static int read_spaces(const OtnEntries *e, OtnKey k, int *squares, int max, Error *err)
{
    const char *v = e->val[k];
    size_t len = e->len[k];
    int n = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && v[j] != ',') {
            j++;
        }
        if (j > i) { /* OpenTafl skips empty items ("a1,,g1," reads as two spaces) */
            int file = v[i] - 'a';
            int rank = 0;
            bool ok = j - i >= 2 && j - i <= 3 && file >= 0 && file < e->dim;
            for (size_t d = i + 1; ok && d < j; d++) {
                ok = isdigit((unsigned char)v[d]);
                rank = rank * 10 + (v[d] - '0');
            }
            if (!ok || rank < 1 || rank > e->dim || n == max) {
                key_error(err, e, k, "bad space '%.*s' for a %dx%d board", (int)(j - i), v + i,
                          e->dim, e->dim);
                return -1;
            }
            squares[n++] = (rank - 1) * e->dim + file;
        }
        i = j + 1;
    }
    return n;
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Reads cen: or cor: as "the standard squares" (true) or "none" (false); any other set is not
 * something this project models. OpenTafl's default for both is the physical squares. */
static Status read_special(const OtnEntries *e, OtnKey k, const int *standard, int count, bool *out,
                           Error *err)
{
    if (!e->seen[k]) {
        *out = true;
        return ST_OK;
    }
    int sq[8];
    int n = read_spaces(e, k, sq, COUNT_OF(sq), err);
    if (n < 0) {
        return ST_EPARSE;
    }
    if (n == 0) {
        *out = false;
        return ST_OK;
    }
    qsort(sq, (size_t)n, sizeof sq[0], compare_int);
    if (n != count || memcmp(sq, standard, (size_t)count * sizeof sq[0]) != 0) {
        return key_error(err, e, k, "'%.*s' is not supported (only the %s, or none)",
                         (int)e->len[k], e->val[k],
                         k == K_CEN ? "centre square" : "four corner squares");
    }
    *out = true;
    return ST_OK;
}

/* Keys of features this project lacks must hold the value that leaves them off. */
static Status check_absent_features(const OtnEntries *e, Error *err)
{
    if (e->seen[K_SPD] && !(e->len[K_SPD] == 2 && memcmp(e->val[K_SPD], "-1", 2) == 0)) {
        return key_error(err, e, K_SPD, "value '%.*s' is not supported (speed limits)",
                         (int)e->len[K_SPD], e->val[K_SPD]);
    }
    static const OtnKey forts[] = {K_AFOR, K_DFOR};
    for (int i = 0; i < COUNT_OF(forts); i++) {
        if (e->seen[forts[i]] && strspn(e->val[forts[i]], ",") < e->len[forts[i]]) {
            return key_error(err, e, forts[i], "value '%.*s' is not supported (fortresses)",
                             (int)e->len[forts[i]], e->val[forts[i]]);
        }
    }
    return ST_OK;
}

/* Only the king may stop on a restricted square (RULES.md section 2), so cens and cors must list
 * the king and no t or T, unless the squares are not special at all. */
static Status check_stoppable(const OtnEntries *e, OtnKey k, bool special, Error *err)
{
    if (!e->seen[k]) {
        return ST_OK;
    }
    bool king_only =
        list_has(e, k, "", 'K') && !list_has(e, k, "", 't') && !list_has(e, k, "", 'T');
    bool empty = !list_has(e, k, "", 'K') && !list_has(e, k, "", 't') && !list_has(e, k, "", 'T');
    if (king_only || (!special && empty)) {
        return ST_OK;
    }
    return key_error(err, e, k, "'%.*s' is not supported (only the king may stop there%s)",
                     (int)e->len[k], e->val[k], special ? "" : "; or empty without the squares");
}

/* Turns the entries into options (RULES.md section 7 table). */
static Status interpret(const OtnEntries *e, Ruleset *rs, Error *err)
{
    Status st = check_absent_features(e, err);
    if (st != ST_OK) {
        return st;
    }

    int c = (e->dim - 1) / 2, last = e->dim - 1;
    int centre[1] = {c * e->dim + c};
    int corners[4] = {0, last, last * e->dim, last * e->dim + last};
    if ((st = read_special(e, K_CEN, centre, 1, &rs->throne, err)) != ST_OK ||
        (st = read_special(e, K_COR, corners, 4, &rs->corners, err)) != ST_OK ||
        (st = check_stoppable(e, K_CENS, rs->throne, err)) != ST_OK ||
        (st = check_stoppable(e, K_CORS, rs->corners, err)) != ST_OK) {
        return st;
    }

    rs->first = choice(e, K_ATKF, 'y') == 'y' ? SIDE_ATTACKERS : SIDE_DEFENDERS;
    rs->escape = choice(e, K_ESC, 'c') == 'c' ? ESCAPE_CORNER : ESCAPE_EDGE;
    rs->encirclement = choice(e, K_SURF, 'y') == 'y';
    switch (choice(e, K_TFR, 'd')) {
    case 'i':
        rs->repetition = END_RULE_IGNORE;
        break;
    case 'l':
        rs->repetition = END_RULE_LOSE;
        break;
    default:
        rs->repetition = END_RULE_DRAW;
        break;
    }
    switch (choice(e, K_KA, 'y')) {
    case 'n':
        rs->king_armed = KING_ARMED_NO;
        break;
    case 'a':
        rs->king_armed = KING_ARMED_ANVIL;
        break;
    case 'h':
        rs->king_armed = KING_ARMED_HAMMER;
        break;
    default:
        rs->king_armed = KING_ARMED_YES;
        break;
    }
    switch (choice(e, K_KS, 's')) {
    case 'c': /* KING_STRONG_CENTER: strong on or beside the throne, weak elsewhere */
        rs->king_capture = KING_CAPTURE_THRONE4_ADJ3;
        break;
    case 'w':
    case 'n':
        rs->king_capture = KING_CAPTURE_CUSTODIAL;
        break;
    default:
        rs->king_capture = KING_CAPTURE_STRONG;
        break;
    }

    /* Piece lists; the defaults are RulesSerializer.defaults without the unmodelled types. */
    rs->throne_reentry = list_has(e, K_CENRE, "tTK", 'K');
    bool pass_t = list_has(e, K_CENP, "tTK", 't'), pass_T = list_has(e, K_CENP, "tTK", 'T');
    bool pass_K = list_has(e, K_CENP, "tTK", 'K');
    if (pass_t && pass_T && pass_K) {
        rs->throne_pass = THRONE_PASS_ALL;
    } else if (!pass_t && !pass_T) {
        rs->throne_pass = pass_K ? THRONE_PASS_KING : THRONE_PASS_NONE;
    } else {
        return key_error(err, e, K_CENP,
                         "'%.*s' is not supported (expected all of tTK, only K, or none)",
                         (int)e->len[K_CENP], e->val[K_CENP]);
    }
    if (list_has(e, K_CENH, "t", 'T')) {
        /* The occupied throne holds the king: hostile to his own defenders is not modelled. */
        return key_error(err, e, K_CENH,
                         "'%.*s' is not supported (T: the king's throne hostile "
                         "to defenders)",
                         (int)e->len[K_CENH], e->val[K_CENH]);
    }
    if (list_has(e, K_CENH, "t", 't')) {
        rs->throne_hostile_attackers = THRONE_HOSTILE_ALWAYS;
    } else {
        rs->throne_hostile_attackers =
            list_has(e, K_CENHE, "tT", 't') ? THRONE_HOSTILE_EMPTY : THRONE_HOSTILE_NEVER;
    }
    rs->throne_hostile_defenders =
        list_has(e, K_CENHE, "tT", 'T') ? THRONE_HOSTILE_EMPTY : THRONE_HOSTILE_NEVER;
    bool cor_t = list_has(e, K_CORH, "tT", 't'), cor_T = list_has(e, K_CORH, "tT", 'T');
    rs->corner_hostile = cor_t && cor_T ? CORNER_HOSTILE_ALL
                         : cor_t        ? CORNER_HOSTILE_ATTACKERS
                         : cor_T        ? CORNER_HOSTILE_DEFENDERS
                                        : CORNER_HOSTILE_NONE;
    char sw = choice(e, K_SW, 'n');
    rs->shieldwall = sw == 's' ? SHIELDWALL_CORNERS : sw == 'w' ? SHIELDWALL_PIECES : SHIELDWALL_NO;
    rs->edge_fort = choice(e, K_EFE, 'n') == 'y';
    return ST_OK;
}

Status otn_parse_rules(const char *text, Ruleset *rs, Error *err)
{
    OtnEntries e;
    memset(&e, 0, sizeof e);
    Status st = split_entries(text, &e, err);
    if (st != ST_OK) {
        return st;
    }
    e.dim = atoi(e.val[K_DIM]); /* at most four digits, checked */
    if (e.dim < RULES_MIN_SIZE || e.dim > RULES_MAX_SIZE) {
        return key_error(err, &e, K_DIM, "board size %d is out of range (%d..%d)", e.dim,
                         RULES_MIN_SIZE, RULES_MAX_SIZE);
    }

    /* Options OTN has no key for take the project's defaults (RULES.md section 7). */
    Ruleset out;
    memset(&out, 0, sizeof out);
    snprintf(out.name, sizeof out.name, "otn");
    out.size = e.dim;
    memcpy(out.start, e.val[K_START], e.len[K_START]);
    out.start[e.len[K_START]] = '\0';
    out.no_moves = END_RULE_LOSE;
    out.draw_fort = false;
    out.max_plies = 0;
    st = interpret(&e, &out, err);
    if (st != ST_OK) {
        return st;
    }
    *rs = out;
    return ST_OK;
}

/* Appends to an OTN_RULES_MAX buffer; the longest string (every key plus a 511-byte start) is
 * far below it, so truncation cannot happen with a valid Ruleset. */
static void put(char *buf, size_t *used, const char *fmt, ...) PRINTF_LIKE(3, 4);

static void put(char *buf, size_t *used, const char *fmt, ...)
{
    if (*used >= OTN_RULES_MAX) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, OTN_RULES_MAX - *used, fmt, ap);
    va_end(ap);
    if (n > 0) {
        *used += (size_t)n;
    }
}

void otn_format_rules(const Ruleset *rs, char *buf, char *warnings)
{
    /* Keys equal to OpenTafl's default are left out, as getRulesRecord does; the order follows
     * it except that ks comes before tfr, the order RULES.md gives for brandubh. */
    size_t used = 0;
    buf[0] = '\0';
    put(buf, &used, "dim:%d ", rs->size);
    if (rs->escape == ESCAPE_EDGE) {
        put(buf, &used, "esc:e ");
    }
    if (!rs->encirclement) {
        put(buf, &used, "surf:n ");
    }
    if (rs->first == SIDE_DEFENDERS) {
        put(buf, &used, "atkf:n ");
    }
    static const char king_armed_letter[] = {[KING_ARMED_YES] = 'y',
                                             [KING_ARMED_NO] = 'n',
                                             [KING_ARMED_HAMMER] = 'h',
                                             [KING_ARMED_ANVIL] = 'a'};
    assert((unsigned)rs->king_armed < sizeof king_armed_letter);
    if (rs->king_armed != KING_ARMED_YES) {
        put(buf, &used, "ka:%c ", king_armed_letter[rs->king_armed]);
    }
    static const char king_capture_letter[] = {[KING_CAPTURE_CUSTODIAL] = 'w',
                                               [KING_CAPTURE_THRONE4_ADJ3] = 'c',
                                               [KING_CAPTURE_THRONE4_ADJ3_EDGE3] = 'c',
                                               [KING_CAPTURE_THRONE4_ELSEWHERE2] = 'c',
                                               [KING_CAPTURE_STRONG] = 's'};
    assert((unsigned)rs->king_capture < sizeof king_capture_letter);
    if (rs->king_capture != KING_CAPTURE_STRONG) {
        put(buf, &used, "ks:%c ", king_capture_letter[rs->king_capture]);
    }
    /* The notation spec's tfr has no value for Copenhagen's defenders_lose or hnefatafl.org's
     * defenders_no_repeat: no tfr is written for them (never one that means another rule),
     * and the warnings name repetition. */
    bool tfr_expressible = rs->repetition == END_RULE_LOSE || rs->repetition == END_RULE_DRAW ||
                           rs->repetition == END_RULE_IGNORE;
    if (tfr_expressible && rs->repetition != END_RULE_DRAW) {
        put(buf, &used, "tfr:%c ", rs->repetition == END_RULE_LOSE ? 'l' : 'i');
    }
    if (!rs->corners) {
        put(buf, &used, "cor: ");
    }
    if (!rs->throne) {
        put(buf, &used, "cen: ");
    }
    if (rs->throne_pass != THRONE_PASS_ALL) {
        put(buf, &used, "cenp:%s ", rs->throne_pass == THRONE_PASS_KING ? "K" : "");
    }
    if (rs->corner_hostile != CORNER_HOSTILE_ALL) {
        put(buf, &used, "corh:%s ",
            rs->corner_hostile == CORNER_HOSTILE_ATTACKERS   ? "t"
            : rs->corner_hostile == CORNER_HOSTILE_DEFENDERS ? "T"
                                                             : "");
    }
    if (rs->throne_hostile_attackers != THRONE_HOSTILE_ALWAYS) {
        put(buf, &used, "cenh: ");
    }
    /* cenhe holds t whenever the empty throne is hostile to attackers, "always" included, so
     * that brandubh's always/empty is OpenTafl's default pair (cenh t, cenhe tT). */
    bool cenhe_t = rs->throne_hostile_attackers != THRONE_HOSTILE_NEVER;
    bool cenhe_T = rs->throne_hostile_defenders != THRONE_HOSTILE_NEVER;
    if (!(cenhe_t && cenhe_T)) {
        put(buf, &used, "cenhe:%s%s ", cenhe_t ? "t" : "", cenhe_T ? "T" : "");
    }
    if (!rs->throne_reentry) {
        put(buf, &used, "cenre: ");
    }
    if (rs->shieldwall != SHIELDWALL_NO) {
        put(buf, &used, "sw:%c ", rs->shieldwall == SHIELDWALL_CORNERS ? 's' : 'w');
    }
    if (rs->edge_fort) {
        put(buf, &used, "efe:y ");
    }
    put(buf, &used, "start:%s", rs->start);

    if (warnings == NULL) {
        return;
    }
    /* Options without an OTN key whose value import would not give back (RULES.md 7). */
    struct {
        bool lost;
        const char *key;
    } const lost[] = {
        {rs->king_capture == KING_CAPTURE_THRONE4_ADJ3_EDGE3 ||
             rs->king_capture == KING_CAPTURE_THRONE4_ELSEWHERE2,
         "king_capture"},
        {!tfr_expressible, "repetition"},
        {rs->no_moves != END_RULE_LOSE, "no_moves"},
        {rs->draw_fort, "draw_fort"},
        {rs->max_plies != 0, "max_plies"},
        {rs->limit_result != LIMIT_RESULT_DRAW, "limit_result"},
    };
    warnings[0] = '\0';
    for (int i = 0; i < COUNT_OF(lost); i++) {
        if (lost[i].lost) {
            if (warnings[0] != '\0') {
                strcat(warnings, ", ");
            }
            strcat(warnings, lost[i].key);
        }
    }
}

const char *otn_rules_warning(const char *text)
{
    /* opentafl-notation-spec.txt (tfr) against GameState.checkVictoryInternal, which judges
     * after the turn has passed: agents/external.c, opentafl_tfr. */
    OtnEntries e;
    Error err = {{0}};
    memset(&e, 0, sizeof e);
    if (split_entries(text, &e, &err) != ST_OK || !e.seen[K_TFR] ||
        (e.val[K_TFR][0] != 'l' && e.val[K_TFR][0] != 'w')) {
        return NULL;
    }
    return "tfr:l is read as OpenTafl's notation spec defines it (the side whose move makes "
           "the third repetition loses), but OpenTafl's program plays tfr:l and tfr:w the other "
           "way round (under tfr:l its repeater wins)";
}

/* rs as a rules string reads back: the options OTN carries, the others at their defaults. False
 * only for a ruleset no rules string can hold (never a preset's or a parsed one). */
static bool otn_projection(const Ruleset *rs, char *text, int size)
{
    char otn[OTN_RULES_MAX];
    Ruleset back;
    otn_format_rules(rs, otn, NULL);
    if (otn_parse_rules(otn, &back, NULL) != ST_OK)
        return false;
    memset(back.name, 0, sizeof back.name);
    int n = ruleset_format(&back, text, size);
    return n > 0 && n < size;
}

const Ruleset *otn_rules_preset(const Ruleset *rs)
{
    char want[4096], have[4096];
    if (!otn_projection(rs, want, (int)sizeof want))
        return NULL;
    for (int i = 0; i < ruleset_preset_count(); i++) {
        const Ruleset *p = ruleset_preset_at(i);
        if (otn_projection(p, have, (int)sizeof have) && strcmp(want, have) == 0)
            return p;
    }
    return NULL;
}
