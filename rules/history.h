/* The record of earlier positions that repetition and the draw fort need: one entry per
 * position since the game's start, with a mark where a capture made everything before it
 * unreachable. A growable stack owned by its creator; one History per game in flight. */
#ifndef TAFL_RULES_HISTORY_H
#define TAFL_RULES_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t hash;       /* GameState.hash of the position */
    uint64_t fort_hash;  /* GameState.fort_hash of the position */
    uint32_t reversible; /* entries before this one since the last capture (0 after one) */
    bool after_capture;  /* the move that made it captured: nothing earlier can recur */
    bool after_defender_move;
} HistoryEntry;

typedef struct {
    HistoryEntry *entries; /* owned */
    int length;
    int capacity;
} History;

/* Initialises an empty history. Caller calls history_free. */
void history_init(History *h);

/* Releases the entries; h may be reused after history_init. NULL-safe. */
void history_free(History *h);

/* Forgets everything (keeps the allocation). */
static inline void history_clear(History *h)
{
    h->length = 0;
}

/* Appends one entry (the position after a move, or the game's first position). */
void history_push(History *h, uint64_t hash, uint64_t fort_hash, bool after_capture,
                  bool after_defender_move);

/* Undo support: drops entries back to length n (n <= length). */
static inline void history_truncate(History *h, int n)
{
    h->length = n;
}

/* Occurrences of hash among the entries since the last capture (the newest included). Entries
 * alternate the side to move, so only every second one, counted from the newest, is compared:
 * hash must be a position with the newest entry's side to move. */
int history_count_position(const History *h, uint64_t hash);

/* Occurrences of hash among the entries since the last capture with the other side to move than
 * the newest: the positions that one move from the newest position could make again (the
 * no-repeat rule, repetition = defenders_no_repeat). Such a move must not capture: a capture
 * makes a position that no entry before it can equal. */
int history_count_reply(const History *h, uint64_t hash);

/* Occurrences of fort_hash among entries after defender moves since the last capture, counting
 * every second entry from the newest, which must itself follow a defender move. */
int history_count_fort(const History *h, uint64_t fort_hash);

#endif
