/* The Check suites of tafl-lab and helpers shared by the tests. */
#ifndef TAFL_TESTS_TESTS_H
#define TAFL_TESTS_TESTS_H

#include <check.h>

#include "rules/state.h"

Suite *ruleset_suite(void);   /* check_ruleset.c: presets, compile, layouts */
Suite *otn_suite(void);       /* check_otn.c: squares, moves, positions */
Suite *engine_suite(void);    /* check_engine.c: movegen, apply, validate, random games */
Suite *perft_suite(void);     /* check_perft.c: perft tables in tests/data */
Suite *rules_suite(void);     /* check_rules.c: every rule on concrete positions */
Suite *reference_suite(void); /* check_reference.c: engine against the naive reference */
Suite *otn_rules_suite(void); /* check_otn_rules.c: OpenTafl rules strings */
Suite *rulesfile_suite(void); /* check_rulesfile.c: INI ruleset files */
Suite *bench_suite(void);     /* check_bench.c: the bench signature */
Suite *agents_suite(void);    /* check_agents.c: specs, random, greedy, every agent's duties */
Suite *mcts_suite(void);      /* check_mcts.c: UCT specifics */
Suite *alphabeta_suite(void); /* check_alphabeta.c: negamax, table, eval */
Suite *results_suite(void);   /* check_results.c: games.csv and summary.csv */
Suite *runner_suite(void);    /* check_runner.c: thread and resume invariance */

/* check_experiment.c: experiment files, their pairings and their errors */
Suite *experiment_suite(void);

/* check_statistics.c: Bradley-Terry ratings, GSPRT, SPSA */
Suite *statistics_suite(void);

/* check_league.c: agent ratings from games (overall and by side) */
Suite *league_suite(void);

/* check_sequential.c: SPRT and width-stopped runs */
Suite *sequential_suite(void);
/* check_otep.c: the OpenTafl Engine Protocol, `tafl engine`'s transcript */
Suite *otep_suite(void);

/* check_safety.c: output paths, run directory locks, stop signals, bounded lines, row checks */
Suite *safety_suite(void);

/* check_tune.c: tuning files, SPSA and grid tuning, gnuplot figures */
Suite *tune_suite(void);

/* check_curve.c: balance curves, curve.csv and their figure */
Suite *curve_suite(void);
/* check_records.c: recorded games (copenhagen.csv, OTN game records) replayed */
Suite *records_suite(void);
/* check_shard.c: the split of an experiment into shards and their merge */
Suite *shard_suite(void);
/* check_external.c: the external agent: loopback through `tafl engine`, faults, specs */
Suite *external_suite(void);

/* check_fuzz.c: every seed corpus file of tests/fuzz through its fuzz target */
Suite *fuzz_corpus_suite(void);

/* Test fixtures (tests/fixture.c). Each fails the running test with a clear message. */

/* Compiles preset `name` into *r. */
void fixture_rules(const char *name, Rules *r);

/* Compiles preset `name` into *r and sets up *s from an OTN position record with `side` to
 * move and *hist holding just that position (history_init is done here; call history_free). */
void fixture_position(const char *name, const char *otn, Side side, Rules *r, GameState *s,
                      History *hist);

/* Plays the move written in OTN (without captures), asserting it is legal; returns the
 * captures in *caps when caps is not NULL. */
void fixture_play(const Rules *r, GameState *s, History *hist, const char *move, CaptureList *caps);

/* True when the OTN move text is legal in s. */
bool fixture_is_legal(const Rules *r, const GameState *s, const char *move);

/* The piece on an OTN square ("d4"). */
Piece fixture_piece(const Rules *r, const GameState *s, const char *square);

/* Directory of tests/data (TAFL_TEST_DATA or "tests/data"). */
const char *fixture_data_dir(void);

/* The tafl binary under test, for tests that run it as an engine (TAFL or "build/tafl"). */
const char *fixture_tafl_binary(void);

#endif
