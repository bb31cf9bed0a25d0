#!/bin/sh
# A fake OTEP engine for the engine-children tests (tests/trust.sh): starts a child in a session
# of its own (`setsid sleep`, out of reach of a kill of the engine's process group) and writes
# its process id to $TAFL_TEST_PIDFILE.child, its own to $TAFL_TEST_PIDFILE, says hello, then
# becomes a `sleep` that never reads its input (the engine itself, same process id).
setsid sleep 600 </dev/null >/dev/null 2>&1 &
echo $! >"$TAFL_TEST_PIDFILE.child.tmp" && mv "$TAFL_TEST_PIDFILE.child.tmp" "$TAFL_TEST_PIDFILE.child"
echo $$ >"$TAFL_TEST_PIDFILE.tmp" && mv "$TAFL_TEST_PIDFILE.tmp" "$TAFL_TEST_PIDFILE"
echo hello
exec sleep 600
