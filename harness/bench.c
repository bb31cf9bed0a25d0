/* The bench suite: perft on several board sizes and uniform random playouts on every preset.
 * Speeds are wall-clock and vary; the signature covers only counts and moves. */
#include "harness/bench.h"

#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/alphabeta.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "agents/nnue.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "rules/rng.h"

#define BENCH_SEED       20261121ULL
#define BENCH_PLY_CAP    500
#define FNV_OFFSET_BASIS 2166136261u
#define FNV_PRIME        16777619u

/* FNV-1a (Fowler, Noll, Vo) over a 32-bit value, byte by byte. */
static uint32_t fnv_mix(uint32_t hash, uint32_t value)
{
    for (int i = 0; i < 4; i++) {
        hash ^= (value >> (8 * i)) & 0xffu;
        hash *= FNV_PRIME;
    }
    return hash;
}

static void compile_or_die(const char *name, int max_plies, Rules *r)
{
    Ruleset rs = *ruleset_preset_find(name);
    rs.max_plies = max_plies;
    Error err;
    Status st = rules_compile(&rs, r, &err);
    if (st != ST_OK) {
        fprintf(stderr, "bench: preset %s does not compile: %s\n", name, err.text);
        abort();
    }
}

typedef struct {
    uint64_t plies;
    uint64_t playouts;
    double seconds;
} PlayoutStats;

/* Uniform random playouts: count the moves, draw one, make it; no move list is built. */
static void run_playouts(const Rules *r, int count, uint64_t seed, PlayoutStats *stats,
                         BenchSignature *sig)
{
    History hist;
    history_init(&hist);
    double start = clock_seconds();
    for (int i = 0; i < count; i++) {
        Rng rng;
        rng_seed(&rng, rng_mix(seed, (uint64_t)i));
        GameState s;
        state_init(r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        Move m;
        while (movegen_random_in_game(r, &s, &hist, &rng, &m)) {
            state_apply(r, &s, &hist, m, NULL);
            sig->hash = fnv_mix(sig->hash, (uint32_t)m.from << 16 | m.to);
        }
        sig->hash = fnv_mix(sig->hash, (uint32_t)s.winner << 8 | s.reason);
        stats->plies += s.ply;
    }
    stats->seconds += clock_seconds() - start;
    stats->playouts += (uint64_t)count;
    sig->nodes += stats->plies;
    history_free(&hist);
}

/* Fixed Brandubh positions for the searches: the start and a middle game. */
static const char *const SEARCH_POSITIONS[] = {
    "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "/1T5/1t5/T2tt2/t6/5tt/3T2t/1KTt3/",
};

static Agent *agent_or_die(const char *spec, const Rules *r)
{
    Agent *agent;
    Error err;
    if (agent_create(spec, r, BENCH_SEED, &agent, &err) != ST_OK) {
        fprintf(stderr, "bench: %s\n", err.text);
        abort();
    }
    return agent;
}

/* Runs one agent spec from every search position (both sides to move); adds its effort and
 * choices to the signature; returns the nodes it counted and the seconds it took. */
static void run_searches(const Rules *r, const char *spec, BenchSignature *sig, uint64_t *nodes,
                         double *seconds)
{
    Agent *agent = agent_or_die(spec, r);
    Error err;
    for (size_t i = 0; i < sizeof SEARCH_POSITIONS / sizeof SEARCH_POSITIONS[0]; i++) {
        for (int side = 0; side < 2; side++) {
            GameState s;
            if (otn_parse_position(r, SEARCH_POSITIONS[i], (Side)side, &s, &err) != ST_OK)
                abort();
            agent_new_game(agent, BENCH_SEED + i);
            Move m = agent_choose_timed(agent, &s, NULL);
            const AgentStats *st = agent_last_stats(agent);
            *nodes += st->nodes;
            *seconds += st->seconds;
            sig->nodes += st->nodes;
            sig->hash = fnv_mix(sig->hash, (uint32_t)m.from << 16 | m.to);
        }
    }
    agent_destroy(agent);
}

/* Plays `plies` plies of self-play from the start with one agent spec (scoring with network
 * net when not NULL), each move a search, for search speed on positions the search itself
 * reaches; adds its effort and choices to *sig (a scratch one for figures kept out of the
 * signature). */
static void run_game_searches(const Rules *r, const char *spec, const Nnue *net, int plies,
                              BenchSignature *sig, uint64_t *nodes, double *seconds)
{
    Agent *agent = agent_or_die(spec, r);
    if (net)
        agent_use_network(agent, net);
    agent_new_game(agent, BENCH_SEED);
    GameState s;
    state_init(r, &s);
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    for (int ply = 0; ply < plies && !state_is_over(&s); ply++) {
        Move m = agent_choose_timed(agent, &s, &hist);
        const AgentStats *st = agent_last_stats(agent);
        *nodes += st->nodes;
        *seconds += st->seconds;
        sig->nodes += st->nodes;
        sig->hash = fnv_mix(sig->hash, (uint32_t)m.from << 16 | m.to);
        state_apply(r, &s, &hist, m, NULL);
    }
    history_free(&hist);
    agent_destroy(agent);
}

static void report(FILE *out, const char *key, double value)
{
    if (out)
        fprintf(out, "%s %.0f\n", key, value);
}

/* The network the bench times: 256 hidden units of random weights for r's board. */
static void bench_network(const Rules *r, Nnue *net)
{
    Error err;
    if (nnue_create(net, r->size, 256, &err) != ST_OK) {
        fprintf(stderr, "bench: %s\n", err.text);
        exit(EXIT_FAILURE);
    }
    nnue_randomize(net, BENCH_SEED, 64);
}

/* The efficiently updatable network (agents/nnue.h) on a large board: accumulator updates per
 * second along random games against refreshes from scratch per second, 256 hidden units of
 * random weights, each timed over a whole game's moves at once. Speed only, out of the
 * signature. */
#define BENCH_NNUE_PLIES 512
static void run_nnue(const Rules *r, int games, FILE *out)
{
    Nnue net;
    bench_network(r, &net);
    History hist;
    history_init(&hist);
    static Move moves[RULES_MAX_MOVES], played[BENCH_NNUE_PLIES];
    static GameState states[BENCH_NNUE_PLIES + 1];
    static CaptureList caps[BENCH_NNUE_PLIES];
    long updates = 0;
    double update_s = 0, refresh_s = 0;
    Rng rng;
    rng_seed(&rng, BENCH_SEED);
    for (int g = 0; g < games; g++) {
        state_init(r, &states[0]);
        history_clear(&hist);
        history_push(&hist, states[0].hash, states[0].fort_hash, false, false);
        int plies = 0, n;
        while (plies < BENCH_NNUE_PLIES && (n = movegen_legal(r, &states[plies], moves)) > 0) {
            played[plies] = moves[rng_below(&rng, (uint32_t)n)];
            states[plies + 1] = states[plies];
            state_apply(r, &states[plies + 1], &hist, played[plies], &caps[plies]);
            plies++;
        }
        NnueAcc acc, fresh;
        nnue_refresh(&net, r, &states[0], &acc);
        double t0 = clock_seconds();
        for (int p = 0; p < plies; p++)
            nnue_update(&net, r, &states[p], played[p], &caps[p], &acc);
        double t1 = clock_seconds();
        for (int p = 1; p <= plies; p++)
            nnue_refresh(&net, r, &states[p], &fresh);
        double t2 = clock_seconds();
        if (nnue_output(&net, &acc) != nnue_output(&net, &fresh)) {
            fprintf(stderr, "bench: the network's updated and refreshed outputs differ\n");
            exit(EXIT_FAILURE);
        }
        update_s += t1 - t0;
        refresh_s += t2 - t1;
        updates += plies;
    }
    history_free(&hist);
    nnue_free(&net);
    report(out, "nnue_updates_per_s_copenhagen", update_s > 0 ? (double)updates / update_s : 0);
    report(out, "nnue_refreshes_per_s_copenhagen", refresh_s > 0 ? (double)updates / refresh_s : 0);
}

/* The plain Copenhagen search of ab_nps_copenhagen scoring with a network of 256 hidden units
 * (random weights: the speed of the arithmetic, not of a trained network's tree), its
 * accumulators kept move by move, against the hand-written evaluation's, measured in turn in
 * the same run, and their ratio. Speed only, out of the signature. */
static void run_network_searches(const Rules *r, int quick, FILE *out)
{
    Nnue net;
    bench_network(r, &net);
    char spec[256];
    snprintf(spec, sizeof spec, "alphabeta:depth=64,nodes=%d," ALPHABETA_PLAIN,
             quick ? 2000 : 20000);
    uint64_t nodes[2] = {0, 0};
    double seconds[2] = {0, 0};
    /* Hand and network in turn, a few rounds, so that a change in the machine's load falls on
     * both. */
    for (int round = 0; round < (quick ? 1 : 4); round++)
        for (int k = 0; k < 2; k++) {
            BenchSignature scratch = {0, FNV_OFFSET_BASIS};
            run_game_searches(r, spec, k ? &net : NULL, quick ? 4 : 8, &scratch, &nodes[k],
                              &seconds[k]);
        }
    nnue_free(&net);
    double hand = seconds[0] > 0 ? (double)nodes[0] / seconds[0] : 0;
    double network = seconds[1] > 0 ? (double)nodes[1] / seconds[1] : 0;
    report(out, "ab_nps_copenhagen_nnue", network);
    if (out)
        fprintf(out, "ab_nps_copenhagen_nnue_vs_hand %.2f\n", hand > 0 ? network / hand : 0);
}

void bench_run(BenchScale scale, FILE *out, BenchSignature *sig)
{
    sig->nodes = 0;
    sig->hash = FNV_OFFSET_BASIS;
    const int quick = scale == BENCH_QUICK;

    /* Perft: one 7x7, one two-word and one four-word board. */
    static const struct {
        const char *preset;
        int depth, quick_depth;
    } perfts[] = {{"brandubh", 5, 4}, {"tablut", 4, 3}, {"hnefatafl-15", 3, 2}};
    uint64_t perft_leaves = 0;
    double perft_seconds = 0;
    History hist;
    history_init(&hist);
    for (size_t i = 0; i < sizeof perfts / sizeof perfts[0]; i++) {
        Rules r;
        compile_or_die(perfts[i].preset, 0, &r);
        GameState s;
        state_init(&r, &s);
        history_clear(&hist);
        history_push(&hist, s.hash, s.fort_hash, false, false);
        double t0 = clock_seconds();
        uint64_t n = perft(&r, &s, &hist, quick ? perfts[i].quick_depth : perfts[i].depth);
        perft_seconds += clock_seconds() - t0;
        perft_leaves += n;
        sig->hash = fnv_mix(sig->hash, (uint32_t)n);
        if (out)
            fprintf(out, "perft_%s %llu\n", perfts[i].preset, (unsigned long long)n);
    }
    history_free(&hist);
    sig->nodes += perft_leaves;
    report(out, "perft_nps", perft_seconds > 0 ? (double)perft_leaves / perft_seconds : 0);

    /* The headline figure: uniform random Brandubh playouts, 500-ply cap. */
    Rules brandubh;
    compile_or_die("brandubh", BENCH_PLY_CAP, &brandubh);
    PlayoutStats main_stats = {0, 0, 0};
    run_playouts(&brandubh, quick ? 2000 : 100000, BENCH_SEED, &main_stats, sig);
    report(out, "playouts_per_s", (double)main_stats.playouts / main_stats.seconds);
    report(out, "playout_plies_per_s", (double)main_stats.plies / main_stats.seconds);
    if (out)
        fprintf(out, "playout_mean_plies %.2f\n",
                (double)main_stats.plies / (double)main_stats.playouts);

    /* Searches: alpha-beta nodes and MCTS iterations per second on fixed positions. */
    uint64_t nodes = 0;
    double seconds = 0;
    run_searches(&brandubh,
                 quick ? "alphabeta:depth=3," ALPHABETA_PLAIN
                       : "alphabeta:depth=6," ALPHABETA_PLAIN,
                 sig, &nodes, &seconds);
    report(out, "ab_nps", seconds > 0 ? (double)nodes / seconds : 0);
    /* The same searches with the learned evaluation shipped for Brandubh (eval=trained),
     * beside the hand-written one's: its speed only, so it stays out of the signature (a
     * retrained file changes its moves). */
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++) {
        if (EVALMODEL_SHIPPED[i].retired || strcmp(EVALMODEL_SHIPPED[i].name, "brandubh") != 0)
            continue;
        BenchSignature scratch = {0, FNV_OFFSET_BASIS};
        nodes = 0;
        seconds = 0;
        run_searches(&brandubh,
                     quick ? "alphabeta:depth=3,eval=trained," ALPHABETA_PLAIN
                           : "alphabeta:depth=6,eval=trained," ALPHABETA_PLAIN,
                     &scratch, &nodes, &seconds);
        report(out, "ab_nps_trained", seconds > 0 ? (double)nodes / seconds : 0);
    }
    /* The large board, where most of a search's time goes to move lists and captures: the
     * first plies of Copenhagen self-play at 20,000 positions a move, with the plain search,
     * the deeper one (pvs, lmr, tt_deep, ext and nullmove) and today's default (those and
     * qchecks=1, qrepeat, blend). Speed only, out of the signature like eval=trained, so that
     * the shipped runs' signature stands; the signature's searches name the plain search's
     * items (ALPHABETA_PLAIN) for the same reason. */
    static const struct {
        const char *key, *spec;
    } large[] = {
        {"ab_nps_copenhagen", "alphabeta:depth=64," ALPHABETA_PLAIN},
        {"ab_nps_copenhagen_deep",
         "alphabeta:depth=64,pvs=1,lmr=1,tt_deep=1,ext=1,nullmove=1,qchecks=0,qrepeat=0,blend=0"},
        {"ab_nps_copenhagen_default", "alphabeta:depth=64"},
    };
    Rules copenhagen;
    compile_or_die("copenhagen", BENCH_PLY_CAP, &copenhagen);
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        char spec[256];
        snprintf(spec, sizeof spec, "%s,nodes=%d", large[i].spec, quick ? 2000 : 20000);
        BenchSignature scratch = {0, FNV_OFFSET_BASIS};
        nodes = 0;
        seconds = 0;
        run_game_searches(&copenhagen, spec, NULL, quick ? 4 : 16, &scratch, &nodes, &seconds);
        report(out, large[i].key, seconds > 0 ? (double)nodes / seconds : 0);
    }
    run_network_searches(&copenhagen, quick, out);
    run_nnue(&copenhagen, quick ? 20 : 400, out);
    nodes = 0;
    seconds = 0;
    run_searches(&brandubh, quick ? "mcts:iterations=1000" : "mcts:iterations=20000", sig, &nodes,
                 &seconds);
    report(out, "mcts_ips", seconds > 0 ? (double)nodes / seconds : 0);

    /* Every preset, so every rule path is in the signature. */
    for (int i = 0; i < ruleset_preset_count(); i++) {
        const char *name = ruleset_preset_at(i)->name;
        Rules r;
        compile_or_die(name, BENCH_PLY_CAP, &r);
        PlayoutStats st = {0, 0, 0};
        run_playouts(&r, quick ? 50 : 1000, BENCH_SEED + 1 + (uint64_t)i, &st, sig);
        if (out)
            fprintf(out, "playouts_per_s_%s %.0f\n", name, (double)st.playouts / st.seconds);
    }
    if (out)
        fprintf(out, "bench: %llu %08x\n", (unsigned long long)sig->nodes, sig->hash);
}
