/* Whether a games.csv row agrees with itself: its result and its reason (a king's capture is
 * won by the attackers, a forfeit is no draw), and with its ruleset (a ply cap goes to the
 * ruleset's limit_result). Checked
 * on every row read back, so that an edited winner is refused by resume, merge and summaries. */
#ifndef TAFL_FORMATS_ROWCHECK_H
#define TAFL_FORMATS_ROWCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "formats/games.h"
#include "rules/ruleset.h"

/* True when row's winner and reason agree (rules/state.c's end_game calls and
 * harness/match.c's forfeits are what can happen). Otherwise false, with why (size bytes) saying
 * what does not agree, e.g. "winner 'draw' with reason 'king_captured': a king's capture is
 * won by the attackers". Thread-safe. */
bool rowcheck_consistent(const GameRow *row, char *why, size_t size);

/* True when row's result agrees with its ruleset rs: a game ended by the ply cap (reason
 * max_plies) has the winner rs->limit_result names (a draw by default); any other row agrees.
 * Otherwise false with why, e.g. "winner 'draw' with reason 'max_plies': ruleset b has
 * limit_result = attackers, the ply cap's winner". Thread-safe. */
bool rowcheck_limit_agrees(const GameRow *row, const Ruleset *rs, char *why, size_t size);

#endif
