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
                  "game ended %s by %s, expected %s by %s", state_winner_name((Winner)g->s.winner),
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
    ck_assert_msg(caps_has(g, caps, king), "the capture list does not name the king on %s", king);
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
    Game g;
    start_preset(&g, "brandubh", "/7/7/7/7/5K1/1tT4/3t3/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "d7-d6", &caps), 1);
    ck_assert(caps_has(&g, &caps, "c6"));
    expect_piece(&g, "c6", PIECE_EMPTY);
    expect_piece(&g, "b6", PIECE_ATTACKER);
    expect_piece(&g, "d6", PIECE_ATTACKER);
    expect_going(&g, "d7-d6");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/1Tt4/7/7/7/3T1K1/4t2/", SIDE_DEFENDERS);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "d6-d2", &caps), 1);
    ck_assert(caps_has(&g, &caps, "c2"));
    expect_piece(&g, "c2", PIECE_EMPTY);
    expect_piece(&g, "d2", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/7/1tTt3/7/7/5K1/5t1/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"f7-e7", NULL});
    expect_piece(&g, "c3", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/7/1t1t3/7/7/2T2K1/4t2/", SIDE_DEFENDERS);
    play_quiet(&g, (const char *[]){"c6-c3", NULL});
    expect_piece(&g, "c3", PIECE_DEFENDER);
    play_quiet(&g, (const char *[]){"d3-d2", "f6-f5", NULL});
    expect_piece(&g, "c3", PIECE_DEFENDER);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "d2-d3", &caps), 1);
    ck_assert(caps_has(&g, &caps, "c3"));
    expect_piece(&g, "c3", PIECE_EMPTY);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/7/7/7/7/1tT1Tt1/3t1K1/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "d7-d6", &caps), 2);
    ck_assert(caps_has(&g, &caps, "c6"));
    ck_assert(caps_has(&g, &caps, "e6"));
    expect_piece(&g, "c6", PIECE_EMPTY);
    expect_piece(&g, "e6", PIECE_EMPTY);
    expect_going(&g, "d7-d6");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan-2014", "/7/7/7/2t4/2T4/tT1Tt2/2t2K1/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "c7-c6", &caps), 3);
    ck_assert(caps_has(&g, &caps, "b6"));
    ck_assert(caps_has(&g, &caps, "d6"));
    ck_assert(caps_has(&g, &caps, "c5"));
    expect_piece(&g, "b6", PIECE_EMPTY);
    expect_piece(&g, "d6", PIECE_EMPTY);
    expect_piece(&g, "c5", PIECE_EMPTY);
    expect_going(&g, "c7-c6");
    finish(&g);
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
    Game g;
    start_custom(&g, rs, POS_CORNER_DEFENDER, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "c3-c1", NULL), (taken ? 1 : 0));
    expect_piece(&g, "b1", taken ? PIECE_EMPTY : PIECE_DEFENDER);
    finish(&g);
}

/* Plays the corner capture of the defenders (c3-a3 against the attacker on a2) under rs. */
static void corner_defenders_capture(const Ruleset *rs, bool taken)
{
    Game g;
    start_custom(&g, rs, POS_CORNER_ATTACKER, SIDE_DEFENDERS);
    ck_assert_int_eq(play(&g, "c3-a3", NULL), (taken ? 1 : 0));
    expect_piece(&g, "a2", taken ? PIECE_EMPTY : PIECE_ATTACKER);
    finish(&g);
}

/* Seed 000 rule 10: "Either side may capture an enemy by trapping the enemy between one of its
 * own pieces and a marked corner square." (corner_hostile = all): the attackers ... */
START_TEST(test_capture_against_corner_by_attackers_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    corner_attackers_capture(&rs, true);
}
END_TEST

/* Seed 000 rule 10: "Either side may capture an enemy by trapping the enemy between one of its
 * own pieces and a marked corner square": the defenders too. */
START_TEST(test_capture_against_corner_by_defenders_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    corner_defenders_capture(&rs, true);
}
END_TEST

/* Seed 003 rule 3a: "Brandubh: Also the four corner squares are restricted and hostile, just
 * like the throne." (corner_hostile = all) */
START_TEST(test_capture_against_corner_both_sides_brandubh_seed003)
{
    Ruleset rs = preset_copy("brandubh");
    corner_attackers_capture(&rs, true);
    corner_defenders_capture(&rs, true);
}
END_TEST

/* RULES.md 3: "corner_hostile ... attackers: to whom an (always empty) corner is hostile":
 * only attackers are trapped against it. */
START_TEST(test_corner_hostile_attackers_only_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.corner_hostile = CORNER_HOSTILE_ATTACKERS;
    corner_defenders_capture(&rs, true);
    corner_attackers_capture(&rs, false);
}
END_TEST

/* RULES.md 3: corner_hostile = defenders: only defenders are trapped against a corner. */
START_TEST(test_corner_hostile_defenders_only_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.corner_hostile = CORNER_HOSTILE_DEFENDERS;
    corner_attackers_capture(&rs, true);
    corner_defenders_capture(&rs, false);
}
END_TEST

/* RULES.md 3: corner_hostile = none: a corner traps nobody. */
START_TEST(test_corner_hostile_none_custom)
{
    Ruleset rs = preset_copy("brandubh");
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
    Game g;
    start_custom(&g, rs, pos, side);
    Piece victim = side == SIDE_ATTACKERS ? PIECE_DEFENDER : PIECE_ATTACKER;
    ck_assert_int_eq(play(&g, "b2-d2", NULL), (taken ? 1 : 0));
    expect_piece(&g, "d3", taken ? PIECE_EMPTY : victim);
    expect_going(&g, "b2-d2");
    finish(&g);
}

/* Seed 002: "The throne is always hostile to the attackers, but only hostile to the defenders
 * when it is empty." Both sides are trapped against the empty throne. */
START_TEST(test_capture_against_empty_throne_allowed_brandubh_seed002)
{
    Ruleset rs = preset_copy("brandubh");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, true);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* Seed 000 rule 10: "The central square does not have this effect." (throne_hostile
 * never / never): nobody is trapped against the empty throne. */
START_TEST(test_capture_against_empty_throne_refused_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, false);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, false);
}
END_TEST

/* Seed 001 rule 7: "A piece may also be captured by surrounding it between an enemy and one of
 * the marked centre or corner squares." */
START_TEST(test_capture_against_empty_throne_allowed_brandub_cyningstan_2014_seed001)
{
    Ruleset rs = preset_copy("brandub-cyningstan-2014");
    throne_capture(&rs, POS_THRONE_DEFENDER, SIDE_ATTACKERS, true);
    throne_capture(&rs, POS_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: "The throne occupied by the king is hostile to attackers exactly when the king
 * himself would be an anvil, or when throne_hostile_attackers = always." Brandubh: both. */
START_TEST(test_capture_against_king_throne_allowed_brandubh_seed003)
{
    Ruleset rs = preset_copy("brandubh");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* Seed 003 rule 3: the throne is "only hostile to the defenders when it is empty"; RULES.md 3:
 * "(the king on it is their own)". */
START_TEST(test_capture_against_king_throne_refused_for_defender_brandubh_seed003)
{
    Ruleset rs = preset_copy("brandubh");
    throne_capture(&rs, POS_KING_THRONE_DEFENDER, SIDE_ATTACKERS, false);
}
END_TEST

/* RULES.md 6, brandubh-livas row: king_armed = no but throne_hostile_attackers = always, so the
 * throne under the unarmed king still traps an attacker (seed 004: "The corner and the center
 * cells function as enemy pieces"). */
START_TEST(test_capture_against_king_throne_unarmed_king_brandubh_livas_seed004)
{
    Ruleset rs = preset_copy("brandubh-livas");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: the occupied throne is hostile to attackers "when the king himself would be an
 * anvil": brandub-cyningstan's throne is never hostile, but its armed king is an anvil. */
START_TEST(test_capture_against_king_throne_armed_king_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: a king who is no anvil (hammer only) on a throne that is hostile to attackers
 * "always": the throne itself traps the attacker. */
START_TEST(test_capture_against_king_throne_hammer_king_always_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    rs.throne_hostile_attackers = THRONE_HOSTILE_ALWAYS;
    throne_capture(&rs, POS_KING_THRONE_ATTACKER, SIDE_DEFENDERS, true);
}
END_TEST

/* RULES.md 3: throne_hostile_attackers = empty: "only when empty". With the king (hammer only,
 * so no anvil) on it the throne does not trap; empty, it does. */
START_TEST(test_capture_against_throne_hostile_when_empty_custom)
{
    Ruleset rs = preset_copy("brandubh");
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
    Ruleset rs = preset_copy("brandub-cyningstan");
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
    Game g;
    start_preset(&g, "brandubh", "/7/7/T3t2/7/7/5K1/7/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"e3-b3", NULL});
    expect_piece(&g, "a3", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_custom(&g, rs, pos, SIDE_DEFENDERS);
    ck_assert_int_eq(play(&g, "f3-d3", NULL), (taken ? 1 : 0));
    expect_piece(&g, "c3", taken ? PIECE_EMPTY : PIECE_ATTACKER);
    expect_going(&g, "f3-d3");
    finish(&g);
}

/* Seed 000 rule 7: "The king may act with a defender in making captures" (king_armed = yes):
 * as the moving piece ... */
START_TEST(test_king_armed_hammer_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    king_armed_capture(&rs, POS_KING_HAMMER, true);
}
END_TEST

/* Seed 000 rule 7: "The king may act with a defender in making captures": as the far piece
 * too. */
START_TEST(test_king_armed_anvil_brandub_cyningstan_seed000)
{
    Ruleset rs = preset_copy("brandub-cyningstan");
    king_armed_capture(&rs, POS_KING_ANVIL, true);
}
END_TEST

/* Seed 004: "The king is unarmed and cannot aid in capture." Neither as hammer ... */
START_TEST(test_king_unarmed_hammer_brandubh_livas_seed004)
{
    Ruleset rs = preset_copy("brandubh-livas");
    king_armed_capture(&rs, POS_KING_HAMMER, false);
}
END_TEST

/* Seed 004: "The king is unarmed and cannot aid in capture": not as the far piece either. */
START_TEST(test_king_unarmed_anvil_brandubh_livas_seed004)
{
    Ruleset rs = preset_copy("brandubh-livas");
    king_armed_capture(&rs, POS_KING_ANVIL, false);
}
END_TEST

/* RULES.md 3: "hammer = only as the moving piece". */
START_TEST(test_king_armed_hammer_only_captures_as_hammer_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    king_armed_capture(&rs, POS_KING_HAMMER, true);
}
END_TEST

/* RULES.md 3: "hammer = only as the moving piece": never as the far piece. */
START_TEST(test_king_armed_hammer_only_no_anvil_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.king_armed = KING_ARMED_HAMMER;
    king_armed_capture(&rs, POS_KING_ANVIL, false);
}
END_TEST

/* RULES.md 3: "anvil = only as the far piece". */
START_TEST(test_king_armed_anvil_only_captures_as_anvil_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.king_armed = KING_ARMED_ANVIL;
    king_armed_capture(&rs, POS_KING_ANVIL, true);
}
END_TEST

/* RULES.md 3: "anvil = only as the far piece": never as the moving piece. */
START_TEST(test_king_armed_anvil_only_no_hammer_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.king_armed = KING_ARMED_ANVIL;
    king_armed_capture(&rs, POS_KING_HAMMER, false);
}
END_TEST

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
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "f2-d2", &caps);
    expect_king_captured(&g, &caps, "c2");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/7/7/2tK2t/7/5T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "g4-e4", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "g3-e3", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "e1-c1", &caps);
    expect_king_captured(&g, &caps, "b1");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_EDGE, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "c4-a4", &caps);
    expect_king_captured(&g, &caps, "a3");
    finish(&g);
}
END_TEST

/* RULES.md 3: "The board edge is never hostile": an attacker coming against the king on the edge
 * does not take him. (position POS_KING_EDGE) */
START_TEST(test_king_custodial_not_against_edge_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_EDGE, SIDE_ATTACKERS);
    expect_king_survives(&g, "e3-b3");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/5t1/1tKt3/7/7/2t2T1/7/", SIDE_ATTACKERS);
    expect_king_survives(&g, "f2-c2");
    play_quiet(&g, (const char *[]){"f6-f5", NULL});
    CaptureList caps;
    play(&g, "c6-c4", &caps);
    expect_king_captured(&g, &caps, "c3");
    finish(&g);
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
    Game g;
    start_preset(&g, "ard-ri", "/7/7/7/2tK2t/7/5T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "g4-e4", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
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
    Ruleset rs = preset_copy("brandub-cyningstan");
    rs.throne_hostile_defenders = THRONE_HOSTILE_EMPTY;
    Game g;
    start_custom(&g, &rs, POS_KING_THRONE_ANVIL, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "b2-d2", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
}
END_TEST

/* Seed 000 rule 10: "The central square does not have this effect." */
START_TEST(test_king_custodial_not_against_empty_throne_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_KING_THRONE_ANVIL, SIDE_ATTACKERS);
    expect_king_survives(&g, "b2-d2");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g4-e4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "d6-d5", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
}
END_TEST

/* Seed 001 rule 8: "When the king is on the central square, he must be surrounded on all four
 * sides by attackers in order to be captured." */
START_TEST(test_king_on_throne_needs_four_brandub_cyningstan_2014_seed001)
{
    Game g;
    start_preset(&g, "brandub-cyningstan-2014", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g4-e4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "d6-d5", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
}
END_TEST

/* Seed 004: "To capture the King still at the center cell he must be surrounded N, E, S and W
 * by attackers." */
START_TEST(test_king_on_throne_needs_four_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_KING_ON_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g4-e4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "d6-d5", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
}
END_TEST

/* Seed 003 rule 7a: "When he is on a square next to the throne, the attackers must occupy all
 * surrounding squares in the four points of the compass except the throne." g3-e3 makes two
 * (not enough), b2-d2 the third.
 * (position POS_KING_BESIDE_THRONE) */
START_TEST(test_king_beside_throne_needs_three_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g3-e3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "b2-d2", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
}
END_TEST

/* Seed 001 rule 9: "When the king is beside the central square, he must be surrounded by
 * attackers on the remaining three sides." */
START_TEST(test_king_beside_throne_needs_three_brandub_cyningstan_2014_seed001)
{
    Game g;
    start_preset(&g, "brandub-cyningstan-2014", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g3-e3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "b2-d2", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
}
END_TEST

/* Seed 004: "At a cell next to the center cell ... the King must be surrounded by attackers on
 * the remaining 3 sides." */
START_TEST(test_king_beside_throne_needs_three_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g3-e3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "b2-d2", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
}
END_TEST

/* Seed 003 rule 7a: "The king is captured like all other pieces, except when he is on the
 * throne or on one of the four squares next to the throne." Elsewhere two attackers. */
START_TEST(test_king_elsewhere_custodial_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "f2-d2", &caps);
    expect_king_captured(&g, &caps, "c2");
    finish(&g);
}
END_TEST

/* Seed 003 rule 5: pieces are captured "between an enemy piece and a restricted square", and the
 * king elsewhere "like all other pieces"; RULES.md 4: a hostile corner stands for an attacker. */
START_TEST(test_king_against_corner_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "e1-c1", &caps);
    expect_king_captured(&g, &caps, "b1");
    finish(&g);
}
END_TEST

/* Seed 003 rule 7a (custodial away from the throne) on an edge: along the edge two capture. */
START_TEST(test_king_on_edge_custodial_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_EDGE, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "c4-a4", &caps);
    expect_king_captured(&g, &caps, "a3");
    finish(&g);
}
END_TEST

/* Seed 004: "at a boarder cell the King must be surrounded by attackers on the remaining 3
 * sides": two along the edge are not enough (c4-a4), the third (e3-b3) captures.
 * (position POS_KING_EDGE) */
START_TEST(test_king_edge_needs_three_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_KING_EDGE, SIDE_ATTACKERS);
    expect_king_survives(&g, "c4-a4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "e3-b3", &caps);
    expect_king_captured(&g, &caps, "a3");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh-livas", POS_KING_BESIDE_CORNER, SIDE_ATTACKERS);
    expect_king_survives(&g, "c3-a3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "b5-b2", &caps);
    expect_king_captured(&g, &caps, "a2");
    finish(&g);
}
END_TEST

/* By contrast brandubh (throne4_adj3: elsewhere custodial) takes the king on a2 between the
 * attacker arriving on a3 and the hostile corner a1. */
START_TEST(test_king_edge_corner_custodial_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_BESIDE_CORNER, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "c3-a3", &caps);
    expect_king_captured(&g, &caps, "a2");
    finish(&g);
}
END_TEST

/* Seed 004: away from the centre and the border the king is captured "when surrounded either
 * above and below OR to their left and right by enemy pieces". */
START_TEST(test_king_elsewhere_custodial_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_KING_PLAIN, SIDE_ATTACKERS);
    CaptureList caps;
    play(&g, "f2-d2", &caps);
    expect_king_captured(&g, &caps, "c2");
    finish(&g);
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
    Ruleset rs = preset_copy("brandubh");
    rs.king_capture = KING_CAPTURE_STRONG;
    return rs;
}

/* RULES.md 4 strong: "attackers on all four sides": three (even with b3-c3-d3 in line) are
 * not enough, the fourth captures. */
START_TEST(test_king_strong_needs_four_sides_custom)
{
    Ruleset rs = strong_rules();
    Game g;
    start_custom(&g, &rs, POS_KING_STRONG, SIDE_ATTACKERS);
    expect_king_survives(&g, "f3-d3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "a4-c4", &caps);
    expect_king_captured(&g, &caps, "c3");
    finish(&g);
}
END_TEST

/* RULES.md 4 strong: "where the empty throne may stand for one attacker": the king on d3 with
 * the empty throne below is taken by three attackers. (position POS_KING_BESIDE_THRONE) */
START_TEST(test_king_strong_empty_throne_stands_in_custom)
{
    Ruleset rs = strong_rules();
    Game g;
    start_custom(&g, &rs, POS_KING_BESIDE_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g3-e3");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "b2-d2", &caps);
    expect_king_captured(&g, &caps, "d3");
    finish(&g);
}
END_TEST

/* RULES.md 4 strong: "never on an edge": a2, a4 and b3 around the king on a3 do not take him.
 * (position POS_KING_EDGE) */
START_TEST(test_king_strong_never_on_edge_custom)
{
    Ruleset rs = strong_rules();
    Game g;
    start_custom(&g, &rs, POS_KING_EDGE, SIDE_ATTACKERS);
    expect_king_survives(&g, "c4-a4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    expect_king_survives(&g, "e3-b3");
    finish(&g);
}
END_TEST

/* RULES.md 4 strong, on the throne: four attackers. (position POS_KING_ON_THRONE) */
START_TEST(test_king_strong_on_throne_needs_four_custom)
{
    Ruleset rs = strong_rules();
    Game g;
    start_custom(&g, &rs, POS_KING_ON_THRONE, SIDE_ATTACKERS);
    expect_king_survives(&g, "g4-e4");
    play_quiet(&g, (const char *[]){"f6-f7", NULL});
    CaptureList caps;
    play(&g, "d6-d5", &caps);
    expect_king_captured(&g, &caps, "d4");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/3t3/2tKt2/7/7/5Tt/7/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"g6-g5", NULL});
    expect_piece(&g, "d3", PIECE_KING);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/1t1t3/7/7/7/2K3t/7/", SIDE_DEFENDERS);
    play_quiet(&g, (const char *[]){"c6-c2", "g6-g5", NULL});
    expect_piece(&g, "c2", PIECE_KING);
    finish(&g);
}
END_TEST

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
    Game g;
    start_preset(&g, "brandubh", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    play_quiet(&g, (const char *[]){"c3-a3", "e5-e6", NULL});
    play(&g, "a3-a1", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/9/9/2K6/9/9/9/6t2/9/9/", SIDE_DEFENDERS);
    play(&g, "c3-c1", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&g);
}
END_TEST

/* Seed 002: "If the king reaches the edge the king has escaped and his side wins." (Ard Ri) */
START_TEST(test_escape_edge_ard_ri_seed002)
{
    Game g;
    start_preset(&g, "ard-ri", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    play(&g, "c3-a3", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&g);
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
    Game g;
    start_preset(&g, "ard-ri", POS_RING, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "d1-d2", NULL), 0);
    expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    finish(&g);
}
END_TEST

/* RULES.md 5 encirclement: "if it reaches no defender and not the king": a gap lets the
 * flood-fill in, so no win. */
START_TEST(test_encirclement_gap_no_win_ard_ri_seed002)
{
    Game g;
    start_preset(&g, "ard-ri", POS_RING_GAP, SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"d1-d2", NULL});
    finish(&g);
}
END_TEST

/* Seed 003 rule 7b: "If the attackers surround the king and ALL remaining defenders, then they
 * win" (brandubh has encirclement = yes). */
START_TEST(test_encirclement_brandubh_seed003)
{
    Game g;
    start_preset(&g, "brandubh", POS_RING, SIDE_ATTACKERS);
    play(&g, "d1-d2", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    finish(&g);
}
END_TEST

/* RULES.md 6: brandub-cyningstan has encirclement = no (seed 000 rule 12: "The attackers win
 * the game by capturing the king"; its strategy notes call a full blockade "all but
 * impossible" but no rule makes it a win). */
START_TEST(test_encirclement_off_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_RING, SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"d1-d2", NULL});
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/4t4/9/3t1t3/2tT2t2/2t1K1t2/2t2Tt2/3ttt3/9/9/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "e1-e3", NULL), 0);
    expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/4t4/9/3t1t3/2tT2t2/2t1K1t2/2t2Tt2/3ttt3/T8/9/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"e1-e3", NULL});
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", POS_SHUTTLE, SIDE_ATTACKERS);
    play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    play(&g, "f5-f6", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    finish(&g);
}
END_TEST

/* Seed 002: "If a board position is repeated for the third time, 'the aggressive player' loses
 * the game." Here the attackers make the third occurrence. */
START_TEST(test_repetition_lose_attackers_brandubh_seed002)
{
    Game g;
    start_preset(&g, "brandubh", POS_SHUTTLE, SIDE_DEFENDERS);
    play_quiet(&g, SHUTTLE_DEFENDERS_FIRST);
    play(&g, "b3-b2", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_REPETITION);
    finish(&g);
}
END_TEST

/* Seed 000 rule 13: "If play becomes repetitious ... then a draw may be declared." */
START_TEST(test_repetition_draw_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_SHUTTLE, SIDE_ATTACKERS);
    play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    play(&g, "f5-f6", NULL);
    expect_end(&g, WINNER_DRAW, END_REPETITION);
    finish(&g);
}
END_TEST

/* Seed 004, tie conditions: "Repetitive sequence of moves that do not lead to the capture of an
 * enemy piece." */
START_TEST(test_repetition_draw_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_SHUTTLE, SIDE_DEFENDERS);
    play_quiet(&g, SHUTTLE_DEFENDERS_FIRST);
    play(&g, "b3-b2", NULL);
    expect_end(&g, WINNER_DRAW, END_REPETITION);
    finish(&g);
}
END_TEST

/* RULES.md 5: repetition = ignore: "nothing happens", however often the position recurs. */
START_TEST(test_repetition_ignore_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.repetition = END_RULE_IGNORE;
    Game g;
    start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    play_quiet(&g, (const char *[]){"f5-f6", NULL});
    play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    play_quiet(&g, (const char *[]){"f5-f6", NULL});
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/1t5/7/3K3/1T5/1t3T1/3T3/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", "f5-f6", "b2-b3", NULL});
    ck_assert_int_eq(play(&g, "d7-b7", NULL), 1);
    expect_piece(&g, "b6", PIECE_EMPTY);
    expect_going(&g, "d7-b7");
    play_quiet(
        &g, (const char *[]){"b3-b2", "f6-f5", "b2-b3", "f5-f6", "b3-b2", "f6-f5", "b2-b3", NULL});
    play(&g, "f5-f6", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_REPETITION);
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", POS_FORT, SIDE_ATTACKERS);
    play_quiet(&g, FORT_NINE);
    play(&g, "c3-c2", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/9/9/2T6/4T4/3TKT3/9/9/9/1t7/", SIDE_ATTACKERS);
    play_quiet(&g, FORT_NINE);
    play_quiet(&g, (const char *[]){"c3-c2", "g9-h9", "c2-c3", "h9-i9", "c3-c2", NULL});
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/9/T8/2T6/4T4/3TKT3/4T4/1t7/9/1t7/", SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"b9-c9", "c3-c2", "c9-d9", "c2-c3", "d9-e9", "c3-c2", "b7-b2",
                                    "c2-c3", "e9-f9", NULL});
    expect_piece(&g, "b2", PIECE_ATTACKER);
    ck_assert_int_eq(play(&g, "c3-c2", NULL), 1);
    expect_piece(&g, "b2", PIECE_EMPTY);
    expect_going(&g, "c3-c2");
    play_quiet(
        &g, (const char *[]){"f9-g9", "c2-c3", "g9-h9", "c3-c2", "h9-i9", "c2-c3", "i9-i8", NULL});
    play(&g, "c3-c2", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", POS_FORT7, SIDE_ATTACKERS);
    play_quiet(&g, FORT7_NINE);
    play(&g, "b3-b2", NULL);
    expect_end(&g, WINNER_ATTACKERS, END_DRAW_FORT);
    finish(&g);
}
END_TEST

/* RULES.md 6: draw_fort is "no elsewhere": brandub-cyningstan (seed 000 has no such rule). */
START_TEST(test_draw_fort_off_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_FORT7, SIDE_ATTACKERS);
    play_quiet(&g, FORT7_NINE);
    play_quiet(&g, (const char *[]){"b3-b2", NULL});
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "e5-b5", NULL), 0);
    expect_end(&g, WINNER_ATTACKERS, END_NO_MOVES);
    finish(&g);
}
END_TEST

/* Seed 000 rule 13: "if one player has no legal move ... then a draw may be declared." */
START_TEST(test_no_moves_draw_brandub_cyningstan_seed000)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "e5-b5", NULL), 0);
    expect_end(&g, WINNER_DRAW, END_NO_MOVES);
    finish(&g);
}
END_TEST

/* Seed 004, tie conditions: "Inability to make a legal move. All pieces are blocked." */
START_TEST(test_no_moves_draw_brandubh_livas_seed004)
{
    Game g;
    start_preset(&g, "brandubh-livas", POS_NO_MOVES, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "e5-b5", NULL), 0);
    expect_end(&g, WINNER_DRAW, END_NO_MOVES);
    finish(&g);
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
    Game g;
    start_preset(&g, "brandubh", "/7/7/7/7/2T4/1TtT1K1/2T4/", SIDE_DEFENDERS);
    ck_assert_int_eq(play(&g, "f6-f5", NULL), 0);
    expect_piece(&g, "c6", PIECE_ATTACKER);
    expect_end(&g, WINNER_DEFENDERS, END_NO_MOVES);
    finish(&g);
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
    Game g;
    start_preset(&g, "ard-ri", "/tTt4/TK2t2/tt5/7/7/7/7/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "e2-c2", NULL), 0);
    expect_piece(&g, "b2", PIECE_KING);
    expect_end(&g, WINNER_ATTACKERS, END_NO_MOVES);
    finish(&g);
}
END_TEST

/* RULES.md 5: max_plies: "adjudicated a draw after this many plies". */
START_TEST(test_max_plies_draw_custom)
{
    Ruleset rs = preset_copy("brandubh");
    rs.max_plies = 4;
    Game g;
    start_custom(&g, &rs, POS_SHUTTLE, SIDE_ATTACKERS);
    play_quiet(&g, (const char *[]){"b2-b3", "f6-f5", "b3-b2", NULL});
    play(&g, "f5-f6", NULL);
    ck_assert_int_eq(g.s.ply, 4);
    expect_end(&g, WINNER_DRAW, END_MAX_PLIES);
    finish(&g);
}
END_TEST

/* RULES.md 5: "A position where the game is over has no legal moves (so perft counts stop
 * there, as in chess)." After the king's escape ... */
START_TEST(test_game_over_no_legal_moves_after_escape_brandubh)
{
    Game g;
    start_preset(&g, "brandubh", POS_ESCAPE_CORNER, SIDE_DEFENDERS);
    play_quiet(&g, (const char *[]){"c3-a3", NULL});
    expect_legal(&g, "e5-e4");
    play_quiet(&g, (const char *[]){"e5-e6", NULL});
    play(&g, "a3-a1", NULL);
    ck_assert(state_is_over(&g.s));
    Move moves[RULES_MAX_MOVES];
    ck_assert_int_eq(movegen_legal(&g.r, &g.s, moves), 0);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    expect_illegal(&g, "e6-e5");
    finish(&g);
}
END_TEST

/* RULES.md 5: "A position where the game is over has no legal moves": after the king's
 * capture. (position POS_KING_PLAIN) */
START_TEST(test_game_over_no_legal_moves_after_king_capture_brandubh)
{
    Game g;
    start_preset(&g, "brandubh", POS_KING_PLAIN, SIDE_ATTACKERS);
    play(&g, "f2-d2", NULL);
    ck_assert(state_is_over(&g.s));
    Move moves[RULES_MAX_MOVES];
    ck_assert_int_eq(movegen_legal(&g.r, &g.s, moves), 0);
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    expect_illegal(&g, "f6-f5");
    finish(&g);
}
END_TEST

/* RULES.md 5: "A position where the game is over has no legal moves": after a draw by
 * repetition. */
START_TEST(test_game_over_no_legal_moves_after_draw_brandub_cyningstan)
{
    Game g;
    start_preset(&g, "brandub-cyningstan", POS_SHUTTLE, SIDE_ATTACKERS);
    play_quiet(&g, SHUTTLE_ATTACKERS_FIRST);
    play(&g, "f5-f6", NULL);
    ck_assert(state_is_over(&g.s));
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 0);
    expect_illegal(&g, "b2-b3");
    finish(&g);
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
    Game g;
    start_preset(&g, "brandub-cyningstan", "/7/1tK1Tt1/7/7/7/3t1T1/7/", SIDE_ATTACKERS);
    CaptureList caps;
    ck_assert_int_eq(play(&g, "d6-d2", &caps), 2);
    expect_piece(&g, "e2", PIECE_EMPTY);
    expect_king_captured(&g, &caps, "c2");
    ck_assert_int_eq(caps.sq[0], square_of(&g, "e2"));
    ck_assert_int_eq(caps.sq[1], square_of(&g, "c2"));
    finish(&g);
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
    Game g;
    start_preset(&g, "tablut", "/9/9/6t2/4tt3/3tKT3/4tt3/9/9/9/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "g3-g5", NULL), 0);
    expect_piece(&g, "f5", PIECE_DEFENDER);
    expect_piece(&g, "e5", PIECE_KING);
    ck_assert(!movegen_side_has_move(&g.r, &g.s, SIDE_DEFENDERS));
    expect_end(&g, WINNER_ATTACKERS, END_ENCIRCLED);
    finish(&g);
}
END_TEST

/* ---------------------------------------------------------------------------------------- */
/* Copenhagen: shieldwalls and edge forts (README.md, "The rules engine")                     */
/* ---------------------------------------------------------------------------------------- */

/* Expects caps to hold exactly the NULL-terminated squares (in any order). */
static void expect_captures(const Game *g, const CaptureList *caps, const char *const *squares)
{
    int n = 0;
    for (; squares[n] != NULL; n++) {
        ck_assert_msg(caps_has(g, caps, squares[n]), "%s was not captured", squares[n]);
        expect_piece(g, squares[n], PIECE_EMPTY);
    }
    ck_assert_msg(caps->count == n, "%d captures, expected %d", caps->count, n);
}

/* The shieldwall: "a row of enemies against the board edge, closed at both ends and
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", POS_WALL_BOTTOM, SIDE_ATTACKERS);
    play(&g, "g8-g11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "e11", "f11", NULL});
    expect_going(&g, "g8-g11");
    finish(&g);
}
END_TEST

/* The same row without the option: no piece of it is between two attackers on a line, so a
 * custodial capture takes nothing. */
START_TEST(test_shieldwall_off_takes_nothing_custom)
{
    Ruleset rs = preset_copy("copenhagen");
    rs.shieldwall = SHIELDWALL_NO;
    Game g;
    start_custom(&g, &rs, POS_WALL_BOTTOM, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "g8-g11", NULL), 0);
    expect_piece(&g, "f11", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/11/11/11/11/11/5K5/11/6t4/11/3t1t5/2tTTT5/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "g8-g11", NULL), 0);
    expect_piece(&g, "e11", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/11/11/11/11/11/5K5/11/6t4/11/3ttt5/3TTT5/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "g8-g11", NULL), 0);
    expect_piece(&g, "d11", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/11/11/11/11/11/5K5/11/5t5/11/3tt6/2tTTTt4/", SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "f8-f10", NULL), 0);
    expect_piece(&g, "d11", PIECE_DEFENDER);
    expect_piece(&g, "f11", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", "/11/11/11/11/11/11/11/6t4/11/3ttt5/2tTKT5/", SIDE_ATTACKERS);
    play(&g, "g8-g11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "f11", NULL});
    expect_piece(&g, "e11", PIECE_KING);
    expect_going(&g, "g8-g11");
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", "/11/11/11/11/11/5K5/11/5t5/11/3tt1tt3/2tTT1TTt2/",
                 SIDE_ATTACKERS);
    play(&g, "f8-f11", &caps);
    expect_captures(&g, &caps, (const char *[]){"d11", "e11", "g11", "h11", NULL});
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", POS_WALL_CORNER, SIDE_ATTACKERS);
    play(&g, "d8-d11", &caps);
    expect_captures(&g, &caps, (const char *[]){"b11", "c11", NULL});
    finish(&g);
}
END_TEST

/* shieldwall = pieces (OTN sw:w, "weak"): only pieces close a wall, the corner does not. */
START_TEST(test_shieldwall_pieces_corner_does_not_close_custom)
{
    Ruleset rs = preset_copy("copenhagen");
    rs.shieldwall = SHIELDWALL_PIECES;
    Game g;
    start_custom(&g, &rs, POS_WALL_CORNER, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "d8-d11", NULL), 0);
    expect_piece(&g, "b11", PIECE_DEFENDER);
    finish(&g);
}
END_TEST

/* A corner closes a wall only when it is hostile to the row's pieces (corner_hostile), as it
 * is an anvil only then in a custodial capture. */
START_TEST(test_shieldwall_corner_not_hostile_does_not_close_custom)
{
    Ruleset rs = preset_copy("copenhagen");
    rs.corner_hostile = CORNER_HOSTILE_ATTACKERS;
    Game g;
    start_custom(&g, &rs, POS_WALL_CORNER, SIDE_ATTACKERS);
    ck_assert_int_eq(play(&g, "d8-d11", NULL), 0);
    expect_piece(&g, "c11", PIECE_DEFENDER);
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", "/1Tttt6/2TKT6/11/5T5/10t/11/11/11/11/11/11/", SIDE_DEFENDERS);
    play(&g, "f4-f1", &caps);
    expect_captures(&g, &caps, (const char *[]){"c1", "d1", "e1", NULL});
    expect_going(&g, "f4-f1");
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", "/1tt8/1TT8/3T7/11/10t/5K5/11/11/11/11/11/", SIDE_DEFENDERS);
    play(&g, "d3-d1", &caps);
    expect_captures(&g, &caps, (const char *[]){"b1", "c1", NULL});
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", "/11/11/7K3/T10/tT9/tT9/3T7/11/10t/11/11/", SIDE_DEFENDERS);
    play(&g, "d7-a7", &caps);
    expect_captures(&g, &caps, (const char *[]){"a5", "a6", NULL});
    finish(&g);
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
    Game g;
    CaptureList caps;
    start_preset(&g, "copenhagen", POS_WALL_KING, SIDE_DEFENDERS);
    play(&g, "f4-f1", &caps);
    expect_captures(&g, &caps, (const char *[]){"d1", "e1", NULL});
    expect_going(&g, "f4-f1");
    finish(&g);
}
END_TEST

START_TEST(test_shieldwall_king_anvil_only_does_not_close_custom)
{
    Ruleset rs = preset_copy("copenhagen");
    rs.king_armed = KING_ARMED_ANVIL;
    Game g;
    start_custom(&g, &rs, POS_WALL_KING, SIDE_DEFENDERS);
    ck_assert_int_eq(play(&g, "f4-f1", NULL), 0);
    expect_piece(&g, "d1", PIECE_ATTACKER);
    finish(&g);
}
END_TEST

/* The edge fort: "the king on an edge, in contact with an unbreakable fort of
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
    Game g;
    start_preset(&g, "copenhagen", POS_EDGE_FORT, SIDE_DEFENDERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s)); /* open: f9 leads out */
    play(&g, "f7-f9", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    ck_assert(state_in_edge_fort(&g.r, &g.s));
    finish(&g);
}
END_TEST

/* edge_fort = no: the same fort wins nothing. */
START_TEST(test_edge_fort_off_no_win_custom)
{
    Ruleset rs = preset_copy("copenhagen");
    rs.edge_fort = false;
    Game g;
    start_custom(&g, &rs, POS_EDGE_FORT, SIDE_DEFENDERS);
    play(&g, "f7-f9", NULL);
    expect_going(&g, "f7-f9");
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/5T5/11/11/4T1T4/4TKT4/", SIDE_DEFENDERS);
    play(&g, "f7-f9", NULL);
    expect_going(&g, "f7-f9");
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/5TT4/4TKT4/4T1T4/",
                 SIDE_DEFENDERS);
    play(&g, "f10-f11", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&g);
}
END_TEST

/* "Able to move": a king walled in on his own square is not in a fort.
 *    a b c d e f g h i j k
 * 10 . . . . T T T . . . .
 * 11 + . . . T K T . . . +
 */
START_TEST(test_edge_fort_king_cannot_move_no_fort_copenhagen)
{
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/11/4TTT4/4TKT4/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/5TT4/4t1T4/4TKT4/",
                 SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    finish(&g);
}
END_TEST

/* An inside that reaches a corner is no fort: the king is not shut in (he may walk to a11).
 *    a b c d e f g h i j k
 * 10 . T T . . . . . . . .
 * 11 + . K T . . . . . . +
 */
START_TEST(test_edge_fort_inside_reaches_corner_no_fort_copenhagen)
{
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/11/11/1TT8/2KT7/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/5T5/4TKT4/5T5/11/11/", SIDE_ATTACKERS);
    ck_assert(!state_in_edge_fort(&g.r, &g.s));
    finish(&g);
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
    Game g;
    start_preset(&g, "copenhagen", "/3t3t3/11/11/t9t/11/11/11/7T3/11/4TTT4/3T1K5/", SIDE_DEFENDERS);
    play(&g, "h8-h11", NULL);
    expect_end(&g, WINNER_DEFENDERS, END_KING_ESCAPED);
    finish(&g);
}
END_TEST

static TCase *copenhagen_tcase(void)
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
    tcase_add_test(tc, test_edge_fort_inside_reaches_corner_no_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_king_off_edge_no_fort_copenhagen);
    tcase_add_test(tc, test_edge_fort_open_fronts_still_unbreakable_copenhagen);
    return tc;
}

Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc_restricted = tcase_create("restricted");
    tcase_add_test(tc_restricted, test_throne_pass_all_attacker_passes_brandubh_seed003);
    tcase_add_test(tc_restricted, test_throne_pass_all_defender_passes_brandubh_seed003);
    tcase_add_test(tc_restricted, test_throne_pass_king_only_king_passes_custom);
    tcase_add_test(tc_restricted, test_throne_pass_none_nobody_passes_custom);
    tcase_add_test(tc_restricted,
                   test_throne_pass_king_passes_not_stops_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_restricted, test_throne_reentry_allowed_brandubh_seed003);
    tcase_add_test(tc_restricted, test_throne_reentry_refused_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_restricted, test_throne_reentry_refused_brandubh_livas_seed004);
    tcase_add_test(tc_restricted, test_only_king_stops_on_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc_restricted, test_only_king_stops_on_corner_brandub_cyningstan_seed000);
    tcase_add_test(tc_restricted, test_no_restricted_squares_ard_ri_seed003);
    tcase_add_test(tc_restricted, test_no_piece_passes_occupied_square_brandub_cyningstan_seed000);
    tcase_add_test(tc_restricted, test_no_piece_passes_king_on_throne_brandubh_seed003);
    tcase_add_test(tc_restricted, test_corner_never_passed_through_brandubh_seed003);
    tcase_add_test(tc_restricted, test_corner_ordinary_square_tablut_seed003);
    suite_add_tcase(s, tc_restricted);
    TCase *tc_captures = tcase_create("captures");
    tcase_add_test(tc_captures, test_capture_custodial_by_attacker_brandubh_seed003);
    tcase_add_test(tc_captures, test_capture_custodial_by_defender_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_capture_only_by_moving_piece_brandubh_seed003);
    tcase_add_test(tc_captures, test_move_between_two_enemies_safe_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_capture_two_at_once_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_capture_three_at_once_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_captures,
                   test_capture_against_corner_by_attackers_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures,
                   test_capture_against_corner_by_defenders_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_capture_against_corner_both_sides_brandubh_seed003);
    tcase_add_test(tc_captures, test_corner_hostile_attackers_only_custom);
    tcase_add_test(tc_captures, test_corner_hostile_defenders_only_custom);
    tcase_add_test(tc_captures, test_corner_hostile_none_custom);
    tcase_add_test(tc_captures, test_capture_against_empty_throne_allowed_brandubh_seed002);
    tcase_add_test(tc_captures,
                   test_capture_against_empty_throne_refused_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures,
                   test_capture_against_empty_throne_allowed_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_captures, test_capture_against_king_throne_allowed_brandubh_seed003);
    tcase_add_test(tc_captures,
                   test_capture_against_king_throne_refused_for_defender_brandubh_seed003);
    tcase_add_test(tc_captures,
                   test_capture_against_king_throne_unarmed_king_brandubh_livas_seed004);
    tcase_add_test(tc_captures,
                   test_capture_against_king_throne_armed_king_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_capture_against_king_throne_hammer_king_always_custom);
    tcase_add_test(tc_captures, test_capture_against_throne_hostile_when_empty_custom);
    tcase_add_test(tc_captures, test_capture_against_king_throne_unarmed_never_custom);
    tcase_add_test(tc_captures, test_board_edge_not_hostile_brandubh_seed002);
    tcase_add_test(tc_captures, test_king_armed_hammer_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_king_armed_anvil_brandub_cyningstan_seed000);
    tcase_add_test(tc_captures, test_king_unarmed_hammer_brandubh_livas_seed004);
    tcase_add_test(tc_captures, test_king_unarmed_anvil_brandubh_livas_seed004);
    tcase_add_test(tc_captures, test_king_armed_hammer_only_captures_as_hammer_custom);
    tcase_add_test(tc_captures, test_king_armed_hammer_only_no_anvil_custom);
    tcase_add_test(tc_captures, test_king_armed_anvil_only_captures_as_anvil_custom);
    tcase_add_test(tc_captures, test_king_armed_anvil_only_no_hammer_custom);
    suite_add_tcase(s, tc_captures);
    TCase *tc_king_capture = tcase_create("king_capture");
    tcase_add_test(tc_king_capture, test_king_custodial_captured_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_custodial_on_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_custodial_beside_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_custodial_against_corner_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_custodial_along_edge_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture,
                   test_king_custodial_not_against_edge_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture,
                   test_king_custodial_line_through_mover_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_custodial_on_centre_ard_ri_seed003);
    tcase_add_test(tc_king_capture, test_king_custodial_against_empty_throne_custom);
    tcase_add_test(tc_king_capture,
                   test_king_custodial_not_against_empty_throne_brandub_cyningstan_seed000);
    tcase_add_test(tc_king_capture, test_king_on_throne_needs_four_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_on_throne_needs_four_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_king_capture, test_king_on_throne_needs_four_brandubh_livas_seed004);
    tcase_add_test(tc_king_capture, test_king_beside_throne_needs_three_brandubh_seed003);
    tcase_add_test(tc_king_capture,
                   test_king_beside_throne_needs_three_brandub_cyningstan_2014_seed001);
    tcase_add_test(tc_king_capture, test_king_beside_throne_needs_three_brandubh_livas_seed004);
    tcase_add_test(tc_king_capture, test_king_elsewhere_custodial_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_against_corner_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_on_edge_custodial_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_edge_needs_three_brandubh_livas_seed004);
    tcase_add_test(tc_king_capture, test_king_edge_corner_and_two_brandubh_livas_seed004);
    tcase_add_test(tc_king_capture, test_king_edge_corner_custodial_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_elsewhere_custodial_brandubh_livas_seed004);
    tcase_add_test(tc_king_capture, test_king_strong_needs_four_sides_custom);
    tcase_add_test(tc_king_capture, test_king_strong_empty_throne_stands_in_custom);
    tcase_add_test(tc_king_capture, test_king_strong_never_on_edge_custom);
    tcase_add_test(tc_king_capture, test_king_strong_on_throne_needs_four_custom);
    tcase_add_test(tc_king_capture, test_king_capture_only_after_adjacent_move_brandubh_seed003);
    tcase_add_test(tc_king_capture, test_king_moves_between_two_attackers_safe_brandubh_seed003);
    tcase_add_test(tc_king_capture,
                   test_capture_then_king_capture_same_move_brandub_cyningstan_seed000);
    suite_add_tcase(s, tc_king_capture);
    TCase *tc_end = tcase_create("end");
    tcase_add_test(tc_end, test_escape_corner_not_edge_brandubh_seed003);
    tcase_add_test(tc_end, test_escape_edge_tablut_seed003);
    tcase_add_test(tc_end, test_escape_edge_ard_ri_seed002);
    tcase_add_test(tc_end, test_encirclement_ard_ri_seed002);
    tcase_add_test(tc_end, test_encirclement_gap_no_win_ard_ri_seed002);
    tcase_add_test(tc_end, test_encirclement_brandubh_seed003);
    tcase_add_test(tc_end, test_encirclement_off_brandub_cyningstan_seed000);
    tcase_add_test(tc_end, test_encirclement_tablut_seed003);
    tcase_add_test(tc_end, test_encirclement_defender_outside_no_win_tablut_seed003);
    tcase_add_test(tc_end, test_repetition_lose_defenders_brandubh_seed003);
    tcase_add_test(tc_end, test_repetition_lose_attackers_brandubh_seed002);
    tcase_add_test(tc_end, test_repetition_draw_brandub_cyningstan_seed000);
    tcase_add_test(tc_end, test_repetition_draw_brandubh_livas_seed004);
    tcase_add_test(tc_end, test_repetition_ignore_custom);
    tcase_add_test(tc_end, test_repetition_count_restarts_after_capture_brandubh_seed003);
    tcase_add_test(tc_end, test_draw_fort_tablut_seed003);
    tcase_add_test(tc_end, test_draw_fort_needs_five_defenders_tablut_seed003);
    tcase_add_test(tc_end, test_draw_fort_capture_restarts_count_tablut_seed003);
    tcase_add_test(tc_end, test_draw_fort_brandubh_seed003);
    tcase_add_test(tc_end, test_draw_fort_off_brandub_cyningstan_seed000);
    tcase_add_test(tc_end, test_no_moves_lose_brandubh_seed003);
    tcase_add_test(tc_end, test_no_moves_draw_brandub_cyningstan_seed000);
    tcase_add_test(tc_end, test_no_moves_draw_brandubh_livas_seed004);
    tcase_add_test(tc_end, test_no_moves_lose_attackers_brandubh_seed002);
    tcase_add_test(tc_end, test_no_moves_lose_ard_ri_seed003);
    tcase_add_test(tc_end, test_max_plies_draw_custom);
    tcase_add_test(tc_end, test_game_over_no_legal_moves_after_escape_brandubh);
    tcase_add_test(tc_end, test_game_over_no_legal_moves_after_king_capture_brandubh);
    tcase_add_test(tc_end, test_game_over_no_legal_moves_after_draw_brandub_cyningstan);
    tcase_add_test(tc_end, test_check_order_encirclement_before_no_moves_tablut_seed003);
    suite_add_tcase(s, tc_end);
    suite_add_tcase(s, copenhagen_tcase());
    return s;
}
