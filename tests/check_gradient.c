/* The fit's gradients (tune/fit.c): for every model kind `tafl train` fits (linear, sided,
 * player and net), the backpropagation the optimisers follow against central finite
 * differences of the objective, on positions of random games with random targets and weights. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/evalmodel.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "tests/tests.h"
#include "tune/fit.h"

#define GRADIENT_POSITIONS 80
/* The step of the central differences: their truncation error (h^2 f''' / 6) and their
 * rounding error (about 1e-16 |f| / h) both stay near 1e-10 at this h. */
#define GRADIENT_STEP 1e-5
/* The largest relative error allowed, |analytic - numeric| / max(|analytic|, |numeric|, floor):
 * a wrong term errs by its own size, far above this. */
#define GRADIENT_TOLERANCE 1e-5
#define GRADIENT_FLOOR     1e-4
#define GRADIENT_L2        0.01

/* Positions of random Brandubh games (every third ply, game not over), each with a random
 * outcome and search prediction; games with index divisible by 10 are held out. */
static void random_positions(const Rules *r, Rng *rng, GenData *out)
{
    out->pos = calloc(GRADIENT_POSITIONS, sizeof *out->pos);
    ck_assert_ptr_nonnull(out->pos);
    out->count = 0;
    for (int game = 0; out->count < GRADIENT_POSITIONS; game++) {
        GameState s;
        History h;
        fixture_start(r, &s, &h);
        for (int ply = 0; ply < 60 && out->count < GRADIENT_POSITIONS; ply++) {
            Move moves[RULES_MAX_MOVES];
            int n = movegen_legal_in_game(r, &s, &h, moves);
            if (n == 0)
                break;
            state_apply(r, &s, &h, moves[rng_below(rng, (uint32_t)n)], NULL);
            if (state_is_over(&s))
                break;
            if (ply % 3 != 0)
                continue;
            TrainPos *p = &out->pos[out->count++];
            p->s = s;
            p->label = 0.5f * (float)rng_below(rng, 3);
            p->search = (float)rng_unit(rng);
            p->game = game;
        }
        history_free(&h);
    }
}

/* Uniform in [-scale, scale). */
static double uniform(Rng *rng, double scale)
{
    return (2.0 * rng_unit(rng) - 1.0) * scale;
}

/* The largest relative error of fit_objective's gradient for m over d against central
 * differences; *data_terms[k] counts the weights of group k (0 linear, then a net model's
 * hidden biases, input weights, output weights) whose gradient holds a data term. */
static double max_relative_error(const FitDesign *d, EvalModel *m, const double *prior,
                                 int data_terms[4])
{
    double *grad = calloc((size_t)m->count, sizeof *grad);
    ck_assert_ptr_nonnull(grad);
    fit_objective(d, m, prior, GRADIENT_L2, grad);
    double worst = 0;
    memset(data_terms, 0, 4 * sizeof *data_terms);
    for (int j = 0; j < m->count; j++) {
        double w = m->w[j];
        m->w[j] = w + GRADIENT_STEP;
        double up = fit_objective(d, m, prior, GRADIENT_L2, NULL);
        m->w[j] = w - GRADIENT_STEP;
        double down = fit_objective(d, m, prior, GRADIENT_L2, NULL);
        m->w[j] = w;
        double numeric = (up - down) / (2 * GRADIENT_STEP);
        double scale = fmax(fmax(fabs(grad[j]), fabs(numeric)), GRADIENT_FLOOR);
        worst = fmax(worst, fabs(grad[j] - numeric) / scale);
        int group = m->kind != EVALMODEL_NET || j < m->net_at ? 0
                    : j < m->net_at + m->hidden               ? 1
                    : j < m->count - m->hidden                ? 2
                                                              : 3;
        data_terms[group] += fabs(grad[j] - 2 * GRADIENT_L2 * (w - prior[j])) > 1e-9;
    }
    free(grad);
    return worst;
}

/* Checks the gradient of a `kind` training's fit (a player training fits one linear set). */
static void check_kind(EvalModelKind kind)
{
    Rules r;
    fixture_rules("brandubh", &r);
    TrainFile t;
    trainfile_defaults(&t);
    t.model = kind;
    t.hidden = kind == EVALMODEL_NET ? 4 : 0;
    t.score_weight = 0.5; /* targets between the outcomes */
    Rng rng;
    rng_seed(&rng, 0x6772616400u + (uint64_t)kind);
    GenData gens[2] = {{NULL, 0}, {NULL, 0}};
    random_positions(&r, &rng, &gens[1]);
    FitDesign d;
    fit_design_build(&r, &t, gens, 1, &d);
    EvalModel *m = malloc(sizeof *m);
    ck_assert_ptr_nonnull(m);
    if (kind == EVALMODEL_NET)
        evalmodel_init_net(&r, t.features, t.hidden, NULL, m);
    else
        evalmodel_init_hand(&r, kind == EVALMODEL_PLAYER ? EVALMODEL_LINEAR : kind, t.features, m);
    double *prior = calloc((size_t)m->count, sizeof *prior);
    ck_assert_ptr_nonnull(prior);
    for (int j = 0; j < m->count; j++) {
        m->w[j] = uniform(&rng, 0.3);
        prior[j] = uniform(&rng, 0.3);
    }
    int data_terms[4];
    double worst = max_relative_error(&d, m, prior, data_terms);
    ck_assert_msg(worst < GRADIENT_TOLERANCE, "%s: max relative error %.3g over %d weights",
                  evalmodel_kind_name(kind), worst, m->count);
    /* The data reach every part of the model, so each part's backpropagation was checked. */
    for (int k = 0; k < (kind == EVALMODEL_NET ? 4 : 1); k++)
        ck_assert_msg(data_terms[k] > 0, "%s: no data term in weight group %d",
                      evalmodel_kind_name(kind), k);
    free(prior);
    free(m);
    fit_design_free(&d);
    free(gens[1].pos);
}

START_TEST(test_gradient_linear)
{
    check_kind(EVALMODEL_LINEAR);
}
END_TEST

START_TEST(test_gradient_sided)
{
    check_kind(EVALMODEL_SIDED);
}
END_TEST

START_TEST(test_gradient_player)
{
    check_kind(EVALMODEL_PLAYER);
}
END_TEST

START_TEST(test_gradient_net)
{
    check_kind(EVALMODEL_NET);
}
END_TEST

Suite *gradient_suite(void)
{
    Suite *s = suite_create("gradient");
    TCase *tc = tcase_create("gradient");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_gradient_linear);
    tcase_add_test(tc, test_gradient_sided);
    tcase_add_test(tc, test_gradient_player);
    tcase_add_test(tc, test_gradient_net);
    suite_add_tcase(s, tc);
    return s;
}
