/* For agent implementations only: the Agent base struct, its operations and its type with the
 * parameter table (agents/param.h) from which specs are parsed and `tafl agents` is printed. */
#ifndef TAFL_AGENTS_AGENT_IMPL_H
#define TAFL_AGENTS_AGENT_IMPL_H

#include <stdbool.h>

#include "agents/agent.h"
#include "agents/evalmodel.h"
#include "agents/evaluator.h"
#include "agents/param.h"
#include "solve/solve.h"

#define AGENT_MAX_PARAMS AGENT_MAX_ITEMS

typedef struct AgentType AgentType;

typedef struct {
    /* Chooses a move; fills agent->stats (nodes, depth, score; seconds is set by the caller). */
    Move (*choose)(Agent *agent, const GameState *s, const History *hist);
    /* Forgets all per-game state and reseeds. */
    void (*new_game)(Agent *agent, uint64_t seed);
    /* Frees the agent and everything it owns. */
    void (*destroy)(Agent *agent);
} AgentOps;

/* Every agent struct starts with this. */
struct Agent {
    const AgentOps *ops;
    const AgentType *type;
    const Rules *rules;              /* borrowed */
    double params[AGENT_MAX_PARAMS]; /* values in type->params order */
    AgentStats stats;                /* of the last choose */
    char *text[AGENT_MAX_PARAMS];    /* PARAM_TEXT values (NULL for the others); owned by agent.c,
                                        set after create, freed after destroy */
    EvalModel *model;                /* the eval= model, or NULL; owned by agent.c */
    Nnue *net;                       /* the eval= network, or NULL; owned by agent.c */
    /* The tb= endgame tables, or NULL: read-only, borrowed from the ResolvedAgent it was made
     * from (agent_create hands them to the agent: owned_tables). */
    const SolveTables *tables;
    SolveTables *owned_tables;
    double deadline; /* agent_set_deadline: a clock_seconds() time a search stops at, 0 none */
};

/* Whether the agent's deadline (if any) has passed: a search asks every so many nodes and
 * then plays the best move it has. Never set in a run, so games stay a function of the seed. */
static inline bool agent_past_deadline(const Agent *agent)
{
    return agent->deadline > 0 && clock_seconds() > agent->deadline;
}

struct AgentType {
    const char *name;
    const char *summary;
    const ParamSpec *params;
    int param_count;
    const char *memory; /* how memory is bounded, for `tafl agents` */
    /* Creates the agent from checked parameter values (type->params order). Caller owns. */
    Agent *(*create)(const Rules *r, const double *params, uint64_t seed);
    /* Optional: checks values beyond their ranges before create (text[i] is the value of a
     * PARAM_TEXT parameter, NULL for the others); ST_EINVAL with a one-line reason. */
    Status (*check)(const double *params, char *const *text, Error *err);
    /* Optional: checks that these values can play rules r (the agent is then made for them);
     * ST_EINVAL with a one-line reason. An external engine that would play r otherwise than
     * tafl-lab is refused here, before any game. */
    Status (*check_rules)(const double *params, const Rules *r, Error *err);
    /* Optional (NULL: nothing to do). The game is over with this result (WINNER_NONE when it
     * stopped without one); an agent that drives another program tells it so and stops it. */
    void (*end_game)(Agent *agent, Winner winner);
    /* Optional (NULL: none). The current game's exchange with another program. */
    const char *(*transcript)(const Agent *agent);
    bool external; /* drives another program (agent_is_external) */
    /* Optional (NULL: the agent has no eval= parameter). Index of its eval= text parameter in
     * params, and the agent's evaluator, to which agent.c gives the resolved model (none for
     * eval=hand; owned by agent.c, valid until agent_destroy returns). */
    int eval_param;
    Evaluator *(*evaluator)(Agent *agent);
    /* Whether the agent takes tb=PATH (a table file of tafl solve --tables), and the index of
     * that text parameter ("none": no tables); agent.c reads the file once when the spec is
     * resolved and sets Agent.tables. */
    bool takes_tables;
    int tables_param;
    /* Optional (NULL: none worth counting). The bytes create allocates for search tables at
     * these parameter values, for agent_spec_memory; never more than create would take. */
    uint64_t (*memory_bytes)(const Rules *r, const double *params);
    /* Optional (NULL: no default ever changed). "key=value,..." the values the parameters had
     * by default in runs of setup format 1, for those whose defaults changed since
     * (agent_spec_legacy). */
    const char *legacy_defaults;
};

/* The tb= parameter of an agent that takes endgame tables (AgentType.takes_tables). */
extern const char *const AGENT_TABLES_DEFAULT[2]; /* {"none", NULL} */
#define AGENT_TABLES_PARAM_INITIALIZER                                                             \
    {                                                                                              \
        "tb", PARAM_TEXT, 0, 0, 0, AGENT_TABLES_DEFAULT,                                           \
            "endgame tables: a table file of tafl solve --tables for these rules; a position "     \
            "they hold is an exact leaf where they say it is won or lost (none = no tables)"       \
    }

/* The tb= tables' value of s for its side to move: false when the agent has no tables, s has
 * more men than they hold, they call it a draw (exact only under some repetition rules,
 * doc/solve.md: a search goes on there), or the end would come after the game's move cap. A
 * win or a loss is exact under every repetition rule: along the winner's fastest line the
 * distance falls every ply, so no position recurs. */
bool agent_table_value(const Agent *agent, const GameState *s, SolveValue *v);

/* Fills the base part of a freshly allocated agent. */
void agent_init_base(Agent *agent, const AgentOps *ops, const AgentType *type, const Rules *r,
                     const double *params);

/* The agent types, defined in their own files. */
extern const AgentType AGENT_TYPE_RANDOM;
extern const AgentType AGENT_TYPE_GREEDY;
extern const AgentType AGENT_TYPE_MCTS;
extern const AgentType AGENT_TYPE_ALPHABETA;
extern const AgentType AGENT_TYPE_EXTERNAL;

#endif
