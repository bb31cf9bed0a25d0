/* The `tafl` command line: dispatches subcommands, parses their options, reports errors.
 * Exit status: 0 success, 1 a failure while running, 2 bad usage or bad input. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "sim/bench.h"
#include "sim/rulesfile.h"
#include "sim/version.h"

#define EXIT_USAGE 2

typedef int (*CommandFn)(int argc, char **argv);

typedef struct {
    const char *name;
    CommandFn run;
    const char *summary;
    const char *usage; /* full help text for `tafl help NAME` */
} Command;

static int cmd_rules(int argc, char **argv);
static int cmd_perft(int argc, char **argv);
static int cmd_bench(int argc, char **argv);
static int cmd_help(int argc, char **argv);

static const Command COMMANDS[] = {
    {"rules", cmd_rules, "list the preset rulesets, or show one",
     "usage: tafl rules list\n"
     "       tafl rules show NAME|FILE|OTN [--otn]\n"
     "\n"
     "list    one preset a line: its name, then what it is.\n"
     "show    every option of a ruleset as a ruleset file (key = value lines), ready to\n"
     "        save, edit and load with --rules FILE. With --otn, the OpenTafl rules string\n"
     "        instead; options OTN cannot express are named in a warning on stderr.\n"
     "\n"
     "A ruleset is named by a preset name (see `tafl rules list`), a ruleset file (INI,\n"
     "keys as in RULES.md, `base = PRESET` to start from a preset), or an OpenTafl rules\n"
     "string such as \"dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\".\n"},
    {"perft", cmd_perft, "count the leaves of the legal move tree (move generator check)",
     "usage: tafl perft [--rules NAME|FILE|OTN] [--position OTN] [--side attackers|defenders]\n"
     "                  --depth N [--divide]\n"
     "\n"
     "Prints one line `<depth> <nodes>` for each depth 1..N on stdout; timing goes to\n"
     "stderr. Ended games are leaves with no children.\n"
     "  --rules R       ruleset (default brandubh)\n"
     "  --position P    OTN position record (default: the ruleset's start)\n"
     "  --side S        side to move (default: the ruleset's first side)\n"
     "  --depth N       deepest depth, 1..30\n"
     "  --divide        first print `<move> <nodes>` for every root move at depth N\n"},
    {"bench", cmd_bench, "measure the hot paths; last line is the behaviour signature",
     "usage: tafl bench [--quick]\n"
     "\n"
     "A fixed, seeded, single-thread suite: perft on three board sizes and uniform random\n"
     "playouts (500-ply cap) on every preset. Prints `key value` lines, among them\n"
     "perft_nps (perft leaves per second) and playouts_per_s (random Brandubh playouts per\n"
     "second), and ends with `bench: <nodes> <hash>`, which changes only when behaviour\n"
     "changes. --quick runs a smaller suite with its own signature.\n"},
    {"help", cmd_help, "show help for a command", "usage: tafl help [COMMAND]\n"},
};

#define COMMAND_COUNT ((int)(sizeof COMMANDS / sizeof COMMANDS[0]))

static void print_main_help(FILE *out)
{
    fprintf(out, "tafl %s: measure the balance of tafl rule variants by self-play\n\n",
            TAFL_VERSION);
    fprintf(out, "usage: tafl COMMAND [OPTIONS]\n\ncommands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\n  tafl help COMMAND   details of one command\n"
                 "  tafl --version      the version\n");
}

static const Command *find_command(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static int usage_error(const char *command, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Prints "tafl COMMAND: message (see `tafl help COMMAND`)" and returns the usage status. */
static int usage_error(const char *command, const char *fmt, ...)
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
static bool parse_int(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool parse_side(const char *text, Side *side)
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
static bool load_rules(const char *command, const char *arg, Rules *r)
{
    Ruleset rs;
    Error err = {{0}};
    if (rulesfile_resolve(arg, &rs, &err) != ST_OK || rules_compile(&rs, r, &err) != ST_OK) {
        fprintf(stderr, "tafl %s: %s\n", command, err.text);
        return false;
    }
    return true;
}

static int cmd_rules(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("rules", "missing subcommand: list or show");
    if (strcmp(argv[1], "list") == 0) {
        if (argc > 2)
            return usage_error("rules", "unexpected argument '%s'", argv[2]);
        for (int i = 0; i < ruleset_preset_count(); i++)
            printf("%-24s %s\n", ruleset_preset_at(i)->name, ruleset_preset_summary(i));
        return EXIT_SUCCESS;
    }
    if (strcmp(argv[1], "show") != 0)
        return usage_error("rules", "unknown subcommand '%s': list or show", argv[1]);
    const char *name = NULL;
    bool otn = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--otn") == 0)
            otn = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            return usage_error("rules", "unknown option '%s'", argv[i]);
        else if (!name)
            name = argv[i];
        else
            return usage_error("rules", "unexpected argument '%s'", argv[i]);
    }
    if (!name)
        return usage_error("rules", "show needs a ruleset");
    Rules r;
    if (!load_rules("rules", name, &r))
        return EXIT_USAGE;
    if (otn) {
        char text[OTN_RULES_MAX], warnings[256];
        otn_format_rules(&r.opt, text, warnings);
        if (warnings[0])
            fprintf(stderr, "tafl rules: warning: OTN cannot express: %s\n", warnings);
        printf("%s\n", text);
    } else {
        char text[4096];
        ruleset_format(&r.opt, text, (int)sizeof text);
        fputs(text, stdout);
    }
    return EXIT_SUCCESS;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmd_perft(int argc, char **argv)
{
    const char *rules_arg = "brandubh", *position = NULL, *side_arg = NULL;
    long depth = -1;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--divide") == 0) {
            divide = true;
            continue;
        }
        bool takes_value = strcmp(opt, "--rules") == 0 || strcmp(opt, "--position") == 0 ||
                           strcmp(opt, "--side") == 0 || strcmp(opt, "--depth") == 0;
        if (!takes_value)
            return usage_error("perft", "unknown option '%s'", opt);
        if (i + 1 >= argc)
            return usage_error("perft", "option %s needs a value", opt);
        const char *value = argv[++i];
        if (strcmp(opt, "--rules") == 0)
            rules_arg = value;
        else if (strcmp(opt, "--position") == 0)
            position = value;
        else if (strcmp(opt, "--side") == 0)
            side_arg = value;
        else if (!parse_int(value, 1, 30, &depth))
            return usage_error("perft", "--depth '%s' must be an integer 1..30", value);
    }
    if (depth < 0)
        return usage_error("perft", "missing --depth N");
    Rules r;
    if (!load_rules("perft", rules_arg, &r))
        return EXIT_USAGE;
    Side side = r.opt.first;
    if (side_arg && !parse_side(side_arg, &side))
        return usage_error("perft", "--side '%s' must be attackers or defenders", side_arg);
    GameState s;
    Error err = {{0}};
    if (otn_parse_position(&r, position ? position : r.opt.start, side, &s, &err) != ST_OK) {
        fprintf(stderr, "tafl perft: %s\n", err.text);
        return EXIT_USAGE;
    }
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    if (divide)
        perft_divide(&r, &s, &hist, (int)depth, stdout);
    for (int d = 1; d <= depth; d++) {
        double t0 = now_seconds();
        uint64_t n = perft(&r, &s, &hist, d);
        double t = now_seconds() - t0;
        printf("%d %llu\n", d, (unsigned long long)n);
        fflush(stdout);
        fprintf(stderr, "depth %d: %.3f s, %.0f leaves/s\n", d, t, t > 0 ? (double)n / t : 0);
    }
    history_free(&hist);
    return EXIT_SUCCESS;
}

static int cmd_bench(int argc, char **argv)
{
    BenchScale scale = BENCH_FULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            scale = BENCH_QUICK;
        else
            return usage_error("bench", "unknown option '%s'", argv[i]);
    }
    BenchSignature sig;
    bench_run(scale, stdout, &sig);
    return EXIT_SUCCESS;
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help(stdout);
        return EXIT_SUCCESS;
    }
    const Command *c = find_command(argv[1]);
    if (!c)
        return usage_error("help", "unknown command '%s'", argv[1]);
    fputs(c->usage, stdout);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_main_help(stdout);
        return EXIT_SUCCESS;
    }
    if (strcmp(name, "--version") == 0) {
        printf("tafl %s\n", TAFL_VERSION);
        return EXIT_SUCCESS;
    }
    const Command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "tafl: unknown command '%s' (see `tafl --help`)\n", name);
        return EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(c->usage, stdout);
            return EXIT_SUCCESS;
        }
    }
    return c->run(argc - 1, argv + 1);
}
