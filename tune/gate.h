/* `tafl train`'s gate: the matches that decide whether a generation's candidate evaluation
 * replaces the best so far (a fixed number of pairs, a sequential test, or each half of a
 * player model on its own side), with the league's games on the same openings. */
#ifndef TAFL_TUNE_GATE_H
#define TAFL_TUNE_GATE_H

#include <stdbool.h>

#include "rules/common.h"
#include "tune/selfplay.h"

/* What a gate measured (train.csv's gate columns). */
typedef struct {
    int games;               /* gate games played */
    double score, low, high; /* the candidate's score with its 95% interval (a player model:
                                its attacking half's score as attackers) */
    double elo;              /* Elo of the candidate's gain over the best */
    /* A player model's gate (gate_player): the best's attacking score on the same openings,
     * and the candidate's defending score with its interval. */
    double attacking_base, defending_score, defending_low, defending_high;
    /* With a league: the candidate's attackers' score against the league's defenders less the
     * best's, summed over the league's evaluations, and the same of its defenders. */
    double league_attacking_gain, league_defending_gain;
    /* With gate_sprt: the test's log-likelihood ratio after the last pair played, and its
     * decision (1: H1 accepted, -1: H0 accepted, 0: gate_pairs played without a decision). */
    double llr;
    int decision;
} GateResult;

/* One gate of generation g: borrowed, valid for the call. */
typedef struct {
    const SelfplayContext *play;
    int generation;
    const char *best;    /* eval= value of the best evaluation */
    char *const *league; /* eval= values of the league (t->league_count) */
} GateSetup;

/* Candidate (eval= value cand) against the best at gate_depth: gate_pairs pairs on random
 * openings, the candidate attacking in the first game of a pair and defending in the second;
 * then the league's games on the same openings. Fills games, score, low, high, elo and the
 * league's gains. Fails as selfplay_play. */
MUST_CHECK Status gate_match(const GateSetup *s, const char *cand, GateResult *res, Error *err);

/* The sequential gate (gate_sprt): the pairs of gate_match, stopped by the generalised SPRT of
 * the candidate's pentanomial pair counts at the first pair whose LLR reaches a bound, or
 * after gate_pairs pairs; fills games, score, low, high, elo, llr and decision. The training
 * accepts only a decided H1. Fails as selfplay_play. */
MUST_CHECK Status gate_sequential(const GateSetup *s, const char *cand, GateResult *res,
                                  Error *err);

/* A player model's gate: on each of gate_pairs openings the candidate attacking the best's
 * defenders, the best against itself and the best attacking the candidate's defenders, then
 * the league's games. Fills games, score (attacking), low, high, attacking_base, the
 * defending score with its interval and the league's gains. Fails as selfplay_play. */
MUST_CHECK Status gate_player(const GateSetup *s, const char *cand, GateResult *res, Error *err);

/* The final match of a training (its headline): candidate (eval= value cand, the best
 * evaluation) against s->best (the hand-written one) at gate_depth, gate_pairs pairs on
 * random openings of their own (a stream of the seed no gate uses), the candidate attacking in
 * the first game of a pair and defending in the second. Fills games, score, low, high (95%,
 * stats_score) and elo; s->league and s->generation (progress lines only) are not played.
 * Deterministic for the seed at any thread count. Fails as selfplay_play. */
MUST_CHECK Status gate_final(const GateSetup *s, const char *cand, GateResult *res, Error *err);

/* The decision from a candidate's gain over the best and its gain against the league (0
 * without one): a gain in all, with no loss to either. */
bool gate_league_accepts(double over_best, double over_league);

/* Elo of a score s (clamped to 0.001..0.999). */
double gate_elo(double s);

#endif
