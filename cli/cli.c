/* Shared pieces of the `tafl` command line (see cli.h). */
#include "cli/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/rulesfile.h"
#include "rules/otn.h"

/* Prints "tafl COMMAND: message (see `tafl help COMMAND`)" and returns the usage status. */
int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "tafl %s: ", command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see `tafl help %s`)\n", command);
    va_end(ap);
    return EXIT_USAGE;
}

/* Reads a decimal integer in [min, max]; false on junk, overflow or range. */
bool cli_parse_int(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool cli_parse_side(const char *text, Side *side)
{
    if (strcmp(text, "attackers") == 0)
        *side = SIDE_ATTACKERS;
    else if (strcmp(text, "defenders") == 0)
        *side = SIDE_DEFENDERS;
    else
        return false;
    return true;
}

/* Resolves and compiles a --rules argument; prints the error and returns false on failure. */
bool cli_load_rules(const char *command, const char *arg, Rules *r)
{
    Ruleset rs;
    Error err = {{0}};
    if (rulesfile_resolve(arg, &rs, &err) != ST_OK || rules_compile(&rs, r, &err) != ST_OK) {
        fprintf(stderr, "tafl %s: %s\n", command, err.text);
        return false;
    }
    const char *warning = strncmp(arg, "dim:", 4) == 0 ? otn_rules_warning(arg) : NULL;
    if (warning)
        fprintf(stderr, "tafl %s: warning: %s\n", command, warning);
    return true;
}

/* Reads argv[1..] against opts. Returns 0, or EXIT_USAGE after printing the error. */
int cli_parse_options(const char *command, int argc, char **argv, const Option *opts, int count)
{
    for (int i = 1; i < argc; i++) {
        const Option *o = NULL;
        for (int k = 0; k < count; k++)
            if (strcmp(argv[i], opts[k].name) == 0)
                o = &opts[k];
        if (!o)
            return cli_usage_error(command, "unknown option '%s'", argv[i]);
        if (o->flag) {
            *o->flag = true;
            continue;
        }
        if (i + 1 >= argc)
            return cli_usage_error(command, "option %s needs a value", argv[i]);
        *o->value = argv[++i];
    }
    return 0;
}

const char *cli_take_operand(int *argc, char **argv, const Option *opts, int count)
{
    for (int i = 1; i < *argc; i++) {
        if (strncmp(argv[i], "--", 2) != 0) {
            const char *operand = argv[i];
            memmove(&argv[i], &argv[i + 1], (size_t)(*argc - i) * sizeof *argv);
            --*argc;
            return operand;
        }
        for (int k = 0; k < count; k++)
            if (strcmp(argv[i], opts[k].name) == 0 && !opts[k].flag)
                i++; /* its value */
    }
    return NULL;
}

/* Reads an optional integer option into *out; returns 0 or EXIT_USAGE after the error. */
int cli_int_option(const char *command, const char *name, const char *text, long min, long max,
                   long *out)
{
    if (text && !cli_parse_int(text, min, max, out))
        return cli_usage_error(command, "%s '%s' must be an integer %ld..%ld", name, text, min,
                               max);
    return 0;
}

/* Sets up *s from --position/--side (either may be NULL) for rules r; 0 or EXIT_USAGE. */
int cli_load_position(const char *command, const Rules *r, const char *position,
                      const char *side_arg, GameState *s)
{
    Side side = r->opt.first;
    if (side_arg && !cli_parse_side(side_arg, &side))
        return cli_usage_error(command, "--side '%s' must be attackers or defenders", side_arg);
    Error err = {{0}};
    if (otn_parse_position(r, position ? position : r->opt.start, side, s, &err) != ST_OK) {
        fprintf(stderr, "tafl %s: %s\n", command, err.text);
        return EXIT_USAGE;
    }
    return 0;
}

/* The command line as one string, for meta. */
void cli_join_command(int argc, char **argv, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "tafl");
    for (int i = 0; i < argc && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " %s", argv[i]);
}

bool cli_agent_failed(const Agent *agent, char *buf, size_t size)
{
    AgentFailure failure = agent_last_stats(agent)->failure;
    if (failure == AGENT_FAILURE_NONE)
        return false;
    /* The external agent notes each failure in its transcript as "# REASON: how". */
    static const char *const note[] = {
        "", "# illegal_move: ", "# engine_crash: ", "# engine_timeout: "};
    const char *log = agent_transcript(agent);
    const char *line =
        log && (size_t)failure < sizeof note / sizeof note[0] ? strstr(log, note[failure]) : NULL;
    if (line)
        line += 2;
    snprintf(buf, size, "%.*s", line ? (int)strcspn(line, "\n") : 0, line ? line : "");
    return true;
}

bool cli_agents_play(const char *command, const Experiment *exp)
{
    for (int j = 0; j < exp->ruleset_count; j++) {
        Rules r;
        Error err = {{0}};
        Status st = rules_compile(&exp->rulesets[j], &r, &err);
        for (int i = 0; i < exp->agent_count && st == ST_OK; i++) {
            ResolvedAgent *ra = NULL;
            st = agent_resolve(exp->agents[i].spec, NULL, &r, &ra, &err);
            agent_resolved_free(ra);
        }
        if (st != ST_OK) {
            fprintf(stderr, "tafl %s: %s\n", command, err.text);
            return false;
        }
    }
    return true;
}
