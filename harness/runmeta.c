/* Run directory records: DIR/setup and DIR/rulesets/ before the first game (compared at a
 * resume, read back by tafl reproduce), DIR/meta after the last. */
#include "harness/runmeta.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "agents/agent.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "formats/files.h"
#include "formats/keyvalue.h"
#include "formats/results.h"
#include "formats/rulesfile.h"
#include "formats/safetext.h"
#include "harness/bench.h"
#include "harness/buildinfo.h"
#include "harness/version.h"
#include "rules/otn.h"
#include "stats/balance.h"

#define PATH_LEN 2048
/* 2: alpha-beta's search features on by default. A setup of format 1 names its agents with
 * the defaults of its day: read back, its specs get them (agent_spec_legacy). */
#define SETUP_FORMAT 2
#define RULES_TEXT   8192

/* The file ruleset i's text is kept in, relative to the run directory. Ruleset names are file
 * names already (ruleset_name_ok: no '/'); any other name gets its index. */
static void ruleset_file_of(const Ruleset *r, int i, char *buf, size_t size)
{
    if (ruleset_name_ok(r->name))
        snprintf(buf, size, "%s/%s.rules", RUNMETA_RULESETS, r->name);
    else
        snprintf(buf, size, "%s/ruleset-%d.rules", RUNMETA_RULESETS, i + 1);
}

/* Whether a setup's ruleset_file value may be read or written: a name under rulesets/ that
 * stays inside the run directory (files_name_is_inside: no "..", no absolute path). What
 * tafl reproduce reads and tafl merge copies both pass here, so a shard's setup cannot send a
 * copy outside --out. A ruleset named v1..2 is fine: its file is
 * rulesets/v1..2.rules. */
static bool ruleset_file_ok(const char *file)
{
    size_t n = strlen(RUNMETA_RULESETS);
    return strncmp(file, RUNMETA_RULESETS, n) == 0 && file[n] == '/' && files_name_is_inside(file);
}

static void ruleset_file(const Experiment *exp, int i, char *buf, size_t size)
{
    ruleset_file_of(&exp->rulesets[i], i, buf, size);
}

/* Every option of the ruleset r as played. Caller frees. */
static char *played_text(const Ruleset *r)
{
    int n = ruleset_format(r, NULL, 0);
    char *text = xmalloc((size_t)n + 1);
    ruleset_format(r, text, n + 1);
    return text;
}

/* The setup file's text: every setting that decides which games are played and how. One
 * `key value` line each; values run to the end of the line. Caller frees. */
static char *setup_text(const Experiment *exp, const ResolvedAgent *const *resolved)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = xopen_memstream(&buf, &size);
    fprintf(f, "setup_format %d\nexperiment %s\nkind %s\nseed %" PRIu64 "\n", SETUP_FORMAT,
            exp->name,
            exp->kind == EXPERIMENT_CURVE    ? "curve"
            : exp->kind == EXPERIMENT_DESIGN ? "design"
                                             : "balance",
            exp->seed);
    fprintf(f, "max_plies %d\nopening_plies %d\nrecord_moves %s\nmax_width %.17g\n", exp->max_plies,
            exp->opening_plies, exp->record_moves ? "yes" : "no", exp->max_width);
    fprintf(f, "check_every %d\nrulesets %d\n", exp->check_every, exp->ruleset_count);
    for (int i = 0; i < exp->ruleset_count; i++) {
        char file[PATH_LEN];
        ruleset_file(exp, i, file, sizeof file);
        fprintf(f, "ruleset.%d %s\nruleset_file.%d %s\n", i + 1, exp->rulesets[i].name, i + 1,
                file);
    }
    fprintf(f, "agents %d\n", exp->agent_count);
    for (int i = 0; i < exp->agent_count; i++) {
        fprintf(f, "agent.%d %s\nspec.%d %s\n", i + 1, exp->agents[i].name, i + 1,
                exp->agents[i].spec);
        /* An evaluation file's content, as the run read it: a resume refuses a changed file. */
        uint64_t hash;
        if (agent_resolved_eval_file_hash(resolved[i], &hash))
            fprintf(f, "eval_hash.%d %016" PRIx64 "\n", i + 1, hash);
        /* What eval= resolved to on each ruleset (trained@HASH, FILE@HASH), so a replay plays
         * the evaluation that played, not the one shipped or named by then. */
        for (int j = 0; j < exp->ruleset_count; j++) {
            const char *eval = agent_resolved_eval(resolved[j * exp->agent_count + i]);
            if (eval && strcmp(eval, "hand") != 0)
                fprintf(f, "eval.%d.%d %s\n", i + 1, j + 1, eval);
        }
    }
    fprintf(f, "pairings %d\n", exp->pairing_count);
    for (int i = 0; i < exp->pairing_count; i++)
        fprintf(f, "pairing.%d %d %d\n", i + 1, exp->pairings[i].attacker + 1,
                exp->pairings[i].defender + 1);
    fprintf(f, "games %d\n", exp->games);
    /* A design's settings decide which games are played: only a design has these lines. */
    if (exp->kind == EXPERIMENT_DESIGN)
        fprintf(f, "confirm_games %d\nbudget %ld\nmargin %.17g\n", exp->confirm_games, exp->budget,
                exp->margin);
    fclose(f);
    return buf;
}

/* The value of key in `key value` lines, and its length; NULL when absent. */
static const char *find_value(const char *text, const char *key, size_t *len)
{
    return keyvalue_find(text, key, KEYVALUE_RECORD, len);
}

/* Names the first line of now whose value differs in was: "KEY was 'X', now 'Y'". by_key: `key
 * value` lines (the setup; its `games` line is skipped); else `key = value` (ruleset texts). */
static bool first_difference(const char *was, const char *now, bool by_key, char *what, size_t size)
{
    for (const char *p = now; *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        char *sep = strchr(line, by_key ? ' ' : '=');
        if (sep) {
            *sep = '\0';
            char key[512];
            snprintf(key, sizeof key, "%.500s", line);
            size_t klen = strlen(key);
            while (klen > 0 && key[klen - 1] == ' ')
                key[--klen] = '\0';
            const char *value = sep + 1;
            while (*value == ' ')
                value++;
            size_t old_len = 0;
            const char *old = NULL;
            if (by_key && strcmp(key, "games") == 0) {
                /* compared on its own: it may rise */
                old = value;
                old_len = strlen(value);
            } else if (by_key) {
                old = find_value(was, key, &old_len);
            } else {
                /* ruleset texts: `key = value` */
                old = find_value(was, key, &old_len);
                if (old && old[0] == '=') {
                    old++;
                    old_len--;
                    while (old_len > 0 && *old == ' ') {
                        old++;
                        old_len--;
                    }
                }
            }
            if (!old || old_len != strlen(value) || strncmp(old, value, old_len) != 0) {
                if (old)
                    snprintf(what, size, "%s was '%.*s', now '%s'", key, (int)old_len, old, value);
                else
                    snprintf(what, size, "%s was not set, now '%s'", key, value);
                return true;
            }
        }
        p = end ? end + 1 : p + n;
    }
    return false;
}

static bool same_text(const char *a, size_t a_len, const char *b)
{
    return a_len == strlen(b) && memcmp(a, b, a_len) == 0;
}

/* The setup format of a setup text: 1 when its line is missing or unreadable (the first). */
static int setup_format_of(const char *text)
{
    size_t len;
    const char *v = find_value(text, "setup_format", &len);
    long format = v && len > 0 && len < 8 ? strtol(v, NULL, 10) : 1;
    return format > 1 ? (int)format : 1;
}

/* A setup text of format 1 as today's format writes the same run: its format line and every
 * agent spec made explicit with the defaults of its day (agent_spec_legacy). Caller frees.
 * NULL, with the spec's index in *bad_spec, when a spec cannot be made explicit (too long):
 * played with today's defaults it would be another run. */
static char *setup_upgraded(const char *was, size_t size, int *bad_spec)
{
    char *buf = NULL;
    size_t out_size = 0;
    FILE *f = xopen_memstream(&buf, &out_size);
    for (const char *p = was; p < was + size;) {
        const char *end = memchr(p, '\n', (size_t)(was + size - p));
        size_t n = end ? (size_t)(end - p) : (size_t)(was + size - p);
        int index, at = 0;
        char spec[EXPERIMENT_SPEC_MAX], legacy[EXPERIMENT_SPEC_MAX];
        if (n > 13 && strncmp(p, "setup_format ", 13) == 0) {
            fprintf(f, "setup_format %d", SETUP_FORMAT);
        } else if (sscanf(p, "spec.%d %n", &index, &at) == 1 && at > 0 &&
                   n - (size_t)at < sizeof spec) {
            snprintf(spec, sizeof spec, "%.*s", (int)(n - (size_t)at), p + at);
            if (!agent_spec_legacy(spec, legacy, sizeof legacy)) {
                fclose(f);
                free(buf);
                *bad_spec = index;
                return NULL;
            }
            fprintf(f, "spec.%d %s", index, legacy);
        } else {
            fwrite(p, 1, n, f);
        }
        if (end)
            fputc('\n', f);
        p += n + (end != NULL);
    }
    fclose(f);
    return buf;
}

/* Compares now and the rulesets as played with the setup and rulesets of dir; ST_EINVAL naming
 * the first change, ending in rule (what a resume may change). games >= 0: the setup's `games`
 * line may rise to it; -1: the setup has no game count. */
static Status compare_setup(const char *dir, const char *now, const Ruleset *played, int count,
                            long games, const char *rule, bool upgrade, Error *err)
{
    char path[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SETUP);
    size_t size;
    char *was;
    Error why;
    Status read = files_read_in(dir, RUNMETA_SETUP, &was, &size, &why);
    if (read != ST_OK || !was) {
        error_set(err,
                  "resume refused: %s: cannot read (%s): the settings of the games in %s cannot "
                  "be checked; choose another output directory",
                  path, read != ST_OK ? why.text : strerror(ENOENT), dir);
        free(was);
        return ST_EINVAL;
    }
    Status st = ST_OK;
    char what[1200] = "";
    /* A run made before the defaults changed is compared as it played: its specs explicit. */
    bool old_format = upgrade && setup_format_of(was) < SETUP_FORMAT;
    int bad_spec = 0;
    char *upgraded = old_format ? setup_upgraded(was, size, &bad_spec) : NULL;
    if (old_format && !upgraded) {
        snprintf(what, sizeof what,
                 "spec.%d cannot be written out with the defaults of its day (too long)", bad_spec);
    } else if (upgraded) {
        free(was);
        was = upgraded;
        size = strlen(was);
    }
    if (!what[0] && !same_text(was, size, now)) {
        /* The game count may rise; every other line must be as it was. */
        size_t len;
        const char *old = games >= 0 ? find_value(was, "games", &len) : NULL;
        long old_games = old ? strtol(old, NULL, 10) : 0;
        if (old && old_games > games) {
            snprintf(what, sizeof what, "games was %ld, now %ld (a resume may only raise it)",
                     old_games, games);
        } else if (!first_difference(was, now, true, what, sizeof what)) {
            /* A line the earlier run had and this one lacks. */
            (void)first_difference(now, was, true, what, sizeof what);
        }
    }
    for (int i = 0; i < count && !what[0]; i++) {
        char file[PATH_LEN];
        ruleset_file_of(&played[i], i, file, sizeof file);
        size_t old_size;
        char *old;
        Error rwhy;
        Status rread = files_read_in(dir, file, &old, &old_size, &rwhy);
        char *text = played_text(&played[i]);
        if (rread != ST_OK) {
            snprintf(what, sizeof what, "%.600s", rwhy.text);
        } else if (!old) {
            snprintf(what, sizeof what, "%.600s: cannot read: %s", file, strerror(ENOENT));
        } else if (!same_text(old, old_size, text)) {
            char diff[1024] = "";
            if (!first_difference(old, text, false, diff, sizeof diff))
                snprintf(diff, sizeof diff, "its text differs");
            snprintf(what, sizeof what, "ruleset %s: %s", played[i].name, diff);
        }
        free(old);
        free(text);
    }
    if (what[0]) {
        error_set(
            err, "resume refused: %s: %s; %s: use those settings or another output directory%s",
            path, what, rule,
            old_format
                ? " (the run began before alpha-beta's defaults changed: its specs "
                  "are shown with the defaults it played: give them, or agent_defaults = 1 in the "
                  "experiment file, to go on)"
                : "");
        st = ST_EINVAL;
    }
    free(was);
    return st;
}

/* Compares (resume) or writes the setup text now and the ruleset texts of played. Each file is
 * replaced whole (files_replace: a temporary file renamed over it) and only when its bytes
 * change, so that a kill during a resume never leaves a setup or ruleset file cut short. */
static Status prepare(const char *dir, const char *now, const Ruleset *played, int count,
                      long games, const char *rule, bool resume, bool upgrade, Error *err)
{
    Status st = resume ? compare_setup(dir, now, played, count, games, rule, upgrade, err) : ST_OK;
    if (st == ST_OK)
        st = runmeta_write_rulesets(dir, played, count, err);
    if (st == ST_OK)
        st = files_replace(dir, RUNMETA_SETUP, now, strlen(now), err);
    return st;
}

/* Every name and spec the setup records is refused when it holds a control character: a
 * newline would add a line of the writer's choosing. */
static Status check_records(const Experiment *exp, Error *err)
{
    Status st = safetext_write(NULL, SAFETEXT_RECORD, "experiment name", exp->name, err);
    for (int i = 0; i < exp->ruleset_count && st == ST_OK; i++)
        st = safetext_write(NULL, SAFETEXT_RECORD, "ruleset name", exp->rulesets[i].name, err);
    for (int i = 0; i < exp->agent_count && st == ST_OK; i++) {
        st = safetext_write(NULL, SAFETEXT_RECORD, "agent name", exp->agents[i].name, err);
        if (st == ST_OK)
            st = safetext_write(NULL, SAFETEXT_RECORD, "agent spec", exp->agents[i].spec, err);
    }
    return st;
}

/* A `key text` line of meta whose text is for people: control characters escaped. */
void runmeta_put_note(FILE *f, const char *key, const char *text)
{
    fprintf(f, "%s ", key);
    Status st = safetext_write(f, SAFETEXT_NOTE, key, text, NULL);
    assert(st == ST_OK); /* notes are escaped, never refused */
    (void)st;
    fputc('\n', f);
}

/* Keeps a copy of every evaluation file the run plays as DIR/evals/HASH.eval (HASH as the setup
 * records it), as rulesets/ keeps the rules: a replay from any directory, or after the file
 * was moved or changed, plays what played. The file is read again and must still have the hash
 * the agent was resolved with. */
static Status keep_eval_files(const Experiment *exp, const char *dir,
                              const ResolvedAgent *const *resolved, Error *err)
{
    for (int i = 0; i < exp->agent_count; i++) {
        uint64_t hash;
        if (!agent_resolved_eval_file_hash(resolved[i], &hash))
            continue;
        const char *value = agent_resolved_eval(resolved[i]);
        char name[AGENT_EVAL_MAX], copy[64];
        snprintf(name, sizeof name, "%.*s", (int)(strrchr(value, '@') - value), value);
        size_t len = 0;
        char *text = read_whole_file(name, (size_t)1 << 24, &len);
        if (!text || evalmodel_text_hash(text, len) != hash) {
            error_set(err, "eval=%s: %s since the run read it", name,
                      text ? "the content changed" : "the file went");
            free(text);
            return ST_EINVAL;
        }
        snprintf(copy, sizeof copy, "%s/%016" PRIx64 ".eval", RUNMETA_EVALS, hash);
        Status st = files_replace(dir, copy, text, len, err);
        free(text);
        if (st != ST_OK)
            return st;
    }
    return ST_OK;
}

Status runmeta_prepare(const Experiment *exp, const char *dir, bool resume,
                       const ResolvedAgent *const *resolved, Error *err)
{
    Status checked = check_records(exp, err);
    if (checked != ST_OK)
        return checked;
    char *now = setup_text(exp, resolved);
    Ruleset *played = xcalloc((size_t)exp->ruleset_count + 1, sizeof *played);
    for (int i = 0; i < exp->ruleset_count; i++) {
        played[i] = exp->rulesets[i];
        if (exp->max_plies > 0)
            played[i].max_plies = exp->max_plies;
    }
    Status st = prepare(dir, now, played, exp->ruleset_count, exp->games,
                        "a resume must play the games the run began with (only the game count "
                        "may rise)",
                        resume, true, err);
    free(played);
    free(now);
    if (st == ST_OK)
        st = keep_eval_files(exp, dir, resolved, err);
    return st;
}

Status runmeta_prepare_setup(const char *dir, const char *setup, const Ruleset *rulesets, int count,
                             bool resume, Error *err)
{
    return prepare(dir, setup, rulesets, count, -1,
                   "a resume must go on with the settings the run began with", resume, false, err);
}

Status runmeta_write_rulesets(const char *dir, const Ruleset *rulesets, int count, Error *err)
{
    Status st = ST_OK;
    for (int i = 0; i < count && st == ST_OK; i++) {
        char file[PATH_LEN];
        ruleset_file_of(&rulesets[i], i, file, sizeof file);
        char *text = played_text(&rulesets[i]);
        st = files_replace(dir, file, text, strlen(text), err);
        free(text);
    }
    return st;
}

void runmeta_ruleset_file(const Ruleset *r, int i, char *buf, size_t size)
{
    ruleset_file_of(r, i, buf, size);
}

void runmeta_bench_signature(char *buf)
{
    BenchSignature sig;
    bench_run(BENCH_QUICK, NULL, &sig);
    snprintf(buf, RUNMETA_BENCH_MAX, "%" PRIu64 " %08" PRIx32, sig.nodes, sig.hash);
}

void runmeta_write_build(FILE *f)
{
    char bench[RUNMETA_BENCH_MAX];
    runmeta_bench_signature(bench);
    fprintf(f, "tool tafl %s\ngit_revision %s%s\nbuild %s\nsource_hash %s\n", TAFL_VERSION,
            buildinfo_git_revision(), buildinfo_dirty(), buildinfo_identity(),
            buildinfo_source_hash());
    fprintf(f, "compiler %s\nflags %s\nbench_quick %s\n", buildinfo_compiler(), buildinfo_flags(),
            bench);
}

/* One line of DIR/sessions. */
typedef struct {
    char start[32], end[32], how[16];
    double wall;
    long games;
} Session;

/* Reads "START END WALL GAMES HOW" from line; false for anything else (the file is input like
 * any other: a hand-edited or cut line is skipped, never trusted). */
static bool parse_session(const char *line, Session *s)
{
    int n = 0;
    if (sscanf(line, "%31s %31s %lf %ld %15s%n", s->start, s->end, &s->wall, &s->games, s->how,
               &n) != 5)
        return false;
    return (line[n] == '\0' || line[n] == '\n') && s->wall >= 0 && s->wall < 1e12 &&
           s->games >= 0 && s->games <= EXPERIMENT_GAMES_TOTAL_MAX;
}

/* Session 1 from the meta of a run made before DIR/sessions existed (its one session). */
static bool session_of_old_meta(const char *dir, Session *s)
{
    char wall[64], games[64];
    if (!runmeta_meta_value(dir, "start", s->start, sizeof s->start) ||
        !runmeta_meta_value(dir, "end", s->end, sizeof s->end) ||
        !runmeta_meta_value(dir, "wall_seconds", wall, sizeof wall))
        return false;
    if (!runmeta_meta_value(dir, "games_played", games, sizeof games) &&
        !runmeta_meta_value(dir, "rows_done", games, sizeof games))
        return false;
    char *end;
    s->wall = strtod(wall, &end);
    s->games = strtol(games, NULL, 10);
    snprintf(s->how, sizeof s->how, "done");
    return *end == '\0' && s->wall >= 0 && s->games >= 0 && !strchr(s->start, ' ') &&
           !strchr(s->end, ' ') && strcmp(s->end, "-") != 0;
}

Status runmeta_sessions_adopt(const char *dir, Error *err)
{
    char path[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SESSIONS);
    struct stat sb;
    Session old;
    if (lstat(path, &sb) == 0 || errno != ENOENT || !session_of_old_meta(dir, &old))
        return ST_OK;
    FILE *f;
    Status st = files_open_append(path, &f, err);
    if (st != ST_OK)
        return st;
    fprintf(f, "%s %s %.3f %ld %s\n", old.start, old.end, old.wall, old.games, old.how);
    if (ferror(f) | (fclose(f) != 0)) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

Status runmeta_session_add(const char *dir, const char *started, double wall, long games,
                           const char *how, Error *err)
{
    char path[PATH_LEN + 16], ended[32];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SESSIONS);
    runmeta_utc_now(ended, sizeof ended);
    FILE *f;
    Status st = files_open_append(path, &f, err);
    if (st != ST_OK)
        return st;
    fprintf(f, "%s %s %.3f %ld %s\n", started, ended, wall, games, how);
    if (ferror(f) | (fclose(f) != 0)) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

void runmeta_write_sessions(FILE *f, const char *dir, const char *started, double wall, long games)
{
    char path[PATH_LEN + 16], ended[32];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SESSIONS);
    runmeta_utc_now(ended, sizeof ended);
    size_t size;
    char *text = NULL;
    Error ignored;
    if (files_read_in(dir, RUNMETA_SESSIONS, &text, &size, &ignored) != ST_OK)
        text = NULL;
    Session *all = NULL;
    int count = 0, cap = 0;
    for (char *p = text; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        Session s;
        if (parse_session(p, &s)) {
            if (count == cap) {
                cap = cap ? 2 * cap : 8;
                all = xrealloc(all, (size_t)cap * sizeof *all);
            }
            all[count++] = s;
        }
        p = nl ? nl + 1 : NULL;
    }
    free(text);
    if (count == 0 && wall >= 0) {
        all = xrealloc(all, sizeof *all);
        Session *s = &all[count++];
        snprintf(s->start, sizeof s->start, "%s", started);
        snprintf(s->end, sizeof s->end, "%s", ended);
        snprintf(s->how, sizeof s->how, "done");
        s->wall = wall;
        s->games = games;
    }
    double total = 0;
    long played = 0;
    for (int i = 0; i < count; i++) {
        total += all[i].wall;
        played += all[i].games;
    }
    fprintf(f, "start %s\nend %s\nwall_seconds %.3f\nwall_seconds_session %.3f\n",
            count ? all[0].start : started, wall >= 0 ? ended : "-", total,
            count ? all[count - 1].wall : 0.0);
    fprintf(f, "games_per_second %.3f\nsessions %d\n", total > 0 ? played / total : 0.0, count);
    for (int i = 0; i < count; i++)
        fprintf(f, "session.%d %s %s %.3f %ld %s\n", i + 1, all[i].start, all[i].end, all[i].wall,
                all[i].games, all[i].how);
    free(all);
}

void runmeta_utc_now(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

Status runmeta_write_meta(const char *dir, const Experiment *exp, const RunMetaFacts *facts,
                          Error *err)
{
    /* Made in memory, then replaced whole: meta is never half written. */
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    runmeta_write_build(f);
    fprintf(f, "schema_version %d\nexperiment %s\n", RESULTS_SCHEMA_VERSION, exp->name);
    runmeta_put_note(f, "experiment_file", exp->path[0] ? exp->path : "-");
    fprintf(f, "seed %" PRIu64 "\n", exp->seed);
    /* The command line may hold anything (--out $'a\nsprt_decision H1'): escaped, one line. */
    runmeta_put_note(f, "command", facts->command ? facts->command : "-");
    fprintf(f, "threads %d\ngames_total %ld\ngames_resumed %ld\ngames_played %ld\n", facts->threads,
            facts->games_total, facts->games_resumed, facts->games_played);
    if (facts->shard.count > 0) {
        /* What tafl merge reads: which shard this is, and how many games it holds. */
        fprintf(f, "shard %ld/%ld\ngames_shard %ld\n", facts->shard.index, facts->shard.count,
                facts->games_shard);
    }
    runmeta_write_sessions(f, dir, facts->started, facts->wall, facts->games_played);
    if (facts->extra)
        fputs(facts->extra, f);
    fprintf(f, "setup %s\n", RUNMETA_SETUP);
    for (int i = 0; i < exp->ruleset_count; i++) {
        /* The OpenTafl string cannot carry every option (draw_fort, edge_fort...): the full
         * text is the ruleset file, and otn_lacks names what the string leaves out. */
        char file[PATH_LEN], otn[OTN_RULES_MAX], lacks[256];
        ruleset_file(exp, i, file, sizeof file);
        Ruleset r = exp->rulesets[i];
        if (exp->max_plies > 0)
            r.max_plies = exp->max_plies;
        otn_format_rules(&r, otn, lacks);
        fprintf(f, "rules.%s %s\notn.%s %s\n", r.name, file, r.name, otn);
        if (lacks[0])
            fprintf(f, "otn_lacks.%s %s\n", r.name, lacks);
    }
    fprintf(f, "external_agents");
    int externals = 0;
    for (int i = 0; i < exp->agent_count; i++) {
        if (facts->external && facts->external[i]) {
            fprintf(f, " %s", exp->agents[i].name);
            externals++;
        }
    }
    fprintf(f, "%s\n", externals ? "" : " -");
    /* The agents as they played the first ruleset: described from what the run resolved, so
     * meta and setup name the same evaluation. */
    for (int i = 0; i < exp->agent_count; i++) {
        char full[2048];
        agent_resolved_describe(facts->resolved[i], full, sizeof full);
        fprintf(f, "agent.%s %s\n", exp->agents[i].name, full);
    }
    /* Where eval=trained carried an evaluation to rules it was not trained for: which one and
     * why, per agent and ruleset. */
    for (int j = 0; j < exp->ruleset_count; j++) {
        for (int i = 0; i < exp->agent_count; i++) {
            char note[1024];
            if (agent_resolved_eval_note(facts->resolved[j * exp->agent_count + i], note,
                                         sizeof note))
                fprintf(f, "eval_from.%s.%s %s\n", exp->agents[i].name, exp->rulesets[j].name,
                        note);
        }
    }
    return files_draft_replace(&draft, dir, "meta", err);
}

bool runmeta_meta_value(const char *dir, const char *key, char *buf, size_t size)
{
    char path[PATH_LEN + 8];
    snprintf(path, sizeof path, "%s/meta", dir);
    size_t n;
    char *text = files_read(path, &n);
    if (!text)
        return false;
    size_t len;
    const char *v = find_value(text, key, &len);
    if (v)
        snprintf(buf, size, "%.*s", (int)len, v);
    free(text);
    return v != NULL;
}

/* One value of the setup text as a whole number in [lo, hi]. */
static bool setup_number(const char *text, const char *key, long long lo, long long hi,
                         long long *out)
{
    size_t len;
    const char *v = find_value(text, key, &len);
    if (!v || len == 0 || len > 30)
        return false;
    char tmp[32], *end;
    snprintf(tmp, sizeof tmp, "%.*s", (int)len, v);
    errno = 0;
    long long x = strtoll(tmp, &end, 10);
    if (errno || *end || x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

static bool setup_string(const char *text, const char *key, char *buf, size_t size)
{
    size_t len;
    const char *v = find_value(text, key, &len);
    if (!v || len >= size)
        return false;
    snprintf(buf, size, "%.*s", (int)len, v);
    return true;
}

/* Ruleset i of a setup text: its name and its file in dir's rulesets/, read into *out; *bad
 * names the setup's key when it is missing or not a file there. */
static Status load_ruleset(const char *dir, const char *text, int i, Ruleset *out, const char **bad,
                           Error *err)
{
    char key[64], name[RULES_NAME_MAX], file[PATH_LEN], rpath[PATH_LEN * 2];
    snprintf(key, sizeof key, "ruleset.%d", i + 1);
    if (!setup_string(text, key, name, sizeof name)) {
        *bad = "ruleset";
        return ST_OK;
    }
    snprintf(key, sizeof key, "ruleset_file.%d", i + 1);
    if (!setup_string(text, key, file, sizeof file) || !ruleset_file_ok(file)) {
        *bad = "ruleset_file";
        return ST_OK;
    }
    snprintf(rpath, sizeof rpath, "%s/%s", dir, file);
    Status st = rulesfile_read(rpath, out, err);
    snprintf(out->name, sizeof out->name, "%s", name);
    return st;
}

Status runmeta_load(const char *dir, Experiment *out, Error *err)
{
    char path[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SETUP);
    size_t size;
    char *text = files_read(path, &size);
    if (!text) {
        error_set(err, "%s: cannot read: %s (not a run directory of this tafl)", path,
                  strerror(errno));
        return ST_EIO;
    }
    memset(out, 0, sizeof *out);
    Status st = ST_OK;
    long long v, rulesets = 0, agents = 0, pairings = 0;
    char key[64], value[EXPERIMENT_SPEC_MAX];
    const char *bad = NULL;
    if (setup_format_of(text) < SETUP_FORMAT) {
        /* A run made before the defaults changed plays again with the defaults it played. */
        int bad_spec;
        char *upgraded = setup_upgraded(text, size, &bad_spec);
        if (upgraded) {
            free(text);
            text = upgraded;
        } else {
            bad = "spec";
        }
    }
    /* The seed is a full 64-bit value: read it unsigned. */
    size_t len = 0;
    const char *seed = bad ? NULL : find_value(text, "seed", &len);
    if (seed && len > 0 && len <= 20)
        out->seed = strtoull(seed, NULL, 10);
    else if (!bad)
        bad = "seed";
    if (!bad && !setup_string(text, "experiment", out->name, sizeof out->name))
        bad = "experiment";
    if (!bad && setup_string(text, "kind", value, sizeof value))
        out->kind = strcmp(value, "curve") == 0    ? EXPERIMENT_CURVE
                    : strcmp(value, "design") == 0 ? EXPERIMENT_DESIGN
                                                   : EXPERIMENT_BALANCE;
    out->margin = BALANCE_MARGIN;
    if (!bad && out->kind == EXPERIMENT_DESIGN) {
        if (setup_number(text, "confirm_games", 0, EXPERIMENT_GAMES_TOTAL_MAX, &v))
            out->confirm_games = (int)v;
        else
            bad = "confirm_games";
        if (!bad && setup_number(text, "budget", 0, EXPERIMENT_GAMES_TOTAL_MAX, &v))
            out->budget = (long)v;
        else if (!bad)
            bad = "budget";
        if (!bad && setup_string(text, "margin", value, sizeof value))
            out->margin = strtod(value, NULL);
        else if (!bad)
            bad = "margin";
    }
    if (!bad) {
        if (setup_number(text, "games", 1, EXPERIMENT_GAMES_TOTAL_MAX, &v))
            out->games = (int)v;
        else
            bad = "games";
    }
    if (!bad) {
        if (setup_number(text, "max_plies", 0, 1000000000, &v))
            out->max_plies = (int)v;
        else
            bad = "max_plies";
    }
    if (!bad) {
        if (setup_number(text, "opening_plies", 0, 1000000, &v))
            out->opening_plies = (int)v;
        else
            bad = "opening_plies";
    }
    if (!bad && setup_number(text, "check_every", 0, 1000000000, &v))
        out->check_every = (int)v;
    if (!bad && setup_string(text, "max_width", value, sizeof value))
        out->max_width = strtod(value, NULL);
    if (!bad && setup_string(text, "record_moves", value, sizeof value))
        out->record_moves = strcmp(value, "yes") == 0;
    if (!bad && !setup_number(text, "rulesets", 1, EXPERIMENT_MAX_RULESETS, &rulesets))
        bad = "rulesets";
    if (!bad && !setup_number(text, "agents", 1, EXPERIMENT_MAX_AGENTS, &agents))
        bad = "agents";
    if (!bad && !setup_number(text, "pairings", 1, EXPERIMENT_MAX_PAIRINGS, &pairings))
        bad = "pairings";
    for (int i = 0; i < rulesets && !bad && st == ST_OK; i++)
        st = load_ruleset(dir, text, i, &out->rulesets[i], &bad, err);
    out->ruleset_count = (int)rulesets;
    for (int i = 0; i < agents && !bad && st == ST_OK; i++) {
        snprintf(key, sizeof key, "agent.%d", i + 1);
        if (!setup_string(text, key, out->agents[i].name, sizeof out->agents[i].name))
            bad = "agent";
        snprintf(key, sizeof key, "spec.%d", i + 1);
        if (!bad && !setup_string(text, key, out->agents[i].spec, sizeof out->agents[i].spec))
            bad = "spec";
    }
    out->agent_count = (int)agents;
    for (int i = 0; i < pairings && !bad && st == ST_OK; i++) {
        int a, d, n = 0;
        snprintf(key, sizeof key, "pairing.%d", i + 1);
        if (!setup_string(text, key, value, sizeof value) ||
            sscanf(value, "%d %d%n", &a, &d, &n) != 2 || value[n] || a < 1 || a > agents || d < 1 ||
            d > agents) {
            bad = "pairing";
            break;
        }
        out->pairings[i] = (Pairing){a - 1, d - 1};
    }
    out->pairing_count = (int)pairings;
    if (bad && st == ST_OK) {
        error_set(err, "%s: key '%s': missing or bad value", path, bad);
        st = ST_EPARSE;
    }
    snprintf(out->output, sizeof out->output, "%s", dir);
    free(text);
    return st;
}

/* The eval= value that meta's `agent.NAME` line describes the agent with, into buf. */
static bool meta_eval(const char *dir, const char *name, char *buf, size_t size)
{
    char key[EXPERIMENT_NAME_MAX + 8], full[4096];
    snprintf(key, sizeof key, "agent.%s", name);
    return runmeta_meta_value(dir, key, full, sizeof full) && agent_spec_eval(full, buf, size);
}

/* The pin of agent i on ruleset j (NULL: none needed), or ST_EINVAL naming what is missing. */
static Status load_eval(const char *dir, const Experiment *exp, const char *setup, int i, int j,
                        char **pin, Error *err)
{
    char key[64], value[AGENT_EVAL_MAX];
    *pin = NULL;
    snprintf(key, sizeof key, "eval.%d.%d", i + 1, j + 1);
    if (setup_string(setup, key, value, sizeof value)) {
        /* A file the run kept a copy of plays from that copy, wherever this replay runs. */
        const char *at = strrchr(value, '@');
        char copy[PATH_LEN + 64];
        struct stat sb;
        snprintf(copy, sizeof copy, "%s/%s/%s.eval", dir, RUNMETA_EVALS, at ? at + 1 : "");
        if (at && strlen(at + 1) == 16 && lstat(copy, &sb) == 0 && S_ISREG(sb.st_mode)) {
            char *kept = xmalloc(strlen(copy) + 18);
            sprintf(kept, "%s%s", copy, at);
            *pin = kept;
        } else {
            *pin = xstrdup(value);
        }
        return ST_OK;
    }
    if (!agent_spec_eval(exp->agents[i].spec, value, sizeof value) || strcmp(value, "hand") == 0)
        return ST_OK;
    /* Recorded before the setup named what eval= resolved to: meta describes the agent on the
     * first ruleset, which is every ruleset for a file and the only one for a run of one. */
    char described[AGENT_EVAL_MAX];
    bool file = evalmodel_names_file(value);
    if ((file || exp->ruleset_count == 1) &&
        meta_eval(dir, exp->agents[i].name, described, sizeof described) &&
        strchr(described, '@')) {
        *pin = xstrdup(described);
        return ST_OK;
    }
    error_set(err,
              "%s/%s: agent %s plays eval=%s on ruleset %s, and the run recorded no evaluation "
              "it resolved to (no %s line, nor one in its meta): which evaluation played cannot "
              "be known",
              dir, RUNMETA_SETUP, exp->agents[i].name, value, exp->rulesets[j].name, key);
    return ST_EINVAL;
}

Status runmeta_load_evals(const char *dir, const Experiment *exp, char ***pins, Error *err)
{
    char path[PATH_LEN + 16];
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SETUP);
    size_t size;
    char *setup = files_read(path, &size);
    if (!setup) {
        error_set(err, "%s: cannot read: %s", path, strerror(errno));
        return ST_EIO;
    }
    const int count = exp->ruleset_count * exp->agent_count;
    char **out = xcalloc((size_t)count + 1, sizeof *out);
    Status st = ST_OK;
    for (int k = 0; k < count && st == ST_OK; k++)
        st = load_eval(dir, exp, setup, k % exp->agent_count, k / exp->agent_count, &out[k], err);
    free(setup);
    if (st != ST_OK) {
        runmeta_evals_free(exp, out);
        out = NULL;
    }
    *pins = out;
    return st;
}

void runmeta_evals_free(const Experiment *exp, char **pins)
{
    if (!pins)
        return;
    for (int k = 0; k < exp->ruleset_count * exp->agent_count; k++)
        free(pins[k]);
    free(pins);
}

Status runmeta_read_setup(const char *dir, RunMetaSetup *out, Error *err)
{
    memset(out, 0, sizeof *out);
    Status st = files_read_in(dir, RUNMETA_SETUP, &out->setup, &out->setup_size, err);
    if (st != ST_OK || !out->setup)
        return st;
    long long rulesets = 0;
    if (!setup_number(out->setup, "rulesets", 1, EXPERIMENT_MAX_RULESETS, &rulesets)) {
        error_set(err, "%s/%s: key 'rulesets': missing or bad value", dir, RUNMETA_SETUP);
        return ST_EPARSE;
    }
    out->files = xcalloc((size_t)rulesets, sizeof *out->files);
    for (int i = 0; i < rulesets && st == ST_OK; i++) {
        char key[32];
        RunMetaFile *rf = &out->files[i];
        out->count = i + 1;
        snprintf(key, sizeof key, "ruleset_file.%d", i + 1);
        if (!setup_string(out->setup, key, rf->name, sizeof rf->name)) {
            error_set(err, "%s/%s: key '%s': missing", dir, RUNMETA_SETUP, key);
            return ST_EPARSE;
        }
        if (!ruleset_file_ok(rf->name)) {
            error_set(err,
                      "%s/%s: key '%s': '%.200s' is not a file under %s/ inside the run "
                      "directory",
                      dir, RUNMETA_SETUP, key, rf->name, RUNMETA_RULESETS);
            return ST_EPARSE;
        }
        st = files_read_in(dir, rf->name, &rf->text, &rf->size, err);
        if (st == ST_OK && !rf->text) {
            error_set(err, "%s/%s: cannot read: %s", dir, rf->name, strerror(ENOENT));
            st = ST_EIO;
        }
    }
    return st;
}

bool runmeta_setup_equal(const RunMetaSetup *a, const RunMetaSetup *b)
{
    if ((a->setup == NULL) != (b->setup == NULL) || a->setup_size != b->setup_size ||
        a->count != b->count || (a->setup && memcmp(a->setup, b->setup, a->setup_size) != 0))
        return false;
    for (int i = 0; i < a->count; i++) {
        const RunMetaFile *x = &a->files[i], *y = &b->files[i];
        if (strcmp(x->name, y->name) != 0 || x->size != y->size ||
            memcmp(x->text, y->text, x->size) != 0)
            return false;
    }
    return true;
}

Status runmeta_write_setup(const char *dir, const RunMetaSetup *s, Error *err)
{
    if (!s->setup)
        return ST_OK;
    Status st = ST_OK;
    for (int i = 0; i < s->count && st == ST_OK; i++)
        st = files_replace(dir, s->files[i].name, s->files[i].text, s->files[i].size, err);
    if (st == ST_OK)
        st = files_replace(dir, RUNMETA_SETUP, s->setup, s->setup_size, err);
    return st;
}

void runmeta_setup_free(RunMetaSetup *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->files[i].text);
    free(s->files);
    free(s->setup);
    memset(s, 0, sizeof *s);
}
