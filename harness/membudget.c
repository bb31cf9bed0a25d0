/* What memory a run may count on (see membudget.h). Linux files, read when present. */
#include "harness/membudget.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The number after `key` in a "key: N kB" line of /proc/meminfo, in bytes. */
static bool meminfo_value(const char *key, uint64_t *bytes)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return false;
    char line[256];
    bool found = false;
    size_t n = strlen(key);
    while (!found && fgets(line, sizeof line, f)) {
        uint64_t kb;
        if (strncmp(line, key, n) == 0 && line[n] == ':' &&
            sscanf(line + n + 1, "%" SCNu64, &kb) == 1) {
            *bytes = kb * 1024;
            found = true;
        }
    }
    fclose(f);
    return found;
}

/* One number in a file (a cgroup's memory.max is "max" when unlimited: false then). */
static bool file_number(const char *path, uint64_t *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fscanf(f, "%" SCNu64, out) == 1;
    fclose(f);
    return ok;
}

bool membudget_available(uint64_t *bytes, const char **source)
{
    bool known = meminfo_value("MemAvailable", bytes);
    *source = "MemAvailable";
    if (!known) {
        long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
        if (pages > 0 && size > 0) {
            *bytes = (uint64_t)pages * (uint64_t)size;
            *source = "free memory";
            known = true;
        }
    }
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (!known || (uint64_t)rl.rlim_cur < *bytes)) {
        *bytes = (uint64_t)rl.rlim_cur;
        *source = "ulimit -v";
        known = true;
    }
    /* cgroup v2, the unified hierarchy mounted where systemd and containers put it. */
    uint64_t max, current;
    if (file_number("/sys/fs/cgroup/memory.max", &max) &&
        file_number("/sys/fs/cgroup/memory.current", &current)) {
        uint64_t left = max > current ? max - current : 0;
        if (!known || left < *bytes) {
            *bytes = left;
            *source = "cgroup memory.max";
            known = true;
        }
    }
    return known;
}

Status membudget_check(uint64_t need, const char *what, Error *err)
{
    uint64_t have;
    const char *source;
    if (!membudget_available(&have, &source) || need <= have)
        return ST_OK;
    error_set(err, "out of memory: %s need %" PRIu64 " MiB, %" PRIu64 " MiB are available (%s)",
              what, (need + (1u << 20) - 1) >> 20, have >> 20, source);
    return ST_EINVAL;
}
