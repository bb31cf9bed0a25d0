/* Every rule of doc/RULES.md pinned on a concrete, hand-drawn position, part 2. Restricted squares:
 * the throne and corners, who may pass or stop on them. Each test names the rule and the seed (or
 * "custom" for a ruleset made here) it comes from, and quotes the sentence it pins. Boards:
 * tests/fixture.c's RuleGame helpers. */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

/* ---------------------------------------------------------------------------------------- */
/* 2. Restricted squares                                                                      */
/* ---------------------------------------------------------------------------------------- */

/* Seed 003 rule 3: "all pieces may pass through the throne when it is empty."
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . t . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . K . . . T .
 * 7 + . . . . . +
 */
START_TEST(test_throne_pass_all_attacker_passes_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/3t3/7/7/7/1K3T1/7/", SIDE_ATTACKERS);
    game_expect_legal(&g, "d2-d7");
    game_expect_illegal(&g, "d2-d4");
    game_play_quiet(&g, (const char *[]){"d2-d6", NULL});
    game_expect_piece(&g, "d6", PIECE_ATTACKER);
    game_expect_piece(&g, "d2", PIECE_EMPTY);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 3: "all pieces may pass through the throne when it is empty."
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . T . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . K . . . t .
 * 7 + . . . . . +
 */
START_TEST(test_throne_pass_all_defender_passes_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/3T3/7/7/7/1K3t1/7/", SIDE_DEFENDERS);
    game_expect_illegal(&g, "d2-d4");
    game_play_quiet(&g, (const char *[]){"d2-d6", NULL});
    game_expect_piece(&g, "d6", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* A throne-pass test position (used with custom values of throne_pass).
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . t . . .
 * 3 . . . . . . .
 * 4 . T . + . . .
 * 5 . . . . . . .
 * 6 . . . K . . .
 * 7 + . . . . . +
 */
static const char POS_THRONE_PASS[] = "/7/3t3/7/1T5/7/3K3/7/";

/* RULES.md 2: "throne_pass ... king: which pieces may move *through* the empty throne" (OTN
 * cenp: containing only K): the king passes, attackers and defenders do not. */
START_TEST(test_throne_pass_king_only_king_passes_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.throne_pass = THRONE_PASS_KING;
    RuleGame a, d;
    game_start_custom(&a, &rs, POS_THRONE_PASS, SIDE_ATTACKERS);
    game_expect_illegal(&a, "d2-d5");
    game_expect_legal(&a, "d2-d3");
    game_start_custom(&d, &rs, POS_THRONE_PASS, SIDE_DEFENDERS);
    game_expect_illegal(&d, "b4-f4");
    game_expect_legal(&d, "b4-c4");
    game_expect_legal(&d, "d6-d3");
    game_expect_legal(&d, "d6-d4");
    game_play_quiet(&d, (const char *[]){"d6-d3", NULL});
    game_expect_piece(&d, "d3", PIECE_KING);
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* RULES.md 2: "throne_pass ... none" (OTN cenp: empty): no piece, the king neither, moves
 * through the empty throne; the king may still stop on it (throne_reentry = yes). */
START_TEST(test_throne_pass_none_nobody_passes_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.throne_pass = THRONE_PASS_NONE;
    RuleGame a, d;
    game_start_custom(&a, &rs, POS_THRONE_PASS, SIDE_ATTACKERS);
    game_expect_illegal(&a, "d2-d5");
    game_expect_illegal(&a, "d2-d7");
    game_expect_legal(&a, "d2-d3");
    game_start_custom(&d, &rs, POS_THRONE_PASS, SIDE_DEFENDERS);
    game_expect_illegal(&d, "b4-f4");
    game_expect_legal(&d, "b4-c4");
    game_expect_illegal(&d, "d6-d3");
    game_expect_legal(&d, "d6-d4");
    game_expect_legal(&d, "d6-d5");
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* Seed 001 rule 5: "No piece may land on the central square, not even the king once he has
 * left it, but any piece may pass over it when it is empty." The king passes it too. */
START_TEST(test_throne_pass_king_passes_not_stops_brandub_cyningstan_2014_seed001)
{
    RuleGame a, d;
    game_start(&a, "brandub-cyningstan-2014", POS_THRONE_PASS, SIDE_ATTACKERS);
    game_expect_legal(&a, "d2-d5");
    game_expect_illegal(&a, "d2-d4");
    game_start(&d, "brandub-cyningstan-2014", POS_THRONE_PASS, SIDE_DEFENDERS);
    game_expect_legal(&d, "b4-f4");
    game_expect_illegal(&d, "b4-d4");
    game_expect_legal(&d, "d6-d3");
    game_expect_illegal(&d, "d6-d4");
    game_play_quiet(&d, (const char *[]){"d6-d3", NULL});
    game_expect_piece(&d, "d3", PIECE_KING);
    game_expect_piece(&d, "d4", PIECE_EMPTY);
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* A king off the throne, with the throne empty.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . K . . .
 * 7 + . . . . t +
 */
static const char POS_REENTRY[] = "/7/1t5/7/7/7/3K3/5t1/";

/* Seed 003 rule 3: "It is allowed for the king to re-enter the throne". */
START_TEST(test_throne_reentry_allowed_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_REENTRY, SIDE_DEFENDERS);
    game_expect_legal(&g, "d6-d4");
    game_play_quiet(&g, (const char *[]){"d6-d4", NULL});
    game_expect_piece(&g, "d4", PIECE_KING);
    game_finish(&g);
}
END_TEST

/* Seed 001 rule 5 / RULES.md 6: "not even the king once he has left it": throne_reentry = no. */
START_TEST(test_throne_reentry_refused_brandub_cyningstan_2014_seed001)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan-2014", POS_REENTRY, SIDE_DEFENDERS);
    game_expect_illegal(&g, "d6-d4");
    game_expect_legal(&g, "d6-d5");
    game_expect_legal(&g, "d6-d2");
    game_finish(&g);
}
END_TEST

/* Seed 004: "Only the King can occupy the center cell but cannot return to it once he has left
 * it." */
START_TEST(test_throne_reentry_refused_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_REENTRY, SIDE_DEFENDERS);
    game_expect_illegal(&g, "d6-d4");
    game_expect_legal(&g, "d6-d5");
    game_finish(&g);
}
END_TEST

/* A king who may walk onto the throne, a defender and an attacker who may not.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . t . . .
 * 3 . . . . . . .
 * 4 . T . + . . K
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . . . +
 */
static const char POS_STOP_THRONE[] = "/7/3t3/7/1T4K/7/7/7/";

/* Seed 000 rule 5: "Only the king may come to rest on the central point or one of the four
 * corners, though other pieces may pass the centre." */
START_TEST(test_only_king_stops_on_throne_brandub_cyningstan_seed000)
{
    RuleGame a, d;
    game_start(&a, "brandub-cyningstan", POS_STOP_THRONE, SIDE_ATTACKERS);
    game_expect_illegal(&a, "d2-d4");
    game_expect_legal(&a, "d2-d6");
    game_start(&d, "brandub-cyningstan", POS_STOP_THRONE, SIDE_DEFENDERS);
    game_expect_illegal(&d, "b4-d4");
    game_expect_legal(&d, "b4-c4");
    game_expect_legal(&d, "g4-d4");
    game_play_quiet(&d, (const char *[]){"g4-d4", NULL});
    game_expect_piece(&d, "d4", PIECE_KING);
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* Seed 000 rule 5: "Only the king may come to rest on ... one of the four corners"; rule 11: the
 * defenders win "if the king reaches one of the marked corner squares".
 *   a b c d e f g
 * 1 + . . t . . +
 * 2 . . . . . . .
 * 3 T . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . . K +
 */
START_TEST(test_only_king_stops_on_corner_brandub_cyningstan_seed000)
{
    static const char pos[] = "/3t3/7/T6/7/7/7/5K1/";
    RuleGame a, d;
    game_start(&a, "brandub-cyningstan", pos, SIDE_ATTACKERS);
    game_expect_illegal(&a, "d1-a1");
    game_expect_illegal(&a, "d1-g1");
    game_expect_legal(&a, "d1-b1");
    game_expect_legal(&a, "d1-f1");
    game_start(&d, "brandub-cyningstan", pos, SIDE_DEFENDERS);
    game_expect_illegal(&d, "a3-a1");
    game_expect_legal(&d, "a3-a2");
    game_expect_legal(&d, "f7-g7");
    game_play(&d, "f7-g7", NULL);
    game_expect_end(&d, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* Seed 003 rule 3a: "Ard Ri: No throne square, i.e. there are no restricted squares on the
 * board." Any piece stops on the centre and on a corner.
 *   a b c d e f g
 * 1 . . . t . . .
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . . . . .
 * 5 . . . . . . .
 * 6 . . K . . . .
 * 7 . . . . . . T
 */
START_TEST(test_no_restricted_squares_ard_ri_seed003)
{
    static const char pos[] = "/3t3/7/7/7/7/2K4/6T/";
    RuleGame a, d;
    game_start(&a, "ard-ri", pos, SIDE_ATTACKERS);
    game_expect_legal(&a, "d1-a1");
    game_expect_legal(&a, "d1-g1");
    game_play_quiet(&a, (const char *[]){"d1-d4", NULL});
    game_expect_piece(&a, "d4", PIECE_ATTACKER);
    game_start(&d, "ard-ri", pos, SIDE_DEFENDERS);
    game_expect_legal(&d, "g7-g1");
    game_play_quiet(&d, (const char *[]){"g7-g1", NULL});
    game_expect_piece(&d, "g1", PIECE_DEFENDER);
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* Seed 000 rule 4: a piece moves "providing that it does not turn a corner or jump over
 * another piece"; RULES.md 2: "No piece ever passes through an occupied square."
 *   a b c d e f g
 * 1 + . . t . . +
 * 2 . . . . . . .
 * 3 . . . T . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . . +
 */
START_TEST(test_no_piece_passes_occupied_square_brandub_cyningstan_seed000)
{
    static const char pos[] = "/3t3/7/3T3/7/7/5K1/7/";
    RuleGame a, d;
    game_start(&a, "brandub-cyningstan", pos, SIDE_ATTACKERS);
    game_expect_legal(&a, "d1-d2");
    game_expect_illegal(&a, "d1-d3");
    game_expect_illegal(&a, "d1-d5");
    game_start(&d, "brandub-cyningstan", pos, SIDE_DEFENDERS);
    game_expect_legal(&d, "d3-d2");
    game_expect_illegal(&d, "d3-d1");
    game_finish(&a);
    game_finish(&d);
}
END_TEST

/* RULES.md 2: "No piece ever passes through an occupied square": not the throne with the king
 * on it either.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . t . . .
 * 3 . . . . . . .
 * 4 . t . K . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . . . +
 */
START_TEST(test_no_piece_passes_king_on_throne_brandubh_seed003)
{
    static const char pos[] = "/7/3t3/7/1t1K3/7/7/7/";
    RuleGame g;
    game_start(&g, "brandubh", pos, SIDE_ATTACKERS);
    game_expect_illegal(&g, "d2-d6");
    game_expect_legal(&g, "d2-d3");
    game_expect_illegal(&g, "b4-f4");
    game_expect_legal(&g, "b4-c4");
    game_finish(&g);
}
END_TEST

/* RULES.md 2: "A corner can never be passed through (it is at a line's end)." The attacker on c1
 * reaches b1 but neither a1 nor anything past it: b1; d1 e1 f1; c2..c7 = 10 moves.
 *   a b c d e f g
 * 1 + . t . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . . +
 */
START_TEST(test_corner_never_passed_through_brandubh_seed003)
{
    static const char pos[] = "/2t4/7/7/7/7/5K1/7/";
    RuleGame g;
    game_start(&g, "brandubh", pos, SIDE_ATTACKERS);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(&g.r, &g.s, moves);
    ck_assert_int_eq(n, 10);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 10);
    int a1 = game_square(&g, "a1"), g1 = game_square(&g, "g1");
    for (int i = 0; i < n; i++) {
        ck_assert_msg(moves[i].to != a1 && moves[i].to != g1, "a move ends on a corner");
    }
    game_expect_legal(&g, "c1-b1");
    game_expect_illegal(&g, "c1-a1");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 3a / RULES.md 6: tablut has corners = no, so a corner is an ordinary square:
 * the attacker on c1 has b1 a1; d1..i1; c2..c9 = 16 moves.
 *   a b c d e f g h i
 * 1 . . t . . . . . .
 * 2 . . . . . . . . .
 * 3 . . . . . . . . .
 * 4 . . . . . . . . .
 * 5 . . . . + . . . .
 * 6 . . . . . K . . .
 * 7 . . . . . . . . .
 * 8 . . . . . . . . .
 * 9 . . . . . . . . .
 */
START_TEST(test_corner_ordinary_square_tablut_seed003)
{
    static const char pos[] = "/2t6/9/9/9/9/5K3/9/9/9/";
    RuleGame g;
    game_start(&g, "tablut", pos, SIDE_ATTACKERS);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 16);
    game_play_quiet(&g, (const char *[]){"c1-a1", NULL});
    game_expect_piece(&g, "a1", PIECE_ATTACKER);
    game_finish(&g);
}
END_TEST

TCase *rules_restricted_tcase(void)
{
    TCase *tc = tcase_create("restricted");
    tcase_add_test(tc, test_throne_pass_all_attacker_passes_brandubh_seed003);
    tcase_add_test(tc, test_throne_pass_all_defender_passes_brandubh_seed003);
    tcase_add_test(tc, test_throne_pass_king_only_king_passes_custom);
    tcase_add_test(tc, test_throne_pass_none_nobody_passes_custom);
    tcase_add_test(tc, test_throne_pass_king_passes_not_stops_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_throne_reentry_allowed_brandubh_seed003);
    tcase_add_test(tc, test_throne_reentry_refused_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_throne_reentry_refused_brandubh_livas_seed004);
    tcase_add_test(tc, test_only_king_stops_on_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_only_king_stops_on_corner_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_no_restricted_squares_ard_ri_seed003);
    tcase_add_test(tc, test_no_piece_passes_occupied_square_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_no_piece_passes_king_on_throne_brandubh_seed003);
    tcase_add_test(tc, test_corner_never_passed_through_brandubh_seed003);
    tcase_add_test(tc, test_corner_ordinary_square_tablut_seed003);
    return tc;
}
