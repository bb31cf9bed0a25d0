/* The features of learned evaluations: piece-square tables folded by the board's eight
 * symmetries, the king's move distance and reachable region by flood fill, corner patterns,
 * the hand-written evaluation as one input; set 2 adds the attackers' cordon, set 3 the ring. */
#include "agents/evalfeatures.h"

#include <stdio.h>

#include "agents/eval.h"
#include "rules/movegen.h"

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

_Static_assert(F_HAND == EVALMODEL_FEATURE_HAND, "the hand feature's index is public");

/* Set 1 ("tafl-lab-1") read a king sealed in by his own men as one sealed by the attackers:
 * trained on Copenhagen, where the king starts inside his men, it learned that a king with no
 * way out is good for the defenders (train-copenhagen). Set 2 ("tafl-lab-2") adds
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