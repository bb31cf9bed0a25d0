#!/bin/sh
# How close --dry-run comes to the real wall time (issue 55, item 4; doc/cost.md): for each of
# four studies, the dry run's estimate and interval, then the study itself, timed, into a
# scratch directory. Prints one line a study: estimate, interval, real seconds and their ratio.
# Takes about three minutes on two cores. Usage: sh scripts/dry-run-accuracy.sh [TAFL]
set -u
tafl=${1:-build/tafl}
threads=${THREADS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The README's first study: its rules file and experiment, as the README writes them.
"$tafl" rules show brandubh >"$tmp/my-rules.ini"
sed -i 's/^name = .*/name = brandubh-unarmed/; s/^king_armed = .*/king_armed = no/' "$tmp/my-rules.ini"
cat >"$tmp/my-study.ini" <<EOF
[experiment]
name = my-study
games = 200
opening_plies = 4

[rules]
presets = brandubh
files = $tmp/my-rules.ini

[agent.greedy]
type = greedy

[agent.ab-2]
type = alphabeta
depth = 2
EOF

# pair NAME ARGS...: the dry run of `tafl ARGS --dry-run`, then `tafl ARGS`, timed.
pair() {
    name=$1
    shift
    "$tafl" "$@" --dry-run >"$tmp/dry.out" 2>&1 || { echo "$name: the dry run failed"; cat "$tmp/dry.out"; return; }
    est=$(sed -n 's/^total .* about \([^(]*\) (.*95% interval \(.*\) to \([^ ]* [a-z]*\) from.*/\1|\2|\3/p' "$tmp/dry.out")
    # the seconds: "(N s; an estimate" past 90 s, else "about N s"
    secs=$(sed -n 's/^total .*(\([0-9.]*\) s; an estimate.*/\1/p' "$tmp/dry.out")
    [ -n "$secs" ] || secs=$(sed -n 's/^total .* about \([0-9.]*\) s (.*/\1/p' "$tmp/dry.out")
    start=$(date +%s.%N)
    "$tafl" "$@" >/dev/null 2>&1 || echo "$name: the run failed"
    end=$(date +%s.%N)
    awk -v n="$name" -v e="$est" -v s="$secs" -v a="$start" -v b="$end" 'BEGIN {
        split(e, f, "|"); real = b - a
        printf "%-28s estimate %-8s [%s, %s]  real %6.1f s  real/estimate %.2f\n", n, f[1], f[2], f[3], real, real / s }'
}

pair "README first study" run "$tmp/my-study.ini" --threads "$threads" --out "$tmp/a"
pair "make run (quick-balance)" run experiments/quick-balance.ini --threads "$threads" --out "$tmp/b"
pair "Tablut match, depth 3" match --rules tablut --attacker alphabeta:depth=3 \
    --defender alphabeta:depth=3 --games 100 --opening-plies 4 --threads "$threads"
pair "design-brandubh" run experiments/design-brandubh.ini --threads "$threads" --out "$tmp/d"
