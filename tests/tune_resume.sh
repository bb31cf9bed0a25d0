#!/bin/sh
# Tuning records and resumes (issue 17, item 3): `tafl tune` killed once it has written a row
# leaves the rows and the record (setup, tuning file, rulesets, meta); killed again in the
# resume and resumed to the end at another thread count, its tune.csv and printed result equal
# an uninterrupted run's byte for byte. A rerun without --resume, a resume with other settings
# or an edited ruleset file, and a second tuning in a directory in use are refused with one
# line. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
snapshot() { (cd "$1" && find . -type f ! -name .lock | sort | xargs cksum); }
# rows DIR: whole rows in DIR/tune.csv so far.
rows() {
    n=$(cat "$1/tune.csv" 2>/dev/null | wc -l)
    [ "$n" -gt 0 ] && echo $((n - 1)) || echo 0
}
# wait_rows PID DIR N: waits (at most 120 s: the machine may be loaded) until DIR/tune.csv holds
# N rows or the tuning ends.
wait_rows() {
    i=0
    while kill -0 "$1" 2>/dev/null && [ "$(rows "$2")" -lt "$3" ] && [ $i -lt 12000 ]; do
        sleep 0.01
        i=$((i + 1))
    done
}
# result FILE: the printed result without the line naming the directory.
result() { grep -v 'files in ' "$1"; }

# A small SPSA run whose point moves (a = 2), so the resumed point must be exact.
cat >"$tmp/m.ini" <<'EOF'
[tune]
name = m
agent = mcts:iterations=200
opponent = mcts:iterations=200
pairs = 2
iterations = 10
final_pairs = 2
max_plies = 150
opening_plies = 6
a = 2
[param.c]
min = 0.1
max = 2
[param.playout_plies]
min = 5
max = 40
EOF
"$TAFL" tune "$tmp/m.ini" --out "$tmp/ref" --threads 1 >"$tmp/ref.out" 2>/dev/null ||
    fail "the uninterrupted tuning failed"
[ "$(rows "$tmp/ref")" -eq 11 ] && ok || fail "the uninterrupted tuning has $(rows "$tmp/ref") rows, not 11"

# 1. Killed (SIGTERM, as kill sends it) once a row is on disk: the rows and the record stay.
"$TAFL" tune "$tmp/m.ini" --out "$tmp/cut" --threads 2 >/dev/null 2>&1 &
pid=$!
wait_rows $pid "$tmp/cut" 1
if kill -0 $pid 2>/dev/null; then
    # A second tuning into a directory in use is refused, and touches nothing.
    "$TAFL" tune "$tmp/m.ini" --out "$tmp/cut" --resume >/dev/null 2>"$tmp/err"
    rc=$?
    if kill -0 $pid 2>/dev/null; then
        [ $rc -eq 1 ] && grep -q "is being written by process $pid" "$tmp/err" && ok ||
            { fail "a second tuning in a directory in use was not refused"; cat "$tmp/err" >&2; }
    fi
fi
kill -TERM $pid 2>/dev/null
wait $pid 2>/dev/null
have=$(rows "$tmp/cut")
[ "$have" -ge 1 ] && ok || fail "the killed tuning left no row"
for f in setup tune.ini tune.state meta rulesets/brandubh.rules; do
    [ -s "$tmp/cut/$f" ] && ok || fail "the killed tuning left no $f"
done
cmp -s "$tmp/m.ini" "$tmp/cut/tune.ini" && ok || fail "tune.ini is not the tuning file"
head -n $((have + 1)) "$tmp/ref/tune.csv" | cmp -s - "$tmp/cut/tune.csv" && ok ||
    fail "the rows of the killed tuning differ from the uninterrupted one's"

# 2. A rerun without --resume is refused, naming --resume, and changes nothing.
snapshot "$tmp/cut" >"$tmp/before"
"$TAFL" tune "$tmp/m.ini" --out "$tmp/cut" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "tune.csv already exists.*add --resume" "$tmp/err" &&
    ok || { fail "a rerun without --resume"; cat "$tmp/err" >&2; }
# ... and so is a resume with other settings, naming what changed.
sed 's/^pairs = 2/pairs = 3/' "$tmp/m.ini" >"$tmp/m3.ini"
"$TAFL" tune "$tmp/m3.ini" --out "$tmp/cut" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "resume refused: $tmp/cut/setup: pairs was '2', now '3'" "$tmp/err" && ok ||
    { fail "a resume with other pairs"; cat "$tmp/err" >&2; }
sed 's/^max = 40/max = 30/' "$tmp/m.ini" >"$tmp/m4.ini"
"$TAFL" tune "$tmp/m4.ini" --out "$tmp/cut" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "param.playout_plies.max was '40', now '30'" "$tmp/err" && ok ||
    { fail "a resume with another range"; cat "$tmp/err" >&2; }
snapshot "$tmp/cut" | cmp -s - "$tmp/before" && ok || fail "a refused tuning changed files"

# 3. Resumed, killed again (SIGKILL) after one more row, resumed at another thread count: the
# bytes and the printed result of the uninterrupted run.
"$TAFL" tune "$tmp/m.ini" --out "$tmp/cut" --threads 2 --resume >/dev/null 2>&1 &
pid=$!
wait_rows $pid "$tmp/cut" $((have + 1))
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
"$TAFL" tune "$tmp/m.ini" --out "$tmp/cut" --threads 1 --resume >"$tmp/cut.out" 2>"$tmp/err" &&
    ok || { fail "the last resume failed"; cat "$tmp/err" >&2; }
cmp -s "$tmp/ref/tune.csv" "$tmp/cut/tune.csv" && ok || fail "resumed tune.csv differs"
cmp -s "$tmp/ref/tune.state" "$tmp/cut/tune.state" && ok || fail "resumed tune.state differs"
result "$tmp/ref.out" >"$tmp/a"
result "$tmp/cut.out" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && grep -q "^best mcts:iterations=200,c=" "$tmp/b" && ok ||
    { fail "the resumed tuning prints another result"; diff "$tmp/a" "$tmp/b" >&2; }
grep -q "^state finished$" "$tmp/cut/meta" && grep -q "^rows_done 11$" "$tmp/cut/meta" && ok ||
    fail "meta of the finished tuning"

# 4. A ruleset file the tuning file names, edited between the run and the resume.
cp "$DATA/repro/edge.rules" "$tmp/"
printf '[tune]\nname = e\nrules = edge.rules\nagent = greedy\nopponent = greedy\npairs = 2\niterations = 1\nfinal_pairs = 1\nmax_plies = 40\n[param.mobility]\nmin = 0\nmax = 2\n' >"$tmp/e.ini"
"$TAFL" tune "$tmp/e.ini" --out "$tmp/e" >/dev/null 2>&1 && ok || fail "the edge tuning"
grep -q "^draw_fort = " "$tmp/e/rulesets/edge.rules" && ok || fail "the ruleset's full text is kept"
snapshot "$tmp/e" >"$tmp/before"
sed -i 's/^escape = edge/escape = corner/' "$tmp/edge.rules"
"$TAFL" tune "$tmp/e.ini" --out "$tmp/e" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "resume refused: .*ruleset edge: escape was 'edge', now 'corner'" "$tmp/err" &&
    ok || { fail "a resume after a ruleset edit"; cat "$tmp/err" >&2; }
snapshot "$tmp/e" | cmp -s - "$tmp/before" && ok || fail "a refused tuning changed files"

# An evaluation file that goes away while a tuning plays: every point played the file as it
# was when the tuning began, and once it is gone the tuning stops with one line naming it
# (exit 1, no crash), keeping the rows it finished.
cp evals/brandubh.eval "$tmp/gone.eval"
cat >"$tmp/gone.ini" <<EOF
[tune]
name = gone
agent = alphabeta:depth=1,eval=$tmp/gone.eval
opponent = greedy
pairs = 2
iterations = 40
final_pairs = 2
max_plies = 100
opening_plies = 4
[param.king_distance]
min = 0
max = 2
EOF
"$TAFL" tune "$tmp/gone.ini" --out "$tmp/gone" --threads 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_rows "$pid" "$tmp/gone" 1
rm -f "$tmp/gone.eval"
wait "$pid"
rc=$?
[ "$rc" -eq 1 ] && grep -q "gone.eval: cannot read" "$tmp/err" && [ "$(rows "$tmp/gone")" -ge 1 ] && ok ||
    { fail "a tuning whose evaluation file went away (exit $rc)"; cat "$tmp/err" >&2; }

echo "tune_resume: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
