/* Perft tables in tests/data/perft-<preset>.txt pin the move generator of every preset. Each
 * count is checked against the engine and against the naive reference (tests/refrules.c), an
 * implementation written from RULES.md alone: the tables were computed by the engine, and the
 * reference is what makes them more than a snapshot.
 * Line format: <OTN position> <side to move> ;D1 <leaves> ;D2 <leaves> ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/otn.h"
#include "rules/perft.h"
#include "tests/refrules.h"
#include "tests/tests.h"

static int check_file(const char *preset)
{
    char path[512];
    snprintf(path, sizeof path, "%s/perft-%s.txt", fixture_data_dir(), preset);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    Rules r;
    fixture_rules(preset, &r);
    char line[2048];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char position[OTN_POSITION_MAX], side_name[16];
        int used = 0;
        ck_assert_msg(sscanf(line, "%511s %15s%n", position, side_name, &used) == 2,
                      "%s: bad line %s", path, line);
        Side side = strcmp(side_name, "defenders") == 0 ? SIDE_DEFENDERS : SIDE_ATTACKERS;
        GameState s;
        Error err;
        ck_assert_msg(otn_parse_position(&r, position, side, &s, &err) == ST_OK, "%s: %s", path,
                      err.text);
        History hist;
        fixture_history_at(&hist, &s);
        Ruleset at_position = r.opt;
        snprintf(at_position.start, sizeof at_position.start, "%s", position);
        at_position.first = side;
        RefState ref;
        RefHistory *ref_hist = malloc(sizeof *ref_hist);
        ck_assert(ref_hist != NULL);
        ck_assert(ref_init(&at_position, &ref, ref_hist));
        const char *p = line + used;
        int depth;
        unsigned long long expected;
        int n;
        while (sscanf(p, " ;D%d %llu%n", &depth, &expected, &n) == 2) {
            uint64_t got = perft(&r, &s, &hist, depth);
            ck_assert_msg(got == expected, "%s %s depth %d: %llu, expected %llu", preset, position,
                          depth, (unsigned long long)got, expected);
            ck_assert_int_eq(hist.length, 1);
            uint64_t ref_got = ref_perft(&at_position, &ref, ref_hist, depth);
            ck_assert_msg(ref_got == expected, "%s %s depth %d: reference %llu, expected %llu",
                          preset, position, depth, (unsigned long long)ref_got, expected);
            p += n;
            checked++;
        }
        free(ref_hist);
        history_free(&hist);
    }
    fclose(f);
    return checked;
}

START_TEST(test_perft_tables)
{
    ck_assert_int_ge(check_file(ruleset_preset_at(_i)->name), 10);
}
END_TEST

/* The published anchors (OpenTafl and hnefatafl-rs agree): Brandubh start, attackers to move. */
START_TEST(test_perft_brandubh_published_anchors)
{
    static const uint64_t anchors[] = {40, 960, 39512, 1007392, 41843336};
    static const char *const cross[] = {"brandubh", "brandub-cyningstan",
                                        "brandub-cyningstan-2014"};
    for (size_t i = 0; i < sizeof cross / sizeof cross[0]; i++) {
        Rules r;
        fixture_rules(cross[i], &r);
        GameState s;
        History hist;
        fixture_start(&r, &s, &hist);
        for (int d = 1; d <= 5; d++)
            ck_assert_uint_eq(perft(&r, &s, &hist, d), anchors[d - 1]);
        history_free(&hist);
    }
}
END_TEST

/* brandubh-livas shares depths 1-4; at depth 5 its unarmed king (seed 004) cannot capture as
 * the hammer on ply 4, leaving 64 more leaves than an armed king. */
START_TEST(test_perft_livas_unarmed_king_differs_at_depth5_seed004)
{
    Ruleset rs = *ruleset_preset_find("brandubh-livas");
    Rules r;
    Error err;
    GameState s;
    History hist;
    history_init(&hist);
    for (int armed = 0; armed < 4; armed++) {
        rs.king_armed = (KingArmed)armed;
        ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        uint64_t want = (rs.king_armed == KING_ARMED_YES || rs.king_armed == KING_ARMED_HAMMER)
                            ? 41843336
                            : 41843400;
        ck_assert_uint_eq(perft(&r, &s, &hist, 5), want);
    }
    history_free(&hist);
}
END_TEST

Suite *perft_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_perft_tables, 0, ruleset_preset_count());
    tcase_add_test(tc, test_perft_brandubh_published_anchors);
    tcase_add_test(tc, test_perft_livas_unarmed_king_differs_at_depth5_seed004);
    suite_add_tcase(s, tc);
    return s;
}
