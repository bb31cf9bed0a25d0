/* The growable record of earlier positions for repetition and draw-fort counting. */
#include "rules/history.h"

#include <stdlib.h>

#include "rules/common.h"

void history_init(History *h)
{
    h->entries = NULL;
    h->length = 0;
    h->capacity = 0;
}

void history_free(History *h)
{
    if (!h)
        return;
    free(h->entries);
    history_init(h);
}

void history_push(History *h, uint64_t hash, uint64_t fort_hash, bool after_capture,
                  bool after_defender_move)
{
    if (h->length == h->capacity) {
        h->capacity = h->capacity ? 2 * h->capacity : 256;
        h->entries = xrealloc(h->entries, (size_t)h->capacity * sizeof *h->entries);
    }
    uint32_t reversible = 0;
    if (h->length > 0 && !after_capture)
        reversible = h->entries[h->length - 1].reversible + 1;
    HistoryEntry *e = &h->entries[h->length++];
    e->reversible = reversible;
    e->hash = hash;
    e->fort_hash = fort_hash;
    e->after_capture = after_capture;
    e->after_defender_move = after_defender_move;
}

/* Positions before a capture cannot recur (a side has fewer pieces), so scans stop there; a
 * position with the other side to move never matches, so scans step by two. */
int history_count_position(const History *h, uint64_t hash)
{
    if (h->length == 0)
        return 0;
    int newest = h->length - 1;
    int oldest = newest - (int)h->entries[newest].reversible;
    int count = 0;
    for (int i = newest; i >= oldest; i -= 2)
        count += h->entries[i].hash == hash;
    return count;
}

int history_count_reply(const History *h, uint64_t hash)
{
    if (h->length == 0)
        return 0;
    int newest = h->length - 1;
    int oldest = newest - (int)h->entries[newest].reversible;
    int count = 0;
    for (int i = newest - 1; i >= oldest; i -= 2)
        count += h->entries[i].hash == hash;
    return count;
}

int history_count_fort(const History *h, uint64_t fort_hash)
{
    if (h->length == 0)
        return 0;
    int newest = h->length - 1;
    int oldest = newest - (int)h->entries[newest].reversible;
    int count = 0;
    for (int i = newest; i >= oldest; i -= 2) {
        const HistoryEntry *e = &h->entries[i];
        count += e->after_defender_move && e->fort_hash == fort_hash;
    }
    return count;
}
