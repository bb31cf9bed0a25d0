#!/bin/sh
# A real one-node Slurm cluster (issue 19): starts munged, slurmctld and slurmd on this machine
# with a generated slurm.conf (one node with this machine's CPUs, all state in a temporary
# directory), runs an experiment through scripts/slurm-array.sh as 3 shards and checks that the
# merged games.csv and summary.csv equal a single run's byte for byte. Then a fault: one array
# task is cancelled (scancel) while it plays, resubmitted alone, and the merge still gives the
# same bytes. Installs the Debian packages slurmctld, slurmd, slurm-client and munge when they
# are missing (as root or through sudo). Stops every daemon it started, by process id, and
# removes its directory. Run by `make test-slurm` (and .ci/run) with TAFL set.
set -u
TAFL=${TAFL:-build/tafl}
LIMIT=${SLURM_TEST_LIMIT:-150} # seconds to wait for a job before failing
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
die() {
    echo "slurm test: $*" >&2
    exit 1
}

# --- packages ---------------------------------------------------------------------------------
missing=""
for tool in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done
if [ -n "$missing" ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "not root and no sudo: apt-get install$missing"
        sudo=sudo
    fi
    echo "slurm test: installing$missing" >&2
    $sudo apt-get update -q >&2 &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
            $missing >&2 || die "could not install$missing"
fi
[ "$(id -u)" -eq 0 ] || die "the daemons run as root here (SlurmUser=root); run as root"
[ -x "$TAFL" ] || die "$TAFL is not built"
TAFL=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")

# --- the cluster ------------------------------------------------------------------------------
tmp=$(mktemp -d /tmp/tafl-slurm.XXXXXX)
chmod 700 "$tmp"
pids=""
stop() {
    # Jobs first: a job's slurmstepd and tafl outlive slurmd.
    if [ -n "${SLURM_CONF:-}" ] && [ -n "$pids" ]; then
        jobs=$(squeue -h -o %A 2>/dev/null)
        [ -z "$jobs" ] || scancel $jobs 2>/dev/null
        i=0
        while [ -n "$(squeue -h -o %A 2>/dev/null)" ] && [ $i -lt 50 ]; do
            sleep 0.2
            i=$((i + 1))
        done
    fi
    for p in $pids; do kill "$p" 2>/dev/null; done
    for p in $pids; do
        i=0
        while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        kill -9 "$p" 2>/dev/null
    done
    [ -n "${KEEP:-}" ] && echo "kept $tmp" >&2 || rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 1' INT TERM

mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
sock=$tmp/munge/munge.socket
munged --foreground --force --socket="$sock" --key-file="$tmp/munge/munge.key" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
    --seed-file="$tmp/munge/munged.seed" 2>>"$tmp/log/munged.log" &
pids="$pids $!"

# Ports from the process id, so that two runs on one machine do not meet.
port=$((20000 + $$ % 20000 * 2))
node=$(hostname -s)
# `slurmd -C` prints this machine's NodeName line (CPUs, sockets, cores, memory).
nodeline=$(slurmd -C 2>/dev/null | head -n 1)
case $nodeline in
NodeName=*) ;;
*) nodeline="NodeName=$node CPUs=$(nproc)" ;;
esac
node=$(echo "$nodeline" | sed 's/^NodeName=\([^ ]*\).*/\1/')
# Root in a container: no cgroups, no accounting, processes tracked by parent id.
cat >"$tmp/slurm.conf" <<EOF
ClusterName=tafltest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/slurmd-%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=2
MinJobAge=600
$nodeline NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=tafl Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
: >"$tmp/plugstack.conf"
export SLURM_CONF="$tmp/slurm.conf"

i=0
while [ ! -S "$sock" ] && [ $i -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
done
[ -S "$sock" ] || { cat "$tmp/log/munged.log" >&2; die "munged did not start"; }
slurmctld -D -f "$tmp/slurm.conf" >>"$tmp/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$tmp/slurm.conf" -N "$node" >>"$tmp/log/slurmd.out" 2>&1 &
pids="$pids $!"

# wait_for SECONDS COMMAND...: runs COMMAND every 0.2 s until it succeeds; false on timeout.
wait_for() {
    limit=$(($1 * 5))
    shift
    n=0
    until "$@"; do
        n=$((n + 1))
        [ $n -lt "$limit" ] || return 1
        sleep 0.2
    done
}
node_idle() { sinfo -h -n "$node" -o %T 2>/dev/null | grep -q '^idle'; }
if ! wait_for 60 node_idle; then
    tail -n 20 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" >&2
    die "the node did not come up idle: $(sinfo -h -o '%T %E' 2>&1)"
fi

# job_state ID: COMPLETED, RUNNING, PENDING, CANCELLED... of a job (an array task: ID_I).
job_state() { scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
never_satisfied() { scontrol -o show job "$1" 2>/dev/null | grep -q 'JobState=PENDING Reason=DependencyNeverSatisfied'; }
job_done() { case $(job_state "$1") in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) return 0 ;; esac; return 1; }

# --- the experiment ---------------------------------------------------------------------------
# Long enough that a shard is still playing when it is cancelled: full random playouts
# (eval_plies = -1) at 2000 iterations make a shard of 20 games take about 4 s on one core of a
# 2-core CI machine, a game every 0.2 s. With the default eval_plies = 2 a shard took 0.2 s, and
# on CI task 2 finished before the 0.2 s poll saw it running with rows (CI, 2026-11-28).
cat >"$tmp/slurm.ini" <<'EOF'
[experiment]
name = slurm-test
seed = 19
games = 60
max_plies = 200
opening_plies = 2
record_moves = yes

[rules]
presets = brandubh

[agent.rnd]
type = random

[agent.mc]
type = mcts
iterations = 2000
eval_plies = -1

[matchups]
self = no
round-robin = yes
EOF
"$TAFL" run "$tmp/slurm.ini" --out "$tmp/single" --threads 2 >/dev/null 2>&1 ||
    die "the single run failed"
same() {
    cmp -s "$1/games.csv" "$tmp/single/games.csv" && cmp -s "$1/summary.csv" "$tmp/single/summary.csv"
}
submit() { # submit OUTDIR [TASKS]: the script's two job ids into $array and $merge
    line=$(TAFL_TASKS=${2:-} TAFL="$TAFL" sh scripts/slurm-array.sh "$tmp/slurm.ini" 3 "$1" \
        --cpus-per-task=1 2>"$tmp/submit.err") || { cat "$tmp/submit.err" >&2; return 1; }
    array=$(echo "$line" | sed -n 's/^shards: job \([0-9]*\).*/\1/p')
    merge=$(echo "$line" | sed -n 's/.*merge: job \([0-9]*\).*/\1/p')
    [ -n "$array" ] && [ -n "$merge" ]
}

# 1. Three shards and the merge job.
if submit "$tmp/c"; then
    if wait_for "$LIMIT" job_done "$merge" && [ "$(job_state "$merge")" = COMPLETED ]; then
        ok
        same "$tmp/c" && ok || fail "the merged shards differ from the single run"
    else
        fail "the merge job did not complete: $(job_state "$merge")"
        cat "$tmp"/c/slurm-*.out >&2 2>/dev/null
    fi
else
    fail "scripts/slurm-array.sh could not submit"
fi

# 2. Task 2 cancelled while it plays, then resubmitted alone with a new merge.
running_with_rows() {
    [ "$(job_state "${array}_2")" = RUNNING ] &&
        [ "$(wc -l <"$tmp/f/shard-2-of-3/games.csv" 2>/dev/null || echo 0)" -ge 3 ]
}
if submit "$tmp/f"; then
    if wait_for "$LIMIT" running_with_rows; then
        scancel "${array}_2"
        wait_for 30 job_done "${array}_2" && [ "$(job_state "${array}_2")" = CANCELLED ] && ok ||
            fail "task 2 was not cancelled: $(job_state "${array}_2")"
        [ ! -e "$tmp/f/shard-2-of-3/meta" ] && ok || fail "task 2 finished before it was cancelled"
        # The merge depended on every task succeeding: Slurm never starts it; it is cancelled.
        wait_for 30 never_satisfied "$merge" && ok ||
            fail "the merge did not wait for task 2: $(scontrol -o show job "$merge" 2>&1)"
        scancel "$merge"
        wait_for "$LIMIT" job_done "${array}_1" && wait_for "$LIMIT" job_done "${array}_3"
        if submit "$tmp/f" 2; then
            wait_for "$LIMIT" job_done "$merge" && [ "$(job_state "$merge")" = COMPLETED ] && ok ||
                fail "the merge after the resubmission did not complete: $(job_state "$merge")"
            same "$tmp/f" && ok || fail "cancelled and resubmitted shards differ from the single run"
        else
            fail "the resubmission failed"
        fi
    else
        fail "task 2 never ran with games written: $(job_state "${array}_2")"
    fi
else
    fail "scripts/slurm-array.sh could not submit (fault case)"
fi

if [ "$failed" -gt 0 ]; then
    tail -n 15 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" >&2
    echo "slurm: $failed failed, $passed passed" >&2
    exit 1
fi
echo "slurm: all $passed passed"
