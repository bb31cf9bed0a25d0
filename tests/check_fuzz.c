/* The fuzz targets (tests/fuzz/targets.c) over every file of their seed corpora, so that each
 * input kept there (the seeds, and every crash the fuzzer found, saved as a regression) is
 * replayed by make test, under the sanitizers with SAN=address,undefined. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/targets.h"
#include "tests/tests.h"

/* The directory of tests/fuzz: beside tests/data. */
static void corpus_dir(const char *target, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/../fuzz/%s", fixture_data_dir(), target);
    ck_assert(n > 0 && (size_t)n < len);
}

static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 4096, n = 0, got;
    unsigned char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *size = n;
    return buf;
}

START_TEST(test_every_corpus_input_is_handled)
{
    const FuzzTarget *t = &FUZZ_TARGETS[_i];
    char dir[512];
    corpus_dir(t->name, dir, sizeof dir);
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "no seed corpus %s", dir);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size;
        unsigned char *data = slurp(path, &size);
        ck_assert_int_eq(t->run(data, size), 0); /* a broken invariant aborts instead */
        free(data);
        files++;
    }
    closedir(d);
    ck_assert_msg(files >= 3, "%s: only %d seed inputs", dir, files);
}
END_TEST

Suite *fuzz_corpus_suite(void)
{
    Suite *s = suite_create("fuzz_corpus");
    TCase *tc = tcase_create("corpus");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_every_corpus_input_is_handled, 0, FUZZ_TARGET_COUNT);
    suite_add_tcase(s, tc);
    return s;
}
