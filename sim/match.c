/* Playing one game between two agents. */
#include "sim/match.h"

#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/rng.h"

enum { STREAM_ATTACKER = 1, STREAM_DEFENDER = 2, STREAM_OPENING = 3 };

void match_play(const Rules *r, Agent *attacker, Agent *defender, uint64_t seed, int opening_plies,
                bool record_moves, GameRecord *out)
{
    memset(out, 0, sizeof *out);
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

    while (!state_is_over(&s)) {
        Move m;
        if ((int)s.ply < opening_plies) {
            if (!movegen_random(r, &s, &opening, &m))
                break;
        } else {
            Agent *mover = s.side == SIDE_ATTACKERS ? attacker : defender;
            m = agent_choose(mover, &s, &hist);
            out->nodes[s.side] += agent_last_stats(mover)->nodes;
        }
        if (record_moves) {
            if (out->move_count == capacity) {
                capacity = capacity ? 2 * capacity : 128;
                out->moves = xrealloc(out->moves, (size_t)capacity * sizeof *out->moves);
            }
            out->moves[out->move_count++] = m;
        }
        state_apply(r, &s, &hist, m, NULL);
    }
    history_free(&hist);
    out->winner = (Winner)s.winner;
    out->reason = (EndReason)s.reason;
    out->plies = (int)s.ply;
    out->attackers_lost = start_attackers - s.attacker_count;
    out->defenders_lost = start_defenders - s.defender_count;
}

void match_record_free(GameRecord *rec)
{
    if (!rec)
        return;
    free(rec->moves);
    rec->moves = NULL;
    rec->move_count = 0;
}
