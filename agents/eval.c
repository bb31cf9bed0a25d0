/* The static evaluation: material, the king's distance to escape, his open lines to an escape
 * square in one and two moves, attackers beside him and threatening to capture him, attackers
 * guarding the corners, the squares he can move to, and mobility, weighted from the attackers'
 * view. */
#include "agents/eval.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"

/* Defaults and their reasons: see EVAL_PARAM_INITIALIZERS in eval.h. */
const ParamSpec EVAL_PARAMS[EVAL_PARAM_COUNT] = {EVAL_PARAM_INITIALIZERS};

void eval_weights_from(const double *values, EvalWeights *w)
{
    w->attacker_material = values[0];
    w->defender_material = values[1];
    w->king_distance = values[2];
    w->king_open_lines = values[3];
    w->king_attackers = values[4];
    w->mobility = values[5];
    w->king_two_move = values[6];
    w->corner_guards = values[7];
    w->king_threats = values[8];
    w->king_moves = values[9];
}

static inline bool bit_test(const uint64_t *bits, int sq)
{
    return (bits[sq >> 6] >> (sq & 63)) & 1;
}

static inline bool is_corner(const Rules *r, int sq)
{
    return r->opt.corners && bit_test(r->corner, sq);
}

static inline bool is_throne(const Rules *r, int sq)
{
    return r->opt.throne && sq == r->throne_sq;
}

static inline bool is_escape(const Rules *r, int sq)
{
    return r->opt.escape == ESCAPE_CORNER ? bit_test(r->corner, sq) : bit_test(r->edge, sq);
}

/* Every occupied square, king included: one bit test per step for the line walks. */
static inline void occupancy(const Rules *r, const GameState *s, uint64_t *occ)
{
    for (int i = 0; i < r->words; i++)
        occ[i] = s->attackers[i] | s->defenders[i];
    for (int i = r->words; i < RULES_WORDS; i++)
        occ[i] = 0;
    occ[s->king >> 6] |= 1ULL << (s->king & 63);
}

/* Manhattan distance from the king to the nearest escape square: a corner, or the nearest
 * edge. Cheaper than a move distance and monotone in it on an open board. */
static int king_distance(const Rules *r, int k)
{
    int n = r->size - 1;
    int row = k / r->size, col = k % r->size;
    int dr = row < n - row ? row : n - row;
    int dc = col < n - col ? col : n - col;
    if (r->opt.escape == ESCAPE_EDGE)
        return dr < dc ? dr : dc;
    return dr + dc;
}

/* The number of lines from square `from` along which the king would reach an escape square
 * in one move: walk each direction but `skip` (-1: none) over squares empty in occ (where the
 * caller clears the king's own square when he is imagined elsewhere), through the empty throne
 * only when throne_pass lets the king, and count the line when it stops on an escape square. A
 * corner ends any line, so a corner square is always the last one walked. When `on` is not
 * NULL, the squares of each counted line (escape square included) are set in it. */
static int lines_from(const Rules *r, const uint64_t *occ, int from, int skip, uint64_t *on)
{
    int open = 0;
    /* With corner escape only a line along an edge can end on a corner: from a square off the
     * edges none, from an edge square the two directions along it. */
    unsigned dirs = (1u << RULES_DIRS) - 1;
    if (r->opt.escape == ESCAPE_CORNER) {
        int n = r->size, row = from / n, col = from % n;
        dirs = 0;
        if (row == 0 || row == n - 1)
            dirs |= 1u << RULES_DIR_WEST | 1u << RULES_DIR_EAST;
        if (col == 0 || col == n - 1)
            dirs |= 1u << RULES_DIR_NORTH | 1u << RULES_DIR_SOUTH;
    }
    for (int d = 0; d < RULES_DIRS; d++) {
        if (d == skip || !(dirs >> d & 1))
            continue;
        int sq = from;
        for (;;) {
            int next = r->neighbour[sq][d];
            if (next < 0 || bit_test(occ, next))
                break;
            sq = next;
            if (is_escape(r, sq)) {
                open++;
                if (on)
                    for (int u = r->neighbour[from][d];; u = r->neighbour[u][d]) {
                        on[u >> 6] |= 1ULL << (u & 63);
                        if (u == sq)
                            break;
                    }
                break;
            }
            if (is_throne(r, sq) && r->opt.throne_pass == THRONE_PASS_NONE)
                break;
        }
    }
    return open;
}

/* Open lines the king would have after one move: the sum over the squares he can stop on that
 * are not escape squares themselves (those are king_open_lines) of their open lines, the line
 * back through his own square left out (it is the line he moved along). */
static int king_two_move(const Rules *r, const GameState *s, const uint64_t *occ_in)
{
    uint64_t occ[RULES_WORDS];
    memcpy(occ, occ_in, sizeof occ);
    occ[s->king >> 6] &= ~(1ULL << (s->king & 63));
    int total = 0;
    for (int d = 0; d < RULES_DIRS; d++) {
        int sq = s->king;
        for (;;) {
            int next = r->neighbour[sq][d];
            if (next < 0 || bit_test(occ, next) || is_escape(r, next))
                break;
            sq = next;
            if (is_throne(r, sq)) {
                if (r->opt.throne_reentry)
                    total += lines_from(r, occ, sq, d ^ 1, NULL);
                if (r->opt.throne_pass == THRONE_PASS_NONE)
                    break;
                continue;
            }
            total += lines_from(r, occ, sq, d ^ 1, NULL);
        }
    }
    return total;
}

/* Attackers on the squares beside the four corners, when the corners are the escape squares. */
static int corner_guards(const Rules *r, const GameState *s)
{
    if (r->opt.escape != ESCAPE_CORNER)
        return 0;
    int n = r->size;
    const int corners[4] = {0, n - 1, (n - 1) * n, n * n - 1};
    int count = 0;
    for (int c = 0; c < 4; c++)
        for (int d = 0; d < RULES_DIRS; d++) {
            int u = r->neighbour[corners[c]][d];
            if (u >= 0 && bit_test(s->attackers, u))
                count++;
        }
    return count;
}

/* Would the king be captured by an attacker arriving on t (beside him) from `from` (-1: an
 * attacker imagined on t)? The rules' own test (state_king_captured_by), asked of the attackers
 * as they would stand after the move: t held, `from` left. */
static bool captured_by_arrival(const Rules *r, const GameState *s, int t, int from)
{
    uint64_t after[RULES_WORDS];
    memcpy(after, s->attackers, sizeof after);
    after[t >> 6] |= 1ULL << (t & 63);
    if (from >= 0)
        after[from >> 6] &= ~(1ULL << (from & 63));
    return state_king_captured_by(r, after, s->king, t);
}

/* Squares beside the king where an attacker arriving in one move would capture him; when
 * `path` is not NULL, each such square and the squares the attacker would cross to get there are
 * set in it (where a defender would stop the threat). */
static int king_threats(const Rules *r, const GameState *s, const uint64_t *occ, uint64_t *path)
{
    int k = s->king, count = 0;
    bool pass_throne = r->opt.throne_pass == THRONE_PASS_ALL;
    for (int d = 0; d < RULES_DIRS; d++) {
        int t = r->neighbour[k][d];
        if (t < 0 || bit_test(occ, t) || is_corner(r, t) || is_throne(r, t))
            continue;
        /* Would an attacker on t take him? Asked once, before any line is walked: the answer
         * reads only the squares beside the king, and the attacker that slides to t never comes
         * from one of them (two squares beside him on one line have the king between), so it
         * does not depend on which attacker arrives. */
        if (!captured_by_arrival(r, s, t, -1))
            continue;
        /* The attackers that can slide to t: the first piece along each line from t (the line
         * towards the king ends at once). */
        bool threat = false;
        for (int e = 0; e < RULES_DIRS; e++) {
            int sq = t;
            for (;;) {
                sq = r->neighbour[sq][e];
                if (sq < 0 || is_corner(r, sq))
                    break;
                if (bit_test(occ, sq)) {
                    if (bit_test(s->attackers, sq)) {
                        threat = true;
                        if (path)
                            for (int u = t; u != sq; u = r->neighbour[u][e])
                                path[u >> 6] |= 1ULL << (u & 63);
                    }
                    break;
                }
                if (is_throne(r, sq) && !pass_throne)
                    break;
            }
            if (threat && !path)
                break;
        }
        count += threat;
    }
    return count;
}

/* The probe keeps what king_threats finds for each square beside the king, so that a quiet move
 * elsewhere is answered by where it starts and ends: an attacker arriving on a crossed square
 * becomes the first piece of that line; one leaving the piece that ends a line lets the line run
 * on, walked again. Which squares take the king reads only the squares beside him
 * (state_king_captured_by), which such a move leaves as they are. */
void eval_threat_probe_init(const Rules *r, const GameState *s, EvalThreatProbe *p)
{
    const int k = s->king;
    p->king = k;
    occupancy(r, s, p->occupied);
    p->count = 0;
    const bool pass_throne = r->opt.throne_pass == THRONE_PASS_ALL;
    for (int d = 0; d < RULES_DIRS; d++) {
        int t = r->neighbour[k][d];
        if (t < 0 || bit_test(p->occupied, t) || is_corner(r, t) || is_throne(r, t) ||
            !captured_by_arrival(r, s, t, -1))
            continue;
        int i = p->count++;
        p->square[i] = t;
        memset(p->crossed[i], 0, sizeof p->crossed[i]);
        for (int e = 0; e < RULES_DIRS; e++) {
            /* king_threats' walk from t */
            p->end[i][e] = -1;
            int sq = t;
            for (;;) {
                sq = r->neighbour[sq][e];
                if (sq < 0 || is_corner(r, sq))
                    break;
                if (bit_test(p->occupied, sq)) {
                    p->end[i][e] = sq;
                    break;
                }
                p->crossed[i][sq >> 6] |= 1ULL << (sq & 63);
                if (is_throne(r, sq) && !pass_throne)
                    break;
            }
        }
    }
}

/* The first piece along direction e beyond `from` (which the move leaves empty) is an attacker:
 * king_threats' walk again, on the board after the attackers' quiet move from -> to. */
static bool line_runs_to_attacker(const Rules *r, const GameState *s, const EvalThreatProbe *p,
                                  int from, int to, int e)
{
    const bool pass_throne = r->opt.throne_pass == THRONE_PASS_ALL;
    for (int sq = r->neighbour[from][e];; sq = r->neighbour[sq][e]) {
        if (sq < 0 || is_corner(r, sq))
            return false;
        if (sq == to)
            return true;
        if (bit_test(p->occupied, sq))
            return bit_test(s->attackers, sq);
        if (is_throne(r, sq) && !pass_throne)
            return false;
    }
}

bool eval_quiet_move_threatens(const Rules *r, const GameState *s, const EvalThreatProbe *p, Move m)
{
    bool beside = false;
    for (int d = 0; d < RULES_DIRS; d++) {
        int u = r->neighbour[p->king][d];
        beside |= u >= 0 && (u == m.from || u == m.to);
    }
    if (beside) {
        GameState t = *s; /* only the pieces are read */
        t.attackers[m.from >> 6] &= ~(1ULL << (m.from & 63));
        t.attackers[m.to >> 6] |= 1ULL << (m.to & 63);
        return eval_king_threats(r, &t) > 0;
    }
    for (int i = 0; i < p->count; i++) {
        if (bit_test(p->crossed[i], m.to))
            return true;
        for (int e = 0; e < RULES_DIRS; e++) {
            int end = p->end[i][e];
            if (end < 0)
                continue;
            if (end == m.from ? line_runs_to_attacker(r, s, p, m.from, m.to, e)
                              : bit_test(s->attackers, end))
                return true;
        }
    }
    return false;
}

int eval_king_threat_squares(const Rules *r, const GameState *s, uint64_t *path)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    memset(path, 0, RULES_WORDS * sizeof *path);
    return king_threats(r, s, occ, path);
}

int eval_king_threats(const Rules *r, const GameState *s)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    return king_threats(r, s, occ, NULL);
}

int eval_king_open_lines(const Rules *r, const GameState *s)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    return lines_from(r, occ, s->king, -1, NULL);
}

int eval_king_lines(const Rules *r, const GameState *s, uint64_t *on_line)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    memset(on_line, 0, RULES_WORDS * sizeof *on_line);
    return lines_from(r, occ, s->king, -1, on_line);
}

bool eval_move_blocks_line(const Rules *r, const GameState *s, Move m)
{
    uint64_t on[RULES_WORDS];
    eval_king_lines(r, s, on);
    return bit_test(on, m.to);
}

bool eval_king_move_threatens(const Rules *r, const GameState *s, Move m)
{
    if (m.from != s->king)
        return false;
    if (is_escape(r, m.to))
        return true;
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    occ[s->king >> 6] &= ~(1ULL << (s->king & 63));
    return lines_from(r, occ, m.to, -1, NULL) > 0;
}

bool eval_move_captures_king(const Rules *r, const GameState *s, Move m)
{
    for (int d = 0; d < RULES_DIRS; d++)
        if (r->neighbour[m.to][d] == s->king)
            return captured_by_arrival(r, s, m.to, m.from);
    return false;
}

/* Attackers beside the king, with a corner hostile to defenders and the empty throne hostile to
 * defenders standing for attackers, as in RULES.md section 4. */
static int king_attackers(const Rules *r, const GameState *s)
{
    int count = 0;
    bool corner_hostile = r->opt.corner_hostile == CORNER_HOSTILE_ALL ||
                          r->opt.corner_hostile == CORNER_HOSTILE_DEFENDERS;
    bool throne_hostile = r->opt.throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
    for (int d = 0; d < RULES_DIRS; d++) {
        int u = r->neighbour[s->king][d];
        if (u < 0)
            continue;
        if (bit_test(s->attackers, u))
            count++;
        else if (is_corner(r, u))
            count += corner_hostile;
        else if (is_throne(r, u)) /* the king is beside it, so it is empty */
            count += throne_hostile;
    }
    return count;
}

double eval_evaluate(const Rules *r, const GameState *s, const EvalWeights *w)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    double v = w->attacker_material * s->attacker_count - w->defender_material * s->defender_count +
               w->king_distance * king_distance(r, s->king) -
               w->king_open_lines * lines_from(r, occ, s->king, -1, NULL) +
               w->king_attackers * king_attackers(r, s);
    if (w->king_two_move != 0.0)
        v -= w->king_two_move * king_two_move(r, s, occ);
    if (w->corner_guards != 0.0)
        v += w->corner_guards * corner_guards(r, s);
    if (w->king_threats != 0.0)
        v += w->king_threats * king_threats(r, s, occ, NULL);
    if (w->king_moves != 0.0)
        v -= w->king_moves * movegen_king_moves(r, s);
    if (w->mobility != 0.0) {
        /* The other side's moves are counted on a copy with the side flipped; movegen_count
         * reads only the boards and the side, so the stale hash does not matter. */
        GameState other = *s;
        other.side = (uint8_t)(s->side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS);
        int own = movegen_count(r, s), theirs = movegen_count(r, &other);
        int att = s->side == SIDE_ATTACKERS ? own : theirs;
        int def = s->side == SIDE_ATTACKERS ? theirs : own;
        v += w->mobility * (att - def);
    }
    return s->side == SIDE_ATTACKERS ? v : -v;
}

void eval_counts(const Rules *r, const GameState *s, EvalCounts *c)
{
    uint64_t occ[RULES_WORDS];
    occupancy(r, s, occ);
    c->attackers = s->attacker_count;
    c->defenders = s->defender_count;
    c->king_distance = king_distance(r, s->king);
    c->open_lines = lines_from(r, occ, s->king, -1, NULL);
    c->king_attackers = king_attackers(r, s);
    c->two_move = king_two_move(r, s, occ);
    c->corner_guards = corner_guards(r, s);
    c->threats = king_threats(r, s, occ, NULL);
    c->king_moves = movegen_king_moves(r, s);
    GameState other = *s;
    other.side = (uint8_t)(s->side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS);
    int own = movegen_count(r, s), theirs = movegen_count(r, &other);
    c->mobility = s->side == SIDE_ATTACKERS ? own - theirs : theirs - own;
}

double eval_weigh(const EvalCounts *c, const EvalWeights *w)
{
    /* The terms in eval_evaluate's order, so that the sums agree to the last bit. */
    double v = w->attacker_material * c->attackers - w->defender_material * c->defenders +
               w->king_distance * c->king_distance - w->king_open_lines * c->open_lines +
               w->king_attackers * c->king_attackers;
    if (w->king_two_move != 0.0)
        v -= w->king_two_move * c->two_move;
    if (w->corner_guards != 0.0)
        v += w->corner_guards * c->corner_guards;
    if (w->king_threats != 0.0)
        v += w->king_threats * c->threats;
    if (w->king_moves != 0.0)
        v -= w->king_moves * c->king_moves;
    if (w->mobility != 0.0)
        v += w->mobility * c->mobility;
    return v;
}
