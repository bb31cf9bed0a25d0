/* The alpha-beta agent's extra entry point for tests and tools: a search to a fixed depth that
 * reports the root score. The agent itself is AGENT_TYPE_ALPHABETA (agents/agent_impl.h). */
#ifndef TAFL_AGENTS_ALPHABETA_H
#define TAFL_AGENTS_ALPHABETA_H

#include <stdbool.h>
#include <stdint.h>

#include "agents/agent.h"

/* The plain search's items: every search feature off, the defaults until setup format 2
 * (harness/runmeta.c). Training pins its games to it, so that a training plays the games it
 * played when its shipped evaluations were made; bench pins its searches too. */
#define ALPHABETA_PLAIN "pvs=0,lmr=0,tt_deep=0,ext=0,qchecks=0,nullmove=0,qrepeat=0,blend=0"

/* Runs the agent's search (iterative deepening, table, ordering, noise, node budget as its spec
 * says) from s, but to `depth` plies instead of the spec's depth, and returns the root score for
 * the side to move; *best (may be NULL) receives the chosen move. agent must be an alphabeta
 * agent; s must not be over; hist as for agent_choose. Fills the agent's stats like a choose. */
double alphabeta_search(Agent *agent, const GameState *s, const History *hist, int depth,
                        Move *best);

/* For tests: with on, every static evaluation of a search with a network (eval=FILE of a
 * network file) also refreshes the network's accumulator from the position and compares the
 * two values; the counts restart. */
void alphabeta_check_network(Agent *agent, bool on);

/* The evaluations that differed since alphabeta_check_network, and in *checked (may be NULL)
 * those compared. */
uint64_t alphabeta_network_mismatches(const Agent *agent, uint64_t *checked);

#endif
