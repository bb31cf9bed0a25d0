/* `tafl play`: one game in the terminal between people and agents. The board is drawn with
 * coordinates; a person types moves as d1-d3, or undo, hint, moves, board, help, quit; the
 * result closes the game. Reads commands line by line from stdin, so a script can play too. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/boardtext.h"
#include "formats/files.h"
#include "harness/rundir.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn_game.h"

/* The game in play: every position since the start, so that undo can go back. */
typedef struct {
    const Rules *r;
    GameState *states; /* states[0] the start, states[ply] the position now */
    Move *moves;       /* moves[i] made states[i + 1] */
    int ply, capacity;
    History hist;    /* one entry per position, states[0] to states[ply] */
    Agent *agent[2]; /* by Side; NULL for a person */
    Agent *hint;
    const char *name[2]; /* "human" or the agent's spec */
    bool echo;           /* print what a person typed (stdin is not a terminal) */
} Play;

static const GameState *now(const Play *p)
{
    return &p->states[p->ply];
}

static const char *side_name(Side side)
{
    return ruleset_side_name(side);
}

/* Plays m (legal) and says what it did. */
static void make_move(Play *p, Move m)
{
    if (p->ply + 1 >= p->capacity) {
        p->capacity *= 2;
        p->states = xrealloc(p->states, (size_t)p->capacity * sizeof *p->states);
        p->moves = xrealloc(p->moves, (size_t)p->capacity * sizeof *p->moves);
    }
    Side mover = (Side)now(p)->side;
    bool king = m.from == now(p)->king;
    p->states[p->ply + 1] = *now(p);
    p->moves[p->ply] = m;
    p->ply++;
    CaptureList caps;
    state_apply(p->r, &p->states[p->ply], &p->hist, m, &caps);
    char text[OTN_MOVE_RECORD_MAX];
    otn_format_move_record(p->r, m, king, &caps, now(p), text);
    printf("%s (%s) play %s\n", side_name(mover), p->name[mover], text);
    boardtext_print(stdout, p->r, now(p));
}

/* Takes back moves until a person is to move again, having taken back one of theirs. */
static void undo(Play *p)
{
    int target = p->ply - 1;
    while (target >= 0 && p->agent[p->states[target].side] != NULL)
        target--;
    if (target < 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("took back %d move%s\n", p->ply - target, p->ply - target == 1 ? "" : "s");
    p->ply = target;
    history_truncate(&p->hist, target + 1);
    boardtext_print(stdout, p->r, now(p));
}

/* Orders moves by their first square, then their second (square index: rank, then file). */
static int compare_moves(const void *a, const void *b)
{
    const Move *x = a, *y = b;
    int kx = x->from * RULES_MAX_SQUARES + x->to, ky = y->from * RULES_MAX_SQUARES + y->to;
    return (kx > ky) - (kx < ky);
}

/* "moves": every legal move; "moves d1": those of the piece on d1. */
static void list_moves(const Play *p, const char *square)
{
    int from = -1;
    if (square && *square) {
        const char *end;
        from = otn_parse_square(p->r, square, &end);
        if (from < 0 || *end != '\0') {
            printf("'%s' is not a square of this board (a1..%c%d)\n", square, 'a' + p->r->size - 1,
                   p->r->size);
            return;
        }
    }
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal_in_game(p->r, now(p), &p->hist, moves), shown = 0;
    qsort(moves, (size_t)n, sizeof moves[0], compare_moves);
    for (int i = 0; i < n; i++) {
        if (from >= 0 && moves[i].from != from)
            continue;
        char text[OTN_MOVE_MAX];
        otn_format_move(p->r, moves[i], NULL, text);
        printf("%s%s", shown++ ? " " : "", text);
    }
    if (shown) {
        printf("\n");
    } else if (from >= 0) {
        Piece piece = state_piece_at(p->r, now(p), from);
        bool own =
            piece != PIECE_EMPTY && (piece == PIECE_ATTACKER) == (now(p)->side == SIDE_ATTACKERS);
        printf("%s: %s\n", square,
               piece == PIECE_EMPTY ? "no piece stands there"
               : own                ? "this piece cannot move"
                                    : "not a piece of the side to move");
    }
}

static void print_help(void)
{
    printf("commands: a move such as d1-d3 (captures are found for you); undo (take back your\n"
           "last move); hint (what the hint agent would play); moves [SQUARE] (legal moves,\n"
           "all or of one piece); board; help; quit\n");
}

/* One line a person typed, with `side` to move. Returns false on quit. */
static bool person_says(Play *p, char *line)
{
    char *cmd = line + strspn(line, " \t");
    cmd[strcspn(cmd, "\r\n")] = '\0';
    for (size_t n = strlen(cmd); n > 0 && (cmd[n - 1] == ' ' || cmd[n - 1] == '\t'); n--)
        cmd[n - 1] = '\0';
    if (p->echo)
        printf("%s\n", cmd);
    if (*cmd == '\0')
        return true;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "help") == 0) {
        print_help();
    } else if (strcmp(cmd, "board") == 0) {
        boardtext_print(stdout, p->r, now(p));
    } else if (strcmp(cmd, "undo") == 0) {
        undo(p);
    } else if (strcmp(cmd, "hint") == 0) {
        Move m = agent_choose(p->hint, now(p), &p->hist);
        char text[OTN_MOVE_MAX], why[512];
        if (cli_agent_failed(p->hint, why, sizeof why)) {
            printf("hint: the agent gave no move (%s)\n", why);
        } else {
            otn_format_move(p->r, m, NULL, text);
            printf("hint: %s\n", text);
        }
    } else if (strncmp(cmd, "moves", 5) == 0 && (cmd[5] == '\0' || cmd[5] == ' ')) {
        list_moves(p, cmd + 5 + strspn(cmd + 5, " "));
    } else {
        Move m;
        Error err = {{0}};
        char why[200];
        if (otn_parse_move(p->r, cmd, &m, NULL, &err) != ST_OK)
            printf("not a move or a command: %s (type help)\n", err.text);
        else if (otn_explain_illegal(p->r, now(p), &p->hist, m, why, sizeof why))
            printf("illegal move %s: %s\n", cmd, why);
        else
            make_move(p, m);
    }
    return true;
}

/* Creates the agent for a side, NULL for "human"; false after printing the error. */
static bool side_agent(const char *spec, const Rules *r, uint64_t seed, Agent **out)
{
    *out = NULL;
    if (strcmp(spec, "human") == 0)
        return true;
    Error err = {{0}};
    if (agent_create(spec, r, seed, out, &err) != ST_OK) {
        fprintf(stderr, "tafl play: %s\n", err.text);
        return false;
    }
    return true;
}

/* Writes the game as an OTN game record to path (files_write: whole, through a temporary file
 * renamed into place; a FIFO there is refused, never waited on); EXIT_FAILURE after the
 * error. */
static int save(const Play *p, const char *path)
{
    OtnGameTags tags = {.attackers = p->name[SIDE_ATTACKERS],
                        .defenders = p->name[SIDE_DEFENDERS],
                        .variant = p->r->opt.name,
                        .compiler = "tafl-lab " TAFL_VERSION};
    Error err = {{0}};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        fprintf(stderr, "tafl play: %s: out of memory\n", path);
        return EXIT_FAILURE;
    }
    Status st = otn_game_write(f, p->r, &tags, p->moves, p->ply, &err);
    fclose(f);
    if (st == ST_OK && files_write(path, text, len, &err) != ST_OK) {
        free(text);
        fprintf(stderr, "tafl play: %s\n", err.text);
        return EXIT_FAILURE;
    }
    free(text);
    if (st != ST_OK) {
        fprintf(stderr, "tafl play: %s: %s\n", path, err.text);
        return EXIT_FAILURE;
    }
    printf("saved the game to %s\n", path);
    return EXIT_SUCCESS;
}

int cmd_play(int argc, char **argv)
{
    const char *rules_arg = "brandubh", *attacker = "human", *defender = "human";
    const char *hint_spec = PLAY_HINT_DEFAULT, *seed_arg = NULL, *out = NULL;
    const Option opts[] = {{"--rules", &rules_arg, NULL},   {"--attacker", &attacker, NULL},
                           {"--defender", &defender, NULL}, {"--hint", &hint_spec, NULL},
                           {"--seed", &seed_arg, NULL},     {"--out", &out, NULL}};
    long seed = 1;
    if (cli_parse_options("play", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("play", "--seed", seed_arg, 0, LONG_MAX, &seed))
        return EXIT_USAGE;
    Error out_err = {{0}};
    if (out && rundir_check_output(out, NULL, &out_err) != ST_OK) {
        fprintf(stderr, "tafl play: --out: %s\n", out_err.text);
        return EXIT_USAGE;
    }
    Rules r;
    if (!cli_load_rules("play", rules_arg, &r))
        return EXIT_USAGE;
    Play p = {.r = &r, .name = {attacker, defender}, .echo = !isatty(STDIN_FILENO)};
    int status = EXIT_USAGE;
    Error err = {{0}};
    /* Each side's agent draws from its own stream of the seed, as in tafl match. */
    if (!side_agent(attacker, &r, (uint64_t)seed * 2 + 1, &p.agent[SIDE_ATTACKERS]) ||
        !side_agent(defender, &r, (uint64_t)seed * 2 + 2, &p.agent[SIDE_DEFENDERS]))
        goto cleanup_agents;
    if (agent_create(hint_spec, &r, (uint64_t)seed, &p.hint, &err) != ST_OK) {
        fprintf(stderr, "tafl play: --hint: %s\n", err.text);
        goto cleanup_agents;
    }

    p.capacity = 256;
    p.states = xmalloc((size_t)p.capacity * sizeof *p.states);
    p.moves = xmalloc((size_t)p.capacity * sizeof *p.moves);
    state_init(&r, &p.states[0]);
    history_init(&p.hist);
    history_push(&p.hist, p.states[0].hash, p.states[0].fort_hash, false, false);
    printf("%s: attackers %s, defenders %s (type help for the commands)\n", r.opt.name, attacker,
           defender);
    boardtext_print(stdout, &r, now(&p));
    char *line = NULL;
    size_t cap = 0;
    bool going = true, failed = false;
    while (going && !state_is_over(now(&p))) {
        Side side = (Side)now(&p)->side;
        if (p.agent[side]) {
            Move m = agent_choose(p.agent[side], now(&p), &p.hist);
            char why[512];
            if (cli_agent_failed(p.agent[side], why, sizeof why)) {
                printf("%s (%s) gave no move (%s): the game stops unfinished after %d plies\n",
                       side_name(side), p.name[side], why, p.ply);
                failed = true;
                break;
            }
            make_move(&p, m);
            continue;
        }
        printf("%s> ", side_name(side));
        fflush(stdout);
        if (getline(&line, &cap, stdin) < 0) {
            printf("\nend of input: the game stops unfinished after %d plies\n", p.ply);
            break;
        }
        going = person_says(&p, line);
    }
    free(line);
    const GameState *end = now(&p);
    if (state_is_over(end))
        printf("game over after %d plies: %s%s by %s\n", p.ply,
               state_winner_name((Winner)end->winner), end->winner == WINNER_DRAW ? "" : " win",
               state_reason_name((EndReason)end->reason));
    else if (!going)
        printf("quit: the game stops unfinished after %d plies\n", p.ply);
    status = out ? save(&p, out) : EXIT_SUCCESS;
    if (failed)
        status = EXIT_FAILURE;
    history_free(&p.hist);
    free(p.states);
    free(p.moves);
cleanup_agents:
    agent_destroy(p.hint);
    agent_destroy(p.agent[SIDE_ATTACKERS]);
    agent_destroy(p.agent[SIDE_DEFENDERS]);
    return status;
}
