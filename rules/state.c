/* Positions: set-up, validation, and playing a move with every capture and end rule. */
#include "rules/state.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/movegen_impl.h"
#include "rules/zobrist.h"

/* Forces the copies that state_apply specialises to be made (gcc and clang). */
#define ALWAYS_INLINE __attribute__((always_inline))

static inline bool bit_test(const uint64_t *bits, int sq)
{
    return (bits[sq >> 6] >> (sq & 63)) & 1;
}

static inline void bit_set(uint64_t *bits, int sq)
{
    bits[sq >> 6] |= 1ULL << (sq & 63);
}

static inline void bit_clear(uint64_t *bits, int sq)
{
    bits[sq >> 6] &= ~(1ULL << (sq & 63));
}

void state_init(const Rules *r, GameState *s)
{
    /* rules_compile parsed the start once; a game copies it. */
    const RulesStart *sp = &r->start_pos;
    memset(s, 0, sizeof *s);
    memcpy(s->attackers, sp->attackers, sizeof s->attackers);
    memcpy(s->defenders, sp->defenders, sizeof s->defenders);
    s->hash = sp->hash;
    s->fort_hash = sp->fort_hash;
    s->king = sp->king;
    s->attacker_count = sp->attacker_count;
    s->defender_count = sp->defender_count;
    s->side = (uint8_t)r->opt.first;
}

Piece state_piece_at(const Rules *r, const GameState *s, int sq)
{
    (void)r;
    if (s->king == sq)
        return PIECE_KING;
    if (bit_test(s->attackers, sq))
        return PIECE_ATTACKER;
    if (bit_test(s->defenders, sq))
        return PIECE_DEFENDER;
    return PIECE_EMPTY;
}

/* Hash, fort hash and counts computed from the boards alone. */
static void compute_derived(const Rules *r, const GameState *s, uint64_t *hash, uint64_t *fort,
                            int *attackers, int *defenders)
{
    *hash = s->side == SIDE_DEFENDERS ? zobrist_side() : 0;
    *fort = 0;
    *attackers = 0;
    *defenders = 0;
    for (int sq = 0; sq < r->squares; sq++) {
        Piece p = state_piece_at(r, s, sq);
        if (p == PIECE_EMPTY)
            continue;
        *hash ^= zobrist_piece(p, sq);
        if (p == PIECE_ATTACKER) {
            ++*attackers;
        } else {
            *fort ^= zobrist_fort(sq);
            *defenders += p == PIECE_DEFENDER;
        }
    }
}

void state_refresh(const Rules *r, GameState *s)
{
    int attackers, defenders;
    compute_derived(r, s, &s->hash, &s->fort_hash, &attackers, &defenders);
    s->attacker_count = (uint16_t)attackers;
    s->defender_count = (uint16_t)defenders;
}

bool state_validate(const Rules *r, const GameState *s, Error *err)
{
    for (int i = 0; i < RULES_WORDS; i++) {
        uint64_t outside = i < r->words ? ~r->board[i] : ~0ULL;
        if ((s->attackers[i] | s->defenders[i]) & outside) {
            error_set(err, "a piece lies outside the %dx%d board", r->size, r->size);
            return false;
        }
        if (s->attackers[i] & s->defenders[i]) {
            error_set(err, "a square holds an attacker and a defender");
            return false;
        }
    }
    if (s->king >= r->squares || bit_test(s->attackers, s->king) ||
        bit_test(s->defenders, s->king)) {
        error_set(err, "the king's square %d is off the board or shared", s->king);
        return false;
    }
    for (int sq = 0; sq < r->squares; sq++) {
        bool restricted =
            (r->opt.throne && sq == r->throne_sq) || (r->opt.corners && bit_test(r->corner, sq));
        if (restricted && (bit_test(s->attackers, sq) || bit_test(s->defenders, sq))) {
            /* Rows and files from 1, as the board text shows them: the rules core words no
             * notation. */
            error_set(err,
                      "a piece other than the king stands on a restricted square (row %d, file %d)",
                      sq / r->size + 1, sq % r->size + 1);
            return false;
        }
    }
    uint64_t hash, fort;
    int attackers, defenders;
    compute_derived(r, s, &hash, &fort, &attackers, &defenders);
    if (hash != s->hash || fort != s->fort_hash) {
        error_set(err, "the incremental hash differs from one computed from scratch");
        return false;
    }
    if (attackers != s->attacker_count || defenders != s->defender_count) {
        error_set(err, "piece counts %d/%d differ from the board's %d/%d", s->attacker_count,
                  s->defender_count, attackers, defenders);
        return false;
    }
    if (s->side > SIDE_DEFENDERS || s->winner > WINNER_DRAW || s->reason > END_MAX_PLIES ||
        (s->winner == WINNER_NONE) != (s->reason == END_NONE)) {
        error_set(err, "side to move or result out of range");
        return false;
    }
    return true;
}

/* --- captures (RULES.md section 3) --- */

static inline bool is_corner(const Rules *r, int sq)
{
    return r->opt.corners && bit_test(r->corner, sq);
}

static inline bool is_throne(const Rules *r, int sq)
{
    return r->opt.throne && sq == r->throne_sq;
}

/* Is a (restricted, empty) corner hostile to the pieces of `side`? */
static inline bool corner_hostile_to(const Rules *r, Side side)
{
    CornerHostile h = r->opt.corner_hostile;
    return h == CORNER_HOSTILE_ALL ||
           h == (side == SIDE_ATTACKERS ? CORNER_HOSTILE_ATTACKERS : CORNER_HOSTILE_DEFENDERS);
}

static inline bool king_is_anvil(const Rules *r)
{
    return r->opt.king_armed == KING_ARMED_YES || r->opt.king_armed == KING_ARMED_ANVIL;
}

static inline bool king_is_hammer(const Rules *r)
{
    return r->opt.king_armed == KING_ARMED_YES || r->opt.king_armed == KING_ARMED_HAMMER;
}

/* Is square u an anvil for the attackers against a defender (not the king)? */
static bool anvil_against_defender(const Rules *r, const GameState *s, int u)
{
    if (bit_test(s->attackers, u))
        return true;
    if (is_corner(r, u))
        return corner_hostile_to(r, SIDE_DEFENDERS);
    /* The king on the throne is the defenders' own: only the empty throne can be hostile. */
    if (is_throne(r, u) && s->king != u)
        return r->opt.throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
    return false;
}

/* Is square u an anvil for the defenders against an attacker? */
static bool anvil_against_attacker(const Rules *r, const GameState *s, int u)
{
    if (bit_test(s->defenders, u))
        return true;
    if (s->king == u) {
        /* "The throne occupied by the king is hostile to attackers exactly when the king
         * himself would be an anvil, or when throne_hostile_attackers = always." */
        return king_is_anvil(r) ||
               (is_throne(r, u) && r->opt.throne_hostile_attackers == THRONE_HOSTILE_ALWAYS);
    }
    if (is_corner(r, u))
        return corner_hostile_to(r, SIDE_ATTACKERS);
    if (is_throne(r, u))
        return r->opt.throne_hostile_attackers != THRONE_HOSTILE_NEVER;
    return false;
}

static void remove_piece(GameState *s, Piece p, int sq)
{
    if (p == PIECE_ATTACKER) {
        bit_clear(s->attackers, sq);
        s->attacker_count--;
    } else {
        bit_clear(s->defenders, sq);
        s->defender_count--;
        s->fort_hash ^= zobrist_fort(sq);
    }
    s->hash ^= zobrist_piece(p, sq);
}

/* Is square sq held by a piece of side `side` able to capture as the far piece (an anvil)? */
static bool capturing_piece(const Rules *r, const GameState *s, Side side, int sq)
{
    if (side == SIDE_ATTACKERS)
        return bit_test(s->attackers, sq);
    return bit_test(s->defenders, sq) || (s->king == sq && king_is_anvil(r));
}

/* Shieldwalls (the shieldwall option; Copenhagen rule, README.md "The rules engine"): the mover,
 * arriving on edge square `to`, closes one end of a row of two or more enemies along that edge
 * (the enemy king may stand in it and is not taken); the other end is closed by a piece of the
 * mover's side able to capture, or with shieldwall = corners by a corner hostile to the row;
 * every piece of the row is fronted, on its neighbour away from the edge, by a piece of the
 * mover's side able to capture. Walks each of the (one or, on a corner square, two) edge lines
 * through `to` both ways. A victim is never found twice: a wall has two members, so the
 * custodial test along the same line found nothing there. */
static void find_shieldwalls(const Rules *r, const GameState *s, Side mover, int to,
                             CaptureList *caps)
{
    const int n = r->size, row = to / n, file = to % n;
    for (int d = 0; d < RULES_DIRS; d++) {
        bool along_row = d == RULES_DIR_WEST || d == RULES_DIR_EAST;
        int line = along_row ? row : file;
        if (line != 0 && line != n - 1)
            continue; /* this direction does not run along an edge */
        int front = along_row ? (row == 0 ? RULES_DIR_SOUTH : RULES_DIR_NORTH)
                              : (file == 0 ? RULES_DIR_EAST : RULES_DIR_WEST);
        uint16_t victims[RULES_MAX_SIZE];
        int members = 0, nvictims = 0;
        bool fronted = true;
        int v = r->neighbour[to][d];
        for (; v >= 0; v = r->neighbour[v][d]) {
            bool enemy = mover == SIDE_ATTACKERS ? bit_test(s->defenders, v) || s->king == v
                                                 : bit_test(s->attackers, v);
            if (!enemy)
                break;
            assert(r->neighbour[v][front] >= 0);
            if (!capturing_piece(r, s, mover, r->neighbour[v][front])) {
                fronted = false;
                break;
            }
            members++;
            if (s->king != v)
                victims[nvictims++] = (uint16_t)v;
        }
        if (!fronted || v < 0 || members < 2)
            continue;
        Side row_side = mover == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS;
        bool closed =
            capturing_piece(r, s, mover, v) || (r->opt.shieldwall == SHIELDWALL_CORNERS &&
                                                is_corner(r, v) && corner_hostile_to(r, row_side));
        if (!closed)
            continue;
        for (int i = 0; i < nvictims; i++)
            caps->sq[caps->count++] = victims[i];
    }
}

/* The pieces that the piece `moved` of side `mover`, arriving on `to`, captures custodially
 * (it is the hammer). The result is the same whether s is read before or after the move: the
 * square beyond a victim is never the mover's origin, whose path to `to` is empty. A victim is
 * never an anvil, so finding all victims before removing any is exact. */
static inline ALWAYS_INLINE void find_captures_with(const Rules *r, const GameState *s, Side mover,
                                                    Piece moved, int to, CaptureList *caps,
                                                    bool shieldwalls)
{
    caps->count = 0;
    if (moved == PIECE_KING && !king_is_hammer(r))
        return;
    const uint64_t *enemies = mover == SIDE_ATTACKERS ? s->defenders : s->attackers;
    for (int d = 0; d < RULES_DIRS; d++) {
        int v = r->neighbour[to][d];
        if (v < 0 || !bit_test(enemies, v))
            continue;
        int u = r->neighbour[v][d];
        if (u < 0)
            continue; /* the board edge is never hostile */
        bool anvil = mover == SIDE_ATTACKERS ? anvil_against_defender(r, s, u)
                                             : anvil_against_attacker(r, s, u);
        if (anvil)
            caps->sq[caps->count++] = (uint16_t)v;
    }
    if (shieldwalls && bit_test(r->edge, to))
        find_shieldwalls(r, s, mover, to, caps);
}

static void find_captures(const Rules *r, const GameState *s, Side mover, Piece moved, int to,
                          CaptureList *caps)
{
    find_captures_with(r, s, mover, moved, to, caps, r->opt.shieldwall != SHIELDWALL_NO);
}

int state_capture_count(const Rules *r, const GameState *s, Move m)
{
    CaptureList caps;
    find_captures(r, s, (Side)s->side, state_piece_at(r, s, m.from), m.to, &caps);
    return caps.count;
}

/* Custodial captures (and shieldwalls when `shieldwalls`) by the piece that just moved to `to`. */
static inline ALWAYS_INLINE void make_captures(const Rules *r, GameState *s, Side mover,
                                               Piece moved, int to, CaptureList *caps,
                                               bool shieldwalls)
{
    find_captures_with(r, s, mover, moved, to, caps, shieldwalls);
    Piece victim = mover == SIDE_ATTACKERS ? PIECE_DEFENDER : PIECE_ATTACKER;
    for (int i = 0; i < caps->count; i++)
        remove_piece(s, victim, caps->sq[i]);
}

/* --- the king's capture (RULES.md section 4) --- */

/* Does square u stand for an attacker against the king where custodial capture applies:
 * an attacker, a corner hostile to defenders, or the empty throne hostile to defenders? */
static bool hostile_to_king(const Rules *r, const uint64_t *attackers, int u)
{
    if (u < 0)
        return false; /* the board edge is never hostile */
    if (bit_test(attackers, u))
        return true;
    if (is_corner(r, u))
        return corner_hostile_to(r, SIDE_DEFENDERS);
    if (is_throne(r, u))
        return r->opt.throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
    return false;
}

static bool attacker_at(const uint64_t *attackers, int sq)
{
    return sq >= 0 && bit_test(attackers, sq);
}

/* The king on square k, an attacker having just arrived on t beside him: state_king_captured_by
 * (state.h), which state_apply asks after each attacker move beside the king. */
static bool king_captured(const Rules *r, const uint64_t *attackers, int k, int t)
{
    const int16_t *nb = r->neighbour[k];
    int from_t = 0; /* direction from t to the king */
    while (r->neighbour[t][from_t] != k)
        from_t++;
    KingCapture mode = r->opt.king_capture;

    if (mode == KING_CAPTURE_STRONG) {
        /* Four sides, the (hostile) empty throne standing for one attacker; never on an edge. */
        if (bit_test(r->edge, k))
            return false;
        for (int d = 0; d < RULES_DIRS; d++) {
            bool throne_stands_in =
                is_throne(r, nb[d]) && r->opt.throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
            if (!attacker_at(attackers, nb[d]) && !throne_stands_in)
                return false;
        }
        return true;
    }
    if (mode == KING_CAPTURE_THRONE4_ELSEWHERE2) {
        /* Brandubh of online play ("Brandubh 2", aagenielsen.dk forum: "black only needs 2
         * pieces to capture the king - the same as anywhere else on the board"): four on the
         * throne; elsewhere, beside the throne too, two on the line through the mover. The
         * empty throne does not stand for an attacker against him; a hostile corner does. */
        if (is_throne(r, k)) {
            for (int d = 0; d < RULES_DIRS; d++)
                if (!attacker_at(attackers, nb[d]))
                    return false;
            return true;
        }
        int u = nb[from_t];
        return attacker_at(attackers, u) ||
               (u >= 0 && is_corner(r, u) && corner_hostile_to(r, SIDE_DEFENDERS));
    }
    if (mode != KING_CAPTURE_CUSTODIAL && r->opt.throne) {
        /* Without a throne these two shapes never apply. */
        if (k == r->throne_sq) {
            for (int d = 0; d < RULES_DIRS; d++)
                if (!attacker_at(attackers, nb[d]))
                    return false;
            return true;
        }
        bool beside_throne = false;
        for (int d = 0; d < RULES_DIRS; d++)
            beside_throne |= nb[d] == r->throne_sq;
        if (beside_throne) {
            for (int d = 0; d < RULES_DIRS; d++)
                if (nb[d] != r->throne_sq && !attacker_at(attackers, nb[d]))
                    return false;
            return true;
        }
    }
    if (mode == KING_CAPTURE_THRONE4_ADJ3_EDGE3 && bit_test(r->edge, k) &&
        !bit_test(r->corner, k)) {
        /* Seed 004: at a border cell, surrounded on the remaining three sides; corner cells
         * "function as enemy pieces". */
        for (int d = 0; d < RULES_DIRS; d++) {
            if (nb[d] < 0)
                continue;
            bool hostile_corner = is_corner(r, nb[d]) && corner_hostile_to(r, SIDE_DEFENDERS);
            if (!attacker_at(attackers, nb[d]) && !hostile_corner)
                return false;
        }
        return true;
    }
    /* Custodial: along the line through the moving attacker, like any other piece. */
    return hostile_to_king(r, attackers, nb[from_t]);
}

bool state_king_captured_by(const Rules *r, const uint64_t *attackers, int king, int to)
{
    return king_captured(r, attackers, king, to);
}

/* --- the edge fort (edge_fort option; README.md, "The rules engine") --- */

/* Can the king move: a line from him through empty squares reaching a square he may stop on? */
static bool king_can_move(const Rules *r, const GameState *s)
{
    for (int d = 0; d < RULES_DIRS; d++) {
        for (int sq = r->neighbour[s->king][d]; sq >= 0 && state_piece_at(r, s, sq) == PIECE_EMPTY;
             sq = r->neighbour[sq][d]) {
            if (!is_throne(r, sq))
                return true; /* an ordinary square, or a corner, where the king may stop */
            if (r->opt.throne_reentry)
                return true;
            if (r->opt.throne_pass == THRONE_PASS_NONE)
                break;
        }
    }
    return false;
}

/* The fort's inside: the king's square and every empty square joined to it through empty
 * squares, a restricted corner not included: no piece but the king stops on a corner and no
 * line runs through one, so an attacker beyond a corner cannot come through it (the
 * king on b1 beside the empty corner a1 with a fort around b1 and c1 is a fort, as in
 * OpenTafl; the inside must not spread through a1 down the a file). False when an attacker
 * touches the inside (the fort is open). */
static bool fort_inside(const Rules *r, const GameState *s, uint64_t *inside)
{
    int stack[RULES_MAX_SQUARES], top = 0;
    memset(inside, 0, RULES_WORDS * sizeof *inside);
    bit_set(inside, s->king);
    stack[top++] = s->king;
    while (top > 0) {
        int sq = stack[--top];
        for (int d = 0; d < RULES_DIRS; d++) {
            int n = r->neighbour[sq][d];
            if (n < 0 || bit_test(inside, n) || bit_test(s->defenders, n) || is_corner(r, n))
                continue;
            if (bit_test(s->attackers, n))
                return false;
            bit_set(inside, n);
            stack[top++] = n;
        }
    }
    return true;
}

/* Can square n (-1: off the board) never turn hostile to a defender beside it, while the
 * defenders in `solid` stand? The edge never is; a solid defender is not; attackers never stop
 * on the throne or a corner, which are hostile only by the options; and no attacker ever enters
 * the inside, which solid defenders seal. */
static bool holds(const Rules *r, const uint64_t *inside, const uint64_t *solid, int n)
{
    if (n < 0 || bit_test(solid, n))
        return true;
    if (is_throne(r, n))
        return r->opt.throne_hostile_defenders != THRONE_HOSTILE_EMPTY; /* empty now or later */
    if (is_corner(r, n))
        return !corner_hostile_to(r, SIDE_DEFENDERS);
    return bit_test(inside, n);
}

/* Does solid defender p stay, whatever the attackers do, while the other solid ones stand? On
 * each line through it one neighbour holds, so no custodial capture can take it. Shieldwalls
 * need no test of their own: a defender beside the inside has the inside in front of it or at
 * one end of its row along the edge, and so has every edge defender that holds one (it stands
 * in front of that defender, or in its row); a wall needs an attacker in front of every piece
 * and both ends closed. */
static bool stays(const Rules *r, const uint64_t *inside, const uint64_t *solid, int p)
{
    const int16_t *nb = r->neighbour[p];
    return (holds(r, inside, solid, nb[RULES_DIR_NORTH]) ||
            holds(r, inside, solid, nb[RULES_DIR_SOUTH])) &&
           (holds(r, inside, solid, nb[RULES_DIR_WEST]) ||
            holds(r, inside, solid, nb[RULES_DIR_EAST]));
}

bool state_in_edge_fort(const Rules *r, const GameState *s)
{
    if (!bit_test(r->edge, s->king) || !king_can_move(r, s))
        return false;
    uint64_t inside[RULES_WORDS];
    if (!fort_inside(r, s, inside))
        return false;
    /* The largest set of defenders each of which stays while the others do (a greatest fixed
     * point: start from all and drop any that might fall, until none does). */
    uint64_t solid[RULES_WORDS];
    memcpy(solid, s->defenders, sizeof solid);
    for (bool changed = true; changed;) {
        changed = false;
        for (int sq = 0; sq < r->squares; sq++) {
            if (bit_test(solid, sq) && !stays(r, inside, solid, sq)) {
                bit_clear(solid, sq);
                changed = true;
            }
        }
    }
    /* The fort is unbreakable when every defender beside the inside is solid. */
    for (int sq = 0; sq < r->squares; sq++) {
        if (!bit_test(inside, sq))
            continue;
        for (int d = 0; d < RULES_DIRS; d++) {
            int n = r->neighbour[sq][d];
            if (n >= 0 && bit_test(s->defenders, n) && !bit_test(solid, n))
                return false;
        }
    }
    return true;
}

static void end_game(GameState *s, Winner w, EndReason why)
{
    s->winner = (uint8_t)w;
    s->reason = (uint8_t)why;
}

static Winner winner_of(Side side)
{
    return side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
}

/* state_apply's body. `edge_rules` is true when the ruleset has shieldwalls or the edge fort:
 * state_apply tests that once per move and calls one of two copies, so that a ruleset without
 * them (most) runs code with neither test in it (they had cost 10% of a playout). */
static inline ALWAYS_INLINE void apply_move(const Rules *r, GameState *s, History *hist, Move m,
                                            CaptureList *caps, bool edge_rules)
{
    const Side mover = (Side)s->side;
    const int from = m.from, to = m.to;
    const Piece moved = state_piece_at(r, s, from);
    assert(!state_is_over(s));
    assert(moved != PIECE_EMPTY && state_piece_at(r, s, to) == PIECE_EMPTY);
    assert((moved == PIECE_ATTACKER) == (mover == SIDE_ATTACKERS));

    /* The move itself. */
    switch (moved) {
    case PIECE_ATTACKER:
        bit_clear(s->attackers, from);
        bit_set(s->attackers, to);
        break;
    case PIECE_DEFENDER:
        bit_clear(s->defenders, from);
        bit_set(s->defenders, to);
        break;
    default:
        s->king = (uint16_t)to;
        break;
    }
    s->hash ^= zobrist_piece(moved, from) ^ zobrist_piece(moved, to) ^ zobrist_side();
    if (mover == SIDE_DEFENDERS)
        s->fort_hash ^= zobrist_fort(from) ^ zobrist_fort(to);
    s->side = (uint8_t)(mover == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS);
    s->ply++;

    /* RULES.md section 5 order: captures, king's capture, escape, encirclement, draw fort,
     * repetition, the opponent's lack of moves, max_plies. */
    make_captures(r, s, mover, moved, to, caps, edge_rules && r->opt.shieldwall != SHIELDWALL_NO);

    if (mover == SIDE_ATTACKERS) {
        bool beside_king = false;
        for (int d = 0; d < RULES_DIRS; d++)
            beside_king |= r->neighbour[to][d] == s->king;
        if (beside_king && king_captured(r, s->attackers, s->king, to)) {
            caps->sq[caps->count++] = s->king;
            end_game(s, WINNER_ATTACKERS, END_KING_CAPTURED);
        }
    } else if (moved == PIECE_KING) {
        bool escaped =
            r->opt.escape == ESCAPE_CORNER ? bit_test(r->corner, to) : bit_test(r->edge, to);
        if (escaped)
            end_game(s, WINNER_DEFENDERS, END_KING_ESCAPED);
    }
    /* The edge fort is an escape (OTN "edge fort escape"): it is checked with it, after every
     * defender move, since an attacker move never closes a fort. */
    if (edge_rules && !state_is_over(s) && mover == SIDE_DEFENDERS && r->opt.edge_fort &&
        state_in_edge_fort(r, s))
        end_game(s, WINNER_DEFENDERS, END_KING_ESCAPED);

    if (!state_is_over(s) && mover == SIDE_ATTACKERS && r->opt.encirclement &&
        movegen_encircled(r, s))
        end_game(s, WINNER_ATTACKERS, END_ENCIRCLED);

    history_push(hist, s->hash, s->fort_hash, caps->count > 0, mover == SIDE_DEFENDERS);

    /* Seed 003 rule 8b: a fort that recurs a third time with no capture between loses. */
    if (!state_is_over(s) && r->opt.draw_fort && mover == SIDE_DEFENDERS &&
        s->defender_count >= 5 && history_count_fort(hist, s->fort_hash) >= 3)
        end_game(s, WINNER_ATTACKERS, END_DRAW_FORT);

    /* A position recurs at the earliest four plies later (each side moves a piece away and
     * back), so a third occurrence needs eight reversible plies: skip the scan before. Under
     * defenders_no_repeat no position ends the game: the defenders cannot repeat one (their
     * moves that would are not legal, movegen.h), so no repetition is perpetual. */
    const EndRule repetition = r->opt.repetition;
    if (!state_is_over(s) && repetition != END_RULE_IGNORE &&
        repetition != END_RULE_DEFENDERS_NO_REPEAT &&
        hist->entries[hist->length - 1].reversible >= 8 &&
        history_count_position(hist, s->hash) >= 3) {
        Winner w;
        if (repetition == END_RULE_DRAW)
            w = WINNER_DRAW;
        else if (repetition == END_RULE_DEFENDERS_LOSE)
            w = WINNER_ATTACKERS; /* Copenhagen rule 8: "a loss for white", whoever repeats */
        else /* Seeds 002/003 rule 8: the side whose move makes the third occurrence loses. */
            w = winner_of(mover == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS);
        end_game(s, w, END_REPETITION);
    }

    /* Under defenders_no_repeat the defenders' moves depend on the history (just pushed, so it
     * ends with s): when every one would repeat a position they have none, and no_moves rules. */
    if (!state_is_over(s) &&
        !(movegen_reads_history(r, s) ? movegen_count_in_game(r, s, hist) > 0
                                      : movegen_side_has_move(r, s, (Side)s->side)))
        end_game(s, r->opt.no_moves == END_RULE_DRAW ? WINNER_DRAW : winner_of(mover),
                 END_NO_MOVES);

    /* The cap's result goes to the side limit_result names (a draw by default). */
    if (!state_is_over(s) && r->opt.max_plies > 0 && s->ply >= (uint32_t)r->opt.max_plies)
        end_game(s,
                 r->opt.limit_result == LIMIT_RESULT_ATTACKERS   ? WINNER_ATTACKERS
                 : r->opt.limit_result == LIMIT_RESULT_DEFENDERS ? WINNER_DEFENDERS
                                                                 : WINNER_DRAW,
                 END_MAX_PLIES);
}

void state_apply(const Rules *r, GameState *s, History *hist, Move m, CaptureList *caps)
{
    CaptureList local;
    if (!caps)
        caps = &local;
    caps->count = 0;
    if (r->opt.shieldwall != SHIELDWALL_NO || r->opt.edge_fort)
        apply_move(r, s, hist, m, caps, true);
    else
        apply_move(r, s, hist, m, caps, false);
}

const char *state_winner_name(Winner w)
{
    static const char *const names[] = {"none", "attackers", "defenders", "draw"};
    return (unsigned)w < 4 ? names[w] : "?";
}

const char *state_reason_name(EndReason why)
{
    static const char *const names[END_REASON_COUNT] = {
        "none",     "king_captured", "king_escaped", "encircled",    "draw_fort",     "repetition",
        "no_moves", "max_plies",     "illegal_move", "engine_crash", "engine_timeout"};
    return (unsigned)why < END_REASON_COUNT ? names[why] : "?";
}
