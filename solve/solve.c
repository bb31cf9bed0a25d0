/* Retrograde analysis, class by class in order of increasing material (captures cannot be
 * undone, so a capture leads into a class already solved), by a level-synchronous fixed point
 * over the distance to the end. Every move and every end is the rules engine's. */
#include "solve/solve.h"

#include <assert.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "rules/history.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "solve/index.h"

/* A table entry: 0 a draw (or not yet decided while a class is solved), else the outcome for
 * the side to move in the top two bits and the distance in plies below. */
#define ENTRY_WIN       0x4000u
#define ENTRY_LOSS      0x8000u
#define ENTRY_DIST_MASK 0x3fffu

struct SolveTables {
    Rules rules; /* r with max_plies 0 */
    SolveGeometry geo;
    int max_a, max_d, max_men;
    int slots;   /* (max_a + 1) * (max_d + 1): class a * (max_d + 1) + d; table NULL if unsolved */
    int classes; /* solved: order[0..classes - 1] in the order solved */
    int *order;
    SolveClass *cls;
    uint16_t **table;
    SolveClassStats *stats;
};

static double binom_d(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double x = 1;
    for (int i = 1; i <= k; i++)
        x = x * (n - k + i) / i;
    return x;
}

static bool bit_at(const uint64_t *board, int sq)
{
    return (board[sq >> 6] >> (sq & 63)) & 1;
}

/* The men limit of r's plan: men, or every man of the start's material. */
static int men_limit(const Rules *r, int men)
{
    int all = r->start_pos.attacker_count + r->start_pos.defender_count;
    return men < 0 || men > all ? all : men;
}

Status solve_plan(const Rules *r, int men, double limit, SolvePlan *plan, Error *err)
{
    memset(plan, 0, sizeof *plan);
    plan->max_attackers = r->start_pos.attacker_count;
    plan->max_defenders = r->start_pos.defender_count;
    plan->max_men = men_limit(r, men);
    /* Counted as solve_index_class counts, for any board: a king on a free square leaves
     * free - 1 squares to the men, one on the throne (or a corner) all of them; the entries
     * only for the king on the least square of his orbit (solve/index.h). */
    int free_sq = 0, king_free[2] = {0, 0}, king_restricted[2] = {0, 0};
    for (int sq = 0; sq < r->squares; sq++) {
        bool corner = bit_at(r->corner, sq);
        bool restricted = (r->opt.corners && corner) || bit_at(r->throne_bit, sq);
        bool king_ok = r->opt.escape == ESCAPE_CORNER ? !corner : !bit_at(r->edge, sq);
        bool home = true;
        for (int t = 1; t < SOLVE_SYMMETRIES; t++)
            home = home && ruleset_square_image(r->size, t, sq) >= sq;
        free_sq += !restricted;
        for (int folded = 0; folded < 2; folded++) {
            bool counted = king_ok && (!folded || home);
            king_restricted[folded] += counted && restricted;
            king_free[folded] += counted && !restricted;
        }
    }
    for (int a = 0; a <= plan->max_attackers; a++)
        for (int d = 0; d <= plan->max_defenders && a + d <= plan->max_men; d++) {
            double n[2];
            for (int folded = 0; folded < 2; folded++)
                n[folded] =
                    2 * (king_free[folded] * binom_d(free_sq - 1, d) * binom_d(free_sq - 1 - d, a) +
                         king_restricted[folded] * binom_d(free_sq, d) * binom_d(free_sq - d, a));
            plan->classes++;
            plan->positions += n[0];
            plan->entries += n[1];
            if (n[1] > plan->largest_class)
                plan->largest_class = n[1];
        }
    /* Two bytes an entry for the tables, and nine more for the class being solved (its
     * exits, draw flags, orbit sizes, pending results and re-examination marks). */
    plan->bytes = 2 * plan->entries + 9 * plan->largest_class;
    if (r->squares > SOLVE_INDEX_MAX_SQUARES || plan->entries > limit) {
        error_set(err,
                  "%s: %.3g positions (%.3g entries with the symmetries folded) in %d material "
                  "classes (%dx%d board, at most %d attackers, %d defenders and %d men besides "
                  "the king); at most %.3g entries on a board of at most %d squares are solved",
                  r->opt.name, plan->positions, plan->entries, plan->classes, r->size, r->size,
                  plan->max_attackers, plan->max_defenders, plan->max_men, limit,
                  SOLVE_INDEX_MAX_SQUARES);
        return ST_EINVAL;
    }
    return ST_OK;
}

static inline uint16_t entry(SolveOutcome o, int plies)
{
    return (uint16_t)((o == SOLVE_WIN ? ENTRY_WIN : ENTRY_LOSS) | (unsigned)plies);
}

static inline int class_of(const SolveTables *t, int a, int d)
{
    return a * (t->max_d + 1) + d;
}

/* The entry of q (a position of a class already solved, or the one being solved): its
 * canonical image's. */
static inline uint16_t lookup(const SolveTables *t, const GameState *q)
{
    int ci = class_of(t, q->attacker_count, q->defender_count);
    return t->table[ci][solve_index_rank(&t->geo, &t->cls[ci], q)];
}

/* Plays m from s with the engine into *q, with a history that starts at s (so no repetition
 * and no draw fort can end the game: doc/solve.md). True when the move stays in s's class and
 * the game goes on: the successors the fixed point iterates on. */
static bool play(const SolveTables *t, const GameState *s, Move m, History *h, GameState *q,
                 CaptureList *caps)
{
    *q = *s;
    history_clear(h);
    history_push(h, s->hash, s->fort_hash, false, false);
    state_apply(&t->rules, q, h, m, caps);
    return !state_is_over(q) && caps->count == 0;
}

/* The class's work arrays, one entry a position; each thread writes only its own positions
 * but for `dirty`, which the commit marks with atomic writes of the same value. */
typedef struct {
    uint16_t *exit_win;  /* shortest win through a move that ends the game or captures: 0 none */
    uint16_t *exit_loss; /* longest loss through such moves (when all of them lose): 0 none */
    uint8_t *exit_draw;  /* such a move draws, or the position has no move and no_moves draws */
    uint8_t *orbit;      /* positions the entry stands for (solve_index_orbit); 0 a spare entry */
    uint8_t *next;       /* decided in this pass: SOLVE_WIN or SOLVE_LOSS, 0 none */
    uint8_t *dirty;      /* a successor was decided in the last pass: examine again */
} Work;

/* The first pass: every move that leaves the class (an end of the game or a capture) is
 * judged once, by the engine's end or the smaller class's table. Returns the longest exit
 * distance. */
static int exit_pass(SolveTables *t, int ci, Work *w, int threads)
{
    const SolveClass *c = &t->cls[ci];
    uint16_t *tab = t->table[ci];
    const Rules *r = &t->rules;
    const int64_t n = (int64_t)c->size;
    int longest = 0;
#pragma omp parallel num_threads(threads)
    {
        History h;
        history_init(&h);
        Move moves[RULES_MAX_MOVES];
#pragma omp for schedule(dynamic, 1024) reduction(max : longest)
        for (int64_t i = 0; i < n; i++) {
            GameState s, q;
            CaptureList caps;
            solve_index_unrank(r, &t->geo, c, (uint64_t)i, &s);
            if (solve_index_rank(&t->geo, c, &s) != (uint64_t)i)
                continue; /* a spare entry: never examined, never probed */
            w->orbit[i] = (uint8_t)solve_index_orbit(&t->geo, &s);
            int count = movegen_legal(r, &s, moves);
            if (count == 0) {
                /* Only a position the index holds but no game reaches this way (the engine ends
                 * the game on the move before): no_moves as RULES.md section 5 says. */
                if (r->opt.no_moves == END_RULE_DRAW)
                    w->exit_draw[i] = 1;
                else
                    tab[i] = entry(SOLVE_LOSS, 0);
                continue;
            }
            const Winner mine = s.side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
            int win = 0, loss = 0;
            bool draw = false;
            for (int k = 0; k < count; k++) {
                if (play(t, &s, moves[k], &h, &q, &caps))
                    continue;
                int plies;
                if (state_is_over(&q)) {
                    if (q.winner == WINNER_DRAW) {
                        draw = true;
                        continue;
                    }
                    plies = 1;
                    if (q.winner == mine)
                        win = win == 0 || plies < win ? plies : win;
                    else
                        loss = plies > loss ? plies : loss;
                    continue;
                }
                uint16_t e = lookup(t, &q); /* q's side to move is the opponent */
                plies = (e & ENTRY_DIST_MASK) + 1;
                if (e & ENTRY_LOSS)
                    win = win == 0 || plies < win ? plies : win;
                else if (e & ENTRY_WIN)
                    loss = plies > loss ? plies : loss;
                else
                    draw = true;
            }
            w->exit_win[i] = (uint16_t)win;
            w->exit_loss[i] = (uint16_t)loss;
            w->exit_draw[i] = draw;
            int far = win > loss ? win : loss;
            longest = far > longest ? far : longest;
        }
        history_free(&h);
    }
    return longest;
}

/* Decides position i at distance d from the entries of distance below d: a win when a move
 * leads to a loss in d - 1 (or an exit wins in d), a loss when every move leads to a win and
 * the longest of them is d - 1 (or an exit loses in d). */
static uint8_t examine(const SolveTables *t, int ci, const Work *w, int64_t i, int d, History *h,
                       Move *moves)
{
    const SolveClass *c = &t->cls[ci];
    const uint16_t *tab = t->table[ci];
    if (w->exit_win[i] == d)
        return SOLVE_WIN;
    GameState s, q;
    CaptureList caps;
    solve_index_unrank(&t->rules, &t->geo, c, (uint64_t)i, &s);
    int count = movegen_legal(&t->rules, &s, moves);
    bool can_lose = w->exit_win[i] == 0 && !w->exit_draw[i];
    int longest = w->exit_loss[i];
    for (int k = 0; k < count; k++) {
        if (!play(t, &s, moves[k], h, &q, &caps))
            continue;
        uint16_t e = tab[solve_index_rank(&t->geo, c, &q)];
        int plies = (e & ENTRY_DIST_MASK) + 1;
        if ((e & ENTRY_LOSS) && plies == d)
            return SOLVE_WIN;
        if (e & ENTRY_WIN)
            longest = plies > longest ? plies : longest;
        else
            can_lose = false;
    }
    assert(!can_lose || longest >= d);
    return can_lose && longest == d ? SOLVE_LOSS : 0;
}

/* Marks for examination every position of the class from which one quiet move could reach
 * position i: the mover's men slid back over empty squares. A superset of the real
 * predecessors (the engine judges each when it is examined), so no rule is repeated here. */
static void mark_predecessors(const SolveTables *t, int ci, Work *w, int64_t i)
{
    const SolveClass *c = &t->cls[ci];
    const uint16_t *tab = t->table[ci];
    const SolveGeometry *g = &t->geo;
    const Rules *r = &t->rules;
    GameState s;
    solve_index_unrank(r, g, c, (uint64_t)i, &s);
    const int mover = s.side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS;
    uint64_t occupied = s.attackers[0] | s.defenders[0] | (UINT64_C(1) << s.king);
    uint64_t men =
        mover == SIDE_ATTACKERS ? s.attackers[0] : (s.defenders[0] | (UINT64_C(1) << s.king));
    while (men) {
        int to = __builtin_ctzll(men);
        men &= men - 1;
        bool king = mover == SIDE_DEFENDERS && to == s.king;
        for (int dir = 0; dir < RULES_DIRS; dir++) {
            for (int from = r->neighbour[to][dir]; from >= 0 && !((occupied >> from) & 1);
                 from = r->neighbour[from][dir]) {
                if (king ? !g->king_ok[from] : g->free_index[from] < 0)
                    continue;
                GameState p = s;
                p.side = (uint8_t)mover;
                uint64_t move = (UINT64_C(1) << to) | (UINT64_C(1) << from);
                if (king)
                    p.king = (uint16_t)from;
                else if (mover == SIDE_ATTACKERS)
                    p.attackers[0] ^= move;
                else
                    p.defenders[0] ^= move;
                uint64_t j = solve_index_rank(g, c, &p);
                if (tab[j] == 0) {
#pragma omp atomic write
                    w->dirty[j] = 1;
                }
            }
        }
    }
}

static Status solve_class(SolveTables *t, int ci, int threads, Error *err)
{
    const SolveClass *c = &t->cls[ci];
    const int64_t n = (int64_t)c->size;
    SolveClassStats *st = &t->stats[ci];
    double t0 = clock_seconds();
    /* a class given back only in part (a damaged kept file) starts again from nothing */
    memset(st, 0, sizeof *st);
    free(t->table[ci]);
    uint16_t *tab = t->table[ci] = xcalloc((size_t)n, sizeof(uint16_t));
    Work w = {xcalloc((size_t)n, 2), xcalloc((size_t)n, 2), xcalloc((size_t)n, 1),
              xcalloc((size_t)n, 1), xcalloc((size_t)n, 1), xcalloc((size_t)n, 1)};
    Status status = ST_OK;
    int last_exit = exit_pass(t, ci, &w, threads);
    int d = 1;
    for (;; d++) {
        if (d > SOLVE_MAX_PLIES) {
            error_set(err, "class of %d attackers and %d defenders: a distance passes %d plies",
                      c->attackers, c->defenders, SOLVE_MAX_PLIES);
            status = ST_EINVAL;
            break;
        }
        int64_t decided = 0;
#pragma omp parallel num_threads(threads)
        {
            History h;
            history_init(&h);
            Move moves[RULES_MAX_MOVES];
#pragma omp for schedule(dynamic, 1024)
            for (int64_t i = 0; i < n; i++) {
                if (tab[i] != 0 || !(w.dirty[i] || w.exit_win[i] == d || w.exit_loss[i] == d))
                    continue;
                w.dirty[i] = 0;
                w.next[i] = examine(t, ci, &w, i, d, &h, moves);
            }
            /* The implicit barrier: every decision of this pass is made before any is
             * written, so each reads only distances below d, at any thread count. */
#pragma omp for schedule(static) reduction(+ : decided)
            for (int64_t i = 0; i < n; i++)
                if (w.next[i]) {
                    tab[i] = entry((SolveOutcome)w.next[i], d);
                    decided++;
                }
#pragma omp for schedule(dynamic, 1024)
            for (int64_t i = 0; i < n; i++)
                if (w.next[i]) {
                    mark_predecessors(t, ci, &w, i);
                    w.next[i] = 0;
                }
            history_free(&h);
        }
        if (decided == 0 && d >= last_exit)
            break;
    }
    st->attackers = c->attackers;
    st->defenders = c->defenders;
    st->entries = c->size;
    st->iterations = d;
    for (int64_t i = 0; i < n; i++) {
        uint16_t e = tab[i];
        int side = (int)(i & 1), weight = w.orbit[i];
        st->positions += (uint64_t)weight;
        if (weight == 0)
            continue;
        if (e == 0) {
            st->draws += (uint64_t)weight;
            continue;
        }
        bool mover_wins = (e & ENTRY_WIN) != 0;
        if (mover_wins == (side == SIDE_ATTACKERS))
            st->attackers_win += (uint64_t)weight;
        else
            st->defenders_win += (uint64_t)weight;
        int plies = e & ENTRY_DIST_MASK;
        st->longest = plies > st->longest ? plies : st->longest;
    }
    st->seconds = clock_seconds() - t0;
    free(w.exit_win);
    free(w.exit_loss);
    free(w.exit_draw);
    free(w.orbit);
    free(w.next);
    free(w.dirty);
    return status;
}

Status solve_tables_new(const Rules *r, int men, double limit, SolveTables **out, Error *err)
{
    *out = NULL;
    SolvePlan plan;
    Status st = solve_plan(r, men, limit, &plan, err);
    if (st != ST_OK)
        return st;
    SolveTables *t = xcalloc(1, sizeof *t);
    t->rules = *r;
    t->rules.opt.max_plies = 0;
    if (!solve_index_init(&t->rules, &t->geo)) {
        free(t);
        error_set(err, "%s: the board has more than %d squares", r->opt.name,
                  SOLVE_INDEX_MAX_SQUARES);
        return ST_EINVAL;
    }
    t->max_a = plan.max_attackers;
    t->max_d = plan.max_defenders;
    t->max_men = plan.max_men;
    t->slots = (t->max_a + 1) * (t->max_d + 1);
    t->order = xcalloc((size_t)plan.classes, sizeof *t->order);
    t->cls = xcalloc((size_t)t->slots, sizeof *t->cls);
    t->table = xcalloc((size_t)t->slots, sizeof *t->table);
    t->stats = xcalloc((size_t)t->slots, sizeof *t->stats);
    for (int a = 0; a <= t->max_a; a++)
        for (int d = 0; d <= t->max_d && a + d <= t->max_men; d++) {
            int ci = class_of(t, a, d);
            if (!solve_index_class(&t->geo, a, d, &t->cls[ci])) {
                error_set(err, "%s: %d attackers and %d defenders do not fit on the board",
                          r->opt.name, a, d);
                solve_destroy(t);
                return ST_EINVAL;
            }
            t->order[t->classes++] = ci;
            t->stats[ci].attackers = a;
            t->stats[ci].defenders = d;
            t->stats[ci].entries = t->cls[ci].size;
        }
    *out = t;
    return ST_OK;
}

Status solve_build(const Rules *r, int men, int threads, double limit, const SolveHooks *hooks,
                   SolveTables **out, Error *err)
{
    SolveTables *t = NULL;
    Status st = solve_tables_new(r, men, limit, &t, err);
    *out = NULL;
    if (st != ST_OK)
        return st;
    if (threads <= 0)
        threads = omp_get_max_threads();
    const SolveHooks none = {0};
    if (!hooks)
        hooks = &none;
    for (int k = 0; k < t->classes && st == ST_OK; k++) {
        int ci = t->order[k];
        if (hooks->load && hooks->load(hooks->ctx, t, k)) {
            if (hooks->progress)
                hooks->progress(hooks->ctx, &t->stats[ci]);
            continue;
        }
        st = solve_class(t, ci, threads, err);
        if (st == ST_OK && hooks->keep)
            st = hooks->keep(hooks->ctx, t, k, err);
        if (st == ST_OK && hooks->progress)
            hooks->progress(hooks->ctx, &t->stats[ci]);
    }
    if (st != ST_OK) {
        solve_destroy(t);
        return st;
    }
    *out = t;
    return ST_OK;
}

void solve_destroy(SolveTables *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->slots; i++)
        free(t->table[i]);
    free(t->table);
    free(t->order);
    free(t->cls);
    free(t->stats);
    free(t);
}

bool solve_probe(const SolveTables *t, const GameState *s, SolveValue *v)
{
    if (state_is_over(s) || s->attacker_count > t->max_a || s->defender_count > t->max_d ||
        s->attacker_count + s->defender_count > t->max_men || s->king >= t->geo.squares ||
        !t->geo.king_ok[s->king])
        return false;
    for (int sq = 0; sq < t->geo.squares; sq++)
        if (t->geo.free_index[sq] < 0 && (((s->attackers[0] | s->defenders[0]) >> sq) & 1))
            return false;
    uint16_t e = lookup(t, s);
    v->outcome = e & ENTRY_WIN ? SOLVE_WIN : e & ENTRY_LOSS ? SOLVE_LOSS : SOLVE_DRAW;
    v->plies = e & ENTRY_DIST_MASK;
    return true;
}

const Rules *solve_rules(const SolveTables *t)
{
    return &t->rules;
}

int solve_class_count(const SolveTables *t)
{
    return t->classes;
}

const SolveClassStats *solve_class_stats(const SolveTables *t, int i)
{
    assert(i >= 0 && i < t->classes);
    return &t->stats[t->order[i]];
}

int solve_max_men(const SolveTables *t)
{
    return t->max_men;
}

SolveClassStats *solve_class_stats_to_fill(SolveTables *t, int i)
{
    assert(i >= 0 && i < t->classes);
    return &t->stats[t->order[i]];
}

const uint16_t *solve_class_entries(const SolveTables *t, int i)
{
    assert(i >= 0 && i < t->classes);
    return t->table[t->order[i]];
}

uint16_t *solve_class_entries_to_fill(SolveTables *t, int i)
{
    assert(i >= 0 && i < t->classes);
    int ci = t->order[i];
    if (!t->table[ci])
        t->table[ci] = xcalloc((size_t)t->cls[ci].size, sizeof(uint16_t));
    return t->table[ci];
}

bool solve_position_at(const SolveTables *t, int i, uint64_t j, GameState *s)
{
    assert(i >= 0 && i < t->classes);
    const SolveClass *c = &t->cls[t->order[i]];
    solve_index_unrank(&t->rules, &t->geo, c, j, s);
    return solve_index_rank(&t->geo, c, s) == j;
}

/* How good v (for the mover) is: wins first, the faster the better, then draws, then losses,
 * the slower the better. */
static int move_rank(SolveValue v)
{
    return v.outcome == SOLVE_WIN    ? 2 * SOLVE_MAX_PLIES - v.plies
           : v.outcome == SOLVE_DRAW ? 0
                                     : v.plies - 2 * SOLVE_MAX_PLIES;
}

bool solve_best_move(const SolveTables *t, const GameState *s, const Move *moves, int n, Move *out,
                     SolveValue *v)
{
    const Rules *r = &t->rules;
    const Winner mine = s->side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
    History h;
    history_init(&h);
    bool found = false;
    for (int k = 0; k < n; k++) {
        GameState q = *s;
        history_clear(&h);
        history_push(&h, s->hash, s->fort_hash, false, false);
        state_apply(r, &q, &h, moves[k], NULL);
        SolveValue here = {SOLVE_DRAW, 0};
        if (state_is_over(&q)) {
            if (q.winner != WINNER_DRAW)
                here = (SolveValue){q.winner == mine ? SOLVE_WIN : SOLVE_LOSS, 1};
        } else {
            SolveValue child;
            if (!solve_probe(t, &q, &child)) {
                found = false;
                break;
            }
            if (child.outcome != SOLVE_DRAW)
                here = (SolveValue){child.outcome == SOLVE_WIN ? SOLVE_LOSS : SOLVE_WIN,
                                    child.plies + 1};
        }
        if (!found || move_rank(here) > move_rank(*v)) {
            *out = moves[k];
            *v = here;
            found = true;
        }
    }
    history_free(&h);
    return found;
}

/* Whether entry j of class i (not a spare) holds the value its successors give. */
static bool consistent(const SolveTables *t, const GameState *s)
{
    const Rules *r = &t->rules;
    Move moves[RULES_MAX_MOVES], best;
    SolveValue want, have;
    int n = movegen_legal(r, s, moves);
    if (n == 0)
        want = (SolveValue){r->opt.no_moves == END_RULE_DRAW ? SOLVE_DRAW : SOLVE_LOSS, 0};
    else if (!solve_best_move(t, s, moves, n, &best, &want))
        return false;
    return solve_probe(t, s, &have) && have.outcome == want.outcome && have.plies == want.plies;
}

uint64_t solve_check_sample(const SolveTables *t, uint64_t samples, uint64_t seed, int threads,
                            uint64_t *checked)
{
    uint64_t total = 0;
    for (int k = 0; k < t->classes; k++)
        total += t->cls[t->order[k]].size;
    if (threads <= 0)
        threads = omp_get_max_threads();
    uint64_t bad = 0;
    const int64_t n = (int64_t)samples;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256) reduction(+ : bad)
    for (int64_t i = 0; i < n; i++) {
        Rng rng;
        rng_seed(&rng, rng_mix(seed, (uint64_t)i));
        for (;;) {
            uint64_t at = rng_next(&rng) % total;
            int k = 0;
            while (at >= t->cls[t->order[k]].size)
                at -= t->cls[t->order[k++]].size;
            GameState s;
            if (!solve_position_at(t, k, at, &s))
                continue; /* a spare entry: draw again */
            bad += !consistent(t, &s);
            break;
        }
    }
    *checked = samples;
    return bad;
}

Winner solve_winner(const GameState *s, SolveValue v)
{
    if (v.outcome == SOLVE_DRAW)
        return WINNER_DRAW;
    return (v.outcome == SOLVE_WIN) == (s->side == SIDE_ATTACKERS) ? WINNER_ATTACKERS
                                                                   : WINNER_DEFENDERS;
}

/* Adds weight to the outcome of s from the attackers' side (wdl: attackers' win, draw,
 * defenders' win) after `plies` more uniformly random plies, each move drawn as
 * movegen_random_in_game draws it; false when a position is not in the tables. */
static bool opening_outcomes(const SolveTables *t, const GameState *s, History *hist, int plies,
                             double weight, double wdl[3])
{
    const Rules *r = &t->rules;
    Move moves[RULES_MAX_MOVES];
    int n = plies > 0 && !state_is_over(s) ? movegen_legal_in_game(r, s, hist, moves) : 0;
    if (n == 0) {
        /* a game over, the end of the opening, or a side without moves (state_apply ends such
         * games: only a position the opening starts from could be one) */
        Winner w = (Winner)s->winner;
        SolveValue v;
        if (!state_is_over(s)) {
            if (!solve_probe(t, s, &v))
                return false;
            w = solve_winner(s, v);
        }
        wdl[w == WINNER_ATTACKERS ? 0 : w == WINNER_DRAW ? 1 : 2] += weight;
        return true;
    }
    int length = hist->length;
    for (int i = 0; i < n; i++) {
        GameState child = *s;
        state_apply(r, &child, hist, moves[i], NULL);
        bool held = opening_outcomes(t, &child, hist, plies - 1, weight / n, wdl);
        history_truncate(hist, length);
        if (!held)
            return false;
    }
    return true;
}

bool solve_opening_outcomes(const SolveTables *t, int plies, double wdl[3])
{
    const Rules *r = &t->rules;
    GameState s;
    state_init(r, &s);
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    wdl[0] = wdl[1] = wdl[2] = 0;
    bool held = opening_outcomes(t, &s, &hist, plies, 1.0, wdl);
    history_free(&hist);
    return held;
}
