/* The features of learned evaluations (agents/evalmodel.h): a position as a sparse vector of
 * piece-square, king and corner features, in numbered sets that each append to the last. */
#ifndef TAFL_AGENTS_EVALFEATURES_H
#define TAFL_AGENTS_EVALFEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/state.h"

/* Most features of any ruleset (19x19 boards need 207). */
#define EVALMODEL_MAX_FEATURES 256

/* The newest feature set, `features tafl-lab-3`: set 1's features, the attackers' cordon (set
 * 2), the king's free neighbours and the defenders the attackers' ring encloses (set 3;
 * evalfeatures.c lists them). A model keeps the set it was trained on; older files still load. */
#define EVALMODEL_FEATURES 3

/* The set `tafl train` fits unless told (the newest measured to play stronger). */
#define EVALMODEL_DEFAULT_FEATURES 2

/* The index of the hand feature (the hand-written evaluation / 100, attackers' view) in every
 * set: a model that plays as the hand-written evaluation weighs it alone. */
#define EVALMODEL_FEATURE_HAND 2

/* A position's active features (sparse): index into the feature set and value, and who is to
 * move (a sided model picks its weight set by it). */
typedef struct {
    int count;
    bool attackers_to_move;
    uint16_t index[EVALMODEL_MAX_FEATURES];
    double value[EVALMODEL_MAX_FEATURES];
} EvalFeatures;

/* The number of features of feature set `set` (1 or 2) for r (depends on the board size); set
 * 2 is set 1 with features appended, so a feature's index is the same in both. */
int evalmodel_feature_count(const Rules *r, int set);

/* The name of feature i for r ("bias", "hand", "king_dist_3", "attacker_sq_1_2", ...) in buf. */
void evalmodel_feature_name(const Rules *r, int i, char *buf, size_t size);

/* The features of position s (game not over) of the newest set, attackers' view; a model of
 * an older set reads the ones it knows (evalmodel_logit). Pure, thread-safe. */
void evalmodel_features(const Rules *r, const GameState *s, EvalFeatures *f);

/* The features of set `set` only (1 to EVALMODEL_FEATURES): what a model of that set reads,
 * without the cost of newer sets' features. Pure, thread-safe. */
void evalmodel_features_of_set(const Rules *r, const GameState *s, int set, EvalFeatures *f);

#endif
