/* OTN game records (OpenTafl's opentafl-notation-spec.txt section 4, as OpenTafl's
 * GameSerializer writes them): `[key:value]` tag lines, the rules string in a `[rules:...]` tag
 * (or on a line of its own, as the spec's grammar has it), an optional position record, then
 * one line per turn, "1. d1-d3 e5-e2xe3", read into RecordGames and written from played games. */
#ifndef TAFL_RULES_OTN_GAME_H
#define TAFL_RULES_OTN_GAME_H

#include <stdio.h>

#include "rules/record.h"

/* What an OTN game record says besides its moves. Every field may be NULL (left out). */
typedef struct {
    const char *event;     /* [event:] */
    const char *round;     /* [round:] */
    const char *attackers; /* [attackers:] the player of the attackers */
    const char *defenders; /* [defenders:] */
    const char *variant;   /* [variant:] the ruleset's name */
    const char *compiler;  /* [compiler:] the program that wrote the record */
} OtnGameTags;

/* Reads every game record of the stream f (named `name` in errors) into a new array *games of
 * *count games (caller frees with record_games_free). A record is: tag lines (several tags
 * may share a line), of which [rules:], [result:] (1 attackers won, -1 defenders, 0 draw,
 * ? unknown), [termination:] (an end reason's name, as otn_game_write writes it, is checked
 * on replay, except max_plies, a cap OTN rules strings cannot carry; any other text is not)
 * and [attackers:]/[defenders:] are kept; a rules string
 * line ("dim:...") and a position line ("/.../") may stand instead of or after the tags; then
 * turn lines "N. MOVE [MOVE]" numbered from 1, where only the last turn may hold one move and
 * "---" (resignation) ends the game. Text from '[' to the end of a turn line, and bracketed
 * lines between turns, are commentary and skipped; blank lines are skipped. A tag line after
 * a turn begins the next record. Fails with ST_EPARSE and "NAME:LINE: what is wrong" (no games
 * are returned), or ST_EIO when the stream cannot be read. */
MUST_CHECK Status otn_game_read(FILE *f, const char *name, RecordGame **games, int *count,
                                Error *err);

/* Writes one game record: the tags, [result:] and [termination:] (the end reason's name; none
 * for a game that goes on) found by playing moves[0..n) from r's start, [rules:] (r's OTN rules
 * string), a blank line, then the turns and a blank line, each move with
 * the king's K, its captures (the king left out) and "++" or "--" where it captures the king or
 * he escapes (an edge fort included). Fails with ST_EINVAL naming the ply of the first move
 * that is not legal, having written nothing, or ST_EIO when writing fails. */
MUST_CHECK Status otn_game_write(FILE *out, const Rules *r, const OtnGameTags *tags,
                                 const Move *moves, int n, Error *err);

#endif
