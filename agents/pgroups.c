/* The table of engine process groups (see pgroups.h for why it is process-wide). */
#include "agents/pgroups.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>

/* 0 = a free slot; otherwise a process group id. Zero-initialised as a static object. */
static atomic_int slots[PGROUPS_MAX];

/* Engine starts between fork and pgroups_add (see pgroups_starting). */
static atomic_int starting;

/* Serialises the reaping of tafl's children (see pgroups_reap_lock). */
static pthread_mutex_t reaping = PTHREAD_MUTEX_INITIALIZER;

#if ATOMIC_INT_LOCK_FREE != 2
#error "pgroups needs lock-free atomic int to be async-signal-safe"
#endif

bool pgroups_add(pid_t pgid)
{
    for (int i = 0; i < PGROUPS_MAX; i++) {
        int expected = 0;
        if (atomic_load(&slots[i]) == 0 &&
            atomic_compare_exchange_strong(&slots[i], &expected, (int)pgid))
            return true;
    }
    return false;
}

void pgroups_remove(pid_t pgid)
{
    for (int i = 0; i < PGROUPS_MAX; i++) {
        int expected = (int)pgid;
        if (atomic_compare_exchange_strong(&slots[i], &expected, 0))
            return;
    }
}

int pgroups_kill_all(int sig)
{
    int n = 0;
    for (int i = 0; i < PGROUPS_MAX; i++) {
        int pgid = atomic_load(&slots[i]);
        if (pgid > 0) {
            kill(-(pid_t)pgid, sig);
            n++;
        }
    }
    return n;
}

void pgroups_retire(pid_t pgid)
{
    for (int i = 0; i < PGROUPS_MAX; i++) {
        int expected = (int)pgid;
        if (atomic_compare_exchange_strong(&slots[i], &expected, -(int)pgid))
            return;
    }
}

bool pgroups_has(pid_t pgid)
{
    for (int i = 0; i < PGROUPS_MAX; i++) {
        int v = atomic_load(&slots[i]);
        if (v == (int)pgid || v == -(int)pgid)
            return true;
    }
    return false;
}

void pgroups_reap_lock(void)
{
    pthread_mutex_lock(&reaping);
}

void pgroups_reap_unlock(void)
{
    pthread_mutex_unlock(&reaping);
}

void pgroups_starting(int delta)
{
    atomic_fetch_add(&starting, delta);
}

int pgroups_starts_in_flight(void)
{
    return atomic_load(&starting);
}
