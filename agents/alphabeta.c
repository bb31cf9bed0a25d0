/* The alpha-beta agent: negamax with alpha-beta pruning (Knuth and Moore 1975) under iterative
 * deepening, a Zobrist-keyed transposition table (Zobrist 1970), and move ordering by table
 * move, winning and capturing moves, killer moves (Akl and Newborn 1977) and the history
 * heuristic (Schaeffer 1989). Game ends come from state_apply on copies, with a search History,
 * so repetition, draw forts and the lack of moves are exact inside the tree.
 *
 * Choices the spec leaves open, pinned by tests/check_alphabeta.c:
 * - Node budget: every position visited (interior, leaf or game end) counts. When the budget
 *   runs out mid-iteration, the search stops and plays the best move of the unfinished
 *   iteration if at least its first root move (the previous best) was searched fully, else the
 *   last completed iteration's; stats.depth is the last completed depth.
 * - A forced result (|score| >= AGENT_WIN_SCORE - 1000) ends iterative deepening early: a
 *   deeper search finds neither a faster win nor an escape from a forced loss.
 * - Transposition table: one entry per slot, always replaced (the newest search is the most
 *   relevant; no aging needed), power-of-two slot count, kept across the moves of a game. A
 *   stored score cuts only at the same remaining depth (a deeper one, e.g. from a position
 *   recurring two plies later by sliding moves, only orders moves), so scores equal the plain
 *   depth-limited minimax whatever the table size or earlier searches (repetition aside, below):
 *   tt_mb changes speed and tie-breaks, never a score.
 *   Scores whose subtree met a repetition or draw-fort end are not stored, since they depend on
 *   the path. The converse (a stored score that would change because the new path's history
 *   makes a repetition reachable) is the known graph-history interaction and is accepted. When
 *   max_plies is set the key includes the ply, because the adjudication depends on it.
 * - Ties: root moves are searched in a fixed order (ordering scores, then movegen order) and a
 *   later move replaces the best only when strictly better.
 * - Deeper search, each a parameter so the plain search above stays reachable, and all of them
 *   on by default since setup format 2 (with qchecks=1, qrepeat and blend; the old defaults are
 *   AGENT_TYPE_ALPHABETA.legacy_defaults): pvs (principal-
 *   variation search, Marsland and Campbell 1982: null windows after the first move, exact
 *   scores), lmr (late-move reductions, Heinz 2000: quiet late moves a ply shallower first),
 *   tt_deep (cut from entries searched deeper, the usual rule; scores then depend on what the
 *   table holds) and ext (a ply more where the side to move faces a king escape or capture
 *   threat, at most depth / 2 + 1 times on a path) and nullmove (null-move pruning, below).
 *   lmr, tt_deep, ext and nullmove change scores, so the minimax-equality tests name the plain
 *   search (pvs=0,lmr=0,tt_deep=0,ext=0,nullmove=0). asp (aspiration windows at the root,
 * re-searched wider on a fail) changes no root score. All are pure functions of the counted search,
 * so a node budget stays deterministic. */
#include "agents/alphabeta.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent_impl.h"
#include "agents/eval.h"
#include "agents/evaluator.h"
#include "rules/bits.h"
#include "rules/common.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "rules/zobrist.h"

#define AB_MAX_DEPTH  64
#define AB_MAX_QDEPTH 32
#define AB_MAX_PLY    (AB_MAX_DEPTH + 2)
/* Positions on one search path, quiescence included: a network's accumulators, one a ply. */
#define AB_MAX_PATH (AB_MAX_PLY + AB_MAX_QDEPTH + 2)
#define SCORE_INF   (2.0 * AGENT_WIN_SCORE)
/* Scores at least this large mean a forced result found in the tree (plies <= AB_MAX_DEPTH). */
#define WIN_BOUND (AGENT_WIN_SCORE - 1000.0)
/* Leaf evaluations are clamped well inside the win scores. */
#define EVAL_CLAMP (AGENT_WIN_SCORE / 2.0)

/* A score that says a forced win or loss was found in the tree. */
static inline bool is_forced(double v)
{
    return v >= WIN_BOUND || v <= -WIN_BOUND;
}

/* Moves items[i] of an array of `size`-byte items to the front; the items before it keep their
 * order one place later. */
static void move_to_front(void *items, size_t size, int i)
{
    unsigned char held[sizeof(Move) > sizeof(double) ? sizeof(Move) : sizeof(double)];
    assert(size <= sizeof held && i >= 0);
    unsigned char *base = items;
    memcpy(held, base + (size_t)i * size, size);
    memmove(base + size, base, (size_t)i * size);
    memcpy(base, held, size);
}

/* Parameter indices, in PARAMS order. */
enum {
    P_DEPTH,
    P_NODES,
    P_TT_MB,
    P_NOISE,
    P_QUIESCE,
    P_QDEPTH,
    P_PVS,
    P_LMR,
    P_TT_DEEP,
    P_EXT,
    P_QCHECKS,
    P_NULLMOVE,
    P_QREPEAT,
    P_BLEND,
    P_ASP,
    P_EVAL,
    P_EVAL_MODEL = P_EVAL + EVAL_PARAM_COUNT,
    P_TB,
    P_COUNT
};

static const ParamSpec PARAMS[] = {
    {"depth", PARAM_INT, 4, 1, AB_MAX_DEPTH, NULL,
     "deepest iteration of iterative deepening, in plies"},
    {"nodes", PARAM_INT, 0, 0, 1e15, NULL,
     "budget of positions visited per move (0 = none); stops inside an iteration"},
    {"tt_mb", PARAM_INT, 16, 0, 4096, NULL, "transposition table size in MiB (0 = no table)"},
    {"noise", PARAM_REAL, 0, 0, 1000, NULL,
     "leaf evaluations get noise * u, u in [-1,1] hashed from (seed, position): seeded variety"},
    {"quiesce", PARAM_BOOL, 1, 0, 1, NULL,
     "quiescence search at the leaves: captures, king threats and escapes, blocks of an open line "
     "(no: the leaf is the static evaluation)"},
    {"qdepth", PARAM_INT, 4, 0, AB_MAX_QDEPTH, NULL,
     "deepest quiescence search below a leaf, in plies (its last ply is the evaluation)"},
    {"pvs", PARAM_BOOL, 1, 0, 1, NULL,
     "principal-variation search: moves after the first get a null window, re-searched when "
     "they beat it"},
    {"lmr", PARAM_BOOL, 1, 0, 1, NULL,
     "late-move reductions: quiet late moves (no capture, no king move, not in check) searched "
     "a ply shallower first"},
    {"tt_deep", PARAM_BOOL, 1, 0, 1, NULL,
     "the table cuts from entries searched deeper too (no: only at the same remaining depth)"},
    {"ext", PARAM_BOOL, 1, 0, 1, NULL,
     "extend a ply where the king has an open line to escape or can be captured next move"},
    {"qchecks", PARAM_INT, 1, 0, AB_MAX_QDEPTH, NULL,
     "on the attackers' first qchecks quiescence plies they also try quiet moves that threaten "
     "to capture the king next move, as the defenders try king moves that open a line (0 = "
     "none)"},
    {"nullmove", PARAM_BOOL, 1, 0, 1, NULL,
     "null-move pruning: where the side to move is not under a king threat and stands at or "
     "above beta, a pass searched 2-3 plies shallower that still fails high cuts the node"},
    {"qrepeat", PARAM_BOOL, 1, 0, 1, NULL,
     "quiescence also tries a move that wins by repetition (Copenhagen's rule: a third "
     "occurrence loses for the defenders, whoever makes it)"},
    {"blend", PARAM_BOOL, 1, 0, 1, NULL,
     "choose the root move by the mean of its scores at the last two iterations, an odd and an "
     "even depth, so that the side to move at the leaves does not swing the play with depth"},
    {"asp", PARAM_REAL, 0, 0, 1000, NULL,
     "aspiration windows: from depth 2 the root is searched in a window of asp evaluation units "
     "either side of the last iteration's score, widened fourfold on the side that fails (0 = "
     "the full window)"},
    EVAL_PARAM_INITIALIZERS,
    EVALUATOR_PARAM_INITIALIZER,
    AGENT_TABLES_PARAM_INITIALIZER,
};
_Static_assert(sizeof PARAMS / sizeof PARAMS[0] == P_COUNT, "PARAMS matches the indices");
_Static_assert(P_COUNT <= AGENT_MAX_PARAMS, "parameters fit in Agent.params");

typedef enum { BOUND_NONE = 0, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT } Bound;

typedef struct {
    uint64_t key;  /* tt_key of the position; 0 with bound NONE = empty */
    double score;  /* a forced result's score counts plies from this node, not the root */
    Move move;     /* best or refuting move; only ever matched against generated moves */
    int8_t depth;  /* remaining depth the score was searched to */
    uint8_t bound; /* Bound */
} TTEntry;

typedef struct {
    Agent base;
    int max_depth;
    uint64_t node_budget; /* 0 = none */
    double noise;
    bool quiesce;  /* search the leaves' tactical moves (quiescence) */
    int qdepth;    /* plies of quiescence below a leaf */
    bool pvs;      /* principal-variation search */
    bool lmr;      /* late-move reductions */
    bool tt_deep;  /* cut from deeper table entries */
    bool ext;      /* king-threat extensions */
    int qchecks;   /* quiescence plies with the attackers' threatening quiet moves */
    bool nullmove; /* null-move pruning */
    bool qrepeat;  /* quiescence tries the attackers' wins by repetition */
    bool blend;    /* root move by the mean of the last two iterations' scores */
    double asp;    /* aspiration window's half-width at the root; 0 = full window */
    int null_ply;  /* ply of the node reached by a pass now being searched; -1 = none */
    uint64_t seed;
    Evaluator eval;
    TTEntry *tt;    /* owned; NULL when tt_mb = 0 */
    size_t tt_mask; /* slots - 1 (slots a power of two) */
    History hist;   /* the game's positions since the last capture, then the search path */
    Move killers[AB_MAX_PLY][2];
    uint32_t *history;   /* history heuristic, [side][from * squares + to]; owned */
    int16_t *pick_trees; /* AB_MAX_PLY trees of 2 * pick_size entries (MovePicker); owned */
    int pick_size;       /* a power of two >= the ruleset's most legal moves */
    uint64_t nodes;
    bool stop; /* the node budget ran out: unwind without using scores */
    /* With a network evaluation (eval=FILE of a network file): the accumulator of the position
     * at each ply of the path (AB_MAX_PATH of them, allocated at the first search), kept move
     * by move (nnue_advance) instead of recomputed at each leaf. */
    NnueAcc *accs;
    bool net_check;          /* alphabeta_check_network: each leaf's accumulator refreshed and
                                compared */
    uint64_t net_checked;    /* leaves compared */
    uint64_t net_mismatches; /* of which differed */
} AlphaBeta;

/* --- ordering --- */

/* Ordering score bands, highest first. History counts saturate below the killers' band. */
#define ORDER_TT      (1 << 30)
#define ORDER_WIN     (1 << 29)
#define ORDER_CAPTURE (1 << 28)
#define ORDER_KILLER  (1 << 26)
#define HISTORY_MAX   ((1 << 25) - 1)

static inline bool bit_test(const uint64_t *bits, int sq)
{
    return (bits[sq >> 6] >> (sq & 63)) & 1;
}

/* Sets square sq's bit; sq < 0 (off the board) sets nothing. */
static inline void set_bit(uint64_t *bits, int sq)
{
    if (sq >= 0)
        bits[sq >> 6] |= 1ULL << (sq & 63);
}

/* The squares beside a piece of the side not to move: any capture, custodial or shieldwall,
 * takes a piece beside the arrival square, so a move landing elsewhere captures nothing. */
static void capture_squares(const Rules *r, const GameState *s, uint64_t *near)
{
    memset(near, 0, RULES_WORDS * sizeof *near);
    const uint64_t *enemies = s->side == SIDE_ATTACKERS ? s->defenders : s->attackers;
    for (int w = 0; w < r->words; w++)
        for (uint64_t b = enemies[w]; b; b &= b - 1) {
            int sq = w * 64 + bits_lowest(b);
            for (int d = 0; d < RULES_DIRS; d++)
                set_bit(near, r->neighbour[sq][d]);
        }
}

/* Pieces move m would capture, plus one when an attacker lands beside the king (a possible
 * king capture); a king move onto an escape square returns a large count. `near` is
 * capture_squares(s). No state is changed. */
static int tactical_weight(const Rules *r, const GameState *s, const uint64_t *near, Move m)
{
    int to = m.to;
    bool king = m.from == s->king;
    if (king) {
        bool escape =
            r->opt.escape == ESCAPE_CORNER ? bit_test(r->corner, to) : bit_test(r->edge, to);
        if (escape)
            return 100;
    }
    int weight = bit_test(near, to) ? state_capture_count(r, s, m) : 0;
    if (s->side == SIDE_ATTACKERS)
        for (int d = 0; d < RULES_DIRS; d++)
            weight += r->neighbour[to][d] == s->king;
    return weight;
}

static inline bool same_move(Move a, Move b)
{
    return a.from == b.from && a.to == b.to;
}

static inline uint32_t *history_slot(AlphaBeta *ab, int side, Move m)
{
    int n = ab->base.rules->squares;
    return &ab->history[((size_t)side * (size_t)n + m.from) * (size_t)n + m.to];
}

static void score_moves(AlphaBeta *ab, const GameState *s, const Move *moves, int n, Move tt_move,
                        int ply, int32_t *scores)
{
    const Rules *r = ab->base.rules;
    const Move *killer = ab->killers[ply];
    uint64_t near[RULES_WORDS];
    capture_squares(r, s, near);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int32_t sc;
        int t;
        if (same_move(m, tt_move))
            sc = ORDER_TT;
        else if ((t = tactical_weight(r, s, near, m)) >= 100)
            sc = ORDER_WIN;
        else if (t > 0)
            sc = ORDER_CAPTURE + t;
        else if (same_move(m, killer[0]))
            sc = ORDER_KILLER + 1;
        else if (same_move(m, killer[1]))
            sc = ORDER_KILLER;
        else
            sc = (int32_t)*history_slot(ab, s->side, m);
        scores[i] = sc;
    }
}

/* Swaps moves i and j of a list with their ordering scores. */
static inline void swap_moves(Move *moves, int32_t *scores, int i, int j)
{
    Move m = moves[i];
    int32_t sc = scores[i];
    moves[i] = moves[j];
    scores[i] = scores[j];
    moves[j] = m;
    scores[j] = sc;
}

/* Brings the best-scored move among i..n-1 to position i (the first of equals: lowest index). */
static inline void pick_move(Move *moves, int32_t *scores, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best != i)
        swap_moves(moves, scores, i, best);
}

/* pick_move in O(log n) a pick for the nodes that search many moves (fail-low nodes scan the
 * whole list once a pick with pick_move, n * n / 2 comparisons in all): a tournament tree over
 * the list's positions (Knuth, TAOCP vol. 3, 5.2.3 "tree selection") whose matches prefer the
 * higher score and, between equals, the lower position, which is pick_move's rule on the list as
 * its swaps leave it; so the moves come in exactly pick_move's order. tree[size + p] is
 * position p (-1 once picked or past the list), tree[k] the winner of tree[2k] and tree[2k + 1]. */
typedef struct {
    int16_t *tree; /* 2 * size entries, owned by the agent (one tree a ply) */
    int size;      /* a power of two >= the list's length */
} MovePicker;

static inline int16_t pick_winner(const int32_t *scores, int16_t a, int16_t b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return scores[b] > scores[a] || (scores[b] == scores[a] && b < a) ? b : a;
}

static void picker_update(MovePicker *p, const int32_t *scores, int pos)
{
    for (int k = (p->size + pos) >> 1; k >= 1; k >>= 1)
        p->tree[k] = pick_winner(scores, p->tree[2 * k], p->tree[2 * k + 1]);
}

/* The tree over positions from..n-1 of the list as it stands. */
static void picker_build(MovePicker *p, const int32_t *scores, int from, int n)
{
    for (int i = 0; i < p->size; i++)
        p->tree[p->size + i] = (int16_t)(i >= from && i < n ? i : -1);
    for (int k = p->size - 1; k >= 1; k--)
        p->tree[k] = pick_winner(scores, p->tree[2 * k], p->tree[2 * k + 1]);
}

/* pick_move(moves, scores, i, n) on a tree built over positions i..n-1. */
static void picker_pick(MovePicker *p, Move *moves, int32_t *scores, int i)
{
    int best = p->tree[1];
    assert(best >= i);
    p->tree[p->size + i] = -1;
    if (best != i) {
        swap_moves(moves, scores, i, best);
        picker_update(p, scores, best);
    }
    picker_update(p, scores, i);
}

/* Picks before negamax builds the tree: most nodes are cut by one of their first moves. */
#define PICKS_BEFORE_TREE 4

/* A quiet move refuted the position: remember it as a killer for this ply and credit it in the
 * history table by depth squared (Schaeffer 1989). */
static void note_cutoff(AlphaBeta *ab, int side, Move m, int depth, int ply)
{
    Move *k = ab->killers[ply];
    if (!same_move(k[0], m)) {
        k[1] = k[0];
        k[0] = m;
    }
    uint32_t *h = history_slot(ab, side, m);
    uint32_t add = (uint32_t)(depth * depth);
    *h = *h + add > HISTORY_MAX ? HISTORY_MAX : *h + add;
}

/* --- transposition table --- */

static inline uint64_t tt_key(const AlphaBeta *ab, const GameState *s)
{
    /* Under max_plies the same board at another ply may be adjudicated differently. */
    if (ab->base.rules->opt.max_plies > 0)
        return s->hash ^ rng_splitmix64(s->ply + 0x9e3779b97f4a7c15ULL);
    return s->hash;
}

/* Forced results are stored as distances from the node, so that they stay right when the same
 * position is met at another ply. */
static inline double score_to_tt(double v, int ply)
{
    if (v >= WIN_BOUND)
        return v + ply;
    if (v <= -WIN_BOUND)
        return v - ply;
    return v;
}

static inline double score_from_tt(double v, int ply)
{
    if (v >= WIN_BOUND)
        return v - ply;
    if (v <= -WIN_BOUND)
        return v + ply;
    return v;
}

/* --- search --- */

/* With a network: the accumulator of child, at `ply` on the path, from its parent's (ply - 1),
 * by the difference between the two positions. Without, nothing. */
static inline void net_track(AlphaBeta *ab, const GameState *parent, const GameState *child,
                             int ply)
{
    if (ab->eval.net) {
        assert(ply > 0 && ply < AB_MAX_PATH);
        nnue_advance(ab->eval.net, ab->base.rules, parent, child, &ab->accs[ply - 1],
                     &ab->accs[ply]);
    }
}

/* The static value of s, at `ply` on the path, for its side to move. */
static double leaf_value(AlphaBeta *ab, const GameState *s, int ply)
{
    double v;
    if (ab->eval.net) {
        v = evaluator_network_value(&ab->eval, &ab->accs[ply], (Side)s->side);
        if (ab->net_check) {
            ab->net_checked++;
            ab->net_mismatches += v != evaluator_value(ab->base.rules, s, &ab->eval);
        }
    } else {
        v = evaluator_value(ab->base.rules, s, &ab->eval);
    }
    if (ab->noise > 0) {
        /* A pure function of (seed, position), so the table stays consistent. */
        uint64_t h = rng_splitmix64(ab->seed ^ s->hash);
        double u = (double)(h >> 11) * 0x1.0p-53 * 2.0 - 1.0;
        v += ab->noise * u;
    }
    if (v > EVAL_CLAMP)
        return EVAL_CLAMP;
    if (v < -EVAL_CLAMP)
        return -EVAL_CLAMP;
    return v;
}

/* The mover's score of the finished game `child`, which lies `ply` plies from the root. */
static double terminal_score(const GameState *child, int mover, int ply)
{
    if (child->winner == WINNER_DRAW)
        return 0.0;
    bool mover_won = (child->winner == WINNER_ATTACKERS) == (mover == SIDE_ATTACKERS);
    return mover_won ? AGENT_WIN_SCORE - ply : -(AGENT_WIN_SCORE - ply);
}

static inline bool path_dependent_end(const Rules *r, const GameState *child)
{
    /* Under defenders_no_repeat the defenders' lack of moves can come from the history. */
    return child->reason == END_REPETITION || child->reason == END_DRAW_FORT ||
           (child->reason == END_NO_MOVES && r->opt.repetition == END_RULE_DEFENDERS_NO_REPEAT);
}

/* The side to move's legal moves at a node (ab->hist ends with s). When the no-repeat rule took
 * a move away, the node's value depends on the path: *path_dep is set. */
static int node_moves(AlphaBeta *ab, const GameState *s, Move *moves, bool *path_dep)
{
    const Rules *r = ab->base.rules;
    int n = movegen_legal_in_game(r, s, &ab->hist, moves);
    if (movegen_reads_history(r, s) && n != movegen_count(r, s))
        *path_dep = true;
    return n;
}

/* What gives_king_threat works out once per position, at the first move that needs it. */
typedef struct {
    bool ready;
    uint64_t band[RULES_WORDS]; /* the rows and files within one of the king's */
    EvalThreatProbe probe;
} ThreatAsk;

/* Sets in band the squares of the king's row and file and of the rows and files beside them. */
static void king_band(const Rules *r, int king, uint64_t *band)
{
    memset(band, 0, RULES_WORDS * sizeof *band);
    /* rows: from the king and the squares north and south of him, walk west and east; files:
     * from him and the squares west and east, walk north and south */
    const int pairs[2][2] = {{RULES_DIR_NORTH, RULES_DIR_SOUTH}, {RULES_DIR_WEST, RULES_DIR_EAST}};
    for (int axis = 0; axis < 2; axis++) {
        const int *side = pairs[axis], *along = pairs[1 - axis];
        int starts[3] = {king, r->neighbour[king][side[0]], r->neighbour[king][side[1]]};
        for (int i = 0; i < 3; i++) {
            if (starts[i] < 0)
                continue;
            set_bit(band, starts[i]);
            for (int j = 0; j < 2; j++)
                for (int sq = r->neighbour[starts[i]][along[j]]; sq >= 0;
                     sq = r->neighbour[sq][along[j]])
                    set_bit(band, sq);
        }
    }
}

/* True when the attackers' quiet move m (no capture) leaves an attacker able to capture the
 * king next move: a "check" in the sense of qsearch. Only a move that starts or ends within one
 * row or file of the king's can: the squares beside him lie there, and so do the lines that
 * reach them. */
static bool gives_king_threat(const Rules *r, const GameState *s, ThreatAsk *ask, Move m)
{
    if (!ask->ready) {
        king_band(r, s->king, ask->band);
        eval_threat_probe_init(r, s, &ask->probe);
        ask->ready = true;
    }
    if (!bit_test(ask->band, m.from) && !bit_test(ask->band, m.to))
        return false;
    return eval_quiet_move_threatens(r, s, &ask->probe, m);
}

/* Quiescence search (Beal 1990; the chess programming wiki's "Quiescence Search"): below a
 * depth-limited leaf only moves that change the position's tactics are searched, so that the
 * static evaluation is read where no immediate win, capture or threat is pending; this removes
 * the leaf's side-to-move bias that makes plain depth-limited play swing with depth parity.
 * - The attackers, when the king has an open line to an escape square, are "in check": they
 *   may not stand pat and search only the moves that close a line or capture the king; with
 *   none the king escapes next ply. Otherwise they stand pat or try captures and king captures.
 * - The defenders, when an attacker can capture the king next move, are in check: they search
 *   king moves, captures and moves onto a threatened square or an attacker's way to it; with
 *   none the king is taken next ply. Otherwise they stand pat or try captures and king moves
 *   that reach an escape square or a square with an open line.
 * After qdepth plies the evaluation is returned, check or not. Fail-soft like negamax. */
/* The tables' exact value of s for its side to move, ply plies below the root, as a score
 * (agent_table_value says when there is one). */
static bool table_value(const AlphaBeta *ab, const GameState *s, int ply, double *value)
{
    SolveValue v;
    if (!agent_table_value(&ab->base, s, &v))
        return false;
    /* as terminal_score counts a game's end: the nearer the win, the higher */
    double plies = ply + (v.plies < 900 ? v.plies : 900);
    *value = v.outcome == SOLVE_WIN ? AGENT_WIN_SCORE - plies : -(AGENT_WIN_SCORE - plies);
    return true;
}

/* The node budget spent, or (every 1,024 nodes) the agent's deadline passed: the search
 * unwinds and plays the best move found so far. */
static inline bool out_of_budget(const AlphaBeta *ab)
{
    return (ab->node_budget && ab->nodes > ab->node_budget) ||
           ((ab->nodes & 1023) == 0 && agent_past_deadline(&ab->base));
}

static double qsearch(AlphaBeta *ab, const GameState *s, int ply, int qply, double alpha,
                      double beta, bool *path_dep)
{
    const Rules *r = ab->base.rules;
    ab->nodes++;
    if (out_of_budget(ab)) {
        ab->stop = true;
        return 0.0;
    }
    double exact;
    if (table_value(ab, s, ply, &exact))
        return exact;
    const bool attackers = s->side == SIDE_ATTACKERS;
    /* In check, the squares where a piece would close the king's lines or stop the threat. */
    uint64_t stop_sq[RULES_WORDS];
    const bool check = attackers ? eval_king_lines(r, s, stop_sq) > 0
                                 : eval_king_threat_squares(r, s, stop_sq) > 0;
    double best = -SCORE_INF;
    if (!check || qply >= ab->qdepth) {
        double stand = leaf_value(ab, s, ply);
        if (qply >= ab->qdepth || stand >= beta)
            return stand;
        best = stand;
        if (stand > alpha)
            alpha = stand;
    }

    Move moves[RULES_MAX_MOVES];
    int32_t scores[RULES_MAX_MOVES];
    /* Captures land beside an enemy (capture_squares), and a king capture ends beside the
     * king: mark those squares once. */
    uint64_t near[RULES_WORDS], near_king[RULES_WORDS] = {0};
    capture_squares(r, s, near);
    for (int d = 0; d < RULES_DIRS; d++)
        set_bit(near_king, r->neighbour[s->king][d]);
    /* qchecks: the attackers' quiet threats on the first qchecks quiescence plies (a bound on
     * checks in quiescence, as chess programs keep them to the first plies), the counterpart of
     * the defenders' king moves towards escape. */
    const bool qchecks = !check && qply < ab->qchecks;
    /* qrepeat: under Copenhagen's repetition rule a third occurrence is the attackers' win
     * whoever makes it, so a quiet attackers' move that makes one is as tactical as a king
     * capture. Without it a search ending on the defenders' move cannot see that the
     * attackers can repeat next ply, and at depth 1 the defenders walk into lost repetitions
     * that depth 2 avoids (results/depth-parity). A third occurrence needs eight reversible
     * plies (state_apply), so the child of s needs s to have seven. */
    const bool qrepeat = ab->qrepeat && attackers && r->opt.repetition == END_RULE_DEFENDERS_LOSE &&
                         ab->hist.entries[ab->hist.length - 1].reversible >= 7;
    /* The filter below keeps only moves onto these squares and the defenders' king moves, unless
     * it also looks for quiet threats or repetitions: list just those (in the same order, so the
     * search is the same). Where the history takes moves away the full list decides path_dep. */
    int n, kept = 0;
    if (!qchecks && !qrepeat && !movegen_reads_history(r, s)) {
        uint64_t to[RULES_WORDS];
        for (int w = 0; w < RULES_WORDS; w++)
            to[w] = near[w] | (attackers ? near_king[w] : 0) | (check ? stop_sq[w] : 0);
        n = movegen_legal_to(r, s, to, !attackers, moves);
    } else {
        n = node_moves(ab, s, moves, path_dep);
    }
    ThreatAsk ask;
    ask.ready = false;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int caps = bit_test(near, m.to) ? state_capture_count(r, s, m) : 0;
        bool keep;
        int32_t sc = caps;
        if (attackers) {
            bool kill = bit_test(near_king, m.to) && eval_move_captures_king(r, s, m);
            keep = kill || (check ? bit_test(stop_sq, m.to) : caps > 0);
            if (!keep && qchecks && gives_king_threat(r, s, &ask, m)) {
                keep = true;
                sc += 10;
            }
            if (!keep && qrepeat && caps == 0 && movegen_recurrences(r, s, &ab->hist, m) >= 2) {
                keep = true;
                sc += 1000;
            }
            sc += kill ? 1000 : 0;
        } else {
            bool king = m.from == s->king;
            bool threat = king && eval_king_move_threatens(r, s, m);
            /* In check: a king move, a capture, or a stop on the threat's path. */
            keep = caps > 0 || threat || (check && (king || bit_test(stop_sq, m.to)));
            sc += threat ? 100 : 0;
        }
        if (keep) {
            moves[kept] = m;
            scores[kept++] = sc;
        }
    }
    /* No answer to the check: the king escapes, or is taken, next ply. */
    if (kept == 0 && check)
        return -(AGENT_WIN_SCORE - (ply + 2));

    bool dep = false;
    const int len = ab->hist.length;
    for (int i = 0; i < kept; i++) {
        pick_move(moves, scores, i, kept);
        GameState child = *s;
        state_apply(r, &child, &ab->hist, moves[i], NULL);
        double v;
        if (state_is_over(&child)) {
            ab->nodes++;
            v = terminal_score(&child, s->side, ply + 1);
            dep |= path_dependent_end(r, &child);
        } else {
            net_track(ab, s, &child, ply + 1);
            v = -qsearch(ab, &child, ply + 1, qply + 1, -beta, -alpha, &dep);
        }
        history_truncate(&ab->hist, len);
        if (ab->stop)
            return 0.0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    *path_dep |= dep;
    return best;
}

/* The side to move is "in check": the attackers when the king has an open line to an escape
 * square (it escapes next ply unless stopped), the defenders when an attacker can capture the
 * king next move. */
static bool in_check(const Rules *r, const GameState *s)
{
    uint64_t sq[RULES_WORDS];
    return s->side == SIDE_ATTACKERS ? eval_king_lines(r, s, sq) > 0
                                     : eval_king_threat_squares(r, s, sq) > 0;
}

/* Half-width of the null window of principal-variation search. Scores are doubles, so the
 * window is (alpha, alpha + NULL_WINDOW): a value above alpha is re-searched, which keeps the
 * result exact whatever the evaluation's resolution (Marsland and Campbell 1982). */
#define NULL_WINDOW 1e-6

/* Plies a late quiet move is reduced by: 1/2 + ln(depth) ln(index + 1) / 2, rounded down, at
 * least 1 and leaving at least one ply (the logarithmic rule of Stockfish's search.cpp, as the
 * chess programming wiki's "Late Move Reductions" describes it). */
static int lmr_plies(int depth, int index)
{
    int r = (int)(0.5 + log((double)depth) * log((double)index + 1.0) / 2.0);
    if (r < 1)
        r = 1;
    if (r > depth - 2)
        r = depth - 2;
    return r;
}

static double negamax(AlphaBeta *ab, const GameState *s, int depth, int ply, double alpha,
                      double beta, int ext_left, bool *path_dep);

/* True when one more ply reaches the game's cap (a pass must not step over it). */
static inline bool cap_next_ply(const Rules *r, const GameState *s)
{
    return r->opt.max_plies > 0 && s->ply + 1 >= (uint32_t)r->opt.max_plies;
}

/* Null-move pruning (Beal 1989; Goetsch and Campbell 1990; the adaptive reduction of Heinz
 * 1999, as the chess programming wiki's "Null Move Pruning" describes them): the side to move
 * passes, and if the opponent, searched R plies shallower with a null window at beta, still
 * cannot bring the score below beta, the node is taken to fail high. Tafl has no zugzwang to
 * speak of while a side keeps several pieces, so a pass is a fair lower bound. Not tried under a
 * king threat (check), below the static score, near forced results, with few pieces left, right
 * after another pass, or in principal-variation nodes of a pvs search. The pass flips the side
 * and the hash, counts a ply and is not recorded in the history, so it never makes a repetition. */
static bool null_move_cuts(AlphaBeta *ab, const GameState *s, int depth, int ply, double alpha,
                           double beta, bool check, bool *path_dep)
{
    if (depth < 2 || check || ab->null_ply == ply || beta >= WIN_BOUND || alpha <= -WIN_BOUND)
        return false;
    if (ab->pvs && beta - alpha > 2 * NULL_WINDOW)
        return false;
    if (s->side == SIDE_ATTACKERS ? s->attacker_count < 4 : s->defender_count < 2)
        return false;
    if (cap_next_ply(ab->base.rules, s) || leaf_value(ab, s, ply) < beta)
        return false;
    const int reduce = depth > 6 ? 3 : 2;
    GameState child = *s;
    child.side = (uint8_t)(1 - s->side);
    child.hash ^= zobrist_side();
    child.ply++;
    net_track(ab, s, &child, ply + 1);
    const int saved = ab->null_ply;
    ab->null_ply = ply + 1;
    int child_depth = depth - 1 - reduce;
    if (child_depth < 0)
        child_depth = 0;
    double v = -negamax(ab, &child, child_depth, ply + 1, -beta, -beta + NULL_WINDOW, 0, path_dep);
    ab->null_ply = saved;
    return !ab->stop && v >= beta;
}

/* The table's slot for key (NULL without a table). A stored entry of the position gives its
 * move in *tt_move and, when its depth and bound settle the node, true with its value. */
static bool tt_probe(AlphaBeta *ab, uint64_t key, int depth, int ply, double alpha, double beta,
                     TTEntry **slot, Move *tt_move, double *value)
{
    if (!ab->tt)
        return false;
    TTEntry *e = *slot = &ab->tt[key & ab->tt_mask];
    if (e->bound == BOUND_NONE || e->key != key)
        return false;
    *tt_move = e->move;
    /* By default exactly this depth, not deeper: the search then returns the depth-limited
     * minimax value whatever the table holds (see the file comment). tt_deep also trusts deeper
     * entries, the usual rule, which saves re-searching positions that recur by transposition
     * at a shallower remaining depth. */
    if (e->depth != depth && !(ab->tt_deep && e->depth > depth))
        return false;
    *value = score_from_tt(e->score, ply);
    return e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && *value >= beta) ||
           (e->bound == BOUND_UPPER && *value <= alpha);
}

/* The value, for the side to move in s, of its i-th move m (ordered with score `order`, taking
 * `captures` pieces), already played into child, searched to depth - 1 within (alpha, beta). */
static double search_child(AlphaBeta *ab, const GameState *s, const GameState *child, Move m,
                           int captures, int i, int32_t order, int depth, int ply, double alpha,
                           double beta, int ext_left, bool check, bool *dep)
{
    if (state_is_over(child)) {
        ab->nodes++;
        *dep |= path_dependent_end(ab->base.rules, child);
        return terminal_score(child, s->side, ply + 1);
    }
    net_track(ab, s, child, ply + 1);
    const bool late_quiet = ab->lmr && i >= 3 && depth >= 3 && !check && captures == 0 &&
                            m.from != s->king && order < ORDER_KILLER;
    double v;
    if (i == 0 || !ab->pvs) {
        /* Late-move reduction without PVS: a reduced search of the full window, redone at full
         * depth when it does not fail low. */
        int reduce = late_quiet ? 1 : 0;
        v = -negamax(ab, child, depth - 1 - reduce, ply + 1, -beta, -alpha, ext_left, dep);
        if (reduce && !ab->stop && v > alpha)
            v = -negamax(ab, child, depth - 1, ply + 1, -beta, -alpha, ext_left, dep);
        return v;
    }
    /* Principal-variation search: the first move is expected best, the others are shown worse
     * with a null window; one that is not is searched again with the full window. Late-move
     * reductions (Heinz 2000; the chess programming wiki's "Late Move Reductions"): a quiet move
     * late in the order, when the side to move is not answering a threat, is first searched
     * lmr_plies shallower, and at full depth only if it beats alpha. */
    int reduce = late_quiet ? lmr_plies(depth, i) : 0;
    const double nw = alpha + NULL_WINDOW;
    v = -negamax(ab, child, depth - 1 - reduce, ply + 1, -nw, -alpha, ext_left, dep);
    if (reduce && !ab->stop && v > alpha)
        v = -negamax(ab, child, depth - 1, ply + 1, -nw, -alpha, ext_left, dep);
    if (!ab->stop && v > alpha && v < beta)
        v = -negamax(ab, child, depth - 1, ply + 1, -beta, -alpha, ext_left, dep);
    return v;
}

/* Fail-soft negamax of s (not over) to `depth` plies; ply counts from the root. Sets
 * *path_dep when the value depends on a repetition or draw-fort end below. ext_left bounds the
 * king-threat extensions still allowed on this path, so the search terminates. */
static double negamax(AlphaBeta *ab, const GameState *s, int depth, int ply, double alpha,
                      double beta, int ext_left, bool *path_dep)
{
    const Rules *r = ab->base.rules;
    /* Check extension (the chess programming wiki's "Check Extensions"): a king one move from
     * escape, or one move from capture, is searched a ply deeper so that the answer to the
     * threat is not cut off at the horizon. At most ext_left times on a path, and never
     * beyond AB_MAX_PLY. */
    bool check = false;
    if ((ab->ext || ab->lmr || ab->nullmove) && depth > 0) {
        check = in_check(r, s);
        if (check && ab->ext && ext_left > 0 && ply + depth < AB_MAX_DEPTH) {
            depth++;
            ext_left--;
        }
    }
    if (depth == 0 && ab->quiesce)
        return qsearch(ab, s, ply, 0, alpha, beta, path_dep); /* counts the node itself */
    ab->nodes++;
    if (out_of_budget(ab)) {
        ab->stop = true;
        return 0.0;
    }
    double exact;
    if (table_value(ab, s, ply, &exact))
        return exact;
    if (depth == 0)
        return leaf_value(ab, s, ply);

    uint64_t key = tt_key(ab, s);
    TTEntry *e = NULL;
    Move tt_move = {0, 0}; /* from == to: matches no move */
    double tt_value;
    if (tt_probe(ab, key, depth, ply, alpha, beta, &e, &tt_move, &tt_value))
        return tt_value;

    bool dep = false;
    if (ab->nullmove && null_move_cuts(ab, s, depth, ply, alpha, beta, check, &dep)) {
        *path_dep |= dep;
        return beta;
    }

    Move moves[RULES_MAX_MOVES];
    int32_t scores[RULES_MAX_MOVES];
    int n = node_moves(ab, s, moves, &dep);
    /* state_apply ends a game whose side to move has no move; only a pass (null_move_cuts) can
     * leave a side without one, and then the pass has done its work: fail low here. */
    assert(n > 0 || ab->null_ply == ply);
    if (n == 0)
        return alpha;
    score_moves(ab, s, moves, n, tt_move, ply, scores);

    const double alpha0 = alpha;
    double best = -SCORE_INF;
    Move best_move = moves[0];
    const int len = ab->hist.length;
    assert(ply < AB_MAX_PLY);
    MovePicker picker = {ab->pick_trees + (size_t)ply * 2 * (size_t)ab->pick_size, ab->pick_size};
    for (int i = 0; i < n; i++) {
        if (i < PICKS_BEFORE_TREE) {
            pick_move(moves, scores, i, n);
        } else {
            if (i == PICKS_BEFORE_TREE)
                picker_build(&picker, scores, i, n);
            picker_pick(&picker, moves, scores, i);
        }
        Move m = moves[i];
        GameState child = *s;
        CaptureList caps;
        state_apply(r, &child, &ab->hist, m, &caps);
        double v = search_child(ab, s, &child, m, caps.count, i, scores[i], depth, ply, alpha, beta,
                                ext_left, check, &dep);
        history_truncate(&ab->hist, len);
        if (ab->stop)
            return 0.0;
        if (v > best) {
            best = v;
            best_move = m;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            if (caps.count == 0 && !state_is_over(&child))
                note_cutoff(ab, s->side, m, depth, ply);
            break;
        }
    }

    *path_dep |= dep;
    if (e && !dep) {
        e->key = key;
        e->score = score_to_tt(best, ply);
        e->move = best_move;
        e->depth = (int8_t)depth;
        e->bound = best <= alpha0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    }
    return best;
}

/* Copies the part of the game's history that can still matter (since the last capture). */
static void load_history(AlphaBeta *ab, const GameState *s, const History *hist)
{
    history_clear(&ab->hist);
    if (!hist || hist->length == 0) {
        history_push(&ab->hist, s->hash, s->fort_hash, true, s->side == SIDE_ATTACKERS);
        return;
    }
    int newest = hist->length - 1;
    assert(hist->entries[newest].hash == s->hash);
    int oldest = newest - (int)hist->entries[newest].reversible;
    for (int i = oldest; i <= newest; i++) {
        const HistoryEntry *e = &hist->entries[i];
        history_push(&ab->hist, e->hash, e->fort_hash, e->after_capture, e->after_defender_move);
    }
}

/* blend: the root move is chosen by the mean of its scores at this iteration and the one before,
 * an odd and an even depth, so that which side moves at the leaves does not decide the play (the
 * "odd-even effect" of depth-limited search: at one parity each side's search ends on its own
 * move and sees its own threats, at the other on the opponent's). Averaging the last two
 * iterations is the usual remedy in game programs whose evaluation swings with the side to move
 * (the chess programming wiki's "Odd-Even Effect"). Only the moves whose mean can beat the best
 * get an exact score: a null window at the score they need tells the others. */
typedef struct {
    double score[RULES_MAX_MOVES]; /* each root move's score at an iteration, root mover's view */
    bool exact[RULES_MAX_MOVES];   /* false: score is only an upper bound */
} RootScores;

/* A forced result is taken as found; otherwise the mean of the two depths. */
static inline double blended(double now, double before)
{
    return is_forced(now) || is_forced(before) ? now : 0.5 * (now + before);
}

/* One blend iteration at depth `depth` over the root moves: fills cur, makes exact the scores of
 * prev that a move's mean needs, and returns the index of the best mean (its mean in *mean), or
 * -1 when the node budget ran out before the first move was searched. */
static int blend_iteration(AlphaBeta *ab, const GameState *s, const Move *moves, int n, int depth,
                           RootScores *prev, RootScores *cur, double *mean, bool *dep)
{
    const Rules *r = ab->base.rules;
    const int len = ab->hist.length;
    const int ext = ab->ext ? depth / 2 + 1 : 0, prev_ext = ab->ext ? (depth - 1) / 2 + 1 : 0;
    int best = -1;
    double best_mean = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &ab->hist, moves[i], NULL);
        net_track(ab, s, &child, 1);
        double v;
        bool exact = true;
        if (state_is_over(&child)) {
            ab->nodes++;
            v = terminal_score(&child, s->side, 1);
        } else if (best < 0) {
            v = -negamax(ab, &child, depth - 1, 1, -SCORE_INF, SCORE_INF, ext, dep);
        } else {
            /* The mean beats the best only where v beats t. */
            const double p = prev->score[i];
            const double t = is_forced(p) || is_forced(best_mean) ? best_mean : 2.0 * best_mean - p;
            v = -negamax(ab, &child, depth - 1, 1, -(t + NULL_WINDOW), -t, ext, dep);
            exact = !ab->stop && v > t;
            if (exact) {
                v = -negamax(ab, &child, depth - 1, 1, -SCORE_INF, -t, ext, dep);
                exact = v > t;
            }
        }
        if (!ab->stop && exact && !prev->exact[i] && !state_is_over(&child)) {
            /* The last iteration left only a bound on this move: its score at that depth. */
            prev->score[i] =
                -negamax(ab, &child, depth - 2, 1, -SCORE_INF, SCORE_INF, prev_ext, dep);
            prev->exact[i] = true;
        }
        history_truncate(&ab->hist, len);
        if (ab->stop)
            break;
        cur->score[i] = v;
        cur->exact[i] = exact;
        if (exact && blended(v, prev->score[i]) > best_mean) {
            best_mean = blended(v, prev->score[i]);
            best = i;
        }
    }
    *mean = best_mean;
    return best;
}

/* One pass over the root moves at depth `depth` with the root window (lo, hi): the index of the
 * best move and its score in *score; -1 when the budget ran out before the first move was
 * searched. A pass stops at the first move that reaches hi (a fail high). */
static int root_pass(AlphaBeta *ab, const GameState *s, const Move *moves, int n, int depth,
                     int ext, double lo, double hi, double *score, bool *dep)
{
    const Rules *r = ab->base.rules;
    const int len = ab->hist.length;
    double alpha = lo, best_score = -SCORE_INF;
    int best = -1;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &ab->hist, moves[i], NULL);
        net_track(ab, s, &child, 1);
        double v;
        if (state_is_over(&child)) {
            ab->nodes++;
            v = terminal_score(&child, s->side, 1);
        } else if (ab->pvs && best >= 0) {
            /* Principal-variation search at the root too: a later move replaces the best only
             * when strictly better, which the null window decides. */
            v = -negamax(ab, &child, depth - 1, 1, -(alpha + NULL_WINDOW), -alpha, ext, dep);
            if (!ab->stop && v > alpha && v < hi)
                v = -negamax(ab, &child, depth - 1, 1, -hi, -alpha, ext, dep);
        } else {
            v = -negamax(ab, &child, depth - 1, 1, -hi, -alpha, ext, dep);
        }
        history_truncate(&ab->hist, len);
        if (ab->stop)
            break;
        if (v > best_score) {
            best_score = v;
            best = i;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= hi)
            break;
    }
    *score = best_score;
    return best;
}

/* One iteration at depth `depth` over the root moves: the index of the best move and its score
 * in *score, or -1 when the budget ran out before a move was searched. With asp, an
 * aspiration window (the chess programming wiki's "Aspiration Windows"; Brockington and
 * Schaeffer's "Aspiration search" survey): the root is searched in (last - asp, last + asp)
 * around the last iteration's score `last`, and a score outside it is searched again with the
 * window widened fourfold on the side that failed, up to the full window. Fail-soft bounds in
 * the table keep every pass's scores exact within its window, so the iteration's score equals
 * the full window's. When the budget runs out in a pass, a move is kept only if it scored above
 * the window's lower end (exactly, or as a fail high). */
static int root_iteration(AlphaBeta *ab, const GameState *s, const Move *moves, int n, int depth,
                          int ext, double last, double *score, bool *dep)
{
    double width = ab->asp, lo = -SCORE_INF, hi = SCORE_INF;
    if (width > 0 && depth >= 2 && !isnan(last) && !is_forced(last)) {
        lo = last - width;
        hi = last + width;
    }
    for (;;) {
        int best = root_pass(ab, s, moves, n, depth, ext, lo, hi, score, dep);
        if (ab->stop)
            return best >= 0 && *score > lo ? best : -1;
        if (*score > lo && *score < hi)
            return best;
        width *= 4.0;
        /* Past a hundred attackers' worth the window is the full one on that side. */
        if (*score <= lo)
            lo = width > 1000.0 ? -SCORE_INF : last - width;
        else
            hi = width > 1000.0 ? SCORE_INF : last + width;
    }
}

/* Iterative deepening from the root to max_depth; fills the stats and returns the move. */
static Move search_root(AlphaBeta *ab, const GameState *s, const History *hist, int max_depth)
{
    const Rules *r = ab->base.rules;
    assert(!state_is_over(s));
    load_history(ab, s, hist);
    /* A player model reads the weights of the side the agent plays; an agent asked to move for
     * the other side (`tafl move`, an engine host) drops the table's scores of the other ones
     * (evaluator_play says when). */
    if (evaluator_play(&ab->eval, (Side)s->side) && ab->tt)
        memset(ab->tt, 0, (ab->tt_mask + 1) * sizeof *ab->tt);
    ab->nodes = 0;
    ab->stop = false;
    ab->null_ply = -1;
    if (ab->eval.net) {
        if (!ab->accs)
            ab->accs = xmalloc(AB_MAX_PATH * sizeof *ab->accs);
        nnue_refresh(ab->eval.net, r, s, &ab->accs[0]);
    }
    memset(ab->killers, 0, sizeof ab->killers);
    /* Age the history heuristic so that the last moves' cutoffs count most. */
    size_t hsize = 2 * (size_t)r->squares * (size_t)r->squares;
    for (size_t i = 0; i < hsize; i++)
        ab->history[i] >>= 1;

    Move moves[RULES_MAX_MOVES];
    int32_t scores[RULES_MAX_MOVES];
    int n = movegen_legal_in_game(r, s, &ab->hist, moves);
    assert(n > 0);
    Move tt_move = {0, 0};
    if (ab->tt) {
        const TTEntry *e = &ab->tt[tt_key(ab, s) & ab->tt_mask];
        if (e->bound != BOUND_NONE && e->key == tt_key(ab, s))
            tt_move = e->move;
    }
    score_moves(ab, s, moves, n, tt_move, 0, scores);
    for (int i = 0; i < n; i++)
        pick_move(moves, scores, i, n);

    Move best = moves[0];
    double best_score = leaf_value(ab, s, 0);
    int done = 0;
    const int len = ab->hist.length;
    /* blend: the scores of the last iteration and of this one (before the first, each move's
     * static evaluation). Heap-allocated: two of them are larger than a thread's stack wants. */
    RootScores *prev = NULL, *cur = NULL;
    if (ab->blend) {
        prev = xmalloc(sizeof *prev);
        cur = xmalloc(sizeof *cur);
        for (int i = 0; i < n; i++) {
            GameState child = *s;
            state_apply(r, &child, &ab->hist, moves[i], NULL);
            net_track(ab, s, &child, 1);
            prev->score[i] = state_is_over(&child) ? terminal_score(&child, s->side, 1)
                                                   : -leaf_value(ab, &child, 1);
            prev->exact[i] = true;
            history_truncate(&ab->hist, len);
        }
    }
    for (int depth = 1; depth <= max_depth; depth++) {
        ab->nodes++; /* the root */
        double iter_score = -SCORE_INF;
        int iter_best = -1;
        bool dep = false;
        /* Extensions on one path: at most half the iteration's depth, so an iteration's tree
         * stays within 1.5 times its depth. */
        const int ext = ab->ext ? depth / 2 + 1 : 0;
        if (ab->blend)
            iter_best = blend_iteration(ab, s, moves, n, depth, prev, cur, &iter_score, &dep);
        else
            iter_best = root_iteration(ab, s, moves, n, depth, ext, done > 0 ? best_score : NAN,
                                       &iter_score, &dep);
        if (iter_best >= 0) {
            best = moves[iter_best];
            best_score = iter_score;
        }
        if (ab->stop)
            break;
        done = depth;
        /* The best move leads the next iteration; the others keep their order. */
        move_to_front(moves, sizeof *moves, iter_best);
        if (ab->blend) {
            /* This iteration's scores are the next one's "before", in the same order. */
            RootScores *t = prev;
            prev = cur;
            cur = t;
            move_to_front(prev->score, sizeof prev->score[0], iter_best);
            move_to_front(prev->exact, sizeof prev->exact[0], iter_best);
        }
        if (is_forced(iter_score))
            break;
    }
    if (ab->tt && done > 0) {
        TTEntry *e = &ab->tt[tt_key(ab, s) & ab->tt_mask];
        if (e->bound == BOUND_NONE || e->key != tt_key(ab, s) || e->depth < done) {
            /* Keep the root's best move for the next search (ordering only: a low depth). */
            e->key = tt_key(ab, s);
            e->score = 0.0;
            e->move = best;
            e->depth = 0;
            e->bound = BOUND_UPPER;
        }
    }
    free(prev);
    free(cur);
    ab->base.stats.nodes = ab->nodes;
    ab->base.stats.depth = done;
    ab->base.stats.score = best_score;
    return best;
}

/* --- the agent --- */

static Move ab_choose(Agent *agent, const GameState *s, const History *hist)
{
    AlphaBeta *ab = (AlphaBeta *)agent;
    return search_root(ab, s, hist, ab->max_depth);
}

double alphabeta_search(Agent *agent, const GameState *s, const History *hist, int depth,
                        Move *best)
{
    assert(agent->type == &AGENT_TYPE_ALPHABETA);
    assert(depth >= 1 && depth <= AB_MAX_DEPTH);
    AlphaBeta *ab = (AlphaBeta *)agent;
    Move m = search_root(ab, s, hist, depth);
    if (best)
        *best = m;
    return ab->base.stats.score;
}

static void ab_new_game(Agent *agent, uint64_t seed)
{
    AlphaBeta *ab = (AlphaBeta *)agent;
    const Rules *r = agent->rules;
    ab->seed = seed;
    if (ab->tt)
        memset(ab->tt, 0, (ab->tt_mask + 1) * sizeof *ab->tt);
    memset(ab->history, 0, 2 * (size_t)r->squares * (size_t)r->squares * sizeof *ab->history);
    memset(ab->killers, 0, sizeof ab->killers);
}

static void ab_destroy(Agent *agent)
{
    AlphaBeta *ab = (AlphaBeta *)agent;
    if (!ab)
        return;
    free(ab->tt);
    free(ab->history);
    free(ab->pick_trees);
    free(ab->accs);
    history_free(&ab->hist);
    free(ab);
}

static const AgentOps OPS = {ab_choose, ab_new_game, ab_destroy};

/* The table's slots: the largest power of two that fits in tt_mb MiB (0: no table). */
static size_t tt_slots(double tt_mb)
{
    size_t slots = ((size_t)tt_mb << 20) / sizeof(TTEntry);
    if (slots == 0)
        return 0;
    size_t pow2 = 1;
    while (pow2 * 2 <= slots)
        pow2 *= 2;
    return pow2;
}

/* A power of two at least the most legal moves a position of r can have (four directions from
 * every square bounds them). */
static int pick_size(const Rules *r)
{
    int size = 1;
    while (size < 4 * r->squares)
        size *= 2;
    return size;
}

/* What ab_create allocates: the table, the history table and the move pickers' trees. */
static uint64_t ab_memory(const Rules *r, const double *params)
{
    return (uint64_t)tt_slots(params[P_TT_MB]) * sizeof(TTEntry) +
           2 * (uint64_t)r->squares * (uint64_t)r->squares * sizeof(uint32_t) +
           (uint64_t)AB_MAX_PLY * 2 * (uint64_t)pick_size(r) * sizeof(int16_t);
}

static Agent *ab_create(const Rules *r, const double *params, uint64_t seed)
{
    AlphaBeta *ab = xcalloc(1, sizeof *ab);
    agent_init_base(&ab->base, &OPS, &AGENT_TYPE_ALPHABETA, r, params);
    ab->max_depth = (int)params[P_DEPTH];
    ab->node_budget = (uint64_t)params[P_NODES];
    ab->noise = params[P_NOISE];
    ab->quiesce = params[P_QUIESCE] != 0;
    ab->qdepth = (int)params[P_QDEPTH];
    ab->pvs = params[P_PVS] != 0;
    ab->lmr = params[P_LMR] != 0;
    ab->tt_deep = params[P_TT_DEEP] != 0;
    ab->ext = params[P_EXT] != 0;
    ab->qchecks = (int)params[P_QCHECKS];
    ab->nullmove = params[P_NULLMOVE] != 0;
    ab->qrepeat = params[P_QREPEAT] != 0;
    ab->blend = params[P_BLEND] != 0;
    ab->asp = params[P_ASP];
    ab->seed = seed;
    evaluator_init(&ab->eval, &params[P_EVAL]);
    size_t pow2 = tt_slots(params[P_TT_MB]);
    if (pow2 > 0) {
        ab->tt = xcalloc(pow2, sizeof *ab->tt);
        ab->tt_mask = pow2 - 1;
    }
    ab->history = xcalloc(2 * (size_t)r->squares * (size_t)r->squares, sizeof *ab->history);
    ab->pick_size = pick_size(r);
    ab->pick_trees =
        xcalloc((size_t)AB_MAX_PLY * 2 * (size_t)ab->pick_size, sizeof *ab->pick_trees);
    history_init(&ab->hist);
    return &ab->base;
}

static Evaluator *ab_evaluator(Agent *agent)
{
    return &((AlphaBeta *)agent)->eval;
}

void alphabeta_check_network(Agent *agent, bool on)
{
    assert(agent->type == &AGENT_TYPE_ALPHABETA);
    AlphaBeta *ab = (AlphaBeta *)agent;
    ab->net_check = on;
    ab->net_checked = ab->net_mismatches = 0;
}

uint64_t alphabeta_network_mismatches(const Agent *agent, uint64_t *checked)
{
    assert(agent->type == &AGENT_TYPE_ALPHABETA);
    const AlphaBeta *ab = (const AlphaBeta *)agent;
    if (checked)
        *checked = ab->net_checked;
    return ab->net_mismatches;
}

const AgentType AGENT_TYPE_ALPHABETA = {
    .name = "alphabeta",
    .summary = "negamax alpha-beta, iterative deepening, transposition table, killer and history "
               "ordering, the shared evaluation",
    .params = PARAMS,
    .param_count = P_COUNT,
    .memory = "tt_mb MiB of transposition table (24-byte slots, power of two) plus "
              "8 * squares^2 bytes of history table and the search path",
    .create = ab_create,
    .eval_param = P_EVAL_MODEL,
    .evaluator = ab_evaluator,
    .takes_tables = true,
    .tables_param = P_TB,
    .memory_bytes = ab_memory,
    /* Until setup format 2 the search features were off by default (the plain search); the
     * measurement that turned them on: results/depth-parity-all-q1/README.md. */
    .legacy_defaults = ALPHABETA_PLAIN,
};
