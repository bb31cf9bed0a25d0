#!/bin/sh
# The speed figures against the reference program, measured in one run beside the reference program
# (brandubh_bitboard.c: a Brandubh-only bitboard program playing uniform random games):
#   1. `tafl bench` playouts_per_s / the reference's random playouts per second (target >= 0.95);
#   2. perft 6 from the Brandubh start: the reference's time / tafl's (higher is faster);
#   3. a random Brandubh match of MATCH_GAMES games on 2 threads with --out (games.csv written):
#      its wall time / the reference's single-thread time for as many playouts (target <= 0.6),
#      and the same for CPU seconds (the work done, which a busy machine changes less).
# Each figure is the best of REPEAT runs (default 3), tafl and reference alternating, so that
# a busy machine hurts both alike.
#
# usage: scripts/bench-reference.sh        (run by `make bench-reference`, after `make fast`)
#   TAFL=PATH           the tafl binary (default: the `make fast` build, -O3 -march=native, as
#                       the reference is built)
#   TAFL_BASE=PATH      a second tafl binary (e.g. an older build) measured in the same run
#   TAFL_REFERENCE=PATH brandubh_bitboard.c (default: ../shared/reference/ beside the checkout)
#   MATCH_GAMES=N (default 1000000), REPEAT=N (default 3)
set -eu
cd "$(dirname "$0")/.."
MATCH_GAMES=${MATCH_GAMES:-1000000}
REPEAT=${REPEAT:-3}
TAFL=${TAFL:-build/fast-$(basename "${CC:-cc}")/tafl}
[ -x "$TAFL" ] || { echo "bench-reference: $TAFL is not built (make fast, or set TAFL)" >&2; exit 2; }

ref=${TAFL_REFERENCE:-}
if [ -z "$ref" ]; then
    # Beside the checkout: ../shared/reference, or two levels up for a git worktree.
    for dir in ../shared/reference ../../shared/reference; do
        if [ -f "$dir/brandubh_bitboard.c" ]; then
            ref=$dir/brandubh_bitboard.c
            break
        fi
    done
fi
if [ -z "$ref" ] || [ ! -f "$ref" ]; then
    echo "bench-reference: the reference program is absent: no brandubh_bitboard.c in" \
        "${TAFL_REFERENCE:-../shared/reference or ../../shared/reference}; set" \
        "TAFL_REFERENCE=PATH/brandubh_bitboard.c. Nothing measured." >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -march=native -o "$tmp/reference" "$ref"

now() { date +%s.%N; }
# cpu_seconds FILE: the CPU seconds (user + system) of finished children in `times` output.
# `times >FILE` must run in this shell itself: in $(...) or a pipeline it has no children.
cpu_seconds() { tail -n 1 "$1" | tr 'ms' '  ' | awk '{ print $1 * 60 + $2 + $3 * 60 + $4 }'; }
# best NAME VALUE MODE: keeps in $tmp/NAME the max (MODE max) or min (MODE min) so far.
best() {
    if [ -f "$tmp/$1" ]; then
        awk -v a="$(cat "$tmp/$1")" -v b="$2" -v m="$3" \
            'BEGIN { print (m == "max" ? (b > a ? b : a) : (b < a ? b : a)) }' >"$tmp/$1.new"
        mv "$tmp/$1.new" "$tmp/$1"
    else
        echo "$2" >"$tmp/$1"
    fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

# binaries: "tafl" and, when given, "base"
set -- tafl "$TAFL"
[ -z "${TAFL_BASE:-}" ] || set -- "$@" base "$TAFL_BASE"

echo "reference: $ref (gcc -O3 -march=native)"
echo "tafl: $TAFL ($("$TAFL" --version 2>&1 | head -n 1))"
[ -z "${TAFL_BASE:-}" ] || echo "base: $TAFL_BASE ($("$TAFL_BASE" --version 2>&1 | head -n 1))"
echo "machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); best of $REPEAT"

r=1
while [ "$r" -le "$REPEAT" ]; do
    # 1. random playouts
    best ref_playouts "$("$tmp/reference" playout 200000 3 | sed -n 's/^playouts\/s \([0-9]*\).*/\1/p')" max
    i=1
    while [ "$i" -lt $# ]; do
        eval "name=\${$i} bin=\${$((i + 1))}"
        "$bin" bench >"$tmp/bench.out"
        best "${name}_playouts" "$(sed -n 's/^playouts_per_s \([0-9]*\)$/\1/p' "$tmp/bench.out")" max
        tail -n 1 "$tmp/bench.out" >"$tmp/${name}_sig"
        i=$((i + 2))
    done
    # 2. perft 6
    t0=$(now)
    "$tmp/reference" perft 6 | tail -n 1 >"$tmp/ref_perft_count"
    best ref_perft "$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')" min
    i=1
    while [ "$i" -lt $# ]; do
        eval "name=\${$i} bin=\${$((i + 1))}"
        t0=$(now)
        "$bin" perft --depth 6 2>/dev/null | tail -n 1 >"$tmp/${name}_perft_count"
        best "${name}_perft" "$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')" min
        i=$((i + 2))
    done
    # 3. the random match, games.csv written, 2 threads; the reference on one thread
    times >"$tmp/times0"
    t0=$(now)
    "$tmp/reference" playout "$MATCH_GAMES" 3 >/dev/null
    times >"$tmp/times1"
    best ref_match "$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')" min
    best ref_match_cpu "$(awk -v a="$(cpu_seconds "$tmp/times0")" -v b="$(cpu_seconds "$tmp/times1")" \
        'BEGIN { print b - a }')" min
    i=1
    while [ "$i" -lt $# ]; do
        eval "name=\${$i} bin=\${$((i + 1))}"
        rm -rf "$tmp/match"
        times >"$tmp/times0"
        t0=$(now)
        "$bin" match --rules brandubh --attacker random --defender random --games "$MATCH_GAMES" \
            --threads 2 --out "$tmp/match" >/dev/null
        best "${name}_match" "$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')" min
        times >"$tmp/times1"
        best "${name}_match_cpu" "$(awk -v a="$(cpu_seconds "$tmp/times0")" \
            -v b="$(cpu_seconds "$tmp/times1")" 'BEGIN { print b - a }')" min
        i=$((i + 2))
    done
    r=$((r + 1))
done

echo "reference: playouts_per_s $(cat "$tmp/ref_playouts") perft6 $(cat "$tmp/ref_perft")s" \
    "(leaves $(cut -d' ' -f2 "$tmp/ref_perft_count")) playouts_${MATCH_GAMES} $(cat "$tmp/ref_match")s" \
    "(cpu $(cat "$tmp/ref_match_cpu")s)"
i=1
while [ "$i" -lt $# ]; do
    eval "name=\${$i}"
    echo "$name: $(cat "$tmp/${name}_sig")"
    echo "$name: playouts_per_s $(cat "$tmp/${name}_playouts") ratio" \
        "$(ratio "$(cat "$tmp/${name}_playouts")" "$(cat "$tmp/ref_playouts")") (target >= 0.95)"
    echo "$name: perft6 $(cat "$tmp/${name}_perft")s (leaves $(cut -d' ' -f2 "$tmp/${name}_perft_count"))" \
        "speed ratio $(ratio "$(cat "$tmp/ref_perft")" "$(cat "$tmp/${name}_perft")")"
    echo "$name: match ${MATCH_GAMES} games 2 threads $(cat "$tmp/${name}_match")s time ratio" \
        "$(ratio "$(cat "$tmp/${name}_match")" "$(cat "$tmp/ref_match")") (target <= 0.60)"
    # CPU seconds over both threads: the work, whatever the machine's load did to the wall time.
    echo "$name: match cpu $(cat "$tmp/${name}_match_cpu")s cpu ratio" \
        "$(ratio "$(cat "$tmp/${name}_match_cpu")" "$(cat "$tmp/ref_match_cpu")")"
    i=$((i + 2))
done
