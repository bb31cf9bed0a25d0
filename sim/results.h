/* The result files of a run: games.csv (one row per game) and summary.csv (one row per
 * ruleset and pairing), written and read with libcsv. Schema: README "Result files". */
#ifndef TAFL_SIM_RESULTS_H
#define TAFL_SIM_RESULTS_H

#include <stdint.h>
#include <stdio.h>

#include "rules/state.h"

/* 3: games.csv and summary.csv end in an `external` column, summary.csv counts the forfeits
 * illegal_move, engine_crash and engine_timeout. 2: the balance verdict columns. */
#define RESULTS_SCHEMA_VERSION 3

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

/* Appends one row. Rows reach the file when the stdio buffer fills or a second after the last
 * flush (so a killed run loses about a second of games; results_games_close writes the rest).
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

/* Writes summary.csv for the rows, one line per (rules, attacker, defender) in order of first
 * appearance: counts, attacker win rate with its 95% Wilson interval, draw rate, the balance
 * verdict (attackers' score with its 95% interval and the p-value of score = 1/2, see
 * stats_score), game length mean / median / p10 / p90, a count per end reason and which seats
 * external engines played (the union over the group's rows). Written to a
 * temporary file and renamed, so a summary.csv on disk is always complete. ST_EIO naming the file
 * on failure. */
MUST_CHECK Status results_write_summary(const char *path, const GameRow *rows, long count,
                                        Error *err);

/* Prints the human-readable balance table of the same groups (one line each). */
void results_print_table(FILE *out, const GameRow *rows, long count);

#endif
