/* `tafl train`'s fit: the positions of a window as sparse rows (a design), the logistic
 * objective over them with its gradient by backpropagation, and the Adam optimisers that fit a
 * learned evaluation (agents/evalmodel.h) to them. */
#ifndef TAFL_TUNE_FIT_H
#define TAFL_TUNE_FIT_H

#include <stdbool.h>
#include <stdint.h>

#include "agents/evalmodel.h"
#include "formats/trainfile.h"
#include "rules/rng.h"
#include "tune/selfplay.h"

/* The window's positions as sparse feature rows (CSR), read by the fit (a model = nnue
 * training's rows have no features, only network inputs). */
typedef struct {
    int n;          /* rows */
    int squares;    /* the board's squares (a net model's symmetric images) */
    int *start;     /* [n + 1] */
    uint16_t *idx;  /* features; a sided model's defenders-to-move rows index its second set */
    float *val;     /* values */
    float *label;   /* [n] the target: the outcome blended with the search's (score_weight) */
    bool *held_out; /* [n] validation */
    /* A net model's: each row's active network inputs (evalmodel_net_active), CSR; NULL for the
     * other models. */
    int *net_start;    /* [n + 1] */
    uint16_t *net_idx; /* inputs */
} FitDesign;

/* A position's target: its game's outcome blended with the search's prediction by
 * t->score_weight (the NNUE trainers' lambda). */
double fit_target(const TrainFile *t, const TrainPos *p);

/* Whether a position is held out for validation: its game's index is divisible by 10. */
bool fit_held_out(const TrainPos *p);

/* The first generation of generation g's window (at least 1); the recorded games' positions
 * (gens[0]) join every window. */
int fit_window_first(const TrainFile *t, int g);

/* The log-loss of logit z against target y: -(y log p + (1 - y) log(1 - p)), p = sigmoid(z). */
double fit_logit_loss(double z, double y);

/* The design of generation g's window for training t under r: the positions of gens[0] (the
 * recorded games') and of generations g - t->window + 1 to g (at least 1), in that order, with
 * t's feature set, laid out for t's model (a player model's rows are a linear one's: its
 * candidate is one linear fit). Games with index divisible by 10 are held out. Caller frees
 * with fit_design_free. Thread-safe. */
void fit_design_build(const Rules *r, const TrainFile *t, const GenData *gens, int g, FitDesign *d);

/* Frees the arrays of d. */
void fit_design_free(FitDesign *d);

/* Mean log-loss of m over the rows of d with held_out == want (0 when there are none). */
double fit_log_loss(const FitDesign *d, const EvalModel *m, bool want);

/* The objective the fit minimises for m over d's training rows (held_out false): mean log-loss
 * plus l2 * |w - prior|^2 over m's m->count weights. With grad not NULL, its gradient by the
 * backpropagation that the optimisers follow goes into grad[0..m->count); the objective itself
 * comes from the forward pass alone (agents/evalmodel.h), so the two can be checked against
 * each other. 0 and a zero gradient when d has no training row. Thread-safe. */
double fit_objective(const FitDesign *d, const EvalModel *m, const double *prior, double l2,
                     double *grad);

/* Puts order[0..n) in a uniformly random order drawn from rng (Fisher-Yates): the minibatch
 * order of a pass. */
void fit_shuffle(int *order, long n, Rng *rng);

/* The eight symmetries of the square board as square maps (ruleset_square_image). Every
 * preset's layout, corners and throne are symmetric under them, so a position and its images
 * have the same value. */
void fit_board_symmetries(const Rules *r, int map[8][RULES_MAX_SQUARES]);

/* Fits generation g's candidate for training t under r on d from `start` (the generation 0
 * model of the kind fitted: a linear one for a player training) into *m: full-batch Adam on
 * fit_objective with prior = start's weights (a net model: minibatch Adam over symmetric
 * images, its network pulled towards 0; see fit.c). Deterministic for t->seed and g. */
void fit_model(const Rules *r, const TrainFile *t, int g, const FitDesign *d,
               const EvalModel *start, EvalModel *m);

#endif
