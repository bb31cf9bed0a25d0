/* The table file: what tafl solve --tables writes and tafl probe and the agents' tb= read, the
 * solved values of every class, versioned, little-endian and checksummed (doc/formats.md,
 * "Table files"):
 *
 *   offset  bytes  field
 *   0       8      magic "TAFLTB\n\0"
 *   8       4      version (u32): SOLVE_TABLEFILE_VERSION
 *   12      4      men (u32): the most men besides the king of any class
 *   16      8      rules hash (u64): solve_tablefile_rules_hash of the rules solved
 *   24      64     ruleset name, NUL-padded (for messages only)
 *   88      4      the start's attackers (u32)
 *   92      4      the start's defenders (u32)
 *   96      4      classes (u32), in the order solved
 *   100     4      0 (reserved)
 *   104     56 a class: attackers (u32), defenders (u32), entries (u64), positions (u64),
 *                  attackers_win (u64), defenders_win (u64), draws (u64), longest (u32),
 *                  passes (u32)
 *   then each class's entries in the same order, a u16 each (solve.h: solve_class_entries)
 *   last    8      FNV-1a 64 of every byte before it
 */
#ifndef TAFL_SOLVE_TABLEFILE_H
#define TAFL_SOLVE_TABLEFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/common.h"
#include "rules/ruleset.h"
#include "solve/solve.h"

#define SOLVE_TABLEFILE_VERSION 1

/* The hash of the game r plays (ruleset_game_hash: its options, the start included, which
 * bounds the classes; not its name or move cap). Pure. */
uint64_t solve_tablefile_rules_hash(const Rules *r);

/* Writes t to f. False on a write error. */
bool solve_tablefile_write(const SolveTables *t, FILE *f);

/* Writes class i of t alone, as a table file of one class (its header's men t's): what a long
 * solve keeps after each class, to resume from after a kill. False on a write error. */
bool solve_tablefile_write_class(const SolveTables *t, int i, FILE *f);

/* Reads a file of solve_tablefile_write_class into class i of t (the same rules, men and class;
 * else ST_EINVAL with one line as solve_tablefile_read's). ST_EIO when it cannot be opened. On
 * failure class i's entries and stats are unspecified: solve it again. */
MUST_CHECK Status solve_tablefile_read_class(const char *path, SolveTables *t, int i, Error *err);

/* Reads the table file at path for rules r into *out (caller destroys). ST_EIO when it cannot
 * be opened; ST_EINVAL with one line "PATH: ..." when it is not a table file, another version,
 * tables of other rules ("tables for brandubh-online, not for brandubh"), truncated, longer
 * than its classes, or damaged (its checksum). Thread-safe. */
MUST_CHECK Status solve_tablefile_read(const char *path, const Rules *r, SolveTables **out,
                                       Error *err);

#endif
