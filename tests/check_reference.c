/* The engine against the naive reference rules (tests/refrules.c): legal moves, boards,
 * captures and game ends compared ply by ply over seeded random games on every preset and on
 * random rulesets, and perft counts from their starts. A mismatch prints the ruleset (in the
 * ruleset-file format) and the game's moves to stderr; TAFL_REFERENCE_VERBOSE=1 prints how the
 * games ended, to see what the random games exercise. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/eval.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "rules/rng.h"
#include "tests/refrules.h"
#include "tests/tests.h"

#define PRESET_GAMES    200
#define GAME_PLIES      300
#define RANDOM_RULESETS 2000
#define RANDOM_GAMES    8
#define RANDOM_PER_CASE 100 /* random rulesets per loop iteration (one Check test each) */
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
    unsigned char marks[REF_MAX_SQUARES * REF_MAX_SQUARES]; /* scratch, all zero between uses */
} Game;

/* How the compared games ended, so that a suite that stops exercising a rule is noticed. */
typedef struct {
    long games, plies;
    long reasons[END_MAX_PLIES + 1];
    long captures;
    /* King captures by king_capture mode and where he stood: throne, beside it, edge, else. */
    long king_shapes[KING_CAPTURE_COUNT][4];
    long wall_captures; /* pieces taken off a square not beside the mover's: shieldwalls */
    long edge_forts;    /* king_escaped with the king off every escape square */
} Tally;

/* Are squares a and b orthogonal neighbours on a board of this size? */
static bool next_to(int size, int a, int b)
{
    int dr = a / size - b / size, df = a % size - b % size;
    return (dr == 0 && (df == 1 || df == -1)) || (df == 0 && (dr == 1 || dr == -1));
}

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

/* Appends " d1-d3" to buf (len bytes) while there is room. */
static void append_move(const Game *g, char *buf, size_t len, int from, int to)
{
    char a[8], b[8];
    square_name(g, from, a);
    square_name(g, to, b);
    size_t used = strlen(buf);
    if (used + 16 < len) {
        snprintf(buf + used, len - used, " %s-%s", a, b);
    }
}

/* The engine's other move queries against the same lists: movegen_nth in movegen_legal's
 * order, movegen_is_legal on a random from-to pair on one line, and movegen_side_has_move for
 * the side not to move. */
static void check_move_queries(Game *g, const Move *moves, int n, int ref_moves[][2], int rn,
                               Rng *rng)
{
    if (n > 0) {
        int i = (int)rng_below(rng, (uint32_t)n);
        Move m = movegen_nth(g->r, &g->gs, i);
        if (m.from != moves[i].from || m.to != moves[i].to) {
            fail_game(g, &g->gs, -1, -1, "movegen_nth(%d) differs from movegen_legal's move %d", i,
                      i);
        }
    }
    int size = g->r->size;
    int from = (int)rng_below(rng, (uint32_t)g->r->squares);
    int along = (int)rng_below(rng, (uint32_t)size);
    int to = rng_below(rng, 2) ? from / size * size + along : along * size + from % size;
    bool legal = false;
    for (int i = 0; i < rn; i++) {
        legal = legal || (ref_moves[i][0] == from && ref_moves[i][1] == to);
    }
    if (movegen_is_legal(g->r, &g->gs, (Move){(uint16_t)from, (uint16_t)to}) != legal) {
        fail_game(g, &g->gs, from, to, "movegen_is_legal says %s, the reference %s",
                  legal ? "illegal" : "legal", legal ? "legal" : "illegal");
    }
    if (!state_is_over(&g->gs)) {
        Side other = g->gs.side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS;
        RefState flipped = g->ref;
        flipped.side = other;
        bool ref_has = ref_legal_moves(g->rs, &flipped, NULL) > 0;
        if (movegen_side_has_move(g->r, &g->gs, other) != ref_has ||
            movegen_side_has_move(g->r, &g->gs, (Side)g->gs.side) != (rn > 0)) {
            fail_game(g, &g->gs, -1, -1, "movegen_side_has_move differs (other side: reference %s)",
                      ref_has ? "has moves" : "has none");
        }
    }
}

/* The side to move's legal moves from both implementations, compared as sets (a mark per
 * from-to pair, so no sorting). Returns their number; keys receives from * 1024 + to in the
 * reference's order, which does not depend on the engine's. */
static int compare_moves(Game *g, int *keys, Rng *rng)
{
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(g->r, &g->gs, moves);
    int count = movegen_count(g->r, &g->gs);
    if (count != n) {
        fail_game(g, &g->gs, -1, -1, "movegen_count %d but movegen_legal lists %d", count, n);
    }
    int ref_moves[REF_MAX_MOVES][2];
    int rn = ref_legal_moves(g->rs, &g->ref, ref_moves);
    int squares = g->r->squares;
    char extra[1024] = "", missing[1024] = "";
    for (int i = 0; i < n; i++) {
        unsigned char *mark = &g->marks[moves[i].from * squares + moves[i].to];
        if (*mark) {
            fail_game(g, &g->gs, -1, -1, "movegen_legal lists a move twice");
        }
        *mark = 1;
    }
    for (int i = 0; i < rn; i++) {
        unsigned char *mark = &g->marks[ref_moves[i][0] * squares + ref_moves[i][1]];
        if (*mark) {
            *mark = 0;
        } else {
            append_move(g, missing, sizeof missing, ref_moves[i][0], ref_moves[i][1]);
        }
        keys[i] = ref_moves[i][0] * 1024 + ref_moves[i][1];
    }
    for (int i = 0; i < n; i++) {
        unsigned char *mark = &g->marks[moves[i].from * squares + moves[i].to];
        if (*mark) {
            *mark = 0;
            append_move(g, extra, sizeof extra, moves[i].from, moves[i].to);
        }
    }
    if (extra[0] || missing[0]) {
        fail_game(g, &g->gs, -1, -1,
                  "legal moves differ: engine %d, reference %d; only the engine:%s; only the "
                  "reference:%s",
                  n, rn, extra[0] ? extra : " none", missing[0] ? missing : " none");
    }
    check_move_queries(g, moves, n, ref_moves, rn, rng);
    return rn;
}

/* The direction (RULES_DIR_*) of the straight move from `from` to `to`. */
static int move_direction(const Rules *r, int from, int to)
{
    for (int d = 0; d < RULES_DIRS; d++) {
        for (int sq = r->neighbour[from][d]; sq >= 0; sq = r->neighbour[sq][d]) {
            if (sq == to) {
                return d;
            }
        }
    }
    ck_abort_msg("%d to %d is not a straight move", from, to);
    return -1;
}

static bool escape_square(const Rules *r, int sq)
{
    const uint64_t *escapes = r->opt.escape == ESCAPE_CORNER ? r->corner : r->edge;
    return (escapes[sq >> 6] >> (sq & 63)) & 1;
}

/* The king's legal moves onto an escape square from `king` (the defenders to move, the king
 * put there with the other pieces as in s), leaving out those along direction `skip`: the move
 * generator's count of what the evaluation calls open lines, the way back left out. */
static int king_escape_moves(const Rules *r, const GameState *s, int king, int skip)
{
    GameState def = *s;
    def.side = SIDE_DEFENDERS;
    def.king = (uint16_t)king;
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, &def, moves), count = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].from == king && escape_square(r, moves[i].to) &&
            move_direction(r, king, moves[i].to) != skip) {
            count++;
        }
    }
    return count;
}

/* movegen_legal_to against movegen_legal filtered, for a mask drawn from the position's hash
 * (about a third of the squares) with and without all of the king's moves. */
static void check_masked_moves(const Game *g, const GameState *before, int from, int to)
{
    const Rules *r = g->r;
    uint64_t mask[RULES_WORDS];
    for (int w = 0; w < RULES_WORDS; w++) {
        mask[w] = rng_splitmix64(g->gs.hash + 2 * (uint64_t)w) &
                  rng_splitmix64(g->gs.hash + 2 * (uint64_t)w + 1);
        mask[w] |= rng_splitmix64(g->gs.hash ^ (uint64_t)w) & 0x1111111111111111ULL;
    }
    for (int king_all = 0; king_all < 2; king_all++) {
        Move all[RULES_MAX_MOVES], some[RULES_MAX_MOVES], want[RULES_MAX_MOVES];
        int n = movegen_legal(r, &g->gs, all), k = 0;
        for (int i = 0; i < n; i++) {
            if ((king_all && all[i].from == g->gs.king) ||
                ((mask[all[i].to >> 6] >> (all[i].to & 63)) & 1)) {
                want[k++] = all[i];
            }
        }
        int got = movegen_legal_to(r, &g->gs, mask, king_all != 0, some);
        bool same = got == k;
        for (int i = 0; same && i < k; i++) {
            same = some[i].from == want[i].from && some[i].to == want[i].to;
        }
        if (!same) {
            fail_game(g, before, from, to,
                      "movegen_legal_to (king_all %d): %d moves, movegen_legal filtered %d or "
                      "in another order",
                      king_all, got, k);
        }
    }
}

/* The evaluation's king_open_lines and king_two_move counts walk the king's lines with their
 * own reading of the throne and escape rules; here they are recounted from the move generator:
 * open lines are the king's legal moves onto an escape square, and two-move lines the same
 * from each square a legal king move reaches short of escape, the way back left out. `moves`
 * (n of them) are the defenders' legal moves in s, whoever is to move. */
static void check_king_lines(const Game *g, const GameState *before, int from, int to,
                             const Move *moves, int n)
{
    const Rules *r = g->r;
    const GameState *s = &g->gs;
    EvalCounts c;
    eval_counts(r, s, &c);
    int open = 0, two = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].from != s->king) {
            continue;
        }
        if (escape_square(r, moves[i].to)) {
            open++;
        } else {
            two +=
                king_escape_moves(r, s, moves[i].to, move_direction(r, s->king, moves[i].to) ^ 1);
        }
    }
    if (c.open_lines != open || c.two_move != two || eval_king_open_lines(r, s) != open) {
        fail_game(g, before, from, to,
                  "king lines: evaluation open %d two-move %d, move generator open %d two-move %d",
                  c.open_lines, c.two_move, open, two);
    }
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
    if (!state_is_over(&g->gs)) {
        /* movegen_king_moves against the defenders' own list, whoever is to move. */
        GameState def = g->gs;
        def.side = SIDE_DEFENDERS;
        Move moves[RULES_MAX_MOVES];
        int n = movegen_legal(g->r, &def, moves), king = 0;
        for (int i = 0; i < n; i++) {
            king += moves[i].from == g->gs.king;
        }
        if (movegen_king_moves(g->r, &g->gs) != king) {
            fail_game(g, &before, from, to, "movegen_king_moves %d, the king's legal moves %d",
                      movegen_king_moves(g->r, &g->gs), king);
        }
        check_king_lines(g, &before, from, to, moves, n);
        check_masked_moves(g, &before, from, to);
    }
    tally->plies++;
    tally->captures += nref;
    for (int i = 0; i < nref; i++) {
        tally->wall_captures += ref_caps[i] != g->gs.king && !next_to(g->r->size, ref_caps[i], to);
    }
    if (g->gs.reason == END_KING_ESCAPED &&
        !(g->rs->escape == ESCAPE_CORNER
              ? g->gs.king == to && (g->r->corner[to >> 6] >> (to & 63)) & 1
              : (g->r->edge[to >> 6] >> (to & 63)) & 1)) {
        tally->edge_forts++;
    }
    if (g->gs.reason == END_KING_CAPTURED) {
        int k = g->gs.king, n = g->r->size, throne = g->r->throne_sq;
        bool edge = k / n == 0 || k / n == n - 1 || k % n == 0 || k % n == n - 1;
        int where = !g->rs->throne          ? (edge ? 2 : 3)
                    : k == throne           ? 0
                    : next_to(n, k, throne) ? 1
                    : edge                  ? 2
                                            : 3;
        tally->king_shapes[g->rs->king_capture][where]++;
    }
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

    /* Each game draws a policy: uniform moves; "shuttle", undoing its own side's last move
     * often, so that repetitions and draw forts happen; "hunt", attackers preferring moves
     * that end next to the king, so that every shape of the king's capture happens; or
     * "edge", both sides preferring moves onto the edge and defenders moves beside the king,
     * so that shieldwalls and edge forts happen. */
    Rng rng;
    rng_seed(&rng, seed);
    static const int SHUTTLE_PERCENT[5] = {0, 25, 70, 0, 0};
    int policy = (int)rng_below(&rng, 5);
    int shuttle = SHUTTLE_PERCENT[policy];
    bool hunt = policy == 3, edge = policy == 4;
    int last[2][2] = {{-1, -1}, {-1, -1}}; /* each side's last move */
    int keys[RULES_MAX_MOVES];
    for (int ply = 0; ply < GAME_PLIES; ply++) {
        int n = compare_moves(g, keys, &rng);
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
        if (hunt && side == SIDE_ATTACKERS && rng_below(&rng, 4) != 0) {
            int near[RULES_MAX_MOVES], nnear = 0;
            for (int i = 0; i < n; i++) {
                if (next_to(g->r->size, keys[i] % 1024, g->gs.king)) {
                    near[nnear++] = keys[i];
                }
            }
            if (nnear > 0) {
                key = near[rng_below(&rng, (uint32_t)nnear)];
            }
        }
        if (edge && rng_below(&rng, 4) != 0) {
            int pick[RULES_MAX_MOVES], npick = 0;
            for (int i = 0; i < n; i++) {
                int to = keys[i] % 1024;
                if (((g->r->edge[to >> 6] >> (to & 63)) & 1) ||
                    (side == SIDE_DEFENDERS && next_to(g->r->size, to, g->gs.king))) {
                    pick[npick++] = keys[i];
                }
            }
            if (npick > 0) {
                key = pick[rng_below(&rng, (uint32_t)npick)];
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
    fprintf(stderr, "%s: %ld games, %ld plies, %ld captures (%ld by shieldwalls); ends:", what,
            t->games, t->plies, t->captures, t->wall_captures);
    for (int i = 0; i <= END_MAX_PLIES; i++) {
        fprintf(stderr, " %s %ld", state_reason_name((EndReason)i), t->reasons[i]);
    }
    fprintf(stderr,
            " (%ld by edge forts)\n  king captured (throne/beside/edge/else):", t->edge_forts);
    for (int m = 0; m < KING_CAPTURE_COUNT; m++) {
        fprintf(stderr, " %s %ld/%ld/%ld/%ld", ruleset_king_capture_name((KingCapture)m),
                t->king_shapes[m][0], t->king_shapes[m][1], t->king_shapes[m][2],
                t->king_shapes[m][3]);
    }
    fprintf(stderr, "\n");
}

/* The engine's perft from rs's start against the reference's count. */
static void compare_perft(const Ruleset *rs, const Rules *r, int depth)
{
    GameState gs;
    History hist;
    fixture_start(r, &gs, &hist);
    uint64_t engine = perft(r, &gs, &hist, depth);
    ck_assert_int_eq(hist.length, 1);
    history_free(&hist);

    RefState ref;
    RefHistory *ref_hist = xmalloc(sizeof *ref_hist);
    ck_assert(ref_init(rs, &ref, ref_hist));
    uint64_t expected = ref_perft(rs, &ref, ref_hist, depth);
    free(ref_hist);
    ck_assert_msg(engine == expected, "%s perft(%d) from %s: engine %llu, reference %llu", rs->name,
                  depth, rs->start, (unsigned long long)engine, (unsigned long long)expected);
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
 * symmetric under the four rotations with the king on the centre. One in five (7x7 and up) is
 * instead a nearly closed square ring of attackers around the king with defenders inside, so
 * that encirclement actually happens. */
/* An "edge" start for the shieldwall and edge-fort options: edge squares and the squares
 * inside them crowded with both sides, a sparse middle, and the king on an edge square amid
 * defenders. The king starts on an edge, so escape must be corner (an edge escape would be
 * decided by a move that is not the king's). */
static void edge_layout(Rng *rng, Ruleset *rs)
{
    int n = rs->size, last = n - 1;
    signed char board[REF_MAX_SQUARES] = {0};
    for (int sq = 0; sq < n * n; sq++) {
        int row = sq / n, file = sq % n;
        int from_edge = row < file ? row : file;
        from_edge = last - row < from_edge ? last - row : from_edge;
        from_edge = last - file < from_edge ? last - file : from_edge;
        int roll = (int)rng_below(rng, 100);
        int att = from_edge == 0 ? 35 : from_edge == 1 ? 40 : 8;
        int def = from_edge == 0 ? 40 : from_edge == 1 ? 25 : 5;
        board[sq] = roll < att ? REF_ATTACKER : roll < att + def ? REF_DEFENDER : REF_EMPTY;
    }
    /* The king on a non-corner edge square, defenders beside him now and then. */
    int along = 1 + (int)rng_below(rng, (uint32_t)(n - 2));
    int side = (int)rng_below(rng, 4);
    int king = side == 0   ? along
               : side == 1 ? last * n + along
               : side == 2 ? along * n
                           : along * n + last;
    board[king] = REF_KING;
    for (int d = 0; d < 4; d++) {
        int row = king / n + (d == 0 ? -1 : d == 1 ? 1 : 0);
        int file = king % n + (d == 2 ? -1 : d == 3 ? 1 : 0);
        if (row >= 0 && row < n && file >= 0 && file < n && rng_below(rng, 2)) {
            board[row * n + file] = (signed char)(rng_below(rng, 3) ? REF_DEFENDER : REF_EMPTY);
        }
    }
    for (int sq = 0; sq < n * n; sq++) {
        bool corner = (sq / n == 0 || sq / n == last) && (sq % n == 0 || sq % n == last);
        bool restricted = (rs->throne && sq == (n / 2) * n + n / 2) || (rs->corners && corner);
        if (restricted && board[sq] != REF_KING) {
            board[sq] = REF_EMPTY;
        }
    }
    rs->escape = ESCAPE_CORNER;
    format_record(board, n, rs->start);
}

static void random_layout(Rng *rng, Ruleset *rs)
{
    if ((rs->shieldwall != SHIELDWALL_NO || rs->edge_fort) && rng_below(rng, 5) < 2) {
        edge_layout(rng, rs);
        return;
    }
    int n = rs->size, last = n - 1, half = n / 2, centre = half * n + half;
    signed char board[REF_MAX_SQUARES] = {0};
    int ring = n >= 7 && rng_below(rng, 5) == 0 ? 2 + (int)rng_below(rng, (uint32_t)(half - 2))
                                                : 0; /* the ring's distance from the centre */
    bool symmetric = ring == 0 && rng_below(rng, 2) == 0;
    int p_att = 8 + (int)rng_below(rng, 30); /* percent of squares */
    int p_def = 4 + (int)rng_below(rng, 22);
    int king = centre;
    if (!symmetric && ring == 0) {
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
        if (ring > 0) {
            int dr = abs(row - half), df = abs(file - half);
            int dist = dr > df ? dr : df;
            piece = dist < ring    ? (roll < 45 ? REF_DEFENDER : REF_EMPTY)
                    : dist == ring ? (roll < 85 ? REF_ATTACKER : REF_EMPTY)
                                   : (roll < 10 ? REF_ATTACKER : REF_EMPTY);
        }
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
    /* Mostly 5..11; a few 13..19, where a board takes three to six 64-bit words. */
    int roll = (int)rng_below(rng, 100);
    rs->size = roll < 88 ? 5 + 2 * (roll / 22) : 13 + 2 * ((roll - 88) / 3);
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
    rs->shieldwall = (Shieldwall)rng_below(rng, 3);
    rs->edge_fort = rng_below(rng, 2);
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
        compare_perft(&rs, &r, 2);
    }
    print_tally("random rulesets", &tally);
    /* Coverage guard: every way a game ends (encirclement, rarer, aside) must have been compared
     * in each batch, or the generator has stopped exercising a rule. */
    for (int reason = END_KING_CAPTURED; reason <= END_MAX_PLIES; reason++) {
        ck_assert_msg(reason == END_ENCIRCLED || tally.reasons[reason] > 0,
                      "no random game ended by %s in this batch",
                      state_reason_name((EndReason)reason));
    }
    ck_assert_msg(tally.wall_captures + tally.edge_forts > 0,
                  "no shieldwall capture and no edge fort in this batch");
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
    compare_perft(rs, &r, rs->size > 9 ? 2 : 3);
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
