/* Runs every Check suite of tafl-lab; exits non-zero on any failure. */
#include <check.h>
#include <stdlib.h>

#include "tests/tests.h"

int main(void)
{
    SRunner *runner = srunner_create(ruleset_suite());
    srunner_add_suite(runner, otn_suite());
    srunner_add_suite(runner, engine_suite());
    srunner_add_suite(runner, perft_suite());
    srunner_add_suite(runner, rules_suite());
    srunner_add_suite(runner, reference_suite());
    srunner_add_suite(runner, otn_rules_suite());
    srunner_add_suite(runner, rulesfile_suite());
    srunner_add_suite(runner, bench_suite());
    srunner_add_suite(runner, agents_suite());
    srunner_add_suite(runner, mcts_suite());
    srunner_add_suite(runner, alphabeta_suite());
    srunner_add_suite(runner, experiment_suite());
    srunner_add_suite(runner, results_suite());
    srunner_add_suite(runner, runner_suite());
    srunner_add_suite(runner, statistics_suite());
    srunner_add_suite(runner, crossing_suite());
    srunner_add_suite(runner, league_suite());
    srunner_add_suite(runner, otep_suite());
    srunner_add_suite(runner, tune_suite());
    srunner_add_suite(runner, curve_suite());
    srunner_add_suite(runner, records_suite());
    srunner_add_suite(runner, shard_suite());
    srunner_add_suite(runner, external_suite());
    srunner_add_suite(runner, fuzz_corpus_suite());
    srunner_add_suite(runner, safety_suite());
    srunner_add_suite(runner, evalmodel_suite());
    srunner_add_suite(runner, gradient_suite());
    srunner_add_suite(runner, train_suite());
    srunner_add_suite(runner, trust_suite());
    srunner_add_suite(runner, files_suite());
    srunner_add_suite(runner, report_suite());
    srunner_add_suite(runner, solve_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
