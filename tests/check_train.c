/* The files `tafl train` reads back from its own directory (issue 54): gen-G.pos records that
 * self-play could not have kept are refused one by one, naming the record and what is wrong,
 * and a model with a weight no file can hold is never written. */
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

/* The bytes of g's gen-G.pos file (caller frees). */
static char *file_bytes(const GenData *g, size_t *size)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, size);
    ck_assert_ptr_nonnull(f);
    ck_assert(selfplay_put_positions(f, g));
    ck_assert_int_eq(fclose(f), 0);
    return text;
}

/* Parses g written as a file: the status, and the error in err. */
static Status parse_back(const Rules *r, const TrainFile *t, const GenData *g, GenData *out,
                         Error *err)
{
    size_t size;
    char *bytes = file_bytes(g, &size);
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
    ck_assert_int_eq(memcmp(back.pos, g.pos, (size_t)g.count * sizeof *g.pos), 0);
    free(back.pos);
    /* An empty generation reads back too. */
    GenData none = {NULL, 0};
    ck_assert_int_eq(parse_back(&r, &t, &none, &back, &err), ST_OK);
    ck_assert_int_eq(back.count, 0);
    free(back.pos);
    free(g.pos);
}
END_TEST

/* One damage to record `k` (from 0) and the words its refusal must hold. */
typedef struct {
    const char *what;
    void (*damage)(const Rules *r, TrainPos *p);
    const char *says;
} Damage;

static void king_off_board(const Rules *r, TrainPos *p)
{
    (void)r;
    p->s.king = 65535;
}

static void king_on_attacker(const Rules *r, TrainPos *p)
{
    (void)r;
    p->s.attackers[p->s.king / 64] |= 1ULL << (p->s.king % 64);
}

static void piece_off_board(const Rules *r, TrainPos *p)
{
    p->s.attackers[RULES_WORDS - 1] |= 1ULL << 63;
    (void)r;
}

static void pieces_overlap(const Rules *r, TrainPos *p)
{
    (void)r;
    for (int i = 0; i < RULES_WORDS; i++)
        p->s.defenders[i] |= p->s.attackers[i];
}

/* With its hash made again, so that the side itself is what is refused. */
static void side_seven(const Rules *r, TrainPos *p)
{
    p->s.side = 7;
    state_refresh(r, &p->s);
}

static void huge_count(const Rules *r, TrainPos *p)
{
    (void)r;
    p->s.attacker_count = 65535;
}

static void game_over(const Rules *r, TrainPos *p)
{
    (void)r;
    p->s.winner = WINNER_DEFENDERS;
    p->s.reason = END_KING_ESCAPED;
}

static void in_opening(const Rules *r, TrainPos *p)
{
    (void)r;
    p->s.ply = 1;
}

static void past_max_plies(const Rules *r, TrainPos *p)
{
    p->s.ply = (uint32_t)r->opt.max_plies;
}

static void label_nan(const Rules *r, TrainPos *p)
{
    (void)r;
    p->label = NAN;
}

static void label_between(const Rules *r, TrainPos *p)
{
    (void)r;
    p->label = 0.3f;
}

static void label_infinite(const Rules *r, TrainPos *p)
{
    (void)r;
    p->label = INFINITY;
}

static void search_above_one(const Rules *r, TrainPos *p)
{
    (void)r;
    p->search = 2.0f;
}

static void search_nan(const Rules *r, TrainPos *p)
{
    (void)r;
    p->search = NAN;
}

static void game_negative(const Rules *r, TrainPos *p)
{
    (void)r;
    p->game = -1;
}

static void game_past_generation(const Rules *r, TrainPos *p)
{
    (void)r;
    p->game = 200; /* the default games = 200: 0..199 */
}

static const Damage DAMAGES[] = {
    {"king 65535", king_off_board, "the king's square 65535 is off the board or shared"},
    {"king on an attacker", king_on_attacker, "is off the board or shared"},
    {"a piece off the board", piece_off_board, "a piece lies outside the 7x7 board"},
    {"overlapping bitboards", pieces_overlap, "a square holds an attacker and a defender"},
    {"side 7", side_seven, "side to move or result out of range"},
    {"a huge count", huge_count, "piece counts 65535/"},
    {"a game over", game_over, "the game is over there"},
    {"a ply in the opening", in_opening, "ply 1 is outside 4..299"},
    {"a ply at max_plies", past_max_plies, "ply 300 is outside 4..299"},
    {"a NaN label", label_nan, "label nan is not an outcome (0, 0.5 or 1)"},
    {"a label between outcomes", label_between, "label 0.3 is not an outcome"},
    {"an infinite label", label_infinite, "label inf is not an outcome"},
    {"a search probability of 2", search_above_one, "search probability 2 is outside 0..1"},
    {"a NaN search probability", search_nan, "search probability nan is outside 0..1"},
    {"game -1", game_negative, "game -1 is outside 0..199"},
    {"game 200", game_past_generation, "game 200 is outside 0..199"},
};

START_TEST(test_positions_refused)
{
    const Damage *d = &DAMAGES[_i];
    Rules r;
    TrainFile t;
    trainfile_defaults(&t);
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = t.max_plies; /* as tafl train compiles it */
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    GenData g, back;
    kept_positions(&r, &t, &g);
    const int k = 7;
    d->damage(&r, &g.pos[k]);
    ck_assert_msg(parse_back(&r, &t, &g, &back, &err) == ST_EPARSE, "%s: read", d->what);
    ck_assert_ptr_null(back.pos);
    char want[256];
    snprintf(want, sizeof want, "run/gen-003.pos: record %d of %d: ", k + 1, g.count);
    ck_assert_msg(strncmp(err.text, want, strlen(want)) == 0 && strstr(err.text, d->says), "%s: %s",
                  d->what, err.text);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "%s: more than one line", d->what);
    free(g.pos);
}
END_TEST

/* The count is checked against the file's size before anything is allocated: a huge one, one
 * whose size in bytes wraps around 2^64 onto the file's, a negative one and a truncated file
 * are not position files. */
START_TEST(test_positions_counts)
{
    Rules r;
    fixture_rules("brandubh", &r);
    TrainFile t;
    trainfile_defaults(&t);
    GenData g, back;
    kept_positions(&r, &t, &g);
    size_t size;
    char *bytes = file_bytes(&g, &size);
    const size_t head = strlen("tafl-train-pos 2\n");
    const int64_t counts[] = {
        INT64_MAX, -1, g.count + 1, g.count - 1,
        /* count * sizeof(TrainPos) equals g.count * sizeof(TrainPos) modulo 2^64: 2^64 over
           the largest power of 2 that divides the record size, plus g.count */
        (int64_t)(((uint64_t)1 << 63) / (sizeof(TrainPos) & -sizeof(TrainPos)) * 2) + g.count};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        memcpy(bytes + head, &counts[i], sizeof counts[i]);
        Error err = {{0}};
        memset(&back, 0, sizeof back);
        ck_assert_int_eq(selfplay_parse_positions("p", bytes, size, &r, &t, &back, &err),
                         ST_EPARSE);
        ck_assert_str_eq(err.text,
                         "p: not a position file of this build (remove it to play again)");
        ck_assert_ptr_null(back.pos);
    }
    int64_t n = g.count;
    memcpy(bytes + head, &n, sizeof n);
    for (size_t cut = 0; cut < size; cut += 37) {
        Error err = {{0}};
        ck_assert_int_eq(selfplay_parse_positions("p", bytes, cut, &r, &t, &back, &err), ST_EPARSE);
    }
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
