/* Rulesets: every option of RULES.md sections 1-5 as plain data, the preset table, and the
 * compiled form (Rules) with the board geometry derived once from the options. */
#ifndef TAFL_RULES_RULESET_H
#define TAFL_RULES_RULESET_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/common.h"

#define RULES_MIN_SIZE    5
#define RULES_MAX_SIZE    19
#define RULES_MAX_SQUARES (RULES_MAX_SIZE * RULES_MAX_SIZE)
#define RULES_WORDS       6 /* 64-bit words in a bitboard of the largest board */
#define RULES_NAME_MAX    64
#define RULES_START_MAX   512 /* an OTN position record of the largest board fits */
#define RULES_REMOVE_MAX  8   /* squares a ruleset's `remove` may name */

typedef enum { SIDE_ATTACKERS = 0, SIDE_DEFENDERS = 1 } Side;

typedef enum { THRONE_PASS_ALL, THRONE_PASS_KING, THRONE_PASS_NONE } ThronePass;

typedef enum { KING_ARMED_YES, KING_ARMED_NO, KING_ARMED_HAMMER, KING_ARMED_ANVIL } KingArmed;

/* To whom an (always empty) corner is hostile. */
typedef enum {
    CORNER_HOSTILE_ALL,
    CORNER_HOSTILE_ATTACKERS,
    CORNER_HOSTILE_DEFENDERS,
    CORNER_HOSTILE_NONE
} CornerHostile;

/* When the throne is hostile to a side's pieces (defenders accept EMPTY or NEVER). */
typedef enum { THRONE_HOSTILE_ALWAYS, THRONE_HOSTILE_EMPTY, THRONE_HOSTILE_NEVER } ThroneHostile;

/* How the king is captured (RULES.md section 4). THRONE4_ELSEWHERE2 is the Brandubh of online
 * play ("Brandubh 2" of the aagenielsen.dk forum, the Gorrion server's "double weak king"):
 * four attackers on the throne, two custodially everywhere else, beside the throne too, and
 * the empty throne never stands for an attacker against him. */
typedef enum {
    KING_CAPTURE_CUSTODIAL,
    KING_CAPTURE_THRONE4_ADJ3,
    KING_CAPTURE_THRONE4_ADJ3_EDGE3,
    KING_CAPTURE_STRONG,
    KING_CAPTURE_THRONE4_ELSEWHERE2,
    KING_CAPTURE_COUNT
} KingCapture;

typedef enum { ESCAPE_CORNER, ESCAPE_EDGE } Escape;

/* Shieldwall captures (Copenhagen): which squares may close the ends of a wall. */
typedef enum { SHIELDWALL_NO, SHIELDWALL_PIECES, SHIELDWALL_CORNERS } Shieldwall;

/* What an end rule does. no_moves takes LOSE or DRAW; repetition takes any:
 * LOSE: the side whose move makes a position occur the third time loses (seeds 002/003 rule 8);
 * DRAW: that third occurrence draws; IGNORE: repetition never ends the game;
 * DEFENDERS_LOSE: the third occurrence is a loss for the defenders whoever makes it (Copenhagen
 *   rule 8, aagenielsen.dk: "Perpetual repetitions are forbidden. Any perpetual repetition
 *   results in a loss for white.");
 * DEFENDERS_NO_REPEAT: a defenders' move that would make a position that already occurred is
 *   not a legal move (hnefatafl.org's server rule: "If white (the defender) would repeat a
 *   board position, the move is not allowed."); the attackers may repeat, and a position never
 *   ends the game by repetition. doc/RULES.md section 5 gives the details. */
typedef enum {
    END_RULE_LOSE,
    END_RULE_DRAW,
    END_RULE_IGNORE,
    END_RULE_DEFENDERS_LOSE,
    END_RULE_DEFENDERS_NO_REPEAT,
    END_RULE_COUNT
} EndRule;

/* Who gets the result of a game that reaches max_plies (a compensation knob, like
 * Go's komi): DRAW is RULES.md's "adjudicated a draw"; ATTACKERS and DEFENDERS give that side
 * the win, so a designer can move the balance by moving the limit. */
typedef enum { LIMIT_RESULT_DRAW, LIMIT_RESULT_ATTACKERS, LIMIT_RESULT_DEFENDERS } LimitResult;

/* Every option of RULES.md sections 1-5, and the Copenhagen options shieldwall and edge_fort
 * (doc/rules-engine.md). A plain value: copy it freely. */
typedef struct {
    char name[RULES_NAME_MAX];
    int size;                    /* odd, RULES_MIN_SIZE..RULES_MAX_SIZE */
    char start[RULES_START_MAX]; /* OTN position record, exactly one K */
    /* The piece handicap: squares of start (OTN names joined by ", ": "d1, g4"; "" for
     * none) whose pieces, attackers or defenders, are taken off before play. rules_compile
     * takes them off: a compiled opt.start is the layout without them and opt.remove is "". */
    char remove[RULES_REMOVE_MAX * 5];
    Side first;             /* who moves first */
    bool throne;            /* the centre square is restricted */
    bool corners;           /* the four corners are restricted */
    bool throne_reentry;    /* may the king stop on the throne again after leaving it */
    ThronePass throne_pass; /* who may move through the empty throne */
    KingArmed king_armed;
    CornerHostile corner_hostile;
    ThroneHostile throne_hostile_attackers;
    ThroneHostile throne_hostile_defenders; /* EMPTY or NEVER */
    KingCapture king_capture;
    Escape escape;
    bool encirclement;
    EndRule no_moves;   /* LOSE or DRAW */
    EndRule repetition; /* any EndRule */
    bool draw_fort;
    int max_plies; /* 0 = no limit */
    /* Who wins a game that reaches max_plies (the ruleset's or an experiment's cap); DRAW, the
     * default, is left out of ruleset_format's text so that older texts and hashes stay. */
    LimitResult limit_result;
    /* A row of two or more enemies on an edge, each fronted by a capturing piece, is taken by
     * the move that closes its second end (NO: never). */
    Shieldwall shieldwall;
    bool edge_fort; /* the king on an edge inside an unbreakable fort of defenders wins */
} Ruleset;

/* The start position as rules_compile parsed it from Ruleset.start: what state_init copies into
 * a GameState (rules/state.h), so that no game parses text. */
typedef struct {
    uint64_t attackers[RULES_WORDS];
    uint64_t defenders[RULES_WORDS]; /* without the king */
    uint64_t hash;                   /* Zobrist of pieces and the first side to move */
    uint64_t fort_hash;              /* Zobrist of the squares held by defenders and king */
    uint16_t king;                   /* square of the king */
    uint16_t attacker_count;
    uint16_t defender_count; /* without the king */
} RulesStart;

/* A ruleset compiled for play: options plus geometry. Build with rules_compile; read-only after,
 * so one Rules may be shared by any number of threads. Plain value, no pointers. */
typedef struct {
    Ruleset opt;
    int size;
    int squares;                          /* size * size */
    int words;                            /* 64-bit words the board needs: ceil(squares / 64) */
    int throne_sq;                        /* the centre square (restricted only when opt.throne) */
    uint64_t board[RULES_WORDS];          /* every square of the board */
    uint64_t edge[RULES_WORDS];           /* squares on the outer ring */
    uint64_t corner[RULES_WORDS];         /* the four corners, restricted or not */
    uint64_t throne_bit[RULES_WORDS];     /* the throne when opt.throne, else empty */
    uint64_t not_first_file[RULES_WORDS]; /* board minus file a */
    uint64_t not_last_file[RULES_WORDS];  /* board minus the last file */
    int16_t neighbour[RULES_MAX_SQUARES][4]; /* square beside each square per direction
                                                (RULES_DIR_*), -1 off the board */
    RulesStart start_pos;                    /* opt.start parsed, opt.first to move */
} Rules;

/* Directions, in the order move generation walks them. */
enum { RULES_DIR_NORTH = 0, RULES_DIR_SOUTH, RULES_DIR_WEST, RULES_DIR_EAST, RULES_DIRS };

/* Number of presets in the built-in table. */
int ruleset_preset_count(void);

/* The i-th preset (0 <= i < count); borrowed, valid for the program's life. Thread-safe. */
const Ruleset *ruleset_preset_at(int i);

/* One line describing the preset's source, for `tafl rules list`. */
const char *ruleset_preset_summary(int i);

/* Finds a preset by name; NULL when there is none. Thread-safe. */
const Ruleset *ruleset_preset_find(const char *name);

/* The default preset (`brandubh`). */
const Ruleset *ruleset_default(void);

/* True when name can name a ruleset a user gives: 1 to RULES_NAME_MAX - 1 letters, digits, '.',
 * '_', '+' and '-'. Such a name reads back from a ruleset file as written (a ';' after a blank
 * would start a comment there) and stands in CSV files and tables as it is. */
bool ruleset_name_ok(const char *name);

/* Counts the pieces rs->remove takes off rs->start: *attackers and *defenders. ST_EINVAL as
 * rules_compile words it ("remove: d4 holds the king ...") when a square is not on the board,
 * is empty or holds the king, or the start does not parse. Thread-safe. */
MUST_CHECK Status ruleset_removed(const Ruleset *rs, int *attackers, int *defenders, Error *err);

/* Checks every option and the start layout, then fills *out. On failure returns ST_EINVAL or
 * ST_EPARSE with a one-line reason in err; *out is then unspecified. The pieces on
 * rs->remove's squares are taken off the start (out->opt.start is the layout without them,
 * out->opt.remove ""); a square off the board, empty or holding the king is an error
 * "remove: ...". Thread-safe. */
MUST_CHECK Status rules_compile(const Ruleset *rs, Rules *out, Error *err);

/* Names of option values, as written in ruleset files and RULES.md ("yes", "throne4_adj3"...). */
const char *ruleset_side_name(Side side);
const char *ruleset_throne_pass_name(ThronePass v);
const char *ruleset_king_armed_name(KingArmed v);
const char *ruleset_corner_hostile_name(CornerHostile v);
const char *ruleset_throne_hostile_name(ThroneHostile v);
const char *ruleset_king_capture_name(KingCapture v);
const char *ruleset_escape_name(Escape v);
const char *ruleset_end_rule_name(EndRule v);
const char *ruleset_shieldwall_name(Shieldwall v);
const char *ruleset_limit_result_name(LimitResult v);

/* Sets one option from its RULES.md key and value text (used by ruleset files).
 * Errors read "key 'K': what is wrong": an unknown key lists the keys, a bad value the valid
 * values (ST_EINVAL). Thread-safe. */
MUST_CHECK Status ruleset_set_option(Ruleset *rs, const char *key, const char *value, Error *err);

/* Writes every option as `key = value` lines (the ruleset-file format) to buf. Returns the
 * length that the full text needs, like snprintf. */
int ruleset_format(const Ruleset *rs, char *buf, int buflen);

/* The symmetries of a square board, rotations and reflections (the dihedral group of order
 * 8): symmetry t maps (row, file) by swapping them when bit 0 is set, then row -> size - 1 -
 * row when bit 1 is, then file -> size - 1 - file when bit 2 is; 0 is the identity. */
#define RULES_SYMMETRIES 8

/* The image of square sq of a size x size board under symmetry t (< RULES_SYMMETRIES). Pure. */
int ruleset_square_image(int size, int t, int sq);

/* FNV-1a 64 of rs's option text (ruleset_format) with its name, max_plies and limit_result
 * left out: two rulesets that play the same game have the same hash whatever they are called
 * and however long their games may last (what an evaluation, a network or endgame tables were
 * made for). Pure. */
uint64_t ruleset_game_hash(const Ruleset *rs);

#endif
