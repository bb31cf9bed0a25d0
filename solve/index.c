/* Position indexing for retrograde analysis: placements of a material class ranked by the
 * combinatorial number system (Knuth, TAOCP vol. 4A, section 7.2.1.3, eq. (20): the k-subset
 * c_1 < c_2 < ... < c_k of {0..n-1} has rank C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)), after
 * the board's symmetries are folded by the king's square as chess endgame tables fold them
 * (Thompson, "Retrograde analysis of certain endgames", ICCA Journal 9(3), 1986: the king
 * confined to one eighth of the board). */
#include "solve/index.h"

#include <assert.h>
#include <string.h>

static bool test_bit(const uint64_t *board, int sq)
{
    return (board[sq >> 6] >> (sq & 63)) & 1;
}

/* The symmetry tables of g. Were a symmetry to move a special square onto an ordinary one
 * (no board does today: the throne is the centre, the corners and edges are the ring's), every
 * symmetry is taken as the identity: no fold, never a wrong one. */
static void init_symmetries(const Rules *r, SolveGeometry *g)
{
    bool symmetric = true;
    for (int t = 0; t < SOLVE_SYMMETRIES; t++)
        for (int sq = 0; sq < g->squares; sq++) {
            int im = ruleset_square_image(r->size, t, sq);
            g->image[t][sq] = (uint8_t)im;
            symmetric = symmetric && test_bit(r->corner, sq) == test_bit(r->corner, im) &&
                        test_bit(r->edge, sq) == test_bit(r->edge, im) &&
                        test_bit(r->throne_bit, sq) == test_bit(r->throne_bit, im);
        }
    for (int t = 0; !symmetric && t < SOLVE_SYMMETRIES; t++)
        for (int sq = 0; sq < g->squares; sq++)
            g->image[t][sq] = (uint8_t)sq;
    for (int sq = 0; sq < g->squares; sq++) {
        int least = sq, to = 0;
        for (int t = 0; t < SOLVE_SYMMETRIES; t++) {
            if (g->image[t][sq] < least) {
                least = g->image[t][sq];
                to = t;
            }
            if (g->image[t][sq] == sq)
                g->fixers[sq] |= (uint8_t)(1u << t);
        }
        g->to_home[sq] = (uint8_t)to;
        g->king_home[sq] = g->king_ok[sq] && least == sq;
    }
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
    init_symmetries(r, g);
    return true;
}

/* A position's men and king as squares of one word. */
typedef struct {
    uint64_t attackers, defenders;
    int king;
} Placement;

static uint64_t map_mask(const SolveGeometry *g, int t, uint64_t mask)
{
    uint64_t out = 0;
    while (mask) {
        int sq = __builtin_ctzll(mask);
        mask &= mask - 1;
        out |= UINT64_C(1) << g->image[t][sq];
    }
    return out;
}

static Placement map_placement(const SolveGeometry *g, int t, Placement p)
{
    return (Placement){map_mask(g, t, p.attackers), map_mask(g, t, p.defenders),
                       g->image[t][p.king]};
}

/* The canonical image of s: the king moved to his orbit's least square, then the least
 * (defenders, attackers) among the images the symmetries fixing that square give. */
static Placement canonical(const SolveGeometry *g, const GameState *s)
{
    Placement p = map_placement(g, g->to_home[s->king],
                                (Placement){s->attackers[0], s->defenders[0], s->king});
    unsigned others = g->fixers[p.king] & ~1u;
    Placement best = p;
    while (others) {
        int t = __builtin_ctz(others);
        others &= others - 1;
        Placement q = map_placement(g, t, p);
        if (q.defenders < best.defenders ||
            (q.defenders == best.defenders && q.attackers < best.attackers))
            best = q;
    }
    return best;
}

int solve_index_orbit(const SolveGeometry *g, const GameState *s)
{
    /* orbit-stabiliser: 8 images over the symmetries that leave the position as it is */
    Placement p = {s->attackers[0], s->defenders[0], s->king};
    int fixed = 0;
    for (int t = 0; t < SOLVE_SYMMETRIES; t++) {
        if (!((g->fixers[p.king] >> t) & 1))
            continue;
        Placement q = map_placement(g, t, p);
        fixed += q.attackers == p.attackers && q.defenders == p.defenders;
    }
    return SOLVE_SYMMETRIES / fixed;
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
        if (!g->king_home[sq])
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
    assert(g->king_ok[s->king]);
    const Placement p = canonical(g, s);
    const int king = p.king, fk = g->free_index[king];
    const uint64_t att = p.attackers, def = p.defenders;
    uint64_t rank_d = 0, rank_a = 0;
    int nd = 0, na = 0, j = 0, j2 = 0; /* j: index among the free squares but the king's; j2:
                                          among those without a defender */
    assert(g->king_home[king]);
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
        if (g->king_home[sq] && c->king_offset[sq] <= i)
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
