/* The fuzz targets (see targets.h). Each feeds the bytes to one parser through the entry point a
 * user's input takes, then checks what every answer must satisfy: an error is one non-empty
 * line; what parses is valid (it compiles, validates) and reads back the same when written. */
#include "tests/fuzz/targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "sim/experiment.h"
#include "sim/results.h"
#include "sim/rulesfile.h"

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
        char out[OTN_MOVE_MAX], again[OTN_MOVE_MAX];
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

const FuzzTarget FUZZ_TARGETS[] = {
    {"experiment", fuzz_experiment}, {"ruleset", fuzz_ruleset},
    {"otn_rules", fuzz_otn_rules},   {"otn_position", fuzz_otn_position},
    {"otn_move", fuzz_otn_move},     {"agent_spec", fuzz_agent_spec},
    {"games_csv", fuzz_games_csv},
};
const int FUZZ_TARGET_COUNT = (int)(sizeof FUZZ_TARGETS / sizeof FUZZ_TARGETS[0]);
