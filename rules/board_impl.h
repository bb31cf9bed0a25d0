/* Bitboard move generation and flood fill, written once for a board of NW 64-bit words.
 * Included by rules/movegen.c once per word count with NW and SUFFIX defined; never on its own.
 * Fixed word counts let the compiler unroll every loop, so 7x7 runs on one machine word.
 *
 * Moves are found with occluded fills (the technique of chess bitboard engines, e.g. the
 * Kogge-Stone / dumb7fill family on the Chess Programming Wiki): shift every piece of a side one
 * step at a time through passable empty squares, so all pieces' rays in one direction advance
 * together. Rays of different pieces in one direction never overlap, so destinations can be
 * counted with popcounts and never listed. */

#ifndef NW
#error "define NW (words) and SUFFIX before including rules/board_impl.h"
#endif

#define BI_CAT2(a, b) a##b
#define BI_CAT(a, b)  BI_CAT2(a, b)
#define BI(name)      BI_CAT(name, SUFFIX)

typedef struct {
    uint64_t w[NW];
} BI(Bits);

typedef BI(Bits) BI(BB);

static inline BI(BB) BI(bb_load)(const uint64_t *src)
{
    BI(BB) b;
    for (int i = 0; i < NW; i++)
        b.w[i] = src[i];
    return b;
}

static inline BI(BB) BI(bb_and)(BI(BB) a, BI(BB) b)
{
    for (int i = 0; i < NW; i++)
        a.w[i] &= b.w[i];
    return a;
}

static inline BI(BB) BI(bb_or)(BI(BB) a, BI(BB) b)
{
    for (int i = 0; i < NW; i++)
        a.w[i] |= b.w[i];
    return a;
}

static inline BI(BB) BI(bb_andnot)(BI(BB) a, BI(BB) b)
{
    for (int i = 0; i < NW; i++)
        a.w[i] &= ~b.w[i];
    return a;
}

static inline bool BI(bb_any)(BI(BB) a)
{
    uint64_t x = 0;
    for (int i = 0; i < NW; i++)
        x |= a.w[i];
    return x != 0;
}

static inline bool BI(bb_equal)(BI(BB) a, BI(BB) b)
{
    uint64_t x = 0;
    for (int i = 0; i < NW; i++)
        x |= a.w[i] ^ b.w[i];
    return x == 0;
}

static inline int BI(bb_popcount)(BI(BB) a)
{
    int n = 0;
    for (int i = 0; i < NW; i++)
        n += bits_popcount(a.w[i]);
    return n;
}

/* Shift toward higher square indices by k (0 < k < 64). */
static inline BI(BB) BI(bb_shl)(BI(BB) a, int k)
{
    BI(BB) r;
    for (int i = NW - 1; i > 0; i--)
        r.w[i] = (a.w[i] << k) | (a.w[i - 1] >> (64 - k));
    r.w[0] = a.w[0] << k;
    return r;
}

/* Shift toward lower square indices by k (0 < k < 64). */
static inline BI(BB) BI(bb_shr)(BI(BB) a, int k)
{
    BI(BB) r;
    for (int i = 0; i < NW - 1; i++)
        r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[NW - 1] = a.w[NW - 1] >> k;
    return r;
}

/* The board's constant masks, loaded once per call from Rules. */
typedef struct {
    BI(BB) board, not_first_file, not_last_file, throne, corner, edge;
    int size;
} BI(Geometry);

static inline BI(Geometry) BI(geometry)(const Rules *r)
{
    BI(Geometry) g;
    g.board = BI(bb_load)(r->board);
    g.not_first_file = BI(bb_load)(r->not_first_file);
    g.not_last_file = BI(bb_load)(r->not_last_file);
    g.throne = BI(bb_load)(r->throne_bit);
    g.corner = BI(bb_load)(r->corner);
    g.edge = BI(bb_load)(r->edge);
    g.size = r->size;
    return g;
}

/* One step in direction d. Bits shifted past the last square or wrapped across a file edge are
 * dropped by the masks the callers apply (south) or here (west, east). */
static inline BI(BB) BI(bb_step)(const BI(Geometry) * g, BI(BB) a, int d)
{
    switch (d) {
    case RULES_DIR_NORTH:
        return BI(bb_shr)(a, g->size);
    case RULES_DIR_SOUTH:
        return BI(bb_and)(BI(bb_shl)(a, g->size), g->board);
    case RULES_DIR_WEST:
        return BI(bb_and)(BI(bb_shr)(a, 1), g->not_last_file);
    default:
        return BI(bb_and)(BI(bb_shl)(a, 1), g->not_first_file);
    }
}

/* A group of pieces that share where they may pass and stop: the soldiers of one side, or the
 * king alone. */
typedef struct {
    BI(BB) pieces, pass, stop;
} BI(Group);

/* The soldiers' and the king's groups of the side `side`. Returns how many groups (1 or 2). */
static inline int BI(groups)(const Rules *r, const GameState *s, const BI(Geometry) * g, Side side,
                             BI(Group) * out)
{
    BI(BB) attackers = BI(bb_load)(s->attackers);
    BI(BB) defenders = BI(bb_load)(s->defenders);
    BI(BB) empty = BI(bb_andnot)(g->board, BI(bb_or)(attackers, defenders));
    empty.w[s->king >> 6] &= ~(1ULL << (s->king & 63));

    BI(BB) restricted = g->throne;
    if (r->opt.corners)
        restricted = BI(bb_or)(restricted, g->corner);
    out[0].pieces = side == SIDE_ATTACKERS ? attackers : defenders;
    out[0].stop = BI(bb_andnot)(empty, restricted);
    out[0].pass = r->opt.throne_pass == THRONE_PASS_ALL ? empty : BI(bb_andnot)(empty, g->throne);
    if (side == SIDE_ATTACKERS)
        return 1;

    for (int i = 0; i < NW; i++)
        out[1].pieces.w[i] = 0;
    out[1].pieces.w[s->king >> 6] = 1ULL << (s->king & 63);
    out[1].stop = r->opt.throne_reentry ? empty : BI(bb_andnot)(empty, g->throne);
    out[1].pass = r->opt.throne_pass == THRONE_PASS_NONE ? BI(bb_andnot)(empty, g->throne) : empty;
    return 2;
}

/* Destinations of every group in every direction. In one direction each destination is reached
 * by exactly one piece (the nearest one behind it with a clear path), so the union over all
 * distances counts each move once and the origin is found by walking back. */
typedef struct {
    BI(BB) dest[2][RULES_DIRS];
    BI(BB) pieces[2];
    int groups;
} BI(Destinations);

#if NW == 1
/* Kogge-Stone occluded fill (Chess Programming Wiki) in direction d for a one-word board: gen
 * spreads through pro in doubling steps 1, 2, 4, enough for a 7-square line. Returns the pieces
 * plus every passable square their rays cross. */
static inline BI(BB) BI(occluded_fill)(const BI(Geometry) * g, BI(BB) gen, BI(BB) pro, int d)
{
    uint64_t gw = gen.w[0], pw = pro.w[0];
    int k = d == RULES_DIR_NORTH || d == RULES_DIR_SOUTH ? g->size : 1;
    /* A square on the file the step enters from a wrapped row cannot propagate. */
    if (d == RULES_DIR_EAST)
        pw &= g->not_first_file.w[0];
    else if (d == RULES_DIR_WEST)
        pw &= g->not_last_file.w[0];
    for (int step = 0; step < 3; step++, k *= 2) {
        if (d == RULES_DIR_SOUTH || d == RULES_DIR_EAST) {
            gw |= pw & (gw << k);
            pw &= pw << k;
        } else {
            gw |= pw & (gw >> k);
            pw &= pw >> k;
        }
    }
    BI(BB) r = {{gw}};
    return r;
}
#endif

/* Every square where a slide of one step or more in direction d from one of `from` can end:
 * the slide crosses `pass` squares and ends on a `stop` square. */
static inline BI(BB)
    BI(slide_ends)(const BI(Geometry) * g, BI(BB) from, BI(BB) pass, BI(BB) stop, int d)
{
#if NW == 1
    /* A one-word board is at most 8 squares wide: steps 1 + 2 + 4 cover any line. */
    BI(BB) fill = BI(occluded_fill)(g, from, pass, d);
    return BI(bb_and)(BI(bb_step)(g, fill, d), stop);
#else
    BI(BB) reach = BI(bb_or)(pass, stop);
    BI(BB) acc = {{0}};
    BI(BB) cur = BI(bb_and)(BI(bb_step)(g, from, d), reach);
    while (BI(bb_any)(cur)) {
        acc = BI(bb_or)(acc, BI(bb_and)(cur, stop));
        cur = BI(bb_and)(BI(bb_step)(g, BI(bb_and)(cur, pass), d), reach);
    }
    return acc;
#endif
}

static inline void BI(destinations)(const Rules *r, const GameState *s, const BI(Geometry) * g,
                                    Side side, BI(Destinations) * out)
{
    BI(Group) grp[2];
    out->groups = BI(groups)(r, s, g, side, grp);
    for (int k = 0; k < out->groups; k++) {
        out->pieces[k] = grp[k].pieces;
        for (int d = 0; d < RULES_DIRS; d++)
            out->dest[k][d] = BI(slide_ends)(g, grp[k].pieces, grp[k].pass, grp[k].stop, d);
    }
}

/* The number of moves in a set of destinations. */
static inline int BI(total)(const BI(Destinations) * ds)
{
    int total = 0;
    for (int k = 0; k < ds->groups; k++)
        for (int d = 0; d < RULES_DIRS; d++)
            total += BI(bb_popcount)(ds->dest[k][d]);
    return total;
}

static int BI(count_moves)(const Rules *r, const GameState *s)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Destinations) ds;
    BI(destinations)(r, s, &g, (Side)s->side, &ds);
    return BI(total)(&ds);
}

/* The signed square offset of one step in direction d. */
static inline int BI(delta)(int size, int d)
{
    switch (d) {
    case RULES_DIR_NORTH:
        return -size;
    case RULES_DIR_SOUTH:
        return size;
    case RULES_DIR_WEST:
        return -1;
    default:
        return 1;
    }
}

/* The n-th set bit (0-based, ascending square order) of a. */
static inline int BI(nth_bit)(BI(BB) a, int n)
{
    for (int i = 0; i < NW; i++) {
        int c = bits_popcount(a.w[i]);
        if (n < c) {
            uint64_t x = a.w[i];
            for (; n > 0; n--)
                x &= x - 1;
            return i * 64 + bits_lowest(x);
        }
        n -= c;
    }
    return -1;
}

/* The piece of `pieces` whose ray in direction d ends on `to`. */
static inline int BI(origin)(BI(BB) pieces, int to, int delta)
{
    int sq = to - delta;
    while (!((pieces.w[sq >> 6] >> (sq & 63)) & 1))
        sq -= delta;
    return sq;
}

/* The n-th move in the fixed order: group (soldiers, then king), direction, destination. */
static inline Move BI(pick)(const BI(Destinations) * ds, int size, int n)
{
    for (int k = 0; k < ds->groups; k++) {
        for (int d = 0; d < RULES_DIRS; d++) {
            int c = BI(bb_popcount)(ds->dest[k][d]);
            if (n < c) {
                int to = BI(nth_bit)(ds->dest[k][d], n);
                Move m = {(uint16_t)BI(origin)(ds->pieces[k], to, BI(delta)(size, d)),
                          (uint16_t)to};
                return m;
            }
            n -= c;
        }
    }
    Move none = {0, 0};
    return none;
}

static Move BI(nth_move)(const Rules *r, const GameState *s, int n)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Destinations) ds;
    BI(destinations)(r, s, &g, (Side)s->side, &ds);
    return BI(pick)(&ds, g.size, n);
}

static bool BI(random_move)(const Rules *r, const GameState *s, Rng *rng, Move *out)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Destinations) ds;
    BI(destinations)(r, s, &g, (Side)s->side, &ds);
    int total = BI(total)(&ds);
    if (total == 0)
        return false;
    *out = BI(pick)(&ds, g.size, (int)rng_below(rng, (uint32_t)total));
    return true;
}

/* The moves of s in movegen_legal's order; with dest_mask (not NULL) only those whose
 * destination is in it, except the king's when king_all. Skipping a destination before its origin
 * is walked back is what makes a masked listing cheaper than filtering the whole list. */
static int BI(list_moves_to)(const Rules *r, const GameState *s, const uint64_t *dest_mask,
                             bool king_all, Move *moves)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Destinations) ds;
    BI(destinations)(r, s, &g, (Side)s->side, &ds);
    int n = 0;
    for (int k = 0; k < ds.groups; k++) {
        /* Group 1 is the king's (BI(groups)). */
        const uint64_t *mask = k == 1 && king_all ? NULL : dest_mask;
        for (int d = 0; d < RULES_DIRS; d++) {
            int delta = BI(delta)(g.size, d);
            for (int i = 0; i < NW; i++) {
                uint64_t x = ds.dest[k][d].w[i] & (mask ? mask[i] : ~0ULL);
                while (x) {
                    int to = i * 64 + bits_lowest(x);
                    x &= x - 1;
                    moves[n].from = (uint16_t)BI(origin)(ds.pieces[k], to, delta);
                    moves[n].to = (uint16_t)to;
                    n++;
                }
            }
        }
    }
    return n;
}

static int BI(list_moves)(const Rules *r, const GameState *s, Move *moves)
{
    return BI(list_moves_to)(r, s, NULL, false, moves);
}

static bool BI(side_has_move)(const Rules *r, const GameState *s, Side side)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Group) grp[2];
    int ngroups = BI(groups)(r, s, &g, side, grp);
    /* Nearly always some piece can step to a neighbouring square: try that first. */
    for (int k = 0; k < ngroups; k++)
        for (int d = 0; d < RULES_DIRS; d++)
            if (BI(bb_any)(BI(bb_and)(BI(bb_step)(&g, grp[k].pieces, d), grp[k].stop)))
                return true;
    /* Otherwise only moves through a passable, unstoppable square (the throne) remain. */
    for (int k = 0; k < ngroups; k++) {
        BI(BB) reach = BI(bb_or)(grp[k].pass, grp[k].stop);
        for (int d = 0; d < RULES_DIRS; d++) {
            BI(BB) cur = BI(bb_and)(BI(bb_step)(&g, grp[k].pieces, d), reach);
            while (BI(bb_any)(cur)) {
                if (BI(bb_any)(BI(bb_and)(cur, grp[k].stop)))
                    return true;
                cur = BI(bb_and)(BI(bb_step)(&g, BI(bb_and)(cur, grp[k].pass), d), reach);
            }
        }
    }
    return false;
}

/* The squares of `open` joined to `seed` by steps between neighbours (north, south, west,
 * east) through `open`, grown a step at a time until it stops growing or touches `until`. */
static inline BI(BB) BI(step_fill)(const BI(Geometry) * g, BI(BB) seed, BI(BB) open, BI(BB) until)
{
    BI(BB) fill = BI(bb_and)(seed, open);
    while (!BI(bb_any)(BI(bb_and)(fill, until))) {
        BI(BB) grown = fill;
        for (int d = 0; d < RULES_DIRS; d++)
            grown = BI(bb_or)(grown, BI(bb_step)(g, fill, d));
        grown = BI(bb_and)(grown, open);
        if (BI(bb_equal)(grown, fill))
            break;
        fill = grown;
    }
    return fill;
}

/* RULES.md section 5, encirclement: flood-fill from every edge square over squares not held by
 * attackers; the defenders are encircled when the fill reaches no defender and not the king. */
static bool BI(encircled)(const Rules *r, const GameState *s)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(BB) attackers = BI(bb_load)(s->attackers);
    BI(BB) defenders = BI(bb_load)(s->defenders);
    defenders.w[s->king >> 6] |= 1ULL << (s->king & 63);
    BI(BB) open = BI(bb_andnot)(g.board, attackers);
    BI(BB) fill = BI(step_fill)(&g, g.edge, open, defenders);
    return !BI(bb_any)(BI(bb_and)(fill, defenders));
}

/* The defenders, king included, joined to an edge by steps between neighbours over squares no
 * attacker holds (movegen_edge_defenders): the fill of encircled, counted. */
static int BI(edge_defenders)(const Rules *r, const GameState *s)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(BB) defenders = BI(bb_load)(s->defenders);
    defenders.w[s->king >> 6] |= 1ULL << (s->king & 63);
    BI(BB) open = BI(bb_andnot)(g.board, BI(bb_load)(s->attackers));
    BI(BB) fill = BI(step_fill)(&g, g.edge, open, (BI(BB)){{0}});
    return BI(bb_popcount)(BI(bb_and)(fill, defenders));
}

/* The squares the king can move to in one slide (movegen_king_moves): his group of the
 * defenders' destinations, so the throne and escape squares follow the move generator's rules. */
static int BI(king_moves)(const Rules *r, const GameState *s)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(Group) grp[2];
    BI(groups)(r, s, &g, SIDE_DEFENDERS, grp);
    int moves = 0;
    for (int d = 0; d < RULES_DIRS; d++)
        moves += BI(bb_popcount)(BI(slide_ends)(&g, grp[1].pieces, grp[1].pass, grp[1].stop, d));
    return moves;
}

/* The king's slides over the board as it stands, the other pieces still (movegen_king_flood):
 * a breadth-first search by whole levels, each level every square one slide from the last
 * level's squares. He passes the throne unless throne_pass is none and stops on it only with
 * throne_reentry; a slide ends at an escape square, which starts no slide (the game is over). */
static KingFlood BI(king_flood)(const Rules *r, const GameState *s)
{
    BI(Geometry) g = BI(geometry)(r);
    BI(BB)
    empty = BI(bb_andnot)(g.board, BI(bb_or)(BI(bb_load)(s->attackers), BI(bb_load)(s->defenders)));
    BI(BB) escape = r->opt.escape == ESCAPE_CORNER ? g.corner : g.edge;
    BI(BB) stop = r->opt.throne_reentry ? empty : BI(bb_andnot)(empty, g.throne);
    BI(BB) pass = r->opt.throne_pass == THRONE_PASS_NONE ? BI(bb_andnot)(empty, g.throne) : empty;
    pass = BI(bb_andnot)(pass, escape);
    BI(BB) frontier = {{0}};
    frontier.w[s->king >> 6] = 1ULL << (s->king & 63);
    BI(BB) seen = frontier;
    KingFlood out = {.distance = -1};
    for (int level = 1; BI(bb_any)(frontier); level++) {
        BI(BB) reach = {{0}};
        for (int d = 0; d < RULES_DIRS; d++)
            reach = BI(bb_or)(reach, BI(slide_ends)(&g, frontier, pass, stop, d));
        BI(BB) fresh = BI(bb_andnot)(reach, seen);
        seen = BI(bb_or)(seen, fresh);
        out.region += BI(bb_popcount)(fresh);
        int found = BI(bb_popcount)(BI(bb_and)(fresh, escape));
        if (found > 0 && out.distance < 0)
            out.distance = level;
        out.escapes += found;
        frontier = BI(bb_andnot)(fresh, escape);
    }
    /* The cordon: where the king and his men could go if only the attackers stood still. */
    BI(BB) king = {{0}};
    king.w[s->king >> 6] = 1ULL << (s->king & 63);
    BI(BB)
    beyond =
        BI(step_fill)(&g, king, BI(bb_andnot)(g.board, BI(bb_load)(s->attackers)), (BI(BB)){{0}});
    out.cordon_region = BI(bb_popcount)(beyond);
    out.cordon_escapes = BI(bb_popcount)(BI(bb_and)(beyond, escape));
    return out;
}

#undef BI
#undef BI_CAT
#undef BI_CAT2
