/* Result files (formats/games.c, formats/summary.c): games.csv round trip through libcsv's
 * quoting, torn last rows, exact errors with line numbers, summary.csv against hand-computed
 * values (Wilson intervals from the formula and published tables), atomic replacement and write
 * errors. */
#include <check.h>
#include <csv.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/games.h"
#include "formats/summary.h"
#include "rules/rng.h"
#include "stats/stats.h"
#include "tests/tests.h"

/* A fresh directory under $TMPDIR or /tmp for one test; removed by remove_dir. */
static void make_dir(char *buf, size_t len)
{
    const char *dir = getenv("TMPDIR");
    int n = snprintf(buf, len, "%s/tafl-results-XXXXXX", dir && *dir ? dir : "/tmp");
    ck_assert(n > 0 && (size_t)n < len);
    ck_assert_msg(mkdtemp(buf) != NULL, "mkdtemp %s failed", buf);
}

/* Removes the files in dir (no subdirectories are made) and dir itself. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert(d != NULL);
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            ck_assert_int_eq(unlink(path), 0);
        }
    }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

static void join(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);
    ck_assert(n > 0 && (size_t)n < len);
}

/* The whole file as a NUL-terminated string (caller frees); its length in *len. */
static void spew(const char *path, const char *mode, const char *text)
{
    FILE *f = fopen(path, mode);
    ck_assert_msg(f != NULL, "cannot open %s", path);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

static long file_size(const char *path)
{
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    return (long)st.st_size;
}

static GameRow make_row(long game, const char *rules, const char *att, const char *def,
                        Winner winner, EndReason reason, int plies)
{
    GameRow r;
    memset(&r, 0, sizeof r);
    r.game = game;
    snprintf(r.rules, sizeof r.rules, "%s", rules);
    snprintf(r.attacker, sizeof r.attacker, "%s", att);
    snprintf(r.defender, sizeof r.defender, "%s", def);
    r.seed = 1000 + (uint64_t)game;
    r.winner = winner;
    r.reason = reason;
    r.plies = plies;
    return r;
}

static void assert_rows_equal(const GameRow *a, const GameRow *b)
{
    ck_assert_int_eq(a->game, b->game);
    ck_assert_str_eq(a->rules, b->rules);
    ck_assert_str_eq(a->attacker, b->attacker);
    ck_assert_str_eq(a->defender, b->defender);
    ck_assert_msg(a->seed == b->seed, "seed %llu != %llu", (unsigned long long)a->seed,
                  (unsigned long long)b->seed);
    ck_assert_int_eq(a->winner, b->winner);
    ck_assert_int_eq(a->reason, b->reason);
    ck_assert_int_eq(a->plies, b->plies);
    ck_assert_int_eq(a->attackers_lost, b->attackers_lost);
    ck_assert_int_eq(a->defenders_lost, b->defenders_lost);
    if (a->moves == NULL || b->moves == NULL) {
        ck_assert_msg(a->moves == b->moves, "moves: one is NULL, the other is not");
    } else {
        ck_assert_str_eq(a->moves, b->moves);
    }
    ck_assert_int_eq(a->external, b->external);
}

static void write_rows(const char *path, const GameRow *rows, long n)
{
    GamesWriter *w = NULL;
    Error err = {{0}};
    ck_assert_msg(results_games_open(path, &w, &err) == ST_OK, "%s", err.text);
    for (long i = 0; i < n; i++) {
        ck_assert_msg(results_games_append(w, &rows[i], &err) == ST_OK, "%s", err.text);
    }
    ck_assert_msg(results_games_close(w, &err) == ST_OK, "%s", err.text);
}

/* Reads path expecting success. */
static GameRow *read_ok(const char *path, long *count, long *valid)
{
    GameRow *rows = NULL;
    Error err = {{0}};
    Status st = results_games_read(path, &rows, count, valid, &err);
    ck_assert_msg(st == ST_OK, "%s", err.text);
    return rows;
}

/* Reads path expecting ST_EPARSE with the message "<path>:<what>". */
static void read_fails(const char *path, const char *what)
{
    GameRow *rows = NULL;
    long count = -1, valid = -1;
    Error err = {{0}};
    ck_assert_int_eq(results_games_read(path, &rows, &count, &valid, &err), ST_EPARSE);
    ck_assert(rows == NULL);
    ck_assert_int_eq(count, 0);
    char want[1024];
    snprintf(want, sizeof want, "%s:%s", path, what);
    ck_assert_str_eq(err.text, want);
}

#define HEADER                                                                                     \
    "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,"   \
    "external\n"

START_TEST(test_row_format)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    GameRow rows[2] = {
        make_row(0, "brandubh", "random", "random", WINNER_ATTACKERS, END_KING_CAPTURED, 17),
        make_row(1, "tablut", "a,b", "say \"hi\"", WINNER_DRAW, END_MAX_PLIES, 500),
    };
    rows[0].attackers_lost = 1;
    rows[0].defenders_lost = 2;
    char moves[] = "d1-d3 e4-e5xe6";
    rows[1].moves = moves;
    rows[1].external = RESULTS_EXTERNAL_ATTACKER;
    write_rows(path, rows, 2);
    char *text = fixture_slurp(path, NULL);
    ck_assert_str_eq(text, HEADER
                     "0,\"brandubh\",\"random\",\"random\",1000,attackers,king_captured,17,1,2,,"
                     "none\n"
                     "1,\"tablut\",\"a,b\",\"say \"\"hi\"\"\",1001,draw,max_plies,500,0,0,"
                     "\"d1-d3 e4-e5xe6\",attacker\n");
    free(text);
    remove_dir(dir);
}
END_TEST

START_TEST(test_round_trip)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");

    /* A moves string longer than the reader's 64 KiB chunk, so a row crosses chunks. */
    size_t moves_len = 6 * 20000;
    char *long_moves = malloc(moves_len + 1);
    ck_assert(long_moves != NULL);
    for (size_t i = 0; i < moves_len; i += 6) {
        memcpy(long_moves + i, i + 6 < moves_len ? "d1-d3 " : "d1-d3", i + 6 < moves_len ? 6 : 5);
    }
    long_moves[moves_len - 1] = '\0';

    GameRow rows[8] = {
        make_row(0, "brandubh", "mcts:iterations=100,c=1.4", "alpha beta", WINNER_ATTACKERS,
                 END_KING_CAPTURED, 31),
        make_row(1, "my \"house\" rules, v2", "greedy", "random", WINNER_DEFENDERS,
                 END_KING_ESCAPED, 12),
        make_row(2, " lead and trail ", "\"", ",", WINNER_DRAW, END_REPETITION, 44),
        make_row(3, "tablut", "random", "random", WINNER_DRAW, END_DRAW_FORT, 9),
        make_row(4, "x", "y", "z", WINNER_DEFENDERS, END_NO_MOVES, 0),
        make_row(5, "x", "ext", "z", WINNER_DEFENDERS, END_ILLEGAL_MOVE, 3),
        make_row(6, "x", "z", "ext", WINNER_ATTACKERS, END_ENGINE_CRASH, 4),
        make_row(7, "x", "ext", "ext", WINNER_DEFENDERS, END_ENGINE_TIMEOUT, 5),
    };
    rows[5].external = RESULTS_EXTERNAL_ATTACKER;
    rows[6].external = RESULTS_EXTERNAL_DEFENDER;
    rows[7].external = RESULTS_EXTERNAL_ATTACKER | RESULTS_EXTERNAL_DEFENDER;
    rows[0].seed = UINT64_MAX;
    rows[0].moves = long_moves;
    rows[0].attackers_lost = 3;
    rows[0].defenders_lost = 4;
    char empty[] = "", odd[] = "e1-e2 \"odd, text\"";
    rows[1].moves = empty;
    rows[2].moves = odd;
    rows[3].seed = 0;
    rows[4].game = 2147483647L;
    write_rows(path, rows, 3);
    /* A resume appends to the non-empty file without a second header. */
    write_rows(path, rows + 3, 5);

    long count, valid;
    GameRow *back = read_ok(path, &count, &valid);
    ck_assert_int_eq(count, 8);
    ck_assert_int_eq(valid, file_size(path));
    for (long i = 0; i < 8; i++) {
        assert_rows_equal(&back[i], &rows[i]);
    }
    results_free_rows(back, count);

    char *text = fixture_slurp(path, NULL);
    ck_assert_msg(strncmp(text, HEADER, strlen(HEADER)) == 0, "header");
    ck_assert_msg(strstr(text + 1, "game,rules") == NULL, "second header");
    free(text);
    free(long_moves);
    remove_dir(dir);
}
END_TEST

START_TEST(test_empty_and_torn_header)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    long count, valid;

    spew(path, "w", "");
    GameRow *rows = read_ok(path, &count, &valid);
    ck_assert_int_eq(count, 0);
    ck_assert_int_eq(valid, 0);
    results_free_rows(rows, count);

    /* A header cut short by a crash is a file without rows. */
    spew(path, "w", "game,rules,attac");
    rows = read_ok(path, &count, &valid);
    ck_assert_int_eq(count, 0);
    ck_assert_int_eq(valid, 0);
    results_free_rows(rows, count);

    /* A header alone. */
    spew(path, "w", HEADER);
    rows = read_ok(path, &count, &valid);
    ck_assert_int_eq(count, 0);
    ck_assert_int_eq(valid, (long)strlen(HEADER));
    results_free_rows(rows, count);
    remove_dir(dir);
}
END_TEST

START_TEST(test_torn_row)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    GameRow rows[2] = {
        make_row(0, "brandubh", "random", "random", WINNER_ATTACKERS, END_KING_CAPTURED, 17),
        make_row(1, "brandubh", "random", "random", WINNER_DEFENDERS, END_KING_ESCAPED, 23),
    };
    char moves[] = "a4-b4";
    rows[1].moves = moves;
    write_rows(path, rows, 2);
    long whole = file_size(path);

    /* A row cut inside a field; then one cut at its very end (every field there, but no
     * newline: libcsv alone would report it at csv_fini). */
    const char *torn[] = {
        "2,\"brandubh\",\"ran",
        "2,\"brandubh\",\"random\",\"random\",7,draw,repetition,9,0,0,",
        "2,\"brandubh\",\"random\",\"random\",7,draw,repetition,9,0,0,\"a1-a2\"",
        /* inside an open quote, across a line */
        "2,\"bran\ndubh\",\"random\",\"random\",7,draw,repetition,9,0,0,\"a1-a2",
        "2,\"brandubh\",\"random\",\"random\",7,draw,repetition,9,0,0,\"a1-a2\nb1-b2",
        /* garbage that would be malformed if it were complete */
        "2,br\"and",
    };
    for (size_t t = 0; t < sizeof torn / sizeof torn[0]; t++) {
        ck_assert_int_eq(truncate(path, whole), 0);
        spew(path, "a", torn[t]);
        long count, valid;
        GameRow *back = read_ok(path, &count, &valid);
        ck_assert_msg(count == 2, "case %zu: %ld rows", t, count);
        ck_assert_msg(valid == whole, "case %zu: valid_bytes %ld, want %ld", t, valid, whole);
        assert_rows_equal(&back[0], &rows[0]);
        assert_rows_equal(&back[1], &rows[1]);
        results_free_rows(back, count);

        /* A resume cuts the torn bytes off and appends: the file reads back whole. */
        ck_assert_int_eq(truncate(path, valid), 0);
        GameRow more = make_row(2, "brandubh", "random", "random", WINNER_DRAW, END_MAX_PLIES, 9);
        write_rows(path, &more, 1);
        back = read_ok(path, &count, &valid);
        ck_assert_int_eq(count, 3);
        ck_assert_int_eq(valid, file_size(path));
        assert_rows_equal(&back[2], &more);
        results_free_rows(back, count);
    }
    remove_dir(dir);
}
END_TEST

/* Issue 7: a NUL byte in a complete row is an error naming its line (a binary file); zeros in
 * the torn tail, where a crash can leave unwritten blocks, are dropped with the torn row. */
START_TEST(test_nul_bytes)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    GameRow row =
        make_row(0, "brandubh", "random", "random", WINNER_ATTACKERS, END_KING_CAPTURED, 17);
    write_rows(path, &row, 1);
    long whole = file_size(path);
    static const char zeros[] = "1,\"brand\0\0\0";
    FILE *f = fopen(path, "ab");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fwrite(zeros, 1, sizeof zeros - 1, f), sizeof zeros - 1);
    ck_assert_int_eq(fclose(f), 0);
    long count, valid;
    GameRow *back = read_ok(path, &count, &valid);
    ck_assert_int_eq(count, 1);
    ck_assert_int_eq(valid, whole);
    results_free_rows(back, count);

    spew(path, "a", "\n"); /* the zeros now stand in a complete line: line 3 */
    read_fails(path, "3: a NUL byte: not a text file");
    remove_dir(dir);
}
END_TEST

START_TEST(test_header_mismatch)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    const char *bad[] = {
        /* schema 2, without the external column: a run of an older tafl */
        "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,"
        "moves\n",
        "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost\n",
        "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,"
        "moves,external,extra\n",
        "\"game\",rules,attacker,defender,seed,winner,reason,plies,attackers_lost,"
        "defenders_lost,moves,external\n",
        "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,"
        "moves,external\r\n",
        "rules,attacker,defender,games\n",
        "hello",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        spew(path, "w", bad[i]);
        read_fails(path, "1: not a tafl-lab games.csv (schema 4) header");
    }
    GameRow *rows = NULL;
    long count, valid;
    Error err = {{0}};
    join(path, sizeof path, dir, "missing.csv");
    ck_assert_int_eq(results_games_read(path, &rows, &count, &valid, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, path) != NULL, "%s", err.text);
    remove_dir(dir);
}
END_TEST

START_TEST(test_malformed_rows)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "games.csv");
    /* Line 2 is good; the row on line 3 (or from line 3) is not. */
    const char *good = "0,\"b\",\"r\",\"r\",1,attackers,king_captured,5,0,0,,none\n";
    static const struct {
        const char *row;
        const char *what;
    } cases[] = {
        {"1,b,r,r,1,nobody,king_captured,5,0,0,,none\n",
         "3: field 6 'winner': bad value 'nobody' (attackers, defenders or draw)"},
        {"1,b,r,r,1,none,king_captured,5,0,0,,none\n",
         "3: field 6 'winner': bad value 'none' (attackers, defenders or draw)"},
        {"1,b,r,r,1,draw,resigned,5,0,0,,none\n",
         "3: field 7 'reason': bad value 'resigned' (king_captured, king_escaped, encircled, "
         "draw_fort, repetition, no_moves, max_plies, illegal_move, engine_crash or "
         "engine_timeout)"},
        {"1,b,r,r,1,draw,repetition,5,0,0,,maybe\n",
         "3: field 12 'external': bad value 'maybe' (none, attacker, defender or both)"},
        {"1,b,r,r,1,draw,repetition,5,0,0,,\n",
         "3: field 12 'external': bad value '' (none, attacker, defender or both)"},
        {"-1,b,r,r,1,draw,repetition,5,0,0,,none\n",
         "3: field 1 'game': bad value '-1' (a non-negative decimal integer in range)"},
        {"1,b,r,r,18446744073709551616,draw,repetition,5,0,0,,none\n",
         "3: field 5 'seed': bad value '18446744073709551616' (a non-negative decimal integer "
         "in range)"},
        {"1,b,r,r,1,draw,repetition,2147483648,0,0,,none\n",
         "3: field 8 'plies': bad value '2147483648' (a non-negative decimal integer in range)"},
        {"1,b,r,r,1,draw,repetition,5, 1,0,,none\n",
         "3: field 9 'attackers_lost': bad value ' 1' (a non-negative decimal integer in range)"},
        {"1,b,r,r,1,draw,repetition,5,0,,,none\n",
         "3: field 10 'defenders_lost': bad value '' (a non-negative decimal integer in range)"},
        {"1,b,r,r,1,draw,repetition,5,0,0,\n", "3: expected 12 fields, found 11"},
        {"1,b,r,r,1,draw,repetition,5,0,0,,none,\n", "3: expected 12 fields, found 13"},
        {"\n", "3: expected 12 fields, found 0"},
        {"1,b,r,r,1,draw,repetition,5,0,0,\"a\"b,none\n",
         "3: malformed CSV: error parsing data while strict checking enabled"},
        {"1,b\"x,r,r,1,draw,repetition,5,0,0,,none\n",
         "3: malformed CSV: error parsing data while strict checking enabled"},
        {"1,\"0123456789012345678901234567890123456789012345678901234567890123\",r,r,1,draw,"
         "repetition,5,0,0,,none\n",
         "3: field 2 'rules': bad value '0123456789012345678901234567890123456789' (at most 63 "
         "bytes)"},
        /* Found by fuzz_games_csv (tests/fuzz/games_csv/regress-newline-in-error.csv): a bad
         * value quoted in the error kept its newline; it is one line, '?' for the newline. */
        {"1,b,r,r,1,\"dr\naw\",king_captured,5,0,0,,none\n",
         "3: field 6 'winner': bad value 'dr?aw' (attackers, defenders or draw)"},
        /* a row spanning lines 3 and 4 is reported at the line it starts on */
        {"1,\"two\nlines\",r,r,1,draw,repetition,5,0,0,x,y,z\n", "3: expected 12 fields, found 13"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, "%s%s%s%s", HEADER, good, cases[i].row, good);
        spew(path, "w", text);
        read_fails(path, cases[i].what);
    }

    /* Line numbers count physical lines: a name with a newline in it takes two. */
    char text[1024];
    snprintf(text, sizeof text, "%s%s%s", HEADER,
             "0,\"two\nlines\",r,r,1,attackers,king_captured,5,0,0,,none\n",
             "1,b,r,r,1,draw,repetition,5,0,0,,none,\n");
    spew(path, "w", text);
    read_fails(path, "4: expected 12 fields, found 13");
    remove_dir(dir);
}
END_TEST

/* The hand-made run of test_summary: three groups, interleaved, first appearance A, B, C.
 * A: 10 games, 8 attacker wins, plies 10..100; B: 3 games, one of each; C: 1 draw. */
static long summary_rows(GameRow *rows)
{
    static const int a_plies[10] = {30, 10, 100, 50, 20, 90, 40, 80, 60, 70};
    long n = 0;
    for (int i = 0; i < 10; i++) {
        Winner w = i < 8 ? WINNER_ATTACKERS : i == 8 ? WINNER_DEFENDERS : WINNER_DRAW;
        EndReason r = i < 8 ? END_KING_CAPTURED : i == 8 ? END_KING_ESCAPED : END_MAX_PLIES;
        rows[n] = make_row(n, "brandubh", "random", "random", w, r, a_plies[i]);
        n++;
        if (i == 0) {
            rows[n] =
                make_row(n, "tablut", "a,b", "say \"hi\"", WINNER_ATTACKERS, END_ENCIRCLED, 7);
            n++;
        } else if (i == 2) {
            rows[n] = make_row(n, "brandubh", "random", "greedy", WINNER_DRAW, END_DRAW_FORT, 100);
            n++;
        } else if (i == 4) {
            rows[n] =
                make_row(n, "tablut", "a,b", "say \"hi\"", WINNER_DEFENDERS, END_KING_ESCAPED, 3);
            n++;
            rows[n] = make_row(n, "tablut", "a,b", "say \"hi\"", WINNER_DRAW, END_REPETITION, 5);
            n++;
        }
    }
    return n;
}

#define SUMMARY_HEADER                                                                             \
    "rules,attacker,defender,games,attacker_wins,defender_wins,draws,attacker_win_rate,"           \
    "attacker_win_low,attacker_win_high,draw_rate,attacker_score,attacker_score_low,"              \
    "attacker_score_high,balance_p,plies_mean,plies_median,plies_p10,plies_p90,"                   \
    "king_captured,king_escaped,encircled,draw_fort,repetition,no_moves,max_plies,illegal_move,"   \
    "engine_crash,engine_timeout,external,balance_p_holm,verdict,baseline,score_diff,"             \
    "score_diff_low,score_diff_high,diff_p,diff_p_holm,diff_verdict,distance,distance_low,"        \
    "distance_high,distance_rank,equivalence,distance_change,distance_change_low,"                 \
    "distance_change_high,distance_change_p,closer_verdict\n"

/* Wilson 95% (z = 1.959964), from the formula: 8/10 -> [0.4902, 0.9433] (published: 0.490 to
 * 0.943, Newcombe 1998 table I), 1/3 -> [0.0615, 0.7923], 0/1 -> [0, 0.7935]. Percentiles by
 * nearest rank, index ceil(p/100 n) - 1: n = 10 gives median index 4, p10 0, p90 8; n = 3 gives
 * median 1, p10 0, p90 2. The balance verdict (stats_score), checked against a Python program
 * that finds the restricted MLE by golden-section search and bisects on
 * n (s - s0)^2 = z^2 V(s0) (see tests/check_statistics.c): 8-1-1 -> 0.85 [0.5598, 0.9582],
 * p = erfc(|0.35| / sqrt(0.9/40) / sqrt 2) = 0.0196; 1-1-1 -> 0.5 [0.1538, 0.8462], p = 1;
 * one draw -> 0.5 [0.1033, 0.8967], p = 1 (one draw was the point [0.5, 0.5] before). Holm
 * over the three p-values: 3 x 0.019631 = 0.0589 (z = 0.35 / 0.15 = 2.3333), then 2 x 1 capped
 * at 1, and 1: no row is unbalanced at 5% once three are tested, and none is shown balanced
 * either (8-1-1 lies outside 1/2 +- 0.05, the others' 90% intervals reach past it, see the
 * equivalence column): every verdict is undetermined. The tablut pairing was not
 * played under brandubh (the first row's ruleset, the baseline): nothing to compare. */
static const char *const summary_expected = SUMMARY_HEADER
    "\"brandubh\",\"random\",\"random\",10,8,1,1,0.8000,0.4902,0.9433,0.1000,0.8500,0.5598,0.9582,"
    "0.0196,55.00,50,10,90,"
    "8,1,0,0,0,0,1,0,0,0,none,0.0589,undetermined,,,,,,,,0.3500,0.0598,0.4582,1,not balanced,,,,,\n"
    "\"tablut\",\"a,b\",\"say "
    "\"\"hi\"\"\",3,1,1,1,0.3333,0.0615,0.7923,0.3333,0.5000,0.1538,0.8462,1,"
    "5.00,5,3,7,"
    "0,1,1,0,1,0,0,0,0,0,none,1,undetermined,,,,,,,,0.0000,0.0000,0.3462,1,undetermined,,,,,\n"
    "\"brandubh\",\"random\",\"greedy\",1,0,0,1,0.0000,0.0000,0.7935,1.0000,0.5000,0.1033,0.8967,1,"
    "100.00,100,100,100,"
    "0,0,0,1,0,0,0,0,0,0,none,1,undetermined,,,,,,,,0.0000,0.0000,0.3967,1,undetermined,,,,,\n";

/* The balance verdict: without draws it is the Wilson interval; with draws it stays consistent
 * with its own test (1/2 inside the 95% interval exactly when p >= 0.05); known values. */
START_TEST(test_score_verdict)
{
    ScoreEstimate e;
    for (long w = 0; w <= 30; w++) {
        for (long l = 0; l <= 30; l++) {
            if (w + l == 0)
                continue;
            double low, high;
            stats_wilson((double)w, (double)(w + l), 1.959964, &low, &high);
            stats_score(w, 0, l, 1.959964, &e);
            ck_assert_double_eq_tol(e.low, low, 1e-12);
            ck_assert_double_eq_tol(e.high, high, 1e-12);
            for (long d = 0; d <= 30; d += 5) {
                stats_score(w, d, l, 1.959964, &e);
                bool inside = e.low <= 0.5 && 0.5 <= e.high;
                /* Away from the boundary the two must agree. */
                if (fabs(e.p_value - 0.05) > 1e-9)
                    ck_assert_msg(inside == (e.p_value >= 0.05), "%ld-%ld-%ld: [%g,%g] p=%g", w, d,
                                  l, e.low, e.high, e.p_value);
                ck_assert(e.low <= e.score && e.score <= e.high);
            }
        }
    }
    stats_score(13, 0, 27, 1.959964, &e); /* z = -0.175 / sqrt(0.25/40) = -2.2136 */
    ck_assert_double_eq_tol(e.score, 0.325, 1e-12);
    ck_assert_double_eq_tol(e.low, 0.2008, 5e-5);
    ck_assert_double_eq_tol(e.high, 0.4798, 5e-5);
    ck_assert_double_eq_tol(e.p_value, 0.02686, 5e-5);
    stats_score(0, 7, 0, 1.959964, &e); /* all draws: exactly balanced, but never a point */
    ck_assert_double_eq(e.p_value, 1.0);
    /* (1/2 + z^2/7) / (1 + z^2/7) = 1.048780 / 1.548780 = 0.677165 */
    ck_assert_double_eq_tol(e.high, 0.677165, 1e-6);
    ck_assert_double_eq_tol(e.low, 1 - 0.677165, 1e-6);
    stats_score(0, 0, 0, 1.959964, &e);
    ck_assert_double_eq(e.p_value, 1.0);
}
END_TEST

START_TEST(test_summary)
{
    char dir[512], path[1024], tmp[1100];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    GameRow rows[32];
    long n = summary_rows(rows);
    ck_assert_int_eq(n, 14);

    spew(path, "w", "old contents\n");
    Error err = {{0}};
    ck_assert_msg(results_write_summary(path, rows, n, &err) == ST_OK, "%s", err.text);
    char *first = fixture_slurp(path, NULL);
    ck_assert_str_eq(first, summary_expected);
    ck_assert_msg(access(tmp, F_OK) != 0, "%s left behind", tmp);

    /* A pure function of the rows: the same bytes again. */
    ck_assert_msg(results_write_summary(path, rows, n, &err) == ST_OK, "%s", err.text);
    char *second = fixture_slurp(path, NULL);
    ck_assert_str_eq(first, second);
    free(first);
    free(second);

    /* No rows: the header alone. */
    ck_assert_msg(results_write_summary(path, rows, 0, &err) == ST_OK, "%s", err.text);
    char *empty = fixture_slurp(path, NULL);
    ck_assert_str_eq(empty, SUMMARY_HEADER);
    free(empty);
    remove_dir(dir);
}
END_TEST

/* A small reader of summary.csv with libcsv, as any consumer would read it. */
typedef struct {
    int fields;           /* fields in the current row */
    int rows;             /* rows seen */
    int bad_rows;         /* rows with a field count other than 49 */
    char names[8][3][64]; /* rules, attacker, defender of the first rows */
} SummaryRead;

static void sum_field(void *data, size_t len, void *ctx)
{
    SummaryRead *s = ctx;
    if (s->rows < 8 && s->fields < 3) {
        size_t n = len < 63 ? len : 63;
        memcpy(s->names[s->rows][s->fields], data, n);
        s->names[s->rows][s->fields][n] = '\0';
    }
    s->fields++;
}

static void sum_row(int term, void *ctx)
{
    (void)term;
    SummaryRead *s = ctx;
    if (s->fields != 49) {
        s->bad_rows++;
    }
    s->rows++;
    s->fields = 0;
}

START_TEST(test_summary_parses)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    GameRow rows[32];
    long n = summary_rows(rows);
    Error err = {{0}};
    ck_assert_msg(results_write_summary(path, rows, n, &err) == ST_OK, "%s", err.text);
    long len;
    char *text = fixture_slurp(path, &len);
    struct csv_parser p;
    ck_assert_int_eq(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI), 0);
    SummaryRead s;
    memset(&s, 0, sizeof s);
    ck_assert_int_eq((long)csv_parse(&p, text, (size_t)len, sum_field, sum_row, &s), len);
    ck_assert_int_eq(csv_fini(&p, sum_field, sum_row, &s), 0);
    csv_free(&p);
    ck_assert_int_eq(s.rows, 4);
    ck_assert_int_eq(s.bad_rows, 0);
    ck_assert_str_eq(s.names[0][0], "rules");
    ck_assert_str_eq(s.names[2][0], "tablut");
    ck_assert_str_eq(s.names[2][1], "a,b");
    ck_assert_str_eq(s.names[2][2], "say \"hi\"");
    ck_assert_str_eq(s.names[3][2], "greedy");
    free(text);
    remove_dir(dir);
}
END_TEST

START_TEST(test_table)
{
    GameRow rows[32];
    long n = summary_rows(rows);
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    ck_assert(out != NULL);
    results_print_table(out, rows, n);
    ck_assert_int_eq(fclose(out), 0);
    ck_assert_str_eq(
        buf, "rules     attacker  defender   games   att %   def %  draw %  attacker score [95%]   "
             "  p(1/2)    plies    p Holm  verdict\n"
             "brandubh  random    random        10    80.0    10.0    10.0  0.850 [0.560-0.958]  "
             "    0.02     55.0     0.059  undetermined\n"
             "tablut    a,b       say \"hi\"       3    33.3    33.3    33.3  0.500 [0.154-0.846]  "
             "       1      5.0         1  undetermined\n"
             "brandubh  random    greedy         1     0.0     0.0   100.0  0.500 [0.103-0.897]  "
             "       1    100.0         1  undetermined\n");
    free(buf);
}
END_TEST

/* A curve's tally: the self-play group alone carries a verdict. Holm over that one p-value
 * leaves it as it is (0.0196 < 0.05: attackers), where over all three groups it was 3 x 0.0196
 * = 0.059 (undetermined, test_table); the groups of different agents are ladder games, with an
 * empty balance_p_holm, the verdict `ladder`, and a table of their own. */
START_TEST(test_curve_tally)
{
    GameRow rows[32];
    long n = summary_rows(rows);
    ResultsTally *t = results_tally_create();
    results_tally_set_curve(t, true);
    for (long i = 0; i < n; i++) {
        results_tally_add(t, &rows[i]);
    }
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    ck_assert(out != NULL);
    results_tally_print(t, out);
    ck_assert_int_eq(fclose(out), 0);
    ck_assert_str_eq(
        buf, "rules     attacker  defender   games   att %   def %  draw %  attacker score [95%]   "
             "  p(1/2)    plies    p Holm  verdict\n"
             "brandubh  random    random        10    80.0    10.0    10.0  0.850 [0.560-0.958]  "
             "    0.02     55.0      0.02  attackers\n"
             "\nladder games (rung against rung: they measure the rungs' strength, no balance "
             "verdict, not in the Holm family):\n"
             "rules     attacker  defender   games   att %   def %  draw %  attacker score [95%]   "
             "  p(1/2)    plies\n"
             "tablut    a,b       say \"hi\"       3    33.3    33.3    33.3  0.500 [0.154-0.846]  "
             "       1      5.0\n"
             "brandubh  random    greedy         1     0.0     0.0   100.0  0.500 [0.103-0.897]  "
             "       1    100.0\n");
    free(buf);
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    Error err = {{0}};
    ck_assert_msg(results_tally_write(t, path, &err) == ST_OK, "%s", err.text);
    char *text = fixture_slurp(path, NULL);
    ck_assert_msg(
        strstr(text, ",none,0.0196,attackers,,,,,,,,0.3500,0.0598,0.4582,1,not balanced,,,,,\n") !=
            NULL,
        "%s", text);
    ck_assert_msg(strstr(text, ",none,,ladder,,,,,,,,0.0000,0.0000,0.3462,,,,,,,\n") != NULL, "%s",
                  text);
    free(text);
    results_tally_destroy(t);
    remove_dir(dir);
}
END_TEST

START_TEST(test_write_errors)
{
    Error err = {{0}};
    if (access("/dev/full", W_OK) == 0) {
        GamesWriter *w = NULL;
        ck_assert_int_eq(results_games_open("/dev/full", &w, &err), ST_EIO);
        ck_assert(w == NULL);
        ck_assert_msg(strstr(err.text, "/dev/full") != NULL, "%s", err.text);
        ck_assert_msg(strstr(err.text, "No space") != NULL, "%s", err.text);
    } else {
        fprintf(stderr, "check_results: /dev/full missing; skipping the disk-full case\n");
    }

    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "no/such/dir/summary.csv");
    GameRow rows[32];
    long n = summary_rows(rows);
    ck_assert_int_eq(results_write_summary(path, rows, n, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, path) != NULL, "%s", err.text);

    join(path, sizeof path, dir, "no/games.csv");
    GamesWriter *w = NULL;
    ck_assert_int_eq(results_games_open(path, &w, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, path) != NULL, "%s", err.text);

    /* NULL-safe releases. */
    results_free_rows(NULL, 0);
    ck_assert_int_eq(results_games_close(NULL, &err), ST_OK);
    remove_dir(dir);
}
END_TEST

/* Forfeits of external engines are counted in their own columns, and a group is marked with
 * the seats external engines played in any of its rows. Wilson 0/2: [0, 0.6576], 1/1:
 * [1 / (1 + z^2), 1] = [0.2065, 1]; the score test: z = 0.5 / sqrt(1/4n), p = erfc(z / sqrt 2):
 * 0.1573 for n = 2, 0.3173 for n = 1; Holm: 2 x 0.1573 = 0.3146, then max(0.3146, 0.3173):
 * neither side shown, nor balance (the intervals reach 0 and 1): undetermined. */
START_TEST(test_summary_counts_forfeits_and_marks_external)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    GameRow rows[3] = {
        make_row(0, "brandubh", "ext", "random", WINNER_DEFENDERS, END_ILLEGAL_MOVE, 4),
        make_row(1, "brandubh", "ext", "random", WINNER_DEFENDERS, END_ENGINE_TIMEOUT, 6),
        make_row(2, "brandubh", "random", "ext", WINNER_ATTACKERS, END_ENGINE_CRASH, 1),
    };
    rows[0].external = rows[1].external = RESULTS_EXTERNAL_ATTACKER;
    rows[2].external = RESULTS_EXTERNAL_DEFENDER;
    Error err = {{0}};
    ck_assert_msg(results_write_summary(path, rows, 3, &err) == ST_OK, "%s", err.text);
    char *text = fixture_slurp(path, NULL);
    ck_assert_str_eq(text, SUMMARY_HEADER
                     "\"brandubh\",\"ext\",\"random\",2,0,2,0,0.0000,0.0000,0.6576,0.0000,0.0000,"
                     "0.0000,0.6576,0.157,5.00,4,4,6,0,0,0,0,0,0,0,1,0,1,attacker,0.315,"
                     "undetermined,,,,,,,,0.5000,0.0000,0.5000,1,undetermined,,,,,\n"
                     "\"brandubh\",\"random\",\"ext\",1,1,0,0,1.0000,0.2065,1.0000,0.0000,1.0000,"
                     "0.2065,1.0000,0.317,1.00,1,1,1,0,0,0,0,0,0,0,0,1,0,defender,0.317,"
                     "undetermined,,,,,,,,0.5000,0.0000,0.5000,1,undetermined,,,,,\n");
    free(text);
    remove_dir(dir);
}
END_TEST

/* The verdict word of one group of `att` attacker wins, `draws` draws and `def` defender wins,
 * tallied alone (Holm over one p-value leaves it as it is), as the balance table prints it. */
static void verdict_of(long att, long draws, long def, char *word, size_t size)
{
    ResultsTally *t = results_tally_create();
    const long count[3] = {att, draws, def};
    const Winner winner[3] = {WINNER_ATTACKERS, WINNER_DRAW, WINNER_DEFENDERS};
    long game = 0;
    for (int k = 0; k < 3; k++) {
        for (long i = 0; i < count[k]; i++, game++) {
            GameRow r = make_row(game, "brandubh", "random", "random", winner[k],
                                 k == 1 ? END_MAX_PLIES : END_KING_CAPTURED, 10);
            results_tally_add(t, &r);
        }
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert(out != NULL);
    results_tally_print(t, out);
    ck_assert_int_eq(fclose(out), 0);
    results_tally_destroy(t);
    const char *line = strchr(buf, '\n') + 1, *end = strchr(line, '\n');
    ck_assert(end != NULL);
    const char *last = end;
    while (last > line && last[-1] != ' ')
        last--;
    snprintf(word, size, "%.*s", (int)(end - last), last);
    free(buf);
}

/* The verdict column says only what the games show, by hand (tests/check_statistics.c has the
 * formulas; z = 1.959964 two-sided, 1.644854 for the 90% interval of the two one-sided tests
 * within 1/2 -+ 0.05):
 * 0-0-2 (`tafl match --games 2` with no attacker win): Wilson 95% [0, 0.658], p =
 * erfc(0.5 / sqrt(1/8) / sqrt 2) = erfc(1) = 0.157: no side shown; 90% [0, z^2 / (2 + z^2)] =
 * [0, 0.575] reaches past 0.45: no balance shown either: undetermined.
 * 45-0-55: p = erfc((0.05 / sqrt(1/400)) / sqrt 2) = erfc(0.7071) = 0.317; 90% [0.371, 0.532]
 * (55/100 mirrored, check_statistics.c): undetermined.
 * 500-0-500: p = 1; 90% 0.5 -+ 0.025972, inside (0.45, 0.55): balanced. 40 draws: p = 1; 95%
 * [0.456, 0.544] (test_summary_compares_with_baseline), the 90% one inside it: balanced.
 * 10-0-0 and 0-0-10: p = erfc((0.5 / sqrt(1/40)) / sqrt 2) = erfc(2.2361) = 0.00157:
 * attackers and defenders.
 * 5300-0-4700: p = erfc(0.03 / sqrt(1/40000) / sqrt 2) = erfc(4.243) = 2.0e-9: attackers, although
 * its 90% interval 0.53 -+ 1.644854 sqrt(0.53 x 0.47 / 10000) = [0.522, 0.538] lies within the
 * margin: a significant lean keeps its side (the equivalence column says it is small). */
START_TEST(test_verdict_words)
{
    char word[32];
    verdict_of(0, 0, 2, word, sizeof word);
    ck_assert_str_eq(word, "undetermined");
    verdict_of(45, 0, 55, word, sizeof word);
    ck_assert_str_eq(word, "undetermined");
    verdict_of(500, 0, 500, word, sizeof word);
    ck_assert_str_eq(word, "balanced");
    verdict_of(0, 40, 0, word, sizeof word);
    ck_assert_str_eq(word, "balanced");
    verdict_of(10, 0, 0, word, sizeof word);
    ck_assert_str_eq(word, "attackers");
    verdict_of(0, 0, 10, word, sizeof word);
    ck_assert_str_eq(word, "defenders");
    verdict_of(5300, 0, 4700, word, sizeof word);
    ck_assert_str_eq(word, "attackers");
}
END_TEST

/* Field `index` (0-based) of a summary.csv line (no quoted commas in these rows) into buf. */
static void csv_field(const char *line, int index, char *buf, size_t size)
{
    for (int i = 0; i < index; i++)
        line = strchr(line, ',') + 1;
    size_t n = strcspn(line, ",\n");
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), line);
}

/* Appends `count` games of (rules, random, random) won by `winner` to rows from rows[*n]. */
static void add_games(GameRow *rows, long *n, const char *rules, Winner winner, long count)
{
    for (long i = 0; i < count; i++, (*n)++) {
        rows[*n] = make_row(*n, rules, "random", "random", winner,
                            winner == WINNER_DRAW ? END_MAX_PLIES : END_KING_CAPTURED, 10);
    }
}

/* The last nine columns of each data line of summary.csv (after `external`). */
static void assert_comparison_columns(const char *text, const char *const *want, int lines)
{
    const char *line = strchr(text, '\n') + 1;
    for (int i = 0; i < lines; i++) {
        const char *end = strchr(line, '\n'), *at = strstr(line, ",none,");
        ck_assert(end != NULL && at != NULL && at < end);
        at += strlen(",none,");
        ck_assert_msg(strlen(want[i]) == (size_t)(end - at) &&
                          strncmp(at, want[i], strlen(want[i])) == 0,
                      "line %d: '%.*s', want '%s'", i + 2, (int)(end - at), at, want[i]);
        line = end + 1;
    }
    ck_assert_str_eq(line, "");
}

/* Rulesets against a baseline, by hand (tests/check_statistics.c has the formulas):
 * base = 40 draws, x = 4-36-0 (issue 18's case), y = 30-0-10, one pairing.
 * Balance p: base 1, x 0.045500 (z = 2), y 0.001565 (z = 0.25 / sqrt(1/160) = 3.1623); Holm:
 * y 3 x 0.001565 = 0.0047 (attackers), x 2 x 0.0455 = 0.091, base 1: x and base show no
 * departure, and their verdicts are those of the equivalence test below (undetermined and
 * balanced).
 * Against base (Agresti-Caffo): x 0.05 [-0.0168, 0.1120], p 0.147299; y: s~ = 31/42 and 21/42,
 * v~ = 0.193311 and 0.0119048, se = sqrt((0.193311 + 0.0119048) / 42) = 0.0698926,
 * d~ = 10/42: [0.1011, 0.3751], p = erfc(0.238095 / 0.0698926 / sqrt 2) = 0.000659. Holm over
 * two: y 0.00132 (attackers), x max(0.00132, 0.147) = 0.147 (no difference).
 * Against x (--baseline x): base -0.05 [-0.1120, 0.0168], p 0.147; y 0.2 [0.0465, 0.3345],
 * p 0.00953; Holm: y 2 x 0.00953 = 0.0191 (attackers), base 0.147. In the table y is Wilson
 * 30/40: (0.75 + 0.048018) / 1.096037 -+ 1.959964 sqrt(0.0046875 + 0.00060023) / 1.096037 =
 * 0.728093 -+ 0.130033 = [0.598, 0.858].
 * Distance from 1/2 (stats/balance.h), the score intervals folded at 1/2: base 0 [0, 0.0438]
 * (1/2 inside [0.456, 0.544]), x 0.05 [0.502 - 0.5, 0.615 - 0.5] = [0.0018, 0.1153], y 0.25
 * [0.0981, 0.3581]: ranks 1, 2, 3. Equivalence within 1/2 -+ 0.05: base's 90% interval is
 * inside its 95% one [0.456, 0.544]: balanced; x's 95% interval holds 1/2 and reaches 0.615:
 * undetermined; y's [0.598, 0.858] lies above 0.55: not balanced. The change against base
 * (MOVER): x 0.05 - sqrt((0.05 - 0.0018)^2 + 0.0438^2) = 0.05 - 0.0651 = -0.0151, 0.05 +
 * sqrt(0.0653^2 + 0) = 0.1153: no difference; y 0.25 - sqrt(0.1519^2 + 0.0438^2) = 0.0919,
 * 0.25 + 0.1081 = 0.3581: farther. Against x, the lower bound takes y's lower arm and x's
 * upper arm: 0.2 - sqrt(0.1519^2 + 0.0653^2) = 0.0346, and 0.2 + sqrt(0.1081^2 + 0.0482^2) =
 * 0.3184. The change's p is Holm-adjusted over the MOVER comparisons: against base x 0.0894
 * and y 0.00314, so y 2 x 0.00314 = 0.00627 (farther), x 0.0894. Against x, x's 95% interval
 * [0.502, 0.615] and y's [0.598, 0.858] lie above 1/2: there d = s - 1/2, the change is the
 * difference itself, 0.2 [0.0465, 0.3345] with its Holm p 0.0191 (farther, as the difference
 * says attackers), not MOVER's [0.0346, 0.3184]; base (1/2 inside its interval) keeps MOVER,
 * alone in its family: 0.0894. */
/* One comparison, one verdict (issue 55): over 300 random sets of a baseline and three
 * rulesets, wherever the baseline's and a ruleset's score intervals lie on one side of 1/2 the
 * distance table's closer/farther is the difference table's verdict turned towards 1/2, with
 * the same Holm p, and its change the difference signed towards 1/2. */
START_TEST(test_change_and_difference_agree)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    Rng rng;
    rng_seed(&rng, 55);
    int same_side = 0;
    for (int round = 0; round < 300; round++) {
        GameRow *rows = calloc(4 * 3 * 80, sizeof *rows);
        long n = 0;
        static const char *const NAMES[4] = {"base", "r1", "r2", "r3"};
        for (int r = 0; r < 4; r++) {
            long w = (long)(rng_next(&rng) % 60), d = (long)(rng_next(&rng) % 10);
            long l = (long)(rng_next(&rng) % 60);
            add_games(rows, &n, NAMES[r], WINNER_ATTACKERS, w + 1);
            add_games(rows, &n, NAMES[r], WINNER_DRAW, d);
            add_games(rows, &n, NAMES[r], WINNER_DEFENDERS, l + 1);
        }
        Error err = {{0}};
        ck_assert_msg(results_write_summary(path, rows, n, &err) == ST_OK, "%s", err.text);
        char *text = fixture_slurp(path, NULL);
        const char *base = strchr(text, '\n') + 1, *line = strchr(base, '\n') + 1;
        char f[64];
        csv_field(base, 12, f, sizeof f);
        double base_low = atof(f);
        csv_field(base, 13, f, sizeof f);
        double base_high = atof(f);
        for (; *line; line = strchr(line, '\n') + 1) {
            csv_field(line, 12, f, sizeof f);
            double low = atof(f);
            csv_field(line, 13, f, sizeof f);
            double high = atof(f);
            bool below = high < 0.5 && base_high<0.5, above = low> 0.5 && base_low > 0.5;
            if (!below && !above)
                continue;
            same_side++;
            char diff[32], diff_p[32], diff_verdict[32], change[32], change_p[32], closer[32];
            csv_field(line, 33, diff, sizeof diff);
            csv_field(line, 37, diff_p, sizeof diff_p);
            csv_field(line, 38, diff_verdict, sizeof diff_verdict);
            csv_field(line, 44, change, sizeof change);
            csv_field(line, 47, change_p, sizeof change_p);
            csv_field(line, 48, closer, sizeof closer);
            ck_assert_str_eq(change_p, diff_p);
            ck_assert_double_eq_tol(atof(change), above ? atof(diff) : -atof(diff), 1e-9);
            const char *want = strcmp(diff_verdict, "no_difference") == 0          ? "no_difference"
                               : (strcmp(diff_verdict, "attackers") == 0) == above ? "farther"
                                                                                   : "closer";
            ck_assert_str_eq(closer, want);
        }
        free(text);
        results_free_rows(rows, n);
    }
    ck_assert_int_gt(same_side, 100);
    remove_dir(dir);
}
END_TEST

START_TEST(test_summary_compares_with_baseline)
{
    char dir[512], path[1024];
    make_dir(dir, sizeof dir);
    join(path, sizeof path, dir, "summary.csv");
    GameRow *rows = calloc(200, sizeof *rows);
    long n = 0;
    add_games(rows, &n, "base", WINNER_DRAW, 40);
    add_games(rows, &n, "x", WINNER_ATTACKERS, 4);
    add_games(rows, &n, "x", WINNER_DRAW, 36);
    add_games(rows, &n, "y", WINNER_ATTACKERS, 30);
    add_games(rows, &n, "y", WINNER_DEFENDERS, 10);
    Error err = {{0}};
    ck_assert_msg(results_write_summary(path, rows, n, &err) == ST_OK, "%s", err.text);
    char *text = fixture_slurp(path, NULL);
    /* Long rows split over lines: each in parentheses, one element however many pieces. */
    const char *const first[3] = {
        "1,balanced,,,,,,,,0.0000,0.0000,0.0438,1,balanced,,,,,",
        ("0.091,undetermined,\"base\",0.0500,-0.0168,0.1120,0.147,0.147,no_difference,0.0500,"
         "0.0018,0.1153,2,undetermined,0.0500,-0.0151,0.1153,0.0894,no_difference"),
        ("0.0047,attackers,\"base\",0.2500,0.1011,0.3751,0.000659,0.00132,attackers,0.2500,"
         "0.0981,0.3581,3,not balanced,0.2500,0.0919,0.3581,0.00627,farther"),
    };
    assert_comparison_columns(text, first, 3);
    free(text);

    ck_assert_msg(results_write_summary_vs(path, rows, n, "x", &err) == ST_OK, "%s", err.text);
    text = fixture_slurp(path, NULL);
    const char *const vs_x[3] = {
        ("1,balanced,\"x\",-0.0500,-0.1120,0.0168,0.147,0.147,no_difference,0.0000,0.0000,0.0438,"
         "1,balanced,-0.0500,-0.1153,0.0151,0.0894,no_difference"),
        "0.091,undetermined,,,,,,,,0.0500,0.0018,0.1153,2,undetermined,,,,,",
        ("0.0047,attackers,\"x\",0.2000,0.0465,0.3345,0.00953,0.0191,attackers,0.2500,0.0981,"
         "0.3581,3,not balanced,0.2000,0.0465,0.3345,0.0191,farther"),
    };
    assert_comparison_columns(text, vs_x, 3);
    free(text);

    ck_assert_int_eq(results_write_summary_vs(path, rows, n, "tablut", &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "baseline 'tablut': no game of the file was played under that "
                               "ruleset");

    /* The table: the verdicts, then the comparisons. */
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    results_print_table(out, rows, n);
    ck_assert_int_eq(fclose(out), 0);
    ck_assert_str_eq(
        buf,
        "rules  attacker  defender   games   att %   def %  draw %  attacker score [95%]     "
        "p(1/2)    plies    p Holm  verdict\n"
        "base   random    random        40     0.0     0.0   100.0  0.500 [0.456-0.544]         "
        "1     10.0         1  balanced\n"
        "x      random    random        40    10.0     0.0    90.0  0.550 [0.502-0.615]     "
        "0.046     10.0     0.091  undetermined\n"
        "y      random    random        40    75.0    25.0     0.0  0.750 [0.598-0.858]    "
        "0.0016     10.0    0.0047  attackers\n"
        "\nattackers' score minus that under base, same pairing (95% interval, Agresti-Caffo; "
        "p Holm-adjusted over 2 comparisons):\n"
        "rules  attacker  defender  difference [95%]                 p    p Holm  verdict\n"
        "x      random    random    +0.050 [-0.017, +0.112]      0.15      0.15  no_difference\n"
        "y      random    random    +0.250 [+0.101, +0.375]   0.00066    0.0013  attackers\n"
        "\nrulesets by distance from balance |score - 1/2|, closest first within each pairing "
        "(95% folded interval; equivalence: TOST within 1/2 +- 0.05; change from base: where "
        "both scores lie on one side of 1/2 the difference above, signed towards 1/2, with its "
        "Holm p; else MOVER, p Holm-adjusted over those comparisons):\n"
        "rank  rules  attacker  defender  distance [95%]         equivalence   change [95%]      "
        "          p Holm  verdict\n"
        "   1  base   random    random    0.000 [0.000-0.044]  balanced\n"
        "   2  x      random    random    0.050 [0.002-0.115]  undetermined  +0.050 [-0.015, "
        "+0.115]     0.089  no_difference\n"
        "   3  y      random    random    0.250 [0.098-0.358]  not balanced  +0.250 [+0.092, "
        "+0.358]    0.0063  farther\n");
    free(buf);
    results_free_rows(rows, n);
    remove_dir(dir);
}
END_TEST

/* tafl reproduce's comparison of a kept summary.csv with one made again: byte for byte, an
 * older schema whose columns are the first of today's (a quoted comma inside a cell counts as
 * one cell), and each way of differing, with its line. */
static SummaryMatch compare_texts(const char *kept, const char *made, int *kc, int *mc, long *line)
{
    return summary_compare(kept, strlen(kept), made, strlen(made), kc, mc, line);
}

START_TEST(test_summary_compare_older_schema)
{
    int kc, mc;
    long line;
    const char *made = "rules,attacker,games,score,dist\n\"a,b\",x,10,0.5,0.1\nc,y,4,0.25,0.2\n";
    ck_assert_int_eq(compare_texts(made, made, &kc, &mc, &line), SUMMARY_SAME);
    ck_assert_int_eq(kc, 5);
    ck_assert_int_eq(
        compare_texts("rules,attacker,games\n\"a,b\",x,10\nc,y,4\n", made, &kc, &mc, &line),
        SUMMARY_SAME_PREFIX);
    ck_assert_int_eq(kc, 3);
    ck_assert_int_eq(mc, 5);
    /* a cell of the kept columns differs */
    ck_assert_int_eq(
        compare_texts("rules,attacker,games\n\"a,b\",x,10\nc,y,5\n", made, &kc, &mc, &line),
        SUMMARY_DIFFERENT);
    ck_assert_int_eq(line, 3);
    /* another header, a row fewer, a row more */
    ck_assert_int_eq(
        compare_texts("rules,defender,games\n\"a,b\",x,10\nc,y,4\n", made, &kc, &mc, &line),
        SUMMARY_DIFFERENT);
    ck_assert_int_eq(line, 1);
    ck_assert_int_eq(compare_texts("rules,attacker,games\n\"a,b\",x,10\n", made, &kc, &mc, &line),
                     SUMMARY_DIFFERENT);
    ck_assert_int_eq(line, 3);
    ck_assert_int_eq(
        compare_texts("rules,attacker,games\n\"a,b\",x,10\nc,y,4\nd,z,1\n", made, &kc, &mc, &line),
        SUMMARY_DIFFERENT);
    ck_assert_int_eq(line, 4);
    /* a kept file with more columns than today's is not an older schema */
    ck_assert_int_eq(
        compare_texts(made, "rules,attacker,games\n\"a,b\",x,10\nc,y,4\n", &kc, &mc, &line),
        SUMMARY_DIFFERENT);
    /* the same cells quoted otherwise are other bytes */
    ck_assert_int_eq(compare_texts("rules,attacker,games,score,dist\n\"a,b\",\"x\",10,0.5,0.1\n"
                                   "c,y,4,0.25,0.2\n",
                                   made, &kc, &mc, &line),
                     SUMMARY_DIFFERENT);
    ck_assert_int_eq(line, 2);
}
END_TEST

Suite *results_suite(void)
{
    Suite *s = suite_create("results");
    TCase *tc = tcase_create("games");
    tcase_add_test(tc, test_row_format);
    tcase_add_test(tc, test_summary_compare_older_schema);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_empty_and_torn_header);
    tcase_add_test(tc, test_torn_row);
    tcase_add_test(tc, test_header_mismatch);
    tcase_add_test(tc, test_nul_bytes);
    tcase_add_test(tc, test_malformed_rows);
    suite_add_tcase(s, tc);
    tc = tcase_create("summary");
    tcase_add_test(tc, test_score_verdict);
    tcase_add_test(tc, test_summary);
    tcase_add_test(tc, test_summary_parses);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_curve_tally);
    tcase_add_test(tc, test_write_errors);
    tcase_add_test(tc, test_summary_counts_forfeits_and_marks_external);
    tcase_add_test(tc, test_summary_compares_with_baseline);
    tcase_add_test(tc, test_change_and_difference_agree);
    tcase_add_test(tc, test_verdict_words);
    suite_add_tcase(s, tc);
    return s;
}
