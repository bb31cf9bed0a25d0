/* An agent's parameter table: each parameter's type, range, default and help line, from which
 * specs are parsed and `tafl agents` is printed. A leaf, so that the evaluation's weights can
 * be listed as parameters without the agent interface. */
#ifndef TAFL_AGENTS_PARAM_H
#define TAFL_AGENTS_PARAM_H

#include <stddef.h>

typedef enum {
    PARAM_INT,    /* an integer in [min, max] */
    PARAM_REAL,   /* a real number in [min, max] */
    PARAM_CHOICE, /* one of choices[]; the value is its index */
    PARAM_BOOL,   /* yes|no|true|false|1|0; the value is 0 or 1 */
    PARAM_TEXT,   /* free text, required, kept in Agent.text (a command line); in a spec it runs
                     to the next ",KEY=" naming a key of the agent, so it may hold commas */
} ParamType;

typedef struct {
    const char *key;
    ParamType type;
    double def; /* default (choice: index; bool: 0/1) */
    double min, max;
    const char *const *choices; /* NULL-terminated, for PARAM_CHOICE; for PARAM_TEXT NULL (the
                                   value is required) or {default text, NULL} (a spec
                                   description leaves out a text equal to it) */
    const char *help;           /* one line: meaning and unit */
} ParamSpec;

/* The default of a text parameter, or NULL when it is required. */
static inline const char *param_text_default(const ParamSpec *p)
{
    return p->type == PARAM_TEXT && p->choices ? p->choices[0] : NULL;
}

#endif
