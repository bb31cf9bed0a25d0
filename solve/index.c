/* Position indexing for retrograde analysis: placements of a material class ranked by the
 * combinatorial number system (Knuth, TAOCP vol. 4A, section 7.2.1.3, eq. (20): the k-subset
 * c_1 < c_2 < ... < c_k of {0..n-1} has rank C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)). */
#include "solve/index.h"

#include <assert.h>
#include <string.h>

static bool test_bit(const uint64_t *board, int sq)
{
    return (board[sq >> 6] >> (sq & 63)) & 1;
}

bool solve_index_init(const Rules *r, SolveGeometry *g)
{
    memset(g, 0, sizeof *g);
    if (r->squares > SOLVE_INDEX_MAX_SQUARES)
        return false;
    g->squares = r->squares;
    for (int sq = 0; sq < r->squares; sq++) {
        bool corner = test_bit(r->corner, sq);
        /* Only the king may stop on a restricted square (RULES.md section 2). */
        bool restricted = (r->opt.corners && corner) || test_bit(r->throne_bit, sq);
        g->free_index[sq] = -1;
        if (!restricted) {
            g->free_index[sq] = (int8_t)g->free_count;
            g->free_sq[g->free_count++] = (uint8_t)sq;
        }
        g->king_ok[sq] = r->opt.escape == ESCAPE_CORNER ? !corner : !test_bit(r->edge, sq);
    }
    /* Pascal's rule; C(n, k) for n <= 64 fits in 64 bits (C(64, 32) < 1.9e18). */
    for (int n = 0; n <= SOLVE_INDEX_MAX_SQUARES; n++) {
        g->binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            g->binom[n][k] = g->binom[n - 1][k - 1] + (k < n ? g->binom[n - 1][k] : 0);
    }
    return true;
}

/* The soldiers' squares left beside a king on sq. */
static int avail_count(const SolveGeometry *g, int king)
{
    return g->free_count - (g->free_index[king] >= 0);
}

/* C(n, d) * C(n - d, a) * 2 placements for one king square; 0 when they do not fit or the
 * product passes 2^62. */
static uint64_t king_square_size(const SolveGeometry *g, int n, int a, int d)
{
    if (d + a > n)
        return 0;
    uint64_t x = g->binom[n][d], y = g->binom[n - d][a];
    if (y != 0 && x > (UINT64_C(1) << 61) / y)
        return 0;
    return x * y * 2;
}

bool solve_index_class(const SolveGeometry *g, int a, int d, SolveClass *c)
{
    memset(c, 0, sizeof *c);
    c->attackers = a;
    c->defenders = d;
    uint64_t total = 0;
    for (int sq = 0; sq < g->squares; sq++) {
        c->king_offset[sq] = total;
        if (!g->king_ok[sq])
            continue;
        uint64_t n = king_square_size(g, avail_count(g, sq), a, d);
        if (n == 0 || total > (UINT64_C(1) << 62) - n)
            return false;
        total += n;
    }
    c->size = total;
    return total > 0;
}

uint64_t solve_index_rank(const SolveGeometry *g, const SolveClass *c, const GameState *s)
{
    const int king = s->king, fk = g->free_index[king];
    const uint64_t att = s->attackers[0], def = s->defenders[0];
    uint64_t rank_d = 0, rank_a = 0;
    int nd = 0, na = 0, j = 0, j2 = 0; /* j: index among the free squares but the king's; j2:
                                          among those without a defender */
    assert(g->king_ok[king]);
    for (int f = 0; f < g->free_count; f++) {
        if (f == fk)
            continue;
        int sq = g->free_sq[f];
        if ((def >> sq) & 1) {
            nd++;
            rank_d += g->binom[j][nd];
        } else {
            if ((att >> sq) & 1) {
                na++;
                rank_a += g->binom[j2][na];
            }
            j2++;
        }
        j++;
    }
    assert(nd == c->defenders && na == c->attackers);
    int n = avail_count(g, king);
    return c->king_offset[king] + (rank_d * g->binom[n - c->defenders][c->attackers] + rank_a) * 2 +
           (uint64_t)s->side;
}

/* The k-subset of rank r, as a bit mask over 0..n-1: greedy from the largest element. */
static uint64_t unrank_subset(const SolveGeometry *g, int n, int k, uint64_t r)
{
    uint64_t mask = 0;
    int c = n - 1;
    for (int i = k; i >= 1; i--) {
        while (g->binom[c][i] > r)
            c--;
        mask |= UINT64_C(1) << c;
        r -= g->binom[c][i];
        c--;
    }
    return mask;
}

void solve_index_unrank(const Rules *r, const SolveGeometry *g, const SolveClass *c, uint64_t i,
                        GameState *s)
{
    assert(i < c->size);
    int king = -1;
    for (int sq = 0; sq < g->squares; sq++)
        if (g->king_ok[sq] && c->king_offset[sq] <= i)
            king = sq;
    assert(king >= 0);
    uint64_t rest = i - c->king_offset[king];
    const int n = avail_count(g, king), fk = g->free_index[king];
    const uint64_t per_d = g->binom[n - c->defenders][c->attackers];
    int side = (int)(rest & 1);
    rest >>= 1;
    uint64_t dmask = unrank_subset(g, n, c->defenders, rest / per_d);
    uint64_t amask = unrank_subset(g, n - c->defenders, c->attackers, rest % per_d);

    memset(s, 0, sizeof *s);
    int j = 0, j2 = 0;
    for (int f = 0; f < g->free_count; f++) {
        if (f == fk)
            continue;
        int sq = g->free_sq[f];
        if ((dmask >> j) & 1) {
            s->defenders[0] |= UINT64_C(1) << sq;
        } else {
            if ((amask >> j2) & 1)
                s->attackers[0] |= UINT64_C(1) << sq;
            j2++;
        }
        j++;
    }
    s->king = (uint16_t)king;
    s->side = (uint8_t)side;
    state_refresh(r, s);
}
