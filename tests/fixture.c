/* Helpers that set up positions and play moves for the Check suites. */
#include <stdlib.h>

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

void fixture_position(const char *name, const char *otn, Side side, Rules *r, GameState *s,
                      History *hist)
{
    fixture_rules(name, r);
    Error err = {{0}};
    Status st = otn_parse_position(r, otn, side, s, &err);
    ck_assert_msg(st == ST_OK, "bad fixture position %s: %s", otn, err.text);
    history_init(hist);
    history_push(hist, s->hash, s->fort_hash, false, false);
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
    ck_assert_msg(movegen_is_legal(r, s, m), "fixture move %s is not legal", move);
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
