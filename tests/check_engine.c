/* Engine invariants over many seeded random games: from-scratch validation after every move,
 * and agreement between listing, counting, picking and drawing moves. */
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "tests/tests.h"

#define GAMES_PER_PRESET 1000
#define GAME_PLY_CAP     500

/* Plays `games` seeded random games of preset `name`, checking after every move that the
 * incremental state equals one computed from scratch and that movegen's four views agree. */
static void random_games(const char *name, int games, bool check_views)
{
    Ruleset rs = *ruleset_preset_find(name);
    rs.max_plies = GAME_PLY_CAP;
    Rules r;
    Error err;
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    History hist;
    history_init(&hist);
    static Move moves[RULES_MAX_MOVES];
    for (int g = 0; g < games; g++) {
        GameState s;
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        Rng rng;
        rng_seed(&rng, rng_mix(0x5eed, (uint64_t)g));
        for (;;) {
            int n = movegen_legal(&r, &s, moves);
            if (check_views) {
                ck_assert_int_eq(movegen_count(&r, &s), n);
                for (int i = 0; i < n; i += 7) {
                    Move m = movegen_nth(&r, &s, i);
                    ck_assert(m.from == moves[i].from && m.to == moves[i].to);
                }
            }
            ck_assert_int_eq(n == 0, state_is_over(&s));
            if (n == 0)
                break;
            Rng probe = rng;
            Move drawn;
            ck_assert(movegen_random(&r, &s, &probe, &drawn));
            int pick = (int)rng_below(&rng, (uint32_t)n);
            ck_assert(drawn.from == moves[pick].from && drawn.to == moves[pick].to);
            CaptureList caps;
            state_apply(&r, &s, &hist, moves[pick], &caps);
            ck_assert_msg(state_validate(&r, &s, &err), "%s game %d ply %u: %s", name, g, s.ply,
                          err.text);
            ck_assert_int_le(caps.count, RULES_MAX_CAPTURES);
        }
        ck_assert_int_le(s.ply, GAME_PLY_CAP);
        ck_assert(s.winner != WINNER_NONE && s.reason != END_NONE);
    }
    history_free(&hist);
}

START_TEST(test_random_games_validate_every_move)
{
    /* _i indexes the presets (loop test). */
    random_games(ruleset_preset_at(_i)->name, GAMES_PER_PRESET, false);
}
END_TEST

START_TEST(test_movegen_views_agree)
{
    random_games(ruleset_preset_at(_i)->name, 50, true);
}
END_TEST

/* Legal moves are distinct, land on empty squares, and move the side to move's pieces. */
START_TEST(test_legal_moves_distinct_and_well_formed)
{
    Rules r;
    fixture_rules(ruleset_preset_at(_i)->name, &r);
    GameState s;
    state_init(&r, &s);
    static Move moves[RULES_MAX_MOVES];
    for (int side = 0; side < 2; side++) {
        s.side = (uint8_t)side;
        state_refresh(&r, &s);
        int n = movegen_legal(&r, &s, moves);
        ck_assert_int_gt(n, 0);
        for (int i = 0; i < n; i++) {
            Piece p = state_piece_at(&r, &s, moves[i].from);
            ck_assert_int_eq(state_piece_at(&r, &s, moves[i].to), PIECE_EMPTY);
            ck_assert(side == SIDE_ATTACKERS ? p == PIECE_ATTACKER
                                             : p == PIECE_DEFENDER || p == PIECE_KING);
            for (int j = 0; j < i; j++)
                ck_assert(moves[j].from != moves[i].from || moves[j].to != moves[i].to);
        }
    }
}
END_TEST

/* RULES.md section 5: "A position where the game is over has no legal moves". */
START_TEST(test_game_over_has_no_moves)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    s.winner = WINNER_DRAW;
    s.reason = END_MAX_PLIES;
    Move moves[RULES_MAX_MOVES];
    ck_assert_int_eq(movegen_legal(&r, &s, moves), 0);
    ck_assert_int_eq(movegen_count(&r, &s), 0);
    Rng rng;
    rng_seed(&rng, 1);
    Move m;
    ck_assert(!movegen_random(&r, &s, &rng, &m));
}
END_TEST

START_TEST(test_validate_catches_corruption)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    Error err;
    ck_assert(state_validate(&r, &s, &err));
    GameState bad = s;
    bad.hash ^= 1;
    ck_assert(!state_validate(&r, &bad, &err));
    bad = s;
    bad.attacker_count++;
    ck_assert(!state_validate(&r, &bad, &err));
    bad = s;
    bad.attackers[0] |= 1ULL << r.throne_sq; /* an attacker under the king */
    ck_assert(!state_validate(&r, &bad, &err));
    bad = s;
    bad.defenders[0] |= 1ULL << 60; /* outside the 49 squares */
    ck_assert(!state_validate(&r, &bad, &err));
}
END_TEST

/* History: positions before a capture never count; only every second entry can match. */
START_TEST(test_history_counts_stop_at_capture)
{
    History h;
    history_init(&h);
    history_push(&h, 1, 10, false, false);
    history_push(&h, 2, 20, false, true);
    history_push(&h, 1, 10, false, false);
    history_push(&h, 2, 20, false, true);
    history_push(&h, 1, 10, false, false);
    ck_assert_int_eq(history_count_position(&h, 1), 3);
    history_push(&h, 2, 20, true, true); /* a capture */
    ck_assert_int_eq(history_count_position(&h, 2), 1);
    ck_assert_int_eq(history_count_fort(&h, 20), 1);
    history_truncate(&h, 4);
    ck_assert_int_eq(history_count_position(&h, 2), 2);
    ck_assert_int_eq(history_count_fort(&h, 20), 2);
    history_free(&h);
}
END_TEST

/* Regression (found by the reference cross-check): seed 004's edge rule is not a throne shape,
 * so it holds on a board without a throne. King on a2, corner a1 hostile, attacker to a3: b2
 * is open, so the king stands; with an attacker on b2 he falls. */
static void edge3_without_throne(const char *otn, bool captured)
{
    Ruleset rs = *ruleset_preset_find("brandubh-livas");
    rs.throne = false;
    Rules r;
    Error err;
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    GameState s;
    ck_assert_int_eq(otn_parse_position(&r, otn, SIDE_ATTACKERS, &s, &err), ST_OK);
    History hist;
    fixture_history_at(&hist, &s);
    fixture_play(&r, &s, &hist, "a4-a3", NULL);
    ck_assert_int_eq(s.winner, captured ? WINNER_ATTACKERS : WINNER_NONE);
    history_free(&hist);
}

START_TEST(test_king_edge3_holds_without_throne_seed004)
{
    edge3_without_throne("/7/K6/7/t6/7/7/7/", false);
    edge3_without_throne("/7/Kt5/7/t6/7/7/7/", true);
}
END_TEST

/* otn_explain_illegal: each illegal move says why, in the words a player needs. */
static const struct {
    const char *preset, *position, *move, *why;
    Side side;
    ThronePass pass;
} explained[] = {
    {"brandubh", "/7/3t3/7/1T4K/7/7/7/", "e2-e3", "no piece stands on e2", SIDE_ATTACKERS,
     THRONE_PASS_ALL},
    {"brandubh", "/7/3t3/7/1T4K/7/7/7/", "b4-b5",
     "b4 holds a piece of the defenders; the attackers are to move", SIDE_ATTACKERS,
     THRONE_PASS_ALL},
    {"brandubh", "/7/3t3/7/1T4K/7/7/7/", "b4-d4", "only the king may stop on the throne d4",
     SIDE_DEFENDERS, THRONE_PASS_ALL},
    {"brandubh", "/7/3t3/7/1T4K/7/7/7/", "g4-a4", "the way is blocked at b4", SIDE_DEFENDERS,
     THRONE_PASS_ALL},
    {"brandubh", "/7/3t3/7/1T4K/7/7/7/", "g4-b4", "b4 is taken", SIDE_DEFENDERS, THRONE_PASS_ALL},
    {"brandubh", "/3t3/7/T6/7/7/7/5K1/", "d1-a1", "only the king may stop on the corner a1",
     SIDE_ATTACKERS, THRONE_PASS_ALL},
    {"brandubh", "/7/3t3/7/1T5/7/3K3/7/", "d2-d5", "this piece may not pass through the throne d4",
     SIDE_ATTACKERS, THRONE_PASS_KING},
    {"brandub-cyningstan-2014", "/7/1t5/7/7/7/3K3/5t1/", "d6-d4",
     "the king may not return to the throne d4", SIDE_DEFENDERS, THRONE_PASS_ALL},
};

START_TEST(test_explain_illegal_moves)
{
    Ruleset rs = *ruleset_preset_find(explained[_i].preset);
    rs.throne_pass = explained[_i].pass;
    Rules r;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    GameState s;
    ck_assert_int_eq(otn_parse_position(&r, explained[_i].position, explained[_i].side, &s, &err),
                     ST_OK);
    Move m;
    ck_assert_int_eq(otn_parse_move(&r, explained[_i].move, &m, NULL, &err), ST_OK);
    char why[128];
    ck_assert(otn_explain_illegal(&r, &s, NULL, m, why, sizeof why));
    ck_assert_str_eq(why, explained[_i].why);
    /* A legal move has nothing to explain. */
    Move legal = movegen_nth(&r, &s, 0);
    ck_assert(!otn_explain_illegal(&r, &s, NULL, legal, why, sizeof why));
}
END_TEST

Suite *engine_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("random_games");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_random_games_validate_every_move, 0, ruleset_preset_count());
    tcase_add_loop_test(tc, test_movegen_views_agree, 0, ruleset_preset_count());
    suite_add_tcase(s, tc);
    TCase *units = tcase_create("units");
    tcase_add_loop_test(units, test_legal_moves_distinct_and_well_formed, 0,
                        ruleset_preset_count());
    tcase_add_test(units, test_game_over_has_no_moves);
    tcase_add_loop_test(units, test_explain_illegal_moves, 0,
                        (int)(sizeof explained / sizeof explained[0]));
    tcase_add_test(units, test_validate_catches_corruption);
    tcase_add_test(units, test_history_counts_stop_at_capture);
    tcase_add_test(units, test_king_edge3_holds_without_throne_seed004);
    suite_add_tcase(s, units);
    return s;
}
