/* Recorded games, whatever file they came from: the moves as written, what the record says
 * they captured and how the game ended, and a replay that checks all of it against the rules.
 * The readers of the file formats are rules/otn_game.c (OTN game records) and rules/csvgame.c
 * (the move-list CSV of copenhagen.csv). */
#ifndef TAFL_RULES_RECORD_H
#define TAFL_RULES_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/otn.h"
#include "rules/state.h"

/* The result a record gives. */
typedef enum {
    RECORD_RESULT_UNKNOWN = 0, /* none given (OTN "?" or no result tag) */
    RECORD_RESULT_ONGOING,     /* the record says the game did not finish */
    RECORD_RESULT_ATTACKERS,
    RECORD_RESULT_DEFENDERS,
    RECORD_RESULT_DRAW,
} RecordResult;

/* One move as the record writes it. Its squares are read when the game is replayed, under the
 * game's rules (the board size decides what a square is). */
typedef struct {
    char text[OTN_MOVE_RECORD_MAX]; /* "d1-d3xd4", status marks included */
    int line;                       /* line of the file it is on, from 1 */
} RecordMove;

/* One recorded game. Owns its moves: free with record_games_free. */
typedef struct {
    int line;                     /* the game's first line in its file, from 1 */
    int end_line;                 /* the line of its result (CSV) or last line (OTN) */
    char rules[OTN_RULES_MAX];    /* an OTN rules string the record carries; "" when none */
    char start[OTN_POSITION_MAX]; /* an OTN position to start from; "" for the rules' start */
    RecordMove *moves;
    int count, capacity;
    RecordResult result;
    EndReason reason; /* the end rule the record names (OTN termination), END_NONE if none */
    bool stopped;     /* the game stopped off the board after its moves: time, resignation */
    bool unlisted;    /* its moves never list captures (games.csv): none are checked */
    int lost[2];      /* pieces (not the king) each side lost by the record's count, -1 when
                         it does not say; indexed by Side */
    char attackers[64], defenders[64]; /* players, when the record names them */
    long number; /* the game's number as its file gives it (games.csv's `game` column, an OTN
                    record's [round:] tag, both from 0); -1 when the file gives none */
} RecordGame;

/* A disagreement between a record and the rules: where it is and what differs. */
typedef struct {
    int line; /* line of the file */
    int ply;  /* 1 for the first move; 0 for the game as a whole */
    char what[400];
} RecordIssue;

/* Called by record_replay with the start position (ply 0, rm and caps NULL) and after each
 * move m it plays (rm as written, caps the engine's captures, the king last when taken). */
typedef void (*RecordVisit)(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                            const CaptureList *caps);

/* Appends an empty game starting at `line` to the array *games (count *count, growable;
 * NULL and 0 at first) and returns it. Lost counts start unknown. */
RecordGame *record_game_add(RecordGame **games, int *count, int line);

/* Appends one move as written. Fails (ST_EPARSE) when the text does not fit a RecordMove. */
MUST_CHECK Status record_move_add(RecordGame *g, const char *text, size_t len, int line,
                                  Error *err);

/* Reads one line of a game file (its number `line`, from 1, without the newline) into the
 * reader's games; ST_EPARSE with "LINE: what is wrong" when it cannot. */
typedef Status (*RecordLineReader)(void *ctx, char *text, int line, Error *err);

/* The longest line record_read_lines takes, newline excluded: far more than a game of moves
 * needs, so that a file with no newlines (/dev/zero, a binary) is refused, not read whole. */
#define RECORD_LINE_MAX (4 << 20)

/* The loop both file formats share: hands each line of f to `read` with ctx, and fails on the
 * first line it refuses (the error prefixed with "NAME:"), on a line longer than
 * RECORD_LINE_MAX or holding a NUL byte (ST_EPARSE "NAME:LINE: ..."), or on a read error
 * (ST_EIO). On failure frees the games the reader made (*games, *count; NULL and 0 at the
 * start). */
MUST_CHECK Status record_read_lines(FILE *f, const char *name, RecordLineReader read, void *ctx,
                                    RecordGame **games, int *count, Error *err);

/* Frees count games and the array. NULL-safe. */
void record_games_free(RecordGame *games, int count);

/* Sets up the game's start under r: r's start, or g->start with r's first side to move.
 * Fails (ST_EPARSE, ST_EINVAL) when g->start is not a position for r. */
MUST_CHECK Status record_start(const Rules *r, const RecordGame *g, GameState *s, Error *err);

/* Replays g under r and checks it: every move must read and be legal; the captures a move
 * lists must be exactly the pieces the engine takes (as sets; a move that lists none took
 * none; the king's square may be listed when he is captured); OTN's "++" and "--" marks must
 * be the king's capture and escape; the game must not go on after the engine ends it; when
 * the engine ends it on the last move, a result the record gives must be that end's, the
 * record may not call the game unfinished, and an end rule it names must be that rule; an end
 * rule it names must end the game; the pieces lost, when the record counts them, must be the
 * captures it lists (entries: a square listed twice counts twice, as copenhagen.csv does), or
 * the engine's when its moves never list captures (g->unlisted). Stops
 * at the first disagreement, fills *issue and returns false; true when all agree. visit (may
 * be NULL) sees every position replayed. Thread-safe for distinct games. */
bool record_replay(const Rules *r, const RecordGame *g, RecordVisit visit, void *ctx,
                   RecordIssue *issue);

/* The attackers' score that a finished record gives, into *score: 1 attackers won, 0 defenders
 * won, 1/2 a draw. False (and *score untouched) for a record without a result, ongoing or
 * unknown. */
bool record_result_score(RecordResult result, float *score);

/* "attackers", "defenders", "draw", "ongoing", "unknown". */
const char *record_result_name(RecordResult result);

#endif
