/* Safety helpers (issue 15): checked output paths and regular-file-only targets (outpath), run
 * directory locks (dirlock, rundir), the engine process group table (pgroups), stop signals
 * (signals), bounded line reading (linein) and row consistency (rowcheck). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agents/pgroups.h"
#include "formats/dirlock.h"
#include "formats/linein.h"
#include "formats/outpath.h"
#include "formats/rowcheck.h"
#include "harness/rundir.h"
#include "harness/signals.h"
#include "tests/tests.h"

/* A fresh directory for one test; the caller removes it with `rm -rf` through remove_tree. */
static void make_temp_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/tafl-safety-XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
}

static void remove_tree(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_format_refuses_a_cut_path)
{
    char buf[16];
    Error err = {{0}};
    ck_assert_int_eq(outpath_format(buf, sizeof buf, &err, "%s/%s", "abc", "def"), ST_OK);
    ck_assert_str_eq(buf, "abc/def");
    ck_assert_int_eq(outpath_format(buf, sizeof buf, &err, "%s/%s", "abcdefgh", "ijklmnop"),
                     ST_EINVAL);
    ck_assert_str_eq(buf, ""); /* a cut path is never left for use */
    ck_assert_msg(strstr(err.text, "abcdefgh/ijklmn...: the path is 17 bytes long, at most 15 fit"),
                  "%s", err.text);
    /* Exactly full is fine. */
    ck_assert_int_eq(outpath_format(buf, sizeof buf, &err, "%s", "123456789012345"), ST_OK);
}
END_TEST

START_TEST(test_only_regular_files_are_written)
{
    char dir[64], path[128], tmp[160];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    snprintf(path, sizeof path, "%s/out.csv", dir);
    ck_assert_int_eq(outpath_check_file(path, &err), ST_OK); /* missing */
    ck_assert_int_eq(outpath_check_replace(path, &err), ST_OK);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fclose(f);
    ck_assert_int_eq(outpath_check_file(path, &err), ST_OK); /* regular */
    ck_assert_int_eq(outpath_check_replace(path, &err), ST_OK);

    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(outpath_check_file(path, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "exists and is not a regular file (a FIFO)"), "%s", err.text);
    ck_assert_int_eq(outpath_check_replace(path, &err), ST_EIO);

    ck_assert_int_eq(outpath_check_replace(dir, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "(a directory)"), "%s", err.text);

    snprintf(path, sizeof path, "%s/dangling", dir);
    ck_assert_int_eq(symlink("/nonexistent/tafl-safety-target", path), 0);
    ck_assert_int_eq(outpath_check_file(path, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "a symbolic link to nothing"), "%s", err.text);

    /* A character device is written into, never replaced: let through in place only. */
    snprintf(path, sizeof path, "%s/null", dir);
    ck_assert_int_eq(symlink("/dev/null", path), 0);
    ck_assert_int_eq(outpath_check_file(path, &err), ST_OK);
    ck_assert_int_eq(outpath_check_replace(path, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "(a link to a character device)"), "%s", err.text);
    ck_assert_int_eq(outpath_check_replace("/dev/null", &err), ST_EIO);

    /* The temporary file beside a replaced one is checked too. */
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    ck_assert_int_eq(symlink("/nonexistent/tafl-safety-target", tmp), 0);
    ck_assert_int_eq(outpath_check_replace(path, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "summary.csv.tmp: exists and is not a regular file"), "%s",
                  err.text);
    remove_tree(dir);
}
END_TEST

START_TEST(test_lock_has_one_holder)
{
    char dir[64];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    DirLock *lock;
    ck_assert_int_eq(dirlock_acquire(dir, &lock, &err), ST_OK);
    /* POSIX record locks belong to a process: the second taker is a child. */
    pid_t child = fork();
    ck_assert(child >= 0);
    if (child == 0) {
        DirLock *other;
        Error e = {{0}};
        char want[128];
        snprintf(want, sizeof want, "is being written by process %ld", (long)getppid());
        bool refused =
            dirlock_acquire(dir, &other, &e) == ST_EINVAL && other == NULL && strstr(e.text, want);
        _exit(refused ? 0 : 1);
    }
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a second holder got the lock");
    dirlock_release(lock);
    child = fork();
    ck_assert(child >= 0);
    if (child == 0) {
        DirLock *other;
        _exit(dirlock_acquire(dir, &other, NULL) == ST_OK ? 0 : 1);
    }
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a released lock stayed held");
    remove_tree(dir);
}
END_TEST

START_TEST(test_rundir_refuses_long_paths_before_making_anything)
{
    char dir[64], path[OUTPATH_MAX + 256];
    make_temp_dir(dir, sizeof dir);
    int n = snprintf(path, sizeof path, "%s/a", dir);
    for (; n < RUNDIR_PATH_MAX + 1; n++)
        path[n] = n % 100 == 0 ? '/' : 'x';
    path[n] = '\0';
    Error err = {{0}};
    DirLock *lock;
    ck_assert_int_eq(rundir_open(path, RUNDIR_RUN, &lock, NULL, &err), ST_EINVAL);
    ck_assert(lock == NULL);
    ck_assert_msg(strstr(err.text, "bytes long, at most 1983 fit"), "%s", err.text);
    char first[96];
    snprintf(first, sizeof first, "%s/a", dir);
    struct stat sb;
    ck_assert_msg(lstat(first, &sb) != 0, "a directory of the refused path was made");
    /* A path of the limit's length is fine, and the lock file is made. */
    path[RUNDIR_PATH_MAX] = '\0';
    if (path[RUNDIR_PATH_MAX - 1] == '/')
        path[RUNDIR_PATH_MAX - 1] = 'x';
    ck_assert_msg(rundir_open(path, RUNDIR_RUN, &lock, NULL, &err) == ST_OK, "%s", err.text);
    char lockfile[OUTPATH_MAX];
    ck_assert_int_eq(outpath_format(lockfile, sizeof lockfile, &err, "%s/%s", path, DIRLOCK_NAME),
                     ST_OK);
    ck_assert_int_eq(stat(lockfile, &sb), 0);
    dirlock_release(lock);
    remove_tree(dir);
}
END_TEST

START_TEST(test_rundir_refuses_a_fifo_games_csv)
{
    char dir[64], path[128];
    make_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/games.csv", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    Error err = {{0}};
    DirLock *lock;
    ck_assert_int_eq(rundir_open(dir, RUNDIR_RUN, &lock, NULL, &err), ST_EIO);
    ck_assert(lock == NULL);
    ck_assert_msg(strstr(err.text, "games.csv: exists and is not a regular file (a FIFO)"), "%s",
                  err.text);
    remove_tree(dir);
}
END_TEST

/* A child in a process group of its own that waits to be killed. */
static pid_t start_group(void)
{
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        setpgid(0, 0);
        for (;;)
            pause();
    }
    setpgid(pid, pid); /* either side may win the race; both set the same group */
    return pid;
}

START_TEST(test_pgroups_kill_what_was_added)
{
    pid_t a = start_group(), b = start_group();
    ck_assert(pgroups_add(a));
    ck_assert(pgroups_add(b));
    pgroups_remove(b);
    ck_assert_int_eq(pgroups_kill_all(SIGKILL), 1);
    int status;
    ck_assert_int_eq(waitpid(a, &status, 0), a);
    ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    pgroups_remove(a);
    ck_assert_int_eq(waitpid(b, &status, WNOHANG), 0); /* removed: untouched */
    kill(b, SIGKILL);
    ck_assert_int_eq(waitpid(b, &status, 0), b);
    ck_assert_int_eq(pgroups_kill_all(0), 0);
}
END_TEST

START_TEST(test_pgroups_full_table)
{
    /* Ids far above any pid_max, never signalled: the table only records them. */
    for (int i = 0; i < PGROUPS_MAX; i++)
        ck_assert(pgroups_add(2000000000 + i));
    ck_assert(!pgroups_add(2100000000));
    for (int i = 0; i < PGROUPS_MAX; i++)
        pgroups_remove(2000000000 + i);
    ck_assert(pgroups_add(2100000000));
    pgroups_remove(2100000000);
}
END_TEST

/* Runs body in a child and returns its wait status: signal handlers must not outlive a test.
 * The child starts with the stop signals' default actions, whatever the suite inherited: under
 * nohup SIGHUP is ignored, and a shell script's `&` ignores SIGINT, and an ignored signal stays
 * ignored through signals_install (POSIX: a signal ignored at exec is inherited). */
static int in_child(void (*body)(void))
{
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        signal(SIGTERM, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        body();
        _exit(0);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return status;
}

static void cooperative_stop(void)
{
    pid_t engine = start_group();
    int ignored[SIGNALS_STOP_COUNT];
    if (signals_install(ignored) != 0)
        _exit(6);
    if (!pgroups_add(engine) || signals_stop_requested() || signals_caught() != 0)
        _exit(2);
    signals_cooperate(true);
    raise(SIGTERM);
    /* The process goes on: the run ends itself; the engine is gone. */
    int status;
    if (!signals_stop_requested() || signals_caught() != SIGTERM ||
        waitpid(engine, &status, 0) != engine || !WIFSIGNALED(status))
        _exit(3);
    pgroups_remove(engine);
    Error err = {{0}};
    signals_describe_stop(&err, "d/games.csv", 5);
    if (!strstr(err.text, "stopped by SIGTERM: d/games.csv holds the 5 games") ||
        !strstr(err.text, "--resume"))
        _exit(4);
    raise(SIGINT); /* a second signal ends the process at once */
    _exit(5);
}

static void default_stop(void)
{
    pid_t engine = start_group();
    int ignored[SIGNALS_STOP_COUNT];
    if (signals_install(ignored) != 0)
        _exit(6);
    if (!pgroups_add(engine))
        _exit(2);
    raise(SIGHUP); /* no run cooperates: the engine is stopped, then the process ends */
    _exit(3);
}

START_TEST(test_signals_stop_engines_and_runs)
{
    /* As if the suite were started under nohup from a script's `&`: SIGHUP and SIGINT ignored
     * (`make test` under nohup failed here with "default stop: wait status 768"). */
    void (*old_hup)(int) = signal(SIGHUP, SIG_IGN);
    void (*old_int)(int) = signal(SIGINT, SIG_IGN);
    int status = in_child(cooperative_stop);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT,
                  "cooperative stop: wait status %d", status);
    status = in_child(default_stop);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP, "default stop: wait status %d",
                  status);
    signal(SIGHUP, old_hup);
    signal(SIGINT, old_int);
    ck_assert_str_eq(signals_name(SIGTERM), "SIGTERM");
    ck_assert_str_eq(signals_name(SIGINT), "SIGINT");
    ck_assert_str_eq(signals_name(SIGHUP), "SIGHUP");
}
END_TEST

/* A script's `&` starts tafl with SIGINT ignored (POSIX XCU 2.11); tafl keeps it so and says
 * which signal stops it instead. */
static void ignored_at_start(void)
{
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    int ignored[SIGNALS_STOP_COUNT];
    if (signals_install(ignored) != 2 || ignored[0] != SIGINT || ignored[1] != SIGHUP)
        _exit(2);
    char line[256];
    signals_describe_ignored(line, sizeof line, ignored, 2);
    if (!strstr(line, "SIGINT, SIGHUP ignored") || !strstr(line, "SIGTERM does (kill -TERM "))
        _exit(3);
    signals_describe_ignored(line, sizeof line, ignored, 0);
    if (line[0] != '\0')
        _exit(4);
    int all[] = {SIGTERM, SIGINT, SIGHUP};
    signals_describe_ignored(line, sizeof line, all, 3);
    if (!strstr(line, "only SIGKILL stops it"))
        _exit(5);
    raise(SIGINT); /* still ignored: the process goes on */
    _exit(0);
}

START_TEST(test_signals_ignored_at_start_are_named)
{
    int status = in_child(ignored_at_start);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "wait status %d", status);
}
END_TEST

START_TEST(test_linein_holds_a_line_to_its_size)
{
    const char text[] = "short\r\n0123456789\n01234567890123\nlast";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    ck_assert(f != NULL);
    char buf[11];
    bool too_long;
    ck_assert(linein_read(f, buf, sizeof buf, &too_long) && !too_long);
    ck_assert_str_eq(buf, "short");
    ck_assert(linein_read(f, buf, sizeof buf, &too_long) && !too_long);
    ck_assert_str_eq(buf, "0123456789"); /* exactly fits */
    ck_assert(linein_read(f, buf, sizeof buf, &too_long) && too_long);
    ck_assert_str_eq(buf, ""); /* dropped whole, and the next line is intact */
    ck_assert(linein_read(f, buf, sizeof buf, &too_long) && !too_long);
    ck_assert_str_eq(buf, "last");
    ck_assert(!linein_read(f, buf, sizeof buf, &too_long));
    fclose(f);
}
END_TEST

static GameRow row_of(Winner w, EndReason r)
{
    GameRow row;
    memset(&row, 0, sizeof row);
    row.winner = w;
    row.reason = r;
    return row;
}

START_TEST(test_rowcheck_result_and_reason_agree)
{
    const struct {
        Winner w;
        EndReason r;
        bool ok;
    } cases[] = {
        {WINNER_ATTACKERS, END_KING_CAPTURED, true},  {WINNER_DRAW, END_KING_CAPTURED, false},
        {WINNER_DEFENDERS, END_KING_CAPTURED, false}, {WINNER_DEFENDERS, END_KING_ESCAPED, true},
        {WINNER_ATTACKERS, END_KING_ESCAPED, false},  {WINNER_ATTACKERS, END_ENCIRCLED, true},
        {WINNER_DRAW, END_ENCIRCLED, false},          {WINNER_ATTACKERS, END_DRAW_FORT, true},
        {WINNER_DEFENDERS, END_DRAW_FORT, false},     {WINNER_DRAW, END_REPETITION, true},
        {WINNER_DEFENDERS, END_REPETITION, true},     {WINNER_ATTACKERS, END_NO_MOVES, true},
        {WINNER_DRAW, END_MAX_PLIES, true},           {WINNER_DEFENDERS, END_ILLEGAL_MOVE, true},
        {WINNER_DRAW, END_ENGINE_CRASH, false},       {WINNER_ATTACKERS, END_ENGINE_TIMEOUT, true},
        {WINNER_ATTACKERS, END_NONE, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        GameRow row = row_of(cases[i].w, cases[i].r);
        char why[200] = "";
        ck_assert_msg(rowcheck_consistent(&row, why, sizeof why) == cases[i].ok, "%s %s: %s",
                      state_winner_name(cases[i].w), state_reason_name(cases[i].r), why);
    }
    GameRow row = row_of(WINNER_DRAW, END_KING_CAPTURED);
    char why[200];
    ck_assert(!rowcheck_consistent(&row, why, sizeof why));
    ck_assert_str_eq(why, "winner 'draw' with reason 'king_captured': a king's capture is won by "
                          "the attackers");
}
END_TEST

/* Issue 25: a row alone cannot say who gets the ply cap (limit_result); with its ruleset it can.
 * This is where the row check's old case "attackers win by max_plies" is refused now. */
START_TEST(test_rowcheck_limit_result_issue25)
{
    Ruleset rs = *ruleset_default();
    char why[200] = "";
    const Winner winners[] = {WINNER_ATTACKERS, WINNER_DEFENDERS, WINNER_DRAW};
    const LimitResult limits[] = {LIMIT_RESULT_ATTACKERS, LIMIT_RESULT_DEFENDERS,
                                  LIMIT_RESULT_DRAW};
    for (int l = 0; l < 3; l++) {
        rs.limit_result = limits[l];
        for (int w = 0; w < 3; w++) {
            GameRow row = row_of(winners[w], END_MAX_PLIES);
            ck_assert(rowcheck_consistent(&row, why, sizeof why));
            ck_assert_int_eq(rowcheck_limit_agrees(&row, &rs, why, sizeof why), w == l);
            /* Other reasons are the row check's alone. */
            row = row_of(winners[w], END_REPETITION);
            ck_assert(rowcheck_limit_agrees(&row, &rs, why, sizeof why));
        }
    }
    rs.limit_result = LIMIT_RESULT_DRAW;
    GameRow row = row_of(WINNER_ATTACKERS, END_MAX_PLIES);
    ck_assert(!rowcheck_limit_agrees(&row, &rs, why, sizeof why));
    ck_assert_str_eq(why, "winner 'attackers' with reason 'max_plies': ruleset brandubh has "
                          "limit_result = draw, the ply cap's winner");
}
END_TEST

Suite *safety_suite(void)
{
    Suite *s = suite_create("safety");
    TCase *tc = tcase_create("outpath");
    tcase_add_test(tc, test_format_refuses_a_cut_path);
    tcase_add_test(tc, test_only_regular_files_are_written);
    suite_add_tcase(s, tc);
    tc = tcase_create("lock");
    tcase_add_test(tc, test_lock_has_one_holder);
    tcase_add_test(tc, test_rundir_refuses_long_paths_before_making_anything);
    tcase_add_test(tc, test_rundir_refuses_a_fifo_games_csv);
    suite_add_tcase(s, tc);
    tc = tcase_create("signals");
    tcase_add_test(tc, test_pgroups_kill_what_was_added);
    tcase_add_test(tc, test_pgroups_full_table);
    tcase_add_test(tc, test_signals_stop_engines_and_runs);
    tcase_add_test(tc, test_signals_ignored_at_start_are_named);
    suite_add_tcase(s, tc);
    tc = tcase_create("input");
    tcase_add_test(tc, test_linein_holds_a_line_to_its_size);
    tcase_add_test(tc, test_rowcheck_result_and_reason_agree);
    tcase_add_test(tc, test_rowcheck_limit_result_issue25);
    suite_add_tcase(s, tc);
    return s;
}
