/* One writer per run directory: an exclusive lock on DIR/.lock, taken before anything in DIR is
 * written and released by the kernel when the holder exits, however it exits. */
#ifndef TAFL_FORMATS_DIRLOCK_H
#define TAFL_FORMATS_DIRLOCK_H

#include "rules/common.h"

typedef struct DirLock DirLock;

/* The lock file's name inside a run directory. */
#define DIRLOCK_NAME ".lock"

/* Takes the lock of directory dir (which must exist) without waiting. When another process
 * holds it: ST_EINVAL "DIR is being written by process PID (it holds DIR/.lock): wait for it
 * to end or stop it, then try again", and nothing is written. ST_EIO naming the lock file when
 * it cannot be opened or locked. Caller owns *out and releases it with dirlock_release.
 * Thread-safe; a process must not take the same directory's lock twice (POSIX record locks
 * belong to the process, so the second take would succeed and the first release free both). */
MUST_CHECK Status dirlock_acquire(const char *dir, DirLock **out, Error *err);

/* Releases the lock and frees l. NULL-safe. */
void dirlock_release(DirLock *l);

#endif
