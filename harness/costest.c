/* What a study costs before it starts: the games of each line and a time estimate from a short
 * calibration of its agents (see costest.h). */
#include "harness/costest.h"

#include <math.h>
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
    int same_as;        /* -1, or the earlier line measured for this one */
    double ms_per_move; /* mean wall milliseconds of one agent move, both sides */
    double plies;       /* plies per game: mean of the calibration games that ended */
    int ended;          /* calibration games that ended: games 0..ended-1 (their seeds'
                           numbers); the next to play is game `ended` */
    int reached;        /* the most plies a calibration game reached */
    long moves;         /* agent moves timed, and their seconds */
    double choose_s;
    long ended_plies;         /* sum of the lengths of the games that ended */
    bool done;                /* every calibration game played (or an agent failed) */
    double create_s;          /* wall seconds to make the line's two agents (their tables) */
    int cut_at;               /* the plies of the game the clock cut last, 0 if none */
    char guess;               /* how plies was found when no game ended: '~' from the other lines
                                 of the ruleset, '*' the ply cap (an upper bound); ' ' measured */
    double sec_per_game;      /* the estimate for one game */
    double sec_low, sec_high; /* its 95% interval, from the spread of the game lengths */
    long wdl[3];              /* the ended calibration games: attackers' wins, draws, losses */
    double plies_sq;          /* sum of the squared lengths of the games that ended */
    bool measured;            /* calibrated (costest_measure_lines) */
    bool failed; /* an agent could not give a move (an external program that stopped) */
    bool cut;    /* a move was stopped at the line's clock: ms_per_move a lower bound */
} CostLine;

struct CostPlan {
    CostLine *lines;
    int count, cap;
    int cores;      /* processors of this machine (omp_get_num_procs) */
    double load;    /* processors' worth of other work while the calibration ran; < 0 unknown */
    double calib_s; /* wall seconds the calibration took */
    double fixed_s; /* a run's set-up outside its games (costest_add_fixed) */
    bool total_set; /* costest_set_total: the total is a caller's model (a design's race) */
    double total_s, total_low, total_high;
    char total_how[200];
};

/* The processor time of this machine so far (/proc/stat, Linux): busy and all jiffies over
 * every processor, and the processors it counts. False when unreadable. */
static bool cpu_jiffies(double *busy, double *total, int *cpus)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return false;
    char line[512];
    bool got = false;
    *cpus = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "cpu ", 4) == 0) {
            double v[8] = {0};
            int n = sscanf(line + 4, "%lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3],
                           &v[4], &v[5], &v[6], &v[7]);
            if (n >= 4) {
                /* user nice system idle iowait irq softirq steal: idle and iowait are free */
                *total = 0;
                for (int i = 0; i < n; i++)
                    *total += v[i];
                *busy = *total - v[3] - (n > 4 ? v[4] : 0);
                got = true;
            }
        } else if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' && line[3] <= '9') {
            (*cpus)++;
        }
    }
    fclose(f);
    return got && *cpus > 0;
}

/* This process's processor seconds so far. */
static double own_cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What the machine's other work used while the calibration ran: taken before and after it,
 * the processors busy on average (/proc/stat) less the calibration's own processor time. An
 * instant reading, where the 1-minute load average lags: a run that has just ended still
 * weighs on it for minutes and made the estimate twice the real time. */
typedef struct {
    bool ok;
    double busy, total, own, wall;
    int cpus;
} LoadProbe;

static void load_probe_start(LoadProbe *lp)
{
    lp->ok = cpu_jiffies(&lp->busy, &lp->total, &lp->cpus);
    lp->own = own_cpu_seconds();
    lp->wall = clock_seconds();
}

/* Processors' worth of other work since load_probe_start on the `cores` this process may use,
 * or -1 when it cannot tell (no /proc/stat, or too short a window for its 10 ms ticks). */
static double load_probe_end(const LoadProbe *lp, int cores)
{
    double busy, total;
    int cpus;
    if (!lp->ok || !cpu_jiffies(&busy, &total, &cpus))
        return -1;
    double dt = total - lp->total, wall = clock_seconds() - lp->wall;
    if (dt < 20 * cpus || wall <= 0)
        return -1;
    double busy_cpus = (busy - lp->busy) / dt * cpus;
    double others = busy_cpus - (own_cpu_seconds() - lp->own) / wall;
    /* Processors this process may not run on (a container's share of a larger host) take
     * the others' work first. */
    if (cores > 0 && cpus > cores)
        others -= cpus - cores;
    return others > 0 ? others : 0;
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

/* The clock of one line's calibration games: past `deadline` no game starts and none goes on,
 * but while fewer than COSTEST_MIN_ENDED games have ended they may, up to `limit`: a length
 * from one short game is the worst guess of all (a loaded machine ended one Tablut game of 22
 * plies where they last 58), and the games the clock cuts are the long ones. */
typedef struct {
    const CostLine *l;
    const MatchWatch *watch;
    double deadline, limit;
} LineClock;

/* Whether the line's clock lets play go on at time t. */
static bool clock_open(const LineClock *c, double t)
{
    return t < (c->l->ended >= COSTEST_MIN_ENDED ? c->deadline : c->limit);
}

static bool in_time(void *ctx)
{
    const LineClock *c = ctx;
    return c->watch->moves == 0 || clock_open(c, clock_seconds());
}

/* Plays line l's agents (see costest_measure) through match_play_watched, stopping at the
 * line's clock; a later call goes on from the game the last one did not end (played again:
 * the same seed). */
static void measure_line(CostLine *l, double soft, double hard, int games_max)
{
    const Rules *r = l->rules;
    Agent *agents[2] = {NULL, NULL};
    double made = clock_seconds();
    for (int s = 0; s < 2; s++)
        if (agent_create(l->spec[s], r, 0, &agents[s], NULL) != ST_OK)
            return; /* checked by costest_add */
    double start = clock_seconds();
    if (l->create_s == 0)
        l->create_s = start - made;
    MatchWatch watch = {.keep_going = in_time};
    LineClock clock = {l, &watch, start + soft, start + hard};
    /* A single move may not outlast the line's clock either (a depth-64 search, 1e8 MCTS
     * iterations): the search stops there and the calibration ends with a lower bound. */
    for (int s = 0; s < 2; s++)
        agent_set_deadline(agents[s], clock.limit);
    watch.ctx = &clock;
    for (int g = l->ended; g < games_max && clock_open(&clock, clock_seconds()); g++) {
        GameRecord rec;
        l->cut_at = 0; /* a game cut before is played again from its start */
        match_play_watched(r, agents[0], agents[1], rng_mix(0xc057e57ULL, (uint64_t)g),
                           l->opening_plies, false, &watch, &rec);
        match_record_free(&rec);
        if (rec.plies > l->reached)
            l->reached = rec.plies;
        /* An agent without a move: the line's games would be forfeits. */
        l->failed = rec.reason == END_ILLEGAL_MOVE || rec.reason == END_ENGINE_CRASH ||
                    rec.reason == END_ENGINE_TIMEOUT;
        if (watch.stopped || l->failed) {
            l->cut_at = watch.stopped ? rec.plies : 0;
            break;
        }
        l->ended_plies += rec.plies;
        l->plies_sq += (double)rec.plies * rec.plies;
        l->wdl[rec.winner == WINNER_ATTACKERS ? 0 : rec.winner == WINNER_DRAW ? 1 : 2]++;
        l->ended++;
    }
    agent_destroy(agents[0]);
    agent_destroy(agents[1]);
    l->done = l->failed || l->ended >= games_max;
    l->cut |= clock_seconds() >= clock.limit;
    l->moves += watch.moves;
    l->choose_s += watch.choose_seconds;
    l->ms_per_move = l->moves > 0 ? 1000.0 * l->choose_s / (double)l->moves : 0.0;
    l->guess = ' ';
    /* The game the clock cut is no shorter than the plies it reached: counted at those (the
     * restricted mean of Kaplan and Meier, 1958, for one censored length), the mean length is
     * not the mean of the short games alone. */
    if (l->ended > 0)
        l->plies = ((double)l->ended_plies + l->cut_at) / (l->ended + (l->cut_at > 0));
    l->measured = true;
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
        if (o->same_as < 0 && o->measured && o->ended > 0 && o->rules == l->rules) {
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

/* Student's t at 97.5% with df degrees of freedom (df >= 1): the table to 10, then the
 * normal's 1.96 with the first term of its expansion (Abramowitz and Stegun 26.7.5). */
static double t975(int df)
{
    static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571,
                                   2.447,  2.365, 2.306, 2.262, 2.228};
    if (df <= 10)
        return table[df - 1];
    return 1.96 + (1.96 * 1.96 * 1.96 + 1.96) / (4.0 * df);
}

/* One game's cost, and its 95% interval from the lengths the calibration saw: the mean
 * length's t interval over two or more games that ended (its upper half, and the same factor
 * below); over one, half to twice it; from
 * the other lines ('~'), the plies reached to twice it; from the cap ('*'), the plies reached
 * to the cap. Every bound is kept within the plies reached and the cap. The time per move is
 * taken as measured: the load that changes it is the estimate's other unknown. */
static void cost_per_game(CostLine *l)
{
    double cap = l->rules->opt.max_plies > 0 ? l->rules->opt.max_plies : 1e9;
    double lo, hi;
    if (l->guess == '*') {
        lo = l->reached;
        hi = l->plies;
    } else if (l->guess == '~' || l->ended == 1) {
        lo = l->guess == '~' ? l->reached : l->plies / 2;
        hi = 2 * l->plies;
    } else {
        double n = l->ended, mean = (double)l->ended_plies / n;
        double var = (l->plies_sq - n * mean * mean) / (n - 1);
        double half = t975(l->ended - 1) * sqrt(var > 0 ? var : 0) / sqrt(n);
        /* The same factor both ways, as for any positive quantity: a few long games do not
         * put the lower bound below zero. */
        hi = l->plies + half;
        lo = l->plies > 0 ? l->plies * l->plies / hi : 0;
    }
    if (lo < l->reached && l->guess != ' ')
        lo = l->reached;
    if (hi > cap)
        hi = cap;
    if (lo > l->plies)
        lo = l->plies;
    if (hi < l->plies)
        hi = l->plies;
    double per_ply = l->ms_per_move / 1000.0, open = l->opening_plies;
    l->sec_per_game = (l->plies > open ? l->plies - open : 0) * per_ply;
    l->sec_low = (lo > open ? lo - open : 0) * per_ply;
    l->sec_high = (hi > open ? hi - open : 0) * per_ply;
}

/* The seconds a line's calibration spent a game so far, over the games that ended and the one
 * it is on (pass one's measure of cost). */
static double game_cost(const CostLine *l)
{
    return l->choose_s / (l->ended + 1);
}

void costest_measure(CostPlan *p, int threads)
{
    costest_measure_lines(p, NULL, COSTEST_BUDGET_S, COSTEST_GAMES_MAX, threads);
}

void costest_measure_lines(CostPlan *p, const bool *which, double budget_s, int games_max,
                           int threads)
{
    p->cores = omp_get_num_procs();
    /* The lines to play: those asked for (or a line they copy) and not yet measured. */
    bool *play = xcalloc((size_t)p->count + 1, sizeof *play);
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        if (which && !which[i])
            continue;
        int src = l->same_as >= 0 ? l->same_as : i;
        play[src] = !p->lines[src].measured;
    }
    int distinct = 0;
    for (int i = 0; i < p->count; i++)
        distinct += play[i];
    /* The lines are played side by side on the run's threads (at most the processors), so
     * that each move is timed as the run will play it, and more games fit the budget. */
    int team = threads < 1 ? 1 : threads;
    if (team > p->cores && p->cores > 0)
        team = p->cores;
    if (team > distinct)
        team = distinct > 0 ? distinct : 1;
    /* Two passes: every line first gets half its share of the budget, which the cheap ones do
     * not use up (their games_max games end sooner); the time left is then shared by the
     * lines the clock stopped, in proportion to a game's cost so far (the time a line spent
     * over the games it began), so that they reach like numbers of games and their mean
     * lengths rest on more than a few seeds. A line with fewer than COSTEST_MIN_ENDED
     * games ended may go on past its share, within four shares and what is left of twice the
     * budget for the whole calibration. */
    LoadProbe probe;
    load_probe_start(&probe);
    double start = clock_seconds();
    for (int pass = 0; pass < 2 && distinct > 0; pass++) {
        double weight = 0;
        for (int i = 0; i < p->count; i++)
            if (play[i] && !p->lines[i].done)
                weight += game_cost(&p->lines[i]);
        double left_s = budget_s - (clock_seconds() - start);
        if (pass == 1 && (weight <= 0 || left_s < COSTEST_LINE_MIN_S))
            break;
#pragma omp parallel for schedule(dynamic, 1) num_threads(team)
        for (int i = 0; i < p->count; i++) {
            if (!play[i] || p->lines[i].done)
                continue;
            double share = pass == 0 ? budget_s * team / (2.0 * distinct)
                                     : left_s * team * game_cost(&p->lines[i]) / weight;
            if (share > left_s)
                share = left_s;
            if (share < COSTEST_LINE_MIN_S)
                share = COSTEST_LINE_MIN_S;
            double left = 2 * budget_s - (clock_seconds() - start);
            double hard = 4 * share < left ? 4 * share : left;
            measure_line(&p->lines[i], share, hard > share ? hard : share, games_max);
        }
    }
    double others = load_probe_end(&probe, p->cores);
    /* A later, shorter calibration keeps the reading of an earlier one it cannot better. */
    if (others >= 0 || p->calib_s == 0)
        p->load = others;
    p->calib_s += clock_seconds() - start;
    for (int i = 0; i < p->count; i++) {
        CostLine *l = &p->lines[i];
        if (play[i] && l->ended == 0)
            guess_length(p, l);
        if (play[i])
            cost_per_game(l);
    }
    for (int i = 0; i < p->count; i++) {
        CostLine *l = &p->lines[i];
        if (l->same_as >= 0 && play[l->same_as]) {
            const CostLine *o = &p->lines[l->same_as];
            l->ms_per_move = o->ms_per_move;
            l->plies = o->plies;
            l->ended = o->ended;
            l->reached = o->reached;
            l->done = o->done;
            memcpy(l->wdl, o->wdl, sizeof l->wdl);
            l->guess = o->guess;
            l->sec_per_game = o->sec_per_game;
            l->sec_low = o->sec_low;
            l->sec_high = o->sec_high;
            l->failed = o->failed;
            l->cut = o->cut;
            l->measured = true;
        }
    }
    free(play);
}

void costest_pool_length(CostPlan *p, int i, int j, double weight)
{
    CostLine *l = &p->lines[i];
    const CostLine *o = &p->lines[j];
    if (l->same_as >= 0 || !l->measured || l->ended == 0 || !o->measured || o->ended == 0)
        return;
    l->plies = ((double)l->ended * l->plies + weight * o->plies) / ((double)l->ended + weight);
    cost_per_game(l);
}

int costest_count(const CostPlan *p)
{
    return p->count;
}

void costest_line(const CostPlan *p, int i, CostLineInfo *out)
{
    const CostLine *l = &p->lines[i];
    *out = (CostLineInfo){.measured = l->measured,
                          .sec_per_game = l->sec_per_game,
                          .sec_low = l->sec_low,
                          .sec_high = l->sec_high};
    memcpy(out->wdl, l->wdl, sizeof out->wdl);
}

void costest_set_line(CostPlan *p, int i, long games, double sec_per_game, double sec_low,
                      double sec_high)
{
    CostLine *l = &p->lines[i];
    l->games = games;
    if (sec_per_game >= 0 && !l->measured) {
        l->sec_per_game = sec_per_game;
        l->sec_low = sec_low;
        l->sec_high = sec_high;
        l->guess = '=';
    }
}

void costest_set_total(CostPlan *p, double seconds, double low, double high, const char *how)
{
    p->total_set = true;
    p->total_s = seconds;
    p->total_low = low;
    p->total_high = high;
    snprintf(p->total_how, sizeof p->total_how, "%s", how);
}

long costest_games(const CostPlan *p)
{
    long n = 0;
    for (int i = 0; i < p->count; i++)
        n += p->lines[i].games;
    return n;
}

double costest_parallel(const CostPlan *p, int threads)
{
    return parallel_threads(p, threads);
}

/* What a run spends outside its games: the caller's fixed part, and the making of each line's
 * agents, which every thread does once for a line it plays (side by side: once in wall time). */
double costest_setup_seconds(const CostPlan *p)
{
    double s = p->fixed_s;
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        if (l->same_as < 0 && l->games > 0)
            s += l->create_s;
    }
    return s;
}

void costest_add_fixed(CostPlan *p, double seconds)
{
    p->fixed_s += seconds;
}

/* Line l's wall seconds for g games at the cost c a game, on par threads' worth. */
static double line_seconds(long games, double sec, double par)
{
    if (par > (double)games)
        par = games > 0 ? (double)games : 1;
    return (double)games * sec / par;
}

/* The total and its interval: games of a line run side by side on the threads; lines run one
 * after another in the worst case (a tuning's iterations), so the sum over lines of each
 * one's share. */
static void seconds_interval(const CostPlan *p, int threads, double *s, double *lo, double *hi)
{
    if (p->total_set) {
        *s = p->total_s;
        *lo = p->total_low;
        *hi = p->total_high;
        return;
    }
    double most = parallel_threads(p, threads);
    *s = *lo = *hi = costest_setup_seconds(p);
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        *s += line_seconds(l->games, l->sec_per_game, most);
        *lo += line_seconds(l->games, l->sec_low, most);
        *hi += line_seconds(l->games, l->sec_high, most);
    }
}

double costest_seconds(const CostPlan *p, int threads)
{
    double s, lo, hi;
    seconds_interval(p, threads, &s, &lo, &hi);
    return s;
}

void costest_format_duration(double s, char *buf, size_t size)
{
    if (s >= 0.05 && s < 9.95)
        snprintf(buf, size, "%.1f s", s);
    else if (s < 90)
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
    bool capped = false, borrowed = false, failed = false, cut = false, modelled = false;
    for (int i = 0; i < p->count; i++) {
        const CostLine *l = &p->lines[i];
        capped |= l->guess == '*';
        borrowed |= l->guess == '~';
        modelled |= l->guess == '=';
        failed |= l->failed;
        cut |= l->cut;
        if (l->guess == '=')
            fprintf(out, "%-40s %10ld %10s %9s  %9.3f=\n", l->label, l->games, "-", "-",
                    l->sec_per_game);
        else
            fprintf(out, "%-40s %10ld %9.0f%c %9.2f%s %9.3f%s\n", l->label, l->games, l->plies,
                    l->guess, l->ms_per_move, l->cut ? ">" : " ", l->sec_per_game,
                    l->failed ? " !" : "");
    }
    char eta[64], lo_s[64], hi_s[64];
    double s, lo, hi;
    seconds_interval(p, threads, &s, &lo, &hi);
    costest_format_duration(s, eta, sizeof eta);
    costest_format_duration(lo, lo_s, sizeof lo_s);
    costest_format_duration(hi, hi_s, sizeof hi_s);
    char exact[64] = "";
    if (s >= 90)
        snprintf(exact, sizeof exact, "%.0f s; ", s);
    fprintf(out,
            "total %ld games on %d thread%s: about %s (%san estimate from a %.1f s calibration "
            "of the agents on this machine now; 95%% interval %s to %s from the game lengths it "
            "saw%s)\n",
            costest_games(p), threads, threads == 1 ? "" : "s", eta, exact, p->calib_s, lo_s, hi_s,
            p->total_set ? p->total_how : "");
    double par = parallel_threads(p, threads);
    if (par < threads - 0.05)
        fprintf(out,
                "other work used %.1f of the %d processors during the calibration: counted, "
                "about %.1f threads' worth is left (a change of load changes the time)\n",
                p->load, p->cores, par);
    if (borrowed)
        fputs("~ no calibration game of this line ended: the game length is the other lines' "
              "mean on the ruleset (or the plies reached, if more)\n",
              out);
    if (capped)
        fputs("* no calibration game ended: the game length is the ply cap, an upper bound\n", out);
    if (modelled)
        fputs("= not calibrated: a game's time is its ruleset's other line's, scaled as the "
              "calibrated lines of this agent are\n",
              out);
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
