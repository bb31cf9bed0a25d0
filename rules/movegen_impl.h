/* Internal to rules/: board scans that state.c needs from the bitboard code. */
#ifndef TAFL_RULES_MOVEGEN_IMPL_H
#define TAFL_RULES_MOVEGEN_IMPL_H

#include <stdbool.h>

#include "rules/state.h"

/* RULES.md section 5: true when no defender and not the king can reach the board edge. */
bool movegen_encircled(const Rules *r, const GameState *s);

#endif
