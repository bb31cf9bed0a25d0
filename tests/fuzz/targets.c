/* The fuzz targets (see targets.h). Each feeds the bytes to one parser through the entry point a
 * user's input takes, then checks what every answer must satisfy: an error is one non-empty
 * line; what parses is valid (it compiles, validates) and reads back the same when written. */
#include "tests/fuzz/targets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/evalfile.h"
#include "formats/experiment.h"
#include "formats/games.h"
#include "formats/rulesfile.h"
#include "formats/summary.h"
#include "formats/trainfile.h"
#include "rules/csvgame.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/otn_game.h"
#include "tune/selfplay.h"

/* Inputs longer than this are cut: every parser here reads lines of at most a few hundred
 * bytes, and short inputs keep the fuzzer fast. */
#define TEXT_MAX 8192

/* Aborts, so that libFuzzer keeps the input, when an invariant breaks. */
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz: %s:%d: %s\n", __FILE__, __LINE__, #cond);                       \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* A NUL-terminated copy of at most TEXT_MAX bytes (embedded NULs end it early, as they would a
 * command-line argument). Caller frees. */
static char *text_of(const uint8_t *data, size_t size)
{
    size_t n = size < TEXT_MAX ? size : TEXT_MAX;
    char *s = xmalloc(n + 1);
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

/* An error a user sees: one line, not empty. */
static void check_error(const Error *err)
{
    FUZZ_CHECK(err->text[0] != '\0');
    FUZZ_CHECK(strchr(err->text, '\n') == NULL);
}

/* A read-only stream over the bytes (file parsers read streams). NULL for empty input, which
 * glibc's fmemopen refuses; the caller treats it as an empty file. */
static FILE *stream_of(const uint8_t *data, size_t size)
{
    size_t n = size < TEXT_MAX ? size : TEXT_MAX;
    return n > 0 ? fmemopen((void *)data, n, "r") : NULL;
}

/* Memory-size parameters (mcts max_nodes, alphabeta tt_mb) ask for up to 20 GB at agent
 * creation by design: a fuzzer would only measure the machine. Inputs naming them are
 * skipped; agent_check_param still reads their values in fuzz_agent_spec. */
static bool names_memory_size(const uint8_t *data, size_t size)
{
    static const char *const keys[] = {"max_nodes", "tt_mb"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        size_t len = strlen(keys[k]);
        for (size_t i = 0; i + len <= size; i++) {
            if (memcmp(data + i, keys[k], len) == 0) {
                return true;
            }
        }
    }
    return false;
}

int fuzz_experiment(const uint8_t *data, size_t size)
{
    FILE *f = stream_of(data, size);
    if (f == NULL || names_memory_size(data, size)) {
        if (f) {
            fclose(f);
        }
        return 0;
    }
    Experiment *exp = xcalloc(1, sizeof *exp);
    Error err = {{0}};
    /* A path in a directory that does not exist: `files =` resolves to nothing real. */
    Status st = experiment_load_stream(f, "/nonexistent-fuzz/experiment.ini", exp, &err);
    fclose(f);
    if (st != ST_OK) {
        check_error(&err);
    } else {
        FUZZ_CHECK(exp->ruleset_count >= 1 && exp->agent_count >= 1 && exp->pairing_count >= 1);
        FUZZ_CHECK(exp->games >= 1);
        FUZZ_CHECK((long long)exp->ruleset_count * exp->pairing_count * exp->games <=
                   EXPERIMENT_GAMES_TOTAL_MAX);
        for (int i = 0; i < exp->pairing_count; i++) {
            FUZZ_CHECK(exp->pairings[i].attacker >= 0 &&
                       exp->pairings[i].attacker < exp->agent_count);
            FUZZ_CHECK(exp->pairings[i].defender >= 0 &&
                       exp->pairings[i].defender < exp->agent_count);
        }
        for (int i = 0; i < exp->ruleset_count; i++) {
            Rules r;
            FUZZ_CHECK(rules_compile(&exp->rulesets[i], &r, &err) == ST_OK);
            FUZZ_CHECK(rulesfile_check_start(&r, &err) == ST_OK);
        }
    }
    free(exp);
    return 0;
}

int fuzz_ruleset(const uint8_t *data, size_t size)
{
    FILE *f = stream_of(data, size);
    if (f == NULL) {
        return 0;
    }
    Ruleset rs;
    Error err = {{0}};
    Status st = rulesfile_read_stream(f, "fuzz.ini", &rs, &err);
    fclose(f);
    if (st != ST_OK) {
        check_error(&err);
        return 0;
    }
    Rules r;
    FUZZ_CHECK(rules_compile(&rs, &r, &err) == ST_OK);
    FUZZ_CHECK(rulesfile_check_start(&r, &err) == ST_OK);
    /* What `tafl rules show` writes reads back as the same ruleset. */
    char text[4096], again[4096];
    FUZZ_CHECK(ruleset_format(&rs, text, (int)sizeof text) < (int)sizeof text);
    f = fmemopen(text, strlen(text), "r");
    FUZZ_CHECK(f != NULL);
    Ruleset back;
    st = rulesfile_read_stream(f, "fuzz.ini", &back, &err);
    fclose(f);
    if (st != ST_OK) {
        fprintf(stderr, "fuzz: does not read back: %s\n%s", err.text, text);
    }
    FUZZ_CHECK(st == ST_OK);
    FUZZ_CHECK(ruleset_format(&back, again, (int)sizeof again) < (int)sizeof again);
    FUZZ_CHECK(strcmp(text, again) == 0);
    return 0;
}

int fuzz_otn_rules(const uint8_t *data, size_t size)
{
    char *text = text_of(data, size);
    Ruleset rs;
    Error err = {{0}};
    Status st = otn_parse_rules(text, &rs, &err);
    if (st != ST_OK) {
        check_error(&err);
    } else {
        Rules r;
        if (rules_compile(&rs, &r, &err) != ST_OK) {
            check_error(&err);
        } else {
            /* Written as OTN and read again, the same options OTN can express. */
            char otn[OTN_RULES_MAX], warnings[256], again[OTN_RULES_MAX];
            otn_format_rules(&rs, otn, warnings);
            Ruleset back;
            st = otn_parse_rules(otn, &back, &err);
            if (st != ST_OK) {
                fprintf(stderr, "fuzz: '%s' does not read back: %s\n", otn, err.text);
            }
            FUZZ_CHECK(st == ST_OK);
            otn_format_rules(&back, again, warnings);
            FUZZ_CHECK(strcmp(otn, again) == 0);
        }
    }
    free(text);
    return 0;
}

/* The preset a target's first byte picks, compiled. */
static void preset_of(uint8_t byte, Rules *r)
{
    Error err = {{0}};
    Status st = rules_compile(ruleset_preset_at(byte % ruleset_preset_count()), r, &err);
    FUZZ_CHECK(st == ST_OK);
}

int fuzz_otn_position(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    Rules r;
    preset_of(data[0], &r);
    Side side = (data[0] >> 7) ? SIDE_DEFENDERS : SIDE_ATTACKERS;
    char *text = text_of(data + 1, size - 1);
    GameState s;
    Error err = {{0}};
    if (otn_parse_position(&r, text, side, &s, &err) != ST_OK) {
        check_error(&err);
    } else {
        FUZZ_CHECK(state_validate(&r, &s, &err));
        Move moves[RULES_MAX_MOVES];
        FUZZ_CHECK(movegen_legal(&r, &s, moves) == movegen_count(&r, &s));
        char out[OTN_POSITION_MAX], again[OTN_POSITION_MAX];
        otn_format_position(&r, &s, out);
        GameState back;
        FUZZ_CHECK(otn_parse_position(&r, out, side, &back, &err) == ST_OK);
        otn_format_position(&r, &back, again);
        FUZZ_CHECK(strcmp(out, again) == 0 && back.hash == s.hash);
    }
    free(text);
    return 0;
}

int fuzz_otn_move(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    Rules r;
    preset_of(data[0], &r);
    char *text = text_of(data + 1, size - 1);
    Move m;
    CaptureList caps;
    Error err = {{0}};
    if (otn_parse_move(&r, text, &m, &caps, &err) != ST_OK) {
        check_error(&err);
    } else {
        char out[OTN_MOVE_RECORD_MAX], again[OTN_MOVE_RECORD_MAX];
        otn_format_move(&r, m, &caps, out);
        Move back;
        CaptureList back_caps;
        FUZZ_CHECK(otn_parse_move(&r, out, &back, &back_caps, &err) == ST_OK);
        otn_format_move(&r, back, &back_caps, again);
        FUZZ_CHECK(strcmp(out, again) == 0);
        GameState s;
        state_init(&r, &s);
        (void)movegen_is_legal(&r, &s, m); /* any parsed move may be asked about */
    }
    free(text);
    return 0;
}

int fuzz_agent_spec(const uint8_t *data, size_t size)
{
    char *spec = text_of(data, size);
    Rules r;
    preset_of(0, &r);
    Error err = {{0}};
    if (names_memory_size(data, size)) {
        /* Read the value without creating the agent (see names_memory_size). */
        const char *eq = strchr(spec, '=');
        const char *colon = strchr(spec, ':');
        if (colon && eq && colon < eq) {
            char type[32], key[32];
            snprintf(type, sizeof type, "%.*s", (int)(colon - spec), spec);
            snprintf(key, sizeof key, "%.*s", (int)(eq - colon - 1), colon + 1);
            if (agent_check_param(type, key, eq + 1, &err) != ST_OK) {
                check_error(&err);
            }
        }
        free(spec);
        return 0;
    }
    Agent *a = NULL;
    if (agent_create(spec, &r, 1, &a, &err) != ST_OK) {
        check_error(&err);
    } else {
        /* The full spec an agent describes itself with makes the same agent. */
        char full[2048], again[2048];
        agent_describe(a, full, sizeof full);
        Agent *b = NULL;
        Status st = agent_create(full, &r, 1, &b, &err);
        if (st != ST_OK) {
            fprintf(stderr, "fuzz: '%s' does not read back: %s\n", full, err.text);
        }
        FUZZ_CHECK(st == ST_OK);
        agent_describe(b, again, sizeof again);
        FUZZ_CHECK(strcmp(full, again) == 0);
        agent_destroy(b);
        agent_destroy(a);
    }
    free(spec);
    return 0;
}

int fuzz_games_csv(const uint8_t *data, size_t size)
{
    FILE *f = stream_of(data, size);
    if (f == NULL) {
        return 0;
    }
    GameRow *rows = NULL;
    long count = 0, valid = 0;
    Error err = {{0}};
    Status st = results_games_read_stream(f, "games.csv", &rows, &count, &valid, &err);
    fclose(f);
    if (st != ST_OK) {
        check_error(&err);
        FUZZ_CHECK(rows == NULL && count == 0);
        return 0;
    }
    FUZZ_CHECK(valid >= 0 && (size_t)valid <= size);
    FUZZ_CHECK(count == 0 || rows != NULL);
    /* The summary statistics of whatever rows came back (tafl summarize prints them). */
    char *table = NULL;
    size_t table_len = 0;
    FILE *out = open_memstream(&table, &table_len);
    FUZZ_CHECK(out != NULL);
    results_print_table(out, rows, count);
    fclose(out);
    free(table);
    results_free_rows(rows, count);
    return 0;
}

/* --- game records (tafl replay) --- */

/* A reader's error: one line naming the file ("NAME:LINE: what", as tafl replay prints it). */
static void check_record_error(const Error *err, const char *name)
{
    check_error(err);
    size_t len = strlen(name);
    FUZZ_CHECK(strncmp(err->text, name, len) == 0 && err->text[len] == ':');
}

/* Lines in the bytes a reader saw, counting a last line without its newline. */
static int lines_of(const uint8_t *data, size_t size)
{
    size_t n = size < TEXT_MAX ? size : TEXT_MAX;
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += data[i] == '\n';
    return lines + (n > 0 && data[n - 1] != '\n');
}

/* What a replay showed: the moves in the order it played them, and where it got to. */
typedef struct {
    const Rules *r;
    Move *moves;     /* room for the game's moves */
    int plies;       /* the last ply seen, -1 before the start */
    GameState after; /* the position after it */
} Replayed;

/* record_replay's visitor: every ply once, in order, each position valid. */
static void see_ply(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                    const CaptureList *caps)
{
    Replayed *rp = ctx;
    Error err = {{0}};
    FUZZ_CHECK(ply == rp->plies + 1);
    FUZZ_CHECK((ply == 0) == (rm == NULL) && (ply == 0) == (caps == NULL));
    bool valid = state_validate(rp->r, s, &err);
    if (!valid)
        fprintf(stderr, "fuzz: ply %d: %s\n", ply, err.text);
    FUZZ_CHECK(valid);
    if (ply > 0)
        rp->moves[ply - 1] = m;
    rp->plies = ply;
    rp->after = *s;
}

/* Replays g under r, as tafl replay does; checks the replay's answer and, when it agrees,
 * fills moves[0..g->count) with what was played and *after with where it ended. */
static bool replay_checked(const Rules *r, const RecordGame *g, int lines, Move *moves,
                           GameState *after)
{
    Replayed rp = {.r = r, .moves = moves, .plies = -1};
    RecordIssue issue = {.line = 0};
    bool ok = record_replay(r, g, see_ply, &rp, &issue);
    if (!ok) {
        /* tafl replay prints "FILE:LINE: ply N: what". */
        FUZZ_CHECK(issue.what[0] != '\0' && strchr(issue.what, '\n') == NULL);
        FUZZ_CHECK(issue.line >= 1 && issue.line <= lines);
        FUZZ_CHECK(issue.ply >= 0 && issue.ply <= g->count);
        return false;
    }
    FUZZ_CHECK(rp.plies == g->count);
    *after = rp.after;
    return true;
}

/* The game's start as rules of their own: r, with g's position record as the start layout
 * when it has one, since otn_game_write plays from the rules' start. */
static void rules_with_start(const Rules *r, const RecordGame *g, Rules *out)
{
    if (g->start[0] == '\0') {
        *out = *r;
        return;
    }
    Ruleset rs = r->opt;
    snprintf(rs.start, sizeof rs.start, "%s", g->start);
    Error err = {{0}};
    Status st = rules_compile(&rs, out, &err);
    if (st != ST_OK)
        fprintf(stderr, "fuzz: start '%s' replays but does not compile: %s\n", g->start, err.text);
    FUZZ_CHECK(st == ST_OK);
}

/* A game that replayed and agreed: written by otn_game_write and read back by otn_game_read,
 * it is one game of the same moves and players, which replays to the same end, under r and,
 * when r says all it holds in OTN, under the rules string the record carries. */
static void check_written(const Rules *r, const RecordGame *g, const Move *moves,
                          const GameState *end)
{
    int n = g->count;
    Rules w;
    rules_with_start(r, g, &w);
    OtnGameTags tags = {.attackers = g->attackers[0] ? g->attackers : NULL,
                        .defenders = g->defenders[0] ? g->defenders : NULL,
                        .compiler = "fuzz"};
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    FUZZ_CHECK(out != NULL);
    Error err = {{0}};
    Status st = otn_game_write(out, &w, &tags, moves, n, &err);
    FUZZ_CHECK(fclose(out) == 0);
    if (st != ST_OK)
        fprintf(stderr, "fuzz: a replayed game does not write: %s\n", err.text);
    FUZZ_CHECK(st == ST_OK);

    FILE *in = fmemopen(text, len, "r");
    FUZZ_CHECK(in != NULL);
    RecordGame *back = NULL;
    int count = 0;
    st = otn_game_read(in, "written.otn", &back, &count, &err);
    fclose(in);
    if (st != ST_OK)
        fprintf(stderr, "fuzz: the written game does not read back: %s\n%s", err.text, text);
    FUZZ_CHECK(st == ST_OK && count == 1);
    FUZZ_CHECK(back[0].count == n && back[0].start[0] == '\0');
    FUZZ_CHECK(strcmp(back[0].attackers, g->attackers) == 0);
    FUZZ_CHECK(strcmp(back[0].defenders, g->defenders) == 0);
    for (int i = 0; i < n; i++) {
        Move m;
        OtnStatus mark;
        FUZZ_CHECK(otn_parse_move_record(&w, back[0].moves[i].text, &m, NULL, &mark, &err) ==
                   ST_OK);
        FUZZ_CHECK(m.from == moves[i].from && m.to == moves[i].to);
    }
    int lines = lines_of((const uint8_t *)text, len);
    Move *again = xmalloc((size_t)(n + 1) * sizeof *again);
    GameState after;
    if (!replay_checked(&w, &back[0], lines, again, &after)) {
        RecordIssue issue;
        (void)record_replay(&w, &back[0], NULL, NULL, &issue);
        fprintf(stderr, "fuzz: the written game disagrees: %d: ply %d: %s\n%s", issue.line,
                issue.ply, issue.what, text);
        FUZZ_CHECK(false);
    }
    FUZZ_CHECK(after.hash == end->hash && after.reason == end->reason &&
               after.winner == end->winner);

    /* The rules string in the record replays it too, unless OTN cannot say all of w. */
    char otn[OTN_RULES_MAX], warnings[256];
    otn_format_rules(&w.opt, otn, warnings);
    FUZZ_CHECK(strcmp(back[0].rules, otn) == 0);
    if (warnings[0] == '\0') {
        Ruleset rs;
        Rules tagged;
        FUZZ_CHECK(otn_parse_rules(back[0].rules, &rs, &err) == ST_OK);
        FUZZ_CHECK(rules_compile(&rs, &tagged, &err) == ST_OK);
        FUZZ_CHECK(replay_checked(&tagged, &back[0], lines, again, &after));
        FUZZ_CHECK(after.hash == end->hash && after.reason == end->reason);
    }
    free(again);
    record_games_free(back, count);
    free(text);
}

/* What both game-record targets check of what a reader returned: games within the input's
 * lines, each replayed under the rules rules_of gives it (false: none, skipped) and, when it
 * agrees, written and read back (check_written). */
typedef bool (*GameRules)(const RecordGame *g, int index, Rules *r);

static void check_games(const RecordGame *games, int count, int lines, GameRules rules_of)
{
    for (int i = 0; i < count; i++) {
        const RecordGame *g = &games[i];
        FUZZ_CHECK(g->line >= 1 && g->line <= g->end_line && g->end_line <= lines);
        FUZZ_CHECK(i == 0 || games[i - 1].line < g->line);
        FUZZ_CHECK(g->count >= 0 && (g->count == 0 || g->moves != NULL));
        for (int k = 0; k < g->count; k++)
            FUZZ_CHECK(g->moves[k].line >= g->line && g->moves[k].line <= g->end_line);
        Rules r;
        if (!rules_of(g, i, &r))
            continue;
        Move *moves = xmalloc((size_t)(g->count + 1) * sizeof *moves);
        GameState end;
        if (replay_checked(&r, g, lines, moves, &end))
            check_written(&r, g, moves, &end);
        free(moves);
    }
}

/* The rules tafl replay gives an OTN game without --rules: its own rules string (see
 * game_rules in cli/cmd_replay.c). A game that names none, which tafl replay refuses without
 * --rules, is replayed as if --rules named a preset, the game's index choosing which. */
static bool otn_game_rules(const RecordGame *g, int index, Rules *r)
{
    Error err = {{0}};
    if (g->rules[0] == '\0') {
        FUZZ_CHECK(rules_compile(ruleset_preset_at(index % ruleset_preset_count()), r, &err) ==
                   ST_OK);
        return true;
    }
    Ruleset rs;
    if (otn_parse_rules(g->rules, &rs, &err) != ST_OK || rules_compile(&rs, r, &err) != ST_OK) {
        check_error(&err);
        return false;
    }
    return true;
}

/* A reader of game records: otn_game_read or csvgame_read. */
typedef Status (*RecordReader)(FILE *f, const char *path, RecordGame **games, int *count,
                               Error *err);

/* Reads data as a file named name with read, then checks every game it holds under the rules
 * rules_of gives (check_games); a read error must be one line naming the file, with no games. */
static int fuzz_records(const uint8_t *data, size_t size, RecordReader read, const char *name,
                        GameRules rules_of)
{
    FILE *f = stream_of(data, size);
    if (f == NULL) {
        return 0;
    }
    RecordGame *games = NULL;
    int count = 0;
    Error err = {{0}};
    Status st = read(f, name, &games, &count, &err);
    fclose(f);
    if (st != ST_OK) {
        check_record_error(&err, name);
        FUZZ_CHECK(games == NULL && count == 0);
        return 0;
    }
    check_games(games, count, lines_of(data, size), rules_of);
    record_games_free(games, count);
    return 0;
}

int fuzz_otn_game(const uint8_t *data, size_t size)
{
    return fuzz_records(data, size, otn_game_read, "fuzz.otn", otn_game_rules);
}

/* The move-list CSV names no rules (tafl replay needs --rules): copenhagen, the rules of
 * copenhagen.csv's games. */
static bool csv_game_rules(const RecordGame *g, int index, Rules *r)
{
    (void)g;
    (void)index;
    Error err = {{0}};
    FUZZ_CHECK(rules_compile(ruleset_preset_find("copenhagen"), r, &err) == ST_OK);
    return true;
}

int fuzz_csv_game(const uint8_t *data, size_t size)
{
    return fuzz_records(data, size, csvgame_read, "fuzz.csv", csv_game_rules);
}

/* Brandubh as `tafl train` compiles it with t's max_plies: the rules of the training seeds. */
static void train_rules(const TrainFile *t, Rules *r)
{
    Ruleset rs = *ruleset_preset_find("brandubh");
    rs.max_plies = t->max_plies;
    Error err = {{0}};
    FUZZ_CHECK(rules_compile(&rs, r, &err) == ST_OK);
}

int fuzz_train_ini(const uint8_t *data, size_t size)
{
    FILE *f = stream_of(data, size);
    if (f == NULL)
        return 0;
    TrainFile *t = xcalloc(1, sizeof *t);
    Error err = {{0}};
    /* A path in a directory that does not exist: rules and recorded games files resolve to
     * nothing real. */
    Status st = trainfile_load_stream(f, "/nonexistent-fuzz/train.ini", t, &err);
    fclose(f);
    if (st != ST_OK) {
        check_error(&err);
    } else {
        FUZZ_CHECK(t->games >= 1 && t->generations >= 1 && t->window >= 1);
        FUZZ_CHECK(t->league_count >= 0 && t->league_count <= TRAINFILE_LEAGUE_MAX);
        FUZZ_CHECK(t->score_weight >= 0 && t->score_weight <= 1);
        char setup[16384];
        int n = trainfile_format(t, setup, sizeof setup);
        FUZZ_CHECK(n > 0 && (size_t)n < sizeof setup);
    }
    free(t);
    return 0;
}

int fuzz_train_pos(const uint8_t *data, size_t size)
{
    TrainFile t;
    trainfile_defaults(&t);
    Rules r;
    train_rules(&t, &r);
    GenData g = {NULL, 0};
    Error err = {{0}};
    if (selfplay_parse_positions("fuzz.pos", data, size, &r, &t, &g, &err) != ST_OK) {
        check_error(&err);
        FUZZ_CHECK(g.pos == NULL);
        return 0;
    }
    /* What reads back is what self-play keeps, and writes back as the same bytes. */
    for (int k = 0; k < g.count; k++) {
        FUZZ_CHECK(state_validate(&r, &g.pos[k].s, &err) && !state_is_over(&g.pos[k].s));
        FUZZ_CHECK(isfinite(g.pos[k].label) && g.pos[k].search >= 0 && g.pos[k].search <= 1);
        FUZZ_CHECK(g.pos[k].game >= 0 && g.pos[k].game < t.games);
    }
    char *out = NULL;
    size_t len = 0;
    selfplay_encode_positions(&r, &g, &out, &len);
    FUZZ_CHECK(len == size && memcmp(out, data, size) == 0);
    free(out);
    free(g.pos);
    return 0;
}

int fuzz_eval_file(const uint8_t *data, size_t size)
{
    TrainFile t;
    trainfile_defaults(&t);
    Rules r;
    train_rules(&t, &r);
    EvalModel *m = xmalloc(sizeof *m), *again = xmalloc(sizeof *again);
    Error err = {{0}};
    if (evalmodel_parse((const char *)data, size, "fuzz.eval", &r, m, &err) != ST_OK) {
        check_error(&err);
    } else {
        /* A model read is one a training may write, and writes the text that reads back as
         * itself. */
        FUZZ_CHECK(evalmodel_check_weights(&r, m, "fuzz.eval", &err) == ST_OK);
        char *text = evalmodel_format(&r, m);
        FUZZ_CHECK(evalmodel_parse(text, strlen(text), "fuzz.eval", &r, again, &err) == ST_OK);
        FUZZ_CHECK(again->kind == m->kind && again->count == m->count);
        FUZZ_CHECK(memcmp(again->w, m->w, (size_t)m->count * sizeof *m->w) == 0);
        char *twice = evalmodel_format(&r, again);
        FUZZ_CHECK(strcmp(text, twice) == 0);
        free(twice);
        free(text);
    }
    free(again);
    free(m);
    return 0;
}

const FuzzTarget FUZZ_TARGETS[] = {
    {"experiment", fuzz_experiment}, {"ruleset", fuzz_ruleset},
    {"otn_rules", fuzz_otn_rules},   {"otn_position", fuzz_otn_position},
    {"otn_move", fuzz_otn_move},     {"agent_spec", fuzz_agent_spec},
    {"games_csv", fuzz_games_csv},   {"otn_game", fuzz_otn_game},
    {"csv_game", fuzz_csv_game},     {"train_ini", fuzz_train_ini},
    {"train_pos", fuzz_train_pos},   {"eval_file", fuzz_eval_file},
};
const int FUZZ_TARGET_COUNT = (int)(sizeof FUZZ_TARGETS / sizeof FUZZ_TARGETS[0]);
