/* `tafl train`: the generations that play (tune/selfplay.c), fit (tune/fit.c) and gate
 * (tune/gate.c) a learned evaluation, their run directory, train.csv and figure. The loop follows
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
#include <unistd.h>

#include "agents/alphabeta.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "agents/nnuefile.h"
#include "formats/files.h"
#include "formats/plot.h"
#include "formats/sha256.h"
#include "harness/rundir.h"
#include "harness/runmeta.h"
#include "harness/signals.h"
#include "rules/otn.h"
#include "tune/fit.h"
#include "tune/fitnnue.h"
#include "tune/gate.h"
#include "tune/selfplay.h"

/* DIR/generations.sha256: the SHA-256 of each gen-G.pos and gen-G.eval as the training wrote
 * it, in sha256sum's format, so that a resume refuses a file changed since. */
#define TRAIN_SUMS "generations.sha256"

/* DIR/final.csv: the final match of the best against the hand-written evaluation. */
#define TRAIN_FINAL "final.csv"

/* A generation's files' SHA-256 as written ("" for none yet). */
typedef struct {
    char pos[SHA256_HEX_LEN], eval[SHA256_HEX_LEN];
} GenHashes;

/* One row of train.csv. */
typedef struct {
    int generation, games, positions, window_positions;
    int attacker_wins, defender_wins, draws;
    double train_loss, val_loss, best_val_loss;
    GateResult gate; /* a player model's: gate.score is the candidate's attacking score */
    int accepted, best_generation; /* a player model: its attacking half's */
    double elo_total;
    /* A player model's: whether the candidate's defending half was accepted and the generation
     * of the best's defending half. */
    int defending_accepted, best_defending;
} TrainRow;

/* What meta's `state` says. */
typedef enum { META_RUNNING, META_FINISHED, META_STOPPED, META_FAILED } MetaState;

typedef struct {
    const TrainFile *t;
    const TrainOptions *opt;
    Ruleset played; /* the ruleset as trained (max_plies applied): rulesets/NAME.rules */
    Rules rules;
    char dir[RUNDIR_PATH_MAX + 1];
    GenData *gens;          /* [generations + 1], index = generation; [0] the recorded games' */
    GenHashes *hashes;      /* [generations + 1], index = generation: TRAIN_SUMS */
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
    char started_utc[32]; /* this session's start, for meta and sessions */
    int resumed;          /* generations recorded before this session */
    GateResult final;     /* the final match (final.games 0: not played) */
} Train;

static Status write_text(const char *path, const char *text, Error *err)
{
    return files_write(path, text, strlen(text), err);
}

static void gen_path(const Train *tr, int g, const char *ext, char *buf, size_t size)
{
    snprintf(buf, size, "%s/gen-%03d.%s", tr->dir, g, ext);
}

static void gen_name(int g, const char *ext, char *buf, size_t size)
{
    snprintf(buf, size, "gen-%03d.%s", g, ext);
}

/* --- generations.sha256 --- */

/* Where generation g's hash of its `ext` file ("pos" or "eval") is kept. */
static char *gen_hash(const Train *tr, int g, const char *ext)
{
    return strcmp(ext, "pos") == 0 ? tr->hashes[g].pos : tr->hashes[g].eval;
}

static bool put_sums(FILE *f, const void *ctx)
{
    const Train *tr = ctx;
    for (int g = 1; g <= tr->t->generations; g++) {
        if (tr->hashes[g].pos[0])
            fprintf(f, "%s  gen-%03d.pos\n", tr->hashes[g].pos, g);
        if (tr->hashes[g].eval[0])
            fprintf(f, "%s  gen-%03d.eval\n", tr->hashes[g].eval, g);
    }
    return !ferror(f);
}

/* Replaces DIR/gen-G.EXT with size bytes of data (never through a link: files_replace) and
 * records their SHA-256 in generations.sha256. */
static Status write_generation_file(Train *tr, int g, const char *ext, const char *data,
                                    size_t size, Error *err)
{
    char name[32];
    gen_name(g, ext, name, sizeof name);
    Status st = files_replace(tr->dir, name, data, size, err);
    if (st != ST_OK)
        return st;
    sha256_hex(data, size, gen_hash(tr, g, ext));
    return files_replace_with(tr->dir, TRAIN_SUMS, put_sums, tr, err);
}

/* One line of generations.sha256, "HEX  gen-G.EXT", into tr->hashes; false when it is not one
 * (a generation past the training's is let through and forgotten: a resume may ask for fewer
 * generations than a killed run had begun). */
static bool parse_sum(Train *tr, const char *line, size_t len)
{
    char name[32], ext[8];
    int g, end = -1;
    if (len < SHA256_HEX_LEN + 1 || len - (SHA256_HEX_LEN + 1) >= sizeof name ||
        line[SHA256_HEX_LEN - 1] != ' ' || line[SHA256_HEX_LEN] != ' ')
        return false;
    for (int i = 0; i < SHA256_HEX_LEN - 1; i++)
        if (!strchr("0123456789abcdef", line[i]) || line[i] == '\0')
            return false;
    memcpy(name, line + SHA256_HEX_LEN + 1, len - (SHA256_HEX_LEN + 1));
    name[len - (SHA256_HEX_LEN + 1)] = '\0';
    if (sscanf(name, "gen-%9d.%4[a-z]%n", &g, ext, &end) != 2 || end != (int)strlen(name) ||
        g < 1 || (strcmp(ext, "pos") != 0 && strcmp(ext, "eval") != 0))
        return false;
    char canonical[32];
    gen_name(g, ext, canonical, sizeof canonical);
    if (strcmp(canonical, name) != 0)
        return false;
    if (g <= tr->t->generations) {
        memcpy(gen_hash(tr, g, ext), line, SHA256_HEX_LEN - 1);
        gen_hash(tr, g, ext)[SHA256_HEX_LEN - 1] = '\0';
    }
    return true;
}

/* Reads generations.sha256 (no link followed) into tr->hashes; none is a fresh run. */
static Status read_sums(Train *tr, Error *err)
{
    char *text;
    size_t size;
    Status st = files_read_in(tr->dir, TRAIN_SUMS, &text, &size, err);
    if (st != ST_OK || !text)
        return st;
    const char *line = text;
    for (int lineno = 1; line < text + size; lineno++) {
        const char *nl = memchr(line, '\n', (size_t)(text + size - line));
        if (!nl || !parse_sum(tr, line, (size_t)(nl - line))) {
            error_set(err, "%s/%s:%d: a damaged line (remove the directory to start again)",
                      tr->dir, TRAIN_SUMS, lineno);
            st = ST_EPARSE;
            break;
        }
        line = nl + 1;
    }
    free(text);
    return st;
}

/* Reads DIR/gen-G.EXT, a file the training wrote, back for a resume (no link followed, no FIFO
 * waited on) into *data (caller frees), and checks it against the hash generations.sha256
 * records: ST_EIO for a file that is missing or not a regular file, ST_EINVAL for one changed
 * since, ST_EPARSE for one whose hash is not recorded. */
static Status read_generation_file(const Train *tr, int g, const char *ext, char **data,
                                   size_t *size, Error *err)
{
    char name[32];
    gen_name(g, ext, name, sizeof name);
    *data = NULL;
    Status st = files_read_in(tr->dir, name, data, size, err);
    if (st != ST_OK)
        return st;
    if (!*data) {
        error_set(err, "%s/%s: cannot read: %s", tr->dir, name, strerror(ENOENT));
        return ST_EIO;
    }
    const char *want = gen_hash(tr, g, ext);
    char hex[SHA256_HEX_LEN];
    sha256_hex(*data, *size, hex);
    if (!want[0]) {
        error_set(err,
                  "%s/%s: no SHA-256 of it in %s (a directory of an older tafl, or a damaged "
                  "one: remove the directory to start again)",
                  tr->dir, name, TRAIN_SUMS);
        st = ST_EPARSE;
    } else if (strcmp(hex, want) != 0) {
        error_set(err,
                  "%s/%s: changed since the training wrote it (its SHA-256 is not the one %s "
                  "records): put the file back, or remove the directory to start again",
                  tr->dir, name, TRAIN_SUMS);
        st = ST_EINVAL;
    }
    if (st != ST_OK) {
        free(*data);
        *data = NULL;
    }
    return st;
}

/* What a step returns when a stop signal arrived during its games: they may be cut short, so
 * nothing of them is kept (end_session says what was). */
static Status stop_status(Error *err)
{
    error_set(err, "stopped by %s", signals_name(signals_caught()));
    return ST_EIO;
}

static bool player_model(const Train *tr)
{
    return tr->t->model == EVALMODEL_PLAYER;
}

/* A model = nnue training: its generations' files hold networks (agents/nnuefile.h). */
static bool nnue_model(const Train *tr)
{
    return tr->t->model == EVALMODEL_NNUE;
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
    if (kind == EVALMODEL_NNUE) /* until a network wins, best.eval holds the hand-written one */
        evalmodel_init_hand(&tr->rules, EVALMODEL_LINEAR, tr->t->features, m);
    else if (kind == EVALMODEL_NET)
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

/* --- generation 0 from a file --- */

/* Loads t->init (trained or a file) as generation 0, in the training's model: a linear file
 * serves a linear model, both halves of a player one or both sets of a sided one; a player
 * file serves a player model. Another feature set, or a player or sided file for another
 * model, is refused in one line. */
static Status init_load(Train *tr, Error *err)
{
    const TrainFile *t = tr->t;
    if (t->model == EVALMODEL_NNUE) {
        error_set(err,
                  "init = %s: a nnue training starts from the hand-written evaluation and "
                  "random weights (leave init out)",
                  t->init);
        return ST_EINVAL;
    }
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
    if (t->hidden && t->model != EVALMODEL_NET && t->model != EVALMODEL_NNUE) {
        error_set(err,
                  "hidden = %d sizes a network: it needs model = net or nnue (this training "
                  "fits model = %s)",
                  t->hidden, evalmodel_kind_name(t->model));
        return ST_EINVAL;
    }
    if (t->model == EVALMODEL_NET && t->hidden > EVALMODEL_MAX_HIDDEN) {
        error_set(err,
                  "hidden = %d: a net model has at most %d hidden units (model = nnue takes "
                  "%d to %d)",
                  t->hidden, EVALMODEL_MAX_HIDDEN, NNUE_MIN_HIDDEN, NNUE_MAX_HIDDEN);
        return ST_EINVAL;
    }
    if (t->model == EVALMODEL_NNUE && t->hidden &&
        (t->hidden < NNUE_MIN_HIDDEN || t->hidden % NNUE_LANES != 0)) {
        error_set(err, "hidden = %d: a nnue model has %d to %d hidden units, a multiple of %d",
                  t->hidden, NNUE_MIN_HIDDEN, NNUE_MAX_HIDDEN, NNUE_LANES);
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
        Nnue *net = NULL;
        Status st = nnuefile_resolve_eval(t->league[i], r, &loaded, &net, &canonical[i], err);
        nnue_destroy(net);
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
                r->gate.games, r->gate.score, r->gate.low, r->gate.high, r->gate.elo, r->accepted,
                r->best_generation, r->elo_total);
        if (player_model(tr))
            fprintf(f, ",%.4f,%.4f,%.4f,%.4f,%d,%d", r->gate.attacking_base,
                    r->gate.defending_score, r->gate.defending_low, r->gate.defending_high,
                    r->defending_accepted, r->best_defending);
        if (tr->t->league_count)
            fprintf(f, ",%.4f,%.4f", r->gate.league_attacking_gain, r->gate.league_defending_gain);
        if (tr->t->gate_sprt)
            fprintf(f, ",%.3f,%d", r->gate.llr, r->gate.decision);
        fputc('\n', f);
    }
    return !ferror(f);
}

/* True when row r, read after tr's rows so far, is one run_generation could have written: its
 * games' outcomes add up, its window holds its positions, and each best generation is the one
 * before or, when its half was accepted, r's own (a resume then reads back only files of the
 * generations recorded). */
static bool row_agrees(const Train *tr, const TrainRow *r)
{
    bool sided_best = player_model(tr);
    return r->games == tr->t->games && r->attacker_wins >= 0 && r->defender_wins >= 0 &&
           r->draws >= 0 && r->attacker_wins + r->defender_wins + r->draws == r->games &&
           r->positions >= 0 && r->window_positions >= r->positions &&
           (r->accepted == 0 || r->accepted == 1) &&
           r->best_generation == (r->accepted ? r->generation : tr->best_generation) &&
           (r->defending_accepted == 0 || (sided_best && r->defending_accepted == 1)) &&
           r->best_defending == (r->defending_accepted ? r->generation : tr->best_defending);
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
                   &r.gate.games, &r.gate.score, &r.gate.low, &r.gate.high, &r.gate.elo,
                   &r.accepted, &r.best_generation, &r.elo_total, &n);
        int extra = 0, want = 0, league = 0, league_want = 0;
        if (player_model(tr) && fields == 18) {
            want = 6;
            int more = 0;
            extra = sscanf(line + n, ",%lf,%lf,%lf,%lf,%d,%d%n", &r.gate.attacking_base,
                           &r.gate.defending_score, &r.gate.defending_low, &r.gate.defending_high,
                           &r.defending_accepted, &r.best_defending, &more);
            n += more;
        }
        if (tr->t->league_count && fields == 18 && extra == want) {
            league_want = 2;
            league = sscanf(line + n, ",%lf,%lf", &r.gate.league_attacking_gain,
                            &r.gate.league_defending_gain);
        }
        int sprt = 0, sprt_want = 0;
        if (tr->t->gate_sprt && fields == 18) {
            /* Neither a player model nor a league goes with gate_sprt (league_resolve). */
            sprt_want = 2;
            sprt = sscanf(line + n, ",%lf,%d", &r.gate.llr, &r.gate.decision);
        }
        if (fields != 18 || extra != want || league != league_want || sprt != sprt_want ||
            r.generation != tr->row_count + 1 || !strchr(line, '\n') || !row_agrees(tr, &r)) {
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
                r->val_loss, r->gate.score, r->gate.low, r->gate.high);
    }
    fprintf(df, "EOD\n");
    fprintf(bf, "set title ");
    plot_quote(bf, tr->t->name);
    /* The line is the gates' sum, a trace of the training: the measured strength is
     * final.csv's match against the hand-written evaluation. */
    fprintf(bf,
            "\nset xlabel \"generation\"\nset ylabel \"summed Elo of the accepted gates "
            "(not a match against hand)\"\nset y2label \"gate score of the candidate\"\n"
            "set y2range [0:1]\nset ytics nomirror\nset y2tics\nset key left top\n"
            "set grid\nplot $gens using 1:2 with linespoints lw 2 title \"best (gates' Elo sum)\", "
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

/* Generation g's candidate m as gen-G.eval, its hash recorded; a weight no file can hold is
 * refused as write_model does. */
static Status write_generation_model(Train *tr, int g, const EvalModel *m, Error *err)
{
    char path[RUNDIR_PATH_MAX + 64];
    gen_path(tr, g, "eval", path, sizeof path);
    Status st = evalmodel_check_weights(&tr->rules, m, path, err);
    if (st != ST_OK)
        return st;
    char *text = evalmodel_format(&tr->rules, m);
    st = write_generation_file(tr, g, "eval", text, strlen(text), err);
    free(text);
    return st;
}

/* The bytes of a network file of net, made for the training's rules: into *bytes (free). */
static void encode_network(const Train *tr, const Nnue *net, uint8_t **bytes, size_t *len)
{
    NnueOrigin origin = {{0}, evalmodel_rules_hash(&tr->rules)};
    snprintf(origin.ruleset, sizeof origin.ruleset, "%s", tr->rules.opt.name);
    nnuefile_encode(net, &origin, bytes, len);
}

/* Generation g's network, read back from its file gen-G.eval as written (its hash checked),
 * into *net (nnue_free it). */
static Status load_network(const Train *tr, int g, Nnue *net, Error *err)
{
    char path[RUNDIR_PATH_MAX + 64], *data;
    size_t size;
    gen_path(tr, g, "eval", path, sizeof path);
    memset(net, 0, sizeof *net);
    Status st = read_generation_file(tr, g, "eval", &data, &size, err);
    if (st != ST_OK)
        return st;
    NnueOrigin origin;
    st = nnuefile_decode((const uint8_t *)data, size, path, net, &origin, err);
    free(data);
    if (st == ST_OK)
        st = nnuefile_check_rules(path, net, &origin, &tr->rules, err);
    return st;
}

static Status write_model(const Train *tr, const EvalModel *m, const char *path, Error *err)
{
    /* A fit that diverged is refused here rather than written as a file no one can read. */
    Status st = evalmodel_check_weights(&tr->rules, m, path, err);
    if (st != ST_OK)
        return st;
    char *text = evalmodel_format(&tr->rules, m);
    st = write_text(path, text, err);
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

/* A player model's acceptance: each half by its own side's gate games; the Elo of the gate is
 * that of the candidate's mean gain over both sides, the best's that of the halves taken. */
static Status accept_player(Train *tr, int g, TrainRow *row, Error *err)
{
    double attacking_gain = row->gate.score - row->gate.attacking_base,
           defending_gain = row->gate.defending_score - (1.0 - row->gate.attacking_base);
    /* With a league, each half must gain without losing to the best or the league
     * (gate_league_accepts); the Elo stays the gain over the best alone. */
    row->accepted = gate_league_accepts(attacking_gain, row->gate.league_attacking_gain);
    row->defending_accepted = gate_league_accepts(defending_gain, row->gate.league_defending_gain);
    row->gate.elo = gate_elo(0.5 + (attacking_gain + defending_gain) / 2);
    if (row->accepted)
        tr->best_generation = g;
    if (row->defending_accepted)
        tr->best_defending = g;
    Status st = ST_OK;
    if (row->accepted || row->defending_accepted) {
        tr->elo_total += gate_elo(0.5 + ((row->accepted ? attacking_gain : 0) +
                                         (row->defending_accepted ? defending_gain : 0)) /
                                            2);
        EvalModel best;
        st = write_best_player(tr, &best, err);
    }
    row->best_defending = tr->best_defending;
    return st;
}

static SelfplayContext play_context(const Train *tr)
{
    SelfplayContext c = {.rules = &tr->rules, .t = tr->t, .opt = tr->opt, .started = tr->started};
    return c;
}

/* Generation g's self-play with the best evaluation: its positions into tr->gens[g] and
 * gen-G.pos, its games' counts into row. */
static Status play_generation(Train *tr, int g, TrainRow *row, Error *err)
{
    char eval[RUNDIR_PATH_MAX + 32];
    best_eval(tr, eval, sizeof eval);
    SelfplayContext play = play_context(tr);
    SelfplayCounts counts = {0};
    GenData *data = &tr->gens[g];
    Status st = selfplay_generation(&play, g, eval, tr->league, data, &counts, err);
    row->games = counts.games;
    row->positions = counts.positions;
    row->attacker_wins = counts.attacker_wins;
    row->defender_wins = counts.defender_wins;
    row->draws = counts.draws;
    if (st == ST_OK && signals_stop_requested())
        st = stop_status(err);
    if (st != ST_OK)
        return st;
    char *bytes = NULL;
    size_t size = 0;
    selfplay_encode_positions(&tr->rules, data, &bytes, &size);
    st = write_generation_file(tr, g, "pos", bytes, size, err);
    free(bytes);
    return st;
}

/* The best evaluation of a linear, sided or net training as a model into *best. */
static Status load_best(const Train *tr, EvalModel *best, Error *err)
{
    if (tr->best_generation == 0) {
        gen0_model(tr, tr->t->model, best);
        return ST_OK;
    }
    char bp[RUNDIR_PATH_MAX + 64], *canon;
    EvalModel *loaded;
    gen_path(tr, tr->best_generation, "eval", bp, sizeof bp);
    Status st = evalmodel_resolve(bp, &tr->rules, &loaded, &canon, err);
    if (st != ST_OK)
        return st;
    *best = *loaded;
    free(loaded);
    free(canon);
    return ST_OK;
}

/* Fits generation g's candidate on its window into *cand, and row's losses of it and of the
 * best (a player model's *best comes written by write_best_player; the others' is loaded). */
static Status fit_generation(Train *tr, int g, EvalModel *best, EvalModel *cand, TrainRow *row,
                             Error *err)
{
    FitDesign d;
    fit_design_build(&tr->rules, tr->t, tr->gens, g, &d);
    row->window_positions = d.n;
    if (tr->opt->progress)
        fprintf(stderr, "train %s: generation %d: fitting %d positions\n", tr->t->name, g, d.n);
    Status st = player_model(tr) ? ST_OK : load_best(tr, best, err);
    if (st != ST_OK) {
        fit_design_free(&d);
        return st;
    }
    EvalModel *start = xmalloc(sizeof *start);
    /* A player model's candidate is one linear fit, offered to both sides by the gate. */
    gen0_model(tr, player_model(tr) ? EVALMODEL_LINEAR : tr->t->model, start);
    fit_model(&tr->rules, tr->t, g, &d, start, cand);
    free(start);
    row->train_loss = fit_log_loss(&d, cand, false);
    row->val_loss = fit_log_loss(&d, cand, true);
    row->best_val_loss = fit_log_loss(&d, best, true); /* a player model: its attacking half's */
    fit_design_free(&d);
    return ST_OK;
}

/* A nnue training's generation g: the network fitted on the window into *cand (from generation
 * g - 1's candidate, read back from its file, when there is one: the fit goes on across
 * generations as the window moves), and row's losses of it and of the best (until a network
 * wins, the hand-written evaluation's). */
static Status fit_generation_network(Train *tr, int g, Nnue *cand, TrainRow *row, Error *err)
{
    FitDesign d;
    fit_design_build(&tr->rules, tr->t, tr->gens, g, &d);
    row->window_positions = d.n;
    if (tr->opt->progress)
        fprintf(stderr, "train %s: generation %d: fitting a network to %d positions\n", tr->t->name,
                g, d.n);
    Nnue warm, best;
    memset(&warm, 0, sizeof warm);
    memset(&best, 0, sizeof best);
    Status st = g >= 2 ? load_network(tr, g - 1, &warm, err) : ST_OK;
    if (st == ST_OK && tr->best_generation >= 1)
        st = load_network(tr, tr->best_generation, &best, err);
    if (st == ST_OK) {
        fitnnue_fit(&tr->rules, tr->t, g, &d, g >= 2 ? &warm : NULL, cand);
        row->train_loss = fitnnue_log_loss(&d, cand, false);
        row->val_loss = fitnnue_log_loss(&d, cand, true);
        row->best_val_loss = tr->best_generation >= 1
                                 ? fitnnue_log_loss(&d, &best, true)
                                 : fitnnue_hand_log_loss(&tr->rules, tr->t, tr->gens, g, true);
    }
    nnue_free(&warm);
    nnue_free(&best);
    fit_design_free(&d);
    return st;
}

/* Writes the candidate to path (gen-G.eval: a nnue training's network cand_net, a player
 * model's candidate as both halves, the others' cand) and gates it: row's gate and its
 * acceptance (a player model's halves: accept_player). */
static Status gate_generation(Train *tr, int g, const EvalModel *cand, const Nnue *cand_net,
                              const char *path, TrainRow *row, Error *err)
{
    char best[RUNDIR_PATH_MAX + 32];
    best_eval(tr, best, sizeof best);
    SelfplayContext play = play_context(tr);
    GateSetup gs = {.play = &play, .generation = g, .best = best, .league = tr->league};
    Status st;
    if (player_model(tr)) {
        EvalModel both; /* the candidate offered to each side */
        st = evalmodel_join(&tr->rules, cand, cand, &both, err);
        if (st == ST_OK)
            st = write_generation_model(tr, g, &both, err);
        if (st == ST_OK)
            st = gate_player(&gs, path, &row->gate, err);
        if (st == ST_OK && signals_stop_requested())
            st = stop_status(err);
        if (st == ST_OK)
            st = accept_player(tr, g, row, err);
        return st;
    }
    if (nnue_model(tr)) {
        uint8_t *bytes;
        size_t len;
        encode_network(tr, cand_net, &bytes, &len);
        st = write_generation_file(tr, g, "eval", (const char *)bytes, len, err);
        free(bytes);
    } else {
        st = write_generation_model(tr, g, cand, err);
    }
    if (st == ST_OK)
        st = tr->t->gate_sprt ? gate_sequential(&gs, path, &row->gate, err)
                              : gate_match(&gs, path, &row->gate, err);
    if (st == ST_OK && signals_stop_requested())
        st = stop_status(err);
    /* With a league, a gain without a loss to the best or the league (gate_league_accepts);
     * with gate_sprt, the test's acceptance of H1 alone. */
    row->accepted =
        tr->t->gate_sprt ? row->gate.decision > 0
        : tr->t->league_count
            ? gate_league_accepts(
                  row->gate.score - 0.5,
                  (row->gate.league_attacking_gain + row->gate.league_defending_gain) / 2)
            : row->gate.score > 0.5;
    return st;
}

/* The lines on stderr that report generation g's row. */
static void print_generation(const Train *tr, int g, const TrainRow *row)
{
    const GateResult *k = &row->gate;
    if (player_model(tr))
        fprintf(stderr,
                "train %s: generation %d: %d positions (window %d), loss %.4f/%.4f (best "
                "%.4f), attacking %.3f [%.3f, %.3f] against the best's %.3f %s, defending "
                "%.3f [%.3f, %.3f] against %.3f %s, best %d/%d, %+.0f Elo, %.0fs\n",
                tr->t->name, g, row->positions, row->window_positions, row->train_loss,
                row->val_loss, row->best_val_loss, k->score, k->low, k->high, k->attacking_base,
                row->accepted ? "accepted" : "rejected", k->defending_score, k->defending_low,
                k->defending_high, 1.0 - k->attacking_base,
                row->defending_accepted ? "accepted" : "rejected", row->best_generation,
                row->best_defending, row->elo_total, clock_seconds() - tr->started);
    else
        fprintf(stderr,
                "train %s: generation %d: %d positions (window %d), loss %.4f/%.4f (best "
                "%.4f), gate %.3f [%.3f, %.3f] %s, best %d, %+.0f Elo, %.0fs\n",
                tr->t->name, g, row->positions, row->window_positions, row->train_loss,
                row->val_loss, row->best_val_loss, k->score, k->low, k->high,
                row->accepted ? "accepted" : "rejected", row->best_generation, row->elo_total,
                clock_seconds() - tr->started);
    if (tr->t->gate_sprt)
        fprintf(stderr, "train %s: generation %d: gate SPRT: %d pairs, LLR %.3f, %s\n", tr->t->name,
                g, k->games / 2, k->llr,
                k->decision > 0   ? "H1 accepted"
                : k->decision < 0 ? "H0 accepted"
                                  : "no decision within gate_pairs (refused)");
    if (tr->t->league_count)
        fprintf(stderr,
                "train %s: generation %d: against the league, the candidate's attackers score "
                "%+.3f and its defenders %+.3f over the best's (summed over %d evaluations)\n",
                tr->t->name, g, k->league_attacking_gain, k->league_defending_gain,
                tr->t->league_count);
}

static Status run_generation(Train *tr, int g, Error *err)
{
    TrainRow row;
    memset(&row, 0, sizeof row);
    row.generation = g;
    char path[RUNDIR_PATH_MAX + 64];
    EvalModel best, cand;
    Nnue cand_net;
    memset(&cand_net, 0, sizeof cand_net);
    Status st = player_model(tr) ? write_best_player(tr, &best, err) : ST_OK;
    if (st == ST_OK)
        st = play_generation(tr, g, &row, err);
    if (st == ST_OK)
        st = nnue_model(tr) ? fit_generation_network(tr, g, &cand_net, &row, err)
                            : fit_generation(tr, g, &best, &cand, &row, err);
    gen_path(tr, g, "eval", path, sizeof path);
    if (st == ST_OK)
        st = gate_generation(tr, g, &cand, &cand_net, path, &row, err);
    if (st == ST_OK && row.accepted && !player_model(tr)) {
        tr->best_generation = g;
        tr->elo_total += row.gate.elo;
        char best_path[RUNDIR_PATH_MAX + 32];
        snprintf(best_path, sizeof best_path, "%s/best.eval", tr->dir);
        if (nnue_model(tr)) {
            uint8_t *bytes;
            size_t len;
            encode_network(tr, &cand_net, &bytes, &len);
            st = files_write(best_path, (const char *)bytes, len, err);
            free(bytes);
        } else {
            st = write_model(tr, &cand, best_path, err);
        }
    }
    nnue_free(&cand_net);
    if (st != ST_OK)
        return st;
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
    print_generation(tr, g, &row);
    return st;
}

/* --- meta, final.csv and a stop --- */

/* Writes DIR/meta whole (files_draft_replace), as a run's and a tuning's: the build, the
 * training, the command line, the generations, the state, every session's time, the ruleset
 * file and the final match once played. */
static Status write_meta(const Train *tr, MetaState state, Error *err)
{
    const TrainFile *t = tr->t;
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    runmeta_write_build(f);
    fprintf(f, "kind train\ntrain %s\n", t->name);
    runmeta_put_note(f, "command", tr->opt->command ? tr->opt->command : "-");
    fprintf(f, "seed %" PRIu64 "\nmodel %s\nthreads %d\n", t->seed, evalmodel_kind_name(t->model),
            tr->opt->threads > 0 ? tr->opt->threads : omp_get_max_threads());
    fprintf(f, "generations_total %d\ngenerations_resumed %d\ngenerations_done %d\n",
            t->generations, tr->resumed, tr->row_count);
    fprintf(f, "best_generation %d\n", tr->best_generation);
    if (player_model(tr))
        fprintf(f, "best_defending_generation %d\n", tr->best_defending);
    static const char *const names[] = {"running", "finished", "stopped", "failed"};
    fprintf(f, "state %s\n", names[state]);
    /* Every session's time (DIR/sessions, appended as each ends); a running one is not yet in. */
    runmeta_write_sessions(f, tr->dir, tr->started_utc,
                           state == META_RUNNING ? -1.0 : clock_seconds() - tr->started,
                           tr->row_count - tr->resumed);
    char file[RUNDIR_PATH_MAX], otn[OTN_RULES_MAX], lacks[256];
    runmeta_ruleset_file(&tr->played, 0, file, sizeof file);
    otn_format_rules(&tr->played, otn, lacks);
    fprintf(f, "setup %s\nrules.%s %s\notn.%s %s\n", RUNMETA_SETUP, tr->played.name, file,
            tr->played.name, otn);
    if (lacks[0])
        fprintf(f, "otn_lacks.%s %s\n", tr->played.name, lacks);
    const GateResult *k = &tr->final;
    if (k->games > 0)
        fprintf(f,
                "final %s\nfinal_opponent hand\nfinal_games %d\nfinal_score %.4f [%.4f, %.4f]\n"
                "final_elo %+.0f [%+.0f, %+.0f]\n",
                TRAIN_FINAL, k->games, k->score, k->low, k->high, k->elo, gate_elo(k->low),
                gate_elo(k->high));
    return files_draft_replace(&draft, tr->dir, "meta", err);
}

static bool put_final(FILE *f, const void *ctx)
{
    const Train *tr = ctx;
    const GateResult *k = &tr->final;
    fputs("evaluation,best_generation,opponent,games,score,low,high,elo,elo_low,elo_high\n", f);
    fprintf(f, "best.eval,%d,hand,%d,%.4f,%.4f,%.4f,%.1f,%.1f,%.1f\n", tr->best_generation,
            k->games, k->score, k->low, k->high, k->elo, gate_elo(k->low), gate_elo(k->high));
    return !ferror(f);
}

/* The headline: best.eval against the hand-written evaluation in one match of its own
 * (gate_final), into tr->final and final.csv. The gates' sum (train.csv's elo_total) is not
 * one: each gate is a match against another best, and a gate whose interval holds 1/2 may
 * still accept. */
static Status play_final(Train *tr, Error *err)
{
    char best[RUNDIR_PATH_MAX + 32];
    snprintf(best, sizeof best, "%s/best.eval", tr->dir);
    SelfplayContext play = play_context(tr);
    GateSetup gs = {.play = &play, .generation = tr->row_count, .best = "hand"};
    GateResult k;
    Status st = gate_final(&gs, best, &k, err);
    if (st != ST_OK || signals_stop_requested())
        return st;
    tr->final = k;
    if (tr->opt->progress)
        fprintf(stderr,
                "train %s: final match against the hand-written evaluation: %d games, score "
                "%.3f [%.3f, %.3f]\n",
                tr->t->name, k.games, k.score, k.low, k.high);
    return files_replace_with(tr->dir, TRAIN_FINAL, put_final, tr, err);
}

/* A session that goes on measures the final match again: an earlier one's final.csv, of a
 * best that may change, is removed first. */
static Status remove_final(const Train *tr, Error *err)
{
    char path[RUNDIR_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", tr->dir, TRAIN_FINAL);
    if (unlink(path) != 0 && errno != ENOENT) {
        error_set(err, "%s: cannot remove: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

/* The line a training stopped by a signal ends with (as tafl run's, harness/signals.h). */
static void stop_message(const Train *tr, Error *err)
{
    error_set(err,
              "stopped by %s: %s/train.csv holds the %d generations finished before it, each row "
              "whole; run the same command with --resume to train the rest",
              signals_name(signals_caught()), tr->dir, tr->row_count);
}

/* Ends the session: its line in DIR/sessions and meta's state (a stop's: the line of
 * stop_message in err and ST_EIO). */
static Status end_session(Train *tr, Status st, Error *err)
{
    bool stopped = signals_stop_requested();
    MetaState state = stopped ? META_STOPPED : st == ST_OK ? META_FINISHED : META_FAILED;
    static const char *const hows[] = {"", "done", "stopped", "failed"};
    Error why;
    Status end = runmeta_session_add(tr->dir, tr->started_utc, clock_seconds() - tr->started,
                                     tr->row_count - tr->resumed, hows[state], &why);
    if (end == ST_OK)
        end = write_meta(tr, state, &why);
    if (stopped) {
        stop_message(tr, err);
        st = ST_EIO;
    }
    if (end != ST_OK && st == ST_OK) {
        *err = why;
        st = end;
    } else if (end != ST_OK) {
        fprintf(stderr, "tafl train: %s\n", why.text);
    }
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
    snprintf(att, sizeof att,
             "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",noise=%.17g,eval=hand",
             t->depth + t->handicap, t->noise);
    snprintf(def, sizeof def,
             "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",noise=%.17g,eval=hand", t->depth,
             t->noise);
    snprintf(gate, sizeof gate, "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",eval=hand",
             t->gate_depth);
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

/* What a resumed training recorded, read back and checked: train.csv and its sums, the best's
 * files (as they were written), and the window's positions against train.csv's counts. A
 * directory holding generations is refused unless resuming. */
static Status read_back(Train *tr, Error *err)
{
    const TrainFile *t = tr->t;
    char path[RUNDIR_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/train.csv", tr->dir);
    Status st = read_csv(tr, path, err);
    if (st == ST_OK && tr->row_count > 0 && !tr->opt->resume) {
        error_set(err, "%s: holds %d generations already: give --resume to continue", tr->dir,
                  tr->row_count);
        st = ST_EINVAL;
    }
    if (st == ST_OK && tr->row_count > t->generations) {
        error_set(err, "%s: holds %d generations, more than the %d asked for", tr->dir,
                  tr->row_count, t->generations);
        st = ST_EINVAL;
    }
    if (st == ST_OK)
        st = read_sums(tr, err);
    /* The best's files of a resumed run, which the self-play and the gate read (a player
     * model's through best.eval, written again from them): as they were written. */
    int best_gens[2] = {tr->best_generation, player_model(tr) ? tr->best_defending : 0};
    for (int h = 0; h < 2 && st == ST_OK; h++) {
        char *data;
        size_t size;
        if (best_gens[h] >= 1 && best_gens[h] <= tr->row_count) {
            st = read_generation_file(tr, best_gens[h], "eval", &data, &size, err);
            free(data);
        }
    }
    /* The window of a resumed run: the positions of the generations recorded. */
    for (int g = 1; g <= tr->row_count && st == ST_OK; g++) {
        if (g <= tr->row_count - t->window + 1)
            continue;
        char name[32], *data;
        size_t size;
        gen_name(g, "pos", name, sizeof name);
        snprintf(path, sizeof path, "%s/%s", tr->dir, name);
        st = read_generation_file(tr, g, "pos", &data, &size, err);
        if (st == ST_OK)
            st = selfplay_parse_positions(path, data, size, &tr->rules, t, &tr->gens[g], err);
        free(data);
        if (st == ST_OK && tr->gens[g].count != tr->rows[g - 1].positions) {
            error_set(err,
                      "%s/%s: holds %d positions, train.csv records %d for generation %d "
                      "(remove the directory to start again)",
                      tr->dir, name, tr->gens[g].count, tr->rows[g - 1].positions, g);
            st = ST_EPARSE;
        }
    }
    return st;
}

/* The result a training hands back (train.h). */
static void fill_result(const Train *tr, TrainResult *out)
{
    snprintf(out->dir, sizeof out->dir, "%s", tr->dir);
    out->generations = tr->row_count;
    out->best_generation = tr->best_generation;
    out->best_defending = tr->best_defending;
    out->final_games = tr->final.games;
    out->final_score = tr->final.score;
    out->final_low = tr->final.low;
    out->final_high = tr->final.high;
    out->final_elo = tr->final.elo;
    out->final_elo_low = gate_elo(tr->final.low);
    out->final_elo_high = gate_elo(tr->final.high);
}

/* Frees what train_run allocated in tr. */
static void train_free(Train *tr)
{
    for (int g = 0; g <= tr->t->generations; g++)
        free(tr->gens[g].pos);
    free(tr->gens);
    free(tr->gen0);
    free(tr->init_canonical);
    for (int i = 0; i < TRAINFILE_LEAGUE_MAX; i++)
        free(tr->league[i]);
    free(tr->rows);
    free(tr->hashes);
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
    tr.played = rs;
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
    /* The inputs are read and checked before the directory is made or claimed: a refused
     * training leaves no directory (nor DIR/kind, nor DIR/.lock) that other commands would
     * then refuse as a training's. */
    tr.gens = xcalloc((size_t)t->generations + 1, sizeof *tr.gens);
    if (t->recorded_games[0])
        st = selfplay_load_recorded(&tr.rules, t, opt->progress, &tr.gens[0], &tr.recorded_hash,
                                    err);
    if (st == ST_OK && t->init[0])
        st = init_load(&tr, err);
    if (st == ST_OK)
        st = league_resolve(t, &tr.rules, tr.league, err);
    DirLock *lock = NULL;
    if (st == ST_OK)
        st = rundir_open(tr.dir, RUNDIR_TRAIN, &lock, NULL, err);
    if (st == ST_OK)
        st = check_setup(&tr, err);
    tr.rows = xcalloc((size_t)t->generations + 1, sizeof *tr.rows);
    tr.hashes = xcalloc((size_t)t->generations + 1, sizeof *tr.hashes);
    char path[RUNDIR_PATH_MAX + 64];
    if (st == ST_OK)
        st = read_back(&tr, err);
    tr.resumed = tr.row_count;
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
    /* From here the directory is a run directory in progress: the ruleset as trained, meta
     * saying running, and a stop signal ends the training after its last whole generation. */
    bool session = st == ST_OK;
    runmeta_utc_now(tr.started_utc, sizeof tr.started_utc);
    if (st == ST_OK)
        st = runmeta_write_rulesets(tr.dir, &tr.played, 1, err);
    if (st == ST_OK)
        st = remove_final(&tr, err);
    if (st == ST_OK)
        st = write_meta(&tr, META_RUNNING, err);
    if (session)
        signals_cooperate(true);
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
        st = play_final(&tr, err);
    if (st == ST_OK)
        st = draw_figure(&tr, &out->plotted, err);
    if (session) {
        signals_cooperate(false);
        st = end_session(&tr, st, err);
    }
    fill_result(&tr, out);
    train_free(&tr);
    dirlock_release(lock);
    return st;
}
