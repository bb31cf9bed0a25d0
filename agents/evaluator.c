/* An agent's evaluation: the hand-written weights or a learned model, and the side it plays. */
#include "agents/evaluator.h"

#include <stddef.h>

const char *const EVALUATOR_DEFAULT[2] = {"hand", NULL};

void evaluator_init(Evaluator *e, const double *weights)
{
    eval_weights_from(weights, &e->hand);
    e->model = NULL;
    e->net = NULL;
    e->player = SIDE_ATTACKERS;
}

void evaluator_set_model(Evaluator *e, const EvalModel *model)
{
    e->model = model;
}

void evaluator_set_network(Evaluator *e, const Nnue *net)
{
    e->net = net;
}

double evaluator_network_value(const Evaluator *e, const NnueAcc *acc, Side to_move)
{
    double v = (double)nnue_output(e->net, acc) * (EVALMODEL_UNITS / NNUE_OUTPUT_PER_LOGIT);
    return to_move == SIDE_ATTACKERS ? v : -v;
}

bool evaluator_play(Evaluator *e, Side side)
{
    /* Only a player model reads the side played; the other evaluations give a position one
     * value whoever asks. */
    bool stale = e->model && e->model->kind == EVALMODEL_PLAYER && e->player != side;
    e->player = side;
    return stale;
}

double evaluator_value(const Rules *r, const GameState *s, const Evaluator *e)
{
    if (e->net) {
        NnueAcc acc;
        nnue_refresh(e->net, r, s, &acc);
        return evaluator_network_value(e, &acc, (Side)s->side);
    }
    if (e->model)
        return evalmodel_evaluate(r, s, e->model, e->player);
    return eval_evaluate(r, s, &e->hand);
}
