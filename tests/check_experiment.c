/* Experiment files (formats/experiment.c): the shipped study, a fixture with every key, pairing
 * order, agent specs as agent_create reads them, and one exact one-line error per kind of bad
 * input. Fixtures are in tests/data/experiments/; bad inputs are written to temporary files. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "agents/agent.h"
#include "formats/experiment.h"
#include "formats/inilines.h"
#include "tests/tests.h"

#define CROSS_7 "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"

static void data_path(const char *file, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/experiments/%s", fixture_data_dir(), file);
    ck_assert_msg(n > 0 && (size_t)n < len, "path too long");
}

static Experiment *load_ok(const char *path)
{
    Experiment *e = xcalloc(1, sizeof *e);
    Error err = {{0}};
    Status st = experiment_load(path, e, &err);
    ck_assert_msg(st == ST_OK, "%s: %s", path, err.text);
    return e;
}

/* Writes text to a fresh temporary file (in $TMPDIR or /tmp); returns its path in buf. */
static void write_temp(const char *text, char *buf, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/tafl-experiment-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(buf);
    ck_assert_msg(fd >= 0, "mkstemp %s failed", buf);
    FILE *f = fdopen(fd, "w");
    ck_assert(f != NULL);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

static void assert_pairings(const Experiment *e, const int (*want)[2], int count)
{
    ck_assert_int_eq(e->pairing_count, count);
    for (int i = 0; i < count; i++) {
        ck_assert_msg(e->pairings[i].attacker == want[i][0] &&
                          e->pairings[i].defender == want[i][1],
                      "pairing %d is %d vs %d, want %d vs %d", i, e->pairings[i].attacker,
                      e->pairings[i].defender, want[i][0], want[i][1]);
    }
}

START_TEST(test_quick_balance)
{
    /* The shipped default study, read from the repository root as `make run` does. */
    Experiment *e = load_ok("experiments/quick-balance.ini");
    ck_assert_str_eq(e->path, "experiments/quick-balance.ini");
    ck_assert_str_eq(e->name, "quick-balance");
    ck_assert_uint_eq(e->seed, 1);
    ck_assert_int_gt(e->games, 0);
    ck_assert_int_eq(e->max_plies, 300);
    ck_assert_int_eq(e->opening_plies, 4);
    ck_assert(!e->record_moves);
    ck_assert_str_eq(e->output, "results");
    static const char *const rulesets[] = {"brandubh", "brandub-cyningstan",
                                           "brandub-cyningstan-2014", "brandubh-livas", "ard-ri"};
    ck_assert_int_eq(e->ruleset_count, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_str_eq(e->rulesets[i].name, rulesets[i]);
        ck_assert_int_eq(e->rulesets[i].size, 7);
    }
    static const char *const agents[][2] = {{"random", "random"},
                                            {"greedy", "greedy"},
                                            {"mcts", "mcts:iterations=1000"},
                                            {"alphabeta", "alphabeta:depth=2"}};
    ck_assert_int_eq(e->agent_count, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(e->agents[i].name, agents[i][0]);
        ck_assert_str_eq(e->agents[i].spec, agents[i][1]);
    }
    static const int pairs[][2] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
    assert_pairings(e, pairs, 4);
    free(e);
}
END_TEST

START_TEST(test_full_fixture)
{
    char path[512];
    data_path("full.ini", path, sizeof path);
    Experiment *e = load_ok(path);
    ck_assert_str_eq(e->path, path);
    ck_assert_str_eq(e->name, "full_test.v2");
    ck_assert_uint_eq(e->seed, UINT64_MAX);
    ck_assert_int_eq(e->games, 12);
    ck_assert_int_eq(e->max_plies, 250);
    ck_assert_int_eq(e->opening_plies, 3);
    ck_assert(e->record_moves);
    ck_assert_str_eq(e->output, "/tmp/tafl-out");
    ck_assert_double_eq(e->max_width, 0.05);
    ck_assert_int_eq(e->check_every, 40);
    ck_assert_int_eq(e->min_games, 60);

    /* presets over two lines, a file relative to the experiment, two OTN strings. */
    ck_assert_int_eq(e->ruleset_count, 5);
    ck_assert_str_eq(e->rulesets[0].name, "brandubh");
    ck_assert_str_eq(e->rulesets[1].name, "ard-ri");
    ck_assert_str_eq(e->rulesets[2].name, "tablut-draws");
    ck_assert_int_eq(e->rulesets[2].size, 9);
    ck_assert_int_eq(e->rulesets[2].max_plies, 400); /* the file's own, untouched */
    ck_assert_int_eq(e->rulesets[2].repetition, END_RULE_DRAW);
    ck_assert_str_eq(e->rulesets[3].name, "cross7"); /* named by its name: key */
    ck_assert_int_eq(e->rulesets[3].king_capture, KING_CAPTURE_THRONE4_ADJ3);
    ck_assert_str_eq(e->rulesets[4].name, "otn-2"); /* the second `rules` key */
    ck_assert_str_eq(e->rulesets[4].start, CROSS_7);
    Rules r;
    Error err = {{0}};
    for (int i = 0; i < e->ruleset_count; i++) {
        ck_assert_msg(rules_compile(&e->rulesets[i], &r, &err) == ST_OK, "%s", err.text);
    }

    ck_assert_int_eq(e->agent_count, 3);
    ck_assert_str_eq(e->agents[0].name, "deep");
    ck_assert_str_eq(e->agents[0].spec, "alphabeta:depth=3,king_distance=2.5");
    ck_assert_str_eq(e->agents[1].name, "uct");
    ck_assert_str_eq(e->agents[1].spec, "mcts:iterations=50,playout=greedy,reuse=yes");
    ck_assert_str_eq(e->agents[2].name, "rnd");
    ck_assert_str_eq(e->agents[2].spec, "random");

    /* self pairs in agent order, then the explicit pairs in file order. */
    static const int pairs[][2] = {{0, 0}, {1, 1}, {2, 2}, {1, 2}, {2, 0}};
    assert_pairings(e, pairs, 5);
    free(e);
}
END_TEST

START_TEST(test_round_robin_order)
{
    char path[512];
    data_path("mixed.ini", path, sizeof path);
    Experiment *e = load_ok(path);
    /* Sections in any order; defaults where keys are absent. */
    ck_assert_str_eq(e->name, "mixed");
    ck_assert_uint_eq(e->seed, 1);
    ck_assert_int_eq(e->games, 100);
    ck_assert_int_eq(e->max_plies, 0);
    ck_assert_int_eq(e->opening_plies, 0);
    ck_assert(!e->record_moves);
    ck_assert_str_eq(e->output, "results");
    ck_assert_double_eq(e->max_width, 0); /* off */
    ck_assert_int_eq(e->kind, EXPERIMENT_BALANCE);
    ck_assert_int_eq(e->check_every, 100);
    ck_assert_int_eq(e->min_games, 100);
    static const int pairs[][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}, {0, 0}};
    assert_pairings(e, pairs, 8);
    free(e);
}
END_TEST

START_TEST(test_default_self)
{
    /* No [matchups]: each agent plays itself. */
    char path[512];
    write_temp("[experiment]\nname = x\n[rules]\npresets = tablut\n[agent.b]\ntype = greedy\n"
               "[agent.a]\ntype = random\n",
               path, sizeof path);
    Experiment *e = load_ok(path);
    unlink(path);
    static const int pairs[][2] = {{0, 0}, {1, 1}};
    assert_pairings(e, pairs, 2);
    ck_assert_str_eq(e->agents[0].name, "b");
    free(e);
}
END_TEST

START_TEST(test_cmd_goes_on_over_lines)
{
    /* An external agent's cmd may go on over indented lines: after a trailing ',' the spec
     * goes on directly, otherwise a space starts another argument. (The program must exist
     * when the file is read: /bin/sh, not a build output a fresh clone may lack.) */
    char path[512];
    write_temp("[experiment]\nname = x\n[rules]\npresets = brandubh\n[agent.e]\ntype = external\n"
               "cmd = /bin/sh engine.sh --agent alphabeta:depth=2,\n"
               "    king_distance=3\n    --seed 5\nmovetime_ms = 100\n",
               path, sizeof path);
    Experiment *e = load_ok(path);
    unlink(path);
    ck_assert_int_eq(e->agent_count, 1);
    ck_assert_msg(strstr(e->agents[0].spec,
                         "cmd=/bin/sh engine.sh --agent alphabeta:depth=2,king_distance=3 "
                         "--seed 5") != NULL,
                  "spec %s", e->agents[0].spec);
    free(e);
}
END_TEST

START_TEST(test_specs_are_agent_create_specs)
{
    /* Each built spec creates the same agent as the spec written by hand. */
    static const char *const by_hand[] = {"alphabeta:king_distance=2.5,depth=3",
                                          "mcts:reuse=1,playout=greedy,iterations=50", "random"};
    char path[512];
    data_path("full.ini", path, sizeof path);
    Experiment *e = load_ok(path);
    Rules r;
    fixture_rules("brandubh", &r);
    for (int i = 0; i < e->agent_count; i++) {
        Agent *built = NULL, *want = NULL;
        Error err = {{0}};
        ck_assert_msg(agent_create(e->agents[i].spec, &r, 7, &built, &err) == ST_OK, "%s: %s",
                      e->agents[i].spec, err.text);
        ck_assert_msg(agent_create(by_hand[i], &r, 7, &want, &err) == ST_OK, "%s", err.text);
        char a[1024], b[1024];
        agent_describe(built, a, sizeof a);
        agent_describe(want, b, sizeof b);
        ck_assert_str_eq(a, b);
        agent_destroy(built);
        agent_destroy(want);
    }
    free(e);
}
END_TEST

START_TEST(test_check_param)
{
    Error err = {{0}};
    ck_assert_int_eq(agent_check_param("mcts", "iterations", "200", &err), ST_OK);
    ck_assert_int_eq(agent_check_param("mcts", NULL, NULL, &err), ST_OK);
    ck_assert_int_eq(agent_check_param("alphabeta", "noise", "0.5", &err), ST_OK);
    ck_assert_int_eq(agent_check_param("minimax", NULL, NULL, &err), ST_EINVAL);
    ck_assert_str_eq(err.text,
                     "unknown agent 'minimax' (agents: random, greedy, mcts, alphabeta, external)");
    /* The texts of agent_create, word for word. */
    static const char *const bad[][3] = {
        {"mcts", "iterations", "0"}, {"mcts", "playout", "smart"}, {"mcts", "reuse", "maybe"},
        {"mcts", "c", "x"},          {"greedy", "depth", "2"},     {"random", "x", "1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char spec[256];
        snprintf(spec, sizeof spec, "%s:%s=%s", bad[i][0], bad[i][1], bad[i][2]);
        Rules r;
        fixture_rules("brandubh", &r);
        Agent *agent = NULL;
        Error want = {{0}};
        ck_assert_int_eq(agent_create(spec, &r, 1, &agent, &want), ST_EINVAL);
        ck_assert_int_eq(agent_check_param(bad[i][0], bad[i][1], bad[i][2], &err), ST_EINVAL);
        ck_assert_str_eq(err.text, want.text);
    }
}
END_TEST

/* The start of a valid file; cases append to it or replace it. */
#define HEAD    "[experiment]\nname = t\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n"
#define LONG_64 "0123456789012345678901234567890123456789012345678901234567890123"

/* Each text fails with this status and exactly this text after "PATH:" (or text starting with
 * `error` and containing `also`). */
static const struct {
    const char *text;
    Status status;
    const char *error;
    const char *also; /* NULL: error is the whole text after the path */
} bad_texts[] = {
    /* sections and syntax */
    {"[experiment]\nname = t\n\n[game]\nx = 1\n", ST_EPARSE,
     "4: section '[game]': unknown section (sections are experiment, rules, sweep, agent.NAME, "
     "matchups)",
     NULL},
    {"name = t\n[experiment]\n", ST_EINVAL,
     "1: key 'name': outside any section (keys go under [experiment], [rules], [sweep], "
     "[agent.NAME] or [matchups])",
     NULL},
    {HEAD "[experiment]\n", ST_EINVAL, "7: section '[experiment]': given twice (first on line 1)",
     NULL},
    {HEAD "[agent.r]\ntype = greedy\n", ST_EINVAL,
     "7: section '[agent.r]': given twice (first on line 5)", NULL},
    {"[experiment]\nname t\n[rules]\npresets = chess\n", ST_EPARSE,
     "2: syntax error (expected key = value, [section] or a ; comment)", NULL},
    {"[experiment\nname = t\n", ST_EPARSE, "1: syntax error: '[' without ']'", NULL},
    {"[experiment]\nname = t\n  more\n", ST_EPARSE,
     "3: key 'name': indented line 'more' (only presets, files and an agent's cmd go on over "
     "lines)",
     NULL},
    {"[experiment]\nname = t\n[agent.e]\ntype = external\nmovetime_ms = 5\n  more\n", ST_EPARSE,
     "6: key 'movetime_ms': indented line 'more' (only presets, files and an agent's cmd go on "
     "over lines)",
     NULL},
    {"[experiment]\nname = t\n[agent.e]\ntype = external\ncmd = a\n  " LONG_64 LONG_64
     "\n  " LONG_64 LONG_64 "\n  " LONG_64 LONG_64 "\n  " LONG_64 LONG_64 "\n  " LONG_64 LONG_64
     "\n",
     ST_EINVAL, "10: key 'cmd': longer than 599 characters over its lines", NULL},
    {"[experiment]\n; " LONG_64 LONG_64 LONG_64 LONG_64 "\n", ST_EPARSE,
     "2: line longer than 197 characters", NULL},
    {"[agent.a b]\n", ST_EINVAL,
     "1: section '[agent.a b]': bad agent name: 'a b' has the character ' ' (a name is letters, "
     "digits, '.', '_' and '-': it names a directory)",
     NULL},
    {"[agent.]\n", ST_EINVAL, "1: section '[agent.]': bad agent name: the value is empty", NULL},
    /* [experiment] */
    {"[experiment]\nname = t\ncolour = red\n", ST_EINVAL,
     "3: key 'colour': unknown key (keys are name, seed, games, max_plies, opening_plies, "
     "record_moves, output, max_width, check_every, min_games, kind, converge_width, "
     "converge_rungs, converge_span, reference, reference_label, margin, confirm_games, budget, "
     "agent_defaults)",
     NULL},
    {"[experiment]\nname = t\nreference = 44%\n", ST_EINVAL,
     "3: key 'reference': bad value '44%' (expected an attackers' score 0..1)", NULL},
    {"[experiment]\nname = t\nconverge_width = -0.1\n", ST_EINVAL,
     "3: key 'converge_width': bad value '-0.1' (expected an attackers' score 0..1)", NULL},
    {"[experiment]\nname = t\nconverge_span = -5\n", ST_EINVAL,
     "3: key 'converge_span': bad value '-5' (expected Elo 0..10000)", NULL},
    {"[experiment]\nname = t\nconverge_rungs = 1\n", ST_EINVAL,
     "3: key 'converge_rungs': bad value '1' (expected an integer 2..64)", NULL},
    {"[experiment]\nname = t\nconverge_span = wide\n", ST_EINVAL,
     "3: key 'converge_span': bad value 'wide' (expected Elo 0..10000)", NULL},
    {"[experiment]\nname = t\nmax_width = 1.5\n", ST_EINVAL,
     "3: key 'max_width': bad value '1.5' (expected a number 0..1; 0 is off)", NULL},
    {"[experiment]\nname = t\nmax_width = wide\n", ST_EINVAL,
     "3: key 'max_width': bad value 'wide' (expected a number 0..1; 0 is off)", NULL},
    {"[experiment]\nname = t\nkind = spiral\n", ST_EINVAL,
     "3: key 'kind': bad value 'spiral' (expected balance|curve|design)", NULL},
    {"[experiment]\nname = t\nkind = curve\n[rules]\npresets = brandubh\n[agent.a]\ntype = "
     "random\n[agent.b]\ntype = greedy\n[matchups]\npair = a vs b\n",
     ST_EINVAL,
     "3: key 'kind': a curve is each agent's self-play, but [matchups] on line 10 does not set "
     "self = yes",
     NULL},
    {"[experiment]\nname = t\ncheck_every = 0\n", ST_EINVAL,
     "3: key 'check_every': bad value '0' (expected an integer 1..100000000)", NULL},
    {"[experiment]\nname = t\nmin_games = 0\n", ST_EINVAL,
     "3: key 'min_games': bad value '0' (expected an integer 1..100000000)", NULL},
    {"[experiment]\nname = t\nseed = 1\nseed = 2\n", ST_EINVAL,
     "4: key 'seed': given twice (first on line 3)", NULL},
    {"[experiment]\nname = t\n[rules]\n[experiment]\nname = u\n", ST_EINVAL,
     "4: section '[experiment]': given twice (first on line 1)", NULL},
    {"[experiment]\nname = t\nname = u\n", ST_EINVAL,
     "3: key 'name': given twice (first on line 2)", NULL},
    {"[experiment]\nname =\n", ST_EINVAL, "2: key 'name': the value is empty", NULL},
    {"[experiment]\nname = " LONG_64 "\n", ST_EINVAL,
     "2: key 'name': the value is 64 characters long, at most 63 fit", NULL},
    {"[experiment]\nname = a/b\n", ST_EINVAL,
     "2: key 'name': 'a/b' has the character '/' (a name is letters, digits, '.', '_' and '-': "
     "it names a directory)",
     NULL},
    {"[experiment]\nname = ..\n", ST_EINVAL,
     "2: key 'name': '..' starts with '.' (it names a directory)", NULL},
    {"[experiment]\nseed = -1\n", ST_EINVAL,
     "2: key 'seed': bad value '-1' (expected an integer 0..18446744073709551615)", NULL},
    {"[experiment]\nseed = 18446744073709551616\n", ST_EINVAL,
     "2: key 'seed': bad value '18446744073709551616' (expected an integer "
     "0..18446744073709551615)",
     NULL},
    {"[experiment]\nseed = 0x10\n", ST_EINVAL,
     "2: key 'seed': bad value '0x10' (expected an integer 0..18446744073709551615)", NULL},
    {"[experiment]\ngames = 0\n", ST_EINVAL,
     "2: key 'games': bad value '0' (expected an integer 1..10000000)", NULL},
    {"[experiment]\ngames = 10000001\n", ST_EINVAL,
     "2: key 'games': bad value '10000001' (expected an integer 1..10000000)", NULL},
    {"[experiment]\ngames = ten\n", ST_EINVAL,
     "2: key 'games': bad value 'ten' (expected an integer 1..10000000)", NULL},
    {"[experiment]\nmax_plies = 1000000001\n", ST_EINVAL,
     "2: key 'max_plies': bad value '1000000001' (expected an integer 0..1000000000)", NULL},
    {"[experiment]\nmax_plies = -5\n", ST_EINVAL,
     "2: key 'max_plies': bad value '-5' (expected an integer 0..1000000000)", NULL},
    {"[experiment]\nopening_plies = 1001\n", ST_EINVAL,
     "2: key 'opening_plies': bad value '1001' (expected an integer 0..1000)", NULL},
    {"[experiment]\nrecord_moves = true\n", ST_EINVAL,
     "2: key 'record_moves': bad value 'true' (expected yes|no)", NULL},
    {"[experiment]\noutput =\n", ST_EINVAL, "2: key 'output': the value is empty", NULL},
    /* [rules] */
    {"[rules]\npreset = brandubh\n", ST_EINVAL,
     "2: key 'preset': unknown key (keys are presets, files, rules)", NULL},
    {"[rules]\npresets = brandubh, chess\n", ST_EINVAL,
     "2: key 'presets': unknown preset 'chess' (presets: brandubh, brandub-cyningstan, ",
     "hnefatafl-15, copenhagen)"},
    {"[rules]\npresets = brandubh,, tablut\n", ST_EINVAL,
     "2: key 'presets': an empty item in 'brandubh,, tablut'", NULL},
    {"[rules]\npresets =\n", ST_EINVAL, "2: key 'presets': the value is empty", NULL},
    {"[rules]\npresets = tablut\npresets = brandubh\n", ST_EINVAL,
     "3: key 'presets': given twice (first on line 2)", NULL},
    {"[rules]\npresets = tablut, ard-ri,\n  tablut\n", ST_EINVAL,
     "3: key 'presets': preset 'tablut': a second ruleset named 'tablut' (the first is from "
     "line 2)",
     NULL},
    {"[rules]\npresets = brandubh\nrules = dim:7 name:brandubh start:" CROSS_7 "\n", ST_EINVAL,
     "3: key 'rules': OTN rules: a second ruleset named 'brandubh' (the first is from line 2)",
     NULL},
    {"[rules]\nrules = dim:7 ks:q start:" CROSS_7 "\n", ST_EPARSE,
     "2: key 'rules': OTN rules key 'ks' at column 7: bad value 'q' (expected s|c|m|w|y|n)", NULL},
    {"[rules]\n\nrules = dim:9 start:" CROSS_7 "\n", ST_EINVAL, "3: key 'rules': OTN rules: ", ""},
    {"[rules]\nrules = dim:7 start:" CROSS_7 "\nrules = x\n", ST_EPARSE, "3: key 'rules': ", "OTN"},
    {"[rules]\nfiles = /nonexistent/tafl.ini\n", ST_EIO,
     "2: key 'files': /nonexistent/tafl.ini: cannot open: No such file or directory", NULL},
    /* [agent.NAME] */
    {HEAD "[agent.m]\niterations = 5\n\n[matchups]\nself = yes\n", ST_EINVAL,
     "7: key 'type': missing in [agent.m] (agents: random, greedy, mcts, alphabeta, external)",
     NULL},
    {HEAD "[agent.m]\n", ST_EINVAL,
     "7: key 'type': missing in [agent.m] (agents: random, greedy, mcts, alphabeta, external)",
     NULL},
    {HEAD "[agent.m]\ntype = minimax\n", ST_EINVAL,
     "8: key 'type': unknown agent 'minimax' (agents: random, greedy, mcts, alphabeta, external)",
     NULL},
    {HEAD "[agent.m]\ntype = mcts\nitertions = 5\n", ST_EINVAL,
     "9: key 'itertions': agent mcts: unknown key 'itertions' (keys: iterations=1000, c=0.7, ",
     "reuse=no"},
    {HEAD "[agent.m]\ntype = mcts\niterations = 0\n", ST_EINVAL,
     "9: key 'iterations': agent mcts: iterations='0': want an integer 1..100000000", NULL},
    {HEAD "[agent.m]\niterations = 10\nc = -1\ntype = mcts\n[matchups]\n", ST_EINVAL,
     "9: key 'c': agent mcts: c='-1': want a number 0..100", NULL},
    {HEAD "[agent.m]\ntype = mcts\nplayout = smart\n", ST_EINVAL,
     "9: key 'playout': agent mcts: playout='smart': want random|greedy", NULL},
    {HEAD "[agent.m]\ntype = mcts\niterations = 5\niterations = 6\n", ST_EINVAL,
     "10: key 'iterations': given twice (first on line 9)", NULL},
    {HEAD "[agent.m]\ntype = mcts\ntype = greedy\n", ST_EINVAL,
     "9: key 'type': given twice (first on line 8)", NULL},
    /* [matchups] */
    {HEAD "[matchups]\nself = maybe\n", ST_EINVAL,
     "8: key 'self': bad value 'maybe' (expected yes|no)", NULL},
    {HEAD "[matchups]\nround_robin = yes\n", ST_EINVAL,
     "8: key 'round_robin': unknown key (keys are self, ladder, round-robin, pair)", NULL},
    {HEAD "[matchups]\npair = r against r\n", ST_EINVAL,
     "8: key 'pair': bad value 'r against r' (expected ATTACKER vs DEFENDER, agent names)", NULL},
    {HEAD "[matchups]\npair = r vs\n", ST_EINVAL,
     "8: key 'pair': bad value 'r vs' (expected ATTACKER vs DEFENDER, agent names)", NULL},
    {HEAD "[matchups]\npair = r vs x\n[agent.y]\ntype = greedy\n", ST_EINVAL,
     "8: key 'pair': unknown agent 'x' (agents: r, y)", NULL},
    {HEAD "[matchups]\npair = " LONG_64 " vs r\n", ST_EINVAL,
     "8: key 'pair': unknown agent '" LONG_64 "' (names are at most 63 characters)", NULL},
    {HEAD "[matchups]\nself = yes\n\npair = r vs r\n", ST_EINVAL,
     "10: key 'pair': 'r vs r' is paired twice (first by line 8)", NULL},
    {HEAD "[agent.g]\ntype = greedy\n[matchups]\npair = g vs r\nround-robin = yes\n", ST_EINVAL,
     "10: key 'pair': 'g vs r' is paired twice (first by line 11)", NULL},
    {HEAD "[agent.g]\ntype = greedy\n[matchups]\npair = g vs r\npair = r vs g\npair = g vs r\n",
     ST_EINVAL, "12: key 'pair': 'g vs r' is paired twice (first by line 10)", NULL},
    {HEAD "[matchups]\nself = yes\nself = no\n", ST_EINVAL,
     "9: key 'self': given twice (first on line 8)", NULL},
    /* the whole */
    {"[rules]\npresets = brandubh\n[agent.r]\ntype = random\n[experiment]\nseed = 3\n", ST_EINVAL,
     " no experiment name (name = ... under [experiment])", NULL},
    {"[experiment]\nname = t\n[agent.r]\ntype = random\n[rules]\n", ST_EINVAL,
     " no ruleset (presets, files or rules under [rules], or a [sweep])", NULL},
    {"[experiment]\nname = t\n[rules]\npresets = brandubh\n", ST_EINVAL,
     " no agent (an [agent.NAME] section with type = ...)", NULL},
    {HEAD "[matchups]\nself = no\nround-robin = yes\n", ST_EINVAL,
     " no pairing ([matchups] on line 7 sets neither self = yes, round-robin = yes nor a pair)",
     NULL},
    {"", ST_EINVAL, " no experiment name (name = ... under [experiment])", NULL},
    /* Issue 7: more games in all than one run holds; a layout where a side cannot move. */
    {"[experiment]\nname = big\ngames = 10000000\n[rules]\npresets = brandubh, tablut\n"
     "[agent.a]\ntype = random\n",
     ST_EINVAL,
     " 2 rulesets x 1 pairings x 10000000 games = 20000000 games, more than one run holds "
     "(10000000: every row is kept in memory for the summary); lower games or split the study "
     "into several experiments",
     NULL},
    {"[rules]\nrules = dim:7 name:a;b start:" CROSS_7 "\n", ST_EINVAL,
     "2: key 'rules': bad name 'a;b' (a name is letters, digits, '.', '_', '+' and '-')", NULL},
    {"[rules]\nrules = dim:7 start:/7/tT5/T6/3K3/7/7/7/\n", ST_EINVAL,
     "2: key 'rules': OTN rules: start: the attackers have no legal move in the start layout",
     NULL},
/* [sweep] (issue 25): one line naming the file, line and key */
#define SWEEP_HEAD "[experiment]\nname = t\n[agent.r]\ntype = random\n[sweep]\nbase = brandubh\n"
    {SWEEP_HEAD "king_arms = yes, no\n", ST_EINVAL,
     "7: key 'king_arms': unknown key (keys are base, base_file, mode, starts, knob_limits, "
     "knob_result and the ruleset keys of doc/RULES.md, as `tafl rules show` writes them)",
     NULL},
    {SWEEP_HEAD "king_armed =\n", ST_EINVAL, "7: key 'king_armed': the list of values is empty",
     NULL},
    {SWEEP_HEAD "king_armed = ,\n", ST_EINVAL, "7: key 'king_armed': the list of values is empty",
     NULL},
    {SWEEP_HEAD "king_armed = no, no\n", ST_EINVAL,
     "7: key 'king_armed': the value 'no' is listed twice", NULL},
    {SWEEP_HEAD "king_armed = no, sometimes\n", ST_EINVAL,
     "7: key 'king_armed': bad value 'sometimes' (expected yes|no|hammer|anvil)", NULL},
    {SWEEP_HEAD "no_moves = draw, ignore\n", ST_EINVAL,
     "7: key 'no_moves': bad value 'ignore' (expected lose|draw)", NULL},
    {SWEEP_HEAD "name = x\n", ST_EINVAL, "7: key 'name': not a key a sweep varies", "starts"},
    {SWEEP_HEAD "mode = all\n", ST_EINVAL,
     "7: key 'mode': bad value 'all' (expected one_at_a_time|grid)", NULL},
    {"[experiment]\nname = t\n[agent.r]\ntype = random\n[sweep]\nbase = chess\n", ST_EINVAL,
     "6: key 'base': unknown preset 'chess'", "base_file"},
    {"[experiment]\nname = t\n[agent.r]\ntype = random\n[sweep]\nking_armed = no\n", ST_EINVAL,
     "5: key 'base': missing in [sweep] (base = PRESET or base_file = PATH)", NULL},
    {SWEEP_HEAD "[rules]\npresets = tablut\n", ST_EINVAL,
     "7: section '[rules]': a [sweep] (line 5) makes the rulesets of this experiment; give its "
     "rulesets in one of the two",
     NULL},
    /* A sweep of over 100,000 candidates: king_armed 4 x escape 2 x king_capture 5 x
     * repetition 5 x max_plies 25 x draw_fort 2 x encirclement 2 x edge_fort 2 x corners 2 x
     * throne 2 = 160,000. The running product passes 1024 at max_plies (4, 8, 40, 200, then
     * 5000), on line 12: that line and key are named, with the whole count. */
    {SWEEP_HEAD "mode = grid\nking_armed = yes, no, hammer, anvil\nescape = corner, edge\n"
                "king_capture = custodial, throne4_adj3, throne4_adj3_edge3, strong, "
                "throne4_elsewhere2\nrepetition = lose, draw, ignore, defenders_lose, "
                "defenders_no_repeat\nmax_plies = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, "
                "15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25\n"
                "draw_fort = yes, no\nencirclement = yes, no\nedge_fort = yes, no\n"
                "corners = yes, no\nthrone = yes, no\n",
     ST_EINVAL,
     "12: key 'max_plies': the sweep has 160000 candidates, more than the 1024 an experiment "
     "holds (shorten the lists or use mode = one_at_a_time)",
     NULL},
    /* a design search: two candidates at least, one or two self-playing agents */
    {"[experiment]\nname = t\nkind = design\n[rules]\npresets = brandubh\n[agent.r]\ntype = "
     "random\n",
     ST_EINVAL, "3: key 'kind': a design search needs two rulesets at least (a [sweep] makes them)",
     NULL},
    {"[experiment]\nname = t\nkind = design\n[sweep]\nbase = brandubh\nking_armed = no\n"
     "[agent.a]\ntype = random\n[agent.b]\ntype = random\n[agent.c]\ntype = random\n",
     ST_EINVAL, "3: key 'kind': a design search has one agent", "no [matchups]"},
#undef SWEEP_HEAD
};

static bool contains_nocase(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; n > 0 && *p != '\0'; p++) {
        if (strncasecmp(p, word, n) == 0) {
            return true;
        }
    }
    return n == 0;
}

/* Checks that loading path fails with status and "PATH:" + error (see bad_texts). */
static void assert_fails(const char *path, Status status, const char *error, const char *also)
{
    Experiment *e = xcalloc(1, sizeof *e);
    strcpy(e->name, "untouched");
    Error err = {{0}};
    Status st = experiment_load(path, e, &err);
    ck_assert_msg(st == status, "%s: status %d, want %d: %s", path, (int)st, (int)status, err.text);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "not one line: %s", err.text);
    char want[1024];
    snprintf(want, sizeof want, "%s:%s", path, error);
    if (also == NULL) {
        ck_assert_str_eq(err.text, want);
    } else {
        ck_assert_msg(strncmp(err.text, want, strlen(want)) == 0, "'%s' does not start '%s'",
                      err.text, want);
        ck_assert_msg(contains_nocase(err.text + strlen(want), also), "'%s' does not mention '%s'",
                      err.text, also);
    }
    ck_assert_str_eq(e->name, "untouched"); /* *out is written only on success */
    free(e);
}

START_TEST(test_bad_texts)
{
    char path[512];
    write_temp(bad_texts[_i].text, path, sizeof path);
    assert_fails(path, bad_texts[_i].status, bad_texts[_i].error, bad_texts[_i].also);
    unlink(path);
}
END_TEST

START_TEST(test_bad_rulesets_file)
{
    /* A ruleset file's own error, after the experiment's line; the path is resolved against
     * the experiment file's directory. */
    char path[512], error[1024];
    data_path("bad-rulesfile.ini", path, sizeof path);
    snprintf(error, sizeof error,
             "4: key 'files': %s/experiments/../rulesets/bad-value.ini:3: key 'king_armed': bad "
             "value 'maybe' (expected yes|no|hammer|anvil)",
             fixture_data_dir());
    assert_fails(path, ST_EINVAL, error, NULL);

    data_path("bad-otn-name.ini", path, sizeof path);
    assert_fails(path, ST_EINVAL,
                 "5: key 'rules': OTN rules: a second ruleset named 'brandubh' (the first is from "
                 "line 4)",
                 NULL);
}
END_TEST

START_TEST(test_missing_file)
{
    char path[512];
    data_path("no-such-file.ini", path, sizeof path);
    assert_fails(path, ST_EIO, " cannot open: No such file or directory", NULL);
    data_path("", path, sizeof path); /* a directory */
    assert_fails(path, ST_EIO, " cannot open: Is a directory", NULL);
}
END_TEST

START_TEST(test_comments_and_bom)
{
    /* A byte-order mark, # and ; comments, CRLF line ends, a section with only comments. */
    char path[512];
    write_temp(
        "\xEF\xBB\xBF[experiment]\r\n# hash comment\r\nname = bom\r\n[matchups]\r\n; none\r\n"
        "[rules]\r\npresets = brandubh ; inline\r\n[agent.a]\r\ntype = random\r\n"
        "[matchups]\r\n",
        path, sizeof path);
    assert_fails(path, ST_EINVAL, "10: section '[matchups]': given twice (first on line 4)", NULL);
    unlink(path);
    write_temp("\xEF\xBB\xBF[experiment]\r\n# hash comment\r\nname = bom\r\n\r\n[rules]\r\n"
               "presets = brandubh ; inline\r\n[agent.a]\r\ntype = random\r\n",
               path, sizeof path);
    Experiment *e = load_ok(path);
    unlink(path);
    ck_assert_str_eq(e->name, "bom");
    ck_assert_str_eq(e->rulesets[0].name, "brandubh");
    ck_assert_int_eq(e->pairing_count, 1);
    free(e);
}
END_TEST

/* Issue 7: a NUL byte (a binary file, /dev/zero) is one error naming the line. */
START_TEST(test_nul_byte_is_refused)
{
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/tafl-experiment-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    static const char text[] = "[experiment]\nname = a\0b\n";
    ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    assert_fails(path, ST_EPARSE, "2: a NUL byte: not a text file", NULL);
    unlink(path);
}
END_TEST

/* Ruleset files named by an experiment (and the rules of a tuning file) are relative to the
 * INI file's directory unless absolute; a path that does not fit is refused, never cut. */
START_TEST(test_ini_relative_paths)
{
    char out[32];
    ck_assert(inilines_relative_path("experiments/a.ini", "r.ini", out, sizeof out));
    ck_assert_str_eq(out, "experiments/r.ini");
    ck_assert(inilines_relative_path("experiments/a.ini", "/etc/r.ini", out, sizeof out));
    ck_assert_str_eq(out, "/etc/r.ini");
    ck_assert(inilines_relative_path("a.ini", "r.ini", out, sizeof out));
    ck_assert_str_eq(out, "r.ini");
    ck_assert(inilines_relative_path("/x/y/a.ini", "d/r.ini", out, sizeof out));
    ck_assert_str_eq(out, "/x/y/d/r.ini");
    ck_assert(!inilines_relative_path("experiments/a.ini", "a-rather-long-file-name.ini", out,
                                      sizeof out));
    ck_assert(inilines_relative_path("e/a.ini", "1234567890123456789012345.ini", out,
                                     sizeof out)); /* 31 bytes and the NUL: fits exactly */
    ck_assert(
        !inilines_relative_path("e/a.ini", "12345678901234567890123456.ini", out, sizeof out));
}
END_TEST

/* A curve without [matchups] plays self-play and its ladder: each agent against the next, on
 * both sides; `ladder = yes` does the same in any experiment; the curve keys are read. */
START_TEST(test_curve_ladder_pairings)
{
    char path[512];
    write_temp("[experiment]\nname = c\nkind = curve\nreference = 0.44\n"
               "reference_label = human games\nconverge_width = 0.1\nconverge_rungs = 4\n"
               "converge_span = 300\n[rules]\npresets = "
               "brandubh\n[agent.a]\ntype = random\n[agent.b]\ntype = greedy\n[agent.c]\n"
               "type = random\n",
               path, sizeof path);
    Experiment *e = load_ok(path);
    static const int pairs[][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 0}, {1, 2}, {2, 1}};
    assert_pairings(e, pairs, 7);
    ck_assert_double_eq_tol(e->reference, 0.44, 1e-12);
    ck_assert_double_eq_tol(e->converge_width, 0.1, 1e-12);
    ck_assert_int_eq(e->converge_rungs, 4);
    ck_assert_double_eq_tol(e->converge_span, 300, 1e-12);
    ck_assert_str_eq(e->reference_label, "human games");
    free(e);
    remove(path);

    write_temp("[experiment]\nname = c\n[rules]\npresets = brandubh\n[agent.a]\ntype = "
               "random\n[agent.b]\ntype = greedy\n[matchups]\nladder = yes\n",
               path, sizeof path);
    e = load_ok(path);
    static const int ladder_only[][2] = {{0, 1}, {1, 0}};
    assert_pairings(e, ladder_only, 2);
    ck_assert(isnan(e->reference));
    ck_assert_double_eq_tol(e->converge_width, 0.08, 1e-12);
    ck_assert_int_eq(e->converge_rungs, 3);
    ck_assert_double_eq_tol(e->converge_span, 200, 1e-12);
    free(e);
    remove(path);
}
END_TEST

/* Loads text (written to a temporary file) and returns the experiment; the caller frees it. */
static Experiment *load_text(const char *text)
{
    char path[512];
    write_temp(text, path, sizeof path);
    Experiment *e = load_ok(path);
    unlink(path);
    return e;
}

/* One change at a time (issue 25): the base first, then each listed value of each key in file
 * order, values equal to the base's skipped (brandubh has king_armed = yes, escape = corner,
 * king_capture = custodial); each candidate differs from the base in its own key alone. */
START_TEST(test_sweep_one_at_a_time)
{
    Experiment *e = load_text("[experiment]\nname = t\n[sweep]\nbase = brandubh\n"
                              "king_armed = yes, no, hammer\nescape = edge, corner\n"
                              "king_capture = strong\n[agent.r]\ntype = random\n");
    static const char *const names[] = {"brandubh", "brandubh+king_armed.no",
                                        "brandubh+king_armed.hammer", "brandubh+escape.edge",
                                        "brandubh+king_capture.strong"};
    ck_assert_int_eq(e->ruleset_count, 5);
    ck_assert(e->swept);
    for (int i = 0; i < 5; i++)
        ck_assert_str_eq(e->rulesets[i].name, names[i]);
    const Ruleset *base = ruleset_preset_find("brandubh");
    ck_assert_int_eq(e->rulesets[0].king_armed, base->king_armed);
    ck_assert_int_eq(e->rulesets[1].king_armed, KING_ARMED_NO);
    ck_assert_int_eq(e->rulesets[1].escape, base->escape);
    ck_assert_int_eq(e->rulesets[2].king_armed, KING_ARMED_HAMMER);
    ck_assert_int_eq(e->rulesets[3].escape, ESCAPE_EDGE);
    ck_assert_int_eq(e->rulesets[3].king_armed, base->king_armed);
    ck_assert_int_eq(e->rulesets[4].king_capture, KING_CAPTURE_STRONG);
    ck_assert_int_eq(e->rulesets[4].escape, base->escape);
    free(e);
}
END_TEST

/* The grid: every combination, the first key turning slowest, each named by the values that
 * differ from the base (brandubh's own king_armed = yes and escape = corner leave no mark). */
START_TEST(test_sweep_grid)
{
    Experiment *e = load_text("[experiment]\nname = t\n[sweep]\nbase = brandubh\nmode = grid\n"
                              "king_armed = yes, no, anvil\nescape = corner, edge\n"
                              "[agent.r]\ntype = random\n");
    static const char *const names[] = {"brandubh",
                                        "brandubh+escape.edge",
                                        "brandubh+king_armed.no",
                                        "brandubh+king_armed.no+escape.edge",
                                        "brandubh+king_armed.anvil",
                                        "brandubh+king_armed.anvil+escape.edge"};
    ck_assert_int_eq(e->ruleset_count, 6);
    for (int i = 0; i < 6; i++)
        ck_assert_str_eq(e->rulesets[i].name, names[i]);
    ck_assert_int_eq(e->rulesets[3].king_armed, KING_ARMED_NO);
    ck_assert_int_eq(e->rulesets[3].escape, ESCAPE_EDGE);
    ck_assert_int_eq(e->rulesets[4].king_armed, KING_ARMED_ANVIL);
    ck_assert_int_eq(e->rulesets[4].escape, ESCAPE_CORNER);
    free(e);
    /* A grid without the base's own values does not hold the base; a name too long for a
     * ruleset gives way to the candidate's number. */
    e = load_text("[experiment]\nname = t\n[sweep]\nbase = brandubh-online\nmode = grid\n"
                  "throne_hostile_attackers = never\nthrone_hostile_defenders = never\n"
                  "king_capture = throne4_adj3_edge3\n[agent.r]\ntype = random\n");
    ck_assert_int_eq(e->ruleset_count, 1);
    ck_assert_str_eq(e->rulesets[0].name, "brandubh-online+c0");
    ck_assert_int_eq(e->rulesets[0].king_capture, KING_CAPTURE_THRONE4_ADJ3_EDGE3);
    free(e);
}
END_TEST

/* Alternative start positions from ruleset files: the candidate takes the file's size and start
 * and is named by the file's ruleset name. */
START_TEST(test_sweep_starts)
{
    char rules[512], text[1200];
    /* brandubh's cross less the defender east of the king: a handicap of one piece */
    write_temp("name = cross\nsize = 7\nstart = /3t3/3t3/3T3/ttTK1tt/3T3/3t3/3t3/\n", rules,
               sizeof rules);
    snprintf(text, sizeof text,
             "[experiment]\nname = t\n[sweep]\nbase = brandubh\nstarts = %s\n"
             "king_armed = no\n[agent.r]\ntype = random\n",
             rules);
    Experiment *e = load_text(text);
    ck_assert_int_eq(e->ruleset_count, 3);
    ck_assert_str_eq(e->rulesets[1].name, "brandubh+start.cross");
    ck_assert_str_eq(e->rulesets[1].start, "/3t3/3t3/3T3/ttTK1tt/3T3/3t3/3t3/");
    ck_assert_str_eq(e->rulesets[2].name, "brandubh+king_armed.no");
    ck_assert_str_eq(e->rulesets[2].start, ruleset_preset_find("brandubh")->start);
    free(e);
    unlink(rules);
}
END_TEST

Suite *experiment_suite(void)
{
    Suite *s = suite_create("experiment");
    TCase *tc = tcase_create("load");
    tcase_add_test(tc, test_quick_balance);
    tcase_add_test(tc, test_ini_relative_paths);
    tcase_add_test(tc, test_full_fixture);
    tcase_add_test(tc, test_round_robin_order);
    tcase_add_test(tc, test_curve_ladder_pairings);
    tcase_add_test(tc, test_default_self);
    tcase_add_test(tc, test_specs_are_agent_create_specs);
    tcase_add_test(tc, test_cmd_goes_on_over_lines);
    tcase_add_test(tc, test_check_param);
    tcase_add_test(tc, test_sweep_one_at_a_time);
    tcase_add_test(tc, test_sweep_grid);
    tcase_add_test(tc, test_sweep_starts);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_loop_test(tc, test_bad_texts, 0, (int)(sizeof bad_texts / sizeof bad_texts[0]));
    tcase_add_test(tc, test_bad_rulesets_file);
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_comments_and_bom);
    tcase_add_test(tc, test_nul_byte_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
