/* Whether a games.csv row agrees with itself: its result and its reason (a king's capture is
 * won by the attackers, a ply cap is a draw, a forfeit is no draw). Checked
 * on every row read back, so that an edited winner is refused by resume, merge and summaries. */
#ifndef TAFL_FORMATS_ROWCHECK_H
#define TAFL_FORMATS_ROWCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "formats/results.h"

/* True when row's winner and reason agree (rules/state.c's end_game calls and
 * harness/match.c's forfeits are what can happen). Otherwise false, with why (size bytes) saying
 * what does not agree, e.g. "winner 'draw' with reason 'king_captured': a king's capture is
 * won by the attackers". Thread-safe. */
bool rowcheck_consistent(const GameRow *row, char *why, size_t size);

#endif
