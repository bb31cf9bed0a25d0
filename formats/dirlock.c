/* Run directory locks (see dirlock.h). Two locks, because each misses something: fcntl record
 * locks name their holder (F_GETLK) and work over NFS (lockd), where cluster jobs keep their
 * results, but they live on the .lock file's inode, so removing .lock by hand let a second
 * writer lock a fresh file; flock(2) on the directory's own descriptor
 * survives that, since the directory cannot be removed while it holds the run. Both are
 * released by the kernel when the process ends. */
#include "formats/dirlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "formats/outpath.h"

struct DirLock {
    int fd;  /* the open lock file (-1: none); closing it releases the record lock */
    int dir; /* the directory, flock()ed (-1: none) */
};

/* The process that holds a flock on the inode of sb, from /proc/locks (Linux: "1: FLOCK
 * ADVISORY WRITE PID MAJ:MIN:INODE 0 EOF"); 0 when it cannot be told. */
static long flock_holder(const struct stat *sb)
{
    FILE *f = fopen("/proc/locks", "r");
    if (!f)
        return 0;
    char line[256];
    long pid = 0;
    while (!pid && fgets(line, sizeof line, f)) {
        char kind[16];
        long who;
        unsigned maj, min;
        unsigned long long ino;
        if (sscanf(line, "%*[^:]: %15s %*s %*s %ld %x:%x:%llu", kind, &who, &maj, &min, &ino) ==
                5 &&
            strcmp(kind, "FLOCK") == 0 && ino == (unsigned long long)sb->st_ino &&
            maj == major(sb->st_dev) && min == minor(sb->st_dev) && who != (long)getpid())
            pid = who;
    }
    fclose(f);
    return pid;
}

/* Takes the flock of dir (shared or exclusive) into l->dir. */
static Status lock_directory(const char *dir, bool shared, DirLock *l, Error *err)
{
    l->dir = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (l->dir < 0) {
        error_set(err, "%s: cannot open directory: %s", dir, strerror(errno));
        return ST_EIO;
    }
    int r;
    while ((r = flock(l->dir, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB)) != 0 && errno == EINTR)
        ;
    if (r == 0)
        return ST_OK;
    if (errno != EWOULDBLOCK) {
        /* No flock on this file system: the record lock on .lock is the guard. */
        close(l->dir);
        l->dir = -1;
        return ST_OK;
    }
    struct stat sb;
    long pid = fstat(l->dir, &sb) == 0 ? flock_holder(&sb) : 0;
    if (pid > 0)
        error_set(err,
                  "%s is being written by process %ld (it holds the directory's lock, though not "
                  "%s/%s: was that file removed?): wait for it to end or stop it, then try again",
                  dir, pid, dir, DIRLOCK_NAME);
    else
        error_set(err,
                  "%s is being written by another process (it holds the directory's lock, though "
                  "not %s/%s: was that file removed?): wait for it to end or stop it, then try "
                  "again",
                  dir, dir, DIRLOCK_NAME);
    return ST_EINVAL;
}

static Status acquire(const char *dir, bool shared, DirLock **out, Error *err)
{
    *out = NULL;
    char path[OUTPATH_MAX];
    Status st = outpath_format(path, sizeof path, err, "%s/%s", dir, DIRLOCK_NAME);
    if (st != ST_OK)
        return st;
    DirLock *l = xmalloc(sizeof *l);
    l->fd = l->dir = -1;
    /* O_NOFOLLOW: the lock file is never a link to somewhere else; O_NONBLOCK: nor a FIFO that
     * would hold the open. A reader never makes one. */
    int flags = (shared ? O_RDONLY : O_RDWR | O_CREAT) | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK;
    l->fd = open(path, flags, 0666);
    struct stat sb;
    if (l->fd < 0 && !(shared && errno == ENOENT)) {
        error_set(err, "%s: cannot open the run directory's lock: %s", path, strerror(errno));
        st = ST_EIO;
    } else if (l->fd >= 0 && (fstat(l->fd, &sb) != 0 || !S_ISREG(sb.st_mode))) {
        error_set(err, "%s: the run directory's lock is not a regular file", path);
        st = ST_EIO;
    }
    short type = shared ? F_RDLCK : F_WRLCK;
    struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    while (st == ST_OK && l->fd >= 0 && fcntl(l->fd, F_SETLK, &fl) != 0) {
        if (errno == EINTR)
            continue;
        if (errno == EACCES || errno == EAGAIN) {
            struct flock who = {.l_type = type, .l_whence = SEEK_SET};
            if (fcntl(l->fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK)
                error_set(err,
                          "%s is being written by process %ld (it holds %s): wait for it to end "
                          "or stop it, then try again",
                          dir, (long)who.l_pid, path);
            else
                error_set(err, "%s is being written by another process (it holds %s)", dir, path);
            st = ST_EINVAL;
        } else {
            error_set(err, "%s: cannot lock: %s", path, strerror(errno));
            st = ST_EIO;
        }
    }
    if (st == ST_OK)
        st = lock_directory(dir, shared, l, err);
    if (st != ST_OK) {
        dirlock_release(l);
        return st;
    }
    *out = l;
    return ST_OK;
}

Status dirlock_acquire(const char *dir, DirLock **out, Error *err)
{
    return acquire(dir, false, out, err);
}

Status dirlock_acquire_shared(const char *dir, DirLock **out, Error *err)
{
    return acquire(dir, true, out, err);
}

void dirlock_release(DirLock *l)
{
    if (!l)
        return;
    if (l->fd >= 0)
        close(l->fd);
    if (l->dir >= 0)
        close(l->dir);
    free(l);
}
