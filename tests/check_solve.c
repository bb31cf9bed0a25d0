/* Retrograde analysis (solve/): the index round trip, every value consistent with its
 * successors' by the engine's own moves, hand-computed values, thread invariance, and the
 * refusal of a ruleset too large. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "rules/history.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "solve/index.h"
#include "solve/solve.h"
#include "solve/tablefile.h"
#include "tests/tests.h"

/* A preset moved onto a 5x5 board with a small start (K + 1 defender + 2 attackers by
 * default): 146,422 positions in 6 classes, solved in about a second. */
static void tiny_rules(const char *preset, const char *start, Rules *r)
{
    Ruleset rs = *ruleset_preset_find(preset);
    rs.size = 5;
    snprintf(rs.start, sizeof rs.start, "%s", start ? start : "/2t2/5/t1K2/2T2/5/");
    Error err;
    ck_assert_msg(rules_compile(&rs, r, &err) == ST_OK, "%s", err.text);
}

static SolveTables *tiny_solve(const Rules *r, int threads)
{
    SolveTables *t = NULL;
    Error err;
    ck_assert_msg(solve_build(r, SOLVE_ALL_MEN, threads, SOLVE_MAX_POSITIONS, NULL, &t, &err) ==
                      ST_OK,
                  "%s", err.text);
    return t;
}

/* s under symmetry k of geometry g, refreshed for r. */
static GameState image_of(const Rules *r, const SolveGeometry *g, const GameState *s, int k)
{
    GameState q;
    memset(&q, 0, sizeof q);
    for (int sq = 0; sq < g->squares; sq++) {
        uint64_t bit = UINT64_C(1) << g->image[k][sq];
        if ((s->attackers[0] >> sq) & 1)
            q.attackers[0] |= bit;
        if ((s->defenders[0] >> sq) & 1)
            q.defenders[0] |= bit;
    }
    q.king = g->image[k][s->king];
    q.side = s->side;
    state_refresh(r, &q);
    return q;
}

/* The value of s by definition, from its successors: each legal move played by the engine
 * from a history that starts at s, an ended game judged by its winner and any other by the
 * tables. A win takes the shortest win, a loss the longest; a draw beats a loss. */
static SolveValue from_successors(const SolveTables *t, const GameState *s)
{
    const Rules *r = solve_rules(t);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    if (n == 0)
        return (SolveValue){r->opt.no_moves == END_RULE_DRAW ? SOLVE_DRAW : SOLVE_LOSS, 0};
    const Winner mine = s->side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
    int win = 0, loss = 0;
    bool draw = false;
    History h;
    history_init(&h);
    for (int k = 0; k < n; k++) {
        GameState q = *s;
        history_clear(&h);
        history_push(&h, s->hash, s->fort_hash, false, false);
        state_apply(r, &q, &h, moves[k], NULL);
        SolveValue v;
        if (state_is_over(&q)) {
            v.outcome = q.winner == WINNER_DRAW ? SOLVE_DRAW
                        : q.winner == mine      ? SOLVE_LOSS /* the opponent's view */
                                                : SOLVE_WIN;
            v.plies = 0;
        } else {
            ck_assert_msg(solve_probe(t, &q, &v), "a successor is not in the tables");
        }
        if (v.outcome == SOLVE_LOSS)
            win = win == 0 || v.plies + 1 < win ? v.plies + 1 : win;
        else if (v.outcome == SOLVE_WIN)
            loss = v.plies + 1 > loss ? v.plies + 1 : loss;
        else
            draw = true;
    }
    history_free(&h);
    if (win)
        return (SolveValue){SOLVE_WIN, win};
    return draw ? (SolveValue){SOLVE_DRAW, 0} : (SolveValue){SOLVE_LOSS, loss};
}

/* Every entry of every class agrees with its successors, and every image of its position
 * probes to the same value; the entries stand for all 146,422 positions of the ruleset. */
static void check_consistent(const char *preset)
{
    Rules r;
    tiny_rules(preset, NULL, &r);
    SolveGeometry g;
    ck_assert(solve_index_init(&r, &g));
    SolveTables *t = tiny_solve(&r, 2);
    uint64_t checked = 0, decided = 0, stood_for = 0;
    for (int i = 0; i < solve_class_count(t); i++) {
        const SolveClassStats *c = solve_class_stats(t, i);
        for (uint64_t j = 0; j < c->entries; j++) {
            GameState s;
            if (!solve_position_at(t, i, j, &s))
                continue;
            SolveValue v, want = from_successors(t, &s);
            ck_assert(solve_probe(t, &s, &v));
            ck_assert_msg(v.outcome == want.outcome && v.plies == want.plies,
                          "%s class %d/%d position %llu: table %d in %d, successors %d in %d",
                          preset, c->attackers, c->defenders, (unsigned long long)j, v.outcome,
                          v.plies, want.outcome, want.plies);
            for (int k = 1; k < SOLVE_SYMMETRIES; k++) {
                GameState q = image_of(&r, &g, &s, k);
                SolveValue vq;
                ck_assert(solve_probe(t, &q, &vq));
                ck_assert(vq.outcome == v.outcome && vq.plies == v.plies);
            }
            checked++;
            stood_for += (uint64_t)solve_index_orbit(&g, &s);
            decided += v.outcome != SOLVE_DRAW;
        }
        ck_assert_uint_le(c->positions, 8 * c->entries);
    }
    ck_assert_uint_eq(stood_for, 146422);
    ck_assert_uint_lt(checked, 146422 / 4); /* the fold: about an eighth */
    ck_assert_uint_gt(decided, 0);
    solve_destroy(t);
}

START_TEST(test_index_round_trip)
{
    Rules r;
    tiny_rules("brandubh", NULL, &r);
    SolveGeometry g;
    ck_assert(solve_index_init(&r, &g));
    /* 5x5 with throne and corners: 20 squares for the men, the king on any of 21 (not a
     * corner), folded to the least square of each orbit: b5 (1), c5 (2), b4 (6), c4 (7) and the
     * throne (12). Class 2 attackers, 1 defender: the king on the throne leaves 20 squares,
     * C(20,1) * C(19,2) * 2 = 6840; on each of the 4 others 19: C(19,1) * C(18,2) * 2 = 5814. */
    ck_assert_int_eq(g.free_count, 20);
    const int homes[] = {1, 2, 6, 7, 12};
    for (int sq = 0, h = 0; sq < g.squares; sq++) {
        bool home = h < 5 && homes[h] == sq;
        ck_assert_msg(g.king_home[sq] == home, "square %d", sq);
        h += home;
    }
    SolveClass c;
    ck_assert(solve_index_class(&g, 2, 1, &c));
    ck_assert_uint_eq(c.size, 6840 + 4 * 5814);
    uint64_t canonical = 0, stood_for = 0;
    for (uint64_t i = 0; i < c.size; i++) {
        GameState s;
        solve_index_unrank(&r, &g, &c, i, &s);
        ck_assert_int_eq(s.attacker_count, 2);
        ck_assert_int_eq(s.defender_count, 1);
        if (solve_index_rank(&g, &c, &s) != i)
            continue; /* a spare entry: its rank is another image's */
        canonical++;
        stood_for += (uint64_t)solve_index_orbit(&g, &s);
    }
    /* every unfolded position: the king on each of 21 squares, by the rank of an image */
    ck_assert_uint_eq(stood_for, 6840 + 20 * 5814);
    ck_assert_uint_gt(canonical, stood_for / 8);
    Rng rng;
    rng_seed(&rng, 7);
    for (int n = 0; n < 20000; n++) {
        GameState s;
        solve_index_unrank(&r, &g, &c, rng_below(&rng, (uint32_t)c.size), &s);
        GameState q = image_of(&r, &g, &s, (int)rng_below(&rng, SOLVE_SYMMETRIES));
        GameState back;
        solve_index_unrank(&r, &g, &c, solve_index_rank(&g, &c, &q), &back);
        bool an_image = false;
        for (int k = 0; k < SOLVE_SYMMETRIES; k++) {
            GameState im = image_of(&r, &g, &back, k);
            an_image = an_image || (im.king == s.king && im.attackers[0] == s.attackers[0] &&
                                    im.defenders[0] == s.defenders[0] && im.side == s.side);
        }
        ck_assert(an_image);
        ck_assert_uint_eq(solve_index_rank(&g, &c, &q), solve_index_rank(&g, &c, &s));
    }
}
END_TEST

START_TEST(test_consistent_custodial)
{
    /* seed 000: custodial king, no_moves and repetition draws */
    check_consistent("brandub-cyningstan");
}
END_TEST

START_TEST(test_consistent_throne4_encircle)
{
    /* seeds 002/003: the king taken by four on the throne and three beside it, encirclement,
     * no_moves loses */
    check_consistent("brandubh");
}
END_TEST

START_TEST(test_consistent_edge3_unarmed)
{
    /* seed 004: unarmed king, taken by three on an edge */
    check_consistent("brandubh-livas");
}
END_TEST

static SolveValue probe_otn(const SolveTables *t, const char *otn, Side side)
{
    GameState s;
    Error err;
    ck_assert_msg(otn_parse_position(solve_rules(t), otn, side, &s, &err) == ST_OK, "%s", err.text);
    SolveValue v;
    ck_assert_msg(solve_probe(t, &s, &v), "%s not in the tables", otn);
    return v;
}

START_TEST(test_hand_values)
{
    Rules r;
    tiny_rules("brandub-cyningstan", NULL, &r);
    SolveTables *t = tiny_solve(&r, 1);
    /* The king on b1 beside the empty corner a1, defenders to move: b1-a1 escapes, a win in
     * one ply. */
    SolveValue v = probe_otn(t, "/1K3/5/1t1t1/5/2T2/", SIDE_DEFENDERS);
    ck_assert_int_eq(v.outcome, SOLVE_WIN);
    ck_assert_int_eq(v.plies, 1);
    /* The king on c2 beside the attacker on b2, attackers to move: d4-d2 takes him between
     * b2 and d2 (custodial, seed 000 rule 7), a win in one ply. */
    v = probe_otn(t, "/5/1tK2/5/3t1/2T2/", SIDE_ATTACKERS);
    ck_assert_int_eq(v.outcome, SOLVE_WIN);
    ck_assert_int_eq(v.plies, 1);
    /* The king on a2 threatens a1 and, down the empty file, a5; no attacker reaches a3 (the
     * only square that would take him, against the hostile corner a1) and none can block a1:
     * attackers to move lose in two plies, whatever they do. */
    v = probe_otn(t, "/5/K4/5/3t1/2tT1/", SIDE_ATTACKERS);
    ck_assert_int_eq(v.outcome, SOLVE_LOSS);
    ck_assert_int_eq(v.plies, 2);
    /* The lone king, attackers to move: they have no move, and under no_moves = draw that
     * is a draw. */
    v = probe_otn(t, "/5/5/2K2/5/5/", SIDE_ATTACKERS);
    ck_assert_int_eq(v.outcome, SOLVE_DRAW);
    ck_assert_int_eq(v.plies, 0);
    solve_destroy(t);
}
END_TEST

START_TEST(test_threads_identical)
{
    Rules r;
    tiny_rules("brandubh", NULL, &r);
    SolveTables *one = tiny_solve(&r, 1), *two = tiny_solve(&r, 2);
    ck_assert_int_eq(solve_class_count(one), solve_class_count(two));
    for (int i = 0; i < solve_class_count(one); i++) {
        const SolveClassStats *a = solve_class_stats(one, i), *b = solve_class_stats(two, i);
        ck_assert_uint_eq(a->positions, b->positions);
        ck_assert_uint_eq(a->attackers_win, b->attackers_win);
        ck_assert_uint_eq(a->defenders_win, b->defenders_win);
        ck_assert_int_eq(a->longest, b->longest);
        ck_assert_int_eq(a->iterations, b->iterations);
        for (uint64_t j = 0; j < a->entries; j++) {
            GameState s;
            SolveValue va, vb;
            if (!solve_position_at(one, i, j, &s))
                continue;
            ck_assert(solve_probe(one, &s, &va) && solve_probe(two, &s, &vb));
            ck_assert(va.outcome == vb.outcome && va.plies == vb.plies);
        }
    }
    solve_destroy(one);
    solve_destroy(two);
}
END_TEST

START_TEST(test_too_large_refused)
{
    Rules r;
    fixture_rules("brandubh", &r);
    SolvePlan plan;
    Error err;
    ck_assert(solve_plan(&r, SOLVE_ALL_MEN, SOLVE_MAX_POSITIONS, &plan, &err) == ST_EINVAL);
    ck_assert_msg(strstr(err.text, "brandubh: ") == err.text && strstr(err.text, "2e+09") &&
                      !strchr(err.text, '\n'),
                  "%s", err.text);
    ck_assert(plan.entries > SOLVE_MAX_POSITIONS);
    /* the king's 45 squares folded onto 9; the men's squares are not */
    ck_assert(plan.positions > 4.5 * plan.entries && plan.positions < 5 * plan.entries);
    SolveTables *t = (SolveTables *)&plan; /* must be cleared on failure */
    ck_assert(solve_build(&r, SOLVE_ALL_MEN, 1, SOLVE_MAX_POSITIONS, NULL, &t, &err) == ST_EINVAL);
    ck_assert_ptr_null(t);
    /* the endgame of at most 4 men: 15 classes (a + d <= 4, d <= 4) */
    ck_assert(solve_plan(&r, 4, SOLVE_MAX_POSITIONS, &plan, &err) == ST_OK);
    ck_assert_int_eq(plan.classes, 15);
    ck_assert_int_eq(plan.max_men, 4);
    /* copenhagen's 11x11 board has more squares than the index takes */
    fixture_rules("copenhagen", &r);
    ck_assert(solve_plan(&r, 2, SOLVE_MAX_POSITIONS, &plan, &err) == ST_EINVAL);
}
END_TEST

/* The attackers' outcome (0 win, 1 draw, 2 loss) of s with perfect play: its winner when over,
 * else the tables' value turned to the attackers' side. */
static int attackers_outcome(const SolveTables *t, const GameState *s)
{
    if (state_is_over(s))
        return s->winner == WINNER_ATTACKERS ? 0 : s->winner == WINNER_DRAW ? 1 : 2;
    SolveValue v;
    ck_assert(solve_probe(t, s, &v));
    if (v.outcome == SOLVE_DRAW)
        return 1;
    return (v.outcome == SOLVE_WIN) == (s->side == SIDE_ATTACKERS) ? 0 : 2;
}

/* tafl solve --openings: with no opening the start's value; after one ply the mean over the
 * first moves of each child's value; after two, a distribution that the harness's own random
 * openings (movegen_random_in_game, 20,000 of them) sample within 0.015. */
START_TEST(test_opening_outcomes)
{
    Rules r;
    tiny_rules("brandub-cyningstan", NULL, &r);
    SolveTables *t = tiny_solve(&r, 1);
    GameState start;
    state_init(&r, &start);
    double wdl[3];
    ck_assert(solve_opening_outcomes(t, 0, wdl));
    int k0 = attackers_outcome(t, &start);
    for (int k = 0; k < 3; k++)
        ck_assert(wdl[k] == (k == k0 ? 1.0 : 0.0));

    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(&r, &start, moves);
    ck_assert_int_gt(n, 1);
    double want[3] = {0, 0, 0};
    History hist;
    history_init(&hist);
    for (int i = 0; i < n; i++) {
        GameState child = start;
        history_clear(&hist);
        history_push(&hist, start.hash, start.fort_hash, false, false);
        state_apply(&r, &child, &hist, moves[i], NULL);
        want[attackers_outcome(t, &child)] += 1.0 / n;
    }
    ck_assert(solve_opening_outcomes(t, 1, wdl));
    for (int k = 0; k < 3; k++)
        ck_assert_msg(fabs(wdl[k] - want[k]) < 1e-12, "outcome %d: %g, by hand %g", k, wdl[k],
                      want[k]);

    ck_assert(solve_opening_outcomes(t, 2, wdl));
    ck_assert(fabs(wdl[0] + wdl[1] + wdl[2] - 1) < 1e-12);
    double sampled[3] = {0, 0, 0};
    Rng rng;
    rng_seed(&rng, 51);
    const int samples = 20000;
    for (int g = 0; g < samples; g++) {
        GameState s = start;
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        for (int ply = 0; ply < 2 && !state_is_over(&s); ply++) {
            Move m;
            ck_assert(movegen_random_in_game(&r, &s, &hist, &rng, &m));
            state_apply(&r, &s, &hist, m, NULL);
        }
        sampled[attackers_outcome(t, &s)] += 1.0 / samples;
    }
    for (int k = 0; k < 3; k++)
        ck_assert_msg(fabs(wdl[k] - sampled[k]) < 0.015, "outcome %d: %g exact, %g sampled", k,
                      wdl[k], sampled[k]);
    history_free(&hist);
    solve_destroy(t);
}
END_TEST

/* Writes data[0..len) to a new temporary file whose name goes into path (a mkstemp template). */
static void write_temp(char *path, const char *data, size_t len)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq((int)write(fd, data, len), (int)len);
    close(fd);
}

/* t as a table file in memory (*data, caller frees). */
static void encode_tables(const SolveTables *t, char **data, size_t *len)
{
    FILE *f = open_memstream(data, len);
    ck_assert(solve_tablefile_write(t, f));
    fclose(f);
}

/* The tiny Brandubh ruleset solved: its tables, and their file in memory (*data, caller
 * frees). */
static SolveTables *tiny_tables(Rules *r, char **data, size_t *len)
{
    tiny_rules("brandubh", NULL, r);
    SolveTables *t = tiny_solve(r, 2);
    encode_tables(t, data, len);
    return t;
}

/* Reading data as a table file for r fails with ST_EINVAL and a line holding words. */
static void table_refused(const Rules *r, const char *data, size_t len, const char *words)
{
    char path[] = "/tmp/tafl-check-tablesXXXXXX";
    write_temp(path, data, len);
    SolveTables *t = (SolveTables *)path; /* must be cleared */
    Error err = {{0}};
    ck_assert_int_eq(solve_tablefile_read(path, r, &t, &err), ST_EINVAL);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err.text, path) == err.text && strstr(err.text, words) &&
                      !strchr(err.text, '\n'),
                  "expected '%s' in: %s", words, err.text);
    unlink(path);
}

/* The table file: written and read back, every entry and count the same, little-endian as
 * tablefile.h says; damaged, truncated, longer, foreign and other rules' files refused, each
 * saying what is wrong. */
START_TEST(test_table_file)
{
    Rules r;
    char *data = NULL;
    size_t len = 0;
    SolveTables *t = tiny_tables(&r, &data, &len);
    ck_assert_int_eq(memcmp(data, "TAFLTB\n\0\x01\0\0\0\x03\0\0\0", 16), 0);
    uint64_t entries = 0;
    for (int i = 0; i < solve_class_count(t); i++)
        entries += solve_class_stats(t, i)->entries;
    ck_assert_uint_eq(len, 104 + 56 * (size_t)solve_class_count(t) + 2 * entries + 8);

    char path[] = "/tmp/tafl-check-tablesXXXXXX";
    write_temp(path, data, len);
    SolveTables *back = NULL;
    Error err = {{0}};
    ck_assert_msg(solve_tablefile_read(path, &r, &back, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(solve_class_count(back), solve_class_count(t));
    ck_assert_int_eq(solve_max_men(back), 3);
    for (int i = 0; i < solve_class_count(t); i++) {
        const SolveClassStats *a = solve_class_stats(t, i), *b = solve_class_stats(back, i);
        ck_assert(a->positions == b->positions && a->attackers_win == b->attackers_win &&
                  a->defenders_win == b->defenders_win && a->draws == b->draws &&
                  a->longest == b->longest && a->entries == b->entries);
        ck_assert_int_eq(
            memcmp(solve_class_entries(t, i), solve_class_entries(back, i), 2 * a->entries), 0);
    }
    solve_destroy(back);
    unlink(path);
    ck_assert_int_eq(solve_tablefile_read(path, &r, &back, &err), ST_EIO);

    table_refused(&r, data, len - 1, "truncated");
    table_refused(&r, data, len - 9, "truncated");
    table_refused(&r, data, 50, "truncated");
    char *more = xmalloc(len + 1);
    memcpy(more, data, len);
    more[len] = 0;
    table_refused(&r, more, len + 1, "bytes after its checksum");
    memcpy(more, data, len);
    more[104 + 56 * (size_t)solve_class_count(t) + 1000] ^= 0x40; /* one entry's bit */
    table_refused(&r, more, len, "damaged: its checksum");
    memcpy(more, data, len);
    more[8] = 2;
    table_refused(&r, more, len, "table file version 2; this tafl reads version 1");
    memcpy(more, data, len);
    more[0] = 'X';
    table_refused(&r, more, len, "not a table file");
    memcpy(more, data, len);
    more[104] = 9; /* the first class's attackers */
    table_refused(&r, more, len, "damaged: a class of 9 attackers and 0 defenders");
    /* the same board and men under other rules: the king unarmed */
    Rules other;
    tiny_rules("brandubh", NULL, &other);
    Ruleset rs = other.opt;
    rs.king_armed = KING_ARMED_NO;
    ck_assert(rules_compile(&rs, &other, &err) == ST_OK);
    table_refused(&other, data, len, "tables for brandubh, not for brandubh (their rules differ)");
    free(more);
    free(data);
    solve_destroy(t);
}
END_TEST

/* Plays s out, the winner's side by `winner_agent`, the other by `other`, at most `plies`
 * plies: the game's result and its length into *winner and *length. */
static void play_out(const Rules *r, GameState s, Agent *side_agent[2], int plies, Winner *winner,
                     int *length)
{
    History h;
    history_init(&h);
    history_push(&h, s.hash, s.fort_hash, false, false);
    int n = 0;
    while (!state_is_over(&s) && n < plies) {
        Move m = agent_choose(side_agent[s.side], &s, &h);
        state_apply(r, &s, &h, m, NULL);
        n++;
    }
    *winner = state_is_over(&s) ? (Winner)s.winner : WINNER_NONE;
    *length = n;
    history_free(&h);
}

/* tb=: alpha-beta at depth 1 and MCTS of 50 iterations with the tables win every one of 300
 * won positions drawn at random from them, within their distance, against a depth-2 search;
 * and when both sides have the tables the game lasts exactly that distance (the fastest win
 * against the longest defence). */
START_TEST(test_agent_tables_convert)
{
    Rules r;
    char *data = NULL;
    size_t len = 0;
    SolveTables *t = tiny_tables(&r, &data, &len);
    char path[] = "/tmp/tafl-check-tbXXXXXX";
    write_temp(path, data, len);
    free(data);
    const char *types[] = {"alphabeta:depth=1", "mcts:iterations=50"};
    Agent *with[2], *loser[2];
    for (int k = 0; k < 2; k++) {
        char spec[128];
        snprintf(spec, sizeof spec, "%s,tb=%s", types[k], path);
        with[k] = fixture_agent(&r, spec, 1);
        loser[k] = fixture_agent(&r, spec, 3);
    }
    Agent *opponent = fixture_agent(&r, "alphabeta:depth=2", 2);
    unlink(path); /* the agents hold the tables read */
    Rng rng;
    rng_seed(&rng, 51);
    for (int k = 0; k < 2; k++) {
        int won = 0;
        while (won < 300) {
            int i = (int)rng_below(&rng, (uint32_t)solve_class_count(t));
            const SolveClassStats *c = solve_class_stats(t, i);
            GameState s;
            SolveValue v;
            if (!solve_position_at(t, i, rng_below(&rng, (uint32_t)c->entries), &s) ||
                !solve_probe(t, &s, &v) || v.outcome != SOLVE_WIN)
                continue;
            won++;
            Winner want = solve_winner(&s, v), got;
            int length;
            Agent *agents[2];
            agents[s.side] = with[k];
            agents[!s.side] = opponent;
            play_out(&r, s, agents, v.plies, &got, &length);
            ck_assert_msg(got == want && length <= v.plies,
                          "%s: won in %d plies by the tables: the game ended %d after %d plies",
                          types[k], v.plies, got, length);
            agents[!s.side] = loser[k];
            play_out(&r, s, agents, v.plies, &got, &length);
            ck_assert_msg(got == want && length == v.plies, "%s, both with tables: %d plies for %d",
                          types[k], length, v.plies);
        }
        agent_destroy(with[k]);
        agent_destroy(loser[k]);
    }
    agent_destroy(opponent);
    solve_destroy(t);
}
END_TEST

/* solve_check_sample: none of 50,000 sampled entries of sound tables disagrees with its
 * successors, at one and two threads; with entries altered, the check finds them. */
START_TEST(test_check_sample)
{
    Rules r;
    tiny_rules("brandubh", NULL, &r);
    SolveTables *t = tiny_solve(&r, 2);
    uint64_t checked = 0;
    ck_assert_uint_eq(solve_check_sample(t, 50000, 7, 1, &checked), 0);
    ck_assert_uint_eq(checked, 50000);
    ck_assert_uint_eq(solve_check_sample(t, 50000, 7, 2, &checked), 0);
    /* one entry in eight of the largest class turned into a draw or a win in 1 */
    int last = solve_class_count(t) - 1;
    uint16_t *e = solve_class_entries_to_fill(t, last);
    uint64_t n = solve_class_stats(t, last)->entries, altered = 0;
    for (uint64_t j = 0; j < n; j += 8, altered++)
        e[j] = e[j] == 0 ? 0x4001 : 0;
    uint64_t bad1 = solve_check_sample(t, 50000, 7, 1, &checked);
    uint64_t bad2 = solve_check_sample(t, 50000, 7, 2, &checked);
    ck_assert_uint_eq(bad1, bad2);
    ck_assert_uint_gt(bad1, 1000);
    ck_assert_uint_gt(altered, 0);
    solve_destroy(t);
}
END_TEST

Suite *solve_suite(void)
{
    Suite *s = suite_create("solve");
    TCase *tc = tcase_create("solve");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_index_round_trip);
    tcase_add_test(tc, test_consistent_custodial);
    tcase_add_test(tc, test_consistent_throne4_encircle);
    tcase_add_test(tc, test_consistent_edge3_unarmed);
    tcase_add_test(tc, test_hand_values);
    tcase_add_test(tc, test_threads_identical);
    tcase_add_test(tc, test_too_large_refused);
    tcase_add_test(tc, test_opening_outcomes);
    tcase_add_test(tc, test_table_file);
    tcase_add_test(tc, test_agent_tables_convert);
    tcase_add_test(tc, test_check_sample);
    suite_add_tcase(s, tc);
    return s;
}
