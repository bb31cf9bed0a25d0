/* The parallel game loop: one pair of agents per thread, reused across that thread's games. */
#include "sim/selfplay.h"

#include <omp.h>
#include <stdio.h>
#include <time.h>

#include "rules/rng.h"

uint64_t selfplay_game_seed(uint64_t seed, uint64_t index)
{
    return rng_mix(seed, index);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

Status selfplay_run(const SelfplayConfig *cfg, GameRecord *results, Error *err)
{
    /* Check both specs once, before any thread starts. */
    const char *specs[2] = {cfg->attacker_spec, cfg->defender_spec};
    for (int i = 0; i < 2; i++) {
        Agent *probe;
        Status st = agent_create(specs[i], cfg->rules, 0, &probe, err);
        if (st != ST_OK)
            return st;
        agent_destroy(probe);
    }
    int threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    int done = 0;
    double start = now_seconds();
#pragma omp parallel num_threads(threads)
    {
        Agent *attacker = NULL, *defender = NULL;
        Status sa = agent_create(cfg->attacker_spec, cfg->rules, 0, &attacker, NULL);
        Status sd = agent_create(cfg->defender_spec, cfg->rules, 0, &defender, NULL);
        (void)sa;
        (void)sd; /* both specs were checked above */
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < cfg->games; i++) {
            match_play(cfg->rules, attacker, defender, selfplay_game_seed(cfg->seed, (uint64_t)i),
                       cfg->opening_plies, cfg->record_moves, &results[i]);
            if (cfg->progress) {
                int finished;
#pragma omp atomic capture
                finished = ++done;
                double elapsed = now_seconds() - start;
                double rate = finished / (elapsed > 0 ? elapsed : 1e-9);
#pragma omp critical(progress)
                fprintf(stderr, "\r%d/%d games, %.1f games/s, ETA %.0f s   ", finished,
                        cfg->games, rate, (cfg->games - finished) / rate);
            }
        }
        agent_destroy(attacker);
        agent_destroy(defender);
    }
    if (cfg->progress)
        fprintf(stderr, "\n");
    return ST_OK;
}
