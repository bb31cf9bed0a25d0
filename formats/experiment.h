/* Experiment files (INI, read with libinih): what to play, as data. See doc/commands.md,
 * "Experiments and runs". */
#ifndef TAFL_FORMATS_EXPERIMENT_H
#define TAFL_FORMATS_EXPERIMENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/ruleset.h"

/* Rulesets of one experiment, a [sweep]'s candidates included: a sweep of more is an error. */
#define EXPERIMENT_MAX_RULESETS 1024
#define EXPERIMENT_MAX_AGENTS   64
#define EXPERIMENT_MAX_PAIRINGS 4096
#define EXPERIMENT_NAME_MAX     64
#define EXPERIMENT_SPEC_MAX     1024
#define EXPERIMENT_PATH_MAX     1024
/* The most games one run plays (rulesets x pairings x games): the summary is computed from every
 * row held in memory at once, some 250 bytes a game, so this bounds it by a few GB. */
#define EXPERIMENT_GAMES_TOTAL_MAX 10000000L

typedef struct {
    char name[EXPERIMENT_NAME_MAX]; /* the NAME of [agent.NAME] */
    char spec[EXPERIMENT_SPEC_MAX]; /* "type:key=value,..." as agent_create reads it */
} ExperimentAgent;

typedef struct {
    int attacker, defender; /* indices into Experiment.agents */
} Pairing;

/* What a run produces besides games.csv and summary.csv ([experiment] kind). */
typedef enum {
    EXPERIMENT_BALANCE, /* nothing more (the default) */
    EXPERIMENT_CURVE,   /* a balance curve: self-play along the agents' ladder, curve.csv and
                           its figure (studies/curve.h) */
    EXPERIMENT_DESIGN,  /* a design search: a race over the rulesets for the one closest to 1/2,
                           then the survivors confirmed by a stronger agent (harness/race.h) */
} ExperimentKind;

/* How a [sweep] expands its lists. */
typedef enum {
    SWEEP_ONE_AT_A_TIME, /* the base, then each listed value of each key alone (the default) */
    SWEEP_GRID,          /* every combination of the listed values */
} SweepMode;

typedef struct {
    char path[EXPERIMENT_PATH_MAX];   /* the file it was read from */
    char name[EXPERIMENT_NAME_MAX];   /* [experiment] name: letters, digits, - _ . only */
    uint64_t seed;                    /* [experiment] seed (default 1) */
    int games;                        /* [experiment] games per ruleset and pairing (>= 1) */
    int max_plies;                    /* [experiment] max_plies: 0 keeps each ruleset's own */
    int opening_plies;                /* [experiment] opening_plies (default 0) */
    bool record_moves;                /* [experiment] record_moves (default no) */
    char output[EXPERIMENT_PATH_MAX]; /* [experiment] output: base directory (default
                                         "results"); the run writes <output>/<name>/ */
    double max_width;      /* [experiment] max_width: > 0 stops each pairing once its attackers'
                              score 95% interval is narrower (harness/runner.h); 0 = off */
    int check_every;       /* [experiment] check_every: games per pairing between those checks */
    int min_games;         /* [experiment] min_games: games a pairing plays at least before a
                              width stop ends it (default STATS_MIN_GAMES; 0 = that default) */
    ExperimentKind kind;   /* [experiment] kind = balance | curve */
    double converge_width; /* [experiment] converge_width (curves): every pair of the strongest
                              rungs' attackers' scores must be shown (two one-sided tests at
                              95%) to differ by less than this for "converged" (default 0.08) */
    int converge_rungs;    /* [experiment] converge_rungs (curves): how many of the strongest
                              rungs the verdict compares, 2..EXPERIMENT_MAX_AGENTS (default 3) */
    double converge_span;  /* [experiment] converge_span (curves): the Elo range those rungs
                              must span for "converged", 0..10000 (default 200) */
    double reference;      /* [experiment] reference (curves): a reference attackers' score
                              drawn on the figure, in [0, 1]; NaN when not given */
    char reference_label[EXPERIMENT_NAME_MAX * 2]; /* [experiment] reference_label */
    double margin;      /* [experiment] margin (designs): "balanced" is the attackers' score shown
                           within 1/2 +- margin (TOST), in (0, 0.5); default BALANCE_MARGIN 0.05 */
    int confirm_games;  /* [experiment] confirm_games (designs): games of the second agent on
                           each survivor of the race; 0 = games */
    long budget;        /* [experiment] budget (designs): the most race games in all; a round
                           that would pass it is not started; 0 = no budget */
    int agent_defaults; /* [experiment] agent_defaults: 2 (default) today's agent defaults; 1
                           those of setup format 1 (alpha-beta's plain search), made explicit
                           in every agent's spec (agent_spec_legacy), as the shipped studies
                           made before the change played */
    bool swept;         /* the rulesets come from a [sweep]: rulesets[0] is its base */
    Ruleset rulesets[EXPERIMENT_MAX_RULESETS]; /* [rules], in file order */
    int ruleset_count;
    ExperimentAgent agents[EXPERIMENT_MAX_AGENTS]; /* [agent.NAME] sections, in file order */
    int agent_count;
    Pairing pairings[EXPERIMENT_MAX_PAIRINGS]; /* from [matchups], in a fixed order */
    int pairing_count;
    const char *otn_warning; /* otn_rules_warning of the first `rules =` string that calls for
                                one (a constant string), or NULL; the command shows it */
    int otn_warning_line;    /* the line of that string */
} Experiment;

/* Reads an experiment file into *out (large: allocate it). Sections and keys:
 *   [experiment] name, seed, games, max_plies, opening_plies, record_moves, output
 *   [rules]      presets = NAME, NAME...;  files = PATH, PATH... (relative to the experiment
 *                file's directory); rules = OTN rules string (repeatable)
 *   [agent.NAME] type = random|greedy|mcts|alphabeta|external, then that agent's parameters
 *   [sweep]      base = PRESET (or base_file = PATH), mode = one_at_a_time | grid,
 *                starts = PATH, PATH... (ruleset files whose size and start are alternatives),
 *                then any ruleset key (doc/RULES.md) = VALUE, VALUE...: the rulesets are the
 *                base and its variants (experiment_sweep_name names them), each compiled and
 *                checked; not with [rules]; at most EXPERIMENT_MAX_RULESETS candidates
 *   [matchups]   self = yes (each agent against itself); round-robin = yes (every ordered
 *                pair of distinct agents); ladder = yes (each agent against the next one in
 *                file order, on both sides); pair = A vs B (repeatable; A attacks)
 * Pairings come in this order: self pairs in agent order, then ladder pairs (agent i attacking
 * i+1, then i+1 attacking i, for each i), then round-robin pairs (attacker major), then
 * explicit pairs in file order; a pairing listed twice is an error. Without a [matchups]
 * section, self = yes, and for kind = curve also ladder = yes (the games that measure the
 * rungs' Elo). A curve needs self = yes. More than EXPERIMENT_GAMES_TOTAL_MAX games in all is an
 * error. Every error is one line "FILE:LINE: key 'KEY': what is wrong" (or "FILE: ..." for what has
 * no line, such as a missing section). Thread-safe. */
MUST_CHECK Status experiment_load(const char *path, Experiment *out, Error *err);

/* experiment_load from an open stream f (the caller's; not closed), for text that is not a file
 * of its own (the fuzz harness reads it from memory with fmemopen). path names the text in
 * errors and is the directory that `files` are relative to. */
MUST_CHECK Status experiment_load_stream(FILE *f, const char *path, Experiment *out, Error *err);

/* The index of the agent (or ruleset) named `name` in e, or -1 when it has none. Pure. */
int experiment_agent_index(const Experiment *e, const char *name);
int experiment_ruleset_index(const Experiment *e, const char *name);

#endif
