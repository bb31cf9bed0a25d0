#!/bin/sh
# Design searches (issue 25): a tiny kind = design run is byte-identical at 1 and 2 threads,
# survives SIGKILL and --resume to the same files, reproduces with `tafl reproduce`, refuses
# --shard, owns its directory (DIR/kind says design), and bad [sweep] input is one line naming
# file, line and key with exit 2. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
ini=$DATA/runner/design.ini

"$TAFL" run "$ini" --out "$tmp/t1" --threads 1 >"$tmp/t1.out" 2>/dev/null || fail "the 1-thread run failed"
"$TAFL" run "$ini" --out "$tmp/t2" --threads 2 >/dev/null 2>&1 || fail "the 2-thread run failed"
for f in games.csv summary.csv design.csv; do
    cmp -s "$tmp/t1/$f" "$tmp/t2/$f" && ok || fail "$f differs between 1 and 2 threads"
done
[ "$(cat "$tmp/t1/kind")" = design ] && ok || fail "DIR/kind is not design"
# --dry-run of a design (issue 55, item 4) simulates its race on the calibration: the games it
# expects are within a quarter of those the search played (not every candidate's most, as
# before: 480 here), it blames no stopping rule the file does not have, and writes nothing.
"$TAFL" run "$ini" --out "$tmp/dry" --dry-run >"$tmp/dry.out" 2>&1
est=$(sed -n 's/^total \([0-9]*\) games on .*an estimate.*simulated on the calibration.*/\1/p' "$tmp/dry.out")
played=$(($(wc -l <"$tmp/t1/games.csv") - 1))
[ -n "$est" ] && [ $((4 * est)) -le $((5 * played)) ] && [ $((5 * est)) -ge $((4 * played)) ] &&
    grep -q "^a design search: the race drops candidates" "$tmp/dry.out" &&
    ! grep -q max_width "$tmp/dry.out" && [ ! -e "$tmp/dry" ] && ok ||
    { fail "design --dry-run: ${est:-no} games estimated, $played played"; cat "$tmp/dry.out" >&2; }
grep -q '^design search design-tiny: 6 candidates' "$tmp/t1.out" && ok || fail "no design table"
# The race drops candidates (random play is far from 1/2) and confirms the rest with greedy.
grep -q ',"eliminated"$' "$tmp/t1/design.csv" && ok || fail "nobody was eliminated"
[ "$(grep -c ',"eliminated"$' "$tmp/t1/design.csv")" -lt 6 ] && ok || fail "nobody survived"
[ "$(head -1 "$tmp/t1/design.csv" | cut -d, -f1-3)" = "candidate,changes,games" ] && ok ||
    fail "design.csv header"
grep -q '^"brandubh+king_armed.no","king_armed=no",' "$tmp/t1/design.csv" && ok ||
    fail "a candidate's name or changes"

# Kill with SIGKILL once the run holds N games (in the race's first, second round and in the
# confirmation), then resume: the same files as the uninterrupted run.
total=$(($(wc -l <"$tmp/t1/games.csv") - 1))
for target in 50 150 $((total - 10)); do
    d=$tmp/k$target
    "$TAFL" run "$ini" --out "$d" --threads 2 >/dev/null 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && [ "$(($(cat "$d/games.csv" 2>/dev/null | wc -l) - 1))" -lt "$target" ]; do
        sleep 0.002
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if ! "$TAFL" run "$ini" --out "$d" --threads 2 --resume >/dev/null 2>"$tmp/err"; then
        fail "resume after a kill at $target games: $(cat "$tmp/err")"
        continue
    fi
    for f in games.csv summary.csv design.csv; do
        cmp -s "$d/$f" "$tmp/t1/$f" && ok || fail "$f differs after a kill at $target and a resume"
    done
done

# tafl reproduce plays the search again, byte for byte.
"$TAFL" reproduce "$tmp/t1" --out "$tmp/rep" >"$tmp/rep.out" 2>&1 &&
    grep -q "reproduced, byte-identical" "$tmp/rep.out" && ok || fail "reproduce: $(cat "$tmp/rep.out")"

# No shards, no width stop.
"$TAFL" run "$ini" --out "$tmp/s" --shard 1/2 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "cannot take --shard" "$tmp/err" && ok || fail "--shard: $(cat "$tmp/err")"
# A plain run does not write into a design's directory.
"$TAFL" run "$DATA/runner/small.ini" --out "$tmp/t1" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "holds the files of a tafl design" "$tmp/err" && ok ||
    fail "a run into a design directory: $(cat "$tmp/err")"

# Bad input: one line naming file, line and key, exit 2.
bad() {
    printf '[experiment]\nname = b\nkind = design\n[sweep]\nbase = brandubh\n%s\n[agent.r]\ntype = random\n' "$1" >"$tmp/bad.ini"
    "$TAFL" run "$tmp/bad.ini" --out "$tmp/bad" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "$2" "$tmp/err" && ok ||
        fail "bad input '$1': exit $rc: $(cat "$tmp/err")"
}
bad 'king_arms = no' "bad.ini:6: key 'king_arms': unknown key"
bad 'king_armed =' "bad.ini:6: key 'king_armed': the list of values is empty"
bad 'king_armed = sometimes' "bad.ini:6: key 'king_armed': bad value 'sometimes'"
bad 'mode = grid
king_armed = yes, no, hammer, anvil
escape = corner, edge
king_capture = custodial, strong, throne4_adj3, throne4_adj3_edge3, throne4_elsewhere2
repetition = lose, draw, ignore, defenders_lose, defenders_no_repeat
max_plies = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20
shieldwall = no, pieces, corners
encirclement = yes, no' "bad.ini:11: key 'max_plies': the sweep has 24000 candidates, more than the 1024"
# A design needs two candidates, and one or two self-playing agents.
printf '[experiment]\nname = b\nkind = design\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' >"$tmp/one.ini"
"$TAFL" run "$tmp/one.ini" --out "$tmp/one" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "one.ini:3: key .kind.: a design search needs two rulesets at least" "$tmp/err" && ok || fail "one ruleset: $(cat "$tmp/err")"

# The move-limit knob: one candidate per limit, fitted (stats/crossing) into knob.csv and
# crossing.csv, the same at 1 and 2 threads. Random play gives the attackers every game that
# reaches a short limit and about half at 128 plies: the fitted crossing lies between 64 and 128.
kini=$DATA/runner/design-knob.ini
"$TAFL" run "$kini" --out "$tmp/n1" --threads 1 >"$tmp/n1.out" 2>/dev/null || fail "the knob run failed"
"$TAFL" run "$kini" --out "$tmp/n2" --threads 2 >/dev/null 2>&1 || fail "the 2-thread knob run failed"
for f in games.csv design.csv knob.csv crossing.csv; do
    cmp -s "$tmp/n1/$f" "$tmp/n2/$f" && ok || fail "knob: $f differs between 1 and 2 threads"
done
[ "$(sed 1d "$tmp/n1/knob.csv" | cut -d, -f1 | tr '\n' ' ')" = "4 8 16 32 64 128 " ] && ok ||
    fail "knob.csv limits: $(cat "$tmp/n1/knob.csv")"
sed -n 2p "$tmp/n1/crossing.csv" | awk -F, '$1 == "attackers" && $2 == "ok" && $3 > 64 && $3 < 128 && $4 < $3 && $3 < $5 { ok = 1 } END { exit !ok }' &&
    ok || fail "crossing.csv: $(cat "$tmp/n1/crossing.csv")"
grep -q "^balancing move limit (a game reaching it goes to the attackers): " "$tmp/n1.out" && ok ||
    fail "no balancing limit in the table"
grep -q '^"capped+max_plies.64+limit_result.attackers","max_plies=64 limit_result=attackers",' "$tmp/n1/design.csv" &&
    ok || fail "a knob candidate's name or changes"
printf '[experiment]\nname = b\nkind = design\nmax_plies = 300\n[sweep]\nbase = brandubh\nknob_limits = 20, 40\n[agent.r]\ntype = random\n' >"$tmp/cap.ini"
"$TAFL" run "$tmp/cap.ini" --out "$tmp/cap" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "cap.ini:7: key 'knob_limits': \[experiment\] max_plies = 300 replaces every ruleset's move limit" "$tmp/err" &&
    ok || fail "a knob under the experiment's max_plies: $(cat "$tmp/err")"
bad 'knob_result = draw' "bad.ini:6: key 'knob_result': bad value 'draw' (expected attackers|defenders"
bad 'knob_limits = 20, 0' "bad.ini:6: key 'knob_limits': bad value '0' (expected move limits, integers >= 1)"

echo "design: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
