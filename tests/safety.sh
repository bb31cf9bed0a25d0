#!/bin/sh
# Safety of the files tafl writes (issue 15): results only as regular files, one writer per run
# directory, clean ends on SIGTERM/SIGINT/SIGHUP with no engine left behind, long paths refused
# instead of cut, memory limits that end in one line, rows that agree with themselves.
# Run by `make test` with TAFL pointing at the binary under test.
#
# Nothing here depends on timing: a background run is given work for far longer than the test
# needs (it is killed at the end), and every wait polls for a state (rows in games.csv, an
# engine's pid file, a process gone) for up to WAIT_LIMIT seconds.
set -u
TAFL=${TAFL:-build/tafl}
WAIT_LIMIT=${WAIT_LIMIT:-300}
tmp=$(mktemp -d)
started="" # background processes to kill on exit
engine_group=""
cleanup() {
    for p in $started; do kill -KILL "$p" 2>/dev/null; done
    [ -n "$engine_group" ] && kill -KILL -- "-$engine_group" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# wait_until CMD...: polls CMD every 0.1 s until it succeeds; false after WAIT_LIMIT seconds.
wait_until() {
    n=0
    while ! "$@"; do
        n=$((n + 1))
        [ "$n" -ge $((WAIT_LIMIT * 10)) ] && return 1
        sleep 0.1
    done
}
# rows DIR: the complete rows of DIR/games.csv.
rows() {
    n=$(cat "$1/games.csv" 2>/dev/null | wc -l)
    [ "$n" -gt 0 ] && echo $((n - 1)) || echo 0
}
has_rows() { [ "$(rows "$1")" -ge "$2" ]; }
gone() { ! kill -0 "$1" 2>/dev/null; }
group_gone() { ! kill -0 -- "-$1" 2>/dev/null; }

# refused STATUS NEEDLE -- ARGS...: tafl ARGS exits STATUS with one line on stderr holding NEEDLE.
refused() {
    want=$1 needle=$2
    shift 3
    "$TAFL" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
        ! grep -qF -- "$needle" "$tmp/err"; then
        fail "tafl $*: exit $status (want $want), stderr (want one line with '$needle'):"
        cat "$tmp/err" >&2
        return 1
    fi
    ok
}

exp_ini() { # exp_ini FILE NAME GAMES AGENT-LINES
    printf '[experiment]\nname = %s\nseed = 3\ngames = %s\nmax_plies = 200\n[rules]\npresets = brandubh\n%s\n' \
        "$2" "$3" "$4" >"$1"
}
exp_ini "$tmp/ok.ini" ok 2 '[agent.r]
type = random'
exp_ini "$tmp/slow.ini" slow 1000000 '[agent.m]
type = mcts
iterations = 300'
exp_ini "$tmp/sig.ini" sig 60 '[agent.m]
type = mcts
iterations = 300'

# 1. Results only as regular files: a FIFO or a device given to --out stays what it was, a
#    dangling games.csv link creates nothing where it points.
"$TAFL" run "$tmp/ok.ini" --out "$tmp/ok" >/dev/null 2>&1 || fail "the small run failed"
mkfifo "$tmp/fifo"
refused 2 "$tmp/fifo: exists and is not a regular file (a FIFO)" -- summarize "$tmp/ok/games.csv" --out "$tmp/fifo"
refused 2 "$tmp/fifo: exists and is not a regular file (a FIFO)" -- ratings "$tmp/ok/games.csv" --out "$tmp/fifo"
[ -p "$tmp/fifo" ] && ok || fail "the FIFO was replaced"
if [ "$(id -u)" -eq 0 ] && mknod "$tmp/null" c 1 3 2>/dev/null; then
    refused 2 "$tmp/null: exists and is not a regular file (a character device)" -- summarize "$tmp/ok/games.csv" --out "$tmp/null"
    refused 2 "$tmp/null: exists and is not a regular file (a character device)" -- ratings "$tmp/ok/games.csv" --out "$tmp/null"
    [ -c "$tmp/null" ] && ok || fail "the device node was replaced"
fi
mkdir -p "$tmp/dangle" && ln -s "$tmp/elsewhere.csv" "$tmp/dangle/games.csv"
refused 1 "$tmp/dangle/games.csv: exists and is not a regular file (a symbolic link to nothing)" -- run "$tmp/ok.ini" --out "$tmp/dangle"
[ ! -e "$tmp/elsewhere.csv" ] && ok || fail "a dangling games.csv link made a file where it points"

# 2. One writer per run directory: while a run writes L, every other writer of L (run, match,
#    tune, merge) fails at once naming the process, and L never holds a game twice.
"$TAFL" run "$tmp/slow.ini" --out "$tmp/L" --threads 1 >/dev/null 2>&1 &
holder=$!
started="$started $holder"
if ! wait_until has_rows "$tmp/L" 1; then
    fail "the background run wrote no game in $WAIT_LIMIT s"
else
    held="$tmp/L is being written by process $holder"
    refused 1 "$held" -- run "$tmp/slow.ini" --out "$tmp/L" --resume --threads 1
    refused 1 "$held" -- match --attacker random --defender random --games 2 --out "$tmp/L" --resume
    printf '[tune]\nname = g\nagent = greedy\nopponent = greedy\nmethod = grid\npoints = 2\npairs = 1\nmax_plies = 50\n[param.king_distance]\nmin = 0\nmax = 8\n' >"$tmp/tune.ini"
    refused 1 "$held" -- tune "$tmp/tune.ini" --out "$tmp/L"
    for i in 1 2; do
        "$TAFL" run "$tmp/ok.ini" --shard $i/2 --out "$tmp/S/shard-$i-of-2" >/dev/null 2>&1 ||
            fail "shard $i/2 failed"
    done
    refused 2 "$held" -- merge "$tmp/S/shard-1-of-2" "$tmp/S/shard-2-of-2" --out "$tmp/L"
    [ ! -e "$tmp/L/tune.csv" ] && [ ! -e "$tmp/L/summary.csv" ] && ok || fail "a refused writer wrote in L"
fi
kill -KILL "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
[ -z "$(tail -n +2 "$tmp/L/games.csv" | cut -d, -f1 | sort | uniq -d)" ] && ok ||
    fail "$tmp/L/games.csv holds a game twice"
# The lock dies with its holder (SIGKILL): the next writer gets past it, to the games.
refused 2 "$tmp/L/games.csv already holds games" -- merge "$tmp/S/shard-1-of-2" "$tmp/S/shard-2-of-2" --out "$tmp/L"

# 3. Signals: SIGTERM, SIGINT and SIGHUP end a run with 143, 130 and 129, one line on how to
#    resume, whole rows only; the resume then gives the uninterrupted run's files byte for byte.
"$TAFL" run "$tmp/sig.ini" --out "$tmp/sigref" --threads 1 >/dev/null 2>&1 || fail "the reference run failed"
# A background job of a script ignores SIGINT (POSIX); env --default-signal gives it back.
# (A plain command, not a function: $! must be tafl's own process id.)
# HUP too: under nohup it is ignored, and tafl would say so (one more line on stderr).
if env --default-signal=INT,HUP true 2>/dev/null; then
    launch="env --default-signal=INT,HUP"
    signals="TERM:143 INT:130 HUP:129"
else
    launch=env
    signals="TERM:143 HUP:129"
fi
for s in $signals; do
    sig=${s%:*} want=${s#*:}
    d=$tmp/sig-$sig
    $launch "$TAFL" run "$tmp/sig.ini" --out "$d" --threads 1 >/dev/null 2>"$tmp/sigerr" &
    p=$!
    started="$started $p"
    wait_until has_rows "$d" 1 || fail "SIG$sig: the run wrote no game in $WAIT_LIMIT s"
    kill -"$sig" "$p"
    wait "$p"
    status=$?
    if [ "$status" -ne "$want" ] || [ "$(wc -l <"$tmp/sigerr")" -ne 1 ] ||
        ! grep -q "stopped by SIG$sig: .*--resume" "$tmp/sigerr"; then
        fail "SIG$sig: exit $status (want $want) or not one line on how to resume:"
        cat "$tmp/sigerr" >&2
    else
        ok
    fi
    [ "$(tail -c 1 "$d/games.csv" | od -An -c | tr -d ' ')" = '\n' ] && ok || fail "SIG$sig: a torn row"
    [ ! -e "$d/summary.csv" ] && ok || fail "SIG$sig: a summary.csv of an unfinished run"
    "$TAFL" run "$tmp/sig.ini" --out "$d" --threads 1 --resume >/dev/null 2>&1 || fail "SIG$sig: resume failed"
    cmp -s "$d/games.csv" "$tmp/sigref/games.csv" && cmp -s "$d/summary.csv" "$tmp/sigref/summary.csv" &&
        ok || fail "SIG$sig: the resumed run differs from the uninterrupted one"
done

# A script's `&` starts tafl with SIGINT ignored: tafl says so once, naming SIGTERM instead,
# and SIGTERM still stops it cleanly.
(trap '' INT && exec "$TAFL" run "$tmp/sig.ini" --out "$tmp/sig-ign" --threads 1 >/dev/null 2>"$tmp/sigerr") &
p=$!
started="$started $p"
wait_until has_rows "$tmp/sig-ign" 1 || fail "ignored SIGINT: the run wrote no game in $WAIT_LIMIT s"
kill -TERM "$p"
wait "$p"
status=$?
[ "$status" -eq 143 ] && [ "$(grep -c 'note: SIGINT.* ignored as tafl was started.*SIGTERM does (kill -TERM [0-9]*)' "$tmp/sigerr")" -eq 1 ] &&
    grep -q "stopped by SIGTERM: .*--resume" "$tmp/sigerr" && ok ||
    { fail "a run started with SIGINT ignored: exit $status, or no note naming SIGTERM:"; cat "$tmp/sigerr" >&2; }
"$TAFL" rules list 2>"$tmp/sigerr" >/dev/null &
wait $!
[ ! -s "$tmp/sigerr" ] && ok || fail "a short command noted an ignored signal"

# An external engine in the middle of a move (its own process group, a child sleeping) is
# stopped with tafl; its unfinished game is no row.
pidfile=$tmp/engine.pid
cp tests/engines/hang.sh "$tmp/hang.sh"
tafl_abs=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")
(cd "$tmp" && TAFL_TEST_PIDFILE=$pidfile exec "$tafl_abs" match --attacker "external:cmd=./hang.sh,movetime_ms=600000" \
    --defender random --games 2 --out "$tmp/E" --threads 1 >/dev/null 2>"$tmp/sigerr") &
p=$!
started="$started $p"
thinking() { [ -s "$pidfile" ] && [ "$(pgrep -g "$(cat "$pidfile")" | wc -l)" -ge 2 ]; }
if ! wait_until thinking; then
    fail "the hanging engine never started to think"
else
    engine_group=$(cat "$pidfile")
    kill -TERM "$p"
    wait "$p"
    status=$?
    [ "$status" -eq 143 ] && grep -q "stopped by SIGTERM: .*--resume" "$tmp/sigerr" && ok ||
        { fail "match with an engine: exit $status on SIGTERM"; cat "$tmp/sigerr" >&2; }
    WAIT_LIMIT=30 wait_until group_gone "$engine_group" && ok ||
        fail "the engine's process group $engine_group outlived tafl"
    [ "$(rows "$tmp/E")" -eq 0 ] && ok || fail "the interrupted engine game was written as a row"
fi

# 4. Long paths are refused before anything is made, never cut.
long_path() { # long_path PREFIX LENGTH: PREFIX/xxx.../xxx... cut to LENGTH bytes
    awk -v p="$1" -v n="$2" 'BEGIN { s = p; while (length(s) < n) { s = s "/"; for (i = 0; i < 200; i++) s = s "x" } print substr(s, 1, n) }'
}
for n in 2038 2212; do
    refused 1 "...: the path is $n bytes long, at most" -- run "$tmp/ok.ini" --out "$(long_path "$tmp/long" $n)"
    [ ! -e "$tmp/long" ] && ok || fail "a $n-byte --out made directories"
done

# 6. Memory: a tree larger than the stated limit is refused at once; an allocation that fails
#    is one line and exit 1; `tafl engine` holds a line to a fixed size.
refused 2 "max_nodes='1000000000': want an integer 1000..50000000" -- move --agent mcts:max_nodes=1000000000
# A sanitizer build (ASan reserves terabytes of shadow memory) cannot start under an
# address-space limit at all: then these two checks are skipped, saying so; the plain build of
# `make test` runs them.
if ! (ulimit -v 300000 && "$TAFL" --version) >/dev/null 2>&1; then
    echo "safety.sh: skipped 2 address-space checks: $TAFL cannot start under ulimit -v" \
        "(a sanitizer build); the plain build runs them" >&2
else
(ulimit -v 300000 && "$TAFL" move --agent mcts:max_nodes=40000000 >/dev/null 2>"$tmp/oom")
status=$?
[ "$status" -eq 1 ] && [ "$(wc -l <"$tmp/oom")" -eq 1 ] && grep -q "out of memory: cannot allocate" "$tmp/oom" &&
    ok || { fail "an allocation failure: exit $status"; cat "$tmp/oom" >&2; }
# A 150 MB line under a 100 MB address-space limit, then a session: the line is ignored and the
# session goes on.
(ulimit -v 100000 && {
    head -c 150000000 /dev/zero | tr '\0' x
    echo
    printf '%s\n' "rules dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" \
        "side defenders" "position /2K1t2/7/3t3/tt3tt/3t3/7/3t3/" "play defenders" "finish 3"
} | "$TAFL" engine --agent alphabeta:depth=2 >"$tmp/engine.out" 2>"$tmp/engine.err")
printf 'hello\nmove c1-a1\n' | cmp -s - "$tmp/engine.out" &&
    grep -q "line 1 is longer than 65536 bytes: ignored" "$tmp/engine.err" && ok ||
    { fail "engine: a long line"; cat "$tmp/engine.out" "$tmp/engine.err" >&2; }
fi

# 7. A row whose result and reason disagree is refused by resume and merge (and every reader).
cp -r "$tmp/ok" "$tmp/edited"
awk -F, -v OFS=, 'NR == 2 { $6 = "draw"; $7 = "king_captured" } { print }' "$tmp/ok/games.csv" >"$tmp/edited/games.csv"
refused 1 "games.csv:2: the row does not agree with itself: winner 'draw' with reason 'king_captured'" -- run "$tmp/ok.ini" --out "$tmp/edited" --resume
awk -F, -v OFS=, 'NR == 2 { $6 = "attackers"; $7 = "max_plies" } { print }' "$tmp/S/shard-2-of-2/games.csv" >"$tmp/g" &&
    mv "$tmp/g" "$tmp/S/shard-2-of-2/games.csv"
refused 2 "games.csv:2: winner 'attackers' with reason 'max_plies': ruleset brandubh has limit_result = draw, the ply cap's winner" -- merge "$tmp/S/shard-1-of-2" "$tmp/S/shard-2-of-2" --out "$tmp/M"

# 8. Issue 25: under limit_result the ply cap is won by that side, and a capped row whose winner
# is not limit_result's is refused by resume (the row alone cannot say; its ruleset can).
printf 'base = brandubh\nlimit_result = defenders\n' >"$tmp/capd.rules"
printf '[experiment]\nname = capd\nseed = 3\ngames = 4\nmax_plies = 6\n[rules]\nfiles = %s\n[agent.r]\ntype = random\n' \
    "$tmp/capd.rules" >"$tmp/capd.ini"
"$TAFL" run "$tmp/capd.ini" --out "$tmp/capd" >/dev/null 2>"$tmp/err" &&
    [ "$(awk -F, 'NR > 1 && $7 == "max_plies" && $6 == "defenders"' "$tmp/capd/games.csv" | wc -l)" -eq 4 ] &&
    ok || { fail "limit_result = defenders: every capped game won by the defenders"; cat "$tmp/err" "$tmp/capd/games.csv" >&2; }
awk -F, -v OFS=, 'NR == 3 { $6 = "draw" } { print }' "$tmp/capd/games.csv" >"$tmp/g" && mv "$tmp/g" "$tmp/capd/games.csv"
refused 1 "games.csv:3: winner 'draw' with reason 'max_plies': ruleset capd has limit_result = defenders, the ply cap's winner" -- run "$tmp/capd.ini" --out "$tmp/capd" --resume

# 9. Issue 54: an output option never replaces a run's own files, and two outputs never share a
# path: each refused in one line (exit 2) before anything is written, the run left whole and
# resumable. A new file beside a run's files and tafl report's own defaults stay allowed.
printf '[experiment]\nname = own\ngames = 4\nmax_plies = 40\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' >"$tmp/own.ini"
"$TAFL" run "$tmp/own.ini" --out "$tmp/own" >/dev/null 2>&1 || fail "run for the output checks"
(cd "$tmp/own" && ls -A | LC_ALL=C sort | while read -r f; do cksum "$f" 2>/dev/null; done) >"$tmp/own.before"
for target in games.csv summary.csv meta setup kind; do
    refused 2 "$tmp/own/$target: a file of the run directory $tmp/own: an output never replaces a run's own files" -- report "$tmp/own" --md "$tmp/own/$target"
done
refused 2 "$tmp/own/./games.csv: a file of the run directory $tmp/own/." -- report "$tmp/own" --csv "$tmp/own/./games.csv"
refused 2 "$tmp/own/meta: a file of the run directory" -- report "$tmp/own" --out "$tmp/own/meta"
refused 2 "--out and --md name one file, $tmp/x.html: give each its own" -- report "$tmp/own" --out "$tmp/x.html" --md "$tmp/x.html"
refused 2 "--md and --csv name one file, $tmp/y: give each its own" -- report "$tmp/own" --md "$tmp/y" --csv "$tmp/y"
refused 2 "$tmp/own/games.csv: a file of the run directory" -- summarize "$tmp/own/games.csv" --out "$tmp/own/games.csv"
refused 2 "$tmp/own/setup: a file of the run directory" -- export "$tmp/own/games.csv" --out "$tmp/own/setup"
refused 2 "$tmp/own/games.csv: a file of the run directory" -- train --rules brandubh --join hand,hand --out "$tmp/own/games.csv"
refused 2 "$tmp/own/meta: a file of the run directory" -- play --out "$tmp/own/meta"
(cd "$tmp/own" && ls -A | LC_ALL=C sort | while read -r f; do cksum "$f" 2>/dev/null; done) >"$tmp/own.after"
cmp -s "$tmp/own.before" "$tmp/own.after" && [ ! -e "$tmp/x.html" ] && [ ! -e "$tmp/y" ] && ok ||
    fail "a refused output changed the run directory"
"$TAFL" run "$tmp/own.ini" --out "$tmp/own" --resume >/dev/null 2>&1 && ok || fail "the run resumes after the refusals"
"$TAFL" report "$tmp/own" --md "$tmp/own/notes.md" >/dev/null 2>&1 && [ -s "$tmp/own/notes.md" ] &&
    [ -s "$tmp/own/report.html" ] && "$TAFL" report "$tmp/own" >/dev/null 2>&1 &&
    "$TAFL" summarize "$tmp/own/games.csv" >/dev/null 2>&1 && ok ||
    fail "report and summarize: their own outputs in a run directory"

echo "safety.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
