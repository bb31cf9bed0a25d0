/* The file of an efficiently updatable network (agents/nnue.h): a small binary file, versioned,
 * little-endian whatever the machine, its length and a checksum checked on reading, so that a
 * truncated, damaged or foreign file is refused with a line that says which and why, never
 * read as weights. The layout, byte by byte (doc/formats.md, "Network files"):
 *
 *   offset  size  field
 *   0       8     magic "TAFLNNUE"
 *   8       4     version (u32): NNUEFILE_VERSION
 *   12      4     board side (u32), RULES_MIN_SIZE..RULES_MAX_SIZE
 *   16      4     hidden units (u32), NNUE_MIN_HIDDEN..NNUE_MAX_HIDDEN
 *   20      4     output shift (u32), 0..30
 *   24      8     rules hash (u64): evalmodel_rules_hash of the rules it was trained for
 *   32      64    ruleset name, NUL-padded (at least one NUL)
 *   96      4     output bias (i32)
 *   100     4*H   hidden biases (i32)
 *   ...     2*H   output weights (i16)
 *   ...     2*I*H first-layer weights (i16), input by input (I = NNUE_INPUTS(side * side))
 *   end-8   8     FNV-1a 64 of every byte before it (u64)
 */
#ifndef TAFL_AGENTS_NNUEFILE_H
#define TAFL_AGENTS_NNUEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/evalmodel.h"
#include "agents/nnue.h"
#include "rules/common.h"
#include "rules/ruleset.h"

#define NNUEFILE_MAGIC   "TAFLNNUE"
#define NNUEFILE_VERSION 1
/* The header's size, before the weights. */
#define NNUEFILE_HEADER 96

/* What a network file says of the rules it was made for. */
typedef struct {
    char ruleset[RULES_NAME_MAX];
    uint64_t rules_hash;
} NnueOrigin;

/* The bytes of net's file (origin: its rules) into a new buffer *out of *len bytes (free). A
 * writer stores them whole (formats/files.h, files_replace: never a half-written network). */
void nnuefile_encode(const Nnue *net, const NnueOrigin *origin, uint8_t **out, size_t *len);

/* Reads a file's bytes into net (nnue_create'd here; free with nnue_free) and origin. ST_EPARSE
 * with a line naming `name` and what is wrong: not a network file, a version this build does not
 * read, a field out of range, a length that does not match the header (truncated, or bytes
 * after the end), a checksum that does not match (damaged). */
MUST_CHECK Status nnuefile_decode(const uint8_t *data, size_t len, const char *name, Nnue *net,
                                  NnueOrigin *origin, Error *err);

/* Loads path (nnuefile_decode; ST_EIO when it cannot be read). */
MUST_CHECK Status nnuefile_load(const char *path, Nnue *net, NnueOrigin *origin, Error *err);

/* Checks a loaded network fits rules r: its board side and rules hash. ST_EINVAL naming path and
 * the ruleset it was made for. */
MUST_CHECK Status nnuefile_check_rules(const char *path, const Nnue *net, const NnueOrigin *origin,
                                       const Rules *r, Error *err);

/* Resolves an agent's eval= value for r when it names a network file (its bytes start with
 * NNUEFILE_MAGIC): *out the network (caller nnue_free's and frees it), checked against r, and
 * *canonical (caller frees) "PATH@HASH" with HASH the content's (evalmodel_text_hash, as an
 * evaluation file's), so that a run records it and a replay refuses a changed file (a value
 * already pinned "PATH@HASH" must match). ST_OK with *out NULL when the value names no network
 * (hand, trained, a file that is not one or cannot be read: evalmodel_resolve then says what it
 * is). Thread-safe. */
MUST_CHECK Status nnuefile_resolve(const char *value, const Rules *r, Nnue **out, char **canonical,
                                   Error *err);

/* Resolves an agent's eval= value whatever it names: a network file into *net
 * (nnuefile_resolve), any other evaluation into *model (evalmodel_resolve; NULL for hand), the
 * other one NULL; *canonical as both record it. Fails as they do. Caller frees *model,
 * nnue_destroy's *net and frees *canonical. Thread-safe. */
MUST_CHECK Status nnuefile_resolve_eval(const char *value, const Rules *r, EvalModel **model,
                                        Nnue **net, char **canonical, Error *err);

/* True when the bytes data[0..len) begin as a network file does. */
bool nnuefile_is_network(const void *data, size_t len);

#endif
