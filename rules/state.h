/* Positions (GameState), moves, and playing a move with every capture and end-of-game rule of
 * RULES.md in the order it gives. */
#ifndef TAFL_RULES_STATE_H
#define TAFL_RULES_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/history.h"
#include "rules/ruleset.h"

/* Upper bound on legal moves: a square is reached from at most one piece per direction. */
#define RULES_MAX_MOVES (4 * RULES_MAX_SQUARES)
/* Custodially a move captures at most three pieces (the square it came from is empty); a
 * shieldwall move on a corner square (corners = no) can take two whole edges but their closing
 * squares; plus the king. */
#define RULES_MAX_CAPTURES (2 * RULES_MAX_SIZE)

/* Square index: row * size + file, row 0 the top row (OTN rank 1), file 0 = 'a'. */
typedef struct {
    uint16_t from, to;
} Move;

typedef enum { PIECE_EMPTY = 0, PIECE_ATTACKER, PIECE_DEFENDER, PIECE_KING } Piece;

typedef enum { WINNER_NONE = 0, WINNER_ATTACKERS, WINNER_DEFENDERS, WINNER_DRAW } Winner;

typedef enum {
    END_NONE = 0,
    END_KING_CAPTURED,
    END_KING_ESCAPED,
    END_ENCIRCLED,
    END_DRAW_FORT,
    END_REPETITION,
    END_NO_MOVES,
    END_MAX_PLIES,
    /* Forfeits of an agent that plays through another program (harness/match.c); the rules never
     * end a game this way, so a GameState never holds them. The failing side loses. */
    END_ILLEGAL_MOVE,   /* it sent a move that is not legal */
    END_ENGINE_CRASH,   /* it exited, closed its output or reported a critical error */
    END_ENGINE_TIMEOUT, /* it did not answer within its limit */
    END_REASON_COUNT
} EndReason;

/* A position. Fixed size, no pointers: copy by assignment. Bits past rules->words are zero. */
typedef struct {
    uint64_t attackers[RULES_WORDS];
    uint64_t defenders[RULES_WORDS]; /* without the king */
    uint64_t hash;                   /* Zobrist of pieces and side to move */
    uint64_t fort_hash;              /* Zobrist of the squares held by defenders and king */
    uint32_t ply;                    /* plies played since the game's start */
    uint16_t king;                   /* square of the king */
    uint16_t attacker_count;
    uint16_t defender_count; /* without the king */
    uint8_t side;            /* Side to move */
    uint8_t winner;          /* Winner; WINNER_NONE while the game goes on */
    uint8_t reason;          /* EndReason */
} GameState;

/* The squares captured by one move, in the order found (king last). */
typedef struct {
    uint16_t sq[RULES_MAX_CAPTURES];
    int count;
} CaptureList;

/* Sets *s to the ruleset's start position with its first side to move. */
void state_init(const Rules *r, GameState *s);

/* The piece on square sq. */
Piece state_piece_at(const Rules *r, const GameState *s, int sq);

/* True when the game is over (winner set). */
static inline bool state_is_over(const GameState *s)
{
    return s->winner != WINNER_NONE;
}

/* Recomputes hash, fort hash and counters from the bitboards and checks that the boards are
 * disjoint and inside the board, no non-king piece stands on a restricted square, and the king
 * square is consistent. Returns false and says why in err on any mismatch. */
bool state_validate(const Rules *r, const GameState *s, Error *err);

/* Recomputes hash, fort hash and counters from the boards (after editing a position by hand). */
void state_refresh(const Rules *r, GameState *s);

/* Plays a legal move m (movegen_legal_in_game's, asserted in debug builds): moves the piece, makes
 * every capture (custodial and shieldwall), then applies the end rules in RULES.md's order: king's
 * capture, escape (the edge fort counts as one), encirclement, draw fort, repetition, the
 * opponent's lack of legal moves, max_plies. hist records positions for repetition and the draw
 * fort; it must hold this game's history up to s (see history.h). caps (may be NULL) receives the
 * captured squares. Thread-safe for distinct s and hist. */
void state_apply(const Rules *r, GameState *s, History *hist, Move m, CaptureList *caps);

/* True when the king on square `king` is captured by the attackers on the board `attackers`
 * (RULES_WORDS words), one of which has just arrived on square `to` beside him: the king's
 * capture of RULES.md section 4 under r's king_capture, the empty throne and hostile corners
 * standing in for attackers as the ruleset says. It reads only `attackers` and the rules, so a
 * caller may ask about attackers that do not stand there yet (an evaluation imagining one on
 * `to`); state_apply asks it after every attacker move beside the king. Pure, thread-safe. */
bool state_king_captured_by(const Rules *r, const uint64_t *attackers, int king, int to);

/* True when the king stands on an edge inside an unbreakable fort of defenders and can move
 * (the edge_fort option; README.md, "The rules engine", gives the exact shape). Reads only;
 * thread-safe. */
bool state_in_edge_fort(const Rules *r, const GameState *s);

/* The number of pieces (the king not counted) that the side to move's legal move m would
 * capture, found without playing it: for move ordering in searches. Thread-safe. */
int state_capture_count(const Rules *r, const GameState *s, Move m);

/* Names for printing and CSV: "attackers", "defenders", "draw", "none"; "king_captured",
 * "king_escaped", "encircled", "draw_fort", "repetition", "no_moves", "max_plies",
 * "illegal_move", "engine_crash", "engine_timeout", "none". */
const char *state_winner_name(Winner w);
const char *state_reason_name(EndReason r);

#endif
