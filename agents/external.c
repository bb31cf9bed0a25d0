/* The external agent: another program that speaks the OpenTafl Engine Protocol as an engine
 * (opentafl-engine-protocol.txt in the OpenTafl repository), driven by tafl-lab as the host.
 * One process per game: started at the agent's first move of a game, told the result and
 * stopped at its end, or killed at once when it fails (an illegal move, a crash, a stall), so
 * the next game always starts from a fresh process. Everything said either way is kept as the
 * game's transcript. Process handling is agents/process.c (see there for why it is here). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent_impl.h"
#include "agents/otep.h"
#include "agents/process.h"
#include "rules/movegen.h"
#include "rules/otn.h"

enum { P_CMD, P_MOVETIME, P_TIMEOUT, P_START, P_QUIRKS, P_LOG_TIMES, P_COUNT };

/* Engine-specific care (the `quirks` parameter). */
enum { QUIRKS_NONE, QUIRKS_OPENTAFL };
static const char *const QUIRK_CHOICES[] = {"none", "opentafl", NULL};

#define MAX_ARGS       64
#define TRANSCRIPT_MAX (4u << 20) /* bytes kept per game; a flooding engine is cut off */
#define STOP_GRACE     2.0        /* seconds an engine gets to exit after `finish` */
#define ERROR_STOP     0.0        /* a failed engine is killed at once */

static const ParamSpec PARAMS[] = {
    {"cmd", PARAM_TEXT, 0, 0, 0, NULL,
     "the engine's command line: program (searched in PATH without a '/') and arguments, "
     "split at blanks; '...' or \"...\" keep blanks"},
    {"movetime_ms", PARAM_INT, 1000, 1, 86400000, NULL,
     "thinking time per move the engine is given: the OTEP clock says no main time and two "
     "overtime periods of this length (OpenTafl keeps 750 ms of it in hand)"},
    {"timeout_ms", PARAM_INT, 0, 0, 86400000, NULL,
     "a move not received within this loses (engine_timeout); 0 = 2 * movetime_ms + 1000"},
    {"start_ms", PARAM_INT, 10000, 1, 86400000, NULL,
     "time to start and say hello, else the game is lost (engine_timeout)"},
    {"quirks", PARAM_CHOICE, QUIRKS_NONE, 0, 1, QUIRK_CHOICES,
     "engine-specific care: opentafl = after each of its moves wait for the end of its search "
     "report (it applies its move to its own board only after sending it), and refuse rules it "
     "would play differently"},
    {"log_times", PARAM_BOOL, 0, 0, 1, NULL,
     "note in the transcript each move's wall time from `play` to `move` (the OTEP clock's "
     "span), for measuring time per move; transcripts then differ from run to run"},
};

/* OpenTafl prints this status line last after each of its moves (AiWorkspace.printSearchStats),
 * after it has applied the move to its own board (ExternalEngineClient.handlePlayCommand). A
 * message sent before it can reach OpenTafl's board before its own move does. */
#define OPENTAFL_SETTLED "status Transposition table stats"

/* Longest run of opening or replayed plies sent as opponent-move lines; beyond it (or when the
 * game cannot be replayed) the board is sent as a position instead. */
#define MAX_CATCH_UP 256

typedef struct {
    Agent base;
    Process *proc;     /* the engine of the game in progress; NULL between games */
    bool started;      /* rules, side and start were sent this game */
    bool simple_moves; /* the engine wants simple move records (spec 5: on by default) */
    bool dead;         /* it failed this game: no more moves are asked of it */
    uint64_t seed;     /* the game's seed, passed on with tafl-lab-seed */
    GameState known;   /* the board the engine holds, once started */
    History scratch;   /* history for replaying moves on `known` */
    char *log;         /* the transcript; owned */
    size_t log_len, log_cap;
    bool log_cut;
    int noise;             /* lines this game that are no OTEP command (logs, traces) */
    int faults;            /* of them, fault reports (exceptions, traces: is_fault_line) */
    int faults_since_move; /* of those, since the engine's last move */
    char first_fault[120]; /* the first of those, for the failure text */
} External;

/* ---- the command line ---- */

/* Splits a command line at blanks, quotes grouping; argv points into buf. Returns the
 * argument count, or -1 with the reason in err. */
static int split_command(const char *cmd, char *buf, size_t size, char **argv, Error *err)
{
    int argc = 0;
    size_t n = 0;
    const char *p = cmd;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        if (argc == MAX_ARGS) {
            error_set(err, "cmd: more than %d arguments", MAX_ARGS);
            return -1;
        }
        argv[argc++] = buf + n;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '\'' || *p == '"') {
                char quote = *p++;
                const char *close = strchr(p, quote);
                if (!close) {
                    error_set(err, "cmd: unterminated %c quote", quote);
                    return -1;
                }
                while (p < close && n + 1 < size)
                    buf[n++] = *p++;
                p = close + 1;
            } else if (n + 1 < size) {
                buf[n++] = *p++;
            } else {
                p++;
            }
        }
        buf[n++] = '\0';
    }
    argv[argc] = NULL;
    if (argc == 0) {
        error_set(err, "cmd: no program named");
        return -1;
    }
    return argc;
}

/* True when `program` names an executable file, looked up in PATH when it has no '/', as
 * process_start will. */
static bool program_exists(const char *program)
{
    if (strchr(program, '/'))
        return access(program, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        char full[4096];
        if (len == 0)
            snprintf(full, sizeof full, "./%s", program);
        else
            snprintf(full, sizeof full, "%.*s/%s", (int)len, path, program);
        if (access(full, X_OK) == 0)
            return true;
        path += len;
        if (*path == ':')
            path++;
    }
    return false;
}

/* OpenTafl plans movetime_ms - 750 ms (send_clock) and schedules the timer that ends its
 * search only when it plans more than 500 ms (AiWorkspace.explore, POST_SEARCH_PAD): below
 * that its search can run on for seconds, or for good (seen at movetime_ms=1000). */
#define OPENTAFL_MOVETIME_MIN 1300

static Status external_check(const double *params, char *const *text, Error *err)
{
    if ((int)params[P_QUIRKS] == QUIRKS_OPENTAFL && params[P_MOVETIME] < OPENTAFL_MOVETIME_MIN) {
        error_set(err,
                  "agent external: quirks=opentafl needs movetime_ms >= %d: OpenTafl plans "
                  "movetime_ms - 750 ms and sets no timer to end its search below 500 ms",
                  OPENTAFL_MOVETIME_MIN);
        return ST_EINVAL;
    }
    char buf[1024], *argv[MAX_ARGS + 1];
    if (split_command(text[P_CMD], buf, sizeof buf, argv, err) < 0) {
        error_prefix(err, "agent external: ");
        return ST_EINVAL;
    }
    if (!program_exists(argv[0])) {
        error_set(err, "agent external: cmd: program '%s' is not found or not executable", argv[0]);
        return ST_EINVAL;
    }
    return ST_OK;
}

/* ---- the transcript ---- */

static void log_append(External *a, const char *prefix, const char *text)
{
    if (a->log_cut)
        return;
    size_t need = strlen(prefix) + strlen(text) + 2;
    if (a->log_len + need > TRANSCRIPT_MAX) {
        text = "transcript cut: it reached its size limit";
        prefix = "# ";
        need = strlen(prefix) + strlen(text) + 2;
        a->log_cut = true;
    }
    if (a->log_len + need > a->log_cap) {
        a->log_cap = a->log_len + need > 2 * a->log_cap ? a->log_len + need : 2 * a->log_cap;
        a->log = xrealloc(a->log, a->log_cap);
    }
    char *q = a->log + a->log_len;
    q += sprintf(q, "%s", prefix);
    /* OTEP is US-ASCII: anything else an engine prints is shown as '?'. */
    for (const char *c = text; *c; c++)
        *q++ = (*c >= 0x20 && *c < 0x7f) || *c == '\t' ? *c : '?';
    *q++ = '\n';
    *q = '\0';
    a->log_len = (size_t)(q - a->log);
}

static void log_note(External *a, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void log_note(External *a, const char *fmt, ...)
{
    char text[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    log_append(a, "# ", text);
}

/* ---- talking to the engine ---- */

static double move_limit(const External *a)
{
    double ms = a->base.params[P_TIMEOUT];
    if (ms <= 0)
        ms = 2 * a->base.params[P_MOVETIME] + 1000;
    return ms / 1000.0;
}

/* Stops the engine; `grace` seconds to exit on its own first. */
static void stop_engine(External *a, double grace)
{
    if (!a->proc)
        return;
    char how[64];
    process_stop(a->proc, grace, how, sizeof how);
    a->proc = NULL;
    log_note(a, "engine stopped: %s", how);
}

/* Ends the game for a failing engine: notes why, kills it, fills the stats. */
static Move fail(External *a, AgentFailure why, const char *fmt, ...) PRINTF_LIKE(3, 4);

static Move fail(External *a, AgentFailure why, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    static const char *const names[] = {"", "illegal_move", "engine_crash", "engine_timeout"};
    log_note(a, "%s: %s", names[why], text);
    stop_engine(a, ERROR_STOP);
    a->dead = true;
    a->base.stats.failure = why;
    Move none = {0, 0};
    return none;
}

/* Sends one line (text without its newline), logged. */
static ProcessResult say(External *a, double deadline, const char *fmt, ...) PRINTF_LIKE(3, 4);

static ProcessResult say(External *a, double deadline, const char *fmt, ...)
{
    char line[OTEP_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    log_append(a, "> ", line);
    strcat(line, "\n");
    return process_write(a->proc, line, deadline);
}

/* True when line opens with a command word an engine may send (spec 4-19), or is blank. */
static bool is_protocol_line(const char *line)
{
    static const char *const words[] = {"hello",  "simple-moves", "rules",  "position",
                                        "side",   "clock",        "move",   "error",
                                        "status", "analysis",     "goodbye"};
    char word[32];
    otep_split(line, word, sizeof word);
    if (word[0] == '\0')
        return true;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(word, words[i]) == 0)
            return true;
    return false;
}

/* True when a line that is no OTEP command looks like a fault report: an exception or its
 * stack trace (OpenTafl prints its uncaught ones on stdout: "Uncaught exception! ...",
 * "java.lang.NullPointerException", "\tat ..."), a C assertion, a Python traceback. */
static bool is_fault_line(const char *line)
{
    static const char *const marks[] = {"xception",  "\tat ", "Traceback",          "Assertion",
                                        "assertion", "panic", "Segmentation fault", "Error"};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (strstr(line, marks[i]) != NULL)
            return true;
    return false;
}

/* Reads a line, logged. Lines that are no OTEP command (OpenTafl logs its think time on stdout)
 * are kept and counted; fault reports among them are noted, so that a silence or an exit after
 * one is named a crash, not a timeout. */
static ProcessResult hear(External *a, char *line, size_t size, double deadline)
{
    ProcessResult res = process_read_line(a->proc, line, size, deadline);
    if (res != PROCESS_OK)
        return res;
    log_append(a, "< ", line);
    if (is_protocol_line(line))
        return res;
    a->noise++;
    if (!is_fault_line(line))
        return res;
    if (a->faults_since_move == 0) {
        size_t n = 0;
        for (const char *c = line; *c && n + 1 < sizeof a->first_fault; c++)
            a->first_fault[n++] = *c >= 0x20 && *c < 0x7f ? *c : '?';
        a->first_fault[n] = '\0';
        log_note(a, "the engine reports a fault (the line above)");
    }
    a->faults++;
    a->faults_since_move++;
    return res;
}

/* Reads what an engine whose end closed while tafl-lab was writing left in the pipe, up to
 * half a second: an engine that prints a fault and exits may be gone before the next message
 * goes out, and the fault it printed names the failure (broken). */
static void hear_what_is_left(External *a, double deadline)
{
    double until = clock_seconds() + 0.5;
    if (until > deadline)
        until = deadline;
    char line[OTEP_LINE_MAX];
    while (hear(a, line, sizeof line, until) == PROCESS_OK) {
    }
}

/* The failure a broken exchange means: a closed engine crashed, a late one timed out, and one
 * that fell silent or exited after output that is no OTEP (an exception trace) crashed. `what`
 * is what tafl-lab was waiting for ("hello", "move"). */
static Move broken(External *a, ProcessResult res, const char *what, double limit)
{
    if (a->faults_since_move > 0 && res == PROCESS_TIMEOUT)
        return fail(a, AGENT_FAILURE_CRASH,
                    "the engine stopped answering after reporting a fault in %d line(s), the "
                    "first '%s' (no %s within %.0f ms)",
                    a->faults_since_move, a->first_fault, what, limit * 1000);
    if (a->faults_since_move > 0)
        return fail(a, AGENT_FAILURE_CRASH,
                    "the engine exited after reporting a fault in %d line(s), the first '%s' "
                    "(before its %s)",
                    a->faults_since_move, a->first_fault, what);
    if (res == PROCESS_TIMEOUT)
        return fail(a, AGENT_FAILURE_TIMEOUT, "no %s within %.0f ms", what, limit * 1000);
    return fail(a, AGENT_FAILURE_CRASH, "the engine exited or closed its end before its %s", what);
}

/* True when the OTN string holds `key` as a key ("key:..."). */
static bool has_otn_key(const char *otn, const char *key)
{
    size_t len = strlen(key);
    for (const char *p = otn; (p = strstr(p, key)) != NULL; p += len)
        if ((p == otn || p[-1] == ' ') && p[len] == ':')
            return true;
    return false;
}

/* OpenTafl's RulesSerializer.loadRulesRecord reads corre, aforre and dforre only when cenre is
 * present (it tests cenre for all four), and an absent one then means "no piece may re-enter":
 * a string with cenre alone makes OpenTafl's corners unreachable for the king. Spelling the
 * three out with their OTN defaults (every piece type; opentafl-notation-spec.txt) says the same
 * to any reader and keeps OpenTafl's corners open. Inserted before start, in place. */
static void spell_out_reentry(char *otn, size_t size)
{
    static const char *const keys[] = {"corre", "aforre", "dforre"};
    if (!has_otn_key(otn, "cenre"))
        return;
    char extra[128] = "";
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!has_otn_key(otn, keys[i]))
            snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "%s:tcnkmTCNKM ",
                     keys[i]);
    char *start = strstr(otn, "start:");
    size_t at = start ? (size_t)(start - otn) : strlen(otn);
    size_t len = strlen(otn), add = strlen(extra);
    if (len + add + 1 > size)
        return;
    memmove(otn + at + add, otn + at, len - at + 1);
    memcpy(otn + at, extra, add);
}

/* The tfr: letter that makes OpenTafl's program play tafl-lab's repetition rule, or 0 where
 * no letter does. The notation spec (opentafl-notation-spec.txt, key tfr) says that under `l`
 * the player who moves into the threefold repetition loses, which is tafl-lab's `lose` and
 * what otn_format_rules writes. OpenTafl's program plays it the other way round: it judges a
 * position after the move, once Game.advanceState has passed the turn, and
 * GameState.checkVictoryInternal gives a third repetition under THIRD_REPETITION_LOSES (`l`)
 * to the opponent of getCurrentSide(), the side now to move: the repeater wins; under `w` the
 * side to move wins and the repeater loses. Its reader (RulesSerializer
 * .getThreefoldResultForString) knows w, l and d only and reads anything else, `i` too, as a
 * draw, so no rules string makes it ignore a repetition. A rule it has no letter for (ignore,
 * and any rule that looks at which side repeats) is refused. */
static char opentafl_tfr(EndRule repetition)
{
    switch (repetition) {
    case END_RULE_LOSE:
        return 'w';
    case END_RULE_DRAW:
        return 'd';
    default:
        return 0;
    }
}

/* The rules string for the engine: otn_format_rules (the notation spec's meaning) with, for
 * OpenTafl, the tfr: letter its program plays as tafl-lab's rule, and the re-entry keys
 * spelled out. The caller has checked opentafl_refusal. */
static void engine_rules(const Ruleset *rs, bool opentafl, char *otn, size_t size)
{
    otn_format_rules(rs, otn, NULL);
    if (opentafl) {
        char *tfr = strstr(otn, " tfr:");
        if (tfr)
            tfr[5] = opentafl_tfr(rs->repetition);
    }
    spell_out_reentry(otn, size);
}

/* Sends the rules: the OTN string and, for what OTN cannot carry, tafl-lab's extension. */
static ProcessResult send_rules(External *a, double deadline)
{
    char otn[OTN_RULES_MAX + 128], ext[256];
    engine_rules(&a->base.rules->opt, (int)a->base.params[P_QUIRKS] == QUIRKS_OPENTAFL, otn,
                 sizeof otn);
    ProcessResult res = say(a, deadline, "rules %s", otn);
    otep_format_rules_extension(&a->base.rules->opt, ext, sizeof ext);
    if (res == PROCESS_OK && ext[0])
        res = say(a, deadline, OTEP_EXT_RULES " %s", ext);
    return res;
}

/* Why OpenTafl cannot play these rules as tafl-lab does (written to why; false when it can).
 * A repetition rule its program has no tfr: letter for (opentafl_tfr). Of the options OTN
 * cannot carry (otep.h), draw_fort, no_moves and max_plies only change how tafl-lab ends a
 * game (but not limit_result: a cap won by one side changes what the engine should play for); a
 * king captured by three on an edge changes captures, so the two boards would part. And where the
 * rules string bars pieces from re-entering the throne (cenre), OpenTafl also bars them from
 * passing over the empty throne (GenericRules.canTaflmanMoveThrough), which tafl-lab allows:
 * replaying tafl-lab's games in OpenTafl's rules engine, about half the games of
 * brandub-cyningstan-2014 hold such a move (tests/opentafl/rules-check.sh). */
static bool opentafl_refusal(const Ruleset *rs, char *why, size_t size)
{
    if (!opentafl_tfr(rs->repetition)) {
        snprintf(why, size,
                 "repetition=%s, for which OpenTafl's program has no tfr: letter (it plays "
                 "tfr:w as lose, tfr:d as draw, and reads any other letter as draw)",
                 ruleset_end_rule_name(rs->repetition));
        return true;
    }
    /* The cap itself only ends tafl-lab's game, but a cap won by one side is a goal
     * that OpenTafl's search would not play for (or against), and no OTEP line tells it. */
    if (rs->limit_result != LIMIT_RESULT_DRAW) {
        snprintf(why, size,
                 "limit_result=%s (a game reaching max_plies is won by the %s), which OpenTafl "
                 "cannot be told: it would play such a game as a draw",
                 ruleset_limit_result_name(rs->limit_result),
                 ruleset_limit_result_name(rs->limit_result));
        return true;
    }
    if (rs->king_capture == KING_CAPTURE_THRONE4_ADJ3_EDGE3) {
        snprintf(why, size,
                 "king_capture=throne4_adj3_edge3 (a king captured by three on an "
                 "edge), which an OpenTafl rules string cannot express");
        return true;
    }
    char otn[OTN_RULES_MAX];
    otn_format_rules(rs, otn, NULL);
    if (has_otn_key(otn, "cenre")) {
        snprintf(why, size,
                 "cenre (pieces barred from re-entering the throne): OpenTafl also "
                 "bars them from passing over the empty throne, and tafl-lab does "
                 "not");
        return true;
    }
    return false;
}

static ProcessResult send_position(External *a, const GameState *s, double deadline)
{
    char record[OTN_POSITION_MAX];
    otn_format_position(a->base.rules, s, record);
    return say(a, deadline, "position %s", record);
}

/* Spec 9. OpenTafl reads a clock only before `play` (ExternalEngineClient.handlePlayCommand
 * starts its search with the clock it knows then) and plans by it (AiWorkspace.planTimeUsage):
 * with no main time and more than one overtime period left it thinks for the period less
 * 750 ms, in every phase of the game; with one period left, for the period less 1000 ms (not at
 * all below 1 s: it then has no move and dies of a NullPointerException); with main time only,
 * for a share of it that changes with the phase (1/60 of it in a Brandubh opening, 1/8 later).
 * So the clock says: no main time, two periods of movetime_ms, which is also what the default
 * loss limit of 2 * movetime_ms + 1 s allows. The protocol gives periods in whole seconds:
 * rounded up. Sent before `play` for OpenTafl and after it, where the spec puts it. */
static ProcessResult send_clock(External *a, double deadline)
{
    int ms = (int)a->base.params[P_MOVETIME];
    return say(a, deadline, "clock %d* %d* %d 2 2", ms, ms, (ms + 999) / 1000);
}

/* Starts the engine and waits for its hello (spec 4). */
static bool start_engine(External *a, Move *failed)
{
    char buf[1024], *argv[MAX_ARGS + 1];
    Error err = {{0}};
    if (split_command(a->base.text[P_CMD], buf, sizeof buf, argv, &err) < 0 ||
        process_start(argv, &a->proc, &err) != ST_OK) {
        *failed = fail(a, AGENT_FAILURE_CRASH, "%s", err.text);
        return false;
    }
    log_note(a, "started %s", a->base.text[P_CMD]);
    double limit = a->base.params[P_START] / 1000.0;
    double deadline = clock_seconds() + limit;
    char line[OTEP_LINE_MAX];
    for (;;) {
        ProcessResult res = hear(a, line, sizeof line, deadline);
        if (res != PROCESS_OK) {
            *failed = broken(a, res, "hello", limit);
            return false;
        }
        char word[32];
        otep_split(line, word, sizeof word);
        if (strcmp(word, "hello") == 0)
            break;
    }
    /* OpenTafl answers an engine's hello with its own (ExternalEngineHost). */
    ProcessResult res = say(a, deadline, "hello");
    if (res != PROCESS_OK) {
        *failed = broken(a, res, "hello", limit);
        return false;
    }
    return true;
}

/* Finds the moves that lead from the engine's board to s by replaying the game's history: at
 * each ply, the one legal move whose position has the next recorded hash. Writes them into
 * path (at most max) and returns their count, or -1 when s cannot be reached from the engine's
 * board that way (no history, another start, too long): then the board itself is sent. */
static int moves_since_known(External *a, const GameState *s, const History *hist, Move *path,
                             int max)
{
    const Rules *r = a->base.rules;
    GameState cur = a->known;
    if (!hist || hist->length != (int)s->ply + 1 || cur.ply > s->ply ||
        (int)(s->ply - cur.ply) > max || hist->entries[cur.ply].hash != cur.hash)
        return -1;
    history_clear(&a->scratch);
    history_push(&a->scratch, cur.hash, cur.fort_hash, false, false);
    int count = 0;
    Move moves[RULES_MAX_MOVES];
    for (uint32_t ply = cur.ply; ply < s->ply; ply++) {
        if (state_is_over(&cur))
            return -1;
        uint64_t want = hist->entries[ply + 1].hash;
        int legal = movegen_legal(r, &cur, moves);
        int found = -1;
        CaptureList caps;
        for (int i = 0; i < legal && found < 0; i++) {
            GameState next = cur;
            int len = a->scratch.length;
            state_apply(r, &next, &a->scratch, moves[i], &caps);
            history_truncate(&a->scratch, len);
            if (next.hash == want)
                found = i;
        }
        if (found < 0)
            return -1;
        state_apply(r, &cur, &a->scratch, moves[found], &caps);
        path[count++] = moves[found];
    }
    if (cur.hash != s->hash || memcmp(cur.attackers, s->attackers, sizeof cur.attackers) != 0 ||
        memcmp(cur.defenders, s->defenders, sizeof cur.defenders) != 0 || cur.king != s->king)
        return -1;
    return count;
}

/* Spec 16: what happened since the engine's own last move (the opponent's reply, and at the
 * first move any opening plies), one `opponent-move` line per ply with the board after it: a
 * list of several moves means a berserk sequence, and OpenTafl plays each move of a list as the
 * same side's (it would reject the second). The board is sent instead when the game cannot be
 * replayed from what the engine holds. */
static ProcessResult send_catch_up(External *a, const GameState *s, const History *hist,
                                   double deadline)
{
    const Rules *r = a->base.rules;
    Move path[MAX_CATCH_UP];
    int count = moves_since_known(a, s, hist, path, MAX_CATCH_UP);
    if (count < 0)
        return send_position(a, s, deadline);
    GameState cur = a->known;
    history_clear(&a->scratch);
    history_push(&a->scratch, cur.hash, cur.fort_hash, false, false);
    ProcessResult res = PROCESS_OK;
    for (int i = 0; i < count && res == PROCESS_OK; i++) {
        CaptureList caps;
        state_apply(r, &cur, &a->scratch, path[i], &caps);
        char text[OTN_MOVE_RECORD_MAX], record[OTN_POSITION_MAX];
        otn_format_move(r, path[i], a->simple_moves ? NULL : &caps, text);
        otn_format_position(r, &cur, record);
        res = say(a, deadline, "opponent-move %s %s", text, record);
    }
    return res;
}

/* Handles a line that is not the move awaited. The engine may ask for rules, position, side or
 * clock (spec 6-9): they are resent; a position it sends with a record is its own board, which
 * must be tafl-lab's. Returns AGENT_FAILURE_NONE to go on, else the failure, described in why. */
static AgentFailure other_line(External *a, const char *line, const GameState *s, double deadline,
                               char *why, size_t size)
{
    char word[32];
    const char *args = otep_split(line, word, sizeof word);
    if (strcmp(word, "simple-moves") == 0) {
        a->simple_moves = strcmp(args, "off") != 0;
    } else if (strcmp(word, "error") == 0) {
        if (strncmp(args, "-1", 2) == 0) {
            snprintf(why, size, "the engine reported a critical error: '%.200s'", args);
            return AGENT_FAILURE_CRASH;
        }
    } else if (strcmp(word, "rules") == 0) {
        (void)send_rules(a, deadline);
    } else if (strcmp(word, "position") == 0 && *args) {
        GameState theirs;
        Error err = {{0}};
        if (otn_parse_position(a->base.rules, args, (Side)s->side, &theirs, &err) != ST_OK ||
            memcmp(theirs.attackers, s->attackers, sizeof s->attackers) != 0 ||
            memcmp(theirs.defenders, s->defenders, sizeof s->defenders) != 0 ||
            theirs.king != s->king) {
            char ours[OTN_POSITION_MAX];
            otn_format_position(a->base.rules, s, ours);
            snprintf(why, size, "the engine's board '%.200s' is not the game's '%.300s'", args,
                     ours);
            return AGENT_FAILURE_ILLEGAL_MOVE;
        }
    } else if (strcmp(word, "position") == 0) {
        (void)send_position(a, s, deadline);
    } else if (strcmp(word, "side") == 0) {
        (void)say(a, deadline, "side %s", ruleset_side_name((Side)s->side));
    } else if (strcmp(word, "clock") == 0) {
        (void)send_clock(a, deadline);
    }
    /* hello, status, analysis and anything else: kept in the transcript only. */
    return AGENT_FAILURE_NONE;
}

/* Quirk opentafl: waits for OPENTAFL_SETTLED, so that nothing reaches OpenTafl's board before
 * its own move has. False (the failure in *failed) when the engine breaks off instead. */
static bool wait_settled(External *a, const GameState *s, Move *failed)
{
    double limit = move_limit(a);
    double deadline = clock_seconds() + limit;
    char line[OTEP_LINE_MAX];
    for (;;) {
        ProcessResult res = hear(a, line, sizeof line, deadline);
        if (res != PROCESS_OK) {
            *failed = broken(a, res, "end of its search report after its move", limit);
            return false;
        }
        if (strncmp(line, OPENTAFL_SETTLED, strlen(OPENTAFL_SETTLED)) == 0)
            return true;
        char why[600];
        AgentFailure f = other_line(a, line, s, deadline, why, sizeof why);
        if (f != AGENT_FAILURE_NONE) {
            *failed = fail(a, f, "%s", why);
            return false;
        }
    }
}

static Move external_choose(Agent *agent, const GameState *s, const History *hist)
{
    External *a = (External *)agent;
    const Rules *r = agent->rules;
    bool opentafl = (int)agent->params[P_QUIRKS] == QUIRKS_OPENTAFL;
    Move failed;
    if (a->dead)
        return fail(a, AGENT_FAILURE_CRASH, "asked for a move after failing");
    if (!a->proc && !start_engine(a, &failed))
        return failed;
    double limit = move_limit(a);
    double deadline = clock_seconds() + limit;
    ProcessResult res = PROCESS_OK;
    if (!a->started) {
        /* Spec 6: rules (the engine sets up their start). No `side`: spec 8 keeps it for
         * analysis, and OpenTafl makes it the side to move, so the opponent's first move
         * would be refused on its board (GameState.moveTaflman: ILLEGAL_SIDE) and the boards
         * would part. The side comes with `play`. */
        res = send_rules(a, deadline);
        if (res == PROCESS_OK)
            res = say(a, deadline, OTEP_EXT_SEED " %llu", (unsigned long long)a->seed);
        if (res == PROCESS_OK)
            res = say(a, deadline, "start");
        state_init(r, &a->known);
        a->started = true;
    }
    if (res == PROCESS_OK)
        res = send_catch_up(a, s, hist, deadline);
    if (res == PROCESS_OK)
        res = send_clock(a, deadline);
    double asked = clock_seconds();
    if (res == PROCESS_OK)
        res = say(a, deadline, "play %s", ruleset_side_name((Side)s->side));
    if (res == PROCESS_OK)
        res = send_clock(a, deadline);
    if (res != PROCESS_OK) {
        if (res == PROCESS_CLOSED)
            hear_what_is_left(a, deadline);
        return broken(a, res, "move", limit);
    }

    char line[OTEP_LINE_MAX];
    for (;;) {
        res = hear(a, line, sizeof line, deadline);
        if (res != PROCESS_OK)
            return broken(a, res, "move", limit);
        char word[32];
        const char *args = otep_split(line, word, sizeof word);
        if (strcmp(word, "move") != 0) {
            char why[600];
            AgentFailure f = other_line(a, line, s, deadline, why, sizeof why);
            if (f != AGENT_FAILURE_NONE)
                return fail(a, f, "%s", why);
            continue;
        }
        Move m;
        Error err = {{0}};
        if (otep_parse_move(r, args, &m, &err) != ST_OK)
            return fail(a, AGENT_FAILURE_ILLEGAL_MOVE, "%s", err.text);
        if (!movegen_is_legal_in_game(r, s, hist, m))
            return fail(a, AGENT_FAILURE_ILLEGAL_MOVE, "'%s' is not a legal move for the %s", args,
                        ruleset_side_name((Side)s->side));
        if (agent->params[P_LOG_TIMES] != 0)
            log_note(a, "move in %.1f ms", (clock_seconds() - asked) * 1000);
        /* Spec 14: confirm with the board after the move; it is what the engine now holds. */
        a->known = *s;
        history_clear(&a->scratch);
        history_push(&a->scratch, s->hash, s->fort_hash, false, false);
        state_apply(r, &a->known, &a->scratch, m, NULL);
        char record[OTN_POSITION_MAX];
        otn_format_position(r, &a->known, record);
        /* The move stands even if the engine is gone by now: the next exchange finds out. */
        (void)say(a, deadline, "move %s", record);
        if (opentafl && !wait_settled(a, &a->known, &failed))
            return failed;
        a->faults_since_move = 0;
        return m;
    }
}

static void external_end_game(Agent *agent, Winner winner)
{
    External *a = (External *)agent;
    if (a->noise > 0)
        log_note(a, "lines from the engine that are no OTEP command: %d, fault reports: %d",
                 a->noise, a->faults);
    if (a->proc) {
        /* Spec 17. A failure to say it changes nothing: the engine is stopped either way. */
        (void)say(a, clock_seconds() + 1.0, "finish %d", otep_finish_code(winner));
        stop_engine(a, STOP_GRACE);
    }
    a->started = false;
}

static void external_new_game(Agent *agent, uint64_t seed)
{
    External *a = (External *)agent;
    if (a->proc)
        external_end_game(agent, WINNER_NONE); /* a game that ended without agent_end_game */
    a->started = false;
    a->dead = false;
    a->simple_moves = true;
    a->seed = seed;
    a->log_len = 0;
    a->log_cut = false;
    a->noise = 0;
    a->faults = 0;
    a->faults_since_move = 0;
    a->first_fault[0] = '\0';
    if (a->log)
        a->log[0] = '\0';
}

static const char *external_transcript(const Agent *agent)
{
    const External *a = (const External *)agent;
    return a->log ? a->log : "";
}

static void external_destroy(Agent *agent)
{
    External *a = (External *)agent;
    if (a->proc) {
        (void)say(a, clock_seconds() + 1.0, "finish 0");
        (void)say(a, clock_seconds() + 1.0, "goodbye");
        stop_engine(a, STOP_GRACE);
    }
    history_free(&a->scratch);
    free(a->log);
    free(a);
}

/* quirks=opentafl refuses, before any game, rules OpenTafl would play otherwise. */
static Status external_check_rules(const double *params, const Rules *r, Error *err)
{
    char why[320];
    if ((int)params[P_QUIRKS] == QUIRKS_OPENTAFL && opentafl_refusal(&r->opt, why, sizeof why)) {
        error_set(err, "agent external: quirks=opentafl: OpenTafl cannot play ruleset '%s': %s",
                  r->opt.name, why);
        return ST_EINVAL;
    }
    return ST_OK;
}

static const AgentOps OPS = {external_choose, external_new_game, external_destroy};

static Agent *external_create(const Rules *r, const double *params, uint64_t seed)
{
    External *a = xcalloc(1, sizeof *a);
    agent_init_base(&a->base, &OPS, &AGENT_TYPE_EXTERNAL, r, params);
    history_init(&a->scratch);
    a->simple_moves = true;
    a->seed = seed;
    return &a->base;
}

const AgentType AGENT_TYPE_EXTERNAL = {
    .name = "external",
    .summary = "another program that speaks the OpenTafl Engine Protocol (OTEP) as an engine, "
               "e.g. cmd=build/tafl engine --agent alphabeta:depth=4 or OpenTafl --engine; it "
               "loses a game by an illegal move, by exiting (engine_crash) or by silence past "
               "its limit (engine_timeout)",
    .params = PARAMS,
    .param_count = P_COUNT,
    .memory = "one engine process per game in flight, started at its first move and stopped "
              "at the game's end; the game's transcript (at most 4 MiB)",
    .create = external_create,
    .check = external_check,
    .check_rules = external_check_rules,
    .end_game = external_end_game,
    .transcript = external_transcript,
    .external = true,
};
