/* Helpers that set up positions and play moves for the Check suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

void fixture_rules(const char *name, Rules *r)
{
    const Ruleset *rs = ruleset_preset_find(name);
    ck_assert_msg(rs != NULL, "no preset named %s", name);
    Error err = {{0}};
    Status st = rules_compile(rs, r, &err);
    ck_assert_msg(st == ST_OK, "preset %s does not compile: %s", name, err.text);
}

void fixture_history_at(History *hist, const GameState *s)
{
    history_init(hist);
    history_push(hist, s->hash, s->fort_hash, false, false);
}

void fixture_start(const Rules *r, GameState *s, History *hist)
{
    state_init(r, s);
    fixture_history_at(hist, s);
}

void fixture_position(const char *name, const char *otn, Side side, Rules *r, GameState *s,
                      History *hist)
{
    fixture_rules(name, r);
    Error err = {{0}};
    Status st = otn_parse_position(r, otn, side, s, &err);
    ck_assert_msg(st == ST_OK, "bad fixture position %s: %s", otn, err.text);
    fixture_history_at(hist, s);
}

static Move parse_or_fail(const Rules *r, const char *move)
{
    Move m;
    Error err = {{0}};
    Status st = otn_parse_move(r, move, &m, NULL, &err);
    ck_assert_msg(st == ST_OK, "bad fixture move %s: %s", move, err.text);
    return m;
}

bool fixture_is_legal(const Rules *r, const GameState *s, const char *move)
{
    return movegen_is_legal(r, s, parse_or_fail(r, move));
}

void fixture_play(const Rules *r, GameState *s, History *hist, const char *move, CaptureList *caps)
{
    Move m = parse_or_fail(r, move);
    ck_assert_msg(movegen_is_legal_in_game(r, s, hist, m), "fixture move %s is not legal", move);
    state_apply(r, s, hist, m, caps);
    Error err = {{0}};
    ck_assert_msg(state_validate(r, s, &err), "after %s: %s", move, err.text);
}

Piece fixture_piece(const Rules *r, const GameState *s, const char *square)
{
    int sq = otn_parse_square(r, square, NULL);
    ck_assert_msg(sq >= 0, "bad fixture square %s", square);
    return state_piece_at(r, s, sq);
}

const char *fixture_data_dir(void)
{
    const char *dir = getenv("TAFL_TEST_DATA");
    return dir && *dir ? dir : "tests/data";
}

const char *fixture_tafl_binary(void)
{
    const char *tafl = getenv("TAFL");
    return tafl && *tafl ? tafl : "build/tafl";
}

/* ---- Rule tests: the RuleGame helpers (tests.h) ---- */

static const char *const PIECE_NAMES[] = {"empty", "attacker", "defender", "king"};

/* Sets up preset `preset` with position `otn` and `side` to move. */
void game_start(RuleGame *g, const char *preset, const char *otn, Side side)
{
    fixture_position(preset, otn, side, &g->r, &g->s, &g->h);
}

/* A copy of preset `preset` to change options on. */
Ruleset game_preset_copy(const char *preset)
{
    const Ruleset *rs = ruleset_preset_find(preset);
    ck_assert_msg(rs != NULL, "no preset named %s", preset);
    return *rs;
}

/* Sets up a custom ruleset with position `otn` and `side` to move. */
void game_start_custom(RuleGame *g, const Ruleset *rs, const char *otn, Side side)
{
    Error err = {{0}};
    Status st = rules_compile(rs, &g->r, &err);
    ck_assert_msg(st == ST_OK, "custom ruleset does not compile: %s", err.text);
    st = otn_parse_position(&g->r, otn, side, &g->s, &err);
    ck_assert_msg(st == ST_OK, "bad position %s: %s", otn, err.text);
    history_init(&g->h);
    history_push(&g->h, g->s.hash, g->s.fort_hash, false, false);
}

void game_finish(RuleGame *g)
{
    history_free(&g->h);
}

int game_square(const RuleGame *g, const char *name)
{
    int sq = otn_parse_square(&g->r, name, NULL);
    ck_assert_msg(sq >= 0, "bad square %s", name);
    return sq;
}

/* Plays `move` (asserted legal); returns the number of captures and fills *caps if not NULL. */
int game_play(RuleGame *g, const char *move, CaptureList *caps)
{
    CaptureList local;
    fixture_play(&g->r, &g->s, &g->h, move, &local);
    if (caps != NULL) {
        *caps = local;
    }
    return local.count;
}

void game_expect_going(const RuleGame *g, const char *after)
{
    ck_assert_msg(!state_is_over(&g->s), "after %s: game over (%s, %s), expected it to go on",
                  after, state_winner_name((Winner)g->s.winner),
                  state_reason_name((EndReason)g->s.reason));
}

/* Plays the NULL-terminated list of moves, each capturing nothing and leaving the game on. */
void game_play_quiet(RuleGame *g, const char *const *moves)
{
    for (int i = 0; moves[i] != NULL; i++) {
        int n = game_play(g, moves[i], NULL);
        ck_assert_msg(n == 0, "%s captured %d, expected none", moves[i], n);
        game_expect_going(g, moves[i]);
    }
}

void game_expect_piece(const RuleGame *g, const char *square, Piece want)
{
    Piece got = state_piece_at(&g->r, &g->s, game_square(g, square));
    ck_assert_msg(got == want, "%s holds %s, expected %s", square, PIECE_NAMES[got],
                  PIECE_NAMES[want]);
}

void game_expect_end(const RuleGame *g, Winner winner, EndReason reason)
{
    ck_assert_msg(g->s.winner == winner && g->s.reason == reason,
                  "game ended %s by %s, expected %s by %s", state_winner_name((Winner)g->s.winner),
                  state_reason_name((EndReason)g->s.reason), state_winner_name(winner),
                  state_reason_name(reason));
}

void game_expect_legal(const RuleGame *g, const char *move)
{
    ck_assert_msg(fixture_is_legal(&g->r, &g->s, move), "%s should be legal", move);
}

void game_expect_illegal(const RuleGame *g, const char *move)
{
    ck_assert_msg(!fixture_is_legal(&g->r, &g->s, move), "%s should be illegal", move);
}

/* True when caps holds square `name`. */
bool game_caps_has(const RuleGame *g, const CaptureList *caps, const char *name)
{
    int sq = game_square(g, name);
    for (int i = 0; i < caps->count; i++) {
        if (caps->sq[i] == sq) {
            return true;
        }
    }
    return false;
}

/* The king's capture: the game is won by the attackers and the capture list names him. */
void game_expect_king_captured(const RuleGame *g, const CaptureList *caps, const char *king)
{
    game_expect_end(g, WINNER_ATTACKERS, END_KING_CAPTURED);
    ck_assert_msg(game_caps_has(g, caps, king), "the capture list does not name the king on %s",
                  king);
}

/* Plays one attacker move that ends next to the king without capturing him. */
void game_expect_king_survives(RuleGame *g, const char *move)
{
    int n = game_play(g, move, NULL);
    ck_assert_msg(n == 0, "%s captured %d, expected none", move, n);
    game_expect_going(g, move);
    ck_assert_msg(state_piece_at(&g->r, &g->s, g->s.king) == PIECE_KING, "the king is gone");
}

char *fixture_slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    ck_assert_int_ge(size, 0);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    ck_assert(text != NULL);
    ck_assert_int_eq((long)fread(text, 1, (size_t)size, f), size);
    text[size] = '\0';
    fclose(f);
    if (len != NULL) {
        *len = size;
    }
    return text;
}

Agent *fixture_agent(const Rules *r, const char *spec, uint64_t seed)
{
    Agent *a = NULL;
    Error err = {{0}};
    Status st = agent_create(spec, r, seed, &a, &err);
    ck_assert_msg(st == ST_OK, "agent_create(%s): %s", spec, err.text);
    return a;
}

void fixture_spec_error(const char *spec, const char *needle)
{
    Rules r;
    fixture_rules("brandubh", &r);
    Agent *a = NULL;
    Error err = {{0}};
    ck_assert_int_ne(agent_create(spec, &r, 1, &a, &err), ST_OK);
    ck_assert_msg(strstr(err.text, needle) != NULL, "'%s': error '%s' lacks '%s'", spec, err.text,
                  needle);
}

void fixture_custom_position(const char *preset, KingCapture kc, const char *otn, Side side,
                             Rules *r, GameState *s, History *hist)
{
    Ruleset rs = *ruleset_preset_find(preset);
    rs.king_capture = kc;
    Error err = {{0}};
    ck_assert_msg(rules_compile(&rs, r, &err) == ST_OK, "%s", err.text);
    ck_assert_msg(otn_parse_position(r, otn, side, s, &err) == ST_OK, "%s", err.text);
    fixture_history_at(hist, s);
}
