#!/bin/sh
# Kill and resume (issue 7): `tafl run` is killed with SIGKILL at pseudo-random moments, every
# other run twice (the second kill lands in the resume), then resumed to the end; every final
# games.csv and summary.csv must equal an uninterrupted run's byte for byte, and a summary.csv
# seen after a kill must belong to a finished run. Run by `make test` with TAFL set.
#
# A moment is drawn from a fixed awk seed as a number of finished games: the script watches
# games.csv grow and kills the run when it holds that many rows, so a loaded machine delays the
# kill with the run instead of letting the run finish first. One trial in four is killed
# instead a few milliseconds after its start (directory, experiment.ini, header). A kill that
# comes after the run has finished tests nothing and is not counted; the script goes on until
# TRIALS kills have interrupted a run (at most 3 x TRIALS attempts).
set -u
TAFL=${TAFL:-build/tafl}
DATA=${TAFL_TEST_DATA:-tests/data}
TRIALS=${KILL_TRIALS:-12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

ini=$DATA/runner/kill-resume.ini

"$TAFL" run "$ini" --out "$tmp/ref" --threads 2 >/dev/null 2>&1 || {
    echo "FAIL: the uninterrupted run failed" >&2
    exit 1
}
total=$(($(wc -l <"$tmp/ref/games.csv") - 1))

# rows DIR: complete rows in DIR/games.csv so far.
rows() {
    n=$(cat "$1/games.csv" 2>/dev/null | wc -l)
    [ "$n" -gt 0 ] && echo $((n - 1)) || echo 0
}

# draw N LOW HIGH: the N-th pseudo-random number in [LOW, HIGH).
draw() { awk -v n="$1" -v lo="$2" -v hi="$3" 'BEGIN { srand(20240607 + n); print lo + (hi - lo) * rand() }'; }

# run_killed DIR N: starts a run (a resume when DIR has games) and kills it at moment N.
# Returns 0 when the kill interrupted the run, 1 when the run had already finished.
run_killed() {
    from=$(rows "$1")
    "$TAFL" run "$ini" --out "$1" --threads 2 --resume >/dev/null 2>&1 &
    pid=$!
    if [ $(($2 % 4)) -eq 1 ]; then
        sleep "$(draw "$2" 0 0.03)"
    else
        target=$(draw "$2" "$from" "$total" | awk -v t="$total" '{ n = int($1); print n < t ? n : t - 1 }')
        while kill -0 "$pid" 2>/dev/null && [ "$(rows "$1")" -lt "$target" ]; do
            sleep 0.005
        done
    fi
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    # 137 = killed by SIGKILL; 0 = it finished before the kill.
    [ $? -ne 0 ]
}
# check_partial DIR: after a kill, a summary.csv may exist only for a finished games.csv.
check_partial() {
    if [ -e "$1/summary.csv" ] && ! cmp -s "$1/games.csv" "$tmp/ref/games.csv"; then
        fail "$1: summary.csv left beside an unfinished games.csv"
    fi
}

interrupted=0
attempt=0
while [ "$interrupted" -lt "$TRIALS" ] && [ "$attempt" -lt $((3 * TRIALS)) ]; do
    attempt=$((attempt + 1))
    dir=$tmp/trial$attempt
    if ! run_killed "$dir" "$attempt"; then
        continue # finished before the kill: nothing was interrupted
    fi
    interrupted=$((interrupted + 1))
    check_partial "$dir"
    # Every other trial is killed a second time, inside the resume.
    if [ $((attempt % 2)) -eq 0 ] && run_killed "$dir" $((attempt + 1000)); then
        check_partial "$dir"
    fi
    if ! "$TAFL" run "$ini" --out "$dir" --threads 2 --resume >/dev/null 2>"$tmp/err"; then
        fail "trial $attempt: the resume failed: $(cat "$tmp/err")"
        continue
    fi
    cmp -s "$dir/games.csv" "$tmp/ref/games.csv" || fail "trial $attempt: games.csv differs"
    cmp -s "$dir/summary.csv" "$tmp/ref/summary.csv" || fail "trial $attempt: summary.csv differs"
    rm -rf "$dir"
done
[ "$interrupted" -ge "$TRIALS" ] ||
    fail "only $interrupted of $attempt kills interrupted a run (want $TRIALS)"
echo "kill-resume: $interrupted runs killed and resumed in $attempt attempts" \
    "($total games a run), $failed failed"
[ "$failed" -eq 0 ]
