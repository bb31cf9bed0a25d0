/* Playing one game between two agents. */
#include "harness/match.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/signals.h"
#include "rules/movegen.h"
#include "rules/rng.h"

enum { STREAM_ATTACKER = 1, STREAM_DEFENDER = 2, STREAM_OPENING = 3 };

static EndReason forfeit_reason(AgentFailure failure)
{
    switch (failure) {
    case AGENT_FAILURE_ILLEGAL_MOVE:
        return END_ILLEGAL_MOVE;
    case AGENT_FAILURE_TIMEOUT:
        return END_ENGINE_TIMEOUT;
    default:
        return END_ENGINE_CRASH;
    }
}

/* The external seats' transcripts, each under a "## attacker" or "## defender" heading; NULL
 * when neither seat has one. Caller frees. */
static char *collect_transcripts(const Agent *attacker, const Agent *defender)
{
    const char *text[2] = {agent_transcript(attacker), agent_transcript(defender)};
    static const char *const heading[2] = {"## attacker\n", "## defender\n"};
    if (!text[0] && !text[1])
        return NULL;
    size_t len = 1;
    for (int i = 0; i < 2; i++)
        if (text[i])
            len += strlen(heading[i]) + strlen(text[i]);
    char *all = xmalloc(len), *q = all;
    for (int i = 0; i < 2; i++)
        if (text[i])
            q += sprintf(q, "%s%s", heading[i], text[i]);
    *q = '\0';
    return all;
}

void match_play(const Rules *r, Agent *attacker, Agent *defender, uint64_t seed, int opening_plies,
                bool record_moves, GameRecord *out)
{
    match_play_watched(r, attacker, defender, seed, opening_plies, record_moves, NULL, out);
}

void match_play_watched(const Rules *r, Agent *attacker, Agent *defender, uint64_t seed,
                        int opening_plies, bool record_moves, MatchWatch *watch, GameRecord *out)
{
    memset(out, 0, sizeof *out);
    if (watch)
        watch->stopped = false;
    out->seed = seed;
    agent_new_game(attacker, rng_mix(seed, STREAM_ATTACKER));
    agent_new_game(defender, rng_mix(seed, STREAM_DEFENDER));
    Rng opening;
    rng_seed(&opening, rng_mix(seed, STREAM_OPENING));

    GameState s;
    state_init(r, &s);
    const int start_attackers = s.attacker_count, start_defenders = s.defender_count;
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    int capacity = 0;
    Winner winner = WINNER_NONE;
    EndReason reason = END_NONE;

    while (!state_is_over(&s)) {
        if (signals_stop_requested())
            break; /* tafl is stopping: the caller drops this unfinished game (signals.h) */
        Move m;
        double score = NAN;
        if ((int)s.ply < opening_plies) {
            if (!movegen_random_in_game(r, &s, &hist, &opening, &m))
                break;
        } else {
            if (watch && !watch->keep_going(watch->ctx)) {
                watch->stopped = true;
                break;
            }
            Agent *mover = s.side == SIDE_ATTACKERS ? attacker : defender;
            double started = watch ? clock_seconds() : 0.0;
            double thread_started = clock_thread_seconds();
            m = agent_choose(mover, &s, &hist);
            out->seconds[s.side] += clock_thread_seconds() - thread_started;
            out->agent_moves[s.side]++;
            if (watch)
                watch->choose_seconds += clock_seconds() - started;
            const AgentStats *st = agent_last_stats(mover);
            out->nodes[s.side] += st->nodes;
            score = st->score;
            if (st->failure != AGENT_FAILURE_NONE) {
                winner = s.side == SIDE_ATTACKERS ? WINNER_DEFENDERS : WINNER_ATTACKERS;
                reason = forfeit_reason(st->failure);
                break;
            }
            if (watch)
                watch->moves++;
        }
        if (record_moves) {
            if (out->move_count == capacity) {
                capacity = capacity ? 2 * capacity : 128;
                out->moves = xrealloc(out->moves, (size_t)capacity * sizeof *out->moves);
                out->scores = xrealloc(out->scores, (size_t)capacity * sizeof *out->scores);
            }
            out->scores[out->move_count] = score;
            out->moves[out->move_count++] = m;
        }
        state_apply(r, &s, &hist, m, NULL);
    }
    history_free(&hist);
    if (reason == END_NONE) {
        winner = (Winner)s.winner;
        reason = (EndReason)s.reason;
    }
    out->winner = winner;
    out->reason = reason;
    agent_end_game(attacker, winner);
    agent_end_game(defender, winner);
    out->transcript = collect_transcripts(attacker, defender);
    out->plies = (int)s.ply;
    out->attackers_lost = start_attackers - s.attacker_count;
    out->defenders_lost = start_defenders - s.defender_count;
}

/* Twice the points of the side a_side in a game that ended with w. */
static int twice_points(Winner w, Winner a_side)
{
    return w == a_side ? 2 : w == WINNER_DRAW ? 1 : 0;
}

int match_pair_cell(Winner first, Winner second)
{
    return twice_points(first, WINNER_ATTACKERS) + twice_points(second, WINNER_DEFENDERS);
}

void match_record_free(GameRecord *rec)
{
    if (!rec)
        return;
    free(rec->moves);
    rec->moves = NULL;
    free(rec->scores);
    rec->scores = NULL;
    rec->move_count = 0;
    free(rec->transcript);
    rec->transcript = NULL;
}
