/* The memory a run may count on before it starts: what the kernel says is available, held to
 * the process's address-space limit and its cgroup's memory limit, so that a run too large
 * for the machine is refused with one line instead of being killed halfway. */
#ifndef TAFL_HARNESS_MEMBUDGET_H
#define TAFL_HARNESS_MEMBUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/common.h"

/* The bytes available to this process now: the least of /proc/meminfo's MemAvailable (Linux
 * 3.14; else free pages from sysconf), RLIMIT_AS's soft limit and the cgroup v2 memory.max
 * less memory.current. *source names the bound that decided ("MemAvailable", "ulimit -v",
 * "cgroup memory.max"). False when none can be read (no check is then possible).
 * Thread-safe. */
bool membudget_available(uint64_t *bytes, const char **source);

/* ST_OK when need bytes (for what, e.g. "the search tables of 2 threads") fit in what
 * membudget_available says, or when it says nothing; else ST_EINVAL with one line
 * "out of memory: WHAT need N MiB, M MiB are available (SOURCE)". Thread-safe. */
MUST_CHECK Status membudget_check(uint64_t need, const char *what, Error *err);

#endif
