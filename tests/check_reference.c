/* The engine against the naive reference rules (tests/refrules.c): legal moves, boards,
 * captures and game ends compared ply by ply over seeded random games on every preset and on
 * random rulesets, and perft counts from every preset's start. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "rules/rng.h"
#include "tests/refrules.h"
#include "tests/tests.h"

#define PRESET_GAMES    200
#define GAME_PLIES      300
#define RANDOM_RULESETS 300
#define RANDOM_GAMES    8
#define RANDOM_PER_CASE 50 /* random rulesets per loop iteration (one Check test each) */
#define MASTER_SEED     0x7afe1ab5eed5ULL

/* One game being compared, with what a failure report needs to reproduce it. */
typedef struct {
    const Ruleset *rs;
    const Rules *r;
    const char *label; /* "preset brandubh" or "random ruleset 17" */
    int game;
    uint64_t seed;
    GameState gs;
    History hist;
    RefState ref;
    RefHistory *ref_hist;           /* owned */
    int played[REF_MAX_HISTORY][2]; /* the moves so far, for the report */
    int nplayed;
} Game;

/* How the compared games ended, so that a suite that stops exercising a rule is noticed. */
typedef struct {
    long games, plies;
    long reasons[END_MAX_PLIES + 1];
    long captures;
} Tally;

static const char PIECE_NAME[4][9] = {"empty", "attacker", "defender", "king"};

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void square_name(const Game *g, int sq, char *buf)
{
    otn_format_square(g->r, sq, buf);
}

/* Prints the ruleset and the game's moves to stderr, then fails the test with a message naming
 * the position before the move, the move and what differs. */
static void fail_game(const Game *g, const GameState *before, int from, int to, const char *fmt,
                      ...) PRINTF_LIKE(5, 6);

static void fail_game(const Game *g, const GameState *before, int from, int to, const char *fmt,
                      ...)
{
    char what[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);

    char options[2048];
    ruleset_format(g->rs, options, sizeof options);
    fprintf(stderr, "---- reference mismatch: %s, game %d, seed 0x%016llx\n%s", g->label, g->game,
            (unsigned long long)g->seed, options);
    fprintf(stderr, "moves from the start:");
    for (int i = 0; i < g->nplayed; i++) {
        char a[8], b[8];
        square_name(g, g->played[i][0], a);
        square_name(g, g->played[i][1], b);
        fprintf(stderr, " %s-%s", a, b);
    }
    fprintf(stderr, "\n");

    char pos[OTN_POSITION_MAX];
    otn_format_position(g->r, before, pos);
    char move[32] = "(none)";
    if (from >= 0) {
        char a[8], b[8];
        square_name(g, from, a);
        square_name(g, to, b);
        snprintf(move, sizeof move, "%s-%s", a, b);
    }
    fprintf(stderr, "position %s, %s to move, ply %u; move %s: %s\n", pos,
            before->side == SIDE_ATTACKERS ? "attackers" : "defenders", (unsigned)before->ply, move,
            what);
    ck_abort_msg("%s game %d (seed 0x%016llx), ply %u: position %s, %s to move; move %s: %s "
                 "(ruleset and moves on stderr)",
                 g->label, g->game, (unsigned long long)g->seed, (unsigned)before->ply, pos,
                 before->side == SIDE_ATTACKERS ? "attackers" : "defenders", move, what);
}

/* Appends squares (OTN names) to buf. */
static void append_squares(const Game *g, char *buf, size_t len, const int *sqs, int n)
{
    for (int i = 0; i < n; i++) {
        char name[8];
        square_name(g, sqs[i], name);
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i ? "/" : "", name);
    }
    if (n == 0) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "none");
    }
}

/* The side to move's legal moves from both implementations, compared as sorted lists of
 * from * 1024 + to. Returns their number; *keys receives the sorted list. */
static int compare_moves(Game *g, int *keys)
{
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(g->r, &g->gs, moves);
    int count = movegen_count(g->r, &g->gs);
    if (count != n) {
        fail_game(g, &g->gs, -1, -1, "movegen_count %d but movegen_legal lists %d", count, n);
    }
    int ref_moves[REF_MAX_MOVES][2];
    int rn = ref_legal_moves(g->rs, &g->ref, ref_moves);
    int ref_keys[REF_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        keys[i] = moves[i].from * 1024 + moves[i].to;
    }
    for (int i = 0; i < rn; i++) {
        ref_keys[i] = ref_moves[i][0] * 1024 + ref_moves[i][1];
    }
    qsort(keys, (size_t)n, sizeof *keys, compare_int);
    qsort(ref_keys, (size_t)rn, sizeof *ref_keys, compare_int);
    if (n == rn && memcmp(keys, ref_keys, (size_t)n * sizeof *keys) == 0) {
        return n;
    }
    /* List what only one side has (a merge of the two sorted lists). */
    char extra[1024] = "", missing[1024] = "";
    int i = 0, j = 0;
    while (i < n || j < rn) {
        int which = i < n && (j >= rn || keys[i] < ref_keys[j])   ? 1
                    : j < rn && (i >= n || ref_keys[j] < keys[i]) ? 2
                                                                  : 0;
        int key = which == 2 ? ref_keys[j] : keys[i];
        if (which != 0) {
            char a[8], b[8];
            square_name(g, key / 1024, a);
            square_name(g, key % 1024, b);
            char *buf = which == 1 ? extra : missing;
            size_t used = strlen(buf);
            if (used < sizeof extra - 16) {
                snprintf(buf + used, sizeof extra - used, " %s-%s", a, b);
            }
        }
        i += which != 2;
        j += which != 1;
    }
    fail_game(g, &g->gs, -1, -1,
              "legal moves differ: engine %d, reference %d; only the engine:%s; only the "
              "reference:%s",
              n, rn, extra[0] ? extra : " none", missing[0] ? missing : " none");
    return 0;
}

static void compare_boards(const Game *g, const GameState *before, int from, int to)
{
    for (int sq = 0; sq < g->r->squares; sq++) {
        Piece p = state_piece_at(g->r, &g->gs, sq);
        if ((int)p != g->ref.board[sq]) {
            char name[8];
            square_name(g, sq, name);
            fail_game(g, before, from, to, "board differs at %s: engine %s, reference %s", name,
                      PIECE_NAME[p], PIECE_NAME[(int)g->ref.board[sq]]);
        }
    }
}

/* Plays one move in both and compares everything the rules decide. */
static void play_and_compare(Game *g, int from, int to, Tally *tally)
{
    GameState before = g->gs;
    CaptureList caps = {{0}, 0};
    state_apply(g->r, &g->gs, &g->hist, (Move){(uint16_t)from, (uint16_t)to}, &caps);
    int ref_caps[REF_MAX_CAPS], nref;
    ref_apply(g->rs, &g->ref, g->ref_hist, from, to, ref_caps, &nref);
    g->played[g->nplayed][0] = from;
    g->played[g->nplayed][1] = to;
    g->nplayed++;

    Error err = {{0}};
    if (!state_validate(g->r, &g->gs, &err)) {
        fail_game(g, &before, from, to, "state_validate after the move: %s", err.text);
    }
    compare_boards(g, &before, from, to);

    int eng_caps[RULES_MAX_CAPTURES];
    for (int i = 0; i < caps.count; i++) {
        eng_caps[i] = caps.sq[i];
    }
    qsort(eng_caps, (size_t)caps.count, sizeof *eng_caps, compare_int);
    qsort(ref_caps, (size_t)nref, sizeof *ref_caps, compare_int);
    if (caps.count != nref || memcmp(eng_caps, ref_caps, (size_t)nref * sizeof *ref_caps) != 0) {
        char a[128] = "", b[128] = "";
        append_squares(g, a, sizeof a, eng_caps, caps.count);
        append_squares(g, b, sizeof b, ref_caps, nref);
        fail_game(g, &before, from, to, "captures differ: engine %s, reference %s", a, b);
    }
    if (g->gs.side != g->ref.side || (int)g->gs.ply != g->ref.ply) {
        fail_game(g, &before, from, to,
                  "side to move / ply differ: engine %d / %u, reference %d / %d", g->gs.side,
                  (unsigned)g->gs.ply, g->ref.side, g->ref.ply);
    }
    if (g->gs.winner != g->ref.winner || g->gs.reason != g->ref.reason) {
        fail_game(
            g, &before, from, to, "game end differs: engine %s (%s), reference %s (%s)",
            state_winner_name((Winner)g->gs.winner), state_reason_name((EndReason)g->gs.reason),
            state_winner_name((Winner)g->ref.winner), state_reason_name((EndReason)g->ref.reason));
    }
    tally->plies++;
    tally->captures += nref;
}

/* One seeded random game compared ply by ply. Some games prefer undoing their own side's last
 * move, so that repetitions and draw forts actually happen. */
static void play_game(const Ruleset *rs, const Rules *r, const char *label, int game, uint64_t seed,
                      Tally *tally)
{
    Game *g = xcalloc(1, sizeof *g);
    g->rs = rs;
    g->r = r;
    g->label = label;
    g->game = game;
    g->seed = seed;
    state_init(r, &g->gs);
    history_init(&g->hist);
    history_push(&g->hist, g->gs.hash, g->gs.fort_hash, false, false);
    g->ref_hist = xmalloc(sizeof *g->ref_hist);
    ck_assert_msg(ref_init(rs, &g->ref, g->ref_hist), "%s: the reference rejects start %s", label,
                  rs->start);
    compare_boards(g, &g->gs, -1, -1);
    if (g->gs.side != g->ref.side) {
        fail_game(g, &g->gs, -1, -1, "side to move at the start differs");
    }

    Rng rng;
    rng_seed(&rng, seed);
    static const int SHUTTLE_PERCENT[3] = {0, 25, 70};
    int shuttle = SHUTTLE_PERCENT[rng_below(&rng, 3)];
    int last[2][2] = {{-1, -1}, {-1, -1}}; /* each side's last move */
    int keys[RULES_MAX_MOVES];
    for (int ply = 0; ply < GAME_PLIES; ply++) {
        int n = compare_moves(g, keys);
        if (n == 0) {
            break;
        }
        int side = g->gs.side;
        int key = keys[rng_below(&rng, (uint32_t)n)];
        if (last[side][0] >= 0 && (int)rng_below(&rng, 100) < shuttle) {
            int back = last[side][1] * 1024 + last[side][0];
            for (int i = 0; i < n; i++) {
                if (keys[i] == back) {
                    key = back;
                }
            }
        }
        last[side][0] = key / 1024;
        last[side][1] = key % 1024;
        play_and_compare(g, key / 1024, key % 1024, tally);
        if (state_is_over(&g->gs)) {
            break;
        }
    }
    tally->games++;
    tally->reasons[g->gs.reason]++;
    history_free(&g->hist);
    free(g->ref_hist);
    free(g);
}

static void compile_or_fail(const Ruleset *rs, Rules *r)
{
    Error err = {{0}};
    Status st = rules_compile(rs, r, &err);
    ck_assert_msg(st == ST_OK, "ruleset %s does not compile: %s", rs->name, err.text);
}

static void print_tally(const char *what, const Tally *t)
{
    if (getenv("TAFL_REFERENCE_VERBOSE") == NULL) {
        return;
    }
    fprintf(stderr, "%s: %ld games, %ld plies, %ld captures; ends:", what, t->games, t->plies,
            t->captures);
    for (int i = 0; i <= END_MAX_PLIES; i++) {
        fprintf(stderr, " %s %ld", state_reason_name((EndReason)i), t->reasons[i]);
    }
    fprintf(stderr, "\n");
}

/* 1. Seeded random games on each preset. */
START_TEST(test_preset_games)
{
    const Ruleset *rs = ruleset_preset_at(_i);
    Rules r;
    compile_or_fail(rs, &r);
    char label[96];
    snprintf(label, sizeof label, "preset %s", rs->name);
    Tally tally = {0};
    for (int game = 0; game < PRESET_GAMES; game++) {
        uint64_t seed = rng_mix(rng_mix(MASTER_SEED, (uint64_t)_i), (uint64_t)game);
        play_game(rs, &r, label, game, seed, &tally);
    }
    print_tally(label, &tally);
}
END_TEST

/* Writes board[size*size] (REF_* codes) as an OTN position record. */
static void format_record(const signed char *board, int size, char *out)
{
    static const char LETTER[4] = {'?', 't', 'T', 'K'};
    char *p = out;
    *p++ = '/';
    for (int row = 0; row < size; row++) {
        int run = 0;
        for (int file = 0; file < size; file++) {
            int piece = board[row * size + file];
            if (piece == REF_EMPTY) {
                run++;
                continue;
            }
            if (run > 0) {
                p += sprintf(p, "%d", run);
                run = 0;
            }
            *p++ = LETTER[piece];
        }
        if (run > 0) {
            p += sprintf(p, "%d", run);
        }
        *p++ = '/';
    }
    *p = '\0';
}

/* A random start: sparse attackers and defenders, one king off the edge (a king starting on
 * the edge would make "escape" ambiguous), no other piece on a restricted square. Half are
 * symmetric under the four rotations with the king on the centre. */
static void random_layout(Rng *rng, Ruleset *rs)
{
    int n = rs->size, last = n - 1, centre = (n / 2) * n + n / 2;
    signed char board[REF_MAX_SQUARES] = {0};
    bool symmetric = rng_below(rng, 2) == 0;
    int p_att = 8 + (int)rng_below(rng, 30); /* percent of squares */
    int p_def = 4 + (int)rng_below(rng, 22);
    int king = centre;
    if (!symmetric) {
        king = (1 + (int)rng_below(rng, (uint32_t)(n - 2))) * n + 1 +
               (int)rng_below(rng, (uint32_t)(n - 2));
    }
    bool done[REF_MAX_SQUARES] = {false};
    board[king] = REF_KING;
    done[king] = true;
    for (int sq = 0; sq < n * n; sq++) {
        if (done[sq]) {
            continue;
        }
        int roll = (int)rng_below(rng, 100);
        signed char piece = roll < p_att ? REF_ATTACKER : roll < p_att + p_def ? REF_DEFENDER : 0;
        int row = sq / n, file = sq % n;
        /* The orbit of sq under rotation by 90 degrees, or just sq. */
        int orbit[4] = {sq, file * n + (last - row), (last - row) * n + (last - file),
                        (last - file) * n + row};
        for (int i = 0; i < (symmetric ? 4 : 1); i++) {
            int o = orbit[i];
            bool corner = (o / n == 0 || o / n == last) && (o % n == 0 || o % n == last);
            bool restricted = (rs->throne && o == centre) || (rs->corners && corner);
            if (!done[o]) {
                board[o] = restricted ? REF_EMPTY : piece;
                done[o] = true;
            }
        }
    }
    format_record(board, n, rs->start);
}

static void random_ruleset(Rng *rng, int index, Ruleset *rs)
{
    memset(rs, 0, sizeof *rs);
    snprintf(rs->name, sizeof rs->name, "random-%d", index);
    rs->size = 5 + 2 * (int)rng_below(rng, 4);
    rs->first = rng_below(rng, 2) ? SIDE_DEFENDERS : SIDE_ATTACKERS;
    rs->throne = rng_below(rng, 4) != 0;
    rs->corners = rng_below(rng, 4) != 0;
    rs->throne_reentry = rng_below(rng, 2);
    rs->throne_pass = (ThronePass)rng_below(rng, 3);
    rs->king_armed = (KingArmed)rng_below(rng, 4);
    rs->corner_hostile = (CornerHostile)rng_below(rng, 4);
    rs->throne_hostile_attackers = (ThroneHostile)rng_below(rng, 3);
    rs->throne_hostile_defenders = rng_below(rng, 2) ? THRONE_HOSTILE_EMPTY : THRONE_HOSTILE_NEVER;
    rs->king_capture = (KingCapture)rng_below(rng, 4);
    rs->escape = rng_below(rng, 2) ? ESCAPE_EDGE : ESCAPE_CORNER;
    rs->encirclement = rng_below(rng, 2);
    rs->no_moves = rng_below(rng, 2) ? END_RULE_DRAW : END_RULE_LOSE;
    rs->repetition = (EndRule)rng_below(rng, 3);
    rs->draw_fort = rng_below(rng, 2);
    rs->max_plies = rng_below(rng, 4) == 0 ? 1 + (int)rng_below(rng, 100) : 0;
    random_layout(rng, rs);
}

/* 2. Random option combinations and layouts, a few games each. */
START_TEST(test_random_rulesets)
{
    Tally tally = {0};
    int rejected = 0;
    for (int k = 0; k < RANDOM_PER_CASE; k++) {
        int index = _i * RANDOM_PER_CASE + k;
        Rng rng;
        rng_seed(&rng, rng_mix(MASTER_SEED ^ 0x5eedULL, (uint64_t)index));
        Ruleset rs;
        random_ruleset(&rng, index, &rs);
        Rules r;
        Error err = {{0}};
        if (rules_compile(&rs, &r, &err) != ST_OK) {
            rejected++;
            if (getenv("TAFL_REFERENCE_VERBOSE") != NULL) {
                fprintf(stderr, "random ruleset %d rejected: %s\n", index, err.text);
            }
            continue;
        }
        char label[96];
        snprintf(label, sizeof label, "random ruleset %d", index);
        for (int game = 0; game < RANDOM_GAMES; game++) {
            play_game(&rs, &r, label, game, rng_mix(rng_next(&rng), (uint64_t)game), &tally);
        }
    }
    print_tally("random rulesets", &tally);
    ck_assert_msg(rejected < RANDOM_PER_CASE / 10, "%d of %d random rulesets rejected", rejected,
                  RANDOM_PER_CASE);
}
END_TEST

/* 3. Perft from every preset's start: depth 3, or 2 on boards over 9x9. */
START_TEST(test_preset_perft)
{
    const Ruleset *rs = ruleset_preset_at(_i);
    Rules r;
    compile_or_fail(rs, &r);
    int depth = rs->size > 9 ? 2 : 3;
    GameState gs;
    state_init(&r, &gs);
    History hist;
    history_init(&hist);
    history_push(&hist, gs.hash, gs.fort_hash, false, false);
    uint64_t engine = perft(&r, &gs, &hist, depth);
    ck_assert_int_eq(hist.length, 1);
    history_free(&hist);

    RefState ref;
    RefHistory *ref_hist = xmalloc(sizeof *ref_hist);
    ck_assert(ref_init(rs, &ref, ref_hist));
    uint64_t expected = ref_perft(rs, &ref, ref_hist, depth);
    free(ref_hist);
    ck_assert_msg(engine == expected, "%s perft(%d): engine %llu, reference %llu", rs->name, depth,
                  (unsigned long long)engine, (unsigned long long)expected);
}
END_TEST

/* The reference itself against a hand count (LAYOUTS.md): 40 attacker moves from the Brandubh
 * start. */
START_TEST(test_reference_hand_count)
{
    const Ruleset *rs = ruleset_preset_find("brandubh");
    ck_assert_ptr_nonnull(rs);
    RefState ref;
    RefHistory *ref_hist = xmalloc(sizeof *ref_hist);
    ck_assert(ref_init(rs, &ref, ref_hist));
    int moves[REF_MAX_MOVES][2];
    ck_assert_int_eq(ref_legal_moves(rs, &ref, moves), 40);
    free(ref_hist);
}
END_TEST

Suite *reference_suite(void)
{
    Suite *s = suite_create("reference");
    TCase *tc = tcase_create("reference");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_reference_hand_count);
    tcase_add_loop_test(tc, test_preset_perft, 0, ruleset_preset_count());
    tcase_add_loop_test(tc, test_preset_games, 0, ruleset_preset_count());
    tcase_add_loop_test(tc, test_random_rulesets, 0, RANDOM_RULESETS / RANDOM_PER_CASE);
    suite_add_tcase(s, tc);
    return s;
}
