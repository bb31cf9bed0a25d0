/* gnuplot scripts and running gnuplot (see plot.h). */
#include "formats/plot.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "formats/files.h"
#include "formats/safetext.h"

#define PLOT_PATH_MAX 4096
#define PLOT_SIZE     "960,600"

bool plot_available(void)
{
    const char *path = getenv("PATH");
    if (!path) {
        return false;
    }
    char buf[PLOT_PATH_MAX];
    while (*path) {
        size_t n = strcspn(path, ":");
        /* An empty PATH entry means the current directory (POSIX). */
        int len = snprintf(buf, sizeof buf, "%.*s/gnuplot", (int)n, n ? path : ".");
        if (len > 0 && (size_t)len < sizeof buf && access(buf, X_OK) == 0) {
            return true;
        }
        path += n + (path[n] == ':');
    }
    return false;
}

void plot_quote(FILE *f, const char *text)
{
    /* Single-quoted: no backquote command or macro in a name reaches gnuplot's shell. */
    Status st = safetext_write(f, SAFETEXT_GNUPLOT, "gnuplot text", text, NULL);
    assert(st == ST_OK); /* gnuplot text is escaped, never refused */
    (void)st;
}

void plot_quote_data(FILE *f, const char *text)
{
    Status st = safetext_write(f, SAFETEXT_DATA, "gnuplot data", text, NULL);
    assert(st == ST_OK);
    (void)st;
}

/* Writes DIR/BASE.gp whole (files_replace: made in memory, then a temporary file renamed into
 * place, never through a link or into a FIFO). */
static Status write_script(const char *dir, const char *base, const char *comment, const char *data,
                           const char *body, Error *err)
{
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    fputs("# ", f);
    /* A comment ends at the line's end: a newline in a name must not start a command. */
    Status st = safetext_write(f, SAFETEXT_NOTE, "comment", comment, err);
    assert(st == ST_OK);
    (void)st;
    fprintf(
        f,
        "\n# Written by tafl; run `gnuplot %s.gp` in this directory to redraw %s.png and %s.svg.\n",
        base, base, base);
    fputs(data, f);
    /* Titles hold names like brandub-cyningstan_2014: no enhanced-text markup. */
    fprintf(f,
            "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
            "    set terminal pngcairo size " PLOT_SIZE " noenhanced\n"
            "} else {\n"
            "    set terminal png size " PLOT_SIZE " noenhanced\n"
            "}\n"
            "set output \"%s.png\"\n",
            base);
    fputs(body, f);
    fprintf(f,
            "\nunset output\nset terminal svg size " PLOT_SIZE " noenhanced\n"
            "set output \"%s.svg\"\n",
            base);
    fputs(body, f);
    fputs("\nunset output\n", f);
    char name[256];
    snprintf(name, sizeof name, "%s.gp", base);
    return files_draft_replace(&draft, dir, name, err);
}

/* Runs `gnuplot SCRIPT` in dir; its stdout is discarded, its stderr is ours. */
static Status run_gnuplot(const char *dir, const char *script, Error *err)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        error_set(err, "cannot start gnuplot: %s", strerror(errno));
        return ST_EIO;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
        }
        if (chdir(dir) == 0) {
            execlp("gnuplot", "gnuplot", script, (char *)NULL);
        }
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            error_set(err, "gnuplot: %s", strerror(errno));
            return ST_EIO;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        error_set(err, "%s/%s: gnuplot failed (exit status %d)", dir, script,
                  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return ST_EIO;
    }
    return ST_OK;
}

Status plot_render(const char *dir, const char *base, const char *comment, const char *data,
                   const char *body, bool *drawn, Error *err)
{
    char path[PLOT_PATH_MAX], script[256];
    *drawn = false;
    snprintf(script, sizeof script, "%s.gp", base);
    int n = snprintf(path, sizeof path, "%s/%s", dir, script);
    if (n < 0 || (size_t)n >= sizeof path) {
        error_set(err, "%s: the path is too long", dir);
        return ST_EIO;
    }
    Status st = write_script(dir, base, comment, data, body, err);
    if (st != ST_OK || !plot_available()) {
        return st;
    }
    st = run_gnuplot(dir, script, err);
    if (st != ST_OK) {
        return st;
    }
    const char *ext[2] = {"png", "svg"};
    for (int i = 0; i < 2; i++) {
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s.%s", dir, base, ext[i]);
        if (stat(path, &sb) != 0 || sb.st_size == 0) {
            error_set(err, "%s: gnuplot left no figure", path);
            return ST_EIO;
        }
    }
    *drawn = true;
    return ST_OK;
}

void plot_script_open(PlotScript *ps)
{
    *ps = (PlotScript){0};
    ps->data = xopen_memstream(&ps->data_text, &ps->data_len);
    ps->body = xopen_memstream(&ps->body_text, &ps->body_len);
}

void plot_script_discard(PlotScript *ps)
{
    fclose(ps->data);
    fclose(ps->body);
    free(ps->data_text);
    free(ps->body_text);
    *ps = (PlotScript){0};
}

Status plot_script_render(PlotScript *ps, const char *dir, const char *base, const char *comment,
                          bool *drawn, Error *err)
{
    fclose(ps->data);
    fclose(ps->body);
    ps->data = ps->body = NULL;
    Status st = plot_render(dir, base, comment, ps->data_text, ps->body_text, drawn, err);
    free(ps->data_text);
    free(ps->body_text);
    *ps = (PlotScript){0};
    return st;
}
