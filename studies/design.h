/* Design searches (experiment kind = design), what the study writes: the race replayed from a
 * run's games.csv (harness/race.h), design.csv, its figure and a short table. */
#ifndef TAFL_STUDIES_DESIGN_H
#define TAFL_STUDIES_DESIGN_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/experiment.h"
#include "formats/results.h"
#include "harness/race.h"
#include "rules/ruleset.h"
#include "stats/crossing.h"

/* Replays a search from the rows of its games.csv, in game order, into *s (initialised
 * here): the race's eliminations come out as they did when the games were played. Rows of
 * rulesets or agents the experiment does not have are ST_EINVAL naming the row. */
MUST_CHECK Status design_replay(const Experiment *exp, const GameRow *rows, long count,
                                DesignState *s, Error *err);

/* The changes of ruleset i of exp from its base (rulesets[0]): "key=value key=value" for
 * every option that differs ("base" for the base itself), into buf. Pure. */
void design_changes(const Experiment *exp, int i, char *buf, size_t size);

/* The number of candidates of the move-limit knob: those that differ from the base only in a
 * max_plies > 0 with a limit_result other than draw (a [sweep]'s knob_limits). */
int design_knob_points(const Experiment *exp, const DesignState *s);

/* The move-limit knob of a search: the knob's candidates (design_knob_points) with race
 * games fitted by crossing_fit (logistic in the limit, Fieller's 95% interval of the limit
 * where the score is 1/2) into *out, the side the limit favours into *side, the candidates
 * left out for having no games counted in *skipped. False with one line in why when fewer than
 * two such candidates played, two give the limit to different sides, or the fit fails. */
bool design_knob(const Experiment *exp, const DesignState *s, CrossingResult *out,
                 LimitResult *side, int *skipped, Error *why);

/* Writes DIR/design.csv (header `candidate,changes,games,attacker_wins,draws,defender_wins,
 * score,score_low,score_high,distance,distance_low,distance_high,round_eliminated,p_holm,
 * confirm_games,confirm_score,confirm_low,confirm_high,confirm_distance,confirm_distance_low,
 * confirm_distance_high,verdict`, one row per candidate, ranked: survivors first by the distance
 * of their strongest agent's score, then the dropped by the round that dropped them, latest
 * first, then distance), and the figure DIR/design.gp, design.png and design.svg (candidates
 * ranked with 95% intervals of the score, 1/2 and the margin band); with a knob (design_knob),
 * DIR/knob.csv (`limit,games,attacker_wins,draws,defender_wins,score,score_low,score_high,
 * fitted`), DIR/crossing.csv (`limit_result,verdict,limit,limit_low,limit_high,isotonic,a,b`)
 * and the figure DIR/knob.gp, knob.png and knob.svg (score against the limit, the logistic fit
 * and the crossing with its interval); *plotted false when gnuplot is missing. ST_EIO naming the
 * file on failure. */
MUST_CHECK Status design_write(const Experiment *exp, const DesignState *s, const char *dir,
                               bool *plotted, Error *err);

/* The short table for people: why the race ended, each survivor with its score, interval,
 * distance and verdict, whether the confirming agent keeps the race's order, and the dropped
 * counted by round. */
void design_print(FILE *out, const Experiment *exp, const DesignState *s);

#endif
