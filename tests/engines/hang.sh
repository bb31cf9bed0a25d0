#!/bin/sh
# A fake OTEP engine for the signal tests (tests/safety.sh): writes its process id (its process
# group's, as tafl starts each engine in a group of its own) to $TAFL_TEST_PIDFILE, says hello,
# then thinks forever on `play` (a child `sleep` that only a signal to the group stops).
echo $$ >"$TAFL_TEST_PIDFILE.tmp" && mv "$TAFL_TEST_PIDFILE.tmp" "$TAFL_TEST_PIDFILE"
echo hello
while read -r word rest; do
    case $word in
    play) sleep 600 ;;
    finish | goodbye) exit 0 ;;
    esac
done
