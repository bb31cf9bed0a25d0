/* The bench signature: `tafl bench`'s last line must equal tests/data/bench.sig, so any change
 * of behaviour (moves, captures, results) shows up and is recorded on purpose. */
#include <stdio.h>
#include <string.h>

#include "harness/bench.h"
#include "tests/tests.h"

START_TEST(test_bench_signature_matches_file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/bench.sig", fixture_data_dir());
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char expected[128] = "";
    ck_assert(fgets(expected, sizeof expected, f) != NULL);
    fclose(f);
    expected[strcspn(expected, "\n")] = '\0';

    BenchSignature sig;
    bench_run(BENCH_FULL, NULL, &sig);
    char got[128];
    snprintf(got, sizeof got, "bench: %llu %08x", (unsigned long long)sig.nodes, sig.hash);
    ck_assert_msg(strcmp(got, expected) == 0,
                  "bench signature '%s' differs from %s '%s': if behaviour changed on purpose, "
                  "update the file and say so in the commit",
                  got, path, expected);
}
END_TEST

Suite *bench_suite(void)
{
    Suite *s = suite_create("bench");
    TCase *tc = tcase_create("signature");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_bench_signature_matches_file);
    suite_add_tcase(s, tc);
    return s;
}
