/* `tafl calibrate`: how well an evaluation predicts the winner of recorded games from their
 * positions: log-loss, AUC and a calibration table. */
#ifndef TAFL_TUNE_CALIBRATE_H
#define TAFL_TUNE_CALIBRATE_H

#include "rules/common.h"
#include "rules/record.h"
#include "rules/state.h"

#define CALIBRATE_BINS 10

typedef struct {
    long games; /* games with a result that gave positions */
    /* The games left out, by why: no result (ongoing, unknown), not replaying under the rules
     * (the first such game's issue in unreplayable_why, "line L, ply P: what"), or no position
     * in plies lo..hi (too short). games + the three = the games given. */
    long no_result, unreplayable, no_positions;
    char unreplayable_why[480];
    long positions;  /* positions scored (plies lo..hi, game not over) */
    long decisive;   /* of them, in games one side won (the AUC's) */
    double log_loss; /* mean -[y ln p + (1 - y) ln(1 - p)], y 1 attackers won, 0 lost, 1/2 draw */
    double brier;    /* mean (p - y)^2 */
    double auc;      /* P(p of a position of an attacker win > p of one of a defender win),
                        ties 1/2 (Mann-Whitney); 1/2 when a class is empty */
    double bin_predicted[CALIBRATE_BINS]; /* per tenth of p: mean p, */
    double bin_observed[CALIBRATE_BINS];  /* mean y, */
    long bin_count[CALIBRATE_BINS];       /* and positions */
} Calibration;

/* Scores every position at plies lo..hi (0 = the start; the game not over there) of the games
 * (those whose record gives attackers, defenders or draw; others are skipped, as are games
 * that do not replay under r, all counted in *out) with the evaluation eval ("hand", "trained",
 * FILE, a network file among them: as an agent's eval= value), read as P(attackers win) =
 * 1 / (1 + exp(-v / 40)), v in evaluation units from the attackers' view (the mapping MCTS's
 * eval_scale=40 uses; a learned model's own). Fails with the evaluation's error
 * (agents/evalmodel.h). Thread-safe. */
MUST_CHECK Status calibrate_games(const Rules *r, const RecordGame *games, int count,
                                  const char *eval, int lo, int hi, Calibration *out, Error *err);

#endif
