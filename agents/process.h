/* A child program spoken to in lines, for the external agent: started with fork and execve, its
 * standard input and output one end of a socket pair, in a process group of its own.
 *
 * This is operating-system code in the agents layer on purpose: agents may use only rules/
 * and libc (the harness sits above them), and the external agent needs a child process. It is
 * POSIX with two Linux calls, self-contained, so that any number of OpenMP threads can each
 * drive their own engine:
 * - fork of a multithreaded process, with only async-signal-safe calls in the child before
 *   execve (the program is looked up along PATH before the fork), every signal blocked across
 *   the fork and tafl's handlers reset in the child; descriptors made close-on-exec atomically
 *   (SOCK_CLOEXEC), so no child inherits another game's socket; an exec failure comes back
 *   through a second close-on-exec socket;
 * - a socket pair rather than pipes, so that writing to an engine that has exited fails
 *   with EPIPE through send(MSG_NOSIGNAL) instead of raising SIGPIPE in the whole process;
 * - a process group per engine, so stopping it also stops what it started (a shell script's
 *   `sleep`, a JVM's helpers);
 * - Linux: the engine gets SIGKILL when the thread that started it (so tafl) dies
 *   (PR_SET_PDEATHSIG), and tafl is a child subreaper (PR_SET_CHILD_SUBREAPER), so an engine's
 *   orphans in a session of their own come to tafl, which ends them when it stops an engine
 *   (any child that is not a recorded engine; gnuplot never runs while engines do);
 * - deadlines on the monotonic clock (clock_seconds) for every read and write. */
#ifndef TAFL_AGENTS_PROCESS_H
#define TAFL_AGENTS_PROCESS_H

#include <stddef.h>

#include "rules/common.h"

typedef struct Process Process;

/* How a read or write ended. */
typedef enum {
    PROCESS_OK = 0,
    PROCESS_CLOSED,  /* the program closed its end (exited, crashed, or closed stdout/stdin) */
    PROCESS_TIMEOUT, /* the deadline passed first */
} ProcessResult;

/* Starts argv[0] (looked up in PATH when it holds no '/') with arguments argv (NULL-ended).
 * Its stderr is this process's stderr; its signal mask is empty, SIGPIPE and every signal tafl
 * handles have their default action, and it gets SIGKILL when the calling thread ends (so the
 * engine must be stopped by the thread that started it, as every caller does). ST_EIO naming the
 * program and the reason when it cannot be started. Caller owns *out and ends it with process_stop.
 * Thread-safe. */
MUST_CHECK Status process_start(char *const *argv, Process **out, Error *err);

/* Writes all of text, waiting at most until `deadline` (a clock_seconds() time). */
ProcessResult process_write(Process *p, const char *text, double deadline);

/* Reads one line into buf (its '\n' and a '\r' before it removed, NUL-terminated), waiting at
 * most until `deadline`. A line longer than size - 1 bytes is cut there and the rest of it is
 * dropped. A last line without '\n' before the program's end still comes back as a line. */
ProcessResult process_read_line(Process *p, char *buf, size_t size, double deadline);

/* Ends the program: closes its input and output, gives it `grace` seconds to exit, then kills
 * its process group (SIGKILL) and reaps it, then kills and reaps every orphan tafl has adopted
 * (unless another engine is being started at that moment: the next stop does it), so no
 * zombie or orphan stays behind. Writes how it ended into how ("exit status 0", "killed by
 * signal 9"; how may be NULL). Frees p. NULL-safe. */
void process_stop(Process *p, double grace, char *how, size_t size);

#endif
