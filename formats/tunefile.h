/* Tuning files (INI, read with libinih): which agent parameters `tafl tune` varies, over which
 * ranges, against which opponent, and how (SPSA or a grid). See experiments/README.md. */
#ifndef TAFL_FORMATS_TUNEFILE_H
#define TAFL_FORMATS_TUNEFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "formats/experiment.h"
#include "rules/ruleset.h"

#define TUNE_MAX_PARAMS 8
#define TUNE_KEY_MAX    32

typedef enum { TUNE_SPSA, TUNE_GRID } TuneMethod;

/* One [param.KEY] section: a numeric parameter of the tuned agent. */
typedef struct {
    char key[TUNE_KEY_MAX]; /* the agent's parameter (`tafl agents`) */
    double min, max;        /* the range searched, inside the parameter's own (min < max) */
    double start;           /* SPSA's first value: `start`, else the agent's default if in
                               range, else the middle */
    bool integer;           /* an integer parameter: values are rounded into the spec */
} TuneParam;

typedef struct {
    char path[EXPERIMENT_PATH_MAX];     /* the file it was read from */
    char name[EXPERIMENT_NAME_MAX];     /* [tune] name: the output directory's name */
    uint64_t seed;                      /* [tune] seed (default 1): every opening derives from it */
    Ruleset rules;                      /* [tune] rules: preset, ruleset file or OTN (brandubh) */
    char agent[EXPERIMENT_SPEC_MAX];    /* [tune] agent: the tuned agent's fixed spec */
    char opponent[EXPERIMENT_SPEC_MAX]; /* [tune] opponent: the fixed opponent's spec */
    TuneMethod method;                  /* [tune] method = spsa (default) | grid */
    int pairs;           /* [tune] pairs: game pairs per evaluation (default 50): the tuned agent
                            attacks in one game and defends in the other, on one opening */
    int final_pairs;     /* [tune] final_pairs: pairs of SPSA's final check (default 2 pairs) */
    int max_plies;       /* [tune] max_plies (default 300; 0 keeps the ruleset's own) */
    int opening_plies;   /* [tune] opening_plies: random plies opening each pair (default 4) */
    int iterations;      /* [tune] iterations of SPSA (default 30) */
    double a, c, A;      /* [tune] SPSA gains (defaults 0.5, 0.1, iterations / 10), in units of
                            each parameter's range (see stats/spsa.h) */
    double alpha, gamma; /* [tune] SPSA decay exponents (defaults 0.602, 0.101) */
    int points;          /* [tune] points: grid values per parameter (default 9) */
    char output[EXPERIMENT_PATH_MAX];  /* [tune] output: base directory (default results) */
    TuneParam params[TUNE_MAX_PARAMS]; /* [param.KEY] sections, in file order */
    int param_count;
} TuneFile;

/* Reads a tuning file into *out. Sections: [tune] (keys above) and one [param.KEY] per tuned
 * parameter (min, max, start). Checks that agent and opponent are valid specs, that every KEY is
 * a numeric parameter of the agent's type not already set in its spec, that each range lies in
 * the parameter's own, and that grid has one or two parameters. Every error is one line
 * "FILE:LINE: key 'KEY': what is wrong" (or "FILE: ..." for what has no line). Thread-safe. */
MUST_CHECK Status tunefile_load(const char *path, TuneFile *out, Error *err);

#endif
