/* Learned evaluations (agents/evalmodel.h, issue 23): the file round trip, the hand-equivalent
 * model, the king's flood fill and the attackers' cordon on concrete positions, feature set 1
 * files read by a set 2 build, and refused files. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent_impl.h"
#include "agents/alphabeta.h"
#include "agents/eval.h"
#include "agents/evalfeatures.h"
#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "agents/mcts.h"
#include "rules/movegen.h"
#include "rules/rng.h"
#include "tests/tests.h"

static int feature_index(const Rules *r, const char *name)
{
    char buf[64];
    for (int i = 0; i < evalmodel_feature_count(r, EVALMODEL_FEATURES); i++) {
        evalmodel_feature_name(r, i, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return i;
    }
    ck_abort_msg("no feature %s", name);
    return -1;
}

static double feature_value(const EvalFeatures *f, int index)
{
    for (int i = 0; i < f->count; i++)
        if (f->index[i] == index)
            return f->value[i];
    return 0.0;
}

/* Writing what was read gives the same bytes, for the hand model and for awkward weights. */
START_TEST(test_round_trip)
{
    const char *presets[] = {"brandubh", "copenhagen", "tablut"};
    Rules r;
    fixture_rules(presets[_i], &r);
    EvalModel m, back;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, EVALMODEL_FEATURES, &m);
    for (int i = 0; i < m.count; i++)
        m.w[i] = (i % 3 == 0 ? -1.0 : 1.0) * (3.14159265358979 * i / 7.0 + 1e-9 * i);
    char *text = evalmodel_format(&r, &m);
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_parse(text, strlen(text), "t", &r, &back, &err), ST_OK);
    for (int i = 0; i < m.count; i++)
        ck_assert(back.w[i] == m.w[i]);
    char *again = evalmodel_format(&r, &back);
    ck_assert_str_eq(text, again);
    ck_assert(strncmp(text, "tafl-eval 1\nruleset ", 20) == 0);
    free(text);
    free(again);
}
END_TEST

/* The models with two weight sets: a sided model (version 2, atm.NAME then dtm.NAME) and a
 * player model (version 3, attacking.NAME then defending.NAME): twice the weights, and the same
 * bytes when written again; a linear model still writes version 1. Loop index: preset, then
 * model. */
START_TEST(test_round_trip_two_sets)
{
    const char *presets[] = {"brandubh", "copenhagen", "tablut"};
    static const struct {
        EvalModelKind kind;
        double scale, divisor;
        int flip;
        const char *header, *model, *first, *second;
    } cases[] = {
        {EVALMODEL_SIDED, 2.718281828459045, 11.0, 5, "tafl-eval 2\nruleset ", "\nmodel sided\n",
         "\natm.bias ", "\ndtm.hand "},
        {EVALMODEL_PLAYER, 1.414213562373095, 13.0, 7, "tafl-eval 3\nruleset ", "\nmodel player\n",
         "\nattacking.bias ", "\ndefending.hand "},
    };
    const double tiny[] = {1e-10, 1e-11};
    int c = _i / 3;
    Rules r;
    fixture_rules(presets[_i % 3], &r);
    EvalModel m, back;
    evalmodel_init_hand(&r, cases[c].kind, EVALMODEL_FEATURES, &m);
    ck_assert_int_eq(m.count, 2 * evalmodel_feature_count(&r, EVALMODEL_FEATURES));
    for (int i = 0; i < m.count; i++)
        m.w[i] = (i % cases[c].flip == 0 ? -1.0 : 1.0) *
                 (cases[c].scale * i / cases[c].divisor + tiny[c] * i);
    char *text = evalmodel_format(&r, &m);
    ck_assert(strncmp(text, cases[c].header, 20) == 0);
    ck_assert(strstr(text, cases[c].model));
    ck_assert(strstr(text, cases[c].first));
    ck_assert(strstr(text, cases[c].second));
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_parse(text, strlen(text), "t", &r, &back, &err), ST_OK);
    ck_assert_int_eq(back.kind, cases[c].kind);
    ck_assert_int_eq(back.count, m.count);
    for (int i = 0; i < m.count; i++)
        ck_assert(back.w[i] == m.w[i]);
    char *again = evalmodel_format(&r, &back);
    ck_assert_str_eq(text, again);
    free(text);
    free(again);
}
END_TEST

/* A net model (version 4): the linear set's names, then net.bias.hJ, net.PIECE_SQUARE.hJ (OTN
 * squares), net.attackers_to_move.hJ and net.out.hJ; the same bytes when written again, and
 * the hidden units read back from the count. Loop index: preset. */
START_TEST(test_net_round_trip)
{
    const char *presets[] = {"brandubh", "copenhagen", "tablut"};
    Rules r;
    fixture_rules(presets[_i], &r);
    EvalModel *m = malloc(sizeof *m), *back = malloc(sizeof *back);
    evalmodel_init_net(&r, EVALMODEL_FEATURES, 5, NULL, m);
    int f = evalmodel_feature_count(&r, EVALMODEL_FEATURES);
    ck_assert_int_eq(m->count, f + 5 * (3 * r.squares + 3));
    ck_assert_int_eq(m->count, evalmodel_net_count(&r, EVALMODEL_FEATURES, 5));
    for (int i = 0; i < m->count; i++)
        m->w[i] = (i % 5 == 0 ? -1.0 : 1.0) * (1.7320508075688772 * i / 17.0 + 1e-10 * i);
    char *text = evalmodel_format(&r, m);
    ck_assert(strncmp(text, "tafl-eval 4\nruleset ", 20) == 0);
    ck_assert(strstr(text, "\nmodel net\n"));
    char want[96];
    snprintf(want, sizeof want, "\nfeatures tafl-lab-%d %d\n", EVALMODEL_FEATURES, m->count);
    ck_assert(strstr(text, want));
    ck_assert(strstr(text, "\nhand "));
    ck_assert(strstr(text, "\nnet.bias.h4 "));
    ck_assert(strstr(text, "\nnet.attacker_a1.h0 "));
    ck_assert(strstr(text, "\nnet.king_a1.h3 "));
    ck_assert(strstr(text, "\nnet.attackers_to_move.h4 "));
    ck_assert(strstr(text, "\nnet.out.h4 "));
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_parse(text, strlen(text), "t", &r, back, &err), ST_OK);
    ck_assert_int_eq(back->kind, EVALMODEL_NET);
    ck_assert_int_eq(back->hidden, 5);
    ck_assert_int_eq(back->net_at, f);
    ck_assert_int_eq(back->count, m->count);
    for (int i = 0; i < m->count; i++)
        ck_assert(back->w[i] == m->w[i]);
    char *again = evalmodel_format(&r, back);
    ck_assert_str_eq(text, again);
    free(text);
    free(again);
    free(m);
    free(back);
}
END_TEST

/* A net model's value on a concrete position: with its network at 0 it is its linear model's;
 * with hand-set weights it adds sum_j out_j * max(0, bias_j + the weights of the inputs that
 * are 1), computed here by hand. Brandubh, the king on the throne beside two attackers, a third
 * attacker and two defenders near, attackers to move, then defenders. */
START_TEST(test_net_value)
{
    Rules r;
    GameState s;
    History h;
    fixture_position("brandubh", "/7/1t5/3T3/2tK1t1/7/4T2/7/", SIDE_ATTACKERS, &r, &s, &h);
    history_free(&h);
    EvalModel *lin = malloc(sizeof *lin), *net = malloc(sizeof *net);
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, lin);
    lin->w[0] = 0.25; /* bias */
    evalmodel_init_net(&r, 2, 2, lin, net);
    double base = evalmodel_evaluate(&r, &s, lin, SIDE_ATTACKERS);
    ck_assert(evalmodel_evaluate(&r, &s, net, SIDE_ATTACKERS) == base);
    /* The inputs that are 1: 3 attackers, 2 defenders, the king, attackers to move. */
    uint16_t idx[EVALMODEL_NET_ACTIVE_MAX];
    int n = evalmodel_net_active(&r, &s, idx);
    ck_assert_int_eq(n, 3 + 2 + 1 + 1);
    int king = evalmodel_net_input(&r, PIECE_KING, s.king);
    int stm = evalmodel_net_input(&r, PIECE_EMPTY, 0);
    ck_assert_int_eq(stm, 3 * r.squares);
    int at = net->net_at, hid = 2, out = net->count - hid;
    net->w[at + 0] = 0.5;                    /* unit 0 bias */
    net->w[at + 1] = -1.0;                   /* unit 1 bias */
    net->w[at + hid + king * hid + 0] = 0.5; /* king here: unit 0 */
    net->w[at + hid + stm * hid + 1] = 0.75; /* attackers to move: unit 1 (stays below 0) */
    net->w[out + 0] = 2.0;
    net->w[out + 1] = 3.0;
    /* unit 0: 0.5 + 0.5 = 1 -> 2 * 1; unit 1: -1 + 0.75 < 0 -> 0. */
    double expect = base + EVALMODEL_UNITS * 2.0;
    ck_assert(fabs(evalmodel_evaluate(&r, &s, net, SIDE_ATTACKERS) - expect) < 1e-9);
    ck_assert(fabs(evalmodel_net_logit(net, idx, n) - 2.0) < 1e-12);
    /* The same position with the defenders to move: no side-to-move input, the value from the
     * defenders' view. */
    fixture_position("brandubh", "/7/1t5/3T3/2tK1t1/7/4T2/7/", SIDE_DEFENDERS, &r, &s, &h);
    history_free(&h);
    ck_assert_int_eq(evalmodel_net_active(&r, &s, idx), 6);
    double base_d = evalmodel_evaluate(&r, &s, lin, SIDE_DEFENDERS);
    ck_assert(fabs(evalmodel_evaluate(&r, &s, net, SIDE_DEFENDERS) -
                   (base_d - EVALMODEL_UNITS * 2.0)) < 1e-9);
    free(lin);
    free(net);
}
END_TEST

/* A sided model uses its first weight set when the attackers are to move and its second when
 * the defenders are: on one board with either side to move, a weight in one set changes only
 * that side's logit. */
START_TEST(test_sided_sets)
{
    Rules r;
    GameState s;
    History h;
    EvalFeatures fa, fd;
    fixture_position("brandubh", "/7/7/7/3K3/7/7/7/", SIDE_ATTACKERS, &r, &s, &h);
    evalmodel_features(&r, &s, &fa);
    history_free(&h);
    fixture_position("brandubh", "/7/7/7/3K3/7/7/7/", SIDE_DEFENDERS, &r, &s, &h);
    evalmodel_features(&r, &s, &fd);
    history_free(&h);
    ck_assert(fa.attackers_to_move && !fd.attackers_to_move);
    EvalModel m;
    evalmodel_init_hand(&r, EVALMODEL_SIDED, EVALMODEL_FEATURES, &m);
    int n = evalmodel_feature_count(&r, EVALMODEL_FEATURES), k = feature_index(&r, "king_dist_2");
    double a0 = evalmodel_logit(&m, &fa, SIDE_ATTACKERS),
           d0 = evalmodel_logit(&m, &fd, SIDE_ATTACKERS);
    m.w[k] += 1.5; /* attackers to move */
    ck_assert(fabs(evalmodel_logit(&m, &fa, SIDE_ATTACKERS) - (a0 + 1.5)) < 1e-12);
    ck_assert(evalmodel_logit(&m, &fd, SIDE_ATTACKERS) == d0);
    m.w[n + k] -= 0.75; /* defenders to move */
    ck_assert(fabs(evalmodel_logit(&m, &fd, SIDE_ATTACKERS) - (d0 - 0.75)) < 1e-12);
    ck_assert(fabs(evalmodel_logit(&m, &fa, SIDE_ATTACKERS) - (a0 + 1.5)) < 1e-12);
    /* A linear model reads the same weights whoever is to move. */
    EvalModel lin;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, EVALMODEL_FEATURES, &lin);
    double la = evalmodel_logit(&lin, &fa, SIDE_ATTACKERS),
           ld = evalmodel_logit(&lin, &fd, SIDE_DEFENDERS);
    lin.w[k] += 1.5;
    ck_assert(evalmodel_weight_offset(&lin, &fd, SIDE_DEFENDERS) == 0);
    ck_assert(fabs(evalmodel_logit(&lin, &fa, SIDE_ATTACKERS) - (la + 1.5)) < 1e-12);
    ck_assert(fabs(evalmodel_logit(&lin, &fd, SIDE_DEFENDERS) - (ld + 1.5)) < 1e-12);
}
END_TEST

/* A player model reads its first set when the agent plays the attackers and its second when it
 * plays the defenders, whoever is to move in the position evaluated. */
START_TEST(test_player_sets)
{
    Rules r;
    GameState s;
    History h;
    EvalFeatures fa, fd;
    fixture_position("brandubh", "/7/7/7/3K3/7/7/7/", SIDE_ATTACKERS, &r, &s, &h);
    evalmodel_features(&r, &s, &fa);
    history_free(&h);
    fixture_position("brandubh", "/7/7/7/3K3/7/7/7/", SIDE_DEFENDERS, &r, &s, &h);
    evalmodel_features(&r, &s, &fd);
    history_free(&h);
    EvalModel m;
    evalmodel_init_hand(&r, EVALMODEL_PLAYER, EVALMODEL_FEATURES, &m);
    int n = evalmodel_feature_count(&r, EVALMODEL_FEATURES), k = feature_index(&r, "king_dist_2");
    const EvalFeatures *both[2] = {&fa, &fd};
    double att[2], def[2];
    for (int i = 0; i < 2; i++) {
        att[i] = evalmodel_logit(&m, both[i], SIDE_ATTACKERS);
        def[i] = evalmodel_logit(&m, both[i], SIDE_DEFENDERS);
        ck_assert(att[i] == def[i]); /* the hand model: the same weights in both sets */
    }
    m.w[k] += 1.5;     /* read by an attacking agent */
    m.w[n + k] -= 0.5; /* read by a defending agent */
    for (int i = 0; i < 2; i++) {
        ck_assert(fabs(evalmodel_logit(&m, both[i], SIDE_ATTACKERS) - (att[i] + 1.5)) < 1e-12);
        ck_assert(fabs(evalmodel_logit(&m, both[i], SIDE_DEFENDERS) - (def[i] - 0.5)) < 1e-12);
    }
}
END_TEST

/* evalmodel_join puts a linear model's weights in one half and the hand model (or another
 * linear model, or a player model's half of that side) in the other; a sided half, halves of
 * two feature sets or of other rules are refused. */
START_TEST(test_join)
{
    Rules r, other;
    fixture_rules("copenhagen", &r);
    fixture_rules("brandubh", &other);
    EvalModel a, d, joined, hand;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 3, &a);
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 3, &d);
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 3, &hand);
    for (int i = 0; i < a.count; i++) {
        a.w[i] = 0.01 * i;
        d.w[i] = -0.02 * i;
    }
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_join(&r, &a, NULL, &joined, &err), ST_OK);
    ck_assert_int_eq(joined.kind, EVALMODEL_PLAYER);
    ck_assert_int_eq(joined.features, 3);
    ck_assert_int_eq(joined.count, 2 * a.count);
    for (int i = 0; i < a.count; i++) {
        ck_assert(joined.w[i] == a.w[i]);
        ck_assert(joined.w[a.count + i] == hand.w[i]);
    }
    ck_assert_int_eq(evalmodel_join(&r, NULL, &d, &joined, &err), ST_OK);
    for (int i = 0; i < a.count; i++) {
        ck_assert(joined.w[i] == hand.w[i]);
        ck_assert(joined.w[a.count + i] == d.w[i]);
    }
    EvalModel sided, set2, foreign;
    evalmodel_init_hand(&r, EVALMODEL_SIDED, 3, &sided);
    ck_assert_int_eq(evalmodel_join(&r, &a, &sided, &joined, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "the defending half must be a linear model (model linear) or a "
                               "player one, not a sided one");
    /* A player model gives its half of the same side. */
    EvalModel first, second;
    ck_assert_int_eq(evalmodel_join(&r, &a, &d, &first, &err), ST_OK);
    ck_assert_int_eq(evalmodel_join(&r, &d, &a, &second, &err), ST_OK);
    ck_assert_int_eq(evalmodel_join(&r, &second, &first, &joined, &err), ST_OK);
    for (int i = 0; i < a.count; i++) {
        ck_assert(joined.w[i] == d.w[i]);
        ck_assert(joined.w[a.count + i] == d.w[i]);
    }
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, &set2);
    ck_assert_int_eq(evalmodel_join(&r, &a, &set2, &joined, &err), ST_EINVAL);
    ck_assert(strstr(err.text, "two feature sets (attacking tafl-lab-3, defending tafl-lab-2)"));
    evalmodel_init_hand(&other, EVALMODEL_LINEAR, 3, &foreign);
    ck_assert_int_eq(evalmodel_join(&r, &foreign, NULL, &joined, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "the attacking half was trained for brandubh, not for copenhagen");
}
END_TEST

/* An alpha-beta or greedy agent with a player model plays as its attacking half when it moves
 * for the attackers and as its defending half when it moves for the defenders: the same moves and
 * scores as agents given each half alone, in positions of a seeded game, whichever side it
 * moved for before. */
START_TEST(test_player_agent)
{
    Rules r;
    fixture_rules("brandubh", &r);
    EvalModel a, joined;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, &a);
    int k = feature_index(&r, "king_dist_2");
    a.w[k] += 2.0; /* an attacking half unlike the hand-written evaluation */
    a.w[0] -= 0.3;
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_join(&r, &a, NULL, &joined, &err), ST_OK);
    const char *specs[] = {"alphabeta:depth=2", "greedy"};
    Agent *player, *att_only, *hand;
    ck_assert_int_eq(agent_create(specs[_i], &r, 1, &player, &err), ST_OK);
    ck_assert_int_eq(agent_create(specs[_i], &r, 1, &att_only, &err), ST_OK);
    ck_assert_int_eq(agent_create(specs[_i], &r, 1, &hand, &err), ST_OK);
    evaluator_set_model(player->type->evaluator(player), &joined);
    evaluator_set_model(att_only->type->evaluator(att_only), &a);
    Rng rng;
    rng_seed(&rng, 5);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    int differ = 0;
    for (int ply = 0; ply < 16 && !state_is_over(&s); ply++) {
        Agent *same = s.side == SIDE_ATTACKERS ? att_only : hand;
        Agent *other = s.side == SIDE_ATTACKERS ? hand : att_only;
        agent_new_game(player, 1);
        agent_new_game(same, 1);
        agent_new_game(other, 1);
        Move m = agent_choose(player, &s, &h), want = agent_choose(same, &s, &h);
        ck_assert(m.from == want.from && m.to == want.to);
        /* The hand model's weight 2.5 on hand / 100 rounds apart from the hand-written sum. */
        ck_assert_msg(fabs(player->stats.score - same->stats.score) <=
                          1e-9 * (1 + fabs(same->stats.score)),
                      "ply %d: %g against %g", ply, player->stats.score, same->stats.score);
        Move o = agent_choose(other, &s, &h);
        differ += o.from != m.from || o.to != m.to || other->stats.score != same->stats.score;
        Move moves[RULES_MAX_MOVES];
        int n = movegen_legal(&r, &s, moves);
        state_apply(&r, &s, &h, moves[rng_below(&rng, (uint32_t)n)], NULL);
    }
    ck_assert_int_gt(differ, 0); /* the halves do differ, so the test can tell them apart */
    history_free(&h);
    agent_destroy(player);
    agent_destroy(att_only);
    agent_destroy(hand);
}
END_TEST

/* An alpha-beta agent with a player model that searched for the attackers and is then asked to
 * move for the defenders in a position of that search starts with an empty table: its score
 * there is the one a fresh agent with the defending half gets, not one mixed with the attacking
 * half's table entries (the same remaining depths would cut on them). */
START_TEST(test_player_agent_changes_side)
{
    Rules r;
    fixture_rules("brandubh", &r);
    EvalModel a, joined;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, &a);
    a.w[feature_index(&r, "king_dist_2")] += 2.0;
    a.w[0] -= 0.3;
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_join(&r, &a, NULL, &joined, &err), ST_OK);
    Agent *player, *hand;
    ck_assert_int_eq(agent_create("alphabeta:depth=3", &r, 1, &player, &err), ST_OK);
    ck_assert_int_eq(agent_create("alphabeta:depth=3", &r, 1, &hand, &err), ST_OK);
    evaluator_set_model(player->type->evaluator(player), &joined);
    agent_new_game(player, 1);
    agent_new_game(hand, 1);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    Move first;
    alphabeta_search(player, &s, &h, 3, &first); /* for the attackers: fills the table */
    state_apply(&r, &s, &h, first, NULL);
    Move m, want;
    double got = alphabeta_search(player, &s, &h, 2, &m);
    double fresh = alphabeta_search(hand, &s, &h, 2, &want);
    ck_assert_msg(fabs(got - fresh) <= 1e-9 * (1 + fabs(fresh)), "%g against %g", got, fresh);
    ck_assert(m.from == want.from && m.to == want.to);
    history_free(&h);
    agent_destroy(player);
    agent_destroy(hand);
}
END_TEST

/* An MCTS agent that keeps its tree (reuse=yes) continues it into the defenders' move after an
 * attackers' search with a linear model, and starts a new tree with a player model, whose
 * defenders read other weights than the tree's values were made with. */
START_TEST(test_player_mcts_new_tree)
{
    Rules r;
    fixture_rules("brandubh", &r);
    EvalModel lin, joined;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, &lin);
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_join(&r, &lin, NULL, &joined, &err), ST_OK);
    const EvalModel *models[2] = {&lin, &joined};
    for (int k = 0; k < 2; k++) {
        Agent *mcts;
        ck_assert_int_eq(agent_create("mcts:iterations=400,reuse=yes", &r, 1, &mcts, &err), ST_OK);
        evaluator_set_model(mcts->type->evaluator(mcts), models[k]);
        agent_new_game(mcts, 1);
        GameState s;
        History h;
        fixture_start(&r, &s, &h);
        state_apply(&r, &s, &h, agent_choose(mcts, &s, &h), NULL); /* for the attackers */
        agent_choose(mcts, &s, &h);                                /* for the defenders */
        ck_assert_msg(mcts_tree_reused(mcts) == (k == 0), "model %d", k);
        history_free(&h);
        agent_destroy(mcts);
    }
}
END_TEST

/* The hand model (weight 2.5 on hand / 100) values every position as the hand-written
 * evaluation does: over 200 positions of seeded random games, linear and sided. */
START_TEST(test_hand_equivalent)
{
    Rules r;
    fixture_rules(_i % 2 == 0 ? "brandubh" : "copenhagen", &r);
    EvalModel m;
    evalmodel_init_hand(&r, _i < 2 ? EVALMODEL_LINEAR : EVALMODEL_SIDED, EVALMODEL_FEATURES, &m);
    double defaults[EVAL_PARAM_COUNT];
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        defaults[i] = EVAL_PARAMS[i].def;
    EvalWeights hand;
    eval_weights_from(defaults, &hand);
    Rng rng;
    rng_seed(&rng, 11);
    int checked = 0;
    for (int game = 0; game < 10; game++) {
        GameState s;
        History h;
        fixture_start(&r, &s, &h);
        for (int ply = 0; ply < 20 && !state_is_over(&s); ply++) {
            double a = eval_evaluate(&r, &s, &hand),
                   b = evalmodel_evaluate(&r, &s, &m, SIDE_ATTACKERS);
            ck_assert_msg(fabs(a - b) <= 1e-9 * (1 + fabs(a)), "hand %g, model %g", a, b);
            checked++;
            Move moves[RULES_MAX_MOVES];
            int n = movegen_legal(&r, &s, moves);
            state_apply(&r, &s, &h, moves[rng_below(&rng, (uint32_t)n)], NULL);
        }
        history_free(&h);
    }
    ck_assert_int_ge(checked, 100);
}
END_TEST

/* The king's move distance and region by flood fill, on Brandubh (corner escape). */
START_TEST(test_king_flood)
{
    Rules r;
    GameState s;
    History h;
    EvalFeatures f;
    /* Alone on d4 (the throne): d4-d1, d1-a1: two moves; every square but the corners' and
     * his own reachable, and all four corners. */
    fixture_position("brandubh", "/7/7/7/3K3/7/7/7/", SIDE_ATTACKERS, &r, &s, &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_2")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_1")) == 0.0);
    ck_assert(feature_value(&f, feature_index(&r, "king_region_escapes_4")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "king_region")) - 48.0 / 49.0) < 1e-12);
    ck_assert(feature_value(&f, feature_index(&r, "king_sq_3_3")) == 1.0);
    history_free(&h);
    /* Walled in by four attackers: no move, no region. */
    fixture_position("brandubh", "/7/7/3t3/2tKt2/3t3/7/7/", SIDE_DEFENDERS, &r, &s, &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_none")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "king_region")) == 0.0);
    ck_assert(feature_value(&f, feature_index(&r, "king_region_escapes_0")) == 1.0);
    /* The four attackers share one class (two steps from the edges on one axis, three on the
     * other): the piece-square count is 4. */
    ck_assert(feature_value(&f, feature_index(&r, "attacker_sq_2_3")) == 4.0);
    history_free(&h);
    /* On a6 with the corner a7 open along the edge: one move. The corner blockade: an attacker
     * beside g1 (f1) and two on its diagonal line (e1, f2). */
    fixture_position("brandubh", "/4tt1/5t1/7/7/7/K6/7/", SIDE_ATTACKERS, &r, &s, &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_1")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "corner_beside_1_diagonal_2")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "corner_beside_0_diagonal_0")) == 3.0);
    history_free(&h);
}
END_TEST

/* Feature set 3: the king's empty neighbours and the defenders (king included) the
 * attackers' ring leaves joined to an edge, with the share it encloses. */
START_TEST(test_ring)
{
    Rules r;
    GameState s;
    History h;
    EvalFeatures f;
    /* Brandubh's start: nothing is enclosed (all five defenders reach an edge); the king's four
     * neighbours are his own men. */
    fixture_rules("brandubh", &r);
    state_init(&r, &s);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_free_0")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "defenders_outside_5plus")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "defenders_enclosed")) == 0.0);
    /* The ring of test_cordon round the king and a defender (c3..e5), and a second defender
     * outside it on b7: one of three outside, two thirds enclosed; the king has three empty
     * neighbours (his man on e4 is the fourth). */
    fixture_position("brandubh", "/1T5/2ttt2/1t3t1/1t1KTt1/1t3t1/2ttt2/7/", SIDE_DEFENDERS, &r, &s,
                     &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_free_3")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "defenders_outside_1")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "defenders_enclosed")) - 2.0 / 3.0) < 1e-12);
    history_free(&h);
    /* A model of set 2 reads no set 3 feature, and evaluates as from set 2's features. */
    evalmodel_features_of_set(&r, &s, 2, &f);
    for (int i = 0; i < f.count; i++)
        ck_assert_int_lt(f.index[i], evalmodel_feature_count(&r, 2));
}
END_TEST

/* The attackers' cordon (feature set 2): the squares joined to the king's by neighbour steps
 * over squares no attacker holds, and the escape squares among them. */
START_TEST(test_cordon)
{
    Rules r;
    GameState s;
    History h;
    EvalFeatures f;
    /* Brandubh's start: the king cannot move (his own men stand round him), but no attacker
     * closes him in: every square but the eight attackers' is inside, the four corners too. */
    fixture_rules("brandubh", &r);
    state_init(&r, &s);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_none")) == 1.0);
    ck_assert(feature_value(&f, feature_index(&r, "cordon_escapes_4")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "cordon_region")) - 41.0 / 49.0) < 1e-12);
    /* Walled in by four attackers: the cordon holds his square alone, and no corner. */
    fixture_position("brandubh", "/7/7/3t3/2tKt2/3t3/7/7/", SIDE_DEFENDERS, &r, &s, &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "cordon_escapes_0")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "cordon_region")) - 1.0 / 49.0) < 1e-12);
    history_free(&h);
    /* Attackers on a3, b2 and c1, a diagonal wall, shut off the corner a1 (and a2, b1): the
     * king on d4 keeps three corners, in his slides and in the cordon. */
    fixture_position("brandubh", "/7/7/7/3K3/t6/1t5/2t4/", SIDE_ATTACKERS, &r, &s, &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "cordon_escapes_3")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "cordon_region")) - 43.0 / 49.0) < 1e-12);
    ck_assert(feature_value(&f, feature_index(&r, "king_region_escapes_3")) == 1.0);
    history_free(&h);
    /* A ring of attackers round the king and a defender on c3..e5 (the ring's own corners b6,
     * f6, b2, f2 stay empty: no neighbour step crosses a diagonal): no way out, though the king
     * can move. */
    fixture_position("brandubh", "/7/2ttt2/1t3t1/1t1KTt1/1t3t1/2ttt2/7/", SIDE_DEFENDERS, &r, &s,
                     &h);
    evalmodel_features(&r, &s, &f);
    ck_assert(feature_value(&f, feature_index(&r, "cordon_escapes_0")) == 1.0);
    ck_assert(fabs(feature_value(&f, feature_index(&r, "cordon_region")) - 9.0 / 49.0) < 1e-12);
    ck_assert(feature_value(&f, feature_index(&r, "king_dist_none")) == 1.0);
    history_free(&h);
}
END_TEST

/* A feature set 1 model (files written before set 2) gives the same logit as before: the
 * features set 2 appended carry no weight in it, and its file reads and writes back as set 1. */
START_TEST(test_set1_reads_as_before)
{
    Rules r;
    fixture_rules("copenhagen", &r);
    EvalModel one, two;
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 1, &one);
    evalmodel_init_hand(&r, EVALMODEL_LINEAR, 2, &two);
    ck_assert_int_eq(two.count, one.count + 6);
    for (int i = 0; i < one.count; i++)
        one.w[i] = two.w[i] = 0.01 * (i % 7) - 0.02;
    for (int i = one.count; i < two.count; i++)
        two.w[i] = 0.0;
    char *text = evalmodel_format(&r, &one);
    ck_assert(strstr(text, "\nfeatures tafl-lab-1 "));
    ck_assert(!strstr(text, "cordon"));
    EvalModel back;
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_parse(text, strlen(text), "t", &r, &back, &err), ST_OK);
    ck_assert_int_eq(back.features, 1);
    ck_assert_int_eq(back.count, one.count);
    char *again = evalmodel_format(&r, &back);
    ck_assert_str_eq(text, again);
    free(text);
    free(again);
    Rng rng;
    rng_seed(&rng, 3);
    GameState s;
    History h;
    fixture_start(&r, &s, &h);
    int compared = 0;
    for (int ply = 0; ply < 80 && !state_is_over(&s); ply++) {
        EvalFeatures f;
        evalmodel_features(&r, &s, &f);
        ck_assert(evalmodel_logit(&back, &f, SIDE_ATTACKERS) ==
                  evalmodel_logit(&two, &f, SIDE_ATTACKERS));
        two.w[one.count] = 1.0; /* cordon_escapes_0: set 1 never reads it */
        ck_assert(evalmodel_logit(&back, &f, SIDE_ATTACKERS) ==
                  evalmodel_logit(&one, &f, SIDE_ATTACKERS));
        two.w[one.count] = 0.0;
        compared++;
        Move moves[RULES_MAX_MOVES];
        int n = movegen_legal(&r, &s, moves);
        state_apply(&r, &s, &h, moves[rng_below(&rng, (uint32_t)n)], NULL);
    }
    history_free(&h);
    ck_assert_int_ge(compared, 40);
}
END_TEST

/* The plain breadth-first search over the king's slides, every slide to its end (the
 * definition the feature set documents), as the reference for evalmodel_features' faster one. */
static void reference_flood(const Rules *r, const GameState *s, int *best, int *region, int *esc)
{
    int dist[RULES_MAX_SQUARES], queue[RULES_MAX_SQUARES], head = 0, tail = 0;
    for (int i = 0; i < r->squares; i++)
        dist[i] = -1;
    *best = -1;
    *region = 0;
    *esc = 0;
    dist[s->king] = 0;
    queue[tail++] = s->king;
    while (head < tail) {
        int from = queue[head++];
        for (int d = 0; d < RULES_DIRS; d++) {
            for (int sq = r->neighbour[from][d]; sq >= 0; sq = r->neighbour[sq][d]) {
                if ((s->attackers[sq >> 6] | s->defenders[sq >> 6]) >> (sq & 63) & 1)
                    break;
                bool throne = r->opt.throne && sq == r->throne_sq;
                if (throne && r->opt.throne_pass == THRONE_PASS_NONE)
                    break;
                if (dist[sq] >= 0 || (throne && !r->opt.throne_reentry))
                    continue;
                dist[sq] = dist[from] + 1;
                (*region)++;
                const uint64_t *escape = r->opt.escape == ESCAPE_CORNER ? r->corner : r->edge;
                if (escape[sq >> 6] >> (sq & 63) & 1) {
                    (*esc)++;
                    if (*best < 0)
                        *best = dist[sq];
                    break;
                }
                queue[tail++] = sq;
            }
        }
    }
}

/* The cordon by a plain breadth-first search over neighbour steps onto squares no attacker
 * holds: its squares and the escape squares among them. */
static void reference_cordon(const Rules *r, const GameState *s, int *region, int *esc)
{
    bool seen[RULES_MAX_SQUARES] = {false};
    int queue[RULES_MAX_SQUARES], head = 0, tail = 0;
    const uint64_t *escape = r->opt.escape == ESCAPE_CORNER ? r->corner : r->edge;
    seen[s->king] = true;
    queue[tail++] = s->king;
    *region = 0;
    *esc = 0;
    while (head < tail) {
        int sq = queue[head++];
        (*region)++;
        *esc += (int)(escape[sq >> 6] >> (sq & 63) & 1);
        for (int d = 0; d < RULES_DIRS; d++) {
            int to = r->neighbour[sq][d];
            if (to >= 0 && !seen[to] && !(s->attackers[to >> 6] >> (to & 63) & 1)) {
                seen[to] = true;
                queue[tail++] = to;
            }
        }
    }
}

/* The defenders (king included) joined to an edge by a plain breadth-first search over
 * neighbour steps onto squares no attacker holds, from every edge square no attacker holds. */
static int reference_edge_defenders(const Rules *r, const GameState *s)
{
    bool seen[RULES_MAX_SQUARES] = {false};
    int queue[RULES_MAX_SQUARES], head = 0, tail = 0, count = 0;
    for (int sq = 0; sq < r->squares; sq++) {
        if ((r->edge[sq >> 6] >> (sq & 63) & 1) && !(s->attackers[sq >> 6] >> (sq & 63) & 1)) {
            seen[sq] = true;
            queue[tail++] = sq;
        }
    }
    while (head < tail) {
        int sq = queue[head++];
        count += (s->defenders[sq >> 6] >> (sq & 63) & 1) || sq == s->king;
        for (int d = 0; d < RULES_DIRS; d++) {
            int to = r->neighbour[sq][d];
            if (to >= 0 && !seen[to] && !(s->attackers[to >> 6] >> (to & 63) & 1)) {
                seen[to] = true;
                queue[tail++] = to;
            }
        }
    }
    return count;
}

/* The flood fill's distance, region and escapes, the cordon's region and escapes, and the
 * defenders joined to an edge (set 3) equal the references' on the positions of random games,
 * on boards with corner and edge escape and with each throne rule. */
START_TEST(test_king_flood_matches_reference)
{
    const char *presets[] = {"brandubh",       "copenhagen",         "tablut",      "ard-ri",
                             "brandubh-livas", "brandub-cyningstan", "hnefatafl-13"};
    Rules r;
    fixture_rules(presets[_i], &r);
    Rng rng;
    rng_seed(&rng, 5 + (uint64_t)_i);
    int checked = 0;
    for (int game = 0; game < 30; game++) {
        GameState s;
        History h;
        fixture_start(&r, &s, &h);
        for (int ply = 0; ply < 120 && !state_is_over(&s); ply++) {
            int best, region, esc;
            reference_flood(&r, &s, &best, &region, &esc);
            EvalFeatures f;
            evalmodel_features(&r, &s, &f);
            char name[64];
            if (best < 0)
                snprintf(name, sizeof name, "king_dist_none");
            else if (best > 8)
                snprintf(name, sizeof name, "king_dist_9plus");
            else
                snprintf(name, sizeof name, "king_dist_%d", best);
            ck_assert_msg(feature_value(&f, feature_index(&r, name)) == 1.0, "%s ply %d: %s",
                          presets[_i], ply, name);
            ck_assert(fabs(feature_value(&f, feature_index(&r, "king_region")) -
                           (double)region / r.squares) < 1e-12);
            snprintf(name, sizeof name, "king_region_escapes_%d", esc >= 4 ? 4 : esc);
            ck_assert_msg(feature_value(&f, feature_index(&r, name)) == 1.0, "%s", name);
            reference_cordon(&r, &s, &region, &esc);
            snprintf(name, sizeof name, "cordon_escapes_%d", esc >= 4 ? 4 : esc);
            ck_assert_msg(feature_value(&f, feature_index(&r, name)) == 1.0, "%s ply %d: %s",
                          presets[_i], ply, name);
            ck_assert(fabs(feature_value(&f, feature_index(&r, "cordon_region")) -
                           (double)region / r.squares) < 1e-12);
            int outside = reference_edge_defenders(&r, &s);
            ck_assert_int_eq(movegen_edge_defenders(&r, &s), outside);
            if (outside >= 5)
                snprintf(name, sizeof name, "defenders_outside_5plus");
            else
                snprintf(name, sizeof name, "defenders_outside_%d", outside);
            ck_assert_msg(feature_value(&f, feature_index(&r, name)) == 1.0, "%s ply %d: %s",
                          presets[_i], ply, name);
            checked++;
            Move moves[RULES_MAX_MOVES];
            int n = movegen_legal(&r, &s, moves);
            state_apply(&r, &s, &h, moves[rng_below(&rng, (uint32_t)n)], NULL);
        }
        history_free(&h);
    }
    ck_assert_int_ge(checked, 1000);
}
END_TEST

static void assert_refused(const Rules *r, const char *text, Status want, const char *needle)
{
    EvalModel m;
    Error err = {{0}};
    ck_assert_int_eq(evalmodel_parse(text, strlen(text), "f.eval", r, &m, &err), want);
    ck_assert_msg(strstr(err.text, needle), "'%s' lacks '%s'", err.text, needle);
    ck_assert(!strchr(err.text, '\n'));
}

/* A file for another ruleset, a truncated file, text after `end`, a bad weight. */
START_TEST(test_refused)
{
    Rules brandubh, copenhagen;
    fixture_rules("brandubh", &brandubh);
    fixture_rules("copenhagen", &copenhagen);
    EvalModel m;
    evalmodel_init_hand(&copenhagen, EVALMODEL_LINEAR, EVALMODEL_FEATURES, &m);
    char *text = evalmodel_format(&copenhagen, &m);
    assert_refused(&brandubh, text, ST_EINVAL, "f.eval:3: trained for ruleset copenhagen");
    size_t len = strlen(text);
    char *cut = strdup(text);
    cut[len / 2] = '\0';
    assert_refused(&copenhagen, cut, ST_EPARSE, "the file ends early");
    free(cut);
    char *extra = malloc(len + 8);
    snprintf(extra, len + 8, "%sx 1\n", text);
    assert_refused(&copenhagen, extra, ST_EPARSE, "text after 'end'");
    free(extra);
    char *bad = strdup(text);
    char *hand = strstr(bad, "\nhand ");
    hand[6] = 'q';
    assert_refused(&copenhagen, bad, ST_EPARSE, "f.eval:9: hand:");
    free(bad);
    free(text);
    /* Version 1 has no sided model; an unknown version or model is named. */
    EvalModel sided;
    evalmodel_init_hand(&copenhagen, EVALMODEL_SIDED, EVALMODEL_FEATURES, &sided);
    text = evalmodel_format(&copenhagen, &sided);
    char *v1 = strdup(text);
    v1[10] = '1';
    assert_refused(&copenhagen, v1, ST_EPARSE, "f.eval:4: want 'model linear' (the only model");
    v1[10] = '5';
    assert_refused(&copenhagen, v1, ST_EPARSE, "f.eval:1: not a tafl-eval 1, 2, 3 or 4 file");
    free(v1);
    char *mlp = strdup(text);
    memcpy(strstr(mlp, "model sided"), "model mlp  ", 11);
    assert_refused(&copenhagen, mlp, ST_EPARSE, "f.eval:4: want 'model linear' or 'model sided'");
    free(mlp);
    /* Version 2 has no player model. */
    char *player = malloc(strlen(text) + 2);
    const char *at_model = strstr(text, "model sided");
    snprintf(player, strlen(text) + 2, "%.*smodel player%s", (int)(at_model - text), text,
             at_model + strlen("model sided"));
    assert_refused(&copenhagen, player, ST_EPARSE, "('player' is version 3)");
    free(player);
    /* A sided file cut after its first weight set. */
    char *half = strdup(text);
    *strstr(half, "\ndtm.bias ") = '\0';
    strcat(half, "\n");
    assert_refused(&copenhagen, half, ST_EPARSE, "the file ends early");
    free(half);
    /* A sided file whose count says linear. */
    char *count = strdup(text);
    char want[64];
    snprintf(want, sizeof want, "features tafl-lab-%d %d", EVALMODEL_FEATURES, sided.count);
    char *at = strstr(count, want);
    ck_assert(at);
    char line[64];
    snprintf(line, sizeof line, "features tafl-lab-%d %d", EVALMODEL_FEATURES, sided.count / 2);
    size_t tail = strlen(at + strlen(want)) + 1;
    memmove(at + strlen(line), at + strlen(want), tail);
    memcpy(at, line, strlen(line));
    char both[128];
    snprintf(both, sizeof both,
             "f.eval:5: want 'features tafl-lab-1 %d', 'features tafl-lab-2 %d' or 'features "
             "tafl-lab-3 %d'",
             evalmodel_weight_count(&copenhagen, EVALMODEL_SIDED, 1),
             evalmodel_weight_count(&copenhagen, EVALMODEL_SIDED, 2), sided.count);
    assert_refused(&copenhagen, count, ST_EPARSE, both);
    memcpy(strstr(count, "tafl-lab-3"), "tafl-lab-4", 10);
    assert_refused(&copenhagen, count, ST_EPARSE, "f.eval:5: want 'features tafl-lab-1");
    free(count);
    free(text);
    /* Same rules under another name: accepted (the hash leaves the name out). */
    Ruleset rs = brandubh.opt;
    snprintf(rs.name, sizeof rs.name, "my-brandubh");
    rs.max_plies = 77;
    Rules renamed;
    Error err = {{0}};
    ck_assert_int_eq(rules_compile(&rs, &renamed, &err), ST_OK);
    ck_assert(evalmodel_rules_hash(&renamed) == evalmodel_rules_hash(&brandubh));
}
END_TEST

/* Refused net files: a count that is not the linear set plus whole hidden units, more than 16
 * units, `model net` in a version 3 file, a misnamed network weight. */
START_TEST(test_net_refused)
{
    Rules r;
    fixture_rules("brandubh", &r);
    EvalModel *m = malloc(sizeof *m);
    evalmodel_init_net(&r, 2, 3, NULL, m);
    char *text = evalmodel_format(&r, m);
    char *v3 = strdup(text);
    v3[10] = '3';
    assert_refused(&r, v3, ST_EPARSE,
                   "f.eval:4: want 'model linear', 'model sided' or 'model "
                   "player' ('net' is version 4)");
    free(v3);
    char good[64], line[64];
    snprintf(good, sizeof good, "features tafl-lab-2 %d", m->count);
    const int counts[] = {m->count - 1, evalmodel_net_count(&r, 2, 17),
                          evalmodel_feature_count(&r, 2)};
    for (int c = 0; c < 3; c++) {
        char *bad = malloc(strlen(text) + 16);
        const char *at = strstr(text, good);
        ck_assert(at);
        snprintf(line, sizeof line, "features tafl-lab-2 %d", counts[c]);
        snprintf(bad, strlen(text) + 16, "%.*s%s%s", (int)(at - text), text, line,
                 at + strlen(good));
        assert_refused(&r, bad, ST_EPARSE, "f.eval:5: a net model of feature set 2 on a 7x7 board");
        free(bad);
    }
    char *renamed = strdup(text);
    memcpy(strstr(renamed, "net.out.h0"), "net.out.hX", 10);
    assert_refused(&r, renamed, ST_EPARSE, "want weight 'net.out.h0', found 'net.out.hX'");
    free(renamed);
    free(text);
    free(m);
}
END_TEST

/* Every shipped evaluation, current or retired, resolves from its recorded value
 * "trained@HASH" to exactly its own text, so a run recorded before a retraining replays;
 * eval=trained alone picks the current one of its ruleset and never a retired one; a hash that
 * no shipped file has is refused as a changed evaluation. */
START_TEST(test_shipped_by_hash)
{
    int current = 0;
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++) {
        const EvalShipped *e = &EVALMODEL_SHIPPED[i];
        current += !e->retired;
        char ruleset[64] = "";
        const char *line = strstr(e->text, "\nruleset ");
        ck_assert_msg(line && sscanf(line + 9, "%63s", ruleset) == 1, "%s: no ruleset", e->name);
        Rules r;
        fixture_rules(ruleset, &r);
        uint64_t h = evalmodel_text_hash(e->text, strlen(e->text));
        char value[64];
        snprintf(value, sizeof value, "trained@%016llx", (unsigned long long)h);
        EvalModel *m = NULL;
        char *canonical = NULL;
        Error err = {{0}};
        ck_assert_msg(evalmodel_resolve(value, &r, &m, &canonical, &err) == ST_OK, "%s: %s",
                      e->name, err.text);
        ck_assert_str_eq(canonical, value);
        EvalModel direct;
        ck_assert_int_eq(evalmodel_parse(e->text, strlen(e->text), "e", &r, &direct, &err), ST_OK);
        ck_assert_int_eq(m->count, direct.count);
        ck_assert(memcmp(m->w, direct.w, (size_t)direct.count * sizeof direct.w[0]) == 0);
        free(m);
        free(canonical);
        /* Unpinned: the current file of these rules, whose hash is not a retired one's. */
        ck_assert_int_eq(evalmodel_resolve("trained", &r, &m, &canonical, &err), ST_OK);
        if (e->retired)
            ck_assert_str_ne(canonical, value);
        else
            ck_assert_str_eq(canonical, value);
        free(m);
        free(canonical);
        snprintf(value, sizeof value, "trained@%016llx", (unsigned long long)(h ^ 1));
        ck_assert_int_eq(evalmodel_resolve(value, &r, &m, &canonical, &err), ST_EINVAL);
        ck_assert_msg(strstr(err.text, "the content changed"), "%s", err.text);
    }
    ck_assert_int_ge(current, 1);
}
END_TEST

/* The file a run's setup hashes for eval=FILE is the file the agent read: a recorded @HASH (16
 * hex digits) is dropped, any other "@" is part of the name, as evalmodel_resolve reads them. */
START_TEST(test_spec_file_hash)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/tafl-evalmodel-XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
    Rules r;
    fixture_rules("brandubh", &r);
    /* Two evaluations of Brandubh: the shipped one and a retired one. */
    const char *texts[2] = {NULL, NULL};
    for (int i = 0; i < EVALMODEL_SHIPPED_COUNT; i++) {
        const EvalShipped *e = &EVALMODEL_SHIPPED[i];
        if (strncmp(e->name, "brandubh", 8) == 0 && !texts[e->retired])
            texts[e->retired] = e->text;
    }
    ck_assert(texts[0] && texts[1]);
    const char *names[] = {"w.eval", "w@zzzzzzzzzzzzzzzz"}; /* 16 characters, not hex */
    char path[2][128];
    uint64_t hash[2];
    for (int i = 0; i < 2; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
        FILE *f = fopen(path[i], "w");
        ck_assert_ptr_nonnull(f);
        fputs(texts[i], f);
        fclose(f);
        hash[i] = evalmodel_text_hash(texts[i], strlen(texts[i]));
    }
    char pin[32];
    snprintf(pin, sizeof pin, "@%016llx", (unsigned long long)hash[0]);
    const struct {
        const char *before, *after; /* the spec around the file's path (file >= 0) */
        int file;                   /* -1: no file */
    } cases[] = {
        {"alphabeta:depth=2,eval=", ",qchecks=4", 0},
        {"greedy:eval=", pin, 0},
        {"alphabeta:eval=", "", 1},
        {"alphabeta:depth=2,eval=hand", "", -1},
        {"alphabeta:depth=2,eval=trained", "", -1},
        {"alphabeta:depth=2", "", -1},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char spec[256];
        int i = cases[k].file;
        snprintf(spec, sizeof spec, "%s%s%s", cases[k].before, i >= 0 ? path[i] : "",
                 cases[k].after);
        ResolvedAgent *ra;
        Error err = {{0}};
        ck_assert_msg(agent_resolve(spec, NULL, &r, &ra, &err) == ST_OK, "%s: %s", spec, err.text);
        uint64_t h = 0;
        ck_assert_int_eq(agent_resolved_eval_file_hash(ra, &h), i >= 0);
        if (i >= 0)
            ck_assert_uint_eq(h, hash[i]);
        agent_resolved_free(ra);
    }
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(remove(path[i]), 0);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

Suite *evalmodel_suite(void)
{
    Suite *suite = suite_create("evalmodel");
    TCase *tc = tcase_create("evalmodel");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_round_trip, 0, 3);
    tcase_add_loop_test(tc, test_round_trip_two_sets, 0, 6);
    tcase_add_loop_test(tc, test_net_round_trip, 0, 3);
    tcase_add_test(tc, test_net_value);
    tcase_add_test(tc, test_net_refused);
    tcase_add_test(tc, test_sided_sets);
    tcase_add_test(tc, test_player_sets);
    tcase_add_test(tc, test_join);
    tcase_add_loop_test(tc, test_player_agent, 0, 2);
    tcase_add_test(tc, test_player_agent_changes_side);
    tcase_add_test(tc, test_player_mcts_new_tree);
    tcase_add_loop_test(tc, test_hand_equivalent, 0, 4);
    tcase_add_test(tc, test_king_flood);
    tcase_add_test(tc, test_cordon);
    tcase_add_test(tc, test_ring);
    tcase_add_test(tc, test_set1_reads_as_before);
    tcase_add_loop_test(tc, test_king_flood_matches_reference, 0, 7);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_shipped_by_hash);
    tcase_add_test(tc, test_spec_file_hash);
    suite_add_tcase(suite, tc);
    return suite;
}
