/* Positions drawn for people (see boardtext.h). */
#include "formats/boardtext.h"

void boardtext_print(FILE *out, const Rules *r, const GameState *s)
{
    fprintf(out, "    ");
    for (int file = 0; file < r->size; file++)
        fprintf(out, " %c", 'a' + file);
    fputc('\n', out);
    for (int row = 0; row < r->size; row++) {
        fprintf(out, "  %2d", row + 1);
        for (int file = 0; file < r->size; file++) {
            int sq = row * r->size + file;
            bool corner = r->opt.corners && ((r->corner[sq >> 6] >> (sq & 63)) & 1);
            bool restricted = corner || (r->opt.throne && sq == r->throne_sq);
            static const char letters[] = {'.', 't', 'T', 'K'};
            Piece p = state_piece_at(r, s, sq);
            fprintf(out, " %c", p == PIECE_EMPTY && restricted ? '+' : letters[p]);
        }
        fputc('\n', out);
    }
    if (state_is_over(s)) {
        Winner w = (Winner)s->winner;
        fprintf(out, "%s%s: %s\n", state_winner_name(w), w == WINNER_DRAW ? "" : " win",
                state_reason_name((EndReason)s->reason));
    } else {
        fprintf(out, "%s to move\n", ruleset_side_name((Side)s->side));
    }
}
