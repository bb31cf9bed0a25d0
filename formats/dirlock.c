/* Run directory locks with fcntl record locks (see dirlock.h). fcntl rather than flock: F_GETLK
 * names the process that holds the lock, and POSIX record locks work over NFS (lockd), where
 * cluster jobs keep their results. */
#include "formats/dirlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/outpath.h"

struct DirLock {
    int fd; /* the open lock file; closing it releases the lock */
};

Status dirlock_acquire(const char *dir, DirLock **out, Error *err)
{
    *out = NULL;
    char path[OUTPATH_MAX];
    Status st = outpath_format(path, sizeof path, err, "%s/%s", dir, DIRLOCK_NAME);
    if (st != ST_OK)
        return st;
    /* O_NOFOLLOW: the lock file is never a link to somewhere else. */
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd < 0) {
        error_set(err, "%s: cannot open the run directory's lock: %s", path, strerror(errno));
        return ST_EIO;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    while (fcntl(fd, F_SETLK, &fl) != 0) {
        if (errno == EINTR)
            continue;
        if (errno == EACCES || errno == EAGAIN) {
            struct flock who = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
            if (fcntl(fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK)
                error_set(err,
                          "%s is being written by process %ld (it holds %s): wait for it to end "
                          "or stop it, then try again",
                          dir, (long)who.l_pid, path);
            else
                error_set(err, "%s is being written by another process (it holds %s)", dir, path);
            close(fd);
            return ST_EINVAL;
        }
        error_set(err, "%s: cannot lock: %s", path, strerror(errno));
        close(fd);
        return ST_EIO;
    }
    DirLock *l = xmalloc(sizeof *l);
    l->fd = fd;
    *out = l;
    return ST_OK;
}

void dirlock_release(DirLock *l)
{
    if (!l)
        return;
    close(l->fd);
    free(l);
}
