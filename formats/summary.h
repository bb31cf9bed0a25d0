/* summary.csv, one row per ruleset and pairing of a run, and its balance table: the statistics
 * of games.csv's rows (formats/games.h), tallied one row at a time. Schema: doc/formats.md, "Result
 * files". */
#ifndef TAFL_FORMATS_SUMMARY_H
#define TAFL_FORMATS_SUMMARY_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/games.h"
#include "rules/common.h"

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
 * all rows with its verdict (attackers or defenders when significant at 5%; else balanced when
 * the two one-sided tests show the score within 1/2 +- BALANCE_MARGIN, or undetermined), and
 * for a row of another
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

/* How a kept summary.csv compares with one made again from the same games. */
typedef enum {
    SUMMARY_SAME,        /* byte for byte */
    SUMMARY_SAME_PREFIX, /* the kept file is an older schema: its header is the first
                            kept_cols names of today's, and every row's first kept_cols cells
                            are today's */
    SUMMARY_DIFFERENT    /* *line: the first line that differs (1 = the header) */
} SummaryMatch;

/* Compares the summary.csv texts kept (the shipped file) and made (written now), cell by cell
 * through libcsv where they are not byte-identical, so that a file written before columns were
 * added at the end still tells whether its own columns reproduce. *kept_cols and *made_cols:
 * the header's columns of each; *line as SummaryMatch says. */
SummaryMatch summary_compare(const char *kept, size_t kept_len, const char *made, size_t made_len,
                             int *kept_cols, int *made_cols, long *line);

#endif
