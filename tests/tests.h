/* The Check suites of tafl-lab and helpers shared by the tests. */
#ifndef TAFL_TESTS_TESTS_H
#define TAFL_TESTS_TESTS_H

#include <check.h>

#include "agents/agent.h"
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
Suite *crossing_suite(void); /* check_crossing.c: a knob's crossing of 1/2 (issue 25) */

/* check_league.c: agent ratings from games (overall and by side) */
Suite *league_suite(void);

/* check_otep.c: the OpenTafl Engine Protocol, `tafl engine`'s transcript */
Suite *otep_suite(void);

/* check_safety.c: output paths, run directory locks, stop signals, bounded lines, row checks */
Suite *safety_suite(void);
Suite *files_suite(void);

/* check_trust.c: the escaping of text for gnuplot and records, tune.state, big inputs (issue 27) */
Suite *trust_suite(void);

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

/* check_evalmodel.c: learned evaluations, their files and features */
Suite *evalmodel_suite(void);

/* check_gradient.c: the fit's backpropagation against finite differences, every model kind */
Suite *gradient_suite(void);

/* check_train.c: the gen-G.pos records and the weights tafl train reads back or writes */
Suite *train_suite(void);

/* check_report.c: tafl report's page, twin and CSV from run directories; SHA-256 */
Suite *report_suite(void);

/* check_solve.c: retrograde analysis of tiny rulesets (solve/) */
Suite *solve_suite(void);
Suite *nnue_suite(void); /* check_nnue.c: the network's incremental accumulator */

/* check_fuzz.c: every seed corpus file of tests/fuzz through its fuzz target */
Suite *fuzz_corpus_suite(void);

/* Test fixtures (tests/fixture.c). Each fails the running test with a clear message. */

/* Compiles preset `name` into *r. */
void fixture_rules(const char *name, Rules *r);

/* history_init(hist), then the position s pushed as its only entry: a game that starts at s
 * (call history_free). */
void fixture_history_at(History *hist, const GameState *s);

/* The start position of the compiled rules r in *s, and *hist holding just it (as
 * fixture_history_at). */
void fixture_start(const Rules *r, GameState *s, History *hist);

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

/* The whole file at path, NUL-terminated (caller frees), its length in *len when not NULL;
 * fails the test when it cannot be read. */
char *fixture_slurp(const char *path, long *len);

/* An agent from spec for r (caller destroys); fails the test when the spec is refused. */
Agent *fixture_agent(const Rules *r, const char *spec, uint64_t seed);

/* Asserts that agent spec is refused with an error that holds needle. */
void fixture_spec_error(const char *spec, const char *needle);

/* Preset `preset` with king capture kc compiled into *r, and the OTN position with `side` to
 * move in *s, *hist holding just it (call history_free). */
void fixture_custom_position(const char *preset, KingCapture kc, const char *otn, Side side,
                             Rules *r, GameState *s, History *hist);

/* Directory of tests/data (TAFL_TEST_DATA or "tests/data"). */
const char *fixture_data_dir(void);

/* The tafl binary under test, for tests that run it as an engine (TAFL or "build/tafl"). */
const char *fixture_tafl_binary(void);

/* Rule tests (tests/check_rules_*.c): one game under test and its helpers (tests/fixture.c).
 * Each helper fails the running test with a clear message. */
/* One game under test: compiled rules, the position and its history. */
typedef struct {
    Rules r;
    GameState s;
    History h;
} RuleGame;

/* Sets up preset `preset` with position `otn` and `side` to move. */
void game_start(RuleGame *g, const char *preset, const char *otn, Side side);

/* A copy of preset `preset` to change options on. */
Ruleset game_preset_copy(const char *preset);

/* Sets up a custom ruleset with position `otn` and `side` to move. */
void game_start_custom(RuleGame *g, const Ruleset *rs, const char *otn, Side side);

void game_finish(RuleGame *g);

int game_square(const RuleGame *g, const char *name);

/* Plays `move` (asserted legal); returns the number of captures and fills *caps if not NULL. */
int game_play(RuleGame *g, const char *move, CaptureList *caps);

void game_expect_going(const RuleGame *g, const char *after);

/* Plays the NULL-terminated list of moves, each capturing nothing and leaving the game on. */
void game_play_quiet(RuleGame *g, const char *const *moves);

void game_expect_piece(const RuleGame *g, const char *square, Piece want);

void game_expect_end(const RuleGame *g, Winner winner, EndReason reason);

void game_expect_legal(const RuleGame *g, const char *move);

void game_expect_illegal(const RuleGame *g, const char *move);

/* True when caps holds square `name`. */
bool game_caps_has(const RuleGame *g, const CaptureList *caps, const char *name);

/* The king's capture: the game is won by the attackers and the capture list names him. */
void game_expect_king_captured(const RuleGame *g, const CaptureList *caps, const char *king);

/* Plays one attacker move that ends next to the king without capturing him. */
void game_expect_king_survives(RuleGame *g, const char *move);

/* The rules suite's parts, one per section of doc/RULES.md (tests/check_rules_<part>.c). */
TCase *rules_restricted_tcase(void);
TCase *rules_captures_tcase(void);
TCase *rules_king_capture_tcase(void);
TCase *rules_end_tcase(void);
TCase *rules_copenhagen_tcase(void);

#endif
