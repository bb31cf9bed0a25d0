/* The experiment runner: jobs in a fixed order, seeds from game identity, OpenMP over games,
 * a reorder buffer so that games.csv grows in game order as games finish, resume, meta. */
#include "sim/runner.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "agents/agent.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "sim/buildinfo.h"
#include "sim/files.h"
#include "sim/match.h"
#include "sim/shard.h"
#include "sim/version.h"

#define PATH_MAX_LEN 2048

/* FNV-1a, 64 bits, over a string: names become seed material. */
static uint64_t hash_name(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t runner_game_seed(uint64_t seed, const char *rules, const char *attacker,
                          const char *defender, long index)
{
    uint64_t s = rng_mix(seed, hash_name(rules));
    s = rng_mix(s, hash_name(attacker));
    s = rng_mix(s, hash_name(defender) ^ 0x5bd1e9955bd1e995ULL);
    return rng_mix(s, (uint64_t)index);
}

/* The identity of job g: ruleset, pairing and index within the pairing. */
typedef struct {
    int ruleset, pairing;
    long index;
} Job;

static Job job_of(const Experiment *exp, long g)
{
    Job j;
    long per_ruleset = (long)exp->pairing_count * exp->games;
    j.ruleset = (int)(g / per_ruleset);
    j.pairing = (int)((g / exp->games) % exp->pairing_count);
    j.index = g % exp->games;
    return j;
}

static void utc_now(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Copies the experiment file into the run directory; on resume the copy must be unchanged. */
static Status keep_experiment_file(const Experiment *exp, const char *dir, bool resume, Error *err)
{
    if (!exp->path[0])
        return ST_OK;
    size_t size, old_size;
    char *text = files_read(exp->path, &size);
    if (!text) {
        error_set(err, "%s: cannot read: %s", exp->path, strerror(errno));
        return ST_EIO;
    }
    char copy[PATH_MAX_LEN];
    snprintf(copy, sizeof copy, "%s/experiment.ini", dir);
    char *old = resume ? files_read(copy, &old_size) : NULL;
    Status st = ST_OK;
    if (old && (old_size != size || memcmp(old, text, size) != 0)) {
        error_set(err,
                  "%s differs from %s, the file this run began with: a resumed run must use "
                  "the same experiment",
                  exp->path, copy);
        st = ST_EINVAL;
    } else if (!old) {
        st = files_write(copy, text, size, err);
    }
    free(old);
    free(text);
    return st;
}

/* Checks that the rows already in games.csv are this run's first games (of its shard). */
static Status check_resumed_rows(const Experiment *exp, Shard shard, const GameRow *rows,
                                 long count, long total, const char *path, Error *err)
{
    if (count > total) {
        error_set(err, "%s holds %ld games but this run has %ld", path, count, total);
        return ST_EINVAL;
    }
    for (long k = 0; k < count; k++) {
        long g = shard_game(shard, k);
        Job j = job_of(exp, g);
        const Pairing *p = &exp->pairings[j.pairing];
        const char *rules = exp->rulesets[j.ruleset].name;
        const char *att = exp->agents[p->attacker].name, *def = exp->agents[p->defender].name;
        if (rows[k].game != g || strcmp(rows[k].rules, rules) != 0 ||
            strcmp(rows[k].attacker, att) != 0 || strcmp(rows[k].defender, def) != 0 ||
            rows[k].seed != runner_game_seed(exp->seed, rules, att, def, j.index)) {
            error_set(err,
                      "%s:%ld: game %ld is not game %ld of this %s (%s, %s vs %s): "
                      "it belongs to another run",
                      path, k + 2, rows[k].game, g, shard.count > 1 ? "shard" : "experiment", rules,
                      att, def);
            return ST_EINVAL;
        }
    }
    return ST_OK;
}

/* The row of a finished game; `external` holds its RESULTS_EXTERNAL_* bits. Caller owns it. */
static GameRow *make_row(const Experiment *exp, const Rules *r, long g, const Job *j,
                         const GameRecord *rec, int external)
{
    const Pairing *p = &exp->pairings[j->pairing];
    GameRow *row = xcalloc(1, sizeof *row);
    row->game = g;
    snprintf(row->rules, sizeof row->rules, "%s", exp->rulesets[j->ruleset].name);
    snprintf(row->attacker, sizeof row->attacker, "%s", exp->agents[p->attacker].name);
    snprintf(row->defender, sizeof row->defender, "%s", exp->agents[p->defender].name);
    row->seed = rec->seed;
    row->winner = rec->winner;
    row->reason = rec->reason;
    row->plies = rec->plies;
    row->attackers_lost = rec->attackers_lost;
    row->defenders_lost = rec->defenders_lost;
    row->external = external;
    if (rec->moves) {
        row->moves = xmalloc((size_t)rec->move_count * OTN_MOVE_MAX + 1);
        char *q = row->moves;
        *q = '\0';
        for (int i = 0; i < rec->move_count; i++) {
            if (i)
                *q++ = ' ';
            otn_format_move(r, rec->moves[i], NULL, q);
            q += strlen(q);
        }
    }
    return row;
}

typedef struct {
    const Experiment *exp;
    const RunOptions *opt;
    const Rules *rules;             /* compiled, one per ruleset */
    const bool *external;           /* per agent: agent_is_external */
    char transcripts[PATH_MAX_LEN]; /* directory of external games' transcripts; "" = none */
    Shard shard;                    /* the games of this run: 1/1 for all of them */
    long games;                     /* every game of the experiment */
    long start, total; /* this run's games k in [start, total) are played (k-th of the shard) */
    GameRow **pending; /* finished, not yet written; indexed k - start */
    long next;         /* the next game (k) to write */
    GamesWriter *writer;
    GameRow *out_rows; /* when the caller wants rows */
    bool failed;
    Error error;
    bool show_progress;
    double started, last_progress;
} RunState;

/* Writes every finished game that is next in order. Called inside the critical section. */
static void flush_in_order(RunState *rs)
{
    while (!rs->failed && rs->next < rs->total && rs->pending[rs->next - rs->start]) {
        GameRow *row = rs->pending[rs->next - rs->start];
        if (rs->writer && results_games_append(rs->writer, row, &rs->error) != ST_OK)
            rs->failed = true;
        if (rs->out_rows) {
            rs->out_rows[rs->next] = *row;
        } else {
            free(row->moves);
        }
        free(row);
        rs->pending[rs->next - rs->start] = NULL;
        rs->next++;
    }
    if (rs->show_progress) {
        double now = clock_seconds();
        if (now - rs->last_progress >= 0.5 || rs->next == rs->total) {
            rs->last_progress = now;
            long done = rs->next - rs->start, left = rs->total - rs->next;
            double rate = done / (now - rs->started > 0 ? now - rs->started : 1e-9);
            fprintf(stderr, "\r%ld/%ld games, %.1f games/s, ETA %.0f s   ", rs->next, rs->total,
                    rate, rate > 0 ? left / rate : 0.0);
        }
    }
}

/* Writes game g's transcript to DIR/game-<g>.txt (each game its own file, so threads never
 * share one; a resumed run rewrites the games it plays again). */
static Status write_transcript(const char *dir, long g, const char *text, Error *err)
{
    char path[PATH_MAX_LEN + 32];
    snprintf(path, sizeof path, "%s/game-%ld.txt", dir, g);
    return files_write(path, text, strlen(text), err);
}

static void play_all(RunState *rs, int threads)
{
    const Experiment *exp = rs->exp;
    const int slots = exp->ruleset_count * exp->agent_count * 2;
#pragma omp parallel num_threads(threads)
    {
        /* Each thread owns its agents: one per ruleset, agent and seat, made when first used. */
        Agent **agents = xcalloc((size_t)slots, sizeof *agents);
#pragma omp for schedule(dynamic, 1)
        for (long k = rs->start; k < rs->total; k++) {
            bool stop;
#pragma omp atomic read
            stop = rs->failed;
            if (stop)
                continue;
            long g = shard_game(rs->shard, k);
            Job j = job_of(exp, g);
            const Pairing *p = &exp->pairings[j.pairing];
            const Rules *r = &rs->rules[j.ruleset];
            Agent *seat[2];
            for (int side = 0; side < 2; side++) {
                int agent = side == 0 ? p->attacker : p->defender;
                int slot = (j.ruleset * exp->agent_count + agent) * 2 + side;
                if (!agents[slot]) {
                    Status st = agent_create(exp->agents[agent].spec, r, 0, &agents[slot], NULL);
                    (void)st; /* every spec was checked before the parallel region */
                }
                seat[side] = agents[slot];
            }
            uint64_t seed = runner_game_seed(exp->seed, exp->rulesets[j.ruleset].name,
                                             exp->agents[p->attacker].name,
                                             exp->agents[p->defender].name, j.index);
            /* A game with an external engine always keeps its moves: they, and the
             * transcript, are what can be checked of a program outside tafl-lab. */
            int external = (rs->external[p->attacker] ? RESULTS_EXTERNAL_ATTACKER : 0) |
                           (rs->external[p->defender] ? RESULTS_EXTERNAL_DEFENDER : 0);
            bool keep_moves = exp->record_moves || external != 0;
            GameRecord rec;
            match_play(r, seat[0], seat[1], seed, exp->opening_plies, keep_moves, &rec);
            GameRow *row = make_row(exp, r, g, &j, &rec, external);
            if (!keep_moves) {
                free(row->moves);
                row->moves = NULL;
            }
            Error werr = {{0}};
            Status wst = ST_OK;
            if (rec.transcript && rs->transcripts[0])
                wst = write_transcript(rs->transcripts, g, rec.transcript, &werr);
            match_record_free(&rec);
#pragma omp critical(runner_write)
            {
                if (wst != ST_OK && !rs->failed) {
                    rs->failed = true;
                    rs->error = werr;
                }
                rs->pending[k - rs->start] = row;
                flush_in_order(rs);
            }
        }
        for (int i = 0; i < slots; i++)
            agent_destroy(agents[i]);
        free(agents);
    }
    if (rs->show_progress)
        fprintf(stderr, "\n");
}

static Status write_meta(const RunState *rs, const char *dir, int threads, const char *started,
                         double wall, Error *err)
{
    const Experiment *exp = rs->exp;
    char path[PATH_MAX_LEN], ended[64];
    snprintf(path, sizeof path, "%s/meta", dir);
    utc_now(ended, sizeof ended);
    FILE *f = fopen(path, "w");
    if (!f) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    long played = rs->total - rs->start;
    fprintf(f, "tool tafl %s\ngit_revision %s\ncompiler %s\nflags %s\n", TAFL_VERSION,
            buildinfo_git_revision(), buildinfo_compiler(), buildinfo_flags());
    fprintf(f, "schema_version %d\nexperiment %s\nexperiment_file %s\nseed %llu\n",
            RESULTS_SCHEMA_VERSION, exp->name, exp->path[0] ? exp->path : "-",
            (unsigned long long)exp->seed);
    fprintf(f, "command %s\nthreads %d\ngames_total %ld\ngames_resumed %ld\ngames_played %ld\n",
            rs->opt->command ? rs->opt->command : "-", threads, rs->games, rs->start, played);
    if (rs->opt->shard.count > 0) {
        /* What tafl merge reads: which shard this is, and how many games it holds. */
        fprintf(f, "shard %ld/%ld\ngames_shard %ld\n", rs->shard.index, rs->shard.count, rs->total);
    }
    fprintf(f, "start %s\nend %s\nwall_seconds %.3f\ngames_per_second %.3f\n", started, ended, wall,
            wall > 0 ? played / wall : 0.0);
    for (int i = 0; i < exp->ruleset_count; i++) {
        char otn[OTN_RULES_MAX], warnings[256];
        otn_format_rules(&exp->rulesets[i], otn, warnings);
        fprintf(f, "rules.%s %s\n", exp->rulesets[i].name, otn);
    }
    fprintf(f, "external_agents");
    int externals = 0;
    for (int i = 0; i < exp->agent_count; i++) {
        if (rs->external[i]) {
            fprintf(f, " %s", exp->agents[i].name);
            externals++;
        }
    }
    fprintf(f, "%s\n", externals ? "" : " -");
    for (int i = 0; i < exp->agent_count; i++) {
        Agent *a;
        char full[2048];
        if (agent_create(exp->agents[i].spec, &rs->rules[0], 0, &a, NULL) == ST_OK) {
            agent_describe(a, full, sizeof full);
            agent_destroy(a);
            fprintf(f, "agent.%s %s\n", exp->agents[i].name, full);
        }
    }
    if (ferror(f) | (fclose(f) != 0)) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

Status runner_run(const Experiment *exp, const RunOptions *opt, GameRow **rows, long *count,
                  Error *err)
{
    Status st = ST_OK;
    RunState rs;
    memset(&rs, 0, sizeof rs);
    rs.exp = exp;
    rs.opt = opt;
    long long total = (long long)exp->ruleset_count * exp->pairing_count * exp->games;
    if (total < 1 || total > EXPERIMENT_GAMES_TOTAL_MAX) {
        error_set(err, "%lld games: a run plays 1..%ld", total, EXPERIMENT_GAMES_TOTAL_MAX);
        return ST_EINVAL;
    }
    rs.games = (long)total;
    rs.shard = opt->shard.count > 0 ? opt->shard : (Shard){1, 1};
    if (rs.shard.index < 1 || rs.shard.index > rs.shard.count || rs.shard.count > SHARD_MAX) {
        error_set(err, "shard %ld/%ld: want I/N with 1 <= I <= N <= %d", rs.shard.index,
                  rs.shard.count, SHARD_MAX);
        return ST_EINVAL;
    }
    rs.total = shard_game_count(rs.shard, rs.games);
    /* OMP_NUM_THREADS may ask for anything; more threads than games or than --threads allows
     * only cost memory (each thread owns its agents). */
    int threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    if (threads > RUNNER_THREADS_MAX)
        threads = RUNNER_THREADS_MAX;
    if (threads > rs.total)
        threads = rs.total > 0 ? (int)rs.total : 1;
    char started[64];
    utc_now(started, sizeof started);
    double t0 = clock_seconds();

    /* Compile every ruleset with the experiment's ply cap; check every agent spec. */
    Rules *compiled = xcalloc((size_t)exp->ruleset_count, sizeof *compiled);
    rs.rules = compiled;
    for (int i = 0; i < exp->ruleset_count && st == ST_OK; i++) {
        Ruleset r = exp->rulesets[i];
        if (exp->max_plies > 0)
            r.max_plies = exp->max_plies;
        st = rules_compile(&r, &compiled[i], err);
        if (st != ST_OK)
            error_prefix(err, "ruleset %s: ", r.name);
    }
    bool *external = xcalloc((size_t)exp->agent_count + 1, sizeof *external);
    bool any_external = false;
    rs.external = external;
    for (int i = 0; i < exp->agent_count && st == ST_OK; i++) {
        Agent *probe;
        st = agent_create(exp->agents[i].spec, &compiled[0], 0, &probe, err);
        if (st == ST_OK) {
            external[i] = agent_is_external(probe);
            any_external = any_external || external[i];
            agent_destroy(probe);
        } else {
            error_prefix(err, "agent %s: ", exp->agents[i].name);
        }
    }

    char dir[PATH_MAX_LEN] = "", games_path[PATH_MAX_LEN] = "", summary_path[PATH_MAX_LEN] = "";
    char meta_path[PATH_MAX_LEN] = "";
    GameRow *old_rows = NULL;
    long old_count = 0;
    if (st == ST_OK && opt->write_files) {
        if (opt->out_dir)
            snprintf(dir, sizeof dir, "%s", opt->out_dir);
        else if (opt->shard.count > 0)
            snprintf(dir, sizeof dir, "%s/%s/shard-%ld-of-%ld", exp->output, exp->name,
                     rs.shard.index, rs.shard.count);
        else
            snprintf(dir, sizeof dir, "%s/%s", exp->output, exp->name);
        snprintf(games_path, sizeof games_path, "%s/games.csv", dir);
        snprintf(summary_path, sizeof summary_path, "%s/summary.csv", dir);
        snprintf(meta_path, sizeof meta_path, "%s/meta", dir);
        st = files_make_directories(dir, err);
        struct stat sb;
        bool exists = st == ST_OK && stat(games_path, &sb) == 0;
        if (exists && !S_ISREG(sb.st_mode) && !S_ISCHR(sb.st_mode)) {
            /* A character device is let through: /dev/full is how a full disk is tested. */
            error_set(err, "%s: exists and is not a regular file", games_path);
            st = ST_EIO;
            exists = false;
        }
        bool have_games = exists && sb.st_size > 0;
        if (st == ST_OK && have_games && !opt->resume) {
            error_set(err,
                      "%s already holds games: add --resume to finish that run, or choose "
                      "another output directory",
                      games_path);
            st = ST_EINVAL;
        }
        if (st == ST_OK)
            st = keep_experiment_file(exp, dir, opt->resume && have_games, err);
        if (st == ST_OK && have_games) {
            long valid_bytes;
            st = results_games_read(games_path, &old_rows, &old_count, &valid_bytes, err);
            if (st == ST_OK)
                st = check_resumed_rows(exp, rs.shard, old_rows, old_count, rs.total, games_path,
                                        err);
            if (st == ST_OK && valid_bytes < sb.st_size && truncate(games_path, valid_bytes) != 0) {
                error_set(err, "%s: cannot cut off the unfinished last line: %s", games_path,
                          strerror(errno));
                st = ST_EIO;
            }
        }
        /* A summary (and meta) on disk must describe a finished run: remove the old ones
         * first, so that a run that fails leaves none. */
        const char *stale[2] = {summary_path, meta_path};
        for (int i = 0; i < 2 && st == ST_OK; i++) {
            if (unlink(stale[i]) != 0 && errno != ENOENT) {
                error_set(err, "%s: cannot remove: %s", stale[i], strerror(errno));
                st = ST_EIO;
            }
        }
        if (st == ST_OK && any_external) {
            snprintf(rs.transcripts, sizeof rs.transcripts, "%s/transcripts", dir);
            st = files_make_directories(rs.transcripts, err);
        }
        if (st == ST_OK)
            st = results_games_open(games_path, &rs.writer, err);
    }

    if (st == ST_OK) {
        rs.start = old_count;
        rs.next = rs.start;
        rs.pending = xcalloc((size_t)(rs.total - rs.start) + 1, sizeof *rs.pending);
        if (rows) {
            rs.out_rows = xcalloc((size_t)rs.total + 1, sizeof *rs.out_rows);
            for (long g = 0; g < old_count; g++) {
                rs.out_rows[g] = old_rows[g];
                old_rows[g].moves = NULL;
            }
        }
        rs.show_progress = !opt->quiet && (opt->progress || isatty(STDERR_FILENO));
        rs.started = clock_seconds();
        play_all(&rs, threads);
        for (long g = rs.start; g < rs.total; g++)
            if (rs.pending[g - rs.start]) {
                free(rs.pending[g - rs.start]->moves);
                free(rs.pending[g - rs.start]);
            }
        free(rs.pending);
        if (rs.failed) {
            *err = rs.error;
            st = ST_EIO;
        }
    }
    Error close_err;
    if (results_games_close(rs.writer, &close_err) != ST_OK && st == ST_OK) {
        *err = close_err;
        st = ST_EIO;
    }

    if (st == ST_OK && opt->write_files) {
        /* The summary is recomputed from games.csv itself, so the two always agree. */
        GameRow *all = NULL;
        long n = 0, valid;
        st = results_games_read(games_path, &all, &n, &valid, err);
        if (st == ST_OK && n != rs.total) {
            error_set(err, "%s: holds %ld games after the run, expected %ld", games_path, n,
                      rs.total);
            st = ST_EIO;
        }
        /* meta first, summary.csv last (written whole and renamed into place): a summary.csv
         * on disk means every step of the run succeeded. A shard writes none: its games are
         * part of the experiment, and only tafl merge sees them all. */
        if (st == ST_OK)
            st = write_meta(&rs, dir, threads, started, clock_seconds() - t0, err);
        if (st == ST_OK && opt->shard.count == 0)
            st = results_write_summary(summary_path, all, n, err);
        results_free_rows(all, n);
    }
    results_free_rows(old_rows, old_count);
    free(compiled);
    free(external);
    if (rows && st == ST_OK) {
        *rows = rs.out_rows;
        *count = rs.total;
    } else {
        results_free_rows(rs.out_rows, rs.out_rows ? rs.next : 0);
    }
    return st;
}

/* For the other run drivers (sim/sequential.c), which share the run directory's rules. */
Status runner_keep_experiment_file(const Experiment *exp, const char *dir, bool resume, Error *err)
{
    return keep_experiment_file(exp, dir, resume, err);
}
