/* The result files of a run: games.csv (one row per game) and summary.csv (one row per
 * ruleset and pairing), written and read with libcsv. Schema: README "Result files". */
#ifndef TAFL_FORMATS_RESULTS_H
#define TAFL_FORMATS_RESULTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/state.h"

/* 4: summary.csv ends in the Holm-adjusted balance verdict and the comparison with a baseline
 * ruleset (games.csv is as in 3). 3: games.csv and summary.csv end in an `external` column,
 * summary.csv counts the forfeits illegal_move, engine_crash and engine_timeout. 2: the balance
 * verdict columns. */
#define RESULTS_SCHEMA_VERSION 4

/* GameRow.external: which seats an external engine (agent_is_external) played. */
enum { RESULTS_EXTERNAL_ATTACKER = 1, RESULTS_EXTERNAL_DEFENDER = 2 };

/* One row of games.csv. */
typedef struct {
    long game;         /* index of the game in the run, from 0, in job order */
    char rules[64];    /* ruleset name */
    char attacker[64]; /* agent name */
    char defender[64];
    uint64_t seed; /* the game's seed */
    Winner winner; /* attackers, defenders or draw */
    EndReason reason;
    int plies;
    int attackers_lost; /* attackers captured */
    int defenders_lost; /* defenders captured, king not counted */
    char *moves;        /* space-separated OTN moves, or NULL when not recorded; owned */
    int external;       /* RESULTS_EXTERNAL_* bits; CSV none, attacker, defender or both */
} GameRow;

/* Frees the moves of count rows and the array. NULL-safe. */
void results_free_rows(GameRow *rows, long count);

typedef struct GamesWriter GamesWriter;

/* Opens games.csv at path for appending rows (creating it with the header row when it does not
 * exist or is empty). Caller owns *out; results_games_close it. ST_EIO with path and strerror. */
MUST_CHECK Status results_games_open(const char *path, GamesWriter **out, Error *err);

/* Appends one row. Rows reach the file, whole, when 64 KiB have gathered or a row comes 10 ms
 * or more after the last write; results_games_close writes the rest. A killed run loses only
 * the rows not yet written.
 * ST_EIO on a write error (disk full), naming the file, from this call or the close. */
MUST_CHECK Status results_games_append(GamesWriter *w, const GameRow *row, Error *err);

/* Closes the file; ST_EIO if the final flush or close fails. NULL-safe. */
MUST_CHECK Status results_games_close(GamesWriter *w, Error *err);

/* Reads games.csv: checks the header, parses every complete row into *rows (caller frees with
 * results_free_rows) and sets *valid_bytes to the length of the file up to the end of the last
 * complete row (a torn last line, without its newline, is not counted, so a resume can cut it
 * off). A malformed complete row is ST_EPARSE "FILE:LINE: what is wrong". */
MUST_CHECK Status results_games_read(const char *path, GameRow **rows, long *count,
                                     long *valid_bytes, Error *err);

/* results_games_read from an open stream f (the caller's; not closed), read from its current
 * position; path names it in errors. The fuzz harness reads from memory with fmemopen. */
MUST_CHECK Status results_games_read_stream(FILE *f, const char *path, GameRow **rows, long *count,
                                            long *valid_bytes, Error *err);

/* Called by results_games_scan with each complete row (borrowed for the call) and its number k
 * (from 0). Anything but ST_OK stops the scan, and the scan returns it, *err set by the callee. */
typedef Status (*ResultsRowFn)(const GameRow *row, long k, void *ctx, Error *err);

/* results_games_read without holding the rows: each row goes to `each` as it is parsed, so
 * memory does not grow with the file. *count is the rows handed over (also on failure). */
MUST_CHECK Status results_games_scan(const char *path, ResultsRowFn each, void *ctx, long *count,
                                     long *valid_bytes, Error *err);

/* The statistics of summary.csv gathered one row at a time (memory per group, not per game). */
typedef struct ResultsTally ResultsTally;

/* An empty tally; caller destroys. */
ResultsTally *results_tally_create(void);

/* Marks the tally as a balance curve's (experiment kind = curve): only self-play groups (an
 * agent against itself) carry a balance verdict, and Holm corrects over them alone; the other
 * groups, the ladder games between rungs, get an empty balance_p_holm, the verdict `ladder`,
 * no comparison with the baseline, and a table of their own in results_tally_print. */
void results_tally_set_curve(ResultsTally *t, bool curve);

/* Adds one row (copied; the row stays the caller's). */
void results_tally_add(ResultsTally *t, const GameRow *row);

/* Writes summary.csv from the tally, as results_write_summary. */
MUST_CHECK Status results_tally_write(ResultsTally *t, const char *path, Error *err);

/* results_tally_write comparing with the ruleset `baseline` (NULL: the first row's), as
 * results_write_summary_vs. */
MUST_CHECK Status results_tally_write_vs(ResultsTally *t, const char *path, const char *baseline,
                                         Error *err);

/* Prints the balance table of the tally, as results_print_table. */
void results_tally_print(ResultsTally *t, FILE *out);

/* results_tally_print comparing with `baseline`, as results_print_table_vs. */
void results_tally_print_vs(ResultsTally *t, FILE *out, const char *baseline);

/* NULL-safe. */
void results_tally_destroy(ResultsTally *t);

/* Writes summary.csv for the rows, one line per (rules, attacker, defender) in order of first
 * appearance: counts, attacker win rate with its 95% Wilson interval, draw rate, the balance
 * verdict (attackers' score with its 95% interval and the p-value of score = 1/2, see
 * stats_score), game length mean / median / p10 / p90, a count per end reason, which seats
 * external engines played (the union over the group's rows), the balance p-value after Holm over
 * all rows with its verdict (attackers, defenders or balanced at 5%), and for a row of another
 * ruleset than the first row's whose pairing that ruleset also played, the difference of the
 * attackers' score from it (stats_score_diff) with its p-value raw and after Holm over all such
 * rows, and its verdict. Written to a temporary file and renamed, so a summary.csv on disk is
 * always complete. ST_EIO naming the file on failure. */
MUST_CHECK Status results_write_summary(const char *path, const GameRow *rows, long count,
                                        Error *err);

/* results_write_summary comparing with the ruleset `baseline` (NULL: the first row's); a
 * baseline no row was played under is ST_EINVAL naming it. */
MUST_CHECK Status results_write_summary_vs(const char *path, const GameRow *rows, long count,
                                           const char *baseline, Error *err);

/* Prints the human-readable balance table of the same groups (one line each, ending in the
 * Holm-adjusted p and the verdict), then, when a row has a baseline to compare with, one line
 * per such row: difference, interval, p, Holm-adjusted p and verdict. */
void results_print_table(FILE *out, const GameRow *rows, long count);

/* results_print_table comparing with the ruleset `baseline` (NULL: the first row's; the caller
 * checks that it is one of the rows'). */
void results_print_table_vs(FILE *out, const GameRow *rows, long count, const char *baseline);

#endif
