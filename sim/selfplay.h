/* Many games between two agent specs, in parallel with OpenMP, reproducible at any thread
 * count: game i's seed depends only on the master seed and i, and results land in index
 * order. */
#ifndef TAFL_SIM_SELFPLAY_H
#define TAFL_SIM_SELFPLAY_H

#include <stdint.h>

#include "sim/match.h"

typedef struct {
    const Rules *rules;         /* borrowed; its max_plies caps each game */
    const char *attacker_spec;  /* agent specs, see agent.h */
    const char *defender_spec;
    int games;
    uint64_t seed;              /* master seed */
    int opening_plies;          /* random plies before the agents play */
    int threads;                /* 0 = OpenMP's default */
    bool record_moves;
    bool progress;              /* games done, rate and ETA on stderr */
} SelfplayConfig;

/* The seed of game `index` of a run with master seed `seed`. */
uint64_t selfplay_game_seed(uint64_t seed, uint64_t index);

/* Plays cfg->games games into results[0..games-1] (caller-allocated; free each with
 * match_record_free). Fails with ST_EINVAL before playing when a spec is bad. */
MUST_CHECK Status selfplay_run(const SelfplayConfig *cfg, GameRecord *results, Error *err);

#endif
