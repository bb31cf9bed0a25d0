/* Elo ratings of the agents in a set of games (games.csv rows), per ruleset: overall, and as
 * attacker and as defender on one shared scale, by Bradley-Terry maximum likelihood. */
#ifndef TAFL_STUDIES_LEAGUE_H
#define TAFL_STUDIES_LEAGUE_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/results.h"
#include "rules/common.h"

/* The ratings of one agent in one ruleset. Elo values are NaN when that model could not rate
 * the agent (see LeagueRating.overall_linked / sides_linked). */
typedef struct {
    char rules[64];
    char agent[64];
    long games;            /* games against other agents (self-play is not counted) */
    double score;          /* points per game in those games (win 1, draw 1/2); NaN if none */
    double elo, low, high; /* overall Elo with its 95% interval; mean 0 over the ruleset */
    long attacker_games;   /* games as attacker, self-play included */
    double attacker_elo, attacker_low, attacker_high;
    long defender_games; /* games as defender, self-play included */
    double defender_elo, defender_low, defender_high;
    bool prior;      /* the overall fit needed BayesElo's virtual draws (ratings_bradley_terry) */
    bool side_prior; /* the attacker/defender fit needed them */
    bool overall_linked; /* the ruleset's games link every agent (else no overall Elo) */
    bool sides_linked;   /* they link every agent-as-attacker and agent-as-defender */
    bool balanced;       /* every two agents played each other equally often on each side */
} LeagueRating;

/* Rates the agents of rows, one ruleset at a time (rulesets in order of first appearance).
 *
 * Overall: one player per agent; a game of A attacking B counts as A against B, scored from
 * the attackers' result (win 1, draw 1/2); self-play is left out. With a round-robin played
 * on both sides (balanced) the side advantage cancels; otherwise it leaks into the ratings.
 * By side: two players per agent, A-as-attacker and A-as-defender; a game of A attacking B is
 * A-as-attacker against B-as-defender, self-play included. Both sides share one scale: the
 * expected score of A attacking B is 1 / (1 + 10^(-(att_A - def_B) / 400)), and the mean over
 * every side player is 0, so attackers rated above defenders means the rules favour attackers.
 *
 * A model whose games do not link all its players into one comparison graph rates none of
 * them (its Elo fields are NaN and *_linked is false). Within a ruleset agents come sorted by
 * overall Elo, highest first (unrated last), ties by name; every field is a pure function of
 * the rows. Caller frees *out. ST_EINVAL when there are no rows. Thread-safe. */
MUST_CHECK Status league_rate(const GameRow *rows, long count, LeagueRating **out, long *n,
                              Error *err);

/* Writes ratings.csv (header `rules,agent,games,score,elo,elo_low,elo_high,attacker_games,
 * attacker_elo,attacker_elo_low,attacker_elo_high,defender_games,defender_elo,defender_elo_low,
 * defender_elo_high,prior`), unrated values empty. Written to path.tmp and renamed. ST_EIO
 * naming the file. */
MUST_CHECK Status league_write_csv(const char *path, const LeagueRating *r, long n, Error *err);

/* Prints the ratings as a table, one line per agent, with a note under each ruleset whose
 * schedule is unbalanced or whose games do not link every player. */
void league_print(FILE *out, const LeagueRating *r, long n);

#endif
