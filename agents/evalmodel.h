/* Learned evaluations: a logistic model over per-square and king features (agents/evalfeatures.h;
 * one weight set, one per side to move, or one per side the searching agent plays), or that
 * model with a small network beside it, and its inference. Its file: agents/evalfile.h. */
#ifndef TAFL_AGENTS_EVALMODEL_H
#define TAFL_AGENTS_EVALMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/evalfeatures.h"
#include "rules/common.h"
#include "rules/state.h"

/* Evaluation units per logit: a model's value v (attackers' view) predicts that the attackers
 * win with probability 1 / (1 + exp(-v / 40)), the scale MCTS's eval_scale already uses, and 40
 * units is four attackers of the hand-written evaluation. */
#define EVALMODEL_UNITS 40.0

/* A network model's hidden units: at most, and what `tafl train` uses unless told. */
#define EVALMODEL_MAX_HIDDEN     16
#define EVALMODEL_DEFAULT_HIDDEN 16

/* A network's inputs: a piece of each kind (attacker, defender, king) on each square, and one
 * that is 1 when the attackers are to move. */
#define EVALMODEL_NET_INPUTS(squares) (3 * (squares) + 1)

/* Most network inputs that are 1 in one position: a piece on every square, and the side to
 * move. */
#define EVALMODEL_NET_ACTIVE_MAX (RULES_MAX_SQUARES + 1)

/* Most weights of a model: a sided model has a weight set per side to move; a network model
 * has one set and the network (evalmodel_net_count). */
#define EVALMODEL_MAX_WEIGHTS                                                                      \
    (2 * EVALMODEL_MAX_FEATURES +                                                                  \
     EVALMODEL_MAX_HIDDEN * (EVALMODEL_NET_INPUTS(RULES_MAX_SQUARES) + 2))

/* The model of a file's `model` line. */
typedef enum {
    EVALMODEL_LINEAR = 0, /* `model linear`: one weight per feature (version 1) */
    EVALMODEL_SIDED = 1,  /* `model sided`: two weight sets, one used when the attackers are to
                             move and one when the defenders are (version 2): the value of a
                             king one move from a corner depends on who moves next */
    EVALMODEL_PLAYER = 2, /* `model player`: two linear weight sets, one read by an agent that
                             plays the attackers (`attacking.`) and one by an agent that plays
                             the defenders (`defending.`), its whole search through (version
                             3): each side keeps the weights that measured strongest for it */
    EVALMODEL_NET = 3,    /* `model net`: one linear weight set and, added to its logit, a
                             network of one hidden layer of ReLU units over the pieces square
                             by square (version 4): the linear features fold the board by its
                             symmetries and count, so only a network sees which squares hold
                             pieces together (a corner closed on one side, a blockade) */
    EVALMODEL_NNUE = 4,   /* `model = nnue` of a training: an efficiently updatable network
                             (agents/nnue.h) in its own binary file (agents/nnuefile.h), never an
                             EvalModel's kind */
} EvalModelKind;

/* The name of a model kind in files and settings: "linear", "sided", "player", "net" or
 * "nnue". */
const char *evalmodel_kind_name(EvalModelKind kind);

/* A trained model for one ruleset. Plain value: copy freely. */
typedef struct {
    char ruleset[RULES_NAME_MAX];    /* the ruleset's name when trained */
    uint64_t rules_hash;             /* evalmodel_rules_hash of those rules */
    EvalModelKind kind;              /* linear, sided, player or net */
    int features;                    /* its feature set: 1 to EVALMODEL_FEATURES */
    int hidden;                      /* a network model's hidden units (0 for the others) */
    int net_at;                      /* a network model's first network weight: its linear set's
                                        size (0 for the others) */
    int count;                       /* weights in use: evalmodel_weight_count, or
                                        evalmodel_net_count for a network model */
    double w[EVALMODEL_MAX_WEIGHTS]; /* sided: the attackers-to-move set, then the defenders';
                                        player: the attacking agent's set, then the defending
                                        agent's; net: the linear set (F weights, F =
                                        evalmodel_feature_count), then the network: H hidden
                                        biases, H weights per input (input i's at F + H + i * H,
                                        evalmodel_net_input), H output weights */
} EvalModel;

/* FNV-1a 64 of the ruleset's option text (ruleset_format) with its name and max_plies left
 * out: two rulesets that play the same game have the same hash whatever they are called and
 * however long their games may last. Thread-safe. */
uint64_t evalmodel_rules_hash(const Rules *r);

/* The number of weights of a model of this kind and feature set for r: the features, twice for
 * sided and player (a network model: its linear set; evalmodel_net_count counts it all). */
int evalmodel_weight_count(const Rules *r, EvalModelKind kind, int set);

/* The number of weights of a network model of feature set `set` with `hidden` units for r. */
int evalmodel_net_count(const Rules *r, int set, int hidden);

/* The network inputs of s that are 1 (evalmodel_net_input order: attackers' squares, then the
 * defenders', then the king's, then the side-to-move input when the attackers move) into idx
 * (at least EVALMODEL_NET_ACTIVE_MAX entries); returns their number. */
int evalmodel_net_active(const Rules *r, const GameState *s, uint16_t *idx);

/* The index of the network input for `piece` (PIECE_ATTACKER, PIECE_DEFENDER or PIECE_KING) on
 * square sq; PIECE_EMPTY gives the side-to-move input. */
int evalmodel_net_input(const Rules *r, Piece piece, int sq);

/* The hidden units' sums (before their ReLU) of network model m for the active inputs
 * idx[0..n) into a[0..m->hidden): each unit's bias plus its weights of those inputs, added in
 * input order. The forward pass that evalmodel_net_logit and `tafl train`'s fit share. */
void evalmodel_net_hidden(const EvalModel *m, const uint16_t *idx, int n, double *a);

/* z plus the network's output for the hidden sums a: each unit's output weight times its ReLU,
 * added to z in unit order (the fit passes its linear logit as z, evalmodel_net_logit 0). */
double evalmodel_net_output(const EvalModel *m, const double *a, double z);

/* The network part of a network model's logit for the active inputs idx[0..n). */
double evalmodel_net_logit(const EvalModel *m, const uint16_t *idx, int n);

/* The network model (out) of feature set `set` with `hidden` units for r whose linear set is
 * `linear`'s (a linear model of that set; NULL: the hand-written evaluation's) and whose network
 * weights are all 0: it plays exactly as that linear model. */
void evalmodel_init_net(const Rules *r, int set, int hidden, const EvalModel *linear,
                        EvalModel *out);

/* The offset into EvalModel.w of the weight set m uses for f's side to move when read by an agent
 * playing `player` (0 for a linear model). */
int evalmodel_weight_offset(const EvalModel *m, const EvalFeatures *f, Side player);

/* The name of weight i of a model of this kind and feature set for r: the feature's name,
 * prefixed with "atm." (attackers to move) or "dtm." (defenders to move) in a sided model, and
 * with "attacking." or "defending." (the side the agent plays) in a player model. */
void evalmodel_weight_name(const Rules *r, EvalModelKind kind, int set, int i, char *buf,
                           size_t size);

/* A model of this kind and feature set for r that plays exactly as the hand-written evaluation
 * (alpha-beta's default weights): weight 2.5 on the hand feature (hand / 100) in each weight
 * set, every other weight 0 (a network model: EVALMODEL_DEFAULT_HIDDEN units). */
void evalmodel_init_hand(const Rules *r, EvalModelKind kind, int set, EvalModel *m);

/* The model's logit for the attackers' win, as read by an agent playing `player` (only a player
 * model reads it); a network model's linear set only (evalmodel_evaluate adds its network). */
double evalmodel_logit(const EvalModel *m, const EvalFeatures *f, Side player);

/* The model's value of s for the side to move, in evaluation units (EVALMODEL_UNITS per logit),
 * as read by an agent playing `player`; the game must not be over. Pure, thread-safe. */
double evalmodel_evaluate(const Rules *r, const GameState *s, const EvalModel *m, Side player);

/* The linear model (out) of one half of a player model m: the weights an agent playing `side`
 * reads. */
void evalmodel_half(const EvalModel *m, Side side, EvalModel *out);

/* A player model (out) whose attacking agent reads `attacking`'s weights and whose defending
 * agent reads `defending`'s: each linear (a player model gives its half of that side), NULL for
 * the hand-written evaluation (generation 0 of the other's feature set; set 2 when both are
 * NULL), for r's rules and of one feature set. A sided half, halves of two sets or of other
 * rules fail with ST_EINVAL and a line naming them. */
MUST_CHECK Status evalmodel_join(const Rules *r, const EvalModel *attacking,
                                 const EvalModel *defending, EvalModel *out, Error *err);

/* FNV-1a 64 of a text: the content hash recorded with a file's name. */
uint64_t evalmodel_text_hash(const char *text, size_t len);

#endif
