/* An agent's evaluation: the hand-written weights or a learned model, and the side it plays. */
#include "agents/evaluator.h"

#include <stddef.h>

const char *const EVALUATOR_DEFAULT[2] = {"hand", NULL};

void evaluator_init(Evaluator *e, const double *weights)
{
    eval_weights_from(weights, &e->hand);
    e->model = NULL;
    e->player = SIDE_ATTACKERS;
}

void evaluator_set_model(Evaluator *e, const EvalModel *model)
{
    e->model = model;
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
    if (e->model)
        return evalmodel_evaluate(r, s, e->model, e->player);
    return eval_evaluate(r, s, &e->hand);
}
