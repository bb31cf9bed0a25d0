/* Presets, rules_compile's checks, and the layouts of LAYOUTS.md. */
#include <stdio.h>
#include <string.h>

#include "rules/otn.h"
#include "tests/tests.h"

START_TEST(test_default_preset_is_brandubh)
{
    ck_assert_str_eq(ruleset_default()->name, "brandubh");
    ck_assert_str_eq(ruleset_preset_at(0)->name, "brandubh");
}
END_TEST

START_TEST(test_preset_names_unique_and_findable)
{
    for (int i = 0; i < ruleset_preset_count(); i++) {
        const Ruleset *rs = ruleset_preset_at(i);
        ck_assert_ptr_eq(ruleset_preset_find(rs->name), rs);
        ck_assert(strlen(ruleset_preset_summary(i)) > 0);
    }
    ck_assert_ptr_null(ruleset_preset_find("no-such-preset"));
}
END_TEST

/* LAYOUTS.md: size and attackers / defenders + king of each preset. */
START_TEST(test_layout_piece_counts_layouts_md)
{
    static const struct {
        const char *name;
        int size, attackers, defenders;
    } expected[] = {
        {"brandubh", 7, 8, 4},
        {"brandub-cyningstan", 7, 8, 4},
        {"brandub-cyningstan-2014", 7, 8, 4},
        {"brandubh-livas", 7, 8, 4},
        {"brandubh-online", 7, 8, 4},
        {"ard-ri", 7, 16, 8},
        {"tablut", 9, 16, 8},
        {"tawlbwrdd", 11, 24, 12},
        {"hnefatafl-13", 13, 24, 12},
        {"hnefatafl-15", 15, 32, 16},
        {"copenhagen", 11, 24, 12},
    };
    ck_assert_int_eq(ruleset_preset_count(), (int)(sizeof expected / sizeof expected[0]));
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        Rules r;
        fixture_rules(expected[i].name, &r);
        GameState s;
        state_init(&r, &s);
        ck_assert_int_eq(r.size, expected[i].size);
        ck_assert_int_eq(s.attacker_count, expected[i].attackers);
        ck_assert_int_eq(s.defender_count, expected[i].defenders);
        ck_assert_int_eq(s.king, r.throne_sq); /* the king starts on the centre */
        ck_assert_int_eq(s.side, SIDE_ATTACKERS);
    }
}
END_TEST

/* LAYOUTS.md: "Every layout is symmetric under the board's four rotations". */
START_TEST(test_layout_symmetric_under_rotations_layouts_md)
{
    for (int i = 0; i < ruleset_preset_count(); i++) {
        Rules r;
        fixture_rules(ruleset_preset_at(i)->name, &r);
        GameState s;
        state_init(&r, &s);
        int n = r.size;
        for (int row = 0; row < n; row++) {
            for (int file = 0; file < n; file++) {
                Piece p = state_piece_at(&r, &s, row * n + file);
                /* Rotation by 90 degrees: (row, file) -> (file, n - 1 - row). */
                Piece q = state_piece_at(&r, &s, file * n + (n - 1 - row));
                ck_assert_msg(p == q, "%s not symmetric at row %d file %d", r.opt.name, row, file);
            }
        }
    }
}
END_TEST

static void assert_compile_fails(const Ruleset *rs, const char *needle)
{
    Rules r;
    Error err = {{0}};
    ck_assert_int_ne(rules_compile(rs, &r, &err), ST_OK);
    ck_assert_msg(strstr(err.text, needle) != NULL, "error '%s' lacks '%s'", err.text, needle);
}

START_TEST(test_compile_rejects_bad_sizes)
{
    Ruleset rs = *ruleset_default();
    int bad[] = {0, 3, 4, 6, 8, 21, -7, 1000000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rs.size = bad[i];
        assert_compile_fails(&rs, "size");
    }
}
END_TEST

START_TEST(test_compile_rejects_layout_without_one_king)
{
    Ruleset rs = *ruleset_default();
    strcpy(rs.start, "/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/");
    assert_compile_fails(&rs, "0 kings");
    strcpy(rs.start, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3K3/");
    assert_compile_fails(&rs, "2 kings");
}
END_TEST

START_TEST(test_compile_rejects_layout_of_wrong_size)
{
    Ruleset rs = *ruleset_default();
    rs.size = 9;
    assert_compile_fails(&rs, "start");
}
END_TEST

START_TEST(test_compile_rejects_piece_on_restricted_square)
{
    Ruleset rs = *ruleset_default();
    strcpy(rs.start, "/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert_compile_fails(&rs, "a1 is restricted");
    rs.corners = false; /* then a1 is an ordinary square */
    Rules r;
    Error err;
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
}
END_TEST

START_TEST(test_compile_rejects_bad_option_values)
{
    Ruleset rs = *ruleset_default();
    rs.throne_hostile_defenders = THRONE_HOSTILE_ALWAYS;
    assert_compile_fails(&rs, "throne_hostile_defenders");
    rs = *ruleset_default();
    rs.no_moves = END_RULE_IGNORE;
    assert_compile_fails(&rs, "no_moves");
    rs = *ruleset_default();
    rs.max_plies = -1;
    assert_compile_fails(&rs, "max_plies");
    rs = *ruleset_default();
    rs.limit_result = (LimitResult)3;
    assert_compile_fails(&rs, "limit_result");
    rs = *ruleset_default();
    rs.king_capture = (KingCapture)9;
    assert_compile_fails(&rs, "range");
    rs = *ruleset_default();
    rs.shieldwall = (Shieldwall)3;
    assert_compile_fails(&rs, "range");
}
END_TEST

START_TEST(test_geometry_of_every_size)
{
    for (int n = RULES_MIN_SIZE; n <= RULES_MAX_SIZE; n += 2) {
        Ruleset rs = *ruleset_default();
        rs.size = n;
        /* A lone king on the centre: "/n/.../nKn/.../n/" is a valid layout of any size. */
        char *p = rs.start;
        *p++ = '/';
        for (int row = 0; row < n; row++)
            p += row == n / 2 ? sprintf(p, "%dK%d/", n / 2, n / 2) : sprintf(p, "%d/", n);
        Rules r;
        Error err;
        ck_assert_msg(rules_compile(&rs, &r, &err) == ST_OK, "size %d: %s", n, err.text);
        ck_assert_int_eq(r.words, (n * n + 63) / 64);
        ck_assert_int_eq(r.throne_sq, (n / 2) * n + n / 2);
        GameState s;
        state_init(&r, &s);
        ck_assert_int_eq(s.king, r.throne_sq);
    }
}
END_TEST

/* Issue 14: rules_compile keeps the parsed start and state_init copies it; the copy equals a
 * fresh parse of the start text, field by field, for every preset and either side first. */
START_TEST(test_state_init_equals_parsed_start)
{
    for (int i = 0; i < ruleset_preset_count(); i++) {
        for (int side = 0; side < 2; side++) {
            Ruleset rs = *ruleset_preset_at(i);
            rs.first = (Side)side;
            Rules r;
            Error err = {{0}};
            ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
            GameState parsed, copied;
            ck_assert_int_eq(otn_parse_position(&r, rs.start, rs.first, &parsed, &err), ST_OK);
            memset(&copied, 0xa5, sizeof copied);
            state_init(&r, &copied);
            ck_assert_mem_eq(&copied, &parsed, sizeof parsed);
        }
    }
}
END_TEST

Suite *ruleset_suite(void)
{
    Suite *s = suite_create("ruleset");
    TCase *tc = tcase_create("presets");
    tcase_add_test(tc, test_default_preset_is_brandubh);
    tcase_add_test(tc, test_preset_names_unique_and_findable);
    tcase_add_test(tc, test_layout_piece_counts_layouts_md);
    tcase_add_test(tc, test_layout_symmetric_under_rotations_layouts_md);
    tcase_add_test(tc, test_compile_rejects_bad_sizes);
    tcase_add_test(tc, test_compile_rejects_layout_without_one_king);
    tcase_add_test(tc, test_compile_rejects_layout_of_wrong_size);
    tcase_add_test(tc, test_compile_rejects_piece_on_restricted_square);
    tcase_add_test(tc, test_compile_rejects_bad_option_values);
    tcase_add_test(tc, test_geometry_of_every_size);
    tcase_add_test(tc, test_state_init_equals_parsed_start);
    suite_add_tcase(s, tc);
    return s;
}
