/* Which evaluation scores an agent's positions, and for which side: the hand-written one
 * (agents/eval.h) with the agent's weights, or a learned model (agents/evalmodel.h) read as by
 * the side the agent plays. Greedy, MCTS and alpha-beta each hold one. */
#ifndef TAFL_AGENTS_EVALUATOR_H
#define TAFL_AGENTS_EVALUATOR_H

#include <stdbool.h>

#include "agents/eval.h"
#include "agents/evalmodel.h"
#include "agents/nnue.h"
#include "agents/param.h"
#include "rules/state.h"

/* The agents' eval= parameter: which evaluation scores positions. Agents list it last in their
 * parameter tables, after the weights (EVAL_PARAM_INITIALIZERS), and agent.c hands the model
 * it names to their evaluator (AgentType.evaluator, agent_impl.h). */
#define EVALUATOR_PARAM_INITIALIZER                                                                \
    {                                                                                              \
        "eval", PARAM_TEXT, 0, 0, 0, EVALUATOR_DEFAULT,                                            \
            "hand = the weighted features; trained = the evaluation shipped for the ruleset, "     \
            "else for the nearest preset on its board (7x7, 9x9, 11x11; doc/training.md); FILE = " \
            "an evaluation file written by tafl train, or a network file (TAFLNNUE, "              \
            "doc/formats.md)"                                                                      \
    }
extern const char *const EVALUATOR_DEFAULT[2]; /* {"hand", NULL} */

/* An agent's evaluation. Plain value, owned by its agent; the model is borrowed. */
typedef struct Evaluator {
    EvalWeights hand;       /* the hand-written evaluation's weights (eval=hand) */
    const EvalModel *model; /* a learned evaluation used instead of the weights (eval=FILE or
                               trained); NULL: the weights. Borrowed */
    const Nnue *net;        /* an efficiently updatable network used instead of both (eval=FILE
                               of a network file); NULL: none. Borrowed */
    Side player;            /* the side the agent plays in this search (set at its root): a
                               player model reads that side's weights */
} Evaluator;

/* The hand-written evaluation with the weights of EVAL_PARAM_COUNT consecutive parameter values
 * (eval_weights_from), no model, the attackers played. */
void evaluator_init(Evaluator *e, const double *weights);

/* Scores with model from now on (NULL: the hand-written weights again); borrowed, it must
 * outlive the evaluator's use. */
void evaluator_set_model(Evaluator *e, const EvalModel *model);

/* Scores with network net from now on (NULL: the model or weights again); borrowed. */
void evaluator_set_network(Evaluator *e, const Nnue *net);

/* The value, for `to_move`, of the position whose accumulator of e's network is acc, in
 * evaluation units (EVALMODEL_UNITS per logit): what evaluator_value gives for that position,
 * the same to the last bit, for a search that keeps the accumulator move by move. */
double evaluator_network_value(const Evaluator *e, const NnueAcc *acc, Side to_move);

/* Sets the side the agent plays, at the root of each search. True when values given before no
 * longer hold: a player model whose other side was played, so that a search that keeps values
 * between moves (a transposition table, a tree) drops them. */
bool evaluator_play(Evaluator *e, Side side);

/* The position's value for the side to move (higher is better): eval_evaluate's with the
 * weights, or evalmodel_evaluate's (EVALMODEL_UNITS per logit) with the model as read by the
 * side played, the same to the last bit, or the network's from a fresh accumulator. The game must
 * not be over. Pure, thread-safe. */
double evaluator_value(const Rules *r, const GameState *s, const Evaluator *e);

#endif
