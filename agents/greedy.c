/* The greedy agent: one ply of look-ahead. It takes a winning move; else it avoids moves that
 * let the opponent win at once (when another move exists); else it plays the move whose
 * position evaluates best. Ties are broken with the seeded stream. */
#include <assert.h>
#include <stdlib.h>

#include "agents/agent_impl.h"
#include "agents/eval.h"
#include "agents/evaluator.h"
#include "rules/movegen.h"

typedef struct {
    Agent base;
    Evaluator eval;
    Rng rng;
    History scratch; /* the game's history plus the move being tried */
    Move moves[RULES_MAX_MOVES];
    Move replies[RULES_MAX_MOVES];
    double scores[RULES_MAX_MOVES];
    int wins[RULES_MAX_MOVES]; /* indices of moves that win at once */
    int safe[RULES_MAX_MOVES]; /* indices of moves after which the opponent cannot win at once */
    int all[RULES_MAX_MOVES];  /* 0..n-1 */
} GreedyAgent;

static Winner winner_of(Side side)
{
    return side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
}

/* Does the side to move in s have a move that wins at once? */
static bool has_winning_reply(GreedyAgent *a, const GameState *s, uint64_t *nodes)
{
    const Rules *r = a->base.rules;
    int n = movegen_legal_in_game(r, s, &a->scratch, a->replies);
    int mark = a->scratch.length;
    Winner mine = winner_of((Side)s->side);
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &a->scratch, a->replies[i], NULL);
        history_truncate(&a->scratch, mark);
        ++*nodes;
        if (child.winner == mine)
            return true;
    }
    return false;
}

/* Index of one of the candidates with the highest score, chosen by the stream among ties. */
static int pick_best(GreedyAgent *a, const int *candidates, int count)
{
    double best = a->scores[candidates[0]];
    int ties = 0;
    for (int i = 0; i < count; i++) {
        double v = a->scores[candidates[i]];
        if (v > best) {
            best = v;
            ties = 0;
        }
        if (v == best)
            ties++;
    }
    int chosen = (int)rng_below(&a->rng, (uint32_t)ties);
    for (int i = 0; i < count; i++)
        if (a->scores[candidates[i]] == best && chosen-- == 0)
            return candidates[i];
    return candidates[0];
}

static Move greedy_choose(Agent *agent, const GameState *s, const History *hist)
{
    GreedyAgent *a = (GreedyAgent *)agent;
    const Rules *r = agent->rules;
    evaluator_play(&a->eval, (Side)s->side); /* one ply: no values kept from move to move */
    history_clear(&a->scratch);
    if (hist)
        for (int i = 0; i < hist->length; i++) {
            const HistoryEntry *e = &hist->entries[i];
            history_push(&a->scratch, e->hash, e->fort_hash, e->after_capture,
                         e->after_defender_move);
        }
    if (a->scratch.length == 0)
        history_push(&a->scratch, s->hash, s->fort_hash, false, false);

    int n = movegen_legal_in_game(r, s, &a->scratch, a->moves);
    assert(n > 0);
    Winner mine = winner_of((Side)s->side);
    int mark = a->scratch.length;
    uint64_t nodes = 0;
    int *wins = a->wins, *safe = a->safe, *all = a->all;
    int nwins = 0, nsafe = 0;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &a->scratch, a->moves[i], NULL);
        nodes++;
        all[i] = i;
        if (child.winner == mine) {
            a->scores[i] = AGENT_WIN_SCORE;
            wins[nwins++] = i;
        } else if (state_is_over(&child)) {
            /* A draw, or a loss the move brings on itself (repetition). */
            a->scores[i] = child.winner == WINNER_DRAW ? 0 : -AGENT_WIN_SCORE;
        } else {
            a->scores[i] = -evaluator_value(r, &child, &a->eval);
            if (!has_winning_reply(a, &child, &nodes))
                safe[nsafe++] = i;
        }
        history_truncate(&a->scratch, mark);
    }
    int chosen;
    if (nwins > 0) {
        chosen = wins[rng_below(&a->rng, (uint32_t)nwins)];
        agent->stats.score = AGENT_WIN_SCORE - 1;
    } else {
        chosen = nsafe > 0 ? pick_best(a, safe, nsafe) : pick_best(a, all, n);
        agent->stats.score = a->scores[chosen];
    }
    agent->stats.nodes = nodes;
    agent->stats.depth = 1;
    return a->moves[chosen];
}

static void greedy_new_game(Agent *agent, uint64_t seed)
{
    rng_seed(&((GreedyAgent *)agent)->rng, seed);
}

static void greedy_destroy(Agent *agent)
{
    GreedyAgent *a = (GreedyAgent *)agent;
    history_free(&a->scratch);
    free(a);
}

static const AgentOps GREEDY_OPS = {greedy_choose, greedy_new_game, greedy_destroy};

static Agent *greedy_create(const Rules *r, const double *params, uint64_t seed)
{
    GreedyAgent *a = xcalloc(1, sizeof *a);
    agent_init_base(&a->base, &GREEDY_OPS, &AGENT_TYPE_GREEDY, r, params);
    evaluator_init(&a->eval, params);
    history_init(&a->scratch);
    rng_seed(&a->rng, seed);
    return &a->base;
}

static Evaluator *greedy_evaluator(Agent *agent)
{
    return &((GreedyAgent *)agent)->eval;
}

static const ParamSpec GREEDY_PARAMS[] = {EVAL_PARAM_INITIALIZERS, EVALUATOR_PARAM_INITIALIZER};
#define GREEDY_PARAM_COUNT ((int)(sizeof GREEDY_PARAMS / sizeof GREEDY_PARAMS[0]))

const AgentType AGENT_TYPE_GREEDY = {
    .name = "greedy",
    .summary = "one ply: wins at once, avoids moves that lose at once, else best evaluation",
    .params = GREEDY_PARAMS,
    .param_count = GREEDY_PARAM_COUNT,
    .memory = "about 24 bytes per legal move plus the game's history",
    .create = greedy_create,
    .eval_param = EVAL_PARAM_COUNT,
    .evaluator = greedy_evaluator,
};
