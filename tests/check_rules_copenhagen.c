/* Every rule of doc/RULES.md pinned on a concrete, hand-drawn position, part Copenhagen:
 * shieldwalls and edge forts. Each test names the rule and the seed (or "custom" for a ruleset made
 * here) it comes from, and quotes the sentence it pins. Boards: tests/fixture.c's RuleGame helpers.
 */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

/* ---------------------------------------------------------------------------------------- */
/* Copenhagen: shieldwalls and edge forts (doc/rules-engine.md)                              */
/* ---------------------------------------------------------------------------------------- */

/* Expects caps to hold exactly the NULL-terminated squares (in any order). */
static void expect_captures(const RuleGame *g, const CaptureList *caps, const char *const *squares)
{
    int n = 0;
    for (; squares[n] != NULL; n++) {
        ck_assert_msg(game_caps_has(g, caps, squares[n]), "%s was not captured", squares[n]);
        game_expect_piece(g, squares[n], PIECE_EMPTY);
    }
    ck_assert_msg(caps->count == n, "%d captures, expected %d", caps->count, n);
}

/* The issue's shieldwall: "a row of enemies against the board edge, closed at both ends and
 * fronted by the capturing side". The attacker arriving on g11 closes the row d11-f11, whose
 * other end c11 holds an attacker and whose every piece has an attacker in front.
 *    a b c d e f g h i j k
 *  1 + . . . . . . . . . +
 *  6 . . . . . K . . . . .
 *  8 . . . . . . t . . . .
 * 10 . . . t t t . . . . .
 * 11 + . t T T T . . . . +
 */
static const char POS_WALL_BOTTOM[] = "/11/11/11/11/11/5K5/11/6t4/11/3ttt5/2tTTT5/";

START_TEST(test_shieldwall_attackers_take_fronted_row_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", POS_WALL_BOTTOM, SIDE_ATTACKERS);
    game_play(&g, "g8-g11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "e11", "f11", NULL});
    game_expect_going(&g, "g8-g11");
    game_finish(&g);
}
END_TEST

/* The same row without the option: no piece of it is between two attackers on a line, so a
 * custodial capture takes nothing. */
START_TEST(test_shieldwall_off_takes_nothing_custom)
{
    Ruleset rs = game_preset_copy("copenhagen");
    rs.shieldwall = SHIELDWALL_NO;
    RuleGame g;
    game_start_custom(&g, &rs, POS_WALL_BOTTOM, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "g8-g11", NULL), 0);
    game_expect_piece(&g, "f11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* "Fronted by the capturing side": one piece of the row (e11) with nothing in front of it
 * keeps the whole row.
 *    a b c d e f g h i j k
 *  8 . . . . . . t . . . .
 * 10 . . . t . t . . . . .
 * 11 + . t T T T . . . . +
 */
START_TEST(test_shieldwall_gap_in_front_takes_nothing_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/11/11/11/11/11/5K5/11/6t4/11/3t1t5/2tTTT5/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "g8-g11", NULL), 0);
    game_expect_piece(&g, "e11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* "Closed at both ends": with c11 empty the row is open at one end.
 *    a b c d e f g h i j k
 *  8 . . . . . . t . . . .
 * 10 . . . t t t . . . . .
 * 11 + . . T T T . . . . +
 */
START_TEST(test_shieldwall_open_end_takes_nothing_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/11/11/11/11/11/5K5/11/6t4/11/3ttt5/3TTT5/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "g8-g11", NULL), 0);
    game_expect_piece(&g, "d11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* Only the move that closes an end captures (OTN's swf:y, the default): the attacker that
 * completes the front on f10 takes nothing, though the row is then closed and fronted.
 *    a b c d e f g h i j k
 *  8 . . . . . t . . . . .
 * 10 . . . t t . . . . . .
 * 11 + . t T T T t . . . +
 */
START_TEST(test_shieldwall_only_closing_move_captures_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/11/11/11/11/11/5K5/11/5t5/11/3tt6/2tTTTt4/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "f8-f10", NULL), 0);
    game_expect_piece(&g, "d11", PIECE_DEFENDER);
    game_expect_piece(&g, "f11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* "The king in the wall is not captured": the row d11-f11 holds the king on e11; the two
 * defenders beside him are taken, he stays, and the game goes on (a strong king is never
 * captured on an edge).
 *    a b c d e f g h i j k
 *  8 . . . . . . t . . . .
 * 10 . . . t t t . . . . .
 * 11 + . t T K T . . . . +
 */
START_TEST(test_shieldwall_king_in_row_stays_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", "/11/11/11/11/11/11/11/6t4/11/3ttt5/2tTKT5/", SIDE_ATTACKERS);
    game_play(&g, "g8-g11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "f11", NULL});
    game_expect_piece(&g, "e11", PIECE_KING);
    game_expect_going(&g, "g8-g11");
    game_finish(&g);
}
END_TEST

/* One move closes two rows, one on each side of it.
 *    a b c d e f g h i j k
 *  8 . . . . . t . . . . .
 * 10 . . . t t . t t . . .
 * 11 + . t T T . T T t . +
 */
START_TEST(test_shieldwall_two_rows_at_once_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", "/11/11/11/11/11/5K5/11/5t5/11/3tt1tt3/2tTT1TTt2/",
               SIDE_ATTACKERS);
    game_play(&g, "f8-f11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "e11", "g11", "h11", NULL});
    game_finish(&g);
}
END_TEST

/* "Corners may close a shieldwall" (shieldwall = corners, OTN sw:s): the corner a11 closes
 * the row b11-c11 against the attacker arriving on d11.
 *    a b c d e f g h i j k
 *  6 . . . . . K . . . . .
 *  8 . . . t . . . . . . .
 * 10 . t t . . . . . . . .
 * 11 + T T . . . . . . . +
 */
static const char POS_WALL_CORNER[] = "/11/11/11/11/11/5K5/11/3t7/11/1tt8/1TT8/";

START_TEST(test_shieldwall_corner_closes_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", POS_WALL_CORNER, SIDE_ATTACKERS);
    game_play(&g, "d8-d11", &caps);
    expect_captures(&g, &caps, (const char *[]){"b11", "c11", NULL});
    game_finish(&g);
}
END_TEST

/* shieldwall = pieces (OTN sw:w, "weak"): only pieces close a wall, the corner does not. */
START_TEST(test_shieldwall_pieces_corner_does_not_close_custom)
{
    Ruleset rs = game_preset_copy("copenhagen");
    rs.shieldwall = SHIELDWALL_PIECES;
    RuleGame g;
    game_start_custom(&g, &rs, POS_WALL_CORNER, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "d8-d11", NULL), 0);
    game_expect_piece(&g, "b11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* A corner closes a wall only when it is hostile to the row's pieces (corner_hostile), as it
 * is an anvil only then in a custodial capture. */
START_TEST(test_shieldwall_corner_not_hostile_does_not_close_custom)
{
    Ruleset rs = game_preset_copy("copenhagen");
    rs.corner_hostile = CORNER_HOSTILE_ATTACKERS;
    RuleGame g;
    game_start_custom(&g, &rs, POS_WALL_CORNER, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "d8-d11", NULL), 0);
    game_expect_piece(&g, "c11", PIECE_DEFENDER);
    game_finish(&g);
}
END_TEST

/* The defenders' walls: the king fronts one of the attackers (d1) as any defender does, an
 * armed king being able to capture (king_armed = yes).
 *    a b c d e f g h i j k
 *  1 + T t t t . . . . . +
 *  2 . . T K T . . . . . .
 *  4 . . . . . T . . . . .
 *  5 . . . . . . . . . . t
 */
START_TEST(test_shieldwall_defenders_king_in_front_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", "/1Tttt6/2TKT6/11/5T5/10t/11/11/11/11/11/11/", SIDE_DEFENDERS);
    game_play(&g, "f4-f1", &caps);
    expect_captures(&g, &caps, (const char *[]){"c1", "d1", "e1", NULL});
    game_expect_going(&g, "f4-f1");
    game_finish(&g);
}
END_TEST

/* The corner closes the defenders' walls too (corner_hostile = all).
 *    a b c d e f g h i j k
 *  1 + t t . . . . . . . +
 *  2 . T T . . . . . . . .
 *  3 . . . T . . . . . . .
 */
START_TEST(test_shieldwall_defenders_corner_closes_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", "/1tt8/1TT8/3T7/11/10t/5K5/11/11/11/11/11/", SIDE_DEFENDERS);
    game_play(&g, "d3-d1", &caps);
    expect_captures(&g, &caps, (const char *[]){"b1", "c1", NULL});
    game_finish(&g);
}
END_TEST

/* Walls along a file: the defender arriving on a7 closes a5-a6 against a4.
 *    a b c d e f g h i j k
 *  3 . . . . . . . K . . .
 *  4 T . . . . . . . . . .
 *  5 t T . . . . . . . . .
 *  6 t T . . . + . . . . .
 *  7 . . . T . . . . . . .
 *  9 . . . . . . . . . . t
 */
START_TEST(test_shieldwall_along_file_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", "/11/11/7K3/T10/tT9/tT9/3T7/11/10t/11/11/", SIDE_DEFENDERS);
    game_play(&g, "d7-a7", &caps);
    expect_captures(&g, &caps, (const char *[]){"a5", "a6", NULL});
    game_finish(&g);
}
END_TEST

/* The king closes a wall as the moving piece when he may capture as the hammer; with
 * king_armed = anvil he may not, and his move takes nothing.
 *    a b c d e f g h i j k
 *  1 + . T t t . . . . . +
 *  2 . . . T T . . . . . .
 *  4 . . . . . K . . . . .
 *  5 . . . . . . . . . . t
 */
static const char POS_WALL_KING[] = "/2Ttt6/3TT6/11/5K5/10t/11/11/11/11/11/11/";

START_TEST(test_shieldwall_king_closes_copenhagen)
{
    RuleGame g;
    CaptureList caps;
    game_start(&g, "copenhagen", POS_WALL_KING, SIDE_DEFENDERS);
    game_play(&g, "f4-f1", &caps);
    expect_captures(&g, &caps, (const char *[]){"d1", "e1", NULL});
    game_expect_going(&g, "f4-f1");
    game_finish(&g);
}
END_TEST

START_TEST(test_shieldwall_king_anvil_only_does_not_close_custom)
{
    Ruleset rs = game_preset_copy("copenhagen");
    rs.king_armed = KING_ARMED_ANVIL;
    RuleGame g;
    game_start_custom(&g, &rs, POS_WALL_KING, SIDE_DEFENDERS);
    ck_assert_int_eq(game_play(&g, "f4-f1", NULL), 0);
    game_expect_piece(&g, "d1", PIECE_ATTACKER);
    game_finish(&g);
}
END_TEST

/* The issue's edge fort: "the king on an edge, in contact with an unbreakable fort of
 * defenders, able to move, wins". The defender arriving on f9 shuts the king in f11-f10 behind
 * e11 g11 e10 g10 f9, each of which keeps a neighbour on each line that never turns hostile
 * (the edge, the inside, or another such defender: f9 has g9, g9 has g10): the defenders win,
 * with the king's escape as the reason. The move is not the king's.
 *    a b c d e f g h i j k
 *  1 + . . t . . . t . . +
 *  4 t . . . . . . . . . t
 *  6 . . . . . + . . . . .
 *  7 . . . . . T . . . . .
 *  9 . . . . . . T . . . .
 * 10 . . . . T . T . . . .
 * 11 + . . . T K T . . . +
 */
static const char POS_EDGE_FORT[] = "/3t3t3/11/11/t9t/11/11/5T5/11/6T4/4T1T4/4TKT4/";

START_TEST(test_edge_fort_closed_wins_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", POS_EDGE_FORT, SIDE_DEFENDERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s)); /* open: f9 leads out */
    game_play(&g, "f7-f9", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    ck_assert(state_in_edge_fort(&g.r, &g.s));
    game_finish(&g);
}
END_TEST

/* edge_fort = no: the same fort wins nothing. */
START_TEST(test_edge_fort_off_no_win_custom)
{
    Ruleset rs = game_preset_copy("copenhagen");
    rs.edge_fort = false;
    RuleGame g;
    game_start_custom(&g, &rs, POS_EDGE_FORT, SIDE_DEFENDERS);
    game_play(&g, "f7-f9", NULL);
    game_expect_going(&g, "f7-f9");
    game_finish(&g);
}
END_TEST

/* "Unbreakable": without g9, the defender on f9 can be taken between e9 and g9, so the fort
 * can be broken and the game goes on.
 *    a b c d e f g h i j k
 *  7 . . . . . T . . . . .
 * 10 . . . . T . T . . . .
 * 11 + . . . T K T . . . +
 */
START_TEST(test_edge_fort_breakable_no_win_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/5T5/11/11/4T1T4/4TKT4/", SIDE_DEFENDERS);
    game_play(&g, "f7-f9", NULL);
    game_expect_going(&g, "f7-f9");
    game_finish(&g);
}
END_TEST

/* The king's own move into a finished fort wins too (the fort is checked after every defender
 * move).
 *    a b c d e f g h i j k
 *  9 . . . . . T T . . . .
 * 10 . . . . T K T . . . .
 * 11 + . . . T . T . . . +
 */
START_TEST(test_edge_fort_king_steps_in_wins_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/5TT4/4TKT4/4T1T4/", SIDE_DEFENDERS);
    game_play(&g, "f10-f11", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* "Able to move": a king walled in on his own square is not in a fort.
 *    a b c d e f g h i j k
 * 10 . . . . T T T . . . .
 * 11 + . . . T K T . . . +
 */
START_TEST(test_edge_fort_king_cannot_move_no_fort_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/11/4TTT4/4TKT4/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    game_finish(&g);
}
END_TEST

/* An attacker touching the inside (e10 beside f10) leaves it open.
 *    a b c d e f g h i j k
 *  9 . . . . . T T . . . .
 * 10 . . . . t . T . . . .
 * 11 + . . . T K T . . . +
 */
START_TEST(test_edge_fort_attacker_touches_inside_no_fort_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/5TT4/4t1T4/4TKT4/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    game_finish(&g);
}
END_TEST

/* An inside beside an empty corner (a11) is a fort when it is sealed (issue 22: this was
 * "no fort" before, the inside spreading through the corner). Copenhagen rule 6 (exit forts):
 * the defenders win "if the king has contact with the board edge, is able to move, and it is
 * impossible for the attackers to break the fort": the king on c11 touches the edge and can
 * move (b11, a11); no attacker can ever reach b11 (a corner is no way in: no piece but the
 * king stops on one and no line runs through one), and b10, c10, d11 hold each other and the
 * inside. The corner is a wall, not a gap.
 *    a b c d e f g h i j k
 * 10 . T T . . . . . . . .
 * 11 + . K T . . . . . . +
 */
START_TEST(test_edge_fort_beside_empty_corner_is_fort_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/11/1TT8/2KT7/", SIDE_ATTACKERS);
    ck_assert(state_in_edge_fort(&g.r, &g.s));
    game_finish(&g);
}
END_TEST

/* Issue 22, the one true edge-fort disagreement with OpenTafl's rules engine: the king on b1 beside
 * the empty corner a1, b2 and c2 protecting each other, d1 flanked by the attacker on e1 with c1
 * empty. g2-c2 closes the fort: after it (OTN
 * /1K1Tt1t4/1TT6t1/4T4t1/3t4t2/1T1t1Tt4/ttt3t1tt1/5t4t/7t1tT/1t9/7T3/2TTT2t3/, attackers to
 * move) OpenTafl ends the game by an edge fort, and by rule 6 it is one: the king is on the
 * edge and can move (a1, c1); c1, the one square that would take d1 (c1-d1-e1), is reachable
 * only through b1, c2 or d1; c2 falls only to b2-d2 or c1-c3, b2 only to a2-c2 or b1-b3, and
 * each pair holds a defender or the inside. The attackers on the a file (a6) reach a2 but
 * not a1: the inside stops at the corner. Before the fix tafl-lab's inside ran a1, a2 ... a5
 * to the attacker on a6 and found no fort.
 *    a b c d e f g h i j k
 *  1 + K . T t . t . . . +
 *  2 . T . . . . T . . t .      (g2-c2 to play)
 *  3 . . . . T . . . . t .
 *  4 . . . t . . . . t . .
 *  5 . T . t . T t . . . .
 *  6 t t t . . . t . t t .
 *  7 . . . . . t . . . . t
 *  8 . . . . . . . t . t T
 *  9 . t . . . . . . . . .
 * 10 . . . . . . . T . . .
 * 11 + . T T T . . t . . + */
START_TEST(test_edge_fort_king_beside_corner_opentafl_issue22_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen",
               "/1K1Tt1t4/1T4T2t1/4T4t1/3t4t2/1T1t1Tt4/ttt3t1tt1/5t4t/7t1tT/1t9/7T3/2TTT2t3/",
               SIDE_DEFENDERS);
    ck_assert(!state_is_over(&g.s));
    ck_assert_int_eq(game_play(&g, "g2-c2", NULL), 0);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    ck_assert(state_in_edge_fort(&g.r, &g.s));
    /* Without b2 the inside runs out through b2 to the attackers: no fort. The corner, not
     * a loose test, makes the difference. */
    GameState open = g.s;
    int b2 = game_square(&g, "b2");
    open.defenders[b2 >> 6] &= ~(1ULL << (b2 & 63));
    state_refresh(&g.r, &open);
    ck_assert(!state_in_edge_fort(&g.r, &open));
    game_finish(&g);
}
END_TEST

/* "The king on an edge": the same unbreakable ring in the middle of the board is no edge fort.
 *    a b c d e f g h i j k
 *  7 . . . . . T . . . . .
 *  8 . . . . T K T . . . .
 *  9 . . . . . T . . . . .
 */
START_TEST(test_edge_fort_king_off_edge_no_fort_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/5T5/4TKT4/5T5/11/11/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    game_finish(&g);
}
END_TEST

/* A fort along the edge (inside e11-g11) whose edge defenders d11 and h11 have open squares in
 * front of them: a custodial capture needs both neighbours on a line, and a shieldwall an
 * attacker in front of every piece and both ends closed, but each has the inside at one end of
 * its row. Unbreakable: the defender arriving on h11 wins.
 *    a b c d e f g h i j k
 *  8 . . . . . . . T . . .
 * 10 . . . . T T T . . . .
 * 11 + . . T . K . . . . +
 */
START_TEST(test_edge_fort_open_fronts_still_unbreakable_copenhagen)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/7T3/11/4TTT4/3T1K5/", SIDE_DEFENDERS);
    game_play(&g, "h8-h11", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

TCase *rules_copenhagen_tcase(void)
{
    TCase *tc = tcase_create("copenhagen");
    tcase_add_test(tc, test_shieldwall_attackers_take_fronted_row_copenhagen);
    tcase_add_test(tc, test_shieldwall_off_takes_nothing_custom);
    tcase_add_test(tc, test_shieldwall_gap_in_front_takes_nothing_copenhagen);
    tcase_add_test(tc, test_shieldwall_open_end_takes_nothing_copenhagen);
    tcase_add_test(tc, test_shieldwall_only_closing_move_captures_copenhagen);
    tcase_add_test(tc, test_shieldwall_king_in_row_stays_copenhagen);
    tcase_add_test(tc, test_shieldwall_two_rows_at_once_copenhagen);
    tcase_add_test(tc, test_shieldwall_corner_closes_copenhagen);
    tcase_add_test(tc, test_shieldwall_pieces_corner_does_not_close_custom);
    tcase_add_test(tc, test_shieldwall_corner_not_hostile_does_not_close_custom);
    tcase_add_test(tc, test_shieldwall_defenders_king_in_front_copenhagen);
    tcase_add_test(tc, test_shieldwall_defenders_corner_closes_copenhagen);
    tcase_add_test(tc, test_shieldwall_along_file_copenhagen);
    tcase_add_test(tc, test_shieldwall_king_closes_copenhagen);
    tcase_add_test(tc, test_shieldwall_king_anvil_only_does_not_close_custom);
    tcase_add_test(tc, test_edge_fort_closed_wins_copenhagen);
    tcase_add_test(tc, test_edge_fort_off_no_win_custom);
    tcase_add_test(tc, test_edge_fort_breakable_no_win_copenhagen);
    tcase_add_test(tc, test_edge_fort_king_steps_in_wins_copenhagen);
    tcase_add_test(tc, test_edge_fort_king_cannot_move_no_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_attacker_touches_inside_no_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_beside_empty_corner_is_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_king_beside_corner_opentafl_issue22_copenhagen);
    tcase_add_test(tc, test_edge_fort_king_off_edge_no_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_open_fronts_still_unbreakable_copenhagen);
    return tc;
}
