/* The MCTS agent: wins in one (escape, each king-capture rule), a forced win in two found by the
 * solver, blocks a loss in one (in the tree, not only at the root), determinism, seeds, the arena
 * cap, tree reuse, playouts with and without the evaluation, and the strength ordering of budgets
 * on both sides. */
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/mcts.h"
#include "harness/match.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "tests/tests.h"

/* --- helpers --- */

/* Chooses with spec and seed, checks the move is legal, and returns the position after it. */
static GameState play_agent(const Rules *r, const GameState *s, const History *hist,
                            const char *spec, uint64_t seed, Move *out)
{
    Agent *a = fixture_agent(r, spec, seed);
    Move m = agent_choose(a, s, hist);
    ck_assert_msg(movegen_is_legal(r, s, m), "%s chose an illegal move", spec);
    agent_destroy(a);
    GameState after = *s;
    History h;
    fixture_history_at(&h, s);
    state_apply(r, &after, &h, m, NULL);
    history_free(&h);
    if (out)
        *out = m;
    return after;
}

/* True when the side to move in s has a move that wins at once. */
static bool has_win_in_one(const Rules *r, const GameState *s)
{
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    History h;
    fixture_history_at(&h, s);
    Winner mine = s->side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        GameState child = *s;
        state_apply(r, &child, &h, moves[i], NULL);
        history_truncate(&h, 1);
        found = child.winner == mine;
    }
    history_free(&h);
    return found;
}

/* Moves of the side to move after which the opponent cannot win at once. */
static int count_safe_moves(const Rules *r, const GameState *s)
{
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    History h;
    fixture_history_at(&h, s);
    int safe = 0;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, &h, moves[i], NULL);
        history_truncate(&h, 1);
        safe += !state_is_over(&child) && !has_win_in_one(r, &child);
    }
    history_free(&h);
    return safe;
}

static void expect_win(const char *preset, const char *otn, Side side, EndReason why)
{
    Rules r;
    GameState s;
    History hist;
    fixture_position(preset, otn, side, &r, &s, &hist);
    GameState after = play_agent(&r, &s, &hist, "mcts:iterations=200", 1, NULL);
    ck_assert_msg(after.winner == (side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS),
                  "%s: no win in one from %s", preset, otn);
    ck_assert_int_eq(after.reason, why);
    history_free(&hist);
}

/* --- wins in one --- */

START_TEST(test_win_escape)
{
    /* King on c1, a1 two squares west. */
    expect_win("brandubh", "/2K2t1/7/3t3/1t5/7/3T3/7/", SIDE_DEFENDERS, END_KING_ESCAPED);
}
END_TEST

START_TEST(test_win_capture_custodial)
{
    /* King c3 under an attacker on c2; a4-c4 closes the line. */
    expect_win("brandub-cyningstan", "/7/2t4/2K4/t6/7/5T1/7/", SIDE_ATTACKERS, END_KING_CAPTURED);
}
END_TEST

START_TEST(test_win_capture_beside_throne)
{
    /* King d3 beside the throne d4, attackers c3 and e3; a2-d2 makes the third side. */
    expect_win("brandubh", "/7/t6/2tKt2/7/7/T6/7/", SIDE_ATTACKERS, END_KING_CAPTURED);
}
END_TEST

START_TEST(test_win_capture_edge3)
{
    /* King d1 on the edge, attackers c1 and e1; a2-d2 makes the third side. */
    expect_win("brandubh-livas", "/2tKt2/t6/7/7/6T/7/7/", SIDE_ATTACKERS, END_KING_CAPTURED);
}
END_TEST

START_TEST(test_win_capture_strong)
{
    /* King c3, attackers c2, b3, d3; a4-c4 makes the fourth side. */
    Rules r;
    GameState s;
    History hist;
    fixture_custom_position("brandubh", KING_CAPTURE_STRONG, "/7/2t4/1tKt3/t6/7/5T1/7/",
                            SIDE_ATTACKERS, &r, &s, &hist);
    GameState after = play_agent(&r, &s, &hist, "mcts:iterations=200", 1, NULL);
    ck_assert_int_eq(after.winner, WINNER_ATTACKERS);
    ck_assert_int_eq(after.reason, END_KING_CAPTURED);
    history_free(&hist);
}
END_TEST

/* True when the side to move in s has a move after which every reply leaves it a win in one. */
static bool is_forced_win_in_two(const Rules *r, const GameState *s, Move m)
{
    GameState after = *s;
    History h;
    fixture_history_at(&h, s);
    state_apply(r, &after, &h, m, NULL);
    Move replies[RULES_MAX_MOVES];
    int n = state_is_over(&after) ? 0 : movegen_legal(r, &after, replies);
    bool forced = n > 0;
    for (int i = 0; i < n && forced; i++) {
        GameState next = after;
        history_truncate(&h, 2);
        state_apply(r, &next, &h, replies[i], NULL);
        forced = !state_is_over(&next) && has_win_in_one(r, &next);
    }
    history_free(&h);
    return forced;
}

/* The king on d3 with no win in one; d3-d1 (or a3 on the open a-file) forks two corners, and no
 * single attacker move closes both lines or captures him there. The solver proves it: every
 * reply is a known loss (the king escapes), so the move is a known win, played with score 1. */
START_TEST(test_solver_fork)
{
    Rules r;
    GameState s;
    History hist;
    fixture_position("brandubh", "/7/7/3K3/7/1t3t1/7/7/", SIDE_DEFENDERS, &r, &s, &hist);
    ck_assert(!has_win_in_one(&r, &s));
    static const char *const specs[] = {"mcts:iterations=1000", "mcts:iterations=1000,minimax=0",
                                        "mcts:iterations=1000,eval_plies=-1"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        Agent *a = fixture_agent(&r, specs[k], 3);
        Move m = agent_choose(a, &s, &hist);
        char text[32];
        otn_format_move(&r, m, NULL, text);
        ck_assert_msg(is_forced_win_in_two(&r, &s, m), "%s played %s, not a forced win", specs[k],
                      text);
        ck_assert_msg(agent_last_stats(a)->score == 1.0, "%s: %s not proven (score %g)", specs[k],
                      text, agent_last_stats(a)->score);
        agent_destroy(a);
    }
    history_free(&hist);
}
END_TEST

/* The quick-win finder against brute force over seeded random games of every preset and two
 * variations (every king-capture rule, both escape rules, a throne no one passes): it finds a win
 * whenever some move wins by the king's escape or capture, and the move it finds does win. */
START_TEST(test_quick_win_matches_brute_force)
{
    int found = 0;
    const int presets = ruleset_preset_count();
    for (int p = 0; p < presets + 2; p++) {
        /* Two more: brandubh with the strong king, and tablut that no one passes the throne. */
        Ruleset rs = *ruleset_preset_at(p < presets ? p : 0);
        if (p == presets)
            rs.king_capture = KING_CAPTURE_STRONG;
        if (p == presets + 1) {
            rs = *ruleset_preset_find("tablut");
            rs.throne_pass = THRONE_PASS_NONE;
        }
        Rules r;
        Error err = {{0}};
        ck_assert_msg(rules_compile(&rs, &r, &err) == ST_OK, "%s", err.text);
        History hist;
        history_init(&hist);
        for (int game = 0; game < 12; game++) {
            Rng rng;
            rng_seed(&rng, rng_mix(99, (uint64_t)(p * 100 + game)));
            GameState s;
            state_init(&r, &s);
            history_clear(&hist);
            history_push(&hist, s.hash, s.fort_hash, false, false);
            Move m;
            while (s.ply < 400 && movegen_random(&r, &s, &rng, &m)) {
                Move moves[RULES_MAX_MOVES];
                int n = movegen_legal(&r, &s, moves);
                const int mark = hist.length;
                bool expected = false;
                for (int i = 0; i < n && !expected; i++) {
                    GameState child = s;
                    state_apply(&r, &child, &hist, moves[i], NULL);
                    history_truncate(&hist, mark);
                    expected =
                        child.reason == END_KING_ESCAPED || child.reason == END_KING_CAPTURED;
                }
                Move win;
                bool got = mcts_quick_win(&r, &s, &hist, &win);
                ck_assert_int_eq(hist.length, mark);
                ck_assert_msg(got || !expected, "%s game %d ply %u: a quick win missed", r.opt.name,
                              game, s.ply);
                if (got) {
                    GameState child = s;
                    state_apply(&r, &child, &hist, win, NULL);
                    history_truncate(&hist, mark);
                    ck_assert_msg(child.winner == (s.side == SIDE_ATTACKERS ? WINNER_ATTACKERS
                                                                            : WINNER_DEFENDERS),
                                  "%s game %d ply %u: the quick win does not win", r.opt.name, game,
                                  s.ply);
                    found++;
                }
                state_apply(&r, &s, &hist, m, NULL);
            }
        }
        history_free(&hist);
    }
    ck_assert_int_gt(found, 100);
}
END_TEST

/* Captures where the only other hostile side is a special square, rare in random games. */
START_TEST(test_quick_win_special_squares)
{
    static const struct {
        const char *preset;
        const char *otn;
    } cases[] = {
        /* Custodial against the empty throne: a2-d2 with the king on d3 beside d4. */
        {"brandubh", "/7/t6/3K3/7/7/T6/7/"},
        /* Custodial against the corner: the king on b1 beside a1, c5-c1 closes the line. */
        {"brandub-cyningstan", "/1K5/7/7/7/2t4/5T1/7/"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Rules r;
        GameState s;
        History hist;
        fixture_custom_position(cases[i].preset, KING_CAPTURE_CUSTODIAL, cases[i].otn,
                                SIDE_ATTACKERS, &r, &s, &hist);
        Move win;
        ck_assert_msg(mcts_quick_win(&r, &s, &hist, &win), "no quick win in %s", cases[i].otn);
        ck_assert_int_eq(hist.length, 1);
        state_apply(&r, &s, &hist, win, NULL);
        ck_assert_int_eq(s.reason, END_KING_CAPTURED);
        history_free(&hist);
    }
}
END_TEST

/* --- blocking a loss in one: found by the search, since the root has no win --- */

/* King c1 with d1 held: only b1 stands between him and a1; only b5-b1 closes it. */
#define BLOCK_POSITION "/2KT3/4t2/2t4/t5t/1t5/3T1t1/3t3/"

static void expect_block(const char *spec, uint64_t seed)
{
    Rules r;
    GameState s;
    History hist;
    fixture_position("brandubh", BLOCK_POSITION, SIDE_ATTACKERS, &r, &s, &hist);
    ck_assert_int_eq(count_safe_moves(&r, &s), 1);
    Move m;
    GameState after = play_agent(&r, &s, &hist, spec, seed, &m);
    char text[32];
    otn_format_move(&r, m, NULL, text);
    ck_assert_msg(!has_win_in_one(&r, &after), "%s seed %llu played %s, leaving a win", spec,
                  (unsigned long long)seed, text);
    ck_assert_str_eq(text, "b5-b1");
    history_free(&hist);
}

START_TEST(test_block_escape)
{
    expect_block("mcts:iterations=500", 1 + (uint64_t)_i);
}
END_TEST

START_TEST(test_block_escape_greedy)
{
    expect_block("mcts:iterations=500,playout=greedy", 7);
}
END_TEST

START_TEST(test_block_escape_tiny_arena)
{
    expect_block("mcts:iterations=2000,max_nodes=1000", 3);
}
END_TEST

START_TEST(test_avoid_capture)
{
    /* Defenders to move; a4-c4 would capture the king on c3 (custodial with c2). */
    Rules r;
    GameState s;
    History hist;
    fixture_position("brandub-cyningstan", "/7/2t4/2K4/t6/7/5T1/7/", SIDE_DEFENDERS, &r, &s, &hist);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        GameState after = play_agent(&r, &s, &hist, "mcts:iterations=500", seed, NULL);
        ck_assert_msg(!has_win_in_one(&r, &after), "seed %llu leaves the king capturable",
                      (unsigned long long)seed);
    }
    history_free(&hist);
}
END_TEST

/* --- determinism, seeds, statistics --- */

START_TEST(test_same_seed_same_moves)
{
    Rules r;
    fixture_rules("brandubh", &r);
    Agent *a = fixture_agent(&r, "mcts:iterations=300", 42);
    Agent *b = fixture_agent(&r, "mcts:iterations=300", 42);
    GameState s;
    History hist;
    fixture_start(&r, &s, &hist);
    for (int ply = 0; ply < 8 && !state_is_over(&s); ply++) {
        Move ma = agent_choose(a, &s, &hist);
        Move mb = agent_choose(b, &s, &hist);
        ck_assert_int_eq(ma.from, mb.from);
        ck_assert_int_eq(ma.to, mb.to);
        ck_assert(agent_last_stats(a)->score == agent_last_stats(b)->score);
        state_apply(&r, &s, &hist, ma, NULL);
    }
    /* A new game with the same seed replays the first move. */
    state_init(&r, &s);
    history_clear(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    agent_new_game(a, 7);
    agent_new_game(b, 7);
    Move ma = agent_choose(a, &s, &hist);
    Move mb = agent_choose(b, &s, &hist);
    ck_assert(ma.from == mb.from && ma.to == mb.to);
    agent_destroy(a);
    agent_destroy(b);
    history_free(&hist);
}
END_TEST

START_TEST(test_seeds_break_ties)
{
    /* One iteration visits one root child, so the choice is the first of a seeded shuffle:
     * every opening move ties, and different seeds pick different ones. */
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    int distinct = 0;
    Move first = {0, 0};
    for (uint64_t seed = 1; seed <= 20; seed++) {
        Move m;
        (void)play_agent(&r, &s, NULL, "mcts:iterations=1", seed, &m);
        if (seed == 1)
            first = m;
        else if (m.from != first.from || m.to != first.to)
            distinct++;
    }
    ck_assert_int_gt(distinct, 0);
}
END_TEST

START_TEST(test_stats)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    Agent *a = fixture_agent(&r, "mcts:iterations=700", 5);
    Move m = agent_choose(a, &s, NULL); /* no history given: the root alone */
    ck_assert(movegen_is_legal(&r, &s, m));
    const AgentStats *st = agent_last_stats(a);
    ck_assert_uint_eq(st->nodes, 700);
    ck_assert_int_ge(st->depth, 2);
    ck_assert(st->score >= 0.0 && st->score <= 1.0);
    ck_assert_uint_eq(mcts_root_visits(a), 700);
    ck_assert(!mcts_tree_reused(a));
    char desc[1024];
    agent_describe(a, desc, sizeof desc);
    /* The evaluation's weights follow (agents/eval.h owns them and their defaults). */
    const char *expected = "mcts:iterations=700,c=0.7,playout=random,playout_plies=200,"
                           "max_nodes=1000000,reuse=no,eval_plies=2,eval_scale=40,minimax=0.6,"
                           "tactics=yes,attacker_material=";
    ck_assert_msg(strncmp(desc, expected, strlen(expected)) == 0, "described as %s", desc);
    agent_destroy(a);
}
END_TEST

START_TEST(test_win_stats)
{
    Rules r;
    GameState s;
    History hist;
    fixture_position("brandubh", "/2K2t1/7/3t3/1t5/7/3T3/7/", SIDE_DEFENDERS, &r, &s, &hist);
    Agent *a = fixture_agent(&r, "mcts:iterations=1000", 5);
    (void)agent_choose(a, &s, &hist);
    ck_assert(agent_last_stats(a)->score == 1.0);
    ck_assert_uint_eq(agent_last_stats(a)->nodes, 0);
    agent_destroy(a);
    history_free(&hist);
}
END_TEST

/* --- the arena --- */

START_TEST(test_arena_cap)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History hist;
    fixture_start(&r, &s, &hist);
    Agent *a = fixture_agent(&r, "mcts:iterations=3000,max_nodes=1000", 9);
    for (int ply = 0; ply < 6 && !state_is_over(&s); ply++) {
        Move m = agent_choose(a, &s, &hist);
        ck_assert(movegen_is_legal(&r, &s, m));
        ck_assert_uint_le(mcts_tree_nodes(a), 1000);
        ck_assert_uint_gt(mcts_tree_nodes(a), 900); /* the tree filled it, then stopped */
        ck_assert_uint_eq(agent_last_stats(a)->nodes, 3000);
        state_apply(&r, &s, &hist, m, NULL);
    }
    agent_destroy(a);
    history_free(&hist);
}
END_TEST

/* --- reuse --- */

START_TEST(test_reuse_game)
{
    /* Against a random opponent the reply is found two plies down the kept tree. */
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History hist;
    fixture_start(&r, &s, &hist);
    Agent *a = fixture_agent(&r, "mcts:iterations=800,reuse=yes", 3);
    Agent *opp = fixture_agent(&r, "random", 4);
    int reused = 0;
    for (int ply = 0; ply < 16 && !state_is_over(&s); ply++) {
        bool mine = ply % 2 == 0;
        Move m = agent_choose(mine ? a : opp, &s, &hist);
        ck_assert(movegen_is_legal(&r, &s, m));
        if (mine && ply > 0 && mcts_tree_reused(a)) {
            reused++;
            ck_assert_uint_gt(mcts_root_visits(a), 800);
        }
        state_apply(&r, &s, &hist, m, NULL);
    }
    ck_assert_int_ge(reused, 5);
    /* A new game forgets the tree. */
    state_init(&r, &s);
    history_clear(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    agent_new_game(a, 3);
    (void)agent_choose(a, &s, &hist);
    ck_assert(!mcts_tree_reused(a));
    ck_assert_uint_eq(mcts_root_visits(a), 800);
    agent_destroy(a);
    agent_destroy(opp);
    history_free(&hist);
}
END_TEST

START_TEST(test_reuse_blocks_like_fresh)
{
    /* Search with defenders to move, then the king steps to c1 (one ply down the kept tree):
     * the reused tree must block like a fresh search does. */
    Rules r;
    GameState s;
    History hist;
    fixture_position("brandubh", "/3T3/2K1t2/2t4/t5t/1t5/3T1t1/3t3/", SIDE_DEFENDERS, &r, &s,
                     &hist);
    Agent *a = fixture_agent(&r, "mcts:iterations=500,reuse=yes", 11);
    Move m = agent_choose(a, &s, &hist);
    ck_assert(movegen_is_legal(&r, &s, m));
    fixture_play(&r, &s, &hist, "c2-c1", NULL);
    m = agent_choose(a, &s, &hist);
    ck_assert(mcts_tree_reused(a));
    char text[32];
    otn_format_move(&r, m, NULL, text);
    ck_assert_str_eq(text, "b5-b1");
    /* A position not in the tree (another history) starts afresh. */
    GameState t;
    History other;
    fixture_position("brandubh", BLOCK_POSITION, SIDE_ATTACKERS, &r, &t, &other);
    m = agent_choose(a, &t, &other);
    ck_assert(!mcts_tree_reused(a));
    otn_format_move(&r, m, NULL, text);
    ck_assert_str_eq(text, "b5-b1");
    agent_destroy(a);
    history_free(&hist);
    history_free(&other);
}
END_TEST

/* --- playouts --- */

START_TEST(test_greedy_and_caps_play_games)
{
    static const char *const specs[] = {
        "mcts:iterations=200,playout=greedy",
        "mcts:iterations=200,playout_plies=0,eval_plies=-1",
        "mcts:iterations=200,playout_plies=5,c=0,eval_plies=-1",
        "mcts:iterations=200,eval_plies=0,minimax=0",
        "mcts:iterations=200,eval_plies=0,minimax=1",
        "mcts:iterations=200,eval_plies=30,minimax=0.5,playout=greedy,mobility=0",
    };
    Rules r;
    fixture_rules("brandubh", &r);
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        GameState s;
        History hist;
        fixture_start(&r, &s, &hist);
        Agent *a = fixture_agent(&r, specs[k], 21);
        for (int ply = 0; ply < 10 && !state_is_over(&s); ply++) {
            Move m = agent_choose(a, &s, &hist);
            ck_assert_msg(movegen_is_legal(&r, &s, m), "%s", specs[k]);
            state_apply(&r, &s, &hist, m, NULL);
        }
        agent_destroy(a);
        history_free(&hist);
    }
}
END_TEST

/* --- strength: more iterations play better on both sides --- */

/* The attackers' score (win 1, draw 1/2) over `games` seeded Brandubh games, 4 random opening
 * plies each, game g with seed rng_mix(77, g). */
static double attacker_score(const Rules *r, const char *att_spec, const char *def_spec, int games)
{
    Agent *att = fixture_agent(r, att_spec, 1);
    Agent *def = fixture_agent(r, def_spec, 2);
    double score = 0;
    for (int g = 0; g < games; g++) {
        GameRecord rec;
        match_play(r, att, def, rng_mix(77, (uint64_t)g), 4, false, &rec);
        score += rec.winner == WINNER_ATTACKERS ? 1.0 : rec.winner == WINNER_DRAW ? 0.5 : 0.0;
        match_record_free(&rec);
    }
    agent_destroy(att);
    agent_destroy(def);
    return score / games;
}

/* More iterations must play better on both sides: against fixed opponents the strong budget
 * scores more as attacker (against greedy) and concedes less as defender (against plain
 * depth-2 alpha-beta) than the weak one, and head to head it scores far more attacking the weak
 * budget than the weak budget scores attacking it. The margins are a little under those
 * measured when this was written (printed below: 0.000 -> 0.150 attacking, 0.225 -> 0.075
 * conceded, 0.500 vs 0.000 head to head). The games are seeded, so the figures are exact and
 * change only with the agents' behaviour. Before the evaluation was used, MCTS as attacker lost
 * nearly every game whatever its budget. (The quiescent, tuned alpha-beta of depth 2 beats both
 * budgets as defender every time, so it cannot order them.) */
#define STRENGTH_GAMES       40
#define STRENGTH_WEAK        "mcts:iterations=100"
#define STRENGTH_STRONG      "mcts:iterations=800"
#define STRENGTH_DEFENDER    "greedy"
#define STRENGTH_ATTACKER    "alphabeta:depth=2,quiesce=no"
#define STRENGTH_MARGIN_ATT  0.1
#define STRENGTH_MARGIN_DEF  0.05
#define STRENGTH_MARGIN_HEAD 0.4
START_TEST(test_strength_both_sides)
{
    Rules r;
    fixture_rules("brandubh", &r);
    const int n = STRENGTH_GAMES;
    const double weak_att = attacker_score(&r, STRENGTH_WEAK, STRENGTH_DEFENDER, n);
    const double strong_att = attacker_score(&r, STRENGTH_STRONG, STRENGTH_DEFENDER, n);
    const double weak_def = attacker_score(&r, STRENGTH_ATTACKER, STRENGTH_WEAK, n);
    const double strong_def = attacker_score(&r, STRENGTH_ATTACKER, STRENGTH_STRONG, n);
    const double head_att = attacker_score(&r, STRENGTH_STRONG, STRENGTH_WEAK, n);
    const double head_def = attacker_score(&r, STRENGTH_WEAK, STRENGTH_STRONG, n);
    fprintf(stderr,
            "strength: attacking %s %.3f -> %.3f, conceded to %s %.3f -> %.3f; head to head "
            "%.3f vs %.3f\n",
            STRENGTH_DEFENDER, weak_att, strong_att, STRENGTH_ATTACKER, weak_def, strong_def,
            head_att, head_def);
    ck_assert_msg(strong_att >= weak_att + STRENGTH_MARGIN_ATT, "attacking: %.3f -> %.3f", weak_att,
                  strong_att);
    ck_assert_msg(strong_def <= weak_def - STRENGTH_MARGIN_DEF, "conceded: %.3f -> %.3f", weak_def,
                  strong_def);
    ck_assert_msg(head_att - head_def >= STRENGTH_MARGIN_HEAD, "head to head: %.3f vs %.3f",
                  head_att, head_def);
}
END_TEST

START_TEST(test_bad_specs)
{
    Rules r;
    fixture_rules("brandubh", &r);
    static const struct {
        const char *spec;
        const char *says; /* a piece of the one-line error */
    } bad[] = {
        {"mcts:iterations=0", "iterations"},  {"mcts:c=-1", "c"},
        {"mcts:playout=smart", "playout"},    {"mcts:max_nodes=10", "max_nodes"},
        {"mcts:reuse=maybe", "reuse"},        {"mcts:depth=3", "depth"},
        {"mcts:eval_plies=-2", "eval_plies"}, {"mcts:eval_plies=two", "eval_plies"},
        {"mcts:eval_scale=0", "eval_scale"},  {"mcts:minimax=1.5", "minimax"},
        {"mcts:minimax=-0.1", "minimax"},     {"mcts:king_distance=x", "king_distance"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Agent *a = NULL;
        Error err = {{0}};
        ck_assert_msg(agent_create(bad[i].spec, &r, 1, &a, &err) == ST_EINVAL, "%s accepted",
                      bad[i].spec);
        ck_assert_msg(strstr(err.text, bad[i].says) != NULL, "%s: the error '%s' does not name %s",
                      bad[i].spec, err.text, bad[i].says);
    }
}
END_TEST

Suite *mcts_suite(void)
{
    Suite *suite = suite_create("mcts");
    TCase *tc = tcase_create("wins");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_win_escape);
    tcase_add_test(tc, test_win_capture_custodial);
    tcase_add_test(tc, test_win_capture_beside_throne);
    tcase_add_test(tc, test_win_capture_edge3);
    tcase_add_test(tc, test_win_capture_strong);
    tcase_add_test(tc, test_win_stats);
    tcase_add_test(tc, test_quick_win_matches_brute_force);
    tcase_add_test(tc, test_quick_win_special_squares);
    tcase_add_test(tc, test_solver_fork);
    suite_add_tcase(suite, tc);

    tc = tcase_create("blocks");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_block_escape, 0, 3);
    tcase_add_test(tc, test_block_escape_greedy);
    tcase_add_test(tc, test_block_escape_tiny_arena);
    tcase_add_test(tc, test_avoid_capture);
    suite_add_tcase(suite, tc);

    tc = tcase_create("determinism");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_same_seed_same_moves);
    tcase_add_test(tc, test_seeds_break_ties);
    tcase_add_test(tc, test_stats);
    suite_add_tcase(suite, tc);

    tc = tcase_create("tree");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_arena_cap);
    tcase_add_test(tc, test_reuse_game);
    tcase_add_test(tc, test_reuse_blocks_like_fresh);
    tcase_add_test(tc, test_greedy_and_caps_play_games);
    tcase_add_test(tc, test_bad_specs);
    suite_add_tcase(suite, tc);

    tc = tcase_create("strength");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_strength_both_sides);
    suite_add_tcase(suite, tc);
    return suite;
}
