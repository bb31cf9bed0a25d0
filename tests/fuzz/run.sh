#!/bin/sh
# Runs each libFuzzer target of `make fuzz` for SECONDS from its seed corpus tests/fuzz/<target>/
# (read only); new inputs go to build/fuzz/corpus/<target>/, a crash to
# build/fuzz/crash-<target>-<hash>. Fails if any target finds a crash, with the command that
# reproduces it.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS TARGET...
set -u
build=$1 seconds=$2
shift 2
out=build/fuzz
mkdir -p "$out"
# Targets run FUZZ_JOBS at a time (default: the number of processors), each on one core, so
# that CI's fixed SECONDS per target costs SECONDS * targets / cores of wall time.
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# fuzz_one TARGET: runs it and leaves its exit status in $out/TARGET.status.
fuzz_one() {
    rm -f "$out/$1.status"
    mkdir -p "$out/corpus/$1"
    # -rss_limit_mb: an agent may be given a large table; stdin is /dev/null so that a path
    # such as /dev/stdin in an input reads nothing instead of waiting.
    "$build/fuzz/fuzz_$1" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$out/crash-$1-" "$out/corpus/$1" "tests/fuzz/$1" \
        </dev/null >"$out/$1.log" 2>&1
    echo $? >"$out/$1.status"
}

running=0
for t in "$@"; do
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait

failed=""
for t in "$@"; do
    status=$(cat "$out/$t.status" 2>/dev/null || echo 1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
    cov=$(grep -o 'cov: [0-9]*' "$out/$t.log" | tail -n 1)
    if [ "$status" -eq 0 ]; then
        echo "fuzz $t: ${runs:-?} runs in ${seconds}s, $cov, no crash"
    else
        failed="$failed $t"
        echo "fuzz $t: FAILED (exit $status), log in $out/$t.log:" >&2
        grep -E "^(==[0-9]+==ERROR|SUMMARY|fuzz: |.*runtime error)|Test unit written" "$out/$t.log" | head -n 12 >&2
        echo "  reproduce: $build/fuzz/fuzz_$t $out/crash-$t-*" >&2
    fi
done
[ -z "$failed" ] || { echo "fuzz: crashes in:$failed" >&2; exit 1; }
