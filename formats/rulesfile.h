/* Ruleset files (INI, read with libinih) and the one place that turns a command-line ruleset
 * argument (a preset name, an OpenTafl rules string or a file) into a checked Ruleset. */
#ifndef TAFL_FORMATS_RULESFILE_H
#define TAFL_FORMATS_RULESFILE_H

#include <stdio.h>

#include "rules/ruleset.h"

/* Reads the ruleset file at path into *out. The file holds `key = value` lines at top level or
 * under a [ruleset] section: `base = PRESET` (only as the first key; default brandubh) picks
 * the preset the other keys change, and every other key is an option of RULES.md as
 * ruleset_set_option reads it; `start` may go on over indented continuation lines. The name
 * defaults to the file's base name without its extension. The result is checked with
 * rules_compile. *out is the caller's and is written only on success.
 * Fails with one line in err: ST_EIO "FILE: cannot open: <strerror>"; ST_EPARSE or ST_EINVAL
 * "FILE:LINE: key 'KEY': <what is wrong>" (unknown key, bad value, unknown preset with the list
 * of presets, base not first, a key given twice, size out of range, a bad start layout);
 * "FILE:LINE: ..." for syntax errors and unknown sections; "FILE: <reason>" when rules_compile
 * rejects the whole; "FILE:LINE: key 'start': ..." when a side has no move at the start (see
 * rulesfile_check_start). Thread-safe (it never changes libinih's global settings). */
MUST_CHECK Status rulesfile_read(const char *path, Ruleset *out, Error *err);

/* rulesfile_read from an open stream f (the caller's; not closed), for text that is not a file
 * of its own (the fuzz harness reads it from memory with fmemopen). path names the text in
 * errors and gives the default name. */
MUST_CHECK Status rulesfile_read_stream(FILE *f, const char *path, Ruleset *out, Error *err);

/* Resolves a ruleset argument: a preset name, an OpenTafl rules string (text starting with
 * "dim:"), or the path of a ruleset file, tried in that order; a string or a file is checked
 * with rules_compile (presets are checked by their own tests). *out is written only on
 * success. An argument that is none of these fails with ST_EINVAL and an error that lists the
 * presets; other errors are those of otn_parse_rules, rules_compile (prefixed "OTN rules: ")
 * or rulesfile_read. Thread-safe. */
MUST_CHECK Status rulesfile_resolve(const char *arg, Ruleset *out, Error *err);

/* Checks that a compiled ruleset can be played: each side has a legal move in the start layout
 * (the first side to move, and the other one too). The engine itself accepts such layouts (its
 * tests use them); a ruleset a user names for play does not. ST_EINVAL "start: the attackers
 * have no legal move in the start layout" otherwise. rulesfile_read and rulesfile_resolve call
 * it; the experiment reader calls it for presets and OTN strings. Thread-safe. */
MUST_CHECK Status rulesfile_check_start(const Rules *r, Error *err);

#endif
