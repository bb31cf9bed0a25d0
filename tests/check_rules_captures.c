/* Every rule of doc/RULES.md pinned on a concrete, hand-drawn position, part 3. Captures: custodial
 * captures, hostile squares and an armed king. Each test names the rule and the seed (or "custom"
 * for a ruleset made here) it comes from, and quotes the sentence it pins. Boards:
 * tests/fixture.c's RuleGame helpers. */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

/* ---------------------------------------------------------------------------------------- */
/* 3. Captures                                                                                */
/* ---------------------------------------------------------------------------------------- */

/* Seed 003 rule 5: "All pieces except the king are captured if they are sandwiched between two
 * enemy pieces ... along a column or a row." d7-d6 traps c6 against b6.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . K .
 * 6 . t T . . . .
 * 7 + . . t . . +
 */
START_TEST(test_capture_custodial_by_attacker_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/7/7/7/5K1/1tT4/3t3/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "d7-d6", &caps), 1);
    ck_assert(game_caps_has(&g, &caps, "c6"));
    game_expect_piece(&g, "c6", PIECE_EMPTY);
    game_expect_piece(&g, "b6", PIECE_ATTACKER);
    game_expect_piece(&g, "d6", PIECE_ATTACKER);
    game_expect_going(&g, "d7-d6");
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 7: "... or two defenders may take an attacker." d6-d2 (through the empty
 * throne) traps c2 against b2.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . T t . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . T . K .
 * 7 + . . . t . +
 */
START_TEST(test_capture_custodial_by_defender_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/1Tt4/7/7/7/3T1K1/4t2/", SIDE_DEFENDERS);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "d6-d2", &caps), 1);
    ck_assert(game_caps_has(&g, &caps, "c2"));
    game_expect_piece(&g, "c2", PIECE_EMPTY);
    game_expect_piece(&g, "d2", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 5: "A piece is only captured if the trap is closed by a move of the opponent".
 * The defender on c3 already stands between b3 and d3; an attacker moving elsewhere takes
 * nothing.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . t T t . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . t +
 */
START_TEST(test_capture_only_by_moving_piece_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/7/1tTt3/7/7/5K1/5t1/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"f7-e7", NULL});
    game_expect_piece(&g, "c3", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 9: "A piece may move between two enemies without harm. One of the enemies must
 * move away and back again to capture it." c6-c3 lands between b3 and d3 unharmed; d3-d2 and
 * d2-d3 then take it.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . t . t . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . T . . K .
 * 7 + . . . t . +
 */
START_TEST(test_move_between_two_enemies_safe_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/7/1t1t3/7/7/2T2K1/4t2/", SIDE_DEFENDERS);
    game_play_quiet(&g, (const char *[]){"c6-c3", NULL});
    game_expect_piece(&g, "c3", PIECE_DEFENDER);
    game_play_quiet(&g, (const char *[]){"d3-d2", "f6-f5", NULL});
    game_expect_piece(&g, "c3", PIECE_DEFENDER);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "d2-d3", &caps), 1);
    ck_assert(game_caps_has(&g, &caps, "c3"));
    game_expect_piece(&g, "c3", PIECE_EMPTY);
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 8: "If a piece simultaneously traps two or three enemies in different
 * directions, all of the trapped enemies are captured." d7-d6 traps c6 and e6.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . t T . T t .
 * 7 + . . t . K +
 */
START_TEST(test_capture_two_at_once_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/7/7/7/7/1tT1Tt1/3t1K1/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "d7-d6", &caps), 2);
    ck_assert(game_caps_has(&g, &caps, "c6"));
    ck_assert(game_caps_has(&g, &caps, "e6"));
    game_expect_piece(&g, "c6", PIECE_EMPTY);
    game_expect_piece(&g, "e6", PIECE_EMPTY);
    game_expect_going(&g, "d7-d6");
    game_finish(&g);
}
END_TEST

/* Seed 001 rule 10: "It is possible to capture two or three enemy pieces at once, if all become
 * surrounded against separate enemies in the same move." c7-c6 traps b6, d6 and c5.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . t + . . .
 * 5 . . T . . . .
 * 6 t T . T t . .
 * 7 + . t . . K +
 */
START_TEST(test_capture_three_at_once_brandub_cyningstan_2014_seed001)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan-2014", "/7/7/7/2t4/2T4/tT1Tt2/2t2K1/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "c7-c6", &caps), 3);
    ck_assert(game_caps_has(&g, &caps, "b6"));
    ck_assert(game_caps_has(&g, &caps, "d6"));
    ck_assert(game_caps_has(&g, &caps, "c5"));
    game_expect_piece(&g, "b6", PIECE_EMPTY);
    game_expect_piece(&g, "d6", PIECE_EMPTY);
    game_expect_piece(&g, "c5", PIECE_EMPTY);
    game_expect_going(&g, "c7-c6");
    game_finish(&g);
}
END_TEST

/* A defender beside corner a1; the attacker c3-c1 traps it against the corner.
 *   a b c d e f g
 * 1 + T . . . . +
 * 2 . . . . . . .
 * 3 . . t . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . . +
 */
static const char POS_CORNER_DEFENDER[] = "/1T5/7/2t4/7/7/5K1/7/";

/* An attacker beside corner a1; the defender c3-a3 traps it against the corner.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 t . . . . . .
 * 3 . . T . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . t . +
 */
static const char POS_CORNER_ATTACKER[] = "/7/t6/2T4/7/7/5K1/4t2/";

/* Plays the corner capture of the attackers (c3-c1 against the defender on b1) under rs and
 * checks whether b1 is taken. */
static void corner_attackers_capture(const Ruleset *rs, bool taken)
{
    RuleGame g;
    game_start_custom(&g, rs, POS_CORNER_DEFENDER, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "c3-c1", NULL), (taken ? 1 : 0));
    game_expect_piece(&g, "b1", taken ? PIECE_EMPTY : PIECE_DEFENDER);
    game_finish(&g);
}

/* Plays the corner capture of the defenders (c3-a3 against the attacker on a2) under rs. */
static void corner_defenders_capture(const Ruleset *rs, bool taken)
{
    RuleGame g;
    game_start_custom(&g, rs, POS_CORNER_ATTACKER, SIDE_DEFENDERS);
    ck_assert_int_eq(game_play(&g, "c3-a3", NULL), (taken ? 1 : 0));
    game_expect_piece(&g, "a2", taken ? PIECE_EMPTY : PIECE_ATTACKER);
    game_finish(&g);
}

/* Seed 000 rule 10: "Either side may capture an enemy by trapping the enemy between one of its
 * own pieces and a marked corner square." (corner_hostile = all): the attackers ... */
START_TEST(test_capture_against_corner_by_attackers_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    corner_attackers_capture(&rs, true);
}
END_TEST

/* Seed 000 rule 10: "Either side may capture an enemy by trapping the enemy between one of its
 * own pieces and a marked corner square": the defenders too. */
START_TEST(test_capture_against_corner_by_defenders_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    corner_defenders_capture(&rs, true);
}
END_TEST

/* Seed 003 rule 3a: "Brandubh: Also the four corner squares are restricted and hostile, just
 * like the throne." (corner_hostile = all) */
START_TEST(test_capture_against_corner_both_sides_brandubh_seed003)
{
    Ruleset rs = game_preset_copy("brandubh");
    corner_attackers_capture(&rs, true);
    corner_defenders_capture(&rs, true);
}
END_TEST

/* RULES.md 3: "corner_hostile ... attackers: to whom an (always empty) corner is hostile":
 * only attackers are trapped against it. */
START_TEST(test_corner_hostile_attackers_only_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.corner_hostile = CORNER_HOSTILE_ATTACKERS;
    corner_defenders_capture(&rs, true);
    corner_attackers_capture(&rs, false);
}
END_TEST

/* RULES.md 3: corner_hostile = defenders: only defenders are trapped against a corner. */
START_TEST(test_corner_hostile_defenders_only_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.corner_hostile = CORNER_HOSTILE_DEFENDERS;
    corner_attackers_capture(&rs, true);
    corner_defenders_capture(&rs, false);
}
END_TEST

/* RULES.md 3: corner_hostile = none: a corner traps nobody. */
START_TEST(test_corner_hostile_none_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.corner_hostile = CORNER_HOSTILE_NONE;
    corner_attackers_capture(&rs, false);
    corner_defenders_capture(&rs, false);
}
END_TEST

/* A defender beside the empty throne; the attacker b2-d2 traps it against the throne.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . T . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . . +
 */
static const char POS_THRONE_DEFENDER[] = "/7/1t5/3T3/7/7/5K1/7/";

/* An attacker beside the empty throne; the defender b2-d2 traps it against the throne.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . T . . . . .
 * 3 . . . t . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . t +
 */
static const char POS_THRONE_ATTACKER[] = "/7/1T5/3t3/7/7/5K1/5t1/";

/* A defender between the king on the throne and d2; the attacker b2-d2 arrives.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . T . . .
 * 4 . . . K . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . . t +
 */
static const char POS_KING_THRONE_DEFENDER[] = "/7/1t5/3T3/3K3/7/7/5t1/";

/* An attacker between the king on the throne and d2; the defender b2-d2 arrives.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . T . . . . .
 * 3 . . . t . . .
 * 4 . . . K . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . . t +
 */
static const char POS_KING_THRONE_ATTACKER[] = "/7/1T5/3t3/3K3/7/7/5t1/";

/* Plays b2-d2 by side `side` on `pos` under rs and checks whether the piece on d3 is taken. */
static void throne_capture(const Ruleset *rs, const char *pos, Side side, bool taken)
{
    RuleGame g;
    game_start_custom(&g, rs, pos, side);
    Piece victim = side == SIDE_ATTACKERS ? PIECE_DEFENDER : PIECE_ATTACKER;
    ck_assert_int_eq(game_play(&g, "b2-d2", NULL), (taken ? 1 : 0));
    game_expect_piece(&g, "d3", taken ? PIECE_EMPTY : victim);
    game_expect_going(&g, "b2-d2");
    game_finish(&g);
}

/* Seed 002: "The throne is always hostile to the attackers, but only hostile to the defenders
 * when it is empty." Both sides are trapped against the empty throne. */
START_TEST(test_capture_against_empty_throne_allowed_brandubh_seed002)
{
    Ruleset rs = game_preset_copy("brandubh");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, true);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* Seed 000 rule 10: "The central square does not have this effect." (throne_hostile
 * never / never): nobody is trapped against the empty throne. */
START_TEST(test_capture_against_empty_throne_refused_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, false);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, false);
}
END_TEST

/* Seed 001 rule 7: "A piece may also be captured by surrounding it between an enemy and one of
 * the marked centre or corner squares." */
START_TEST(test_capture_against_empty_throne_allowed_brandub_cyningstan_2014_seed001)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan-2014");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, true);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: "The throne occupied by the king is hostile to attackers exactly when the king
 * himself would be an anvil, or when throne_hostile_attackers = always." Brandubh: both. */
START_TEST(test_capture_against_king_throne_allowed_brandubh_seed003)
{
    Ruleset rs = game_preset_copy("brandubh");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* Seed 003 rule 3: the throne is "only hostile to the defenders when it is empty"; RULES.md 3:
 * "(the king on it is their own)". */
START_TEST(test_capture_against_king_throne_refused_for_defender_brandubh_seed003)
{
    Ruleset rs = game_preset_copy("brandubh");
    throne_capture(&rs, POS_KING_THRONE_DEFENDER, SIDE_ATTACKERS, false);
}
END_TEST

/* RULES.md 6, brandubh-livas row: king_armed = no but throne_hostile_attackers = always, so the
 * throne under the unarmed king still traps an attacker (seed 004: "The corner and the center
 * cells function as enemy pieces"). */
START_TEST(test_capture_against_king_throne_unarmed_king_brandubh_livas_seed004)
{
    Ruleset rs = game_preset_copy("brandubh-livas");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: the occupied throne is hostile to attackers "when the king himself would be an
 * anvil": brandub-cyningstan's throne is never hostile, but its armed king is an anvil. */
START_TEST(test_capture_against_king_throne_armed_king_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: a king who is no anvil (hammer only) on a throne that is hostile to attackers
 * "always": the throne itself traps the attacker. */
START_TEST(test_capture_against_king_throne_hammer_king_always_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    rs.throne_hostile_attackers = THRONE_HOSTILE_ALWAYS;
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: throne_hostile_attackers = empty: "only when empty". With the king (hammer only,
 * so no anvil) on it the throne does not trap; empty, it does. */
START_TEST(test_capture_against_throne_hostile_when_empty_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    rs.throne_hostile_attackers = THRONE_HOSTILE_EMPTY;
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, false);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: unarmed king and throne_hostile_attackers = never: the occupied throne traps
 * nobody. */
START_TEST(test_capture_against_king_throne_unarmed_never_custom)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    rs.king_armed = KING_ARMED_NO;
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, false);
}
END_TEST

/* Seed 002: "The board edge is NOT hostile." e3-b3 does not trap the defender on a3.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 T . . . t . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . K .
 * 7 + . . . . . +
 */
START_TEST(test_board_edge_not_hostile_brandubh_seed002)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/7/T3t2/7/7/5K1/7/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"e3-b3", NULL});
    game_expect_piece(&g, "a3", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* The king as hammer: f3-d3 would trap the attacker on c3 against the defender on b3.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . T t . . K .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . t . +
 */
static const char POS_KING_HAMMER[] = "/7/7/1Tt2K1/7/7/7/4t2/";

/* The king as anvil: the defender f3-d3 would trap the attacker on c3 against the king on b3.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . K t . . T .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 + . . . t . +
 */
static const char POS_KING_ANVIL[] = "/7/7/1Kt2T1/7/7/7/4t2/";

/* Plays f3-d3 on `pos` under rs (defenders to move); checks whether c3 is taken. */
static void king_armed_capture(const Ruleset *rs, const char *pos, bool taken)
{
    RuleGame g;
    game_start_custom(&g, rs, pos, SIDE_DEFENDERS);
    ck_assert_int_eq(game_play(&g, "f3-d3", NULL), (taken ? 1 : 0));
    game_expect_piece(&g, "c3", taken ? PIECE_EMPTY : PIECE_ATTACKER);
    game_expect_going(&g, "f3-d3");
    game_finish(&g);
}

/* Seed 000 rule 7: "The king may act with a defender in making captures" (king_armed = yes):
 * as the moving piece ... */
START_TEST(test_king_armed_hammer_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    king_armed_capture(&rs, POS_KING_HAMMER, true);
}
END_TEST

/* Seed 000 rule 7: "The king may act with a defender in making captures": as the far piece
 * too. */
START_TEST(test_king_armed_anvil_brandub_cyningstan_seed000)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    king_armed_capture(&rs, POS_KING_ANVIL, true);
}
END_TEST

/* Seed 004: "The king is unarmed and cannot aid in capture." Neither as hammer ... */
START_TEST(test_king_unarmed_hammer_brandubh_livas_seed004)
{
    Ruleset rs = game_preset_copy("brandubh-livas");
    king_armed_capture(&rs, POS_KING_HAMMER, false);
}
END_TEST

/* Seed 004: "The king is unarmed and cannot aid in capture": not as the far piece either. */
START_TEST(test_king_unarmed_anvil_brandubh_livas_seed004)
{
    Ruleset rs = game_preset_copy("brandubh-livas");
    king_armed_capture(&rs, POS_KING_ANVIL, false);
}
END_TEST

/* RULES.md 3: "hammer = only as the moving piece". */
START_TEST(test_king_armed_hammer_only_captures_as_hammer_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    king_armed_capture(&rs, POS_KING_HAMMER, true);
}
END_TEST

/* RULES.md 3: "hammer = only as the moving piece": never as the far piece. */
START_TEST(test_king_armed_hammer_only_no_anvil_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    king_armed_capture(&rs, POS_KING_ANVIL, false);
}
END_TEST

/* RULES.md 3: "anvil = only as the far piece". */
START_TEST(test_king_armed_anvil_only_captures_as_anvil_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_ANVIL;
    king_armed_capture(&rs, POS_KING_ANVIL, true);
}
END_TEST

/* RULES.md 3: "anvil = only as the far piece": never as the moving piece. */
START_TEST(test_king_armed_anvil_only_no_hammer_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_armed = KING_ARMED_ANVIL;
    king_armed_capture(&rs, POS_KING_HAMMER, false);
}
END_TEST

TCase *rules_captures_tcase(void)
{
    TCase *tc = tcase_create("captures");
    tcase_add_test(tc, test_capture_custodial_by_attacker_brandubh_seed003);
    tcase_add_test(tc, test_capture_custodial_by_defender_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_only_by_moving_piece_brandubh_seed003);
    tcase_add_test(tc, test_move_between_two_enemies_safe_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_two_at_once_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_three_at_once_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_capture_against_corner_by_attackers_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_against_corner_by_defenders_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_against_corner_both_sides_brandubh_seed003);
    tcase_add_test(tc, test_corner_hostile_attackers_only_custom);
    tcase_add_test(tc, test_corner_hostile_defenders_only_custom);
    tcase_add_test(tc, test_corner_hostile_none_custom);
    tcase_add_test(tc, test_capture_against_empty_throne_allowed_brandubh_seed002);
    tcase_add_test(tc, test_capture_against_empty_throne_refused_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_against_empty_throne_allowed_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_capture_against_king_throne_allowed_brandubh_seed003);
    tcase_add_test(tc, test_capture_against_king_throne_refused_for_defender_brandubh_seed003);
    tcase_add_test(tc, test_capture_against_king_throne_unarmed_king_brandubh_livas_seed004);
    tcase_add_test(tc, test_capture_against_king_throne_armed_king_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_capture_against_king_throne_hammer_king_always_custom);
    tcase_add_test(tc, test_capture_against_throne_hostile_when_empty_custom);
    tcase_add_test(tc, test_capture_against_king_throne_unarmed_never_custom);
    tcase_add_test(tc, test_board_edge_not_hostile_brandubh_seed002);
    tcase_add_test(tc, test_king_armed_hammer_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_armed_anvil_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_unarmed_hammer_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_unarmed_anvil_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_armed_hammer_only_captures_as_hammer_custom);
    tcase_add_test(tc, test_king_armed_hammer_only_no_anvil_custom);
    tcase_add_test(tc, test_king_armed_anvil_only_captures_as_anvil_custom);
    tcase_add_test(tc, test_king_armed_anvil_only_no_hammer_custom);
    return tc;
}
