/* Perft: the number of leaf positions of the legal move tree to a fixed depth. */
#ifndef TAFL_RULES_PERFT_H
#define TAFL_RULES_PERFT_H

#include <stdint.h>
#include <stdio.h>

#include "rules/state.h"

/* Leaves at `depth` plies from s (1 at depth 0). Ended games are leaves with no children.
 * hist holds the game's history up to s and is restored on return. Thread-safe. */
uint64_t perft(const Rules *r, const GameState *s, History *hist, int depth);

/* As perft, printing "<move> <count>" per root move to out. */
uint64_t perft_divide(const Rules *r, const GameState *s, History *hist, int depth, FILE *out);

#endif
