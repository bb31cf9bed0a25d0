/* One game between two agents, from a seed that depends only on the game's identity, and the
 * record of how it went. */
#ifndef TAFL_HARNESS_MATCH_H
#define TAFL_HARNESS_MATCH_H

#include <stdint.h>

#include "agents/agent.h"
#include "rules/state.h"

typedef struct {
    uint64_t seed; /* the game's seed */
    Winner winner; /* never WINNER_NONE once played */
    EndReason reason;
    int plies;
    int attackers_lost; /* attackers captured during the game */
    int defenders_lost; /* defenders captured (the king not counted) */
    uint64_t nodes[2];  /* search effort by side (SIDE_ATTACKERS, SIDE_DEFENDERS) */
    /* Processor time of each side's agent_choose calls (clock_thread_seconds) and how many
     * there were: for `tafl match --move-time`'s report, never for a decision or a file. */
    double seconds[2];
    long agent_moves[2];
    Move *moves;    /* every move played when recording, else NULL; owned */
    double *scores; /* when recording, each move's search score for its mover
                       (AgentStats.score), NAN for the opening's random plies; owned */
    int move_count;
    char *transcript; /* the exchanges of external agents (agent_transcript), one section per
                         such seat, or NULL when neither seat is one; owned */
} GameRecord;

/* Plays one game of r (its max_plies caps the game) from the start: first `opening_plies`
 * uniformly random plies drawn from the game seed (opening variety), then the agents in turn.
 * Each agent is restarted with its own stream derived from the seed (attacker stream 1,
 * defender stream 2, opening stream 3), so the game depends only on (rules, specs, seed).
 * An agent that fails to give a move (an external engine: AgentStats.failure) forfeits: the
 * other side wins with reason illegal_move, engine_crash or engine_timeout. At the end both
 * agents are told the result (agent_end_game). Fills *out; when record_moves is true
 * out->moves is allocated (free with match_record_free). Thread-safe for distinct agents. */
void match_play(const Rules *r, Agent *attacker, Agent *defender, uint64_t seed, int opening_plies,
                bool record_moves, GameRecord *out);

/* What a caller may watch of the games it plays through match_play_watched, over all of them
 * (the counts add up from game to game). */
typedef struct {
    /* Asked before each agent's move; false stops the game there, unfinished (winner
     * WINNER_NONE, reason END_NONE, and `stopped` set). */
    bool (*keep_going)(void *ctx);
    void *ctx;
    double choose_seconds; /* wall time spent in agent_choose: for estimates, never decisions */
    long moves;            /* agent moves made (an agent's failed move not counted) */
    bool stopped;          /* keep_going stopped the last game */
} MatchWatch;

/* match_play with a watch (NULL: exactly match_play): tafl run --cost's calibration games, cut
 * when their time share is spent. */
void match_play_watched(const Rules *r, Agent *attacker, Agent *defender, uint64_t seed,
                        int opening_plies, bool record_moves, MatchWatch *watch, GameRecord *out);

/* The pentanomial cell (0..4, stats/sprt.h) of a game pair for the agent that attacked in the
 * first game, which ended with `first`, and defended in the second, which ended with `second`:
 * twice its points (a win 2, a draw 1). Pure. */
int match_pair_cell(Winner first, Winner second);

/* Frees a record's move list. NULL-safe. */
void match_record_free(GameRecord *rec);

#endif
