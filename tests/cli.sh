#!/bin/sh
# Tests of the `tafl` command line: outputs, exit statuses and one-line errors on bad input.
# Run by `make test` with TAFL pointing at the binary under test.
set -u
TAFL=${TAFL:-build/tafl}
DATA=${TAFL_TEST_DATA:-tests/data}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect STATUS NEEDLE -- ARGS...: runs tafl ARGS, checks the exit status and that stdout+stderr
# contains NEEDLE; for errors (status 2) also that stderr is exactly one line.
expect() {
    want_status=$1 needle=$2
    shift 3
    "$TAFL" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want_status" ]; then
        fail "tafl $*: exit $status, expected $want_status"; cat "$tmp/err" >&2; return
    fi
    if ! cat "$tmp/out" "$tmp/err" | grep -qF -- "$needle"; then
        fail "tafl $*: output lacks '$needle'"; cat "$tmp/out" "$tmp/err" >&2; return
    fi
    if [ "$want_status" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        fail "tafl $*: error is not one line"; cat "$tmp/err" >&2; return
    fi
    ok
}

# Help and version.
expect 0 "usage: tafl COMMAND" -- --help
expect 0 "tafl 0." -- --version
expect 0 "--divide" -- help perft
expect 0 "usage: tafl rules list" -- rules --help
expect 2 "unknown command 'frobnicate'" -- frobnicate
expect 2 "unknown command 'nope'" -- help nope

# rules list / show.
expect 0 "brandubh" -- rules list
[ "$("$TAFL" rules list | head -n 1 | cut -d' ' -f1)" = brandubh ] && ok || fail "brandubh not first"
[ "$("$TAFL" rules list | wc -l)" -eq 9 ] && ok || fail "rules list: not 9 presets"
expect 0 "king_capture = throne4_adj3_edge3" -- rules show brandubh-livas
expect 0 "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" -- rules show brandubh --otn
expect 0 "draw_fort" -- rules show brandubh --otn
expect 2 "'nope' is not a preset" -- rules show nope
expect 2 "unknown subcommand 'frob'" -- rules frob

# A ruleset written by `rules show` reads back as the same ruleset.
"$TAFL" rules show tablut >"$tmp/tablut.ini"
"$TAFL" rules show "$tmp/tablut.ini" | sed 1d >"$tmp/back.txt"
"$TAFL" rules show tablut | sed 1d >"$tmp/orig.txt"
cmp -s "$tmp/back.txt" "$tmp/orig.txt" && ok || fail "rules show tablut does not read back"
# An OTN rules string is accepted wherever a ruleset is.
expect 0 "1 40" -- perft --rules "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" --depth 1

# perft: one line per depth on stdout, timing on stderr.
"$TAFL" perft --rules brandubh --depth 3 >"$tmp/perft" 2>/dev/null
printf '1 40\n2 960\n3 39512\n' | cmp -s - "$tmp/perft" && ok || fail "perft brandubh output"
expect 0 "d1-b1 1" -- perft --depth 1 --divide
expect 0 "1 24" -- perft --rules brandubh --side defenders --depth 1
expect 0 "1 12" -- perft --position /7/7/7/3K3/7/7/7/ --side defenders --depth 1
expect 2 "missing --depth" -- perft
expect 2 "--depth '0' must be an integer 1..30" -- perft --depth 0
expect 2 "--depth 'x' must be an integer 1..30" -- perft --depth x
expect 2 "--depth '99999999999999999999' must be" -- perft --depth 99999999999999999999
expect 2 "--side 'up' must be attackers or defenders" -- perft --depth 1 --side up
expect 2 "unknown option '--frob'" -- perft --frob
expect 2 "option --rules needs a value" -- perft --depth 1 --rules
expect 2 "position column 17: unexpected character 'x'" -- perft --depth 1 --position /3t3/3t3/3T3/ttTxTtt/3T3/3t3/3t3/
expect 2 "2 kings" -- perft --depth 1 --position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3K3/
expect 2 "size 8 is out of range" -- perft --depth 1 --rules "dim:8 start:/8/8/8/3K4/8/8/8/8/"

# Ruleset files: errors name file, line and key.
printf 'base = tablut\nkng_armed = no\n' >"$tmp/typo.ini"
expect 2 "$tmp/typo.ini:2: key 'kng_armed'" -- rules show "$tmp/typo.ini"
printf 'base = brandubh\nking_armed = maybe\n' >"$tmp/bad.ini"
expect 2 "$tmp/bad.ini:2: key 'king_armed'" -- perft --rules "$tmp/bad.ini" --depth 1
printf 'base = brandubh\nsize = 9\n' >"$tmp/size.ini"
expect 2 "start" -- rules show "$tmp/size.ini"

# agents, move, match.
expect 0 "iterations" -- agents
expect 0 "alphabeta: negamax" -- agents
expect 0 "move c1-a1" -- move --position /2K1t2/7/3t3/tt3tt/3t3/7/3t3/ --side defenders --agent alphabeta:depth=2
expect 0 "agent mcts:iterations=50,c=0.7" -- move --agent mcts:iterations=50
expect 2 "unknown agent 'nope' (agents: random, greedy, mcts, alphabeta, external)" -- move --agent nope
expect 2 "unknown key 'iters' (keys: iterations=1000" -- move --agent mcts:iters=5
expect 2 "missing --agent SPEC" -- move
expect 2 "--seed 'x' must be an integer" -- move --agent random --seed x
"$TAFL" move --agent greedy --seed 5 >"$tmp/m1" 2>&1
"$TAFL" move --agent greedy --seed 5 >"$tmp/m2" 2>&1
[ "$(head -n 1 "$tmp/m1")" = "$(head -n 1 "$tmp/m2")" ] && ok || fail "move is not reproducible"
"$TAFL" match --attacker greedy --defender mcts:iterations=20 --games 12 --threads 1 \
    --opening-plies 2 >"$tmp/t1" 2>/dev/null
"$TAFL" match --attacker greedy --defender mcts:iterations=20 --games 12 --threads 2 \
    --opening-plies 2 >"$tmp/t2" 2>/dev/null
cmp -s "$tmp/t1" "$tmp/t2" && grep -q "^brandubh  greedy .* 12 " "$tmp/t1" && ok ||
    fail "match differs between 1 and 2 threads"
expect 2 "--games '0' must be an integer 1..100000000" -- match --attacker random --defender random --games 0
expect 2 "--threads '-1' must be an integer" -- match --attacker random --defender random --threads -1
expect 2 "needs --attacker SPEC and --defender SPEC" -- match --attacker random
expect 2 "unknown agent 'rnd'" -- match --attacker rnd --defender random

# match --out and summarize: agent specs (with commas) as names survive CSV quoting, and the
# summary rebuilt from games.csv alone equals the one the run wrote.
"$TAFL" match --attacker mcts:iterations=10,c=1 --defender greedy --games 6 --record-moves \
    --out "$tmp/m" >/dev/null 2>&1 && ok || fail "match --out"
head -n 2 "$tmp/m/games.csv" | grep -q '"mcts:iterations=10,c=1","greedy"' && ok || fail "names quoted"
cp "$tmp/m/summary.csv" "$tmp/m/summary.orig"
expect 0 "mcts:iterations=10,c=1" -- summarize "$tmp/m/games.csv"
cmp -s "$tmp/m/summary.csv" "$tmp/m/summary.orig" && ok || fail "summarize differs from the run's"
grep -q '^schema_version 3$' "$tmp/m/meta" && grep -q '^games_per_second ' "$tmp/m/meta" &&
    ok || fail "meta"
expect 1 "already holds games: add --resume" -- match --attacker random --defender greedy --out "$tmp/m"
expect 2 "--resume needs --out DIR" -- match --attacker random --defender random --resume

# run: an experiment file; bad files are one-line errors naming file, line and key.
expect 0 "brandubh" -- run "$DATA/runner/small.ini" --out "$tmp/run" --threads 2
[ -f "$tmp/run/experiment.ini" ] && [ -f "$tmp/run/summary.csv" ] && ok || fail "run files"
printf '[experiment]\nname = x\ngames = many\n' >"$tmp/bad-exp.ini"
expect 2 "$tmp/bad-exp.ini:3: key 'games'" -- run "$tmp/bad-exp.ini"
expect 2 "needs an experiment file" -- run
expect 2 "cannot open" -- run "$tmp/nope.ini"
expect 2 "not a tafl-lab games.csv" -- summarize "$tmp/bad-exp.ini"

# bench: key value lines, the signature last.
"$TAFL" bench --quick >"$tmp/bench"
grep -q '^perft_nps [0-9]' "$tmp/bench" && grep -q '^playouts_per_s [0-9]' "$tmp/bench" &&
    grep -q '^ab_nps [0-9]' "$tmp/bench" && grep -q '^mcts_ips [0-9]' "$tmp/bench" &&
    tail -n 1 "$tmp/bench" | grep -q '^bench: [0-9]* [0-9a-f]\{8\}$' && ok || fail "bench output"
expect 2 "unknown option '--slow'" -- bench --slow

# engine: an OpenTafl Engine Protocol session on stdin/stdout; notes go to stderr.
printf '%s\n' "rules dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" \
    "side defenders" "position /2K1t2/7/3t3/tt3tt/3t3/7/3t3/" "play defenders" "frob" \
    "finish 3" "play defenders" |
    "$TAFL" engine --agent alphabeta:depth=2 >"$tmp/engine.out" 2>"$tmp/engine.err"
printf 'hello\nmove c1-a1\n' | cmp -s - "$tmp/engine.out" &&
    grep -q "ignoring unknown command 'frob'" "$tmp/engine.err" && ok ||
    { fail "engine session"; cat "$tmp/engine.out" "$tmp/engine.err" >&2; }
expect 0 "usage: tafl engine --agent SPEC" -- help engine
expect 2 "missing --agent SPEC" -- engine
expect 2 "unknown agent 'nope'" -- engine --agent nope

# external: tafl-lab's own engine through a process plays what the agent plays in-process.
# Without opening plies alpha-beta's games do not depend on the seeds (which hash the agent
# names, and these differ), so both runs must hold the same games.
tafl_abs=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")
ln -s "$tafl_abs" "$tmp/t"
(cd "$tmp" && "$tafl_abs" match --attacker "external:cmd=./t engine --agent alphabeta:depth=2" \
    --defender alphabeta:depth=2 --games 3 --threads 2 --out ext >/dev/null 2>&1 &&
    "$tafl_abs" match --attacker alphabeta:depth=2 --defender alphabeta:depth=2 --games 3 \
        --record-moves --out inproc >/dev/null 2>&1) && ok || fail "loopback match"
cut -d, -f6-8 "$tmp/ext/games.csv" | sed 1d >"$tmp/ext.res"
cut -d, -f6-8 "$tmp/inproc/games.csv" | sed 1d >"$tmp/inproc.res"
sed 1d "$tmp/ext/games.csv" | sed 's/.*,\("[^"]*"\),attacker$/\1/' >"$tmp/ext.moves"
sed 1d "$tmp/inproc/games.csv" | sed 's/.*,\("[^"]*"\),none$/\1/' >"$tmp/inproc.moves"
[ -s "$tmp/ext.res" ] && cmp -s "$tmp/ext.res" "$tmp/inproc.res" &&
    cmp -s "$tmp/ext.moves" "$tmp/inproc.moves" && ok || fail "loopback games differ"
# ... and its files, transcripts included, are the same at any thread count.
(cd "$tmp" && "$tafl_abs" match --attacker "external:cmd=./t engine --agent alphabeta:depth=2" \
    --defender alphabeta:depth=2 --games 3 --threads 1 --out ext1 >/dev/null 2>&1) &&
    cmp -s "$tmp/ext/games.csv" "$tmp/ext1/games.csv" &&
    cmp -s "$tmp/ext/summary.csv" "$tmp/ext1/summary.csv" &&
    diff -r "$tmp/ext/transcripts" "$tmp/ext1/transcripts" >/dev/null && ok ||
    fail "external games differ between 1 and 2 threads"
[ "$(ls "$tmp/ext/transcripts" | wc -l)" -eq 3 ] && ! [ -d "$tmp/inproc/transcripts" ] &&
    grep -q '^external_agents external:cmd=./t engine' "$tmp/ext/meta" &&
    grep -q '^external_agents -$' "$tmp/inproc/meta" && ok || fail "loopback transcripts, meta"

# external: fake engines that send an illegal move, exit mid-game, stall, print garbage or
# never say hello each lose with their own reason, and the run completes.
export TAFL
expect 0 "garbage" -- run "$DATA/external/faults.ini" --out "$tmp/faults" --threads 2
cut -d, -f3,4,6,7 "$tmp/faults/games.csv" | sed 1d | uniq >"$tmp/faults.got"
printf '%s\n' '"illegal","greedy",defenders,illegal_move' '"greedy","crash",attackers,engine_crash' \
    '"stall","greedy",defenders,engine_timeout' '"garbage","greedy",defenders,illegal_move' \
    '"greedy","silent",attackers,engine_timeout' | cmp -s - "$tmp/faults.got" && ok ||
    { fail "fault reasons"; cat "$tmp/faults.got" >&2; }
cut -d, -f2,3,27- "$tmp/faults/summary.csv" | sed 1d >"$tmp/faults.sum"
printf '%s\n' '"illegal","greedy",2,0,0,attacker' '"greedy","crash",0,2,0,defender' \
    '"stall","greedy",0,0,2,attacker' '"garbage","greedy",2,0,0,attacker' \
    '"greedy","silent",0,0,2,defender' | cmp -s - "$tmp/faults.sum" && ok ||
    { fail "fault counts in summary.csv"; cat "$tmp/faults.sum" >&2; }
[ "$(ls "$tmp/faults/transcripts" | wc -l)" -eq 10 ] &&
    grep -q '^# engine_timeout: no move within 1000 ms$' "$tmp/faults/transcripts/game-4.txt" &&
    ok || fail "fault transcripts"
expect 0 "external: another program that speaks" -- agents
expect 1 "tafl move: the engine gave no move: illegal_move: 'a1-a2' is not a legal move" -- \
    move --agent external:cmd=tests/engines/illegal.sh
expect 2 "agent external: needs cmd=" -- match --attacker external --defender random
expect 2 "program '/no/such' is not found" -- match --attacker external:cmd=/no/such --defender random

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
