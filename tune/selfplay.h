/* `tafl train`'s training positions: the games of a generation played in parallel (self-play,
 * and the gate's through the same call), the positions they leave with their outcomes, the
 * positions of recorded games, and the gen-G.pos files that keep a generation's for a resume. */
#ifndef TAFL_TUNE_SELFPLAY_H
#define TAFL_TUNE_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "formats/trainfile.h"
#include "harness/match.h"
#include "rules/common.h"
#include "rules/state.h"
#include "tune/train.h"

/* A position of a self-play game with the game's outcome for the attackers and the search's
 * own prediction of it. */
typedef struct {
    GameState s;
    float label;  /* 1 attackers won, 0 defenders won, 1/2 a draw */
    float search; /* the attackers' win probability by the mover's search score there,
                     1 / (1 + exp(-v / EVALMODEL_UNITS)) with v the attackers' view */
    int game;     /* index of its game in its generation (the validation split) */
} TrainPos;

/* The positions of one generation (or of the recorded games). */
typedef struct {
    TrainPos *pos; /* owned */
    int count;
} GenData;

/* One game to play: the agents' specs and the game's seed. */
typedef struct {
    char attacker[4096], defender[4096];
    uint64_t seed;
} GameSpec;

/* What the games of a training share: borrowed, valid for the call. */
typedef struct {
    const Rules *rules;
    const TrainFile *t;
    const TrainOptions *opt; /* threads and progress lines */
    double started;          /* clock_seconds() at the training's start (progress lines) */
} SelfplayContext;

/* The outcomes of a generation's self-play games (train.csv's columns). */
typedef struct {
    int games, positions;
    int attacker_wins, defender_wins, draws;
} SelfplayCounts;

/* Plays the n games of specs in parallel (t->opening_plies random plies each, moves and scores
 * recorded); records[i] gets game i (match_record_free each). Progress lines of `phase` of
 * generation g go to stderr with opt->progress. Deterministic: each game depends only on its
 * spec and seed, at any thread count. A spec refused by agent_create fails before any game with
 * its error; agents that cannot be created during the games are ST_EIO. */
MUST_CHECK Status selfplay_play(const SelfplayContext *c, int g, const char *phase,
                                const GameSpec *specs, int n, GameRecord *records, Error *err);

/* Self-play of generation g: t->games games of alpha-beta at t->depth with eval= value `eval`
 * (every other game the attackers t->handicap plies deeper; the last t->league_games against
 * league[0..t->league_count), the eval= values of the league), their positions after the
 * opening with the game not over into *out (caller frees out->pos), their outcomes in *counts.
 * Fails as selfplay_play. */
MUST_CHECK Status selfplay_generation(const SelfplayContext *c, int g, const char *eval,
                                      char *const *league, GenData *out, SelfplayCounts *counts,
                                      Error *err);

/* The largest recorded_games file read (bytes, a power of two): a bigger one, or one that
 * never ends (/dev/zero), is refused before it takes the machine's memory. */
#define SELFPLAY_RECORDED_MAX ((size_t)256 << 20)

/* The positions (after t->opening_plies, game not over) of the recorded games of
 * t->recorded_games (a move-list CSV or a tafl-lab games.csv with moves) that finished with a
 * result and replay under r, into *out (caller frees out->pos), each with its game's index in
 * the file's games (the validation split, as in self-play), and the file's FNV-1a in *hash.
 * Games that do not replay are left out, as in `tafl calibrate`; a file that cannot be read is
 * ST_EIO, one of SELFPLAY_RECORDED_MAX bytes or more, a games.csv of another game (rules
 * hash) or a file with no game that replays ST_EINVAL, each in one line. With progress, a line on
 * stderr says what was read. */
MUST_CHECK Status selfplay_load_recorded(const Rules *r, const TrainFile *t, bool progress,
                                         GenData *out, uint64_t *hash, Error *err);

/* A gen-G.pos file: compact, versioned, little-endian whatever the machine, its length and a
 * checksum checked on reading (doc/formats.md, "Position files"):
 *
 *   offset  size  field
 *   0       8     magic "TAFLPOS\n"
 *   8       4     version (u32): SELFPLAY_POS_VERSION
 *   12      4     board side (u32)
 *   16      8     rules hash (u64): evalmodel_rules_hash of the rules trained
 *   24      8     records (u64)
 *   32      ...   the records, each: game (u32), ply (u32), the search's probability (the
 *                 IEEE 754 bits of a binary32, u32), outcome (u8: 0 the defenders won, 1 a
 *                 draw, 2 the attackers won), side to move (u8), the king's square (u8), the
 *                 attackers' count A (u8), the defenders' count D (u8, the king not counted),
 *                 then A then D squares (u8 each, ascending)
 *   end-8   8     FNV-1a 64 of every byte before it (u64)
 *
 * About 17 bytes and one a piece: a Copenhagen position in 50 to 55 bytes. */
#define SELFPLAY_POS_MAGIC   "TAFLPOS\n"
#define SELFPLAY_POS_VERSION 1

/* The bytes of g's gen-G.pos file for rules r into a new buffer *out of *len bytes (free). */
void selfplay_encode_positions(const Rules *r, const GenData *g, char **out, size_t *len);

/* Reads the bytes of a gen-G.pos file (size bytes at data; `source` names it in errors) for
 * training t under r into *g (caller frees g->pos). A file that is not a position file (magic),
 * of another version, board or rules, truncated or longer than its records, damaged (checksum)
 * or whose squares are off the board or out of order is ST_EPARSE, each said in one line; so
 * is one with a record self-play could not have kept: "SOURCE: record K of N: what is wrong" (a
 * position state_validate refuses, a game over, a ply outside the opening and max_plies, a label
 * other than 0, 1/2 or 1, a search probability outside [0, 1], a game outside 0..t->games - 1).
 * Thread-safe. */
MUST_CHECK Status selfplay_parse_positions(const char *source, const void *data, size_t size,
                                           const Rules *r, const TrainFile *t, GenData *g,
                                           Error *err);

#endif
