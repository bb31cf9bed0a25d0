/* The OpenTafl Engine Protocol: the shared vocabulary (agents/otep.c) and `tafl engine`'s
 * state machine (agents/engine.c) driven by scripted host sessions, every reply checked. */
#include <string.h>

#include "agents/agent.h"
#include "agents/engine.h"
#include "agents/otep.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "tests/tests.h"

#define BRANDUBH_OTN "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"

/* ---- the vocabulary ---- */

START_TEST(test_moves_read_in_simple_and_full_notation)
{
    Rules r;
    fixture_rules("brandubh", &r);
    const char *same[] = {"d1-d3", "Kd1-d3", "d1-d3xd4/e3", "d1-d3xTd4", "d1-d3+", "d1-d3--"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        Move m;
        Error err = {{0}};
        ck_assert_msg(otep_parse_move(&r, same[i], &m, &err) == ST_OK, "%s: %s", same[i], err.text);
        ck_assert_int_eq(m.from, 3);       /* d1: row 0, file 3 */
        ck_assert_int_eq(m.to, 2 * 7 + 3); /* d3 */
    }
    const char *bad[][2] = {{"---", "resignation"},
                            {"ce6^e8", "jump or berserk"},
                            {"d1-e2", "one row or one column"},
                            {"z9-a1", "expected a square"},
                            {"", "resignation or empty"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Move m;
        Error err = {{0}};
        ck_assert_int_ne(otep_parse_move(&r, bad[i][0], &m, &err), ST_OK);
        ck_assert_msg(strstr(err.text, bad[i][1]), "'%s': '%s'", bad[i][0], err.text);
    }
}
END_TEST

START_TEST(test_rules_extension_carries_what_otn_lacks)
{
    Ruleset rs = *ruleset_preset_find("brandubh-livas");
    rs.max_plies = 300;
    char ext[256];
    otep_format_rules_extension(&rs, ext, sizeof ext);
    ck_assert_str_eq(ext, "king_capture=throne4_adj3_edge3 no_moves=draw max_plies=300");
    /* OTN import plus the extension gives the ruleset back, name aside. */
    char otn[OTN_RULES_MAX];
    otn_format_rules(&rs, otn, NULL);
    Ruleset back;
    Error err = {{0}};
    ck_assert_int_eq(otn_parse_rules(otn, &back, &err), ST_OK);
    ck_assert_int_eq(otep_apply_rules_extension(&back, ext, &err), ST_OK);
    snprintf(back.name, sizeof back.name, "%s", rs.name);
    ck_assert(memcmp(&back, &rs, sizeof rs) == 0);

    /* Issue 25: the cap's winner goes with it, and comes back. */
    rs.limit_result = LIMIT_RESULT_ATTACKERS;
    otep_format_rules_extension(&rs, ext, sizeof ext);
    ck_assert_str_eq(ext, "king_capture=throne4_adj3_edge3 no_moves=draw max_plies=300 "
                          "limit_result=attackers");
    ck_assert_int_eq(otn_parse_rules(otn, &back, &err), ST_OK);
    ck_assert_int_eq(otep_apply_rules_extension(&back, ext, &err), ST_OK);
    snprintf(back.name, sizeof back.name, "%s", rs.name);
    ck_assert(memcmp(&back, &rs, sizeof rs) == 0);

    otep_format_rules_extension(ruleset_preset_find("brandub-cyningstan"), ext, sizeof ext);
    ck_assert_str_eq(ext, "no_moves=draw");
    /* Copenhagen's repetition rule and online Brandubh's king capture have no OTN value. */
    otep_format_rules_extension(ruleset_preset_find("copenhagen"), ext, sizeof ext);
    ck_assert_str_eq(ext, "repetition=defenders_lose");
    otep_format_rules_extension(ruleset_preset_find("brandubh-online"), ext, sizeof ext);
    ck_assert_str_eq(ext, "king_capture=throne4_elsewhere2 draw_fort=yes");
    /* Brandubh's rules string read bare has no edge-fort draw; an engine given that string
     * plays preset brandubh, which has one, so the extension must say draw_fort=no. */
    Ruleset plain;
    ck_assert_int_eq(otn_parse_rules(BRANDUBH_OTN, &plain, &err), ST_OK);
    otep_format_rules_extension(&plain, ext, sizeof ext);
    ck_assert_str_eq(ext, "draw_fort=no");
    back = *ruleset_preset_find("brandubh");
    ck_assert_int_eq(otep_apply_rules_extension(&back, ext, &err), ST_OK);
    memcpy(back.name, plain.name, sizeof back.name);
    ck_assert(memcmp(&back, &plain, sizeof plain) == 0);
    /* Rules that are no preset's in OTN's own keys need nothing beyond OTN's defaults. */
    Ruleset custom = plain;
    custom.throne_reentry = !custom.throne_reentry;
    otep_format_rules_extension(&custom, ext, sizeof ext);
    ck_assert_str_eq(ext, "");

    ck_assert_int_ne(otep_apply_rules_extension(&plain, "size=9", &err), ST_OK);
    ck_assert_msg(strstr(err.text, "'size' is not KEY=VALUE for one of"), "%s", err.text);
    ck_assert_int_ne(otep_apply_rules_extension(&plain, "draw_fort=perhaps", &err), ST_OK);
    ck_assert_msg(strstr(err.text, "draw_fort"), "%s", err.text);
}
END_TEST

START_TEST(test_finish_codes_follow_the_spec)
{
    ck_assert_int_eq(otep_finish_code(WINNER_DRAW), 1);
    ck_assert_int_eq(otep_finish_code(WINNER_ATTACKERS), 2);
    ck_assert_int_eq(otep_finish_code(WINNER_DEFENDERS), 3);
    ck_assert_int_eq(otep_finish_code(WINNER_NONE), 0);
}
END_TEST

/* ---- the engine's state machine ---- */

static EngineSession *make_engine(const char *spec, uint64_t seed)
{
    EngineSession *e = NULL;
    Error err = {{0}};
    ck_assert_msg(engine_create(spec, seed, &e, &err) == ST_OK, "%s: %s", spec, err.text);
    return e;
}

/* Sends one host line; checks the reply text exactly and that the note contains `note` (or
 * is empty when note is NULL). Returns whether the session goes on. */
static bool host_says(EngineSession *e, const char *line, const char *want, const char *note)
{
    EngineReply reply;
    bool more = engine_handle(e, line, &reply);
    ck_assert_msg(strcmp(reply.text, want) == 0, "'%s': replied '%s', expected '%s'", line,
                  reply.text, want);
    if (note)
        ck_assert_msg(strstr(reply.note, note), "'%s': note '%s' lacks '%s'", line, reply.note,
                      note);
    else
        ck_assert_msg(reply.note[0] == '\0', "'%s': unexpected note '%s'", line, reply.note);
    return more;
}

/* Sends `play`; returns the move the engine answers with (checked to be one `move` line). */
static void host_play(EngineSession *e, const char *line, char *move)
{
    EngineReply reply;
    ck_assert(engine_handle(e, line, &reply));
    ck_assert_msg(strncmp(reply.text, "move ", 5) == 0, "'%s': replied '%s'", line, reply.text);
    size_t len = strlen(reply.text);
    ck_assert_msg(len > 6 && reply.text[len - 1] == '\n' && !memchr(reply.text, '\n', len - 1),
                  "'%s': reply '%s' is not one line", line, reply.text);
    memcpy(move, reply.text + 5, len - 6);
    move[len - 6] = '\0';
}

/* The move an in-process agent makes in the same game: what the engine must answer. */
static void agent_move(Agent *a, const Rules *r, const GameState *s, const History *h, char *out)
{
    Move m = agent_choose(a, s, h);
    otn_format_move(r, m, NULL, out);
}

/* The host side of one played move: plays `move` on s/h and writes the opponent-move line. */
static void play_and_report(const Rules *r, GameState *s, History *h, const char *move, char *line)
{
    fixture_play(r, s, h, move, NULL);
    char record[OTN_POSITION_MAX];
    otn_format_position(r, s, record);
    sprintf(line, "opponent-move %s %s", move, record);
}

START_TEST(test_transcript_of_a_hosted_game)
{
    /* "A scripted host session (rules, side, play, opponent-move, analyze, finish) against
     * tafl engine, checking every reply": the moves must be the agent's own. */
    const char *spec = "alphabeta:depth=2";
    EngineSession *e = make_engine(spec, 7);
    ck_assert_str_eq(engine_greeting(), "hello\n");

    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = 500;
    Rules r;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    Agent *twin;
    ck_assert_int_eq(agent_create(spec, &r, 0, &twin, &err), ST_OK);
    agent_new_game(twin, 99);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);

    ck_assert(host_says(e, "hello", "", NULL));
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    ck_assert(host_says(e, OTEP_EXT_RULES " draw_fort=yes max_plies=500", "", NULL));
    ck_assert(host_says(e, OTEP_EXT_SEED " 99", "", NULL));
    ck_assert(host_says(e, "side attackers", "", NULL));
    ck_assert(host_says(e, "start", "", NULL));
    char got[OTN_MOVE_MAX], want[OTN_MOVE_MAX], line[1024];
    /* The host's own player for the defenders: greedy, which avoids losing at once. */
    Agent *defender;
    ck_assert_int_eq(agent_create("greedy", &r, 5, &defender, &err), ST_OK);
    for (int turn = 0; turn < 4; turn++) {
        host_play(e, "play attackers", got);
        ck_assert(host_says(e, "clock 1000* 1000* 1 1 1", "", NULL));
        agent_move(twin, &r, &s, &h, want);
        ck_assert_str_eq(got, want);
        fixture_play(&r, &s, &h, got, NULL);
        ck_assert_msg(!state_is_over(&s), "the game ended at ply %u", s.ply);
        char theirs[OTN_MOVE_MAX];
        agent_move(defender, &r, &s, &h, theirs);
        play_and_report(&r, &s, &h, theirs, line);
        ck_assert(host_says(e, line, "", NULL));
        ck_assert(!state_is_over(&s));
    }
    /* analyze: one line, one legal move of the side to move with a score. */
    EngineReply reply;
    ck_assert(engine_handle(e, "analyze 3 10", &reply));
    char move[OTN_MOVE_MAX];
    double score;
    ck_assert_msg(sscanf(reply.text, "analysis 1 %47s %lf", move, &score) == 2, "%s", reply.text);
    ck_assert(fixture_is_legal(&r, &s, move));
    ck_assert_int_eq(reply.text[strlen(reply.text) - 1], '\n');
    /* Analysis changes nothing: the next play is still the agent's move in the game. */
    host_play(e, "play attackers", got);
    agent_move(twin, &r, &s, &h, want);
    ck_assert_str_eq(got, want);
    ck_assert(host_says(e, "frobnicate now", "", "ignoring unknown command 'frobnicate'"));
    ck_assert(host_says(e, "", "", NULL));
    ck_assert(!host_says(e, "finish 2", "", NULL));
    agent_destroy(twin);
    agent_destroy(defender);
    history_free(&h);
    engine_destroy(e);
}
END_TEST

START_TEST(test_analysis_mode_takes_position_and_side)
{
    /* OpenTafl's analysis sends rules, position, side, analyze (ExternalEngineHost). The
     * defenders win at once with c1-a1, which any searching agent finds. */
    EngineSession *e = make_engine("alphabeta:depth=2", 1);
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    ck_assert(host_says(e, "position /2K1t2/7/3t3/tt3tt/3t3/7/3t3/", "", NULL));
    ck_assert(host_says(e, "side defenders", "", NULL));
    EngineReply reply;
    ck_assert(engine_handle(e, "analyze 5 30", &reply));
    ck_assert_msg(strncmp(reply.text, "analysis 1 c1-a1 ", 17) == 0, "%s", reply.text);
    char got[OTN_MOVE_MAX];
    host_play(e, "play defenders", got);
    ck_assert_str_eq(got, "c1-a1");
    engine_destroy(e);
}
END_TEST

START_TEST(test_refused_rules_answer_error_0_and_play_error_minus_1)
{
    EngineSession *e = make_engine("random", 1);
    ck_assert(host_says(e, "rules dim:7 ber:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
                        "error 0 rules not supported: OTN rules key 'ber' at column 7: value 'c' "
                        "is not supported (berserk moves)\n",
                        "refused rules"));
    ck_assert(host_says(e, "play attackers",
                        "error -1 no rules: the last rules string was refused\n", "cannot play"));
    ck_assert(host_says(e, OTEP_EXT_RULES " size=9",
                        "error 0 rules not supported: " OTEP_EXT_RULES
                        ": 'size' is not KEY=VALUE for one of king_capture, repetition, "
                        "no_moves, draw_fort, max_plies, limit_result\n",
                        "refused"));
    /* Good rules make it play again. */
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    char got[OTN_MOVE_MAX];
    host_play(e, "play attackers", got);
    engine_destroy(e);
}
END_TEST

START_TEST(test_bare_rules_of_a_preset_play_the_preset)
{
    /* An OpenTafl host sends Brandubh's rules string alone. The engine plays preset brandubh,
     * edge-fort draw included, so eval=trained finds Brandubh's evaluation. */
    EngineSession *e = make_engine("alphabeta:depth=1,eval=trained", 1);
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    char got[OTN_MOVE_MAX];
    host_play(e, "play attackers", got);
    /* A tafl-lab host whose rules are Brandubh without that draw says so; then the rules are
     * not Brandubh's, no evaluation ships for them, and eval=trained plays the nearest one on
     * their 7x7 board: Brandubh's. */
    EngineReply reply;
    ck_assert(engine_handle(e, OTEP_EXT_RULES " draw_fort=no", &reply));
    ck_assert_msg(strncmp(reply.text, "error", 5) != 0, "%s", reply.text);
    host_play(e, "play attackers", got);
    /* On a 13x13 board nothing ships: refused, naming the board. */
    ck_assert(engine_handle(e,
                            "rules dim:13 esc:e ks:c start:/4ttttt4/6t6/13/13/t5T5t/t4TTT4t/"
                            "tt2TTKTT2tt/t4TTT4t/t5T5t/13/13/6t6/4ttttt4/",
                            &reply));
    ck_assert_msg(strstr(reply.text, "error 0 rules not supported: agent alphabeta: "
                                     "eval=trained: no evaluation ships for ruleset otn or its "
                                     "13x13 board"),
                  "%s", reply.text);
    engine_destroy(e);
}
END_TEST

START_TEST(test_plays_brandubh_before_any_rules)
{
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    EngineSession *e = make_engine("greedy", 3);
    char got[OTN_MOVE_MAX];
    host_play(e, "play attackers", got);
    ck_assert(fixture_is_legal(&r, &s, got));
    engine_destroy(e);
}
END_TEST

START_TEST(test_drifted_board_is_taken_from_the_record)
{
    /* An opponent move the engine cannot play (here: not a move) is replaced by the record. */
    EngineSession *e = make_engine("alphabeta:depth=2", 1);
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    ck_assert(host_says(e, "side defenders", "", NULL));
    ck_assert(host_says(e, "opponent-move zz /2K1t2/7/3t3/tt3tt/3t3/7/3t3/", "",
                        "took the board from the opponent-move position record"));
    char got[OTN_MOVE_MAX];
    host_play(e, "play defenders", got);
    ck_assert_str_eq(got, "c1-a1");
    engine_destroy(e);
}
END_TEST

START_TEST(test_host_error_takes_the_move_back)
{
    /* Spec 17: after a refused move the host sends error, opponent-move (the prior move and
     * the board) and play: the engine must be back where it was and answer the same. */
    EngineSession *e = make_engine("alphabeta:depth=2", 1);
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    ck_assert(host_says(e, "side defenders", "", NULL));
    ck_assert(host_says(e, "start", "", NULL));
    char line[1024], first[OTN_MOVE_MAX], again[OTN_MOVE_MAX];
    play_and_report(&r, &s, &h, "d1-c1", line);
    ck_assert(host_says(e, line, "", NULL));
    host_play(e, "play defenders", first);
    ck_assert(host_says(e, "error 2", "", "the host reports error 2"));
    ck_assert(host_says(e, line, "", "took the board"));
    host_play(e, "play defenders", again);
    ck_assert_str_eq(first, again);
    /* The confirmation form (spec 15) is accepted silently when it agrees. */
    fixture_play(&r, &s, &h, again, NULL);
    char record[OTN_POSITION_MAX];
    otn_format_position(&r, &s, record);
    snprintf(line, sizeof line, "move %s", record);
    ck_assert(host_says(e, line, "", NULL));
    history_free(&h);
    engine_destroy(e);
}
END_TEST

START_TEST(test_rules_extension_reaches_the_game)
{
    /* With max_plies=2 the game is over after two plies by tafl-lab's rules; the host plays
     * on, and the engine says so and still moves. */
    EngineSession *e = make_engine("random", 1);
    ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
    ck_assert(host_says(e, OTEP_EXT_RULES " max_plies=2", "", NULL));
    ck_assert(host_says(e, "side attackers", "", NULL));
    char got[OTN_MOVE_MAX];
    host_play(e, "play attackers", got);
    ck_assert(host_says(e, "opponent-move d3-e3", "", NULL));
    EngineReply reply;
    ck_assert(engine_handle(e, "play attackers", &reply));
    ck_assert_msg(strncmp(reply.text, "move ", 5) == 0, "%s", reply.text);
    ck_assert_msg(strstr(reply.note, "game is over (max_plies, draw)"), "%s", reply.note);
    engine_destroy(e);
}
END_TEST

START_TEST(test_seed_extension_seeds_the_agent)
{
    /* A seeded agent given tafl-lab-seed N plays as the same agent restarted with seed N. */
    Rules r;
    fixture_rules("brandubh", &r);
    GameState s;
    state_init(&r, &s);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        Agent *twin;
        Error err = {{0}};
        ck_assert_int_eq(agent_create("random", &r, 0, &twin, &err), ST_OK);
        agent_new_game(twin, seed * 1000);
        char want[OTN_MOVE_MAX], got[OTN_MOVE_MAX], line[64];
        agent_move(twin, &r, &s, NULL, want);
        EngineSession *e = make_engine("random", 42);
        ck_assert(host_says(e, "rules " BRANDUBH_OTN, "", NULL));
        snprintf(line, sizeof line, OTEP_EXT_SEED " %llu", (unsigned long long)(seed * 1000));
        ck_assert(host_says(e, line, "", NULL));
        ck_assert(host_says(e, "start", "", NULL));
        host_play(e, "play attackers", got);
        ck_assert_str_eq(got, want);
        ck_assert(host_says(e, OTEP_EXT_SEED " -3", "", "not a decimal seed"));
        ck_assert(!host_says(e, "goodbye", "", NULL));
        engine_destroy(e);
        agent_destroy(twin);
    }
}
END_TEST

START_TEST(test_malformed_commands_are_noted_not_fatal)
{
    EngineSession *e = make_engine("random", 1);
    ck_assert(host_says(e, "side sideways", "", "ignoring side 'sideways'"));
    ck_assert(host_says(e, "position /9/", "", "ignoring position '/9/'"));
    ck_assert(host_says(e, "status hi", "", "ignoring unknown command 'status'"));
    char got[OTN_MOVE_MAX];
    EngineReply reply;
    ck_assert(engine_handle(e, "play upwards", &reply));
    ck_assert_msg(strstr(reply.note, "play 'upwards': want attackers or defenders"), "%s",
                  reply.note);
    ck_assert_msg(strncmp(reply.text, "move ", 5) == 0, "%s", reply.text);
    host_play(e, "play defenders", got);
    engine_destroy(e);
}
END_TEST

START_TEST(test_bad_agent_spec_is_refused)
{
    EngineSession *e = NULL;
    Error err = {{0}};
    ck_assert_int_eq(engine_create("nope", 1, &e, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "unknown agent 'nope'"), "%s", err.text);
    ck_assert_ptr_null(e);
    /* An evaluation file that cannot be read is wrong whatever the rules. */
    ck_assert_int_eq(engine_create("alphabeta:eval=tests/no-such.eval", 1, &e, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "eval=tests/no-such.eval: cannot read"), "%s", err.text);
    ck_assert_ptr_null(e);
}
END_TEST

/* The host's line "rules <the preset's OTN rules string>" into line. */
static const char *preset_rules_line(const char *preset, char *line, size_t size)
{
    char rules[OTN_RULES_MAX];
    otn_format_rules(ruleset_preset_find(preset), rules, NULL);
    snprintf(line, size, "rules %s", rules);
    return line;
}

START_TEST(test_agent_of_other_rules_waits_for_the_hosts)
{
    /* An evaluation file trained for Copenhagen cannot play brandubh, the rules before any
     * rules string: the engine starts, refuses to play until the host's rules come, and then
     * plays them. It used to exit at start, so no host could use such a file. */
    EngineSession *e = make_engine("alphabeta:depth=1,eval=evals/copenhagen.eval", 1);
    const char *waiting = engine_waiting_for_rules(e);
    ck_assert_msg(waiting && strstr(waiting, "no rules: the agent does not play brandubh") &&
                      strstr(waiting, "trained for ruleset copenhagen"),
                  "%s", waiting ? waiting : "(null)");
    EngineReply reply;
    ck_assert(engine_handle(e, "play attackers", &reply));
    ck_assert_msg(strncmp(reply.text, "error -1 no rules: the agent does not play brandubh", 51) ==
                      0,
                  "%s", reply.text);
    char line[OTN_RULES_MAX + 16];
    ck_assert(host_says(e, preset_rules_line("copenhagen", line, sizeof line), "", NULL));
    Rules r;
    fixture_rules("copenhagen", &r);
    ck_assert_ptr_null(engine_waiting_for_rules(e));
    GameState s;
    state_init(&r, &s);
    char got[OTN_MOVE_MAX];
    host_play(e, "play attackers", got);
    ck_assert(fixture_is_legal(&r, &s, got));
    engine_destroy(e);
}
END_TEST

START_TEST(test_start_after_rules_the_agent_refused)
{
    /* eval=trained refuses 13x13 Hnefatafl (nothing ships for its board), which leaves the
     * engine no agent; a `start` then used to crash it. */
    EngineSession *e = make_engine("alphabeta:depth=1,eval=trained", 1);
    char line[OTN_RULES_MAX + 16];
    EngineReply reply;
    ck_assert(engine_handle(e, preset_rules_line("hnefatafl-13", line, sizeof line), &reply));
    ck_assert_msg(strstr(reply.text, "error 0 rules not supported: agent alphabeta: eval=trained"),
                  "%s", reply.text);
    ck_assert(host_says(e, "start", "", NULL));
    ck_assert(host_says(e, "play attackers",
                        "error -1 no rules: the last rules string was refused\n", "cannot play"));
    engine_destroy(e);
}
END_TEST

Suite *otep_suite(void)
{
    Suite *s = suite_create("otep");
    TCase *tc = tcase_create("protocol");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_moves_read_in_simple_and_full_notation);
    tcase_add_test(tc, test_rules_extension_carries_what_otn_lacks);
    tcase_add_test(tc, test_finish_codes_follow_the_spec);
    tcase_add_test(tc, test_transcript_of_a_hosted_game);
    tcase_add_test(tc, test_analysis_mode_takes_position_and_side);
    tcase_add_test(tc, test_refused_rules_answer_error_0_and_play_error_minus_1);
    tcase_add_test(tc, test_plays_brandubh_before_any_rules);
    tcase_add_test(tc, test_drifted_board_is_taken_from_the_record);
    tcase_add_test(tc, test_host_error_takes_the_move_back);
    tcase_add_test(tc, test_rules_extension_reaches_the_game);
    tcase_add_test(tc, test_bare_rules_of_a_preset_play_the_preset);
    tcase_add_test(tc, test_seed_extension_seeds_the_agent);
    tcase_add_test(tc, test_malformed_commands_are_noted_not_fatal);
    tcase_add_test(tc, test_bad_agent_spec_is_refused);
    tcase_add_test(tc, test_agent_of_other_rules_waits_for_the_hosts);
    tcase_add_test(tc, test_start_after_rules_the_agent_refused);
    suite_add_tcase(s, tc);
    return s;
}
