/* Child programs over a socket pair (see process.h for why each choice). POSIX.1-2008. */
#include "agents/process.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agents/pgroups.h"

/* The environment the child inherits; POSIX has the application declare it. */
extern char **environ;

#define PROCESS_BUFFER 8192

struct Process {
    pid_t pid; /* also the id of its process group */
    int fd;    /* our end of the socket pair; non-blocking */
    bool eof;  /* the program closed its end */
    size_t len;
    char buf[PROCESS_BUFFER]; /* bytes read and not yet returned */
};

/* Waits until fd is ready for `events` or the deadline passes; false on the deadline. */
static bool wait_for(int fd, short events, double deadline)
{
    for (;;) {
        double left = deadline - clock_seconds();
        if (left <= 0)
            return false;
        double ms = ceil(left * 1000.0);
        struct pollfd pfd = {.fd = fd, .events = events, .revents = 0};
        int n = poll(&pfd, 1, ms > 60000 ? 60000 : (int)ms);
        if (n > 0)
            return true; /* readable, writable, or hung up: the next call says which */
        if (n < 0 && errno != EINTR)
            return true; /* let the read or write report the error */
    }
}

/* Moves a descriptor above the standard ones, close-on-exec, so that the child's dup2 onto 0
 * and 1 always copies (dup2 onto itself would keep close-on-exec set). */
static int above_stdio(int fd)
{
    if (fd > STDERR_FILENO)
        return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
    close(fd);
    return moved;
}

Status process_start(char *const *argv, Process **out, Error *err)
{
    *out = NULL;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        error_set(err, "%s: cannot make a socket pair: %s", argv[0], strerror(errno));
        return ST_EIO;
    }
    sv[0] = above_stdio(sv[0]);
    sv[1] = above_stdio(sv[1]);
    if (sv[0] < 0 || sv[1] < 0) {
        error_set(err, "%s: cannot move descriptors: %s", argv[0], strerror(errno));
        if (sv[0] >= 0)
            close(sv[0]);
        if (sv[1] >= 0)
            close(sv[1]);
        return ST_EIO;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_adddup2(&actions, sv[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, sv[1], STDOUT_FILENO);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        error_set(err, "cannot start '%s': %s", argv[0], strerror(rc));
        return ST_EIO;
    }
    /* Recorded so that tafl, told to stop by a signal, stops it too (harness/signals.c). */
    bool recorded = pgroups_add(pid);
    int flags = fcntl(sv[0], F_GETFL);
    if (!recorded || flags < 0 || fcntl(sv[0], F_SETFL, flags | O_NONBLOCK) != 0) {
        if (!recorded)
            error_set(err, "cannot start '%s': %d engines run already", argv[0], PGROUPS_MAX);
        else
            error_set(err, "%s: cannot make its socket non-blocking: %s", argv[0], strerror(errno));
        Process tmp = {.pid = pid, .fd = sv[0]};
        Process *p = xmalloc(sizeof *p);
        *p = tmp;
        process_stop(p, 0, NULL, 0);
        return ST_EIO;
    }
    Process *p = xmalloc(sizeof *p);
    p->pid = pid;
    p->fd = sv[0];
    p->eof = false;
    p->len = 0;
    *out = p;
    return ST_OK;
}

ProcessResult process_write(Process *p, const char *text, double deadline)
{
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = send(p->fd, text, left, MSG_NOSIGNAL);
        if (n > 0) {
            text += n;
            left -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!wait_for(p->fd, POLLOUT, deadline))
                return PROCESS_TIMEOUT;
            continue;
        }
        return PROCESS_CLOSED; /* EPIPE, ECONNRESET: the program is gone */
    }
    return PROCESS_OK;
}

ProcessResult process_read_line(Process *p, char *buf, size_t size, double deadline)
{
    size_t n = 0;
    for (;;) {
        if (p->len > 0) {
            char *nl = memchr(p->buf, '\n', p->len);
            size_t take = nl ? (size_t)(nl - p->buf) : p->len;
            size_t room = size - 1 - n;
            size_t copy = take < room ? take : room;
            memcpy(buf + n, p->buf, copy);
            n += copy;
            size_t used = nl ? take + 1 : take;
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            if (nl) {
                if (n > 0 && buf[n - 1] == '\r')
                    n--;
                buf[n] = '\0';
                return PROCESS_OK;
            }
            continue;
        }
        if (p->eof) {
            buf[n] = '\0';
            if (n > 0)
                return PROCESS_OK;
            return PROCESS_CLOSED;
        }
        ssize_t got = recv(p->fd, p->buf, sizeof p->buf, 0);
        if (got > 0) {
            p->len = (size_t)got;
        } else if (got == 0) {
            p->eof = true;
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (!wait_for(p->fd, POLLIN, deadline)) {
                buf[n] = '\0';
                return PROCESS_TIMEOUT;
            }
        } else if (errno != EINTR) {
            p->eof = true; /* ECONNRESET and the like: nothing more will come */
        }
    }
}

/* Describes a wait status. */
static void describe_status(int status, char *how, size_t size)
{
    if (!how)
        return;
    if (WIFEXITED(status))
        snprintf(how, size, "exit status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(how, size, "killed by signal %d", WTERMSIG(status));
    else
        snprintf(how, size, "wait status %d", status);
}

void process_stop(Process *p, double grace, char *how, size_t size)
{
    if (!p)
        return;
    close(p->fd);
    /* Wait for the leader to exit without reaping it (WNOWAIT): while it is a zombie its
     * process id, which is also the group's id, cannot be reused, so the kill below can only
     * reach what it started. */
    double deadline = clock_seconds() + grace;
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (info.si_pid == p->pid || clock_seconds() >= deadline)
            break;
        struct timespec pause = {0, 5 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    pgroups_remove(p->pid); /* before the reap: the id cannot be reused until then */
    kill(-p->pid, SIGKILL);
    int status = 0;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
    }
    describe_status(status, how, size);
    free(p);
}
