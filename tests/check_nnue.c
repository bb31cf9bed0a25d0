/* The efficiently updatable network (agents/nnue.h): the accumulator kept move by move equals
 * the one computed from scratch at every ply of random games on every preset, captures and the
 * king's capture included, and the output layer's arithmetic on a hand-computed case. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "agents/nnue.h"
#include "agents/nnuefile.h"
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
        NnueAcc acc, fresh, advanced;
        nnue_refresh(&net, &r, &s, &acc);
        advanced = acc;
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
            nnue_advance(&net, &r, &before, &s, &advanced, &advanced);
            nnue_refresh(&net, &r, &s, &fresh);
            captured += caps.count;
            *kings_taken += s.reason == END_KING_CAPTURED;
            ck_assert_msg(memcmp(acc.v, fresh.v, (size_t)hidden * sizeof acc.v[0]) == 0,
                          "%s game %d ply %u: the updated accumulator is not the refreshed one "
                          "(captures %d, winner %d, reason %d)",
                          rs.name, g, s.ply, caps.count, s.winner, s.reason);
            ck_assert_int_eq(nnue_output(&net, &acc), nnue_output(&net, &fresh));
            ck_assert_msg(memcmp(advanced.v, fresh.v, (size_t)hidden * sizeof acc.v[0]) == 0,
                          "%s game %d ply %u: the accumulator advanced by the positions' "
                          "difference is not the refreshed one",
                          rs.name, g, s.ply);
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
    ck_assert_str_eq(err.text, "network: 7 hidden units is not a multiple of 8 in 8..512");
    ck_assert_int_eq(nnue_create(&net, 11, 20, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "network: 20 hidden units is not a multiple of 8 in 8..512");
    ck_assert_int_eq(nnue_create(&net, 11, NNUE_MAX_HIDDEN + 1, &err), ST_EINVAL);
    ck_assert_int_eq(nnue_create(&net, 19, NNUE_MAX_HIDDEN, &err), ST_OK);
    nnue_free(&net);
    nnue_free(NULL);
}
END_TEST

/* A random network of `hidden` units for preset `name`'s rules (r compiled here), and its
 * origin. */
static void random_net(const char *name, int hidden, Rules *r, Nnue *net, NnueOrigin *origin)
{
    Ruleset rs = *ruleset_preset_find(name);
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, r, &err), ST_OK);
    ck_assert_int_eq(nnue_create(net, rs.size, hidden, &err), ST_OK);
    nnue_randomize(net, 0x5eed, 300);
    /* extremes of every field's range, to pin the two's complement both ways */
    net->w1[0] = INT16_MIN;
    net->w1[1] = INT16_MAX;
    net->b1[0] = -NNUE_MAX_BIAS;
    net->b1[1] = NNUE_MAX_BIAS;
    net->b2 = -2;
    memset(origin, 0, sizeof *origin);
    snprintf(origin->ruleset, sizeof origin->ruleset, "%s", rs.name);
    origin->rules_hash = evalmodel_rules_hash(r);
}

/* Puts the checksum of a changed file back, so that a test reaches the check after it. */
static void reseal(uint8_t *data, size_t len)
{
    uint64_t h = fnv1a(FNV1A_BASIS, data, len - 8);
    for (int i = 0; i < 8; i++)
        data[len - 8 + i] = (uint8_t)(h >> (8 * i));
}

/* Writes data[0..len) to a new temporary file whose name goes into path (a mkstemp template). */
static void write_temp(char *path, const uint8_t *data, size_t len)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq((int)write(fd, data, len), (int)len);
    close(fd);
}

/* The file's round trip: every weight back, the same output on random positions, the bytes
 * little-endian as doc/formats.md says (-2 at offset 96 is fe ff ff ff), and a file saved and
 * loaded from disk gives the same network. */
START_TEST(test_nnuefile_round_trip)
{
    Rules r;
    Nnue net, back;
    NnueOrigin origin, back_origin;
    random_net("copenhagen", 64, &r, &net, &origin);
    uint8_t *data;
    size_t len;
    nnuefile_encode(&net, &origin, &data, &len);
    ck_assert_uint_eq(len, 96 + 4 + 64 * 4 + 64 * 2 + (3 * 121 + 1) * 64 * 2 + 8);
    ck_assert_int_eq(memcmp(data, "TAFLNNUE\x01\0\0\0\x0b\0\0\0\x40\0\0\0", 20), 0);
    ck_assert_int_eq(memcmp(data + 96, "\xfe\xff\xff\xff", 4), 0);
    Error err = {{0}};
    ck_assert_int_eq(nnuefile_decode(data, len, "x.nnue", &back, &back_origin, &err), ST_OK);
    ck_assert_int_eq(back.size, 11);
    ck_assert_int_eq(back.hidden, 64);
    ck_assert_int_eq(back.out_shift, net.out_shift);
    ck_assert_int_eq(back.b2, -2);
    ck_assert_int_eq(memcmp(back.b1, net.b1, 64 * sizeof *net.b1), 0);
    ck_assert_int_eq(memcmp(back.w2, net.w2, 64 * sizeof *net.w2), 0);
    ck_assert_int_eq(memcmp(back.w1, net.w1, (3 * 121 + 1) * 64 * sizeof *net.w1), 0);
    ck_assert_str_eq(back_origin.ruleset, "copenhagen");
    ck_assert_uint_eq(back_origin.rules_hash, origin.rules_hash);
    ck_assert_int_eq(nnuefile_check_rules("x.nnue", &back, &back_origin, &r, &err), ST_OK);
    GameState s;
    state_init(&r, &s);
    NnueAcc a, b;
    nnue_refresh(&net, &r, &s, &a);
    nnue_refresh(&back, &r, &s, &b);
    ck_assert_int_eq(nnue_output(&net, &a), nnue_output(&back, &b));

    char path[] = "/tmp/tafl-check-nnueXXXXXX";
    write_temp(path, data, len);
    Nnue disk;
    NnueOrigin disk_origin;
    ck_assert_int_eq(nnuefile_load(path, &disk, &disk_origin, &err), ST_OK);
    ck_assert_int_eq(memcmp(disk.w1, net.w1, (3 * 121 + 1) * 64 * sizeof *net.w1), 0);
    nnue_free(&disk);
    unlink(path);
    ck_assert_int_eq(nnuefile_load(path, &disk, &disk_origin, &err), ST_EIO);
    ck_assert_ptr_nonnull(strstr(err.text, "cannot read"));
    nnue_free(&back);
    nnue_free(&net);
    free(data);
}
END_TEST

/* decode(data) fails with ST_EPARSE and a line holding `words`. */
static void refused(const uint8_t *data, size_t len, const char *words)
{
    Nnue net;
    NnueOrigin origin;
    Error err = {{0}};
    ck_assert_int_eq(nnuefile_decode(data, len, "bad.nnue", &net, &origin, &err), ST_EPARSE);
    ck_assert_msg(strstr(err.text, "bad.nnue: ") == err.text && strstr(err.text, words),
                  "expected '%s' in: %s", words, err.text);
    nnue_free(&net);
}

/* Damaged and foreign files are refused, each with what is wrong: never read as weights. */
START_TEST(test_nnuefile_damaged)
{
    Rules r;
    Nnue net;
    NnueOrigin origin;
    random_net("brandubh", 16, &r, &net, &origin);
    uint8_t *data;
    size_t len;
    nnuefile_encode(&net, &origin, &data, &len);
    uint8_t *bad = malloc(len + 1);

    refused((const uint8_t *)"tafl-eval 2\n", 12, "not a tafl network file");
    memcpy(bad, data, len);
    bad[8] = 2;
    refused(bad, len, "version 2; this build reads version 1");
    refused(data, 50, "truncated: 50 bytes, shorter than the 96-byte header");
    refused(data, len - 1, "truncated");
    memcpy(bad, data, len);
    bad[len] = 0;
    refused(bad, len + 1, "bytes after the end");
    /* one bit of one weight */
    memcpy(bad, data, len);
    bad[len / 2] ^= 0x10;
    refused(bad, len, "damaged: the checksum does not match");
    /* a checksum's own bit */
    memcpy(bad, data, len);
    bad[len - 1] ^= 1;
    refused(bad, len, "checksum");
    /* fields out of range, checksum resealed */
    memcpy(bad, data, len);
    bad[16] = 4; /* 4 hidden units */
    reseal(bad, len);
    refused(bad, len, "hidden units 4 (8..512, a multiple of 8)");
    memcpy(bad, data, len);
    bad[16] = 12; /* 12 hidden units: no multiple of 8 */
    reseal(bad, len);
    refused(bad, len, "hidden units 12 (8..512, a multiple of 8)");
    memcpy(bad, data, len);
    bad[12] = 99; /* a 99x99 board */
    reseal(bad, len);
    refused(bad, len, "board side 99");
    memcpy(bad, data, len);
    bad[20] = 1; /* an output shift that could overflow */
    reseal(bad, len);
    refused(bad, len, "output shift 1 (2..30)");
    memcpy(bad, data, len);
    bad[100 + 3] = 0x7f; /* the first hidden bias near 2^31 */
    reseal(bad, len);
    refused(bad, len, "a bias is out of range");
    memcpy(bad, data, len);
    memset(bad + 32, 'x', 64); /* a name with no end */
    reseal(bad, len);
    refused(bad, len, "the ruleset name has no end");

    /* A sound file for other rules is refused by the agent's check, naming both. */
    Nnue back;
    NnueOrigin back_origin;
    Error err = {{0}};
    ck_assert_int_eq(nnuefile_decode(data, len, "b.nnue", &back, &back_origin, &err), ST_OK);
    Ruleset cph = *ruleset_preset_find("copenhagen");
    Rules rc;
    ck_assert_int_eq(rules_compile(&cph, &rc, &err), ST_OK);
    ck_assert_int_eq(nnuefile_check_rules("b.nnue", &back, &back_origin, &rc, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "b.nnue: a network for brandubh (a 7x7 board"));
    ck_assert_ptr_nonnull(strstr(err.text, "not for copenhagen (11x11"));
    /* same board side, other rules */
    Ruleset liv = *ruleset_preset_find("brandubh-livas");
    Rules rl;
    ck_assert_int_eq(rules_compile(&liv, &rl, &err), ST_OK);
    ck_assert_int_eq(nnuefile_check_rules("b.nnue", &back, &back_origin, &rl, &err), ST_EINVAL);
    nnue_free(&back);
    nnue_free(&net);
    free(bad);
    free(data);
}
END_TEST

/* A network file is an agent's eval=FILE: resolved with its content's hash, played, refused when
 * the content changed, on other rules, or damaged, each with its reason; the readers of the
 * other evaluation files say it is a network file instead of misreading it. */
START_TEST(test_nnuefile_as_eval)
{
    Rules r;
    Nnue net;
    NnueOrigin origin;
    random_net("brandubh", 16, &r, &net, &origin);
    uint8_t *data;
    size_t len;
    nnuefile_encode(&net, &origin, &data, &len);
    char path[] = "/tmp/tafl-check-evalnetXXXXXX";
    write_temp(path, data, len);
    char spec[256];
    snprintf(spec, sizeof spec, "alphabeta:depth=2,eval=%s", path);
    Error err = {{0}};
    ResolvedAgent *ra;
    ck_assert_msg(agent_resolve(spec, NULL, &r, &ra, &err) == ST_OK, "%s", err.text);
    char want[128];
    snprintf(want, sizeof want, "%s@%016llx", path,
             (unsigned long long)evalmodel_text_hash((const char *)data, len));
    ck_assert_str_eq(agent_resolved_eval(ra), want);
    uint64_t hash;
    ck_assert(agent_resolved_eval_file_hash(ra, &hash));
    Agent *a = agent_from_resolved(ra, 1);
    GameState s;
    state_init(&r, &s);
    History h;
    history_init(&h);
    history_push(&h, s.hash, s.fort_hash, false, false);
    Move m = agent_choose(a, &s, &h);
    ck_assert(movegen_is_legal(&r, &s, m));
    agent_destroy(a);
    agent_resolved_free(ra);
    history_free(&h);

    /* The pinned value of a run replays it; another content is refused. */
    ck_assert_int_eq(agent_resolve("alphabeta", want, &r, &ra, &err), ST_OK);
    agent_resolved_free(ra);
    char pinned[128];
    snprintf(pinned, sizeof pinned, "%s@0123456789abcdef", path);
    ck_assert_int_eq(agent_resolve("alphabeta", pinned, &r, &ra, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "the content changed since it was recorded"));

    /* Other rules. */
    Ruleset cph = *ruleset_preset_find("copenhagen");
    Rules rc;
    ck_assert_int_eq(rules_compile(&cph, &rc, &err), ST_OK);
    ck_assert_int_eq(agent_resolve(spec, NULL, &rc, &ra, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "a network for brandubh") != NULL, "%s", err.text);

    /* The other models' reader. */
    EvalModel *model;
    char *canonical;
    ck_assert_int_eq(evalmodel_resolve(path, &r, &model, &canonical, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "a network file") != NULL, "%s", err.text);

    /* Damaged: cut short. */
    ck_assert_int_eq(truncate(path, (off_t)len - 10), 0);
    ck_assert_int_eq(agent_resolve(spec, NULL, &r, &ra, &err), ST_EPARSE);
    ck_assert_msg(strstr(err.text, "truncated") != NULL, "%s", err.text);
    unlink(path);
    nnue_free(&net);
    free(data);
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
    tcase_add_test(tc, test_nnuefile_round_trip);
    tcase_add_test(tc, test_nnuefile_damaged);
    tcase_add_test(tc, test_nnuefile_as_eval);
    suite_add_tcase(s, tc);
    return s;
}
