/* `tafl train`'s gate: a generation's candidate against the best so far on random openings at
 * gate_depth, by a fixed number of pairs, by a sequential test, or for a player model each half
 * on its own side; a league's evaluations play both on the same openings. */
#include "tune/gate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/alphabeta.h"
#include "rules/rng.h"
#include "stats/sprt.h"
#include "stats/stats.h"

double gate_elo(double s)
{
    s = s < 0.001 ? 0.001 : s > 0.999 ? 0.999 : s;
    return s == 0.5 ? 0.0 : -400.0 * log10(1.0 / s - 1.0);
}

/* The attackers' wins, draws and defenders' wins of one kind of gate game. */
typedef struct {
    long attackers, draws, defenders;
} GateTally;

/* The most kinds of gate game on one opening: a player model's three, and four for each of the
 * league's evaluations. */
#define GATE_KINDS_MAX (3 + 4 * TRAINFILE_LEAGUE_MAX)

/* The games of one gate on each opening: game j's attackers read eval= value att[j], its
 * defenders def[j]. */
typedef struct {
    int kinds;
    const char *att[GATE_KINDS_MAX], *def[GATE_KINDS_MAX];
} GatePlan;

static void gate_plan_add(GatePlan *p, const char *att, const char *def)
{
    p->att[p->kinds] = att;
    p->def[p->kinds++] = def;
}

/* The league's games, after the plan's own: for each league evaluation L, the candidate
 * attacking L, the best attacking L, L attacking the candidate and L attacking the best. */
static void gate_plan_league(const GateSetup *s, GatePlan *p, const char *cand)
{
    for (int i = 0; i < s->play->t->league_count; i++) {
        gate_plan_add(p, cand, s->league[i]);
        gate_plan_add(p, s->best, s->league[i]);
        gate_plan_add(p, s->league[i], cand);
        gate_plan_add(p, s->league[i], s->best);
    }
}

/* The attackers' score of one kind of gate game. */
static double tally_attackers(const GateTally *k)
{
    ScoreEstimate e;
    stats_score(k->attackers, k->draws, k->defenders, STATS_Z95, &e);
    return e.score;
}

/* The candidate's gain over the best against the league (tally[first...]: the games of
 * gate_plan_league), summed over its evaluations, as attackers and as defenders. */
static void league_gains(const GateSetup *s, const GateTally *tally, int first, GateResult *res)
{
    res->league_attacking_gain = res->league_defending_gain = 0.0;
    for (int i = 0; i < s->play->t->league_count; i++) {
        const GateTally *k = &tally[first + 4 * i];
        res->league_attacking_gain += tally_attackers(&k[0]) - tally_attackers(&k[1]);
        res->league_defending_gain += tally_attackers(&k[3]) - tally_attackers(&k[2]);
    }
}

/* Gate game spec: eval= value att attacking def at gate_depth, on opening `opening` of
 * generation g's gate (the same opening for the fixed gate and the sequential one). */
static void gate_spec(const TrainFile *t, int g, int opening, const char *att, const char *def,
                      GameSpec *spec)
{
    snprintf(spec->attacker, sizeof spec->attacker,
             "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",eval=%s", t->gate_depth, att);
    snprintf(spec->defender, sizeof spec->defender,
             "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",eval=%s", t->gate_depth, def);
    spec->seed = rng_mix(rng_mix(rng_mix(t->seed, (uint64_t)g), 0x6a7e), (uint64_t)opening);
}

/* Plays the gate's games at gate_depth on each of gate_pairs random openings: the candidate
 * (eval= value cand) attacking the best, with `player` the best against itself, the best
 * attacking the candidate, then the league's games (gate_plan_league). tally[j] counts the
 * results of the games of kind j, res->games all the games; the league's gains go into
 * res. */
static Status play_gate(const GateSetup *s, const char *cand, bool player, GateTally *tally,
                        GateResult *res, Error *err)
{
    const TrainFile *t = s->play->t;
    const int g = s->generation;
    const char *best = s->best;
    GatePlan storage = {0}, *plan = &storage;
    gate_plan_add(plan, cand, best);
    if (player)
        gate_plan_add(plan, best, best);
    gate_plan_add(plan, best, cand);
    const int own = plan->kinds;
    gate_plan_league(s, plan, cand);
    const int per_opening = plan->kinds;
    int n = per_opening * t->gate_pairs;
    GameSpec *specs = xcalloc((size_t)n, sizeof *specs);
    for (int i = 0; i < n; i++) /* the kinds of one opening share it */
        gate_spec(t, g, i / per_opening, plan->att[i % per_opening], plan->def[i % per_opening],
                  &specs[i]);
    GameRecord *recs = xcalloc((size_t)n, sizeof *recs);
    Status st = selfplay_play(s->play, g, "gate", specs, n, recs, err);
    memset(tally, 0, (size_t)per_opening * sizeof *tally);
    for (int i = 0; i < n && st == ST_OK; i++) {
        GateTally *k = &tally[i % per_opening];
        k->attackers += recs[i].winner == WINNER_ATTACKERS;
        k->defenders += recs[i].winner == WINNER_DEFENDERS;
        k->draws += recs[i].winner != WINNER_ATTACKERS && recs[i].winner != WINNER_DEFENDERS;
    }
    for (int i = 0; i < n; i++)
        match_record_free(&recs[i]);
    free(recs);
    free(specs);
    res->games = n;
    league_gains(s, tally, own, res);
    return st;
}

/* The candidate's score with its interval, and the Elo difference it reads as. */
static void set_score(GateResult *res, const ScoreEstimate *e)
{
    res->score = e->score;
    res->low = e->low;
    res->high = e->high;
    res->elo = gate_elo(e->score);
}

/* Candidate (eval= value cand) against the best: gate_pairs pairs, the candidate attacking in
 * the first game of a pair and defending in the second, on the same random opening; then the
 * league's games on the same openings. */
Status gate_match(const GateSetup *s, const char *cand, GateResult *res, Error *err)
{
    GateTally k[GATE_KINDS_MAX];
    Status st = play_gate(s, cand, false, k, res, err);
    ScoreEstimate e;
    stats_score(k[0].attackers + k[1].defenders, k[0].draws + k[1].draws,
                k[0].defenders + k[1].attackers, STATS_Z95, &e);
    set_score(res, &e);
    return st;
}

/* The stream of the final match's openings, apart from every generation's gates ("final"). */
#define GATE_FINAL_STREAM 0x66696e616cULL

Status gate_final(const GateSetup *s, const char *cand, GateResult *res, Error *err)
{
    const TrainFile *t = s->play->t;
    const int n = 2 * t->gate_pairs;
    GameSpec *specs = xcalloc((size_t)n, sizeof *specs);
    for (int i = 0; i < n; i++) { /* the candidate attacks, then defends, on one opening */
        gate_spec(t, s->generation, i / 2, i % 2 ? s->best : cand, i % 2 ? cand : s->best,
                  &specs[i]);
        specs[i].seed = rng_mix(rng_mix(t->seed, GATE_FINAL_STREAM), (uint64_t)(i / 2));
    }
    GameRecord *recs = xcalloc((size_t)n, sizeof *recs);
    Status st = selfplay_play(s->play, s->generation, "final match", specs, n, recs, err);
    GateTally k = {0};
    for (int i = 0; i < n && st == ST_OK; i++) {
        Winner w = recs[i].winner;
        bool cand_attacks = i % 2 == 0;
        if (w == WINNER_ATTACKERS || w == WINNER_DEFENDERS) {
            bool cand_won = (w == WINNER_ATTACKERS) == cand_attacks;
            k.attackers += cand_won; /* here: the candidate's wins and losses */
            k.defenders += !cand_won;
        } else {
            k.draws++;
        }
    }
    for (int i = 0; i < n; i++)
        match_record_free(&recs[i]);
    free(recs);
    free(specs);
    ScoreEstimate e;
    stats_score(k.attackers, k.draws, k.defenders, STATS_Z95, &e);
    memset(res, 0, sizeof *res);
    res->games = n;
    set_score(res, &e);
    return st;
}

/* Pairs of the sequential gate played at once: the games after the deciding pair are
 * dropped, so the decision, the games counted and the files are the same for any value. */
#define SPRT_ROUND_PAIRS 16

/* The sequential gate (gate_sprt): pairs on the fixed gate's openings, the candidate attacking
 * the best then the best attacking the candidate, played SPRT_ROUND_PAIRS at a time; after
 * each pair, in pair order, the generalised SPRT of the candidate's pentanomial pair counts
 * (stats/sprt.h, as `tafl match --sprt`) stops at the first pair whose LLR reaches a bound,
 * or after gate_pairs pairs. The score, interval and games are those of the pairs up to
 * there; the training accepts only when the test accepts H1 (Leela Zero's and TaflZero's
 * gates promote a network only on a decided test: a cap reached without one is a refusal). */
Status gate_sequential(const GateSetup *s, const char *cand, GateResult *res, Error *err)
{
    const TrainFile *t = s->play->t;
    const int g = s->generation;
    const char *best = s->best;
    GameSpec *specs = xcalloc(2 * SPRT_ROUND_PAIRS, sizeof *specs);
    GameRecord *recs = xcalloc(2 * SPRT_ROUND_PAIRS, sizeof *recs);
    GateTally k = {0};
    long penta[5] = {0};
    int pairs = 0, decision = 0;
    double llr = 0.0;
    Status st = ST_OK;
    while (st == ST_OK && decision == 0 && pairs < t->gate_pairs) {
        int round =
            t->gate_pairs - pairs < SPRT_ROUND_PAIRS ? t->gate_pairs - pairs : SPRT_ROUND_PAIRS;
        memset(specs, 0, 2 * SPRT_ROUND_PAIRS * sizeof *specs);
        memset(recs, 0, 2 * SPRT_ROUND_PAIRS * sizeof *recs);
        for (int i = 0; i < 2 * round; i++) /* the candidate attacks, then defends */
            gate_spec(t, g, pairs + i / 2, i % 2 ? best : cand, i % 2 ? cand : best, &specs[i]);
        char phase[96];
        snprintf(phase, sizeof phase, "gate (SPRT, pairs %d-%d of at most %d, LLR %.2f) games",
                 pairs + 1, pairs + round, t->gate_pairs, llr);
        st = selfplay_play(s->play, g, phase, specs, 2 * round, recs, err);
        for (int p = 0; p < round && st == ST_OK && decision == 0; p++) {
            const GameRecord *a = &recs[2 * p], *d = &recs[2 * p + 1];
            penta[match_pair_cell(a->winner, d->winner)]++;
            k.attackers += (a->winner == WINNER_ATTACKERS) + (d->winner == WINNER_DEFENDERS);
            k.defenders += (a->winner == WINNER_DEFENDERS) + (d->winner == WINNER_ATTACKERS);
            pairs++;
            llr = sprt_llr_pentanomial(&t->sprt, penta);
            decision = sprt_decision(&t->sprt, llr);
        }
        for (int i = 0; i < 2 * round; i++)
            match_record_free(&recs[i]);
    }
    free(recs);
    free(specs);
    k.draws = 2L * pairs - k.attackers - k.defenders;
    ScoreEstimate e;
    stats_score(k.attackers, k.draws, k.defenders, STATS_Z95, &e);
    res->games = 2 * pairs;
    set_score(res, &e);
    res->llr = llr;
    res->decision = decision;
    return st;
}

/* A player model's gate: on each of gate_pairs openings three games at gate_depth, the
 * candidate attacking the best's defenders, the best against itself, and the best attacking the
 * candidate's defenders. Each half is judged by its own side's games against the best's score on
 * the same openings (the middle games): the training accepts the candidate's attacking half
 * when its attackers score more than the best's, its defending half when its defenders do. A
 * gate scored over both sides stops seeing one side's play once both evaluations win every game
 * on the other (doc/training.md); these games keep each side's own record. */
Status gate_player(const GateSetup *s, const char *cand, GateResult *res, Error *err)
{
    GateTally k[GATE_KINDS_MAX];
    Status st = play_gate(s, cand, true, k, res, err);
    ScoreEstimate attacking, base, defending;
    stats_score(k[0].attackers, k[0].draws, k[0].defenders, STATS_Z95, &attacking);
    stats_score(k[1].attackers, k[1].draws, k[1].defenders, STATS_Z95, &base);
    stats_score(k[2].defenders, k[2].draws, k[2].attackers, STATS_Z95, &defending);
    set_score(res, &attacking);
    res->attacking_base = base.score;
    res->defending_score = defending.score;
    res->defending_low = defending.low;
    res->defending_high = defending.high;
    return st;
}
/* A gain in all, with no loss to either. Scores are sums of halves over the same number of
 * games, so a tie must not round into a gain or a loss. A rule that let the gain over the best
 * outweigh a loss against the league drifted: results/train-copenhagen-league took an
 * attacking half that beat the best's defenders and lost 0.075 to the hand-written ones, then
 * one that beat that half, and ended attacking the hand-written defenders at 0.035 where the
 * file it went on from scored 0.198. */
bool gate_league_accepts(double over_best, double over_league)
{
    return over_best > -1e-9 && over_league > -1e-9 && over_best + over_league > 1e-9;
}
