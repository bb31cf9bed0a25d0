/* The efficiently updatable network (agents/nnue.h): the accumulator kept move by move equals
 * the one computed from scratch at every ply of random games on every preset, captures and the
 * king's capture included, and the output layer's arithmetic on a hand-computed case. */
#include <check.h>
#include <string.h>

#include "agents/nnue.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "rules/ruleset.h"
#include "tests/tests.h"

/* Plays `games` random games of preset i with a random network of `hidden` units, checking
 * after every move that the updated accumulator and output are the refreshed ones. Returns the
 * pieces captured, so that the caller can tell the test met captures. */
static long incremental_equals_refresh(int i, int hidden, int games, int *kings_taken)
{
    Ruleset rs = *ruleset_preset_at(i);
    rs.max_plies = 300;
    Rules r;
    Error err;
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    Nnue net;
    ck_assert_msg(nnue_create(&net, r.size, hidden, &err) == ST_OK, "%s", err.text);
    /* Weights large enough that accumulators cross both ends of the clipped ReLU. */
    nnue_randomize(&net, rng_mix(0x9e7, (uint64_t)i), 96);
    History hist;
    history_init(&hist);
    static Move moves[RULES_MAX_MOVES];
    long captured = 0;
    for (int g = 0; g < games; g++) {
        GameState s;
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        NnueAcc acc, fresh;
        nnue_refresh(&net, &r, &s, &acc);
        Rng rng;
        rng_seed(&rng, rng_mix(0xacc, (uint64_t)(i * 100 + g)));
        for (;;) {
            int n = movegen_legal(&r, &s, moves);
            if (n == 0)
                break;
            Move m = moves[rng_below(&rng, (uint32_t)n)];
            GameState before = s;
            CaptureList caps;
            state_apply(&r, &s, &hist, m, &caps);
            nnue_update(&net, &r, &before, m, &caps, &acc);
            nnue_refresh(&net, &r, &s, &fresh);
            captured += caps.count;
            *kings_taken += s.reason == END_KING_CAPTURED;
            ck_assert_msg(memcmp(acc.v, fresh.v, (size_t)hidden * sizeof acc.v[0]) == 0,
                          "%s game %d ply %u: the updated accumulator is not the refreshed one "
                          "(captures %d, winner %d, reason %d)",
                          rs.name, g, s.ply, caps.count, s.winner, s.reason);
            ck_assert_int_eq(nnue_output(&net, &acc), nnue_output(&net, &fresh));
        }
    }
    history_free(&hist);
    nnue_free(&net);
    return captured;
}

START_TEST(test_nnue_incremental_equals_refresh_every_preset)
{
    int kings_taken = 0;
    for (int i = 0; i < ruleset_preset_count(); i++) {
        long captured = incremental_equals_refresh(i, 64, 3, &kings_taken);
        ck_assert_msg(captured > 0, "%s: no capture in the random games",
                      ruleset_preset_at(i)->name);
    }
    /* The largest layer on the largest shipped board. */
    for (int i = 0; i < ruleset_preset_count(); i++)
        if (strcmp(ruleset_preset_at(i)->name, "copenhagen") == 0)
            incremental_equals_refresh(i, NNUE_MAX_HIDDEN, 1, &kings_taken);
    ck_assert_int_gt(kings_taken, 0); /* a game ended with the king's capture */
}
END_TEST

/* Eight hidden units, the first layer zero so that the accumulator is b1: clamp to [0, 255]
 * gives 255, 0, 100, 0, 7, 255, 0, 0; with w2 = 1, 2, 3, 4, -5, -1, 9, 9 and b2 = 1000 the sum
 * is 1000 + 255 + 300 - 35 - 255 = 1265, and 1265 >> 8 = 4; negated weights give -4. */
START_TEST(test_nnue_output_hand_computed)
{
    Nnue net;
    Error err;
    ck_assert_int_eq(nnue_create(&net, 7, 8, &err), ST_OK);
    static const int32_t b1[8] = {300, -5, 100, 0, 7, 256, -1000, 0};
    static const int16_t w2[8] = {1, 2, 3, 4, -5, -1, 9, 9};
    memcpy(net.b1, b1, sizeof b1);
    memcpy(net.w2, w2, sizeof w2);
    net.b2 = 1000;
    NnueAcc acc;
    memset(&acc, 0, sizeof acc);
    memcpy(acc.v, b1, sizeof b1);
    ck_assert_int_eq(nnue_output(&net, &acc), 4);
    for (int h = 0; h < 8; h++)
        net.w2[h] = (int16_t)-w2[h];
    net.b2 = -1000;
    ck_assert_int_eq(nnue_output(&net, &acc), -4);
    nnue_free(&net);
}
END_TEST

START_TEST(test_nnue_bounds)
{
    Nnue net;
    Error err;
    ck_assert_int_eq(nnue_create(&net, 4, 64, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "network: board size 4 is not in 5..19");
    ck_assert_int_eq(nnue_create(&net, 21, 64, &err), ST_EINVAL);
    ck_assert_int_eq(nnue_create(&net, 11, NNUE_MIN_HIDDEN - 1, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "network: 7 hidden units is not in 8..512");
    ck_assert_int_eq(nnue_create(&net, 11, NNUE_MAX_HIDDEN + 1, &err), ST_EINVAL);
    ck_assert_int_eq(nnue_create(&net, 19, NNUE_MAX_HIDDEN, &err), ST_OK);
    nnue_free(&net);
    nnue_free(NULL);
}
END_TEST

Suite *nnue_suite(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("nnue");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_nnue_incremental_equals_refresh_every_preset);
    tcase_add_test(tc, test_nnue_output_hand_computed);
    tcase_add_test(tc, test_nnue_bounds);
    suite_add_tcase(s, tc);
    return s;
}
