/* The preset table (RULES.md section 6, layouts from LAYOUTS.md) and rules_compile, which checks
 * a ruleset and derives the board geometry. */
#include "rules/ruleset.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/otn.h"
#include "rules/state.h"

#define CROSS_7 "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"

/* The seeds 002/003 family: throne always hostile to attackers, empty throne hostile to
 * defenders, armed king, king captured by 4 on / 3 beside the throne, repetition lost by the
 * repeater (rule 8), draw forts (rule 8b), no-move loss. */
#define SEED_002_003_FAMILY                                                                        \
    .first = SIDE_ATTACKERS, .throne = true, .throne_reentry = true,                               \
    .throne_pass = THRONE_PASS_ALL, .king_armed = KING_ARMED_YES,                                  \
    .throne_hostile_attackers = THRONE_HOSTILE_ALWAYS,                                             \
    .throne_hostile_defenders = THRONE_HOSTILE_EMPTY, .king_capture = KING_CAPTURE_THRONE4_ADJ3,   \
    .encirclement = true, .no_moves = END_RULE_LOSE, .repetition = END_RULE_LOSE,                  \
    .draw_fort = true, .max_plies = 0

static const Ruleset PRESETS[] = {
    {.name = "brandubh",
     .size = 7,
     .start = CROSS_7,
     SEED_002_003_FAMILY,
     .corners = true,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .escape = ESCAPE_CORNER},
    /* Seed 000: custodial king "also on the throne", no hostile throne, ties are draws. */
    {.name = "brandub-cyningstan",
     .size = 7,
     .start = CROSS_7,
     .first = SIDE_ATTACKERS,
     .throne = true,
     .corners = true,
     .throne_reentry = true,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_YES,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .throne_hostile_attackers = THRONE_HOSTILE_NEVER,
     .throne_hostile_defenders = THRONE_HOSTILE_NEVER,
     .king_capture = KING_CAPTURE_CUSTODIAL,
     .escape = ESCAPE_CORNER,
     .encirclement = false,
     .no_moves = END_RULE_DRAW,
     .repetition = END_RULE_DRAW,
     .draw_fort = false,
     .max_plies = 0},
    /* Seed 001 rule 5: "not even the king once he has left it" may land on the centre. */
    {.name = "brandub-cyningstan-2014",
     .size = 7,
     .start = CROSS_7,
     .first = SIDE_ATTACKERS,
     .throne = true,
     .corners = true,
     .throne_reentry = false,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_YES,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .throne_hostile_attackers = THRONE_HOSTILE_ALWAYS,
     .throne_hostile_defenders = THRONE_HOSTILE_EMPTY,
     .king_capture = KING_CAPTURE_THRONE4_ADJ3,
     .escape = ESCAPE_CORNER,
     .encirclement = false,
     .no_moves = END_RULE_DRAW,
     .repetition = END_RULE_DRAW,
     .draw_fort = false,
     .max_plies = 0},
    /* Seed 004: unarmed king, captured by three on an edge, ties are draws. */
    {.name = "brandubh-livas",
     .size = 7,
     .start = CROSS_7,
     .first = SIDE_ATTACKERS,
     .throne = true,
     .corners = true,
     .throne_reentry = false,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_NO,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .throne_hostile_attackers = THRONE_HOSTILE_ALWAYS,
     .throne_hostile_defenders = THRONE_HOSTILE_EMPTY,
     .king_capture = KING_CAPTURE_THRONE4_ADJ3_EDGE3,
     .escape = ESCAPE_CORNER,
     .encirclement = false,
     .no_moves = END_RULE_DRAW,
     .repetition = END_RULE_DRAW,
     .draw_fort = false,
     .max_plies = 0},
    /* The Brandubh of online play: the brandubh preset but for the king's capture, "Brandubh 2"
     * of the aagenielsen.dk forum (thread "Brandubh 7x7": "In Brandubh 2 black only needs 2
     * pieces to capture the king - the same as anywhere else on the board ... Brandubh 2 was
     * created as Brandubh 1 proved to overly favour the white player"), the "double weak king"
     * of the Gorrion server (dashstofsk.net/hnefatafl.php, quoting the World Tafl Federation's
     * figures: king victory 57%). Four attackers on the throne, two elsewhere, beside the
     * throne on the line away from it; the empty throne does not count against the king.
     * Repetition ends nothing: none of the online rule texts (the forum thread's rules, the
     * Gorrion page's table, Dragonheels Lair's Brandubh rules) has a repetition rule, and in
     * recorded online games play went on after threefold repetitions (doc/RULES.md, 6). */
    {.name = "brandubh-online",
     .size = 7,
     .start = CROSS_7,
     .first = SIDE_ATTACKERS,
     .throne = true,
     .corners = true,
     .throne_reentry = true,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_YES,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .throne_hostile_attackers = THRONE_HOSTILE_ALWAYS,
     .throne_hostile_defenders = THRONE_HOSTILE_EMPTY,
     .king_capture = KING_CAPTURE_THRONE4_ELSEWHERE2,
     .escape = ESCAPE_CORNER,
     .encirclement = true,
     .no_moves = END_RULE_LOSE,
     .repetition = END_RULE_IGNORE,
     .draw_fort = true,
     .max_plies = 0},
    /* Seed 003 rule 3a: Ard Ri has no restricted squares at all. */
    {.name = "ard-ri",
     .size = 7,
     .start = "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/",
     .first = SIDE_ATTACKERS,
     .throne = false,
     .corners = false,
     .throne_reentry = true,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_YES,
     .corner_hostile = CORNER_HOSTILE_NONE,
     .throne_hostile_attackers = THRONE_HOSTILE_NEVER,
     .throne_hostile_defenders = THRONE_HOSTILE_NEVER,
     .king_capture = KING_CAPTURE_CUSTODIAL,
     .escape = ESCAPE_EDGE,
     .encirclement = true,
     .no_moves = END_RULE_LOSE,
     .repetition = END_RULE_LOSE,
     .draw_fort = true,
     .max_plies = 0},
    {.name = "tablut",
     .size = 9,
     .start = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
     SEED_002_003_FAMILY,
     .corners = false,
     .corner_hostile = CORNER_HOSTILE_NONE,
     .escape = ESCAPE_EDGE},
    {.name = "tawlbwrdd",
     .size = 11,
     .start = "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
     SEED_002_003_FAMILY,
     .corners = false,
     .corner_hostile = CORNER_HOSTILE_NONE,
     .escape = ESCAPE_EDGE},
    {.name = "hnefatafl-13",
     .size = 13,
     .start = "/4ttttt4/6t6/13/13/t5T5t/t4TTT4t/tt2TTKTT2tt/t4TTT4t/t5T5t/13/13/6t6/4ttttt4/",
     SEED_002_003_FAMILY,
     .corners = false,
     .corner_hostile = CORNER_HOSTILE_NONE,
     .escape = ESCAPE_EDGE},
    {.name = "hnefatafl-15",
     .size = 15,
     .start = "/4ttttttt4/7t7/15/15/t6T6t/t6T6t/t5TTT5t/tt2TTTKTTT2tt/t5TTT5t/t6T6t/t6T6t/15/"
              "15/7t7/4ttttttt4/",
     SEED_002_003_FAMILY,
     .corners = false,
     .corner_hostile = CORNER_HOSTILE_NONE,
     .escape = ESCAPE_EDGE},
    /* RULES.md 6, the modern standard (Copenhagen Hnefatafl, as played at aagenielsen.dk and
     * in OpenTafl's "dim:11 sw:s efe:y" example): strong king, never captured on an edge,
     * shieldwalls that a corner may close, edge forts. */
    {.name = "copenhagen",
     .size = 11,
     .start = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
     .first = SIDE_ATTACKERS,
     .throne = true,
     .corners = true,
     .throne_reentry = true,
     .throne_pass = THRONE_PASS_ALL,
     .king_armed = KING_ARMED_YES,
     .corner_hostile = CORNER_HOSTILE_ALL,
     .throne_hostile_attackers = THRONE_HOSTILE_ALWAYS,
     .throne_hostile_defenders = THRONE_HOSTILE_EMPTY,
     .king_capture = KING_CAPTURE_STRONG,
     .escape = ESCAPE_CORNER,
     .encirclement = true,
     .no_moves = END_RULE_LOSE,
     /* Rule 8 (aagenielsen.dk/copenhagen_rules.php): "Perpetual repetitions are forbidden.
      * Any perpetual repetition results in a loss for white." Whoever completes it. */
     .repetition = END_RULE_DEFENDERS_LOSE,
     .draw_fort = false,
     .max_plies = 0,
     .shieldwall = SHIELDWALL_CORNERS,
     .edge_fort = true},
};

static const char *const PRESET_SUMMARIES[] = {
    "7x7 Brandubh, seeds 002/003: hostile throne and corners, king 4/3 on/beside throne",
    "7x7 Brandub, seed 000 (Cyningstan): king captured by two, throne not hostile, ties draw",
    "7x7 Brandub, seed 001 (Cyningstan 2014 kit): no throne re-entry, ties draw",
    "7x7 Brandubh, seed 004 (Livas): unarmed king, captured by three on an edge, ties draw",
    "7x7 Brandubh of online play (Brandubh 2, Gorrion): king 4 on the throne, 2 elsewhere",
    "7x7 Ard Ri, seeds 002/003: no restricted squares, edge escape",
    "9x9 Tablut, seeds 002/003: Linnaeus' layout, edge escape",
    "11x11 Tawlbwrdd, seeds 002/003: Bell layout, edge escape",
    "13x13 Hnefatafl, seeds 002/003: layout proposed in LAYOUTS.md, edge escape",
    "15x15 Hnefatafl, seeds 002/003: layout proposed in LAYOUTS.md, edge escape",
    "11x11 Copenhagen: strong king, shieldwalls, edge forts, corner escape",
};

_Static_assert(sizeof PRESETS / sizeof PRESETS[0] ==
                   sizeof PRESET_SUMMARIES / sizeof PRESET_SUMMARIES[0],
               "one summary per preset");

int ruleset_preset_count(void)
{
    return (int)(sizeof PRESETS / sizeof PRESETS[0]);
}

const Ruleset *ruleset_preset_at(int i)
{
    return i >= 0 && i < ruleset_preset_count() ? &PRESETS[i] : NULL;
}

const char *ruleset_preset_summary(int i)
{
    return i >= 0 && i < ruleset_preset_count() ? PRESET_SUMMARIES[i] : "";
}

const Ruleset *ruleset_preset_find(const char *name)
{
    for (int i = 0; i < ruleset_preset_count(); i++)
        if (strcmp(PRESETS[i].name, name) == 0)
            return &PRESETS[i];
    return NULL;
}

const Ruleset *ruleset_default(void)
{
    return &PRESETS[0];
}

bool ruleset_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= RULES_NAME_MAX)
        return false;
    for (const char *p = name; *p; p++) {
        bool alnum =
            (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9');
        if (!alnum && *p != '.' && *p != '_' && *p != '+' && *p != '-')
            return false;
    }
    return true;
}

static void set_bit(uint64_t *bits, int sq)
{
    bits[sq >> 6] |= 1ULL << (sq & 63);
}

static bool enum_in_range(int value, int count)
{
    return value >= 0 && value < count;
}

static Status check_options(const Ruleset *rs, Error *err)
{
    if (rs->size < RULES_MIN_SIZE || rs->size > RULES_MAX_SIZE || rs->size % 2 == 0) {
        error_set(err, "size %d is out of range: it must be odd, %d..%d", rs->size, RULES_MIN_SIZE,
                  RULES_MAX_SIZE);
        return ST_EINVAL;
    }
    if (!enum_in_range((int)rs->first, 2) || !enum_in_range((int)rs->throne_pass, 3) ||
        !enum_in_range((int)rs->king_armed, 4) || !enum_in_range((int)rs->corner_hostile, 4) ||
        !enum_in_range((int)rs->throne_hostile_attackers, 3) ||
        !enum_in_range((int)rs->king_capture, KING_CAPTURE_COUNT) ||
        !enum_in_range((int)rs->escape, 2) || !enum_in_range((int)rs->repetition, END_RULE_COUNT) ||
        !enum_in_range((int)rs->shieldwall, 3)) {
        error_set(err, "an option holds a value outside its range");
        return ST_EINVAL;
    }
    if (rs->throne_hostile_defenders == THRONE_HOSTILE_ALWAYS ||
        !enum_in_range((int)rs->throne_hostile_defenders, 3)) {
        error_set(err, "throne_hostile_defenders must be empty or never (the king on the "
                       "throne is the defenders' own)");
        return ST_EINVAL;
    }
    if (rs->no_moves != END_RULE_LOSE && rs->no_moves != END_RULE_DRAW) {
        error_set(err, "no_moves must be lose or draw");
        return ST_EINVAL;
    }
    if (rs->max_plies < 0) {
        error_set(err, "max_plies %d is negative (0 means no limit)", rs->max_plies);
        return ST_EINVAL;
    }
    if (!enum_in_range((int)rs->limit_result, 3)) {
        error_set(err, "limit_result must be draw, attackers or defenders");
        return ST_EINVAL;
    }
    return ST_OK;
}

/* Takes the pieces on the squares of `remove` (the canonical "d1, g4" of ruleset_set_option,
 * or blanks and commas between squares) off the start position s of r, counting them. */
static Status take_off(const Rules *r, const char *remove, GameState *s, int *attackers,
                       int *defenders, Error *err)
{
    *attackers = *defenders = 0;
    const char *p = remove;
    for (;;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == '\0')
            return ST_OK;
        const char *name = p, *end;
        while (*p != '\0' && *p != ' ' && *p != ',')
            p++;
        int len = (int)(p - name);
        int sq = otn_parse_square(r, name, &end);
        if (sq < 0 || end != p) {
            error_set(err, "remove: %.*s is not a square of the %dx%d board", len, name, r->size,
                      r->size);
            return ST_EINVAL;
        }
        uint64_t bit = 1ULL << (sq & 63);
        switch (state_piece_at(r, s, sq)) {
        case PIECE_ATTACKER:
            s->attackers[sq >> 6] &= ~bit;
            ++*attackers;
            break;
        case PIECE_DEFENDER:
            s->defenders[sq >> 6] &= ~bit;
            ++*defenders;
            break;
        case PIECE_KING:
            error_set(err,
                      "remove: %.*s holds the king (only attackers and defenders can be "
                      "taken off)",
                      len, name);
            return ST_EINVAL;
        default:
            error_set(err, "remove: %.*s is empty in the start layout", len, name);
            return ST_EINVAL;
        }
    }
}

/* Compiles rs without its `remove` into out, parsing the start into *start. */
static Status compile_layout(const Ruleset *rs, Rules *out, GameState *start, Error *err);

Status ruleset_removed(const Ruleset *rs, int *attackers, int *defenders, Error *err)
{
    Rules *r = xmalloc(sizeof *r); /* some 3 KB: not on a worker's stack */
    GameState s;
    Status st = compile_layout(rs, r, &s, err);
    if (st == ST_OK)
        st = take_off(r, rs->remove, &s, attackers, defenders, err);
    free(r);
    return st;
}

Status rules_compile(const Ruleset *rs, Rules *out, Error *err)
{
    GameState start;
    Status st = compile_layout(rs, out, &start, err);
    if (st != ST_OK || rs->remove[0] == '\0')
        return st;
    /* The handicap: the pieces go, and the compiled ruleset is the layout without them,
     * so that whatever reads opt.start (the OTN writer, an engine's rules) sees what is played. */
    int attackers, defenders;
    st = take_off(out, rs->remove, &start, &attackers, &defenders, err);
    if (st != ST_OK)
        return st;
    char text[OTN_POSITION_MAX];
    otn_format_position(out, &start, text);
    Ruleset taken = *rs;
    snprintf(taken.start, sizeof taken.start, "%s", text);
    taken.remove[0] = '\0';
    return compile_layout(&taken, out, &start, err);
}

static Status compile_layout(const Ruleset *rs, Rules *out, GameState *start_out, Error *err)
{
    Status st = check_options(rs, err);
    if (st != ST_OK)
        return st;

    memset(out, 0, sizeof *out);
    out->opt = *rs;
    out->opt.name[RULES_NAME_MAX - 1] = '\0';
    out->opt.start[RULES_START_MAX - 1] = '\0';
    int n = rs->size;
    out->size = n;
    out->squares = n * n;
    out->words = (out->squares + 63) / 64;
    out->throne_sq = (n / 2) * n + n / 2;
    for (int row = 0; row < n; row++) {
        for (int file = 0; file < n; file++) {
            int sq = row * n + file;
            set_bit(out->board, sq);
            if (row == 0 || row == n - 1 || file == 0 || file == n - 1)
                set_bit(out->edge, sq);
            if ((row == 0 || row == n - 1) && (file == 0 || file == n - 1))
                set_bit(out->corner, sq);
            if (file != 0)
                set_bit(out->not_first_file, sq);
            if (file != n - 1)
                set_bit(out->not_last_file, sq);
            out->neighbour[sq][RULES_DIR_NORTH] = (int16_t)(row > 0 ? sq - n : -1);
            out->neighbour[sq][RULES_DIR_SOUTH] = (int16_t)(row < n - 1 ? sq + n : -1);
            out->neighbour[sq][RULES_DIR_WEST] = (int16_t)(file > 0 ? sq - 1 : -1);
            out->neighbour[sq][RULES_DIR_EAST] = (int16_t)(file < n - 1 ? sq + 1 : -1);
        }
    }
    if (rs->throne)
        set_bit(out->throne_bit, out->throne_sq);

    /* The start layout must parse for this size, with one king, and be placeable. */
    GameState start;
    st = otn_parse_position(out, rs->start, rs->first, &start, err);
    if (st != ST_OK) {
        error_prefix(err, "start: ");
        return st;
    }
    *start_out = start;
    RulesStart *sp = &out->start_pos;
    memcpy(sp->attackers, start.attackers, sizeof sp->attackers);
    memcpy(sp->defenders, start.defenders, sizeof sp->defenders);
    sp->hash = start.hash;
    sp->fort_hash = start.fort_hash;
    sp->king = start.king;
    sp->attacker_count = start.attacker_count;
    sp->defender_count = start.defender_count;
    return ST_OK;
}
