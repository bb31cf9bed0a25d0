/* Every rule of doc/RULES.md pinned on a concrete, hand-drawn position, part 4. The king's capture:
 * custodial, on and beside the throne, at the edge, strong kings. Each test names the rule and the
 * seed (or "custom" for a ruleset made here) it comes from, and quotes the sentence it pins.
 * Boards: tests/fixture.c's RuleGame helpers. */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

/* ---------------------------------------------------------------------------------------- */
/* 4. The king's capture                                                                      */
/* ---------------------------------------------------------------------------------------- */

/* The king on c2 beside an attacker on b2; f2-d2 closes the line b2-c2-d2.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t K . . t .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_PLAIN[] = "/7/1tK2t1/7/7/7/5T1/7/";

/* Seed 000 rule 7: the king "may himself be captured by two attackers" (custodial). */
START_TEST(test_king_custodial_captured_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "f2-d2", &caps);
    game_expect_king_captured(&g, &caps, "c2");
    game_finish(&g);
}
END_TEST

/* RULES.md 6: "seed 000 rule 7 says the king 'may himself be captured by two attackers':
 * custodial, also on the throne." g4-e4 closes c4-d4-e4.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . t K . . t
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
START_TEST(test_king_custodial_on_throne_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/7/7/2tK2t/7/5T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "g4-e4", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* The king beside the throne (d3) with an attacker on c3; g3-e3 closes c3-d3-e3.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . t K . . t
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_BESIDE_THRONE[] = "/7/1t5/2tK2t/7/7/5T1/7/";

/* Seed 000 rule 7 (custodial): two attackers suffice beside the throne too. */
START_TEST(test_king_custodial_beside_throne_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "g3-e3", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* The king on b1 beside corner a1; e1-c1 traps him against the corner.
 *   a b c d e f g
 * 1 + K . . t . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_CORNER[] = "/1K2t2/7/7/7/7/5T1/7/";

/* RULES.md 4: custodial: "an attacker and a square hostile to defenders"; seed 000 rule 10: a
 * marked corner square traps an enemy. */
START_TEST(test_king_custodial_against_corner_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "e1-c1", &caps);
    game_expect_king_captured(&g, &caps, "b1");
    game_finish(&g);
}
END_TEST

/* The king on the edge square a3 with an attacker on a2; c4-a4 closes a2-a3-a4 along the
 * edge, e3-b3 comes against the edge.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 t . . . . . .
 * 3 K . . . t . .
 * 4 . . t + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_EDGE[] = "/7/t6/K3t2/2t4/7/5T1/7/";

/* Seed 000 rule 7 (custodial) on an edge: along the edge two attackers capture ... */
START_TEST(test_king_custodial_along_edge_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_EDGE, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "c4-a4", &caps);
    game_expect_king_captured(&g, &caps, "a3");
    game_finish(&g);
}
END_TEST

/* RULES.md 3: "The board edge is never hostile": an attacker coming against the king on the edge
 * does not take him. (position POS_KING_EDGE) */
START_TEST(test_king_custodial_not_against_edge_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_EDGE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "e3-b3");
    game_finish(&g);
}
END_TEST

/* Brief / RULES.md 3 "Only the moving piece captures": the custodial king capture is along the
 * line through the moving attacker. The king on c3 already stands between b3 and d3; f2-c2
 * arrives on the other line (c4 empty): no capture. c6-c4 then closes c2-c3-c4.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . t .
 * 3 . t K t . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . t . . T .
 * 7 + . . . . . +
 */
START_TEST(test_king_custodial_line_through_mover_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/5t1/1tKt3/7/7/2t2T1/7/", SIDE_ATTACKERS);
    game_expect_king_survives(&g, "f2-c2");
    game_play_quiet(&g, (const char *[]){"f6-f5", NULL});
    CaptureList caps;
    game_play(&g, "c6-c4", &caps);
    game_expect_king_captured(&g, &caps, "c3");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7a: "The king is captured like all other pieces, except when he is on the
 * throne" and rule 3a: "Ard Ri: No throne square": two attackers take him on the centre.
 *   a b c d e f g
 * 1 . . . . . . .
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . t K . . t
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 . . . . . . .
 */
START_TEST(test_king_custodial_on_centre_ard_ri_seed003)
{
    RuleGame g;
    game_start(&g, "ard-ri", "/7/7/7/2tK2t/7/5T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "g4-e4", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* The king beside the empty throne (d3); b2-d2 traps him against it.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . K . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . t +
 */
static const char POS_KING_THRONE_ANVIL[] = "/7/1t5/3K3/7/7/5T1/5t1/";

/* RULES.md 4: "A hostile corner or hostile empty throne stands for an attacker wherever
 * custodial applies." (custodial with throne_hostile_defenders = empty) */
START_TEST(test_king_custodial_against_empty_throne_custom)
{
    Ruleset rs = game_preset_copy("brandub-cyningstan");
    rs.throne_hostile_defenders = THRONE_HOSTILE_EMPTY;
    RuleGame g;
    game_start_custom(&g, &rs, POS_KING_THRONE_ANVIL, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "b2-d2", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 10: "The central square does not have this effect." */
START_TEST(test_king_custodial_not_against_empty_throne_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_KING_THRONE_ANVIL, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "b2-d2");
    game_finish(&g);
}
END_TEST

/* The king on the throne with attackers on d3 and c4; g4-e4 makes three, d6-d5 four.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . t . . .
 * 4 . . t K . . t
 * 5 . . . . . . .
 * 6 . . . t . T .
 * 7 + . . . . . +
 */
static const char POS_KING_ON_THRONE[] = "/7/7/3t3/2tK2t/7/3t1T1/7/";

/* Seed 003 rule 7a: "When the king is on the throne, the attackers must surround him in all
 * four cardinal points." Three are not enough; the fourth captures. */
START_TEST(test_king_on_throne_needs_four_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g4-e4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "d6-d5", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* Seed 001 rule 8: "When the king is on the central square, he must be surrounded on all four
 * sides by attackers in order to be captured." */
START_TEST(test_king_on_throne_needs_four_brandub_cyningstan_2014_seed001)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan-2014", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g4-e4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "d6-d5", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* Seed 004: "To capture the King still at the center cell he must be surrounded N, E, S and W
 * by attackers." */
START_TEST(test_king_on_throne_needs_four_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g4-e4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "d6-d5", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7a: "When he is on a square next to the throne, the attackers must occupy all
 * surrounding squares in the four points of the compass except the throne." g3-e3 makes two
 * (not enough), b2-d2 the third.
 * (position POS_KING_BESIDE_THRONE) */
START_TEST(test_king_beside_throne_needs_three_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g3-e3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "b2-d2", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* Seed 001 rule 9: "When the king is beside the central square, he must be surrounded by
 * attackers on the remaining three sides." */
START_TEST(test_king_beside_throne_needs_three_brandub_cyningstan_2014_seed001)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan-2014", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g3-e3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "b2-d2", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* Seed 004: "At a cell next to the center cell ... the King must be surrounded by attackers on
 * the remaining 3 sides." */
START_TEST(test_king_beside_throne_needs_three_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g3-e3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "b2-d2", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7a: "The king is captured like all other pieces, except when he is on the
 * throne or on one of the four squares next to the throne." Elsewhere two attackers. */
START_TEST(test_king_elsewhere_custodial_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "f2-d2", &caps);
    game_expect_king_captured(&g, &caps, "c2");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 5: pieces are captured "between an enemy piece and a restricted square", and the
 * king elsewhere "like all other pieces"; RULES.md 4: a hostile corner stands for an attacker. */
START_TEST(test_king_against_corner_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "e1-c1", &caps);
    game_expect_king_captured(&g, &caps, "b1");
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7a (custodial away from the throne) on an edge: along the edge two capture. */
START_TEST(test_king_on_edge_custodial_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_EDGE, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "c4-a4", &caps);
    game_expect_king_captured(&g, &caps, "a3");
    game_finish(&g);
}
END_TEST

/* Seed 004: "at a boarder cell the King must be surrounded by attackers on the remaining 3
 * sides": two along the edge are not enough (c4-a4), the third (e3-b3) captures.
 * (position POS_KING_EDGE) */
START_TEST(test_king_edge_needs_three_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_KING_EDGE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "c4-a4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "e3-b3", &caps);
    game_expect_king_captured(&g, &caps, "a3");
    game_finish(&g);
}
END_TEST

/* The king on a2 beside corner a1; c3-a3 and b5-b2 bring the two attackers.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 K . . . . . .
 * 3 . . t . . . .
 * 4 . . . + . . .
 * 5 . t . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_BESIDE_CORNER[] = "/7/K6/2t4/7/1t5/5T1/7/";

/* RULES.md 4 throne4_adj3_edge3: on an edge square "all three of its neighbours hostile to him:
 * attackers, or a corner hostile to defenders (seed 004: the corner cells 'function as enemy
 * pieces')". An attacker on a3 with the corner a1 is not enough; b2 completes the three. */
START_TEST(test_king_edge_corner_and_two_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_KING_BESIDE_CORNER, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "c3-a3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "b5-b2", &caps);
    game_expect_king_captured(&g, &caps, "a2");
    game_finish(&g);
}
END_TEST

/* By contrast brandubh (throne4_adj3: elsewhere custodial) takes the king on a2 between the
 * attacker arriving on a3 and the hostile corner a1. */
START_TEST(test_king_edge_corner_custodial_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_BESIDE_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "c3-a3", &caps);
    game_expect_king_captured(&g, &caps, "a2");
    game_finish(&g);
}
END_TEST

/* Seed 004: away from the centre and the border the king is captured "when surrounded either
 * above and below OR to their left and right by enemy pieces". */
START_TEST(test_king_elsewhere_custodial_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "f2-d2", &caps);
    game_expect_king_captured(&g, &caps, "c2");
    game_finish(&g);
}
END_TEST

/* The king on c3 (not beside the throne) with attackers on b3 and c2; f3-d3 makes three,
 * a4-c4 four.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . t . . . .
 * 3 . t K . . t .
 * 4 t . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_KING_STRONG[] = "/7/2t4/1tK2t1/t6/7/5T1/7/";

static Ruleset strong_rules(void)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.king_capture = KING_CAPTURE_STRONG;
    return rs;
}

/* RULES.md 4 strong: "attackers on all four sides": three (even with b3-c3-d3 in line) are
 * not enough, the fourth captures. */
START_TEST(test_king_strong_needs_four_sides_custom)
{
    Ruleset rs = strong_rules();
    RuleGame g;
    game_start_custom(&g, &rs, POS_KING_STRONG, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "f3-d3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "a4-c4", &caps);
    game_expect_king_captured(&g, &caps, "c3");
    game_finish(&g);
}
END_TEST

/* RULES.md 4 strong: "where the empty throne may stand for one attacker": the king on d3 with
 * the empty throne below is taken by three attackers. (position POS_KING_BESIDE_THRONE) */
START_TEST(test_king_strong_empty_throne_stands_in_custom)
{
    Ruleset rs = strong_rules();
    RuleGame g;
    game_start_custom(&g, &rs, POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g3-e3");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "b2-d2", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* RULES.md 4 strong: "never on an edge": a2, a4 and b3 around the king on a3 do not take him.
 * (position POS_KING_EDGE) */
START_TEST(test_king_strong_never_on_edge_custom)
{
    Ruleset rs = strong_rules();
    RuleGame g;
    game_start_custom(&g, &rs, POS_KING_EDGE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "c4-a4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    game_expect_king_survives(&g, "e3-b3");
    game_finish(&g);
}
END_TEST

/* RULES.md 4 strong, on the throne: four attackers. (position POS_KING_ON_THRONE) */
START_TEST(test_king_strong_on_throne_needs_four_custom)
{
    Ruleset rs = strong_rules();
    RuleGame g;
    game_start_custom(&g, &rs, POS_KING_ON_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g4-e4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "d6-d5", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* RULES.md 4: "The king's capture is checked after each attacker move that ends on a square
 * next to him". The king on d3 already has attackers on c3, e3 and d2; a move far away does
 * not take him.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . t . . .
 * 3 . . t K t . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . . . T t
 * 7 + . . . . . +
 */
START_TEST(test_king_capture_only_after_adjacent_move_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/3t3/2tKt2/7/7/5Tt/7/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"g6-g5", NULL});
    game_expect_piece(&g, "d3", PIECE_KING);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 5: "it is, therefore, allowed to move in between two enemy pieces" - the king
 * too: c6-c2 between b2 and d2 is safe, and an attacker move elsewhere does not take him.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . t . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . K . . . t
 * 7 + . . . . . +
 */
START_TEST(test_king_moves_between_two_attackers_safe_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/1t1t3/7/7/7/2K3t/7/", SIDE_DEFENDERS);
    game_play_quiet(&g, (const char *[]){"c6-c2", "g6-g5", NULL});
    game_expect_piece(&g, "c2", PIECE_KING);
    game_finish(&g);
}
END_TEST

/* The Brandubh of online play (brandubh-online, king_capture = throne4_elsewhere2). "Brandubh
 * 2", aagenielsen.dk forum, thread "Brandubh 7x7": "In Brandubh 2 black only needs 2 pieces to
 * capture the king - the same as anywhere else on the board." Beside the throne (d3) two
 * attackers on the line away from the throne take him: g3-e3 closes c3-d3-e3. Under brandubh
 * (seed 003) the same move does not (test_king_beside_throne_needs_three_brandubh_seed003). */
START_TEST(test_king_beside_throne_two_across_brandubh_online)
{
    RuleGame g;
    game_start(&g, "brandubh-online", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "g3-e3", &caps);
    game_expect_king_captured(&g, &caps, "d3");
    game_finish(&g);
}
END_TEST

/* Online Brandubh: the empty throne does not count against the king (in the recorded games play
 * went on in 38 of 39 such cases), though it is hostile to the other defenders in this preset:
 * b2-d2 puts one attacker over the king on d3 with the empty throne below, and he stays. */
START_TEST(test_king_not_against_empty_throne_brandubh_online)
{
    RuleGame g;
    game_start(&g, "brandubh-online", POS_KING_THRONE_ANVIL, SIDE_ATTACKERS);
    ck_assert_int_eq(g.r.opt.throne_hostile_defenders, THRONE_HOSTILE_EMPTY);
    game_expect_king_survives(&g, "b2-d2");
    game_finish(&g);
}
END_TEST

/* Online Brandubh, on the throne: four attackers; three are not enough. */
START_TEST(test_king_on_throne_needs_four_brandubh_online)
{
    RuleGame g;
    game_start(&g, "brandubh-online", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    game_expect_king_survives(&g, "g4-e4");
    game_play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    game_play(&g, "d6-d5", &caps);
    game_expect_king_captured(&g, &caps, "d4");
    game_finish(&g);
}
END_TEST

/* Online Brandubh elsewhere: two on opposite sides, as for any piece, and a hostile corner
 * stands for one (the corners are hostile to all pieces in Brandubh). */
START_TEST(test_king_elsewhere_two_brandubh_online)
{
    RuleGame g;
    game_start(&g, "brandubh-online", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    game_play(&g, "f2-d2", &caps);
    game_expect_king_captured(&g, &caps, "c2");
    game_finish(&g);
    game_start(&g, "brandubh-online", POS_KING_CORNER, SIDE_ATTACKERS);
    game_play(&g, "e1-c1", &caps);
    game_expect_king_captured(&g, &caps, "b1");
    game_finish(&g);
}
END_TEST

TCase *rules_king_capture_tcase(void)
{
    TCase *tc = tcase_create("king_capture");
    tcase_add_test(tc, test_king_custodial_captured_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_on_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_beside_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_against_corner_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_along_edge_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_not_against_edge_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_line_through_mover_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_custodial_on_centre_ard_ri_seed003);
    tcase_add_test(tc, test_king_custodial_against_empty_throne_custom);
    tcase_add_test(tc, test_king_custodial_not_against_empty_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_king_on_throne_needs_four_brandubh_seed003);
    tcase_add_test(tc, test_king_on_throne_needs_four_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_king_on_throne_needs_four_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_beside_throne_needs_three_brandubh_seed003);
    tcase_add_test(tc, test_king_beside_throne_needs_three_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc, test_king_beside_throne_needs_three_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_elsewhere_custodial_brandubh_seed003);
    tcase_add_test(tc, test_king_against_corner_brandubh_seed003);
    tcase_add_test(tc, test_king_on_edge_custodial_brandubh_seed003);
    tcase_add_test(tc, test_king_edge_needs_three_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_edge_corner_and_two_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_edge_corner_custodial_brandubh_seed003);
    tcase_add_test(tc, test_king_elsewhere_custodial_brandubh_livas_seed004);
    tcase_add_test(tc, test_king_strong_needs_four_sides_custom);
    tcase_add_test(tc, test_king_strong_empty_throne_stands_in_custom);
    tcase_add_test(tc, test_king_strong_never_on_edge_custom);
    tcase_add_test(tc, test_king_strong_on_throne_needs_four_custom);
    tcase_add_test(tc, test_king_capture_only_after_adjacent_move_brandubh_seed003);
    tcase_add_test(tc, test_king_moves_between_two_attackers_safe_brandubh_seed003);
    tcase_add_test(tc, test_king_beside_throne_two_across_brandubh_online);
    tcase_add_test(tc, test_king_not_against_empty_throne_brandubh_online);
    tcase_add_test(tc, test_king_on_throne_needs_four_brandubh_online);
    tcase_add_test(tc, test_king_elsewhere_two_brandubh_online);
    return tc;
}
