/* `tafl train`'s training positions: self-play and gate games played in parallel, the
 * positions of a generation's self-play games and of recorded games with their outcomes, and
 * their gen-G.pos files. */
#include "tune/selfplay.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/alphabeta.h"
#include "agents/evalmodel.h"
#include "formats/files.h"
#include "harness/rowgame.h"
#include "rules/lebytes.h"
#include "rules/record.h"
#include "rules/rng.h"

/* --- files --- */

/* The header's and a record's fixed bytes (selfplay.h). */
#define POS_HEADER 32
#define POS_RECORD 17

/* The squares of bits (r->words words) as bytes, ascending, at p; returns the end. */
static uint8_t *put_squares(const Rules *r, const uint64_t *bits, uint8_t *p)
{
    for (int w = 0; w < r->words; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            *p++ = (uint8_t)(w * 64 + __builtin_ctzll(b));
    return p;
}

void selfplay_encode_positions(const Rules *r, const GenData *g, char **out, size_t *len)
{
    size_t n = POS_HEADER + 8;
    for (int k = 0; k < g->count; k++)
        n += POS_RECORD + g->pos[k].s.attacker_count + g->pos[k].s.defender_count;
    uint8_t *buf = xmalloc(n), *p = buf;
    memcpy(p, SELFPLAY_POS_MAGIC, 8);
    p = le_put_u32(p + 8, SELFPLAY_POS_VERSION);
    p = le_put_u32(p, (uint32_t)r->size);
    p = le_put_u64(p, evalmodel_rules_hash(r));
    p = le_put_u64(p, (uint64_t)g->count);
    for (int k = 0; k < g->count; k++) {
        const TrainPos *t = &g->pos[k];
        uint32_t bits;
        memcpy(&bits, &t->search, sizeof bits); /* the binary32's bits, exactly */
        p = le_put_u32(p, (uint32_t)t->game);
        p = le_put_u32(p, t->s.ply);
        p = le_put_u32(p, bits);
        *p++ = (uint8_t)(t->label == 1.0f ? 2 : t->label == 0.5f ? 1 : 0);
        *p++ = t->s.side;
        *p++ = (uint8_t)t->s.king;
        *p++ = (uint8_t)t->s.attacker_count;
        *p++ = (uint8_t)t->s.defender_count;
        p = put_squares(r, t->s.attackers, p);
        p = put_squares(r, t->s.defenders, p);
    }
    le_put_u64(p, fnv1a(FNV1A_BASIS, buf, n - 8));
    *out = (char *)buf;
    *len = n;
}

/* Reads `count` squares (ascending, on r's board) at p into bits; the first wrong one into why,
 * and false. */
static bool get_squares(const Rules *r, const uint8_t *p, int count, uint64_t *bits,
                        const char *what, char *why, size_t size)
{
    for (int i = 0; i < count; i++) {
        if (p[i] >= r->squares || (i > 0 && p[i] <= p[i - 1])) {
            snprintf(why, size, "%s square %d %s", what, p[i],
                     p[i] >= r->squares ? "is off the board" : "is out of order");
            return false;
        }
        bits[p[i] >> 6] |= 1ULL << (p[i] & 63);
    }
    return true;
}

/* Why record p of a file for training t under r is not one self-play kept, into why; false
 * when it is one. What keep_positions writes: a valid position (state_validate: pieces on the
 * board and apart, one king on a board square, counts and hashes that agree, side to move 0 or
 * 1) after the opening and before the game's end, the outcome 0, 1/2 or 1, the search's
 * probability in [0, 1], and a game of the generation's. */
static bool position_ok(const Rules *r, const TrainFile *t, const TrainPos *p, char *why,
                        size_t size)
{
    Error e = {{0}};
    const GameState *s = &p->s;
    if (!state_validate(r, s, &e))
        snprintf(why, size, "%s", e.text);
    else if (state_is_over(s))
        snprintf(why, size, "the game is over there (only positions of games going on are kept)");
    else if (s->ply < (uint32_t)t->opening_plies ||
             (r->opt.max_plies > 0 && s->ply >= (uint32_t)r->opt.max_plies))
        snprintf(why, size, "ply %" PRIu32 " is outside %d..%d", s->ply, t->opening_plies,
                 r->opt.max_plies > 0 ? r->opt.max_plies - 1 : INT_MAX);
    else if (!(p->label == 0.0f || p->label == 0.5f || p->label == 1.0f))
        snprintf(why, size, "label %g is not an outcome (0, 0.5 or 1)", (double)p->label);
    else if (!(p->search >= 0.0f && p->search <= 1.0f))
        snprintf(why, size, "search probability %g is outside 0..1", (double)p->search);
    else if (p->game < 0 || p->game >= t->games)
        snprintf(why, size, "game %d is outside 0..%d", p->game, t->games - 1);
    else
        return true;
    return false;
}

/* Decodes the records of a file whose header and checksum were checked: n records in
 * body[0..size) into pos; the first record that does not decode into why (its index in *bad),
 * and false. */
static bool decode_records(const Rules *r, const uint8_t *body, size_t size, uint64_t n,
                           TrainPos *pos, uint64_t *bad, char *why, size_t why_size)
{
    const uint8_t *p = body, *end = body + size;
    for (uint64_t k = 0; k < n; k++) {
        *bad = k;
        if ((size_t)(end - p) < POS_RECORD) {
            snprintf(why, why_size, "truncated: the records end before record %" PRIu64, k + 1);
            return false;
        }
        int att = p[15], def = p[16];
        if ((size_t)(end - p) < (size_t)POS_RECORD + (size_t)att + (size_t)def) {
            snprintf(why, why_size, "truncated: the records end inside record %" PRIu64, k + 1);
            return false;
        }
        TrainPos *t = &pos[k];
        memset(t, 0, sizeof *t);
        uint32_t game = le_get_u32(p), bits = le_get_u32(p + 8);
        t->game = game > INT_MAX ? -1 : (int)game;
        t->s.ply = le_get_u32(p + 4);
        memcpy(&t->search, &bits, sizeof bits);
        if (p[12] > 2) {
            snprintf(why, why_size, "outcome %d is not 0, 1 or 2", p[12]);
            return false;
        }
        t->label = p[12] == 2 ? 1.0f : p[12] == 1 ? 0.5f : 0.0f;
        t->s.side = p[13];
        t->s.king = p[14];
        if (!get_squares(r, p + POS_RECORD, att, t->s.attackers, "an attacker's", why, why_size) ||
            !get_squares(r, p + POS_RECORD + att, def, t->s.defenders, "a defender's", why,
                         why_size))
            return false;
        state_refresh(r, &t->s);
        p += POS_RECORD + att + def;
    }
    if (p != end) {
        snprintf(why, why_size, "%zu bytes after the last record", (size_t)(end - p));
        *bad = n;
        return false;
    }
    return true;
}

Status selfplay_parse_positions(const char *source, const void *data, size_t size, const Rules *r,
                                const TrainFile *t, GenData *g, Error *err)
{
    const uint8_t *bytes = data;
    g->pos = NULL;
    g->count = 0;
    if (size < 8 || memcmp(bytes, SELFPLAY_POS_MAGIC, 8) != 0) {
        error_set(err,
                  "%s: not a position file (it does not start with TAFLPOS; remove the "
                  "directory to start again)",
                  source);
        return ST_EPARSE;
    }
    if (size < POS_HEADER + 8) {
        error_set(err, "%s: truncated: %zu bytes, shorter than a header and a checksum", source,
                  size);
        return ST_EPARSE;
    }
    uint32_t version = le_get_u32(bytes + 8), side = le_get_u32(bytes + 12);
    uint64_t hash = le_get_u64(bytes + 16), n = le_get_u64(bytes + 24);
    if (version != SELFPLAY_POS_VERSION) {
        error_set(err, "%s: position file version %" PRIu32 "; this build reads version %d", source,
                  version, SELFPLAY_POS_VERSION);
        return ST_EPARSE;
    }
    if (le_get_u64(bytes + size - 8) != fnv1a(FNV1A_BASIS, bytes, size - 8)) {
        error_set(err, "%s: damaged or truncated: the checksum does not match the contents",
                  source);
        return ST_EPARSE;
    }
    if (side != (uint32_t)r->size || hash != evalmodel_rules_hash(r)) {
        error_set(err,
                  "%s: positions of another game (a %" PRIu32 "x%" PRIu32 " board, rules hash "
                  "%016" PRIx64 "), not of %s",
                  source, side, side, hash, r->opt.name);
        return ST_EPARSE;
    }
    /* The count is bounded by the bytes there before anything is allocated. */
    size_t room = size - POS_HEADER - 8;
    if (n > room / POS_RECORD || n > INT_MAX) {
        error_set(err, "%s: %" PRIu64 " records cannot fit in its %zu bytes", source, n, size);
        return ST_EPARSE;
    }
    TrainPos *pos = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
    char why[sizeof err->text];
    uint64_t bad = 0;
    bool ok = decode_records(r, bytes + POS_HEADER, room, n, pos, &bad, why, sizeof why);
    for (uint64_t k = 0; ok && k < n; k++) {
        bad = k;
        ok = position_ok(r, t, &pos[k], why, sizeof why);
    }
    if (!ok) {
        if (bad < n)
            error_set(err,
                      "%s: record %" PRIu64 " of %" PRIu64
                      ": %s (remove the directory to start again)",
                      source, bad + 1, n, why);
        else
            error_set(err, "%s: %s (remove the directory to start again)", source, why);
        free(pos);
        return ST_EPARSE;
    }
    g->count = (int)n;
    g->pos = pos;
    return ST_OK;
}

/* --- games --- */

static void progress_line(const SelfplayContext *c, int g, const char *phase, int done, int total,
                          double phase_start)
{
    if (!c->opt->progress)
        return;
    double now = clock_seconds(), spent = now - phase_start;
    double eta = done > 0 ? spent / done * (total - done) : 0;
    fprintf(stderr, "\rtrain %s: generation %d/%d %s %d/%d, %.0fs elapsed, phase ETA %.0fs   ",
            c->t->name, g, c->t->generations, phase, done, total, now - c->started, eta);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

Status selfplay_play(const SelfplayContext *c, int g, const char *phase, const GameSpec *specs,
                     int n, GameRecord *records, Error *err)
{
    /* Bad specs fail here, before any game. */
    for (int i = 0; i < n && i < 2; i++) {
        for (int side = 0; side < 2; side++) {
            Agent *probe;
            Status st = agent_create(side ? specs[i].defender : specs[i].attacker, c->rules, 0,
                                     &probe, err);
            if (st != ST_OK)
                return st;
            agent_destroy(probe);
        }
    }
    int done = 0, failed = 0;
    double start = clock_seconds(), last = 0;
    int threads = c->opt->threads > 0 ? c->opt->threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (int i = 0; i < n; i++) {
        Agent *a = NULL, *d = NULL;
        if (agent_create(specs[i].attacker, c->rules, 0, &a, NULL) != ST_OK ||
            agent_create(specs[i].defender, c->rules, 0, &d, NULL) != ST_OK) {
#pragma omp atomic
            failed++;
        } else {
            match_play(c->rules, a, d, specs[i].seed, c->t->opening_plies, true, &records[i]);
        }
        agent_destroy(a);
        agent_destroy(d);
#pragma omp critical(train_progress)
        {
            done++;
            double now = clock_seconds();
            if (now - last >= 2.0 || done == n) {
                last = now;
                progress_line(c, g, phase, done, n, start);
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

/* The specs of generation g's self-play games with eval= value `eval`. The last league_games
 * games pit it against the league: game k of them has it attacking when k is even and
 * defending when odd, against evaluation (k / 2) mod the league's size, at equal depth. */
static GameSpec *generation_specs(const TrainFile *t, int g, const char *eval, char *const *league)
{
    GameSpec *specs = xcalloc((size_t)t->games, sizeof *specs);
    uint64_t gseed = rng_mix(t->seed, (uint64_t)g);
    const int own = t->games - t->league_games;
    for (int i = 0; i < t->games; i++) {
        int k = i - own;
        int att_depth = t->depth + (k < 0 && i % 2 == 1 ? t->handicap : 0);
        const char *att = eval, *def = eval;
        if (k >= 0 && k % 2 == 0)
            def = league[(k / 2) % t->league_count];
        else if (k >= 0)
            att = league[(k / 2) % t->league_count];
        snprintf(specs[i].attacker, sizeof specs[i].attacker,
                 "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",noise=%.17g,eval=%s", att_depth,
                 t->noise, att);
        snprintf(specs[i].defender, sizeof specs[i].defender,
                 "alphabeta:depth=%d,tt_mb=1," ALPHABETA_PLAIN ",noise=%.17g,eval=%s", t->depth,
                 t->noise, def);
        specs[i].seed = rng_mix(gseed, (uint64_t)i);
    }
    return specs;
}

/* Game i's positions (after the opening, game not over) replayed from its record into out,
 * which has room for them. */
static void keep_positions(const SelfplayContext *c, const GameRecord *rec, int i, GenData *out,
                           SelfplayCounts *counts)
{
    GameState s;
    History hist;
    state_init(c->rules, &s);
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    float y = outcome(rec->winner);
    counts->attacker_wins += rec->winner == WINNER_ATTACKERS;
    counts->defender_wins += rec->winner == WINNER_DEFENDERS;
    counts->draws += rec->winner != WINNER_ATTACKERS && rec->winner != WINNER_DEFENDERS;
    for (int k = 0; k < rec->move_count && !state_is_over(&s); k++) {
        if (k >= c->t->opening_plies) {
            TrainPos *p = &out->pos[out->count++];
            memset(p, 0, sizeof *p);
            p->s = s;
            p->label = y;
            p->search = search_probability(rec->scores[k], s.side);
            p->game = i;
        }
        state_apply(c->rules, &s, &hist, rec->moves[k], NULL);
    }
    history_free(&hist);
}

Status selfplay_generation(const SelfplayContext *c, int g, const char *eval, char *const *league,
                           GenData *out, SelfplayCounts *counts, Error *err)
{
    const TrainFile *t = c->t;
    GameSpec *specs = generation_specs(t, g, eval, league);
    GameRecord *recs = xcalloc((size_t)t->games, sizeof *recs);
    Status st = selfplay_play(c, g, "self-play", specs, t->games, recs, err);
    free(specs);
    if (st == ST_OK) {
        int cap = 0;
        for (int i = 0; i < t->games; i++)
            cap += recs[i].move_count + 1;
        out->pos = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *out->pos);
        out->count = 0;
        for (int i = 0; i < t->games; i++)
            keep_positions(c, &recs[i], i, out, counts);
    }
    for (int i = 0; i < t->games; i++)
        match_record_free(&recs[i]);
    free(recs);
    counts->games = t->games;
    counts->positions = out->count;
    return st;
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

Status selfplay_load_recorded(const Rules *r, const TrainFile *t, bool progress, GenData *out,
                              uint64_t *hash, Error *err)
{
    const char *path = t->recorded_games;
    size_t size;
    char *text = read_whole_file(path, SELFPLAY_RECORDED_MAX, &size);
    if (!text && errno == EFBIG) {
        error_set(err,
                  "recorded_games: %s: holds %zu MiB or more, the most tafl train reads of "
                  "recorded games (or never ends)",
                  path, SELFPLAY_RECORDED_MAX >> 20);
        return ST_EINVAL;
    }
    if (!text) {
        error_set(err, "recorded_games: %s: cannot read: %s", path, strerror(errno));
        return ST_EIO;
    }
    *hash = evalmodel_text_hash(text, size);
    free(text);
    RecordGame *games = NULL;
    int count = 0;
    char rules_name[64];
    Error why = {{0}};
    Status st = rowgame_read_any(path, &games, &count, NULL, rules_name, sizeof rules_name, &why);
    if (st == ST_OK && rules_name[0]) {
        Ruleset rs;
        Rules file_rules;
        st = rowgame_ruleset(path, rules_name, &rs, &why);
        if (st == ST_OK)
            st = rules_compile(&rs, &file_rules, &why);
        if (st == ST_OK && evalmodel_rules_hash(&file_rules) != evalmodel_rules_hash(r)) {
            record_games_free(games, count);
            error_set(err, "recorded_games: %s: games of %s, not of %s", path, rules_name,
                      r->opt.name);
            return ST_EINVAL;
        }
    }
    if (st != ST_OK) {
        record_games_free(games, count);
        error_set(err, "recorded_games: %s", why.text);
        return st;
    }
    Recorded c = {.out = out, .opening_plies = t->opening_plies};
    int used = 0;
    for (int g = 0; g < count; g++) {
        if (!record_result_score(games[g].result, &c.y))
            continue;
        c.game = g;
        int before = c.out->count;
        RecordIssue issue;
        if (!record_replay(r, &games[g], recorded_visit, &c, &issue))
            c.out->count = before; /* a game that does not replay is left out whole */
        else
            used++;
    }
    record_games_free(games, count);
    if (used == 0) {
        error_set(err,
                  "recorded_games: %s: no game with a result replays under %s (a move-list CSV "
                  "or a games.csv with moves)",
                  path, r->opt.name);
        return ST_EINVAL;
    }
    if (progress)
        fprintf(stderr, "train %s: %d recorded games, %d positions from %s\n", t->name, used,
                c.out->count, path);
    return ST_OK;
}
