/* Learned evaluations: a logistic model over per-square and king features, its versioned text
 * file (`tafl-eval 1`), and the evaluations shipped inside the binary (evals/NAME.eval). */
#ifndef TAFL_AGENTS_EVALMODEL_H
#define TAFL_AGENTS_EVALMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/common.h"
#include "rules/state.h"

/* Evaluation units per logit: a model's value v (attackers' view) predicts that the attackers
 * win with probability 1 / (1 + exp(-v / 40)), the scale MCTS's eval_scale already uses, and 40
 * units is four attackers of the hand-written evaluation. */
#define EVALMODEL_UNITS 40.0

/* Most weights of any ruleset (19x19 boards need 207). */
#define EVALMODEL_MAX_FEATURES 256

/* Format version written on the first line, `tafl-eval 1`. */
#define EVALMODEL_VERSION 1

/* A trained linear model for one ruleset. Plain value: copy freely. */
typedef struct {
    char ruleset[RULES_NAME_MAX]; /* the ruleset's name when trained */
    uint64_t rules_hash;          /* evalmodel_rules_hash of those rules */
    int count;                    /* weights in use: evalmodel_feature_count */
    double w[EVALMODEL_MAX_FEATURES];
} EvalModel;

/* A position's active features (sparse): index into EvalModel.w and value. */
typedef struct {
    int count;
    uint16_t index[EVALMODEL_MAX_FEATURES];
    double value[EVALMODEL_MAX_FEATURES];
} EvalFeatures;

/* FNV-1a 64 of the ruleset's option text (ruleset_format) with its name and max_plies left
 * out: two rulesets that play the same game have the same hash whatever they are called and
 * however long their games may last. Thread-safe. */
uint64_t evalmodel_rules_hash(const Rules *r);

/* The number of weights of the feature set for r (depends on the board size). */
int evalmodel_feature_count(const Rules *r);

/* The name of feature i for r ("bias", "hand", "king_dist_3", "attacker_sq_1_2", ...) in buf. */
void evalmodel_feature_name(const Rules *r, int i, char *buf, size_t size);

/* A model for r that plays exactly as the hand-written evaluation (alpha-beta's default
 * weights): weight 2.5 on the hand feature (hand / 100), every other weight 0. */
void evalmodel_init_hand(const Rules *r, EvalModel *m);

/* The features of position s (game not over), attackers' view. Pure, thread-safe. */
void evalmodel_features(const Rules *r, const GameState *s, EvalFeatures *f);

/* The model's logit for the attackers' win. */
double evalmodel_logit(const EvalModel *m, const EvalFeatures *f);

/* The model's value of s for the side to move, in evaluation units (EVALMODEL_UNITS per logit);
 * the game must not be over. Pure, thread-safe. */
double evalmodel_evaluate(const Rules *r, const GameState *s, const EvalModel *m);

/* The file text of m (caller frees): `tafl-eval 1`, `ruleset NAME`, `rules_hash HEX`,
 * `model linear`, `features tafl-lab-1 N`, `units 40`, one `NAME HEXFLOAT` line per weight
 * (C99 %a, exact), `end`. Writing what evalmodel_parse read gives the same bytes. */
char *evalmodel_format(const Rules *r, const EvalModel *m);

/* Reads a model from text (len bytes) for rules r; `source` names it in errors. A wrong
 * version, a model for another ruleset (other rules hash), a missing or misnamed feature, a bad
 * number or a missing `end` (a truncated file) fails with ST_EPARSE or ST_EINVAL and
 * "SOURCE:LINE: what is wrong". Thread-safe. */
MUST_CHECK Status evalmodel_parse(const char *text, size_t len, const char *source, const Rules *r,
                                  EvalModel *out, Error *err);

/* FNV-1a 64 of a text: the content hash recorded with a file's name. */
uint64_t evalmodel_text_hash(const char *text, size_t len);

/* Resolves an agent's eval= value for r: "hand" gives *out NULL (the hand-written evaluation);
 * "trained" the evaluation shipped for r's ruleset (an error naming the rulesets that have one
 * when none ships for it); anything else is a file. A value "X@HASH" (HASH 16 hex digits, as
 * evalmodel_resolve writes into *canonical) also requires the content to have that hash, so a
 * run refuses a changed file. *canonical (caller frees) is the value to record: "hand", or
 * "X@HASH". Caller owns *out (free). Thread-safe. */
MUST_CHECK Status evalmodel_resolve(const char *value, const Rules *r, EvalModel **out,
                                    char **canonical, Error *err);

/* An evaluation shipped in the binary: evals/NAME.eval, turned into a C string by the Makefile
 * (build/.../evals.c). */
typedef struct {
    const char *name; /* the ruleset it was trained for */
    const char *text; /* the file's text */
} EvalShipped;
extern const EvalShipped EVALMODEL_SHIPPED[];
extern const int EVALMODEL_SHIPPED_COUNT;

/* When agent spec `spec` names an evaluation file (eval=FILE, not hand or trained), the FNV-1a
 * hash of that file's content into *hash and true; false otherwise or when it cannot be read
 * (agent_create then says why). For run setups, so a resume refuses a changed file. */
bool evalmodel_spec_file_hash(const char *spec, uint64_t *hash);

/* The rulesets with a shipped evaluation, comma-separated, into buf. */
void evalmodel_shipped_names(char *buf, size_t size);

#endif
