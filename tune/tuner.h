/* `tafl tune`: SPSA or a grid over numeric agent parameters, each point scored by game pairs
 * against a fixed opponent (the tuned agent attacks in one game and defends in the other, on
 * one opening); tune.csv, a plot of the trace, and the best parameters as an agent spec. */
#ifndef TAFL_TUNE_TUNER_H
#define TAFL_TUNE_TUNER_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/tunefile.h"
#include "harness/costest.h"
#include "stats/stats.h"

typedef struct {
    int threads;         /* 0 = OpenMP's default */
    const char *out_dir; /* NULL = <output>/<name> */
    bool write_files;    /* false: compute only (no directory, no files, no plot) */
    bool progress;       /* progress on stderr even when it is not a terminal */
    bool quiet;          /* no progress at all */
    bool resume;         /* go on with the rows out_dir holds (see tuner_run) */
    const char *command; /* the command line, for meta (NULL: "-") */
} TuneOptions;

/* One row of tune.csv: a point and its score. */
typedef struct {
    int iteration;                  /* SPSA: iteration k (0-based), iterations = the final
                                       check; grid: the point's index */
    double values[TUNE_MAX_PARAMS]; /* the parameters, as put into the spec */
    double score, low, high;        /* the tuned agent's score per game and its 95% interval
                                       from the pair scores (stats_pair_score) */
    long games;
    long counts[5]; /* the pentanomial counts of its pairs (tuned agent's score 0..4 of 4) */
} TuneRow;

/* The evidence behind the best point: it and the default (the tuned agent's spec as given, so
 * every tuned parameter at the agent's default) replayed on the same fresh openings, which no
 * search evaluation used, so choosing the best cannot bias the comparison. */
typedef struct {
    int pairs;             /* pairs played by each of the two (SPSA: final_pairs; grid: pairs) */
    long best[5], base[5]; /* pentanomial counts of the best point and of the default */
    ScoreDiff diff;        /* best minus default, per game (stats_pair_diff) */
    int ties;              /* grid: other points whose score equals the best's (0 for SPSA) */
    bool no_information;   /* every pair of both scored 1 of 2: each game went to its side
                              (or both were drawn), so they measure the sides, not the
                              parameters */
} TuneEvidence;

typedef struct {
    TuneRow *rows; /* owned: free() */
    int count;
    int best; /* index of the best row: SPSA's final check; the grid's highest score */
    char spec[EXPERIMENT_SPEC_MAX * 2]; /* the agent spec of the best row */
    bool plotted;                       /* gnuplot drew tune.png and tune.svg */
    char dir[EXPERIMENT_PATH_MAX + EXPERIMENT_NAME_MAX + 2]; /* where the files went */
    TuneEvidence evidence;                                   /* the best against the default */
    bool bad_input; /* the output directory refuses the input: another kind of run, rows without
                       --resume, other settings at a resume (exit 2) */
} TuneResult;

/* Runs the tuning t describes. Evaluation e plays pair k of its opening set from the seed
 * rng_mix(rng_mix(t->seed, set + 1), k), both games of the pair on that seed. SPSA (stats/spsa.h)
 * works on each parameter scaled to [0, 1] over [min, max]; iteration k evaluates both of its
 * points on opening set k (common random numbers, so the difference measures the parameters,
 * not the openings) and its row holds the point it started from with the score of both
 * evaluations together; then the final point is checked on a fresh set (iterations) with
 * final_pairs pairs. The grid evaluates every point (points per parameter, integers rounded and
 * repeated values dropped; the first parameter major) on opening set 0. With write_files, the
 * directory records the tuning (tune/tunedir.h: setup, rulesets/, tune.ini, meta) before the
 * first game and grows tune.csv by one whole flushed row as each point or iteration finishes;
 * a directory that holds rows is refused unless opt->resume, which compares the settings
 * (refusing a change with one line naming it) and plays only the rows still missing: iteration
 * k's perturbation and openings derive from the seed and k alone, and SPSA's point is read back
 * exactly from tune.state, so a cut and resumed run ends with the rows, best and files of an
 * uninterrupted one. At the end draws tune.gp, tune.png and tune.svg there (a missing gnuplot
 * only leaves plotted false). Then the best point and the default play opening set
 * iterations + 1 (SPSA) or 1 (grid) for out->evidence. Same result at any thread count. Caller
 * frees out->rows. */
MUST_CHECK Status tuner_run(const TuneFile *t, const TuneOptions *opt, TuneResult *out, Error *err);

/* tafl tune --dry-run: checks t as tuner_run does before its first game (the ruleset, the
 * memory of the search tables: the same errors), writes nothing, and adds the games the tuning
 * plays to plan: the search (SPSA's iterations, two points each, and its final check, or the
 * grid's points), then the evidence (the best point and the default), each as the tuned agent
 * attacking and defending; the tuned agent at its start point (SPSA) or the grid's middle.
 * *rules gets the compiled ruleset the plan borrows; *threads the threads it would use. */
MUST_CHECK Status tuner_plan(const TuneFile *t, const TuneOptions *opt, CostPlan *plan,
                             Rules *rules, int *threads, Error *err);

/* Prints the evidence for the best point of r (made by tuner_run from t): ties, the check
 * against the default with its 95% interval and p-value and what they mean at 5%, and a warning
 * when the pairs carry no information. One fact per line. */
void tuner_print_evidence(FILE *out, const TuneFile *t, const TuneResult *r);

/* The spec of the tuned agent with the given parameter values: t->agent plus key=value for
 * each parameter (integers rounded, reals with %.6g). */
void tuner_spec(const TuneFile *t, const double *values, char *buf, size_t size);

#endif
