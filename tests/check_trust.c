/* Issue 27, the texts and inputs a run directory must not trust: the one escaping function
 * (formats/safetext.c), tune.state's counts, the ratings and summary of many agents and groups,
 * the run's memory budget. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/safetext.h"
#include "tests/tests.h"

/* What safetext_write makes of text for dest; the caller frees. */
static char *written(SafeTextDest dest, const char *text, Status *st)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    Error err = {{0}};
    *st = safetext_write(f, dest, "key", text, &err);
    fclose(f);
    return buf;
}

START_TEST(test_gnuplot_text_is_single_quoted)
{
    Status st;
    char *s = written(SAFETEXT_GNUPLOT, "a `touch x` $(id) @m \"q\" it's", &st);
    ck_assert_int_eq(st, ST_OK);
    /* Single quotes: gnuplot expands no backquote, macro or escape inside them. */
    ck_assert_str_eq(s, "'a `touch x` $(id) @m \"q\" it''s'");
    free(s);
    s = written(SAFETEXT_GNUPLOT, "one\ntwo\tthree\001", &st);
    ck_assert_str_eq(s, "'one'.\"\\n\".'two'.\"\\t\".'three?'");
    free(s);
    s = written(SAFETEXT_GNUPLOT, "", &st);
    ck_assert_str_eq(s, "''");
    free(s);
}
END_TEST

START_TEST(test_datablock_field_stays_one_field)
{
    Status st;
    char *s = written(SAFETEXT_DATA, "a \"b\"\nEOD\n`x`", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "\"a 'b' EOD `x`\"");
    free(s);
}
END_TEST

START_TEST(test_note_stays_one_line)
{
    Status st;
    char *s = written(SAFETEXT_NOTE, "tafl run --out /tmp/nl\nsprt_decision H1\r\033", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "tafl run --out /tmp/nl\\nsprt_decision H1\\r\\x1b");
    ck_assert_ptr_null(strchr(s, '\n'));
    free(s);
}
END_TEST

START_TEST(test_record_refuses_control_characters)
{
    Status st;
    char *s = written(SAFETEXT_RECORD, "name `x` $(y) \"q\" 'r'", &st);
    ck_assert_int_eq(st, ST_OK); /* a record is read back as written: only lines matter */
    ck_assert_str_eq(s, "name `x` $(y) \"q\" 'r'");
    free(s);
    Error err = {{0}};
    ck_assert_int_eq(
        safetext_write(NULL, SAFETEXT_RECORD, "agent spec", "random\nkind curve", &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "agent spec: the value holds a newline at byte 7"));
    ck_assert_int_eq(safetext_write(NULL, SAFETEXT_RECORD, "k", "a\rb", &err), ST_EINVAL);
    ck_assert_int_eq(safetext_write(NULL, SAFETEXT_RECORD, "k", "a\177", &err), ST_EINVAL);
    s = written(SAFETEXT_RECORD, "a\nb", &st);
    ck_assert_int_eq(st, ST_EINVAL);
    ck_assert_str_eq(s, ""); /* nothing written on a refusal */
    free(s);
}
END_TEST

START_TEST(test_path_inside_is_about_components)
{
    ck_assert(safetext_path_inside("rulesets/v1..2.rules"));
    ck_assert(safetext_path_inside("rulesets/...rules"));
    ck_assert(safetext_path_inside("a/b"));
    ck_assert(!safetext_path_inside("../x.rules"));
    ck_assert(!safetext_path_inside("rulesets/../../x"));
    ck_assert(!safetext_path_inside("rulesets/.."));
    ck_assert(!safetext_path_inside("/etc/passwd"));
    ck_assert(!safetext_path_inside(""));
}
END_TEST

Suite *trust_suite(void)
{
    Suite *s = suite_create("trust");
    TCase *tc = tcase_create("safetext");
    tcase_add_test(tc, test_gnuplot_text_is_single_quoted);
    tcase_add_test(tc, test_datablock_field_stays_one_field);
    tcase_add_test(tc, test_note_stays_one_line);
    tcase_add_test(tc, test_record_refuses_control_characters);
    tcase_add_test(tc, test_path_inside_is_about_components);
    suite_add_tcase(s, tc);
    return s;
}
