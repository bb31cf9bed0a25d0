/* An efficiently updatable network over the squares (NNUE, Nasu 2018), for any board up to
 * RULES_MAX_SIZE: one input per piece kind (attacker, defender, king) on each square and one
 * for "the attackers are to move" (the layout of the learned network model, agents/evalmodel.h),
 * a hidden layer of up to NNUE_MAX_HIDDEN units with clipped ReLU, one output. The hidden
 * layer's pre-activations are kept as an accumulator that a move changes by a few columns
 * (the moving piece off its square and onto another, each captured piece off, the side to
 * move flipped) instead of being recomputed: the form of sovelin/taflzero's src/nnue/ stage
 * (piece-on-square inputs, one accumulator, int16 weights), written here from that
 * description. Integer arithmetic throughout, so the incremental and the from-scratch
 * accumulator are equal bit for bit (tests/check_nnue.c checks it over random games of every
 * preset). Its file: agents/nnuefile.h. No training yet. */
#ifndef TAFL_AGENTS_NNUE_H
#define TAFL_AGENTS_NNUE_H

#include <stdint.h>

#include "rules/common.h"
#include "rules/state.h"

/* The hidden layer's size: at most, and at least, in steps of NNUE_LANES. */
#define NNUE_MAX_HIDDEN 512
#define NNUE_MIN_HIDDEN 8

/* The hidden units are a multiple of this: the loops over them go in blocks of eight, of known
 * length, which the compiler turns into vector instructions at -O2 (a loop of unknown length it
 * leaves scalar there). */
#define NNUE_LANES 8

/* The clipped ReLU's ceiling: a hidden unit's activation is its accumulator clamped to
 * [0, NNUE_CLIP] (weights are scaled so that 1.0 is NNUE_CLIP). */
#define NNUE_CLIP 255

/* The range of the biases and of the output shift that keeps every sum in range: an
 * accumulator is a bias plus at most RULES_MAX_SQUARES + 1 columns of int16 (under 2^23), so a
 * bias within 2^30 keeps it in int32; the output sums at most 512 * 255 * 2^15 (2^32) and a
 * bias, and a shift of 2 or more brings that into int32. nnue_create's shift is 8. */
#define NNUE_MAX_BIAS  (1 << 30)
#define NNUE_MIN_SHIFT 2
#define NNUE_MAX_SHIFT 30

/* The inputs of a board of `squares` squares: three piece kinds a square, and the side. */
#define NNUE_INPUTS(squares) (3 * (squares) + 1)

/* A network for one board size. Weights are int16: w1 holds one row of `hidden` weights per
 * input (an input's column of the first layer, contiguous, which is what an update adds). */
typedef struct {
    int size;      /* the board's side */
    int squares;   /* size * size */
    int hidden;    /* NNUE_MIN_HIDDEN..NNUE_MAX_HIDDEN, a multiple of NNUE_LANES */
    int16_t *w1;   /* [NNUE_INPUTS(squares)][hidden] */
    int32_t *b1;   /* [hidden] */
    int16_t *w2;   /* [hidden] */
    int32_t b2;    /* the output's bias */
    int out_shift; /* the output is (b2 + sum clamp(acc) * w2) >> out_shift */
} Nnue;

/* The hidden layer's pre-activations for one position. Fixed size, copy by assignment. */
typedef struct {
    int32_t v[NNUE_MAX_HIDDEN];
} NnueAcc;

/* A network of zero weights for boards of side `size` with `hidden` units. ST_EINVAL naming
 * the bound when either is out of range (or hidden is no multiple of NNUE_LANES). nnue_free
 * releases it. */
MUST_CHECK Status nnue_create(Nnue *net, int size, int hidden, Error *err);

/* Frees the weights (not net). NULL-safe. */
void nnue_free(Nnue *net);

/* Frees the weights and net itself, a network on the heap (nnuefile_resolve's). NULL-safe. */
void nnue_destroy(Nnue *net);

/* Fills every weight from seed, uniformly in [-range, range] for the first layer and
 * [-4 * range, 4 * range] for the output: a network to test the arithmetic with, and a start
 * for a training. Deterministic. */
void nnue_randomize(Nnue *net, uint64_t seed, int range);

/* The accumulator of position s, from scratch: b1 plus the column of every input that is 1. */
void nnue_refresh(const Nnue *net, const Rules *r, const GameState *s, NnueAcc *acc);

/* The accumulator of the inputs in[0..n) that are 1 (input order: nnue.h's layout, as
 * evalmodel_net_active lists them), from scratch: b1 plus each one's column. */
void nnue_accumulate(const Nnue *net, const uint16_t *in, int n, NnueAcc *acc);

/* Updates acc, the accumulator of `before`, to that of the position after legal move m, whose
 * captured squares are caps (state_apply's list for that move): the moving piece's column off
 * m.from and onto m.to, each captured piece's off its square (but the king's: a captured king
 * stays on his square in the GameState that ends the game), the side's column flipped. */
void nnue_update(const Nnue *net, const Rules *r, const GameState *before, Move m,
                 const CaptureList *caps, NnueAcc *acc);

/* Sets *to, the accumulator of `after`, from *from, that of `before`, by the squares whose piece
 * differs between the two positions and the side to move: one move's few columns, whatever made
 * the difference (a move with its captures, or a search's pass that only flips the side). Equal
 * to nnue_refresh(after) bit for bit when *from is nnue_refresh(before). from and to may be the
 * same accumulator. */
void nnue_advance(const Nnue *net, const Rules *r, const GameState *before, const GameState *after,
                  const NnueAcc *from, NnueAcc *to);

/* The network's output for an accumulator, from the attackers' side (larger: better for the
 * attackers), NNUE_OUTPUT_PER_LOGIT a logit of the attackers' winning (as `tafl train` fits it). */
int32_t nnue_output(const Nnue *net, const NnueAcc *acc);

/* The output's units per logit: an output o predicts that the attackers win with probability
 * 1 / (1 + exp(-o / NNUE_OUTPUT_PER_LOGIT)). */
#define NNUE_OUTPUT_PER_LOGIT 256

/* A copy of src into dst (nnue_create'd here; nnue_free it). */
void nnue_copy(Nnue *dst, const Nnue *src);

#endif
