/* `tafl report DIR... [--out FILE.html] [--md FILE.md] [--csv FILE.csv]`: a study's page, its
 * Markdown twin and the tidy CSV of its summaries (studies/report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/outpath.h"
#include "harness/rundir.h"
#include "studies/report.h"

/* An output path must name a file: a directory there is the user's slip, said before any
 * work (outpath_check_replace then refuses FIFOs, devices and dangling links). */
static Status check_output(const char *path, Error *err)
{
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        error_set(err, "%s: is a directory: name the file to write", path);
        return ST_EINVAL;
    }
    return outpath_check_replace(path, err);
}

int cmd_report(int argc, char **argv)
{
    const char *out = NULL, *md = NULL, *csv = NULL;
    const Option opts[] = {{"--out", &out, NULL}, {"--md", &md, NULL}, {"--csv", &csv, NULL}};
    const char **dirs = xcalloc((size_t)argc, sizeof *dirs);
    int n = 0;
    for (const char *d; (d = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts))) != NULL;)
        dirs[n++] = d;
    if (cli_parse_options("report", argc, argv, opts, OPTION_COUNT(opts))) {
        free(dirs);
        return EXIT_USAGE;
    }
    if (n == 0) {
        free(dirs);
        return cli_usage_error("report", "needs a run directory");
    }
    if (n > 1 && !out) {
        free(dirs);
        return cli_usage_error("report",
                               "%d directories make one report: name it with --out "
                               "FILE.html",
                               n);
    }
    /* Defaults: DIR/report.html, .md and .csv for one directory; beside --out otherwise. */
    char html_path[OUTPATH_MAX], md_path[OUTPATH_MAX], csv_path[OUTPATH_MAX];
    Error err = {{0}};
    Status st;
    if (out) {
        size_t len = strlen(out);
        size_t stem = len > 5 && strcmp(out + len - 5, ".html") == 0  ? len - 5
                      : len > 4 && strcmp(out + len - 4, ".htm") == 0 ? len - 4
                                                                      : len;
        st = outpath_format(html_path, sizeof html_path, &err, "%s", out);
        if (st == ST_OK)
            st = md ? outpath_format(md_path, sizeof md_path, &err, "%s", md)
                    : outpath_format(md_path, sizeof md_path, &err, "%.*s.md", (int)stem, out);
        if (st == ST_OK)
            st = csv ? outpath_format(csv_path, sizeof csv_path, &err, "%s", csv)
                     : outpath_format(csv_path, sizeof csv_path, &err, "%.*s.csv", (int)stem, out);
    } else {
        st = outpath_format(html_path, sizeof html_path, &err, "%s/report.html", dirs[0]);
        if (st == ST_OK)
            st = md ? outpath_format(md_path, sizeof md_path, &err, "%s", md)
                    : outpath_format(md_path, sizeof md_path, &err, "%s/report.md", dirs[0]);
        if (st == ST_OK)
            st = csv ? outpath_format(csv_path, sizeof csv_path, &err, "%s", csv)
                     : outpath_format(csv_path, sizeof csv_path, &err, "%s/report.csv", dirs[0]);
    }
    const char *paths[3] = {html_path, md_path, csv_path};
    static const char *const OPTIONS[3] = {"--out", "--md", "--csv"};
    static const char *const OWN[] = {"report.html", "report.md", "report.csv", NULL};
    if (st == ST_OK)
        st = rundir_check_distinct(paths, OPTIONS, 3, &err);
    for (int i = 0; i < 3 && st == ST_OK; i++) {
        st = check_output(paths[i], &err);
        if (st == ST_OK)
            st = rundir_check_output(paths[i], OWN, &err);
    }
    ReportOutputs outputs = {html_path, md_path, csv_path};
    if (st == ST_OK)
        st = report_write(dirs, n, &outputs, &err);
    free(dirs);
    if (st != ST_OK) {
        /* A missing or foreign directory and an output that cannot be written are the
         * user's to fix: the usage status. */
        fprintf(stderr, "tafl report: %s\n", err.text);
        return EXIT_USAGE;
    }
    printf("report: %s\nmarkdown: %s\nsummaries: %s\n", html_path, md_path, csv_path);
    return EXIT_SUCCESS;
}
