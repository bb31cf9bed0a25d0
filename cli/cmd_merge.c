/* `tafl merge DIR... [--out DIR]`: puts the finished shards of one experiment back together into
 * the games.csv and summary.csv of a single run (see harness/shard.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/games.h"
#include "formats/summary.h"
#include "harness/shard.h"

#define PARENT_MAX 2048

/* The directory that holds dir ("a/b/shard-1-of-3/" -> "a/b"; "s1" -> "."). */
static void parent_of(const char *dir, char *out, size_t size)
{
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        len--;
    while (len > 0 && dir[len - 1] != '/')
        len--;
    while (len > 1 && dir[len - 1] == '/')
        len--;
    if (len == 0)
        snprintf(out, size, ".");
    else
        snprintf(out, size, "%.*s", (int)len, dir);
}

int cmd_merge(int argc, char **argv)
{
    const char **dirs = xcalloc((size_t)argc + 1, sizeof *dirs);
    const char *out = NULL;
    int n = 0, status = EXIT_SUCCESS;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0) {
            if (i + 1 >= argc) {
                status = cli_usage_error("merge", "option --out needs a value");
                goto free_dirs;
            }
            out = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            status = cli_usage_error("merge", "unknown option '%s'", argv[i]);
            goto free_dirs;
        } else {
            dirs[n++] = argv[i];
        }
    }
    if (n == 0) {
        status = cli_usage_error("merge", "needs the directories of the shards");
        goto free_dirs;
    }
    char parent[PARENT_MAX];
    if (!out) {
        /* Shards run into <output>/<name>/shard-I-of-N by default: merge next to them, where a
         * single run would have written. */
        parent_of(dirs[0], parent, sizeof parent);
        for (int i = 1; i < n; i++) {
            char other[PARENT_MAX];
            parent_of(dirs[i], other, sizeof other);
            if (strcmp(other, parent) != 0) {
                status = cli_usage_error(
                    "merge", "the shard directories are in different places: give --out DIR");
                goto free_dirs;
            }
        }
        out = parent;
    }
    GameRow *rows = NULL;
    long count = 0;
    Error err = {{0}};
    Status st = shard_merge(dirs, n, out, &rows, &count, &err);
    if (st != ST_OK) {
        fprintf(stderr, "tafl merge: %s\n", err.text);
        status = st == ST_EIO ? EXIT_FAILURE : EXIT_USAGE;
        goto free_dirs;
    }
    results_print_table(stdout, rows, count);
    results_free_rows(rows, count);

free_dirs:
    free(dirs);
    return status;
}
