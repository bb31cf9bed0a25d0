/* The figure of a plain run (kind = balance): the attackers' score with its 95% interval for
 * each ruleset and pairing, drawn with gnuplot as scores.png and scores.svg (issue 55). */
#ifndef TAFL_STUDIES_SCORES_H
#define TAFL_STUDIES_SCORES_H

#include <stdbool.h>

#include "formats/games.h"
#include "rules/common.h"

/* The most groups (ruleset, attacker, defender) drawn; the title says when there are more. */
#define SCORES_MAX 200

/* Writes DIR/scores.gp from the count rows (borrowed) of a run named name, one point per
 * (ruleset, attacker, defender) in order of first appearance: the attackers' score and its
 * interval as summary.csv gives them (stats_score at 95%), 1/2 dashed; then draws it where
 * gnuplot is available (*plotted says whether it did, as plot_render). ST_EIO naming the file
 * when it cannot be written. Not thread-safe with other fork()s of the process. */
MUST_CHECK Status scores_write(const char *name, const GameRow *rows, long count, const char *dir,
                               bool *plotted, Error *err);

#endif
