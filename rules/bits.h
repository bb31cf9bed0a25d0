/* Bit tricks on 64-bit words shared by the rules code. */
#ifndef TAFL_RULES_BITS_H
#define TAFL_RULES_BITS_H

#include <stdint.h>

/* Set bits in x. Uses the POPCNT instruction when the build targets it (make fast), else the
 * branch-free SWAR count (Hacker's Delight 5-1), which beats libgcc's table-driven call. */
static inline int bits_popcount(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest set bit; x must not be 0. */
static inline int bits_lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

#endif
