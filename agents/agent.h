/* The agent interface: every agent (random, greedy, mcts, alphabeta) is created from a spec
 * string "NAME[:key=value,...]", chooses moves deterministically for a given seed and counted
 * budget, and reports the statistics of its last search. */
#ifndef TAFL_AGENTS_AGENT_H
#define TAFL_AGENTS_AGENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "agents/nnue.h"
#include "rules/state.h"

typedef struct Agent Agent;

/* Most key=value items of one spec (every parameter of the agent with most). */
#define AGENT_MAX_ITEMS 28

/* Why an agent that drives another program (the `external` agent) could not give a move; the
 * game is then forfeit (match.c). In-process agents never fail. */
typedef enum {
    AGENT_FAILURE_NONE = 0,
    AGENT_FAILURE_ILLEGAL_MOVE, /* it answered with a move that is not legal (or not a move) */
    AGENT_FAILURE_CRASH,        /* it exited, closed its output, or reported a critical error */
    AGENT_FAILURE_TIMEOUT,      /* it did not answer within its time limit */
} AgentFailure;

/* What the last agent_choose did. */
typedef struct {
    uint64_t nodes; /* positions searched (alphabeta), iterations (mcts), moves tried (greedy) */
    int depth;      /* deepest completed iteration (alphabeta) or tree depth (mcts) */
    double score;   /* the chosen move's value for the mover: alphabeta in evaluation units
                       (AGENT_WIN_SCORE - plies for a forced win), mcts a mean result in 0..1 */
    double seconds; /* wall-clock time of the search (informational, never used to decide);
                       set by agent_choose_timed only, 0 after agent_choose */
    AgentFailure failure; /* AGENT_FAILURE_NONE unless the move could not be had */
} AgentStats;

/* Scores at or beyond this magnitude mean a forced win (positive) or loss (negative). */
#define AGENT_WIN_SCORE 1000000.0

/* Creates an agent from a spec for rules r (borrowed; must outlive the agent) with the seed of
 * its random stream. Unknown agent: ST_EINVAL listing the agents. Unknown key or bad value:
 * ST_EINVAL naming it and listing the agent's keys with their defaults. Rules the agent would
 * play otherwise than tafl-lab (an external engine with quirks=opentafl): ST_EINVAL naming the
 * ruleset and the rule. Caller owns *out and
 * calls agent_destroy. Thread-safe (each agent is used by one thread at a time). */
MUST_CHECK Status agent_create(const char *spec, const Rules *r, uint64_t seed, Agent **out,
                               Error *err);

/* A spec's parts as written: its agent and its key=value items in order, cut where the
 * agent's own parser cuts them (a text value, such as an external engine's cmd=, may hold
 * commas). Every reader of a spec's parts asks here rather than splitting it by hand. */
typedef struct {
    char type[32];
    int count;
    char key[AGENT_MAX_ITEMS][32];
    char value[AGENT_MAX_ITEMS][1024];
} AgentSpecParts;

/* Splits spec into *out; fails as agent_check_spec on a spec that does not parse, without the
 * checks that look outside it (an engine's program, an evaluation file). Thread-safe. */
MUST_CHECK Status agent_spec_parts(const char *spec, AgentSpecParts *out, Error *err);

/* The value spec gives key, into buf (size bytes; buf may be NULL to ask only whether it is
 * given): true when the spec parses and sets key, false (and "") otherwise. Thread-safe. */
bool agent_spec_value(const char *spec, const char *key, char *buf, size_t size);

/* spec as a run of setup format 1 played it, before some defaults changed (alpha-beta's
 * search features went on with setup format 2): each item of its type's legacy defaults that
 * spec does not set is appended, so the old agent plays on today's binary. A spec whose type
 * kept its defaults, or that does not parse, is copied as it is. False (buf "") when the
 * result does not fit in size bytes. Thread-safe. */
bool agent_spec_legacy(const char *spec, char *buf, size_t size);

/* True when spec names agent type (the name before ':'), whether or not the rest parses. */
bool agent_spec_is(const char *spec, const char *type);

/* A spec resolved for one ruleset before any game: parsed, checked against the rules, and its
 * evaluation (eval=) read, checked and hashed once. A run resolves every agent for every
 * ruleset before it plays, and its threads make their agents from these without reading any
 * file, so every game of a run plays the same evaluation. */
typedef struct ResolvedAgent ResolvedAgent;

/* Resolves spec for rules r (borrowed; must outlive the result and every agent made from it).
 * eval_pin, when not NULL, stands for the spec's eval= value (a run's recorded "X@HASH", so a
 * replay finds exactly what played); agents without eval= ignore it. Fails as agent_create.
 * Caller owns *out and calls agent_resolved_free. Thread-safe. */
MUST_CHECK Status agent_resolve(const char *spec, const char *eval_pin, const Rules *r,
                                ResolvedAgent **out, Error *err);

/* An agent of a resolved spec with the seed of its random stream; never fails and reads no
 * file. Caller owns the agent (agent_destroy). Thread-safe: ra is only read. */
Agent *agent_from_resolved(const ResolvedAgent *ra, uint64_t seed);

/* From now on the agent scores positions with a copy of network net (NULL: its eval= value's
 * evaluation again), as eval=FILE of a network file makes it: what `tafl train` and `tafl bench`
 * use for a network held in memory. False, and nothing done, for an agent without an
 * evaluation (random, external). */
bool agent_use_network(Agent *agent, const Nnue *net);

/* The eval= value ra resolved to, as a run records it ("hand", "trained@HASH", "FILE@HASH"),
 * or NULL for an agent that takes no evaluation. Borrowed from ra. */
const char *agent_resolved_eval(const ResolvedAgent *ra);

/* When ra's eval=trained found no evaluation shipped for its rules and plays the nearest one
 * on their board: true, and why into buf (evalmodel_transfer_note); false otherwise. */
bool agent_resolved_eval_note(const ResolvedAgent *ra, char *buf, size_t size);

/* True when ra plays through another program (as agent_is_external). */
bool agent_resolved_is_external(const ResolvedAgent *ra);

/* ra's full spec with every parameter (as agent_describe of an agent made from it). */
void agent_resolved_describe(const ResolvedAgent *ra, char *buf, size_t size);

/* When ra's evaluation is a file (eval=FILE, not hand or trained), the FNV-1a hash of the
 * content it read into *hash and true; false otherwise. */
bool agent_resolved_eval_file_hash(const ResolvedAgent *ra, uint64_t *hash);

/* The longest eval= value agent_spec_eval gives (a path and its @HASH). */
#define AGENT_EVAL_MAX 1100

/* When spec's agent takes an evaluation, its eval= value as written (default "hand") into buf
 * and true; false for agents without one and for a spec that does not parse. Thread-safe. */
bool agent_spec_eval(const char *spec, char *buf, size_t size);

/* Releases ra. NULL-safe. */
void agent_resolved_free(ResolvedAgent *ra);

/* Checks what of a spec can be checked without rules: the agent, every key and value, and that
 * an evaluation file it names (eval=FILE) can be read. ST_OK does not promise that agent_create
 * accepts the spec for given rules (an evaluation trained for others, no evaluation shipped for
 * them, an external engine that would play them otherwise). Fails as agent_create.
 * Thread-safe. */
MUST_CHECK Status agent_check_spec(const char *spec, Error *err);

/* The bytes the agent of this spec allocates for its search when created for rules r (its
 * transposition table, its tree arenas, counted in full as if every page were used), without
 * creating it: what a run budgets per agent before it starts (0 for agents without such
 * tables). Fails as agent_create. Thread-safe. */
MUST_CHECK Status agent_spec_memory(const char *spec, const Rules *r, uint64_t *bytes, Error *err);

/* Checks one parameter without creating an agent: ST_OK when type names an agent and key=value
 * is a valid parameter of it (key NULL checks only the type). Fails with ST_EINVAL and the
 * error texts of agent_create (unknown agent listing the agents, unknown key listing the keys
 * with their defaults, bad value saying what is accepted). Thread-safe. */
MUST_CHECK Status agent_check_param(const char *type, const char *key, const char *value,
                                    Error *err);

/* What a numeric parameter of an agent accepts, for tools that vary it (tafl tune). */
typedef struct {
    bool integer;    /* an integer parameter (else a real number) */
    double min, max; /* the accepted range */
    double def;      /* the default */
} AgentParamInfo;

/* Describes parameter key of agent type: ST_OK and *out when it is numeric. Fails with
 * ST_EINVAL and the error texts of agent_check_param for an unknown type or key, and "agent
 * T: K is not numeric (it is a choice|yes/no)" for the others. Thread-safe. */
MUST_CHECK Status agent_param_info(const char *type, const char *key, AgentParamInfo *out,
                                   Error *err);

/* Releases the agent. NULL-safe. */
void agent_destroy(Agent *agent);

/* Starts a new game: forgets tables and trees and reseeds the random stream, so a game's moves
 * depend only on (spec, seed, the positions given). */
void agent_new_game(Agent *agent, uint64_t seed);

/* A wall-clock limit for every later move: at clock_seconds() time `seconds` (0: none, the
 * default) alpha-beta and MCTS stop searching and play the best move found so far (alpha-beta
 * asks every 1,024 nodes, MCTS every 256 iterations). For a cost estimate's calibration only
 * (tafl ... --dry-run): a move cut short depends on the machine, so no run sets it. */
void agent_set_deadline(Agent *agent, double seconds);

/* Chooses a legal move for the side to move in s (the game must not be over). hist holds the
 * game's positions up to s (for repetition; may be NULL when there is none); the agent never
 * changes s or hist. An external agent may fail instead: agent_last_stats(agent)->failure then
 * says why and the returned move must not be played. */
Move agent_choose(Agent *agent, const GameState *s, const History *hist);

/* agent_choose that also measures the wall-clock time of the choice into
 * agent_last_stats(agent)->seconds, for the callers that show it (bench, `tafl move`). */
Move agent_choose_timed(Agent *agent, const GameState *s, const History *hist);

/* Tells the agent that the game is over with `winner` (WINNER_NONE: stopped without a result).
 * Agents that drive another program (agent_is_external) pass the result on and stop it; the
 * others do nothing. Call once per game, after the last agent_choose. */
void agent_end_game(Agent *agent, Winner winner);

/* True for agents that play through another program (the `external` agent): their games are
 * only as reproducible as that program, and agent_choose may fail (AgentStats.failure). */
bool agent_is_external(const Agent *agent);

/* The current game's exchange with the other program, one line per message ("> " sent,
 * "< " received, "# " tafl-lab's notes), or NULL for in-process agents. Borrowed; valid until
 * the next agent_new_game or agent_destroy. */
const char *agent_transcript(const Agent *agent);

/* Statistics of the last agent_choose. Borrowed; valid until the next call. */
const AgentStats *agent_last_stats(const Agent *agent);

/* The agent's full spec with every parameter, e.g. "mcts:iterations=1000,c=0.7,...", so a run
 * records exactly what played. */
void agent_describe(const Agent *agent, char *buf, size_t size);

/* `tafl agents`: every agent, parameter, default, range and meaning, and memory bounds. */
void agent_print_catalogue(FILE *out);

#endif
