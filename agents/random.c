/* The random agent: a uniformly random legal move from its own seeded stream. */
#include <assert.h>
#include <stdlib.h>

#include "agents/agent_impl.h"
#include "rules/movegen.h"

typedef struct {
    Agent base;
    Rng rng;
} RandomAgent;

static Move random_choose(Agent *agent, const GameState *s, const History *hist)
{
    RandomAgent *a = (RandomAgent *)agent;
    Move m = {0, 0};
    bool found = movegen_random_in_game(agent->rules, s, hist, &a->rng, &m);
    assert(found && "agent_choose needs a position with a legal move");
    (void)found;
    agent->stats.nodes = 1;
    return m;
}

static void random_new_game(Agent *agent, uint64_t seed)
{
    rng_seed(&((RandomAgent *)agent)->rng, seed);
}

static void random_destroy(Agent *agent)
{
    free(agent);
}

static const AgentOps RANDOM_OPS = {random_choose, random_new_game, random_destroy};

static Agent *random_create(const Rules *r, const double *params, uint64_t seed)
{
    RandomAgent *a = xcalloc(1, sizeof *a);
    agent_init_base(&a->base, &RANDOM_OPS, &AGENT_TYPE_RANDOM, r, params);
    rng_seed(&a->rng, seed);
    return &a->base;
}

const AgentType AGENT_TYPE_RANDOM = {
    .name = "random",
    .summary = "a uniformly random legal move",
    .params = NULL,
    .param_count = 0,
    .memory = "a few bytes",
    .create = random_create,
};
