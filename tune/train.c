/* `tafl train`: self-play generations, the positions they leave with their outcomes, the
 * logistic fit of a learned evaluation, and the gate match that accepts it. The loop follows
 * the generations of AlphaZero-style trainers (Silver et al., Science 2018; TaflZero's
 * README, sovelin/taflzero: play, keep a replay window of recent generations, fit, and promote
 * a candidate only when it wins a match against the best), with a linear model instead of a
 * network. */
#include "tune/train.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agents/agent.h"
#include "agents/evalmodel.h"
#include "formats/files.h"
#include "formats/plot.h"
#include "harness/match.h"
#include "harness/rowgame.h"
#include "harness/rundir.h"
#include "rules/record.h"
#include "rules/rng.h"
#include "stats/sprt.h"
#include "stats/stats.h"

#define POS_MAGIC "tafl-train-pos 2\n"

/* A position of a self-play game with the game's outcome for the attackers and the search's
 * own prediction of it. */
typedef struct {
    GameState s;
    float label;  /* 1 attackers won, 0 defenders won, 1/2 a draw */
    float search; /* the attackers' win probability by the mover's search score there,
                     1 / (1 + exp(-v / EVALMODEL_UNITS)) with v the attackers' view */
    int game;     /* index of its game in its generation (the validation split) */
} TrainPos;

typedef struct {
    TrainPos *pos; /* owned */
    int count;
} GenData;

/* One row of train.csv. */
typedef struct {
    int generation, games, positions, window_positions;
    int attacker_wins, defender_wins, draws;
    double train_loss, val_loss, best_val_loss;
    int gate_games;
    double gate_score, gate_low, gate_high, gate_elo;
    int accepted, best_generation;
    double elo_total;
    /* A player model's gate (see gate_player): gate_score is the candidate's attacking score,
     * accepted and best_generation its attacking half's; these are the best's attacking score on
     * the same openings, the candidate's defending score with its interval, whether its
     * defending half was accepted and the generation of the best's defending half. */
    double attacking_base, defending_score, defending_low, defending_high;
    int defending_accepted, best_defending;
    /* With a league: the candidate's attackers' score against the league's defenders less the
     * best's, summed over the league's evaluations, and the same of its defenders. */
    double league_attacking_gain, league_defending_gain;
    /* With gate_sprt: the test's log-likelihood ratio after the last pair played, and its
     * decision (1: H1 accepted, -1: H0 accepted, 0: gate_pairs played without a decision). */
    double gate_llr;
    int gate_decision;
} TrainRow;

typedef struct {
    const TrainFile *t;
    const TrainOptions *opt;
    Rules rules;
    char dir[RUNDIR_PATH_MAX + 1];
    GenData *gens;          /* [generations + 1], index = generation; [0] the recorded games' */
    uint64_t recorded_hash; /* FNV-1a of the recorded games' file (0: none) */
    EvalModel *gen0;        /* generation 0 from t->init, of t->model's kind (NULL: hand) */
    char *init_canonical;   /* t->init as recorded, "X@HASH" (NULL: none) */
    char *league[TRAINFILE_LEAGUE_MAX]; /* t->league as recorded and played, "X@HASH" */
    TrainRow *rows;
    int row_count;
    int best_generation; /* a player model: of its attacking half */
    int best_defending;  /* a player model: the generation of its defending half */
    double elo_total;
    double started;
} Train;

/* --- files --- */

static bool put_positions(FILE *f, const void *ctx)
{
    const GenData *g = ctx;
    int64_t n = g->count;
    return fputs(POS_MAGIC, f) >= 0 && fwrite(&n, sizeof n, 1, f) == 1 &&
           (n == 0 || fwrite(g->pos, sizeof *g->pos, (size_t)n, f) == (size_t)n);
}

static Status read_positions(const char *path, GenData *g, Error *err)
{
    size_t size;
    char *data = files_read(path, &size);
    size_t head = strlen(POS_MAGIC);
    if (!data) {
        error_set(err, "%s: cannot read: %s", path, strerror(errno));
        return ST_EIO;
    }
    int64_t n = -1;
    if (size >= head + sizeof n && memcmp(data, POS_MAGIC, head) == 0)
        memcpy(&n, data + head, sizeof n);
    if (n < 0 || size != head + sizeof n + (size_t)n * sizeof(TrainPos)) {
        error_set(err, "%s: not a position file of this build (remove it to play again)", path);
        free(data);
        return ST_EPARSE;
    }
    g->count = (int)n;
    g->pos = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *g->pos);
    memcpy(g->pos, data + head + sizeof n, (size_t)n * sizeof *g->pos);
    free(data);
    return ST_OK;
}

static Status write_text(const char *path, const char *text, Error *err)
{
    return files_write(path, text, strlen(text), err);
}

static void gen_path(const Train *tr, int g, const char *ext, char *buf, size_t size)
{
    snprintf(buf, size, "%s/gen-%03d.%s", tr->dir, g, ext);
}

static bool player_model(const Train *tr)
{
    return tr->t->model == EVALMODEL_PLAYER;
}

/* A net model's hidden units. */
static int hidden_units(const TrainFile *t)
{
    return t->hidden ? t->hidden : EVALMODEL_DEFAULT_HIDDEN;
}

/* The hand-written evaluation as a model of `kind` and the training's feature set (a net
 * model: the training's hidden units, its network all 0). */
static void hand_model(const Train *tr, EvalModelKind kind, EvalModel *m)
{
    if (kind == EVALMODEL_NET)
        evalmodel_init_net(&tr->rules, tr->t->features, hidden_units(tr->t), NULL, m);
    else
        evalmodel_init_hand(&tr->rules, kind, tr->t->features, m);
}

/* Generation 0 as a model of `kind`: the init evaluation (a player model's attacking half when
 * the fit wants a linear one), else the hand-written evaluation's weights. */
static void gen0_model(const Train *tr, EvalModelKind kind, EvalModel *m)
{
    if (tr->gen0 && kind == tr->gen0->kind)
        *m = *tr->gen0;
    else if (tr->gen0 && tr->gen0->kind == EVALMODEL_PLAYER && kind == EVALMODEL_LINEAR)
        evalmodel_half(tr->gen0, SIDE_ATTACKERS, m);
    else
        hand_model(tr, kind, m);
}

/* The eval= value of the best evaluation: the hand-written one until a generation wins; a
 * player model's best.eval, which joins its best halves (write_best_player). */
static void best_eval(const Train *tr, char *buf, size_t size)
{
    if (player_model(tr))
        snprintf(buf, size, "%s/best.eval", tr->dir);
    else if (tr->best_generation == 0 && !tr->gen0)
        snprintf(buf, size, "hand");
    else
        gen_path(tr, tr->best_generation, "eval", buf, size);
}

/* --- games --- */

typedef struct {
    char attacker[4096], defender[4096];
    uint64_t seed;
} GameSpec;

static void progress_line(const Train *tr, int g, const char *phase, int done, int total,
                          double phase_start)
{
    if (!tr->opt->progress)
        return;
    double now = clock_seconds(), spent = now - phase_start;
    double eta = done > 0 ? spent / done * (total - done) : 0;
    fprintf(stderr, "\rtrain %s: generation %d/%d %s %d/%d, %.0fs elapsed, phase ETA %.0fs   ",
            tr->t->name, g, tr->t->generations, phase, done, total, now - tr->started, eta);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Plays the games in parallel; records[i] gets game i (moves recorded). Deterministic: each
 * game depends only on its spec and seed. */
static Status play_games(Train *tr, int g, const char *phase, const GameSpec *specs, int n,
                         GameRecord *records, Error *err)
{
    /* Bad specs fail here, before any game. */
    for (int i = 0; i < n && i < 2; i++) {
        for (int side = 0; side < 2; side++) {
            Agent *probe;
            Status st = agent_create(side ? specs[i].defender : specs[i].attacker, &tr->rules, 0,
                                     &probe, err);
            if (st != ST_OK)
                return st;
            agent_destroy(probe);
        }
    }
    int done = 0, failed = 0;
    double start = clock_seconds(), last = 0;
    int threads = tr->opt->threads > 0 ? tr->opt->threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (int i = 0; i < n; i++) {
        Agent *a = NULL, *d = NULL;
        if (agent_create(specs[i].attacker, &tr->rules, 0, &a, NULL) != ST_OK ||
            agent_create(specs[i].defender, &tr->rules, 0, &d, NULL) != ST_OK) {
#pragma omp atomic
            failed++;
        } else {
            match_play(&tr->rules, a, d, specs[i].seed, tr->t->opening_plies, true, &records[i]);
        }
        agent_destroy(a);
        agent_destroy(d);
#pragma omp critical(train_progress)
        {
            done++;
            double now = clock_seconds();
            if (now - last >= 2.0 || done == n) {
                last = now;
                progress_line(tr, g, phase, done, n, start);
            }
        }
    }
    if (failed) {
        error_set(err, "generation %d: %d agents could not be created", g, failed);
        return ST_EIO;
    }
    return ST_OK;
}

static float outcome(Winner w)
{
    return w == WINNER_ATTACKERS ? 1.0f : w == WINNER_DEFENDERS ? 0.0f : 0.5f;
}

static double sigmoid(double z)
{
    return 1.0 / (1.0 + exp(-z));
}

/* The attackers' win probability that a search score v (the mover's view, evaluation units;
 * a forced win or loss saturates) predicts. */
static float search_probability(double v, Side mover)
{
    if (isnan(v))
        return 0.5f;
    double att = mover == SIDE_ATTACKERS ? v : -v;
    double z = att / EVALMODEL_UNITS;
    z = z > 30 ? 30 : z < -30 ? -30 : z;
    return (float)sigmoid(z);
}

/* Self-play of generation g with the best evaluation: its positions (after the opening, game
 * not over) with the outcomes. */
static Status self_play(Train *tr, int g, GenData *out, TrainRow *row, Error *err)
{
    const TrainFile *t = tr->t;
    char eval[RUNDIR_PATH_MAX + 32];
    best_eval(tr, eval, sizeof eval);
    GameSpec *specs = xcalloc((size_t)t->games, sizeof *specs);
    uint64_t gseed = rng_mix(t->seed, (uint64_t)g);
    /* The last league_games games pit the best against the league: game k of them has the best
     * attacking when k is even and defending when odd, against evaluation (k / 2) mod the
     * league's size, at equal depth. */
    const int own = t->games - t->league_games;
    for (int i = 0; i < t->games; i++) {
        int k = i - own;
        int att_depth = t->depth + (k < 0 && i % 2 == 1 ? t->handicap : 0);
        const char *att = eval, *def = eval;
        if (k >= 0 && k % 2 == 0)
            def = tr->league[(k / 2) % t->league_count];
        else if (k >= 0)
            att = tr->league[(k / 2) % t->league_count];
        snprintf(specs[i].attacker, sizeof specs[i].attacker,
                 "alphabeta:depth=%d,tt_mb=1,noise=%.17g,eval=%s", att_depth, t->noise, att);
        snprintf(specs[i].defender, sizeof specs[i].defender,
                 "alphabeta:depth=%d,tt_mb=1,noise=%.17g,eval=%s", t->depth, t->noise, def);
        specs[i].seed = rng_mix(gseed, (uint64_t)i);
    }
    GameRecord *recs = xcalloc((size_t)t->games, sizeof *recs);
    Status st = play_games(tr, g, "self-play", specs, t->games, recs, err);
    free(specs);
    if (st == ST_OK) {
        int cap = 0;
        for (int i = 0; i < t->games; i++)
            cap += recs[i].move_count + 1;
        out->pos = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *out->pos);
        out->count = 0;
        for (int i = 0; i < t->games; i++) {
            GameState s;
            History hist;
            state_init(&tr->rules, &s);
            history_init(&hist);
            history_push(&hist, s.hash, s.fort_hash, false, false);
            float y = outcome(recs[i].winner);
            row->attacker_wins += recs[i].winner == WINNER_ATTACKERS;
            row->defender_wins += recs[i].winner == WINNER_DEFENDERS;
            row->draws += recs[i].winner != WINNER_ATTACKERS && recs[i].winner != WINNER_DEFENDERS;
            for (int k = 0; k < recs[i].move_count && !state_is_over(&s); k++) {
                if (k >= t->opening_plies) {
                    TrainPos *p = &out->pos[out->count++];
                    memset(p, 0, sizeof *p);
                    p->s = s;
                    p->label = y;
                    p->search = search_probability(recs[i].scores[k], s.side);
                    p->game = i;
                }
                state_apply(&tr->rules, &s, &hist, recs[i].moves[k], NULL);
            }
            history_free(&hist);
        }
    }
    for (int i = 0; i < t->games; i++)
        match_record_free(&recs[i]);
    free(recs);
    row->games = t->games;
    row->positions = out->count;
    return st;
}

/* --- generation 0 from a file --- */

/* Loads t->init (trained or a file) as generation 0, in the training's model: a linear file
 * serves a linear model, both halves of a player one or both sets of a sided one; a player
 * file serves a player model. Another feature set, or a player or sided file for another
 * model, is refused in one line. */
static Status init_load(Train *tr, Error *err)
{
    const TrainFile *t = tr->t;
    EvalModel *loaded = NULL;
    char *canonical = NULL;
    Status st = evalmodel_resolve(t->init, &tr->rules, &loaded, &canonical, err);
    if (st != ST_OK)
        return st;
    tr->gen0 = xcalloc(1, sizeof *tr->gen0);
    if (!loaded) { /* the value named the hand-written evaluation */
        hand_model(tr, t->model, tr->gen0);
    } else if (loaded->features != t->features) {
        error_set(err,
                  "init: %s is of feature set %d; this training fits set %d (features = %d "
                  "goes on from it)",
                  t->init, loaded->features, t->features, loaded->features);
        st = ST_EINVAL;
    } else if (loaded->kind == EVALMODEL_NET && t->model == EVALMODEL_NET &&
               loaded->hidden != hidden_units(t)) {
        error_set(err, "init: %s has %d hidden units; this training fits %d (hidden = %d)", t->init,
                  loaded->hidden, hidden_units(t), loaded->hidden);
        st = ST_EINVAL;
    } else if (loaded->kind == t->model) {
        *tr->gen0 = *loaded;
    } else if (loaded->kind == EVALMODEL_LINEAR && t->model == EVALMODEL_NET) {
        /* The network starts at 0: generation 0 plays as the linear file. */
        evalmodel_init_net(&tr->rules, t->features, hidden_units(t), loaded, tr->gen0);
    } else if (loaded->kind == EVALMODEL_LINEAR && t->model == EVALMODEL_PLAYER) {
        st = evalmodel_join(&tr->rules, loaded, loaded, tr->gen0, err);
    } else if (loaded->kind == EVALMODEL_LINEAR && t->model == EVALMODEL_SIDED) {
        evalmodel_init_hand(&tr->rules, EVALMODEL_SIDED, t->features, tr->gen0);
        for (int i = 0; i < loaded->count; i++)
            tr->gen0->w[i] = tr->gen0->w[loaded->count + i] = loaded->w[i];
    } else {
        error_set(err, "init: %s is a %s model; a %s training goes on from a linear one%s", t->init,
                  evalmodel_kind_name(loaded->kind), evalmodel_kind_name(t->model),
                  t->model == EVALMODEL_PLAYER ? " or a player one"
                  : t->model == EVALMODEL_NET  ? " or a net one"
                                               : "");
        st = ST_EINVAL;
    }
    free(loaded);
    tr->init_canonical = canonical;
    return st;
}

/* Checks league_games and the league's evaluations (each must load for r: hand, trained, or a
 * file of this ruleset) and sets canonical[i] (caller frees) to each as recorded and played,
 * "X@HASH", so that a resumed run's gates refuse a changed file. */
static Status league_resolve(const TrainFile *t, const Rules *r,
                             char *canonical[TRAINFILE_LEAGUE_MAX], Error *err)
{
    if (t->league_games > t->games) {
        error_set(err, "league_games = %d is more than the generation's games = %d",
                  t->league_games, t->games);
        return ST_EINVAL;
    }
    if (t->hidden && t->model != EVALMODEL_NET) {
        error_set(err,
                  "hidden = %d sizes a network: it needs model = net (this training fits "
                  "model = %s)",
                  t->hidden, evalmodel_kind_name(t->model));
        return ST_EINVAL;
    }
    if (t->gate_sprt && (t->model == EVALMODEL_PLAYER || t->league_count)) {
        error_set(err,
                  "gate_sprt tests one candidate against the best over both sides: it does not "
                  "take %s",
                  t->league_count ? "a league (leave gate_sprt out, or the league)"
                                  : "model = player (each half has its own gate)");
        return ST_EINVAL;
    }
    if (t->league_games > 0 && t->league_count == 0) {
        error_set(err, "league_games = %d needs a league to play (league = hand, ...)",
                  t->league_games);
        return ST_EINVAL;
    }
    for (int i = 0; i < t->league_count; i++) {
        EvalModel *loaded = NULL;
        Status st = evalmodel_resolve(t->league[i], r, &loaded, &canonical[i], err);
        free(loaded);
        if (st != ST_OK) {
            char why[sizeof err->text];
            snprintf(why, sizeof why, "%s", err->text);
            error_set(err, "league: %s", why);
            return st;
        }
    }
    return ST_OK;
}

/* --- recorded games --- */

typedef struct {
    GenData *out;
    int capacity, opening_plies, game;
    float y;
} Recorded;

static void recorded_visit(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                           const CaptureList *caps)
{
    (void)rm;
    (void)m;
    (void)caps;
    Recorded *c = ctx;
    if (ply < c->opening_plies || state_is_over(s))
        return;
    if (c->out->count == c->capacity) {
        c->capacity = c->capacity * 2 + 1024;
        c->out->pos = xrealloc(c->out->pos, (size_t)c->capacity * sizeof *c->out->pos);
    }
    TrainPos *p = &c->out->pos[c->out->count++];
    memset(p, 0, sizeof *p);
    p->s = *s;
    p->label = c->y;
    p->search = c->y; /* no search score: the target is the outcome whatever score_weight is */
    p->game = c->game;
}

/* The positions (after opening_plies, game not over) of the recorded games of
 * t->recorded_games (a move-list CSV or a tafl-lab games.csv with moves) that finished with a
 * result and replay under the rules, into tr->gens[0], each with its game's index in the
 * file's games (games with index divisible by 10 are the validation split, as in self-play, and
 * `tafl calibrate --held-out` scores them alone), and the file's FNV-1a in tr->recorded_hash.
 * Games that do not replay are left out, as in `tafl calibrate`; a games.csv of another game
 * (rules hash) and a file with no game that replays are errors. */
static Status recorded_load(Train *tr, Error *err)
{
    const char *path = tr->t->recorded_games;
    size_t size;
    char *text = files_read(path, &size);
    if (!text) {
        error_set(err, "recorded_games: %s: cannot read: %s", path, strerror(errno));
        return ST_EIO;
    }
    tr->recorded_hash = evalmodel_text_hash(text, size);
    free(text);
    RecordGame *games = NULL;
    int count = 0;
    char rules_name[64];
    Error why = {{0}};
    Status st = rowgame_read_any(path, &games, &count, rules_name, sizeof rules_name, &why);
    if (st == ST_OK && rules_name[0]) {
        Ruleset rs;
        Rules r;
        st = rowgame_ruleset(path, rules_name, &rs, &why);
        if (st == ST_OK)
            st = rules_compile(&rs, &r, &why);
        if (st == ST_OK && evalmodel_rules_hash(&r) != evalmodel_rules_hash(&tr->rules)) {
            record_games_free(games, count);
            error_set(err, "recorded_games: %s: games of %s, not of %s", path, rules_name,
                      tr->rules.opt.name);
            return ST_EINVAL;
        }
    }
    if (st != ST_OK) {
        record_games_free(games, count);
        error_set(err, "recorded_games: %s", why.text);
        return st;
    }
    Recorded c = {.out = &tr->gens[0], .opening_plies = tr->t->opening_plies};
    int used = 0;
    for (int g = 0; g < count; g++) {
        if (!record_result_score(games[g].result, &c.y))
            continue;
        c.game = g;
        int before = c.out->count;
        RecordIssue issue;
        if (!record_replay(&tr->rules, &games[g], recorded_visit, &c, &issue))
            c.out->count = before; /* a game that does not replay is left out whole */
        else
            used++;
    }
    record_games_free(games, count);
    if (used == 0) {
        error_set(err,
                  "recorded_games: %s: no game with a result replays under %s (a move-list CSV "
                  "or a games.csv with moves)",
                  path, tr->rules.opt.name);
        return ST_EINVAL;
    }
    if (tr->opt->progress)
        fprintf(stderr, "train %s: %d recorded games, %d positions from %s\n", tr->t->name, used,
                c.out->count, path);
    return ST_OK;
}

/* --- fitting --- */

/* The window's positions as sparse feature rows (CSR). */
typedef struct {
    int n;
    int *start;     /* [n + 1] */
    uint16_t *idx;  /* features */
    float *val;     /* values */
    float *label;   /* [n] */
    bool *held_out; /* [n] validation */
    /* A net model's: each row's active network inputs (evalmodel_net_active), CSR; NULL for the
     * other models. */
    int *net_start;    /* [n + 1] */
    uint16_t *net_idx; /* inputs */
} Design;

static void design_build(const Train *tr, int g, Design *d)
{
    /* The recorded games' positions (generation 0's slot) join every window. */
    int first = g - tr->t->window + 1 < 1 ? 1 : g - tr->t->window + 1;
    int n = tr->gens[0].count;
    for (int k = first; k <= g; k++)
        n += tr->gens[k].count;
    d->n = n;
    d->start = xmalloc((size_t)(n + 1) * sizeof *d->start);
    d->label = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *d->label);
    d->held_out = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *d->held_out);
    size_t cap = (size_t)(n > 0 ? n : 1) * 48, used = 0;
    d->idx = xmalloc(cap * sizeof *d->idx);
    d->val = xmalloc(cap * sizeof *d->val);
    int row = 0;
    EvalFeatures f;
    bool net = tr->t->model == EVALMODEL_NET;
    size_t net_cap = 0, net_used = 0;
    d->net_start = NULL;
    d->net_idx = NULL;
    if (net) {
        net_cap = (size_t)(n > 0 ? n : 1) * 32;
        d->net_start = xmalloc((size_t)(n + 1) * sizeof *d->net_start);
        d->net_idx = xmalloc(net_cap * sizeof *d->net_idx);
    }
    for (int k = first - 1; k <= g; k++) {
        const GenData *gen = &tr->gens[k < first ? 0 : k]; /* the recorded games' slot first */
        for (int i = 0; i < gen->count; i++) {
            const TrainPos *p = &gen->pos[i];
            evalmodel_features_of_set(&tr->rules, &p->s, tr->t->features, &f);
            /* A sided model's defenders-to-move weights follow the attackers' set; features
             * past the trained set (newer sets' appended ones, indices ascending) are left out. */
            int in_set = evalmodel_feature_count(&tr->rules, tr->t->features);
            int offset = tr->t->model == EVALMODEL_SIDED && !f.attackers_to_move ? in_set : 0;
            while (f.count > 0 && f.index[f.count - 1] >= in_set)
                f.count--;
            if (used + (size_t)f.count > cap) {
                cap = cap * 2 + (size_t)f.count;
                d->idx = xrealloc(d->idx, cap * sizeof *d->idx);
                d->val = xrealloc(d->val, cap * sizeof *d->val);
            }
            d->start[row] = (int)used;
            for (int j = 0; j < f.count; j++) {
                d->idx[used] = (uint16_t)(f.index[j] + offset);
                d->val[used] = (float)f.value[j];
                used++;
            }
            /* The target blends the outcome with the search's prediction (score_weight), as
             * NNUE trainers blend game result and search evaluation (Stockfish's nnue-pytorch,
             * its `lambda`): the search score is a less noisy target than one game's result. */
            double w = tr->t->score_weight;
            d->label[row] = (float)((1.0 - w) * p->label + w * p->search);
            d->held_out[row] = p->game % 10 == 0;
            if (net) {
                uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
                int m = evalmodel_net_active(&tr->rules, &p->s, in);
                if (net_used + (size_t)m > net_cap) {
                    net_cap = net_cap * 2 + (size_t)m;
                    d->net_idx = xrealloc(d->net_idx, net_cap * sizeof *d->net_idx);
                }
                d->net_start[row] = (int)net_used;
                memcpy(d->net_idx + net_used, in, (size_t)m * sizeof *in);
                net_used += (size_t)m;
            }
            row++;
        }
    }
    d->start[n] = (int)used;
    if (net)
        d->net_start[n] = (int)net_used;
}

static void design_free(Design *d)
{
    free(d->start);
    free(d->idx);
    free(d->val);
    free(d->label);
    free(d->held_out);
    free(d->net_start);
    free(d->net_idx);
}

/* Row i's logit under m: its linear features and, for a net model, its network inputs. */
static double row_logit(const Design *d, const EvalModel *m, int i)
{
    double z = 0;
    for (int j = d->start[i]; j < d->start[i + 1]; j++)
        z += m->w[d->idx[j]] * d->val[j];
    if (m->kind == EVALMODEL_NET)
        z += evalmodel_net_logit(m, d->net_idx + d->net_start[i],
                                 d->net_start[i + 1] - d->net_start[i]);
    return z;
}

/* Mean log-loss of m over the rows with held_out == want. */
static double log_loss(const Design *d, const EvalModel *m, bool want)
{
    double sum = 0;
    long count = 0;
    for (int i = 0; i < d->n; i++) {
        if (d->held_out[i] != want)
            continue;
        double z = row_logit(d, m, i);
        double p = sigmoid(z), y = d->label[i];
        const double eps = 1e-12;
        sum -= y * log(p + eps) + (1 - y) * log(1 - p + eps);
        count++;
    }
    return count ? sum / count : 0.0;
}

/* The eight symmetries of the square board as square maps: bit 0 transposes, bit 1 mirrors
 * the rows, bit 2 the columns. Every preset's layout, corners and throne are symmetric under
 * them, so a position and its images have the same value. */
static void board_symmetries(const Rules *r, int map[8][RULES_MAX_SQUARES])
{
    int n = r->size;
    for (int k = 0; k < 8; k++)
        for (int sq = 0; sq < r->squares; sq++) {
            int row = sq / n, col = sq % n;
            if (k & 1) {
                int t = row;
                row = col;
                col = t;
            }
            if (k & 2)
                row = n - 1 - row;
            if (k & 4)
                col = n - 1 - col;
            map[k][sq] = row * n + col;
        }
}

/* Minibatch Adam (Kingma and Ba 2015, default betas) on a net model: mean log-loss over batches
 * of NET_BATCH training rows in an order shuffled every epoch, each row seen as a random one of
 * its eight symmetric images (the network reads squares, so each image teaches it; the linear
 * features are the same in all), plus l2 * |w - w0|^2 with w0 generation 0's weights (the
 * network's: 0). The network starts from small random weights with its output weights at 0, so
 * the first step plays as generation 0 (He et al. 2015 scale the inputs' weights by the number
 * that are active). One thread, a generator seeded by the training's seed and the generation:
 * deterministic. */
#define NET_BATCH 256
static void fit_net(const Train *tr, int g, const Design *d, EvalModel *m)
{
    EvalModel *start = xmalloc(sizeof *start);
    gen0_model(tr, EVALMODEL_NET, start);
    *m = *start;
    const Rules *r = &tr->rules;
    const int h = m->hidden, at = m->net_at, count = m->count, sq = r->squares;
    const int out_at = count - h, in_at = at + h;
    Rng rng;
    rng_seed(&rng, rng_mix(tr->t->seed, 0x6e657400u + (uint64_t)g));
    int(*sym)[RULES_MAX_SQUARES] = xmalloc(8 * sizeof *sym);
    board_symmetries(r, sym);
    long n_train = 0, active = 0;
    for (int i = 0; i < d->n; i++)
        if (!d->held_out[i]) {
            n_train++;
            active += d->net_start[i + 1] - d->net_start[i];
        }
    if (n_train == 0) {
        free(start);
        free(sym);
        return;
    }
    bool fresh = true; /* a network of zeros (not an init file's): give it random weights */
    for (int i = at; i < count && fresh; i++)
        fresh = m->w[i] == 0.0;
    if (fresh) {
        double a = sqrt(3.0 / ((double)active / (double)n_train)); /* unit variance per unit */
        for (int i = in_at; i < out_at; i++)
            m->w[i] = (2.0 * rng_unit(&rng) - 1.0) * a;
    }
    double *mom = xcalloc((size_t)count, sizeof *mom), *var = xcalloc((size_t)count, sizeof *var);
    double *grad = xcalloc((size_t)count, sizeof *grad);
    int *order = xmalloc((size_t)n_train * sizeof *order);
    for (int i = 0, k = 0; i < d->n; i++)
        if (!d->held_out[i])
            order[k++] = i;
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8, lr = tr->t->learning_rate, l2 = tr->t->l2;
    double b1t = 1, b2t = 1;
    for (int epoch = 0; epoch < tr->t->epochs; epoch++) {
        for (long i = n_train - 1; i > 0; i--) { /* Fisher-Yates */
            long j = (long)rng_below(&rng, (uint32_t)(i + 1));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (long b = 0; b < n_train; b += NET_BATCH) {
            long end = b + NET_BATCH < n_train ? b + NET_BATCH : n_train;
            memset(grad, 0, (size_t)count * sizeof *grad);
            for (long k = b; k < end; k++) {
                int i = order[k];
                const int *map = sym[rng_below(&rng, 8)];
                uint16_t in[EVALMODEL_NET_ACTIVE_MAX];
                int n_in = d->net_start[i + 1] - d->net_start[i];
                for (int q = 0; q < n_in; q++) {
                    int x = d->net_idx[d->net_start[i] + q];
                    in[q] = (uint16_t)(x < 3 * sq ? x / sq * sq + map[x % sq] : x);
                }
                double z = 0, act[EVALMODEL_MAX_HIDDEN];
                for (int j = d->start[i]; j < d->start[i + 1]; j++)
                    z += m->w[d->idx[j]] * d->val[j];
                for (int j = 0; j < h; j++)
                    act[j] = m->w[at + j];
                for (int q = 0; q < n_in; q++)
                    for (int j = 0; j < h; j++)
                        act[j] += m->w[in_at + in[q] * h + j];
                for (int j = 0; j < h; j++)
                    z += act[j] > 0 ? m->w[out_at + j] * act[j] : 0.0;
                double e = sigmoid(z) - d->label[i];
                for (int j = d->start[i]; j < d->start[i + 1]; j++)
                    grad[d->idx[j]] += e * d->val[j];
                for (int j = 0; j < h; j++) {
                    if (act[j] <= 0)
                        continue;
                    grad[out_at + j] += e * act[j];
                    double back = e * m->w[out_at + j];
                    grad[at + j] += back;
                    for (int q = 0; q < n_in; q++)
                        grad[in_at + in[q] * h + j] += back;
                }
            }
            b1t *= b1;
            b2t *= b2;
            double rows = (double)(end - b);
            for (int j = 0; j < count; j++) {
                double gj = grad[j] / rows + 2.0 * l2 * (m->w[j] - (j < at ? start->w[j] : 0.0));
                mom[j] = b1 * mom[j] + (1 - b1) * gj;
                var[j] = b2 * var[j] + (1 - b2) * gj * gj;
                double mh = mom[j] / (1 - b1t), vh = var[j] / (1 - b2t);
                m->w[j] -= lr * mh / (sqrt(vh) + eps);
            }
        }
    }
    free(order);
    free(grad);
    free(var);
    free(mom);
    free(sym);
    free(start);
}

/* Full-batch Adam (Kingma and Ba 2015, default betas) on mean log-loss over the training rows
 * plus l2 * |w - w_hand|^2, from w_hand: with little data the fit stays near the hand-written
 * evaluation. Single-threaded, rows in order: deterministic. A net model: fit_net. */
static void fit(const Train *tr, int g, const Design *d, EvalModel *m)
{
    if (tr->t->model == EVALMODEL_NET) {
        fit_net(tr, g, d, m);
        return;
    }
    EvalModel hand;
    /* A player model's candidate is one linear fit, offered to both sides by the gate. */
    gen0_model(tr, player_model(tr) ? EVALMODEL_LINEAR : tr->t->model, &hand);
    *m = hand;
    int k = m->count;
    double mom[EVALMODEL_MAX_WEIGHTS] = {0}, var[EVALMODEL_MAX_WEIGHTS] = {0};
    double grad[EVALMODEL_MAX_WEIGHTS];
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8, lr = tr->t->learning_rate;
    long n_train = 0;
    for (int i = 0; i < d->n; i++)
        n_train += !d->held_out[i];
    if (n_train == 0)
        return;
    double b1t = 1, b2t = 1;
    for (int epoch = 0; epoch < tr->t->epochs; epoch++) {
        memset(grad, 0, sizeof grad);
        for (int i = 0; i < d->n; i++) {
            if (d->held_out[i])
                continue;
            double z = 0;
            for (int j = d->start[i]; j < d->start[i + 1]; j++)
                z += m->w[d->idx[j]] * d->val[j];
            double e = sigmoid(z) - d->label[i];
            for (int j = d->start[i]; j < d->start[i + 1]; j++)
                grad[d->idx[j]] += e * d->val[j];
        }
        b1t *= b1;
        b2t *= b2;
        for (int j = 0; j < k; j++) {
            double gj = grad[j] / (double)n_train + 2.0 * tr->t->l2 * (m->w[j] - hand.w[j]);
            mom[j] = b1 * mom[j] + (1 - b1) * gj;
            var[j] = b2 * var[j] + (1 - b2) * gj * gj;
            double mh = mom[j] / (1 - b1t), vh = var[j] / (1 - b2t);
            m->w[j] -= lr * mh / (sqrt(vh) + eps);
        }
    }
}

/* --- the gate --- */

/* Elo of a score s (clamped to 0.001..0.999). */
static double score_elo(double s)
{
    s = s < 0.001 ? 0.001 : s > 0.999 ? 0.999 : s;
    return s == 0.5 ? 0.0 : -400.0 * log10(1.0 / s - 1.0);
}

/* The attackers' wins, draws and defenders' wins of one kind of gate game. */
typedef struct {
    long attackers, draws, defenders;
} GateTally;

/* The most kinds of gate game on one opening: a player model's three, and four for each of the
 * league's evaluations. */
#define GATE_KINDS_MAX (3 + 4 * TRAINFILE_LEAGUE_MAX)

/* The games of one gate on each opening: game j's attackers read eval= value att[j], its
 * defenders def[j]. */
typedef struct {
    int kinds;
    const char *att[GATE_KINDS_MAX], *def[GATE_KINDS_MAX];
} GatePlan;

static void gate_plan_add(GatePlan *p, const char *att, const char *def)
{
    p->att[p->kinds] = att;
    p->def[p->kinds++] = def;
}

/* The league's games, after the plan's own: for each league evaluation L, the candidate
 * attacking L, the best attacking L, L attacking the candidate and L attacking the best. */
static void gate_plan_league(const Train *tr, GatePlan *p, const char *cand, const char *best)
{
    for (int i = 0; i < tr->t->league_count; i++) {
        gate_plan_add(p, cand, tr->league[i]);
        gate_plan_add(p, best, tr->league[i]);
        gate_plan_add(p, tr->league[i], cand);
        gate_plan_add(p, tr->league[i], best);
    }
}

/* The attackers' score of one kind of gate game. */
static double tally_attackers(const GateTally *k)
{
    ScoreEstimate e;
    stats_score(k->attackers, k->draws, k->defenders, STATS_Z95, &e);
    return e.score;
}

/* The candidate's gain over the best against the league (tally[first...]: the games of
 * gate_plan_league), summed over its evaluations, as attackers and as defenders. */
static void league_gains(const Train *tr, const GateTally *tally, int first, TrainRow *row)
{
    row->league_attacking_gain = row->league_defending_gain = 0.0;
    for (int i = 0; i < tr->t->league_count; i++) {
        const GateTally *k = &tally[first + 4 * i];
        row->league_attacking_gain += tally_attackers(&k[0]) - tally_attackers(&k[1]);
        row->league_defending_gain += tally_attackers(&k[3]) - tally_attackers(&k[2]);
    }
}

/* Gate game spec: eval= value att attacking def at gate_depth, on opening `opening` of
 * generation g's gate (the same opening for the fixed gate and the sequential one). */
static void gate_spec(const TrainFile *t, int g, int opening, const char *att, const char *def,
                      GameSpec *spec)
{
    snprintf(spec->attacker, sizeof spec->attacker, "alphabeta:depth=%d,tt_mb=1,eval=%s",
             t->gate_depth, att);
    snprintf(spec->defender, sizeof spec->defender, "alphabeta:depth=%d,tt_mb=1,eval=%s",
             t->gate_depth, def);
    spec->seed = rng_mix(rng_mix(rng_mix(t->seed, (uint64_t)g), 0x6a7e), (uint64_t)opening);
}

/* Plays the gate's games at gate_depth on each of gate_pairs random openings: the candidate
 * (eval= value cand) attacking the best, with `player` the best against itself, the best
 * attacking the candidate, then the league's games (gate_plan_league). tally[j] counts the
 * results of the games of kind j, row->gate_games all the games; the league's gains go into
 * row. */
static Status play_gate(Train *tr, int g, const char *cand, bool player, GateTally *tally,
                        TrainRow *row, Error *err)
{
    const TrainFile *t = tr->t;
    char best[RUNDIR_PATH_MAX + 32];
    best_eval(tr, best, sizeof best);
    GatePlan storage = {0}, *plan = &storage;
    gate_plan_add(plan, cand, best);
    if (player)
        gate_plan_add(plan, best, best);
    gate_plan_add(plan, best, cand);
    const int own = plan->kinds;
    gate_plan_league(tr, plan, cand, best);
    const int per_opening = plan->kinds;
    int n = per_opening * t->gate_pairs;
    GameSpec *specs = xcalloc((size_t)n, sizeof *specs);
    for (int i = 0; i < n; i++) /* the kinds of one opening share it */
        gate_spec(t, g, i / per_opening, plan->att[i % per_opening], plan->def[i % per_opening],
                  &specs[i]);
    GameRecord *recs = xcalloc((size_t)n, sizeof *recs);
    Status st = play_games(tr, g, "gate", specs, n, recs, err);
    memset(tally, 0, (size_t)per_opening * sizeof *tally);
    for (int i = 0; i < n && st == ST_OK; i++) {
        GateTally *k = &tally[i % per_opening];
        k->attackers += recs[i].winner == WINNER_ATTACKERS;
        k->defenders += recs[i].winner == WINNER_DEFENDERS;
        k->draws += recs[i].winner != WINNER_ATTACKERS && recs[i].winner != WINNER_DEFENDERS;
    }
    for (int i = 0; i < n; i++)
        match_record_free(&recs[i]);
    free(recs);
    free(specs);
    row->gate_games = n;
    league_gains(tr, tally, own, row);
    return st;
}

/* Candidate (eval= value cand) against the best: gate_pairs pairs, the candidate attacking in
 * the first game of a pair and defending in the second, on the same random opening; then the
 * league's games on the same openings. */
static Status gate(Train *tr, int g, const char *cand, TrainRow *row, Error *err)
{
    GateTally k[GATE_KINDS_MAX];
    Status st = play_gate(tr, g, cand, false, k, row, err);
    ScoreEstimate e;
    stats_score(k[0].attackers + k[1].defenders, k[0].draws + k[1].draws,
                k[0].defenders + k[1].attackers, STATS_Z95, &e);
    row->gate_score = e.score;
    row->gate_low = e.low;
    row->gate_high = e.high;
    row->gate_elo = score_elo(e.score);
    return st;
}

/* Pairs of the sequential gate played at once: the games after the deciding pair are
 * dropped, so the decision, the games counted and the files are the same for any value. */
#define SPRT_ROUND_PAIRS 16

/* The sequential gate (gate_sprt): pairs on the fixed gate's openings, the candidate attacking
 * the best then the best attacking the candidate, played SPRT_ROUND_PAIRS at a time; after
 * each pair, in pair order, the generalised SPRT of the candidate's pentanomial pair counts
 * (stats/sprt.h, as `tafl match --sprt`) stops at the first pair whose LLR reaches a bound,
 * or after gate_pairs pairs. The score, interval and games are those of the pairs up to
 * there; run_generation accepts only when the test accepts H1 (Leela Zero's and TaflZero's
 * gates promote a network only on a decided test: a cap reached without one is a refusal). */
static Status gate_sequential(Train *tr, int g, const char *cand, TrainRow *row, Error *err)
{
    const TrainFile *t = tr->t;
    char best[RUNDIR_PATH_MAX + 32];
    best_eval(tr, best, sizeof best);
    GameSpec *specs = xcalloc(2 * SPRT_ROUND_PAIRS, sizeof *specs);
    GameRecord *recs = xcalloc(2 * SPRT_ROUND_PAIRS, sizeof *recs);
    GateTally k = {0};
    long penta[5] = {0};
    int pairs = 0, decision = 0;
    double llr = 0.0;
    Status st = ST_OK;
    while (st == ST_OK && decision == 0 && pairs < t->gate_pairs) {
        int round =
            t->gate_pairs - pairs < SPRT_ROUND_PAIRS ? t->gate_pairs - pairs : SPRT_ROUND_PAIRS;
        memset(specs, 0, 2 * SPRT_ROUND_PAIRS * sizeof *specs);
        memset(recs, 0, 2 * SPRT_ROUND_PAIRS * sizeof *recs);
        for (int i = 0; i < 2 * round; i++) /* the candidate attacks, then defends */
            gate_spec(t, g, pairs + i / 2, i % 2 ? best : cand, i % 2 ? cand : best, &specs[i]);
        char phase[96];
        snprintf(phase, sizeof phase, "gate (SPRT, pairs %d-%d of at most %d, LLR %.2f) games",
                 pairs + 1, pairs + round, t->gate_pairs, llr);
        st = play_games(tr, g, phase, specs, 2 * round, recs, err);
        for (int p = 0; p < round && st == ST_OK && decision == 0; p++) {
            const GameRecord *a = &recs[2 * p], *d = &recs[2 * p + 1];
            penta[match_pair_cell(a->winner, d->winner)]++;
            k.attackers += (a->winner == WINNER_ATTACKERS) + (d->winner == WINNER_DEFENDERS);
            k.defenders += (a->winner == WINNER_DEFENDERS) + (d->winner == WINNER_ATTACKERS);
            pairs++;
            llr = sprt_llr_pentanomial(&t->sprt, penta);
            decision = sprt_decision(&t->sprt, llr);
        }
        for (int i = 0; i < 2 * round; i++)
            match_record_free(&recs[i]);
    }
    free(recs);
    free(specs);
    k.draws = 2L * pairs - k.attackers - k.defenders;
    ScoreEstimate e;
    stats_score(k.attackers, k.draws, k.defenders, STATS_Z95, &e);
    row->gate_games = 2 * pairs;
    row->gate_score = e.score;
    row->gate_low = e.low;
    row->gate_high = e.high;
    row->gate_elo = score_elo(e.score);
    row->gate_llr = llr;
    row->gate_decision = decision;
    return st;
}

/* A player model's gate: on each of gate_pairs openings three games at gate_depth, the
 * candidate attacking the best's defenders, the best against itself, and the best attacking the
 * candidate's defenders. Each half is judged by its own side's games against the best's score on
 * the same openings (the middle games): run_generation accepts the candidate's attacking half
 * when its attackers score more than the best's, its defending half when its defenders do. A
 * gate scored over both sides stops seeing one side's play once both evaluations win every game
 * on the other (doc/training.md); these games keep each side's own record. */
static Status gate_player(Train *tr, int g, const char *cand, TrainRow *row, Error *err)
{
    GateTally k[GATE_KINDS_MAX];
    Status st = play_gate(tr, g, cand, true, k, row, err);
    ScoreEstimate attacking, base, defending;
    stats_score(k[0].attackers, k[0].draws, k[0].defenders, STATS_Z95, &attacking);
    stats_score(k[1].attackers, k[1].draws, k[1].defenders, STATS_Z95, &base);
    stats_score(k[2].defenders, k[2].draws, k[2].attackers, STATS_Z95, &defending);
    row->gate_score = attacking.score;
    row->gate_low = attacking.low;
    row->gate_high = attacking.high;
    row->attacking_base = base.score;
    row->defending_score = defending.score;
    row->defending_low = defending.low;
    row->defending_high = defending.high;
    return st;
}

/* --- train.csv and the figure --- */

static const char CSV_HEADER[] =
    "generation,games,positions,window_positions,attacker_wins,defender_wins,draws,train_loss,"
    "val_loss,best_val_loss,gate_games,gate_score,gate_low,gate_high,gate_elo,accepted,"
    "best_generation,elo_total\n";

/* A player model's train.csv: the columns above (gate_score, accepted and best_generation of
 * the attacking half), then these. */
static const char CSV_PLAYER_COLUMNS[] =
    ",attacking_base,defending_score,defending_low,defending_high,defending_accepted,"
    "best_defending_generation";

/* A training with a league: the columns above, then these. */
static const char CSV_LEAGUE_COLUMNS[] = ",league_attacking_gain,league_defending_gain";

/* A training with gate_sprt: the columns above, then these (TrainRow). */
static const char CSV_SPRT_COLUMNS[] = ",gate_llr,gate_decision";

static void csv_header(const Train *tr, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s%s%s%s\n", (int)strlen(CSV_HEADER) - 1, CSV_HEADER,
             player_model(tr) ? CSV_PLAYER_COLUMNS : "",
             tr->t->league_count ? CSV_LEAGUE_COLUMNS : "",
             tr->t->gate_sprt ? CSV_SPRT_COLUMNS : "");
}

static bool put_csv(FILE *f, const void *ctx)
{
    const Train *tr = ctx;
    char header[512];
    csv_header(tr, header, sizeof header);
    fputs(header, f);
    for (int i = 0; i < tr->row_count; i++) {
        const TrainRow *r = &tr->rows[i];
        fprintf(f, "%d,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%d,%.4f,%.4f,%.4f,%.1f,%d,%d,%.1f",
                r->generation, r->games, r->positions, r->window_positions, r->attacker_wins,
                r->defender_wins, r->draws, r->train_loss, r->val_loss, r->best_val_loss,
                r->gate_games, r->gate_score, r->gate_low, r->gate_high, r->gate_elo, r->accepted,
                r->best_generation, r->elo_total);
        if (player_model(tr))
            fprintf(f, ",%.4f,%.4f,%.4f,%.4f,%d,%d", r->attacking_base, r->defending_score,
                    r->defending_low, r->defending_high, r->defending_accepted, r->best_defending);
        if (tr->t->league_count)
            fprintf(f, ",%.4f,%.4f", r->league_attacking_gain, r->league_defending_gain);
        if (tr->t->gate_sprt)
            fprintf(f, ",%.3f,%d", r->gate_llr, r->gate_decision);
        fputc('\n', f);
    }
    return !ferror(f);
}

static Status read_csv(Train *tr, const char *path, Error *err)
{
    size_t size;
    char *text = files_read(path, &size);
    if (!text)
        return ST_OK; /* a fresh run */
    Status st = ST_OK;
    char *line = strchr(text, '\n');
    char header[512];
    csv_header(tr, header, sizeof header);
    if (strncmp(text, header, strlen(header)) != 0 || !line) {
        error_set(err, "%s: not a train.csv of this version", path);
        free(text);
        return ST_EPARSE;
    }
    for (line++; *line; line = strchr(line, '\n') + 1) {
        TrainRow r;
        memset(&r, 0, sizeof r);
        int n = 0;
        int fields =
            sscanf(line, "%d,%d,%d,%d,%d,%d,%d,%lf,%lf,%lf,%d,%lf,%lf,%lf,%lf,%d,%d,%lf%n",
                   &r.generation, &r.games, &r.positions, &r.window_positions, &r.attacker_wins,
                   &r.defender_wins, &r.draws, &r.train_loss, &r.val_loss, &r.best_val_loss,
                   &r.gate_games, &r.gate_score, &r.gate_low, &r.gate_high, &r.gate_elo,
                   &r.accepted, &r.best_generation, &r.elo_total, &n);
        int extra = 0, want = 0, league = 0, league_want = 0;
        if (player_model(tr) && fields == 18) {
            want = 6;
            int more = 0;
            extra = sscanf(line + n, ",%lf,%lf,%lf,%lf,%d,%d%n", &r.attacking_base,
                           &r.defending_score, &r.defending_low, &r.defending_high,
                           &r.defending_accepted, &r.best_defending, &more);
            n += more;
        }
        if (tr->t->league_count && fields == 18 && extra == want) {
            league_want = 2;
            league =
                sscanf(line + n, ",%lf,%lf", &r.league_attacking_gain, &r.league_defending_gain);
        }
        int sprt = 0, sprt_want = 0;
        if (tr->t->gate_sprt && fields == 18) {
            /* Neither a player model nor a league goes with gate_sprt (league_resolve). */
            sprt_want = 2;
            sprt = sscanf(line + n, ",%lf,%d", &r.gate_llr, &r.gate_decision);
        }
        if (fields != 18 || extra != want || league != league_want || sprt != sprt_want ||
            r.generation != tr->row_count + 1 || !strchr(line, '\n')) {
            error_set(err, "%s:%d: a damaged row (remove the directory to start again)", path,
                      tr->row_count + 2);
            st = ST_EPARSE;
            break;
        }
        tr->rows[tr->row_count++] = r;
        tr->best_generation = r.best_generation;
        tr->best_defending = r.best_defending;
        tr->elo_total = r.elo_total;
        if (tr->row_count > tr->t->generations)
            break;
    }
    free(text);
    return st;
}

static Status draw_figure(const Train *tr, bool *plotted, Error *err)
{
    PlotScript ps;
    plot_script_open(&ps);
    FILE *df = ps.data, *bf = ps.body;
    fprintf(df, "$gens << EOD\n0 0 0 0 0.5 0.5 0.5\n");
    for (int i = 0; i < tr->row_count; i++) {
        const TrainRow *r = &tr->rows[i];
        fprintf(df, "%d %.1f %d %.6f %.4f %.4f %.4f\n", r->generation, r->elo_total, r->accepted,
                r->val_loss, r->gate_score, r->gate_low, r->gate_high);
    }
    fprintf(df, "EOD\n");
    fprintf(bf, "set title ");
    plot_quote(bf, tr->t->name);
    fprintf(bf, "\nset xlabel \"generation\"\nset ylabel \"Elo over the hand-written evaluation "
                "(sum of accepted gates)\"\nset y2label \"gate score of the candidate\"\n"
                "set y2range [0:1]\nset ytics nomirror\nset y2tics\nset key left top\n"
                "set grid\nplot $gens using 1:2 with linespoints lw 2 title \"best (Elo)\", "
                "$gens using 1:5:6:7 axes x1y2 with yerrorbars title \"gate score, 95%% "
                "interval\"\n");
    char comment[256];
    snprintf(comment, sizeof comment, "tafl train %s: strength over generations", tr->t->name);
    Status st = plot_script_render(&ps, tr->dir, "train", comment, plotted, err);
    return st;
}

/* --- the run --- */

static Status check_setup(Train *tr, Error *err)
{
    char setup[16384], path[RUNDIR_PATH_MAX + 32];
    int n = trainfile_format(tr->t, setup, sizeof setup);
    /* The recorded games' content, so that a resume refuses a changed file. */
    if (tr->recorded_hash != 0 && n >= 0 && (size_t)n < sizeof setup)
        n += snprintf(setup + n, sizeof setup - (size_t)n, "recorded_games_hash = %016" PRIx64 "\n",
                      tr->recorded_hash);
    /* The init evaluation's content, so that a resume refuses a changed file. */
    if (tr->init_canonical && n >= 0 && (size_t)n < sizeof setup)
        n += snprintf(setup + n, sizeof setup - (size_t)n, "init_eval = %s\n", tr->init_canonical);
    /* The league's files' content, likewise. */
    for (int i = 0; i < tr->t->league_count && n >= 0 && (size_t)n < sizeof setup; i++)
        n += snprintf(setup + n, sizeof setup - (size_t)n, "league_eval = %s\n", tr->league[i]);
    snprintf(path, sizeof path, "%s/setup", tr->dir);
    size_t size;
    char *old = files_read(path, &size);
    if (!old)
        return write_text(path, setup, err);
    bool same = strcmp(old, setup) == 0;
    free(old);
    if (!same) {
        error_set(err,
                  "%s: holds a training with another setup (compare %s with the training "
                  "file; the number of generations may change, nothing else)",
                  tr->dir, path);
        return ST_EINVAL;
    }
    return ST_OK;
}

static Status write_model(const Train *tr, const EvalModel *m, const char *path, Error *err)
{
    char *text = evalmodel_format(&tr->rules, m);
    Status st = write_text(path, text, err);
    free(text);
    return st;
}

/* A player model's best: the attacking half of generation best_generation's candidate and the
 * defending half of best_defending's (generation 0: init, or the hand-written evaluation), into
 * *best and best.eval, which the self-play and the gate read. Written again at every generation's
 * start, so that a resume reads what an uninterrupted run would. */
static Status write_best_player(Train *tr, EvalModel *best, Error *err)
{
    int gens[2] = {tr->best_generation, tr->best_defending};
    EvalModel gen0, halves[2];
    gen0_model(tr, EVALMODEL_PLAYER, &gen0);
    Status st = ST_OK;
    for (int h = 0; h < 2 && st == ST_OK; h++) {
        Side side = h == 0 ? SIDE_ATTACKERS : SIDE_DEFENDERS;
        if (gens[h] == 0) {
            evalmodel_half(&gen0, side, &halves[h]);
            continue;
        }
        char path[RUNDIR_PATH_MAX + 64], *canon = NULL;
        EvalModel *loaded = NULL;
        gen_path(tr, gens[h], "eval", path, sizeof path);
        st = evalmodel_resolve(path, &tr->rules, &loaded, &canon, err);
        if (st == ST_OK && loaded->kind != EVALMODEL_PLAYER) {
            error_set(err, "%s: not a player model (remove the directory to start again)", path);
            st = ST_EPARSE;
        }
        if (st == ST_OK)
            evalmodel_half(loaded, side, &halves[h]);
        free(loaded);
        free(canon);
    }
    if (st == ST_OK)
        st = evalmodel_join(&tr->rules, &halves[0], &halves[1], best, err);
    char path[RUNDIR_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/best.eval", tr->dir);
    return st == ST_OK ? write_model(tr, best, path, err) : st;
}

/* The gate's decision from a candidate's gain over the best and its gain against the league
 * (0 without one): a gain in all, with no loss to either. Scores are sums of halves over the
 * same number of games, so a tie must not round into a gain or a loss. A rule that let the gain
 * over the best outweigh a loss against the league drifted: results/train-copenhagen-league
 * took an attacking half that beat the best's defenders and lost 0.075 to the hand-written
 * ones, then one that beat that half, and ended attacking the hand-written defenders at 0.035
 * where the file it went on from scored 0.198. */
static bool league_accepts(double over_best, double over_league)
{
    return over_best > -1e-9 && over_league > -1e-9 && over_best + over_league > 1e-9;
}

/* A player model's acceptance: each half by its own side's gate games; the Elo of the gate is
 * that of the candidate's mean gain over both sides, the best's that of the halves taken. */
static Status accept_player(Train *tr, int g, TrainRow *row, Error *err)
{
    double attacking_gain = row->gate_score - row->attacking_base,
           defending_gain = row->defending_score - (1.0 - row->attacking_base);
    /* With a league, each half must gain without losing to the best or the league
     * (league_accepts); the Elo stays the gain over the best alone. */
    row->accepted = league_accepts(attacking_gain, row->league_attacking_gain);
    row->defending_accepted = league_accepts(defending_gain, row->league_defending_gain);
    row->gate_elo = score_elo(0.5 + (attacking_gain + defending_gain) / 2);
    if (row->accepted)
        tr->best_generation = g;
    if (row->defending_accepted)
        tr->best_defending = g;
    Status st = ST_OK;
    if (row->accepted || row->defending_accepted) {
        tr->elo_total += score_elo(0.5 + ((row->accepted ? attacking_gain : 0) +
                                          (row->defending_accepted ? defending_gain : 0)) /
                                             2);
        EvalModel best;
        st = write_best_player(tr, &best, err);
    }
    row->best_defending = tr->best_defending;
    return st;
}

static Status run_generation(Train *tr, int g, Error *err)
{
    TrainRow row;
    memset(&row, 0, sizeof row);
    row.generation = g;
    char path[RUNDIR_PATH_MAX + 64];
    GenData *data = &tr->gens[g];
    EvalModel best, cand;
    Status st = player_model(tr) ? write_best_player(tr, &best, err) : ST_OK;
    if (st == ST_OK)
        st = self_play(tr, g, data, &row, err);
    gen_path(tr, g, "pos", path, sizeof path);
    if (st == ST_OK)
        st = files_write_through(path, put_positions, data, err);
    if (st != ST_OK)
        return st;

    Design d;
    design_build(tr, g, &d);
    row.window_positions = d.n;
    if (tr->opt->progress)
        fprintf(stderr, "train %s: generation %d: fitting %d positions\n", tr->t->name, g, d.n);
    if (player_model(tr)) {
        /* best: written above */
    } else if (tr->best_generation == 0) {
        gen0_model(tr, tr->t->model, &best);
    } else {
        char bp[RUNDIR_PATH_MAX + 64], *canon;
        EvalModel *loaded;
        gen_path(tr, tr->best_generation, "eval", bp, sizeof bp);
        st = evalmodel_resolve(bp, &tr->rules, &loaded, &canon, err);
        if (st != ST_OK) {
            design_free(&d);
            return st;
        }
        best = *loaded;
        free(loaded);
        free(canon);
    }
    fit(tr, g, &d, &cand);
    row.train_loss = log_loss(&d, &cand, false);
    row.val_loss = log_loss(&d, &cand, true);
    row.best_val_loss = log_loss(&d, &best, true); /* a player model: its attacking half's */
    design_free(&d);
    gen_path(tr, g, "eval", path, sizeof path);
    if (player_model(tr)) {
        EvalModel both; /* the candidate offered to each side */
        st = evalmodel_join(&tr->rules, &cand, &cand, &both, err);
        if (st == ST_OK)
            st = write_model(tr, &both, path, err);
        if (st == ST_OK)
            st = gate_player(tr, g, path, &row, err);
        if (st == ST_OK)
            st = accept_player(tr, g, &row, err);
    } else {
        st = write_model(tr, &cand, path, err);
        if (st == ST_OK)
            st = tr->t->gate_sprt ? gate_sequential(tr, g, path, &row, err)
                                  : gate(tr, g, path, &row, err);
        /* With a league, a gain without a loss to the best or the league (league_accepts);
         * with gate_sprt, the test's acceptance of H1 alone. */
        row.accepted =
            tr->t->gate_sprt ? row.gate_decision > 0
            : tr->t->league_count
                ? league_accepts(row.gate_score - 0.5,
                                 (row.league_attacking_gain + row.league_defending_gain) / 2)
                : row.gate_score > 0.5;
    }
    if (st != ST_OK)
        return st;
    if (row.accepted && !player_model(tr)) {
        tr->best_generation = g;
        tr->elo_total += row.gate_elo;
        char best_path[RUNDIR_PATH_MAX + 32];
        snprintf(best_path, sizeof best_path, "%s/best.eval", tr->dir);
        st = write_model(tr, &cand, best_path, err);
    }
    row.best_generation = tr->best_generation;
    /* The sum goes on from the value train.csv holds (0.1 Elo), as a resume reads it: otherwise
     * a resumed run could print 117.0 where the uninterrupted one prints 116.9. */
    tr->elo_total = round(tr->elo_total * 10.0) / 10.0;
    row.elo_total = tr->elo_total;
    tr->rows[tr->row_count++] = row;
    char csv[RUNDIR_PATH_MAX + 32];
    snprintf(csv, sizeof csv, "%s/train.csv", tr->dir);
    if (st == ST_OK)
        st = files_write_through(csv, put_csv, tr, err);
    if (player_model(tr))
        fprintf(stderr,
                "train %s: generation %d: %d positions (window %d), loss %.4f/%.4f (best "
                "%.4f), attacking %.3f [%.3f, %.3f] against the best's %.3f %s, defending "
                "%.3f [%.3f, %.3f] against %.3f %s, best %d/%d, %+.0f Elo, %.0fs\n",
                tr->t->name, g, row.positions, row.window_positions, row.train_loss, row.val_loss,
                row.best_val_loss, row.gate_score, row.gate_low, row.gate_high, row.attacking_base,
                row.accepted ? "accepted" : "rejected", row.defending_score, row.defending_low,
                row.defending_high, 1.0 - row.attacking_base,
                row.defending_accepted ? "accepted" : "rejected", row.best_generation,
                row.best_defending, row.elo_total, clock_seconds() - tr->started);
    else
        fprintf(stderr,
                "train %s: generation %d: %d positions (window %d), loss %.4f/%.4f (best "
                "%.4f), gate %.3f [%.3f, %.3f] %s, best %d, %+.0f Elo, %.0fs\n",
                tr->t->name, g, row.positions, row.window_positions, row.train_loss, row.val_loss,
                row.best_val_loss, row.gate_score, row.gate_low, row.gate_high,
                row.accepted ? "accepted" : "rejected", row.best_generation, row.elo_total,
                clock_seconds() - tr->started);
    if (tr->t->gate_sprt)
        fprintf(stderr, "train %s: generation %d: gate SPRT: %d pairs, LLR %.3f, %s\n", tr->t->name,
                g, row.gate_games / 2, row.gate_llr,
                row.gate_decision > 0   ? "H1 accepted"
                : row.gate_decision < 0 ? "H0 accepted"
                                        : "no decision within gate_pairs (refused)");
    if (tr->t->league_count)
        fprintf(stderr,
                "train %s: generation %d: against the league, the candidate's attackers score "
                "%+.3f and its defenders %+.3f over the best's (summed over %d evaluations)\n",
                tr->t->name, g, row.league_attacking_gain, row.league_defending_gain,
                tr->t->league_count);
    return st;
}

Status train_plan(const TrainFile *t, const TrainOptions *opt, CostPlan *plan, Rules *rules,
                  int *threads, Error *err)
{
    *threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    Ruleset rs = t->rules;
    if (t->max_plies > 0)
        rs.max_plies = t->max_plies;
    Status st = rules_compile(&rs, rules, err); /* train_run's first check */
    if (st != ST_OK)
        return st;
    char *league[TRAINFILE_LEAGUE_MAX] = {NULL};
    st = league_resolve(t, rules, league, err); /* and its league's */
    for (int i = 0; i < TRAINFILE_LEAGUE_MAX; i++)
        free(league[i]);
    if (st != ST_OK)
        return st;
    /* The games of generation 0's evaluation (hand) stand for every generation's: a learned
     * evaluation costs what the hand-written one does per node. */
    const long own = t->games - t->league_games;
    long half = (long)t->generations * (own / 2), odd = (long)t->generations * own - 2 * half;
    char att[256], def[256], gate[256];
    snprintf(att, sizeof att, "alphabeta:depth=%d,tt_mb=1,noise=%.17g,eval=hand",
             t->depth + t->handicap, t->noise);
    snprintf(def, sizeof def, "alphabeta:depth=%d,tt_mb=1,noise=%.17g,eval=hand", t->depth,
             t->noise);
    snprintf(gate, sizeof gate, "alphabeta:depth=%d,tt_mb=1,eval=hand", t->gate_depth);
    char label[128];
    snprintf(label, sizeof label, "self-play, even games");
    st = costest_add(plan, label, rules, def, def, t->opening_plies, half + odd, err);
    if (st == ST_OK && t->handicap != 0) {
        snprintf(label, sizeof label, "self-play, odd games (attackers +%d)", t->handicap);
        st = costest_add(plan, label, rules, att, def, t->opening_plies, half, err);
    } else if (st == ST_OK) {
        st =
            costest_add(plan, "self-play, odd games", rules, def, def, t->opening_plies, half, err);
    }
    if (st == ST_OK && t->league_games > 0)
        st = costest_add(plan, "games against the league", rules, def, def, t->opening_plies,
                         (long)t->generations * t->league_games, err);
    if (st == ST_OK)
        st = costest_add(plan, t->gate_sprt ? "gate matches (SPRT: at most)" : "gate matches",
                         rules, gate, gate, t->opening_plies,
                         ((t->model == EVALMODEL_PLAYER ? 3L : 2L) + 4L * t->league_count) *
                             t->gate_pairs * t->generations,
                         err);
    return st;
}

Status train_run(const TrainFile *t, const TrainOptions *opt, TrainResult *out, Error *err)
{
    memset(out, 0, sizeof *out);
    Train tr;
    memset(&tr, 0, sizeof tr);
    tr.t = t;
    tr.opt = opt;
    tr.started = clock_seconds();
    Ruleset rs = t->rules;
    if (t->max_plies > 0)
        rs.max_plies = t->max_plies;
    Status st = rules_compile(&rs, &tr.rules, err);
    if (st != ST_OK)
        return st;
    /* The model records the ruleset as trained (max_plies included in its hash). */
    int n = opt->out_dir ? snprintf(tr.dir, sizeof tr.dir, "%s", opt->out_dir)
                         : snprintf(tr.dir, sizeof tr.dir, "%s/%s", t->output, t->name);
    if (n < 0 || (size_t)n >= sizeof tr.dir) {
        error_set(err, "the run directory's path is too long (at most %d bytes)", RUNDIR_PATH_MAX);
        return ST_EINVAL;
    }
    DirLock *lock = NULL;
    st = rundir_open(tr.dir, RUNDIR_TRAIN, &lock, NULL, err);
    if (st != ST_OK)
        return st;
    tr.gens = xcalloc((size_t)t->generations + 1, sizeof *tr.gens);
    if (t->recorded_games[0])
        st = recorded_load(&tr, err);
    if (st == ST_OK && t->init[0])
        st = init_load(&tr, err);
    if (st == ST_OK)
        st = league_resolve(t, &tr.rules, tr.league, err);
    if (st == ST_OK)
        st = check_setup(&tr, err);
    tr.rows = xcalloc((size_t)t->generations + 1, sizeof *tr.rows);
    char path[RUNDIR_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/train.csv", tr.dir);
    if (st == ST_OK)
        st = read_csv(&tr, path, err);
    if (st == ST_OK && tr.row_count > 0 && !opt->resume) {
        error_set(err, "%s: holds %d generations already: give --resume to continue", tr.dir,
                  tr.row_count);
        st = ST_EINVAL;
    }
    if (st == ST_OK && tr.row_count > t->generations) {
        error_set(err, "%s: holds %d generations, more than the %d asked for", tr.dir, tr.row_count,
                  t->generations);
        st = ST_EINVAL;
    }
    /* The window of a resumed run: the positions of the generations recorded. */
    for (int g = 1; g <= tr.row_count && st == ST_OK; g++) {
        if (g <= tr.row_count - t->window + 1)
            continue;
        gen_path(&tr, g, "pos", path, sizeof path);
        st = read_positions(path, &tr.gens[g], err);
    }
    if (st == ST_OK && opt->progress && tr.row_count > 0)
        fprintf(stderr, "train %s: resuming after generation %d of %d\n", t->name, tr.row_count,
                t->generations);
    if (st == ST_OK && tr.row_count == 0) {
        /* Generation 0: the hand-written evaluation as a model (or init), until a generation
         * wins. */
        EvalModel hand;
        gen0_model(&tr, t->model, &hand);
        snprintf(path, sizeof path, "%s/best.eval", tr.dir);
        st = write_model(&tr, &hand, path, err);
    }
    if (st == ST_OK && tr.gen0) {
        /* The file the self-play and the gate read until a generation wins (rewritten on a
         * resume: the same bytes). */
        gen_path(&tr, 0, "eval", path, sizeof path);
        st = write_model(&tr, tr.gen0, path, err);
    }
    for (int g = tr.row_count + 1; g <= t->generations && st == ST_OK; g++) {
        st = run_generation(&tr, g, err);
        /* Positions older than the next generation's window are not needed again. */
        int old = g + 1 - t->window;
        if (old >= 1) {
            free(tr.gens[old].pos);
            tr.gens[old].pos = NULL;
        }
    }
    if (st == ST_OK)
        st = draw_figure(&tr, &out->plotted, err);
    snprintf(out->dir, sizeof out->dir, "%s", tr.dir);
    out->generations = tr.row_count;
    out->best_generation = tr.best_generation;
    out->best_defending = tr.best_defending;
    out->elo = tr.elo_total;
    for (int g = 0; g <= t->generations; g++)
        free(tr.gens[g].pos);
    free(tr.gens);
    free(tr.gen0);
    free(tr.init_canonical);
    for (int i = 0; i < TRAINFILE_LEAGUE_MAX; i++)
        free(tr.league[i]);
    free(tr.rows);
    dirlock_release(lock);
    return st;
}
