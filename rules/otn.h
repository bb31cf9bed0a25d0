/* OpenTafl Notation: squares, moves, position records and rules strings, read and written. */
#ifndef TAFL_RULES_OTN_H
#define TAFL_RULES_OTN_H

#include "rules/state.h"

#define OTN_MOVE_MAX 48 /* a move without captures ("Kk10-k11") */
/* A move record with every capture a move can make and a status mark ("--"). */
#define OTN_MOVE_RECORD_MAX (16 + 5 * RULES_MAX_CAPTURES)
#define OTN_POSITION_MAX    RULES_START_MAX
#define OTN_RULES_MAX       1024

/* Reads a position record ("/3t3/.../") for board size `size` into the piece array
 * board[size*size] (Piece values). Errors name the column (1-based) and what is wrong: bad
 * character, row too long or short, wrong row count, not exactly one king. */
MUST_CHECK Status otn_parse_board(const char *text, int size, uint8_t *board, Error *err);

/* Reads a position record into *s with `side` to move, for rules r. Also rejects a non-king
 * piece on a restricted square. Thread-safe. */
MUST_CHECK Status otn_parse_position(const Rules *r, const char *text, Side side, GameState *s,
                                     Error *err);

/* Writes s's position record into buf (OTN_POSITION_MAX bytes). */
void otn_format_position(const Rules *r, const GameState *s, char *buf);

/* Writes a square ("d1") into buf (at least 4 bytes). */
void otn_format_square(const Rules *r, int sq, char *buf);

/* Reads a square; returns -1 when text is not a square of this board. */
int otn_parse_square(const Rules *r, const char *text, const char **end);

/* Reads a move "d1-d3", "Kd1-d3", "d1-d3xd4/e3" (captures optional, returned in caps when
 * caps is not NULL, count -1 when the text lists none). Checks squares only, not legality. */
MUST_CHECK Status otn_parse_move(const Rules *r, const char *text, Move *m, CaptureList *caps,
                                 Error *err);

/* What an OTN move record's status mark says the move did: "++" captured the king, "--" let
 * him escape; "+", "-" and no mark say nothing about the game's end. */
typedef enum { OTN_STATUS_NONE, OTN_STATUS_KING_CAPTURED, OTN_STATUS_KING_ESCAPED } OtnStatus;

/* Reads a move record of an OTN game record: as otn_parse_move, and also a piece letter before
 * a captured square ("xTd4") and a trailing status mark, returned in *status. */
MUST_CHECK Status otn_parse_move_record(const Rules *r, const char *text, Move *m,
                                        CaptureList *caps, OtnStatus *status, Error *err);

/* Writes "d1-d3", with "xd4/e3" appended when caps is not NULL and holds captures, into buf
 * (OTN_MOVE_MAX bytes without captures, OTN_MOVE_RECORD_MAX with). */
void otn_format_move(const Rules *r, Move m, const CaptureList *caps, char *buf);

/* Writes a move of a game as an OTN move record into buf (OTN_MOVE_RECORD_MAX bytes): "K"
 * before a king move (king_moved), its captures from caps (NULL: none) but the king's, then
 * "++" when it captured the king or "--" when he escaped (an edge fort included), as `after`,
 * the position the move made, says. */
void otn_format_move_record(const Rules *r, Move m, bool king_moved, const CaptureList *caps,
                            const GameState *after, char *buf);

/* When m is not legal in s, writes why into buf (len bytes) for people ("the way is blocked at
 * d2", "only the king may stop on the throne d4"), worded from movegen_legality_in_game's code,
 * and returns true; false for a legal move. hist is the game's history ending with s (NULL: the
 * game starts at s), which the no-repeat rule reads. Thread-safe. */
bool otn_explain_illegal(const Rules *r, const GameState *s, const History *hist, Move m, char *buf,
                         size_t len);

/* Reads an OpenTafl rules string into *rs (RULES.md section 7). Unknown or unsupported keys,
 * bad values: ST_EPARSE with the key and its column. Thread-safe. */
MUST_CHECK Status otn_parse_rules(const char *text, Ruleset *rs, Error *err);

/* The warning a rules string a person gives calls for, or NULL (a constant string; thread-safe).
 * otn_parse_rules reads tfr: as OpenTafl's notation spec defines it (l: the side whose move
 * makes the third repetition loses), but OpenTafl's program plays tfr:l and tfr:w the other
 * way round, so a string OpenTafl wrote or a game it played under tfr:l had the repeater win. */
const char *otn_rules_warning(const char *text);

/* Writes rs as an OpenTafl rules string into buf (OTN_RULES_MAX bytes). Options OTN cannot
 * express are named, comma-separated, in warnings (may be NULL; 256 bytes), empty when none. */
void otn_format_rules(const Ruleset *rs, char *buf, char *warnings);

/* The preset that plays the game a rules string of rs describes, or NULL: the first preset whose
 * own rules string reads back as the same ruleset as rs's does. An OpenTafl host sends a bare
 * rules string, in which options OTN has no key for (draw_fort, repetition=defenders_lose, ...)
 * take their defaults; `tafl engine` then plays the matching preset, whose evaluation and edge
 * forts it knows (RULES.md section 7). Borrowed; thread-safe. */
const Ruleset *otn_rules_preset(const Ruleset *rs);

#endif
