/* The move-list CSV of recorded games (../shared/data/copenhagen.csv, from hnefatafl-rs's test
 * resources): one game a line, `MOVES,CAPTURED_BY_ATTACKERS,CAPTURED_BY_DEFENDERS,RESULT`. */
#ifndef TAFL_RULES_CSVGAME_H
#define TAFL_RULES_CSVGAME_H

#include <stdio.h>

#include "rules/record.h"

/* Reads every game of the stream f (named `name` in errors) into a new array *games of *count
 * games (caller frees with record_games_free). A line holds four comma-separated fields: the
 * moves, space-separated, captures appended as "xSQUARE" (repeated for more), a last token
 * "timeout" being no move but the game's stop on time; the number of pieces captured by the
 * attackers, then by the defenders; the result, White (defenders won), Black (attackers),
 * Draw or Ongoing. Blank lines and lines starting with '#' are skipped. Squares are read later,
 * by record_replay. Fails with ST_EPARSE and "NAME:LINE: what is wrong" (no games are
 * returned), or ST_EIO when the stream cannot be read. */
MUST_CHECK Status csvgame_read(FILE *f, const char *name, RecordGame **games, int *count,
                               Error *err);

/* Told of each line csvgame_read_skipping leaves out: "NAME:LINE: what is wrong". */
typedef void (*CsvgameSkip)(void *ctx, const char *message);

/* As csvgame_read, but a line that cannot be read (a real corpus has rows such as
 * `timeout,0,0,`: no moves, no result) is passed to skip and left out, and counted in
 * *malformed; the other games are read. Fails only with ST_EIO. */
MUST_CHECK Status csvgame_read_skipping(FILE *f, const char *name, RecordGame **games, int *count,
                                        int *malformed, CsvgameSkip skip, void *ctx, Error *err);

#endif
