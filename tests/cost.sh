#!/bin/sh
# Run records that keep their history, and the cost of a study before it starts (issue 26,
# items 2 and 3): meta sums every session of a resumed run or tuning (DIR/sessions), an
# interrupted tuning says how to resume, and tafl tune labels its two scores. Run by
# `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
# value FILE KEY: the value of the `KEY value` line of FILE.
value() { sed -n "s/^$2 //p" "$1" | head -n 1; }

cat >"$tmp/e.ini" <<'INI'
[experiment]
name = e
seed = 3
games = 4
max_plies = 120
opening_plies = 2

[rules]
presets = brandubh

[agent.m]
type = mcts
iterations = 30
INI

# 1. A finished run resumed twice (once with nothing left to play, once with the game count
# raised): meta keeps every session, wall_seconds is their sum, games_per_second is over all.
"$TAFL" run "$tmp/e.ini" --out "$tmp/r" --threads 1 >/dev/null 2>&1 || fail "the first run failed"
[ "$(value "$tmp/r/meta" sessions)" = 1 ] && ok || fail "a first run's meta says sessions '$(value "$tmp/r/meta" sessions)'"
first=$(value "$tmp/r/meta" session.1)
"$TAFL" run "$tmp/e.ini" --out "$tmp/r" --threads 1 --resume >/dev/null 2>&1 || fail "the resume failed"
sed 's/^games = 4/games = 6/' "$tmp/e.ini" >"$tmp/e6.ini"
"$TAFL" run "$tmp/e6.ini" --out "$tmp/r" --threads 1 --resume >/dev/null 2>&1 || fail "the resume with more games failed"
m=$tmp/r/meta
[ "$(value "$m" sessions)" = 3 ] && ok || fail "after two resumes meta says sessions '$(value "$m" sessions)', not 3"
[ "$(value "$m" session.1)" = "$first" ] && ok || fail "session 1 changed at a resume: '$first' became '$(value "$m" session.1)'"
# the sessions' games: 4, nothing, 2 more
games=$(grep '^session\.' "$m" | awk '{ printf "%s%s", sep, $5; sep = " " }')
[ "$games" = "4 0 2" ] && ok || fail "the sessions' games are '$games', not '4 0 2'"
grep '^session\.' "$m" | awk '{ if ($6 != "done") exit 1 }' && ok || fail "a finished session is not 'done'"
sum=$(grep '^session\.' "$m" | awk '{ s += $4 } END { printf "%.3f", s }')
[ "$(value "$m" wall_seconds)" = "$sum" ] && ok || fail "wall_seconds $(value "$m" wall_seconds) is not the sessions' sum $sum"
[ "$(value "$m" wall_seconds_session)" = "$(grep '^session\.3 ' "$m" | awk '{ print $4 }')" ] && ok ||
    fail "wall_seconds_session is not the last session's"
[ "$(value "$m" start)" = "$(echo "$first" | cut -d' ' -f1)" ] && ok || fail "start is not the first session's"
awk -v g="$(value "$m" games_per_second)" -v w="$(value "$m" wall_seconds)" \
    'BEGIN { exit !(g > 0 && (w == 0 || (g * w > 5.9 && g * w < 6.1))) }' && ok ||
    fail "games_per_second $(value "$m" games_per_second) is not 6 games over $(value "$m" wall_seconds) s"

# 2. A run made before sessions were kept (meta only): its time becomes session 1 at a resume.
"$TAFL" run "$tmp/e.ini" --out "$tmp/old" --threads 1 >/dev/null 2>&1 || fail "the run failed"
rm -f "$tmp/old/sessions"
sed -e '/^session/d' -e 's/^wall_seconds .*/wall_seconds 31.688/' \
    -e 's/^start .*/start 2026-01-02T03:04:05Z/' -e 's/^end .*/end 2026-01-02T03:04:37Z/' \
    "$tmp/old/meta" >"$tmp/meta" && cp "$tmp/meta" "$tmp/old/meta"
"$TAFL" run "$tmp/e.ini" --out "$tmp/old" --threads 1 --resume >/dev/null 2>&1 || fail "the resume of an old run failed"
[ "$(value "$tmp/old/meta" session.1)" = "2026-01-02T03:04:05Z 2026-01-02T03:04:37Z 31.688 4 done" ] && ok ||
    fail "an old meta's time is not session 1: '$(value "$tmp/old/meta" session.1)'"
awk -v w="$(value "$tmp/old/meta" wall_seconds)" 'BEGIN { exit !(w >= 31.688) }' && ok ||
    fail "an old run's resume overwrote wall_seconds 31.688 with $(value "$tmp/old/meta" wall_seconds)"
[ "$(value "$tmp/old/meta" start)" = 2026-01-02T03:04:05Z ] && ok || fail "an old run's start was lost"

# 3. A run stopped by SIGTERM and resumed: the stopped session is kept with its games.
sed -e 's/^games = 4/games = 60/' -e 's/^iterations = 30/iterations = 300/' "$tmp/e.ini" >"$tmp/long.ini"
"$TAFL" run "$tmp/long.ini" --out "$tmp/cut" --threads 1 >/dev/null 2>&1 &
pid=$!
i=0
while kill -0 $pid 2>/dev/null && [ "$(cat "$tmp/cut/games.csv" 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt 12000 ]; do
    sleep 0.01
    i=$((i + 1))
done
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
if [ $rc -eq 143 ]; then
    "$TAFL" run "$tmp/long.ini" --out "$tmp/cut" --threads 2 --resume >/dev/null 2>&1 || fail "the resume after SIGTERM failed"
    m=$tmp/cut/meta
    [ "$(value "$m" sessions)" = 2 ] && ok || fail "a stopped and resumed run's meta says sessions '$(value "$m" sessions)'"
    [ "$(grep '^session\.1 ' "$m" | awk '{ print $6 }')" = stopped ] && ok || fail "the stopped session is not 'stopped'"
    [ "$(grep '^session\.' "$m" | awk '{ s += $5 } END { print s }')" = 60 ] && ok ||
        fail "the sessions' games do not add up to the run's 60"
else
    echo "cost: the run finished before SIGTERM (exit $rc): the stopped session is not tested" >&2
fi

# 4. A finished tuning's meta holds its session.
cat >"$tmp/t.ini" <<'INI'
[tune]
name = t
agent = mcts:iterations=20
opponent = greedy
pairs = 1
iterations = 2
final_pairs = 1
max_plies = 100
[param.c]
min = 0.1
max = 2
INI
"$TAFL" tune "$tmp/t.ini" --out "$tmp/tq" --threads 1 >"$tmp/tq.out" 2>/dev/null || fail "a small tuning failed"
# ... and its two scores of the best point are named (issue 26): the table's and the check's.
grep -q '^iteration .*  tuning score \[95%\] *games$' "$tmp/tq.out" && ok || fail "tune's table does not name its score"
final=$(awk '$1 == "final" { print $3, $4, $5 }' "$tmp/tq.out" | tr -d '[],')
grep "^tuning score " "$tmp/tq.out" | tr -d '[],' | grep -q "^tuning score $final: the table's final row (SPSA's end point) over its 2 games" && ok ||
    { fail "tune does not say which score is the table's ($final)"; cat "$tmp/tq.out" >&2; }
grep -q "^check score on 1 fresh pairs each (games the search never saw: the unbiased one): best " "$tmp/tq.out" && ok ||
    fail "tune does not say which score is the check's"
[ "$(value "$tmp/tq/meta" state)" = finished ] && [ "$(value "$tmp/tq/meta" sessions)" = 1 ] &&
    [ "$(grep '^session\.1 ' "$tmp/tq/meta" | awk '{ print $5, $6 }')" = "3 done" ] && ok ||
    fail "a finished tuning's meta does not hold its session"

# 5. A tuning stopped by SIGTERM says how to go on, and its meta says stopped, not running; the
# command it names finishes the tuning, and meta then holds both sessions.
cat >"$tmp/s.ini" <<'INI'
[tune]
name = t
agent = mcts:iterations=200
opponent = mcts:iterations=200
pairs = 2
iterations = 12
final_pairs = 2
max_plies = 150
opening_plies = 6
[param.c]
min = 0.1
max = 2
INI
"$TAFL" tune "$tmp/s.ini" --out "$tmp/tune" --threads 1 >/dev/null 2>"$tmp/tune.err" &
pid=$!
i=0
while kill -0 $pid 2>/dev/null && [ "$(cat "$tmp/tune/tune.csv" 2>/dev/null | wc -l)" -lt 2 ] && [ $i -lt 12000 ]; do
    sleep 0.01
    i=$((i + 1))
done
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
if [ $rc -eq 143 ]; then
    m=$tmp/tune/meta
    [ "$(value "$m" state)" = stopped ] && ok || fail "a stopped tuning's meta says state '$(value "$m" state)'"
    [ "$(value "$m" sessions)" = 1 ] && [ "$(grep '^session\.1 ' "$m" | awk '{ print $6 }')" = stopped ] && ok ||
        fail "a stopped tuning's meta does not hold its stopped session"
    rows=$(($(wc -l <"$tmp/tune/tune.csv") - 1))
    grep -q "stopped by SIGTERM: $tmp/tune/tune.csv holds the $rows rows finished before it" "$tmp/tune.err" && ok ||
        { fail "a stopped tuning does not say what it kept"; cat "$tmp/tune.err" >&2; }
    again=$(sed -n 's/.*go on with: //p' "$tmp/tune.err")
    [ "$again" = "tafl tune $tmp/s.ini --out $tmp/tune --resume" ] && ok ||
        fail "a stopped tuning names '$again' to go on"
    # shellcheck disable=SC2086
    "$TAFL" ${again#tafl } >/dev/null 2>&1 && ok || fail "the command a stopped tuning names failed"
    [ "$(value "$m" state)" = finished ] && [ "$(value "$m" sessions)" = 2 ] &&
        [ "$(grep '^session\.' "$m" | awk '{ s += $5 } END { print s }')" = 13 ] && ok ||
        fail "the resumed tuning's meta: state $(value "$m" state), sessions $(value "$m" sessions)"
    [ "$(value "$m" rows_done)" = 13 ] && ok || fail "the resumed tuning did not end with 13 rows"
else
    echo "cost: the tuning ended before SIGTERM (exit $rc): its stop is not tested" >&2
fi

# 6. --dry-run (issue 26, item 2): the games each command would play and an estimate of their
# time, read and checked as the command itself does, and nothing written.
# dry NAME EXIT TOTAL -- ARGS: tafl ARGS exits EXIT, prints the table with "total TOTAL games",
# says it is an estimate, and makes no $tmp/NAME.
dry() {
    name=$1 want=$2 total=$3
    shift 4
    "$TAFL" "$@" >"$tmp/dry.out" 2>"$tmp/dry.err"
    rc=$?
    [ $rc -eq "$want" ] && grep -q "^dry run of .*: nothing played, nothing written$" "$tmp/dry.out" &&
        grep -q "^total $total games on [0-9]* threads\{0,1\}: about .*an estimate from a" "$tmp/dry.out" &&
        [ ! -e "$tmp/$name" ] && ok ||
        { fail "tafl $* (exit $rc): not a dry run of $total games"; cat "$tmp/dry.out" "$tmp/dry.err" >&2; }
}
dry dr 0 4 -- run "$tmp/e.ini" --out "$tmp/dr" --dry-run --threads 2
grep -q "^brandubh m m  *4 " "$tmp/dry.out" && ok || fail "run --dry-run: no line for brandubh m vs m"
dry dr 0 60 -- run "$tmp/long.ini" --out "$tmp/dr" --dry-run
dry dr 0 7 -- match --attacker greedy --defender mcts:iterations=20 --games 7 --out "$tmp/dr" --dry-run
# SPSA: 2 iterations x 2 points x 1 pair x 2 games, the final check (2), the evidence (2 + 2).
dry dr 0 14 -- tune "$tmp/t.ini" --out "$tmp/dr" --dry-run
# 2 generations x 10 games, 2 gates x 3 pairs x 2 games.
dry dr 0 32 -- train --games 10 --generations 2 --gate-pairs 3 --out "$tmp/dr" --dry-run
# A resume's dry run says it plays fewer (its directory holds games: $tmp/r from case 1).
"$TAFL" run "$tmp/e6.ini" --out "$tmp/r" --resume --dry-run >"$tmp/dry.out" 2>&1 &&
    grep -q "^a resume plays only the games its directory lacks" "$tmp/dry.out" && ok ||
    { fail "run --resume --dry-run"; cat "$tmp/dry.out" >&2; }
# A curve experiment is a run: its dry run counts every rung's games.
games=$(sed -n 's/^games *= *\([0-9]*\).*/\1/p' experiments/curve-brandubh.ini)
"$TAFL" run experiments/curve-brandubh.ini --out "$tmp/dr" --dry-run >"$tmp/dry.out" 2>&1 &&
    [ ! -e "$tmp/dr" ] && [ -n "$games" ] &&
    [ "$(awk '/^total/ { print $2 }' "$tmp/dry.out")" = "$(awk -v g="$games" '/^brandubh / { n++ } END { print n * g }' "$tmp/dry.out")" ] &&
    ok || { fail "run --dry-run of a curve"; cat "$tmp/dry.out" >&2; }
# Bad input: the dry run refuses it as the command does, with the same line and exit status.
printf '[experiment]\nname = x\ngames = 5\n[rules]\npresets = brandubh\n[agent.a]\ntype = mcts\niterations = 0\n' >"$tmp/bad.ini"
"$TAFL" run "$tmp/bad.ini" --out "$tmp/bad" >/dev/null 2>"$tmp/bad.real"
real=$?
"$TAFL" run "$tmp/bad.ini" --out "$tmp/bad2" --dry-run >/dev/null 2>"$tmp/bad.dry"
rc=$?
[ $real -eq 2 ] && [ $rc -eq 2 ] && cmp -s "$tmp/bad.real" "$tmp/bad.dry" && [ ! -e "$tmp/bad2" ] && ok ||
    { fail "run --dry-run of a bad file differs from the run"; cat "$tmp/bad.real" "$tmp/bad.dry" >&2; }
sed 's/^pairs = 1/pairs = 0/' "$tmp/t.ini" >"$tmp/bad-t.ini"
"$TAFL" tune "$tmp/bad-t.ini" --out "$tmp/bad" >/dev/null 2>"$tmp/bad.real"
real=$?
"$TAFL" tune "$tmp/bad-t.ini" --out "$tmp/bad2" --dry-run >/dev/null 2>"$tmp/bad.dry"
rc=$?
[ $real -eq 2 ] && [ $rc -eq 2 ] && cmp -s "$tmp/bad.real" "$tmp/bad.dry" && [ ! -e "$tmp/bad2" ] && ok ||
    { fail "tune --dry-run of a bad file differs from the tuning"; cat "$tmp/bad.real" "$tmp/bad.dry" >&2; }
"$TAFL" run "$tmp/e.ini" --dry-run --shard 1/2 --out "$tmp/dr" >"$tmp/dry.out" 2>&1 &&
    grep -q "^total 2 games" "$tmp/dry.out" && ok || { fail "run --dry-run --shard 1/2: not half the games"; cat "$tmp/dry.out" >&2; }
# An external agent that gives no move (its program exits at once): the calibration marks its
# line and says why, where it used to play the move it did not get and abort.
"$TAFL" match --attacker external:cmd=/bin/true --defender random --games 2 --out "$tmp/dr" --dry-run \
    >"$tmp/dry.out" 2>&1 &&
    grep -q "^brandubh external:cmd=/bin/true random .* !$" "$tmp/dry.out" &&
    grep -q "^! an agent gave no move in the calibration" "$tmp/dry.out" && ok ||
    { fail "match --dry-run with an external agent that stops"; cat "$tmp/dry.out" >&2; }

# Issue 54: a costly agent's single move no longer holds the calibration past its limit (it ran
# for minutes and 1.5 GB): the search stops at the line's clock and the line says its time per
# move is a lower bound. `timeout` only catches the old hang; nothing here measures speed.
for spec in alphabeta:depth=64 mcts:iterations=100000000; do
    timeout 60 "$TAFL" match --rules copenhagen --attacker "$spec" --defender "$spec" --dry-run >"$tmp/dry.out" 2>&1 &&
        grep -q "^copenhagen $spec $spec .*[0-9]> " "$tmp/dry.out" &&
        grep -q "^> a calibration move was stopped at the calibration's time limit" "$tmp/dry.out" && ok ||
        { fail "match --dry-run of $spec on copenhagen"; cat "$tmp/dry.out" >&2; }
done

# 7. tafl tune shows its progress with an ETA (issue 26, item 2), as run and train do.
"$TAFL" tune "$tmp/t.ini" --out "$tmp/eta" --progress >/dev/null 2>"$tmp/eta.err" || fail "tune --progress failed"
grep -q '^iteration 0: c=.*  score .* (1/3 rows, [0-9.]* [a-z]*, ETA [0-9.]* [a-z]*)$' "$tmp/eta.err" &&
    grep -q '^final 2: c=.* (3/3 rows, [0-9.]* [a-z]*, ETA 0 s)$' "$tmp/eta.err" && ok ||
    { fail "tune --progress shows no ETA"; cat "$tmp/eta.err" >&2; }

echo "cost: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
