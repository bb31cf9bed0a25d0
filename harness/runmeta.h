/* What a run directory records about how its games were made: the setup file and the ruleset
 * texts written before the first game (and compared at a resume), and the meta written at the
 * end. doc/commands.md, "Experiments and runs", lists the files and keys. */
#ifndef TAFL_HARNESS_RUNMETA_H
#define TAFL_HARNESS_RUNMETA_H

#include <stdbool.h>
#include <stdio.h>

#include "agents/agent.h"
#include "formats/experiment.h"
#include "harness/shard.h"
#include "rules/ruleset.h"

#define RUNMETA_SETUP     "setup"    /* DIR/setup: every setting that changes games */
#define RUNMETA_EVALS     "evals"    /* DIR/evals/HASH.eval: each evaluation file played */
#define RUNMETA_RULESETS  "rulesets" /* DIR/rulesets/NAME.rules: each ruleset's full text */
#define RUNMETA_BENCH_MAX 64
#define RUNMETA_SESSIONS  "sessions" /* DIR/sessions: one line per session, appended at its end */

/* What the meta of a finished run says besides the experiment itself. */
typedef struct {
    const char *command;  /* the command line (NULL: "-") */
    int threads;          /* threads used */
    long games_total;     /* games of the run (of the experiment, for a shard) */
    long games_resumed;   /* kept from an earlier run */
    long games_played;    /* played by this one */
    Shard shard;          /* count 0: not a shard */
    long games_shard;     /* games of the shard (shard.count > 0) */
    const char *started;  /* UTC time the run began, "%Y-%m-%dT%H:%M:%SZ" */
    double wall;          /* seconds the run took */
    const bool *external; /* per agent: drives an outside program (NULL: none does) */
    /* per ruleset and agent (ruleset * agent_count + agent), what the run resolved */
    const ResolvedAgent *const *resolved;
    const char *extra; /* more `key value` lines, each ending in '\n' (NULL: none) */
} RunMetaFacts;

/* Prepares dir for exp before any game is played. Without resume, writes DIR/setup and
 * DIR/rulesets/NAME.rules (every option of every ruleset as played: the experiment's max_plies
 * applied). With resume (dir already holds games of an earlier run), compares exp with what
 * DIR/setup and the ruleset texts say and refuses any difference that changes games (agents and
 * their parameters, a ruleset's options, seed, opening and max plies, record options, pairings)
 * with one line naming it: ST_EINVAL "resume refused: DIR/setup: opening_plies was 4, now 0 ...".
 * Raising the game count is allowed (and the setup rewritten); nothing is written on refusal.
 * A run directory with games but no setup (made by an older tafl) is refused too. ST_EIO naming
 * a file that cannot be read or written. resolved: every agent as the run resolved it for each
 * ruleset (ruleset * agent_count + agent); the setup records the evaluation each resolved to
 * (`eval.AGENT.RULESET trained@HASH`). Thread-safe for distinct directories. */
MUST_CHECK Status runmeta_prepare(const Experiment *exp, const char *dir, bool resume,
                                  const ResolvedAgent *const *resolved, Error *err);

/* The same for a run that is not an experiment (tafl tune): setup is the whole text of
 * DIR/setup (`key value` lines, made by the caller: every setting that changes the results; no
 * `games` line), rulesets[0..count-1] the rulesets as played. Without resume writes DIR/setup
 * and DIR/rulesets/NAME.rules; with resume compares both with what dir holds and refuses any
 * difference with one line naming it ("resume refused: DIR/setup: pairs was '4', now '6'; ..."),
 * writing nothing. ST_EIO naming a file. Thread-safe for distinct directories. */
MUST_CHECK Status runmeta_prepare_setup(const char *dir, const char *setup, const Ruleset *rulesets,
                                        int count, bool resume, Error *err);

/* Writes DIR/rulesets/NAME.rules for each of rulesets[0..count-1] (every option as played),
 * each replaced whole (files_replace). For a run whose setup is its own (tafl train, which
 * compares its setup itself). ST_EIO naming the file. Thread-safe for distinct directories. */
MUST_CHECK Status runmeta_write_rulesets(const char *dir, const Ruleset *rulesets, int count,
                                         Error *err);

/* The file ruleset i (r) is kept in, relative to the run directory ("rulesets/NAME.rules"). */
void runmeta_ruleset_file(const Ruleset *r, int i, char *buf, size_t size);

/* Writes DIR/meta for a finished run of exp (see RunMetaFacts): the tool and version, the build
 * identity (git revision with a -dirty mark, source hash, flags), the quick bench signature of
 * this binary, the experiment's settings, the command line, counts and times, each ruleset's
 * file and OpenTafl string (and the options that string cannot carry), and each agent's full
 * parameters as the run resolved them (facts->resolved). ST_EIO naming the file. */
MUST_CHECK Status runmeta_write_meta(const char *dir, const Experiment *exp,
                                     const RunMetaFacts *facts, Error *err);

/* Appends this session's line to DIR/sessions when it ends, however it ends: "START END WALL
 * GAMES HOW" (UTC times as runmeta_utc_now writes them, wall seconds with three decimals, the
 * games or rows it added, and how it ended: done, stopped or failed). END is now. The meta of a
 * finished run (and of a tuning) sums the sessions, so a resume keeps the time of every session
 * before it. ST_EIO naming the file. Thread-safe for distinct directories. */
MUST_CHECK Status runmeta_session_add(const char *dir, const char *started, double wall, long games,
                                      const char *how, Error *err);

/* Before a resume removes an old meta: when DIR has no sessions file but a meta of an older tafl
 * (a run finished before sessions were kept), that meta's start, end, wall_seconds and
 * games_played (a tuning's rows_done) become session 1 of DIR/sessions. Nothing otherwise.
 * ST_EIO naming the file. */
MUST_CHECK Status runmeta_sessions_adopt(const char *dir, Error *err);

/* Writes to f the meta lines of every session of DIR/sessions: `start` (the first session's),
 * `end` (now), `wall_seconds` (the total over the sessions), `wall_seconds_session` (the last
 * one's), `games_per_second` (every game the sessions added over the total time), `sessions N`
 * and one `session.K START END WALL GAMES HOW` line each. Lines of the file that do not read as
 * a session are skipped. A missing file counts as one session that began at started and took
 * wall seconds for games; with wall < 0 (a session still running) as none, and `end` is "-". */
void runmeta_write_sessions(FILE *f, const char *dir, const char *started, double wall, long games);

/* The current UTC time as "%Y-%m-%dT%H:%M:%SZ" (meta's start and end), into buf. Thread-safe. */
void runmeta_utc_now(char *buf, size_t size);

/* Writes the meta lines that say which binary made the results (tool, git_revision, build,
 * source_hash, compiler, flags, bench_quick) to f. */
void runmeta_write_build(FILE *f);

/* Writes the meta line `key text` with text's control characters escaped (SAFETEXT_NOTE), for
 * values people read and tafl does not read back (a command line, a path). */
void runmeta_put_note(FILE *f, const char *key, const char *text);

/* The quick bench signature of this binary ("<nodes> <hash>"), into buf (RUNMETA_BENCH_MAX). */
void runmeta_bench_signature(char *buf);

/* Reads the value of `key` from DIR/meta into buf (size bytes). False when there is no meta or
 * no such line. Thread-safe. */
bool runmeta_meta_value(const char *dir, const char *key, char *buf, size_t size);

/* Rebuilds the experiment of run directory dir from DIR/setup and DIR/rulesets alone, into *out
 * (large: allocate it). ST_EIO / ST_EPARSE "DIR/setup:LINE: ..." when a file is missing or bad.
 * Thread-safe. */
MUST_CHECK Status runmeta_load(const char *dir, Experiment *out, Error *err);

/* The evaluations a run played, read from DIR/setup for exp (as runmeta_load gave it): per
 * ruleset and agent (ruleset * agent_count + agent) the recorded eval= value, NULL where the
 * agent takes none or plays the hand-written one; for RunOptions.eval_pins. A run from before
 * these were recorded gives what its meta describes the agent with (FILE@HASH, or trained@HASH
 * for a run of one ruleset). An evaluation the run recorded nowhere fails with ST_EINVAL naming
 * the agent, before any game. Caller frees *pins with runmeta_evals_free. */
MUST_CHECK Status runmeta_load_evals(const char *dir, const Experiment *exp, char ***pins,
                                     Error *err);

/* Frees what runmeta_load_evals gave for exp. NULL-safe. */
void runmeta_evals_free(const Experiment *exp, char **pins);

/* One ruleset file a setup names, as bytes. */
typedef struct {
    char name[256]; /* relative to the run directory: "rulesets/NAME.rules" */
    char *text;     /* its bytes (NUL-terminated; size does not count the NUL) */
    size_t size;
} RunMetaFile;

/* A run directory's setup and the ruleset files it names, read once: tafl merge checks and
 * copies the same bytes, so a shard rewritten meanwhile cannot slip a half file through. */
typedef struct {
    char *setup; /* DIR/setup's bytes; NULL when the directory has none */
    size_t setup_size;
    RunMetaFile *files; /* count of them, in ruleset_file.N order */
    int count;
} RunMetaSetup;

/* Reads DIR/setup and every file its ruleset_file.N lines name into *out (runmeta_setup_free
 * it, also after a failure), without following links or blocking on a FIFO (files_read_in).
 * No setup is ST_OK with out->setup NULL. A name that is not under rulesets/ inside the
 * directory ("../../x", "/etc/x") is ST_EPARSE "DIR/setup: key 'ruleset_file.1': '../x' is not a
 * file under rulesets/ inside the run directory"; ST_EIO naming a file that cannot be read.
 * Thread-safe. */
MUST_CHECK Status runmeta_read_setup(const char *dir, RunMetaSetup *out, Error *err);

/* Whether two setups (and their ruleset files) are byte for byte the same. */
bool runmeta_setup_equal(const RunMetaSetup *a, const RunMetaSetup *b);

/* Writes s into dir: the ruleset files, then setup, each through files_replace. Nothing when
 * s has no setup. ST_EIO naming the file. */
MUST_CHECK Status runmeta_write_setup(const char *dir, const RunMetaSetup *s, Error *err);

/* Frees what runmeta_read_setup read; s is left empty. */
void runmeta_setup_free(RunMetaSetup *s);

#endif
