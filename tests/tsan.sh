#!/bin/sh
# ThreadSanitizer over tafl's parallel code (issue 7), run by `make tsan` with the clang TSan
# build in $1. clang's OpenMP runtime (libomp) is not instrumented; Archer (libarcher.so, Debian
# libomp-dev), which libomp loads by itself in a TSan program, tells TSan about OpenMP's
# barriers, critical sections and atomics. Without it TSan reports the runner's critical
# section as a race, so the script first checks that Archer is active and that a planted race
# is caught while the same counter under `omp critical` is not; then it runs a parallel match,
# an experiment, a shard and dry runs at 4 threads, which must be clean. (gcc's libgomp has no such tool:
# its TSan reports are false, so this check is clang only.)
set -u
build=${1:?usage: tests/tsan.sh BUILD_DIR}
TAFL=$build/tafl
DATA=${TAFL_TEST_DATA:-tests/data}
CLANG=${CLANG:-clang}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66 ${TSAN_OPTIONS:-}"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# Archer must be loaded, or every critical section looks like a race.
ARCHER_OPTIONS=verbose=1 "$TAFL" match --attacker random --defender random --games 2 \
    --threads 2 >"$tmp/out" 2>&1
grep -q "Archer detected OpenMP application with TSan" "$tmp/out" && ok ||
    fail "Archer (libarcher.so from libomp-dev) is not loaded: TSan cannot see OpenMP's locks"

# The canary: a real race is reported, the same work under omp critical is not.
if "$CLANG" -fopenmp -fsanitize=thread -g -O1 -Wall -Werror -o "$tmp/canary" tests/tsan/canary.c; then
    "$tmp/canary" race >/dev/null 2>"$tmp/race"
    [ $? -eq 66 ] && grep -q "WARNING: ThreadSanitizer: data race" "$tmp/race" && ok ||
        fail "TSan missed the planted race in tests/tsan/canary.c"
    "$tmp/canary" safe >"$tmp/safe.out" 2>"$tmp/safe"
    [ $? -eq 0 ] && [ "$(cat "$tmp/safe.out")" = 4000 ] && ! grep -q ThreadSanitizer "$tmp/safe" && ok ||
        { fail "TSan reported a race under omp critical"; head -20 "$tmp/safe" >&2; }
else
    fail "cannot build tests/tsan/canary.c with $CLANG -fopenmp -fsanitize=thread"
fi

# clean NAME ARGS...: tafl ARGS exits 0 with no TSan report.
clean() {
    name=$1
    shift
    "$TAFL" "$@" >/dev/null 2>"$tmp/err"
    status=$?
    if [ "$status" -eq 0 ] && ! grep -q "ThreadSanitizer" "$tmp/err"; then
        ok
    else
        fail "$name: exit $status under TSan"
        grep -A 30 "WARNING: ThreadSanitizer" "$tmp/err" | head -60 >&2
    fi
}
clean "match" match --attacker alphabeta:depth=2 --defender mcts:iterations=50 --games 16 \
    --threads 4 --record-moves --out "$tmp/match"
clean "run" run "$DATA/runner/kill-resume.ini" --threads 4 --out "$tmp/run"
clean "shard" run "$DATA/runner/small.ini" --threads 4 --shard 2/3 --out "$tmp/shard"
head -n 40 "$tmp/run/games.csv" >"$tmp/cut" && cp "$tmp/cut" "$tmp/run/games.csv"
clean "resume" run "$DATA/runner/kill-resume.ini" --threads 4 --resume --out "$tmp/run"
# The dry run's calibration plays its lines side by side, and a design's simulates its races so.
clean "dry run" run "$DATA/runner/small.ini" --threads 4 --dry-run --out "$tmp/dry"
clean "design dry run" run "$DATA/runner/design.ini" --threads 4 --dry-run --out "$tmp/dry"

echo "tsan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
