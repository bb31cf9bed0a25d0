/* What a study costs before it starts: the games of each line and a time estimate from a short
 * calibration of its agents (see costest.h). */
#include "harness/costest.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agents/agent.h"
#include "harness/match.h"
#include "rules/history.h"
#include "rules/movegen.h"
#include "rules/rng.h"

#define SPEC_MAX  1024
#define LABEL_MAX 200

/* One line of the study and what its calibration measured. */
typedef struct {
    char label[LABEL_MAX];
    const Rules *rules;
    char spec[2][SPEC_MAX]; /* attacker, defender */
    int opening_plies;
    long games;
    int same_as;         /* -1, or the earlier line measured for this one */
    double ms_per_move;  /* mean wall milliseconds of one agent move, both sides */
    double plies;        /* plies per game: mean of the calibration games that ended */
    int ended;           /* calibration games that ended */
    int reached;         /* the plies the unfinished calibration game reached */
    char guess;          /* how plies was found when no game ended: '~' from the other lines
                            of the ruleset, '*' the ply cap (an upper bound); ' ' measured */
    double sec_per_game; /* the estimate for one game */
    bool failed;         /* an agent could not give a move (an external program that stopped) */
    bool cut;            /* a move was stopped at the line's clock: ms_per_move a lower bound */
} CostLine;

struct CostPlan {
    CostLine *lines;
    int count, cap;
    int cores;   /* processors of this machine (omp_get_num_procs) */
    double load; /* the 1-minute load average when measured; < 0 when unknown */
};

/* The 1-minute load average (/proc/loadavg, Linux), or -1. */
static double load_average(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double load = -1;
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    return load;
}

/* The threads that can run at once: threads, but no more than the processors the other work
 * leaves (processors minus the load average, at least one). A loaded machine runs two threads
 * hardly faster than one, while each move's time, measured under the same load, already
 * counts the slowdown of one. */
static double parallel_threads(const CostPlan *p, int threads)
{
    double par = threads < 1 ? 1 : threads;
    if (p->load >= 0 && p->cores > 0) {
        double free_cores = p->cores - p->load;
        if (free_cores < 1)
            free_cores = 1;
        if (par > free_cores)
            par = free_cores;
    }
    return par;
}

CostPlan *costest_create(void)
{
    return xcalloc(1, sizeof(CostPlan));
}

void costest_destroy(CostPlan *p)
{
    if (!p)
        return;
    free(p->lines);
    free(p);
}

Status costest_add(CostPlan *p, const char *label, const Rules *r, const char *attacker,
                   const char *defender, int opening_plies, long games, Error *err)
{
    const char *specs[2] = {attacker, defender};
    for (int s = 0; s < 2; s++) {
        Agent *a;
        Status st = agent_create(specs[s], r, 0, &a, err);
        if (st != ST_OK)
            return st;
        agent_destroy(a);
    }
    if (p->count == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 16;
        p->lines = xrealloc(p->lines, (size_t)p->cap * sizeof *p->lines);
    }
    CostLine *l = &p->lines[p->count];
    memset(l, 0, sizeof *l);
    snprintf(l->label, sizeof l->label, "%s", label);
    l->rules = r;
    snprintf(l->spec[0], sizeof l->spec[0], "%s", attacker);
    snprintf(l->spec[1], sizeof l->spec[1], "%s", defender);
    l->opening_plies = opening_plies;
    l->games = games;
    l->same_as = -1;
    for (int i = 0; i < p->count && l->same_as < 0; i++) {
        const CostLine *o = &p->lines[i];
        if (o->same_as < 0 && o->rules == r && o->opening_plies == opening_plies &&
            strcmp(o->spec[0], attacker) == 0 && strcmp(o->spec[1], defender) == 0)
            l->same_as = i;
    }
    p->count++;
    return ST_OK;
}

/* The clock of one line's calibration games: no game starts after `deadline`, and the first
 * game, the only one that may go on past it, stops at `limit`. */
typedef struct {
    const CostLine *l;
    const MatchWatch *watch;
    double deadline, limit;
} LineClock;

static bool in_time(void *ctx)
{
    const LineClock *c = ctx;
    /* A first game may end past the share (its length is worth the wait). */
    double t = clock_seconds();
    return c->watch->moves == 0 || (c->l->ended > 0 ? t < c->deadline : t < c->limit);
}

/* Plays line l's agents (see costest_measure) through match_play_watched, stopping at the
 * line's clock. */
static void measure_line(CostLine *l, double soft, double hard)
{
    const Rules *r = l->rules;
    Agent *agents[2] = {NULL, NULL};
    for (int s = 0; s < 2; s++)
        if (agent_create(l->spec[s], r, 0, &agents[s], NULL) != ST_OK)
            return; /* checked by costest_add */
    double start = clock_seconds();
    MatchWatch watch = {.keep_going = in_time};
    LineClock clock = {l, &watch, start + soft, start + hard};
    /* A single move may not outlast the line's clock either (a depth-64 search, 1e8 MCTS
     * iterations): the search stops there and the calibration ends with a lower bound. */
    for (int s = 0; s < 2; s++)
        agent_set_deadline(agents[s], clock.limit);
    watch.ctx = &clock;
    long ended_plies = 0;
    int longest = 0;
    for (int g = 0; g < COSTEST_GAMES_MAX && clock_seconds() < clock.deadline; g++) {
        GameRecord rec;
        match_play_watched(r, agents[0], agents[1], rng_mix(0xc057e57ULL, (uint64_t)g),
                           l->opening_plies, false, &watch, &rec);
        match_record_free(&rec);
        if (rec.plies > longest)
            longest = rec.plies;
        /* An agent without a move: the line's games would be forfeits. */
        l->failed = rec.reason == END_ILLEGAL_MOVE || rec.reason == END_ENGINE_CRASH ||
                    rec.reason == END_ENGINE_TIMEOUT;
        if (watch.stopped || l->failed)
            break;
        ended_plies += rec.plies;
        l->ended++;
    }
    agent_destroy(agents[0]);
    agent_destroy(agents[1]);
    l->cut = clock_seconds() >= clock.limit;
    l->ms_per_move = watch.moves > 0 ? 1000.0 * watch.choose_seconds / (double)watch.moves : 0.0;
    l->guess = ' ';
    l->reached = longest;
    if (l->ended > 0)
        l->plies = (double)ended_plies / l->ended;
}

/* A line whose calibration game did not end: its length is the mean length of the other lines
 * of its ruleset whose games ended (but at least the plies its own game reached); when none
 * did, the ply cap, an upper bound (a ruleset without a cap: the plies reached). */
static void guess_length(CostPlan *p, CostLine *l)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < p->count; i++) {
        const CostLine *o = &p->lines[i];
        if (o->same_as < 0 && o->ended > 0 && o->rules == l->rules) {
            sum += o->plies;
            n++;
        }
    }
    if (n > 0) {
        l->guess = '~';
        l->plies = sum / n > l->reached ? sum / n : l->reached;
    } else {
        l->guess = '*';
        l->plies = l->rules->opt.max_plies > 0 ? l->rules->opt.max_plies : l->reached;
    }
}

static void cost_per_game(CostLine *l)
{
    double searched = l->plies - l->opening_plies; /* random opening plies cost nothing */
    l->sec_per_game = (searched > 0 ? searched : 0) * l->ms_per_move / 1000.0;
}

void costest_measure(CostPlan *p)
{
    p->cores = omp_get_num_procs();
    p->load = load_average();
    int distinct = 0;
    for (int i = 0; i < p->count; i++)
        distinct += p->lines[i].same_as < 0;
    double share = distinct > 0 ? COSTEST_BUDGET_S / distinct : 0;
    if (share < COSTEST_LINE_MIN_S)
        share = COSTEST_LINE_MIN_S;
    /* A line whose first game has not ended by its share may finish it, within four shares
     * and what is left of twice the budget for the whole calibration. */
    double start = clock_seconds();
    for (int i = 0; i < p->count; i++) {
        CostLine *l = &p->lines[i];
        if (l->same_as < 0) {
            double left = 2 * COSTEST_BUDGET_S - (clock_seconds() - start);
            double hard = 4 * share < left ? 4 * share : left;
            measure_line(l, share, hard > share ? hard : share);
        }
    }
    for (int i = 0; i < p->count; i++) {
        CostLine *l = &p->lines[i];
        if (l->same_as < 0 && l->ended == 0)
            guess_length(p, l);
        if (l->same_as < 0)
            cost_per_game(l);
    }
    for (int i = 0; i < p->count; i++) {
        CostLine *l = &p->lines[i];
        if (l->same_as >= 0) {
            const CostLine *o = &p->lines[l->same_as];
            l->ms_per_move = o->ms_per_move;
            l->plies = o->plies;
            l->ended = o->ended;
            l->guess = o->guess;
            l->sec_per_game = o->sec_per_game;
            l->failed = o->failed;
        }
    }
}

long costest_games(const CostPlan *p)
{
    long n = 0;
    for (int i = 0; i < p->count; i++)
        n += p->lines[i].games;
    return n;
}

double costest_seconds(const CostPlan *p, int threads)
{
    /* Games of a line run side by side on the threads; lines run one after another in the
     * worst case (a tuning's iterations), so the sum over lines of each one's share. */
    double s = 0, most = parallel_threads(p, threads);
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        double par = most;
        if (par > (double)l->games)
            par = l->games > 0 ? (double)l->games : 1;
        s += (double)l->games * l->sec_per_game / par;
    }
    return s;
}

void costest_format_duration(double s, char *buf, size_t size)
{
    if (s < 90)
        snprintf(buf, size, "%.0f s", s);
    else if (s < 90 * 60)
        snprintf(buf, size, "%.0f min", s / 60);
    else if (s < 48 * 3600)
        snprintf(buf, size, "%.1f h", s / 3600);
    else
        snprintf(buf, size, "%.1f days", s / 86400);
}

void costest_print(const CostPlan *p, const char *what, int threads, FILE *out)
{
    fprintf(out, "dry run of %s: nothing played, nothing written\n", what);
    fprintf(out, "%-40s %10s %10s %9s %9s\n", "line", "games", "plies/game", "ms/move", "s/game");
    bool capped = false, borrowed = false, failed = false, cut = false;
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        capped |= l->guess == '*';
        borrowed |= l->guess == '~';
        failed |= l->failed;
        cut |= l->cut;
        fprintf(out, "%-40s %10ld %9.0f%c %9.2f%s %9.3f%s\n", l->label, l->games, l->plies,
                l->guess, l->ms_per_move, l->cut ? ">" : " ", l->sec_per_game,
                l->failed ? " !" : "");
    }
    char eta[64];
    double s = costest_seconds(p, threads);
    costest_format_duration(s, eta, sizeof eta);
    fprintf(out,
            "total %ld games on %d thread%s: about %s (%.0f s; an estimate from a %.0f s "
            "calibration of the agents on this machine now: load and game lengths change it)\n",
            costest_games(p), threads, threads == 1 ? "" : "s", eta, s, COSTEST_BUDGET_S);
    double par = parallel_threads(p, threads);
    if (par < threads)
        fprintf(out,
                "the load average (%.1f on %d processors) leaves about %.1f of the %d threads' "
                "worth of processor time: counted\n",
                p->load, p->cores, par, threads);
    if (borrowed)
        fputs("~ no calibration game of this line ended: the game length is the other lines' "
              "mean on the ruleset (or the plies reached, if more)\n",
              out);
    if (capped)
        fputs("* no calibration game ended: the game length is the ply cap, an upper bound\n", out);
    if (cut)
        fputs("> a calibration move was stopped at the calibration's time limit: the time per "
              "move is a lower bound\n",
              out);
    if (failed)
        fputs("! an agent gave no move in the calibration (an external program that stopped or "
              "did not answer: its messages are above): the games of this line would end as "
              "forfeits\n",
              out);
}
