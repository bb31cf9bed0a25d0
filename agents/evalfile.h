/* The text file of learned evaluations (`tafl-eval 1` to `tafl-eval 4`), the evaluations
 * shipped inside the binary (evals/NAME.eval), and the resolution of an agent's eval= value. */
#ifndef TAFL_AGENTS_EVALFILE_H
#define TAFL_AGENTS_EVALFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/evalmodel.h"
#include "rules/common.h"
#include "rules/state.h"

/* The newest format version, `tafl-eval 4` (older files still load). A linear model is written
 * as version 1, byte for byte as before; version 2 added `model sided`, version 3 `model
 * player`, version 4 `model net`. */
#define EVALMODEL_VERSION 4

/* The file text of m (caller frees): `tafl-eval V` (1 for a linear model, 2 for a sided one, 3
 * for a player one), `ruleset NAME`, `rules_hash HEX`, `model linear|sided|player`, `features
 * tafl-lab-S N` (feature set S, N weights), `units 40`, one `NAME HEXFLOAT` line per weight (C99
 * %a, exact), `end`. Writing what evalmodel_parse read gives the same bytes. */
char *evalmodel_format(const Rules *r, const EvalModel *m);

/* The largest weight magnitude a file holds (1e6 in messages): evalmodel_parse refuses a larger
 * one, a NaN or an infinity. */
#define EVALMODEL_WEIGHT_MAX 1e6

/* Checks that every weight of m is one evalmodel_parse reads back: finite and within
 * EVALMODEL_WEIGHT_MAX. ST_EINVAL "SOURCE: weight NAME would be nan, not a finite number within
 * 1e6: not written" for the first that is not. Thread-safe. */
MUST_CHECK Status evalmodel_check_weights(const Rules *r, const EvalModel *m, const char *source,
                                          Error *err);

/* Reads a model from text (len bytes) for rules r; `source` names it in errors. A wrong
 * version (or a model newer than the file's version), an unknown model, a model for another ruleset
 * (other rules hash), a missing or misnamed feature, a bad number or a missing `end` (a truncated
 * file) fails with ST_EPARSE or ST_EINVAL and "SOURCE:LINE: what is wrong". Thread-safe. */
MUST_CHECK Status evalmodel_parse(const char *text, size_t len, const char *source, const Rules *r,
                                  EvalModel *out, Error *err);

/* Resolves an agent's eval= value for r: "hand" gives *out NULL (the hand-written evaluation);
 * "trained" the evaluation shipped for r's rules, found by rules hash whatever r is called,
 * else the one shipped for the preset on r's board nearest to r (evalmodel_transfer_note says
 * which; an error naming the rulesets that have one when none ships for r's board); anything
 * else is a file, which must have been trained for r's rules. A
 * value "X@HASH" (HASH 16 hex digits, as evalmodel_resolve writes into *canonical) also requires
 * the content to have that hash, so a run refuses a changed file; "trained@HASH" is also found
 * among the retired shipped evaluations, so a run recorded before a retraining still replays.
 * *canonical (caller frees) is the value to record: "hand", or "X@HASH". Caller owns *out (free).
 * Thread-safe. */
MUST_CHECK Status evalmodel_resolve(const char *value, const Rules *r, EvalModel **out,
                                    char **canonical, Error *err);

/* When m (from evalmodel_resolve) was trained for other rules than r's, the shipped evaluation
 * of the nearest preset on r's board that eval=trained carried to r: true, and a note for the
 * run's records into buf ("trained for brandubh, played on X: ... differs in KEYS"); false
 * when m is NULL or trained for r's rules. Thread-safe. */
bool evalmodel_transfer_note(const EvalModel *m, const Rules *r, char *buf, size_t size);

/* Checks an eval= value as far as it can be without rules: hand and trained (with or without
 * @HASH) are ST_OK, and so is a file that can be read; one that cannot is ST_EIO with
 * evalmodel_resolve's "eval=NAME: cannot read: ..." error. Thread-safe. */
MUST_CHECK Status evalmodel_check_value(const char *value, Error *err);

/* An evaluation shipped in the binary: evals/NAME.eval, turned into a C string by the Makefile
 * (build/.../evals.c). */
typedef struct {
    const char *name; /* the ruleset it was trained for (retired: the file's name) */
    const char *text; /* the file's text */
    bool retired;     /* evals/retired/NAME.eval: shipped before and since replaced, kept so that
                         runs recorded with it replay (eval=trained@HASH finds it by its hash;
                         eval=trained alone never picks it) */
} EvalShipped;
extern const EvalShipped EVALMODEL_SHIPPED[];
extern const int EVALMODEL_SHIPPED_COUNT;

/* True when `name`, an eval= value without its recorded @HASH, names an evaluation file: it is
 * neither hand nor trained. */
bool evalmodel_names_file(const char *name);

/* Splits an eval= value "NAME@HASH" (HASH 16 lower-case hex digits, as evalmodel_resolve
 * records it): NAME into name (size bytes) and true with the hash in *pin; any other value is
 * NAME whole, and false. */
bool evalmodel_split_pinned(const char *value, char *name, size_t size, uint64_t *pin);

/* The rulesets with a shipped evaluation, comma-separated, into buf. */
void evalmodel_shipped_names(char *buf, size_t size);

#endif
