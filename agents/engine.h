/* `tafl engine`: one of tafl-lab's agents playing as an engine of the OpenTafl Engine Protocol
 * (opentafl-engine-protocol.txt in the OpenTafl repository). This is the protocol's state
 * machine only: it takes the host's lines one at a time and says what to answer, so tests can
 * drive it without processes; cli/cmd_engine.c connects it to stdin and stdout. */
#ifndef TAFL_AGENTS_ENGINE_H
#define TAFL_AGENTS_ENGINE_H

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
 * brandubh, tafl-lab's default; an agent that does not play brandubh (an evaluation file
 * trained for other rules) waits for the host's rules instead (engine_waiting_for_rules). A
 * spec wrong whatever the rules (agent_check_spec) is ST_EINVAL with its message. Caller owns
 * *out and calls engine_destroy. */
MUST_CHECK Status engine_create(const char *spec, uint64_t seed, EngineSession **out, Error *err);

/* NULL when the engine has rules its agent plays; otherwise why not ("no rules: ..."), the
 * text a `play` is refused with. */
const char *engine_waiting_for_rules(const EngineSession *e);

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
