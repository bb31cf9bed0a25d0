/* Learned evaluations: the feature set (piece-square tables folded by the board's eight
 * symmetries, the king's move distance and reachable region by flood fill, corner patterns,
 * the hand-written evaluation as one input; set 2 adds the attackers' cordon), the logistic
 * model over it and its text file. */
#include "agents/evalmodel.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agents/eval.h"
#include "rules/movegen.h"
#include "rules/otn.h"

/* The layout of the weights. Counted features are one-hot buckets so that the model can learn
 * a value per count that is not a straight line (two open lines win, one only threatens). */
enum {
    F_BIAS = 0,
    F_STM,                    /* 1 when the attackers are to move */
    F_HAND,                   /* the hand-written evaluation / 100, attackers' view */
    F_KDIST,                  /* king's move distance to escape: 1..8, 9+, unreachable */
    F_KREGION = F_KDIST + 10, /* share of the board the king reaches by flood fill */
    F_KESC,                   /* escape squares in his region: 0..3, 4+ */
    F_KOPEN = F_KESC + 5,     /* open lines: 0, 1, 2+ */
    F_KTWO = F_KOPEN + 3,     /* open lines after one king move: 0..3, 4+ */
    F_KATT = F_KTWO + 5,      /* attackers (or hostile squares) beside the king: 0..4 */
    F_KTHREAT = F_KATT + 5,   /* squares where an arriving attacker captures him: 0..2, 3+ */
    F_CORNER = F_KTHREAT + 4, /* per corner: attackers beside it (0..2) x on its diagonal
                                 line of three (0..3), counted over the four corners */
    F_PST = F_CORNER + 12,    /* attacker, defender, king piece-square tables */
    /* Feature set 2 appends, after the tables (F_PST + 3 * pst_classes): */
    F_CORDON_ESC = 0,    /* escape squares inside the attackers' cordon: 0..3, 4+ */
    F_CORDON_REGION = 5, /* share of the board inside it */
    F_SET2_EXTRA = 6,
    /* Feature set 3 appends, after set 2's: */
    F_KFREE = F_SET2_EXTRA,     /* empty squares beside the king: 0..4 */
    F_OUTSIDE = F_KFREE + 5,    /* defenders (king included) joined to an edge past no attacker:
                                   0..4, 5+ */
    F_ENCLOSED = F_OUTSIDE + 6, /* share of the defenders (king included) enclosed */
    F_SET3_EXTRA = F_ENCLOSED + 1,
};

/* Set 1 ("tafl-lab-1") read a king sealed in by his own men as one sealed by the attackers:
 * trained on Copenhagen, where the king starts inside his men, it learned that a king with no
 * way out is good for the defenders (train-copenhagen, issue 23). Set 2 ("tafl-lab-2") adds
 * the cordon (movegen_king_flood), which only attackers close. Set 3 ("tafl-lab-3") adds what a
 * Copenhagen evaluation learned from human games lacked (results/train-copenhagen-recorded): how
 * many defenders the attackers' ring still leaves joined to an edge (the encirclement win) and
 * the king's free neighbours (a king that cannot move is captured or left without moves). */

static const char *const HASH_LINE_NAMES[] = {"bias", "attackers_to_move", "hand"};

static int half(const Rules *r)
{
    return (r->size + 1) / 2;
}

/* Squares per table: the classes (a, b) with a <= b < half, a square's distances to the
 * nearest edges along each axis, sorted: the eight symmetries of the square board map a
 * square only within its class. */
static int pst_classes(const Rules *r)
{
    int m = half(r);
    return m * (m + 1) / 2;
}

static int square_class(const Rules *r, int sq)
{
    int n = r->size, row = sq / n, col = sq % n;
    int a = row < n - 1 - row ? row : n - 1 - row;
    int b = col < n - 1 - col ? col : n - 1 - col;
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    /* Row a of the triangle starts after rows 0..a-1 of lengths m, m-1, ... */
    int m = half(r);
    return a * m - a * (a - 1) / 2 + (b - a);
}

int evalmodel_feature_count(const Rules *r, int set)
{
    return F_PST + 3 * pst_classes(r) + (set >= 3 ? F_SET3_EXTRA : set >= 2 ? F_SET2_EXTRA : 0);
}

void evalmodel_feature_name(const Rules *r, int i, char *buf, size_t size)
{
    if (i < F_KDIST) {
        snprintf(buf, size, "%s", HASH_LINE_NAMES[i]);
    } else if (i < F_KREGION) {
        int d = i - F_KDIST;
        if (d < 8)
            snprintf(buf, size, "king_dist_%d", d + 1);
        else
            snprintf(buf, size, "king_dist_%s", d == 8 ? "9plus" : "none");
    } else if (i == F_KREGION) {
        snprintf(buf, size, "king_region");
    } else if (i < F_KOPEN) {
        snprintf(buf, size, "king_region_escapes_%d", i - F_KESC);
    } else if (i < F_KTWO) {
        snprintf(buf, size, "king_open_lines_%d", i - F_KOPEN);
    } else if (i < F_KATT) {
        snprintf(buf, size, "king_two_move_%d", i - F_KTWO);
    } else if (i < F_KTHREAT) {
        snprintf(buf, size, "king_attackers_%d", i - F_KATT);
    } else if (i < F_CORNER) {
        snprintf(buf, size, "king_threats_%d", i - F_KTHREAT);
    } else if (i < F_PST) {
        int c = i - F_CORNER;
        snprintf(buf, size, "corner_beside_%d_diagonal_%d", c / 4, c % 4);
    } else if (i >= F_PST + 3 * pst_classes(r)) {
        int c = i - F_PST - 3 * pst_classes(r);
        if (c < F_CORDON_REGION)
            snprintf(buf, size, "cordon_escapes_%d", c - F_CORDON_ESC);
        else if (c == F_CORDON_REGION)
            snprintf(buf, size, "cordon_region");
        else if (c < F_OUTSIDE)
            snprintf(buf, size, "king_free_%d", c - F_KFREE);
        else if (c < F_ENCLOSED - 1)
            snprintf(buf, size, "defenders_outside_%d", c - F_OUTSIDE);
        else if (c == F_ENCLOSED - 1)
            snprintf(buf, size, "defenders_outside_5plus");
        else
            snprintf(buf, size, "defenders_enclosed");
    } else {
        static const char *const kinds[] = {"attacker", "defender", "king"};
        int p = pst_classes(r), k = (i - F_PST) / p, c = (i - F_PST) % p, m = half(r);
        int a = 0;
        while (c >= m - a) {
            c -= m - a;
            a++;
        }
        snprintf(buf, size, "%s_sq_%d_%d", kinds[k], a, a + c);
    }
}

const char *evalmodel_kind_name(EvalModelKind kind)
{
    static const char *const names[] = {"linear", "sided", "player", "net"};
    return names[kind];
}

int evalmodel_weight_count(const Rules *r, EvalModelKind kind, int set)
{
    return (kind == EVALMODEL_LINEAR || kind == EVALMODEL_NET ? 1 : 2) *
           evalmodel_feature_count(r, set);
}

int evalmodel_net_count(const Rules *r, int set, int hidden)
{
    return evalmodel_feature_count(r, set) + hidden * (EVALMODEL_NET_INPUTS(r->squares) + 2);
}

int evalmodel_net_input(const Rules *r, Piece piece, int sq)
{
    return piece == PIECE_EMPTY ? 3 * r->squares : (int)(piece - PIECE_ATTACKER) * r->squares + sq;
}

int evalmodel_net_active(const Rules *r, const GameState *s, uint16_t *idx)
{
    int n = 0;
    for (int i = 0; i < r->words; i++)
        for (uint64_t b = s->attackers[i]; b; b &= b - 1)
            idx[n++] =
                (uint16_t)evalmodel_net_input(r, PIECE_ATTACKER, i * 64 + __builtin_ctzll(b));
    for (int i = 0; i < r->words; i++)
        for (uint64_t b = s->defenders[i]; b; b &= b - 1)
            idx[n++] =
                (uint16_t)evalmodel_net_input(r, PIECE_DEFENDER, i * 64 + __builtin_ctzll(b));
    idx[n++] = (uint16_t)evalmodel_net_input(r, PIECE_KING, s->king);
    if (s->side == SIDE_ATTACKERS)
        idx[n++] = (uint16_t)evalmodel_net_input(r, PIECE_EMPTY, 0);
    return n;
}

/* The network's output for the hidden units' sums a[0..hidden). */
static double net_output(const EvalModel *m, const double *a)
{
    const double *out = m->w + m->count - m->hidden;
    double z = 0.0;
    for (int j = 0; j < m->hidden; j++)
        z += a[j] > 0.0 ? out[j] * a[j] : 0.0;
    return z;
}

/* Adds input `input`'s weights to the hidden units' sums. */
static inline void net_add(const EvalModel *m, int input, double *a)
{
    const double *col = m->w + m->net_at + m->hidden + (size_t)input * (size_t)m->hidden;
    for (int j = 0; j < m->hidden; j++)
        a[j] += col[j];
}

double evalmodel_net_logit(const EvalModel *m, const uint16_t *idx, int n)
{
    double a[EVALMODEL_MAX_HIDDEN];
    memcpy(a, m->w + m->net_at, (size_t)m->hidden * sizeof *a);
    for (int k = 0; k < n; k++)
        net_add(m, idx[k], a);
    return net_output(m, a);
}

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

void evalmodel_init_net(const Rules *r, int set, int hidden, const EvalModel *linear,
                        EvalModel *out)
{
    evalmodel_init_hand(r, EVALMODEL_LINEAR, set, out);
    if (linear)
        memcpy(out->w, linear->w, (size_t)out->count * sizeof *out->w);
    out->kind = EVALMODEL_NET;
    out->hidden = hidden;
    out->net_at = out->count;
    out->count = evalmodel_net_count(r, set, hidden);
}

int evalmodel_weight_offset(const EvalModel *m, const EvalFeatures *f, Side player)
{
    bool second = m->kind == EVALMODEL_SIDED    ? !f->attackers_to_move
                  : m->kind == EVALMODEL_PLAYER ? player == SIDE_DEFENDERS
                                                : false;
    return second ? m->count / 2 : 0;
}

void evalmodel_weight_name(const Rules *r, EvalModelKind kind, int set, int i, char *buf,
                           size_t size)
{
    if (kind == EVALMODEL_LINEAR) {
        evalmodel_feature_name(r, i, buf, size);
        return;
    }
    int n = evalmodel_feature_count(r, set);
    char name[64];
    evalmodel_feature_name(r, i % n, name, sizeof name);
    const char *prefix =
        kind == EVALMODEL_SIDED ? (i < n ? "atm" : "dtm") : (i < n ? "attacking" : "defending");
    snprintf(buf, size, "%s.%s", prefix, name);
}

void evalmodel_init_hand(const Rules *r, EvalModelKind kind, int set, EvalModel *m)
{
    if (kind == EVALMODEL_NET) {
        evalmodel_init_net(r, set, EVALMODEL_DEFAULT_HIDDEN, NULL, m);
        return;
    }
    memset(m, 0, sizeof *m);
    snprintf(m->ruleset, sizeof m->ruleset, "%s", r->opt.name);
    m->rules_hash = evalmodel_rules_hash(r);
    m->kind = kind;
    m->features = set;
    m->count = evalmodel_weight_count(r, kind, set);
    /* UNITS * w * hand / 100 = hand, in each weight set. */
    m->w[F_HAND] = 100.0 / EVALMODEL_UNITS;
    if (kind != EVALMODEL_LINEAR)
        m->w[m->count / 2 + F_HAND] = 100.0 / EVALMODEL_UNITS;
}

void evalmodel_half(const EvalModel *m, Side side, EvalModel *out)
{
    assert(m->kind == EVALMODEL_PLAYER);
    *out = *m;
    out->kind = EVALMODEL_LINEAR;
    out->count = m->count / 2;
    memset(out->w, 0, sizeof out->w);
    memcpy(out->w, m->w + (side == SIDE_DEFENDERS ? out->count : 0),
           (size_t)out->count * sizeof *out->w);
}

Status evalmodel_join(const Rules *r, const EvalModel *attacking, const EvalModel *defending,
                      EvalModel *out, Error *err)
{
    const EvalModel *halves[2] = {attacking, defending};
    static const char *const side_names[2] = {"attacking", "defending"};
    int set = attacking ? attacking->features : defending ? defending->features : 2;
    EvalModel taken[2];
    for (int h = 0; h < 2; h++) {
        if (halves[h] && halves[h]->kind == EVALMODEL_PLAYER) {
            /* A player model gives the half of the same side. */
            evalmodel_half(halves[h], h == 0 ? SIDE_ATTACKERS : SIDE_DEFENDERS, &taken[h]);
            halves[h] = &taken[h];
        }
        if (halves[h] && halves[h]->kind != EVALMODEL_LINEAR) {
            error_set(err,
                      "the %s half must be a linear model (model linear) or a player one, not a "
                      "%s one",
                      side_names[h], evalmodel_kind_name(halves[h]->kind));
            return ST_EINVAL;
        }
        if (halves[h] && halves[h]->features != set) {
            error_set(err,
                      "the halves are of two feature sets (attacking tafl-lab-%d, defending "
                      "tafl-lab-%d): a player model reads one",
                      set, halves[h]->features);
            return ST_EINVAL;
        }
        if (halves[h] && halves[h]->rules_hash != evalmodel_rules_hash(r)) {
            error_set(err, "the %s half was trained for %s, not for %s", side_names[h],
                      halves[h]->ruleset, r->opt.name);
            return ST_EINVAL;
        }
    }
    evalmodel_init_hand(r, EVALMODEL_PLAYER, set, out);
    int n = out->count / 2;
    for (int h = 0; h < 2; h++)
        if (halves[h])
            memcpy(out->w + h * n, halves[h]->w, (size_t)n * sizeof *out->w);
    return ST_OK;
}

static inline bool bit_test(const uint64_t *bits, int sq)
{
    return (bits[sq >> 6] >> (sq & 63)) & 1;
}

/* Per corner (corner escape only): attackers on the two squares beside it, and on the three
 * squares of the diagonal line two steps out, the blockade every human attacker builds. */
static void corner_patterns(const Rules *r, const GameState *s, double *out)
{
    if (r->opt.escape != ESCAPE_CORNER)
        return;
    int n = r->size;
    const int rows[4] = {0, 0, n - 1, n - 1}, cols[4] = {0, n - 1, 0, n - 1};
    for (int c = 0; c < 4; c++) {
        int dr = rows[c] == 0 ? 1 : -1, dc = cols[c] == 0 ? 1 : -1;
#define AT(i, j) bit_test(s->attackers, (rows[c] + (i)*dr) * n + cols[c] + (j)*dc)
        int beside = AT(0, 1) + AT(1, 0);
        int diagonal = AT(0, 2) + AT(1, 1) + AT(2, 0);
#undef AT
        out[beside * 4 + diagonal] += 1.0;
    }
}

static inline bool occupied(const GameState *s, int sq)
{
    return bit_test(s->attackers, sq) || bit_test(s->defenders, sq) || sq == s->king;
}

/* Set 3: the king's empty neighbours (0..4), and the defenders (king included) that reach an
 * edge by steps between neighbours over squares no attacker holds (the ring that the
 * encirclement rule asks for leaves none), with their share enclosed. */
static void ring_features(const Rules *r, const GameState *s, double *out)
{
    int n = r->size, row = s->king / n, col = s->king % n, free_sides = 0;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int i = row + dr[d], j = col + dc[d];
        free_sides += i >= 0 && i < n && j >= 0 && j < n && !occupied(s, i * n + j);
    }
    out[F_KFREE + free_sides] = 1.0;
    int outside = movegen_edge_defenders(r, s), total = 0;
    for (int i = 0; i < r->words; i++)
        total += __builtin_popcountll(s->defenders[i]);
    total += 1; /* the king */
    out[F_OUTSIDE + (outside > 5 ? 5 : outside)] = 1.0;
    out[F_ENCLOSED] = (double)(total - outside) / total;
}

void evalmodel_features(const Rules *r, const GameState *s, EvalFeatures *f)
{
    evalmodel_features_of_set(r, s, EVALMODEL_FEATURES, f);
}

void evalmodel_features_of_set(const Rules *r, const GameState *s, int set, EvalFeatures *f)
{
    double dense[EVALMODEL_MAX_FEATURES] = {0};
    EvalWeights hand;
    double defaults[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        defaults[i] = EVAL_PARAMS[i].def;
    eval_weights_from(defaults, &hand);
    EvalCounts c;
    eval_counts(r, s, &c);
    bool att = s->side == SIDE_ATTACKERS;
    f->attackers_to_move = att;
    dense[F_BIAS] = 1.0;
    dense[F_STM] = att ? 1.0 : 0.0;
    dense[F_HAND] = eval_weigh(&c, &hand) / 100.0;

    KingFlood k = movegen_king_flood(r, s);
    dense[F_KDIST + (k.distance < 0 ? 9 : k.distance > 8 ? 8 : k.distance - 1)] = 1.0;
    dense[F_KREGION] = (double)k.region / r->squares;
    dense[F_KESC + (k.escapes > 4 ? 4 : k.escapes)] = 1.0;
    dense[F_KOPEN + (c.open_lines > 2 ? 2 : c.open_lines)] = 1.0;
    dense[F_KTWO + (c.two_move > 4 ? 4 : c.two_move)] = 1.0;
    dense[F_KATT + (c.king_attackers > 4 ? 4 : c.king_attackers)] = 1.0;
    int threats = c.threats;
    dense[F_KTHREAT + (threats > 3 ? 3 : threats)] = 1.0;
    corner_patterns(r, s, &dense[F_CORNER]);

    int p = pst_classes(r);
    for (int i = 0; i < r->words; i++) {
        for (uint64_t b = s->attackers[i]; b; b &= b - 1)
            dense[F_PST + square_class(r, i * 64 + __builtin_ctzll(b))] += 1.0;
        for (uint64_t b = s->defenders[i]; b; b &= b - 1)
            dense[F_PST + p + square_class(r, i * 64 + __builtin_ctzll(b))] += 1.0;
    }
    dense[F_PST + 2 * p + square_class(r, s->king)] = 1.0;
    double *cordon = &dense[F_PST + 3 * p];
    cordon[F_CORDON_ESC + (k.cordon_escapes > 4 ? 4 : k.cordon_escapes)] = 1.0;
    cordon[F_CORDON_REGION] = (double)k.cordon_region / r->squares;
    if (set >= 3)
        ring_features(r, s, cordon);

    int count = evalmodel_feature_count(r, set);
    f->count = 0;
    for (int i = 0; i < count; i++) {
        if (dense[i] != 0.0) {
            f->index[f->count] = (uint16_t)i;
            f->value[f->count] = dense[i];
            f->count++;
        }
    }
}

double evalmodel_logit(const EvalModel *m, const EvalFeatures *f, Side player)
{
    const double *w = m->w + evalmodel_weight_offset(m, f, player);
    /* The features past the model's set (a set 1 model reading set 2's) have no weight: the
     * indices ascend, so they end the list. */
    int in_set = m->kind == EVALMODEL_LINEAR ? m->count
                 : m->kind == EVALMODEL_NET  ? m->net_at
                                             : m->count / 2;
    double z = 0.0;
    for (int i = 0; i < f->count && f->index[i] < in_set; i++)
        z += w[f->index[i]] * f->value[i];
    return z;
}

double evalmodel_evaluate(const Rules *r, const GameState *s, const EvalModel *m, Side player)
{
    EvalFeatures f;
    evalmodel_features_of_set(r, s, m->features, &f);
    double z = evalmodel_logit(m, &f, player);
    if (m->kind == EVALMODEL_NET) {
        uint16_t idx[EVALMODEL_NET_ACTIVE_MAX];
        z += evalmodel_net_logit(m, idx, evalmodel_net_active(r, s, idx));
    }
    double v = EVALMODEL_UNITS * z;
    return s->side == SIDE_ATTACKERS ? v : -v;
}

uint64_t evalmodel_text_hash(const char *text, size_t len)
{
    /* FNV-1a, 64 bits (Fowler, Noll, Vo; offset basis and prime from the IETF draft). */
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)text[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t evalmodel_rules_hash(const Rules *r)
{
    Ruleset rs = r->opt;
    memset(rs.name, 0, sizeof rs.name);
    rs.max_plies = 0;                    /* a game cap does not change what a position is worth */
    rs.limit_result = LIMIT_RESULT_DRAW; /* nor who gets the cap */
    char buf[4096];
    int n = ruleset_format(&rs, buf, sizeof buf);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    return evalmodel_text_hash(buf, (size_t)n);
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

Status evalmodel_parse(const char *text, size_t len, const char *source, const Rules *r,
                       EvalModel *out, Error *err)
{
    memset(out, 0, sizeof *out);
    char line[256], want[160];
    size_t pos = 0;
    int lineno = 0, version = 1, count = evalmodel_feature_count(r, 1);
    bool too_long;
    for (int step = 0;; step++) {
        /* Every line ends with a newline, so a last line without one was cut short. */
        bool cut = pos < len && !memchr(text + pos, '\n', len - pos);
        if (cut || !next_line(text, len, &pos, line, sizeof line, &too_long)) {
            error_set(err, "%s:%d: the file ends early (truncated?): want %s", source, lineno + 1,
                      step < 6           ? "the header"
                      : step < 6 + count ? "a weight"
                                         : "'end'");
            return ST_EPARSE;
        }
        lineno++;
        if (too_long) {
            error_set(err, "%s:%d: line too long", source, lineno);
            return ST_EPARSE;
        }
        char name[128], value[128], extra[2];
        int fields = sscanf(line, "%127s %127s %1s", name, value, extra);
        if (step == 6 + count) {
            if (strcmp(line, "end") != 0) {
                error_set(err, "%s:%d: want 'end' after the %d weights, found '%.60s'", source,
                          lineno, count, line);
                return ST_EPARSE;
            }
            if (pos < len) {
                error_set(err, "%s:%d: text after 'end'", source, lineno + 1);
                return ST_EPARSE;
            }
            return ST_OK;
        }
        if (fields != 2 && !(step == 4 && fields == 3)) {
            error_set(err, "%s:%d: want 'KEY VALUE', found '%.60s'", source, lineno, line);
            return ST_EPARSE;
        }
        switch (step) {
        case 0:
            if (strcmp(name, "tafl-eval") != 0 ||
                (strcmp(value, "1") != 0 && strcmp(value, "2") != 0 && strcmp(value, "3") != 0 &&
                 strcmp(value, "4") != 0)) {
                error_set(
                    err,
                    "%s:%d: not a tafl-eval 1, 2, 3 or 4 file (first line '%.60s'; this build "
                    "reads versions 1 to %d)",
                    source, lineno, line, EVALMODEL_VERSION);
                return ST_EPARSE;
            }
            version = value[0] - '0';
            continue;
        case 1:
            if (strcmp(name, "ruleset") != 0 || strlen(value) >= sizeof out->ruleset) {
                error_set(err, "%s:%d: want 'ruleset NAME'", source, lineno);
                return ST_EPARSE;
            }
            snprintf(out->ruleset, sizeof out->ruleset, "%s", value);
            continue;
        case 2: {
            char *end;
            errno = 0;
            unsigned long long h = strtoull(value, &end, 16);
            if (strcmp(name, "rules_hash") != 0 || errno || *end || strlen(value) != 16) {
                error_set(err, "%s:%d: want 'rules_hash' and 16 hex digits", source, lineno);
                return ST_EPARSE;
            }
            out->rules_hash = h;
            uint64_t mine = evalmodel_rules_hash(r);
            if (h != mine) {
                error_set(err,
                          "%s:%d: trained for ruleset %s (rules hash %016llx), not for %s "
                          "(rules hash %016" PRIx64 ")",
                          source, lineno, out->ruleset, h, r->opt.name, mine);
                return ST_EINVAL;
            }
            continue;
        }
        case 3:
            if (strcmp(name, "model") == 0 && strcmp(value, "linear") == 0) {
                out->kind = EVALMODEL_LINEAR;
            } else if (strcmp(name, "model") == 0 && strcmp(value, "sided") == 0 && version >= 2) {
                out->kind = EVALMODEL_SIDED;
            } else if (strcmp(name, "model") == 0 && strcmp(value, "player") == 0 && version >= 3) {
                out->kind = EVALMODEL_PLAYER;
            } else if (strcmp(name, "model") == 0 && strcmp(value, "net") == 0 && version >= 4) {
                out->kind = EVALMODEL_NET;
            } else {
                error_set(err, "%s:%d: want 'model linear'%s", source, lineno,
                          version >= 4   ? ", 'model sided', 'model player' or 'model net'"
                          : version == 3 ? ", 'model sided' or 'model player' ('net' is version 4)"
                          : version == 2 ? " or 'model sided' ('player' is version 3)"
                                         : " (the only model of version 1; 'sided' is version 2, "
                                           "'player' version 3, 'net' version 4)");
                return ST_EPARSE;
            }
            continue;
        case 4: {
            int n = 0, set = 0;
            if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-1") == 0)
                set = 1;
            else if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-2") == 0)
                set = 2;
            else if (strcmp(name, "features") == 0 && strcmp(value, "tafl-lab-3") == 0)
                set = 3;
            count = evalmodel_weight_count(r, out->kind, set ? set : 1);
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
                              source, lineno, set, r->size, r->size, count, per_unit,
                              EVALMODEL_MAX_HIDDEN, n);
                    return ST_EPARSE;
                }
                out->hidden = hidden;
                out->net_at = count;
                count = n;
            }
            if (!counted || n != count) {
                error_set(err,
                          "%s:%d: want 'features tafl-lab-1 %d', 'features tafl-lab-2 %d' or "
                          "'features tafl-lab-3 %d' for a %s model on a %dx%d board",
                          source, lineno, evalmodel_weight_count(r, out->kind, 1),
                          evalmodel_weight_count(r, out->kind, 2),
                          evalmodel_weight_count(r, out->kind, 3), evalmodel_kind_name(out->kind),
                          r->size, r->size);
                return ST_EPARSE;
            }
            out->features = set;
            out->count = count;
            continue;
        }
        }
        if (step == 5) {
            if (strcmp(name, "units") != 0 || strtod(value, NULL) != EVALMODEL_UNITS) {
                error_set(err, "%s:%d: want 'units %g'", source, lineno, EVALMODEL_UNITS);
                return ST_EPARSE;
            }
            continue;
        }
        int i = step - 6;
        if (out->kind == EVALMODEL_NET)
            net_weight_name(r, out->features, out->net_at, out->hidden, i, want, sizeof want);
        else
            evalmodel_weight_name(r, out->kind, out->features, i, want, sizeof want);
        if (strcmp(name, want) != 0) {
            error_set(err, "%s:%d: want weight '%s', found '%.60s'", source, lineno, want, name);
            return ST_EPARSE;
        }
        char *end;
        errno = 0;
        double v = strtod(value, &end);
        if (errno || end == value || *end || !isfinite(v) || fabs(v) > 1e6) {
            error_set(err, "%s:%d: %s: '%.60s' is not a finite number within 1e6", source, lineno,
                      name, value);
            return ST_EPARSE;
        }
        out->w[i] = v;
    }
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

/* Reads a whole file; NULL with errno set on failure. Caller frees. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* A directory opens for reading but gives no text: say what it is. */
    struct stat info;
    if (fstat(fileno(f), &info) == 0 && S_ISDIR(info.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n == cap) {
            if (cap >= (size_t)1 << 24) { /* no evaluation file is this large */
                fclose(f);
                free(buf);
                errno = EFBIG;
                return NULL;
            }
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    *len = n;
    return buf;
}

/* Splits an eval= value "NAME@HASH" (HASH 16 hex digits, as evalmodel_resolve records it):
 * NAME into name (size bytes) and true with the hash in *pin; any other value is NAME whole,
 * and false. */
static bool split_pinned(const char *value, char *name, size_t size, uint64_t *pin)
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

Status evalmodel_resolve(const char *value, const Rules *r, EvalModel **out, char **canonical,
                         Error *err)
{
    *out = NULL;
    *canonical = NULL;
    if (strcmp(value, "hand") == 0) {
        *canonical = dup_text("hand");
        return ST_OK;
    }
    /* "NAME@HASH": a recorded value; NAME alone: take what is there now. */
    char name[1024];
    uint64_t pin = 0;
    bool pinned = split_pinned(value, name, sizeof name, &pin);
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
                      "eval=trained: no evaluation ships for ruleset %s (shipped: %s); train one "
                      "with `tafl train` and give eval=FILE",
                      r->opt.name, names);
            return ST_EINVAL;
        }
    } else {
        text = read_file(name, &len);
        if (!text) {
            error_set(err, "eval=%s: cannot read: %s", name, strerror(errno));
            return ST_EIO;
        }
        snprintf(source, sizeof source, "%s", name);
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
    Status st = evalmodel_parse(text, len, source, r, m, err);
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
    split_pinned(value, name, sizeof name, &pin);
    if (!evalmodel_names_file(name))
        return ST_OK;
    size_t len;
    char *text = read_file(name, &len);
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

bool evalmodel_spec_file_hash(const char *spec, uint64_t *hash)
{
    const char *p = strstr(spec, ":eval=");
    if (!p)
        p = strstr(spec, ",eval=");
    if (!p)
        return false;
    p += strlen(":eval=");
    char value[1024], name[1024];
    size_t n = strcspn(p, ",");
    if (n >= sizeof value)
        return false;
    memcpy(value, p, n);
    value[n] = '\0';
    /* The file the agent reads: a recorded @HASH is 16 hex digits, as evalmodel_resolve reads
     * it; any other "@" belongs to the file's name. */
    uint64_t pin;
    split_pinned(value, name, sizeof name, &pin);
    if (!evalmodel_names_file(name))
        return false;
    size_t len;
    char *text = read_file(name, &len);
    if (!text)
        return false;
    *hash = evalmodel_text_hash(text, len);
    free(text);
    return true;
}
