/* One writer per run directory: an exclusive lock on DIR/.lock and on the directory itself,
 * taken before anything in DIR is written and released by the kernel when the holder exits,
 * however it exits. */
#ifndef TAFL_FORMATS_DIRLOCK_H
#define TAFL_FORMATS_DIRLOCK_H

#include "rules/common.h"

typedef struct DirLock DirLock;

/* The lock file's name inside a run directory. */
#define DIRLOCK_NAME ".lock"

/* Takes the lock of directory dir (which must exist) without waiting: a POSIX record lock on
 * DIR/.lock (F_GETLK names its holder, and it works over NFS) and a flock(2) on the directory
 * itself, which no removed or replaced .lock frees (where the file system has no flock, as
 * over some NFS mounts, the .lock alone guards). When another process holds it: ST_EINVAL
 * "DIR is being written by process PID (it holds DIR/.lock): wait for it to end or stop it,
 * then try again", and nothing is written. ST_EIO naming the lock file when it cannot be
 * opened or locked, or is not a regular file. Caller owns *out and releases it with
 * dirlock_release. Thread-safe; a process must not take the same directory's lock twice. */
MUST_CHECK Status dirlock_acquire(const char *dir, DirLock **out, Error *err);

/* The same lock shared, for a reader that needs the directory's files to hold still (tafl
 * merge reading a shard): readers share it, a writer excludes them. A missing .lock is not
 * made (the directory may be read-only); then the directory's flock alone is taken. Errors as
 * dirlock_acquire. Caller owns *out. Thread-safe. */
MUST_CHECK Status dirlock_acquire_shared(const char *dir, DirLock **out, Error *err);

/* Releases the lock and frees l. NULL-safe. */
void dirlock_release(DirLock *l);

#endif
