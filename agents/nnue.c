/* The efficiently updatable network's arithmetic (see nnue.h). */
#include "agents/nnue.h"

#include <stdlib.h>
#include <string.h>

#include "rules/rng.h"

Status nnue_create(Nnue *net, int size, int hidden, Error *err)
{
    memset(net, 0, sizeof *net);
    if (size < RULES_MIN_SIZE || size > RULES_MAX_SIZE) {
        error_set(err, "network: board size %d is not in %d..%d", size, RULES_MIN_SIZE,
                  RULES_MAX_SIZE);
        return ST_EINVAL;
    }
    if (hidden < NNUE_MIN_HIDDEN || hidden > NNUE_MAX_HIDDEN || hidden % NNUE_LANES != 0) {
        error_set(err, "network: %d hidden units is not a multiple of %d in %d..%d", hidden,
                  NNUE_LANES, NNUE_MIN_HIDDEN, NNUE_MAX_HIDDEN);
        return ST_EINVAL;
    }
    net->size = size;
    net->squares = size * size;
    net->hidden = hidden;
    net->w1 = xcalloc((size_t)NNUE_INPUTS(net->squares) * (size_t)hidden, sizeof *net->w1);
    net->b1 = xcalloc((size_t)hidden, sizeof *net->b1);
    net->w2 = xcalloc((size_t)hidden, sizeof *net->w2);
    /* Activations reach NNUE_CLIP and output weights about the same: the product's scale. */
    net->out_shift = 8;
    return ST_OK;
}

void nnue_destroy(Nnue *net)
{
    nnue_free(net);
    free(net);
}

void nnue_free(Nnue *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->b1);
    free(net->w2);
    memset(net, 0, sizeof *net);
}

/* A weight uniform in [-range, range]. */
static int16_t uniform(Rng *rng, int range)
{
    return (int16_t)((int)rng_below(rng, (uint32_t)(2 * range + 1)) - range);
}

void nnue_randomize(Nnue *net, uint64_t seed, int range)
{
    Rng rng;
    rng_seed(&rng, seed);
    size_t n = (size_t)NNUE_INPUTS(net->squares) * (size_t)net->hidden;
    for (size_t i = 0; i < n; i++)
        net->w1[i] = uniform(&rng, range);
    for (int h = 0; h < net->hidden; h++) {
        net->b1[h] = uniform(&rng, 4 * range);
        net->w2[h] = uniform(&rng, 4 * range);
    }
    net->b2 = uniform(&rng, 4 * range);
}

/* The input of a piece kind (1 attacker, 2 defender, 3 king) on square sq. */
static int input_of(const Nnue *net, Piece kind, int sq)
{
    return ((int)kind - 1) * net->squares + sq;
}

/* The side-to-move input: 1 when the attackers are to move. */
static int side_input(const Nnue *net)
{
    return 3 * net->squares;
}

/* acc += sign * the column of input `in`: int16 weights into int32 sums, in blocks of
 * NNUE_LANES that the compiler vectorises. */
static void add_column(const Nnue *net, NnueAcc *acc, int in, int sign)
{
    const int16_t *w = net->w1 + (size_t)in * (size_t)net->hidden;
    int32_t *v = acc->v;
    if (sign > 0) {
        for (int h = 0; h < net->hidden; h += NNUE_LANES)
            for (int k = 0; k < NNUE_LANES; k++)
                v[h + k] += w[h + k];
    } else {
        for (int h = 0; h < net->hidden; h += NNUE_LANES)
            for (int k = 0; k < NNUE_LANES; k++)
                v[h + k] -= w[h + k];
    }
}

void nnue_accumulate(const Nnue *net, const uint16_t *in, int n, NnueAcc *acc)
{
    memcpy(acc->v, net->b1, (size_t)net->hidden * sizeof *acc->v);
    for (int q = 0; q < n; q++)
        add_column(net, acc, in[q], 1);
}

void nnue_refresh(const Nnue *net, const Rules *r, const GameState *s, NnueAcc *acc)
{
    memset(acc, 0, sizeof *acc);
    memcpy(acc->v, net->b1, (size_t)net->hidden * sizeof *acc->v);
    for (int w = 0; w < r->words; w++) {
        for (uint64_t b = s->attackers[w]; b; b &= b - 1)
            add_column(net, acc, input_of(net, PIECE_ATTACKER, w * 64 + __builtin_ctzll(b)), 1);
        for (uint64_t b = s->defenders[w]; b; b &= b - 1)
            add_column(net, acc, input_of(net, PIECE_DEFENDER, w * 64 + __builtin_ctzll(b)), 1);
    }
    add_column(net, acc, input_of(net, PIECE_KING, s->king), 1);
    if (s->side == SIDE_ATTACKERS)
        add_column(net, acc, side_input(net), 1);
}

void nnue_update(const Nnue *net, const Rules *r, const GameState *before, Move m,
                 const CaptureList *caps, NnueAcc *acc)
{
    Piece mover = state_piece_at(r, before, m.from);
    add_column(net, acc, input_of(net, mover, m.from), -1);
    add_column(net, acc, input_of(net, mover, m.to), 1);
    for (int i = 0; i < caps->count; i++) {
        Piece taken = state_piece_at(r, before, caps->sq[i]);
        /* A captured king ends the game and stays on his square in the GameState, so in the
         * accumulator too: it is always a function of the position as state.h holds it. */
        if (taken != PIECE_KING)
            add_column(net, acc, input_of(net, taken, caps->sq[i]), -1);
    }
    /* Every move passes the turn. */
    add_column(net, acc, side_input(net), before->side == SIDE_ATTACKERS ? -1 : 1);
}

/* acc += sign * the columns of kind's inputs on the squares of bits (r->words words). */
static void add_squares(const Nnue *net, const Rules *r, NnueAcc *acc, Piece kind,
                        const uint64_t *bits, int sign)
{
    for (int w = 0; w < r->words; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            add_column(net, acc, input_of(net, kind, w * 64 + __builtin_ctzll(b)), sign);
}

void nnue_advance(const Nnue *net, const Rules *r, const GameState *before, const GameState *after,
                  const NnueAcc *from, NnueAcc *to)
{
    if (to != from)
        memcpy(to->v, from->v, (size_t)net->hidden * sizeof to->v[0]);
    uint64_t gone[RULES_WORDS], come[RULES_WORDS];
    for (int w = 0; w < r->words; w++) {
        gone[w] = before->attackers[w] & ~after->attackers[w];
        come[w] = after->attackers[w] & ~before->attackers[w];
    }
    add_squares(net, r, to, PIECE_ATTACKER, gone, -1);
    add_squares(net, r, to, PIECE_ATTACKER, come, 1);
    for (int w = 0; w < r->words; w++) {
        gone[w] = before->defenders[w] & ~after->defenders[w];
        come[w] = after->defenders[w] & ~before->defenders[w];
    }
    add_squares(net, r, to, PIECE_DEFENDER, gone, -1);
    add_squares(net, r, to, PIECE_DEFENDER, come, 1);
    if (before->king != after->king) {
        add_column(net, to, input_of(net, PIECE_KING, before->king), -1);
        add_column(net, to, input_of(net, PIECE_KING, after->king), 1);
    }
    if (before->side != after->side)
        add_column(net, to, side_input(net), after->side == SIDE_ATTACKERS ? 1 : -1);
}

void nnue_copy(Nnue *dst, const Nnue *src)
{
    Error err;
    Status st = nnue_create(dst, src->size, src->hidden, &err);
    (void)st; /* src was made by nnue_create: its size and hidden units are in range */
    size_t n = (size_t)NNUE_INPUTS(src->squares) * (size_t)src->hidden;
    memcpy(dst->w1, src->w1, n * sizeof *dst->w1);
    memcpy(dst->b1, src->b1, (size_t)src->hidden * sizeof *dst->b1);
    memcpy(dst->w2, src->w2, (size_t)src->hidden * sizeof *dst->w2);
    dst->b2 = src->b2;
    dst->out_shift = src->out_shift;
}

int32_t nnue_output(const Nnue *net, const NnueAcc *acc)
{
    /* Each product is at most NNUE_CLIP * 2^15 (under 2^23) and a block of NNUE_LANES of them
     * under 2^26: a block adds in int32, the blocks in int64. */
    int64_t sum = net->b2;
    for (int h = 0; h < net->hidden; h += NNUE_LANES) {
        int32_t block = 0;
        for (int k = 0; k < NNUE_LANES; k++) {
            int32_t v = acc->v[h + k];
            int32_t a = v < 0 ? 0 : v > NNUE_CLIP ? NNUE_CLIP : v;
            block += a * net->w2[h + k];
        }
        sum += block;
    }
    /* Scaled down towards zero, so that a position and its mirror image for the other side
     * give values of one size. */
    return (int32_t)(sum >= 0 ? sum >> net->out_shift : -((-sum) >> net->out_shift));
}
