/* The experiment runner: jobs in a fixed order (or as a stopping rule hands them out), seeds
 * from game identity, OpenMP threads over games, a bounded reorder window so that games.csv
 * grows in game order as games finish and no row stays in memory longer than that, resume,
 * meta. */
#include "harness/runner.h"

#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "agents/agent.h"
#include "formats/files.h"
#include "formats/outpath.h"
#include "formats/rowcheck.h"
#include "harness/costest.h"
#include "harness/match.h"
#include "harness/membudget.h"
#include "harness/progress.h"
#include "harness/race.h"
#include "harness/rundir.h"
#include "harness/runmeta.h"
#include "harness/shard.h"
#include "harness/signals.h"
#include "rules/otn.h"
#include "rules/rng.h"
#include "stats/stats.h"

#define PATH_MAX_LEN 2048

/* Reorder window, in games per thread: a thread may start game k only while every game before
 * k - window is written. Finished rows wait in a ring of that many slots, so memory stays flat
 * however many games a run has. The window is a ring rather than chunked rounds with a barrier
 * because games vary in length (search agents, long draws): a barrier would idle every thread
 * behind the slowest game of each chunk, whereas a thread here waits only when it is a whole
 * window ahead of the oldest unfinished game, which a few games per thread makes rare. */
#define WINDOW_PER_THREAD 16

/* FNV-1a, 64 bits, over a string: names become seed material. */
static uint64_t hash_name(const char *s)
{
    return fnv1a(FNV1A_BASIS, s, strlen(s));
}

uint64_t runner_game_seed(uint64_t seed, const char *rules, const char *attacker,
                          const char *defender, long index)
{
    uint64_t s = rng_mix(seed, hash_name(rules));
    s = rng_mix(s, hash_name(attacker));
    s = rng_mix(s, hash_name(defender) ^ 0x5bd1e9955bd1e995ULL);
    return rng_mix(s, (uint64_t)index);
}

/* Copies the experiment file into the run directory. At a resume runmeta_prepare has already
 * compared every setting that changes games, so the copy follows the file (a raised game count,
 * an edited comment). */
static Status keep_experiment_file(const Experiment *exp, const char *dir, Error *err)
{
    if (!exp->path[0])
        return ST_OK;
    size_t size;
    char *text = files_read(exp->path, &size);
    if (!text) {
        error_set(err, "%s: cannot read: %s", exp->path, strerror(errno));
        return ST_EIO;
    }
    Status st = files_replace(dir, "experiment.ini", text, size, err);
    free(text);
    return st;
}

/* One game to play: its place in the experiment, its number in the run and its seed. */
typedef struct {
    int ruleset, pairing;
    long index; /* within the pairing (runner_game_seed's index); an SPRT's pair number */
    long game;  /* the number in games.csv */
    uint64_t seed;
} Job;

/* What the schedule says of game k. */
typedef enum {
    NEXT_JOB,  /* game k is this job */
    NEXT_WAIT, /* not known before the games of the round in progress are judged */
    NEXT_END,  /* the run has no game k */
} Next;

/* The width rule's state: the round in progress and the tally of every pairing. */
typedef struct {
    long groups;       /* rulesets x pairings; group gr = ruleset * pairing_count + pairing */
    long (*wdl)[3];    /* per group: attackers' wins, draws, losses so far */
    bool *going;       /* per group: still playing */
    long *active;      /* the groups of the round in progress, in order */
    long active_count; /* how many */
    long from, to;     /* the round plays each active group's games [from, to) */
    long first, end;   /* and is the run's games [first, end) */
} WidthState;

typedef struct {
    const Experiment *exp;
    const RunOptions *opt;
    Rules *rules; /* compiled, one per ruleset, with the experiment's ply cap */
    /* Every agent resolved for every ruleset before any game (ruleset * agent_count + agent):
     * its evaluation read once, so every game of the run plays the same one. */
    ResolvedAgent **resolved;
    bool *external; /* per agent: agent_is_external */
    bool any_external;
    int threads;
    DirLock *dir_lock; /* the run directory's lock (rundir_open), released at the end */
    char dir[PATH_MAX_LEN], games_path[PATH_MAX_LEN + 16], summary_path[PATH_MAX_LEN + 16];
    char meta_path[PATH_MAX_LEN + 16];
    char transcripts[PATH_MAX_LEN + 16]; /* directory of external games' transcripts; "" = none */
    Shard shard;                         /* the games of a COUNT run: 1/1 for all of them */
    long games;                          /* every game of the experiment */
    long total;                          /* COUNT: the games of this run (of its shard) */
    long resumed;                        /* games taken from games.csv */
    /* The stream, in game order: games before `next` have left the window; games before
     * `kept` are the run's (after an SPRT's decision `next` runs ahead, over dropped games). */
    long handed, next, kept;
    long window;    /* slots in ring */
    GameRow **ring; /* finished games waiting for the ones before them: ring[k % window] */
    bool ended;     /* the stopping rule has decided: no game from `kept` on is the run's */
    pthread_mutex_t lock;
    pthread_cond_t moved; /* `next` moved, the run failed, or a round was judged */
    GamesWriter *writer;
    bool failed;
    Error error;
    RunResult *res; /* the caller's (or one of our own) */
    long rows_cap;
    WidthState width;   /* RUN_STOP_WIDTH and RUN_STOP_RACE: the rounds */
    DesignState design; /* RUN_STOP_RACE: the race and its confirmation (harness/race.h) */
    Winner pair_first;  /* SPRT: the result of the first game of the pair in progress */
    bool show_progress;
    double started, last_progress;
    char started_utc[64];
    bool dir_open; /* open_directory succeeded: this session is recorded in DIR/sessions */
} RunState;

static const char *agent_name(const Experiment *exp, int pairing, int side)
{
    const Pairing *p = &exp->pairings[pairing];
    return exp->agents[side == 0 ? p->attacker : p->defender].name;
}

static Job job_with_seed(const Experiment *exp, int ruleset, int pairing, long index, long game)
{
    Job j = {ruleset, pairing, index, game, 0};
    j.seed = runner_game_seed(exp->seed, exp->rulesets[ruleset].name, agent_name(exp, pairing, 0),
                              agent_name(exp, pairing, 1), index);
    return j;
}

/* The schedule: which job is game k. Called with the lock held (or before the threads start);
 * every answer depends only on the games before k, judged in order. */
static Next job_at(const RunState *rs, long k, Job *j)
{
    const Experiment *exp = rs->exp;
    switch (rs->opt->stop.kind) {
    case RUN_STOP_SPRT: {
        if (rs->ended || k >= exp->games / 2 * 2)
            return NEXT_END;
        /* Both games of a pair share the seed (that of A vs B), so the same opening plies. */
        *j = job_with_seed(exp, 0, 0, k / 2, k);
        j->pairing = (int)(k % 2);
        return NEXT_JOB;
    }
    case RUN_STOP_RACE:
    case RUN_STOP_WIDTH: {
        const WidthState *w = &rs->width;
        if (k >= w->end)
            return rs->kept < w->end ? NEXT_WAIT : NEXT_END;
        long per = w->to - w->from, gr = w->active[(k - w->first) / per];
        *j = job_with_seed(exp, (int)(gr / exp->pairing_count), (int)(gr % exp->pairing_count),
                           w->from + (k - w->first) % per, k);
        return NEXT_JOB;
    }
    default: {
        if (k >= rs->total)
            return NEXT_END;
        long g = shard_game(rs->shard, k), per_ruleset = (long)exp->pairing_count * exp->games;
        *j = job_with_seed(exp, (int)(g / per_ruleset), (int)(g / exp->games % exp->pairing_count),
                           g % exp->games, g);
        return NEXT_JOB;
    }
    }
}

/* Starts the next round of a width run after the games [first, end) of the last one, from the
 * groups still going; none going leaves `end` where it is, which ends the run. */
static void width_next_round(WidthState *w, const Experiment *exp)
{
    long step = exp->check_every;
    w->first = w->end;
    w->from = w->to;
    w->to = w->from + step < exp->games ? w->from + step : exp->games;
    w->active_count = 0;
    for (long gr = 0; gr < w->groups; gr++)
        if (w->going[gr])
            w->active[w->active_count++] = gr;
    if (w->from < w->to)
        w->end = w->first + w->active_count * (w->to - w->from);
}

/* Starts the next round of a design search from its state: the candidates that play and the
 * games [from, to) of each; a search that is done leaves `end` where it is, which ends the
 * run. Groups are ruleset * pairing_count + pairing, as for a width stop. */
static void race_next_round(WidthState *w, const DesignState *d, const Experiment *exp)
{
    w->first = w->end;
    w->active_count = 0;
    int pairing = design_phase_pairing(d->phase);
    for (int r = 0; r < d->n; r++)
        if (design_state_plays(d, r, pairing))
            w->active[w->active_count++] = (long)r * exp->pairing_count + pairing;
    w->from = d->from;
    w->to = d->to;
    if (d->phase != DESIGN_DONE && w->from < w->to)
        w->end = w->first + w->active_count * (w->to - w->from);
}

/* The games a pairing plays at least before a width stop ends it. */
static long runner_min_games(const Experiment *exp)
{
    return exp->min_games > 0 ? exp->min_games : STATS_MIN_GAMES;
}

/* Judges a finished round: a group stops once its attackers' score interval is narrower than
 * max_width after at least min_games games with some variance (stats_width_reached), or at
 * its last game. */
static void width_judge_round(WidthState *w, const Experiment *exp)
{
    long min_games = runner_min_games(exp);
    for (long gr = 0; gr < w->groups; gr++) {
        if (w->going[gr] &&
            (w->to >= exp->games || stats_width_reached(w->wdl[gr][0], w->wdl[gr][1], w->wdl[gr][2],
                                                        min_games, exp->max_width, STATS_Z95)))
            w->going[gr] = false;
    }
}

/* Feeds the stopping rule game kept - 1 (just kept), of job j. */
static void stop_update(RunState *rs, const Job *j, Winner winner)
{
    const Experiment *exp = rs->exp;
    if (rs->opt->stop.kind == RUN_STOP_SPRT) {
        SprtOutcome *o = &rs->res->sprt;
        if (rs->kept % 2 == 1) {
            rs->pair_first = winner;
            return;
        }
        o->counts[match_pair_cell(rs->pair_first, winner)]++;
        o->pairs++;
        o->llr = sprt_llr_pentanomial(&o->params, o->counts);
        o->decision = sprt_decision(&o->params, o->llr);
        rs->ended = o->decision != 0;
    } else if (rs->opt->stop.kind == RUN_STOP_WIDTH) {
        WidthState *w = &rs->width;
        long gr = (long)j->ruleset * exp->pairing_count + j->pairing;
        w->wdl[gr][winner == WINNER_ATTACKERS ? 0 : winner == WINNER_DRAW ? 1 : 2]++;
        if (rs->kept == w->end) {
            width_judge_round(w, exp);
            width_next_round(w, exp);
        }
    } else if (rs->opt->stop.kind == RUN_STOP_RACE) {
        WidthState *w = &rs->width;
        design_state_add(&rs->design, j->ruleset, j->pairing, winner);
        if (rs->kept == w->end) {
            design_state_next(&rs->design, exp);
            race_next_round(w, &rs->design, exp);
        }
    }
}

static void show_progress(RunState *rs)
{
    double now = clock_seconds();
    bool last = rs->opt->stop.kind == RUN_STOP_COUNT && rs->kept == rs->total;
    if (now - rs->last_progress < 0.5 && !last)
        return;
    rs->last_progress = now;
    if (rs->opt->stop.kind == RUN_STOP_SPRT) {
        const SprtOutcome *o = &rs->res->sprt;
        fprintf(stderr, "%s%ld pairs, LLR %.2f [%.2f, %.2f]%s", progress_lead(), o->pairs, o->llr,
                o->lower, o->upper, progress_tail());
    } else if (rs->opt->stop.kind == RUN_STOP_RACE) {
        const DesignState *d = &rs->design;
        int in = 0;
        for (int r = 0; r < d->n; r++)
            in += d->alive[r];
        fprintf(stderr, "%s%ld games, %s round %d, %d of %d candidates in%s", progress_lead(),
                rs->kept, d->phase == DESIGN_RACE ? "race" : "confirmation", d->rounds + 1, in,
                d->n, progress_tail());
    } else if (rs->opt->stop.kind == RUN_STOP_WIDTH) {
        long stopped = 0;
        for (long gr = 0; gr < rs->width.groups; gr++)
            stopped += !rs->width.going[gr];
        fprintf(stderr, "%s%ld games, %ld of %ld pairings done%s", progress_lead(), rs->kept,
                stopped, rs->width.groups, progress_tail());
    } else {
        long done = rs->kept - rs->resumed, left = rs->total - rs->kept;
        double rate = done / (now - rs->started > 0 ? now - rs->started : 1e-9);
        fprintf(stderr, "%s%ld/%ld games, %.1f games/s, ETA %.0f s%s", progress_lead(), rs->kept,
                rs->total, rate, rate > 0 ? left / rate : 0.0, progress_tail());
    }
}

/* Takes game kept (of job j) into the run: the tally, the caller's rows, the stopping rule and,
 * for a game played now, games.csv. Called in game order, with the lock held. */
static Status keep_row(RunState *rs, const Job *j, const GameRow *row, bool played, Error *err)
{
    RunResult *res = rs->res;
    Status st = ST_OK;
    if (played && rs->writer)
        st = results_games_append(rs->writer, row, err);
    if (st != ST_OK)
        return st;
    results_tally_add(res->tally, row);
    if (res->keep_rows) {
        if (rs->kept == rs->rows_cap) {
            rs->rows_cap = rs->rows_cap ? 2 * rs->rows_cap : 256;
            res->rows = xrealloc(res->rows, (size_t)rs->rows_cap * sizeof *res->rows);
        }
        res->rows[rs->kept] = *row;
        if (row->moves)
            res->rows[rs->kept].moves = strcpy(xmalloc(strlen(row->moves) + 1), row->moves);
    }
    rs->kept++;
    stop_update(rs, j, row->winner);
    return ST_OK;
}

/* Writes every finished game that is next in order, leaving the window. Lock held. */
static void flush_in_order(RunState *rs)
{
    long moved = rs->next;
    while (!rs->failed && rs->ring[rs->next % rs->window]) {
        GameRow *row = rs->ring[rs->next % rs->window];
        Job j;
        /* Games played past an SPRT's decision are dropped. */
        if (!rs->ended && job_at(rs, rs->next, &j) == NEXT_JOB &&
            keep_row(rs, &j, row, true, &rs->error) != ST_OK)
            rs->failed = true;
        free(row->moves);
        free(row);
        rs->ring[rs->next % rs->window] = NULL;
        rs->next++;
    }
    if (rs->next != moved || rs->failed)
        pthread_cond_broadcast(&rs->moved);
    if (rs->show_progress && rs->next != moved)
        show_progress(rs);
}

/* Hands out the next game to play into *k and *j; false when there is none (or the run
 * failed). Waits while the game would fall outside the window, or while the schedule waits
 * for a round to be judged. */
static bool take_job(RunState *rs, long *k, Job *j)
{
    pthread_mutex_lock(&rs->lock);
    Next n = NEXT_END;
    /* A stop signal (signals.h) ends the handing out: the games in play finish or are dropped. */
    while (!rs->failed && !signals_stop_requested()) {
        n = rs->handed < rs->next + rs->window ? job_at(rs, rs->handed, j) : NEXT_WAIT;
        if (n != NEXT_WAIT)
            break;
        pthread_cond_wait(&rs->moved, &rs->lock);
    }
    bool take = !rs->failed && !signals_stop_requested() && n == NEXT_JOB;
    if (take)
        *k = rs->handed++;
    pthread_mutex_unlock(&rs->lock);
    return take;
}

/* Writes game g's transcript to DIR/transcripts/game-<g>.txt (each game its own file, so
 * threads never share one; a resumed run rewrites the games it plays again), through
 * files_replace: transcripts/ is never a link out of the run, a file never a FIFO. */
static Status write_transcript(const char *dir, long g, const char *text, Error *err)
{
    char name[64];
    snprintf(name, sizeof name, "transcripts/game-%ld.txt", g);
    return files_replace(dir, name, text, strlen(text), err);
}

/* The moves of rec as space-separated OTN, in a buffer of their own size. Caller frees. */
static char *format_moves(const Rules *r, const GameRecord *rec)
{
    char *text = xmalloc((size_t)rec->move_count * OTN_MOVE_MAX + 1), *q = text;
    *q = '\0';
    for (int i = 0; i < rec->move_count; i++) {
        if (i)
            *q++ = ' ';
        otn_format_move(r, rec->moves[i], NULL, q);
        q += strlen(q);
    }
    /* Sized to what it holds: a long run of recorded games must not keep the worst case. */
    return xrealloc(text, (size_t)(q - text) + 1);
}

/* Plays job j with this thread's agents (one per ruleset, agent and seat, made when first
 * used) and returns its row (caller owns); *wst tells whether its transcript was written, and
 * seconds and moves receive each seat's processor time and moves (RunResult.agent_seconds). */
static GameRow *play_job(const RunState *rs, Agent **agents, const Job *j, Status *wst, Error *werr,
                         double seconds[2], long moves[2])
{
    const Experiment *exp = rs->exp;
    const Pairing *p = &exp->pairings[j->pairing];
    const Rules *r = &rs->rules[j->ruleset];
    Agent *seat[2];
    for (int side = 0; side < 2; side++) {
        int agent = side == 0 ? p->attacker : p->defender;
        int slot = (j->ruleset * exp->agent_count + agent) * 2 + side;
        if (!agents[slot]) /* resolved for this ruleset before the threads started */
            agents[slot] =
                agent_from_resolved(rs->resolved[j->ruleset * exp->agent_count + agent], 0);
        seat[side] = agents[slot];
    }
    /* A game with an external engine always keeps its moves: they, and the transcript, are
     * what can be checked of a program outside tafl-lab. */
    int external = (rs->external[p->attacker] ? RESULTS_EXTERNAL_ATTACKER : 0) |
                   (rs->external[p->defender] ? RESULTS_EXTERNAL_DEFENDER : 0);
    GameRecord rec;
    match_play(r, seat[0], seat[1], j->seed, exp->opening_plies, exp->record_moves || external != 0,
               &rec);
    GameRow *row = xcalloc(1, sizeof *row);
    row->game = j->game;
    snprintf(row->rules, sizeof row->rules, "%s", exp->rulesets[j->ruleset].name);
    snprintf(row->attacker, sizeof row->attacker, "%s", exp->agents[p->attacker].name);
    snprintf(row->defender, sizeof row->defender, "%s", exp->agents[p->defender].name);
    row->seed = rec.seed;
    row->winner = rec.winner;
    row->reason = rec.reason;
    row->plies = rec.plies;
    row->attackers_lost = rec.attackers_lost;
    row->defenders_lost = rec.defenders_lost;
    row->external = external;
    row->moves = rec.moves ? format_moves(r, &rec) : NULL;
    for (int side = 0; side < 2; side++) {
        seconds[side] = rec.seconds[side];
        moves[side] = rec.agent_moves[side];
    }
    *wst = ST_OK;
    if (rec.transcript && rs->transcripts[0])
        *wst = write_transcript(rs->dir, j->game, rec.transcript, werr);
    match_record_free(&rec);
    return row;
}

/* Plays every game the schedule hands out, on rs->threads threads. Each thread takes the next
 * game (dynamic scheduling, one game at a time), plays it outside the lock, and puts its row in
 * the ring; whoever finishes the next game in order writes every row that is ready. */
static void play_all(RunState *rs)
{
    const Experiment *exp = rs->exp;
    const int slots = exp->ruleset_count * exp->agent_count * 2;
#pragma omp parallel num_threads(rs->threads)
    {
        Agent **agents = xcalloc((size_t)slots, sizeof *agents);
        long k;
        Job j;
        while (take_job(rs, &k, &j)) {
            Error werr = {{0}};
            Status wst;
            double seconds[2];
            long moves[2];
            GameRow *row = play_job(rs, agents, &j, &wst, &werr, seconds, moves);
            pthread_mutex_lock(&rs->lock);
            const Pairing *p = &exp->pairings[j.pairing];
            rs->res->agent_seconds[p->attacker] += seconds[0];
            rs->res->agent_seconds[p->defender] += seconds[1];
            rs->res->agent_moves[p->attacker] += moves[0];
            rs->res->agent_moves[p->defender] += moves[1];
            if (wst != ST_OK && !rs->failed) {
                rs->failed = true;
                rs->error = werr;
            }
            if (signals_stop_requested()) {
                /* tafl is stopping: the game may have been cut short (its engine killed), so it
                 * is dropped, and so is every game after it; the threads waiting wake up. */
                free(row->moves);
                free(row);
                pthread_cond_broadcast(&rs->moved);
            } else {
                rs->ring[k % rs->window] = row;
                flush_in_order(rs);
            }
            pthread_mutex_unlock(&rs->lock);
        }
        for (int i = 0; i < slots; i++)
            agent_destroy(agents[i]);
        free(agents);
    }
    for (long i = 0; i < rs->window; i++) {
        if (rs->ring[i]) {
            free(rs->ring[i]->moves);
            free(rs->ring[i]);
        }
    }
    if (rs->show_progress)
        fputs(progress_end(), stderr);
}

/* How the checks of resumed rows went: the first mismatch is kept, and counting goes on so that
 * a file with too many rows is reported as that. */
typedef struct {
    RunState *rs;
    long extra;     /* rows after the run's last game */
    Status st;      /* of the first mismatch */
    Error mismatch; /* its message */
} Resume;

/* results_games_scan's callback for the rows of games.csv at a resume: each must be this run's
 * game k; it is then kept as if just played, and judged by the stopping rule. */
static Status resume_row(const GameRow *row, long k, void *ctx, Error *err)
{
    Resume *r = ctx;
    RunState *rs = r->rs;
    Job j;
    if (r->st != ST_OK || r->extra > 0 || job_at(rs, k, &j) != NEXT_JOB) {
        r->extra += r->st == ST_OK;
        return ST_OK;
    }
    const Experiment *exp = rs->exp;
    const char *rules = exp->rulesets[j.ruleset].name;
    const char *att = agent_name(exp, j.pairing, 0), *def = agent_name(exp, j.pairing, 1);
    if (row->game != j.game || strcmp(row->rules, rules) != 0 || strcmp(row->attacker, att) != 0 ||
        strcmp(row->defender, def) != 0 || row->seed != j.seed) {
        const char *what = rs->opt->stop.kind != RUN_STOP_COUNT ? "run"
                           : rs->shard.count > 1                ? "shard"
                                                                : "experiment";
        error_set(&r->mismatch,
                  "%s:%ld: game %ld is not game %ld of this %s (%s, %s vs %s): it belongs to "
                  "another run",
                  rs->games_path, k + 2, row->game, j.game, what, rules, att, def);
        r->st = ST_EINVAL;
        return ST_OK;
    }
    char why[200];
    if (!rowcheck_limit_agrees(row, &rs->rules[j.ruleset].opt, why, sizeof why)) {
        error_set(&r->mismatch, "%s:%ld: %s", rs->games_path, k + 2, why);
        r->st = ST_EINVAL;
        return ST_OK;
    }
    rs->resumed++;
    return keep_row(rs, &j, row, false, err);
}

/* Reads the games of an earlier run back (see runner_run), then cuts off a torn last line. */
static Status resume_games(RunState *rs, long file_size, Error *err)
{
    Resume r = {rs, 0, ST_OK, {{0}}};
    long count, valid_bytes;
    Status st = results_games_scan(rs->games_path, resume_row, &r, &count, &valid_bytes, err);
    if (st != ST_OK)
        return st;
    if (rs->opt->stop.kind == RUN_STOP_COUNT && count > rs->total) {
        error_set(err, "%s holds %ld games but this run has %ld", rs->games_path, count, rs->total);
        return ST_EINVAL;
    }
    if (r.st != ST_OK) {
        *err = r.mismatch;
        return r.st;
    }
    if (r.extra > 0) {
        error_set(err,
                  "%s holds %ld games but this run stops after %ld: it belongs to another run "
                  "(or other stopping options)",
                  rs->games_path, count, rs->kept);
        return ST_EINVAL;
    }
    if (valid_bytes < file_size && truncate(rs->games_path, valid_bytes) != 0) {
        error_set(err, "%s: cannot cut off the unfinished last line: %s", rs->games_path,
                  strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

/* Checks what the stopping rule needs of the experiment and sets up its state. */
static Status stop_open(RunState *rs, Error *err)
{
    const Experiment *exp = rs->exp;
    const RunStop *stop = &rs->opt->stop;
    if (stop->kind != RUN_STOP_COUNT && rs->opt->shard.count > 0) {
        error_set(err, "a run with a stopping rule cannot be split into shards: run it whole");
        return ST_EINVAL;
    }
    if (stop->kind == RUN_STOP_SPRT) {
        if (exp->ruleset_count != 1 || exp->agent_count != 2 || exp->pairing_count != 2 ||
            exp->pairings[0].attacker != exp->pairings[1].defender ||
            exp->pairings[0].defender != exp->pairings[1].attacker ||
            exp->pairings[0].attacker == exp->pairings[0].defender) {
            error_set(err, "an SPRT needs one ruleset and two agents, each attacking the other");
            return ST_EINVAL;
        }
        rs->res->sprt.params = stop->sprt;
        sprt_bounds(&stop->sprt, &rs->res->sprt.lower, &rs->res->sprt.upper);
    } else if (stop->kind == RUN_STOP_WIDTH) {
        if (!(exp->max_width > 0) || exp->check_every < 1) {
            error_set(err, "a width-stopped run needs max_width > 0 and check_every >= 1");
            return ST_EINVAL;
        }
        WidthState *w = &rs->width;
        w->groups = (long)exp->ruleset_count * exp->pairing_count;
        w->wdl = xcalloc((size_t)w->groups, sizeof *w->wdl);
        w->going = xmalloc((size_t)w->groups * sizeof *w->going);
        w->active = xmalloc((size_t)w->groups * sizeof *w->active);
        for (long gr = 0; gr < w->groups; gr++)
            w->going[gr] = true;
        width_next_round(w, exp);
    } else if (stop->kind == RUN_STOP_RACE) {
        Status st = design_check(exp, err);
        if (st != ST_OK)
            return st;
        WidthState *w = &rs->width;
        w->groups = (long)exp->ruleset_count * exp->pairing_count;
        w->active = xmalloc((size_t)w->groups * sizeof *w->active);
        design_state_init(&rs->design, exp);
        race_next_round(w, &rs->design, exp);
    }
    return ST_OK;
}

/* The search tables of the whole run against the memory the machine has, before any is
 * allocated: each thread keeps one agent per ruleset, agent and seat it plays (play_job), so a
 * thread may come to hold every one the pairings use. A run that cannot fit is one line and
 * exit 1, not a kill by the kernel halfway. */
static Status check_memory(const RunState *rs, Error *err)
{
    const Experiment *exp = rs->exp;
    uint64_t per_thread = 0;
    for (int r = 0; r < exp->ruleset_count; r++) {
        for (int a = 0; a < exp->agent_count; a++) {
            uint64_t bytes;
            Status st = agent_spec_memory(exp->agents[a].spec, &rs->rules[r], &bytes, err);
            if (st != ST_OK) {
                error_prefix(err, "agent %s: ", exp->agents[a].name);
                return st;
            }
            for (int side = 0; side < 2; side++) {
                bool used = false;
                for (int k = 0; k < exp->pairing_count && !used; k++)
                    used = (side == 0 ? exp->pairings[k].attacker : exp->pairings[k].defender) == a;
                per_thread += used ? bytes : 0;
            }
        }
    }
    char what[96];
    snprintf(what, sizeof what, "the search tables of %d thread%s (tt_mb, max_nodes)", rs->threads,
             rs->threads == 1 ? "" : "s");
    return membudget_check(per_thread * (uint64_t)rs->threads, what, err);
}

/* Compiles every ruleset with the experiment's ply cap and checks every agent spec, noting
 * which agents are external engines. */
static Status compile_all(RunState *rs, Error *err)
{
    const Experiment *exp = rs->exp;
    Status st = ST_OK;
    rs->rules = xcalloc((size_t)exp->ruleset_count, sizeof *rs->rules);
    rs->external = xcalloc((size_t)exp->agent_count + 1, sizeof *rs->external);
    for (int i = 0; i < exp->ruleset_count && st == ST_OK; i++) {
        Ruleset r = exp->rulesets[i];
        if (exp->max_plies > 0)
            r.max_plies = exp->max_plies;
        st = rules_compile(&r, &rs->rules[i], err);
        if (st != ST_OK)
            error_prefix(err, "ruleset %s: ", r.name);
    }
    if (st == ST_OK)
        st = check_memory(rs, err);
    /* Every agent for every ruleset, before any game: a spec one ruleset refuses (an evaluation
     * trained for others, an external engine that would play it otherwise) fails here, and
     * every evaluation file is read once. */
    const int pairs = exp->ruleset_count * exp->agent_count;
    rs->resolved = xcalloc((size_t)pairs, sizeof *rs->resolved);
    for (int k = 0; k < pairs && st == ST_OK; k++) {
        int j = k / exp->agent_count, i = k % exp->agent_count;
        const char *pin = rs->opt->eval_pins ? rs->opt->eval_pins[k] : NULL;
        st = agent_resolve(exp->agents[i].spec, pin, &rs->rules[j], &rs->resolved[k], err);
        if (st != ST_OK) {
            if (exp->ruleset_count > 1)
                error_prefix(err, "ruleset %s: ", exp->rulesets[j].name);
            error_prefix(err, "agent %s: ", exp->agents[i].name);
            break;
        }
        rs->external[i] = agent_resolved_is_external(rs->resolved[k]);
        rs->any_external = rs->any_external || rs->external[i];
        /* eval=trained carried to rules it was not trained for: said once, and in meta. */
        char note[1024];
        if (!rs->opt->quiet && agent_resolved_eval_note(rs->resolved[k], note, sizeof note))
            fprintf(stderr, "tafl: agent %s: eval=trained: %s\n", exp->agents[i].name, note);
    }
    return st;
}

/* Prepares the run directory: refuses to overwrite games without resume, reads them back with
 * it, removes a stale summary and meta, and opens games.csv. */
static Status open_directory(RunState *rs, Error *err)
{
    const Experiment *exp = rs->exp;
    const RunOptions *opt = rs->opt;
    Status st;
    if (opt->out_dir)
        st = outpath_format(rs->dir, sizeof rs->dir, err, "%s", opt->out_dir);
    else if (opt->shard.count > 0)
        st = outpath_format(rs->dir, sizeof rs->dir, err, "%s/%s/shard-%ld-of-%ld", exp->output,
                            exp->name, rs->shard.index, rs->shard.count);
    else
        st = outpath_format(rs->dir, sizeof rs->dir, err, "%s/%s", exp->output, exp->name);
    if (st != ST_OK)
        return st;
    /* rundir_open bounds dir so that these and every other name inside it fit. */
    snprintf(rs->games_path, sizeof rs->games_path, "%s/games.csv", rs->dir);
    snprintf(rs->summary_path, sizeof rs->summary_path, "%s/summary.csv", rs->dir);
    snprintf(rs->meta_path, sizeof rs->meta_path, "%s/meta", rs->dir);
    /* One writer; regular files only; a directory of another kind (a tuning's) refused. */
    st = rundir_open(rs->dir, exp->kind == EXPERIMENT_DESIGN ? RUNDIR_DESIGN : RUNDIR_RUN,
                     &rs->dir_lock, &rs->res->foreign_dir, err);
    struct stat sb;
    bool exists = st == ST_OK && stat(rs->games_path, &sb) == 0;
    if (exists && !S_ISREG(sb.st_mode) && !S_ISCHR(sb.st_mode)) {
        /* A character device is let through: /dev/full is how a full disk is tested. */
        error_set(err, "%s: exists and is not a regular file", rs->games_path);
        return ST_EIO;
    }
    bool have_games = exists && sb.st_size > 0;
    if (st == ST_OK && have_games && !opt->resume) {
        error_set(err,
                  "%s already holds games: add --resume to finish that run, or choose "
                  "another output directory",
                  rs->games_path);
        rs->res->needs_resume = true;
        st = ST_EINVAL;
    }
    if (st == ST_OK) {
        st = runmeta_prepare(exp, rs->dir, opt->resume && have_games,
                             (const ResolvedAgent *const *)rs->resolved, err);
        rs->res->settings_changed = st == ST_EINVAL;
    }
    if (st == ST_OK)
        st = keep_experiment_file(exp, rs->dir, err);
    if (st == ST_OK && have_games)
        st = resume_games(rs, (long)sb.st_size, err);
    /* A summary (and meta) on disk must describe a finished run: remove the old ones first, so
     * that a run that fails leaves none. */
    if (st == ST_OK && have_games)
        st = runmeta_sessions_adopt(rs->dir, err); /* an older meta's time is kept */
    const char *stale[2] = {rs->summary_path, rs->meta_path};
    for (int i = 0; i < 2 && st == ST_OK; i++) {
        if (unlink(stale[i]) != 0 && errno != ENOENT) {
            error_set(err, "%s: cannot remove: %s", stale[i], strerror(errno));
            st = ST_EIO;
        }
    }
    if (st == ST_OK && rs->any_external) {
        snprintf(rs->transcripts, sizeof rs->transcripts, "%s/transcripts", rs->dir);
        st = files_check_in(rs->dir, "transcripts/game-0.txt", false, err); /* made when written */
    }
    if (st == ST_OK)
        st = results_games_open(rs->games_path, &rs->writer, err);
    rs->dir_open = st == ST_OK;
    return st;
}

/* The `stop` lines of a stopped run's meta, into buf. */
static void stop_lines(const RunState *rs, char *buf, size_t size)
{
    const Experiment *exp = rs->exp;
    const SprtOutcome *o = &rs->res->sprt;
    const SprtParams *p = &o->params;
    buf[0] = '\0';
    if (rs->opt->stop.kind == RUN_STOP_SPRT)
        snprintf(buf, size,
                 "stop sprt elo0=%g,elo1=%g,alpha=%g,beta=%g\nsprt_pairs %ld\n"
                 "sprt_pentanomial %ld %ld %ld %ld %ld\nsprt_llr %.4f\nsprt_bounds %.4f %.4f\n"
                 "sprt_decision %s\n",
                 p->elo0, p->elo1, p->alpha, p->beta, o->pairs, o->counts[0], o->counts[1],
                 o->counts[2], o->counts[3], o->counts[4], o->llr, o->lower, o->upper,
                 o->decision > 0   ? "H1"
                 : o->decision < 0 ? "H0"
                                   : "none");
    else if (rs->opt->stop.kind == RUN_STOP_WIDTH)
        snprintf(buf, size, "stop max_width=%g,check_every=%d,min_games=%ld\n", exp->max_width,
                 exp->check_every, runner_min_games(exp));
    else if (rs->opt->stop.kind == RUN_STOP_RACE)
        snprintf(buf, size,
                 "stop design check_every=%d,games=%d,confirm_games=%d,budget=%ld\n"
                 "design_rounds %d\ndesign_race_games %ld\n",
                 exp->check_every, exp->games, exp->confirm_games, exp->budget, rs->design.rounds,
                 rs->design.race_games);
}

/* Writes meta through runmeta_write_meta: the build, the experiment, the run's counts and
 * times, how it stopped, the rules and the agents. The one meta writer of every run. */
static Status write_meta(const RunState *rs, Error *err)
{
    const RunOptions *opt = rs->opt;
    char stop[512];
    stop_lines(rs, stop, sizeof stop);
    long played = rs->kept - rs->resumed;
    /* A COUNT run counts every game of the experiment (a shard's too); a stopped one its own. */
    long total = opt->stop.kind == RUN_STOP_COUNT ? rs->games : rs->kept;
    RunMetaFacts facts = {.command = opt->command,
                          .threads = rs->threads,
                          .games_total = total,
                          .games_resumed = rs->resumed,
                          .games_played = played,
                          .shard = opt->shard.count > 0 ? rs->shard : (Shard){0, 0},
                          .games_shard = rs->total,
                          .started = rs->started_utc,
                          .wall = clock_seconds() - rs->started,
                          .external = rs->external,
                          .resolved = (const ResolvedAgent *const *)rs->resolved,
                          .extra = stop[0] ? stop : NULL};
    return runmeta_write_meta(rs->dir, rs->exp, &facts, err);
}

/* results_games_scan's callback for the summary: every row into the tally. */
static Status tally_row(const GameRow *row, long k, void *ctx, Error *err)
{
    (void)k;
    (void)err;
    results_tally_add(ctx, row);
    return ST_OK;
}

/* After the games: meta, then summary.csv, recomputed from games.csv itself so that the two
 * always agree. summary.csv comes last (written whole and renamed into place): a summary.csv
 * on disk means every step of the run succeeded. A shard writes none: its games are part of
 * the experiment, and only tafl merge sees them all. */
static Status write_results(RunState *rs, Error *err)
{
    ResultsTally *tally = results_tally_create();
    results_tally_set_curve(tally, rs->exp->kind == EXPERIMENT_CURVE);
    long n, valid;
    Status st = results_games_scan(rs->games_path, tally_row, tally, &n, &valid, err);
    if (st == ST_OK && n != rs->kept) {
        error_set(err, "%s: holds %ld games after the run, expected %ld", rs->games_path, n,
                  rs->kept);
        st = ST_EIO;
    }
    if (st == ST_OK)
        st = write_meta(rs, err);
    if (st == ST_OK && rs->opt->shard.count == 0)
        st = results_tally_write(tally, rs->summary_path, err);
    results_tally_destroy(tally);
    return st;
}

/* Checks the size of the run and its shard, and picks the thread count. */
static Status size_run(RunState *rs, Error *err)
{
    const Experiment *exp = rs->exp;
    const RunOptions *opt = rs->opt;
    long long games = (long long)exp->ruleset_count * exp->pairing_count * exp->games;
    if (games < 1 || games > EXPERIMENT_GAMES_TOTAL_MAX) {
        error_set(err, "%lld games: a run plays 1..%ld", games, EXPERIMENT_GAMES_TOTAL_MAX);
        return ST_EINVAL;
    }
    rs->games = (long)games;
    rs->shard = opt->shard.count > 0 ? opt->shard : (Shard){1, 1};
    if (rs->shard.index < 1 || rs->shard.index > rs->shard.count || rs->shard.count > SHARD_MAX) {
        error_set(err, "shard %ld/%ld: want I/N with 1 <= I <= N <= %d", rs->shard.index,
                  rs->shard.count, SHARD_MAX);
        return ST_EINVAL;
    }
    rs->total = shard_game_count(rs->shard, rs->games);
    /* OMP_NUM_THREADS may ask for anything; more threads than games or than --threads allows
     * only cost memory (each thread owns its agents). A stopped run does not know its games
     * in advance, and its meta has always said the threads asked for. */
    rs->threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    if (rs->threads > RUNNER_THREADS_MAX)
        rs->threads = RUNNER_THREADS_MAX;
    if (opt->stop.kind == RUN_STOP_COUNT && rs->threads > rs->total)
        rs->threads = rs->total > 0 ? (int)rs->total : 1;
    rs->window = (long)rs->threads * WINDOW_PER_THREAD;
    return ST_OK;
}

static void free_state(RunState *rs)
{
    if (rs->resolved)
        for (int k = 0; k < rs->exp->ruleset_count * rs->exp->agent_count; k++)
            agent_resolved_free(rs->resolved[k]);
    free(rs->resolved);
    free(rs->rules);
    free(rs->external);
    free(rs->ring);
    free(rs->width.wdl);
    free(rs->width.going);
    free(rs->width.active);
    design_state_free(&rs->design);
}

Status runner_run(const Experiment *exp, const RunOptions *opt, RunResult *res, Error *err)
{
    RunResult own = {0};
    RunState rs;
    memset(&rs, 0, sizeof rs);
    rs.exp = exp;
    rs.opt = opt;
    rs.res = res ? res : &own;
    rs.res->rows = NULL;
    rs.res->count = 0;
    memset(&rs.res->sprt, 0, sizeof rs.res->sprt);
    rs.res->foreign_dir = false;
    rs.res->needs_resume = false;
    rs.res->settings_changed = false;
    rs.res->tally = results_tally_create();
    rs.res->agent_seconds = xcalloc((size_t)exp->agent_count, sizeof *rs.res->agent_seconds);
    rs.res->agent_moves = xcalloc((size_t)exp->agent_count, sizeof *rs.res->agent_moves);
    results_tally_set_curve(rs.res->tally, exp->kind == EXPERIMENT_CURVE);
    runmeta_utc_now(rs.started_utc, sizeof rs.started_utc);
    rs.started = clock_seconds();
    Status st = size_run(&rs, err);
    if (st == ST_OK)
        st = compile_all(&rs, err);
    if (st == ST_OK)
        st = stop_open(&rs, err);
    if (st == ST_OK && opt->write_files)
        st = open_directory(&rs, err);
    if (st == ST_OK) {
        rs.handed = rs.next = rs.kept;
        rs.ring = xcalloc((size_t)rs.window, sizeof *rs.ring);
        rs.show_progress = !opt->quiet && (opt->progress || isatty(STDERR_FILENO));
        pthread_mutex_init(&rs.lock, NULL);
        pthread_cond_init(&rs.moved, NULL);
        signals_cooperate(true);
        play_all(&rs);
        signals_cooperate(false);
        pthread_cond_destroy(&rs.moved);
        pthread_mutex_destroy(&rs.lock);
        if (rs.failed) {
            *err = rs.error;
            st = ST_EIO;
        } else if (signals_stop_requested()) {
            signals_describe_stop(err, opt->write_files ? rs.games_path : NULL, rs.kept);
            st = ST_EIO;
        }
    }
    Error close_err;
    if (results_games_close(rs.writer, &close_err) != ST_OK && st == ST_OK) {
        *err = close_err;
        st = ST_EIO;
    }
    if (rs.dir_open) {
        /* However the session ended, its time and games join DIR/sessions (meta sums them). */
        const char *how = st == ST_OK ? "done" : signals_stop_requested() ? "stopped" : "failed";
        Error session_err;
        Status sst = runmeta_session_add(rs.dir, rs.started_utc, clock_seconds() - rs.started,
                                         rs.kept - rs.resumed, how, &session_err);
        if (sst != ST_OK && st == ST_OK) {
            *err = session_err;
            st = sst;
        }
    }
    if (st == ST_OK && opt->write_files)
        st = write_results(&rs, err);
    if (opt->stop.kind == RUN_STOP_SPRT) {
        SprtOutcome *o = &rs.res->sprt;
        sprt_elo_pentanomial(o->counts, &o->elo, &o->elo_low, &o->elo_high);
    }
    rs.res->count = rs.kept;
    dirlock_release(rs.dir_lock);
    free_state(&rs);
    if (st != ST_OK || !res)
        runner_result_free(rs.res);
    return st;
}

Status runner_plan(const Experiment *exp, const RunOptions *opt, CostPlan *plan, Rules **rules,
                   int *threads, Error *err)
{
    RunState rs;
    memset(&rs, 0, sizeof rs);
    rs.exp = exp;
    rs.opt = opt;
    *rules = NULL;
    /* The checks runner_run makes before it opens the directory, in its order. */
    Status st = size_run(&rs, err);
    if (st == ST_OK)
        st = compile_all(&rs, err);
    for (int i = 0; i < exp->ruleset_count && st == ST_OK; i++) {
        for (int k = 0; k < exp->pairing_count && st == ST_OK; k++) {
            const Pairing *pg = &exp->pairings[k];
            char label[256];
            snprintf(label, sizeof label, "%.60s %.60s %.60s", exp->rulesets[i].name,
                     exp->agents[pg->attacker].name, exp->agents[pg->defender].name);
            /* A shard plays its share of every line (games are dealt out by number). */
            long games = (long)((double)exp->games * (double)rs.total / (double)rs.games + 0.5);
            st = costest_add(plan, label, &rs.rules[i], exp->agents[pg->attacker].spec,
                             exp->agents[pg->defender].spec, exp->opening_plies, games, err);
        }
    }
    *threads = rs.threads;
    if (st == ST_OK)
        *rules = rs.rules;
    else
        free(rs.rules);
    rs.rules = NULL;
    free_state(&rs);
    return st;
}

void runner_result_free(RunResult *res)
{
    if (!res)
        return;
    results_free_rows(res->rows, res->rows ? res->count : 0);
    results_tally_destroy(res->tally);
    free(res->agent_seconds);
    free(res->agent_moves);
    res->agent_seconds = NULL;
    res->agent_moves = NULL;
    res->rows = NULL;
    res->tally = NULL;
    res->count = 0;
}
