/* `tafl rules`: the preset rulesets, one shown in full, or a ruleset file or OTN string. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/runstep.h"
#include "formats/experiment.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "harness/bench.h"
#include "harness/runner.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"

int cmd_rules(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("rules", "missing subcommand: list or show");
    if (strcmp(argv[1], "list") == 0) {
        if (argc > 2)
            return cli_usage_error("rules", "unexpected argument '%s'", argv[2]);
        for (int i = 0; i < ruleset_preset_count(); i++)
            printf("%-24s %s\n", ruleset_preset_at(i)->name, ruleset_preset_summary(i));
        return EXIT_SUCCESS;
    }
    if (strcmp(argv[1], "show") != 0)
        return cli_usage_error("rules", "unknown subcommand '%s': list or show", argv[1]);
    const char *name = NULL;
    bool otn = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--otn") == 0)
            otn = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            return cli_usage_error("rules", "unknown option '%s'", argv[i]);
        else if (!name)
            name = argv[i];
        else
            return cli_usage_error("rules", "unexpected argument '%s'", argv[i]);
    }
    if (!name)
        return cli_usage_error("rules", "show needs a ruleset");
    Rules r;
    if (!cli_load_rules("rules", name, &r))
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
