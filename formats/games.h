/* games.csv, the file of a run with one row per game: its row, its buffered writer and its
 * reader (whole or one row at a time), with libcsv. Schema: doc/formats.md, "Result files". */
#ifndef TAFL_FORMATS_GAMES_H
#define TAFL_FORMATS_GAMES_H

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

/* The `external` column's word for RESULTS_EXTERNAL_* bits: none, attacker, defender or both
 * (games.csv and summary.csv). */
const char *results_external_name(int external);

/* Writes a text field of games.csv or summary.csv through libcsv's quoting: always quoted, inner
 * quotes doubled. False on a write error. */
bool results_put_text(FILE *f, const char *s);

#endif
