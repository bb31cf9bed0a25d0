#!/bin/sh
# Run directories you can trust (issue 27): no text from an experiment, a tuning file or the
# command line runs a command in a gnuplot script or adds a line to a record; `tafl reproduce`
# starts no external engine unless asked; a ruleset name with ".." reproduces; tune.state is
# checked; the run's memory is budgeted before it starts; engines' children end with tafl.
# Run by `make test` with TAFL pointing at the binary under test. Nothing here depends on
# timing: waits poll for a state for up to WAIT_LIMIT seconds.
set -u
. tests/lib.sh
started="" # processes to kill at the end, whatever happened
trap 'for p in $started; do kill -KILL "$p" 2>/dev/null; done; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
WAIT_LIMIT=${WAIT_LIMIT:-120}
tafl_abs=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")

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
wait_until() {
    n=0
    while ! "$@"; do
        n=$((n + 1))
        [ "$n" -ge $((WAIT_LIMIT * 10)) ] && return 1
        sleep 0.1
    done
}

# A program a hostile label would start: it leaves a mark where it ran.
mark=$tmp/marks
mkdir -p "$mark"
printf '#!/bin/sh\ntouch "%s/$1"\n' "$mark" >"$tmp/mk"
chmod +x "$tmp/mk"
no_marks() { # no_marks WHAT: no hostile command has run
    if [ -n "$(ls "$mark")" ]; then
        fail "$1: a command in a text ran (left $(ls "$mark" | tr '\n' ' '))"
        rm -f "$mark"/*
    else
        ok
    fi
}

# 1. A curve's reference_label with backquotes and $(): `tafl run` draws it, `gnuplot curve.gp`
#    redraws it, and neither runs the command.
cat >"$tmp/curve.ini" <<EOF2
[experiment]
name = c
kind = curve
seed = 2
games = 2
max_plies = 60
reference = 0.5
reference_label = \`$tmp/mk label\` \$($tmp/mk dollar) it's
[rules]
presets = brandubh
[agent.random]
type = random
[agent.greedy]
type = greedy
EOF2
"$TAFL" run "$tmp/curve.ini" --out "$tmp/curve" >/dev/null 2>"$tmp/err" || {
    fail "the curve run failed"
    cat "$tmp/err" >&2
}
no_marks "tafl run of a curve"
if command -v gnuplot >/dev/null 2>&1; then
    (cd "$tmp/curve" && gnuplot curve.gp) 2>/dev/null || fail "gnuplot curve.gp failed"
    no_marks "gnuplot curve.gp"
    [ -s "$tmp/curve/curve.png" ] && ok || fail "gnuplot curve.gp drew nothing"
fi
grep -qF "'\`$tmp/mk label\` \$($tmp/mk dollar) it''s (0.500)'" "$tmp/curve/curve.gp" && ok ||
    fail "curve.gp does not hold the label as a single-quoted string"

# 2. The same through an agent spec in a tuning file: the title of tune.gp holds it.
printf '[tune]\nname = g\nagent = greedy\nopponent = external:cmd=env X=`%s tune` %s engine --agent greedy\nmethod = grid\npoints = 2\npairs = 1\nmax_plies = 50\n[param.king_distance]\nmin = 0\nmax = 8\n' \
    "$tmp/mk" "$tafl_abs" >"$tmp/tune.ini"
"$TAFL" tune "$tmp/tune.ini" --out "$tmp/tune" >/dev/null 2>"$tmp/err" || {
    fail "the tuning with a backquote in a spec failed"
    cat "$tmp/err" >&2
}
no_marks "tafl tune"
if command -v gnuplot >/dev/null 2>&1; then
    (cd "$tmp/tune" && gnuplot tune.gp) 2>/dev/null || fail "gnuplot tune.gp failed"
    no_marks "gnuplot tune.gp"
fi

# 3. A newline in an argument adds no line to meta: reproduce still reads the true kind.
printf '[experiment]\nname = ok\nseed = 3\ngames = 2\nmax_plies = 200\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' >"$tmp/ok.ini"
nl_dir="$tmp/nl
sprt_decision H1"
"$TAFL" match --attacker random --defender random --games 2 --out "$nl_dir" >/dev/null 2>&1 ||
    fail "a match into a directory with a newline in its name failed"
[ "$(grep -c '^sprt_decision' "$nl_dir/meta")" -eq 0 ] && ok ||
    fail "a newline in --out injected a line into meta"
grep -q '^command .*/nl\\nsprt_decision H1' "$nl_dir/meta" && ok || fail "meta's command line is not escaped"
"$TAFL" reproduce "$nl_dir" >"$tmp/out" 2>&1 && grep -q "reproduced, byte-identical" "$tmp/out" && ok ||
    { fail "reproduce of a directory with a newline in its name"; cat "$tmp/out" >&2; }
# ... nor does a shard directory's name in the meta of their merge.
for i in 1 2; do
    "$TAFL" run "$tmp/ok.ini" --shard $i/2 --out "$nl_dir/shard-$i" >/dev/null 2>&1 || fail "shard $i/2 failed"
done
"$TAFL" merge "$nl_dir/shard-1" "$nl_dir/shard-2" --out "$tmp/merged" >/dev/null 2>&1 || fail "the merge failed"
[ "$(grep -c '^sprt_decision' "$tmp/merged/meta")" -eq 0 ] && grep -q '^shard.2 .*/nl\\nsprt_decision H1/shard-2$' "$tmp/merged/meta" &&
    ok || fail "a newline in a shard's path injected a line into the merge's meta"

# 4. tafl reproduce does not start the engine a run directory names without --allow-engines.
ln -s "$tafl_abs" "$tmp/t" # a short name: a spec on the command line holds 63 characters
"$TAFL" match --attacker "external:cmd=$tmp/t engine --agent random" --defender random \
    --games 2 --out "$tmp/ext" >/dev/null 2>&1 || fail "a match with an external engine failed"
# The directory as a stranger would send it: its engine now a program that leaves a mark.
sed "s|^spec.1 .*|spec.1 external:cmd=$tmp/mk engine|" "$tmp/ext/setup" >"$tmp/setup" &&
    cat "$tmp/setup" >"$tmp/ext/setup"
refused 2 "is an external engine and would start the program its spec names (external:cmd=$tmp/mk engine)" -- reproduce "$tmp/ext"
grep -q "add --allow-engines" "$tmp/err" && ok || fail "the refusal does not name --allow-engines"
no_marks "reproduce without --allow-engines"
[ ! -e "$tmp/ext/reproduced" ] && ok || fail "a refused reproduce made its output directory"
"$TAFL" reproduce "$tmp/ext" --allow-engines >/dev/null 2>&1
[ -e "$mark/engine" ] && ok || fail "--allow-engines did not start the engine"
rm -f "$mark"/*

# 5. A legal ruleset name with ".." runs and reproduces.
printf '[ruleset]\nbase = brandubh\nname = v1..2\n' >"$tmp/v.rules"
printf '[experiment]\nname = dots\nseed = 3\ngames = 2\nmax_plies = 100\n[rules]\nfiles = %s\n[agent.r]\ntype = random\n' \
    "$tmp/v.rules" >"$tmp/dots.ini"
"$TAFL" run "$tmp/dots.ini" --out "$tmp/dots" >/dev/null 2>&1 || fail "a ruleset named v1..2 did not run"
"$TAFL" reproduce "$tmp/dots" >"$tmp/out" 2>&1 && grep -q "reproduced, byte-identical" "$tmp/out" && ok ||
    { fail "reproduce of a ruleset named v1..2"; cat "$tmp/out" >&2; }
# ... while a file that climbs out of the directory is still refused.
cp -r "$tmp/dots" "$tmp/climb"
sed 's|^ruleset_file.1 .*|ruleset_file.1 rulesets/../../v.rules|' "$tmp/dots/setup" >"$tmp/climb/setup"
refused 2 "key 'ruleset_file': missing or bad value" -- reproduce "$tmp/climb"

# 6. tune.state is input like any other: counts that would overflow, and nan, inf, -inf, are
#    refused on resume, naming the file, the line and the field; tune.csv stays as it was.
printf '[tune]\nname = g\nagent = greedy\nopponent = greedy\nmethod = grid\npoints = 2\npairs = 1\nmax_plies = 50\n[param.king_distance]\nmin = 0\nmax = 8\n' >"$tmp/g.ini"
"$TAFL" tune "$tmp/g.ini" --out "$tmp/g" >/dev/null 2>&1 || fail "the small tuning failed"
state_case() { # state_case LINE NEW-TEXT NEEDLE
    rm -rf "$tmp/gs" && cp -r "$tmp/g" "$tmp/gs"
    sed "$1s/.*/$2/" "$tmp/g/tune.state" >"$tmp/gs/tune.state"
    refused 1 "$tmp/gs/tune.state:$1: $3" -- tune "$tmp/g.ini" --out "$tmp/gs" --resume
    cmp -s "$tmp/g/tune.csv" "$tmp/gs/tune.csv" && ok || fail "a refused tune.state changed tune.csv"
}
big=9223372036854775807
state_case 1 "0 $big $big 0 0 0 0x0p+0 0x0p+0" "count 1 (pairs scoring 0) is not a number of pairs 0..2"
state_case 1 "0 0 0 1 0 99999999999999999999 0x0p+0 0x0p+0" "count 5 (pairs scoring 2) is not a number of pairs 0..2"
state_case 2 "1 0 0 1 0 0 nan 0x0p+0" "the value of king_distance is not a finite number"
state_case 2 "1 0 0 1 0 0 inf 0x0p+0" "the value of king_distance is not a finite number"
state_case 2 "1 0 0 1 0 0 0x1p+3 -inf" "the next point of king_distance is not a finite number"

# 7. Memory is budgeted before the run: the search tables of every thread against what the
#    machine has. 1,024 threads of two 3-GiB tables need 6 TiB: one line, exit 1, no directory.
refused 1 "out of memory: the search tables of 1024 threads (tt_mb, max_nodes) need 6291626 MiB" -- \
    match --attacker alphabeta:tt_mb=4096 --defender alphabeta:tt_mb=4096 --games 2000 --threads 1024 --out "$tmp/huge"
[ ! -e "$tmp/huge" ] && ok || fail "a run refused for memory made its directory"
printf '[tune]\nname = m\nagent = alphabeta:depth=1\nopponent = greedy\nmethod = grid\npoints = 2\npairs = 1\nmax_plies = 50\n[param.tt_mb]\nmin = 0\nmax = 4096\n' >"$tmp/tt.ini"
refused 1 "out of memory: the search tables of 1024 threads (tt_mb, max_nodes) need 6291626 MiB" -- \
    tune "$tmp/tt.ini" --out "$tmp/tt" --threads 1024
# Under an address-space limit, the limit is what is available (a sanitizer build cannot start
# under one: skipped there, saying so).
if (ulimit -v 2000000 && "$TAFL" --version) >/dev/null 2>&1; then
    (ulimit -v 2000000 && "$TAFL" match --attacker alphabeta:tt_mb=2048 --defender mcts:max_nodes=1000000 \
        --games 20 --threads 2 --out "$tmp/lim" >/dev/null 2>"$tmp/err")
    status=$?
    [ "$status" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "out of memory: the search tables of 2 threads (tt_mb, max_nodes) need 3134 MiB, [0-9]* MiB are available" "$tmp/err" &&
        ok || { fail "a run over ulimit -v: exit $status"; cat "$tmp/err" >&2; }
else
    echo "trust.sh: skipped 1 address-space check: $TAFL cannot start under ulimit -v" >&2
fi

# 8. Engine children: an engine's child in a session of its own (setsid) ends when tafl stops
#    the engine (tafl adopts it as a child subreaper and ends it); an engine that never reads
#    its input ends when tafl is killed with SIGKILL (its parent-death signal). What cannot be
#    covered: the setsid child of an engine when tafl itself is SIGKILLed (doc/commands.md).
cp tests/engines/spawn.sh "$tmp/spawn.sh"
alive() { kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" | cut -c1)" != Z ]; }
dead() { ! alive "$1"; }
engine_run() { # engine_run NAME: a match against spawn.sh in the background; sets p
    rm -f "$tmp/$1.pid" "$tmp/$1.pid.child"
    (cd "$tmp" && TAFL_TEST_PIDFILE=$tmp/$1.pid exec "$tafl_abs" match \
        --attacker "external:cmd=./spawn.sh,movetime_ms=600000" --defender random --games 2 \
        --threads 1 --out "$tmp/$1" >/dev/null 2>"$tmp/$1.err") &
    p=$!
    started="$started $p"
    wait_until test -s "$tmp/$1.pid" && wait_until test -s "$tmp/$1.pid.child"
}
if ! command -v setsid >/dev/null 2>&1; then
    echo "trust.sh: skipped the engine-children checks: no setsid" >&2
elif ! engine_run term; then
    fail "the spawning engine never started"
else
    engine=$(cat "$tmp/term.pid") child=$(cat "$tmp/term.pid.child")
    started="$started $engine $child"
    kill -TERM "$p"
    wait "$p"
    status=$?
    [ "$status" -eq 143 ] && ok || { fail "SIGTERM with a spawning engine: exit $status"; cat "$tmp/term.err" >&2; }
    WAIT_LIMIT=30 wait_until dead "$engine" && ok || fail "the engine outlived tafl's SIGTERM"
    WAIT_LIMIT=30 wait_until dead "$child" && ok || fail "the engine's setsid child outlived tafl's SIGTERM"
    if engine_run kill; then
        engine=$(cat "$tmp/kill.pid") child=$(cat "$tmp/kill.pid.child")
        started="$started $engine $child"
        kill -KILL "$p"
        wait "$p" 2>/dev/null
        WAIT_LIMIT=30 wait_until dead "$engine" && ok || fail "the engine outlived a SIGKILL of tafl"
    else
        fail "the spawning engine never started (SIGKILL case)"
    fi
fi

echo "trust.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
