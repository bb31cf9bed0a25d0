/* The process groups of the engines this process has started and not yet stopped, so that a
 * signal handler can stop them all when tafl itself is told to stop (SIGTERM, SIGINT, SIGHUP).
 *
 * This is the one process-wide mutable table in tafl-lab, on purpose: a signal handler receives
 * no argument, so what it must reach has to be reachable without one. It is a fixed array of
 * lock-free atomics (C11 atomic_int; lock-free atomics are async-signal-safe, C11 7.14.1.1), so
 * any thread may add or remove a group while a handler reads the table. */
#ifndef TAFL_AGENTS_PGROUPS_H
#define TAFL_AGENTS_PGROUPS_H

#include <stdbool.h>
#include <sys/types.h>

/* How many engines may run at once: two seats of 1024 threads, with room to spare. */
#define PGROUPS_MAX 4096

/* Records process group pgid (> 0). False when the table is full (the caller stops the engine
 * and reports it). Thread-safe, async-signal-safe. */
bool pgroups_add(pid_t pgid);

/* Forgets pgid (or a retired one, as -pgid); call it (or pgroups_retire) before the group's
 * leader is reaped, so that a handler never signals a reused id. Thread-safe,
 * async-signal-safe. */
void pgroups_remove(pid_t pgid);

/* Sends sig to every recorded group and returns how many there were. Async-signal-safe (only
 * atomic loads and kill(2)); thread-safe. */
int pgroups_kill_all(int sig);

/* Marks pgid as being stopped: signal handlers no longer signal it (its leader is about to be
 * reaped, after which the id may be reused), but pgroups_has still counts it, so that no sweep
 * of orphans takes it; pgroups_remove(-pgid) then frees the slot. Thread-safe,
 * async-signal-safe. */
void pgroups_retire(pid_t pgid);

/* True when pgid is recorded, retired or not. Thread-safe, async-signal-safe. */
bool pgroups_has(pid_t pgid);

/* Held while a child of tafl is reaped (an engine by process_stop, adopted orphans by their
 * sweep), so that a sweep never reaps, nor signals after its reap, a child another thread is
 * stopping. Not for signal handlers. Thread-safe. */
void pgroups_reap_lock(void);
void pgroups_reap_unlock(void);

/* Counts engine starts in flight (delta +1 before the fork, -1 once the child is recorded or
 * gone), so that a sweep of adopted orphans never takes a child that is not recorded yet for
 * one. Thread-safe, async-signal-safe. */
void pgroups_starting(int delta);

/* The number of starts in flight. Thread-safe, async-signal-safe. */
int pgroups_starts_in_flight(void);

#endif
