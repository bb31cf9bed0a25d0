/* Duties of every agent: specs and their errors, legal moves from many random positions,
 * winning in one and blocking a loss in one, determinism, and strength over random play. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "agents/alphabeta.h"
#include "agents/evalfile.h"
#include "harness/runner.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "tests/tests.h"

/* Cheap budgets: these tests are about duties, not strength. */
static const char *const CHEAP_SPECS[] = {"random", "greedy", "mcts:iterations=16",
                                          "alphabeta:depth=1"};
#define CHEAP_COUNT ((int)(sizeof CHEAP_SPECS / sizeof CHEAP_SPECS[0]))

/* Searching specs that must see a win or a loss one move ahead. */
static const char *const SEARCH_SPECS[] = {"greedy", "mcts:iterations=300", "alphabeta:depth=2"};
#define SEARCH_COUNT ((int)(sizeof SEARCH_SPECS / sizeof SEARCH_SPECS[0]))

START_TEST(test_spec_errors_list_what_is_valid)
{
    fixture_spec_error("minimax", "unknown agent 'minimax' (agents: random, greedy, mcts, "
                                  "alphabeta, external)");
    fixture_spec_error("mcts:iters=5", "unknown key 'iters' (keys: iterations=");
    fixture_spec_error("mcts:iterations=0", "iterations='0': want an integer 1..");
    fixture_spec_error("mcts:iterations=ten", "want an integer");
    fixture_spec_error("mcts:iterations=99999999999999999999", "want an integer");
    fixture_spec_error("mcts:c=-1", "c='-1': want a number");
    fixture_spec_error("mcts:c=nan", "want a number");
    fixture_spec_error("mcts:playout=smart", "playout='smart': want random|greedy");
    fixture_spec_error("mcts:reuse=maybe", "want yes or no");
    fixture_spec_error("mcts:c=1,c=2", "given twice");
    fixture_spec_error("mcts:c=1,", "trailing ','");
    fixture_spec_error("mcts:c", "not key=value");
    fixture_spec_error("random:depth=2", "unknown key 'depth'");
    fixture_spec_error("alphabeta:depth=-1", "depth='-1'");
    /* Found by fuzz_agent_spec (tests/fuzz/agent_spec/regress-newline-in-error): a newline in
     * the spec made the error two lines; control characters are shown as '?'. */
    fixture_spec_error("a\n:depth=3", "unknown agent 'a?' (agents: ");
    fixture_spec_error("mcts:c=1\r", "c='1?': want a number");
}
END_TEST

START_TEST(test_spec_describe_round_trips)
{
    Rules r;
    fixture_rules("brandubh", &r);
    const char *specs[] = {"random", "greedy:mobility=0.5", "mcts:iterations=77,c=1.25",
                           "alphabeta:depth=3,king_distance=2.5"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        Agent *a = fixture_agent(&r, specs[i], 1);
        char full[1024], again[1024];
        agent_describe(a, full, sizeof full);
        Agent *b = fixture_agent(&r, full, 1);
        agent_describe(b, again, sizeof again);
        ck_assert_str_eq(full, again);
        agent_destroy(a);
        agent_destroy(b);
    }
}
END_TEST

/* A resolved spec makes agents that play as agent_create's, records what eval= resolved to,
 * takes a recorded value in place of the spec's, and refuses rules it cannot play. */
/* A run of setup format 1 named its agents with the defaults of its day: agent_spec_legacy
 * writes out the old value of each alpha-beta feature the spec does not set, after the items
 * it has, and leaves other agents and specs that do not parse as they are. */
START_TEST(test_spec_legacy_writes_the_old_defaults)
{
    static const struct {
        const char *spec, *want;
    } CASES[] = {
        {"alphabeta", "alphabeta:" ALPHABETA_PLAIN},
        {"alphabeta:", "alphabeta:" ALPHABETA_PLAIN},
        {"alphabeta:depth=2", "alphabeta:depth=2," ALPHABETA_PLAIN},
        {"alphabeta:depth=2,qchecks=4,blend=yes",
         "alphabeta:depth=2,qchecks=4,blend=yes,pvs=0,lmr=0,tt_deep=0,ext=0,nullmove=0,qrepeat=0"},
        {"alphabeta:depth=2,eval=trained", "alphabeta:depth=2,eval=trained," ALPHABETA_PLAIN},
        {"alphabeta:depth=2," ALPHABETA_PLAIN, "alphabeta:depth=2," ALPHABETA_PLAIN},
        {"mcts:iterations=5", "mcts:iterations=5"},
        {"greedy", "greedy"},
        {"alphabeta:colour=red", "alphabeta:colour=red"},
        {"nosuchagent:x=1", "nosuchagent:x=1"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char buf[512];
        ck_assert(agent_spec_legacy(CASES[i].spec, buf, sizeof buf));
        ck_assert_str_eq(buf, CASES[i].want);
    }
    char small[24];
    ck_assert(!agent_spec_legacy("alphabeta:depth=2", small, sizeof small));
    ck_assert_str_eq(small, "");
    /* The old spec plays the plain search: the same root score as every feature named off. */
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    char legacy[512];
    ck_assert(agent_spec_legacy("alphabeta:depth=3", legacy, sizeof legacy));
    Agent *old = fixture_agent(&r, legacy, 1);
    Agent *plain = fixture_agent(&r,
                                 "alphabeta:depth=3,pvs=no,lmr=no,tt_deep=no,ext=no,"
                                 "qchecks=0,nullmove=no,qrepeat=no,blend=no",
                                 1);
    ck_assert(alphabeta_search(old, &s, &h, 3, NULL) == alphabeta_search(plain, &s, &h, 3, NULL));
    ck_assert_uint_eq(agent_last_stats(old)->nodes, agent_last_stats(plain)->nodes);
    agent_destroy(old);
    agent_destroy(plain);
    history_free(&h);
}
END_TEST

START_TEST(test_resolved_agents_play_as_created)
{
    Rules r, h13;
    fixture_rules("brandubh", &r);
    fixture_rules("hnefatafl-13", &h13);
    const char *spec = "alphabeta:depth=2,eval=trained";
    ResolvedAgent *ra = NULL;
    Error err = {{0}};
    ck_assert_int_eq(agent_resolve(spec, NULL, &r, &ra, &err), ST_OK);
    char eval[64];
    snprintf(eval, sizeof eval, "%s", agent_resolved_eval(ra));
    ck_assert_msg(strncmp(eval, "trained@", 8) == 0 && strlen(eval) == 8 + 16, "%s", eval);
    uint64_t hash;
    ck_assert(!agent_resolved_eval_file_hash(ra, &hash)); /* trained is no file */
    Agent *made = agent_from_resolved(ra, 9), *created = fixture_agent(&r, spec, 9);
    char a[2048], b[2048], c[2048];
    agent_describe(made, a, sizeof a);
    agent_describe(created, b, sizeof b);
    agent_resolved_describe(ra, c, sizeof c);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    for (int ply = 0; ply < 6 && !state_is_over(&s); ply++) {
        Move m = agent_choose(made, &s, &h), n = agent_choose(created, &s, &h);
        ck_assert(m.from == n.from && m.to == n.to);
        state_apply(&r, &s, &h, m, NULL);
    }
    history_free(&h);
    agent_destroy(made);
    agent_destroy(created);
    agent_resolved_free(ra);
    /* A pin stands for the spec's value; one found nowhere is refused. */
    ck_assert_int_eq(agent_resolve("alphabeta:depth=2", eval, &r, &ra, &err), ST_OK);
    ck_assert_str_eq(agent_resolved_eval(ra), eval);
    agent_resolved_free(ra);
    ck_assert_int_eq(agent_resolve(spec, "trained@0123456789abcdef", &r, &ra, &err), ST_EINVAL);
    ck_assert_int_eq(agent_resolve(spec, NULL, &h13, &ra, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "no evaluation ships for ruleset hnefatafl-13"), "%s", err.text);
}
END_TEST

/* eval=trained on rules no evaluation ships for: the shipped one of the nearest preset on the
 * same board, said in a note naming the options that differ; the exact one when it ships; a
 * board with none refused; an eval=FILE must still match its rules. */
START_TEST(test_trained_carries_to_rules_on_its_board)
{
    Rules brandubh, online, h13;
    fixture_rules("brandubh", &brandubh);
    fixture_rules("brandubh-online", &online);
    fixture_rules("hnefatafl-13", &h13);
    const char *spec = "alphabeta:depth=2,eval=trained";
    ResolvedAgent *exact = NULL, *carried = NULL, *pinned = NULL, *none = NULL;
    Error err = {{0}};
    char note[1024];
    ck_assert_int_eq(agent_resolve(spec, NULL, &brandubh, &exact, &err), ST_OK);
    ck_assert(!agent_resolved_eval_note(exact, note, sizeof note));
    ck_assert_int_eq(agent_resolve(spec, NULL, &online, &carried, &err), ST_OK);
    ck_assert_str_eq(agent_resolved_eval(carried), agent_resolved_eval(exact));
    ck_assert(agent_resolved_eval_note(carried, note, sizeof note));
    ck_assert_str_eq(note, "trained for brandubh, played on brandubh-online: no evaluation ships "
                           "for its rules; the nearest on its 7x7 board differs in "
                           "king_capture, repetition");
    /* What a run recorded replays the same evaluation. */
    ck_assert_int_eq(agent_resolve(spec, agent_resolved_eval(carried), &online, &pinned, &err),
                     ST_OK);
    ck_assert(agent_resolved_eval_note(pinned, note, sizeof note));
    ck_assert_int_eq(agent_resolve(spec, NULL, &h13, &none, &err), ST_EINVAL);
    ck_assert_msg(
        strstr(err.text, "no evaluation ships for ruleset hnefatafl-13 or its 13x13 board"), "%s",
        err.text);
    /* A file names its own rules: Brandubh's file is refused on brandubh-online. */
    const char *text = NULL;
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++)
        if (!EVALMODEL_SHIPPED[i].retired && strcmp(EVALMODEL_SHIPPED[i].name, "brandubh") == 0)
            text = EVALMODEL_SHIPPED[i].text;
    ck_assert(text != NULL);
    char path[] = "/tmp/tafl-check-evalXXXXXX";
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    ck_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    char file_spec[128];
    snprintf(file_spec, sizeof file_spec, "alphabeta:depth=2,eval=%s", path);
    ResolvedAgent *file = NULL;
    ck_assert_int_eq(agent_resolve(file_spec, NULL, &online, &file, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "trained for ruleset brandubh"), "%s", err.text);
    unlink(path);
    agent_resolved_free(exact);
    agent_resolved_free(carried);
    agent_resolved_free(pinned);
}
END_TEST

/* The 9x9 board has its own evaluation (evals/tablut.eval, trained on Tablut): tablut plays it
 * without a note, and a user's Tablut variant gets it with a note naming the options that
 * differ. */
START_TEST(test_trained_on_the_9x9_board)
{
    Rules tablut, variant;
    fixture_rules("tablut", &tablut);
    Ruleset rs = *ruleset_preset_find("tablut");
    Error err = {{0}};
    ck_assert_int_eq(ruleset_set_option(&rs, "name", "tablut-custodial-unarmed", &err), ST_OK);
    ck_assert_int_eq(ruleset_set_option(&rs, "king_capture", "custodial", &err), ST_OK);
    ck_assert_int_eq(ruleset_set_option(&rs, "king_armed", "no", &err), ST_OK);
    ck_assert_int_eq(rules_compile(&rs, &variant, &err), ST_OK);
    const char *spec = "alphabeta:depth=2,eval=trained";
    ResolvedAgent *own = NULL, *carried = NULL;
    char note[1024];
    ck_assert_int_eq(agent_resolve(spec, NULL, &tablut, &own, &err), ST_OK);
    ck_assert(strncmp(agent_resolved_eval(own), "trained@", 8) == 0);
    ck_assert(!agent_resolved_eval_note(own, note, sizeof note));
    ck_assert_int_eq(agent_resolve(spec, NULL, &variant, &carried, &err), ST_OK);
    ck_assert_str_eq(agent_resolved_eval(carried), agent_resolved_eval(own));
    ck_assert(agent_resolved_eval_note(carried, note, sizeof note));
    ck_assert_str_eq(note, "trained for tablut, played on tablut-custodial-unarmed: no "
                           "evaluation ships for its rules; the nearest on its 9x9 board differs "
                           "in king_armed, king_capture");
    agent_resolved_free(own);
    agent_resolved_free(carried);
}
END_TEST

/* "Every agent returns a legal move from 1,000 seeded random positions of every preset." */
START_TEST(test_agents_legal_from_random_positions)
{
    Rules r;
    fixture_rules(ruleset_preset_at(_i)->name, &r);
    Agent *agents[CHEAP_COUNT];
    for (int k = 0; k < CHEAP_COUNT; k++)
        agents[k] = fixture_agent(&r, CHEAP_SPECS[k], 7);
    History hist;
    history_init(&hist);
    int positions = 0;
    for (uint64_t g = 0; positions < 1000; g++) {
        Rng rng;
        rng_seed(&rng, rng_mix(0xa9e7, g));
        GameState s;
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        int length = (int)rng_below(&rng, 80);
        Move m;
        while ((int)s.ply < length && movegen_random(&r, &s, &rng, &m))
            state_apply(&r, &s, &hist, m, NULL);
        if (state_is_over(&s))
            continue;
        positions++;
        Agent *a = agents[positions % CHEAP_COUNT];
        agent_new_game(a, g);
        GameState before = s;
        Move chosen = agent_choose(a, &s, &hist);
        ck_assert_msg(movegen_is_legal(&r, &s, chosen), "%s on %s: illegal move",
                      CHEAP_SPECS[positions % CHEAP_COUNT], r.opt.name);
        ck_assert(memcmp(&before, &s, sizeof s) == 0); /* the agent never changes s */
    }
    history_free(&hist);
    for (int k = 0; k < CHEAP_COUNT; k++)
        agent_destroy(agents[k]);
}
END_TEST

/* hnefatafl.org's rule (repetition = defenders_no_repeat): agents choose from the moves the
 * game's history leaves. The defender shuttles b1-c1 while the attackers' d7-d6-d7 brings the
 * board back; then c1-b1 would repeat the start, so Kg4-f4 (taking e4 against the empty
 * throne) is the defenders' one move, and every agent, searching or not, must play it.
 *   a b c d e f g
 * 1 + T . t . . .
 * 2 . t t . . . .
 * 3 . . . . . . t
 * 4 . . . + t . K
 * 5 . . . . . . t
 * 6 . . . . . . .
 * 7 + . . t . . + */
START_TEST(test_agents_keep_the_no_repeat_rule_hnefatafl_org)
{
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.repetition = END_RULE_DEFENDERS_NO_REPEAT;
    rs.encirclement = false;
    RuleGame g;
    game_start_custom(&g, &rs, "/1T1t3/1tt4/6t/4t1K/6t/7/3t3/", SIDE_ATTACKERS);
    game_play_quiet(&g, (const char *[]){"d7-d6", "b1-c1", "d6-d7", NULL});
    ck_assert_int_eq(movegen_count(&g.r, &g.s), 2);
    ck_assert_int_eq(movegen_count_in_game(&g.r, &g.s, &g.h), 1);
    static const char *const specs[] = {"random", "greedy", "mcts:iterations=300",
                                        "alphabeta:depth=2", "alphabeta:depth=3"};
    for (int k = 0; k < (int)(sizeof specs / sizeof specs[0]); k++) {
        for (uint64_t seed = 1; seed <= 8; seed++) {
            Agent *a = fixture_agent(&g.r, specs[k], seed);
            Move m = agent_choose(a, &g.s, &g.h);
            char text[OTN_MOVE_MAX];
            otn_format_move(&g.r, m, NULL, text);
            ck_assert_msg(strcmp(text, "g4-f4") == 0, "%s seed %d: played %s", specs[k], (int)seed,
                          text);
            agent_destroy(a);
        }
    }
    game_finish(&g);
}
END_TEST

/* Each searching agent, in position otn with side to move, must play `expected`. */
static void assert_all_play(const char *preset, const Ruleset *custom, const char *otn, Side side,
                            const char *expected)
{
    Rules r;
    Error err;
    if (custom)
        ck_assert_int_eq(rules_compile(custom, &r, &err), ST_OK);
    else
        fixture_rules(preset, &r);
    GameState s;
    ck_assert_msg(otn_parse_position(&r, otn, side, &s, &err) == ST_OK, "%s", err.text);
    History hist;
    fixture_history_at(&hist, &s);
    for (int k = 0; k < SEARCH_COUNT; k++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            Agent *a = fixture_agent(&r, SEARCH_SPECS[k], seed);
            Move m = agent_choose(a, &s, &hist);
            char text[OTN_MOVE_MAX];
            otn_format_move(&r, m, NULL, text);
            ck_assert_msg(strcmp(text, expected) == 0, "%s on %s %s: played %s, want %s",
                          SEARCH_SPECS[k], preset, otn, text, expected);
            agent_destroy(a);
        }
    }
    history_free(&hist);
}

/* Brandubh (seeds 002/003): king c1 with a clear line to the corner a1 (e1 blocks g1):
 * Kc1-a1 is the only win. */
START_TEST(test_win_in_one_king_escape_brandubh)
{
    assert_all_play("brandubh", NULL, "/2K1t2/7/3t3/tt3tt/3t3/7/3t3/", SIDE_DEFENDERS, "c1-a1");
}
END_TEST

/* brandub-cyningstan (seed 000 rule 7, custodial): king d2 with an attacker on d1; the
 * attacker g3 reaching d3 captures him. */
START_TEST(test_win_in_one_king_capture_custodial_cyningstan)
{
    assert_all_play("brandub-cyningstan", NULL, "/3t3/3K3/6t/T6/7/7/7/", SIDE_ATTACKERS, "g3-d3");
}
END_TEST

/* Brandubh throne4_adj3: king beside the throne on d3 (throne d4 below), attackers c3 and e3;
 * an attacker reaching d2 completes the three. */
START_TEST(test_win_in_one_king_capture_beside_throne_brandubh)
{
    assert_all_play("brandubh", NULL, "/7/6t/2tKt2/7/7/7/1T5/", SIDE_ATTACKERS, "g2-d2");
}
END_TEST

/* brandubh-livas (seed 004): king on the edge at a4, attackers a3 and a5; one reaching b4 makes
 * three. */
START_TEST(test_win_in_one_king_capture_edge3_livas)
{
    assert_all_play("brandubh-livas", NULL, "/7/7/t6/K5t/t6/7/5T1/", SIDE_ATTACKERS, "g4-b4");
}
END_TEST

/* strong (custom, Copenhagen-style): king c3 with attackers b3, c2, d3; c4 closes the four. */
START_TEST(test_win_in_one_king_capture_strong_custom)
{
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.king_capture = KING_CAPTURE_STRONG;
    assert_all_play("strong", &rs, "/7/2t4/1tKt3/7/7/2t4/1T5/", SIDE_ATTACKERS, "c6-c4");
}
END_TEST

/* Block: the king on c1 threatens Kc1-a1 (e1 shuts g1); only b7-b1 stops it. */
START_TEST(test_block_loss_in_one_brandubh)
{
    assert_all_play("brandubh", NULL, "/2K1T2/7/7/7/7/7/1t5/", SIDE_ATTACKERS, "b7-b1");
}
END_TEST

/* Issue 25: an agent that knows the cap gives its result to limit_result's side. From brandubh's
 * start (no win or loss in one) with max_plies = 1, every move of the attackers ends the game
 * at the cap: a win for them under limit_result = attackers, a loss under defenders, a draw
 * under draw; each agent's score for its move says so. */
START_TEST(test_agents_score_the_limit_result_issue25)
{
    const LimitResult limits[] = {LIMIT_RESULT_ATTACKERS, LIMIT_RESULT_DEFENDERS,
                                  LIMIT_RESULT_DRAW};
    /* alphabeta and greedy in evaluation units (a win one ply away: AGENT_WIN_SCORE - 1), mcts
     * as a result in 0..1. */
    const double want_ab[] = {AGENT_WIN_SCORE - 1, -(AGENT_WIN_SCORE - 1), 0.0};
    const double want_mcts[] = {1.0, 0.0, 0.5};
    for (int l = 0; l < 3; l++) {
        Ruleset rs = *ruleset_default();
        rs.max_plies = 1;
        rs.limit_result = limits[l];
        Rules r;
        Error err = {{0}};
        ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
        GameState s;
        state_init(&r, &s);
        const char *specs[] = {"alphabeta:depth=2", "mcts:iterations=300"};
        for (int k = 0; k < 2; k++) {
            Agent *a = fixture_agent(&r, specs[k], 1);
            (void)agent_choose(a, &s, NULL);
            double want = k == 0 ? want_ab[l] : want_mcts[l];
            ck_assert_msg(agent_last_stats(a)->score == want,
                          "%s, limit_result %s: score %g, want %g", specs[k],
                          ruleset_limit_result_name(limits[l]), agent_last_stats(a)->score, want);
            agent_destroy(a);
        }
    }
}
END_TEST

START_TEST(test_same_seed_same_move_different_seed_can_differ)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    const char *specs[] = {"random", "greedy", "mcts:iterations=50", "alphabeta:depth=2,noise=50"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        Move first[8];
        bool differs = false;
        for (uint64_t seed = 0; seed < 8; seed++) {
            Agent *a = fixture_agent(&r, specs[k], seed);
            Agent *b = fixture_agent(&r, specs[k], seed);
            first[seed] = agent_choose(a, &s, NULL);
            Move again = agent_choose(b, &s, NULL);
            ck_assert(first[seed].from == again.from && first[seed].to == again.to);
            differs |= first[seed].from != first[0].from || first[seed].to != first[0].to;
            agent_destroy(a);
            agent_destroy(b);
        }
        /* From the symmetric start many moves tie, so the seed must matter. */
        ck_assert_msg(differs, "%s: eight seeds, one move", specs[k]);
    }
}
END_TEST

/* Wins of `spec` over random on both sides of Brandubh, seeded. */
static void assert_beats_random(const char *spec, int games_per_side, double min_score)
{
    Experiment *exp = calloc(1, sizeof *exp);
    ck_assert_ptr_nonnull(exp);
    snprintf(exp->name, sizeof exp->name, "strength");
    exp->seed = 2026;
    exp->games = games_per_side;
    exp->max_plies = 300;
    exp->rulesets[0] = *ruleset_preset_find("brandubh");
    exp->ruleset_count = 1;
    snprintf(exp->agents[0].name, sizeof exp->agents[0].name, "candidate");
    snprintf(exp->agents[0].spec, sizeof exp->agents[0].spec, "%s", spec);
    snprintf(exp->agents[1].name, sizeof exp->agents[1].name, "random");
    snprintf(exp->agents[1].spec, sizeof exp->agents[1].spec, "random");
    exp->agent_count = 2;
    exp->pairings[0] = (Pairing){0, 1};
    exp->pairings[1] = (Pairing){1, 0};
    exp->pairing_count = 2;
    RunOptions opt = {.threads = 1, .quiet = true};
    RunResult res = {.keep_rows = true};
    Error err = {{0}};
    ck_assert_msg(runner_run(exp, &opt, &res, &err) == ST_OK, "%s", err.text);
    const GameRow *rows = res.rows;
    long count = res.count;
    ck_assert_int_eq(count, 2 * games_per_side);
    for (int side = 0; side < 2; side++) {
        double score = 0;
        Winner mine = side == 0 ? WINNER_ATTACKERS : WINNER_DEFENDERS;
        for (int i = 0; i < games_per_side; i++) {
            const GameRow *g = &rows[side * games_per_side + i];
            score += g->winner == mine ? 1 : g->winner == WINNER_DRAW ? 0.5 : 0;
        }
        ck_assert_msg(score / games_per_side >= min_score, "%s as %s scored %.2f over random", spec,
                      side == 0 ? "attackers" : "defenders", score / games_per_side);
    }
    runner_result_free(&res);
    free(exp);
}

START_TEST(test_alphabeta_depth3_beats_random_both_sides)
{
    assert_beats_random("alphabeta:depth=3", 20, 0.85);
}
END_TEST

START_TEST(test_mcts_1000_beats_random_both_sides)
{
    assert_beats_random("mcts:iterations=1000", 20, 0.85);
}
END_TEST

Suite *agents_suite(void)
{
    Suite *s = suite_create("agents");
    TCase *specs = tcase_create("specs");
    tcase_add_test(specs, test_spec_errors_list_what_is_valid);
    tcase_add_test(specs, test_spec_describe_round_trips);
    tcase_add_test(specs, test_spec_legacy_writes_the_old_defaults);
    tcase_add_test(specs, test_resolved_agents_play_as_created);
    tcase_add_test(specs, test_trained_carries_to_rules_on_its_board);
    tcase_add_test(specs, test_trained_on_the_9x9_board);
    suite_add_tcase(s, specs);
    TCase *duties = tcase_create("duties");
    tcase_set_timeout(duties, 900);
    tcase_add_loop_test(duties, test_agents_legal_from_random_positions, 0, ruleset_preset_count());
    tcase_add_test(duties, test_win_in_one_king_escape_brandubh);
    tcase_add_test(duties, test_win_in_one_king_capture_custodial_cyningstan);
    tcase_add_test(duties, test_win_in_one_king_capture_beside_throne_brandubh);
    tcase_add_test(duties, test_win_in_one_king_capture_edge3_livas);
    tcase_add_test(duties, test_win_in_one_king_capture_strong_custom);
    tcase_add_test(duties, test_block_loss_in_one_brandubh);
    tcase_add_test(duties, test_same_seed_same_move_different_seed_can_differ);
    tcase_add_test(duties, test_agents_score_the_limit_result_issue25);
    tcase_add_test(duties, test_agents_keep_the_no_repeat_rule_hnefatafl_org);
    suite_add_tcase(s, duties);
    TCase *strength = tcase_create("strength");
    tcase_set_timeout(strength, 900);
    tcase_add_test(strength, test_alphabeta_depth3_beats_random_both_sides);
    tcase_add_test(strength, test_mcts_1000_beats_random_both_sides);
    suite_add_tcase(s, strength);
    return s;
}
