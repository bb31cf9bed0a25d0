/* The OpenTafl Engine Protocol (OTEP) vocabulary shared by its two ends in tafl-lab: the engine
 * (`tafl engine`, agents/engine.c) and the host (the `external` agent, agents/external.c). The
 * protocol is opentafl-engine-protocol.txt in the OpenTafl repository (github.com/jslater89/
 * OpenTafl): US-ASCII lines ending in '\n', a command word first, commands unacknowledged. */
#ifndef TAFL_AGENTS_OTEP_H
#define TAFL_AGENTS_OTEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/state.h"

/* The longest line either end reads; a longer line is cut there (and so is garbage). */
#define OTEP_LINE_MAX 8192

/* tafl-lab's own commands, host to engine. OpenTafl ignores command words it does not know,
 * so they are safe to send to any OTEP engine; `tafl engine` uses them to play exactly the
 * game the host plays:
 *   tafl-lab-rules KEY=VALUE...  the options an OTN rules string cannot carry (RULES.md 7:
 *                                king_capture, repetition (defenders_lose, defenders_no_repeat),
 *                                no_moves, draw_fort, max_plies, limit_result), sent right
 *                                after `rules` with each that differs from OTN's import
 *                                default or from the preset whose rules string it is (the
 *                                engine plays that preset: otn_rules_preset);
 *   tafl-lab-seed N              the seed of the engine's agent for the coming game (before
 *                                `start`), so a seeded agent plays as it would in-process. */
#define OTEP_EXT_RULES "tafl-lab-rules"
#define OTEP_EXT_SEED  "tafl-lab-seed"

/* Copies the command word of line (up to the first blank; at most size-1 bytes) into word and
 * returns the rest of the line after the blanks that follow the word (never NULL). */
const char *otep_split(const char *line, char *word, size_t size);

/* Reads a move record as OTEP carries it: simple notation "a4-a1" or full OTN, with a piece
 * letter, captures ("xb1/c2") and info symbols (+ ++ - --) allowed and ignored (captures
 * follow from the rules). Jumps and berserk moves ('^', '='), which tafl-lab does not model,
 * and the resignation "---" are errors. Checks the squares, not legality. Thread-safe. */
MUST_CHECK Status otep_parse_move(const Rules *r, const char *text, Move *m, Error *err);

/* "attackers" or "defenders"; false otherwise. */
bool otep_parse_side(const char *text, Side *side);

/* The `finish` code of a result (spec 18): 1 draw, 2 attackers win, 3 defenders win; 0 for
 * WINNER_NONE (the game stopped before a result). */
int otep_finish_code(Winner w);

/* Writes the arguments of an OTEP_EXT_RULES line for rs ("draw_fort=yes max_plies=500") into
 * buf: every option OTN lacks in which rs differs from OTN's import defaults or from the preset
 * its rules string matches; empty when neither differs. */
void otep_format_rules_extension(const Ruleset *rs, char *buf, size_t size);

/* Applies the arguments of an OTEP_EXT_RULES line to rs. Only the keys OTN lacks are
 * accepted; ST_EINVAL naming a bad item. rs is unchanged on failure. Thread-safe. */
MUST_CHECK Status otep_apply_rules_extension(Ruleset *rs, const char *args, Error *err);

#endif
