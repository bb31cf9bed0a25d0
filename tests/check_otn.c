/* OTN squares, moves and position records: round trips and every malformed-input error. */
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "tests/tests.h"

START_TEST(test_square_round_trip_every_size)
{
    for (int n = RULES_MIN_SIZE; n <= RULES_MAX_SIZE; n += 2) {
        Rules r;
        memset(&r, 0, sizeof r);
        r.size = n;
        r.squares = n * n;
        for (int sq = 0; sq < r.squares; sq++) {
            char text[4];
            otn_format_square(&r, sq, text);
            const char *end;
            ck_assert_int_eq(otn_parse_square(&r, text, &end), sq);
            ck_assert_int_eq(*end, '\0');
        }
    }
}
END_TEST

/* RULES.md: "rank 1 is the first row of a position record"; "the attackers' first moves
 * include d1-b1". */
START_TEST(test_square_orientation_rank1_is_top_row)
{
    Rules r;
    fixture_rules("brandubh", &r);
    ck_assert_int_eq(otn_parse_square(&r, "a1", NULL), 0);
    ck_assert_int_eq(otn_parse_square(&r, "g7", NULL), 48);
    ck_assert_int_eq(otn_parse_square(&r, "d1", NULL), 3);
    GameState s;
    state_init(&r, &s);
    ck_assert_int_eq(fixture_piece(&r, &s, "d1"), PIECE_ATTACKER);
    ck_assert_int_eq(fixture_piece(&r, &s, "d4"), PIECE_KING);
    ck_assert(fixture_is_legal(&r, &s, "d1-b1"));
    ck_assert_int_eq(otn_parse_square(&r, "h1", NULL), -1);
    ck_assert_int_eq(otn_parse_square(&r, "a8", NULL), -1);
    ck_assert_int_eq(otn_parse_square(&r, "a0", NULL), -1);
}
END_TEST

START_TEST(test_move_round_trip_with_captures)
{
    Rules r;
    fixture_rules("tablut", &r);
    const char *texts[] = {"a4-d4", "d1-d3xd4/e3", "e5-e9", "i9-a9xb8/c9/h8"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Move m;
        CaptureList caps;
        Error err;
        ck_assert_int_eq(otn_parse_move(&r, texts[i], &m, &caps, &err), ST_OK);
        char out[OTN_MOVE_RECORD_MAX];
        otn_format_move(&r, m, caps.count > 0 ? &caps : NULL, out);
        ck_assert_str_eq(out, texts[i]);
    }
    Move m;
    CaptureList caps;
    Error err;
    ck_assert_int_eq(otn_parse_move(&r, "Ke5-e9", &m, &caps, &err), ST_OK);
    ck_assert_int_eq(caps.count, -1);
    ck_assert_int_eq(m.from, otn_parse_square(&r, "e5", NULL));
}
END_TEST

/* OTN game records' move records: "Use taflman-symbol for special pieces only", captured
 * pieces may be named too, and an info-symbol may follow (opentafl-notation-spec.txt 2). */
START_TEST(test_move_record_marks_and_piece_letters)
{
    Rules r;
    fixture_rules("tablut", &r);
    static const struct {
        const char *text;
        int ncaps;
        OtnStatus status;
    } cases[] = {
        {"Ke5-e1-", -1, OTN_STATUS_NONE},          {"a3-e3+", -1, OTN_STATUS_NONE},
        {"e3-e4++", -1, OTN_STATUS_KING_CAPTURED}, {"Ke1-a1--", -1, OTN_STATUS_KING_ESCAPED},
        {"d1-d3xTd4/e3", 2, OTN_STATUS_NONE},      {"d1-d3xd4/Ke3++", 2, OTN_STATUS_KING_CAPTURED},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Move m;
        CaptureList caps;
        OtnStatus status;
        Error err = {{0}};
        ck_assert_msg(otn_parse_move_record(&r, cases[i].text, &m, &caps, &status, &err) == ST_OK,
                      "%s: %s", cases[i].text, err.text);
        ck_assert_int_eq(caps.count, cases[i].ncaps);
        ck_assert_int_eq(status, cases[i].status);
        /* A plain move has no marks. */
        ck_assert_int_ne(otn_parse_move(&r, cases[i].text, &m, &caps, &err), ST_OK);
    }
    Move m;
    OtnStatus status;
    Error err = {{0}};
    ck_assert_int_ne(otn_parse_move_record(&r, "d1-d3+++", &m, NULL, &status, &err), ST_OK);
    ck_assert_int_ne(otn_parse_move_record(&r, "d1-d3xd4x", &m, NULL, &status, &err), ST_OK);
}
END_TEST

static void assert_bad_move(const char *text, const char *needle)
{
    Rules r;
    fixture_rules("brandubh", &r);
    Move m;
    Error err = {{0}};
    ck_assert_int_ne(otn_parse_move(&r, text, &m, NULL, &err), ST_OK);
    ck_assert_msg(strstr(err.text, needle) != NULL, "'%s': error '%s' lacks '%s'", text, err.text,
                  needle);
}

START_TEST(test_move_errors_name_column)
{
    assert_bad_move("", "column 1");
    assert_bad_move("z1-a1", "column 1");
    assert_bad_move("a1a3", "column 3");
    assert_bad_move("a1-", "column 4");
    assert_bad_move("a1-a9", "column 4");
    assert_bad_move("a1-b2", "one row or one column");
    assert_bad_move("a1-a1", "one row or one column");
    assert_bad_move("a1-a3x", "column 7");
    assert_bad_move("a1-a3 ", "column 6");
}
END_TEST

/* Found by fuzz_otn_move (tests/fuzz/otn_move/regress-newline-in-error): an error quoting input
 * with a newline was two lines. Control characters are shown as '?'. */
START_TEST(test_move_error_quoting_a_newline_is_one_line)
{
    Rules r;
    fixture_rules("brandubh", &r);
    Move m;
    Error err = {{0}};
    ck_assert_int_ne(otn_parse_move(&r, "Kd\nd-d-22", &m, NULL, &err), ST_OK);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "two lines: %s", err.text);
}
END_TEST

/* Found by fuzz_otn_move (tests/fuzz/otn_move/regress-many-captures): a move listing many
 * captures overflowed an OTN_MOVE_MAX buffer when written back; a move with captures needs
 * OTN_MOVE_RECORD_MAX, which holds RULES_MAX_CAPTURES of the widest squares. */
START_TEST(test_move_with_the_most_captures_fits_a_move_record)
{
    Rules r;
    fixture_rules("brandubh", &r);
    const char *text = "d1-d4xd4/d3xd4xd4xd4/d3xd4xd4xd4/d3xd4/d3xd4/d4/d3xd4/d3xd4xd4/d3xd4/"
                       "d4/d3xd4/d3";
    Move m, back;
    CaptureList caps, back_caps;
    Error err = {{0}};
    ck_assert_msg(otn_parse_move(&r, text, &m, &caps, &err) == ST_OK, "%s", err.text);
    char out[OTN_MOVE_RECORD_MAX];
    otn_format_move(&r, m, &caps, out);
    ck_assert_int_lt((int)strlen(out), OTN_MOVE_RECORD_MAX);
    ck_assert_msg(otn_parse_move(&r, out, &back, &back_caps, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(back_caps.count, caps.count);

    /* "s19-s18" and "xs19" per capture on the largest board fit; checked by arithmetic, and
     * by formatting on the largest preset. */
    ck_assert_int_lt(7 + 4 * RULES_MAX_CAPTURES, OTN_MOVE_RECORD_MAX);
    Rules big;
    fixture_rules("hnefatafl-15", &big);
    CaptureList most = {{0}, RULES_MAX_CAPTURES};
    for (int i = 0; i < RULES_MAX_CAPTURES; i++)
        most.sq[i] = (uint16_t)(big.opt.size * big.opt.size - 1 - i);
    Move corner = {(uint16_t)(big.opt.size * big.opt.size - 1), (uint16_t)(big.opt.size - 1)};
    char longest[OTN_MOVE_RECORD_MAX + 64];
    otn_format_move(&big, corner, &most, longest);
    ck_assert_int_lt((int)strlen(longest), OTN_MOVE_RECORD_MAX);
}
END_TEST

START_TEST(test_position_round_trip_presets_and_random_games)
{
    for (int i = 0; i < ruleset_preset_count(); i++) {
        Rules r;
        fixture_rules(ruleset_preset_at(i)->name, &r);
        GameState s;
        state_init(&r, &s);
        char text[OTN_POSITION_MAX];
        otn_format_position(&r, &s, text);
        ck_assert_str_eq(text, r.opt.start);
        History hist;
        fixture_history_at(&hist, &s);
        Rng rng;
        rng_seed(&rng, (uint64_t)i);
        Move m;
        while (s.ply < 60 && movegen_random(&r, &s, &rng, &m)) {
            state_apply(&r, &s, &hist, m, NULL);
            otn_format_position(&r, &s, text);
            GameState back;
            Error err;
            ck_assert_int_eq(otn_parse_position(&r, text, (Side)s.side, &back, &err), ST_OK);
            ck_assert(memcmp(back.attackers, s.attackers, sizeof s.attackers) == 0);
            ck_assert(memcmp(back.defenders, s.defenders, sizeof s.defenders) == 0);
            ck_assert_int_eq(back.king, s.king);
            ck_assert_uint_eq(back.hash, s.hash);
        }
        history_free(&hist);
    }
}
END_TEST

static void assert_bad_position(const char *text, const char *needle)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    Error err = {{0}};
    ck_assert_int_ne(otn_parse_position(&r, text, SIDE_ATTACKERS, &s, &err), ST_OK);
    ck_assert_msg(strstr(err.text, needle) != NULL, "'%s': error '%s' lacks '%s'", text, err.text,
                  needle);
}

START_TEST(test_position_errors_name_column_and_cause)
{
    assert_bad_position("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/", "column 31: unexpected character 'x'");
    assert_bad_position("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t4/", "column 32");
    assert_bad_position("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/", "row 7 has 6 squares");
    assert_bad_position("/3t3/3t3/3T3/ttTKTttt/3T3/3t3/3t3/", "longer than 7");
    assert_bad_position("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/", "needs 7 rows");
    assert_bad_position("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/7/", "more than 7 rows");
    assert_bad_position("/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/", "0 kings");
    assert_bad_position("/3t3/3tK2/3T3/ttTKTtt/3T3/3t3/3t3/", "2 kings");
    assert_bad_position("/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "a1 is restricted");
    assert_bad_position("/3t3/3t3/3T3/ttTTTtt/3T3/3t3/3K3/", "d4 is restricted");
    assert_bad_position("", "needs 7 rows");
    assert_bad_position("/0/", "column 2");
}
END_TEST

Suite *otn_suite(void)
{
    Suite *s = suite_create("otn");
    TCase *tc = tcase_create("notation");
    tcase_add_test(tc, test_square_round_trip_every_size);
    tcase_add_test(tc, test_square_orientation_rank1_is_top_row);
    tcase_add_test(tc, test_move_round_trip_with_captures);
    tcase_add_test(tc, test_move_errors_name_column);
    tcase_add_test(tc, test_move_record_marks_and_piece_letters);
    tcase_add_test(tc, test_move_error_quoting_a_newline_is_one_line);
    tcase_add_test(tc, test_move_with_the_most_captures_fits_a_move_record);
    tcase_add_test(tc, test_position_round_trip_presets_and_random_games);
    tcase_add_test(tc, test_position_errors_name_column_and_cause);
    suite_add_tcase(s, tc);
    return s;
}
