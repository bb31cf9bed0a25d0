#!/bin/sh
# Run directories you can trust (issue 27, items 2 to 8): merge writes nothing outside --out,
# no link inside a run directory is written through, files are replaced whole (never cut in
# place), a directory of one kind of run refuses another kind's writer, merge holds its
# shards still, a FIFO at any output name is refused at once, and a removed .lock does not let
# a second writer in. Run by `make test` with TAFL pointing at the binary under test.
#
# Nothing depends on timing: background runs are given far more work than the test needs and
# are killed at the end; waits poll for a state for up to WAIT_LIMIT seconds; every command
# that could block runs under `timeout`, whose 124 is a failure.
set -u
. "$(dirname "$0")/lib.sh"
WAIT_LIMIT=${WAIT_LIMIT:-300}
started="" # background processes to kill on exit
trap 'for p in $started; do kill -KILL "$p" 2>/dev/null; done; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

wait_until() { # wait_until CMD...: polls CMD every 0.1 s; false after WAIT_LIMIT seconds
    n=0
    while ! "$@"; do
        n=$((n + 1))
        [ "$n" -ge $((WAIT_LIMIT * 10)) ] && return 1
        sleep 0.1
    done
}
rows() { n=$(cat "$1/games.csv" 2>/dev/null | wc -l); [ "$n" -gt 0 ] && echo $((n - 1)) || echo 0; }
has_rows() { [ "$(rows "$1")" -ge "$2" ]; }

# refused STATUS NEEDLE -- ARGS...: tafl ARGS exits STATUS (within 60 s: no open may block)
# with one line on stderr holding NEEDLE.
refused() {
    want=$1 needle=$2
    shift 3
    timeout -k 10 "${HANG_LIMIT:-60}" "$TAFL" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
    if [ "$status" -ne "$want" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
        ! grep -qF -- "$needle" "$tmp/err"; then
        fail "tafl $*: exit $status (want $want; 124 or 137: it hung), stderr (want one line with '$needle'):"
        cat "$tmp/err" >&2
        return 1
    fi
    ok
}

printf '[experiment]\nname = ok\nseed = 3\ngames = 2\nmax_plies = 200\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' >"$tmp/ok.ini"
printf '[experiment]\nname = slow\nseed = 3\ngames = 1000000\nmax_plies = 200\n[rules]\npresets = brandubh\n[agent.m]\ntype = mcts\niterations = 300\n' >"$tmp/slow.ini"
printf '[tune]\nname = g\nagent = greedy\nopponent = greedy\nmethod = grid\npoints = 2\npairs = 1\nmax_plies = 50\n[param.king_distance]\nmin = 0\nmax = 8\n' >"$tmp/tune.ini"
printf '[experiment]\nname = c\nkind = curve\ngames = 2\nmax_plies = 60\n[rules]\npresets = brandubh\n[agent.random]\ntype = random\n[agent.greedy]\ntype = greedy\n' >"$tmp/curve.ini"
ext="external:cmd=tests/engines/illegal.sh" # an engine that loses at once: one transcript a game

"$TAFL" run "$tmp/ok.ini" --out "$tmp/ok" >/dev/null 2>&1 || fail "the small run failed"
"$TAFL" match --attacker random --defender random --games 2 --record-moves --out "$tmp/rec" \
    >/dev/null 2>&1 || fail "the recorded match failed"
for i in 1 2; do
    "$TAFL" run "$tmp/ok.ini" --shard $i/2 --out "$tmp/a/b/shard-$i-of-2" >/dev/null 2>&1 ||
        fail "shard $i/2 failed"
done

# Item 2: a shard setup naming ../../escaped.rules makes merge write nothing two levels above
# --out; the name is refused (exit 2, naming the key), and so is an absolute one.
cp -r "$tmp/a" "$tmp/esc"
for i in 1 2; do
    sed -i 's|^ruleset_file.1 .*|ruleset_file.1 ../../escaped.rules|' "$tmp/esc/b/shard-$i-of-2/setup"
done
echo "not a ruleset" >"$tmp/esc/escaped.rules" # what an unchecked copy would read
refused 2 "key 'ruleset_file.1': '../../escaped.rules' is not a file under rulesets/" -- \
    merge "$tmp/esc/b/shard-1-of-2" "$tmp/esc/b/shard-2-of-2" --out "$tmp/x/y/out"
[ ! -e "$tmp/x/escaped.rules" ] && ok || fail "merge wrote $tmp/x/escaped.rules, outside --out"
for i in 1 2; do
    sed -i "s|^ruleset_file.1 .*|ruleset_file.1 $tmp/abs.rules|" "$tmp/esc/b/shard-$i-of-2/setup"
done
refused 2 "is not a file under rulesets/" -- \
    merge "$tmp/esc/b/shard-1-of-2" "$tmp/esc/b/shard-2-of-2" --out "$tmp/x/y/out2"
# reproduce reads through the same check: ".." inside a name is fine, a ".." component is not.
sed -i 's|^ruleset_file.1 .*|ruleset_file.1 rulesets/../../escaped.rules|' "$tmp/esc/b/shard-1-of-2/setup"
refused 2 "key 'ruleset_file': missing or bad value" -- reproduce "$tmp/esc/b/shard-1-of-2"

# Item 3: a link planted inside a run directory is never written through; the write is refused
# naming it, and what the link points at is unchanged.
echo "outside" >"$tmp/outside"
mkdir -p "$tmp/outdir"
plant() { # plant NAME TARGET: a fresh directory with a link at NAME
    d=$tmp/link-$(echo "$1" | tr '/' '-')
    mkdir -p "$d/$(dirname "$1")"
    ln -s "$2" "$d/$1"
}
for name in setup experiment.ini games.csv meta rulesets/brandubh.rules; do
    plant "$name" "$tmp/outside"
    refused 1 "$d/$name: exists and is not a regular file (a symbolic link)" -- run "$tmp/ok.ini" --out "$d"
done
[ "$(cat "$tmp/outside")" = outside ] && ok || fail "a link inside a run directory was written through"
plant rulesets "$tmp/outdir"
refused 1 "$d/rulesets: exists and is not a directory (a symbolic link)" -- run "$tmp/ok.ini" --out "$d"
plant transcripts "$tmp/outdir"
refused 1 "$d/transcripts: exists and is not a directory (a symbolic link)" -- \
    match --attacker "$ext" --defender random --games 1 --out "$d"
[ -z "$(ls "$tmp/outdir")" ] && ok || fail "a linked rulesets/ or transcripts/ was written into"
mkdir -p "$tmp/exp" && ln -s "$tmp/outside" "$tmp/exp/game-000000.otn"
refused 1 "$tmp/exp/game-000000.otn: exists and is not a regular file (a symbolic link)" -- \
    export "$tmp/rec/games.csv" --dir "$tmp/exp"
[ "$(cat "$tmp/outside")" = outside ] && ok || fail "export --dir wrote through a link"

# Item 4: a resume replaces setup by a new file (a temporary one renamed over it) when it
# changes, and leaves unchanged files alone: a kill can never leave one cut short.
"$TAFL" match --attacker random --defender random --games 2 --out "$tmp/res" >/dev/null 2>&1
ino() { stat -c %i "$1"; }
stamp() { stat -c '%i %y' "$1"; }
setup_ino=$(ino "$tmp/res/setup")
rules_stamp=$(stamp "$tmp/res/rulesets/brandubh.rules")
"$TAFL" match --attacker random --defender random --games 4 --out "$tmp/res" --resume >/dev/null 2>&1 ||
    fail "the resume that raises the game count failed"
[ "$(ino "$tmp/res/setup")" != "$setup_ino" ] && grep -q '^games 4$' "$tmp/res/setup" && ok ||
    fail "a resume rewrote setup in place (a kill then leaves it empty)"
[ "$(stamp "$tmp/res/rulesets/brandubh.rules")" = "$rules_stamp" ] && ok ||
    fail "a resume rewrote an unchanged ruleset file"
# Kills at every moment of resumes of a finished match: each later resume still works.
k=0
while [ $k -lt 20 ]; do
    "$TAFL" match --attacker random --defender random --games 4 --out "$tmp/res" --resume \
        >/dev/null 2>&1 &
    p=$!
    sleep "0.00$((k % 10))"
    kill -KILL "$p" 2>/dev/null
    wait "$p" 2>/dev/null
    k=$((k + 1))
done
[ -s "$tmp/res/setup" ] && [ -s "$tmp/res/rulesets/brandubh.rules" ] &&
    "$TAFL" match --attacker random --defender random --games 4 --out "$tmp/res" --resume \
        >/dev/null 2>"$tmp/err" && ok || { fail "a killed resume broke the directory"; cat "$tmp/err" >&2; }

# Item 5: a directory of one kind refuses another kind's writer (exit 2, one line) and keeps
# its files; a directory made before DIR/kind existed is told by its files.
"$TAFL" tune "$tmp/tune.ini" --out "$tmp/T" >/dev/null 2>&1 || fail "the tuning failed"
before=$(cat "$tmp/T/setup" "$tmp/T/meta" "$tmp/T/rulesets/"* | cksum)
refused 2 "$tmp/T holds the files of a tafl tune (kind says so): only tafl run and tafl match write into a run directory" -- \
    match --attacker random --defender random --games 2 --out "$tmp/T"
refused 2 "$tmp/T holds the files of a tafl tune" -- merge "$tmp/a/b/shard-1-of-2" "$tmp/a/b/shard-2-of-2" --out "$tmp/T"
rm "$tmp/T/kind"
refused 2 "$tmp/T holds the files of a tafl tune (its files say so)" -- run "$tmp/ok.ini" --out "$tmp/T" --resume
[ "$(cat "$tmp/T/setup" "$tmp/T/meta" "$tmp/T/rulesets/"* | cksum)" = "$before" ] && ok ||
    fail "a refused writer changed the tuning's files"
refused 2 "$tmp/ok holds the files of a tafl run (kind says so): only tafl tune writes into a tune directory" -- \
    tune "$tmp/tune.ini" --out "$tmp/ok"
"$TAFL" merge "$tmp/a/b/shard-1-of-2" "$tmp/a/b/shard-2-of-2" --out "$tmp/M" >/dev/null 2>&1 || fail "merge failed"
refused 2 "$tmp/M holds the files of a tafl merge" -- run "$tmp/ok.ini" --out "$tmp/M" --resume
[ "$(cat "$tmp/ok/kind" "$tmp/M/kind")" = "$(printf 'run\nmerge')" ] && ok || fail "the kind files"

# Item 6: merge takes each shard's lock: while a shard is held (here by flock(1), as a resume
# of it holds it), merge is refused naming the holder, and writes nothing.
flock -x "$tmp/a/b/shard-2-of-2" sleep 600 &
holder=$!
started="$started $holder"
held() { grep -q " FLOCK .* $holder " /proc/locks 2>/dev/null; }
if wait_until held; then
    refused 2 "$tmp/a/b/shard-2-of-2 is being written by process $holder" -- \
        merge "$tmp/a/b/shard-1-of-2" "$tmp/a/b/shard-2-of-2" --out "$tmp/M2"
    [ ! -e "$tmp/M2/games.csv" ] && ok || fail "merge wrote while a shard was held"
else
    fail "flock never held the shard"
fi
kill -KILL "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
# A shard resumed again and again while merges run: each merge is whole or refused.
( while :; do "$TAFL" run "$tmp/ok.ini" --shard 2/2 --out "$tmp/a/b/shard-2-of-2" --resume >/dev/null 2>&1; done ) &
looper=$!
started="$started $looper"
k=0 bad=0
while [ $k -lt 10 ]; do
    rm -rf "$tmp/race"
    if timeout 60 "$TAFL" merge "$tmp/a/b/shard-1-of-2" "$tmp/a/b/shard-2-of-2" --out "$tmp/race" >/dev/null 2>"$tmp/err"; then
        [ -s "$tmp/race/setup" ] && [ -s "$tmp/race/rulesets/brandubh.rules" ] &&
            [ -s "$tmp/race/summary.csv" ] || bad=$((bad + 1))
    elif ! grep -q "is being written by" "$tmp/err"; then
        bad=$((bad + 1))
        cat "$tmp/err" >&2
    fi
    k=$((k + 1))
done
kill -KILL "$looper" 2>/dev/null
wait "$looper" 2>/dev/null
[ "$bad" -eq 0 ] && ok || fail "$bad of 10 merges racing a resume left an empty file or failed otherwise"

# Item 7: a FIFO at any name a command writes is refused at once (a write never blocks).
fifo_at() { # fifo_at DIR NAME: a fresh DIR holding a FIFO at NAME
    rm -rf "$1" && mkdir -p "$1/$(dirname "$2")" && mkfifo "$1/$2"
}
for name in setup rulesets/brandubh.rules meta.tmp setup.tmp; do
    fifo_at "$tmp/ff" "$name"
    refused 1 "$tmp/ff/$name: exists and is not a regular file (a FIFO)" -- run "$tmp/ok.ini" --out "$tmp/ff"
done
for name in convergence.csv curve.gp; do
    fifo_at "$tmp/fc" "$name"
    refused 1 "$tmp/fc/$name: exists and is not a regular file (a FIFO)" -- run "$tmp/curve.ini" --out "$tmp/fc"
done
for name in tune.state tune.ini tune.gp; do
    fifo_at "$tmp/ft" "$name"
    refused 1 "$tmp/ft/$name: exists and is not a regular file (a FIFO)" -- tune "$tmp/tune.ini" --out "$tmp/ft"
done
fifo_at "$tmp/fe" transcripts/game-0.txt
refused 1 "$tmp/fe/transcripts/game-0.txt: exists and is not a regular file (a FIFO)" -- \
    match --attacker "$ext" --defender random --games 1 --out "$tmp/fe"
fifo_at "$tmp/fx" game-000000.otn
refused 1 "$tmp/fx/game-000000.otn: exists and is not a regular file (a FIFO)" -- \
    export "$tmp/rec/games.csv" --dir "$tmp/fx"
fifo_at "$tmp/fp" game.otn
timeout -k 10 "${HANG_LIMIT:-60}" "$TAFL" play --attacker random --defender random --out "$tmp/fp/game.otn" </dev/null \
    >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] && grep -q "game.otn: exists and is not a regular file (a FIFO)" "$tmp/err" && ok ||
    { fail "play --out FIFO: exit $status (124 or 137: it hung)"; cat "$tmp/err" >&2; }

# Item 8: removing .lock by hand does not let a second writer in: the directory itself is
# locked too, and the second writer is refused naming the first.
"$TAFL" run "$tmp/slow.ini" --out "$tmp/L" --threads 1 >/dev/null 2>&1 &
holder=$!
started="$started $holder"
if ! wait_until has_rows "$tmp/L" 1; then
    fail "the background run wrote no game in $WAIT_LIMIT s"
else
    rm "$tmp/L/.lock"
    refused 1 "$tmp/L is being written by process $holder (it holds the directory's lock" -- \
        run "$tmp/slow.ini" --out "$tmp/L" --resume --threads 1
    refused 1 "$tmp/L is being written by process $holder" -- \
        match --attacker random --defender random --games 2 --out "$tmp/L" --resume
fi
kill -KILL "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
[ -z "$(tail -n +2 "$tmp/L/games.csv" | cut -d, -f1 | sort | uniq -d)" ] && ok ||
    fail "$tmp/L/games.csv holds a game twice"

# A curve's convergence verdict is the study's answer: it goes to stdout with the tables, so a
# run sent to a file keeps it.
"$TAFL" run "$tmp/curve.ini" --out "$tmp/verdict" >"$tmp/out" 2>"$tmp/err"
grep -q "^brandubh: too few rungs" "$tmp/out" && ! grep -q "too few rungs" "$tmp/err" && ok ||
    { fail "the curve's verdict is not on stdout"; cat "$tmp/out" "$tmp/err" >&2; }

echo "rundirs.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
