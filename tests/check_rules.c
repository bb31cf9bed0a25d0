/* Every rule of RULES.md sections 2-6 pinned on a concrete, hand-drawn position: which moves
 * are legal, which pieces a move takes, who wins and why. Each test names the rule and the seed
 * (or "custom" for a ruleset made here) it comes from, and quotes the sentence it pins. */
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

/* Boards are drawn in the comment above each position: rank 1 (the top row, the first row of
 * the OTN record) first, `t` attacker, `T` defender, `K` king, `.` empty, `+` an empty
 * restricted square (throne or corner) of the preset the test plays. */

/* One game under test: compiled rules, the position and its history. */
typedef struct {
    Rules r;
    GameState s;
    History h;
} Game;

static const char *const PIECE_NAMES[] = {"empty", "attacker", "defender", "king"};

/* Sets up preset `preset` with position `otn` and `side` to move. */
static void start_preset(Game *g, const char *preset, const char *otn, Side side)
{
    fixture_position(preset, otn, side, &g->r, &g->s, &g->h);
}

/* A copy of preset `preset` to change options on. */
static Ruleset preset_copy(const char *preset)
{
    const Ruleset *rs = ruleset_preset_find(preset);
    ck_assert_msg(rs != NULL, "no preset named %s", preset);
    return *rs;
}

/* Sets up a custom ruleset with position `otn` and `side` to move. */
static void start_custom(Game *g, const Ruleset *rs, const char *otn, Side side)
{
    Error err = {{0}};
    Status st = rules_compile(rs, &g->r, &err);
    ck_assert_msg(st == ST_OK, "custom ruleset does not compile: %s", err.text);
    st = otn_parse_position(&g->r, otn, side, &g->s, &err);
    ck_assert_msg(st == ST_OK, "bad position %s: %s", otn, err.text);
    history_init(&g->h);
    history_push(&g->h, g->s.hash, g->s.fort_hash, false, false);
}

static void finish(Game *g)
{
    history_free(&g->h);
}

static int square_of(const Game *g, const char *name)
{
    int sq = otn_parse_square(&g->r, name, NULL);
    ck_assert_msg(sq >= 0, "bad square %s", name);
    return sq;
}

/* Plays `move` (asserted legal); returns the number of captures and fills *caps if not NULL. */
static int play(Game *g, const char *move, CaptureList *caps)
{
    CaptureList local;
    fixture_play(&g->r, &g->s, &g->h, move, &local);
    if (caps != NULL) {
        *caps = local;
    }
    return local.count;
}

static void expect_going(const Game *g, const char *after)
{
    ck_assert_msg(!state_is_over(&g->s), "after %s: game over (%s, %s), expected it to go on",
                  after, state_winner_name((Winner)g->s.winner),
                  state_reason_name((EndReason)g->s.reason));
}

/* Plays the NULL-terminated list of moves, each capturing nothing and leaving the game on. */
static void play_quiet(Game *g, const char *const *moves)
{
    for (int i = 0; moves[i] != NULL; i++) {
        int n = play(g, moves[i], NULL);
        ck_assert_msg(n == 0, "%s captured %d, expected none", moves[i], n);
        expect_going(g, moves[i]);
    }
}

static void expect_piece(const Game *g, const char *square, Piece want)
{
    Piece got = state_piece_at(&g->r, &g->s, square_of(g, square));
    ck_assert_msg(got == want, "%s holds %s, expected %s", square, PIECE_NAMES[got],
                  PIECE_NAMES[want]);
}

static void expect_end(const Game *g, Winner winner, EndReason reason)
{
    ck_assert_msg(g->s.winner == winner && g->s.reason == reason,
                  "game ended %s by %s, expected %s by %s",
                  state_winner_name((Winner)g->s.winner),
                  state_reason_name((EndReason)g->s.reason), state_winner_name(winner),
                  state_reason_name(reason));
}

static void expect_legal(const Game *g, const char *move)
{
    ck_assert_msg(fixture_is_legal(&g->r, &g->s, move), "%s should be legal", move);
}

static void expect_illegal(const Game *g, const char *move)
{
    ck_assert_msg(!fixture_is_legal(&g->r, &g->s, move), "%s should be illegal", move);
}

/* True when caps holds square `name`. */
static bool caps_has(const Game *g, const CaptureList *caps, const char *name)
{
    int sq = square_of(g, name);
    for (int i = 0; i < caps->count; i++) {
        if (caps->sq[i] == sq) {
            return true;
        }
    }
    return false;
}

/* The king's capture: the game is won by the attackers and the capture list names him. */
static void expect_king_captured(const Game *g, const CaptureList *caps, const char *king)
{
    expect_end(g, WINNER_ATTACKERS, END_KING_CAPTURED);
    ck_assert_msg(caps_has(g, caps, king), "the capture list does not name the king on %s",
                  king);
}

/* Plays one attacker move that ends next to the king without capturing him. */
static void expect_king_survives(Game *g, const char *move)
{
    int n = play(g, move, NULL);
    ck_assert_msg(n == 0, "%s captured %d, expected none", move, n);
    expect_going(g, move);
    ck_assert_msg(state_piece_at(&g->r, &g->s, g->s.king) == PIECE_KING, "the king is gone");
}

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
    Game g;
    start_preset(&g, "brandubh", "/7/3t3/7/7/7/1K3T1/7/", SIDE_ATTACKERS);
    expect_legal(&g, "d2-d7");
    expect_illegal(&g, "d2-d4");
    play_quiet(&g, (const char *[]){"d2-d6", NULL});
    expect_piece(&g, "d6", PIECE_ATTACKER);
    expect_piece(&g, "d2", PIECE_EMPTY);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/3T3/7/7/7/1K3t1/7/", SIDE_DEFENDERS);
    expect_illegal(&g, "d2-d4");
    play_quiet(&g, (const char *[]){"d2-d6", NULL});
    expect_piece(&g, "d6", PIECE_DEFENDER);
    finish(&g);
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
    Ruleset rs = preset_copy("brandubh");
    rs.throne_pass = THRONE_PASS_KING;
    Game a, d;
    start_custom(&a, &rs, POS_THRONE_PASS, SIDE_ATTACKERS);
    expect_illegal(&a, "d2-d5");
    expect_legal(&a, "d2-d3");
    start_custom(&d, &rs, POS_THRONE_PASS, SIDE_DEFENDERS);
    expect_illegal(&d, "b4-f4");
    expect_legal(&d, "b4-c4");
    expect_legal(&d, "d6-d3");
    expect_legal(&d, "d6-d4");
    play_quiet(&d, (const char *[]){"d6-d3", NULL});
    expect_piece(&d, "d3", PIECE_KING);
    finish(&a);
    finish(&d);
}
END_TEST

/* RULES.md 2: "throne_pass ... none" (OTN cenp: empty): no piece, the king neither, moves
 * through the empty throne; the king may still stop on it (throne_reentry = yes). */
START_TEST(test_throne_pass_none_nobody_passes_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.throne_pass = THRONE_PASS_NONE;
    Game a, d;
    start_custom(&a, &rs, POS_THRONE_PASS, SIDE_ATTACKERS);
    expect_illegal(&a, "d2-d5");
    expect_illegal(&a, "d2-d7");
    expect_legal(&a, "d2-d3");
    start_custom(&d, &rs, POS_THRONE_PASS, SIDE_DEFENDERS);
    expect_illegal(&d, "b4-f4");
    expect_legal(&d, "b4-c4");
    expect_illegal(&d, "d6-d3");
    expect_legal(&d, "d6-d4");
    expect_legal(&d, "d6-d5");
    finish(&a);
    finish(&d);
}
END_TEST

/* Seed 001 rule 5: "No piece may land on the central square, not even the king once he has
 * left it, but any piece may pass over it when it is empty." The king passes it too. */
START_TEST(test_throne_pass_king_passes_not_stops_brandub_cyningstan_2014_seed001)
{
    Game a, d;
    start_preset(&a, "brandub-cyningstan-2014", POS_THRONE_PASS, SIDE_ATTACKERS);
    expect_legal(&a, "d2-d5");
    expect_illegal(&a, "d2-d4");
    start_preset(&d, "brandub-cyningstan-2014", POS_THRONE_PASS, SIDE_DEFENDERS);
    expect_legal(&d, "b4-f4");
    expect_illegal(&d, "b4-d4");
    expect_legal(&d, "d6-d3");
    expect_illegal(&d, "d6-d4");
    play_quiet(&d, (const char *[]){"d6-d3", NULL});
    expect_piece(&d, "d3", PIECE_KING);
    expect_piece(&d, "d4", PIECE_EMPTY);
    finish(&a);
    finish(&d);
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
    Game g;
    start_preset(&g, "brandubh", POS_REENTRY, SIDE_DEFENDERS);
    expect_legal(&g, "d6-d4");
    play_quiet(&g, (const char *[]){"d6-d4", NULL});
    expect_piece(&g, "d4", PIECE_KING);
    finish(&g);
}
END_TEST

/* Seed 001 rule 5 / RULES.md 6: "not even the king once he has left it": throne_reentry = no. */
START_TEST(test_throne_reentry_refused_brandub_cyningstan_2014_seed001)
{
    Game g;
    start_preset(&g, "brandub-cyningstan-2014", POS_REENTRY, SIDE_DEFENDERS);
    expect_illegal(&g, "d6-d4");
    expect_legal(&g, "d6-d5");
    expect_legal(&g, "d6-d2");
    finish(&g);
}
END_TEST

/* Seed 004: "Only the King can occupy the center cell but cannot return to it once he has left
 * it." */
START_TEST(test_throne_reentry_refused_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_REENTRY, SIDE_DEFENDERS);
    expect_illegal(&g, "d6-d4");
    expect_legal(&g, "d6-d5");
    finish(&g);
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
    Game a, d;
    start_preset(&a, "brandub-cyningstan", POS_STOP_THRONE, SIDE_ATTACKERS);
    expect_illegal(&a, "d2-d4");
    expect_legal(&a, "d2-d6");
    start_preset(&d, "brandub-cyningstan", POS_STOP_THRONE, SIDE_DEFENDERS);
    expect_illegal(&d, "b4-d4");
    expect_legal(&d, "b4-c4");
    expect_legal(&d, "g4-d4");
    play_quiet(&d, (const char *[]){"g4-d4", NULL});
    expect_piece(&d, "d4", PIECE_KING);
    finish(&a);
    finish(&d);
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
    Game a, d;
    start_preset(&a, "brandub-cyningstan", pos, SIDE_ATTACKERS);
    expect_illegal(&a, "d1-a1");
    expect_illegal(&a, "d1-g1");
    expect_legal(&a, "d1-b1");
    expect_legal(&a, "d1-f1");
    start_preset(&d, "brandub-cyningstan", pos, SIDE_DEFENDERS);
    expect_illegal(&d, "a3-a1");
    expect_legal(&d, "a3-a2");
    expect_legal(&d, "f7-g7");
    play(&d, "f7-g7", NULL);
    expect_end(&d, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&a);
    finish(&d);
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
    Game a, d;
    start_preset(&a, "ard-ri", pos, SIDE_ATTACKERS);
    expect_legal(&a, "d1-a1");
    expect_legal(&a, "d1-g1");
    play_quiet(&a, (const char *[]){"d1-d4", NULL});
    expect_piece(&a, "d4", PIECE_ATTACKER);
    start_preset(&d, "ard-ri", pos, SIDE_DEFENDERS);
    expect_legal(&d, "g7-g1");
    play_quiet(&d, (const char *[]){"g7-g1", NULL});
    expect_piece(&d, "g1", PIECE_DEFENDER);
    finish(&a);
    finish(&d);
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
    Game a, d;
    start_preset(&a, "brandub-cyningstan", pos, SIDE_ATTACKERS);
    expect_legal(&a, "d1-d2");
    expect_illegal(&a, "d1-d3");
    expect_illegal(&a, "d1-d5");
    start_preset(&d, "brandub-cyningstan", pos, SIDE_DEFENDERS);
    expect_legal(&d, "d3-d2");
    expect_illegal(&d, "d3-d1");
    finish(&a);
    finish(&d);
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
    Game g;
    start_preset(&g, "brandubh", pos, SIDE_ATTACKERS);
    expect_illegal(&g, "d2-d6");
    expect_legal(&g, "d2-d3");
    expect_illegal(&g, "b4-f4");
    expect_legal(&g, "b4-c4");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", pos, SIDE_ATTACKERS);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(&g.r, &g.s, moves);
    ck_assert_int_eq(n, 10);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 10);
    int a1 = square_of(&g, "a1"), g1 = square_of(&g, "g1");
    for (int i = 0; i < n; i++) {
        ck_assert_msg(moves[i].to != a1 && moves[i].to != g1, "a move ends on a corner");
    }
    expect_legal(&g, "c1-b1");
    expect_illegal(&g, "c1-a1");
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", pos, SIDE_ATTACKERS);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 16);
    play_quiet(&g, (const char *[]){"c1-a1", NULL});
    expect_piece(&g, "a1", PIECE_ATTACKER);
    finish(&g);
}
END_TEST
