/* Ruleset files (formats/rulesfile.c) and ruleset_set_option / ruleset_format: overrides on a base,
 * every preset written and read back, one exact one-line error per kind of bad input, and the
 * resolution of a ruleset argument. Fixtures are in tests/data/rulesets/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "formats/rulesfile.h"
#include "rules/otn.h"
#include "tests/tests.h"

#define CROSS_7 "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"

static void data_path(const char *file, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/rulesets/%s", fixture_data_dir(), file);
    ck_assert_msg(n > 0 && (size_t)n < len, "path too long");
}

static void read_ok(const char *file, Ruleset *rs)
{
    char path[512];
    data_path(file, path, sizeof path);
    Error err = {{0}};
    Status st = rulesfile_read(path, rs, &err);
    ck_assert_msg(st == ST_OK, "%s: %s", file, err.text);
}

/* Two rulesets are equal when every option is: ruleset_format writes every one. */
static void assert_rulesets_equal(const Ruleset *a, const Ruleset *b)
{
    char ta[2048], tb[2048];
    ck_assert_int_lt(ruleset_format(a, ta, sizeof ta), (int)sizeof ta);
    ck_assert_int_lt(ruleset_format(b, tb, sizeof tb), (int)sizeof tb);
    ck_assert_str_eq(ta, tb);
}

/* Writes text to a fresh temporary file (in $TMPDIR or /tmp); returns its path in buf. */
static void write_temp(const char *text, char *buf, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/tafl-rulesfile-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(buf);
    ck_assert_msg(fd >= 0, "mkstemp %s failed", buf);
    FILE *f = fdopen(fd, "w");
    ck_assert(f != NULL);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_names)
{
    ck_assert_str_eq(ruleset_side_name(SIDE_ATTACKERS), "attackers");
    ck_assert_str_eq(ruleset_side_name(SIDE_DEFENDERS), "defenders");
    ck_assert_str_eq(ruleset_throne_pass_name(THRONE_PASS_KING), "king");
    ck_assert_str_eq(ruleset_king_armed_name(KING_ARMED_HAMMER), "hammer");
    ck_assert_str_eq(ruleset_king_armed_name(KING_ARMED_ANVIL), "anvil");
    ck_assert_str_eq(ruleset_corner_hostile_name(CORNER_HOSTILE_DEFENDERS), "defenders");
    ck_assert_str_eq(ruleset_throne_hostile_name(THRONE_HOSTILE_EMPTY), "empty");
    ck_assert_str_eq(ruleset_king_capture_name(KING_CAPTURE_THRONE4_ADJ3_EDGE3),
                     "throne4_adj3_edge3");
    ck_assert_str_eq(ruleset_king_capture_name(KING_CAPTURE_STRONG), "strong");
    ck_assert_str_eq(ruleset_escape_name(ESCAPE_EDGE), "edge");
    ck_assert_str_eq(ruleset_end_rule_name(END_RULE_IGNORE), "ignore");
    ck_assert_str_eq(ruleset_shieldwall_name(SHIELDWALL_CORNERS), "corners");
    ck_assert_str_eq(ruleset_limit_result_name(LIMIT_RESULT_DRAW), "draw");
    ck_assert_str_eq(ruleset_limit_result_name(LIMIT_RESULT_ATTACKERS), "attackers");
    ck_assert_str_eq(ruleset_limit_result_name(LIMIT_RESULT_DEFENDERS), "defenders");
}
END_TEST

START_TEST(test_format_brandubh)
{
    char buf[2048];
    int n = ruleset_format(ruleset_default(), buf, sizeof buf);
    ck_assert_str_eq(buf, "name = brandubh\n"
                          "size = 7\n"
                          "start = " CROSS_7 "\n"
                          "first = attackers\n"
                          "throne = yes\n"
                          "corners = yes\n"
                          "throne_reentry = yes\n"
                          "throne_pass = all\n"
                          "king_armed = yes\n"
                          "corner_hostile = all\n"
                          "throne_hostile_attackers = always\n"
                          "throne_hostile_defenders = empty\n"
                          "shieldwall = no\n"
                          "king_capture = throne4_adj3\n"
                          "escape = corner\n"
                          "edge_fort = no\n"
                          "encirclement = yes\n"
                          "no_moves = lose\n"
                          "repetition = lose\n"
                          "draw_fort = yes\n"
                          "max_plies = 0\n");
    ck_assert_int_eq(n, (int)strlen(buf));
    /* Like snprintf: a short buffer gets a terminated prefix, the return value the length. */
    char small[20];
    ck_assert_int_eq(ruleset_format(ruleset_default(), small, sizeof small), n);
    ck_assert_str_eq(small, "name = brandubh\nsiz");
    ck_assert_int_eq(ruleset_format(ruleset_default(), NULL, 0), n);
}
END_TEST

/* ruleset_set_option: each bad value names the key, the value and the valid values. */
static const struct {
    const char *key, *value, *error;
} bad_options[] = {
    {"colour", "red",
     "key 'colour': unknown key (keys are name, size, start, first, throne, corners, "
     "throne_reentry, throne_pass, king_armed, corner_hostile, throne_hostile_attackers, "
     "throne_hostile_defenders, shieldwall, king_capture, escape, edge_fort, encirclement, "
     "no_moves, repetition, draw_fort, max_plies, limit_result)"},
    {"limit_result", "white",
     "key 'limit_result': bad value 'white' (expected draw|attackers|defenders)"},
    {"shieldwall", "yes", "key 'shieldwall': bad value 'yes' (expected no|pieces|corners)"},
    {"edge_fort", "1", "key 'edge_fort': bad value '1' (expected yes|no)"},
    {"throne", "true", "key 'throne': bad value 'true' (expected yes|no)"},
    {"first", "white", "key 'first': bad value 'white' (expected attackers|defenders)"},
    {"king_armed", "Yes", "key 'king_armed': bad value 'Yes' (expected yes|no|hammer|anvil)"},
    {"throne_hostile_defenders", "always",
     "key 'throne_hostile_defenders': bad value 'always' (expected empty|never)"},
    {"no_moves", "ignore", "key 'no_moves': bad value 'ignore' (expected lose|draw)"},
    {"repetition", "win",
     "key 'repetition': bad value 'win' (expected "
     "lose|draw|ignore|defenders_lose|defenders_no_repeat)"},
    {"king_capture", "weak",
     "key 'king_capture': bad value 'weak' (expected custodial|throne4_adj3|throne4_adj3_edge3|"
     "strong|throne4_elsewhere2)"},
    {"size", "7x7", "key 'size': bad value '7x7' (expected an integer)"},
    {"size", "", "key 'size': bad value '' (expected an integer)"},
    {"size", "99999999999", "key 'size': bad value '99999999999' (expected an integer)"},
    {"max_plies", "-1", "key 'max_plies': bad value '-1' (expected an integer >= 0)"},
    {"max_plies", "2147483648",
     "key 'max_plies': bad value '2147483648' (expected an integer >= 0)"},
    {"max_plies", "1e3", "key 'max_plies': bad value '1e3' (expected an integer >= 0)"},
    {"name", "", "key 'name': the value is empty"},
    {"name", "0123456789012345678901234567890123456789012345678901234567890123",
     "key 'name': the value is 64 characters long, at most 63 fit"},
    {"start", "", "key 'start': the value is empty"},
};

START_TEST(test_set_option_errors)
{
    Ruleset rs = *ruleset_default();
    Error err = {{0}};
    Status st = ruleset_set_option(&rs, bad_options[_i].key, bad_options[_i].value, &err);
    ck_assert_int_eq(st, ST_EINVAL);
    ck_assert_str_eq(err.text, bad_options[_i].error);
    assert_rulesets_equal(&rs, ruleset_default());
}
END_TEST

START_TEST(test_set_option_values)
{
    Ruleset rs = *ruleset_default();
    Error err = {{0}};
    ck_assert_int_eq(ruleset_set_option(&rs, "size", "9", &err), ST_OK);
    ck_assert_int_eq(rs.size, 9);
    ck_assert_int_eq(ruleset_set_option(&rs, "size", "-3", &err), ST_OK); /* range: compile */
    ck_assert_int_eq(rs.size, -3);
    ck_assert_int_eq(ruleset_set_option(&rs, "max_plies", "2147483647", &err), ST_OK);
    ck_assert_int_eq(rs.max_plies, 2147483647);
    ck_assert_int_eq(ruleset_set_option(&rs, "throne", "no", &err), ST_OK);
    ck_assert(!rs.throne);
    ck_assert_int_eq(ruleset_set_option(&rs, "king_armed", "anvil", &err), ST_OK);
    ck_assert_int_eq(rs.king_armed, KING_ARMED_ANVIL);
    ck_assert_int_eq(ruleset_set_option(&rs, "repetition", "ignore", &err), ST_OK);
    ck_assert_int_eq(rs.repetition, END_RULE_IGNORE);
    ck_assert_int_eq(ruleset_set_option(&rs, "name", "x", &err), ST_OK);
    ck_assert_str_eq(rs.name, "x");
    ck_assert_int_eq(ruleset_set_option(&rs, "shieldwall", "corners", &err), ST_OK);
    ck_assert_int_eq(rs.shieldwall, SHIELDWALL_CORNERS);
    ck_assert_int_eq(ruleset_set_option(&rs, "shieldwall", "pieces", &err), ST_OK);
    ck_assert_int_eq(rs.shieldwall, SHIELDWALL_PIECES);
    ck_assert_int_eq(ruleset_set_option(&rs, "edge_fort", "yes", &err), ST_OK);
    ck_assert(rs.edge_fort);
}
END_TEST

START_TEST(test_base_and_overrides)
{
    Ruleset rs;
    read_ok("tablut-draws.ini", &rs);
    Ruleset want = *ruleset_preset_find("tablut");
    strcpy(want.name, "tablut-draws"); /* the file's base name */
    want.repetition = END_RULE_DRAW;
    want.no_moves = END_RULE_DRAW;
    want.max_plies = 400;
    assert_rulesets_equal(&rs, &want);

    /* Issue 25: limit_result is read, and written back (only when it is not draw). */
    read_ok("brandubh-limit60-attackers.ini", &rs);
    want = *ruleset_default();
    strcpy(want.name, "brandubh-limit60-attackers");
    want.max_plies = 60;
    want.limit_result = LIMIT_RESULT_ATTACKERS;
    assert_rulesets_equal(&rs, &want);
    char text[2048];
    ruleset_format(&rs, text, sizeof text);
    ck_assert_msg(strstr(text, "\nmax_plies = 60\nlimit_result = attackers\n"), "%s", text);
    want.limit_result = LIMIT_RESULT_DEFENDERS;
    ruleset_format(&want, text, sizeof text);
    ck_assert_msg(strstr(text, "\nlimit_result = defenders\n"), "%s", text);
    want.limit_result = LIMIT_RESULT_DRAW; /* the default is left out: older texts stay */
    ruleset_format(&want, text, sizeof text);
    ck_assert_msg(!strstr(text, "limit_result"), "%s", text);

    read_ok("toplevel.ini", &rs); /* no base: brandubh */
    want = *ruleset_default();
    strcpy(want.name, "strong-brandubh");
    want.king_capture = KING_CAPTURE_STRONG;
    want.throne_hostile_defenders = THRONE_HOSTILE_NEVER;
    want.first = SIDE_DEFENDERS;
    assert_rulesets_equal(&rs, &want);
}
END_TEST

START_TEST(test_presets_read_back)
{
    const Ruleset *p = ruleset_preset_at(_i);
    char text[2048], path[512];
    ck_assert_int_lt(ruleset_format(p, text, sizeof text), (int)sizeof text);
    write_temp(text, path, sizeof path);
    Ruleset back;
    Error err = {{0}};
    Status st = rulesfile_read(path, &back, &err);
    unlink(path);
    ck_assert_msg(st == ST_OK, "%s: %s", p->name, err.text);
    assert_rulesets_equal(&back, p);
}
END_TEST

START_TEST(test_long_start_continues)
{
    /* A 19x19 record is longer than an inih line: ruleset_format breaks it over indented
     * lines, and the reader joins them back. */
    Ruleset rs;
    read_ok("long-start.ini", &rs);
    ck_assert_int_eq(rs.size, 19);
    ck_assert_int_gt((int)strlen(rs.start), 300);
    ck_assert(strstr(rs.start, "/1ttttttttttttttttt1/19/9K9/19/1ttttttttttttttttt1/") != NULL);

    char text[2048], path[512];
    ck_assert_int_lt(ruleset_format(&rs, text, sizeof text), (int)sizeof text);
    ck_assert(strstr(text, "\n    ") != NULL);
    write_temp(text, path, sizeof path);
    Ruleset back;
    Error err = {{0}};
    Status st = rulesfile_read(path, &back, &err);
    unlink(path);
    ck_assert_msg(st == ST_OK, "%s", err.text);
    assert_rulesets_equal(&back, &rs);
}
END_TEST

/* Each fixture fails with this status and exactly this text after "PATH:" (or, for
 * engine-worded reasons, text starting with `error` and containing `also`). */
static const struct {
    const char *file;
    Status status;
    const char *error;
    const char *also; /* NULL: error is the whole text after the path */
} bad_files[] = {
    {"unknown-key.ini", ST_EINVAL, "2: key 'colour': unknown key (keys are name, size, ", ""},
    {"bad-value.ini", ST_EINVAL,
     "3: key 'king_armed': bad value 'maybe' (expected yes|no|hammer|anvil)", NULL},
    {"bad-max-plies.ini", ST_EINVAL,
     "1: key 'max_plies': bad value '-1' (expected an integer >= 0)", NULL},
    {"overflow-max-plies.ini", ST_EINVAL,
     "1: key 'max_plies': bad value '99999999999999999999' (expected an integer >= 0)", NULL},
    {"bad-size.ini", ST_EINVAL, "1: key 'size': bad value 'seven' (expected an integer)", NULL},
    {"bad-limit-result.ini", ST_EINVAL,
     "3: key 'limit_result': bad value 'white' (expected draw|attackers|defenders)", NULL},
    {"bad-throne-hostile.ini", ST_EINVAL,
     "1: key 'throne_hostile_defenders': bad value 'always' (expected empty|never)", NULL},
    {"unknown-preset.ini", ST_EINVAL,
     "1: key 'base': unknown preset 'chess' (presets: brandubh, brandub-cyningstan, ", "tablut"},
    {"base-not-first.ini", ST_EINVAL,
     "2: key 'base': must be the first key (line 1 sets 'size' before it)", NULL},
    {"duplicate.ini", ST_EINVAL, "3: key 'escape': given twice (first on line 1)", NULL},
    {"size-range.ini", ST_EINVAL, "2: key 'size': 21 is out of range (an odd number, 5..19)", NULL},
    {"size-even.ini", ST_EINVAL, "1: key 'size': 8 is out of range (an odd number, 5..19)", NULL},
    {"size-no-start.ini", ST_EINVAL, "1: key 'size': the base preset's start does not fit: ", ""},
    {"start-no-king.ini", ST_EINVAL, "1: key 'start': ", "king"},
    {"start-two-kings.ini", ST_EINVAL, "2: key 'start': ", "king"},
    {"start-no-move.ini", ST_EINVAL,
     "2: key 'start': the attackers have no legal move in the start layout", NULL},
    {"start-no-move-second.ini", ST_EINVAL,
     "3: key 'start': the attackers have no legal move in the start layout", NULL},
    {"unknown-section.ini", ST_EPARSE,
     "1: section '[game]': unknown section (keys go at the top or under [ruleset])", NULL},
    {"bom-section.ini", ST_EPARSE, /* the section after a byte-order mark, on its own line */
     "1: section '[game]': unknown section (keys go at the top or under [ruleset])", NULL},
    {"syntax.ini", ST_EPARSE, "2: syntax error (expected key = value, [ruleset] or a ; comment)",
     NULL},
    {"continuation.ini", ST_EPARSE,
     "2: key 'size': indented line '9' (only start goes on over lines)", NULL},
    {"long-line.ini", ST_EPARSE, "1: line longer than 197 characters (go on over indented lines)",
     NULL},
};

static bool contains_nocase(const char *text, const char *word)
{
    size_t n = strlen(word);
    if (n == 0) {
        return true;
    }
    for (const char *p = text; *p != '\0'; p++) {
        if (strncasecmp(p, word, n) == 0) {
            return true;
        }
    }
    return false;
}

START_TEST(test_bad_files)
{
    char path[512];
    data_path(bad_files[_i].file, path, sizeof path);
    Ruleset rs = *ruleset_default();
    Error err = {{0}};
    Status st = rulesfile_read(path, &rs, &err);
    ck_assert_msg(st == bad_files[_i].status, "%s: status %d: %s", path, (int)st, err.text);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "not one line: %s", err.text);
    char want[1024];
    snprintf(want, sizeof want, "%s:%s", path, bad_files[_i].error);
    if (bad_files[_i].also == NULL) {
        ck_assert_str_eq(err.text, want);
    } else {
        ck_assert_msg(strncmp(err.text, want, strlen(want)) == 0, "'%s' does not start '%s'",
                      err.text, want);
        ck_assert_msg(contains_nocase(err.text + strlen(want), bad_files[_i].also),
                      "'%s' does not mention '%s'", err.text, bad_files[_i].also);
    }
    assert_rulesets_equal(&rs, ruleset_default()); /* *out untouched on failure */
}
END_TEST

START_TEST(test_missing_file)
{
    char path[512], want[600];
    data_path("no-such-file.ini", path, sizeof path);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path);
    Ruleset rs;
    Error err = {{0}};
    ck_assert_int_eq(rulesfile_read(path, &rs, &err), ST_EIO);
    ck_assert_str_eq(err.text, want);
}
END_TEST

START_TEST(test_compile_error_names_file)
{
    /* A defender on a corner passes the line checks; rules_compile rejects the whole. */
    char path[512];
    write_temp("start = /T2t3/3t3/3T3/ttTKtt1/3T3/3t3/3t3/\n", path, sizeof path);
    Ruleset rs;
    Error err = {{0}};
    Status st = rulesfile_read(path, &rs, &err);
    unlink(path);
    ck_assert_int_ne(st, ST_OK);
    ck_assert_msg(strncmp(err.text, path, strlen(path)) == 0 && err.text[strlen(path)] == ':',
                  "'%s' does not name the file", err.text);
}
END_TEST

START_TEST(test_resolve)
{
    Ruleset rs;
    Error err = {{0}};
    ck_assert_int_eq(rulesfile_resolve("tablut", &rs, &err), ST_OK);
    assert_rulesets_equal(&rs, ruleset_preset_find("tablut"));

    ck_assert_int_eq(rulesfile_resolve("dim:7 ks:c tfr:l start:" CROSS_7, &rs, &err), ST_OK);
    ck_assert_str_eq(rs.name, "otn");
    ck_assert_int_eq(rs.king_capture, KING_CAPTURE_THRONE4_ADJ3);
    ck_assert_int_eq(rs.repetition, END_RULE_LOSE);

    ck_assert_int_eq(rulesfile_resolve("dim:7 ks:q start:" CROSS_7, &rs, &err), ST_EPARSE);
    ck_assert_str_eq(err.text, "OTN rules key 'ks' at column 7: bad value 'q' (expected "
                               "s|c|m|w|y|n)");
    ck_assert_int_ne(rulesfile_resolve("dim:9 start:" CROSS_7, &rs, &err), ST_OK);
    ck_assert_msg(strncmp(err.text, "OTN rules: ", 11) == 0, "%s", err.text);

    char path[512];
    data_path("tablut-draws.ini", path, sizeof path);
    ck_assert_int_eq(rulesfile_resolve(path, &rs, &err), ST_OK);
    ck_assert_str_eq(rs.name, "tablut-draws");

    ck_assert_int_eq(rulesfile_resolve("brandub", &rs, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "'brandub' is not a preset") == err.text, "%s", err.text);
    ck_assert_msg(strstr(err.text, "presets: brandubh, brandub-cyningstan") != NULL, "%s",
                  err.text);
}
END_TEST

/* Issue 7, hostile input: a ruleset in which a side cannot move at the start is refused
 * wherever a user names one, with the side named; the engine itself still accepts it. */
START_TEST(test_layout_where_a_side_cannot_move_is_refused)
{
    const char *boxed = "/7/tT5/T6/3K3/7/7/7/"; /* the only attacker, a2, is boxed in */
    Ruleset rs;
    Error err = {{0}};
    char otn[256];
    snprintf(otn, sizeof otn, "dim:7 start:%s", boxed);
    ck_assert_int_eq(rulesfile_resolve(otn, &rs, &err), ST_EINVAL);
    ck_assert_str_eq(err.text,
                     "OTN rules: start: the attackers have no legal move in the start layout");

    Ruleset raw = *ruleset_default();
    snprintf(raw.start, sizeof raw.start, "%s", boxed);
    Rules r;
    ck_assert_int_eq(rules_compile(&raw, &r, &err), ST_OK);
    ck_assert_int_eq(rulesfile_check_start(&r, &err), ST_EINVAL);
    raw.first = SIDE_DEFENDERS; /* the attackers move second: still blocked */
    ck_assert_int_eq(rules_compile(&raw, &r, &err), ST_OK);
    ck_assert_int_eq(rulesfile_check_start(&r, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "start: the attackers have no legal move in the start layout");
    for (int i = 0; i < ruleset_preset_count(); i++) {
        ck_assert_int_eq(rules_compile(ruleset_preset_at(i), &r, &err), ST_OK);
        ck_assert_msg(rulesfile_check_start(&r, &err) == ST_OK, "%s: %s",
                      ruleset_preset_at(i)->name, err.text);
    }
}
END_TEST

/* Found by fuzz_ruleset (tests/fuzz/ruleset/regress-name-semicolon): `name =;` gave the name
 * ';', which `rules show` wrote as `name = ;`, a comment that does not read back. A name is
 * letters, digits, '.', '_', '+' and '-'. */
START_TEST(test_name_must_read_back)
{
    char path[512], want[700];
    write_temp("name =;\n", path, sizeof path);
    Ruleset rs;
    Error err = {{0}};
    Status st = rulesfile_read(path, &rs, &err);
    unlink(path);
    ck_assert_int_eq(st, ST_EINVAL);
    snprintf(want, sizeof want,
             "%s:1: key 'name': bad value ';' (a name is letters, digits, '.', '_', '+' and '-')",
             path);
    ck_assert_str_eq(err.text, want);
    ck_assert(ruleset_name_ok("tablut-draws_v2.1+x"));
    const char *bad[] = {"", "a b", "a;b", "a#", "a=b", "[x]", "\"q\"", "a,b", "tab\t"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!ruleset_name_ok(bad[i]), "'%s' accepted", bad[i]);
    char longest[RULES_NAME_MAX + 1];
    memset(longest, 'x', RULES_NAME_MAX);
    longest[RULES_NAME_MAX] = '\0';
    ck_assert(!ruleset_name_ok(longest));
    longest[RULES_NAME_MAX - 1] = '\0';
    ck_assert(ruleset_name_ok(longest));
}
END_TEST

/* Issue 7: a NUL byte (a binary file, /dev/zero) is one error naming the line, not an endless
 * read of empty lines. */
START_TEST(test_nul_byte_is_refused)
{
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/tafl-rulesfile-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    static const char text[] = "name = x\nsize = 7\0\n";
    ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    Ruleset rs;
    Error err = {{0}};
    Status st = rulesfile_read(path, &rs, &err);
    char want[600];
    snprintf(want, sizeof want, "%s:2: a NUL byte: not a text file", path);
    unlink(path);
    ck_assert_int_eq(st, ST_EPARSE);
    ck_assert_str_eq(err.text, want);
}
END_TEST

Suite *rulesfile_suite(void)
{
    Suite *s = suite_create("rulesfile");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_format_brandubh);
    tcase_add_loop_test(tc, test_set_option_errors, 0,
                        (int)(sizeof bad_options / sizeof bad_options[0]));
    tcase_add_test(tc, test_set_option_values);
    suite_add_tcase(s, tc);

    tc = tcase_create("files");
    tcase_add_test(tc, test_base_and_overrides);
    tcase_add_loop_test(tc, test_presets_read_back, 0, ruleset_preset_count());
    tcase_add_test(tc, test_long_start_continues);
    tcase_add_loop_test(tc, test_bad_files, 0, (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_compile_error_names_file);
    tcase_add_test(tc, test_resolve);
    tcase_add_test(tc, test_layout_where_a_side_cannot_move_is_refused);
    tcase_add_test(tc, test_nul_byte_is_refused);
    tcase_add_test(tc, test_name_must_read_back);
    suite_add_tcase(s, tc);
    return s;
}
