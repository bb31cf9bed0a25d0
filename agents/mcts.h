/* The MCTS agent's extra entry points for tests and tools: a look at its tree after a search.
 * The agent itself is AGENT_TYPE_MCTS (agents/agent_impl.h). */
#ifndef TAFL_AGENTS_MCTS_H
#define TAFL_AGENTS_MCTS_H

#include <stdbool.h>
#include <stdint.h>

#include "agents/agent.h"
#include "rules/history.h"
#include "rules/state.h"

/* A move for the side to move in s that wins at once by the king's escape (defenders) or the
 * king's capture (attackers), in *out; false when there is none. Other wins (encirclement, the
 * opponent's lack of moves) are not looked for, though a candidate that wins so is taken. Only the
 * few candidate moves are examined: king moves to escape squares, attacker moves to squares beside
 * the king (each applied to a copy). hist holds the game's history up to s (not NULL); it is used
 * as scratch and restored. The greedy playouts and the tree's one-ply solver use it. Thread-safe
 * for distinct hist. */
bool mcts_quick_win(const Rules *r, const GameState *s, History *hist, Move *out);

/* Nodes of the arena in use after the last agent_choose, the root included: at most the
 * agent's max_nodes (a root with more legal moves than max_nodes - 1 still gets all its
 * children). 0 before the first search and after a choose that took an immediate win. agent
 * must be an mcts agent. Reads only; safe while no other thread uses the agent. */
uint32_t mcts_tree_nodes(const Agent *agent);

/* True when the last agent_choose continued the previous search's tree (reuse=yes and the
 * position was found one or two plies below the previous root). agent must be an mcts agent. */
bool mcts_tree_reused(const Agent *agent);

/* Visits of the root after the last agent_choose: the iterations of that search plus, when
 * the tree was reused, those the kept subtree had already. agent must be an mcts agent. */
uint32_t mcts_root_visits(const Agent *agent);

#endif
