/* Sequential probability ratio tests on match results: the generalised SPRT with normalised
 * Elo on pentanomial pair counts (and trinomial game counts), its bounds and its CLI form. */
#ifndef TAFL_STATS_SPRT_H
#define TAFL_STATS_SPRT_H

#include "rules/common.h"

/* H0: normalised Elo = elo0 against H1: normalised Elo = elo1 (elo0 < elo1), with false
 * positive rate alpha and false negative rate beta, both in (0, 0.5). */
typedef struct {
    double elo0, elo1;  /* normalised Elo (Van den Bergh), not logistic Elo */
    double alpha, beta; /* error probabilities */
} SprtParams;

/* Wald's stopping bounds on the LLR: lower = log(beta / (1 - alpha)),
 * upper = log((1 - beta) / alpha). Pure; thread-safe. */
void sprt_bounds(const SprtParams *p, double *lower, double *upper);

/* Log-likelihood ratio of H1 against H0 from pentanomial counts of game pairs (the same
 * opening played with both colours) by pair score: counts[0..4] = pairs scoring 0, 1/2, 1,
 * 3/2, 2 (LL, LD, WL+DD, WD, WW). Empty cells count as 1e-3 pairs, as fastchess and OpenBench
 * do, so that the LLR is finite; all zero gives 0. Counts must be >= 0. Pure; thread-safe. */
double sprt_llr_pentanomial(const SprtParams *p, const long counts[5]);

/* The same for unpaired games: counts[0..2] = losses, draws, wins. Pure; thread-safe. */
double sprt_llr_trinomial(const SprtParams *p, const long counts[3]);

/* The logistic Elo of the first player of each pair and its 95% interval, from pentanomial
 * counts as above: s = the mean per-game score over pairs (pair score / 2), its standard
 * error sqrt(var / N) with var the variance of the N pair scores / 2 (pairs are the
 * independent units, so correlation within a pair is accounted for, as in fastchess's
 * pentanomial Elo), and the Elo of s and of s -+ 1.959964 * se, clipped to [0, 1] (so an
 * end may be -+INFINITY). No pairs: NaN. Pure; thread-safe. */
void sprt_elo_pentanomial(const long counts[5], double *elo, double *low, double *high);

/* +1 when llr >= upper bound (accept H1), -1 when llr <= lower bound (accept H0), else 0
 * (continue). Pure; thread-safe. */
int sprt_decision(const SprtParams *p, double llr);

/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05" into *out: comma-separated keys in any order,
 * elo0 and elo1 required, alpha and beta default to 0.05. Fails with ST_EPARSE on an unknown,
 * repeated or valueless key or a malformed number, and ST_EINVAL when elo0 >= elo1 or alpha
 * or beta is outside (0, 0.5); err names the key. *out is unchanged on failure. Thread-safe. */
MUST_CHECK Status sprt_parse(const char *text, SprtParams *out, Error *err);

#endif
