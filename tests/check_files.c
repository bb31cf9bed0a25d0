/* Files a run writes (issue 27): one function replaces them whole without following links or
 * opening FIFOs (formats/files), names inside a run directory, the directory lock that a
 * removed .lock does not free (formats/dirlock) and the kinds of run directory (rundir). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "formats/dirlock.h"
#include "formats/files.h"
#include "harness/rundir.h"
#include "tests/tests.h"

static void make_temp_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/tafl-files-XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
}

static void remove_tree(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* The bytes of path (NUL-terminated; "" when missing), in buf. */
static const char *contents(const char *path, char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(buf, 1, size - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static ino_t inode_of(const char *path)
{
    struct stat sb;
    ck_assert_int_eq(lstat(path, &sb), 0);
    return sb.st_ino;
}

START_TEST(test_names_inside_a_directory)
{
    ck_assert(files_name_is_inside("setup"));
    ck_assert(files_name_is_inside("rulesets/brandubh.rules"));
    ck_assert(files_name_is_inside("rulesets/v1..2.rules")); /* ".." inside a name is a name */
    ck_assert(files_name_is_inside("..x"));
    ck_assert(!files_name_is_inside(""));
    ck_assert(!files_name_is_inside(".."));
    ck_assert(!files_name_is_inside("../../escaped.rules"));
    ck_assert(!files_name_is_inside("rulesets/../../x"));
    ck_assert(!files_name_is_inside("rulesets/.."));
    ck_assert(!files_name_is_inside("/etc/passwd"));
    ck_assert(!files_name_is_inside("a//b"));
    ck_assert(!files_name_is_inside("a/"));
    ck_assert(!files_name_is_inside("./a"));
}
END_TEST

/* A put that writes half and then fails, as a full disk or a kill would leave it. */
static bool put_half_then_fail(FILE *f, const void *ctx)
{
    (void)ctx;
    fputs("half of a new", f);
    return false;
}

/* Issue 27, item 4: a file is replaced by a new one renamed over it, never rewritten in place;
 * unchanged bytes are not written at all; a failed write leaves the old file whole. */
START_TEST(test_replace_is_whole_or_nothing)
{
    char dir[64], path[128], tmp[160], buf[256];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    snprintf(path, sizeof path, "%s/rulesets/a.rules", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    ck_assert_msg(files_replace(dir, "rulesets/a.rules", "old\n", 4, &err) == ST_OK, "%s",
                  err.text);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "old\n");
    ino_t first = inode_of(path);
    struct stat before, after;
    ck_assert_int_eq(stat(path, &before), 0);
    /* The same bytes: nothing written (the file and its time stay). */
    ck_assert_int_eq(files_replace(dir, "rulesets/a.rules", "old\n", 4, &err), ST_OK);
    ck_assert_int_eq(stat(path, &after), 0);
    ck_assert(after.st_ino == first && after.st_mtim.tv_sec == before.st_mtim.tv_sec &&
              after.st_mtim.tv_nsec == before.st_mtim.tv_nsec);
    /* New bytes: a new file renamed over the name. */
    ck_assert_int_eq(files_replace(dir, "rulesets/a.rules", "new text\n", 9, &err), ST_OK);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "new text\n");
    ck_assert(inode_of(path) != first);
    /* A write that fails half way: the old file whole, no temporary file left. */
    ck_assert_int_eq(files_replace_with(dir, "rulesets/a.rules", put_half_then_fail, NULL, &err),
                     ST_EIO);
    ck_assert_msg(strstr(err.text, "a.rules.tmp: cannot write"), "%s", err.text);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "new text\n");
    ck_assert_int_ne(access(tmp, F_OK), 0);
    /* A temporary file left by a killed run is replaced, never written through. */
    FILE *f = fopen(tmp, "w");
    ck_assert(f != NULL);
    fputs("left over", f);
    fclose(f);
    ck_assert_int_eq(files_replace(dir, "rulesets/a.rules", "third\n", 6, &err), ST_OK);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "third\n");
    ck_assert_int_ne(access(tmp, F_OK), 0);
    remove_tree(dir);
}
END_TEST

/* Issue 27, items 3 and 7: links inside the directory are never written through (at the name,
 * at a directory of it, at its temporary name) and a FIFO is refused without blocking. */
START_TEST(test_replace_follows_no_link_and_opens_no_fifo)
{
    char dir[64], outside[128], path[160], buf[64];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    snprintf(outside, sizeof outside, "%s/outside", dir);
    FILE *f = fopen(outside, "w");
    ck_assert(f != NULL);
    fputs("outside\n", f);
    fclose(f);
    char run[96];
    snprintf(run, sizeof run, "%s/run", dir);
    ck_assert_int_eq(mkdir(run, 0777), 0);

    snprintf(path, sizeof path, "%s/setup", run);
    ck_assert_int_eq(symlink(outside, path), 0);
    ck_assert_int_eq(files_replace(run, "setup", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "run/setup: exists and is not a regular file (a symbolic link)"),
                  "%s", err.text);

    snprintf(path, sizeof path, "%s/rulesets", run);
    ck_assert_int_eq(symlink(dir, path), 0); /* rulesets/ -> the directory above */
    ck_assert_int_eq(files_replace(run, "rulesets/outside", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "run/rulesets: exists and is not a directory (a symbolic link)"),
                  "%s", err.text);

    snprintf(path, sizeof path, "%s/meta.tmp", run);
    ck_assert_int_eq(symlink(outside, path), 0);
    ck_assert_int_eq(files_replace(run, "meta", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "meta.tmp: exists and is not a regular file (a symbolic link)"),
                  "%s", err.text);
    ck_assert_str_eq(contents(outside, buf, sizeof buf), "outside\n");

    /* FIFOs at the name and at the temporary name: refused at once. */
    snprintf(path, sizeof path, "%s/curve.gp", run);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(files_replace(run, "curve.gp", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "curve.gp: exists and is not a regular file (a FIFO)"), "%s",
                  err.text);
    snprintf(path, sizeof path, "%s/tune.ini.tmp", run);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(files_replace(run, "tune.ini", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "tune.ini.tmp: exists and is not a regular file (a FIFO)"), "%s",
                  err.text);
    FILE *out;
    snprintf(path, sizeof path, "%s/tune.state", run);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(files_open_append(path, &out, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "tune.state: exists and is not a regular file (a FIFO)"), "%s",
                  err.text);
    char *data;
    size_t size;
    ck_assert_int_eq(files_read_in(run, "tune.state", &data, &size, &err), ST_EIO);
    ck_assert_int_eq(files_read_in(run, "nothing-here", &data, &size, &err), ST_OK);
    ck_assert(data == NULL);
    /* A link to a regular file is not appended through either. */
    snprintf(path, sizeof path, "%s/games.csv", run);
    ck_assert_int_eq(symlink(outside, path), 0);
    ck_assert_int_eq(files_open_append(path, &out, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "games.csv: exists and is not a regular file (a symbolic link)"),
                  "%s", err.text);
    ck_assert_str_eq(contents(outside, buf, sizeof buf), "outside\n");
    remove_tree(dir);
}
END_TEST

/* /dev/full at a temporary name still tests a full disk; nothing is renamed from a device. */
START_TEST(test_replace_into_a_full_disk)
{
    if (access("/dev/full", W_OK) != 0) {
        fprintf(stderr, "check_files: /dev/full missing; skipping the disk-full case\n");
        return;
    }
    char dir[64], path[128];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    snprintf(path, sizeof path, "%s/summary.csv.tmp", dir);
    ck_assert_int_eq(symlink("/dev/full", path), 0);
    ck_assert_int_eq(files_replace(dir, "summary.csv", "x\n", 2, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "summary.csv.tmp: cannot write: No space left on device"), "%s",
                  err.text);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    remove_tree(dir);
}
END_TEST

/* Issue 27, item 8: the lock is on the directory too: a second writer is refused after .lock
 * was removed by hand, naming the holder. */
START_TEST(test_removed_lock_file_still_holds)
{
    char dir[64], lockfile[96];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    DirLock *lock;
    ck_assert_int_eq(dirlock_acquire(dir, &lock, &err), ST_OK);
    snprintf(lockfile, sizeof lockfile, "%s/%s", dir, DIRLOCK_NAME);
    ck_assert_int_eq(unlink(lockfile), 0);
    pid_t child = fork();
    ck_assert(child >= 0);
    if (child == 0) {
        DirLock *other;
        Error e = {{0}};
        char want[128];
        snprintf(want, sizeof want, "is being written by process %ld (it holds the directory's",
                 (long)getppid());
        bool refused =
            dirlock_acquire(dir, &other, &e) == ST_EINVAL && other == NULL && strstr(e.text, want);
        if (!refused)
            fprintf(stderr, "%s\n", e.text);
        _exit(refused ? 0 : 1);
    }
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "a second writer got in after .lock was removed");
    dirlock_release(lock);
    remove_tree(dir);
}
END_TEST

/* Shared locks (merge reading shards) go together and keep a writer out. */
START_TEST(test_shared_lock_keeps_writers_out)
{
    char dir[64];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    DirLock *writer;
    ck_assert_int_eq(dirlock_acquire(dir, &writer, &err), ST_OK); /* makes .lock */
    dirlock_release(writer);
    DirLock *reader;
    ck_assert_int_eq(dirlock_acquire_shared(dir, &reader, &err), ST_OK);
    pid_t child = fork();
    ck_assert(child >= 0);
    if (child == 0) {
        DirLock *l = NULL;
        bool second_reader = dirlock_acquire_shared(dir, &l, NULL) == ST_OK;
        dirlock_release(l);
        l = NULL;
        bool writer_refused = dirlock_acquire(dir, &l, NULL) == ST_EINVAL && l == NULL;
        _exit(second_reader && writer_refused ? 0 : 1);
    }
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "readers do not share, or a writer got past a reader");
    dirlock_release(reader);
    remove_tree(dir);
}
END_TEST

/* Issue 27, item 5: a directory records its kind, and refuses another kind's writer. */
START_TEST(test_rundir_refuses_another_kind)
{
    char dir[64], path[128], buf[32];
    make_temp_dir(dir, sizeof dir);
    Error err = {{0}};
    DirLock *lock;
    bool foreign = true;
    ck_assert_int_eq(rundir_open(dir, RUNDIR_TUNE, &lock, &foreign, &err), ST_OK);
    ck_assert(!foreign);
    dirlock_release(lock);
    snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_KIND_FILE);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "tune\n");
    ck_assert_int_eq(rundir_open(dir, RUNDIR_RUN, &lock, &foreign, &err), ST_EINVAL);
    ck_assert(foreign && lock == NULL);
    ck_assert_msg(strstr(err.text, "holds the files of a tafl tune (kind says so): only tafl run "
                                   "and tafl match write into a run directory"),
                  "%s", err.text);
    ck_assert_str_eq(contents(path, buf, sizeof buf), "tune\n");
    ck_assert_int_eq(rundir_open(dir, RUNDIR_TUNE, &lock, &foreign, &err), ST_OK);
    dirlock_release(lock);
    /* A directory from before the kind file: told by its files. */
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(files_replace(dir, "games.csv", "x\n", 2, &err), ST_OK);
    ck_assert_int_eq(rundir_open(dir, RUNDIR_MERGE, &lock, &foreign, &err), ST_EINVAL);
    ck_assert_msg(strstr(err.text, "holds the files of a tafl run (its files say so)"), "%s",
                  err.text);
    remove_tree(dir);
}
END_TEST

Suite *files_suite(void)
{
    Suite *s = suite_create("files");
    TCase *tc = tcase_create("replace");
    tcase_add_test(tc, test_names_inside_a_directory);
    tcase_add_test(tc, test_replace_is_whole_or_nothing);
    tcase_add_test(tc, test_replace_follows_no_link_and_opens_no_fifo);
    tcase_add_test(tc, test_replace_into_a_full_disk);
    suite_add_tcase(s, tc);
    tc = tcase_create("lock");
    tcase_add_test(tc, test_removed_lock_file_still_holds);
    tcase_add_test(tc, test_shared_lock_keeps_writers_out);
    tcase_add_test(tc, test_rundir_refuses_another_kind);
    suite_add_tcase(s, tc);
    return s;
}
