/* A knob's points read off a run's games and kept rulesets (see knob.h). */
#include "harness/knob.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/rowgame.h"

/* The knob value of ruleset rs, or ST_EINVAL naming the ruleset and why it has none. */
static Status knob_value(const Ruleset *rs, const char *knob, double *x, Error *err)
{
    if (strcmp(knob, "max_plies") == 0) {
        if (rs->max_plies <= 0) {
            error_set(err, "ruleset %s: knob max_plies: the ruleset has no move limit", rs->name);
            return ST_EINVAL;
        }
        if (rs->limit_result == LIMIT_RESULT_DRAW) {
            error_set(err,
                      "ruleset %s: knob max_plies: limit_result is draw, so the limit gives "
                      "neither side anything (set limit_result = attackers or defenders)",
                      rs->name);
            return ST_EINVAL;
        }
        *x = rs->max_plies;
        return ST_OK;
    }
    if (strcmp(knob, "handicap") == 0) {
        int attackers = 0, defenders = 0;
        Status st = ruleset_removed(rs, &attackers, &defenders, err);
        if (st != ST_OK) {
            error_prefix(err, "ruleset %s: knob handicap: ", rs->name);
            return st;
        }
        *x = attackers - defenders;
        return ST_OK;
    }
    error_set(err, "unknown knob '%s' (knobs: %s)", knob, KNOB_NAMES);
    return ST_EINVAL;
}

Status knob_points(const GameRow *rows, long count, const char *games_path, const char *knob,
                   const char *agent, KnobPoint **out, int *n, Error *err)
{
    /* Checked first, so that a misspelt knob is the error whatever the games hold. */
    Ruleset probe = *ruleset_default();
    probe.max_plies = 1;
    probe.limit_result = LIMIT_RESULT_ATTACKERS;
    double unused;
    Status st = knob_value(&probe, knob, &unused, err);
    if (st != ST_OK)
        return st;
    const char *chosen = agent;
    for (long i = 0; i < count && !chosen; i++)
        if (strcmp(rows[i].attacker, rows[i].defender) == 0)
            chosen = rows[i].attacker;
    for (long i = 0; i < count && !agent && chosen; i++) {
        if (strcmp(rows[i].attacker, rows[i].defender) == 0 &&
            strcmp(rows[i].attacker, chosen) != 0) {
            error_set(err, "%s: self-play games of %s and %s: name one with --agent", games_path,
                      chosen, rows[i].attacker);
            return ST_EINVAL;
        }
    }
    KnobPoint *pts = NULL;
    int np = 0;
    for (long i = 0; i < count && chosen && st == ST_OK; i++) {
        const GameRow *row = &rows[i];
        if (strcmp(row->attacker, row->defender) != 0 || strcmp(row->attacker, chosen) != 0)
            continue;
        int k = 0;
        while (k < np && strcmp(pts[k].rules, row->rules) != 0)
            k++;
        if (k == np) {
            Ruleset rs;
            double x;
            st = rowgame_ruleset(games_path, row->rules, &rs, err);
            if (st == ST_OK)
                st = knob_value(&rs, knob, &x, err);
            for (int j = 0; j < np && st == ST_OK; j++) {
                if (pts[j].pt.x == x) {
                    error_set(err, "rulesets %s and %s have the same %s (%g): one point each",
                              pts[j].rules, row->rules, knob, x);
                    st = ST_EINVAL;
                }
            }
            if (st != ST_OK)
                break;
            pts = xrealloc(pts, (size_t)(np + 1) * sizeof *pts);
            memset(&pts[np], 0, sizeof pts[np]);
            snprintf(pts[np].rules, sizeof pts[np].rules, "%s", row->rules);
            pts[np].pt.x = x;
            np++;
        }
        CrossingPoint *p = &pts[k].pt;
        if (row->winner == WINNER_ATTACKERS)
            p->wins++;
        else if (row->winner == WINNER_DEFENDERS)
            p->losses++;
        else
            p->draws++;
    }
    if (st == ST_OK && np == 0) {
        if (agent)
            error_set(err, "%s: no self-play games of agent %s", games_path, agent);
        else
            error_set(err, "%s: no self-play games (attacker = defender)", games_path);
        st = ST_EINVAL;
    }
    if (st != ST_OK) {
        free(pts);
        return st;
    }
    *out = pts;
    *n = np;
    return ST_OK;
}
