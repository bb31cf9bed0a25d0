/* `tafl train`'s fit: a window's positions as sparse rows, the logistic objective over them
 * and its gradient by backpropagation, and Adam (Kingma and Ba 2015) that fits a linear, sided
 * or net model to them. */
#include "tune/fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rng.h"

/* --- the design --- */

/* Appends row's linear features (and a net model's active inputs) for position p. */
static void design_row(const Rules *r, const TrainFile *t, const TrainPos *p, FitDesign *d, int row,
                       size_t *cap, size_t *used, size_t *net_cap, size_t *net_used)
{
    EvalFeatures f;
    if (t->model == EVALMODEL_NNUE)
        f.count = 0; /* a network reads its inputs alone */
    else
        evalmodel_features_of_set(r, &p->s, t->features, &f);
    /* A sided model's defenders-to-move weights follow the attackers' set; features past the
     * trained set (newer sets' appended ones, indices ascending) are left out. */
    int in_set = evalmodel_feature_count(r, t->features);
    int offset = t->model == EVALMODEL_SIDED && !f.attackers_to_move ? in_set : 0;
    while (f.count > 0 && f.index[f.count - 1] >= in_set)
        f.count--;
    if (*used + (size_t)f.count > *cap) {
        *cap = *cap * 2 + (size_t)f.count;
        d->idx = xrealloc(d->idx, *cap * sizeof *d->idx);
        d->val = xrealloc(d->val, *cap * sizeof *d->val);
    }
    d->start[row] = (int)*used;
    for (int j = 0; j < f.count; j++) {
        d->idx[*used] = (uint16_t)(f.index[j] + offset);
        d->val[*used] = (float)f.value[j];
        (*used)++;
    }
    /* The target blends the outcome with the search's prediction (score_weight), as NNUE
     * trainers blend game result and search evaluation (Stockfish's nnue-pytorch, its
     * `lambda`): the search score is a less noisy target than one game's result. */
    d->label[row] = (float)fit_target(t, p);
    d->held_out[row] = fit_held_out(p);
    if (d->net_start) {
        uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
        int m = evalmodel_net_active(r, &p->s, in);
        if (*net_used + (size_t)m > *net_cap) {
            *net_cap = *net_cap * 2 + (size_t)m;
            d->net_idx = xrealloc(d->net_idx, *net_cap * sizeof *d->net_idx);
        }
        d->net_start[row] = (int)*net_used;
        memcpy(d->net_idx + *net_used, in, (size_t)m * sizeof *in);
        *net_used += (size_t)m;
    }
}

double fit_target(const TrainFile *t, const TrainPos *p)
{
    double w = t->score_weight;
    return (1.0 - w) * p->label + w * p->search;
}

bool fit_held_out(const TrainPos *p)
{
    return p->game % 10 == 0;
}

int fit_window_first(const TrainFile *t, int g)
{
    return g - t->window + 1 < 1 ? 1 : g - t->window + 1;
}

double fit_logit_loss(double z, double y)
{
    /* -(y log p + (1 - y) log(1 - p)) with p = sigmoid(z) is softplus(z) - y z, written so
     * that it neither overflows nor loses digits far from 0. */
    return (z > 0 ? z : 0) + log1p(exp(-fabs(z))) - y * z;
}

void fit_design_build(const Rules *r, const TrainFile *t, const GenData *gens, int g, FitDesign *d)
{
    int first = fit_window_first(t, g);
    int n = gens[0].count;
    for (int k = first; k <= g; k++)
        n += gens[k].count;
    d->n = n;
    d->squares = r->squares;
    d->start = xmalloc((size_t)(n + 1) * sizeof *d->start);
    d->label = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *d->label);
    d->held_out = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *d->held_out);
    size_t cap = (size_t)(n > 0 ? n : 1) * 48, used = 0;
    d->idx = xmalloc(cap * sizeof *d->idx);
    d->val = xmalloc(cap * sizeof *d->val);
    bool net = t->model == EVALMODEL_NET || t->model == EVALMODEL_NNUE;
    size_t net_cap = 0, net_used = 0;
    d->net_start = NULL;
    d->net_idx = NULL;
    if (net) {
        net_cap = (size_t)(n > 0 ? n : 1) * 32;
        d->net_start = xmalloc((size_t)(n + 1) * sizeof *d->net_start);
        d->net_idx = xmalloc(net_cap * sizeof *d->net_idx);
    }
    int row = 0;
    for (int k = first - 1; k <= g; k++) {
        const GenData *gen = &gens[k < first ? 0 : k]; /* the recorded games' slot first */
        for (int i = 0; i < gen->count; i++)
            design_row(r, t, &gen->pos[i], d, row++, &cap, &used, &net_cap, &net_used);
    }
    d->start[n] = (int)used;
    if (net)
        d->net_start[n] = (int)net_used;
}

void fit_design_free(FitDesign *d)
{
    free(d->start);
    free(d->idx);
    free(d->val);
    free(d->label);
    free(d->held_out);
    free(d->net_start);
    free(d->net_idx);
}

/* --- the objective --- */

static double sigmoid(double z)
{
    return 1.0 / (1.0 + exp(-z));
}

/* Row i's linear logit under m. */
static double row_linear(const FitDesign *d, const EvalModel *m, int i)
{
    double z = 0;
    for (int j = d->start[i]; j < d->start[i + 1]; j++)
        z += m->w[d->idx[j]] * d->val[j];
    return z;
}

/* Row i's logit under m: its linear features and, for a net model, its network inputs. */
static double row_logit(const FitDesign *d, const EvalModel *m, int i)
{
    double z = row_linear(d, m, i);
    if (m->kind == EVALMODEL_NET)
        z += evalmodel_net_logit(m, d->net_idx + d->net_start[i],
                                 d->net_start[i + 1] - d->net_start[i]);
    return z;
}

double fit_log_loss(const FitDesign *d, const EvalModel *m, bool want)
{
    double sum = 0;
    long count = 0;
    for (int i = 0; i < d->n; i++) {
        if (d->held_out[i] != want)
            continue;
        double z = row_logit(d, m, i);
        double p = sigmoid(z), y = d->label[i];
        const double eps = 1e-12;
        sum -= y * log(p + eps) + (1 - y) * log(1 - p + eps);
        count++;
    }
    return count ? sum / count : 0.0;
}

/* Adds the gradient of row i's log-loss to grad: its error sigmoid(z) - y times dz/dw, back
 * through the network's ReLU units for a net model, whose inputs' squares are first mapped by
 * the symmetry `map` (NULL: as they are). */
static void row_backprop(const FitDesign *d, const EvalModel *m, int i, const int *map,
                         double *grad)
{
    double z = row_linear(d, m, i);
    if (m->kind != EVALMODEL_NET) {
        double e = sigmoid(z) - d->label[i];
        for (int j = d->start[i]; j < d->start[i + 1]; j++)
            grad[d->idx[j]] += e * d->val[j];
        return;
    }
    const int h = m->hidden, at = m->net_at, out_at = m->count - h, in_at = at + h;
    const int sq = d->squares;
    uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
    int n_in = d->net_start[i + 1] - d->net_start[i];
    for (int q = 0; q < n_in; q++) {
        int x = d->net_idx[d->net_start[i] + q];
        in[q] = (uint16_t)(map && x < 3 * sq ? x / sq * sq + map[x % sq] : x);
    }
    double act[EVALMODEL_MAX_HIDDEN];
    evalmodel_net_hidden(m, in, n_in, act);
    z = evalmodel_net_output(m, act, z);
    double e = sigmoid(z) - d->label[i];
    for (int j = d->start[i]; j < d->start[i + 1]; j++)
        grad[d->idx[j]] += e * d->val[j];
    for (int j = 0; j < h; j++) {
        if (act[j] <= 0)
            continue;
        grad[out_at + j] += e * act[j];
        double back = e * m->w[out_at + j];
        grad[at + j] += back;
        for (int q = 0; q < n_in; q++)
            grad[in_at + in[q] * h + j] += back;
    }
}

/* The gradient of the objective from the summed row gradients of `rows` rows in grad: their
 * mean plus that of l2 * |w - prior|^2, in place. */
static void finish_gradient(double *grad, int count, double rows, double l2, const double *w,
                            const double *prior)
{
    for (int j = 0; j < count; j++)
        grad[j] = grad[j] / rows + 2.0 * l2 * (w[j] - prior[j]);
}

double fit_objective(const FitDesign *d, const EvalModel *m, const double *prior, double l2,
                     double *grad)
{
    if (grad)
        memset(grad, 0, (size_t)m->count * sizeof *grad);
    double sum = 0;
    long rows = 0;
    for (int i = 0; i < d->n; i++) {
        if (d->held_out[i])
            continue;
        sum += fit_logit_loss(row_logit(d, m, i), d->label[i]);
        rows++;
        if (grad)
            row_backprop(d, m, i, NULL, grad);
    }
    if (rows == 0)
        return 0.0;
    double pull = 0;
    for (int j = 0; j < m->count; j++)
        pull += (m->w[j] - prior[j]) * (m->w[j] - prior[j]);
    if (grad)
        finish_gradient(grad, m->count, (double)rows, l2, m->w, prior);
    return sum / (double)rows + l2 * pull;
}

/* --- Adam --- */

/* Adam's moments (Kingma and Ba 2015, default betas b1 = 0.9, b2 = 0.999, eps = 1e-8). */
typedef struct {
    int count;
    double *mom, *var; /* [count] first and second moments; owned */
    double b1t, b2t;   /* b1^t and b2^t after t steps (the bias correction) */
} Adam;

static void adam_init(Adam *a, int count)
{
    a->count = count;
    a->mom = xcalloc((size_t)count, sizeof *a->mom);
    a->var = xcalloc((size_t)count, sizeof *a->var);
    a->b1t = a->b2t = 1;
}

/* One step of rate lr down the gradient g of w. */
static void adam_step(Adam *a, double lr, const double *g, double *w)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    a->b1t *= b1;
    a->b2t *= b2;
    for (int j = 0; j < a->count; j++) {
        a->mom[j] = b1 * a->mom[j] + (1 - b1) * g[j];
        a->var[j] = b2 * a->var[j] + (1 - b2) * g[j] * g[j];
        double mh = a->mom[j] / (1 - a->b1t), vh = a->var[j] / (1 - a->b2t);
        w[j] -= lr * mh / (sqrt(vh) + eps);
    }
}

static void adam_free(Adam *a)
{
    free(a->mom);
    free(a->var);
}

/* --- the optimisers --- */

void fit_shuffle(int *order, long n, Rng *rng)
{
    for (long i = n - 1; i > 0; i--) { /* Fisher-Yates (Knuth, TAOCP vol. 2, 3.4.2) */
        long j = (long)rng_below(rng, (uint32_t)(i + 1));
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
}

void fit_board_symmetries(const Rules *r, int map[8][RULES_MAX_SQUARES])
{
    for (int k = 0; k < RULES_SYMMETRIES; k++)
        for (int sq = 0; sq < r->squares; sq++)
            map[k][sq] = ruleset_square_image(r->size, k, sq);
}

/* Minibatch Adam on a net model: mean log-loss over batches of NET_BATCH training rows in an
 * order shuffled every epoch, each row seen as a random one of its eight symmetric images (the
 * network reads squares, so each image teaches it; the linear features are the same in all),
 * plus l2 * |w - w0|^2 with w0 generation 0's weights (the network's: 0). The network starts
 * from small random weights with its output weights at 0, so the first step plays as
 * generation 0 (He et al. 2015 scale the inputs' weights by the number that are active). One
 * thread, a generator seeded by the training's seed and the generation: deterministic. */
#define NET_BATCH 256
static void fit_net(const Rules *r, const TrainFile *t, int g, const FitDesign *d,
                    const EvalModel *start, EvalModel *m)
{
    *m = *start;
    const int h = m->hidden, at = m->net_at, count = m->count;
    const int out_at = count - h, in_at = at + h;
    Rng rng;
    rng_seed(&rng, rng_mix(t->seed, 0x6e657400u + (uint64_t)g));
    int(*sym)[RULES_MAX_SQUARES] = xmalloc(8 * sizeof *sym);
    fit_board_symmetries(r, sym);
    long n_train = 0, active = 0;
    for (int i = 0; i < d->n; i++)
        if (!d->held_out[i]) {
            n_train++;
            active += d->net_start[i + 1] - d->net_start[i];
        }
    if (n_train == 0) {
        free(sym);
        return;
    }
    bool fresh = true; /* a network of zeros (not an init file's): give it random weights */
    for (int i = at; i < count && fresh; i++)
        fresh = m->w[i] == 0.0;
    if (fresh) {
        double a = sqrt(3.0 / ((double)active / (double)n_train)); /* unit variance per unit */
        for (int i = in_at; i < out_at; i++)
            m->w[i] = (2.0 * rng_unit(&rng) - 1.0) * a;
    }
    /* The pull is towards generation 0's linear set and a network of zeros. */
    double *prior = xcalloc((size_t)count, sizeof *prior);
    memcpy(prior, start->w, (size_t)at * sizeof *prior);
    double *grad = xcalloc((size_t)count, sizeof *grad);
    int *order = xmalloc((size_t)n_train * sizeof *order);
    for (int i = 0, k = 0; i < d->n; i++)
        if (!d->held_out[i])
            order[k++] = i;
    Adam adam;
    adam_init(&adam, count);
    for (int epoch = 0; epoch < t->epochs; epoch++) {
        fit_shuffle(order, n_train, &rng);
        for (long b = 0; b < n_train; b += NET_BATCH) {
            long end = b + NET_BATCH < n_train ? b + NET_BATCH : n_train;
            memset(grad, 0, (size_t)count * sizeof *grad);
            for (long k = b; k < end; k++)
                row_backprop(d, m, order[k], sym[rng_below(&rng, 8)], grad);
            finish_gradient(grad, count, (double)(end - b), t->l2, m->w, prior);
            adam_step(&adam, t->learning_rate, grad, m->w);
        }
    }
    adam_free(&adam);
    free(order);
    free(grad);
    free(prior);
    free(sym);
}

/* Full-batch Adam on mean log-loss over the training rows plus l2 * |w - w_start|^2, from
 * w_start (the hand-written evaluation's weights, or init's): with little data the fit stays
 * near it. Single-threaded, rows in order: deterministic. */
static void fit_linear(const TrainFile *t, const FitDesign *d, const EvalModel *start, EvalModel *m)
{
    *m = *start;
    long n_train = 0;
    for (int i = 0; i < d->n; i++)
        n_train += !d->held_out[i];
    if (n_train == 0)
        return;
    double *grad = xcalloc((size_t)m->count, sizeof *grad);
    Adam adam;
    adam_init(&adam, m->count);
    for (int epoch = 0; epoch < t->epochs; epoch++) {
        memset(grad, 0, (size_t)m->count * sizeof *grad);
        for (int i = 0; i < d->n; i++)
            if (!d->held_out[i])
                row_backprop(d, m, i, NULL, grad);
        finish_gradient(grad, m->count, (double)n_train, t->l2, m->w, start->w);
        adam_step(&adam, t->learning_rate, grad, m->w);
    }
    adam_free(&adam);
    free(grad);
}

void fit_model(const Rules *r, const TrainFile *t, int g, const FitDesign *d,
               const EvalModel *start, EvalModel *m)
{
    if (start->kind == EVALMODEL_NET)
        fit_net(r, t, g, d, start, m);
    else
        fit_linear(t, d, start, m);
}
