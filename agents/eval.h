/* The static evaluation shared by greedy and alpha-beta: a weighted sum of named features,
 * every weight settable from an agent spec. */
#ifndef TAFL_AGENTS_EVAL_H
#define TAFL_AGENTS_EVAL_H

#include "agents/param.h"
#include "rules/state.h"

/* Weights of the features (attackers' view; the evaluation negates for the defenders). */
typedef struct {
    double attacker_material; /* per attacker on the board */
    double defender_material; /* per defender (not the king) on the board */
    double king_distance;     /* per step of the king's distance to the nearest escape square */
    double king_open_lines;   /* per escape square the king reaches in one move (negative) */
    double king_attackers;    /* per attacker (or hostile square) next to the king */
    double mobility;          /* per legal move of the attackers minus the defenders' */
    double king_two_move;     /* per open line to an escape square from a square the king
                                 reaches in one move (negative) */
    double corner_guards;     /* per attacker beside a corner (corner escape only) */
    double king_threats;      /* per square beside the king on which an attacker that can get
                                 there in one move would capture him */
    double king_moves;        /* per square the king can move to (against the attackers) */
} EvalWeights;

/* Number of weights, and their parameter specs (keys attacker_material, defender_material,
 * king_distance, king_open_lines, king_attackers, mobility, king_two_move, corner_guards,
 * king_threats, king_moves, in EvalWeights' order), for agents to include in their own parameter
 * tables. */
#define EVAL_PARAM_COUNT 10
extern const ParamSpec EVAL_PARAMS[EVAL_PARAM_COUNT];

/* The initialisers of EVAL_PARAMS, for agents whose own static parameter tables end with the
 * weights (C cannot copy an extern array into a constant initialiser):
 *     static const ParamSpec PARAMS[] = {{"depth", ...}, EVAL_PARAM_INITIALIZERS};
 * Defaults are in "attacker units" (one attacker = 10). A defender is worth two attackers: in
 * every preset the attackers outnumber the defenders about two to one, so an even trade favours
 * the attackers. An open line from the king to an escape square threatens to win next move (two
 * usually cannot both be blocked), so it weighs more than any piece. Each step the king stands
 * farther from escape, and each attacker hugging him, is worth a fraction of a piece. Mobility
 * is a light tie-breaker and the costliest feature (two move counts); weight 0 skips it.
 * Material fixes the scale; the seven positional weights are SPSA-tuned for alpha-beta with
 * quiescence on Brandubh (experiments/tune-eval-brandubh.ini, results/tune-eval-brandubh/).
 * The tune made an attacker beside a corner a liability (negative corner_guards): beside a
 * hostile corner it is one defender move from capture. */
#define EVAL_WEIGHT_SPEC(key, def, help)                                                           \
    {                                                                                              \
        key, PARAM_REAL, def, -1000.0, 1000.0, NULL, help                                          \
    }
#define EVAL_PARAM_INITIALIZERS_WITH(kd, kol, ka, mob, k2, cg, kt)                                 \
    EVAL_WEIGHT_SPEC("attacker_material", 10.0,                                                    \
                     "value of each attacker on the board (attackers' view)"),                     \
        EVAL_WEIGHT_SPEC(                                                                          \
            "defender_material", 20.0,                                                             \
            "value of each defender other than the king (counted against the attackers)"),         \
        EVAL_WEIGHT_SPEC(                                                                          \
            "king_distance", kd,                                                                   \
            "per step of Manhattan distance from the king to the nearest escape square (corner, "  \
            "or edge when any edge square escapes), in the attackers' favour"),                    \
        EVAL_WEIGHT_SPEC(                                                                          \
            "king_open_lines", kol,                                                                \
            "per escape square the king reaches in one move, counted against the attackers"),      \
        EVAL_WEIGHT_SPEC("king_attackers", ka,                                                     \
                         "per attacker, hostile corner or hostile empty throne beside the king "   \
                         "(attackers' view)"),                                                     \
        EVAL_WEIGHT_SPEC(                                                                          \
            "mobility", mob,                                                                       \
            "per legal move of the attackers minus the defenders' (0 skips counting moves)"),      \
        EVAL_WEIGHT_SPEC("king_two_move", k2,                                                      \
                         "per open line to an escape square from a square the king reaches in "    \
                         "one move, counted against the attackers"),                               \
        EVAL_WEIGHT_SPEC("corner_guards", cg,                                                      \
                         "per attacker on a square beside a corner, corner escape only "           \
                         "(attackers' view)"),                                                     \
        EVAL_WEIGHT_SPEC("king_threats", kt,                                                       \
                         "per square beside the king where an attacker arriving in one move "      \
                         "would capture him (attackers' view)"),                                   \
        EVAL_WEIGHT_SPEC("king_moves", 0.0,                                                        \
                         "per square the king can move to, counted against the attackers: "        \
                         "herds a king whose men are gone (0: off)")

/* The evaluation weights with the defaults tuned for alpha-beta (above); greedy uses them too.
 * An agent whose search reads the evaluation on another scale (MCTS's logistic cut-off) gives
 * its own defaults through EVAL_PARAM_INITIALIZERS_WITH. */
#define EVAL_PARAM_INITIALIZERS                                                                    \
    EVAL_PARAM_INITIALIZERS_WITH(0.7, 24.3, 0.56, 1.84, 2.31, -2.5, 11.5)

/* Reads weights from EVAL_PARAM_COUNT consecutive parameter values. */
void eval_weights_from(const double *values, EvalWeights *w);

/* The position's value for the side to move (higher is better), in the weights' units; the game
 * must not be over. A learned model scores instead through agents/evaluator.h. Pure and
 * thread-safe. */
double eval_evaluate(const Rules *r, const GameState *s, const EvalWeights *w);

/* Every feature of the evaluation at once, attackers' view (for learned evaluations). */
typedef struct {
    int attackers, defenders; /* material */
    int king_distance, open_lines, king_attackers, two_move, corner_guards, threats;
    int king_moves; /* squares the king can move to */
    int mobility;   /* attackers' legal moves minus the defenders' */
} EvalCounts;

/* Fills *c for s (game not over). Pure, thread-safe. */
void eval_counts(const Rules *r, const GameState *s, EvalCounts *c);

/* The weighted sum of counts, attackers' view: eval_evaluate's value before its sign for the
 * side to move, the same to the last bit. */
double eval_weigh(const EvalCounts *c, const EvalWeights *w);

/* The features the searches also read (pure, thread-safe; s need not have the side to move
 * that the feature concerns). */

/* Escape squares the king reaches in one move (an "open line": a threat to win next move). */
int eval_king_open_lines(const Rules *r, const GameState *s);

/* Squares beside the king that an attacker can reach in one move and where its arrival would
 * capture him under the ruleset's king capture (the attackers' threat to win next move). */
int eval_king_threats(const Rules *r, const GameState *s);

/* eval_king_threats, and in path (RULES_WORDS words) each threatened square with the squares a
 * threatening attacker would cross to reach it: where a defender would stop the threat. */
int eval_king_threat_squares(const Rules *r, const GameState *s, uint64_t *path);

/* The king's open lines, as eval_king_open_lines, and in on_line (RULES_WORDS words) the
 * squares of those lines, escape squares included: where a piece would close one. */
int eval_king_lines(const Rules *r, const GameState *s, uint64_t *on_line);

/* True when the side to move's legal move m ends on a square of one of the king's open lines
 * (between him and an escape square, the escape square included): a move that may close it. */
bool eval_move_blocks_line(const Rules *r, const GameState *s, Move m);

/* True when the king's legal move m stops on an escape square, or on a square from which he
 * would have an open line. */
bool eval_king_move_threatens(const Rules *r, const GameState *s, Move m);

/* True when the attackers' legal move m captures the king (s: attackers to move). */
bool eval_move_captures_king(const Rules *r, const GameState *s, Move m);

/* What eval_quiet_move_threatens asks of every move of one position, worked out once: the empty
 * squares beside the king where an arriving attacker would take him, and what each of their
 * lines crosses and ends on. Filled by eval_threat_probe_init; read-only afterwards. */
typedef struct {
    int king;
    uint64_t occupied[RULES_WORDS]; /* every piece, king included */
    int count;                      /* capture squares beside the king, at most RULES_DIRS */
    int square[RULES_DIRS];         /* those squares */
    /* Per capture square: the empty squares its lines cross before they end (an attacker
     * arriving on one would be the first piece along its line), and the square of the piece
     * ending each line (-1: the line ends on the edge, a corner or a throne it may not cross). */
    uint64_t crossed[RULES_DIRS][RULES_WORDS];
    int end[RULES_DIRS][RULES_DIRS];
} EvalThreatProbe;

/* Fills *p for s (any side to move). Pure, thread-safe. */
void eval_threat_probe_init(const Rules *r, const GameState *s, EvalThreatProbe *p);

/* True when the position after the attackers' move m, its captures left out (only the piece
 * moves), has a king threat (eval_king_threats > 0); p from eval_threat_probe_init(s). Equal to
 * asking eval_king_threats of that position, in a few bit tests for a move that neither starts
 * nor ends beside the king (such a move changes which squares take him, and is asked in full). */
bool eval_quiet_move_threatens(const Rules *r, const GameState *s, const EvalThreatProbe *p,
                               Move m);

#endif
