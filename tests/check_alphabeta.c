/* The alpha-beta agent and the evaluation: equal to a plain minimax on small trees, wins and
 * blocks in one, win scoring by distance, determinism, noise, node budget, each eval feature. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/agent_impl.h"
#include "agents/alphabeta.h"
#include "agents/eval.h"
#include "agents/evaluator.h"
#include "agents/nnue.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "tests/tests.h"

/* --- helpers --- */

/* The agent of spec with the search features it does not name off: these tests were written
 * when the plain search was the default, and each names the features it is about
 * (agent_spec_legacy). The default search itself: test_default_search_features. */
static Agent *ab_agent(const Rules *r, const char *spec, uint64_t seed)
{
    char plain[1024];
    ck_assert(agent_spec_legacy(spec, plain, sizeof plain));
    return fixture_agent(r, plain, seed);
}

static void default_weights(EvalWeights *w)
{
    double v[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        v[i] = EVAL_PARAMS[i].def;
    eval_weights_from(v, w);
}

static void format_move(const Rules *r, Move m, char *buf)
{
    otn_format_move(r, m, NULL, buf);
}

/* The reference: plain negamax over every move with the same win scoring as the agent (a game
 * ended at ply p from the root is worth AGENT_WIN_SCORE - p to its winner). */
static double minimax(const Rules *r, const GameState *s, History *h, int depth, int ply,
                      const Evaluator *e)
{
    if (depth == 0)
        return evaluator_value(r, s, e);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    double best = -INFINITY;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        int len = h->length;
        state_apply(r, &child, h, moves[i], NULL);
        double v;
        if (state_is_over(&child)) {
            if (child.winner == WINNER_DRAW)
                v = 0.0;
            else if ((child.winner == WINNER_ATTACKERS) == (s->side == SIDE_ATTACKERS))
                v = AGENT_WIN_SCORE - (ply + 1);
            else
                v = -(AGENT_WIN_SCORE - (ply + 1));
        } else {
            v = -minimax(r, &child, h, depth - 1, ply + 1, e);
        }
        history_truncate(h, len);
        if (v > best)
            best = v;
    }
    return best;
}

/* The score of a finished game one ply below the root, for the side that moved into it. */
static double finished_score(const GameState *child, int mover)
{
    if (child->winner == WINNER_DRAW)
        return 0.0;
    return (child->winner == WINNER_ATTACKERS) == (mover == SIDE_ATTACKERS)
               ? AGENT_WIN_SCORE - 1
               : -(AGENT_WIN_SCORE - 1);
}

/* Searches s with a fresh agent to depths 1..max_depth, twice each (one agent, so the table
 * carries over: from depth 4 on transpositions cut within a search, and a repeated search cuts
 * on the bounds the first one stored) and compares each root score with the minimax. With net,
 * agent and minimax score with that network (the agent's accumulators kept move by move, the
 * minimax's refreshed at each leaf). */
static void check_equal_minimax_net(const Rules *r, GameState *s, History *h, int max_depth,
                                    const char *spec, const Nnue *net, const char *what)
{
    double defaults[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        defaults[i] = EVAL_PARAMS[i].def;
    Evaluator ev;
    evaluator_init(&ev, defaults);
    evaluator_set_network(&ev, net);
    const Evaluator *w = &ev;
    Agent *a = ab_agent(r, spec, 5);
    if (net)
        ck_assert(agent_use_network(a, net));
    for (int d = 1; d <= max_depth; d++) {
        Move m;
        double want = minimax(r, s, h, d, 0, w);
        double got = alphabeta_search(a, s, h, d, &m);
        ck_assert_msg(got == want, "%s depth %d: alphabeta %.6f, minimax %.6f", what, d, got, want);
        /* Again, now with this depth's bounds and scores in the table. */
        got = alphabeta_search(a, s, h, d, &m);
        ck_assert_msg(got == want, "%s depth %d, second search: alphabeta %.6f, minimax %.6f", what,
                      d, got, want);
        ck_assert(movegen_is_legal(r, s, m));
        /* The chosen move is worth the root score. */
        GameState child = *s;
        int len = h->length;
        state_apply(r, &child, h, m, NULL);
        double v = state_is_over(&child) ? finished_score(&child, s->side)
                                         : -minimax(r, &child, h, d - 1, 1, w);
        history_truncate(h, len);
        ck_assert_msg(v == want, "%s depth %d: chosen move worth %.6f, best %.6f", what, d, v,
                      want);
    }
    /* Each child searched as a root, with the table full of the parent's bounds, which were
     * stored under other windows. */
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    for (int i = 0; i < n && max_depth >= 2; i++) {
        GameState child = *s;
        int len = h->length;
        state_apply(r, &child, h, moves[i], NULL);
        if (!state_is_over(&child)) {
            double want = minimax(r, &child, h, max_depth - 1, 0, w);
            double got = alphabeta_search(a, &child, h, max_depth - 1, NULL);
            ck_assert_msg(got == want, "%s, child %d depth %d: alphabeta %.6f, minimax %.6f", what,
                          i, max_depth - 1, got, want);
        }
        history_truncate(h, len);
    }
    agent_destroy(a);
}

static void check_equal_minimax_spec(const Rules *r, GameState *s, History *h, int max_depth,
                                     const char *spec, const char *what)
{
    check_equal_minimax_net(r, s, h, max_depth, spec, NULL, what);
}

/* The plain search: no reductions, extensions or deeper table cuts, which change scores. */
#define EXACT_SPEC "alphabeta:tt_mb=1,quiesce=no,pvs=no,lmr=no,tt_deep=no,ext=no"

static void check_equal_minimax(const Rules *r, GameState *s, History *h, int max_depth,
                                const char *what)
{
    check_equal_minimax_spec(r, s, h, max_depth, EXACT_SPEC, what);
}

/* --- alpha-beta equals minimax --- */

typedef struct {
    const char *preset;
    const char *otn;
    Side side;
} Fixture;

static const Fixture SMALL[] = {
    {"brandubh", "/7/1t5/3T3/2tK1t1/7/4T2/7/", SIDE_ATTACKERS},
    {"brandubh", "/7/1t5/3T3/2tK1t1/7/4T2/7/", SIDE_DEFENDERS},
    {"brandub-cyningstan", "/2t4/7/1T3t1/3K3/t6/7/5T1/", SIDE_ATTACKERS},
    {"brandub-cyningstan-2014", "/7/3t3/2tK3/7/7/5T1/4t2/", SIDE_DEFENDERS},
    {"brandubh-livas", "/7/t6/K5t/t6/7/2T4/7/", SIDE_DEFENDERS},
    {"ard-ri", "/7/2t4/7/1tTK2t/7/3t3/7/", SIDE_ATTACKERS},
    {"ard-ri", "/7/2t4/7/1tTK2t/7/3t3/7/", SIDE_DEFENDERS},
};

START_TEST(test_minimax_small)
{
    const Fixture *f = &SMALL[_i];
    Rules r;
    GameState s;
    History h;
    fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    char what[160];
    snprintf(what, sizeof what, "%s %s %s", f->preset, f->otn, ruleset_side_name(f->side));
    check_equal_minimax(&r, &s, &h, 4, what);
    history_free(&h);
}
END_TEST

/* Deeper than the minimax can go: the table on and off give the same scores at depth 5 (no
 * position can recur with another remaining depth within 5 plies), for the root searched twice
 * and for each child searched as a root afterwards, when the table holds bounds stored under
 * other windows. */
START_TEST(test_tt_equals_plain_deep)
{
    const Fixture *f = &SMALL[_i];
    Rules r;
    GameState s;
    History h;
    fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    Agent *plain = ab_agent(&r, "alphabeta:tt_mb=0,quiesce=no,lmr=no,tt_deep=no,ext=no", 1);
    Agent *tt = ab_agent(&r, "alphabeta:tt_mb=1,quiesce=no,lmr=no,tt_deep=no,ext=no", 1);
    double want = alphabeta_search(plain, &s, &h, 5, NULL);
    ck_assert_double_eq(alphabeta_search(tt, &s, &h, 5, NULL), want);
    ck_assert_double_eq(alphabeta_search(tt, &s, &h, 5, NULL), want);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(&r, &s, moves);
    for (int i = 0; i < n; i++) {
        GameState child = s;
        int len = h.length;
        state_apply(&r, &child, &h, moves[i], NULL);
        if (!state_is_over(&child))
            ck_assert_double_eq(alphabeta_search(tt, &child, &h, 4, NULL),
                                alphabeta_search(plain, &child, &h, 4, NULL));
        history_truncate(&h, len);
    }
    agent_destroy(plain);
    agent_destroy(tt);
    history_free(&h);
}
END_TEST

/* Plays up to `plies` seeded random moves from s, stopping before a move that would end the
 * game (the position before the end is kept). */
static void play_random(const Rules *r, GameState *s, History *h, uint64_t seed, int plies)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < plies; i++) {
        Move m;
        if (!movegen_random(r, s, &rng, &m))
            break;
        GameState next = *s;
        state_apply(r, &next, h, m, NULL);
        if (state_is_over(&next)) {
            h->length--; /* keep the position before the end */
            break;
        }
        *s = next;
    }
}

static const char *const RANDOM_PRESETS[] = {"brandubh", "brandub-cyningstan",
                                             "brandub-cyningstan-2014", "brandubh-livas", "ard-ri"};

/* Positions reached by seeded random play from each preset's start (and a strong-capture
 * variant), searched to depth 3. */
START_TEST(test_minimax_random)
{
    int preset = _i % 6, seed = _i / 6;
    Rules r;
    GameState s;
    History h;
    if (preset < 5) {
        fixture_rules(RANDOM_PRESETS[preset], &r);
        fixture_start(&r, &s, &h);
    } else {
        fixture_custom_position("brandubh", KING_CAPTURE_STRONG,
                                "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", SIDE_ATTACKERS, &r, &s, &h);
    }
    play_random(&r, &s, &h, (uint64_t)seed + 11, 8 + 10 * seed);
    char what[128];
    snprintf(what, sizeof what, "%s after %u random plies", r.opt.name, s.ply);
    check_equal_minimax(&r, &s, &h, 3, what);
    history_free(&h);
}
END_TEST

START_TEST(test_tt_off_same_score)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    Agent *on = ab_agent(&r, "alphabeta:depth=4,lmr=no,tt_deep=no,ext=no", 1);
    Agent *off = ab_agent(&r, "alphabeta:depth=4,tt_mb=0,lmr=no,tt_deep=no,ext=no", 1);
    Move mon = agent_choose(on, &s, NULL);
    Move moff = agent_choose(off, &s, NULL);
    ck_assert(movegen_is_legal(&r, &s, mon) && movegen_is_legal(&r, &s, moff));
    ck_assert_double_eq(agent_last_stats(on)->score, agent_last_stats(off)->score);
    ck_assert_int_eq(agent_last_stats(off)->depth, 4);
    agent_destroy(on);
    agent_destroy(off);
}
END_TEST

/* --- wins and blocks in one --- */

/* The plain search, each search feature alone, and all of them: each must still take a win in
 * one and block a loss in one. */
static const char *const FEATURES[] = {
    "pvs=no,lmr=no,tt_deep=no,ext=no",
    "pvs=yes,lmr=no,tt_deep=no,ext=no",
    "pvs=no,lmr=yes,tt_deep=no,ext=no",
    "pvs=no,lmr=no,tt_deep=yes,ext=no",
    "pvs=no,lmr=no,tt_deep=no,ext=yes",
    "pvs=yes,lmr=yes,tt_deep=yes,ext=yes",
    "qchecks=1",
    "qchecks=4,ext=yes",
    "nullmove=yes",
    "pvs=yes,lmr=yes,tt_deep=yes,ext=yes,nullmove=yes",
    "qrepeat=yes",
};
#define FEATURE_SETS ((int)(sizeof FEATURES / sizeof FEATURES[0]))

typedef struct {
    const char *preset;
    int custom_capture; /* -1: the preset's, else a KingCapture */
    const char *otn;
    Side side;
    EndReason reason;
} WinFixture;

static const WinFixture WINS[] = {
    /* The king escapes along row 1 to a1. */
    {"brandubh", -1, "/1t1K3/7/5t1/7/2t4/7/4t2/", SIDE_DEFENDERS, END_KING_ESCAPED},
    /* Custodial: c7-c3 closes a3-b3-c3. */
    {"brandub-cyningstan", -1, "/7/7/tK5/7/7/7/2t4/", SIDE_ATTACKERS, END_KING_CAPTURED},
    /* throne4_adj3: the king beside the throne (d3), e7-e3 closes the third side. */
    {"brandubh", -1, "/7/3t3/2tK3/7/7/T6/4t2/", SIDE_ATTACKERS, END_KING_CAPTURED},
    /* edge3: the king on a3, g3-b3 closes the third side. */
    {"brandubh-livas", -1, "/7/t6/K5t/t6/7/7/7/", SIDE_ATTACKERS, END_KING_CAPTURED},
    /* strong: c7-c4 closes the fourth side. */
    {"brandubh", KING_CAPTURE_STRONG, "/7/2t4/1tKt3/7/7/7/2t4/", SIDE_ATTACKERS, END_KING_CAPTURED},
};

START_TEST(test_win_in_one)
{
    const WinFixture *f = &WINS[_i];
    Rules r;
    GameState s;
    History h;
    if (f->custom_capture < 0)
        fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    else
        fixture_custom_position(f->preset, (KingCapture)f->custom_capture, f->otn, f->side, &r, &s,
                                &h);
    for (int k = 0; k < FEATURE_SETS; k++)
        for (int depth = 1; depth <= 5; depth++) {
            char spec[128];
            snprintf(spec, sizeof spec, "alphabeta:depth=%d,%s", depth, FEATURES[k]);
            Agent *a = ab_agent(&r, spec, 3);
            Move m = agent_choose(a, &s, &h);
            GameState child = s;
            state_apply(&r, &child, &h, m, NULL);
            h.length--;
            char text[OTN_MOVE_MAX];
            format_move(&r, m, text);
            ck_assert_msg(child.reason == f->reason, "%s %s %s: played %s, %s", f->preset, f->otn,
                          spec, text, state_reason_name((EndReason)child.reason));
            ck_assert_msg(child.winner ==
                              (f->side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS),
                          "wrong winner");
            ck_assert_double_eq(agent_last_stats(a)->score, AGENT_WIN_SCORE - 1);
            agent_destroy(a);
        }
    history_free(&h);
}
END_TEST

/* The king on c1 threatens b1-a1 (e1 is held by his own defender); only b5-b1 blocks. */
START_TEST(test_blocks_loss_in_one)
{
    Rules r;
    GameState s;
    History h;
    fixture_position("brandubh", "/2K1T2/7/7/7/1t5/6t/7/", SIDE_ATTACKERS, &r, &s, &h);
    for (int k = 0; k < FEATURE_SETS; k++)
        for (int depth = 1; depth <= 5; depth++) {
            char spec[128];
            snprintf(spec, sizeof spec, "alphabeta:depth=%d,%s", depth, FEATURES[k]);
            Agent *a = ab_agent(&r, spec, 3);
            Move m = agent_choose(a, &s, &h);
            char text[OTN_MOVE_MAX];
            format_move(&r, m, text);
            ck_assert_msg(strcmp(text, "b5-b1") == 0, "%s played %s", spec, text);
            /* Blocked: no loss at the next ply. */
            ck_assert(agent_last_stats(a)->score > -(AGENT_WIN_SCORE - 2));
            agent_destroy(a);
        }
    history_free(&h);
}
END_TEST

/* Win scores count plies: a win three plies away scores AGENT_WIN_SCORE - 3, and when a win in
 * one is also there it is taken and scored AGENT_WIN_SCORE - 1. */
START_TEST(test_win_distance)
{
    Rules r;
    GameState s;
    History h;
    /* Only the slow win: c2-c1 makes a double threat the attackers cannot both block. */
    fixture_position("brandubh", "/7/2K4/7/7/7/t5t/7/", SIDE_DEFENDERS, &r, &s, &h);
    Agent *a = ab_agent(&r, "alphabeta:depth=4", 1);
    Move m = agent_choose(a, &s, &h);
    ck_assert_double_eq(agent_last_stats(a)->score, AGENT_WIN_SCORE - 3);
    ck_assert(movegen_is_legal(&r, &s, m));
    agent_destroy(a);
    history_free(&h);

    /* The king on c1 escapes at once (or later, by the same double threat): the faster win. */
    fixture_position("brandubh", "/2K4/7/7/7/7/t5t/7/", SIDE_DEFENDERS, &r, &s, &h);
    a = ab_agent(&r, "alphabeta:depth=4", 1);
    m = agent_choose(a, &s, &h);
    GameState child = s;
    state_apply(&r, &child, &h, m, NULL);
    ck_assert_int_eq(child.reason, END_KING_ESCAPED);
    ck_assert_double_eq(agent_last_stats(a)->score, AGENT_WIN_SCORE - 1);
    agent_destroy(a);
    history_free(&h);
}
END_TEST

/* The losing side scores the loss by its distance too. */
START_TEST(test_loss_score)
{
    Rules r;
    GameState s;
    History h;
    /* Attackers to move: whatever they do, the king reaches row 1 with a threat no attacker can
     * stop and escapes on ply 4. */
    fixture_position("brandubh", "/7/2K4/7/7/7/7/3t3/", SIDE_ATTACKERS, &r, &s, &h);
    Agent *a = ab_agent(&r, "alphabeta:depth=5", 1);
    Move m = agent_choose(a, &s, &h);
    ck_assert(movegen_is_legal(&r, &s, m));
    ck_assert_double_eq(agent_last_stats(a)->score, -(AGENT_WIN_SCORE - 4));
    agent_destroy(a);
    history_free(&h);
}
END_TEST

/* --- determinism, noise, budget --- */

static void random_midgame(const Rules *r, GameState *s, History *h, uint64_t seed, int plies)
{
    fixture_start(r, s, h);
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < plies; i++) {
        Move m;
        GameState next = *s;
        if (!movegen_random(r, s, &rng, &m))
            break;
        state_apply(r, &next, h, m, NULL);
        if (state_is_over(&next)) {
            h->length--;
            break;
        }
        *s = next;
    }
}

START_TEST(test_deterministic)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    random_midgame(&r, &s, &h, 99, 10);
    const char *spec = "alphabeta:depth=3,noise=20";
    Agent *a = ab_agent(&r, spec, 42), *b = ab_agent(&r, spec, 42);
    Move ma = agent_choose(a, &s, &h), mb = agent_choose(b, &s, &h);
    ck_assert(ma.from == mb.from && ma.to == mb.to);
    ck_assert_uint_eq(agent_last_stats(a)->nodes, agent_last_stats(b)->nodes);
    ck_assert_double_eq(agent_last_stats(a)->score, agent_last_stats(b)->score);
    /* A new game with the same seed repeats the first search exactly. */
    agent_new_game(a, 42);
    Move mc = agent_choose(a, &s, &h);
    ck_assert(ma.from == mc.from && ma.to == mc.to);
    ck_assert_uint_eq(agent_last_stats(a)->nodes, agent_last_stats(b)->nodes);
    agent_destroy(a);
    agent_destroy(b);
    history_free(&h);
}
END_TEST

START_TEST(test_noise_varies_with_seed)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    Move first = {0, 0};
    bool differs = false;
    for (uint64_t seed = 1; seed <= 16 && !differs; seed++) {
        Agent *a = ab_agent(&r, "alphabeta:depth=2,noise=500", seed);
        Move m = agent_choose(a, &s, NULL);
        ck_assert(movegen_is_legal(&r, &s, m));
        if (seed == 1)
            first = m;
        else
            differs = m.from != first.from || m.to != first.to;
        agent_destroy(a);
    }
    ck_assert_msg(differs, "noise=500 chose the same move for 16 seeds");

    /* Without noise the seed does not matter. */
    Agent *a = ab_agent(&r, "alphabeta:depth=3", 1), *b = ab_agent(&r, "alphabeta:depth=3", 2);
    Move ma = agent_choose(a, &s, NULL), mb = agent_choose(b, &s, NULL);
    ck_assert(ma.from == mb.from && ma.to == mb.to);
    agent_destroy(a);
    agent_destroy(b);
}
END_TEST

START_TEST(test_node_budget)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    random_midgame(&r, &s, &h, 5, 6);
    const uint64_t budgets[] = {1, 50, 3000, 20000};
    for (int i = 0; i < 4; i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "alphabeta:depth=30,nodes=%llu",
                 (unsigned long long)budgets[i]);
        Agent *a = ab_agent(&r, spec, 1);
        Move m = agent_choose(a, &s, &h);
        const AgentStats *st = agent_last_stats(a);
        ck_assert(movegen_is_legal(&r, &s, m));
        /* Game ends found below the last node counted can add at most one move list. */
        ck_assert_msg(st->nodes <= budgets[i] + RULES_MAX_MOVES, "budget %llu, nodes %llu",
                      (unsigned long long)budgets[i], (unsigned long long)st->nodes);
        ck_assert_int_lt(st->depth, 30);
        agent_destroy(a);
    }
    /* A budget large enough for the full depth changes nothing. */
    Agent *a = ab_agent(&r, "alphabeta:depth=3", 1);
    Agent *b = ab_agent(&r, "alphabeta:depth=3,nodes=100000000", 1);
    Move ma = agent_choose(a, &s, &h), mb = agent_choose(b, &s, &h);
    ck_assert(ma.from == mb.from && ma.to == mb.to);
    ck_assert_int_eq(agent_last_stats(b)->depth, 3);
    ck_assert_uint_eq(agent_last_stats(a)->nodes, agent_last_stats(b)->nodes);
    agent_destroy(a);
    agent_destroy(b);
    history_free(&h);
}
END_TEST

START_TEST(test_spec_and_stats)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    Agent *a = ab_agent(&r, "alphabeta:depth=3,king_distance=2.5,mobility=0", 1);
    char buf[512];
    agent_describe(a, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "king_distance=2.5") != NULL, "%s", buf);
    Move m = agent_choose(a, &s, NULL);
    ck_assert(movegen_is_legal(&r, &s, m));
    const AgentStats *st = agent_last_stats(a);
    ck_assert_int_eq(st->depth, 3);
    ck_assert_uint_gt(st->nodes, 40);
    ck_assert(fabs(st->score) < 1000.0);
    agent_destroy(a);
}
END_TEST

/* --- the evaluation, feature by feature --- */

/* Weights with one feature at 1 and the rest 0. */
static EvalWeights only(int feature)
{
    double v[EVAL_PARAM_COUNT] = {0};
    v[feature] = 1.0;
    EvalWeights w;
    eval_weights_from(v, &w);
    return w;
}

enum { F_ATT, F_DEF, F_DIST, F_OPEN, F_ADJ, F_MOB };

static double feature(const char *preset, const char *otn, int f)
{
    Rules r;
    GameState s;
    History h;
    fixture_position(preset, otn, SIDE_ATTACKERS, &r, &s, &h);
    EvalWeights w = only(f);
    double v = eval_evaluate(&r, &s, &w);
    /* The defenders' view is the negation. */
    s.side = SIDE_DEFENDERS;
    ck_assert_double_eq(eval_evaluate(&r, &s, &w), -v);
    history_free(&h);
    return v;
}

START_TEST(test_eval_features)
{
    const char *start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    ck_assert_double_eq(feature("brandubh", start, F_ATT), 8);
    ck_assert_double_eq(feature("brandubh", start, F_DEF), -4);
    /* King on d4: 3 + 3 steps to a corner; ard-ri (edge escape): 3 to an edge. */
    ck_assert_double_eq(feature("brandubh", start, F_DIST), 6);
    ck_assert_double_eq(feature("ard-ri", start, F_DIST), 3);
    ck_assert_double_eq(feature("brandubh", "/7/2K4/7/7/7/7/3t3/", F_DIST), 3);
    ck_assert_double_eq(feature("ard-ri", "/7/2K4/7/7/7/7/3t3/", F_DIST), 1);
    /* Open lines: from c1 both corners of row 1; one when e1 is held; none in the middle of a
     * corner-escape board; on an edge-escape board every clear line counts. */
    ck_assert_double_eq(feature("brandubh", "/2K4/7/7/7/7/7/3t3/", F_OPEN), -2);
    ck_assert_double_eq(feature("brandubh", "/2K1T2/7/7/7/7/7/3t3/", F_OPEN), -1);
    ck_assert_double_eq(feature("brandubh", "/7/2K4/7/7/7/7/3t3/", F_OPEN), 0);
    ck_assert_double_eq(feature("ard-ri", "/7/2K4/7/7/7/7/2t4/", F_OPEN), -3);
    /* Beside the king: two attackers; beside the empty throne that is hostile to defenders
     * (brandubh) it counts, not in brandub-cyningstan; a hostile corner counts. */
    ck_assert_double_eq(feature("brandubh", "/7/1tK1t2/2t4/7/7/7/7/", F_ADJ), 2);
    ck_assert_double_eq(feature("brandubh", "/7/7/2tK3/7/7/7/3t3/", F_ADJ), 2);
    ck_assert_double_eq(feature("brandub-cyningstan", "/7/7/2tK3/7/7/7/3t3/", F_ADJ), 1);
    ck_assert_double_eq(feature("brandubh", "/1K5/7/7/7/7/7/3t3/", F_ADJ), 1);
    ck_assert_double_eq(feature("brandubh", "/1Kt4/7/7/7/7/7/3t3/", F_ADJ), 2);
}
END_TEST

/* king_moves (the tenth weight, counted against the attackers): each square the king can move
 * to. On brandubh from c2: a2 b2 west, d2 to g2 east, c1 north, c3 to c7 south (12). From d2
 * he may stop on the empty throne d4 when throne_reentry lets him (brandubh), not in
 * brandub-cyningstan-2014, where he still passes it. A Copenhagen king boxed on f10 by e10,
 * g10 and f9 has one: f11 (the edge, where strong capture never takes him). */
START_TEST(test_eval_king_moves_brandubh_copenhagen)
{
    enum { F_KING_MOVES = 9 };
    ck_assert_double_eq(feature("brandubh", "/7/2K4/7/7/7/7/3t3/", F_KING_MOVES), -12);
    ck_assert_double_eq(feature("brandubh", "/7/3K3/7/7/7/7/1t5/", F_KING_MOVES), -12);
    ck_assert_double_eq(feature("brandub-cyningstan-2014", "/7/3K3/7/7/7/7/1t5/", F_KING_MOVES),
                        -11);
    ck_assert_double_eq(
        feature("copenhagen", "/11/11/11/11/11/11/11/11/5t5/4tKt4/11/", F_KING_MOVES), -1);
}
END_TEST

/* eval_quiet_move_threatens (qchecks' question, asked of every attackers' move of a position)
 * against eval_king_threats asked of the position after the move, on every attackers' move of
 * every position of random games of every preset, with the throne passable too (a user's
 * variant, for the probe's walk through it). The games' attackers move beside the king one time
 * in two, so that squares taking him are common. */
static void threat_probe_matches(const Ruleset *rs, int games, long counts[3])
{
    Rules r;
    Error err;
    ck_assert_msg(rules_compile(rs, &r, &err) == ST_OK, "%s", err.text);
    History hist;
    history_init(&hist);
    static Move moves[RULES_MAX_MOVES];
    for (int g = 0; g < games; g++) {
        GameState s;
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        Rng rng;
        rng_seed(&rng, rng_mix(0x7e5, (uint64_t)g));
        while (!state_is_over(&s)) {
            int n = movegen_legal(&r, &s, moves);
            if (n == 0)
                break;
            int near = -1;
            if (s.side == SIDE_ATTACKERS) {
                EvalThreatProbe probe;
                eval_threat_probe_init(&r, &s, &probe);
                counts[2] += probe.count > 0;
                for (int i = 0; i < n; i++) {
                    GameState after = s;
                    after.attackers[moves[i].from >> 6] &= ~(1ULL << (moves[i].from & 63));
                    after.attackers[moves[i].to >> 6] |= 1ULL << (moves[i].to & 63);
                    bool want = eval_king_threats(&r, &after) > 0;
                    bool got = eval_quiet_move_threatens(&r, &s, &probe, moves[i]);
                    char buf[32];
                    format_move(&r, moves[i], buf);
                    ck_assert_msg(got == want, "%s game %d ply %u, move %s: probe %d, in full %d",
                                  rs->name, g, s.ply, buf, got, want);
                    counts[want]++;
                    for (int d = 0; d < RULES_DIRS; d++)
                        if (r.neighbour[s.king][d] == moves[i].to)
                            near = i;
                }
            }
            int pick = near >= 0 && rng_below(&rng, 2) ? near : (int)rng_below(&rng, (uint32_t)n);
            state_apply(&r, &s, &hist, moves[pick], NULL);
        }
    }
    history_free(&hist);
}

START_TEST(test_eval_threat_probe_equals_full_question)
{
    long counts[3] = {0, 0, 0}; /* moves without and with a threat, positions with a square */
    for (int i = 0; i < ruleset_preset_count(); i++) {
        Ruleset rs = *ruleset_preset_at(i);
        rs.max_plies = 200;
        threat_probe_matches(&rs, 4, counts);
        rs.throne_pass = THRONE_PASS_ALL;
        threat_probe_matches(&rs, 2, counts);
    }
    ck_assert_int_gt(counts[0], 0);
    ck_assert_int_gt(counts[1], 1000);
    ck_assert_int_gt(counts[2], 100);
}
END_TEST

START_TEST(test_eval_mobility_and_sum)
{
    Rules r;
    GameState s;
    History h;
    fixture_rules("brandubh", &r);
    random_midgame(&r, &s, &h, 77, 9);
    int own = movegen_count(&r, &s);
    GameState other = s;
    other.side = (uint8_t)(1 - s.side);
    int theirs = movegen_count(&r, &other);
    int att = s.side == SIDE_ATTACKERS ? own : theirs, def = own + theirs - att;
    EvalWeights w = only(F_MOB);
    double v = eval_evaluate(&r, &s, &w);
    ck_assert_double_eq(v, s.side == SIDE_ATTACKERS ? att - def : def - att);

    /* One more attacker, placed where it touches no line of the king, no square he reaches and
     * no corner, raises the attackers' evaluation by exactly attacker_material (mobility off: the
     * new piece has moves). */
    EvalWeights d;
    default_weights(&d);
    d.mobility = 0;
    history_free(&h);
    fixture_position("brandubh", "/7/1t5/3T3/2tK1t1/7/4T2/7/", SIDE_ATTACKERS, &r, &s, &h);
    double before = eval_evaluate(&r, &s, &d);
    history_free(&h);
    fixture_position("brandubh", "/7/1t5/3T3/2tK1t1/7/1t2T2/7/", SIDE_ATTACKERS, &r, &s, &h);
    ck_assert_double_eq(eval_evaluate(&r, &s, &d) - before, d.attacker_material);
    history_free(&h);
}
END_TEST

/* --- quiescence, node budget with quiescence, depth parity --- */

/* Material only: the search, not the evaluation, decides. */
#define MATERIAL_ONLY                                                                              \
    "king_distance=0,king_open_lines=0,king_attackers=0,mobility=0,king_two_move=0,"               \
    "corner_guards=0,king_threats=0"

/* Defenders to move: c5-c6 takes the attacker on d6 against e6, but d7-d6 then takes the
 * defender on c6 against b6. A one-ply search without quiescence takes the bait (+10); with
 * quiescence it sees the recapture at one ply, as the plain search does at two. */
START_TEST(test_quiescence_sees_recapture)
{
    Rules r;
    GameState s;
    History h;
    fixture_position("brandubh", "/2tKt2/3t3/7/7/2T4/1t1tT2/3t3/", SIDE_DEFENDERS, &r, &s, &h);
    Agent *plain1 = ab_agent(&r, "alphabeta:quiesce=no," MATERIAL_ONLY, 1);
    Agent *plain2 = ab_agent(&r, "alphabeta:quiesce=no," MATERIAL_ONLY, 1);
    Agent *q1 = ab_agent(&r, "alphabeta:" MATERIAL_ONLY, 1);
    Move m_plain1, m_plain2, m_q1;
    double before = 60 - 40; /* six attackers, two defenders: the attackers' material */
    double v_plain1 = alphabeta_search(plain1, &s, &h, 1, &m_plain1);
    double v_plain2 = alphabeta_search(plain2, &s, &h, 2, &m_plain2);
    double v_q1 = alphabeta_search(q1, &s, &h, 1, &m_q1);
    char buf[32];
    format_move(&r, m_plain1, buf);
    ck_assert_str_eq(buf, "c5-c6");
    ck_assert_double_eq(v_plain1, -before + 10);
    /* The capture costs a defender (20) for an attacker (10): with quiescence it is no gain. */
    ck_assert_double_eq(v_q1, v_plain2);
    ck_assert_double_eq(v_q1, -before);
    format_move(&r, m_q1, buf);
    ck_assert_str_ne(buf, "c5-c6");
    agent_destroy(plain1);
    agent_destroy(plain2);
    agent_destroy(q1);
    history_free(&h);
}
END_TEST

/* Defenders to move: b3-b1 puts the king beside the a1 corner with row 1 open too, and no
 * attacker can reach b1's row or take him: a win in three plies. Quiescence finds it from a
 * one-ply search (the attackers are in check and have no answer); the plain search sees only
 * a good evaluation at one and two plies. */
START_TEST(test_quiescence_sees_escape)
{
    Rules r;
    GameState s;
    History h;
    fixture_position("brandubh", "/7/7/1K5/7/7/5tt/7/", SIDE_DEFENDERS, &r, &s, &h);
    Agent *plain = ab_agent(&r, "alphabeta:quiesce=no", 1);
    Agent *q = ab_agent(&r, "alphabeta", 1);
    Move m;
    ck_assert_double_lt(alphabeta_search(plain, &s, &h, 1, NULL), AGENT_WIN_SCORE - 1000);
    ck_assert_double_lt(alphabeta_search(plain, &s, &h, 2, NULL), AGENT_WIN_SCORE - 1000);
    ck_assert_double_eq(alphabeta_search(q, &s, &h, 1, &m), AGENT_WIN_SCORE - 3);
    char buf[32];
    format_move(&r, m, buf);
    ck_assert_str_eq(buf, "b3-b1");
    /* The plain search needs the three plies. */
    ck_assert_double_eq(alphabeta_search(plain, &s, &h, 3, NULL), AGENT_WIN_SCORE - 3);
    agent_destroy(plain);
    agent_destroy(q);
    history_free(&h);
}
END_TEST

/* With quiescence the node budget still bounds the search (quiescence nodes count), and the
 * same budget gives the same move, nodes and depth every time. */
START_TEST(test_node_budget_quiescence_deterministic)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    random_midgame(&r, &s, &h, 21, 8);
    const uint64_t budgets[] = {100, 2000, 30000};
    for (int i = 0; i < 3; i++) {
        char spec[80];
        snprintf(spec, sizeof spec, "alphabeta:depth=64,nodes=%llu",
                 (unsigned long long)budgets[i]);
        Agent *a = ab_agent(&r, spec, 3), *b = ab_agent(&r, spec, 3);
        Move ma = agent_choose(a, &s, &h), mb = agent_choose(b, &s, &h);
        const AgentStats *sa = agent_last_stats(a), *sb = agent_last_stats(b);
        ck_assert(ma.from == mb.from && ma.to == mb.to);
        ck_assert_uint_eq(sa->nodes, sb->nodes);
        ck_assert_int_eq(sa->depth, sb->depth);
        ck_assert_msg(sa->nodes <= budgets[i] + RULES_MAX_MOVES, "budget %llu, nodes %llu",
                      (unsigned long long)budgets[i], (unsigned long long)sa->nodes);
        ck_assert_int_lt(sa->depth, 64);
        agent_destroy(a);
        agent_destroy(b);
    }
    history_free(&h);
}
END_TEST

/* Attackers' score (win 1, draw 1/2) of `games` Brandubh self-play games of spec, each opened by
 * 4 seeded random plies, 300-ply cap. */
static double selfplay_score(const char *spec, int games, uint64_t seed)
{
    Rules r;
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = 300;
    Error err = {{0}};
    ck_assert(rules_compile(&rs, &r, &err) == ST_OK);
    double score = 0;
    History h;
    history_init(&h);
    for (int g = 0; g < games; g++) {
        Agent *a = ab_agent(&r, spec, seed + (uint64_t)g);
        Agent *d = ab_agent(&r, spec, seed + (uint64_t)g + 1000);
        GameState s;
        state_init(&r, &s);
        history_clear(&h);
        history_push(&h, s.hash, s.fort_hash, false, false);
        Rng rng;
        rng_seed(&rng, rng_mix(seed, (uint64_t)g));
        for (int ply = 0; !state_is_over(&s); ply++) {
            Move m;
            if (ply < 4) {
                if (!movegen_random(&r, &s, &rng, &m))
                    break;
            } else {
                m = agent_choose(s.side == SIDE_ATTACKERS ? a : d, &s, &h);
            }
            state_apply(&r, &s, &h, m, NULL);
        }
        score += s.winner == WINNER_ATTACKERS ? 1.0 : s.winner == WINNER_DRAW ? 0.5 : 0.0;
        agent_destroy(a);
        agent_destroy(d);
    }
    history_free(&h);
    return score / games;
}

/* blend=yes: at depth D the root move has the best mean of its exact scores at depths D and
 * D - 1 (a forced result counts alone), each score the plain search's from the child. */
static double child_score(Agent *plain, const GameState *s, History *h, Move m, int depth)
{
    GameState child = *s;
    int len = h->length;
    state_apply(plain->rules, &child, h, m, NULL);
    double v;
    if (state_is_over(&child))
        v = finished_score(&child, s->side);
    else {
        v = -alphabeta_search(plain, &child, h, depth - 1, NULL);
        /* A forced result counts its plies from the child: one more from s. */
        if (v >= AGENT_WIN_SCORE - 1000.0)
            v -= 1.0;
        else if (v <= -(AGENT_WIN_SCORE - 1000.0))
            v += 1.0;
    }
    history_truncate(h, len);
    return v;
}

static double mean_of_depths(double now, double before)
{
    const double forced = AGENT_WIN_SCORE - 1000.0;
    if (fabs(now) >= forced || fabs(before) >= forced)
        return now;
    return 0.5 * (now + before);
}

/* Checks one position at depths 3 and 4; counts the depths where the mean chose another move
 * than the plain search. */
static void check_blend(const Rules *r, GameState *s, History *h, const char *what, int *differs)
{
    Agent *plain = ab_agent(r, EXACT_SPEC, 1);
    Agent *blend = ab_agent(r, EXACT_SPEC ",blend=yes", 1);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    for (int depth = 3; depth <= 4; depth++) {
        double want = -INFINITY, mean[RULES_MAX_MOVES];
        for (int i = 0; i < n; i++) {
            mean[i] = mean_of_depths(child_score(plain, s, h, moves[i], depth),
                                     child_score(plain, s, h, moves[i], depth - 1));
            if (mean[i] > want)
                want = mean[i];
        }
        Move got, plain_best;
        double score = alphabeta_search(blend, s, h, depth, &got);
        alphabeta_search(plain, s, h, depth, &plain_best);
        int at = -1;
        for (int i = 0; i < n; i++)
            if (moves[i].from == got.from && moves[i].to == got.to)
                at = i;
        ck_assert_int_ge(at, 0);
        ck_assert_msg(mean[at] == want && score == want,
                      "%s depth %d: chose a mean of %.6f (reported %.6f), best %.6f", what, depth,
                      mean[at], score, want);
        *differs += plain_best.from != got.from || plain_best.to != got.to;
    }
    agent_destroy(plain);
    agent_destroy(blend);
}

START_TEST(test_blend_takes_the_mean_of_two_depths)
{
    int differs = 0;
    for (size_t f = 0; f < sizeof SMALL / sizeof SMALL[0]; f++) {
        Rules r;
        GameState s;
        History h;
        fixture_position(SMALL[f].preset, SMALL[f].otn, SMALL[f].side, &r, &s, &h);
        check_blend(&r, &s, &h, SMALL[f].preset, &differs);
        history_free(&h);
    }
    /* Seeded random play from Brandubh's and Tablut's starts. */
    const char *const presets[] = {"brandubh", "tablut"};
    for (int p = 0; p < 2; p++)
        for (int seed = 0; seed < 4; seed++) {
            Rules r;
            GameState s;
            History h;
            fixture_rules(presets[p], &r);
            fixture_start(&r, &s, &h);
            play_random(&r, &s, &h, (uint64_t)seed + 31, 10 + 6 * seed);
            char what[64];
            snprintf(what, sizeof what, "%s after %u random plies", presets[p], s.ply);
            check_blend(&r, &s, &h, what, &differs);
            history_free(&h);
        }
    /* Somewhere the mean picks another move than the deeper search alone. */
    ck_assert_int_gt(differs, 0);
}
END_TEST

/* The depth-parity swing at one and two plies: without quiescence, 100 seeded self-play games
 * give the attackers 0.340 at depth 1 and 0.145 at depth 2; with quiescence 0.105 and 0.080
 * (measured with this test and the shipped weights): the swing stays within 0.05 and at most
 * half the plain one. */
START_TEST(test_parity_small_depths)
{
    double plain1 = selfplay_score("alphabeta:depth=1,quiesce=no", 100, 5);
    double plain2 = selfplay_score("alphabeta:depth=2,quiesce=no", 100, 5);
    double q1 = selfplay_score("alphabeta:depth=1", 100, 5);
    double q2 = selfplay_score("alphabeta:depth=2", 100, 5);
    fprintf(stderr, "parity: plain %.3f %.3f quiescence %.3f %.3f\n", plain1, plain2, q1, q2);
    ck_assert_msg(fabs(q2 - q1) <= 0.05 && fabs(q2 - q1) <= 0.5 * fabs(plain2 - plain1) + 1e-9,
                  "plain %.3f %.3f, quiescence %.3f %.3f", plain1, plain2, q1, q2);
}
END_TEST

/* --- the deeper search --- */

/* Principal-variation search changes no score: its null windows are re-searched whenever a move
 * beats them, so the root score is still the plain minimax, table or not. */
START_TEST(test_pvs_equals_minimax)
{
    const Fixture *f = &SMALL[_i];
    Rules r;
    GameState s;
    History h;
    fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    char what[160];
    snprintf(what, sizeof what, "pvs %s %s %s", f->preset, f->otn, ruleset_side_name(f->side));
    check_equal_minimax_spec(&r, &s, &h, 4,
                             "alphabeta:tt_mb=1,quiesce=no,pvs=yes,lmr=no,tt_deep=no,ext=no", what);
    check_equal_minimax_spec(&r, &s, &h, 4,
                             "alphabeta:tt_mb=0,quiesce=no,pvs=yes,lmr=no,tt_deep=no,ext=no", what);
    history_free(&h);
}
END_TEST

/* Aspiration windows change no score either: a root score outside the window is searched again
 * with the window widened on that side until it falls inside. Windows of half a unit and of
 * three fail at most iterations of these positions, so the re-searches are what is tested. */
START_TEST(test_aspiration_equals_minimax)
{
    const Fixture *f = &SMALL[_i];
    Rules r;
    GameState s;
    History h;
    fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    static const char *const specs[] = {
        "alphabeta:tt_mb=1,quiesce=no,pvs=yes,lmr=no,tt_deep=no,ext=no,asp=0.5",
        "alphabeta:tt_mb=1,quiesce=no,pvs=no,lmr=no,tt_deep=no,ext=no,asp=0.5",
        "alphabeta:tt_mb=0,quiesce=no,pvs=yes,lmr=no,tt_deep=no,ext=no,asp=3",
    };
    for (int i = 0; i < 3; i++) {
        char what[160];
        snprintf(what, sizeof what, "asp %s %s %s (%s)", f->preset, f->otn,
                 ruleset_side_name(f->side), specs[i]);
        check_equal_minimax_spec(&r, &s, &h, 4, specs[i], what);
    }
    history_free(&h);
}
END_TEST

/* The window is used: a narrow one searches another tree than the full window, and the score
 * still agrees. */
START_TEST(test_aspiration_searches_a_narrower_tree)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    Agent *full = ab_agent(&r, "alphabeta:pvs=yes", 1);
    Agent *narrow = ab_agent(&r, "alphabeta:pvs=yes,asp=2", 1);
    double want = alphabeta_search(full, &s, &h, 5, NULL);
    double got = alphabeta_search(narrow, &s, &h, 5, NULL);
    ck_assert_double_eq(got, want);
    ck_assert_uint_ne(agent_last_stats(full)->nodes, agent_last_stats(narrow)->nodes);
    agent_destroy(full);
    agent_destroy(narrow);
    history_free(&h);
}
END_TEST

/* Every feature together: the same seed and node budget give the same moves, nodes, depths and
 * scores over a whole game's worth of searches, whatever agent object runs them (the table,
 * killers and history carry over from move to move exactly as in a game). */
START_TEST(test_features_deterministic)
{
    Rules r;
    fixture_rules("brandubh", &r);
    const uint64_t budgets[] = {500, 20000, 500, 20000};
    for (int i = 0; i < 4; i++) {
        char spec[128];
        snprintf(spec, sizeof spec,
                 "alphabeta:depth=64,nodes=%llu,pvs=yes,lmr=yes,tt_deep=yes,ext=yes,nullmove=%s",
                 (unsigned long long)budgets[i], i < 2 ? "no" : "yes");
        Agent *a = ab_agent(&r, spec, 9), *b = ab_agent(&r, spec, 9);
        GameState s;
        History h;
        fixture_start(&r, &s, &h);
        for (int ply = 0; ply < 30 && !state_is_over(&s); ply++) {
            Move ma = agent_choose(a, &s, &h), mb = agent_choose(b, &s, &h);
            const AgentStats *sa = agent_last_stats(a), *sb = agent_last_stats(b);
            ck_assert(ma.from == mb.from && ma.to == mb.to);
            ck_assert_uint_eq(sa->nodes, sb->nodes);
            ck_assert_int_eq(sa->depth, sb->depth);
            ck_assert_double_eq(sa->score, sb->score);
            ck_assert_msg(sa->nodes <= budgets[i] + RULES_MAX_MOVES, "budget %llu, nodes %llu",
                          (unsigned long long)budgets[i], (unsigned long long)sa->nodes);
            state_apply(&r, &s, &h, ma, NULL);
        }
        agent_destroy(a);
        agent_destroy(b);
        history_free(&h);
    }
}
END_TEST

/* qchecks (the attackers' quiet threats in quiescence), on Brandubh with the king captured by
 * two attackers anywhere: defenders to move. The plain one-ply search plays c7-e7, after which
 * the attackers win by force in three plies (a full-width four-ply search proves it: a quiet
 * move that threatens the king twice, then the capture); with qchecks the same one-ply search
 * sees the threat at its leaves and plays a move after which no such win exists. Found by
 * comparing the two searches over random games. */
START_TEST(test_qchecks_sees_king_fork)
{
    Rules r;
    GameState s;
    History h;
    fixture_custom_position("brandubh", KING_CAPTURE_CUSTODIAL,
                            "/2Tt3/4t2/1Tt4/1t1K2T/1t3t1/2t4/2T2t1/", SIDE_DEFENDERS, &r, &s, &h);
    Agent *proof = ab_agent(&r, "alphabeta:quiesce=no", 1);
    const char *specs[] = {"alphabeta:depth=1", "alphabeta:depth=1,qchecks=1",
                           "alphabeta:depth=1,qchecks=4"};
    for (int i = 0; i < 3; i++) {
        Agent *a = ab_agent(&r, specs[i], 1);
        Move m = agent_choose(a, &s, &h);
        char text[OTN_MOVE_MAX];
        format_move(&r, m, text);
        GameState child = s;
        state_apply(&r, &child, &h, m, NULL);
        ck_assert(!state_is_over(&child));
        double attackers = alphabeta_search(proof, &child, &h, 4, NULL);
        h.length--;
        if (i == 0) {
            ck_assert_str_eq(text, "c7-e7");
            ck_assert_double_eq(attackers, AGENT_WIN_SCORE - 3);
        } else {
            ck_assert_msg(attackers < AGENT_WIN_SCORE - 100, "%s played %s, lost: %g", specs[i],
                          text, attackers);
        }
        agent_destroy(a);
    }
    agent_destroy(proof);
    history_free(&h);
}
END_TEST

/* Extensions are bounded: a midgame position searched to depth 5 with every extension allowed
 * finishes that depth, and in more nodes than without extensions (king threats inside the tree
 * did extend). Late-move reductions with the deeper table
 * reach a deeper iteration than the plain search in the same node budget from the start. */
START_TEST(test_extensions_bounded_and_reductions_deepen)
{
    Rules r;
    GameState s;
    History h;
    fixture_rules("brandubh", &r);
    random_midgame(&r, &s, &h, 5, 12);
    Agent *ext = ab_agent(&r, "alphabeta:depth=5,ext=yes,lmr=no,pvs=no,tt_deep=no", 1);
    Agent *no = ab_agent(&r, "alphabeta:depth=5,ext=no,lmr=no,pvs=no,tt_deep=no", 1);
    ck_assert(movegen_is_legal(&r, &s, agent_choose(ext, &s, &h)));
    ck_assert(movegen_is_legal(&r, &s, agent_choose(no, &s, &h)));
    int depth_ext = agent_last_stats(ext)->depth, depth_no = agent_last_stats(no)->depth;
    ck_assert_int_eq(depth_ext, 5);
    ck_assert_int_eq(depth_no, 5);
    ck_assert_uint_gt(agent_last_stats(ext)->nodes, agent_last_stats(no)->nodes);
    agent_destroy(ext);
    agent_destroy(no);
    history_free(&h);

    fixture_rules("brandubh", &r);
    state_init(&r, &s);
    Agent *deep = ab_agent(&r, "alphabeta:depth=64,nodes=200000,pvs=yes,lmr=yes,tt_deep=yes", 1);
    Agent *plain =
        ab_agent(&r, "alphabeta:depth=64,nodes=200000,pvs=no,lmr=no,tt_deep=no,ext=no", 1);
    ck_assert(movegen_is_legal(&r, &s, agent_choose(deep, &s, NULL)));
    ck_assert(movegen_is_legal(&r, &s, agent_choose(plain, &s, NULL)));
    ck_assert_msg(agent_last_stats(deep)->depth > agent_last_stats(plain)->depth,
                  "depth %d with pvs, lmr, tt_deep; %d plain", agent_last_stats(deep)->depth,
                  agent_last_stats(plain)->depth);
    agent_destroy(deep);
    agent_destroy(plain);
}
END_TEST

/* Null-move pruning cuts the tree: from midgame positions of Brandubh and Copenhagen, a fixed
 * depth-5 search (no budget) with nullmove=yes finishes in fewer positions than without, and
 * the pruned search still plays a legal move and never calls a won position lost or a lost
 * one won (its score keeps the sign of a forced result that the plain search proves). */
START_TEST(test_nullmove_prunes)
{
    const char *presets[] = {"brandubh", "copenhagen"};
    for (int p = 0; p < 2; p++) {
        Rules r;
        GameState s;
        History h;
        fixture_rules(presets[p], &r);
        random_midgame(&r, &s, &h, 3, 14);
        Agent *with = ab_agent(&r, "alphabeta:depth=5,pvs=yes,nullmove=yes", 1);
        Agent *without = ab_agent(&r, "alphabeta:depth=5,pvs=yes,nullmove=no", 1);
        ck_assert(movegen_is_legal(&r, &s, agent_choose(with, &s, &h)));
        ck_assert(movegen_is_legal(&r, &s, agent_choose(without, &s, &h)));
        const AgentStats *a = agent_last_stats(with), *b = agent_last_stats(without);
        ck_assert_int_eq(a->depth, 5);
        ck_assert_int_eq(b->depth, 5);
        ck_assert_msg(a->nodes < b->nodes, "%s: %llu positions with null moves, %llu without",
                      presets[p], (unsigned long long)a->nodes, (unsigned long long)b->nodes);
        if (b->score >= AGENT_WIN_SCORE - 1000)
            ck_assert(a->score > 0);
        if (b->score <= -(AGENT_WIN_SCORE - 1000))
            ck_assert(a->score < 0);
        agent_destroy(with);
        agent_destroy(without);
        history_free(&h);
    }
}
END_TEST

/* qrepeat, on Copenhagen (a third occurrence loses for the defenders, whoever makes it):
 * depth-1 self-play of the plain search, from random openings, until a game ends by the
 * attackers making a third occurrence. Before the defenders' last move of that game, the
 * plain depth-1 search's move let the attackers repeat; the same search with qrepeat sees the
 * repetition at its leaves and plays a move after which no attackers' move ends the game by
 * repetition. */
START_TEST(test_qrepeat_sees_repetition)
{
    Rules r;
    fixture_rules("copenhagen", &r);
    enum { CAP = 400 };
    static Move played[CAP];
    int length = 0;
    bool found = false;
    for (uint64_t seed = 1; seed <= 40 && !found; seed++) {
        Agent *plain = ab_agent(&r, "alphabeta:depth=1", seed);
        GameState s;
        History h;
        random_midgame(&r, &s, &h, seed, 0);
        Rng rng;
        rng_seed(&rng, seed);
        length = 0;
        while (!state_is_over(&s) && length < CAP) {
            Move m;
            if (length < 4)
                ck_assert(movegen_random_in_game(&r, &s, &h, &rng, &m));
            else
                m = agent_choose(plain, &s, &h);
            played[length++] = m;
            state_apply(&r, &s, &h, m, NULL);
        }
        found = s.reason == END_REPETITION && length % 2 == 1; /* the attackers moved last */
        agent_destroy(plain);
        history_free(&h);
    }
    ck_assert_msg(found, "no depth-1 game ended by the attackers' repetition");

    /* The position before the defenders' last move. */
    GameState s;
    History h;
    random_midgame(&r, &s, &h, 1, 0);
    for (int i = 0; i < length - 2; i++)
        state_apply(&r, &s, &h, played[i], NULL);
    ck_assert_int_eq(s.side, SIDE_DEFENDERS);
    Agent *qrep = ab_agent(&r, "alphabeta:depth=1,qrepeat=yes", 1);
    const Move moves[2] = {played[length - 2], agent_choose(qrep, &s, &h)};
    for (int k = 0; k < 2; k++) {
        GameState after = s;
        const int len = h.length;
        state_apply(&r, &after, &h, moves[k], NULL);
        ck_assert(!state_is_over(&after));
        Move replies[RULES_MAX_MOVES];
        const int n = movegen_legal_in_game(&r, &after, &h, replies);
        int repeats = 0;
        for (int i = 0; i < n; i++) {
            GameState end = after;
            const int len2 = h.length;
            state_apply(&r, &end, &h, replies[i], NULL);
            repeats += end.reason == END_REPETITION;
            history_truncate(&h, len2);
        }
        history_truncate(&h, len);
        if (k == 0)
            ck_assert_int_gt(repeats, 0);
        else
            ck_assert_int_eq(repeats, 0);
    }
    agent_destroy(qrep);
    history_free(&h);
}
END_TEST

/* --- a network evaluation --- */

/* A random network for r's board: weights large enough that hidden units clip at both ends and
 * values differ, so that a wrong accumulator shows in the scores. */
static void random_network(const Rules *r, uint64_t seed, Nnue *net)
{
    Error err;
    ck_assert_int_eq(nnue_create(net, r->size, 32, &err), ST_OK);
    nnue_randomize(net, seed, 64);
}

/* With a network, the search (its accumulators kept move by move) equals the plain minimax
 * (refreshed at each leaf) on the small positions and on random play of each 7x7 preset. */
START_TEST(test_network_equals_minimax)
{
    const int small = (int)(sizeof SMALL / sizeof SMALL[0]);
    Rules r;
    GameState s;
    History h;
    if (_i < small) {
        const Fixture *f = &SMALL[_i];
        fixture_position(f->preset, f->otn, f->side, &r, &s, &h);
    } else {
        fixture_rules(RANDOM_PRESETS[(_i - small) % 5], &r);
        fixture_start(&r, &s, &h);
        play_random(&r, &s, &h, (uint64_t)_i, 6 + 2 * _i);
    }
    Nnue net;
    random_network(&r, (uint64_t)_i + 1, &net);
    char what[64];
    snprintf(what, sizeof what, "network, fixture %d", _i);
    check_equal_minimax_net(&r, &s, &h, 3, EXACT_SPEC, &net, what);
    nnue_free(&net);
    history_free(&h);
}
END_TEST

/* The default search is the one measured best for it (doc/commands.md, "Which search is the
 * default"): every feature on, one ply of the attackers' king threats in quiescence; the old
 * defaults (agent_spec_legacy) are the plain search. */
START_TEST(test_default_search_features)
{
    static const struct {
        const char *key;
        double now, before;
    } DEFAULTS[] = {{"pvs", 1, 0},     {"lmr", 1, 0},      {"tt_deep", 1, 0}, {"ext", 1, 0},
                    {"qchecks", 1, 0}, {"nullmove", 1, 0}, {"qrepeat", 1, 0}, {"blend", 1, 0},
                    {"asp", 0, 0},     {"quiesce", 1, 1},  {"qdepth", 4, 4},  {"depth", 4, 4}};
    char legacy[512];
    ck_assert(agent_spec_legacy("alphabeta", legacy, sizeof legacy));
    for (size_t k = 0; k < sizeof DEFAULTS / sizeof DEFAULTS[0]; k++) {
        const ParamSpec *p = NULL;
        for (int i = 0; i < AGENT_TYPE_ALPHABETA.param_count && !p; i++)
            if (strcmp(AGENT_TYPE_ALPHABETA.params[i].key, DEFAULTS[k].key) == 0)
                p = &AGENT_TYPE_ALPHABETA.params[i];
        ck_assert_msg(p != NULL, "no parameter %s", DEFAULTS[k].key);
        ck_assert_msg(p->def == DEFAULTS[k].now, "%s defaults to %g", DEFAULTS[k].key, p->def);
        char want[64];
        snprintf(want, sizeof want, "%s=%g", DEFAULTS[k].key, DEFAULTS[k].before);
        bool named = strstr(legacy, want) != NULL;
        ck_assert_msg(named == (DEFAULTS[k].now != DEFAULTS[k].before), "%s in %s", DEFAULTS[k].key,
                      legacy);
    }
}
END_TEST

/* Every part of the search that reaches a leaf (quiescence, null moves, extensions, reductions,
 * principal-variation and aspiration windows, the blend of two depths, repetitions) hands the
 * leaf the accumulator of its own position: each leaf's accumulator is refreshed and compared,
 * along games of every preset, and none differs. */
START_TEST(test_network_accumulator_in_every_search)
{
    static const char *const SPECS[] = {
        "alphabeta:depth=3,quiesce=yes,qchecks=2,qrepeat=yes,nullmove=yes,ext=yes",
        "alphabeta:depth=3,pvs=yes,lmr=yes,asp=20,tt_deep=yes",
        "alphabeta:depth=2,blend=yes,qchecks=1,nullmove=yes",
    };
    const Ruleset *rs = ruleset_preset_at(_i);
    Rules r;
    fixture_rules(rs->name, &r);
    Nnue net;
    random_network(&r, 77 + (uint64_t)_i, &net);
    uint64_t checked_all = 0;
    for (size_t k = 0; k < sizeof SPECS / sizeof SPECS[0]; k++) {
        GameState s;
        History h;
        fixture_start(&r, &s, &h);
        /* Large boards: fewer plies of a shallower search keep the test short. */
        char spec[160];
        snprintf(spec, sizeof spec, "%s,nodes=%d", SPECS[k], r.size > 9 ? 4000 : 20000);
        Agent *a = ab_agent(&r, spec, 3);
        ck_assert(agent_use_network(a, &net));
        alphabeta_check_network(a, true);
        for (int ply = 0; ply < 12 && !state_is_over(&s); ply++) {
            Move m = agent_choose(a, &s, &h);
            state_apply(&r, &s, &h, m, NULL);
        }
        uint64_t checked;
        uint64_t bad = alphabeta_network_mismatches(a, &checked);
        ck_assert_msg(bad == 0, "%s, %s: %llu of %llu leaves' accumulators differ", rs->name, spec,
                      (unsigned long long)bad, (unsigned long long)checked);
        checked_all += checked;
        agent_destroy(a);
        history_free(&h);
    }
    ck_assert_uint_gt(checked_all, 1000);
    nnue_free(&net);
}
END_TEST

Suite *alphabeta_suite(void)
{
    Suite *suite = suite_create("alphabeta");
    TCase *tc = tcase_create("minimax");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_minimax_small, 0, (int)(sizeof SMALL / sizeof SMALL[0]));
    tcase_add_loop_test(tc, test_minimax_random, 0, 12);
    tcase_add_test(tc, test_tt_off_same_score);
    tcase_add_loop_test(tc, test_tt_equals_plain_deep, 0, (int)(sizeof SMALL / sizeof SMALL[0]));
    suite_add_tcase(suite, tc);

    tc = tcase_create("tactics");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_win_in_one, 0, (int)(sizeof WINS / sizeof WINS[0]));
    tcase_add_test(tc, test_blocks_loss_in_one);
    tcase_add_test(tc, test_win_distance);
    tcase_add_test(tc, test_loss_score);
    suite_add_tcase(suite, tc);

    tc = tcase_create("deeper");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_default_search_features);
    tcase_add_loop_test(tc, test_pvs_equals_minimax, 0, (int)(sizeof SMALL / sizeof SMALL[0]));
    tcase_add_loop_test(tc, test_aspiration_equals_minimax, 0,
                        (int)(sizeof SMALL / sizeof SMALL[0]));
    tcase_add_test(tc, test_aspiration_searches_a_narrower_tree);
    tcase_add_test(tc, test_features_deterministic);
    tcase_add_test(tc, test_extensions_bounded_and_reductions_deepen);
    tcase_add_test(tc, test_qchecks_sees_king_fork);
    tcase_add_test(tc, test_nullmove_prunes);
    tcase_add_test(tc, test_qrepeat_sees_repetition);
    tcase_add_loop_test(tc, test_network_equals_minimax, 0,
                        (int)(sizeof SMALL / sizeof SMALL[0]) + 5);
    tcase_add_loop_test(tc, test_network_accumulator_in_every_search, 0, ruleset_preset_count());
    suite_add_tcase(suite, tc);

    tc = tcase_create("control");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_deterministic);
    tcase_add_test(tc, test_noise_varies_with_seed);
    tcase_add_test(tc, test_node_budget);
    tcase_add_test(tc, test_spec_and_stats);
    suite_add_tcase(suite, tc);

    tc = tcase_create("quiescence");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_quiescence_sees_recapture);
    tcase_add_test(tc, test_quiescence_sees_escape);
    tcase_add_test(tc, test_node_budget_quiescence_deterministic);
    tcase_add_test(tc, test_parity_small_depths);
    tcase_add_test(tc, test_blend_takes_the_mean_of_two_depths);
    suite_add_tcase(suite, tc);

    tc = tcase_create("eval");
    tcase_add_test(tc, test_eval_features);
    tcase_add_test(tc, test_eval_king_moves_brandubh_copenhagen);
    tcase_add_test(tc, test_eval_mobility_and_sum);
    tcase_add_test(tc, test_eval_threat_probe_equals_full_question);
    suite_add_tcase(suite, tc);
    return suite;
}
