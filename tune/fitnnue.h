/* `tafl train`'s fit of an efficiently updatable network (model = nnue, agents/nnue.h): the
 * network in floating point fitted by minibatch Adam to a window's positions, then quantised to
 * the int16/int32 network the agents play, and the losses of a quantised network and of the
 * hand-written evaluation on the window's held-out positions. */
#ifndef TAFL_TUNE_FITNNUE_H
#define TAFL_TUNE_FITNNUE_H

#include <stdbool.h>

#include "agents/nnue.h"
#include "formats/trainfile.h"
#include "tune/fit.h"
#include "tune/selfplay.h"

/* Fits generation g's network for training t under r on d (built by fit_design_build for a
 * model = nnue training: its rows' network inputs, labels and split) into *out (nnue_create'd
 * here; nnue_free it), with t->hidden units (0: TRAINFILE_NNUE_DEFAULT_HIDDEN): t->epochs passes of
 * minibatch Adam (rate t->learning_rate, weight decay t->l2) over the training rows in an
 * order shuffled each pass, each row seen as a random one of the board's eight symmetric
 * images, on the log-loss of sigmoid(output) against the row's label. From `warm` (a network
 * of the same shape, read back to floating point: the generation before's candidate) when not
 * NULL, else from seeded random weights. The fit keeps the weights after the pass (or before
 * the first) with the lowest held-out loss: early stopping, so that the held-out loss it
 * reports is the one it chose by. One thread, a generator seeded by t->seed and g: the same
 * network at any thread count. */
void fitnnue_fit(const Rules *r, const TrainFile *t, int g, const FitDesign *d, const Nnue *warm,
                 Nnue *out);

/* Mean log-loss of network net (its output read as NNUE_OUTPUT_PER_LOGIT a logit) over the
 * rows of d with held_out == want (0 when there are none). */
double fitnnue_log_loss(const FitDesign *d, const Nnue *net, bool want);

/* The same for the hand-written evaluation with alpha-beta's default weights (its value in
 * the attackers' view read as EVALMODEL_UNITS a logit), over the positions of generation g's
 * window (fit_design_build's rows, in its order and split). */
double fitnnue_hand_log_loss(const Rules *r, const TrainFile *t, const GenData *gens, int g,
                             bool want);

#endif
