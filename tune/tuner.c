/* Tuning agent parameters by SPSA or a grid, scored by paired games (see tuner.h). */
#include "tune/tuner.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "formats/files.h"
#include "formats/plot.h"
#include "harness/costest.h"
#include "harness/match.h"
#include "harness/membudget.h"
#include "harness/rundir.h"
#include "harness/runner.h"
#include "harness/signals.h"
#include "rules/rng.h"
#include "stats/ratings.h"
#include "stats/spsa.h"
#include "stats/stats.h"
#include "tune/tunedir.h"

/* The state of a tuning run. */
typedef struct {
    const TuneFile *t;
    const TuneOptions *opt;
    Rules rules;
    int threads;
    bool show_progress;
    double started; /* clock_seconds() when this session began */
    int first;      /* rows on disk when it began (a resume's) */
    int rows_total; /* rows of the whole tuning */
    TuneRow *rows;
    int count, cap;
    /* SPSA: the point iteration k started from, the evaluations so far, their counts. */
    double center[TUNE_MAX_PARAMS];
    int calls;
    long counts[5];
    TuneDir *dir; /* NULL: no files */
    bool failed;  /* a row could not be written, or tafl is stopping: play no more */
    bool stopped; /* a stop signal arrived (signals.h): the row in progress was dropped */
    Error error;
    /* What eval= of the tuned agent and of the opponent resolved to when the tuning began: every
     * point plays those (a file changed or gone since is refused, not played). "" for none. */
    char agent_eval[AGENT_EVAL_MAX], opponent_eval[AGENT_EVAL_MAX];
} Tuner;

static double value_of(const TuneParam *p, double u)
{
    double v = p->min + u * (p->max - p->min);
    return p->integer ? round(v) : v;
}

void tuner_spec(const TuneFile *t, const double *values, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "%s", t->agent);
    for (int i = 0; i < t->param_count && n < size; i++) {
        const TuneParam *p = &t->params[i];
        char sep = i == 0 && !strchr(t->agent, ':') ? ':' : ',';
        if (p->integer) {
            n += (size_t)snprintf(buf + n, size - n, "%c%s=%.0f", sep, p->key, round(values[i]));
        } else {
            n += (size_t)snprintf(buf + n, size - n, "%c%s=%.6g", sep, p->key, values[i]);
        }
    }
}

/* A recorded eval= value as agent_resolve's pin: NULL when there is none. */
static const char *pin(const char *eval)
{
    return eval[0] ? eval : NULL;
}

/* Plays `pairs` pairs of the agent `spec` against the opponent on opening set `set` and adds
 * the pentanomial counts from the tuned agent's view to counts. The games run in parallel;
 * each result lands in its own slot and the counts are taken in pair order. */
static void evaluate(Tuner *tu, const char *spec, long set, int pairs, long counts[5])
{
    const TuneFile *t = tu->t;
    /* Both agents resolved once, before the games: the threads make theirs from these. */
    ResolvedAgent *me = NULL, *them = NULL;
    Error why = {{0}};
    if (tu->failed || agent_resolve(spec, pin(tu->agent_eval), &tu->rules, &me, &why) != ST_OK ||
        agent_resolve(t->opponent, pin(tu->opponent_eval), &tu->rules, &them, &why) != ST_OK) {
        agent_resolved_free(me);
        if (!tu->failed)
            tu->error = why;
        tu->failed = true;
        return;
    }
    Winner *winners = xmalloc((size_t)pairs * 2 * sizeof *winners);
    uint64_t set_seed = rng_mix(t->seed, (uint64_t)set + 1);
#pragma omp parallel num_threads(tu->threads)
    {
        Agent *mine[2] = {NULL, NULL}, *theirs[2] = {NULL, NULL}; /* by seat */
#pragma omp for schedule(dynamic, 1)
        for (long g = 0; g < 2L * pairs; g++) {
            int seat = (int)(g % 2); /* 0: the tuned agent attacks; 1: it defends */
            for (int s = 0; s < 2; s++) {
                if (!mine[s]) {
                    mine[s] = agent_from_resolved(me, 0);
                    theirs[s] = agent_from_resolved(them, 0);
                }
            }
            GameRecord rec;
            uint64_t seed = rng_mix(set_seed, (uint64_t)(g / 2));
            Agent *att = seat == 0 ? mine[0] : theirs[0], *def = seat == 0 ? theirs[1] : mine[1];
            match_play(&tu->rules, att, def, seed, t->opening_plies, false, &rec);
            winners[g] = rec.winner;
            match_record_free(&rec);
        }
        for (int s = 0; s < 2; s++) {
            agent_destroy(mine[s]);
            agent_destroy(theirs[s]);
        }
    }
    for (long k = 0; k < pairs; k++) {
        counts[match_pair_cell(winners[2 * k], winners[2 * k + 1])]++;
    }
    free(winners);
    agent_resolved_free(me);
    agent_resolved_free(them);
}

static TuneRow *add_row(Tuner *tu, int iteration, const double *values, const long counts[5])
{
    if (tu->count == tu->cap) {
        tu->cap = tu->cap ? 2 * tu->cap : 64;
        tu->rows = xrealloc(tu->rows, (size_t)tu->cap * sizeof *tu->rows);
    }
    TuneRow *row = &tu->rows[tu->count++];
    memset(row, 0, sizeof *row);
    row->iteration = iteration;
    memcpy(row->values, values, (size_t)tu->t->param_count * sizeof *values);
    memcpy(row->counts, counts, sizeof row->counts);
    long pairs = 0;
    for (int i = 0; i < 5; i++) {
        pairs += counts[i];
    }
    row->games = 2 * pairs;
    stats_pair_score(counts, RATINGS_Z95, &row->score, &row->low, &row->high);
    return row;
}

/* Writes the row just added (and SPSA's next point) to the directory, as it finishes. */
static void keep_row(Tuner *tu, const TuneRow *row, const double *next)
{
    if (signals_stop_requested()) {
        /* Its games may have been cut short (match_play stops between moves): never written. */
        tu->failed = tu->stopped = true;
        return;
    }
    if (tu->dir && !tu->failed && tunedir_append(tu->dir, row, next, &tu->error) != ST_OK) {
        tu->failed = true;
    }
}

static void show_row(const Tuner *tu, const TuneRow *row, const char *what)
{
    if (!tu->show_progress) {
        return;
    }
    fprintf(stderr, "%s %d:", what, row->iteration);
    for (int i = 0; i < tu->t->param_count; i++) {
        fprintf(stderr, " %s=%.4g", tu->t->params[i].key, row->values[i]);
    }
    fprintf(stderr, "  score %.3f [%.3f, %.3f]", row->score, row->low, row->high);
    /* The ETA of the rows left, at the mean time of the rows this session played (the rows
     * of a tuning cost alike: the same pairs each; the evidence after them is not counted). */
    double spent = clock_seconds() - tu->started;
    int done = tu->count - tu->first, left = tu->rows_total - tu->count;
    char elapsed[32], eta[32];
    costest_format_duration(spent, elapsed, sizeof elapsed);
    costest_format_duration(done > 0 ? spent / done * (left > 0 ? left : 0) : 0, eta, sizeof eta);
    fprintf(stderr, "  (%d/%d rows, %s, ETA %s)\n", tu->count, tu->rows_total, elapsed, eta);
}

/* ------------------------------------------------------------------------------------------
 * SPSA */

/* The objective at u (each parameter scaled to [0, 1]): the tuned agent's score. Calls 2k and
 * 2k + 1 are iteration k's two points (spsa_run calls f twice per iteration, in order), both
 * on opening set k. */
static double spsa_objective(void *ctx, const double *u, int p)
{
    Tuner *tu = ctx;
    double values[TUNE_MAX_PARAMS];
    for (int i = 0; i < p; i++) {
        values[i] = value_of(&tu->t->params[i], u[i]);
    }
    char spec[EXPERIMENT_SPEC_MAX * 2];
    tuner_spec(tu->t, values, spec, sizeof spec);
    long counts[5] = {0};
    if (!tu->failed) {
        evaluate(tu, spec, tu->calls / 2, tu->t->pairs, counts);
    }
    tu->calls++;
    double s, low, high;
    stats_pair_score(counts, RATINGS_Z95, &s, &low, &high);
    for (int i = 0; i < 5; i++) {
        tu->counts[i] += counts[i];
    }
    return s;
}

/* After iteration k: its row (the starting point, both evaluations' games), then the next
 * starting point. */
static void spsa_trace(void *ctx, int k, const double *u, int p, double estimate)
{
    Tuner *tu = ctx;
    (void)estimate; /* the row recomputes it from the counts, with its interval */
    double values[TUNE_MAX_PARAMS];
    for (int i = 0; i < p; i++) {
        values[i] = value_of(&tu->t->params[i], tu->center[i]);
    }
    TuneRow *row = add_row(tu, k, values, tu->counts);
    keep_row(tu, row, u);
    show_row(tu, row, "iteration");
    memset(tu->counts, 0, sizeof tu->counts);
    memcpy(tu->center, u, (size_t)p * sizeof *u);
}

/* Runs (or, after tu->count resumed rows whose last left SPSA at the scaled point next, goes
 * on with) the iterations and the final check. */
static void run_spsa(Tuner *tu, const double *next)
{
    const TuneFile *t = tu->t;
    int p = t->param_count;
    if (tu->count > t->iterations) {
        return; /* the final check is done too */
    }
    double u[TUNE_MAX_PARAMS], lower[TUNE_MAX_PARAMS], upper[TUNE_MAX_PARAMS];
    for (int i = 0; i < p; i++) {
        const TuneParam *q = &t->params[i];
        u[i] = tu->count > 0 ? next[i] : (q->start - q->min) / (q->max - q->min);
        lower[i] = 0;
        upper[i] = 1;
    }
    memcpy(tu->center, u, (size_t)p * sizeof *u);
    SpsaParams sp = spsa_params(t->iterations, t->a, t->c, t->A, rng_mix(t->seed, 0x5b5a));
    sp.alpha = t->alpha;
    sp.gamma = t->gamma;
    sp.lower = lower;
    sp.upper = upper;
    sp.first = tu->count; /* iteration k is row k */
    tu->calls = 2 * tu->count;
    spsa_run(&sp, u, p, spsa_objective, tu, spsa_trace, tu);
    if (tu->failed) {
        return;
    }
    /* The final point, checked on openings no iteration used. */
    double values[TUNE_MAX_PARAMS];
    for (int i = 0; i < p; i++) {
        values[i] = value_of(&t->params[i], u[i]);
    }
    char spec[EXPERIMENT_SPEC_MAX * 2];
    tuner_spec(t, values, spec, sizeof spec);
    long counts[5] = {0};
    evaluate(tu, spec, t->iterations, t->final_pairs, counts);
    TuneRow *row = add_row(tu, t->iterations, values, counts);
    keep_row(tu, row, NULL);
    show_row(tu, row, "final");
}

/* ------------------------------------------------------------------------------------------
 * Grid */

/* The distinct values of parameter p on `points` evenly spaced points. */
static int grid_values(const TuneParam *p, int points, double *out)
{
    int n = 0;
    for (int j = 0; j < points; j++) {
        double v = value_of(p, (double)j / (points - 1));
        if (n == 0 || v != out[n - 1]) {
            out[n++] = v;
        }
    }
    return n;
}

/* The grid's axes: each parameter's distinct values (a missing second parameter has one, 0).
 * Caller frees axis[0] and axis[1]. Returns the number of points. */
static int grid_axes(const TuneFile *t, double *axis[2], int len[2])
{
    for (int i = 0; i < 2; i++) {
        axis[i] = xmalloc((size_t)t->points * sizeof *axis[i]);
        axis[i][0] = 0;
        len[i] = i < t->param_count ? grid_values(&t->params[i], t->points, axis[i]) : 1;
    }
    return len[0] * len[1];
}

/* Evaluates every point after the tu->count already done (resumed). */
static void run_grid(Tuner *tu)
{
    const TuneFile *t = tu->t;
    double *axis[2];
    int len[2];
    (void)grid_axes(t, axis, len);
    int index = 0;
    for (int i = 0; i < len[0] && !tu->failed; i++) {
        for (int j = 0; j < len[1] && !tu->failed; j++, index++) {
            if (index < tu->count) {
                continue;
            }
            double values[2] = {axis[0][i], axis[1][j]};
            char spec[EXPERIMENT_SPEC_MAX * 2];
            tuner_spec(t, values, spec, sizeof spec);
            long counts[5] = {0};
            evaluate(tu, spec, 0, t->pairs, counts);
            TuneRow *row = add_row(tu, index, values, counts);
            keep_row(tu, row, NULL);
            show_row(tu, row, "point");
        }
    }
    free(axis[0]);
    free(axis[1]);
}

/* ------------------------------------------------------------------------------------------
 * The best point's evidence */

/* Plays the best point and the default on fresh openings and compares them (see TuneEvidence).
 * Identical scores in the grid are counted as ties: the grid cannot order them. */
static void gather_evidence(Tuner *tu, const TuneResult *out, TuneEvidence *ev)
{
    const TuneFile *t = tu->t;
    memset(ev, 0, sizeof *ev);
    bool spsa = t->method == TUNE_SPSA;
    ev->pairs = spsa ? t->final_pairs : t->pairs;
    long set = spsa ? t->iterations + 1 : 1; /* no search evaluation used it */
    evaluate(tu, out->spec, set, ev->pairs, ev->best);
    evaluate(tu, t->agent, set, ev->pairs, ev->base);
    stats_pair_diff(ev->best, ev->base, STATS_Z95, &ev->diff);
    for (int r = 0; !spsa && r < out->count; r++) {
        ev->ties += r != out->best && out->rows[r].score == out->rows[out->best].score;
    }
    ev->no_information = ev->best[2] == ev->pairs && ev->base[2] == ev->pairs;
}

void tuner_print_evidence(FILE *out, const TuneFile *t, const TuneResult *r)
{
    const TuneEvidence *ev = &r->evidence;
    const TuneRow *best = &r->rows[r->best];
    fputs("best point:", out);
    for (int i = 0; i < t->param_count; i++) {
        fprintf(out, " %s=%.4g", t->params[i].key, best->values[i]);
    }
    if (ev->ties > 0) {
        fprintf(out, " (tied with %d other point%s at %.3f: the grid cannot order them)", ev->ties,
                ev->ties > 1 ? "s" : "", best->score);
    }
    fputc('\n', out);
    /* Two scores of the best point, each named: the table's, from the games of the
     * search, and the check's, from fresh openings. A grid's best is the highest of many noisy
     * scores, so its table score is biased upward (the winner's curse; Thaler, "The Winner's
     * Curse", J. Econ. Perspectives 2(1), 1988); SPSA's final row is one evaluation of the point
     * it ended on. Only the check's is an unbiased estimate. */
    if (t->method == TUNE_SPSA) {
        fprintf(out,
                "tuning score %.3f [%.3f, %.3f]: the table's final row (SPSA's end point) over its "
                "%ld games, on openings no iteration used\n",
                best->score, best->low, best->high, best->games);
    } else {
        fprintf(out,
                "tuning score %.3f [%.3f, %.3f]: the table's, over the %ld games of the search "
                "that chose it (biased upward: the highest of %d points)\n",
                best->score, best->low, best->high, best->games, r->count);
    }
    double sb, sd, lo, hi;
    stats_pair_score(ev->best, STATS_Z95, &sb, &lo, &hi);
    stats_pair_score(ev->base, STATS_Z95, &sd, &lo, &hi);
    fprintf(out,
            "check score on %d fresh pairs each (games the search never saw: the unbiased "
            "one): best %.3f, default (%s) %.3f; difference %+.3f [%+.3f, %+.3f] (95%%, "
            "Agresti-Caffo), p = %.2g: ",
            ev->pairs, sb, t->agent, sd, ev->diff.diff, ev->diff.low, ev->diff.high,
            ev->diff.p_value);
    if (ev->diff.p_value < 0.05) {
        fprintf(out, "the best point scores significantly %s than the default at 5%%\n",
                ev->diff.low > 0 ? "higher" : "lower");
    } else {
        fputs("no significant difference from the default at 5%\n", out);
    }
    int flat = 0;
    for (int k = 0; k < r->count; k++) {
        flat += r->rows[k].low == r->rows[k].high;
    }
    if (flat > 0) {
        fprintf(out,
                "warning: %d of %d rows had every pair score the same, so their intervals above "
                "have zero width: that is no evidence of precision\n",
                flat, r->count);
    }
    if (ev->no_information) {
        fputs("warning: every pair of the check scored 1 of 2 (each game went to its side, or "
              "both were drawn): the games measure the sides, not the parameters; try more "
              "opening_plies, a longer max_plies or a more balanced ruleset\n",
              out);
    }
}

/* ------------------------------------------------------------------------------------------
 * Files */

/* The figure: SPSA's trace (score with its band over iterations above, the parameters below,
 * each as a fraction of its range when there are several); the grid's score over one
 * parameter with error bars, or over two as coloured points. */
static void plot_text(const Tuner *tu, FILE *data, FILE *body)
{
    const TuneFile *t = tu->t;
    int p = t->param_count;
    fputs("$rows << EOD\n", data);
    for (int r = 0; r < tu->count; r++) {
        const TuneRow *row = &tu->rows[r];
        fprintf(data, "%d", row->iteration);
        for (int i = 0; i < p; i++) {
            fprintf(data, " %.9g", row->values[i]);
        }
        fprintf(data, " %.6f %.6f %.6f\n", row->score, row->low, row->high);
    }
    fputs("EOD\n", data);
    int sc = p + 2; /* the score's column */
    fputs("set key outside right top\nset grid\nset title ", body);
    char title[EXPERIMENT_SPEC_MAX * 3];
    snprintf(title, sizeof title, "%s: %s against %s on %s", t->name, t->agent, t->opponent,
             t->rules.name);
    plot_quote(body, title);
    fputc('\n', body);
    if (t->method == TUNE_SPSA) {
        /* Fixed margins keep the two panels' x axes aligned whatever their keys hold. */
        fprintf(body,
                "set multiplot layout 2,1\nset ylabel \"score\"\nset xlabel \"iteration\"\n"
                "set xrange [-0.5:%d.5]\nset lmargin at screen 0.08\n"
                "set rmargin at screen 0.70\n",
                t->iterations);
        /* The iterations' band and line, then the final check (the last row) on its own. */
        int last = tu->count - 1;
        fprintf(body,
                "plot $rows every ::0::%d using 1:%d:%d with filledcurves fs transparent solid "
                "0.25 lc rgb \"#4477aa\" title \"95%% interval\", \\\n"
                "     $rows every ::0::%d using 1:%d with linespoints pt 7 lc rgb \"#4477aa\" "
                "title \"score\", \\\n"
                "     $rows every ::%d::%d using 1:%d:%d:%d with yerrorbars pt 9 ps 1.5 "
                "lc rgb \"#228833\" title \"final check\", \\\n"
                "     0.5 with lines dt 2 lc rgb \"gray\" title \"even\"\n",
                last - 1, sc + 1, sc + 2, last - 1, sc, last, last, sc, sc + 1, sc + 2);
        fputs("unset title\n", body);
        if (p == 1) {
            fputs("set ylabel ", body);
            plot_quote(body, t->params[0].key);
            fprintf(body, "\nplot $rows using 1:2 with linespoints pt 7 lc rgb \"#cc6677\" "
                          "title ");
            plot_quote(body, t->params[0].key);
            fputc('\n', body);
        } else {
            fputs("set ylabel \"fraction of the range\"\nset yrange [0:1]\nplot ", body);
            for (int i = 0; i < p; i++) {
                const TuneParam *q = &t->params[i];
                char name[TUNE_KEY_MAX + 64];
                snprintf(name, sizeof name, "%s (%g..%g)", q->key, q->min, q->max);
                fprintf(body, "%s$rows using 1:(($%d - %.9g) / %.9g) with linespoints title ",
                        i ? ", \\\n     " : "", i + 2, q->min, q->max - q->min);
                plot_quote(body, name);
            }
            fputc('\n', body);
        }
        fputs("unset multiplot\n", body);
    } else if (p == 1) {
        fputs("set ylabel \"score\"\nset xlabel ", body);
        plot_quote(body, t->params[0].key);
        fprintf(body,
                "\nplot $rows using 2:%d:%d:%d with yerrorlines pt 7 lc rgb \"#4477aa\" "
                "title \"score, 95%% interval\", 0.5 with lines dt 2 lc rgb \"gray\" "
                "title \"even\"\n",
                sc, sc + 1, sc + 2);
    } else {
        fputs("set xlabel ", body);
        plot_quote(body, t->params[0].key);
        fputs("\nset ylabel ", body);
        plot_quote(body, t->params[1].key);
        fprintf(body,
                "\nset cblabel \"score\"\nset offsets graph 0.05, graph 0.05, graph 0.05, "
                "graph 0.05\nplot $rows using 2:3:%d with points pt 5 ps 4 palette notitle, \\\n"
                "     $rows using 2:3:(sprintf(\"%%.2f\", $%d)) with labels offset 0,1.6 "
                "notitle\n",
                sc, sc);
    }
}

/* The line a tuning stopped by a signal ends with: the signal, the rows kept and the command
 * that goes on with them (like tafl run's, harness/signals.h). */
static void stop_message(const Tuner *tu, const char *dir, Error *err)
{
    const char *sig = signals_name(signals_caught());
    if (!tu->dir) {
        error_set(err, "stopped by %s before the tuning ended: nothing was written", sig);
        return;
    }
    error_set(err,
              "stopped by %s: %s/%s holds the %d rows finished before it, each row whole; go on "
              "with: tafl tune %s --out %s --resume",
              sig, dir, TUNEDIR_CSV, tunedir_rows(tu->dir), tu->t->path[0] ? tu->t->path : "FILE",
              dir);
}

/* The rows of the whole tuning: SPSA's iterations and final check, or the grid's points. */
static int rows_total(const TuneFile *t)
{
    if (t->method == TUNE_SPSA) {
        return t->iterations + 1;
    }
    double *axis[2];
    int len[2];
    int n = grid_axes(t, axis, len);
    free(axis[0]);
    free(axis[1]);
    return n;
}

/* The search tables of the tuning against the memory the machine has, before any game: each
 * thread of evaluate holds the tuned agent and the opponent in both seats; the tuned agent is
 * counted at the larger of its fixed spec and every parameter at its maximum (a tuned tt_mb or
 * max_nodes grows the table). One line and exit 1 instead of a kill. */
static Status check_memory(const Tuner *tu, Error *err)
{
    const TuneFile *t = tu->t;
    double values[TUNE_MAX_PARAMS];
    for (int i = 0; i < t->param_count; i++) {
        values[i] = t->params[i].max;
    }
    char spec[EXPERIMENT_SPEC_MAX * 2];
    tuner_spec(t, values, spec, sizeof spec);
    uint64_t widest = 0, fixed = 0, opponent = 0;
    Status st = agent_spec_memory(spec, &tu->rules, &widest, err);
    if (st == ST_OK) {
        st = agent_spec_memory(t->agent, &tu->rules, &fixed, err);
    }
    if (st == ST_OK) {
        st = agent_spec_memory(t->opponent, &tu->rules, &opponent, err);
    }
    if (st != ST_OK) {
        return st;
    }
    uint64_t per_thread = 2 * ((widest > fixed ? widest : fixed) + opponent);
    char what[96];
    snprintf(what, sizeof what, "the search tables of %d thread%s (tt_mb, max_nodes)", tu->threads,
             tu->threads == 1 ? "" : "s");
    return membudget_check(per_thread * (uint64_t)tu->threads, what, err);
}

/* Adds the games of the tuned agent `spec` against the opponent, `pairs` pairs (one game on
 * each side), as two lines of plan. */
static Status plan_pairs(CostPlan *plan, const char *what, const TuneFile *t, const Rules *r,
                         const char *spec, long pairs, Error *err)
{
    char label[128];
    snprintf(label, sizeof label, "%.40s, tuned attacks", what);
    Status st = costest_add(plan, label, r, spec, t->opponent, t->opening_plies, pairs, err);
    snprintf(label, sizeof label, "%.40s, tuned defends", what);
    if (st == ST_OK)
        st = costest_add(plan, label, r, t->opponent, spec, t->opening_plies, pairs, err);
    return st;
}

/* The start tuner_run and tuner_plan share: the tuning, its options and threads, the ruleset
 * with the tuning's ply cap (*rs, as the run directory records it) compiled, and the memory
 * check before the first game. */
static Status tuner_start(Tuner *tu, const TuneFile *t, const TuneOptions *opt, Ruleset *rs,
                          Error *err)
{
    memset(tu, 0, sizeof *tu);
    tu->t = t;
    tu->opt = opt;
    tu->threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    *rs = t->rules;
    if (t->max_plies > 0) {
        rs->max_plies = t->max_plies;
    }
    Status st = rules_compile(rs, &tu->rules, err);
    if (st == ST_OK) {
        st = check_memory(tu, err);
    }
    const char *specs[2] = {t->agent, t->opponent};
    char *evals[2] = {tu->agent_eval, tu->opponent_eval};
    for (int i = 0; i < 2 && st == ST_OK; i++) {
        ResolvedAgent *ra;
        st = agent_resolve(specs[i], NULL, &tu->rules, &ra, err);
        if (st == ST_OK && agent_resolved_eval(ra))
            snprintf(evals[i], AGENT_EVAL_MAX, "%s", agent_resolved_eval(ra));
        if (st == ST_OK)
            agent_resolved_free(ra);
    }
    return st;
}

Status tuner_plan(const TuneFile *t, const TuneOptions *opt, CostPlan *plan, Rules *rules,
                  int *threads, Error *err)
{
    Tuner tu;
    /* The checks tuner_run makes before its first game, in its order. */
    Ruleset rs;
    Status st = tuner_start(&tu, t, opt, &rs, err);
    *threads = tu.threads;
    if (st != ST_OK) {
        return st;
    }
    *rules = tu.rules;
    /* The tuned agent is timed at its start point (SPSA) or the middle of the grid. */
    double values[TUNE_MAX_PARAMS];
    for (int i = 0; i < t->param_count; i++) {
        const TuneParam *q = &t->params[i];
        values[i] = t->method == TUNE_SPSA ? q->start : value_of(q, 0.5);
    }
    char spec[EXPERIMENT_SPEC_MAX * 2];
    tuner_spec(t, values, spec, sizeof spec);
    char what[64];
    if (t->method == TUNE_SPSA) {
        snprintf(what, sizeof what, "%d iterations x 2 points", t->iterations);
        st = plan_pairs(plan, what, t, rules, spec, 2L * t->iterations * t->pairs, err);
        if (st == ST_OK) {
            st = plan_pairs(plan, "final check", t, rules, spec, t->final_pairs, err);
        }
    } else {
        snprintf(what, sizeof what, "%d grid points", rows_total(t));
        st = plan_pairs(plan, what, t, rules, spec, (long)rows_total(t) * t->pairs, err);
    }
    /* The evidence: the best point and the default, each on the check's pairs. */
    long check = t->method == TUNE_SPSA ? t->final_pairs : t->pairs;
    if (st == ST_OK) {
        st = plan_pairs(plan, "evidence, best point", t, rules, spec, check, err);
    }
    if (st == ST_OK) {
        st = plan_pairs(plan, "evidence, default", t, rules, t->agent, check, err);
    }
    return st;
}

Status tuner_run(const TuneFile *t, const TuneOptions *opt, TuneResult *out, Error *err)
{
    memset(out, 0, sizeof *out);
    Tuner tu;
    Ruleset rs;
    Status st = tuner_start(&tu, t, opt, &rs, err);
    if (st != ST_OK) {
        return st;
    }
    tu.show_progress = !opt->quiet && (opt->progress || isatty(STDERR_FILENO));
    tu.started = clock_seconds();
    tu.rows_total = rows_total(t);
    double next[TUNE_MAX_PARAMS] = {0};
    if (opt->write_files) {
        if (opt->out_dir) {
            st = outpath_format(out->dir, sizeof out->dir, err, "%s", opt->out_dir);
        } else {
            st = outpath_format(out->dir, sizeof out->dir, err, "%s/%s", t->output, t->name);
        }
        TuneDirFacts facts = {.command = opt->command,
                              .threads = tu.threads,
                              .rows_total = rows_total(t),
                              .bad_input = &out->bad_input};
        st = tunedir_open(out->dir, t, &rs, &facts, opt->resume, &tu.rows, &tu.count, next, &tu.dir,
                          err);
        if (st != ST_OK) {
            return st;
        }
        tu.cap = tu.count;
        tu.first = tu.count;
        if (tu.show_progress && tu.count > 0) {
            fprintf(stderr, "resuming %s: %d of %d rows done\n", out->dir, tu.count,
                    facts.rows_total);
        }
    }

    /* A stop signal ends the tuning after the last whole row, with meta saying so. */
    signals_cooperate(true);
    if (t->method == TUNE_SPSA) {
        run_spsa(&tu, next);
        out->best = tu.count - 1;
    } else {
        run_grid(&tu);
        out->best = 0;
        for (int r = 1; r < tu.count; r++) {
            if (tu.rows[r].score > tu.rows[out->best].score) {
                out->best = r;
            }
        }
    }
    if (!tu.failed) {
        out->rows = tu.rows;
        out->count = tu.count;
        tuner_spec(t, tu.rows[out->best].values, out->spec, sizeof out->spec);
        gather_evidence(&tu, out, &out->evidence);
        tu.stopped = signals_stop_requested(); /* the evidence's games may have been cut */
        tu.failed = tu.failed || tu.stopped;
    }
    signals_cooperate(false);
    if (tu.failed) {
        out->rows = NULL;
        out->count = 0;
        if (tu.stopped) {
            stop_message(&tu, out->dir, err);
        } else {
            *err = tu.error;
        }
        if (tu.stopped && tu.dir) {
            Error why;
            if (tunedir_stop(tu.dir, &why) != ST_OK) {
                fprintf(stderr, "tafl tune: %s\n", why.text);
            }
        }
        tunedir_close(tu.dir);
        free(tu.rows);
        return ST_EIO;
    }

    if (opt->write_files) {
        PlotScript ps;
        plot_script_open(&ps);
        FILE *df = ps.data, *bf = ps.body;
        plot_text(&tu, df, bf);
        char comment[EXPERIMENT_NAME_MAX + 64];
        snprintf(comment, sizeof comment, "tafl tune %s: the trace of %s", t->name,
                 t->method == TUNE_SPSA ? "SPSA" : "the grid");
        st = plot_script_render(&ps, out->dir, "tune", comment, &out->plotted, err);
        /* meta says `finished` only once every file is in place. */
        if (st == ST_OK) {
            st = tunedir_finish(tu.dir, err);
        }
        tunedir_close(tu.dir);
    }
    return st;
}
