/* The design search's state machine: the race over the candidates and the confirmation, shared
 * by the runner, which stops on it, and the replay (see race.h). */
#include "harness/race.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/ruleset.h"
#include "stats/balance.h"

int design_phase_pairing(DesignPhase phase)
{
    return phase == DESIGN_CONFIRM ? 1 : 0;
}

/* The race's round size and its last game per candidate. */
static long round_size(const Experiment *exp)
{
    return exp->check_every > 0 ? exp->check_every : 100;
}

static long confirm_count(const Experiment *exp)
{
    return exp->confirm_games > 0 ? exp->confirm_games : exp->games;
}

bool design_is_knob_point(const Experiment *exp, int i)
{
    const Ruleset *base = &exp->rulesets[0], *r = &exp->rulesets[i];
    if (i == 0 || r->max_plies < 1 || r->limit_result == LIMIT_RESULT_DRAW)
        return false;
    Ruleset x = *r;
    x.max_plies = base->max_plies;
    x.limit_result = base->limit_result;
    memcpy(x.name, base->name, sizeof x.name);
    char a[4096], b[4096];
    ruleset_format(base, a, sizeof a);
    ruleset_format(&x, b, sizeof b);
    return strcmp(a, b) == 0;
}

void design_state_init(DesignState *s, const Experiment *exp)
{
    memset(s, 0, sizeof *s);
    s->n = exp->ruleset_count;
    size_t n = (size_t)(s->n > 0 ? s->n : 1);
    s->race = xcalloc(n, sizeof *s->race);
    s->confirm = xcalloc(n, sizeof *s->confirm);
    s->alive = xmalloc(n * sizeof *s->alive);
    s->dropped = xcalloc(n, sizeof *s->dropped);
    s->p_holm = xmalloc(n * sizeof *s->p_holm);
    s->knob = xmalloc(n * sizeof *s->knob);
    for (int i = 0; i < s->n; i++) {
        s->alive[i] = true;
        s->p_holm[i] = NAN;
        s->knob[i] = design_is_knob_point(exp, i);
    }
    s->best = -1;
    s->best_knob = -1;
    s->phase = DESIGN_RACE;
    s->from = 0;
    s->to = round_size(exp) < exp->games ? round_size(exp) : exp->games;
}

void design_state_free(DesignState *s)
{
    if (s == NULL)
        return;
    free(s->race);
    free(s->confirm);
    free(s->alive);
    free(s->dropped);
    free(s->p_holm);
    free(s->knob);
    memset(s, 0, sizeof *s);
}

void design_state_add(DesignState *s, int rules, int pairing, Winner winner)
{
    long *wdl = pairing == 0 ? s->race[rules] : s->confirm[rules];
    wdl[winner == WINNER_ATTACKERS ? 0 : winner == WINNER_DRAW ? 1 : 2]++;
    if (pairing == 0)
        s->race_games++;
}

bool design_state_plays(const DesignState *s, int rules, int pairing)
{
    return s->phase != DESIGN_DONE && s->alive[rules] && pairing == design_phase_pairing(s->phase);
}

void design_state_next(DesignState *s, const Experiment *exp)
{
    if (s->phase == DESIGN_CONFIRM || s->phase == DESIGN_DONE) {
        s->phase = DESIGN_DONE;
        return;
    }
    s->rounds++;
    size_t n = (size_t)(s->n > 0 ? s->n : 1);
    double *p = xmalloc(n * sizeof *p);
    bool *in = xmalloc(n * sizeof *in);
    int alive = 0, left[2] = {0, 0};
    /* Group 0: the rule changes (the base among them); group 1: the knob's limits. */
    for (int group = 0; group < 2; group++) {
        for (int i = 0; i < s->n; i++)
            in[i] = s->alive[i] && (int)s->knob[i] == group;
        balance_race_step((const long(*)[3])s->race, in, s->n, DESIGN_ALPHA,
                          group == 0 ? &s->best : &s->best_knob, p);
        for (int i = 0; i < s->n; i++) {
            if ((int)s->knob[i] != group)
                continue;
            s->alive[i] = in[i];
            if (!isnan(p[i]))
                s->p_holm[i] = p[i];
            if (!s->alive[i] && s->dropped[i] == 0)
                s->dropped[i] = s->rounds;
            left[group] += s->alive[i];
        }
    }
    alive = left[0] + left[1];
    free(in);
    free(p);
    long step = round_size(exp), next = s->to + step < exp->games ? s->to + step : exp->games;
    if (left[0] <= 1 && left[1] <= 1)
        s->end = DESIGN_END_ONE;
    else if (s->to >= exp->games)
        s->end = DESIGN_END_ROUNDS;
    else if (exp->budget > 0 && s->race_games + alive * (next - s->to) > exp->budget)
        s->end = DESIGN_END_BUDGET;
    if (s->end == DESIGN_END_NONE) {
        s->from = s->to;
        s->to = next;
    } else if (exp->pairing_count >= 2) {
        s->phase = DESIGN_CONFIRM;
        s->from = 0;
        s->to = confirm_count(exp);
    } else {
        s->phase = DESIGN_DONE;
    }
}

Status design_check(const Experiment *exp, Error *err)
{
    const char *why = NULL;
    if (exp->kind != EXPERIMENT_DESIGN)
        why = "not a design (kind = design)";
    else if (exp->ruleset_count < 2)
        why = "a design search needs two rulesets at least (a [sweep] makes them)";
    else if (exp->pairing_count < 1 || exp->pairing_count > 2 ||
             exp->agent_count != exp->pairing_count)
        why = "a design search needs one agent (the race's) or two (the race's, then the "
              "stronger one that confirms the survivors), each playing itself: no [matchups]";
    for (int i = 0; !why && i < exp->pairing_count; i++)
        if (exp->pairings[i].attacker != i || exp->pairings[i].defender != i)
            why = "a design search needs one agent (the race's) or two (the race's, then the "
                  "stronger one that confirms the survivors), each playing itself: no [matchups]";
    if (why) {
        error_set(err, "%s: %s", exp->path[0] ? exp->path : exp->name, why);
        return ST_EINVAL;
    }
    return ST_OK;
}
