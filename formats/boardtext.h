/* Positions drawn for people (tafl replay, tafl play): the board with file letters and rank
 * numbers as OTN names squares, and whose turn it is or how the game ended. */
#ifndef TAFL_FORMATS_BOARDTEXT_H
#define TAFL_FORMATS_BOARDTEXT_H

#include <stdio.h>

#include "rules/state.h"

/* Prints s: a line of file letters, then one line per rank from 1 (the top row) with its
 * number, a square each: t attacker, T defender, K king, + an empty throne or corner that
 * only the king may stop on, . empty; then "attackers to move" (or defenders), or the result
 * ("defenders win: king_escaped"). */
void boardtext_print(FILE *out, const Rules *r, const GameState *s);

#endif
