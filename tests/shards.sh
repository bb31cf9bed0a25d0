#!/bin/sh
# Shards (issue 7): three shards of an experiment run with GNU parallel and merged with
# `tafl merge` give the games.csv and summary.csv of a single run byte for byte; so do four
# shards run through scripts/slurm-array.sh against a stand-in sbatch; merge refuses shards
# that do not make one whole run. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"

ini=$DATA/runner/small.ini
# same DIR: DIR's games.csv and summary.csv equal the single run's.
same() {
    cmp -s "$1/games.csv" "$tmp/single/games.csv" && cmp -s "$1/summary.csv" "$tmp/single/summary.csv"
}

"$TAFL" run "$ini" --out "$tmp/single" --threads 2 >/dev/null 2>&1 || fail "the single run failed"

# Three shards with GNU parallel, three jobs at once, one thread each.
if ! command -v parallel >/dev/null 2>&1; then
    fail "GNU parallel is not installed (Debian package parallel; make deps installs it)"
else
    parallel --will-cite -j 3 "$TAFL" run "$ini" --shard {}/3 --threads 1 \
        --out "$tmp/p/shard-{}-of-3" ::: 1 2 3 >/dev/null 2>&1 && ok || fail "parallel shards failed"
    [ ! -e "$tmp/p/shard-1-of-3/summary.csv" ] && grep -q '^shard 1/3$' "$tmp/p/shard-1-of-3/meta" &&
        ok || fail "a shard wrote a summary.csv or no shard line in meta"
    "$TAFL" merge "$tmp/p/shard-3-of-3" "$tmp/p/shard-1-of-3" "$tmp/p/shard-2-of-3" \
        >"$tmp/table" 2>"$tmp/err" && ok || { fail "merge failed"; cat "$tmp/err" >&2; }
    same "$tmp/p" && ok || fail "merged shards differ from the single run"
    cmp -s "$tmp/p/experiment.ini" "$tmp/single/experiment.ini" && ok || fail "experiment.ini differs"
    grep -q "^ard-ri  *mc  *greedy-1 *4 " "$tmp/table" && ok || fail "merge printed no table"
fi

# A shard killed and resumed, run at another thread count, still merges to the same bytes.
for i in 1 2; do
    "$TAFL" run "$ini" --shard $i/2 --threads 2 --out "$tmp/k/shard-$i-of-2" >/dev/null 2>&1 ||
        fail "shard $i/2 failed"
done
head -n 9 "$tmp/k/shard-2-of-2/games.csv" >"$tmp/cut" && printf '17,"bran' >>"$tmp/cut"
cp "$tmp/cut" "$tmp/k/shard-2-of-2/games.csv" && rm "$tmp/k/shard-2-of-2/meta"
"$TAFL" merge "$tmp/k/shard-1-of-2" "$tmp/k/shard-2-of-2" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "shard-2-of-2: no meta: not a finished shard" "$tmp/err" && ok ||
    { fail "merge took an unfinished shard"; cat "$tmp/err" >&2; }
[ ! -e "$tmp/k/summary.csv" ] && ok || fail "a failed merge left a summary.csv"
"$TAFL" run "$ini" --shard 2/2 --threads 1 --resume --out "$tmp/k/shard-2-of-2" >/dev/null 2>&1 ||
    fail "resuming shard 2/2 failed"
"$TAFL" merge "$tmp/k/shard-1-of-2" "$tmp/k/shard-2-of-2" >/dev/null 2>&1 && same "$tmp/k" && ok ||
    fail "a resumed shard does not merge to the single run"

# scripts/slurm-array.sh against a stand-in sbatch that runs each job at once, the array's
# tasks one after another with SLURM_ARRAY_TASK_ID set, as Slurm would.
mkdir -p "$tmp/bin"
cat >"$tmp/bin/sbatch" <<'EOF'
#!/bin/sh
array="" wrap=""
for a in "$@"; do
    case $a in
    --array=*) array=${a#--array=} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
    esac
done
echo "$*" >>"$SBATCH_LOG"
if [ -n "$array" ]; then
    i=${array%-*}
    while [ "$i" -le "${array#*-}" ]; do
        SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=2 sh -c "$wrap" >/dev/null 2>&1 || exit 1
        i=$((i + 1))
    done
else
    sh -c "$wrap" >/dev/null 2>&1 || exit 1
fi
echo 4242
EOF
chmod +x "$tmp/bin/sbatch"
PATH="$tmp/bin:$PATH" SBATCH_LOG="$tmp/sbatch.log" TAFL="$TAFL" \
    sh scripts/slurm-array.sh "$ini" 4 "$tmp/slurm" --time=00:10:00 >"$tmp/out" 2>"$tmp/err" &&
    ok || { fail "slurm-array.sh failed"; cat "$tmp/err" >&2; }
same "$tmp/slurm" && ok || fail "slurm-array.sh shards differ from the single run"
grep -q -- "--array=1-4 .*--time=00:10:00" "$tmp/sbatch.log" &&
    grep -q -- "--dependency=afterok:4242" "$tmp/sbatch.log" && ok ||
    { fail "slurm-array.sh submitted the wrong jobs"; cat "$tmp/sbatch.log" >&2; }
sh scripts/slurm-array.sh "$ini" 0 "$tmp/slurm0" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "N '0' must be a number of shards" "$tmp/err" && ok || fail "slurm-array.sh N=0"

# Shards that do not make one run.
expect_merge() { # expect_merge NEEDLE DIR...: merge fails with exit 2 and one line with NEEDLE
    needle=$1
    shift
    "$TAFL" merge "$@" --out "$tmp/never" >/dev/null 2>"$tmp/err"
    if [ $? -eq 2 ] && grep -qF -- "$needle" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        [ ! -e "$tmp/never/summary.csv" ]; then
        ok
    else
        fail "merge $*: wanted '$needle'"
        cat "$tmp/err" >&2
    fi
}
expect_merge "shard 2/2 is missing (1 of 2 shard directories given)" "$tmp/k/shard-1-of-2"
expect_merge "are both shard 1/2" "$tmp/k/shard-1-of-2" "$tmp/k/shard-1-of-2"
expect_merge "are not shards of one run: their number of shards differ" \
    "$tmp/k/shard-1-of-2" "$tmp/slurm/shard-2-of-4"
expect_merge "single/meta: no 'shard' line" "$tmp/single"
expect_merge "needs the directories of the shards"
"$TAFL" merge "$tmp/k/shard-1-of-2" "$tmp/k/shard-2-of-2" --out "$tmp/single" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "already holds games" "$tmp/err" && ok || fail "merge overwrote games"
expect_run() { # expect_run NEEDLE SHARD
    "$TAFL" run "$ini" --shard "$2" --out "$tmp/never" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && grep -qF -- "$1" "$tmp/err" && ok || { fail "run --shard $2"; cat "$tmp/err" >&2; }
}
for s in 0/3 4/3 3 1/0 -1/2 x/y 1/100001 99999999999999999999/3; do
    expect_run "--shard '$s' must be I/N with 1 <= I <= N <= 100000" "$s"
done

echo "shards: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
