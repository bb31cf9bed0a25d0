/* The files `tafl train` reads back from its own directory (issues 54 and 50): gen-G.pos, a
 * compact little-endian file, reads back what was written; records that self-play could not
 * have kept are refused one by one, naming the record and what is wrong, and a damaged,
 * truncated or foreign file as a whole; a model with a weight no file can hold is never
 * written. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/evalfile.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "tests/tests.h"
#include "tune/selfplay.h"

#define TRAIN_POSITIONS 12

/* Positions of random Brandubh games after t's opening (every ply, game not over), each with
 * an outcome, a search probability and its game's index, as self-play keeps them. */
static void kept_positions(const Rules *r, const TrainFile *t, GenData *out)
{
    Rng rng;
    rng_seed(&rng, 54);
    out->pos = calloc(TRAIN_POSITIONS, sizeof *out->pos);
    ck_assert_ptr_nonnull(out->pos);
    out->count = 0;
    for (int game = 0; out->count < TRAIN_POSITIONS; game++) {
        ck_assert_int_lt(game, t->games);
        GameState s;
        History h;
        fixture_start(r, &s, &h);
        for (int ply = 0; ply < 40 && out->count < TRAIN_POSITIONS && !state_is_over(&s); ply++) {
            if (ply >= t->opening_plies) {
                TrainPos *p = &out->pos[out->count++];
                p->s = s;
                p->label = 0.5f * (float)rng_below(&rng, 3);
                p->search = (float)rng_unit(&rng);
                p->game = game;
            }
            Move moves[RULES_MAX_MOVES];
            int n = movegen_legal_in_game(r, &s, &h, moves);
            if (n == 0)
                break;
            state_apply(r, &s, &h, moves[rng_below(&rng, (uint32_t)n)], NULL);
        }
        history_free(&h);
    }
}

/* The bytes of g's gen-G.pos file for r (caller frees). */
static char *file_bytes(const Rules *r, const GenData *g, size_t *size)
{
    char *bytes = NULL;
    selfplay_encode_positions(r, g, &bytes, size);
    return bytes;
}

/* Parses g written as a file: the status, and the error in err. */
static Status parse_back(const Rules *r, const TrainFile *t, const GenData *g, GenData *out,
                         Error *err)
{
    size_t size;
    char *bytes = file_bytes(r, g, &size);
    memset(out, 0, sizeof *out);
    Status st = selfplay_parse_positions("run/gen-003.pos", bytes, size, r, t, out, err);
    free(bytes);
    return st;
}

START_TEST(test_positions_read_back)
{
    Rules r;
    fixture_rules("brandubh", &r);
    TrainFile t;
    trainfile_defaults(&t);
    GenData g, back;
    kept_positions(&r, &t, &g);
    Error err = {{0}};
    ck_assert_int_eq(parse_back(&r, &t, &g, &back, &err), ST_OK);
    ck_assert_int_eq(back.count, g.count);
    for (int k = 0; k < g.count; k++) {
        const TrainPos *a = &g.pos[k], *b = &back.pos[k];
        ck_assert_int_eq(memcmp(a->s.attackers, b->s.attackers, sizeof a->s.attackers), 0);
        ck_assert_int_eq(memcmp(a->s.defenders, b->s.defenders, sizeof a->s.defenders), 0);
        ck_assert_uint_eq(a->s.hash, b->s.hash);
        ck_assert_uint_eq(a->s.fort_hash, b->s.fort_hash);
        ck_assert_uint_eq(a->s.ply, b->s.ply);
        ck_assert_uint_eq(a->s.king, b->s.king);
        ck_assert_uint_eq(a->s.attacker_count, b->s.attacker_count);
        ck_assert_uint_eq(a->s.defender_count, b->s.defender_count);
        ck_assert_uint_eq(a->s.side, b->s.side);
        ck_assert_uint_eq(b->s.winner, WINNER_NONE);
        ck_assert(a->label == b->label && a->search == b->search && a->game == b->game);
    }
    free(back.pos);
    /* An empty generation reads back too. */
    GenData none = {NULL, 0};
    ck_assert_int_eq(parse_back(&r, &t, &none, &back, &err), ST_OK);
    ck_assert_int_eq(back.count, 0);
    free(back.pos);
    free(g.pos);
}
END_TEST

/* The offset of record k (from 0) in a position file's bytes (selfplay.h's layout). */
static size_t record_at(const uint8_t *bytes, int k)
{
    size_t at = 32;
    for (int i = 0; i < k; i++)
        at += 17u + bytes[at + 15] + bytes[at + 16];
    return at;
}

static void put_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The file's checksum made again over its bytes, so that the damage itself is what is refused. */
static void reseal(uint8_t *bytes, size_t size)
{
    put_le(bytes + size - 8, fnv1a(FNV1A_BASIS, bytes, size - 8), 8);
}

static void put_float(uint8_t *p, float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    put_le(p, bits, 4);
}

/* One damage to the bytes of a record (p: its first byte) and the words its refusal must hold. */
typedef struct {
    const char *what;
    void (*damage)(uint8_t *p);
    const char *says;
} Damage;

static void king_off_board(uint8_t *p)
{
    p[14] = 255;
}

static void king_on_attacker(uint8_t *p)
{
    p[14] = p[17]; /* the first attacker's square */
}

static void attacker_off_board(uint8_t *p)
{
    p[17 + p[15] - 1] = 49; /* the last attacker's, past a 7x7 board */
}

static void attackers_out_of_order(uint8_t *p)
{
    uint8_t first = p[17];
    p[17] = p[18];
    p[18] = first;
}

static void side_seven(uint8_t *p)
{
    p[13] = 7;
}

static void outcome_three(uint8_t *p)
{
    p[12] = 3;
}

static void in_opening(uint8_t *p)
{
    put_le(p + 4, 1, 4);
}

static void past_max_plies(uint8_t *p)
{
    put_le(p + 4, 300, 4);
}

static void search_above_one(uint8_t *p)
{
    put_float(p + 8, 2.0f);
}

static void search_nan(uint8_t *p)
{
    put_float(p + 8, NAN);
}

static void game_negative(uint8_t *p)
{
    put_le(p, UINT32_MAX, 4);
}

static void game_past_generation(uint8_t *p)
{
    put_le(p, 200, 4); /* the default games = 200: 0..199 */
}

static const Damage DAMAGES[] = {
    {"king 255", king_off_board, "the king's square 255 is off the board or shared"},
    {"king on an attacker", king_on_attacker, "is off the board or shared"},
    {"an attacker off the board", attacker_off_board, "an attacker's square 49 is off the board"},
    {"attackers out of order", attackers_out_of_order, "is out of order"},
    {"side 7", side_seven, "side to move or result out of range"},
    {"outcome 3", outcome_three, "outcome 3 is not 0, 1 or 2"},
    {"a ply in the opening", in_opening, "ply 1 is outside 4..299"},
    {"a ply at max_plies", past_max_plies, "ply 300 is outside 4..299"},
    {"a search probability of 2", search_above_one, "search probability 2 is outside 0..1"},
    {"a NaN search probability", search_nan, "search probability nan is outside 0..1"},
    {"game 2^32 - 1", game_negative, "game -1 is outside 0..199"},
    {"game 200", game_past_generation, "game 200 is outside 0..199"},
};

/* Brandubh compiled as tafl train compiles it for t (max_plies applied). */
static void train_rules(const TrainFile *t, Rules *r)
{
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = t->max_plies;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, r, &err), ST_OK);
}

START_TEST(test_positions_refused)
{
    const Damage *d = &DAMAGES[_i];
    Rules r;
    TrainFile t;
    trainfile_defaults(&t);
    train_rules(&t, &r);
    GenData g, back;
    kept_positions(&r, &t, &g);
    size_t size;
    uint8_t *bytes = (uint8_t *)file_bytes(&r, &g, &size);
    const int k = 7;
    d->damage(bytes + record_at(bytes, k));
    reseal(bytes, size);
    Error err = {{0}};
    ck_assert_msg(selfplay_parse_positions("run/gen-003.pos", bytes, size, &r, &t, &back, &err) ==
                      ST_EPARSE,
                  "%s: read", d->what);
    ck_assert_ptr_null(back.pos);
    char want[256];
    snprintf(want, sizeof want, "run/gen-003.pos: record %d of %d: ", k + 1, g.count);
    ck_assert_msg(strncmp(err.text, want, strlen(want)) == 0 && strstr(err.text, d->says), "%s: %s",
                  d->what, err.text);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "%s: more than one line", d->what);
    free(bytes);
    free(g.pos);
}
END_TEST

/* parse(bytes) fails with ST_EPARSE and a line holding `says`. */
static void refused(const Rules *r, const TrainFile *t, const uint8_t *bytes, size_t size,
                    const char *says)
{
    GenData back;
    Error err = {{0}};
    ck_assert_int_eq(selfplay_parse_positions("p", bytes, size, r, t, &back, &err), ST_EPARSE);
    ck_assert_msg(strstr(err.text, says) != NULL && strncmp(err.text, "p: ", 3) == 0,
                  "expected '%s' in: %s", says, err.text);
    ck_assert_ptr_null(back.pos);
}

/* The file as a whole: its bytes are little-endian whatever the machine (the header pinned), a
 * count is checked against the file's size before anything is allocated, and a file that is
 * not one, of another version or game, cut short at any length, longer than its records or
 * damaged in one bit is refused with what is wrong. */
START_TEST(test_positions_counts)
{
    Rules r;
    TrainFile t;
    trainfile_defaults(&t);
    train_rules(&t, &r);
    GenData g;
    kept_positions(&r, &t, &g);
    size_t size;
    uint8_t *bytes = (uint8_t *)file_bytes(&r, &g, &size);
    ck_assert_int_eq(memcmp(bytes, "TAFLPOS\n\x01\0\0\0\x07\0\0\0", 16), 0);
    ck_assert_int_eq(bytes[24], TRAIN_POSITIONS);
    ck_assert_int_eq(memcmp(bytes + 25, "\0\0\0\0\0\0\0", 7), 0);
    uint8_t *bad = malloc(size + 1);
    ck_assert_ptr_nonnull(bad);
    const struct {
        uint64_t count;
        const char *says;
    } counts[] = {
        {UINT64_MAX, "records cannot fit"},
        {(uint64_t)INT64_MAX + 1, "records cannot fit"},
        {(uint64_t)g.count + 1, "truncated: the records end before record 13"},
        {(uint64_t)g.count - 1, "bytes after the last record"},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        memcpy(bad, bytes, size);
        put_le(bad + 24, counts[i].count, 8);
        reseal(bad, size);
        refused(&r, &t, bad, size, counts[i].says);
    }
    for (size_t cut = 0; cut < size; cut += 7)
        refused(&r, &t, bytes, cut, cut < 8 ? "not a position file" : "");
    refused(&r, &t, (const uint8_t *)"tafl-train-pos 2\n", 17, "not a position file");
    memcpy(bad, bytes, size);
    bad[8] = 2;
    reseal(bad, size);
    refused(&r, &t, bad, size, "position file version 2; this build reads version 1");
    memcpy(bad, bytes, size);
    bad[size / 2] ^= 0x08;
    refused(&r, &t, bad, size, "damaged or truncated: the checksum does not match");
    memcpy(bad, bytes, size);
    bad[size] = 0;
    refused(&r, &t, bad, size + 1, "checksum");
    /* Another game: the positions of Brandubh read for Tablut. */
    Rules tablut;
    fixture_rules("tablut", &tablut);
    refused(&tablut, &t, bytes, size, "positions of another game (a 7x7 board");
    free(bad);
    free(bytes);
    free(g.pos);
}
END_TEST

/* A model with a weight that evalmodel_parse would refuse is not written: the weight is named. */
START_TEST(test_weights_checked_before_writing)
{
    Rules r;
    fixture_rules("brandubh", &r);
    EvalModel *m = malloc(sizeof *m);
    ck_assert_ptr_nonnull(m);
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, m);
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_check_weights(&r, m, "gen-005.eval", &err), ST_OK);
    char name[80];
    evalmodel_weight_name(&r, m->kind, m->features, 0, name, sizeof name);
    const double bad[] = {NAN, INFINITY, -INFINITY, 2e6};
    const char *shown[] = {"nan", "inf", "-inf", "2e+06"};
    for (int i = 0; i < 4; i++) {
        double keep = m->w[0];
        m->w[0] = bad[i];
        ck_assert_int_eq(evalmodel_check_weights(&r, m, "gen-005.eval", &err), ST_EINVAL);
        char want[256];
        snprintf(want, sizeof want,
                 "gen-005.eval: weight %s would be %s, not a finite number within 1e6: not written",
                 name, shown[i]);
        ck_assert_str_eq(err.text, want);
        m->w[0] = keep;
    }
    free(m);
}
END_TEST

Suite *train_suite(void)
{
    Suite *s = suite_create("train");
    TCase *tc = tcase_create("train");
    tcase_add_test(tc, test_positions_read_back);
    tcase_add_loop_test(tc, test_positions_refused, 0, (int)(sizeof DAMAGES / sizeof DAMAGES[0]));
    tcase_add_test(tc, test_positions_counts);
    tcase_add_test(tc, test_weights_checked_before_writing);
    suite_add_tcase(s, tc);
    return s;
}
