/* OTEP text shared by the engine and the host: command words, move records, finish codes and
 * tafl-lab's rules extension (opentafl-engine-protocol.txt, opentafl-notation-spec.txt). */
#include "agents/otep.h"

#include <stdio.h>
#include <string.h>

#include "rules/otn.h"

const char *otep_split(const char *line, char *word, size_t size)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    while (*p && *p != ' ' && *p != '\t') {
        if (n + 1 < size)
            word[n++] = *p;
        p++;
    }
    if (size > 0)
        word[n] = '\0';
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

Status otep_parse_move(const Rules *r, const char *text, Move *m, Error *err)
{
    char buf[OTN_MOVE_MAX];
    size_t len = strlen(text);
    if (len >= sizeof buf) {
        error_set(err, "move '%.40s...' is too long", text);
        return ST_EPARSE;
    }
    memcpy(buf, text, len + 1);
    /* Info symbols close a record (notation spec 2: + ++ - --); a move proper ends in a digit,
     * so trailing signs are never part of it. "---" alone is a resignation. */
    while (len > 0 && (buf[len - 1] == '+' || buf[len - 1] == '-'))
        buf[--len] = '\0';
    if (len == 0) {
        error_set(err, "move '%s' is a resignation or empty, not a move", text);
        return ST_EPARSE;
    }
    if (strpbrk(buf, "^=") != NULL) {
        error_set(err, "move '%s' is a jump or berserk move, which tafl-lab does not play", text);
        return ST_EPARSE;
    }
    /* Files run a..s (19 at most), so the first 'x' starts the capture record; its squares may
     * carry piece letters, and the captures follow from the rules anyway: cut it off. */
    char *x = strchr(buf, 'x');
    if (x != NULL)
        *x = '\0';
    return otn_parse_move(r, buf, m, NULL, err);
}

bool otep_parse_side(const char *text, Side *side)
{
    if (strcmp(text, "attackers") == 0) {
        *side = SIDE_ATTACKERS;
        return true;
    }
    if (strcmp(text, "defenders") == 0) {
        *side = SIDE_DEFENDERS;
        return true;
    }
    return false;
}

int otep_finish_code(Winner w)
{
    switch (w) {
    case WINNER_DRAW:
        return 1;
    case WINNER_ATTACKERS:
        return 2;
    case WINNER_DEFENDERS:
        return 3;
    default:
        return 0;
    }
}

/* Appends "KEY=VALUE" to buf, after a blank unless it is the first, when `differs`. */
static void put_option(char *buf, size_t size, size_t *n, const char *key, const char *value,
                       bool differs)
{
    if (differs && *n < size)
        *n += (size_t)snprintf(buf + *n, size - *n, "%s%s=%s", *n ? " " : "", key, value);
}

void otep_format_rules_extension(const Ruleset *rs, char *buf, size_t size)
{
    /* What an engine has after the rules string alone: the options OTN carries, the others at
     * OTN's import defaults, or a preset's where the string is a preset's (otn_rules_preset). An
     * option is sent when rs differs from either, so the engine ends with rs in both cases. */
    char otn[OTN_RULES_MAX], num[24];
    Ruleset bare;
    otn_format_rules(rs, otn, NULL);
    if (otn_parse_rules(otn, &bare, NULL) != ST_OK)
        bare = *rs; /* never for a valid ruleset: every one has a rules string */
    const Ruleset *p = otn_rules_preset(rs);
    if (!p)
        p = &bare;
    size_t n = 0;
    buf[0] = '\0';
    put_option(buf, size, &n, "king_capture", ruleset_king_capture_name(rs->king_capture),
               rs->king_capture != bare.king_capture || rs->king_capture != p->king_capture);
    put_option(buf, size, &n, "repetition", ruleset_end_rule_name(rs->repetition),
               rs->repetition != bare.repetition || rs->repetition != p->repetition);
    put_option(buf, size, &n, "no_moves", ruleset_end_rule_name(rs->no_moves),
               rs->no_moves != bare.no_moves || rs->no_moves != p->no_moves);
    put_option(buf, size, &n, "draw_fort", rs->draw_fort ? "yes" : "no",
               rs->draw_fort != bare.draw_fort || rs->draw_fort != p->draw_fort);
    snprintf(num, sizeof num, "%d", rs->max_plies);
    put_option(buf, size, &n, "max_plies", num,
               rs->max_plies != bare.max_plies || rs->max_plies != p->max_plies);
    put_option(buf, size, &n, "limit_result", ruleset_limit_result_name(rs->limit_result),
               rs->limit_result != bare.limit_result || rs->limit_result != p->limit_result);
}

Status otep_apply_rules_extension(Ruleset *rs, const char *args, Error *err)
{
    static const char *const keys[] = {"king_capture", "repetition", "no_moves",
                                       "draw_fort",    "max_plies",  "limit_result"};
    Ruleset out = *rs;
    const char *p = args;
    while (*p) {
        char item[128];
        p = otep_split(p, item, sizeof item);
        char *eq = strchr(item, '=');
        bool known = false;
        if (eq != NULL) {
            *eq = '\0';
            for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
                known = known || strcmp(item, keys[i]) == 0;
        }
        if (!known) {
            error_set(err,
                      "%s: '%s' is not KEY=VALUE for one of king_capture, repetition, "
                      "no_moves, draw_fort, max_plies, limit_result",
                      OTEP_EXT_RULES, item);
            return ST_EINVAL;
        }
        Status st = ruleset_set_option(&out, item, eq + 1, err);
        if (st != ST_OK) {
            error_prefix(err, "%s: ", OTEP_EXT_RULES);
            return st;
        }
    }
    *rs = out;
    return ST_OK;
}
