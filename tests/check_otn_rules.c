/* OpenTafl rules strings (RULES.md section 7): exact exports, round trips of every preset,
 * warnings for what OTN cannot say, and an error naming the key and column for every bad key. */
#include <stdio.h>
#include <string.h>

#include "rules/otn.h"
#include "tests/tests.h"

#define CROSS_7 "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
/* OpenTafl's built-in Brandub, as RULES.md section 7 quotes it. */
#define OPENTAFL_BRANDUB "dim:7 surf:n ks:w cenh: cenhe: start:" CROSS_7

static const Ruleset *preset(const char *name)
{
    const Ruleset *rs = ruleset_preset_find(name);
    ck_assert_msg(rs != NULL, "no preset %s", name);
    return rs;
}

static void parse_ok(const char *text, Ruleset *rs)
{
    Error err = {{0}};
    Status st = otn_parse_rules(text, rs, &err);
    ck_assert_msg(st == ST_OK, "'%s' does not parse: %s", text, err.text);
}

/* The fields an OTN rules string can carry; king_capture's edge3 and elsewhere2 come back as
 * throne4_adj3 (ks:c, with a warning),
 * and a repetition rule the spec's tfr has no value for as tfr's default, draw. */
static void assert_expressible_equal(const Ruleset *want, const Ruleset *got, const char *what)
{
    EndRule rep = want->repetition == END_RULE_DEFENDERS_LOSE ||
                          want->repetition == END_RULE_DEFENDERS_NO_REPEAT
                      ? END_RULE_DRAW
                      : want->repetition;
    KingCapture kc = want->king_capture == KING_CAPTURE_THRONE4_ADJ3_EDGE3 ||
                             want->king_capture == KING_CAPTURE_THRONE4_ELSEWHERE2
                         ? KING_CAPTURE_THRONE4_ADJ3
                         : want->king_capture;
    ck_assert_msg(got->size == want->size, "%s: size", what);
    ck_assert_msg(strcmp(got->start, want->start) == 0, "%s: start %s", what, got->start);
    ck_assert_msg(got->first == want->first, "%s: first", what);
    ck_assert_msg(got->throne == want->throne, "%s: throne", what);
    ck_assert_msg(got->corners == want->corners, "%s: corners", what);
    ck_assert_msg(got->throne_reentry == want->throne_reentry, "%s: throne_reentry", what);
    ck_assert_msg(got->throne_pass == want->throne_pass, "%s: throne_pass", what);
    ck_assert_msg(got->king_armed == want->king_armed, "%s: king_armed", what);
    ck_assert_msg(got->corner_hostile == want->corner_hostile, "%s: corner_hostile", what);
    ck_assert_msg(got->throne_hostile_attackers == want->throne_hostile_attackers,
                  "%s: throne_hostile_attackers", what);
    ck_assert_msg(got->throne_hostile_defenders == want->throne_hostile_defenders,
                  "%s: throne_hostile_defenders", what);
    ck_assert_msg(got->king_capture == kc, "%s: king_capture", what);
    ck_assert_msg(got->escape == want->escape, "%s: escape", what);
    ck_assert_msg(got->encirclement == want->encirclement, "%s: encirclement", what);
    ck_assert_msg(got->repetition == rep, "%s: repetition", what);
    ck_assert_msg(got->shieldwall == want->shieldwall, "%s: shieldwall", what);
    ck_assert_msg(got->edge_fort == want->edge_fort, "%s: edge_fort", what);
}

/* What import gives for the options OTN has no key for (RULES.md section 7). */
static void assert_project_defaults(const Ruleset *rs)
{
    ck_assert_str_eq(rs->name, "otn");
    ck_assert_int_eq(rs->no_moves, END_RULE_LOSE);
    ck_assert(!rs->draw_fort);
    ck_assert_int_eq(rs->max_plies, 0);
}

START_TEST(test_brandubh_exact)
{
    char buf[OTN_RULES_MAX], warnings[256];
    otn_format_rules(preset("brandubh"), buf, warnings);
    ck_assert_str_eq(buf, "dim:7 ks:c tfr:l start:" CROSS_7);
    ck_assert_str_eq(warnings, "draw_fort");         /* seeds 002/003 rule 8b has no OTN key */
    otn_format_rules(preset("brandubh"), buf, NULL); /* warnings may be NULL */
    ck_assert_str_eq(buf, "dim:7 ks:c tfr:l start:" CROSS_7);
}
END_TEST

START_TEST(test_opentafl_brandub)
{
    Ruleset rs;
    parse_ok(OPENTAFL_BRANDUB, &rs);
    const Ruleset *cyn = preset("brandub-cyningstan");
    assert_expressible_equal(cyn, &rs, "OpenTafl Brandub");
    assert_project_defaults(&rs);
    /* OpenTafl's own tie rules: a side without moves loses, repetition is a draw (tfr:d). */
    ck_assert_int_eq(rs.repetition, END_RULE_DRAW);
    ck_assert_int_ne(rs.no_moves, cyn->no_moves);

    char buf[OTN_RULES_MAX], warnings[256];
    otn_format_rules(cyn, buf, warnings);
    ck_assert_str_eq(buf, OPENTAFL_BRANDUB);
    ck_assert_str_eq(warnings, "no_moves");
}
END_TEST

/* The spec's tfr (l: the repeater loses, w: wins, d: draw, i: ignore) has no value for
 * Copenhagen's "a loss for white" or hnefatafl.org's no-repeat rule: no tfr is written (never
 * one that means another rule) and the warnings name repetition. */
START_TEST(test_tfr_not_written_for_defenders_rules)
{
    char buf[OTN_RULES_MAX], warnings[256];
    otn_format_rules(ruleset_preset_find("copenhagen"), buf, warnings);
    ck_assert_ptr_null(strstr(buf, "tfr:"));
    ck_assert_str_eq(warnings, "repetition");
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.repetition = END_RULE_DEFENDERS_NO_REPEAT;
    otn_format_rules(&rs, buf, warnings);
    ck_assert_ptr_null(strstr(buf, "tfr:"));
    ck_assert_str_eq(warnings, "repetition, draw_fort");
    rs.repetition = END_RULE_LOSE;
    otn_format_rules(&rs, buf, warnings);
    ck_assert_ptr_nonnull(strstr(buf, "tfr:l "));
}
END_TEST

START_TEST(test_round_trip_presets)
{
    const Ruleset *p = ruleset_preset_at(_i);
    char first[OTN_RULES_MAX], second[OTN_RULES_MAX], warnings[256];
    otn_format_rules(p, first, warnings);
    Ruleset back;
    parse_ok(first, &back);
    assert_expressible_equal(p, &back, p->name);
    assert_project_defaults(&back);
    /* The import compiles, and exporting it again gives the same string without warnings
     * (the project defaults are what import gives back). */
    Rules r;
    Error err = {{0}};
    ck_assert_msg(rules_compile(&back, &r, &err) == ST_OK, "%s: %s", first, err.text);
    otn_format_rules(&back, second, warnings);
    ck_assert_str_eq(second, first);
    ck_assert_str_eq(warnings, "");
}
END_TEST

START_TEST(test_rules_string_names_its_preset)
{
    /* An engine given a preset's rules string plays the first preset with that string
     * (otn_rules_preset). Two share one only when they differ in options OTN cannot carry
     * (brandubh-online is brandubh with a king taken by two off the throne); a tafl-lab host
     * then sends those options (otep_format_rules_extension). */
    const Ruleset *p = ruleset_preset_at(_i);
    const Ruleset *q = otn_rules_preset(p);
    ck_assert_msg(q != NULL, "%s: no preset found", p->name);
    char otn[OTN_RULES_MAX], theirs[OTN_RULES_MAX];
    otn_format_rules(p, otn, NULL);
    otn_format_rules(q, theirs, NULL);
    ck_assert_str_eq(otn, theirs);
    int first = 0;
    while (ruleset_preset_at(first) != q)
        first++;
    ck_assert_int_le(first, _i);
    Ruleset bare;
    parse_ok(otn, &bare);
    ck_assert_ptr_eq(otn_rules_preset(&bare), q);
    if (strcmp(p->name, "brandubh") == 0 || strcmp(p->name, "copenhagen") == 0 ||
        strcmp(p->name, "tablut") == 0)
        ck_assert_ptr_eq(q, p);
    /* A change OTN cannot carry keeps the string the preset's; one it carries does not. */
    Ruleset other = *p;
    other.draw_fort = !other.draw_fort;
    ck_assert_ptr_eq(otn_rules_preset(&other), q);
    other = *p;
    other.throne_reentry = !other.throne_reentry;
    ck_assert_ptr_null(otn_rules_preset(&other));
}
END_TEST

START_TEST(test_every_option_value_round_trips)
{
    /* Each value of each option OTN can express, one at a time on top of brandubh. */
    static const struct {
        const char *key, *value, *otn; /* otn: the entry the export must contain */
    } cases[] = {
        {"first", "defenders", " atkf:n "},
        {"throne", "no", " cen: "},
        {"corners", "no", " cor: "},
        {"throne_reentry", "no", " cenre: "},
        {"throne_pass", "king", " cenp:K "},
        {"throne_pass", "none", " cenp: "},
        {"king_armed", "no", " ka:n "},
        {"king_armed", "hammer", " ka:h "},
        {"king_armed", "anvil", " ka:a "},
        {"corner_hostile", "attackers", " corh:t "},
        {"corner_hostile", "defenders", " corh:T "},
        {"corner_hostile", "none", " corh: "},
        {"throne_hostile_attackers", "empty", " cenh: "},
        {"throne_hostile_attackers", "never", " cenh: cenhe:T "},
        {"throne_hostile_defenders", "never", " cenhe:t "},
        {"king_capture", "custodial", " ks:w "},
        {"king_capture", "strong", "dim:7 tfr:l "},
        {"escape", "edge", " esc:e "},
        {"encirclement", "no", " surf:n "},
        {"repetition", "draw", "dim:7 ks:c start:"},
        {"repetition", "ignore", " tfr:i "},
        {"shieldwall", "pieces", " sw:w "},
        {"shieldwall", "corners", " sw:s "},
        {"edge_fort", "yes", " efe:y "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Ruleset rs = *preset("brandubh");
        Error err = {{0}};
        ck_assert_msg(ruleset_set_option(&rs, cases[i].key, cases[i].value, &err) == ST_OK, "%s",
                      err.text);
        char buf[OTN_RULES_MAX];
        otn_format_rules(&rs, buf, NULL);
        ck_assert_msg(strstr(buf, cases[i].otn) != NULL, "%s = %s exports as '%s'", cases[i].key,
                      cases[i].value, buf);
        Ruleset back;
        parse_ok(buf, &back);
        assert_expressible_equal(&rs, &back, buf);
    }
}
END_TEST

START_TEST(test_warnings)
{
    char buf[OTN_RULES_MAX], warnings[256];
    otn_format_rules(preset("brandubh-livas"), buf, warnings);
    ck_assert_str_eq(buf, "dim:7 surf:n ka:n ks:c cenre: start:" CROSS_7);
    ck_assert_str_eq(warnings, "king_capture, no_moves");

    Ruleset rs = *preset("brandubh");
    rs.no_moves = END_RULE_DRAW;
    rs.max_plies = 300;
    rs.king_capture = KING_CAPTURE_THRONE4_ADJ3_EDGE3;
    otn_format_rules(&rs, buf, warnings);
    ck_assert_str_eq(warnings, "king_capture, no_moves, draw_fort, max_plies");
    rs.limit_result = LIMIT_RESULT_DEFENDERS; /* issue 25: OTN has no key for it either */
    otn_format_rules(&rs, buf, warnings);
    ck_assert_str_eq(warnings, "king_capture, no_moves, draw_fort, max_plies, limit_result");

    rs = *preset("brandubh");
    rs.draw_fort = false;
    strcpy(warnings, "junk");
    otn_format_rules(&rs, buf, warnings);
    ck_assert_str_eq(warnings, ""); /* the name is not an option: no warning for it */
}
END_TEST

START_TEST(test_opentafl_examples)
{
    /* The examples of opentafl-notation-spec.txt section 3 that this project can play. */
    Ruleset rs;
    parse_ok("dim:11 atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/"
             "5t5/3ttttt3/",
             &rs); /* Fetlar */
    ck_assert_int_eq(rs.size, 11);
    ck_assert_int_eq(rs.first, SIDE_DEFENDERS);
    ck_assert_int_eq(rs.king_capture, KING_CAPTURE_STRONG);
    ck_assert_int_eq(rs.repetition, END_RULE_DRAW);
    ck_assert(rs.throne && rs.corners && rs.throne_reentry && rs.encirclement);
    ck_assert_int_eq(rs.throne_pass, THRONE_PASS_ALL);
    ck_assert_int_eq(rs.corner_hostile, CORNER_HOSTILE_ALL);
    ck_assert_int_eq(rs.throne_hostile_attackers, THRONE_HOSTILE_ALWAYS);
    ck_assert_int_eq(rs.throne_hostile_defenders, THRONE_HOSTILE_EMPTY);
    assert_project_defaults(&rs);

    parse_ok("dim:9 esc:e ka:n cen: cenhe: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/"
             "4T4/4t4/3ttt3/",
             &rs); /* Sea Battle 9x9 */
    ck_assert_int_eq(rs.escape, ESCAPE_EDGE);
    ck_assert_int_eq(rs.king_armed, KING_ARMED_NO);
    ck_assert(!rs.throne && !rs.corners);

    /* The older spellings of ks (y = strong, n = weak) and the spec's Brandub example. */
    parse_ok("dim:7 ks:n cenhe: cenh: start:" CROSS_7, &rs);
    ck_assert_int_eq(rs.king_capture, KING_CAPTURE_CUSTODIAL);
    ck_assert_int_eq(rs.throne_hostile_attackers, THRONE_HOSTILE_NEVER);
    ck_assert_int_eq(rs.throne_hostile_defenders, THRONE_HOSTILE_NEVER);
    parse_ok("dim:7 ks:y start:" CROSS_7, &rs);
    ck_assert_int_eq(rs.king_capture, KING_CAPTURE_STRONG);
}
END_TEST

START_TEST(test_lenient_forms)
{
    Ruleset rs, want;
    parse_ok("dim:7 ks:c tfr:l start:" CROSS_7, &want);
    /* Order (OpenTafl reads a map), any blank space, OpenTafl's full default lists with the
     * piece types this project lacks, explicit standard squares, a name, no-op feature keys. */
    static const char *const same[] = {
        "tfr:l start:" CROSS_7 " ks:c dim:7",
        "  dim:7\tks:c\n tfr:l\r\nstart:" CROSS_7 "  ",
        "dim:7 name:Brandubh_seeds ks:c tfr:l corh:tcnkmTCNKM cenh:tcnkm cenhe:tcnkTCNK "
        "cenp:tcnkTCNK cens:K cenre:tcnkTCNK cors:K corp:K corre:tcnkTCNK start:" CROSS_7,
        "dim:7 ks:c tfr:l cor:a1,g1,a7,g7, cen:d4, start:" CROSS_7,
        "dim:7 ks:c tfr:l cor:g7,,a7,a1,g1 cen:d4 start:" CROSS_7,
        "dim:7 ks:c tfr:l sw:n swf:y efe:n kj:n nj:r cj:c ber:n spd:-1 afor: dfor: aforh:T "
        "dforh:t aforp: dforp: afors: dfors: aforre: dforre: start:" CROSS_7,
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        parse_ok(same[i], &rs);
        assert_expressible_equal(&want, &rs, same[i]);
    }
    /* Without a throne, what may stop on it does not matter. */
    parse_ok("dim:7 cen: cens: start:" CROSS_7, &rs);
    ck_assert(!rs.throne);
    /* cenh without t, cenhe with t: the throne is hostile to attackers only when empty. */
    parse_ok("dim:7 cenh: start:" CROSS_7, &rs);
    ck_assert_int_eq(rs.throne_hostile_attackers, THRONE_HOSTILE_EMPTY);
    ck_assert_int_eq(rs.throne_hostile_defenders, THRONE_HOSTILE_EMPTY);
}
END_TEST

/* Each string fails with ST_EPARSE and exactly this message. */
static const struct {
    const char *text;
    const char *error;
} bad_strings[] = {
    {"dim:7 xyz:1 start:" CROSS_7, "unknown OTN rules key 'xyz' at column 7"},
    {"dim:7 ks:c Dim:7 start:" CROSS_7, "unknown OTN rules key 'Dim' at column 12"},
    {"dim:7 :y start:" CROSS_7, "unknown OTN rules key '' at column 7"},
    {"dim:7 tfr:w start:" CROSS_7,
     "OTN rules key 'tfr' at column 7: value 'w' is not supported (the side that repeats "
     "winning)"},
    {"dim:7 ks:m start:" CROSS_7,
     "OTN rules key 'ks' at column 7: value 'm' is not supported (the middleweight king)"},
    {"dim:7 ks:c sw:s swf:n start:" CROSS_7,
     "OTN rules key 'swf' at column 17: value 'n' is not supported (shieldwall captures by a "
     "move that closes no end)"},
    {"dim:7 sw:x start:" CROSS_7, "OTN rules key 'sw' at column 7: bad value 'x' (expected n|w|s)"},
    {"dim:7 efe:Y start:" CROSS_7, "OTN rules key 'efe' at column 7: bad value 'Y' (expected y|n)"},
    {"dim:7 kj:r start:" CROSS_7,
     "OTN rules key 'kj' at column 7: value 'r' is not supported (king jumps)"},
    {"dim:7 ber:c start:" CROSS_7,
     "OTN rules key 'ber' at column 7: value 'c' is not supported (berserk moves)"},
    {"dim:7 spd:2 start:" CROSS_7,
     "OTN rules key 'spd' at column 7: value '2' is not supported (speed limits)"},
    {"dim:7 afor:b2, start:" CROSS_7,
     "OTN rules key 'afor' at column 7: value 'b2,' is not supported (fortresses)"},
    {"dim:7 cens:tTK start:" CROSS_7,
     "OTN rules key 'cens' at column 7: 'tTK' is not supported (only the king may stop there)"},
    {"dim:7 cens: start:" CROSS_7,
     "OTN rules key 'cens' at column 7: '' is not supported (only the king may stop there)"},
    {"dim:7 cor: cors:t start:" CROSS_7,
     "OTN rules key 'cors' at column 12: 't' is not supported (only the king may stop there; "
     "or empty without the squares)"},
    {"dim:7 cen:c3 start:" CROSS_7,
     "OTN rules key 'cen' at column 7: 'c3' is not supported (only the centre square, or "
     "none)"},
    {"dim:7 cor:a1,g7 start:" CROSS_7,
     "OTN rules key 'cor' at column 7: 'a1,g7' is not supported (only the four corner squares, "
     "or none)"},
    {"dim:7 cen:h4 start:" CROSS_7, "OTN rules key 'cen' at column 7: bad space 'h4' for a 7x7 "
                                    "board"},
    {"dim:7 cen:d-4 start:" CROSS_7,
     "OTN rules key 'cen' at column 7: bad space list 'd-4' (expected e.g. a1,g1,)"},
    {"dim:7 cenp:tK start:" CROSS_7,
     "OTN rules key 'cenp' at column 7: 'tK' is not supported (expected all of tTK, only K, or "
     "none)"},
    {"dim:7 cenh:tT start:" CROSS_7,
     "OTN rules key 'cenh' at column 7: 'tT' is not supported (T: the king's throne hostile to "
     "defenders)"},
    {"dim:7 corh:tx start:" CROSS_7,
     "OTN rules key 'corh' at column 7: bad piece type 'x' in 'tx' (expected tcnkmTCNKM)"},
    {"dim:7 esc:q start:" CROSS_7, "OTN rules key 'esc' at column 7: bad value 'q' (expected c|e)"},
    {"dim:7 surf:yes start:" CROSS_7,
     "OTN rules key 'surf' at column 7: bad value 'yes' (expected y|n)"},
    {"dim:7 ka: start:" CROSS_7, "OTN rules key 'ka' at column 7: bad value '' (expected y|n|a|h)"},
    {"dim:seven start:" CROSS_7,
     "OTN rules key 'dim' at column 1: bad value 'seven' (expected a board size)"},
    {"dim:21 start:" CROSS_7,
     "OTN rules key 'dim' at column 1: board size 21 is out of range (5..19)"},
    {"dim:7 start:", "OTN rules key 'start' at column 7: the position record is empty"},
    {"dim:7 ks:c ks:w start:" CROSS_7,
     "OTN rules key 'ks' at column 12: given twice (first at column 7)"},
    {"dim:7 cen start:" CROSS_7, "OTN rules key 'cen' at column 7: no ':' after the key"},
    {"dim:7 ks:c", "OTN rules string has no 'start:' (it needs dim:N and start:/.../)"},
    {"ks:c start:" CROSS_7, "OTN rules string has no 'dim:' (it needs dim:N and start:/.../)"},
    {"", "OTN rules string has no 'dim:' (it needs dim:N and start:/.../)"},
};

START_TEST(test_bad_strings)
{
    const char *text = bad_strings[_i].text;
    Ruleset rs = *preset("brandubh");
    Ruleset before = rs;
    Error err = {{0}};
    Status st = otn_parse_rules(text, &rs, &err);
    ck_assert_msg(st == ST_EPARSE, "'%s' gave %d", text, (int)st);
    ck_assert_str_eq(err.text, bad_strings[_i].error);
    ck_assert_msg(memcmp(&rs, &before, sizeof rs) == 0, "'%s' changed *rs on failure", text);
}
END_TEST

/* Issue 22: a user's tfr:l keeps the notation spec's meaning (the repeater loses), with a
 * warning that OpenTafl's program plays tfr:l and tfr:w the other way round; a string without
 * them needs none. */
START_TEST(test_tfr_keeps_the_spec_meaning_with_a_warning)
{
    Ruleset rs;
    parse_ok("dim:7 ks:c tfr:l start:" CROSS_7, &rs);
    ck_assert_int_eq(rs.repetition, END_RULE_LOSE);
    const char *w = otn_rules_warning("dim:7 ks:c tfr:l start:" CROSS_7);
    ck_assert_ptr_nonnull(w);
    ck_assert_msg(strstr(w, "OpenTafl's program plays tfr:l and tfr:w the other way round"), "%s",
                  w);
    /* tfr:w (the repeater wins) is an error of otn_parse_rules: that error is the one line. */
    ck_assert_ptr_null(otn_rules_warning("tfr:w dim:7 start:" CROSS_7));
    ck_assert_ptr_null(otn_rules_warning("dim:7 ks:c tfr:d start:" CROSS_7));
    ck_assert_ptr_null(otn_rules_warning("dim:7 ks:c tfr:i start:" CROSS_7));
    ck_assert_ptr_null(otn_rules_warning("dim:7 ks:c start:" CROSS_7));
    ck_assert_ptr_null(otn_rules_warning("dim:7 name:tfr:l start:" CROSS_7));
    ck_assert_ptr_null(otn_rules_warning("not a rules string"));
}
END_TEST

START_TEST(test_long_start)
{
    /* A start record near RULES_START_MAX still fits in an exported string. */
    Ruleset rs = *preset("brandubh");
    memset(rs.start, '/', RULES_START_MAX - 1);
    rs.start[RULES_START_MAX - 1] = '\0';
    char buf[OTN_RULES_MAX];
    otn_format_rules(&rs, buf, NULL);
    Ruleset back;
    parse_ok(buf, &back);
    ck_assert_str_eq(back.start, rs.start);

    char text[OTN_RULES_MAX + 16];
    snprintf(text, sizeof text, "dim:7 start:%s/", rs.start);
    Error err = {{0}};
    ck_assert_int_eq(otn_parse_rules(text, &back, &err), ST_EPARSE);
    ck_assert_str_eq(err.text, "OTN rules key 'start' at column 7: the position record is 512 "
                               "characters long, at most 511 fit");
}
END_TEST

Suite *otn_rules_suite(void)
{
    Suite *s = suite_create("otn_rules");
    TCase *tc = tcase_create("export");
    tcase_add_test(tc, test_brandubh_exact);
    tcase_add_test(tc, test_opentafl_brandub);
    tcase_add_loop_test(tc, test_round_trip_presets, 0, ruleset_preset_count());
    tcase_add_loop_test(tc, test_rules_string_names_its_preset, 0, ruleset_preset_count());
    tcase_add_test(tc, test_tfr_not_written_for_defenders_rules);
    tcase_add_test(tc, test_every_option_value_round_trips);
    tcase_add_test(tc, test_warnings);
    suite_add_tcase(s, tc);

    tc = tcase_create("import");
    tcase_add_test(tc, test_opentafl_examples);
    tcase_add_test(tc, test_lenient_forms);
    tcase_add_loop_test(tc, test_bad_strings, 0, (int)(sizeof bad_strings / sizeof bad_strings[0]));
    tcase_add_test(tc, test_long_start);
    tcase_add_test(tc, test_tfr_keeps_the_spec_meaning_with_a_warning);
    suite_add_tcase(s, tc);
    return s;
}
