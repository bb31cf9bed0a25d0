/* Perft by copy-make: each child is a copy of its parent with one move applied. */
#include "rules/perft.h"

#include "rules/movegen.h"
#include "rules/otn.h"

static uint64_t perft_rec(const Rules *r, const GameState *s, History *hist, int depth);

/* Leaves below the child that move m makes from s; hist is left as it was. */
static uint64_t perft_child(const Rules *r, const GameState *s, History *hist, Move m, int depth)
{
    int mark = hist->length;
    GameState child = *s;
    state_apply(r, &child, hist, m, NULL);
    uint64_t n = perft_rec(r, &child, hist, depth - 1);
    history_truncate(hist, mark);
    return n;
}

static uint64_t perft_rec(const Rules *r, const GameState *s, History *hist, int depth)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)movegen_count_in_game(r, s, hist); /* bulk: leaves need not be made */
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal_in_game(r, s, hist, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += perft_child(r, s, hist, moves[i], depth);
    return total;
}

uint64_t perft(const Rules *r, const GameState *s, History *hist, int depth)
{
    return perft_rec(r, s, hist, depth);
}

uint64_t perft_divide(const Rules *r, const GameState *s, History *hist, int depth, FILE *out)
{
    if (depth <= 0)
        return 1;
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal_in_game(r, s, hist, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        uint64_t count = perft_child(r, s, hist, moves[i], depth);
        char text[OTN_MOVE_MAX];
        otn_format_move(r, moves[i], NULL, text);
        fprintf(out, "%s %llu\n", text, (unsigned long long)count);
        total += count;
    }
    return total;
}
