/* Runs the Check suites of tafl-lab; exits non-zero on any failure.
 *
 *   check_all                 every suite
 *   check_all --shard K/N     the suites of shard K of N (0 <= K < N): the suites are dealt
 *                             round the shards, the slowest first, so that `make test` can
 *                             run the shards side by side (CK_RUN_SUITE still picks one).
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/tests.h"

typedef Suite *(*SuiteMaker)(void);

/* Slowest first (seconds in the plain build on two cores, CK_XML_LOG_FILE_NAME's durations:
 * engine 26, reference 24, alphabeta 17, solve 14, shard 12, agents 9, external 8, tune 6,
 * the rest under 5), so that dealing them round the shards balances them. */
static const SuiteMaker suites[] = {
    engine_suite,     reference_suite,   alphabeta_suite, solve_suite,     shard_suite,
    agents_suite,     external_suite,    tune_suite,      perft_suite,     runner_suite,
    bench_suite,      mcts_suite,        evalmodel_suite, results_suite,   records_suite,
    ruleset_suite,    otn_suite,         rules_suite,     otn_rules_suite, rulesfile_suite,
    experiment_suite, statistics_suite,  crossing_suite,  league_suite,    otep_suite,
    curve_suite,      fuzz_corpus_suite, safety_suite,    gradient_suite,  train_suite,
    trust_suite,      files_suite,       report_suite,    nnue_suite,
};

/* Reads "K/N" into *k and *n; false unless 0 <= K < N. */
static bool parse_shard(const char *text, int *k, int *n)
{
    char *end;
    long kk = strtol(text, &end, 10);
    if (end == text || *end != '/')
        return false;
    const char *rest = end + 1;
    long nn = strtol(rest, &end, 10);
    if (end == rest || *end != '\0' || nn < 1 || kk < 0 || kk >= nn || nn > 1000)
        return false;
    *k = (int)kk;
    *n = (int)nn;
    return true;
}

int main(int argc, char **argv)
{
    int shard = 0, shards = 1;
    if (argc == 3 && strcmp(argv[1], "--shard") == 0) {
        if (!parse_shard(argv[2], &shard, &shards)) {
            fprintf(stderr, "check_all: --shard wants K/N with 0 <= K < N, not '%s'\n", argv[2]);
            return 2;
        }
    } else if (argc != 1) {
        fprintf(stderr, "usage: check_all [--shard K/N]\n");
        return 2;
    }
    SRunner *runner = NULL;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        if ((int)(i % (size_t)shards) != shard)
            continue;
        if (!runner)
            runner = srunner_create(suites[i]());
        else
            srunner_add_suite(runner, suites[i]());
    }
    if (!runner)
        return EXIT_SUCCESS; /* more shards than suites: this one has none */
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
