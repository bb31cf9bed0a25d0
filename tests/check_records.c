/* Recorded games: the move-list CSV and OTN game records read, and replayed against the
 * engine. The fixture is tests/data/games/copenhagen.csv: 1,752 human games of Copenhagen
 * hnefatafl (tests/data/games/README.md), every one replayed move by move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/csvgame.h"
#include "tests/tests.h"

/* Reads a CSV game file of tests/data, failing the test on any error. */
static void read_csv_fixture(const char *file, RecordGame **games, int *count)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", fixture_data_dir(), file);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    Error err = {{0}};
    Status st = csvgame_read(f, path, games, count, &err);
    fclose(f);
    ck_assert_msg(st == ST_OK, "%s", err.text);
}

/* Reads CSV text, returning the status; the games are freed. */
static Status read_csv_text(const char *text, Error *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    ck_assert(f != NULL);
    RecordGame *games;
    int count;
    Status st = csvgame_read(f, "t.csv", &games, &count, err);
    fclose(f);
    record_games_free(games, count);
    return st;
}

/* The games of copenhagen.csv that disagree with the copenhagen preset, and why: each goes on
 * after a move that made a position occur for the third time, which RULES.md's copenhagen
 * (repetition = lose, the repeater loses) ends there; the site that recorded the games let
 * play go on. The record, not the engine: with repetition = ignore every game agrees. */
static const int COPENHAGEN_REPETITION_LINES[] = {298, 443, 509, 513, 550, 697,
                                                  827, 898, 907, 978, 1542};
#define COPENHAGEN_REPETITIONS                                                                     \
    ((int)(sizeof COPENHAGEN_REPETITION_LINES / sizeof COPENHAGEN_REPETITION_LINES[0]))

/* What the replays exercised. */
typedef struct {
    int wall_captures; /* pieces taken off a square not beside the mover's: shieldwalls */
    int edge_forts;    /* games the engine ended with the king off every corner, escaped */
    long plies;
    int ended[END_MAX_PLIES + 1]; /* games the engine ended, by reason */
} Seen;

static void count_seen(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                       const CaptureList *caps)
{
    Seen *seen = ctx;
    (void)rm;
    if (ply == 0)
        return;
    seen->plies++;
    const int n = 11; /* the copenhagen board */
    for (int i = 0; i < caps->count; i++) {
        int dr = caps->sq[i] / n - m.to / n, df = caps->sq[i] % n - m.to % n;
        seen->wall_captures += caps->sq[i] != s->king && dr * dr + df * df != 1;
    }
    if (state_is_over(s)) {
        seen->ended[s->reason]++;
        int row = s->king / n, file = s->king % n;
        bool corner = (row == 0 || row == n - 1) && (file == 0 || file == n - 1);
        seen->edge_forts += s->reason == END_KING_ESCAPED && !corner;
    }
}

/* Replays every game of the file under preset `rules` with `repetition`; returns the count
 * that agree and fills the lines that do not (room for `room`). */
static int replay_all(const char *preset, EndRule repetition, int *bad_lines, int room,
                      RecordIssue *issues, Seen *seen)
{
    Ruleset rs = *ruleset_preset_find(preset);
    rs.repetition = repetition;
    Rules r;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, &r, &err), ST_OK);
    RecordGame *games;
    int count;
    read_csv_fixture("games/copenhagen.csv", &games, &count);
    ck_assert_int_eq(count, 1752);
    int agree = 0, bad = 0;
    for (int i = 0; i < count; i++) {
        RecordIssue issue;
        if (record_replay(&r, &games[i], count_seen, seen, &issue)) {
            agree++;
        } else {
            ck_assert_msg(bad < room, "line %d: %s (and more)", issue.line, issue.what);
            bad_lines[bad] = games[i].line;
            issues[bad++] = issue;
        }
    }
    record_games_free(games, count);
    return agree;
}

/* Does the move text list one captured square twice ("xk2xk2")? */
static bool lists_a_square_twice(const char *text)
{
    const char *caps = strchr(text, 'x');
    for (const char *a = caps; a != NULL; a = strchr(a + 1, 'x')) {
        size_t len = strcspn(a + 1, "x/");
        for (const char *b = strchr(a + 1, 'x'); b != NULL; b = strchr(b + 1, 'x'))
            if (strcspn(b + 1, "x/") == len && strncmp(a + 1, b + 1, len) == 0)
                return true;
    }
    return false;
}

START_TEST(test_copenhagen_csv_reads_every_game)
{
    RecordGame *games;
    int count;
    read_csv_fixture("games/copenhagen.csv", &games, &count);
    /* ../shared/data/README.md: "960 White, 754 Black, 7 Draw, 31 Ongoing". */
    int results[5] = {0};
    int timeouts = 0, listed_twice = 0;
    for (int i = 0; i < count; i++) {
        results[games[i].result]++;
        timeouts += games[i].stopped;
        ck_assert_int_eq(games[i].line, i + 1);
        bool twice = false;
        for (int k = 0; k < games[i].count; k++)
            twice = twice || lists_a_square_twice(games[i].moves[k].text);
        listed_twice += twice;
    }
    ck_assert_int_eq(count, 1752);
    ck_assert_int_eq(results[RECORD_RESULT_DEFENDERS], 960);
    ck_assert_int_eq(results[RECORD_RESULT_ATTACKERS], 754);
    ck_assert_int_eq(results[RECORD_RESULT_DRAW], 7);
    ck_assert_int_eq(results[RECORD_RESULT_ONGOING], 31);
    ck_assert_int_eq(timeouts, 273);
    /* A record artefact: these games list some capture twice ("i3-k3xk2xk2", always a piece on
     * the edge taken between the mover and a piece or corner along it, it seems found as a
     * custodial capture and as a one-piece shieldwall), and the capture counts count both. */
    ck_assert_int_eq(listed_twice, 214);
    record_games_free(games, count);
}
END_TEST

/* The issue's fixture: every move legal, every listed capture exactly the engine's, and where
 * the engine ends a game the record ends it the same way, with the same winner; the capture
 * counts of each side agree. All but the named repetition games agree. */
START_TEST(test_copenhagen_csv_replays_under_copenhagen)
{
    int bad_lines[64];
    RecordIssue issues[64];
    Seen seen = {0};
    int agree = replay_all("copenhagen", END_RULE_LOSE, bad_lines, 64, issues, &seen);
    ck_assert_int_eq(agree, 1752 - COPENHAGEN_REPETITIONS);
    for (int i = 0; i < COPENHAGEN_REPETITIONS; i++) {
        ck_assert_int_eq(bad_lines[i], COPENHAGEN_REPETITION_LINES[i]);
        ck_assert_msg(strstr(issues[i].what, "goes on after the engine ended it") != NULL &&
                          strstr(issues[i].what, "by repetition") != NULL,
                      "line %d: %s", bad_lines[i], issues[i].what);
    }
}
END_TEST

/* With repetition = ignore, the one rule the site did not apply, every game agrees. */
START_TEST(test_copenhagen_csv_all_agree_without_repetition)
{
    int bad_lines[8];
    RecordIssue issues[8];
    Seen seen = {0};
    ck_assert_int_eq(replay_all("copenhagen", END_RULE_IGNORE, bad_lines, 8, issues, &seen), 1752);
    /* What the games exercise: 87,274 plies; 68 pieces taken by shieldwalls away from the
     * mover; 372 games ended by a rule, 48 of them by edge forts; the other 1,380 stop off the
     * board (resignation, time, unfinished). */
    ck_assert_int_eq(seen.plies, 87274);
    ck_assert_int_eq(seen.wall_captures, 68);
    ck_assert_int_eq(seen.edge_forts, 48);
    ck_assert_int_eq(seen.ended[END_KING_CAPTURED], 45);
    ck_assert_int_eq(seen.ended[END_KING_ESCAPED], 283);
    ck_assert_int_eq(seen.ended[END_ENCIRCLED], 24);
    ck_assert_int_eq(seen.ended[END_NO_MOVES], 20);
    ck_assert_int_eq(seen.ended[END_REPETITION] + seen.ended[END_DRAW_FORT], 0);
}
END_TEST

/* Each line is one malformed game; the error names the file, the line and what is wrong. */
static const struct {
    const char *text, *error;
} bad_csv[] = {
    {"d1-d3 e5-e2,0,0,White\nd1-d3,0,0\n",
     "t.csv:2: expected 4 comma-separated fields (moves, two capture counts, result)"},
    {"d1-d3,0,0,White,x\n",
     "t.csv:1: expected 4 comma-separated fields (moves, two capture counts, result)"},
    {"d1-d3,0,x,White\n", "t.csv:1: the capture counts '0' and 'x' must be whole numbers"},
    {"d1-d3,-1,0,White\n", "t.csv:1: the capture counts '-1' and '0' must be whole numbers"},
    {"# comment\n\nd1-d3,0,0,Won\n", "t.csv:3: result 'Won' is not White, Black, Draw or Ongoing"},
    {"d1-d3 timeout e5-e2,0,0,Black\n", "t.csv:1: 'e5-e2' after 'timeout', which ends the game"},
};

START_TEST(test_csv_errors_name_line)
{
    Error err = {{0}};
    ck_assert_int_eq(read_csv_text(bad_csv[_i].text, &err), ST_EPARSE);
    ck_assert_str_eq(err.text, bad_csv[_i].error);
}
END_TEST

/* One game of CSV text replayed under copenhagen: true when it agrees, else the issue. */
static bool replay_csv_line(const char *text, RecordIssue *issue)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    ck_assert(f != NULL);
    RecordGame *games;
    int count;
    Error err = {{0}};
    ck_assert_msg(csvgame_read(f, "t.csv", &games, &count, &err) == ST_OK, "%s", err.text);
    fclose(f);
    ck_assert_int_eq(count, 1);
    Rules r;
    fixture_rules("copenhagen", &r);
    bool ok = record_replay(&r, &games[0], NULL, NULL, issue);
    record_games_free(games, count);
    return ok;
}

/* Each game disagrees with the engine at the given ply, for the given reason. */
static const struct {
    const char *text;
    int ply;
    const char *what;
} disagreeing[] = {
    /* copenhagen.csv line 2, intact: agrees (the other cases change one thing). */
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Ongoing\n", -1, NULL},
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3,1,0,Ongoing\n", 5,
     "'g3-e3': the record lists captures none, the engine takes e2"},
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2xd2,2,0,Ongoing\n", 5,
     "'g3-e3xe2xd2': the record lists captures d2/e2, the engine takes e2"},
    /* A square listed twice is one capture, and two in the record's count. */
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2xe2,2,0,Ongoing\n", -1, NULL},
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,2,0,Ongoing\n", 0,
     "the record counts 2 defenders lost, its moves list 1"},
    {"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,1,Ongoing\n", 0,
     "the record counts 1 attackers lost, its moves list 0"},
    {"d1-d3 d3-d4,0,0,Ongoing\n", 2,
     "'d3-d4' is not a legal move: it moves an attacker, "
     "defenders to move"},
    {"d1-d3 e6-e2,0,0,Ongoing\n", 2,
     "'e6-e2' is not a legal move: its path is blocked or it stops on a restricted square"},
    {"d1-d3 c3-c4,0,0,Ongoing\n", 2,
     "'c3-c4' is not a legal move: no piece stands on its "
     "first square"},
    {"d1-d3 e5-e2 z9-a1,0,0,Ongoing\n", 3, "move 'z9-a1' column 1: expected a square a1..k11"},
};

START_TEST(test_replay_disagreements_name_ply)
{
    RecordIssue issue;
    bool ok = replay_csv_line(disagreeing[_i].text, &issue);
    if (disagreeing[_i].what == NULL) {
        ck_assert_msg(ok, "%s: %s", disagreeing[_i].text, issue.what);
        return;
    }
    ck_assert_msg(!ok, "%s agrees", disagreeing[_i].text);
    ck_assert_int_eq(issue.line, 1);
    ck_assert_int_eq(issue.ply, disagreeing[_i].ply);
    ck_assert_str_eq(issue.what, disagreeing[_i].what);
}
END_TEST

Suite *records_suite(void)
{
    Suite *s = suite_create("records");
    TCase *tc = tcase_create("copenhagen_csv");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_copenhagen_csv_reads_every_game);
    tcase_add_test(tc, test_copenhagen_csv_replays_under_copenhagen);
    tcase_add_test(tc, test_copenhagen_csv_all_agree_without_repetition);
    suite_add_tcase(s, tc);
    TCase *tc_csv = tcase_create("csv");
    tcase_add_loop_test(tc_csv, test_csv_errors_name_line, 0,
                        (int)(sizeof bad_csv / sizeof bad_csv[0]));
    tcase_add_loop_test(tc_csv, test_replay_disagreements_name_ply, 0,
                        (int)(sizeof disagreeing / sizeof disagreeing[0]));
    suite_add_tcase(s, tc_csv);
    return s;
}
