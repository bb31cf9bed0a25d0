/* Training files (INI): how `tafl train` learns an evaluation for one ruleset by self-play, in
 * generations. See experiments/README.md ("Training an evaluation"). */
#ifndef TAFL_FORMATS_TRAINFILE_H
#define TAFL_FORMATS_TRAINFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "agents/evalmodel.h"
#include "agents/nnue.h"
#include "formats/experiment.h"
#include "rules/ruleset.h"
#include "stats/sprt.h"

/* Most evaluations a training's league may hold. */
#define TRAINFILE_LEAGUE_MAX 4

typedef struct {
    char name[EXPERIMENT_NAME_MAX];      /* name: the output directory's name (train-RULESET) */
    char rules_arg[EXPERIMENT_PATH_MAX]; /* rules as given (preset, file, OTN), for the setup */
    Ruleset rules;                       /* rules: the ruleset trained for (brandubh) */
    uint64_t seed;                       /* seed (1): every game and split derives from it */
    int generations;                     /* generations (8) */
    int games;                           /* games: self-play games per generation (200) */
    int depth;                           /* depth: self-play alpha-beta depth (2) */
    int handicap;                        /* handicap: in every other self-play game the attackers
                                            search this many plies deeper (1), so that both sides
                                            win some games and positions of both outcomes exist */
    double noise;                        /* noise: self-play leaf noise in evaluation units (8) */
    int opening_plies;                   /* opening_plies: random plies opening each game (4) */
    int max_plies;                       /* max_plies: game cap (300; 0 keeps the ruleset's) */
    int window;                          /* window: generations of positions fitted (4) */
    int epochs;                          /* epochs: full-batch Adam steps per fit (400) */
    double learning_rate;                /* learning_rate: Adam step size (0.03) */
    double l2;                           /* l2: penalty per position on the squared distance of
                                            the weights from the hand-written evaluation's (1e-4) */
    int gate_pairs;                      /* gate_pairs: game pairs of the gate match (50) */
    int gate_depth;                      /* gate_depth: alpha-beta depth of the gate match (2) */
    bool gate_sprt;                      /* gate_sprt given: the gate is a sequential test
                                            (stats/sprt.h) of at most gate_pairs pairs that
                                            accepts only when it accepts H1 (off) */
    SprtParams sprt;                     /* gate_sprt = elo0=E0,elo1=E1[,alpha=A,beta=B] */
    EvalModelKind model;                 /* model: linear (one weight set), sided (one per side
                                            to move), player (one per side played, each
                                            gated on its own side's games) or net (one set and
                                            a network over the squares) (linear) */
    int hidden;                          /* hidden: a net model's hidden units, 1 to
                                            EVALMODEL_MAX_HIDDEN, or a nnue model's, NNUE_MIN_
                                            HIDDEN to NNUE_MAX_HIDDEN (0: not given, which is
                                            EVALMODEL_DEFAULT_HIDDEN or TRAINFILE_NNUE_DEFAULT_
                                            HIDDEN; only model = net and nnue read it) */
    int features;                        /* features: the feature set, 1 or 2 (the newest,
                                            EVALMODEL_DEFAULT_FEATURES; up to EVALMODEL_FEATURES) */
    double score_weight;                 /* score_weight: the weight of the search's prediction
                                            in each position's target, the rest the game's
                                            outcome (0: outcomes only) */
    char recorded_games[EXPERIMENT_PATH_MAX]; /* recorded_games: a move-list CSV of recorded
                                                 games (rules/csvgame.h) whose positions join
                                                 every generation's fit, relative to the
                                                 training file ("": none) */
    char init[EXPERIMENT_PATH_MAX];           /* init: generation 0, an evaluation (trained or
                                                 a file relative to the training file) to go on
                                                 from instead of the hand-written one ("":
                                                 hand) */
    int league_count;                         /* league: evaluations (hand, trained or files
                                                 relative to the training file, comma-
                                                 separated) that every gate also plays, on
                                                 both sides, against the candidate and the
                                                 best: a generation must gain over them too,
                                                 not only over the best (none) */
    char league[TRAINFILE_LEAGUE_MAX][EXPERIMENT_PATH_MAX];
    int league_games;                 /* league_games: of each generation's games, how
                                         many the best plays against the league (half
                                         attacking, half defending, its evaluations in
                                         turn) instead of against itself: positions of
                                         games that either side wins (0) */
    char output[EXPERIMENT_PATH_MAX]; /* output: base directory (results) */
} TrainFile;

/* A model = nnue training's hidden units unless `hidden` says otherwise. */
#define TRAINFILE_NNUE_DEFAULT_HIDDEN 128

/* The defaults above, for rules brandubh and name train-brandubh. */
void trainfile_defaults(TrainFile *out);

/* Sets one key from its text (the keys above); `where` prefixes errors ("FILE:LINE" or
 * "--key"). ST_EINVAL "WHERE: key 'K': bad value 'V' (expected ...)" or an unknown key listing
 * the keys. rules are resolved (preset, OTN, or a file relative to base_path when not NULL). */
MUST_CHECK Status trainfile_set(TrainFile *t, const char *key, const char *value,
                                const char *base_path, const char *where, Error *err);

/* Reads a training file (section [train], `key = value` lines, ';' or '#' comments) over the
 * defaults. Every error is one line "FILE:LINE: ...". Thread-safe. */
MUST_CHECK Status trainfile_load(const char *path, TrainFile *out, Error *err);

/* trainfile_load of an open stream f (not closed); path names it in errors and is where files
 * it names are relative to. Thread-safe. */
MUST_CHECK Status trainfile_load_stream(FILE *f, const char *path, TrainFile *out, Error *err);

/* Writes every key as `key = value` lines (the setup a run directory records) into buf;
 * returns the length needed, like snprintf. */
int trainfile_format(const TrainFile *t, char *buf, size_t size);

#endif
