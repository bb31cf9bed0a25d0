/* The external agent (agents/external.c): tafl-lab's own engine through a process plays the
 * very games the in-process agent plays; engines that fail forfeit with their own reason and
 * the next game gets a fresh process; spec errors. Fake engines live in tests/engines/. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "agents/agent.h"
#include "harness/match.h"
#include "rules/otn.h"
#include "tests/tests.h"

static const char *engines_dir(void)
{
    const char *dir = getenv("TAFL_TEST_ENGINES");
    return dir && *dir ? dir : "tests/engines";
}

static Agent *make(const char *spec, const Rules *r)
{
    Agent *a = NULL;
    Error err = {{0}};
    ck_assert_msg(agent_create(spec, r, 0, &a, &err) == ST_OK, "%s: %s", spec, err.text);
    return a;
}

/* An external agent running `tafl engine --agent inner`. */
static Agent *make_loopback(const char *inner, const Rules *r)
{
    char spec[1024];
    snprintf(spec, sizeof spec, "external:cmd=%s engine --agent %s", fixture_tafl_binary(), inner);
    return make(spec, r);
}

static void match_rules(Rules *r, int max_plies)
{
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = max_plies;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, r, &err), ST_OK);
}

static void assert_same_game(const GameRecord *a, const GameRecord *b, const char *what)
{
    ck_assert_msg(a->winner == b->winner && a->reason == b->reason && a->plies == b->plies,
                  "%s: %s %s %d plies against %s %s %d", what, state_winner_name(a->winner),
                  state_reason_name(a->reason), a->plies, state_winner_name(b->winner),
                  state_reason_name(b->reason), b->plies);
    ck_assert_int_eq(a->move_count, b->move_count);
    for (int i = 0; i < a->move_count; i++)
        ck_assert_msg(a->moves[i].from == b->moves[i].from && a->moves[i].to == b->moves[i].to,
                      "%s: move %d differs", what, i);
    ck_assert_int_eq(a->attackers_lost, b->attackers_lost);
    ck_assert_int_eq(a->defenders_lost, b->defenders_lost);
}

/* "tafl match with external:cmd=build/tafl engine --agent alphabeta:depth=2 against the same
 * agent in-process gives the same games for the same seeds": both seats, random openings,
 * and a seeded agent (mcts) whose seed travels by tafl-lab-seed. */
START_TEST(test_loopback_plays_the_same_games_as_in_process)
{
    Rules r;
    match_rules(&r, 500);
    const char *inner[] = {"alphabeta:depth=2", "mcts:iterations=60"};
    for (size_t k = 0; k < sizeof inner / sizeof inner[0]; k++) {
        Agent *att = make(inner[k], &r), *def = make(inner[k], &r);
        Agent *ext_att = make_loopback(inner[k], &r), *ext_def = make_loopback(inner[k], &r);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            GameRecord ref, a, d;
            match_play(&r, att, def, seed, 3, true, &ref);
            match_play(&r, ext_att, def, seed, 3, true, &a);
            match_play(&r, att, ext_def, seed, 3, true, &d);
            ck_assert_msg(ref.transcript == NULL, "in-process agents have no transcript");
            ck_assert_msg(a.transcript && strstr(a.transcript, "## attacker\n# started "), "%s",
                          a.transcript ? a.transcript : "(none)");
            ck_assert_msg(d.transcript && strstr(d.transcript, "## defender\n"), "defender");
            char what[128];
            snprintf(what, sizeof what, "%s seed %llu as attacker", inner[k],
                     (unsigned long long)seed);
            assert_same_game(&a, &ref, what);
            snprintf(what, sizeof what, "%s seed %llu as defender", inner[k],
                     (unsigned long long)seed);
            assert_same_game(&d, &ref, what);
            /* The engine is told the result and ends cleanly. */
            char finish[64];
            snprintf(finish, sizeof finish, "> finish %d\n# engine stopped: exit status 0\n",
                     ref.winner == WINNER_DRAW        ? 1
                     : ref.winner == WINNER_ATTACKERS ? 2
                                                      : 3);
            ck_assert_msg(strstr(a.transcript, finish), "%s", a.transcript);
            match_record_free(&ref);
            match_record_free(&a);
            match_record_free(&d);
        }
        agent_destroy(att);
        agent_destroy(def);
        agent_destroy(ext_att);
        agent_destroy(ext_def);
    }
    /* Every engine was reaped: this process has no children left. */
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
    ck_assert_int_eq(errno, ECHILD);
}
END_TEST

/* Plays two games of the fake engine `script` (with extra spec items) as attacker against
 * greedy; checks the forfeit, its reason, the transcript's note, and that the second game
 * started a fresh process that failed the same way. */
static void assert_forfeit(const char *script, const char *extra, EndReason reason,
                           const char *note)
{
    Rules r;
    match_rules(&r, 200);
    char spec[1024];
    snprintf(spec, sizeof spec, "external:cmd=%s/%s%s", engines_dir(), script, extra);
    Agent *ext = make(spec, &r), *greedy = make("greedy", &r);
    GameRecord first;
    for (uint64_t seed = 1; seed <= 2; seed++) {
        GameRecord rec;
        match_play(&r, ext, greedy, seed, 0, true, &rec);
        ck_assert_msg(rec.reason == reason && rec.winner == WINNER_DEFENDERS,
                      "%s: %s %s, expected %s for the defenders", script,
                      state_winner_name(rec.winner), state_reason_name(rec.reason),
                      state_reason_name(reason));
        ck_assert_msg(rec.transcript && strstr(rec.transcript, note),
                      "%s: transcript lacks '%s':\n%s", script, note,
                      rec.transcript ? rec.transcript : "(none)");
        ck_assert_msg(strstr(rec.transcript, "# started "), "%s: no fresh process", script);
        ck_assert_msg(strstr(rec.transcript, "# engine stopped: killed by signal 9") ||
                          strstr(rec.transcript, "# engine stopped: exit status"),
                      "%s: not stopped:\n%s", script, rec.transcript);
        if (seed == 1)
            first = rec;
        else {
            ck_assert_int_eq(rec.plies, first.plies);
            match_record_free(&first);
            match_record_free(&rec);
        }
    }
    agent_destroy(ext);
    agent_destroy(greedy);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}

START_TEST(test_illegal_move_forfeits)
{
    assert_forfeit("illegal.sh", "", END_ILLEGAL_MOVE,
                   "# illegal_move: 'a1-a2' is not a legal move for the attackers");
}
END_TEST

START_TEST(test_exit_mid_game_forfeits_as_crash)
{
    assert_forfeit("crash.sh", "", END_ENGINE_CRASH,
                   "# engine_crash: the engine exited or closed its end before its move");
}
END_TEST

START_TEST(test_stall_forfeits_on_time)
{
    assert_forfeit("stall.sh", ",timeout_ms=1000", END_ENGINE_TIMEOUT,
                   "# engine_timeout: no move within 1000 ms");
}
END_TEST

START_TEST(test_garbage_forfeits_as_illegal_move)
{
    assert_forfeit("garbage.sh", "", END_ILLEGAL_MOVE,
                   "# illegal_move: move ';;;' column 1: expected a square");
}
END_TEST

START_TEST(test_no_hello_forfeits_on_time)
{
    assert_forfeit("silent.sh", ",start_ms=500", END_ENGINE_TIMEOUT,
                   "# engine_timeout: no hello within 500 ms");
}
END_TEST

START_TEST(test_exit_before_hello_forfeits_as_crash)
{
    /* `true` exits at once: no hello, its output closed. */
    Rules r;
    match_rules(&r, 0);
    Agent *ext = make("external:cmd=true", &r), *greedy = make("greedy", &r);
    GameRecord rec;
    match_play(&r, greedy, ext, 1, 0, true, &rec);
    ck_assert_msg(rec.reason == END_ENGINE_CRASH && rec.winner == WINNER_ATTACKERS &&
                      rec.plies == 1,
                  "%s %s after %d plies", state_winner_name(rec.winner),
                  state_reason_name(rec.reason), rec.plies);
    ck_assert_msg(strstr(rec.transcript, "## defender\n# started true\n# engine_crash: the "
                                         "engine exited or closed its end before its hello\n"),
                  "%s", rec.transcript);
    match_record_free(&rec);
    agent_destroy(ext);
    agent_destroy(greedy);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

START_TEST(test_failed_move_is_reported_not_played)
{
    /* agent_choose itself: the failure is in the stats and no process is left behind. */
    Rules r;
    match_rules(&r, 0);
    char spec[1024];
    snprintf(spec, sizeof spec, "external:cmd=%s/illegal.sh", engines_dir());
    Agent *a = make(spec, &r);
    agent_new_game(a, 1);
    GameState s;
    state_init(&r, &s);
    (void)agent_choose(a, &s, NULL);
    ck_assert_int_eq(agent_last_stats(a)->failure, AGENT_FAILURE_ILLEGAL_MOVE);
    ck_assert(agent_is_external(a));
    /* Asked again in the same game, it stays failed without a new process. */
    (void)agent_choose(a, &s, NULL);
    ck_assert_int_eq(agent_last_stats(a)->failure, AGENT_FAILURE_CRASH);
    agent_destroy(a);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

START_TEST(test_exception_then_silence_is_a_crash)
{
    /* OpenTafl's NullPointerException, then nothing: the engine's fault, not a timeout. */
    assert_forfeit("exception.sh", ",timeout_ms=1000", END_ENGINE_CRASH,
                   "# engine_crash: the engine stopped answering after reporting a fault in 3 "
                   "line(s), the first 'Uncaught exception! This OpenTafl is running as ENGINE'");
    assert_forfeit("exception.sh exit", "", END_ENGINE_CRASH,
                   "# engine_crash: the engine exited after reporting a fault in 3 line(s)");
}
END_TEST

START_TEST(test_engine_board_must_be_the_games)
{
    assert_forfeit("board.sh", "", END_ILLEGAL_MOVE,
                   "# illegal_move: the engine's board '/7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/' is not "
                   "the game's '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'");
}
END_TEST

static bool starts(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* The messages as OpenTafl reads them (ExternalEngineClient): a clock before every `play` (it
 * thinks with the clock it knows then), no `side` (it would make the engine's side the side to
 * move and refuse the opponent's first move), one `opponent-move` line per ply (a '|' list is
 * a berserk sequence of one side), and after `cenre` the re-entry keys OpenTafl reads only with
 * it. The loopback game is still the in-process game. */
START_TEST(test_messages_are_what_opentafl_reads)
{
    Rules r;
    fixture_rules("brandub-cyningstan-2014", &r);
    Agent *att = make("alphabeta:depth=2", &r), *def = make("alphabeta:depth=2", &r);
    Agent *ext = make_loopback("alphabeta:depth=2", &r);
    GameRecord ref, rec;
    match_play(&r, att, def, 5, 3, true, &ref);
    match_play(&r, att, ext, 5, 3, true, &rec);
    assert_same_game(&rec, &ref, "cyningstan-2014, 3 opening plies, external defender");
    const char *t = rec.transcript;
    ck_assert_msg(strstr(t, " cenre: corre:tcnkmTCNKM aforre:tcnkmTCNKM dforre:tcnkmTCNKM start:"),
                  "%s", t);
    ck_assert_msg(!strstr(t, "\n> side "), "side sent to a playing engine:\n%s", t);
    int plays = 0, clocked = 0, moves_before_play = 0;
    bool first_play_seen = false;
    for (const char *p = t; (p = strstr(p, "\n> ")) != NULL; p++) {
        if (starts(p, "\n> play ")) {
            plays++;
            first_play_seen = true;
            /* The line before it is a clock. */
            const char *prev = p - 1;
            while (prev > t && *prev != '\n')
                prev--;
            clocked += starts(prev, "\n> clock 1000* 1000* 1 2 2\n");
        } else if (starts(p, "\n> opponent-move ")) {
            const char *end = strchr(p + 1, '\n');
            const char *bar = strchr(p + 18, '|');
            ck_assert_msg(!bar || (end && bar > end), "a move list:\n%s", t);
            moves_before_play += !first_play_seen;
        }
    }
    ck_assert_msg(plays > 0, "%s", t);
    ck_assert_int_eq(clocked, plays);
    ck_assert_int_eq(moves_before_play, 3);
    match_record_free(&ref);
    match_record_free(&rec);
    agent_destroy(att);
    agent_destroy(def);
    agent_destroy(ext);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

/* The first move of an external agent on rules r against a stalling engine (given 50 ms):
 * its failure, and the transcript (which holds the rules line sent). quirks: "none" or
 * "opentafl". */
static AgentFailure first_move_on(const Rules *r, const char *quirks, char *transcript, size_t size)
{
    char spec[1024];
    snprintf(spec, sizeof spec, "external:cmd=%s/stall.sh,quirks=%s,movetime_ms=1500,timeout_ms=50",
             engines_dir(), quirks);
    Agent *a = make(spec, r);
    agent_new_game(a, 1);
    GameState s;
    state_init(r, &s);
    (void)agent_choose(a, &s, NULL);
    AgentFailure f = agent_last_stats(a)->failure;
    snprintf(transcript, size, "%s", agent_transcript(a));
    agent_destroy(a);
    return f;
}

/* The error of making an external agent with quirks=opentafl for rules r ("" when made). */
static void opentafl_create_error(const Rules *r, char *text, size_t size)
{
    Agent *a = NULL;
    Error err = {{0}};
    char spec[1024];
    snprintf(spec, sizeof spec, "external:cmd=%s/stall.sh,quirks=opentafl,movetime_ms=1500",
             engines_dir());
    Status st = agent_create(spec, r, 0, &a, &err);
    agent_destroy(a);
    snprintf(text, size, "%s", st == ST_OK ? "" : err.text);
}

/* A preset with another repetition rule, compiled. */
static void preset_with_repetition(const char *preset, EndRule repetition, Rules *r)
{
    Ruleset rs = *ruleset_preset_find(preset);
    rs.repetition = repetition;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, r, &err), ST_OK);
}

START_TEST(test_opentafl_quirks_refuse_rules_it_plays_otherwise)
{
    /* Livas' king is captured by three on an edge: no OTN rules string says so. Where the
     * throne bars re-entry (cenre), OpenTafl also bars passing over it. OpenTafl's program
     * reads tfr:i as a draw (RulesSerializer.getThreefoldResultForString): no letter makes it
     * ignore a repetition. Each is refused when the agent is made, before any game. */
    const char *refused[][2] = {
        {"brandubh-livas", "OpenTafl cannot play ruleset 'brandubh-livas': "
                           "king_capture=throne4_adj3_edge3"},
        {"brandub-cyningstan-2014", "OpenTafl cannot play ruleset 'brandub-cyningstan-2014': "
                                    "cenre (pieces barred"},
    };
    char t[65536];
    Rules r;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        fixture_rules(refused[i][0], &r);
        opentafl_create_error(&r, t, sizeof t);
        ck_assert_msg(strstr(t, "agent external: quirks=opentafl: ") && strstr(t, refused[i][1]),
                      "%s: %s", refused[i][0], t);
    }
    /* Issue 25: who wins a capped game cannot be told to OpenTafl. */
    Ruleset capped = *ruleset_preset_find("brandubh");
    capped.max_plies = 60;
    capped.limit_result = LIMIT_RESULT_DEFENDERS;
    Error cerr = {{0}};
    ck_assert_int_eq(rules_compile(&capped, &r, &cerr), ST_OK);
    opentafl_create_error(&r, t, sizeof t);
    ck_assert_msg(strstr(t, "OpenTafl cannot play ruleset 'brandubh': limit_result=defenders (a "
                            "game reaching max_plies is won by the defenders), which OpenTafl "
                            "cannot be told") &&
                      !strchr(t, '\n'),
                  "%s", t);
    preset_with_repetition("brandubh", END_RULE_IGNORE, &r);
    opentafl_create_error(&r, t, sizeof t);
    ck_assert_msg(strstr(t, "OpenTafl cannot play ruleset 'brandubh': repetition=ignore, for "
                            "which OpenTafl's program has no tfr: letter"),
                  "%s", t);
    /* Without quirks the agent is made and told the rules as the notation spec reads them. */
    ck_assert_int_eq(first_move_on(&r, "none", t, sizeof t), AGENT_FAILURE_TIMEOUT);
    ck_assert_msg(strstr(t, "> rules dim:7 ks:c tfr:i start:"), "%s", t);
    /* The presets whose games OpenTafl's rules engine replays as tafl-lab plays them are
     * played: the engine is started (and here times out). Copenhagen with repetition = lose,
     * as experiments/rulesets/copenhagen-opentafl.ini (the federation's rule, a loss for the
     * defenders whoever repeats, has no tfr letter). */
    const char *played[] = {"brandubh",  "brandub-cyningstan", "ard-ri",       "tablut",
                            "tawlbwrdd", "hnefatafl-13",       "hnefatafl-15", "copenhagen"};
    for (size_t i = 0; i < sizeof played / sizeof played[0]; i++) {
        preset_with_repetition(played[i], ruleset_preset_find(played[i])->repetition, &r);
        if (strcmp(played[i], "copenhagen") == 0)
            preset_with_repetition(played[i], END_RULE_LOSE, &r);
        ck_assert_msg(first_move_on(&r, "opentafl", t, sizeof t) == AGENT_FAILURE_TIMEOUT, "%s: %s",
                      played[i], t);
    }
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

/* Issue 22: OpenTafl's program plays tfr:l and tfr:w the other way round from its notation
 * spec (GameState.checkVictoryInternal judges after the turn has passed), so under
 * quirks=opentafl tafl-lab's repetition=lose (the repeater loses) is sent as tfr:w, and draw
 * as OpenTafl's default (no tfr key, which is d). Without quirks the string keeps the spec's
 * meaning (tafl-lab's own engine reads it so). */
START_TEST(test_opentafl_quirks_send_the_tfr_letter_opentafl_plays)
{
    const struct {
        EndRule repetition;
        const char *quirks;
        const char *want;
    } cases[] = {
        {END_RULE_LOSE, "opentafl", "> rules dim:7 ks:c tfr:w start:/3t3/3t3/3T3/ttTKTtt/"},
        {END_RULE_LOSE, "none", "> rules dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/"},
        {END_RULE_DRAW, "opentafl", "> rules dim:7 ks:c start:/3t3/3t3/3T3/ttTKTtt/"},
        {END_RULE_DRAW, "none", "> rules dim:7 ks:c start:/3t3/3t3/3T3/ttTKTtt/"},
    };
    char t[65536];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Rules r;
        preset_with_repetition("brandubh", cases[i].repetition, &r);
        ck_assert_int_eq(first_move_on(&r, cases[i].quirks, t, sizeof t), AGENT_FAILURE_TIMEOUT);
        ck_assert_msg(strstr(t, cases[i].want), "case %zu: %s", i, t);
    }
    /* Copenhagen's other keys are left alone: only the tfr letter changes. */
    Rules r;
    preset_with_repetition("copenhagen", END_RULE_LOSE, &r);
    ck_assert_int_eq(first_move_on(&r, "opentafl", t, sizeof t), AGENT_FAILURE_TIMEOUT);
    ck_assert_msg(strstr(t, "> rules dim:11 tfr:w sw:s efe:y start:/3ttttt3/"), "%s", t);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

START_TEST(test_spec_errors_name_the_problem)
{
    fixture_spec_error("external", "agent external: needs cmd=... (the engine's command line");
    fixture_spec_error("external:movetime_ms=5", "needs cmd=");
    fixture_spec_error("external:cmd=true,quirks=opentafl,movetime_ms=1000",
                       "agent external: quirks=opentafl needs movetime_ms >= 1300");
    fixture_spec_error("external:cmd=/no/such/engine --flag",
                       "cmd: program '/no/such/engine' is not found or not executable");
    fixture_spec_error("external:cmd=no-such-engine-in-path",
                       "program 'no-such-engine-in-path' is not found");
    fixture_spec_error("external:cmd='build/tafl engine", "cmd: unterminated ' quote");
    fixture_spec_error("external:cmd=", "cmd is empty");
    fixture_spec_error("external:cmd=sh,movetime_ms=0", "movetime_ms='0': want an integer 1..");
    fixture_spec_error("external:cmd=sh,cmd=sh", "key 'cmd' given twice");
}
END_TEST

START_TEST(test_command_line_may_hold_commas)
{
    /* The inner agent's own spec has commas: the command runs to the next ",KEY=" of the
     * external agent's keys, so movetime_ms is the external agent's and noise the inner's. */
    Rules r;
    fixture_rules("brandubh", &r);
    Agent *a = make("external:cmd=sh -c 'exit 0' alphabeta:depth=2,noise=0,movetime_ms=50", &r);
    char full[2048];
    agent_describe(a, full, sizeof full);
    ck_assert_str_eq(full, "external:cmd=sh -c 'exit 0' alphabeta:depth=2,noise=0,movetime_ms=50,"
                           "timeout_ms=0,start_ms=10000,quirks=none,log_times=no");
    agent_destroy(a);
}
END_TEST

Suite *external_suite(void)
{
    Suite *s = suite_create("external");
    TCase *tc = tcase_create("engines");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_loopback_plays_the_same_games_as_in_process);
    tcase_add_test(tc, test_illegal_move_forfeits);
    tcase_add_test(tc, test_exit_mid_game_forfeits_as_crash);
    tcase_add_test(tc, test_stall_forfeits_on_time);
    tcase_add_test(tc, test_garbage_forfeits_as_illegal_move);
    tcase_add_test(tc, test_no_hello_forfeits_on_time);
    tcase_add_test(tc, test_exit_before_hello_forfeits_as_crash);
    tcase_add_test(tc, test_failed_move_is_reported_not_played);
    tcase_add_test(tc, test_exception_then_silence_is_a_crash);
    tcase_add_test(tc, test_engine_board_must_be_the_games);
    tcase_add_test(tc, test_messages_are_what_opentafl_reads);
    tcase_add_test(tc, test_opentafl_quirks_refuse_rules_it_plays_otherwise);
    tcase_add_test(tc, test_opentafl_quirks_send_the_tfr_letter_opentafl_plays);
    tcase_add_test(tc, test_spec_errors_name_the_problem);
    tcase_add_test(tc, test_command_line_may_hold_commas);
    suite_add_tcase(s, tc);
    return s;
}
