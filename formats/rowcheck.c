/* The consistency of one games.csv row (see rowcheck.h). */
#include "formats/rowcheck.h"

#include <stdio.h>

/* The winners each reason can have (rules/state.c's end_game calls; harness/match.c's forfeits).
 * The column external is not asked to name a forfeit's loser: a width- or SPRT-stopped run
 * (harness/sequential.c) does not fill it. */
typedef struct {
    bool attackers, defenders, draw; /* the winners this reason can have */
    const char *rule;                /* why, for the message */
} ReasonRule;

static const ReasonRule RULES[END_REASON_COUNT] = {
    [END_KING_CAPTURED] = {true, false, false, "a king's capture is won by the attackers"},
    [END_KING_ESCAPED] = {false, true, false, "an escape is won by the defenders"},
    [END_ENCIRCLED] = {true, false, false, "an encirclement is won by the attackers"},
    [END_DRAW_FORT] = {true, false, true, "a repeated fort is never won by the defenders"},
    [END_REPETITION] = {true, true, true, ""},
    [END_NO_MOVES] = {true, true, true, ""},
    /* The ply cap goes to the ruleset's limit_result: a row alone cannot say which,
     * rowcheck_limit_agrees checks it where the ruleset is known. */
    [END_MAX_PLIES] = {true, true, true, ""},
    [END_ILLEGAL_MOVE] = {true, true, false, "a forfeit is won by the other side"},
    [END_ENGINE_CRASH] = {true, true, false, "a forfeit is won by the other side"},
    [END_ENGINE_TIMEOUT] = {true, true, false, "a forfeit is won by the other side"},
};

bool rowcheck_consistent(const GameRow *row, char *why, size_t size)
{
    if (row->reason <= END_NONE || row->reason >= END_REASON_COUNT) {
        snprintf(why, size, "reason '%s' is not the end of a game", state_reason_name(row->reason));
        return false;
    }
    const ReasonRule *r = &RULES[row->reason];
    bool allowed = (row->winner == WINNER_ATTACKERS && r->attackers) ||
                   (row->winner == WINNER_DEFENDERS && r->defenders) ||
                   (row->winner == WINNER_DRAW && r->draw);
    if (!allowed) {
        snprintf(why, size, "winner '%s' with reason '%s': %s", state_winner_name(row->winner),
                 state_reason_name(row->reason), r->rule);
        return false;
    }
    return true;
}

bool rowcheck_limit_agrees(const GameRow *row, const Ruleset *rs, char *why, size_t size)
{
    if (row->reason != END_MAX_PLIES) {
        return true;
    }
    Winner want = rs->limit_result == LIMIT_RESULT_ATTACKERS   ? WINNER_ATTACKERS
                  : rs->limit_result == LIMIT_RESULT_DEFENDERS ? WINNER_DEFENDERS
                                                               : WINNER_DRAW;
    if (row->winner == want) {
        return true;
    }
    snprintf(why, size,
             "winner '%s' with reason 'max_plies': ruleset %s has limit_result = %s, the ply "
             "cap's winner",
             state_winner_name(row->winner), rs->name, ruleset_limit_result_name(rs->limit_result));
    return false;
}
