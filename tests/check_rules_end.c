/* Every rule of doc/RULES.md pinned on a concrete, hand-drawn position, part 5. The end of the
 * game: escape, encirclement, repetition, draw forts, no moves, max plies. Each test names the rule
 * and the seed (or "custom" for a ruleset made here) it comes from, and quotes the sentence it
 * pins. Boards: tests/fixture.c's RuleGame helpers. */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "tests/tests.h"

/* True when the OTN move is legal in g's game (its history read). */
static bool fixture_is_legal_in_game(const RuleGame *g, const char *move)
{
    Move m;
    Error err = {{0}};
    ck_assert_int_eq(otn_parse_move(&g->r, move, &m, NULL, &err), ST_OK);
    return movegen_is_legal_in_game(&g->r, &g->s, &g->h, m);
}

/* ---------------------------------------------------------------------------------------- */
/* 5. The end of the game                                                                     */
/* ---------------------------------------------------------------------------------------- */

/* The king two squares from the left edge.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . K . . . .
 * 4 . . . + . . .
 * 5 . . . . t . .
 * 6 . . . . . . .
 * 7 + . . . . . +
 */
static const char POS_ESCAPE_CORNER[] = "/7/7/2K4/7/4t2/7/7/";

/* Seed 003 rule 6a: "on the Brandubh 7x7 board ... the objective for the king's side is to move
 * the king to any corner square": an edge square is not enough, a corner wins. */
START_TEST(test_escape_corner_not_edge_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    game_play_quiet(&g, (const char *[]){"c3-a3", "e5-e6", NULL});
    game_play(&g, "a3-a1", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 6: "The objective for the king's side is to move the king to any edge square."
 *   a b c d e f g h i
 * 1 . . . . . . . . .
 * 2 . . . . . . . . .
 * 3 . . K . . . . . .
 * 4 . . . . . . . . .
 * 5 . . . . + . . . .
 * 6 . . . . . . . . .
 * 7 . . . . . . t . .
 * 8 . . . . . . . . .
 * 9 . . . . . . . . .
 */
START_TEST(test_escape_edge_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/9/9/2K6/9/9/9/6t2/9/9/", SIDE_DEFENDERS);
    game_play(&g, "c3-c1", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* Seed 002: "If the king reaches the edge the king has escaped and his side wins." (Ard Ri) */
START_TEST(test_escape_edge_ard_ri_seed002)
{
    RuleGame g;
    game_start(&g, "ard-ri", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    game_play(&g, "c3-a3", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* A ring of attackers around c3..e5 with one gap on d2; d1-d2 closes it. The king and both
 * defenders are inside.
 *   a b c d e f g
 * 1 + . . t . . +
 * 2 . . t . t . .
 * 3 . t T . . t .
 * 4 . t . K . t .
 * 5 . t . . T t .
 * 6 . . t t t . .
 * 7 + . . . . . +
 */
static const char POS_RING[] = "/3t3/2t1t2/1tT2t1/1t1K1t1/1t2Tt1/2ttt2/7/";

/* The same ring with a second gap on f4.
 *   a b c d e f g
 * 1 + . . t . . +
 * 2 . . t . t . .
 * 3 . t T . . t .
 * 4 . t . K . . .
 * 5 . t . . T t .
 * 6 . . t t t . .
 * 7 + . . . . . +
 */
static const char POS_RING_GAP[] = "/3t3/2t1t2/1tT2t1/1t1K3/1t2Tt1/2ttt2/7/";

/* Seed 002: "If the attackers surround the king and ALL remaining defenders, then they win, as
 * they have prevented the king from escaping." */
START_TEST(test_encirclement_ard_ri_seed002)
{
    RuleGame g;
    game_start(&g, "ard-ri", POS_RING, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "d1-d2", NULL), 0);
    game_expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    game_finish(&g);
}
END_TEST

/* RULES.md 5 encirclement: "if it reaches no defender and not the king": a gap lets the
 * flood-fill in, so no win. */
START_TEST(test_encirclement_gap_no_win_ard_ri_seed002)
{
    RuleGame g;
    game_start(&g, "ard-ri", POS_RING_GAP, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d1-d2", NULL});
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7b: "If the attackers surround the king and ALL remaining defenders, then they
 * win" (brandubh has encirclement = yes). */
START_TEST(test_encirclement_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_RING, SIDE_ATTACKERS);
    game_play(&g, "d1-d2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    game_finish(&g);
}
END_TEST

/* RULES.md 6: brandub-cyningstan has encirclement = no (seed 000 rule 12: "The attackers win
 * the game by capturing the king"; its strategy notes call a full blockade "all but
 * impossible" but no rule makes it a win). */
START_TEST(test_encirclement_off_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_RING, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d1-d2", NULL});
    game_finish(&g);
}
END_TEST

/* A ring around d4..f6 (the throne e5 inside) with a gap on e3; e1-e3 closes it.
 *   a b c d e f g h i
 * 1 . . . . t . . . .
 * 2 . . . . . . . . .
 * 3 . . . t . t . . .
 * 4 . . t T . . t . .
 * 5 . . t . K . t . .
 * 6 . . t . . T t . .
 * 7 . . . t t t . . .
 * 8 . . . . . . . . .
 * 9 . . . . . . . . .
 */
START_TEST(test_encirclement_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/4t4/9/3t1t3/2tT2t2/2t1K1t2/2t2Tt2/3ttt3/9/9/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "e1-e3", NULL), 0);
    game_expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 7b: the attackers must surround "ALL remaining defenders": one defender outside
 * the ring, on the edge (a8), means no win.
 *   a b c d e f g h i
 * 1 . . . . t . . . .
 * 2 . . . . . . . . .
 * 3 . . . t . t . . .
 * 4 . . t T . . t . .
 * 5 . . t . K . t . .
 * 6 . . t . . T t . .
 * 7 . . . t t t . . .
 * 8 T . . . . . . . .
 * 9 . . . . . . . . .
 */
START_TEST(test_encirclement_defender_outside_no_win_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/4t4/9/3t1t3/2tT2t2/2t1K1t2/2t2Tt2/3ttt3/T8/9/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"e1-e3", NULL});
    game_finish(&g);
}
END_TEST

/* A quiet position: the attacker shuttles b2-b3, the defender f6-f5.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . . . . .
 * 4 . . . K . . .
 * 5 . . . . . . .
 * 6 . . . . . T .
 * 7 + . . . . . +
 */
static const char POS_SHUTTLE[] = "/7/1t5/7/3K3/7/5T1/7/";

/* Seven plies of the shuttle with the attackers first; the eighth (a defender move) makes the
 * start position occur for the third time. */
static const char *const SHUTTLE_ATTACKERS_FIRST[] = {"b2-b3", "f6-f5", "b3-b2", "f5-f6",
                                                      "b2-b3", "f6-f5", "b3-b2", NULL};
/* The same with the defenders first; the eighth ply is the attacker's b3-b2. */
static const char *const SHUTTLE_DEFENDERS_FIRST[] = {"f6-f5", "b2-b3", "f5-f6", "b3-b2",
                                                      "f6-f5", "b2-b3", "f5-f6", NULL};

/* Seed 003 rule 8: "If a board position is repeated for the third time, 'the aggressive player'
 * loses the game"; RULES.md 6: "the side whose move makes the third occurrence loses". */
START_TEST(test_repetition_lose_defenders_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play(&g, "f5-f6", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* Seed 002: "If a board position is repeated for the third time, 'the aggressive player' loses
 * the game." Here the attackers make the third occurrence. */
START_TEST(test_repetition_lose_attackers_brandubh_seed002)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_SHUTTLE, SIDE_DEFENDERS);
    game_play_quiet(&g, SHUTTLE_DEFENDERS_FIRST);
    game_play(&g, "b3-b2", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 13: "If play becomes repetitious ... then a draw may be declared." */
START_TEST(test_repetition_draw_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play(&g, "f5-f6", NULL);
    game_expect_end(&g, WINNER_DRAW, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* Seed 004, tie conditions: "Repetitive sequence of moves that do not lead to the capture of an
 * enemy piece." */
START_TEST(test_repetition_draw_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_SHUTTLE, SIDE_DEFENDERS);
    game_play_quiet(&g, SHUTTLE_DEFENDERS_FIRST);
    game_play(&g, "b3-b2", NULL);
    game_expect_end(&g, WINNER_DRAW, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* RULES.md 5: repetition = ignore: "nothing happens", however often the position recurs. */
START_TEST(test_repetition_ignore_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.repetition = END_RULE_IGNORE;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play_quiet(&g, (const char *[]){"f5-f6", NULL});
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play_quiet(&g, (const char *[]){"f5-f6", NULL});
    game_finish(&g);
}
END_TEST

/* Online Brandubh (doc/RULES.md, 6): the online rule texts have no repetition rule and recorded
 * online games play on after a threefold repetition. The shuttle that ends the game under
 * brandubh (the repeater loses, seed 003 rule 8) goes on under brandubh-online, through a fifth
 * occurrence, and the game still ends as brandubh-online's other rules say: the king escapes. */
START_TEST(test_repetition_ignored_brandubh_online)
{
    RuleGame g;
    game_start(&g, "brandubh-online", POS_SHUTTLE, SIDE_ATTACKERS);
    ck_assert_int_eq(g.r.opt.repetition, END_RULE_IGNORE);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play_quiet(&g, (const char *[]){"f5-f6", NULL});
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play_quiet(&g, (const char *[]){"f5-f6", "b2-b3", "d4-d1", "b3-b2", NULL});
    game_play(&g, "d1-a1", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* Copenhagen rule 8 (aagenielsen.dk/copenhagen_rules.php): "Perpetual repetitions are
 * forbidden. Any perpetual repetition results in a loss for white." Here the attackers' b3-b2
 * makes the third occurrence: under repetition = lose they would lose; the defenders lose. */
START_TEST(test_repetition_defenders_lose_attackers_complete_copenhagen_rule8)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.repetition = END_RULE_DEFENDERS_LOSE;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_DEFENDERS);
    game_play_quiet(&g, SHUTTLE_DEFENDERS_FIRST);
    game_play(&g, "b3-b2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* The same rule when the defenders complete the repetition: still their loss. */
START_TEST(test_repetition_defenders_lose_defenders_complete_copenhagen_rule8)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.repetition = END_RULE_DEFENDERS_LOSE;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play(&g, "f5-f6", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* The copenhagen preset itself, on its 11x11 board: the attackers' shuttle b2-b3 against the
 * defender's j10-j9 ends, at the attackers' eighth-ply move, in the defenders' loss.
 *   a b c d e f g h i j k
 * 2 . t . . . . . . . . .      (row 2)
 * 6 . . . . . K . . . . .      (the king on the throne)
 * 10 . . . . . . . . . T .     (row 10) */
START_TEST(test_repetition_defenders_lose_copenhagen_preset_rule8)
{
    RuleGame g;
    game_start(&g, "copenhagen", "/11/1t9/11/11/11/5K5/11/11/11/9T1/11/", SIDE_DEFENDERS);
    ck_assert_int_eq(g.r.opt.repetition, END_RULE_DEFENDERS_LOSE);
    game_play_quiet(&g, (const char *[]){"j10-j9", "b2-b3", "j9-j10", "b3-b2", "j10-j9", "b2-b3",
                                         "j9-j10", NULL});
    game_play(&g, "b3-b2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* hnefatafl.org's rule (its rules page, "Added Rule"): "If white (the defender) would repeat a
 * board position, the move is not allowed." Any earlier occurrence counts, not only a third.
 * After b2-b3 f6-f5 b3-b2, the defenders' f5-f6 would make the start position again: it is
 * not in the move list, not legal, not counted by perft, and says why; the attackers' own
 * repetitions stay legal. */
START_TEST(test_repetition_defenders_no_repeat_hnefatafl_org)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.repetition = END_RULE_DEFENDERS_NO_REPEAT;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", NULL});
    Move back = {(uint16_t)game_square(&g, "f5"), (uint16_t)game_square(&g, "f6")};
    Move moves[RULES_MAX_MOVES];
    int board = movegen_legal(&g.r, &g.s, moves);
    int n = movegen_legal_in_game(&g.r, &g.s, &g.h, moves);
    /* The king on d4 (throne) reaches 12 squares (3 each way to the edge, d1 d7 a4 g4 among
     * them, f4 included), the defender on f5 reaches a5-e5 (5), g5, f6-f7 (2) and f4-f1 (4):
     * 12 + 12 = 24 on the board, 23 in the game. */
    ck_assert_int_eq(board, 24);
    ck_assert_int_eq(n, 23);
    for (int i = 0; i < n; i++)
        ck_assert(!(moves[i].from == back.from && moves[i].to == back.to));
    ck_assert(movegen_is_legal(&g.r, &g.s, back));
    ck_assert(!movegen_is_legal_in_game(&g.r, &g.s, &g.h, back));
    ck_assert(movegen_repeats(&g.r, &g.s, &g.h, back));
    ck_assert_int_eq(movegen_count_in_game(&g.r, &g.s, &g.h), 23);
    ck_assert_uint_eq(perft(&g.r, &g.s, &g.h, 1), 23);
    char why[160];
    ck_assert(otn_explain_illegal(&g.r, &g.s, &g.h, back, why, sizeof why));
    ck_assert_str_eq(why, "it repeats an earlier position, and the defenders may not "
                          "(repetition = defenders_no_repeat)");
    /* Without the history the move is legal: nothing to repeat. */
    ck_assert(!movegen_repeats(&g.r, &g.s, NULL, back));
    game_finish(&g);

    /* The attackers repeat freely, a third time too; the defenders may not. */
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_DEFENDERS);
    game_play_quiet(&g, (const char *[]){"f6-f5", "b2-b3", "f5-f6", "b3-b2", NULL});
    ck_assert(!fixture_is_legal_in_game(&g, "f6-f5"));
    /* f7-f6 would make the position after f5-f6 again (a second time, not a third). */
    game_play_quiet(&g, (const char *[]){"f6-f7", "b2-b3", NULL});
    ck_assert(!fixture_is_legal_in_game(&g, "f7-f6"));
    ck_assert(fixture_is_legal_in_game(&g, "f7-f5"));
    game_finish(&g);
}
END_TEST

/* The no-repeat rule when every defenders' move would repeat: they have no legal move, and
 * no_moves applies (hnefatafl.org's server resigns for the side left without a move). The
 * defender on b1 can only go to c1 and back; the king on g4 is boxed in by g3, g5 and f4.
 *   a b c d e f g
 * 1 + T . t . . .
 * 2 . t t . . . .
 * 3 . . . . . . t
 * 4 . . . + . t K
 * 5 . . . . . . t
 * 6 . . . . . . .
 * 7 + . . t . . + */
static const char POS_NO_REPEAT_STUCK[] = "/1T1t3/1tt4/6t/5tK/6t/7/3t3/";

START_TEST(test_repetition_defenders_no_repeat_no_moves_lose_hnefatafl_org)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.repetition = END_RULE_DEFENDERS_NO_REPEAT;
    rs.encirclement = false; /* the king's box is not the point here */
    RuleGame g;
    game_start_custom(&g, &rs, POS_NO_REPEAT_STUCK, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d7-d6", NULL});
    /* Perft from here, counted by hand: b1-c1 is the only defenders' move. Then 55 attackers'
     * moves: d1 5, b2 7, c2 9, g3 7, f4 10 (d4 the throne: passed, not a stop), g5 7, d6 10.
     * Depth 3, the defenders' replies to each, c1-b1 plus what the move opens: d1 away 17
     * (2+3+4+4+4, the defender along rank 1), b2 6 (b2-b1 takes c1: none), c2 48 (c3..c7
     * 2+3+4+5+6, along rank 2 4x7), g3 26 (6x4 with the king's g3 g2 g1, g3-g2 2), f4 59 (six
     * moves along the file 6x7, along rank 4 2+4+5+6), g5 26 (6x4, g5-g6 2), d6 9: d6-d7
     * makes the start position again, c1-b1 would repeat it, so the defenders have no move
     * there (0). 17+6+48+26+59+26+9 = 191. */
    ck_assert_uint_eq(perft(&g.r, &g.s, &g.h, 1), 1);
    ck_assert_uint_eq(perft(&g.r, &g.s, &g.h, 2), 55);
    ck_assert_uint_eq(perft(&g.r, &g.s, &g.h, 3), 191);
    game_play_quiet(&g, (const char *[]){"b1-c1", NULL});
    game_play(&g, "d6-d7", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_NO_MOVES);
    game_finish(&g);

    /* With no_moves = draw the same shuttle is a draw; with repetition = lose it goes on. */
    rs.no_moves = END_RULE_DRAW;
    game_start_custom(&g, &rs, POS_NO_REPEAT_STUCK, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d7-d6", "b1-c1", NULL});
    game_play(&g, "d6-d7", NULL);
    game_expect_end(&g, WINNER_DRAW, END_NO_MOVES);
    game_finish(&g);
    rs.repetition = END_RULE_LOSE;
    game_start_custom(&g, &rs, POS_NO_REPEAT_STUCK, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d7-d6", "b1-c1", "d6-d7", NULL});
    game_finish(&g);
}
END_TEST

/* The shuttle with an attacker on b6 that d7-b7 takes (against b5) in the middle.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t . . . . .
 * 3 . . . . . . .
 * 4 . . . K . . .
 * 5 . T . . . . .
 * 6 . t . . . T .
 * 7 + . . T . . +
 */
/* Seed 004 ties a "repetitive sequence of moves that do not lead to the capture of an enemy
 * piece"; RULES.md history: a capture makes everything before it unreachable. The position
 * after the capture (ply 6) is its first occurrence, so the third comes at ply 14. */
START_TEST(test_repetition_count_restarts_after_capture_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/1t5/7/3K3/1T5/1t3T1/3T3/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", "f5-f6", "b2-b3", NULL});
    ck_assert_int_eq(game_play(&g, "d7-b7", NULL), 1);
    game_expect_piece(&g, "b6", PIECE_EMPTY);
    game_expect_going(&g, "d7-b7");
    game_play_quiet(
        &g, (const char *[]){"b3-b2", "f6-f5", "b2-b3", "f5-f6", "b3-b2", "f6-f5", "b2-b3", NULL});
    game_play(&g, "f5-f6", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    game_finish(&g);
}
END_TEST

/* The king on the throne with five defenders; the defender on c3 shuttles c3-c2 while the
 * attacker walks along rank 9, so no whole position ever recurs.
 *   a b c d e f g h i
 * 1 . . . . . . . . .
 * 2 . . . . . . . . .
 * 3 . . T . . . . . .
 * 4 . . . . T . . . .
 * 5 . . . T K T . . .
 * 6 . . . . T . . . .
 * 7 . . . . . . . . .
 * 8 . . . . . . . . .
 * 9 . t . . . . . . .
 */
static const char POS_FORT[] = "/9/9/2T6/4T4/3TKT3/4T4/9/9/1t7/";

/* Nine plies: the defenders' squares after defender moves are S1 (c2), S0 (c3), S1, S0. */
static const char *const FORT_NINE[] = {"b9-c9", "c3-c2", "c9-d9", "c2-c3", "d9-e9",
                                        "c3-c2", "e9-f9", "c2-c3", "f9-g9", NULL};

/* Seed 003 rule 8b: "If the defenders repeat the defending board position three times while no
 * piece is captured, the attackers win." The third S1 comes with ply 10. */
START_TEST(test_draw_fort_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", POS_FORT, SIDE_ATTACKERS);
    game_play_quiet(&g, FORT_NINE);
    game_play(&g, "c3-c2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 8b: "(Only in force when the defenders have at least king plus five men left".
 * With four men the same play goes on.
 *   a b c d e f g h i
 * 1 . . . . . . . . .
 * 2 . . . . . . . . .
 * 3 . . T . . . . . .
 * 4 . . . . T . . . .
 * 5 . . . T K T . . .
 * 6 . . . . . . . . .
 * 7 . . . . . . . . .
 * 8 . . . . . . . . .
 * 9 . t . . . . . . .
 */
START_TEST(test_draw_fort_needs_five_defenders_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/9/9/2T6/4T4/3TKT3/9/9/9/1t7/", SIDE_ATTACKERS);
    game_play_quiet(&g, FORT_NINE);
    game_play_quiet(&g, (const char *[]){"c3-c2", "g9-h9", "c2-c3", "h9-i9", "c3-c2", NULL});
    game_finish(&g);
}
END_TEST

/* The fort position with a sixth defender on a2 and a second attacker on b7, which walks to
 * b2 (between a2 and c2, unharmed) and is taken by c3-c2 on ply 10.
 *   a b c d e f g h i
 * 1 . . . . . . . . .
 * 2 T . . . . . . . .
 * 3 . . T . . . . . .
 * 4 . . . . T . . . .
 * 5 . . . T K T . . .
 * 6 . . . . T . . . .
 * 7 . t . . . . . . .
 * 8 . . . . . . . . .
 * 9 . t . . . . . . .
 */
/* Seed 003 rule 8b: "three times while no piece is captured": the capture on ply 10 restarts
 * the count, so S1 (after plies 2, 6, 10) does not end the game; S1 after plies 10, 14, 18
 * does. */
START_TEST(test_draw_fort_capture_restarts_count_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/9/T8/2T6/4T4/3TKT3/4T4/1t7/9/1t7/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"b9-c9", "c3-c2", "c9-d9", "c2-c3", "d9-e9", "c3-c2",
                                         "b7-b2", "c2-c3", "e9-f9", NULL});
    game_expect_piece(&g, "b2", PIECE_ATTACKER);
    ck_assert_int_eq(game_play(&g, "c3-c2", NULL), 1);
    game_expect_piece(&g, "b2", PIECE_EMPTY);
    game_expect_going(&g, "c3-c2");
    game_play_quiet(
        &g, (const char *[]){"f9-g9", "c2-c3", "g9-h9", "c3-c2", "h9-i9", "c2-c3", "i9-i8", NULL});
    game_play(&g, "c3-c2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    game_finish(&g);
}
END_TEST

/* The king on the throne with five defenders on 7x7; b3 shuttles to b2 while the attacker walks
 * along rank 7.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . T . T . . .
 * 4 . . T K T . .
 * 5 . . . T . . .
 * 6 . . . . . . .
 * 7 + t . . . . +
 */
static const char POS_FORT7[] = "/7/7/1T1T3/2TKT2/3T3/7/1t5/";

static const char *const FORT7_NINE[] = {"b7-c7", "b3-b2", "c7-d7", "b2-b3", "d7-e7",
                                         "b3-b2", "e7-f7", "b2-b3", "f7-f6", NULL};

/* RULES.md 6: "draw_fort = yes for the seeds 002/003 presets" (brandubh: seed 003 rule 8b). */
START_TEST(test_draw_fort_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_FORT7, SIDE_ATTACKERS);
    game_play_quiet(&g, FORT7_NINE);
    game_play(&g, "b3-b2", NULL);
    game_expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    game_finish(&g);
}
END_TEST

/* RULES.md 6: draw_fort is "no elsewhere": brandub-cyningstan (seed 000 has no such rule). */
START_TEST(test_draw_fort_off_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_FORT7, SIDE_ATTACKERS);
    game_play_quiet(&g, FORT7_NINE);
    game_play_quiet(&g, (const char *[]){"b3-b2", NULL});
    game_finish(&g);
}
END_TEST

/* The king on a4 hemmed in by a3, b4 and his own defender on a5, which a6 and the attacker
 * arriving on b5 (e5-b5) hem in; nothing is captured.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 t . . . . . .
 * 4 K t . + . . .
 * 5 T . . . t . .
 * 6 t . . . . . .
 * 7 + . . . . . +
 */
static const char POS_NO_MOVES[] = "/7/7/t6/Kt5/T3t2/t6/7/";

/* Seed 003 rule 9: "If a player cannot move, he loses the game." */
START_TEST(test_no_moves_lose_brandubh_seed003)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "e5-b5", NULL), 0);
    game_expect_end(&g, WINNER_ATTACKERS, END_NO_MOVES);
    game_finish(&g);
}
END_TEST

/* Seed 000 rule 13: "if one player has no legal move ... then a draw may be declared." */
START_TEST(test_no_moves_draw_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "e5-b5", NULL), 0);
    game_expect_end(&g, WINNER_DRAW, END_NO_MOVES);
    game_finish(&g);
}
END_TEST

/* Seed 004, tie conditions: "Inability to make a legal move. All pieces are blocked." */
START_TEST(test_no_moves_draw_brandubh_livas_seed004)
{
    RuleGame g;
    game_start(&g, "brandubh-livas", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "e5-b5", NULL), 0);
    game_expect_end(&g, WINNER_DRAW, END_NO_MOVES);
    game_finish(&g);
}
END_TEST

/* Seed 002: "If a player cannot move, he loses the game." The attacker on c6 already stands
 * among four defenders; after the king's move the attackers have no move.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . . . . . . .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . T . . . .
 * 6 . T t T . K .
 * 7 + . T . . . +
 */
START_TEST(test_no_moves_lose_attackers_brandubh_seed002)
{
    RuleGame g;
    game_start(&g, "brandubh", "/7/7/7/7/2T4/1TtT1K1/2T4/", SIDE_DEFENDERS);
    ck_assert_int_eq(game_play(&g, "f6-f5", NULL), 0);
    game_expect_piece(&g, "c6", PIECE_ATTACKER);
    game_expect_end(&g, WINNER_DEFENDERS, END_NO_MOVES);
    game_finish(&g);
}
END_TEST

/* Seed 003 rule 9: "If a player cannot move, he loses the game." (Ard Ri) The king on b2 is
 * boxed by a2, b1 (his own, themselves boxed), b3 and the arriving e2-c2.
 *   a b c d e f g
 * 1 t T t . . . .
 * 2 T K . . t . .
 * 3 t t . . . . .
 * 4 . . . . . . .
 * 5 . . . . . . .
 * 6 . . . . . . .
 * 7 . . . . . . .
 */
START_TEST(test_no_moves_lose_ard_ri_seed003)
{
    RuleGame g;
    game_start(&g, "ard-ri", "/tTt4/TK2t2/tt5/7/7/7/7/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "e2-c2", NULL), 0);
    game_expect_piece(&g, "b2", PIECE_KING);
    game_expect_end(&g, WINNER_ATTACKERS, END_NO_MOVES);
    game_finish(&g);
}
END_TEST

/* RULES.md 5: max_plies: "adjudicated a draw after this many plies". */
START_TEST(test_max_plies_draw_custom)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.max_plies = 4;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", NULL});
    game_play(&g, "f5-f6", NULL);
    ck_assert_int_eq(g.s.ply, 4);
    game_expect_end(&g, WINNER_DRAW, END_MAX_PLIES);
    game_finish(&g);
}
END_TEST

/* Issue 25, limit_result: the same game as test_max_plies_draw_custom, whose fourth ply reaches
 * max_plies = 4, ends there with the result limit_result names. */
static void play_to_limit(LimitResult limit, Winner expected)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.max_plies = 4;
    rs.limit_result = limit;
    RuleGame g;
    game_start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", NULL});
    ck_assert(!state_is_over(&g.s)); /* nothing ends the game before the cap */
    game_play(&g, "f5-f6", NULL);
    ck_assert_int_eq(g.s.ply, 4);
    game_expect_end(&g, expected, END_MAX_PLIES);
    game_finish(&g);
}

START_TEST(test_limit_result_draw_issue25)
{
    play_to_limit(LIMIT_RESULT_DRAW, WINNER_DRAW);
}
END_TEST

START_TEST(test_limit_result_attackers_issue25)
{
    play_to_limit(LIMIT_RESULT_ATTACKERS, WINNER_ATTACKERS);
}
END_TEST

START_TEST(test_limit_result_defenders_issue25)
{
    play_to_limit(LIMIT_RESULT_DEFENDERS, WINNER_DEFENDERS);
}
END_TEST

/* Issue 25: the cap is checked last (RULES.md 5), so a king escaping on the capped ply wins for
 * the defenders even when limit_result gives the cap to the attackers. */
START_TEST(test_limit_result_escape_on_the_last_ply_issue25)
{
    Ruleset rs = game_preset_copy("brandubh");
    rs.max_plies = 2;
    rs.limit_result = LIMIT_RESULT_ATTACKERS;
    RuleGame g;
    game_start_custom(&g, &rs, "/2K1t2/7/3t3/tt3tt/3t3/7/3t3/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"g4-g5", NULL});
    game_play(&g, "c1-a1", NULL);
    game_expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    game_finish(&g);
}
END_TEST

/* RULES.md 5: "A position where the game is over has no legal moves (so perft counts stop
 * there, as in chess)." After the king's escape ... */
START_TEST(test_game_over_no_legal_moves_after_escape_brandubh)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    game_play_quiet(&g, (const char *[]){"c3-a3", NULL});
    game_expect_legal(&g, "e5-e4");
    game_play_quiet(&g, (const char *[]){"e5-e6", NULL});
    game_play(&g, "a3-a1", NULL);
    ck_assert(state_is_over(&g.s));
    Move moves[RULES_MAX_MOVES];
    ck_assert_int_eq(movegen_legal(&g.r, &g.s, moves), 0);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    game_expect_illegal(&g, "e6-e5");
    game_finish(&g);
}
END_TEST

/* The king between two attackers, as in check_rules_king_capture.c. */
static const char POS_KING_PLAIN[] = "/7/1tK2t1/7/7/7/5T1/7/";

/* RULES.md 5: "A position where the game is over has no legal moves": after the king's
 * capture. (position POS_KING_PLAIN) */
START_TEST(test_game_over_no_legal_moves_after_king_capture_brandubh)
{
    RuleGame g;
    game_start(&g, "brandubh", POS_KING_PLAIN, SIDE_ATTACKERS);
    game_play(&g, "f2-d2", NULL);
    ck_assert(state_is_over(&g.s));
    Move moves[RULES_MAX_MOVES];
    ck_assert_int_eq(movegen_legal(&g.r, &g.s, moves), 0);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    game_expect_illegal(&g, "f6-f5");
    game_finish(&g);
}
END_TEST

/* RULES.md 5: "A position where the game is over has no legal moves": after a draw by
 * repetition. */
START_TEST(test_game_over_no_legal_moves_after_draw_brandub_cyningstan)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", POS_SHUTTLE, SIDE_ATTACKERS);
    game_play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    game_play(&g, "f5-f6", NULL);
    ck_assert(state_is_over(&g.s));
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    game_expect_illegal(&g, "b2-b3");
    game_finish(&g);
}
END_TEST

/* RULES.md 5: "The order of checks after a move: captures, then the king's capture ..." and
 * state.h: the capture list holds the captured squares "in the order found (king last)". d6-d2
 * (through the empty throne) takes the defender on e2 against f2 and the king on c2 against b2.
 *   a b c d e f g
 * 1 + . . . . . +
 * 2 . t K . T t .
 * 3 . . . . . . .
 * 4 . . . + . . .
 * 5 . . . . . . .
 * 6 . . . t . T .
 * 7 + . . . . . +
 */
START_TEST(test_capture_then_king_capture_same_move_brandub_cyningstan_seed000)
{
    RuleGame g;
    game_start(&g, "brandub-cyningstan", "/7/1tK1Tt1/7/7/7/3t1T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(game_play(&g, "d6-d2", &caps), 2);
    game_expect_piece(&g, "e2", PIECE_EMPTY);
    game_expect_king_captured(&g, &caps, "c2");
    ck_assert_int_eq(caps.sq[0], game_square(&g, "e2"));
    ck_assert_int_eq(caps.sq[1], game_square(&g, "c2"));
    game_finish(&g);
}
END_TEST

/* RULES.md 5: "... then encirclement, then draw_fort, then repetition, then the opponent's lack
 * of legal moves": g3-g5 closes a ring around e5 and f5 and also leaves the defenders without a
 * move (the king on the throne has three attackers, not four); encirclement is the reason.
 *   a b c d e f g h i
 * 1 . . . . . . . . .
 * 2 . . . . . . . . .
 * 3 . . . . . . t . .
 * 4 . . . . t t . . .
 * 5 . . . t K T . . .
 * 6 . . . . t t . . .
 * 7 . . . . . . . . .
 * 8 . . . . . . . . .
 * 9 . . . . . . . . .
 */
START_TEST(test_check_order_encirclement_before_no_moves_tablut_seed003)
{
    RuleGame g;
    game_start(&g, "tablut", "/9/9/6t2/4tt3/3tKT3/4tt3/9/9/9/", SIDE_ATTACKERS);
    ck_assert_int_eq(game_play(&g, "g3-g5", NULL), 0);
    game_expect_piece(&g, "f5", PIECE_DEFENDER);
    game_expect_piece(&g, "e5", PIECE_KING);
    ck_assert(!movegen_side_has_move(&g.r, &g.s, SIDE_DEFENDERS));
    game_expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    game_finish(&g);
}
END_TEST

TCase *rules_end_tcase(void)
{
    TCase *tc = tcase_create("end");
    tcase_add_test(tc, test_escape_corner_not_edge_brandubh_seed003);
    tcase_add_test(tc, test_escape_edge_tablut_seed003);
    tcase_add_test(tc, test_escape_edge_ard_ri_seed002);
    tcase_add_test(tc, test_encirclement_ard_ri_seed002);
    tcase_add_test(tc, test_encirclement_gap_no_win_ard_ri_seed002);
    tcase_add_test(tc, test_encirclement_brandubh_seed003);
    tcase_add_test(tc, test_encirclement_off_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_encirclement_tablut_seed003);
    tcase_add_test(tc, test_encirclement_defender_outside_no_win_tablut_seed003);
    tcase_add_test(tc, test_repetition_lose_defenders_brandubh_seed003);
    tcase_add_test(tc, test_repetition_lose_attackers_brandubh_seed002);
    tcase_add_test(tc, test_repetition_draw_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_repetition_draw_brandubh_livas_seed004);
    tcase_add_test(tc, test_repetition_ignore_custom);
    tcase_add_test(tc, test_repetition_ignored_brandubh_online);
    tcase_add_test(tc, test_repetition_count_restarts_after_capture_brandubh_seed003);
    tcase_add_test(tc, test_repetition_defenders_lose_attackers_complete_copenhagen_rule8);
    tcase_add_test(tc, test_repetition_defenders_lose_defenders_complete_copenhagen_rule8);
    tcase_add_test(tc, test_repetition_defenders_lose_copenhagen_preset_rule8);
    tcase_add_test(tc, test_repetition_defenders_no_repeat_hnefatafl_org);
    tcase_add_test(tc, test_repetition_defenders_no_repeat_no_moves_lose_hnefatafl_org);
    tcase_add_test(tc, test_draw_fort_tablut_seed003);
    tcase_add_test(tc, test_draw_fort_needs_five_defenders_tablut_seed003);
    tcase_add_test(tc, test_draw_fort_capture_restarts_count_tablut_seed003);
    tcase_add_test(tc, test_draw_fort_brandubh_seed003);
    tcase_add_test(tc, test_draw_fort_off_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_no_moves_lose_brandubh_seed003);
    tcase_add_test(tc, test_no_moves_draw_brandub_cyningstan_seed000);
    tcase_add_test(tc, test_no_moves_draw_brandubh_livas_seed004);
    tcase_add_test(tc, test_no_moves_lose_attackers_brandubh_seed002);
    tcase_add_test(tc, test_no_moves_lose_ard_ri_seed003);
    tcase_add_test(tc, test_max_plies_draw_custom);
    tcase_add_test(tc, test_limit_result_draw_issue25);
    tcase_add_test(tc, test_limit_result_attackers_issue25);
    tcase_add_test(tc, test_limit_result_defenders_issue25);
    tcase_add_test(tc, test_limit_result_escape_on_the_last_ply_issue25);
    tcase_add_test(tc, test_game_over_no_legal_moves_after_escape_brandubh);
    tcase_add_test(tc, test_game_over_no_legal_moves_after_king_capture_brandubh);
    tcase_add_test(tc, test_game_over_no_legal_moves_after_draw_brandub_cyningstan);
    tcase_add_test(tc, test_check_order_encirclement_before_no_moves_tablut_seed003);
    tcase_add_test(tc, test_capture_then_king_capture_same_move_brandub_cyningstan_seed000);
    return tc;
}
