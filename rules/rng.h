/* Seeded pseudo-random numbers: splitmix64 to seed and mix, xoshiro256** to draw.
 * An Rng is a plain value owned by its user; no function here touches global state. */
#ifndef TAFL_RULES_RNG_H
#define TAFL_RULES_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} Rng;

/* One splitmix64 step on a value (Steele, Lea, Flood 2014; constants from Vigna's reference). */
static inline uint64_t rng_splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Derives a child seed from a parent seed and an identity (game index, seat, ...). */
static inline uint64_t rng_mix(uint64_t seed, uint64_t id)
{
    return rng_splitmix64(seed ^ rng_splitmix64(id + 0x632be59bd9b4e019ULL));
}

/* Seeds the generator; every seed, zero included, gives a valid stream. */
void rng_seed(Rng *rng, uint64_t seed);

/* Next 64 random bits (xoshiro256**, Blackman and Vigna 2018). */
static inline uint64_t rng_next(Rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [0, bound), bound > 0, without modulo bias (Lemire 2019, multiply-shift
 * with rejection). */
uint32_t rng_below(Rng *rng, uint32_t bound);

/* Uniform double in [0, 1) with 53 random bits. */
static inline double rng_unit(Rng *rng)
{
    return (double)(rng_next(rng) >> 11) * 0x1.0p-53;
}

#endif
