/* `tafl engine`: one of tafl-lab's agents playing as an engine of the OpenTafl Engine Protocol
 * (opentafl-engine-protocol.txt in the OpenTafl repository). This is the protocol's state
 * machine only: it takes the host's lines one at a time and says what to answer, so tests can
 * drive it without processes; cli/cmd_engine.c connects it to stdin and stdout. */
#ifndef TAFL_HARNESS_ENGINE_H
#define TAFL_HARNESS_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/common.h"

#define ENGINE_REPLY_MAX 4096
#define ENGINE_NOTE_MAX  512

/* What one host line asks the engine to do. */
typedef struct {
    char text[ENGINE_REPLY_MAX]; /* lines to send to the host, each ending in '\n'; may be "" */
    char note[ENGINE_NOTE_MAX];  /* one line for stderr (no newline), "" when nothing to say */
} EngineReply;

typedef struct EngineSession EngineSession;

/* Creates a session playing agent `spec` (agent_create's syntax) with `seed` as its seed for
 * every game the host gives no tafl-lab-seed for. Until the host sends `rules`, the game is
 * brandubh, tafl-lab's default. A bad spec is ST_EINVAL with agent_create's message. Caller
 * owns *out and calls engine_destroy. */
MUST_CHECK Status engine_create(const char *spec, uint64_t seed, EngineSession **out, Error *err);

/* Releases the session and its agent. NULL-safe. */
void engine_destroy(EngineSession *e);

/* The engine's first line, sent before reading anything: "hello\n" (spec 4). */
const char *engine_greeting(void);

/* Handles one line from the host (its newline removed). Fills *reply. Returns false when the
 * session is over (`finish` or `goodbye`); the caller then stops reading. Never fails: a
 * malformed or unknown line is ignored with a note, a refused rules string is answered with
 * `error 0`, and a `play` the engine cannot obey with `error -1`. */
bool engine_handle(EngineSession *e, const char *line, EngineReply *reply);

#endif
