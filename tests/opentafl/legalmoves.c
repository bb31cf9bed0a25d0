/* A helper of tests/opentafl/rules-check.sh (a development check, not built by make): replays
 * each game of an OTN game file under an OTN rules string and prints, one line per game,
 * tafl-lab's legal moves in the position before every ply as COUNT:HASH, where HASH is the
 * sum (mod 2^64) of the 64-bit FNV-1a hashes of the moves written "d1-d3", an order-free
 * digest RulesCheck.java computes the same way from OpenTafl's moves.
 * Usage: legalmoves RULES FILE.otn; built by rules-check.sh from the rules/ objects. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/otn_game.h"
#include "rules/record.h"

typedef struct {
    const Rules *r;
    int plies; /* moves of the game: the position after the last one is not listed */
} Ctx;

/* FNV-1a, 64 bits (Fowler, Noll, Vo; offset basis 14695981039346656037, prime 1099511628211). */
static uint64_t fnv1a(const char *text)
{
    uint64_t h = 14695981039346656037ULL;
    for (const char *p = text; *p; p++) {
        h ^= (unsigned char)*p;
        h *= 1099511628211ULL;
    }
    return h;
}

static void visit(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                  const CaptureList *caps)
{
    (void)rm;
    (void)m;
    (void)caps;
    const Ctx *c = ctx;
    if (ply >= c->plies) {
        return;
    }
    Move moves[RULES_MAX_MOVES];
    int n = state_is_over(s) ? 0 : movegen_legal(c->r, s, moves);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        char text[OTN_MOVE_MAX];
        otn_format_move(c->r, moves[i], NULL, text);
        sum += fnv1a(text + strspn(text, "KTt")); /* no piece letter: squares only */
    }
    printf("%s%d:%016" PRIx64, ply ? " " : "", n, sum);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: legalmoves RULES FILE.otn\n");
        return 2;
    }
    Ruleset rs;
    Rules r;
    Error err = {{0}};
    if (otn_parse_rules(argv[1], &rs, &err) != ST_OK || rules_compile(&rs, &r, &err) != ST_OK) {
        fprintf(stderr, "legalmoves: %s\n", err.text);
        return 2;
    }
    FILE *f = fopen(argv[2], "r");
    RecordGame *games = NULL;
    int count = 0;
    if (!f || otn_game_read(f, argv[2], &games, &count, &err) != ST_OK) {
        fprintf(stderr, "legalmoves: %s: %s\n", argv[2], f ? err.text : "cannot open");
        return 2;
    }
    fclose(f);
    for (int i = 0; i < count; i++) {
        Ctx c = {&r, games[i].count};
        RecordIssue issue;
        (void)record_replay(&r, &games[i], visit, &c, &issue);
        printf("\n");
    }
    record_games_free(games, count);
    return 0;
}
