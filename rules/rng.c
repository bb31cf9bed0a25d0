/* Seeding and bounded draws for Rng. */
#include "rules/rng.h"

void rng_seed(Rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        x += 0x9e3779b97f4a7c15ULL;
        rng->s[i] = rng_splitmix64(x);
    }
}

uint32_t rng_below(Rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(rng) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(rng) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
