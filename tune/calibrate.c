/* Outcome prediction of an evaluation on recorded games: log-loss, Brier score, AUC
 * (Mann-Whitney U / (n1 n0), Hanley and McNeil 1982) and a ten-bin reliability table. */
#include "tune/calibrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/eval.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "agents/evaluator.h"
#include "agents/nnuefile.h"

typedef struct {
    double p;
    float y;
} Scored;

typedef struct {
    const Rules *r;
    Evaluator *e;
    int lo, hi;
    float y;
    Scored *items;
    long count, cap;
} Collect;

static void visit(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                  const CaptureList *caps)
{
    (void)rm;
    (void)m;
    (void)caps;
    Collect *c = ctx;
    if (ply < c->lo || ply > c->hi || state_is_over(s))
        return;
    /* A player model is read as by the agent about to move: its side's weights. */
    evaluator_play(c->e, (Side)s->side);
    double v = evaluator_value(c->r, s, c->e);
    if (s->side != SIDE_ATTACKERS)
        v = -v;
    if (c->count == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->items = xrealloc(c->items, (size_t)c->cap * sizeof *c->items);
    }
    c->items[c->count++] = (Scored){1.0 / (1.0 + exp(-v / EVALMODEL_UNITS)), c->y};
}

static int by_p(const void *a, const void *b)
{
    double x = ((const Scored *)a)->p, y = ((const Scored *)b)->p;
    return x < y ? -1 : x > y;
}

Status calibrate_games(const Rules *r, const RecordGame *games, int count, const char *eval, int lo,
                       int hi, Calibration *out, Error *err)
{
    memset(out, 0, sizeof *out);
    EvalModel *model = NULL;
    Nnue *net = NULL;
    char *canonical;
    /* A network file (agents/nnuefile.h) or any other evaluation. */
    Status st = nnuefile_resolve_eval(eval, r, &model, &net, &canonical, err);
    if (st != ST_OK)
        return st;
    free(canonical);
    double defaults[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        defaults[i] = EVAL_PARAMS[i].def;
    Evaluator e;
    evaluator_init(&e, defaults);
    evaluator_set_model(&e, model);
    evaluator_set_network(&e, net);
    Collect c = {.r = r, .e = &e, .lo = lo, .hi = hi};
    for (int g = 0; g < count; g++) {
        if (!record_result_score(games[g].result, &c.y)) {
            out->no_result++;
            continue;
        }
        long before = c.count;
        RecordIssue issue;
        if (!record_replay(r, &games[g], visit, &c, &issue)) {
            c.count = before; /* a game that does not replay under r is left out whole */
            if (out->unreplayable++ == 0)
                snprintf(out->unreplayable_why, sizeof out->unreplayable_why,
                         "line %d, ply %d: %.400s", issue.line, issue.ply, issue.what);
            continue;
        }
        if (c.count > before)
            out->games++;
        else
            out->no_positions++;
    }
    free(model);
    nnue_destroy(net);
    out->positions = c.count;
    const double eps = 1e-12;
    for (long i = 0; i < c.count; i++) {
        double p = c.items[i].p, y = c.items[i].y;
        out->log_loss -= y * log(p + eps) + (1 - y) * log(1 - p + eps);
        out->brier += (p - y) * (p - y);
        int b = (int)(p * CALIBRATE_BINS);
        if (b >= CALIBRATE_BINS)
            b = CALIBRATE_BINS - 1;
        out->bin_predicted[b] += p;
        out->bin_observed[b] += y;
        out->bin_count[b]++;
    }
    if (c.count > 0) {
        out->log_loss /= (double)c.count;
        out->brier /= (double)c.count;
    }
    for (int b = 0; b < CALIBRATE_BINS; b++) {
        if (out->bin_count[b] > 0) {
            out->bin_predicted[b] /= (double)out->bin_count[b];
            out->bin_observed[b] /= (double)out->bin_count[b];
        }
    }
    /* AUC over the decisive games' positions: the rank sum of the attacker wins, ties given
     * their mean rank. */
    long n = 0;
    for (long i = 0; i < c.count; i++)
        if (c.items[i].y != 0.5f)
            c.items[n++] = c.items[i];
    if (n > 0) /* no positions: items is NULL, which qsort may not be given */
        qsort(c.items, (size_t)n, sizeof *c.items, by_p);
    double rank_sum = 0;
    long pos = 0;
    for (long i = 0; i < n;) {
        long j = i;
        while (j < n && c.items[j].p == c.items[i].p)
            j++;
        double mean_rank = (double)(i + 1 + j) / 2.0;
        for (long k = i; k < j; k++)
            if (c.items[k].y == 1.0f) {
                rank_sum += mean_rank;
                pos++;
            }
        i = j;
    }
    long neg = n - pos;
    out->decisive = n;
    out->auc = pos > 0 && neg > 0
                   ? (rank_sum - (double)pos * (double)(pos + 1) / 2.0) / ((double)pos * neg)
                   : 0.5;
    free(c.items);
    return ST_OK;
}
