#!/bin/sh
# A fake OTEP engine for the fault tests: a real `tafl engine` that receives only the first
# LINES host lines (default 14), so that it exits in the middle of a game. TAFL names the
# tafl binary (default build/tafl). The lines are passed on one at a time, unbuffered.
n=0
while [ "$n" -lt "${1:-14}" ] && IFS= read -r line; do
    printf '%s\n' "$line"
    n=$((n + 1))
done | "${TAFL:-build/tafl}" engine --agent greedy
