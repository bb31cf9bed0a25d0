/* The engine end of OTEP: the game as the host reports it (rules, opponent moves, positions)
 * and the agent's answers to `play` and `analyze`. Section numbers below are those of
 * opentafl-engine-protocol.txt (OpenTafl repository); where it is silent, OpenTafl's own
 * ExternalEngineHost/ExternalEngineClient are the reference for what hosts send. */
#include "agents/engine.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/otep.h"
#include "rules/movegen.h"
#include "rules/otn.h"

struct EngineSession {
    char *spec;         /* the agent's spec; owned */
    uint64_t seed;      /* --seed: the agent's seed when the host sends no tafl-lab-seed */
    uint64_t game_seed; /* the host's tafl-lab-seed for the coming game, if have_game_seed */
    bool have_game_seed;
    Ruleset ruleset; /* the rules of the game, as the host last gave them */
    Rules rules;     /* compiled; the agent borrows it */
    bool rules_ok;   /* false after a refused rules string: `play` is then an error */
    char no_rules[ENGINE_NOTE_MAX + 256]; /* why, when !rules_ok */
    Agent *agent;
    GameState pos; /* the game as the engine believes it is now */
    History hist;  /* its positions since the game's start or the last resynchronisation */
    Side side;     /* the side the host said the engine plays (spec 9) */
    bool have_side;
    bool position_given;   /* the last board came from `position`: a `side` now names the side to
                              move, as OpenTafl's analysis sends position, side, analyze */
    bool move_pending;     /* the engine's last move is not confirmed yet: an `error` undoes it */
    GameState before_move; /* the game before that move */
    int hist_before;       /* hist.length before it */
};

static void reply_line(EngineReply *r, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void reply_line(EngineReply *r, const char *fmt, ...)
{
    size_t used = strlen(r->text);
    if (used + 2 >= sizeof r->text)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text + used, sizeof r->text - used - 1, fmt, ap);
    va_end(ap);
    strcat(r->text, "\n");
}

static void note(EngineReply *r, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void note(EngineReply *r, const char *fmt, ...)
{
    size_t used = strlen(r->note);
    if (used + 3 >= sizeof r->note)
        return;
    if (used > 0) {
        strcat(r->note, "; ");
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->note + used, sizeof r->note - used, fmt, ap);
    va_end(ap);
}

/* Starts the game afresh from the ruleset's start: the state after `rules` (spec 6). */
static void reset_game(EngineSession *e)
{
    state_init(&e->rules, &e->pos);
    history_clear(&e->hist);
    history_push(&e->hist, e->pos.hash, e->pos.fort_hash, false, false);
    e->position_given = false;
    e->move_pending = false;
    if (e->agent)
        agent_new_game(e->agent, e->seed);
}

/* Compiles rs, makes a fresh agent for it and resets the game. Rules that do not compile change
 * nothing; rules the agent refuses are kept, with no agent (rules_ok false: the caller says why,
 * and every handler checks for the missing agent). */
static Status install_rules(EngineSession *e, const Ruleset *rs, Error *err)
{
    Rules compiled;
    Status st = rules_compile(rs, &compiled, err);
    if (st != ST_OK)
        return st;
    /* Agents borrow their Rules, so the old agent goes before the Rules it reads change. */
    agent_destroy(e->agent);
    e->agent = NULL;
    e->ruleset = *rs;
    e->rules = compiled;
    st = agent_create(e->spec, &e->rules, e->seed, &e->agent, err);
    if (st != ST_OK) {
        e->rules_ok = false;
        return st;
    }
    e->rules_ok = true;
    reset_game(e);
    return ST_OK;
}

Status engine_create(const char *spec, uint64_t seed, EngineSession **out, Error *err)
{
    EngineSession *e = xcalloc(1, sizeof *e);
    size_t len = strlen(spec) + 1;
    e->spec = xmalloc(len);
    memcpy(e->spec, spec, len);
    e->seed = seed;
    history_init(&e->hist);
    Status st = install_rules(e, ruleset_default(), err);
    if (st != ST_OK) {
        /* An agent that cannot play the default rules (an evaluation file trained for other
         * rules) waits for the host's; only a spec wrong whatever the rules is refused. */
        Error spec_err = {{0}};
        if (agent_check_spec(spec, &spec_err) != ST_OK) {
            *err = spec_err;
            engine_destroy(e);
            return ST_EINVAL;
        }
        snprintf(e->no_rules, sizeof e->no_rules,
                 "no rules: the agent does not play %s, the rules before the host's (%s)",
                 ruleset_default()->name, err->text);
        reset_game(e); /* the board of those rules, for the host's lines before its `rules` */
    }
    *out = e;
    return ST_OK;
}

const char *engine_waiting_for_rules(const EngineSession *e)
{
    return e->rules_ok ? NULL : e->no_rules;
}

void engine_destroy(EngineSession *e)
{
    if (!e)
        return;
    agent_destroy(e->agent);
    history_free(&e->hist);
    free(e->spec);
    free(e);
}

const char *engine_greeting(void)
{
    return "hello\n";
}

/* Replaces the game with a board from the host (a position record) and `side` to move. The
 * history restarts there: earlier positions are unknown. False, with a note, when the record
 * is not a board of these rules. */
static bool set_board(EngineSession *e, const char *record, Side side, EngineReply *reply)
{
    GameState s;
    Error err = {{0}};
    if (otn_parse_position(&e->rules, record, side, &s, &err) != ST_OK) {
        note(reply, "ignoring position '%.60s': %s", record, err.text);
        return false;
    }
    s.ply = e->pos.ply; /* the ply count is not in a record; keep counting */
    e->pos = s;
    history_clear(&e->hist);
    history_push(&e->hist, e->pos.hash, e->pos.fort_hash, false, false);
    e->move_pending = false;
    return true;
}

/* True when the record holds the same board as the engine's game. */
static bool same_board(const EngineSession *e, const char *record)
{
    GameState s;
    if (otn_parse_position(&e->rules, record, (Side)e->pos.side, &s, NULL) != ST_OK)
        return false;
    return memcmp(s.attackers, e->pos.attackers, sizeof s.attackers) == 0 &&
           memcmp(s.defenders, e->pos.defenders, sizeof s.defenders) == 0 && s.king == e->pos.king;
}

/* Sets the side to move, as `play` and analysis's `side` demand. A history is a strict
 * alternation of sides, so a changed side restarts it here. */
static void force_side(EngineSession *e, Side side)
{
    if (e->pos.side == side)
        return;
    e->pos.side = (uint8_t)side;
    state_refresh(&e->rules, &e->pos);
    history_clear(&e->hist);
    history_push(&e->hist, e->pos.hash, e->pos.fort_hash, false, false);
}

/* A host may play on where tafl-lab's rules say the game is over (its rules may differ, or lack
 * an option OTN cannot carry): the result is forgotten so that moves exist again. */
static void play_on(EngineSession *e, EngineReply *reply)
{
    if (!state_is_over(&e->pos))
        return;
    note(reply, "by tafl-lab's rules the game is over (%s, %s); playing on as the host asks",
         state_reason_name((EndReason)e->pos.reason), state_winner_name((Winner)e->pos.winner));
    e->pos.winner = WINNER_NONE;
    e->pos.reason = END_NONE;
}

/* Answers a refused `rules` or tafl-lab-rules line (`what`): spec 16 leaves error 0 as the
 * engine's non-critical error (the older spec named it "rules not supported"), and the engine
 * refuses to play until good rules come. */
static void refuse_rules(EngineSession *e, const char *what, const char *why, EngineReply *reply)
{
    e->rules_ok = false;
    snprintf(e->no_rules, sizeof e->no_rules, "no rules: the last rules string was refused");
    reply_line(reply, "error 0 rules not supported: %s", why);
    note(reply, "refused %s: %s", what, why);
}

static void on_rules(EngineSession *e, const char *args, EngineReply *reply)
{
    Ruleset rs;
    Error err = {{0}};
    Status st = otn_parse_rules(args, &rs, &err);
    /* A bare rules string cannot carry every option (RULES.md section 7): where it describes a
     * preset, that preset is the game, so eval=trained finds its evaluation and edge forts count
     * as the host's own tafl-lab would count them. A tafl-lab host follows with tafl-lab-rules
     * for every option in which its rules differ from that preset (otep.h), so the rules keep
     * the host's name: after that line they may be the preset's no longer. */
    const Ruleset *preset = st == ST_OK ? otn_rules_preset(&rs) : NULL;
    if (preset) {
        Ruleset game = *preset;
        memcpy(game.name, rs.name, sizeof game.name);
        rs = game;
    }
    if (st == ST_OK)
        st = install_rules(e, &rs, &err);
    if (st != ST_OK) {
        refuse_rules(e, "rules", err.text, reply);
        return;
    }
    e->have_game_seed = false;
}

static void on_rules_extension(EngineSession *e, const char *args, EngineReply *reply)
{
    Ruleset rs = e->ruleset;
    Error err = {{0}};
    Status st = otep_apply_rules_extension(&rs, args, &err);
    if (st == ST_OK)
        st = install_rules(e, &rs, &err);
    if (st != ST_OK)
        refuse_rules(e, OTEP_EXT_RULES, err.text, reply);
}

static void on_seed(EngineSession *e, const char *args, EngineReply *reply)
{
    char *end;
    unsigned long long v = strtoull(args, &end, 10);
    if (end == args || *end != '\0' || args[0] == '-') {
        note(reply, "ignoring %s '%.40s': not a decimal seed", OTEP_EXT_SEED, args);
        return;
    }
    e->game_seed = (uint64_t)v;
    e->have_game_seed = true;
}

static void on_start(EngineSession *e, EngineReply *reply)
{
    (void)reply;
    /* Restarting the agent with the game's seed makes a game depend on (spec, seed, moves)
     * only, however many games this process has played. Rules the agent refused left it
     * none; `play` then says so. */
    if (e->agent)
        agent_new_game(e->agent, e->have_game_seed ? e->game_seed : e->seed);
    e->have_game_seed = false;
}

static void on_side(EngineSession *e, const char *args, EngineReply *reply)
{
    Side side;
    if (!otep_parse_side(args, &side)) {
        note(reply, "ignoring side '%.40s': want attackers or defenders", args);
        return;
    }
    e->side = side;
    e->have_side = true;
    if (e->position_given)
        force_side(e, side);
}

static void on_position(EngineSession *e, const char *args, EngineReply *reply)
{
    if (set_board(e, args, (Side)e->pos.side, reply))
        e->position_given = true;
}

/* Spec 17: `opponent-move <move-list> <position-record>`, moves oldest first, separated by '|';
 * the record is the board after them. A move the engine cannot play on its board, or a board
 * that differs from the record, means the two have drifted apart: the record wins. */
static void on_opponent_move(EngineSession *e, const char *args, EngineReply *reply)
{
    char list[OTEP_LINE_MAX];
    const char *record = otep_split(args, list, sizeof list);
    Side mover = (Side)e->pos.side;
    bool ok = list[0] != '\0';
    e->move_pending = false;
    e->position_given = false;
    for (char *item = list; ok && item;) {
        char *bar = strchr(item, '|');
        if (bar)
            *bar = '\0';
        Move m;
        Error err = {{0}};
        if (otep_parse_move(&e->rules, item, &m, &err) != ST_OK) {
            note(reply, "opponent-move: %s", err.text);
            ok = false;
            break;
        }
        play_on(e, reply);
        mover = (Side)e->pos.side;
        if (!movegen_is_legal_in_game(&e->rules, &e->pos, &e->hist, m)) {
            note(reply, "opponent-move: '%s' is not legal on the engine's board", item);
            ok = false;
            break;
        }
        state_apply(&e->rules, &e->pos, &e->hist, m, NULL);
        item = bar ? bar + 1 : NULL;
    }
    if (record[0] == '\0') {
        if (!ok)
            note(reply, "and no position record came to recover from");
        return;
    }
    if (ok && same_board(e, record))
        return;
    /* After the opponent's move it is the engine's turn; without a side, the other side's. */
    Side next = e->have_side ? e->side : (Side)(1 - mover);
    if (set_board(e, record, next, reply))
        note(reply, "took the board from the opponent-move position record");
}

/* Spec 15: `move <position-record>` confirms the engine's move; the record is the board after
 * it. OpenTafl's host sends it (ExternalEngineHost.moveResult). */
static void on_move_confirmed(EngineSession *e, const char *args, EngineReply *reply)
{
    e->move_pending = false;
    if (args[0] != '\0' && !same_board(e, args)) {
        Side next = (Side)e->pos.side;
        if (set_board(e, args, next, reply))
            note(reply, "took the board from the host's move confirmation");
    }
}

/* Spec 16: the host refused the engine's last move. It will resend the opponent's move and
 * the board, then `play` again (spec 17), so the move is taken back. */
static void on_error(EngineSession *e, const char *args, EngineReply *reply)
{
    note(reply, "the host reports error %.60s", args);
    if (e->move_pending) {
        e->pos = e->before_move;
        history_truncate(&e->hist, e->hist_before);
        e->move_pending = false;
    }
}

/* The agent's move for the side to move, or false with the reason in why. */
static bool choose(EngineSession *e, Move *m, EngineReply *reply, const char **why)
{
    if (!e->rules_ok) {
        *why = e->no_rules;
        return false;
    }
    play_on(e, reply);
    if (movegen_count_in_game(&e->rules, &e->pos, &e->hist) == 0) {
        *why = "the side to move has no legal move";
        return false;
    }
    *m = agent_choose(e->agent, &e->pos, &e->hist);
    if (agent_last_stats(e->agent)->failure != AGENT_FAILURE_NONE) {
        *why = "the agent failed to choose a move";
        return false;
    }
    return true;
}

static void on_play(EngineSession *e, const char *args, EngineReply *reply)
{
    Side side;
    if (otep_parse_side(args, &side))
        force_side(e, side);
    else
        note(reply, "play '%.40s': want attackers or defenders; playing the side to move", args);
    e->position_given = false;
    Move m;
    const char *why = NULL;
    if (!choose(e, &m, reply, &why)) {
        /* Spec 16: -1 is the engine's critical error; the host ends the game. */
        reply_line(reply, "error -1 %s", why);
        note(reply, "cannot play: %s", why);
        return;
    }
    char text[OTN_MOVE_MAX];
    otn_format_move(&e->rules, m, NULL, text);
    e->before_move = e->pos;
    e->hist_before = e->hist.length;
    e->move_pending = true;
    state_apply(&e->rules, &e->pos, &e->hist, m, NULL);
    reply_line(reply, "move %s", text);
}

/* Spec 11-12: `analyze <number> <seconds>` is answered with `analysis <n> [<moves> <eval>]...`;
 * fewer moves than asked are allowed. The agent's one choice is given, its score from the side
 * to move's view (alphabeta: evaluation units; mcts: a mean result 0..1). */
static void on_analyze(EngineSession *e, EngineReply *reply)
{
    GameState saved = e->pos;
    Move m;
    const char *why = NULL;
    if (!choose(e, &m, reply, &why)) {
        note(reply, "analyze: %s", why);
        reply_line(reply, "analysis 0");
        e->pos = saved;
        return;
    }
    char text[OTN_MOVE_MAX];
    otn_format_move(&e->rules, m, NULL, text);
    reply_line(reply, "analysis 1 %s %g", text, agent_last_stats(e->agent)->score);
    e->pos = saved;
}

bool engine_handle(EngineSession *e, const char *line, EngineReply *reply)
{
    reply->text[0] = '\0';
    reply->note[0] = '\0';
    char word[32];
    const char *args = otep_split(line, word, sizeof word);
    if (word[0] == '\0' || strcmp(word, "hello") == 0 || strcmp(word, "clock") == 0)
        return true; /* hello is the host's greeting; clocks do not bind counted budgets */
    if (strcmp(word, "finish") == 0 || strcmp(word, "goodbye") == 0)
        return false;
    if (strcmp(word, "rules") == 0)
        on_rules(e, args, reply);
    else if (strcmp(word, OTEP_EXT_RULES) == 0)
        on_rules_extension(e, args, reply);
    else if (strcmp(word, OTEP_EXT_SEED) == 0)
        on_seed(e, args, reply);
    else if (strcmp(word, "start") == 0)
        on_start(e, reply);
    else if (strcmp(word, "side") == 0)
        on_side(e, args, reply);
    else if (strcmp(word, "position") == 0)
        on_position(e, args, reply);
    else if (strcmp(word, "opponent-move") == 0)
        on_opponent_move(e, args, reply);
    else if (strcmp(word, "move") == 0)
        on_move_confirmed(e, args, reply);
    else if (strcmp(word, "error") == 0)
        on_error(e, args, reply);
    else if (strcmp(word, "play") == 0)
        on_play(e, args, reply);
    else if (strcmp(word, "analyze") == 0)
        on_analyze(e, reply);
    else
        note(reply, "ignoring unknown command '%.40s'", word);
    return true;
}
