/* The static evaluation shared by greedy and alpha-beta: a weighted sum of named features,
 * every weight settable from an agent spec. */
#ifndef TAFL_AGENTS_EVAL_H
#define TAFL_AGENTS_EVAL_H

#include "agents/agent_impl.h"
#include "rules/state.h"

/* Weights of the features (attackers' view; the evaluation negates for the defenders). */
typedef struct {
    double attacker_material; /* per attacker on the board */
    double defender_material; /* per defender (not the king) on the board */
    double king_distance;     /* per step of the king's distance to the nearest escape square */
    double king_open_lines;   /* per escape square the king reaches in one move (negative) */
    double king_attackers;    /* per attacker (or hostile square) next to the king */
    double mobility;          /* per legal move of the attackers minus the defenders' */
} EvalWeights;

/* Number of weights, and their parameter specs (keys attacker_material, defender_material,
 * king_distance, king_open_lines, king_attackers, mobility, in EvalWeights' order), for agents
 * to include in their own parameter tables. */
#define EVAL_PARAM_COUNT 6
extern const ParamSpec EVAL_PARAMS[EVAL_PARAM_COUNT];

/* The initialisers of EVAL_PARAMS, for agents whose own static parameter tables end with the
 * weights (C cannot copy an extern array into a constant initialiser):
 *     static const ParamSpec PARAMS[] = {{"depth", ...}, EVAL_PARAM_INITIALIZERS};
 * Defaults are in "attacker units" (one attacker = 10). A defender is worth two attackers: in
 * every preset the attackers outnumber the defenders about two to one, so an even trade favours
 * the attackers. An open line from the king to an escape square threatens to win next move (two
 * usually cannot both be blocked), so it weighs more than any piece. Each step the king stands
 * farther from escape, and each attacker hugging him, is worth a fraction of a piece. Mobility
 * is a light tie-breaker and the costliest feature (two move counts); weight 0 skips it. */
#define EVAL_WEIGHT_SPEC(key, def, help)                                                           \
    {                                                                                              \
        key, PARAM_REAL, def, -1000.0, 1000.0, NULL, help                                          \
    }
#define EVAL_PARAM_INITIALIZERS                                                                    \
    EVAL_WEIGHT_SPEC("attacker_material", 10.0,                                                    \
                     "value of each attacker on the board (attackers' view)"),                     \
        EVAL_WEIGHT_SPEC(                                                                          \
            "defender_material", 20.0,                                                             \
            "value of each defender other than the king (counted against the attackers)"),         \
        EVAL_WEIGHT_SPEC(                                                                          \
            "king_distance", 4.0,                                                                  \
            "per step of Manhattan distance from the king to the nearest escape square (corner, "  \
            "or edge when any edge square escapes), in the attackers' favour"),                    \
        EVAL_WEIGHT_SPEC(                                                                          \
            "king_open_lines", 30.0,                                                               \
            "per escape square the king reaches in one move, counted against the attackers"),      \
        EVAL_WEIGHT_SPEC("king_attackers", 6.0,                                                    \
                         "per attacker, hostile corner or hostile empty throne beside the king "   \
                         "(attackers' view)"),                                                     \
        EVAL_WEIGHT_SPEC(                                                                          \
            "mobility", 1.0,                                                                       \
            "per legal move of the attackers minus the defenders' (0 skips counting moves)")

/* Reads weights from EVAL_PARAM_COUNT consecutive parameter values. */
void eval_weights_from(const double *values, EvalWeights *w);

/* The position's value for the side to move (higher is better), in the weights' units; the
 * game must not be over. Pure and thread-safe. */
double eval_evaluate(const Rules *r, const GameState *s, const EvalWeights *w);

#endif
