/* The stop signals' handler (see signals.h). */
#include "harness/signals.h"

#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "agents/pgroups.h"

/* Process-wide on purpose (signals.h): written by the handler, read by the game loops. */
static volatile sig_atomic_t caught;      /* the stop signal received, or 0 */
static volatile sig_atomic_t cooperative; /* a run ends cleanly on its own */

static const int STOP_SIGNALS[] = {SIGTERM, SIGINT, SIGHUP};

static void on_stop_signal(int sig)
{
    int saved = errno;
    if (caught || !cooperative) {
        /* A second signal, or no run that stops by itself: stop the engines and end as the
         * default action would (the signal is blocked here, so it lands on return). */
        pgroups_kill_all(SIGKILL);
        signal(sig, SIG_DFL);
        raise(sig);
        errno = saved;
        return;
    }
    /* The flag first: a game whose engine dies from the kill below must see it, so that its
     * forfeit is dropped rather than written as the engine's crash. */
    caught = sig;
    /* Each engine runs in a process group of its own, so the terminal's or the batch
     * system's signal never reaches it: stop them here. SIGKILL, because an engine in the
     * middle of a search may take its time over SIGTERM, and its game is dropped anyway. */
    pgroups_kill_all(SIGKILL);
    errno = saved;
}

int signals_install(int ignored[SIGNALS_STOP_COUNT])
{
    int count = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++)
        sigaddset(&sa.sa_mask, STOP_SIGNALS[i]);
    /* SA_RESTART: a row being written is finished, never cut by EINTR. */
    sa.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++) {
        struct sigaction old;
        /* A signal ignored by whoever started tafl (nohup's SIGHUP) stays ignored. */
        if (sigaction(STOP_SIGNALS[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
            ignored[count++] = STOP_SIGNALS[i];
            continue;
        }
        sigaction(STOP_SIGNALS[i], &sa, NULL);
    }
    return count;
}

void signals_describe_ignored(char *buf, size_t n, const int *ignored, int count)
{
    assert(buf && n > 0);
    buf[0] = '\0';
    if (count <= 0)
        return;
    char names[64] = "";
    size_t used = 0;
    for (int i = 0; i < count; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 signals_name(ignored[i]));
    /* The first stop signal not ignored, in the order a batch system or kill(1) would try. */
    const char *stop = NULL;
    for (size_t s = 0; s < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0] && !stop; s++) {
        bool off = false;
        for (int i = 0; i < count; i++)
            off = off || ignored[i] == STOP_SIGNALS[s];
        if (!off)
            stop = signals_name(STOP_SIGNALS[s]);
    }
    /* POSIX (XCU 2.11): a non-interactive shell starts an `&` command with SIGINT ignored, and
     * a signal ignored at exec stays ignored unless the program changes it; tafl keeps it so. */
    if (stop)
        snprintf(buf, n,
                 "%s ignored as tafl was started (a script's `&`, nohup): %s will not stop it; "
                 "%s does (kill -%s %ld)",
                 names, count > 1 ? "they" : "it", stop, stop + 3, (long)getpid());
    else
        snprintf(buf, n,
                 "%s ignored as tafl was started: only SIGKILL stops it, and then no "
                 "line on how to resume is written",
                 names);
}

void signals_cooperate(bool on)
{
    cooperative = on;
}

bool signals_stop_requested(void)
{
    return caught != 0;
}

int signals_caught(void)
{
    return caught;
}

const char *signals_name(int sig)
{
    switch (sig) {
    case SIGTERM:
        return "SIGTERM";
    case SIGINT:
        return "SIGINT";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "a signal";
    }
}

void signals_describe_stop(Error *err, const char *games_path, long kept)
{
    const char *name = signals_name(caught);
    if (games_path && games_path[0])
        error_set(err,
                  "stopped by %s: %s holds the %ld games finished before it, each row whole; "
                  "run the same command with --resume to play the rest",
                  name, games_path, kept);
    else
        error_set(err, "stopped by %s before every game was played: nothing was written", name);
}
