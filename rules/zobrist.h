/* Zobrist keys (Zobrist 1970), computed on demand from a fixed seed: no table, no global state,
 * the same keys in every build and thread. */
#ifndef TAFL_RULES_ZOBRIST_H
#define TAFL_RULES_ZOBRIST_H

#include <stdint.h>

#include "rules/rng.h"
#include "rules/state.h"

#define ZOBRIST_SALT 0x7461666c2d6c6162ULL /* "tafl-lab" */

/* Key of piece p (PIECE_ATTACKER, PIECE_DEFENDER or PIECE_KING) on square sq. */
static inline uint64_t zobrist_piece(Piece p, int sq)
{
    return rng_splitmix64(ZOBRIST_SALT + (uint64_t)p * 1024 + (uint64_t)sq);
}

/* Key of a square held by the defending side (king included), for the draw fort. */
static inline uint64_t zobrist_fort(int sq)
{
    return rng_splitmix64(ZOBRIST_SALT + 4 * 1024 + (uint64_t)sq);
}

/* XORed in when the defenders are to move. */
static inline uint64_t zobrist_side(void)
{
    return rng_splitmix64(ZOBRIST_SALT + 5 * 1024);
}

#endif
