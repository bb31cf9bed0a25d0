/* The MCTS agent: UCT over a node arena owned by the agent, positions replayed from the root in
 * each iteration (no positions in nodes), random or greedy playouts cut short and scored by the
 * static evaluation, implicit minimax backups, a solver for wins in one, optional reuse of the
 * subtree of the moves played since the previous search. */
#include "agents/mcts.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent_impl.h"
#include "agents/eval.h"
#include "agents/evaluator.h"
#include "rules/common.h"
#include "rules/movegen.h"
#include "rules/rng.h"

/* Parameter indices, in MCTS_PARAMS order. */
enum {
    P_ITERATIONS,
    P_C,
    P_PLAYOUT,
    P_PLAYOUT_PLIES,
    P_MAX_NODES,
    P_REUSE,
    P_EVAL_PLIES,
    P_EVAL_SCALE,
    P_MINIMAX,
    P_TACTICS,
    P_EVAL,
    P_EVAL_MODEL = P_EVAL + EVAL_PARAM_COUNT,
    P_TB,
    P_COUNT,
};

enum { PLAYOUT_RANDOM, PLAYOUT_GREEDY };

static const char *const PLAYOUT_CHOICES[] = {"random", "greedy", NULL};

/* The strong configuration, measured on Brandubh (doc/commands.md, "Agents"). */
#define EVAL_PLIES_DEFAULT 2
#define EVAL_SCALE_DEFAULT 40.0
#define MINIMAX_DEFAULT    0.6

static const ParamSpec MCTS_PARAMS[P_COUNT] = {
    {"iterations", PARAM_INT, 1000, 1, 100000000, NULL,
     "iterations per move (selection, expansion, one playout, backup)"},
    {"c", PARAM_REAL, 0.7, 0, 100, NULL,
     "UCT exploration constant c in mean + c*sqrt(ln N / n) (UCB1 is c = sqrt 2)"},
    {"playout", PARAM_CHOICE, PLAYOUT_RANDOM, 0, 1, PLAYOUT_CHOICES,
     "playout policy: random = uniform moves; greedy = an immediate win when there is one"},
    {"playout_plies", PARAM_INT, 200, 0, 1000000, NULL,
     "cap on a playout's length in plies (a capped playout scores 0.5); 0 = to the end"},
    {"max_nodes", PARAM_INT, 1000000, 1000, 50000000, NULL,
     "tree arena size in nodes of 32 bytes, at most 50000000 (1.6 GB a tree, twice with reuse, "
     "per thread and seat); a full arena stops the tree's growth"},
    {"reuse", PARAM_BOOL, 0, 0, 1, NULL,
     "keep the subtree of the moves played since the last search when found there"},
    {"eval_plies", PARAM_INT, EVAL_PLIES_DEFAULT, -1, 1000000, NULL,
     "a playout stops after this many plies and is scored by the evaluation through a logistic; "
     "0 scores the new leaf itself; -1 plays to the end (or playout_plies)"},
    {"eval_scale", PARAM_REAL, EVAL_SCALE_DEFAULT, 0.01, 1000000, NULL,
     "logistic scale s in evaluation units: a position worth v to the attackers scores "
     "1 / (1 + exp(-v / s)) for them"},
    {"minimax", PARAM_REAL, MINIMAX_DEFAULT, 0, 1, NULL,
     "weight alpha of the implicit minimax value (evaluations backed up by negamax) against the "
     "mean result in selection: (1 - alpha) * mean + alpha * minimax; 0 = plain UCT"},
    {"tactics", PARAM_BOOL, 1, 0, 1, NULL,
     "the solver's fork proof: a tree node where the attackers are to move, cannot capture the "
     "king, and he has escape moves on two lines is a known loss for them"},
    /* The weights this MCTS was measured with (its eval_scale of 40 is calibrated on their
     * scale): the hand-set weights of the six original features, the three later ones off.
     * With the alpha-beta tune's weights, mcts-800 against mcts-100 head to head fell from
     * 0.500 vs 0.000 to 0.175 vs 0.000 (tests/check_mcts.c, strength). */
    EVAL_PARAM_INITIALIZERS_WITH(4.0, 30.0, 6.0, 1.0, 0.0, 0.0, 0.0),
    /* A learned model's units are EVALMODEL_UNITS = 40 per logit: with eval_scale 40 the
     * logistic cut-off reads its predicted win probability as is. */
    EVALUATOR_PARAM_INITIALIZER,
    AGENT_TABLES_PARAM_INITIALIZER,
};
_Static_assert(sizeof MCTS_PARAMS / sizeof MCTS_PARAMS[0] == P_COUNT, "MCTS_PARAMS matches");
_Static_assert(P_COUNT <= AGENT_MAX_PARAMS, "parameters fit in Agent.params");

/* Node flags: a terminal node's result is known and exact (bits 0-1: half points for the
 * node's mover: win 2, draw 1, loss 0). */
#define NODE_TERMINAL    0x4u
#define NODE_RESULT_MASK 0x3u

/* One tree node: the move into it and its statistics; 32 bytes, no position. Children of a node
 * are contiguous in the arena. The node's mover is the side that made its move. */
typedef struct {
    uint16_t from, to;    /* the move into this node (unused at the root) */
    uint32_t visits;      /* iterations that passed through this node */
    double value;         /* sum of the results for the mover, each in 0..1 (win 1, draw 0.5) */
    uint32_t first_child; /* arena index of the first child; meaningful when child_count > 0 */
    uint16_t child_count; /* 0 until expanded (a node terminal on arrival never is) */
    uint8_t flags;        /* NODE_TERMINAL | result */
    uint8_t unused;
    float minimax; /* implicit minimax value for the mover in 0..1 (the evaluation backed up by
                      negamax over the visited children); set on the first visit */
    uint32_t reserved;
} Node;

_Static_assert(sizeof(Node) == 32, "an MCTS node is 32 bytes");
_Static_assert(RULES_MAX_MOVES <= UINT16_MAX, "child_count holds any number of legal moves");

typedef struct {
    Agent base;
    /* Parameters. */
    int iterations;
    double c;
    int playout;
    int playout_plies; /* 0 = no cap */
    int eval_plies;    /* plies of playout before the evaluation scores it; -1 = never */
    double eval_scale; /* logistic scale in evaluation units */
    double minimax;    /* weight of Node.minimax in selection, 0..1 */
    bool tactics;      /* the solver's fork proof (tactics()) */
    Evaluator eval;
    bool reuse;
    uint32_t limit;    /* max_nodes: the tree grows only while it stays within this */
    uint32_t capacity; /* arena entries: limit, or more so that any root's children fit */
    Rng rng;
    Node *nodes;       /* the arena; nodes[0] is the root */
    Node *spare;       /* reuse=yes: the arena the kept subtree is copied into (lazy) */
    uint32_t used;     /* arena entries in use */
    uint32_t *path;    /* arena indices from the root down in the current iteration */
    int path_capacity; /* entries of path */
    History hist;      /* the game's history, then the moves of the current iteration */
    int base_len;      /* hist length at the root of the current search */
    /* The tree kept between calls. */
    bool have_tree;        /* nodes[0] is the root of a search from root_state */
    bool reused;           /* the last search continued the previous tree */
    GameState root_state;  /* the position of nodes[0] */
    uint64_t root_entries; /* hist length at root_state, for reuse */
} Mcts;

static Winner winner_of(Side side)
{
    return side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
}

static Side other(Side side)
{
    return side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS;
}

/* Result of a finished game for the attackers: win 1, draw 0.5, loss 0. */
static double attacker_result(const GameState *s)
{
    switch (s->winner) {
    case WINNER_ATTACKERS:
        return 1.0;
    case WINNER_DEFENDERS:
        return 0.0;
    default:
        return 0.5;
    }
}

/* The evaluation of s (game not over) as an expected result for the attackers in 0..1: the
 * logistic 1 / (1 + exp(-v / scale)) of its value v to them, as a win probability is read from
 * an evaluation in "Monte-Carlo Tree Search in Lines of Action" (Winands, Bjornsson and Saito,
 * IEEE TCIAIG 2010) and in implicit minimax backups (Lanctot et al. 2014). */
static double leaf_value(const Mcts *a, const GameState *s)
{
    double v = evaluator_value(a->base.rules, s, &a->eval);
    if (s->side != SIDE_ATTACKERS)
        v = -v;
    return 1.0 / (1.0 + exp(-v / a->eval_scale));
}

static inline bool has_bit(const uint64_t *board, int sq)
{
    return (board[sq >> 6] >> (sq & 63)) & 1u;
}

static inline bool is_empty(const GameState *s, int sq)
{
    return !has_bit(s->attackers, sq) && !has_bit(s->defenders, sq) && sq != s->king;
}

/* King moves from s to an escape square (RULES.md section 5: a corner, or any edge square with
 * escape = edge) win at once whatever else the move does. Walks the king's four lines; only a
 * square found there is checked for legality (throne passing). Counts the lines (directions)
 * holding such a move, stopping at `enough`; the first move found goes to *out. */
static int count_escapes(const Rules *r, const GameState *s, int enough, Move *out)
{
    const uint64_t *escape = r->opt.escape == ESCAPE_CORNER ? r->corner : r->edge;
    const int king = s->king;
    int lines = 0;
    for (int d = 0; d < RULES_DIRS && lines < enough; d++) {
        for (int sq = r->neighbour[king][d]; sq >= 0 && is_empty(s, sq); sq = r->neighbour[sq][d]) {
            if (!has_bit(escape, sq))
                continue;
            Move m = {(uint16_t)king, (uint16_t)sq};
            if (movegen_is_legal(r, s, m)) {
                if (lines++ == 0)
                    *out = m;
                break;
            }
        }
    }
    return lines;
}

static bool find_escape(const Rules *r, const GameState *s, Move *out)
{
    return count_escapes(r, s, 1, out) > 0;
}

/* Could this side of the king help capture him? An attacker, the throne (hostile when the
 * options say so), or off the board (the edge3 rule; a king beside a corner is on the edge, so
 * this covers hostile corners too). Every king-capture shape of RULES.md section 4 needs one
 * such side besides the square the capturing attacker lands on. */
static bool king_side_hostile(const Rules *r, const GameState *s, int sq)
{
    return sq < 0 || has_bit(s->attackers, sq) || has_bit(r->throne_bit, sq);
}

/* An attacker move that captures the king at once. The king is captured only by an attacker that
 * lands next to him (RULES.md section 4), so only attackers that can slide to an empty square
 * beside him are candidates; each is applied to a copy (hist is restored). */
static bool find_king_capture(const Rules *r, const GameState *s, History *hist, Move *out)
{
    const int king = s->king;
    const int16_t *beside = r->neighbour[king];
    int hostile = 0;
    for (int d = 0; d < RULES_DIRS; d++)
        hostile += king_side_hostile(r, s, beside[d]);
    if (hostile == 0)
        return false;
    for (int d = 0; d < RULES_DIRS; d++) {
        const int target = beside[d];
        if (target < 0 || !is_empty(s, target) || hostile - king_side_hostile(r, s, target) == 0)
            continue;
        for (int e = 0; e < RULES_DIRS; e++) {
            int sq = r->neighbour[target][e];
            while (sq >= 0 && is_empty(s, sq))
                sq = r->neighbour[sq][e];
            if (sq < 0 || !has_bit(s->attackers, sq))
                continue;
            Move m = {(uint16_t)sq, (uint16_t)target};
            if (!movegen_is_legal(r, s, m))
                continue;
            GameState child = *s;
            int mark = hist->length;
            state_apply(r, &child, hist, m, NULL);
            history_truncate(hist, mark);
            if (child.winner == WINNER_ATTACKERS) {
                *out = m;
                return true;
            }
        }
    }
    return false;
}

/* Escape for the defenders, capture for the attackers: the only wins a single move can bring
 * about that are cheap to spot. */
bool mcts_quick_win(const Rules *r, const GameState *s, History *hist, Move *out)
{
    if (s->side == SIDE_DEFENDERS)
        return find_escape(r, s, out);
    return find_king_capture(r, s, hist, out);
}

/* Copies the game's history into the agent's, so that repetition and the draw fort are exact in
 * the tree and the playouts. Without one, the history is the root position alone. */
static void load_history(Mcts *a, const GameState *s, const History *hist)
{
    History *h = &a->hist;
    if (!hist || hist->length == 0) {
        history_clear(h);
        history_push(h, s->hash, s->fort_hash, false, false);
    } else {
        assert(hist->entries[hist->length - 1].hash == s->hash && "hist must end with s");
        if (h->capacity < hist->length) {
            h->entries = xrealloc(h->entries, (size_t)hist->length * sizeof *h->entries);
            h->capacity = hist->length;
        }
        memcpy(h->entries, hist->entries, (size_t)hist->length * sizeof *h->entries);
        h->length = hist->length;
    }
    a->base_len = h->length;
}

/* Gives node `parent` one child per move, contiguous at the arena's end, in a random order
 * (Fisher-Yates with the agent's stream) so that taking unvisited children in order is an
 * unbiased choice among them. The caller checks that they fit. */
static void add_children(Mcts *a, uint32_t parent, Move *moves, int n)
{
    assert(n > 0 && a->used + (uint32_t)n <= a->capacity);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&a->rng, (uint32_t)i + 1);
        Move t = moves[i];
        moves[i] = moves[j];
        moves[j] = t;
    }
    Node *kids = a->nodes + a->used;
    for (int i = 0; i < n; i++)
        kids[i] = (Node){.from = moves[i].from, .to = moves[i].to};
    a->nodes[parent].first_child = a->used;
    a->nodes[parent].child_count = (uint16_t)n;
    a->used += (uint32_t)n;
}

/* UCT (Kocsis and Szepesvari, "Bandit based Monte-Carlo Planning", ECML 2006) picks the child
 * maximising UCB1 (Auer, Cesa-Bianchi and Fischer 2002): q_j + c * sqrt(ln N / n_j), with n_j the
 * child's visits and N the parent's. q_j is the child's mean result for its mover (the side to
 * move here), mixed with its implicit minimax value when minimax = alpha > 0:
 * q_j = (1 - alpha) * mean_j + alpha * minimax_j (Lanctot, Winands, Pepels and Sturtevant,
 * "Monte Carlo Tree Search with Heuristic Evaluations using Implicit Minimax Backups", IEEE CIG
 * 2014, equation 2). Unvisited children come first, in their (shuffled) order; ties go to the
 * lower index. ln N is taken once per node, not per child.
 * Proven results (MCTS-Solver, Winands, Bjornsson and Saito 2008): a child known to win for its
 * mover makes the parent a known loss for the parent's mover and is taken; children known to
 * lose are passed over while another remains, and when all are known losses the parent is a
 * known win for its mover. The root itself is never marked. */
static uint32_t select_child(Mcts *a, uint32_t parent_index)
{
    Node *parent = &a->nodes[parent_index];
    const uint32_t first = parent->first_child;
    const Node *kids = a->nodes + first;
    const int n = parent->child_count;
    if (kids[n - 1].visits == 0) {
        /* Children are first visited in order, so the first unvisited one is the answer. */
        int i = 0;
        while (kids[i].visits != 0)
            i++;
        return first + (uint32_t)i;
    }
    const double explore = a->c * sqrt(log((double)parent->visits));
    const double alpha = a->minimax;
    int best = -1, best_lost = 0;
    double best_value = -1.0, best_lost_value = -1.0;
    for (int i = 0; i < n; i++) {
        const double inv = 1.0 / (double)kids[i].visits;
        const double q = (1.0 - alpha) * kids[i].value * inv + alpha * (double)kids[i].minimax;
        const double value = q + explore * sqrt(inv);
        if (kids[i].flags & NODE_TERMINAL) {
            const unsigned known = kids[i].flags & NODE_RESULT_MASK;
            if (known == 2) {
                if (parent_index != 0) {
                    parent->flags = NODE_TERMINAL; /* result 0: lost for its mover */
                    parent->minimax = 0.0f;
                }
                return first + (uint32_t)i;
            }
            if (known == 0) {
                if (value > best_lost_value) {
                    best_lost_value = value;
                    best_lost = i;
                }
                continue;
            }
        }
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    if (best < 0) {
        if (parent_index != 0) {
            parent->flags = NODE_TERMINAL | 2u; /* every reply loses: won for its mover */
            parent->minimax = 1.0f;
        }
        best = best_lost;
    }
    return first + (uint32_t)best;
}

/* What a cheap look at s (game not over) proves for its side to move: 1 a win (it wins at once
 * by the king's escape or capture), -1 a loss (the attackers to move, no capture of the king,
 * and he has escape moves on two lines: one move blocks at most one line, as two lines from the
 * king meet only at him), 0 nothing. The fork is the threat tafl players call a double
 * (Copenhagen rules' commentary); spotting it makes a loss in two exact for the solver. */
static int tactics(Mcts *a, const GameState *s)
{
    const Rules *r = a->base.rules;
    Move m;
    if (mcts_quick_win(r, s, &a->hist, &m))
        return 1;
    if (a->tactics && s->side == SIDE_ATTACKERS && count_escapes(r, s, 2, &m) >= 2)
        return -1;
    return 0;
}

/* On the first arrival at a node: a finished game is terminal with its result; a position that
 * tactics() proves for the side to move is terminal with the opposite result for the node's
 * mover (MCTS-Solver, Winands, Bjornsson and Saito 2008, with a one- or two-ply proof at the
 * leaf). Either way the result is exact, so it is backed up from then on without playouts and
 * the node never grows. True when the node is terminal; its minimax value is then the exact
 * result. */
static bool classify(Mcts *a, Node *node, const GameState *s)
{
    if (state_is_over(s)) {
        const Side mover = other((Side)s->side);
        unsigned result = s->winner == WINNER_DRAW ? 1 : s->winner == winner_of(mover) ? 2 : 0;
        node->flags = (uint8_t)(NODE_TERMINAL | result);
        node->minimax = 0.5f * (float)result;
        return true;
    }
    SolveValue v;
    if (agent_table_value(&a->base, s, &v)) {
        /* the tables' value, for the side to move in s: the opposite for the node's mover */
        node->flags = (uint8_t)(NODE_TERMINAL | (v.outcome == SOLVE_WIN ? 0u : 2u));
        node->minimax = v.outcome == SOLVE_WIN ? 0.0f : 1.0f;
        return true;
    }
    const int t = tactics(a, s);
    if (t == 0)
        return false;
    node->flags = (uint8_t)(NODE_TERMINAL | (t > 0 ? 0u : 2u)); /* for the mover: the opposite */
    node->minimax = t > 0 ? 0.0f : 1.0f;
    return true;
}

/* Plays from s (game not over) and returns the result for the attackers in 0..1: the game's
 * result when it ends within eval_plies plies, else the evaluation of where it stopped
 * (leaf_value); without the evaluation (eval_plies = -1), a draw's 0.5 at the playout_plies cap.
 * Random: one movegen_random draw per ply, no move list. Greedy: an immediate win by escape or
 * capture when there is one, else a uniform move. Cutting playouts short and scoring them by an
 * evaluation follows Lorentz, "Using Evaluation Functions in Monte-Carlo Tree Search" (TCS 2016)
 * and Winands et al. 2010: uniform playouts to the end favour the defenders (random Brandubh:
 * 27% attacker wins), so the tree saw every attacker line as lost. */
static double playout(Mcts *a, GameState *s)
{
    const Rules *r = a->base.rules;
    const int cap = a->playout_plies;
    const int cut = a->eval_plies;
    const bool greedy = a->playout == PLAYOUT_GREEDY;
    for (int ply = 0; !state_is_over(s); ply++) {
        if (cut >= 0 && ply >= cut)
            return leaf_value(a, s);
        if (cut < 0 && cap > 0 && ply >= cap)
            return 0.5;
        Move m;
        if (!(greedy && mcts_quick_win(r, s, &a->hist, &m)) &&
            !movegen_random_in_game(r, s, &a->hist, &a->rng, &m))
            break;
        state_apply(r, s, &a->hist, m, NULL);
    }
    return attacker_result(s);
}

/* The mover at depth d of the current tree: the root's side to move when d is odd. */
static Side mover_at(const Mcts *a, int depth)
{
    return depth % 2 ? (Side)a->root_state.side : other((Side)a->root_state.side);
}

/* Implicit minimax backup (Lanctot et al. 2014, equation 1, in negamax form): a node's value for
 * its mover is one minus the best of its visited children's values for theirs. Proven nodes keep
 * their exact value. */
static void backup_minimax(Mcts *a, Node *node)
{
    if (node->flags & NODE_TERMINAL)
        return;
    const Node *kids = a->nodes + node->first_child;
    float best = -1.0f;
    for (int i = 0; i < node->child_count && kids[i].visits != 0; i++)
        if (kids[i].minimax > best)
            best = kids[i].minimax;
    if (best >= 0.0f)
        node->minimax = 1.0f - best;
}

/* One iteration: select down the tree replaying moves from the root position, expand a leaf
 * seen before, play out from the new node (or take a terminal node's known result), and back the
 * result up from each node's mover's point of view, with the minimax values when they are used.
 * Returns the tree depth reached. */
static int iterate(Mcts *a)
{
    const Rules *r = a->base.rules;
    GameState s = a->root_state;
    history_truncate(&a->hist, a->base_len);
    uint32_t index = 0;
    int depth = 0;
    double result; /* for the attackers, 0..1 */
    a->path[0] = 0;
    for (;;) {
        Node *node = &a->nodes[index];
        if (node->flags & NODE_TERMINAL) {
            const double known = 0.5 * (double)(node->flags & NODE_RESULT_MASK);
            result = mover_at(a, depth) == SIDE_ATTACKERS ? known : 1.0 - known;
            goto backup;
        }
        if (node->child_count == 0) {
            if (node->visits == 0)
                break; /* a new leaf: play out from it */
            Move moves[RULES_MAX_MOVES];
            int n = movegen_legal_in_game(r, &s, &a->hist, moves);
            if (a->used + (uint32_t)n > a->limit)
                break; /* the arena is full: the tree stops growing here */
            add_children(a, index, moves, n);
        }
        index = select_child(a, index);
        Node *child = &a->nodes[index];
        state_apply(r, &s, &a->hist, (Move){child->from, child->to}, NULL);
        if (++depth >= a->path_capacity) {
            a->path_capacity *= 2;
            a->path = xrealloc(a->path, (size_t)a->path_capacity * sizeof *a->path);
        }
        a->path[depth] = index;
        if (child->visits == 0 && classify(a, child, &s)) {
            const double known = 0.5 * (double)(child->flags & NODE_RESULT_MASK);
            result = mover_at(a, depth) == SIDE_ATTACKERS ? known : 1.0 - known;
            goto backup;
        }
    }
    {
        Node *leaf = &a->nodes[index];
        if (leaf->visits == 0 && (a->minimax > 0.0 || a->eval_plies == 0)) {
            /* The leaf's own evaluation starts its minimax value (and is the result at 0). */
            const double v = leaf_value(a, &s);
            leaf->minimax = (float)(mover_at(a, depth) == SIDE_ATTACKERS ? v : 1.0 - v);
            result = a->eval_plies == 0 ? v : playout(a, &s);
        } else {
            result = playout(a, &s);
        }
    }
backup:
    for (int d = depth; d >= 0; d--) {
        Node *node = &a->nodes[a->path[d]];
        node->visits++;
        node->value += mover_at(a, d) == SIDE_ATTACKERS ? result : 1.0 - result;
        if (a->minimax > 0.0 && d < depth && node->child_count > 0)
            backup_minimax(a, node);
    }
    return depth;
}

static bool same_position(const Rules *r, const GameState *x, const GameState *y)
{
    if (x->hash != y->hash || x->king != y->king || x->side != y->side || x->ply != y->ply)
        return false;
    for (int w = 0; w < r->words; w++)
        if (x->attackers[w] != y->attackers[w] || x->defenders[w] != y->defenders[w])
            return false;
    return true;
}

/* The previous tree's node whose position is s, one or two plies below its root; 0 when none or
 * when that node was never visited (nothing learnt there to keep).
 * Each candidate is replayed from the previous root and compared by hash and boards. Uses the
 * agent's history past the previous root as scratch. */
static uint32_t find_in_tree(Mcts *a, const GameState *s)
{
    const Rules *r = a->base.rules;
    const GameState *prev = &a->root_state;
    const int mark = (int)a->root_entries;
    if (s->ply <= prev->ply || s->ply - prev->ply > 2 || mark > a->hist.length)
        return 0;
    const bool two = s->ply - prev->ply == 2;
    const Node *root = &a->nodes[0];
    for (uint32_t i = 0; i < root->child_count; i++) {
        const uint32_t ci = root->first_child + i;
        const Node *child = &a->nodes[ci];
        if (two && child->child_count == 0)
            continue;
        GameState cs = *prev;
        history_truncate(&a->hist, mark);
        state_apply(r, &cs, &a->hist, (Move){child->from, child->to}, NULL);
        if (!two || state_is_over(&cs)) {
            if (!two && child->visits != 0 && same_position(r, &cs, s))
                return ci;
            continue;
        }
        const int child_mark = a->hist.length;
        for (uint32_t j = 0; j < child->child_count; j++) {
            const uint32_t gi = child->first_child + j;
            GameState gs = cs;
            history_truncate(&a->hist, child_mark);
            state_apply(r, &gs, &a->hist, (Move){a->nodes[gi].from, a->nodes[gi].to}, NULL);
            if (same_position(r, &gs, s))
                return a->nodes[gi].visits != 0 ? gi : 0; /* nothing learnt there to keep */
        }
    }
    return 0;
}

/* Copies the subtree under node `top` into the spare arena with top as its root, breadth
 * first (Cheney's scan: the copy is its own queue), and swaps the arenas. */
static void keep_subtree(Mcts *a, uint32_t top)
{
    if (!a->spare)
        a->spare = xmalloc((size_t)a->capacity * sizeof *a->spare);
    Node *dst = a->spare;
    dst[0] = a->nodes[top];
    dst[0].flags = 0; /* the game is not over at a root (a root win is taken before search) */
    uint32_t used = 1;
    for (uint32_t i = 0; i < used; i++) {
        Node *n = &dst[i];
        if (n->child_count == 0)
            continue;
        memcpy(dst + used, a->nodes + n->first_child, (size_t)n->child_count * sizeof *dst);
        n->first_child = used;
        used += n->child_count;
    }
    a->spare = a->nodes;
    a->nodes = dst;
    a->used = used;
}

/* With reuse=yes: continues the previous tree when s is found in it and the game's history
 * continues the one it was built with. True when it did. a->hist holds the game's history. */
static bool reuse_tree(Mcts *a, const GameState *s, const History *hist)
{
    if (!a->reuse || !a->have_tree)
        return false;
    /* The kept counts grow across searches: stay clear of 32-bit overflow of visits. */
    if ((uint64_t)a->nodes[0].visits + (uint64_t)a->iterations >= (1u << 31))
        return false;
    if (hist && hist->length > 0) {
        const uint64_t plies = s->ply - a->root_state.ply;
        if ((uint64_t)hist->length != a->root_entries + plies ||
            hist->entries[a->root_entries - 1].hash != a->root_state.hash)
            return false;
    }
    uint32_t top = find_in_tree(a, s);
    load_history(a, s, hist); /* find_in_tree wrote past the previous root */
    if (top == 0)
        return false;
    keep_subtree(a, top);
    return true;
}

/* -1 for a node known lost for its mover, 1 known won, 0 otherwise (a known draw included). */
static int proven(const Node *node)
{
    if (!(node->flags & NODE_TERMINAL))
        return 0;
    const unsigned known = node->flags & NODE_RESULT_MASK;
    return known == 2 ? 1 : known == 0 ? -1 : 0;
}

/* The root child to play: a known win first, then anything but a known loss, then most visits,
 * then the higher mean, then the lower index. */
static uint32_t best_child(const Mcts *a)
{
    const Node *root = &a->nodes[0];
    uint32_t best = root->first_child;
    for (uint32_t i = 1; i < root->child_count; i++) {
        const Node *k = &a->nodes[root->first_child + i];
        const Node *b = &a->nodes[best];
        if (proven(k) != proven(b)) {
            if (proven(k) > proven(b))
                best = root->first_child + i;
            continue;
        }
        if (k->visits > b->visits || (k->visits == b->visits && k->value > b->value))
            best = root->first_child + i;
    }
    return best;
}

/* tb=: a root the tables say is won or lost is played by them, with no search: the fastest
 * win or the longest defence (a tree that knew only won and lost could shuffle between won
 * positions forever). Also as a leaf, a position they hold is proven (classify). */
static bool table_move(Mcts *a, const GameState *s, const Move *moves, int n, Move *out)
{
    SolveValue v;
    if (!agent_table_value(&a->base, s, &v) ||
        !solve_best_move(a->base.tables, s, moves, n, out, &v))
        return false;
    a->have_tree = false;
    a->reused = false;
    a->used = 0;
    a->base.stats.nodes = 0;
    a->base.stats.depth = 0;
    a->base.stats.score = v.outcome == SOLVE_WIN ? 1.0 : 0.0;
    return true;
}

static Move mcts_choose(Agent *agent, const GameState *s, const History *hist)
{
    Mcts *a = (Mcts *)agent;
    const Rules *r = agent->rules;
    assert(!state_is_over(s) && "agent_choose needs a game in progress");
    load_history(a, s, hist);
    /* A player model reads the weights of the side the agent plays; a tree grown for the other
     * side holds values of the other weights (evaluator_play says when). */
    if (evaluator_play(&a->eval, (Side)s->side))
        a->have_tree = false;

    /* Solver-lite at the root: a move that wins at once is played without a search. */
    Move moves[RULES_MAX_MOVES];
    const int n = movegen_legal_in_game(r, s, &a->hist, moves);
    assert(n > 0);
    Move exact;
    if (table_move(a, s, moves, n, &exact))
        return exact;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &a->hist, moves[i], NULL);
        history_truncate(&a->hist, a->base_len);
        if (child.winner == winner_of((Side)s->side)) {
            a->have_tree = false;
            a->reused = false;
            a->used = 0;
            agent->stats.nodes = 0;
            agent->stats.depth = 1;
            agent->stats.score = 1.0;
            return moves[i];
        }
    }

    a->reused = reuse_tree(a, s, hist);
    if (a->reused && a->nodes[0].child_count == 0 && a->used + (uint32_t)n > a->limit)
        a->reused = false;
    if (!a->reused) {
        a->nodes[0] = (Node){0};
        a->used = 1;
    }
    a->root_state = *s;
    a->root_entries = (uint64_t)a->base_len;
    a->have_tree = true;
    if (a->nodes[0].child_count == 0)
        add_children(a, 0, moves, n);

    int depth = 0;
    for (int i = 0; i < a->iterations; i++) {
        if ((i & 255) == 255 && agent_past_deadline(&a->base))
            break; /* agent_set_deadline: the best move of the iterations done */
        int d = iterate(a);
        if (d > depth)
            depth = d;
    }
    history_truncate(&a->hist, a->base_len);

    const Node *best = &a->nodes[best_child(a)];
    agent->stats.nodes = (uint64_t)a->iterations;
    agent->stats.depth = depth;
    agent->stats.score = proven(best) != 0   ? (proven(best) + 1) / 2.0
                         : best->visits != 0 ? best->value / best->visits
                                             : 0.5;
    return (Move){best->from, best->to};
}

static void mcts_new_game(Agent *agent, uint64_t seed)
{
    Mcts *a = (Mcts *)agent;
    rng_seed(&a->rng, seed);
    a->have_tree = false;
    a->reused = false;
    a->used = 0;
}

static void mcts_destroy(Agent *agent)
{
    Mcts *a = (Mcts *)agent;
    free(a->nodes);
    free(a->spare);
    free(a->path);
    history_free(&a->hist);
    free(a);
}

static const AgentOps MCTS_OPS = {mcts_choose, mcts_new_game, mcts_destroy};

static Agent *mcts_create(const Rules *r, const double *params, uint64_t seed)
{
    Mcts *a = xcalloc(1, sizeof *a);
    agent_init_base(&a->base, &MCTS_OPS, &AGENT_TYPE_MCTS, r, params);
    a->iterations = (int)params[P_ITERATIONS];
    a->c = params[P_C];
    a->playout = (int)params[P_PLAYOUT];
    a->playout_plies = (int)params[P_PLAYOUT_PLIES];
    a->limit = (uint32_t)params[P_MAX_NODES];
    a->reuse = params[P_REUSE] != 0;
    a->eval_plies = (int)params[P_EVAL_PLIES];
    a->eval_scale = params[P_EVAL_SCALE];
    a->minimax = params[P_MINIMAX];
    a->tactics = params[P_TACTICS] != 0;
    evaluator_init(&a->eval, &params[P_EVAL]);
    /* Room for the root and all its children whatever max_nodes says. */
    a->capacity = a->limit > RULES_MAX_MOVES + 1 ? a->limit : RULES_MAX_MOVES + 1;
    a->nodes = xmalloc((size_t)a->capacity * sizeof *a->nodes);
    a->path_capacity = 256;
    a->path = xmalloc((size_t)a->path_capacity * sizeof *a->path);
    history_init(&a->hist);
    rng_seed(&a->rng, seed);
    return &a->base;
}

static const Mcts *as_mcts(const Agent *agent)
{
    assert(agent->type == &AGENT_TYPE_MCTS);
    return (const Mcts *)agent;
}

uint32_t mcts_tree_nodes(const Agent *agent)
{
    return as_mcts(agent)->used;
}

bool mcts_tree_reused(const Agent *agent)
{
    return as_mcts(agent)->reused;
}

uint32_t mcts_root_visits(const Agent *agent)
{
    const Mcts *a = as_mcts(agent);
    return a->used ? a->nodes[0].visits : 0;
}

static Evaluator *mcts_evaluator(Agent *agent)
{
    return &((Mcts *)agent)->eval;
}

/* What mcts_create allocates, and the spare arena reuse adds at the first kept tree. */
static uint64_t mcts_memory(const Rules *r, const double *params)
{
    (void)r;
    uint64_t limit = (uint64_t)params[P_MAX_NODES];
    uint64_t capacity = limit > RULES_MAX_MOVES + 1 ? limit : RULES_MAX_MOVES + 1;
    return capacity * sizeof(Node) * (params[P_REUSE] != 0 ? 2 : 1);
}

const AgentType AGENT_TYPE_MCTS = {
    .name = "mcts",
    .summary = "UCT Monte Carlo tree search (Kocsis and Szepesvari 2006): short random or greedy "
               "playouts scored by the evaluation, implicit minimax backups, a one-ply solver; "
               "plays an immediate win at once",
    .params = MCTS_PARAMS,
    .param_count = P_COUNT,
    .memory = "max_nodes nodes of 32 bytes allocated once at creation (twice with reuse=yes); "
              "a full arena stops the tree's growth; plus the game's history and the path",
    .create = mcts_create,
    .eval_param = P_EVAL_MODEL,
    .takes_tables = true,
    .tables_param = P_TB,
    .evaluator = mcts_evaluator,
    .memory_bytes = mcts_memory,
};
