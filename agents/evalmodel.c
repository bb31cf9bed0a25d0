/* Learned evaluations: the logistic model over the features (agents/evalfeatures.h), one
 * weight set, one per side to move or one per side the agent plays, or that model with a small
 * network beside it, and their inference. */
#include "agents/evalmodel.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

const char *evalmodel_kind_name(EvalModelKind kind)
{
    static const char *const names[] = {"linear", "sided", "player", "net", "nnue"};
    return names[kind];
}

int evalmodel_weight_count(const Rules *r, EvalModelKind kind, int set)
{
    return (kind == EVALMODEL_LINEAR || kind == EVALMODEL_NET ? 1 : 2) *
           evalmodel_feature_count(r, set);
}

int evalmodel_net_count(const Rules *r, int set, int hidden)
{
    return evalmodel_feature_count(r, set) + hidden * (EVALMODEL_NET_INPUTS(r->squares) + 2);
}

int evalmodel_net_input(const Rules *r, Piece piece, int sq)
{
    return piece == PIECE_EMPTY ? 3 * r->squares : (int)(piece - PIECE_ATTACKER) * r->squares + sq;
}

int evalmodel_net_active(const Rules *r, const GameState *s, uint16_t *idx)
{
    int n = 0;
    for (int i = 0; i < r->words; i++)
        for (uint64_t b = s->attackers[i]; b; b &= b - 1)
            idx[n++] =
                (uint16_t)evalmodel_net_input(r, PIECE_ATTACKER, i * 64 + __builtin_ctzll(b));
    for (int i = 0; i < r->words; i++)
        for (uint64_t b = s->defenders[i]; b; b &= b - 1)
            idx[n++] =
                (uint16_t)evalmodel_net_input(r, PIECE_DEFENDER, i * 64 + __builtin_ctzll(b));
    idx[n++] = (uint16_t)evalmodel_net_input(r, PIECE_KING, s->king);
    if (s->side == SIDE_ATTACKERS)
        idx[n++] = (uint16_t)evalmodel_net_input(r, PIECE_EMPTY, 0);
    return n;
}

/* Adds input `input`'s weights to the hidden units' sums. */
static inline void net_add(const EvalModel *m, int input, double *a)
{
    const double *col = m->w + m->net_at + m->hidden + (size_t)input * (size_t)m->hidden;
    for (int j = 0; j < m->hidden; j++)
        a[j] += col[j];
}

void evalmodel_net_hidden(const EvalModel *m, const uint16_t *idx, int n, double *a)
{
    memcpy(a, m->w + m->net_at, (size_t)m->hidden * sizeof *a);
    for (int k = 0; k < n; k++)
        net_add(m, idx[k], a);
}

double evalmodel_net_output(const EvalModel *m, const double *a, double z)
{
    const double *out = m->w + m->count - m->hidden;
    for (int j = 0; j < m->hidden; j++)
        z += a[j] > 0.0 ? out[j] * a[j] : 0.0;
    return z;
}

double evalmodel_net_logit(const EvalModel *m, const uint16_t *idx, int n)
{
    double a[EVALMODEL_MAX_HIDDEN];
    evalmodel_net_hidden(m, idx, n, a);
    return evalmodel_net_output(m, a, 0.0);
}

void evalmodel_init_net(const Rules *r, int set, int hidden, const EvalModel *linear,
                        EvalModel *out)
{
    evalmodel_init_hand(r, EVALMODEL_LINEAR, set, out);
    if (linear)
        memcpy(out->w, linear->w, (size_t)out->count * sizeof *out->w);
    out->kind = EVALMODEL_NET;
    out->hidden = hidden;
    out->net_at = out->count;
    out->count = evalmodel_net_count(r, set, hidden);
}

int evalmodel_weight_offset(const EvalModel *m, const EvalFeatures *f, Side player)
{
    bool second = m->kind == EVALMODEL_SIDED    ? !f->attackers_to_move
                  : m->kind == EVALMODEL_PLAYER ? player == SIDE_DEFENDERS
                                                : false;
    return second ? m->count / 2 : 0;
}

void evalmodel_weight_name(const Rules *r, EvalModelKind kind, int set, int i, char *buf,
                           size_t size)
{
    if (kind == EVALMODEL_LINEAR) {
        evalmodel_feature_name(r, i, buf, size);
        return;
    }
    int n = evalmodel_feature_count(r, set);
    char name[64];
    evalmodel_feature_name(r, i % n, name, sizeof name);
    const char *prefix =
        kind == EVALMODEL_SIDED ? (i < n ? "atm" : "dtm") : (i < n ? "attacking" : "defending");
    snprintf(buf, size, "%s.%s", prefix, name);
}

void evalmodel_init_hand(const Rules *r, EvalModelKind kind, int set, EvalModel *m)
{
    if (kind == EVALMODEL_NET) {
        evalmodel_init_net(r, set, EVALMODEL_DEFAULT_HIDDEN, NULL, m);
        return;
    }
    memset(m, 0, sizeof *m);
    snprintf(m->ruleset, sizeof m->ruleset, "%s", r->opt.name);
    m->rules_hash = evalmodel_rules_hash(r);
    m->kind = kind;
    m->features = set;
    m->count = evalmodel_weight_count(r, kind, set);
    /* UNITS * w * hand / 100 = hand, in each weight set. */
    m->w[EVALMODEL_FEATURE_HAND] = 100.0 / EVALMODEL_UNITS;
    if (kind != EVALMODEL_LINEAR)
        m->w[m->count / 2 + EVALMODEL_FEATURE_HAND] = 100.0 / EVALMODEL_UNITS;
}

void evalmodel_half(const EvalModel *m, Side side, EvalModel *out)
{
    assert(m->kind == EVALMODEL_PLAYER);
    *out = *m;
    out->kind = EVALMODEL_LINEAR;
    out->count = m->count / 2;
    memset(out->w, 0, sizeof out->w);
    memcpy(out->w, m->w + (side == SIDE_DEFENDERS ? out->count : 0),
           (size_t)out->count * sizeof *out->w);
}

Status evalmodel_join(const Rules *r, const EvalModel *attacking, const EvalModel *defending,
                      EvalModel *out, Error *err)
{
    const EvalModel *halves[2] = {attacking, defending};
    static const char *const side_names[2] = {"attacking", "defending"};
    int set = attacking ? attacking->features : defending ? defending->features : 2;
    EvalModel taken[2];
    for (int h = 0; h < 2; h++) {
        if (halves[h] && halves[h]->kind == EVALMODEL_PLAYER) {
            /* A player model gives the half of the same side. */
            evalmodel_half(halves[h], h == 0 ? SIDE_ATTACKERS : SIDE_DEFENDERS, &taken[h]);
            halves[h] = &taken[h];
        }
        if (halves[h] && halves[h]->kind != EVALMODEL_LINEAR) {
            error_set(err,
                      "the %s half must be a linear model (model linear) or a player one, not a "
                      "%s one",
                      side_names[h], evalmodel_kind_name(halves[h]->kind));
            return ST_EINVAL;
        }
        if (halves[h] && halves[h]->features != set) {
            error_set(err,
                      "the halves are of two feature sets (attacking tafl-lab-%d, defending "
                      "tafl-lab-%d): a player model reads one",
                      set, halves[h]->features);
            return ST_EINVAL;
        }
        if (halves[h] && halves[h]->rules_hash != evalmodel_rules_hash(r)) {
            error_set(err, "the %s half was trained for %s, not for %s", side_names[h],
                      halves[h]->ruleset, r->opt.name);
            return ST_EINVAL;
        }
    }
    evalmodel_init_hand(r, EVALMODEL_PLAYER, set, out);
    int n = out->count / 2;
    for (int h = 0; h < 2; h++)
        if (halves[h])
            memcpy(out->w + h * n, halves[h]->w, (size_t)n * sizeof *out->w);
    return ST_OK;
}

double evalmodel_logit(const EvalModel *m, const EvalFeatures *f, Side player)
{
    const double *w = m->w + evalmodel_weight_offset(m, f, player);
    /* The features past the model's set (a set 1 model reading set 2's) have no weight: the
     * indices ascend, so they end the list. */
    int in_set = m->kind == EVALMODEL_LINEAR ? m->count
                 : m->kind == EVALMODEL_NET  ? m->net_at
                                             : m->count / 2;
    double z = 0.0;
    for (int i = 0; i < f->count && f->index[i] < in_set; i++)
        z += w[f->index[i]] * f->value[i];
    return z;
}

double evalmodel_evaluate(const Rules *r, const GameState *s, const EvalModel *m, Side player)
{
    EvalFeatures f;
    evalmodel_features_of_set(r, s, m->features, &f);
    double z = evalmodel_logit(m, &f, player);
    if (m->kind == EVALMODEL_NET) {
        uint16_t idx[EVALMODEL_NET_ACTIVE_MAX];
        z += evalmodel_net_logit(m, idx, evalmodel_net_active(r, s, idx));
    }
    double v = EVALMODEL_UNITS * z;
    return s->side == SIDE_ATTACKERS ? v : -v;
}

uint64_t evalmodel_text_hash(const char *text, size_t len)
{
    return fnv1a(FNV1A_BASIS, text, len);
}

uint64_t evalmodel_rules_hash(const Rules *r)
{
    return ruleset_game_hash(&r->opt);
}
