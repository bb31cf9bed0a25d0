/* Runs that stop on the evidence (see sequential.h): rounds of games played in parallel, judged
 * in game order after each round, written to the run directory as runner.c writes it. */
#include "sim/sequential.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "agents/agent.h"
#include "rules/otn.h"
#include "sim/buildinfo.h"
#include "sim/files.h"
#include "sim/match.h"
#include "sim/ratings.h"
#include "sim/rundir.h"
#include "sim/signals.h"
#include "sim/stats.h"
#include "sim/version.h"

#define PATH_LEN 2048

/* SPRT rounds hold this many pairs per thread: enough to keep every thread busy, few enough
 * that little is played past a decision. (The decision never depends on it.) */
#define PAIRS_PER_THREAD 4

/* One game to play: its place in the experiment and its seed. */
typedef struct {
    int ruleset, pairing;
    long index; /* within the pairing (runner_game_seed's index), or the pair's number */
    uint64_t seed;
} Job;

/* A run in progress. */
typedef struct {
    const Experiment *exp;
    const RunOptions *opt;
    Rules *rules; /* compiled, one per ruleset, with the experiment's ply cap */
    int threads;
    int slots;     /* agents per thread: ruleset x agent x seat */
    Agent **cache; /* threads x slots, each created by its thread on first use */
    char dir[PATH_LEN], games_path[PATH_LEN + 16], summary_path[PATH_LEN + 16];
    GamesWriter *writer; /* NULL without files */
    DirLock *lock;       /* the run directory's, held from seq_open to seq_close */
    GameRow *old;        /* the rows of games.csv at a resume: the first games, re-judged */
    long old_count;
    GameRow *kept; /* every kept game, when the caller wants rows */
    long kept_cap;
    bool want_rows;
    long next; /* the number of the next game kept */
    bool show_progress;
    double started;
    char started_utc[64];
} Seq;

static void utc_now(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Compiles the rulesets, checks every agent spec, prepares the run directory (refusing to
 * overwrite games without resume; reading them back with it) and opens games.csv. */
static Status seq_open(Seq *q, const Experiment *exp, const RunOptions *opt, GameRow **rows,
                       Error *err)
{
    memset(q, 0, sizeof *q);
    q->exp = exp;
    q->opt = opt;
    q->want_rows = rows != NULL;
    q->threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    q->slots = exp->ruleset_count * exp->agent_count * 2;
    q->cache = xcalloc((size_t)q->threads * (size_t)q->slots, sizeof *q->cache);
    q->rules = xcalloc((size_t)exp->ruleset_count, sizeof *q->rules);
    utc_now(q->started_utc, sizeof q->started_utc);
    q->started = clock_seconds();
    signals_cooperate(true); /* until seq_close: seq_play checks after each round */
    Status st = ST_OK;
    for (int i = 0; i < exp->ruleset_count && st == ST_OK; i++) {
        Ruleset r = exp->rulesets[i];
        if (exp->max_plies > 0) {
            r.max_plies = exp->max_plies;
        }
        st = rules_compile(&r, &q->rules[i], err);
        if (st != ST_OK) {
            error_prefix(err, "ruleset %s: ", r.name);
        }
    }
    for (int i = 0; i < exp->agent_count && st == ST_OK; i++) {
        Agent *probe;
        st = agent_create(exp->agents[i].spec, &q->rules[0], 0, &probe, err);
        if (st == ST_OK) {
            agent_destroy(probe);
        } else {
            error_prefix(err, "agent %s: ", exp->agents[i].name);
        }
    }
    q->show_progress = !opt->quiet && (opt->progress || isatty(STDERR_FILENO));
    if (st != ST_OK || !opt->write_files) {
        return st;
    }
    if (opt->out_dir) {
        st = outpath_format(q->dir, sizeof q->dir, err, "%s", opt->out_dir);
    } else {
        st = outpath_format(q->dir, sizeof q->dir, err, "%s/%s", exp->output, exp->name);
    }
    /* rundir_open bounds dir so that these and every other name inside it fit. */
    snprintf(q->games_path, sizeof q->games_path, "%s/games.csv", q->dir);
    snprintf(q->summary_path, sizeof q->summary_path, "%s/summary.csv", q->dir);
    if (st == ST_OK) {
        st = rundir_open(q->dir, &q->lock, err); /* one writer; regular files only */
    }
    struct stat sb;
    bool have_games = st == ST_OK && stat(q->games_path, &sb) == 0 && sb.st_size > 0;
    if (st == ST_OK && have_games && !opt->resume) {
        error_set(err,
                  "%s already holds games: add --resume to finish that run, or choose "
                  "another output directory",
                  q->games_path);
        st = ST_EINVAL;
    }
    if (st == ST_OK) {
        st = runner_keep_experiment_file(exp, q->dir, opt->resume && have_games, err);
    }
    if (st == ST_OK && have_games) {
        long valid_bytes;
        st = results_games_read(q->games_path, &q->old, &q->old_count, &valid_bytes, err);
        if (st == ST_OK && valid_bytes < sb.st_size && truncate(q->games_path, valid_bytes) != 0) {
            error_set(err, "%s: cannot cut off the unfinished last line: %s", q->games_path,
                      strerror(errno));
            st = ST_EIO;
        }
    }
    /* A summary on disk must describe a finished run: remove the old one first. */
    if (st == ST_OK && unlink(q->summary_path) != 0 && errno != ENOENT) {
        error_set(err, "%s: cannot remove: %s", q->summary_path, strerror(errno));
        st = ST_EIO;
    }
    if (st == ST_OK) {
        st = results_games_open(q->games_path, &q->writer, err);
    }
    return st;
}

/* The names of job j's ruleset and agents. */
static void job_names(const Experiment *exp, const Job *j, const char **rules, const char **att,
                      const char **def)
{
    const Pairing *p = &exp->pairings[j->pairing];
    *rules = exp->rulesets[j->ruleset].name;
    *att = exp->agents[p->attacker].name;
    *def = exp->agents[p->defender].name;
}

/* Plays one game into *row (numbered g). Runs on the calling thread with its agents. */
static void play_job(Seq *q, Agent **agents, const Job *j, long g, GameRow *row)
{
    const Experiment *exp = q->exp;
    const Pairing *p = &exp->pairings[j->pairing];
    const Rules *r = &q->rules[j->ruleset];
    Agent *seat[2];
    for (int side = 0; side < 2; side++) {
        int agent = side == 0 ? p->attacker : p->defender;
        int slot = (j->ruleset * exp->agent_count + agent) * 2 + side;
        if (!agents[slot]) {
            Status st = agent_create(exp->agents[agent].spec, r, 0, &agents[slot], NULL);
            (void)st; /* every spec was checked by seq_open */
        }
        seat[side] = agents[slot];
    }
    GameRecord rec;
    match_play(r, seat[0], seat[1], j->seed, exp->opening_plies, exp->record_moves, &rec);
    memset(row, 0, sizeof *row);
    const char *rules, *att, *def;
    job_names(exp, j, &rules, &att, &def);
    row->game = g;
    snprintf(row->rules, sizeof row->rules, "%s", rules);
    snprintf(row->attacker, sizeof row->attacker, "%s", att);
    snprintf(row->defender, sizeof row->defender, "%s", def);
    row->seed = rec.seed;
    row->winner = rec.winner;
    row->reason = rec.reason;
    row->plies = rec.plies;
    row->attackers_lost = rec.attackers_lost;
    row->defenders_lost = rec.defenders_lost;
    if (rec.moves) {
        row->moves = xmalloc((size_t)rec.move_count * OTN_MOVE_MAX + 1);
        char *at = row->moves;
        *at = '\0';
        for (int i = 0; i < rec.move_count; i++) {
            if (i) {
                *at++ = ' ';
            }
            otn_format_move(r, rec.moves[i], NULL, at);
            at += strlen(at);
        }
    }
    match_record_free(&rec);
}

/* Fills out[0..n) with the games of jobs[0..n), numbered from q->next: games already in
 * games.csv (a resume) are taken from there after checking they are these games; the others
 * are played in parallel. */
static Status seq_play(Seq *q, const Job *jobs, long n, GameRow *out, Error *err)
{
    const Experiment *exp = q->exp;
    for (long i = 0; i < n && q->next + i < q->old_count; i++) {
        long g = q->next + i;
        const GameRow *old = &q->old[g];
        const char *rules, *att, *def;
        job_names(exp, &jobs[i], &rules, &att, &def);
        if (old->game != g || strcmp(old->rules, rules) != 0 || strcmp(old->attacker, att) != 0 ||
            strcmp(old->defender, def) != 0 || old->seed != jobs[i].seed) {
            error_set(err,
                      "%s:%ld: game %ld is not game %ld of this run (%s, %s vs %s): it belongs "
                      "to another run",
                      q->games_path, g + 2, old->game, g, rules, att, def);
            for (long k = 0; k < i; k++) {
                free(out[k].moves);
            }
            return ST_EINVAL;
        }
        out[i] = *old;
        q->old[g].moves = NULL;
    }
    long first = q->old_count > q->next ? q->old_count - q->next : 0;
#pragma omp parallel num_threads(q->threads)
    {
        Agent **agents = q->cache + (size_t)omp_get_thread_num() * (size_t)q->slots;
#pragma omp for schedule(dynamic, 1)
        for (long i = first; i < n; i++) {
            play_job(q, agents, &jobs[i], q->next + i, &out[i]);
        }
    }
    if (signals_stop_requested()) { /* tafl is stopping: drop the whole round (signals.h) */
        for (long i = 0; i < n; i++) {
            free(out[i].moves);
        }
        signals_describe_stop(err, q->writer ? q->games_path : NULL,
                              q->next > q->old_count ? q->next : q->old_count);
        return ST_EIO;
    }
    return ST_OK;
}

/* Keeps round[0..keep) (appending the new ones to games.csv) and drops the rest. */
static Status seq_keep(Seq *q, GameRow *round, long keep, long n, Error *err)
{
    Status st = ST_OK;
    for (long i = 0; i < keep && st == ST_OK; i++) {
        if (q->writer && q->next + i >= q->old_count) {
            st = results_games_append(q->writer, &round[i], err);
        }
    }
    if (q->want_rows) {
        if (q->next + keep > q->kept_cap) {
            q->kept_cap = 2 * (q->next + keep);
            q->kept = xrealloc(q->kept, (size_t)q->kept_cap * sizeof *q->kept);
        }
        memcpy(q->kept + q->next, round, (size_t)keep * sizeof *round);
    } else {
        for (long i = 0; i < keep; i++) {
            free(round[i].moves);
        }
    }
    for (long i = keep; i < n; i++) {
        free(round[i].moves);
    }
    q->next += keep;
    return st;
}

/* Writes meta: as runner.c's, plus `stop` lines saying how the run ended. */
static Status write_meta(const Seq *q, const char *stop, Error *err)
{
    const Experiment *exp = q->exp;
    char path[PATH_LEN + 8], ended[64];
    snprintf(path, sizeof path, "%s/meta", q->dir);
    utc_now(ended, sizeof ended);
    FILE *f = fopen(path, "w");
    if (!f) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    double wall = clock_seconds() - q->started;
    long resumed = q->old_count < q->next ? q->old_count : q->next, played = q->next - resumed;
    fprintf(f, "tool tafl %s\ngit_revision %s\ncompiler %s\nflags %s\n", TAFL_VERSION,
            buildinfo_git_revision(), buildinfo_compiler(), buildinfo_flags());
    fprintf(f, "schema_version %d\nexperiment %s\nexperiment_file %s\nseed %llu\n",
            RESULTS_SCHEMA_VERSION, exp->name, exp->path[0] ? exp->path : "-",
            (unsigned long long)exp->seed);
    fprintf(f, "command %s\nthreads %d\ngames_total %ld\ngames_resumed %ld\ngames_played %ld\n",
            q->opt->command ? q->opt->command : "-", q->threads, q->next, resumed, played);
    fprintf(f, "start %s\nend %s\nwall_seconds %.3f\ngames_per_second %.3f\n", q->started_utc,
            ended, wall, wall > 0 ? played / wall : 0.0);
    fputs(stop, f);
    for (int i = 0; i < exp->ruleset_count; i++) {
        char otn[OTN_RULES_MAX], warnings[256];
        otn_format_rules(&exp->rulesets[i], otn, warnings);
        fprintf(f, "rules.%s %s\n", exp->rulesets[i].name, otn);
    }
    for (int i = 0; i < exp->agent_count; i++) {
        Agent *a;
        char full[2048];
        if (agent_create(exp->agents[i].spec, &q->rules[0], 0, &a, NULL) == ST_OK) {
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

/* Ends the run: closes games.csv, checks a resume did not hold more games than the run has,
 * writes summary.csv (from games.csv itself) and meta, hands back the rows, frees all. */
static Status seq_close(Seq *q, Status st, const char *stop, GameRow **rows, long *count,
                        Error *err)
{
    Error close_err;
    if (results_games_close(q->writer, &close_err) != ST_OK && st == ST_OK) {
        *err = close_err;
        st = ST_EIO;
    }
    if (st == ST_OK && q->old_count > q->next) {
        error_set(err,
                  "%s holds %ld games but this run stops after %ld: it belongs to another run "
                  "(or other stopping options)",
                  q->games_path, q->old_count, q->next);
        st = ST_EINVAL;
    }
    if (st == ST_OK && q->opt->write_files) {
        GameRow *all = NULL;
        long n = 0, valid;
        st = results_games_read(q->games_path, &all, &n, &valid, err);
        if (st == ST_OK) {
            st = results_write_summary(q->summary_path, all, n, err);
        }
        results_free_rows(all, n);
        if (st == ST_OK) {
            st = write_meta(q, stop, err);
        }
    }
    if (q->show_progress) {
        fprintf(stderr, "\n");
    }
    for (long i = 0; i < (long)q->threads * q->slots; i++) {
        agent_destroy(q->cache[i]);
    }
    free(q->cache);
    free(q->rules);
    dirlock_release(q->lock);
    signals_cooperate(false);
    results_free_rows(q->old, q->old_count);
    if (st == ST_OK && rows) {
        *rows = q->kept ? q->kept : xcalloc(1, sizeof **rows);
        *count = q->next;
    } else {
        results_free_rows(q->kept, q->kept ? q->next : 0);
    }
    return st;
}

/* ------------------------------------------------------------------------------------------
 * SPRT */

/* A's score in a game (win 1, draw 1/2) when A holds `side`. */
static double score_of(const GameRow *row, Winner a_side)
{
    return row->winner == a_side ? 1.0 : row->winner == WINNER_DRAW ? 0.5 : 0.0;
}

Status sequential_sprt(const Experiment *exp, const RunOptions *opt, const SprtParams *params,
                       SprtOutcome *out, GameRow **rows, long *count, Error *err)
{
    if (exp->ruleset_count != 1 || exp->agent_count != 2 || exp->pairing_count != 2 ||
        exp->pairings[0].attacker != exp->pairings[1].defender ||
        exp->pairings[0].defender != exp->pairings[1].attacker ||
        exp->pairings[0].attacker == exp->pairings[0].defender) {
        error_set(err, "an SPRT needs one ruleset and two agents, each attacking the other");
        return ST_EINVAL;
    }
    memset(out, 0, sizeof *out);
    out->params = *params;
    sprt_bounds(params, &out->lower, &out->upper);
    Seq q;
    Status st = seq_open(&q, exp, opt, rows, err);
    const char *rules = exp->rulesets[0].name;
    const char *a = exp->agents[exp->pairings[0].attacker].name;
    const char *b = exp->agents[exp->pairings[0].defender].name;
    long max_pairs = exp->games / 2;
    long per_round = (long)q.threads * PAIRS_PER_THREAD;
    Job *jobs = xmalloc((size_t)per_round * 2 * sizeof *jobs);
    GameRow *round = xmalloc((size_t)per_round * 2 * sizeof *round);
    while (st == ST_OK && out->decision == 0 && out->pairs < max_pairs) {
        long first = out->pairs;
        long n = max_pairs - first < per_round ? max_pairs - first : per_round;
        for (long k = 0; k < n; k++) {
            /* Both games of a pair share the seed, so the same random opening plies. */
            uint64_t seed = runner_game_seed(exp->seed, rules, a, b, first + k);
            jobs[2 * k] = (Job){0, 0, first + k, seed};
            jobs[2 * k + 1] = (Job){0, 1, first + k, seed};
        }
        st = seq_play(&q, jobs, 2 * n, round, err);
        if (st != ST_OK) {
            break;
        }
        long used = 0;
        for (long k = 0; k < n && out->decision == 0; k++) {
            double pair = score_of(&round[2 * k], WINNER_ATTACKERS) +
                          score_of(&round[2 * k + 1], WINNER_DEFENDERS);
            out->counts[(int)lround(2 * pair)]++;
            out->pairs++;
            out->llr = sprt_llr_pentanomial(params, out->counts);
            out->decision = sprt_decision(params, out->llr);
            used = 2 * (k + 1);
        }
        st = seq_keep(&q, round, used, 2 * n, err);
        if (q.show_progress) {
            fprintf(stderr, "\r%ld pairs, LLR %.2f [%.2f, %.2f]   ", out->pairs, out->llr,
                    out->lower, out->upper);
        }
    }
    free(round);
    free(jobs);
    sprt_elo_pentanomial(out->counts, &out->elo, &out->elo_low, &out->elo_high);
    char stop[512];
    snprintf(stop, sizeof stop,
             "stop sprt elo0=%g,elo1=%g,alpha=%g,beta=%g\nsprt_pairs %ld\n"
             "sprt_pentanomial %ld %ld %ld %ld %ld\nsprt_llr %.4f\nsprt_bounds %.4f %.4f\n"
             "sprt_decision %s\n",
             params->elo0, params->elo1, params->alpha, params->beta, out->pairs, out->counts[0],
             out->counts[1], out->counts[2], out->counts[3], out->counts[4], out->llr, out->lower,
             out->upper,
             out->decision > 0   ? "H1"
             : out->decision < 0 ? "H0"
                                 : "none");
    return seq_close(&q, st, stop, rows, count, err);
}

/* ------------------------------------------------------------------------------------------
 * Width */

Status sequential_width(const Experiment *exp, const RunOptions *opt, GameRow **rows, long *count,
                        Error *err)
{
    if (!(exp->max_width > 0) || exp->check_every < 1) {
        error_set(err, "a width-stopped run needs max_width > 0 and check_every >= 1");
        return ST_EINVAL;
    }
    Seq q;
    Status st = seq_open(&q, exp, opt, rows, err);
    long groups = (long)exp->ruleset_count * exp->pairing_count;
    long(*tally)[3] = xcalloc((size_t)groups, sizeof *tally); /* wins, draws, losses */
    bool *going = xmalloc((size_t)groups * sizeof *going);
    for (long gr = 0; gr < groups; gr++) {
        going[gr] = true;
    }
    long step = exp->check_every, cap = 0;
    Job *jobs = NULL;
    GameRow *round = NULL;
    for (long k = 0; st == ST_OK; k++) {
        long from = k * step, to = from + step < exp->games ? from + step : exp->games;
        long n = 0, active = 0;
        for (long gr = 0; gr < groups; gr++) {
            active += going[gr];
        }
        if (active == 0) {
            break;
        }
        if (active * (to - from) > cap) {
            cap = active * (to - from);
            jobs = xrealloc(jobs, (size_t)cap * sizeof *jobs);
            round = xrealloc(round, (size_t)cap * sizeof *round);
        }
        for (long gr = 0; gr < groups; gr++) {
            if (!going[gr]) {
                continue;
            }
            int ruleset = (int)(gr / exp->pairing_count), pairing = (int)(gr % exp->pairing_count);
            for (long i = from; i < to; i++) {
                Job j = {ruleset, pairing, i, 0};
                const char *rules, *att, *def;
                job_names(exp, &j, &rules, &att, &def);
                j.seed = runner_game_seed(exp->seed, rules, att, def, i);
                jobs[n++] = j;
            }
        }
        st = seq_play(&q, jobs, n, round, err);
        if (st != ST_OK) {
            break;
        }
        for (long i = 0; i < n; i++) {
            long gr = (long)jobs[i].ruleset * exp->pairing_count + jobs[i].pairing;
            Winner w = round[i].winner;
            tally[gr][w == WINNER_ATTACKERS ? 0 : w == WINNER_DRAW ? 1 : 2]++;
        }
        st = seq_keep(&q, round, n, n, err);
        long stopped = 0;
        for (long gr = 0; gr < groups; gr++) {
            ScoreEstimate e;
            stats_score(tally[gr][0], tally[gr][1], tally[gr][2], RATINGS_Z95, &e);
            if (going[gr] && (to >= exp->games || e.high - e.low < exp->max_width)) {
                going[gr] = false;
            }
            stopped += !going[gr];
        }
        if (q.show_progress) {
            fprintf(stderr, "\r%ld games, %ld of %ld pairings done   ", q.next, stopped, groups);
        }
    }
    free(round);
    free(jobs);
    free(going);
    free(tally);
    char stop[128];
    snprintf(stop, sizeof stop, "stop max_width=%g,check_every=%d\n", exp->max_width,
             exp->check_every);
    return seq_close(&q, st, stop, rows, count, err);
}
