/* Child programs over a socket pair (see process.h for why each choice). POSIX.1-2008. */
#include "agents/process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
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

/* argv0 as execve takes it: itself when it holds a '/', else the first executable regular file
 * of that name along PATH (an empty entry is the current directory, POSIX). Looked up before
 * the fork, since the child may call only async-signal-safe functions. */
static bool find_program(const char *argv0, char *buf, size_t size)
{
    if (strchr(argv0, '/')) {
        int n = snprintf(buf, size, "%s", argv0);
        return n > 0 && (size_t)n < size;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        int len = snprintf(buf, size, "%.*s/%s", (int)n, n ? path : ".", argv0);
        struct stat sb;
        if (len > 0 && (size_t)len < size && stat(buf, &sb) == 0 && S_ISREG(sb.st_mode) &&
            access(buf, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* In the child, between fork and exec: only async-signal-safe calls (POSIX.1-2008 2.4.3). Every
 * signal tafl handles goes back to its default (an exec would do it, but a signal arriving
 * before the exec must not run tafl's handler here), SIGPIPE too; the engine gets a process
 * group of its own, SIGKILL when tafl dies (Linux PR_SET_PDEATHSIG, kept across exec), and the
 * socket as stdin and stdout. On failure the errno goes back through report. */
static void start_child(const char *path, char *const *argv, int sock, int report, pid_t parent,
                        const sigset_t *mask)
{
    for (int sig = 1; sig < 65; sig++) {
        struct sigaction sa;
        if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &sa) != 0)
            continue;
        if (sa.sa_handler != SIG_IGN || sig == SIGPIPE) {
            sa.sa_handler = SIG_DFL;
            sa.sa_flags = 0;
            sigaction(sig, &sa, NULL);
        }
    }
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    /* tafl may have died before the prctl: then no signal would come. */
    if (getppid() != parent)
        _exit(127);
    if (dup2(sock, STDIN_FILENO) >= 0 && dup2(sock, STDOUT_FILENO) >= 0) {
        sigprocmask(SIG_SETMASK, mask, NULL);
        execve(path, argv, environ);
    }
    int e = errno;
    ssize_t w = write(report, &e, sizeof e);
    (void)w;
    _exit(127);
}

Status process_start(char *const *argv, Process **out, Error *err)
{
    *out = NULL;
    char path[4096];
    if (!find_program(argv[0], path, sizeof path)) {
        error_set(err, "cannot start '%s': %s", argv[0], strerror(ENOENT));
        return ST_EIO;
    }
    /* Orphans an engine leaves (a `setsid` child whose parent died) come to tafl rather than
     * to init, so that stopping the engine can end them (Linux 3.4, PR_SET_CHILD_SUBREAPER). */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    int sv[2], rp[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        error_set(err, "%s: cannot make a socket pair: %s", argv[0], strerror(errno));
        return ST_EIO;
    }
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, rp) != 0) {
        error_set(err, "%s: cannot make a socket pair: %s", argv[0], strerror(errno));
        close(sv[0]);
        close(sv[1]);
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
        close(rp[0]);
        close(rp[1]);
        return ST_EIO;
    }
    /* Every signal blocked across the fork, so that none runs a tafl handler in the child
     * before start_child resets them; the child then starts with an empty mask. */
    sigset_t all, old, none;
    sigfillset(&all);
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t parent = getpid();
    pgroups_starting(1);
    pid_t pid = fork();
    if (pid == 0)
        start_child(path, argv, sv[1], rp[1], parent, &none);
    int fork_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(sv[1]);
    close(rp[1]);
    if (pid < 0) {
        pgroups_starting(-1);
        close(sv[0]);
        close(rp[0]);
        error_set(err, "cannot start '%s': %s", argv[0], strerror(fork_errno));
        return ST_EIO;
    }
    /* Also here, so the group exists before any kill of it, whoever runs first. */
    setpgid(pid, pid);
    /* Recorded so that tafl, told to stop by a signal, stops it too (harness/signals.c). */
    bool recorded = pgroups_add(pid);
    pgroups_starting(-1);
    int child_errno = 0;
    ssize_t got;
    while ((got = read(rp[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR) {
    }
    close(rp[0]);
    if (got == (ssize_t)sizeof child_errno) {
        /* The exec failed: the child has exited. */
        pgroups_retire(pid);
        pgroups_reap_lock();
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
        pgroups_remove(-pid);
        pgroups_reap_unlock();
        close(sv[0]);
        error_set(err, "cannot start '%s': %s", argv[0], strerror(child_errno));
        return ST_EIO;
    }
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

/* The children of this process that /proc lists (up to max): engines, and the orphans of
 * engines that tafl, a subreaper, has adopted. */
static int children_of(pid_t self, pid_t *out, int max)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while (n < max && (e = readdir(d)) != NULL) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        char path[300], line[512];
        snprintf(path, sizeof path, "/proc/%.255s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t len = fread(line, 1, sizeof line - 1, f);
        fclose(f);
        line[len] = '\0';
        /* "pid (comm) state ppid ...": comm may hold spaces and parentheses; the last ')'
         * ends it (proc(5)). */
        char *close_paren = strrchr(line, ')');
        char state;
        int ppid;
        if (close_paren && sscanf(close_paren + 1, " %c %d", &state, &ppid) == 2 && ppid == self)
            out[n++] = (pid_t)atoi(e->d_name);
    }
    closedir(d);
    return n;
}

/* Ends and reaps every adopted orphan: a child of tafl that is not an engine it started (those
 * are in the pgroups table) — what an engine left running in a session or group of its own
 * (`setsid`), which the kill of the engine's group does not reach. Its own group goes too. A
 * child's id cannot be reused until it is reaped, so the kills reach only these. Skipped while
 * an engine start is in flight (its child may not be recorded yet); the next stop sweeps. */
static void reap_orphans(void)
{
    pid_t self = getpid(), kids[256];
    /* Under the reap lock: an engine another thread is stopping stays recorded (retired) until
     * it is reaped, so it is never taken for an orphan, nor signalled after its reap. */
    pgroups_reap_lock();
    for (int round = 0; round < 16; round++) {
        int n = children_of(self, kids, 256), done = 0;
        if (pgroups_starts_in_flight() != 0)
            break;
        for (int i = 0; i < n; i++) {
            if (pgroups_has(kids[i]))
                continue;
            kill(-kids[i], SIGKILL);
            kill(kids[i], SIGKILL);
            while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR) {
            }
            done++;
        }
        if (done == 0)
            break; /* their own children, adopted in turn, come in the next round */
    }
    pgroups_reap_unlock();
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
    pgroups_retire(p->pid); /* before the reap: the id cannot be reused until then */
    kill(-p->pid, SIGKILL);
    int status = 0;
    pgroups_reap_lock();
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
    }
    pgroups_remove(-p->pid);
    pgroups_reap_unlock();
    describe_status(status, how, size);
    free(p);
    reap_orphans();
}
