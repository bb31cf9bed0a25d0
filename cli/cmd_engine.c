/* `tafl engine`: speaks the OpenTafl Engine Protocol on stdin and stdout (agents/engine.c holds
 * the protocol; this file only moves lines). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/engine.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/linein.h"

/* The longest protocol line read (bytes): OTEP lines are a few hundred bytes. */
#define ENGINE_LINE_MAX 65536

int cmd_engine(int argc, char **argv)
{
    const char *spec = NULL, *seed_arg = NULL;
    const Option opts[] = {{"--agent", &spec, NULL}, {"--seed", &seed_arg, NULL}};
    long seed = 1;
    if (cli_parse_options("engine", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("engine", "--seed", seed_arg, 0, LONG_MAX, &seed))
        return EXIT_USAGE;
    if (!spec)
        return cli_usage_error("engine", "missing --agent SPEC");
    EngineSession *e;
    Error err = {{0}};
    if (engine_create(spec, (uint64_t)seed, &e, &err) != ST_OK) {
        fprintf(stderr, "tafl engine: %s\n", err.text);
        return EXIT_USAGE;
    }
    /* Said to a person at a terminal; a host sends its rules next and learns of a refusal from
     * the replies, and a run that starts an engine for every game would log it every time. */
    const char *waiting = engine_waiting_for_rules(e);
    if (waiting && isatty(STDIN_FILENO))
        fprintf(stderr, "tafl engine: %s; waiting for the host's rules\n", waiting);
    /* Every reply is flushed at once: the host waits for it before it says anything more. */
    fputs(engine_greeting(), stdout);
    fflush(stdout);
    /* A line is held to ENGINE_LINE_MAX bytes: a host that sends more gets it ignored, not a
     * buffer as large as what it sent. */
    char *line = xmalloc(ENGINE_LINE_MAX + 1);
    bool too_long;
    long lineno = 0;
    EngineReply reply;
    int status = EXIT_SUCCESS;
    while (linein_read(stdin, line, ENGINE_LINE_MAX + 1, &too_long)) {
        lineno++;
        if (too_long) {
            fprintf(stderr, "tafl engine: line %ld is longer than %d bytes: ignored\n", lineno,
                    ENGINE_LINE_MAX);
            continue;
        }
        bool more = engine_handle(e, line, &reply);
        if (reply.note[0])
            fprintf(stderr, "tafl engine: %s\n", reply.note);
        if (reply.text[0] && (fputs(reply.text, stdout) == EOF || fflush(stdout) != 0)) {
            fprintf(stderr, "tafl engine: cannot write to the host\n");
            status = EXIT_FAILURE;
            break;
        }
        if (!more)
            break;
    }
    free(line);
    engine_destroy(e);
    return status;
}
