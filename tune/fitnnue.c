/* The fit of an efficiently updatable network (see fitnnue.h). The recipe is the one NNUE
 * trainers share (Stockfish's nnue-pytorch; sovelin/taflzero's src/nnue/ stage, read for its
 * description): a clipped ReLU hidden layer over piece-on-square inputs, a sigmoid of the output
 * fitted to a target that blends the game's result with the search's score (score_weight, the
 * trainers' lambda), Adam on minibatches, and a quantisation that maps an activation of 1.0 to
 * NNUE_CLIP and the output to NNUE_OUTPUT_PER_LOGIT a logit. */
#include "tune/fitnnue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/eval.h"
#include "agents/evalmodel.h"
#include "agents/evaluator.h"
#include "rules/rng.h"

/* Rows per Adam step. */
#define BATCH 256

/* The float weights' bounds, so that the quantised ones fit int16: a first-layer weight is
 * scaled by NNUE_CLIP (127 * 255 < 2^15), an output weight by 2^16 / NNUE_CLIP (127 * 257). */
#define WEIGHT_MAX 127.0f

/* The output's scale: NNUE_OUTPUT_PER_LOGIT a logit after the output shift of QUANT_SHIFT. */
#define QUANT_SHIFT 8
#define OUT_SCALE   ((double)NNUE_OUTPUT_PER_LOGIT * (double)(1 << QUANT_SHIFT))

/* The network in floating point: every parameter in one array, for Adam. */
typedef struct {
    int inputs, hidden, count;
    float *p;  /* [count]: w1 (inputs x hidden, input by input), b1, w2, b2 */
    float *w1; /* into p */
    float *b1;
    float *w2;
    float *b2;
} FloatNet;

static void floatnet_init(FloatNet *f, int squares, int hidden)
{
    f->inputs = NNUE_INPUTS(squares);
    f->hidden = hidden;
    f->count = f->inputs * hidden + 2 * hidden + 1;
    f->p = xcalloc((size_t)f->count, sizeof *f->p);
    f->w1 = f->p;
    f->b1 = f->w1 + (size_t)f->inputs * (size_t)hidden;
    f->w2 = f->b1 + hidden;
    f->b2 = f->w2 + hidden;
}

/* The quantised network q read back into f (same shape). */
static void floatnet_from(FloatNet *f, const Nnue *q)
{
    size_t n = (size_t)f->inputs * (size_t)f->hidden;
    for (size_t i = 0; i < n; i++)
        f->w1[i] = (float)q->w1[i] / NNUE_CLIP;
    double out = (double)(1 << q->out_shift) * NNUE_OUTPUT_PER_LOGIT;
    for (int h = 0; h < f->hidden; h++) {
        f->b1[h] = (float)q->b1[h] / NNUE_CLIP;
        f->w2[h] = (float)(q->w2[h] * (double)NNUE_CLIP / out);
    }
    *f->b2 = (float)(q->b2 / out);
}

static int32_t quantise(double v, double limit)
{
    double q = round(v);
    return (int32_t)(q > limit ? limit : q < -limit ? -limit : q);
}

/* f quantised into q (nnue_create'd here). */
static void floatnet_quantise(const FloatNet *f, int size, Nnue *q)
{
    Error err;
    Status st = nnue_create(q, size, f->hidden, &err);
    (void)st; /* the shape was checked when the training file was read */
    q->out_shift = QUANT_SHIFT;
    size_t n = (size_t)f->inputs * (size_t)f->hidden;
    for (size_t i = 0; i < n; i++)
        q->w1[i] = (int16_t)quantise((double)f->w1[i] * NNUE_CLIP, INT16_MAX);
    for (int h = 0; h < f->hidden; h++) {
        q->b1[h] = quantise((double)f->b1[h] * NNUE_CLIP, NNUE_MAX_BIAS);
        q->w2[h] = (int16_t)quantise((double)f->w2[h] * OUT_SCALE / NNUE_CLIP, INT16_MAX);
    }
    q->b2 = quantise((double)*f->b2 * OUT_SCALE, NNUE_MAX_BIAS);
}

static double sigmoid(double z)
{
    return 1.0 / (1.0 + exp(-z));
}

/* f's output (a logit) for the inputs in[0..n); the pre-activations into acc. */
static double forward(const FloatNet *f, const uint16_t *in, int n, float *acc)
{
    const int H = f->hidden;
    memcpy(acc, f->b1, (size_t)H * sizeof *acc);
    /* Blocks of NNUE_LANES (nnue.h: the hidden units are a multiple), which -O2 vectorises. */
    for (int q = 0; q < n; q++) {
        const float *w = f->w1 + (size_t)in[q] * (size_t)H;
        for (int h = 0; h < H; h += NNUE_LANES)
            for (int k = 0; k < NNUE_LANES; k++)
                acc[h + k] += w[h + k];
    }
    double z = *f->b2;
    for (int h = 0; h < H; h++) {
        float a = acc[h] < 0 ? 0 : acc[h] > 1 ? 1 : acc[h];
        z += (double)a * f->w2[h];
    }
    return z;
}

/* Adds the log-loss gradient of one row (inputs in[0..n), label y) to grad (f's layout):
 * forward through the clipped ReLU, back where a unit is not clipped. */
static void row_gradient(const FloatNet *f, const uint16_t *in, int n, float y, float *grad)
{
    const int H = f->hidden;
    float acc[NNUE_MAX_HIDDEN], back[NNUE_MAX_HIDDEN];
    double z = forward(f, in, n, acc);
    float e = (float)(sigmoid(z) - y);
    float *g_w1 = grad, *g_b1 = grad + (size_t)f->inputs * (size_t)H, *g_w2 = g_b1 + H,
          *g_b2 = g_w2 + H;
    *g_b2 += e;
    for (int h = 0; h < H; h++) {
        bool open = acc[h] > 0 && acc[h] < 1;
        float a = acc[h] < 0 ? 0 : acc[h] > 1 ? 1 : acc[h];
        g_w2[h] += e * a;
        back[h] = open ? e * f->w2[h] : 0;
        g_b1[h] += back[h];
    }
    for (int q = 0; q < n; q++) {
        float *g = g_w1 + (size_t)in[q] * (size_t)H;
        for (int h = 0; h < H; h += NNUE_LANES)
            for (int k = 0; k < NNUE_LANES; k++)
                g[h + k] += back[h + k];
    }
}

/* Adam (Kingma and Ba 2015) in single precision, betas 0.9 and 0.999. */
typedef struct {
    float *mom, *var;
    double b1t, b2t;
} FloatAdam;

static void adam_step(FloatAdam *a, const FloatNet *f, const float *grad, double lr, double l2)
{
    const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    a->b1t *= 0.9;
    a->b2t *= 0.999;
    const float c1 = (float)(lr / (1.0 - a->b1t)), c2 = (float)(1.0 / (1.0 - a->b2t));
    const int weights1 = f->inputs * f->hidden;
    for (int j = 0; j < f->count; j++) {
        float g = grad[j];
        /* Weight decay on the weights, not the biases. */
        if (j < weights1 || (j >= weights1 + f->hidden && j < f->count - 1))
            g += (float)(2.0 * l2) * f->p[j];
        a->mom[j] = b1 * a->mom[j] + (1 - b1) * g;
        a->var[j] = b2 * a->var[j] + (1 - b2) * g * g;
        float w = f->p[j] - c1 * a->mom[j] / (sqrtf(a->var[j] * c2) + eps);
        f->p[j] = w > WEIGHT_MAX ? WEIGHT_MAX : w < -WEIGHT_MAX ? -WEIGHT_MAX : w;
    }
}

/* Row i's network inputs mapped by the symmetry map (NULL: as they are) into in; their count. */
static int row_inputs(const FitDesign *d, int i, const int *map, uint16_t *in)
{
    const int sq = d->squares;
    int n = d->net_start[i + 1] - d->net_start[i];
    for (int q = 0; q < n; q++) {
        int x = d->net_idx[d->net_start[i] + q];
        in[q] = (uint16_t)(map && x < 3 * sq ? x / sq * sq + map[x % sq] : x);
    }
    return n;
}

/* f's mean log-loss over the held-out rows of d (0 when there are none). */
static double held_out_loss(const FloatNet *f, const FitDesign *d)
{
    float acc[NNUE_MAX_HIDDEN];
    uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
    double sum = 0;
    long count = 0;
    for (int i = 0; i < d->n; i++) {
        if (!d->held_out[i])
            continue;
        int n = row_inputs(d, i, NULL, in);
        sum += fit_logit_loss(forward(f, in, n, acc), d->label[i]);
        count++;
    }
    return count ? sum / (double)count : 0.0;
}

void fitnnue_fit(const Rules *r, const TrainFile *t, int g, const FitDesign *d, const Nnue *warm,
                 Nnue *out)
{
    const int hidden = t->hidden ? t->hidden : TRAINFILE_NNUE_DEFAULT_HIDDEN;
    FloatNet f;
    floatnet_init(&f, r->squares, hidden);
    Rng rng;
    rng_seed(&rng, rng_mix(t->seed, 0x6e6e756500ULL + (uint64_t)g));
    long n_train = 0, active = 0;
    for (int i = 0; i < d->n; i++)
        if (!d->held_out[i]) {
            n_train++;
            active += d->net_start[i + 1] - d->net_start[i];
        }
    if (warm && warm->hidden == hidden && warm->squares == r->squares) {
        floatnet_from(&f, warm);
    } else {
        /* Each unit's sum starts near 1/2 with a spread of about 1/2 (inputs' weights uniform,
         * scaled by the number active, as He et al. 2015 scale them), so that most units start
         * inside the clipped ReLU's open range; small output weights. */
        double mean_active = n_train ? (double)active / (double)n_train : 1.0;
        double a = 0.5 * sqrt(3.0 / mean_active);
        size_t n = (size_t)f.inputs * (size_t)hidden;
        for (size_t i = 0; i < n; i++)
            f.w1[i] = (float)((2.0 * rng_unit(&rng) - 1.0) * a);
        for (int h = 0; h < hidden; h++) {
            f.b1[h] = 0.5f;
            f.w2[h] = (float)((2.0 * rng_unit(&rng) - 1.0) / sqrt((double)hidden));
        }
    }
    if (n_train > 0) {
        int(*sym)[RULES_MAX_SQUARES] = xmalloc(8 * sizeof *sym);
        fit_board_symmetries(r, sym);
        int *order = xmalloc((size_t)n_train * sizeof *order);
        for (int i = 0, k = 0; i < d->n; i++)
            if (!d->held_out[i])
                order[k++] = i;
        float *grad = xmalloc((size_t)f.count * sizeof *grad);
        FloatAdam adam = {xcalloc((size_t)f.count, sizeof(float)),
                          xcalloc((size_t)f.count, sizeof(float)), 1.0, 1.0};
        uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
        /* Early stopping (Prechelt, "Early stopping - but when?", 1998): the weights after the
         * pass with the lowest held-out loss, the starting ones included, are the fit's. A
         * network over the squares learns the games of its window by heart (each game's
         * positions share one result) and its held-out loss then rises while its training
         * loss falls (results/train-copenhagen-nnue). */
        float *best = xmalloc((size_t)f.count * sizeof *best);
        memcpy(best, f.p, (size_t)f.count * sizeof *best);
        double best_loss = held_out_loss(&f, d);
        for (int epoch = 0; epoch < t->epochs; epoch++) {
            fit_shuffle(order, n_train, &rng);
            for (long b = 0; b < n_train; b += BATCH) {
                long end = b + BATCH < n_train ? b + BATCH : n_train;
                memset(grad, 0, (size_t)f.count * sizeof *grad);
                for (long k = b; k < end; k++) {
                    int n = row_inputs(d, order[k], sym[rng_below(&rng, 8)], in);
                    row_gradient(&f, in, n, d->label[order[k]], grad);
                }
                float inv = 1.0f / (float)(end - b);
                for (int j = 0; j < f.count; j++)
                    grad[j] *= inv;
                adam_step(&adam, &f, grad, t->learning_rate, t->l2);
            }
            double loss = held_out_loss(&f, d);
            if (loss < best_loss) {
                best_loss = loss;
                memcpy(best, f.p, (size_t)f.count * sizeof *best);
            }
        }
        memcpy(f.p, best, (size_t)f.count * sizeof *best);
        free(best);
        free(adam.mom);
        free(adam.var);
        free(grad);
        free(order);
        free(sym);
    }
    floatnet_quantise(&f, r->size, out);
    free(f.p);
}

double fitnnue_log_loss(const FitDesign *d, const Nnue *net, bool want)
{
    double sum = 0;
    long count = 0;
    uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
    NnueAcc acc;
    for (int i = 0; i < d->n; i++) {
        if (d->held_out[i] != want)
            continue;
        nnue_accumulate(net, in, row_inputs(d, i, NULL, in), &acc);
        double z = (double)nnue_output(net, &acc) / NNUE_OUTPUT_PER_LOGIT;
        sum += fit_logit_loss(z, d->label[i]);
        count++;
    }
    return count ? sum / (double)count : 0.0;
}

double fitnnue_hand_log_loss(const Rules *r, const TrainFile *t, const GenData *gens, int g,
                             bool want)
{
    double defaults[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        defaults[i] = EVAL_PARAMS[i].def;
    Evaluator e;
    evaluator_init(&e, defaults);
    /* fit_design_build's window: the recorded games' positions, then generations first..g. */
    int first = fit_window_first(t, g);
    double sum = 0;
    long count = 0;
    for (int k = first - 1; k <= g; k++) {
        const GenData *gen = &gens[k < first ? 0 : k];
        for (int i = 0; i < gen->count; i++) {
            const TrainPos *p = &gen->pos[i];
            if (fit_held_out(p) != want)
                continue;
            double v = evaluator_value(r, &p->s, &e);
            double z = (p->s.side == SIDE_ATTACKERS ? v : -v) / EVALMODEL_UNITS;
            sum += fit_logit_loss(z, fit_target(t, p));
            count++;
        }
    }
    return count ? sum / (double)count : 0.0;
}
