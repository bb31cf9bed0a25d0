/* A compensation knob read off a run: the games of each ruleset of a run,
 * tallied from the attackers' side, at the value of a knob its kept ruleset has (the move
 * limit max_plies, say), ready for stats/crossing.h. */
#ifndef TAFL_STUDIES_KNOB_H
#define TAFL_STUDIES_KNOB_H

#include <stdbool.h>
#include <stddef.h>

#include "formats/results.h"
#include "stats/crossing.h"

/* The knobs: "max_plies" (the ruleset's cap as played; its limit_result must not be draw, or
 * the cap moves no result) and "handicap" (the pieces the ruleset's `remove` takes off the
 * start: attackers taken off minus defenders taken off, so 1 is one attacker fewer, -1 one
 * defender fewer, 0 none). */
#define KNOB_NAMES "max_plies, handicap"

/* One ruleset's tally at its knob value. */
typedef struct {
    char rules[64];   /* ruleset name */
    CrossingPoint pt; /* x: the knob value; wins, draws, losses: the attackers' */
} KnobPoint;

/* The rows knob_points leaves out, by why. */
typedef struct {
    long not_self_play; /* attacker and defender differ */
    long other_agent;   /* self-play of an agent other than the one counted */
} KnobSkipped;

/* Tallies the self-play rows (attacker = defender) of games.csv at games_path (rows[0..count),
 * as results_games_read gave them) by ruleset, reading each ruleset as the run kept it
 * (rowgame_ruleset) for the knob value. agent: the agent whose self-play counts (NULL: the one
 * self-play agent there is). Caller frees *out (count *n, in order of first appearance).
 * ST_EINVAL with one line: an unknown knob (listing KNOB_NAMES), no self-play games, several
 * self-play agents and no agent named, a ruleset the run did not keep, a max_plies knob on a
 * ruleset without a cap or with limit_result = draw, two rulesets with one knob value, two
 * rulesets with different limit_result, a row ended by the ply cap whose winner is not its
 * ruleset's limit_result ("PATH:LINE: ..." as rowcheck_limit_agrees says). *skipped counts the
 * rows left out (set on success and failure). */
MUST_CHECK Status knob_points(const GameRow *rows, long count, const char *games_path,
                              const char *knob, const char *agent, KnobPoint **out, int *n,
                              KnobSkipped *skipped, Error *err);

/* The knob's axis in words, for a table's note and a figure's label: what a value means
 * ("handicap: attackers taken off minus defenders taken off (negative: defenders taken off)"). */
const char *knob_axis_label(const char *knob);

/* For a knob counted in whole pieces (handicap), a sentence on whether a whole number of pieces
 * balances the game: written to buf (size bytes) and true when there is one to say, that is
 * when the estimate x is not a whole number ("no whole number of pieces balances the game: 1/2
 * falls between 2 and 3"), with the whole values inside [low, high] where there are any. */
bool knob_whole_note(const char *knob, double x, double low, double high, char *buf, size_t size);

/* Draws the knob's figure into dir (formats/plot.h: DIR/crossing.gp, and .png and .svg when
 * gnuplot is at hand, *drawn then true): each point's attackers' score with its 95% interval,
 * the logistic fit, 1/2, the crossing with Fieller's interval shaded, and in the title the
 * verdict, the crossing and the isotonic check. ST_EIO naming the file on failure. */
MUST_CHECK Status knob_plot(const char *dir, const char *knob, const KnobPoint *pts, int n,
                            const CrossingResult *r, bool *drawn, Error *err);

#endif
