/* Recorded games' endgames: found by replaying each record with the rules engine and probing
 * the tables after every move, then played out in parallel. */
#include "harness/endgame.h"

#include <omp.h>
#include <string.h>

#include "rules/history.h"
#include "rules/rng.h"

/* The replay's watch over one game: the first won or lost position of the tables. */
typedef struct {
    const SolveTables *t;
    int min_distance;
    bool found;
    EndgamePosition pos;
} Watch;

static void visit(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                  const CaptureList *caps)
{
    (void)rm;
    (void)m;
    (void)caps;
    Watch *w = ctx;
    SolveValue v;
    if (w->found || ply == 0 || state_is_over(s) ||
        s->attacker_count + s->defender_count > solve_max_men(w->t) || !solve_probe(w->t, s, &v) ||
        v.outcome == SOLVE_DRAW || v.plies < w->min_distance)
        return;
    w->found = true;
    w->pos.ply = ply;
    w->pos.start = *s;
    w->pos.winner = solve_winner(s, v);
    w->pos.distance = v.plies;
}

void endgame_collect(const Rules *r, const SolveTables *t, const RecordGame *games, int count,
                     int want, int min_distance, EndgamePosition *out, EndgameScan *scan)
{
    memset(scan, 0, sizeof *scan);
    for (int g = 0; g < count && scan->taken < want; g++) {
        Watch w = {.t = t, .min_distance = min_distance};
        RecordIssue issue;
        if (!record_replay(r, &games[g], visit, &w, &issue)) {
            if (scan->unreplayable++ == 0)
                snprintf(scan->why, sizeof scan->why, "line %d, ply %d: %s", issue.line, issue.ply,
                         issue.what);
            continue;
        }
        if (!w.found) {
            scan->without++;
            continue;
        }
        w.pos.game = g;
        w.pos.number = games[g].number;
        out[scan->taken++] = w.pos;
    }
}

/* One position played out by two agents. */
static EndgameOutcome play_one(const Rules *r, const EndgamePosition *p, Agent *winner_side,
                               Agent *loser_side, int max_plies)
{
    Agent *seat[2];
    const Side won = p->winner == WINNER_ATTACKERS ? SIDE_ATTACKERS : SIDE_DEFENDERS;
    seat[won] = winner_side;
    seat[won == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS] = loser_side;
    GameState s = p->start;
    History h;
    history_init(&h);
    history_push(&h, s.hash, s.fort_hash, false, false);
    EndgameOutcome o = {WINNER_NONE, 0};
    while (!state_is_over(&s) && o.plies < max_plies) {
        Move m = agent_choose(seat[s.side], &s, &h);
        state_apply(r, &s, &h, m, NULL);
        o.plies++;
    }
    if (state_is_over(&s))
        o.result = (Winner)s.winner;
    agent_end_game(seat[0], o.result);
    agent_end_game(seat[1], o.result);
    history_free(&h);
    return o;
}

void endgame_play(const Rules *r, const EndgamePosition *pos, int n, const ResolvedAgent *winning,
                  const ResolvedAgent *losing, int max_plies, uint64_t seed, int threads,
                  EndgameOutcome *out)
{
    if (threads <= 0)
        threads = omp_get_max_threads();
#pragma omp parallel num_threads(threads)
    {
        Agent *w = agent_from_resolved(winning, seed), *l = agent_from_resolved(losing, seed);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++) {
            agent_new_game(w, rng_mix(seed, (uint64_t)(2 * i)));
            agent_new_game(l, rng_mix(seed, (uint64_t)(2 * i + 1)));
            out[i] = play_one(r, &pos[i], w, l, max_plies);
        }
        agent_destroy(w);
        agent_destroy(l);
    }
}
