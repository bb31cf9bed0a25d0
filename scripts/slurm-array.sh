#!/bin/sh
# Runs a tafl-lab experiment on a Slurm cluster: a job array of N tasks, task I playing shard I
# of N (`tafl run FILE.ini --shard I/N`), then a job that starts once every task has succeeded
# and merges the shards (`tafl merge`) into the games.csv and summary.csv of a single run.
#
# usage: scripts/slurm-array.sh FILE.ini N OUTDIR [SBATCH_OPTION...]
#   e.g. scripts/slurm-array.sh experiments/quick-balance.ini 8 results/qb-cluster \
#            --partition=cpu --time=04:00:00 --cpus-per-task=32
#
# Shard I writes OUTDIR/shard-I-of-N/; the merge writes OUTDIR/. Each task runs with --resume
# and as many threads as Slurm gives it (SLURM_CPUS_PER_TASK), so a task that is requeued,
# preempted or resubmitted by hand (`sbatch --array=3 ...`, or this script again) keeps its
# finished games and plays only the rest. The SBATCH_OPTIONs go to both jobs. TAFL names the
# binary (default build/tafl); paths are made absolute because jobs may start elsewhere.
# TAFL_TASKS (a Slurm --array list such as "2" or "1,3-4"; default 1-N) submits only those tasks,
# with a new merge job: to resubmit a task that was cancelled or failed, whose merge Slurm then
# never runs. Prints the two job ids.
set -eu

usage() {
    echo "usage: $0 FILE.ini N OUTDIR [SBATCH_OPTION...]" >&2
    exit 2
}
[ $# -ge 3 ] || usage
file=$1 shards=$2 out=$3
shift 3
case $shards in
'' | *[!0-9]*) echo "$0: N '$shards' must be a number of shards, 1..100000" >&2; exit 2 ;;
esac
[ "$shards" -ge 1 ] && [ "$shards" -le 100000 ] ||
    { echo "$0: N '$shards' must be a number of shards, 1..100000" >&2; exit 2; }
tasks=${TAFL_TASKS:-1-$shards}
case $tasks in
'' | *[!0-9,-]*) echo "$0: TAFL_TASKS '$tasks' must be a Slurm array list such as 2 or 1,3-4" >&2; exit 2 ;;
esac
[ -f "$file" ] || { echo "$0: $file: no such experiment file" >&2; exit 2; }
case "$file$out${TAFL:-}" in
*"'"*) echo "$0: paths with a single quote are not supported" >&2; exit 2 ;;
esac

absolute() { # absolute PATH: PATH from /, without requiring that it exists yet
    case $1 in
    /*) echo "$1" ;;
    *) echo "$PWD/$1" ;;
    esac
}
tafl=$(absolute "${TAFL:-build/tafl}")
[ -x "$tafl" ] || { echo "$0: $tafl is not an executable (build it with make, or set TAFL)" >&2; exit 2; }
file=$(absolute "$file")
out=$(absolute "$out")
mkdir -p "$out"

# One task: shard $SLURM_ARRAY_TASK_ID of N. The variables are expanded when the task runs.
task="exec '$tafl' run '$file' --shard \"\$SLURM_ARRAY_TASK_ID/$shards\""
task="$task --threads \"\${SLURM_CPUS_PER_TASK:-1}\" --resume"
task="$task --out '$out/shard-'\"\$SLURM_ARRAY_TASK_ID\"'-of-$shards'"
array=$(sbatch --parsable --job-name=tafl-shards --array="$tasks" \
    --output="$out/slurm-%A_%a.out" "$@" --wrap="$task")
array=${array%%;*} # --parsable prints "jobid" or "jobid;cluster"

dirs=""
i=1
while [ "$i" -le "$shards" ]; do
    dirs="$dirs '$out/shard-$i-of-$shards'"
    i=$((i + 1))
done
merge=$(sbatch --parsable --job-name=tafl-merge --dependency="afterok:$array" \
    --output="$out/slurm-merge-%j.out" "$@" --wrap="exec '$tafl' merge$dirs --out '$out'")
merge=${merge%%;*}
echo "shards: job $array (array $tasks), merge: job $merge, results in $out"
