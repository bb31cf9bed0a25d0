/* Reading tafl-lab's own games.csv back as game records (tafl replay, tafl export): each row's
 * moves as a RecordGame, each row's ruleset from the run directory that holds the file. */
#ifndef TAFL_HARNESS_ROWGAME_H
#define TAFL_HARNESS_ROWGAME_H

#include <stdbool.h>

#include "formats/results.h"
#include "rules/record.h"

/* True when the file at path starts as a tafl-lab games.csv does (its header row). */
bool rowgame_is_results(const char *path);

/* The ruleset named `name` of a row of the games.csv at games_path: the full text the run kept
 * in its directory (setup and rulesets/, see harness/runmeta.h) when there is one, else the preset
 * of that name. ST_EINVAL "ruleset 'NAME' is neither in RUN/setup nor a preset: give --rules R".
 * Thread-safe. */
MUST_CHECK Status rowgame_ruleset(const char *games_path, const char *name, Ruleset *out,
                                  Error *err);

/* Appends row's game (its moves, result, end rule and losses; the row must hold moves) to
 * *games (count *count), starting at `line` of its file. ST_EPARSE when a move does not fit a
 * record or there are more moves than plies. */
MUST_CHECK Status rowgame_record(const GameRow *row, int line, RecordGame **games, int *count,
                                 Error *err);

/* The recorded games of path, either format (tafl calibrate, tafl train's recorded_games): a
 * tafl-lab games.csv (its rows with moves; rules_name gets the last such row's ruleset name)
 * or a move-list CSV (rules/csvgame.h; a line that cannot be read is left out, as a human
 * corpus has some; rules_name ""), in file order, into a new array *games of *count (caller
 * frees with record_games_free); *unread (when not NULL) counts the lines or rows left out:
 * move-list lines that cannot be read, games.csv rows without moves. ST_EIO "PATH: cannot
 * open", ST_EPARSE "PATH:LINE: ..." (a line longer than rules/record.h allows among them) or
 * ST_EINVAL for a games.csv without recorded moves. Thread-safe. */
MUST_CHECK Status rowgame_read_any(const char *path, RecordGame **games, int *count, int *unread,
                                   char *rules_name, size_t size, Error *err);

#endif
