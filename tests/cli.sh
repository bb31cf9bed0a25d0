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
expect 2 "unknown agent 'nope' (agents: random, greedy, mcts, alphabeta)" -- move --agent nope
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
grep -q '^schema_version 2$' "$tmp/m/meta" && grep -q '^games_per_second ' "$tmp/m/meta" &&
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

# ratings: Elo from games.csv files (tests/data/ratings/games.csv is the hand-computed data set
# of tests/check_league.c: a scores 6 of 8 against b, +-95.4 with a 95% half-width of 139.0).
expect 0 "+95.4 [-43.6, +234.4]" -- ratings "$DATA/ratings/games.csv" --out "$tmp/ratings.csv"
[ "$(sed -n 2p "$tmp/ratings.csv")" = '"brandubh","a",8,0.7500,95.4,-43.6,234.4,8,95.4,-109.7,300.6,8,95.4,-109.7,300.6,no,no' ] &&
    ok || fail "ratings.csv row"
mkdir -p "$tmp/rt" && cp "$DATA/ratings/games.csv" "$tmp/rt/"
"$TAFL" ratings "$tmp/rt/games.csv" "$DATA/ratings/games.csv" >/dev/null 2>&1 && [ -s "$tmp/rt/ratings.csv" ] &&
    grep -q '"brandubh","a",16,0.7500,95.4' "$tmp/rt/ratings.csv" && ok || fail "ratings of two files beside the first"
expect 0 "ard-ri" -- ratings "$tmp/run/games.csv" --out "$tmp/rr.csv"
expect 2 "needs at least one games.csv" -- ratings
expect 2 "unknown option '--frob'" -- ratings "$DATA/ratings/games.csv" --frob
expect 2 "option --out needs a value" -- ratings "$DATA/ratings/games.csv" --out
expect 2 "not a tafl-lab games.csv" -- ratings "$DATA/runner/small.ini"
expect 2 "no games to rate" -- ratings /dev/null

# match --sprt: pairs judged in pair order, the same at any thread count and after a resume
# from a torn games.csv.
sprt="--attacker alphabeta:depth=1 --defender greedy --sprt elo0=0,elo1=10 --opening-plies 4 --max-plies 200"
# shellcheck disable=SC2086
"$TAFL" match $sprt --threads 1 --out "$tmp/s1" >"$tmp/s1.txt" 2>/dev/null
# shellcheck disable=SC2086
"$TAFL" match $sprt --threads 2 >"$tmp/s2.txt" 2>/dev/null
cmp -s "$tmp/s1.txt" "$tmp/s2.txt" && grep -q '^decision: H[01] accepted' "$tmp/s1.txt" &&
    grep -q '^LLR .*, bounds \[-2.944, 2.944\]$' "$tmp/s1.txt" && grep -q '^sprt_decision H[01]$' "$tmp/s1/meta" &&
    ok || fail "match --sprt differs between 1 and 2 threads, or no decision"
mkdir -p "$tmp/s3" && head -c 2000 "$tmp/s1/games.csv" >"$tmp/s3/games.csv"
# shellcheck disable=SC2086
"$TAFL" match $sprt --threads 2 --out "$tmp/s3" --resume >"$tmp/s3.txt" 2>/dev/null
cmp -s "$tmp/s3.txt" "$tmp/s1.txt" && cmp -s "$tmp/s3/games.csv" "$tmp/s1/games.csv" &&
    cmp -s "$tmp/s3/summary.csv" "$tmp/s1/summary.csv" && ok || fail "match --sprt --resume"
expect 0 "decision: none (the game limit came first)" -- match --attacker random --defender greedy \
    --sprt elo0=-400,elo1=400,alpha=0.01,beta=0.01 --games 6
expect 2 "--sprt: key 'elo1' is required" -- match --attacker random --defender greedy --sprt elo0=0
expect 2 "--sprt: key 'alpha': 0.7 is not in (0, 0.5)" -- match --attacker random --defender greedy --sprt elo0=0,elo1=5,alpha=0.7
expect 2 "--sprt needs two different agents" -- match --attacker random --defender random --sprt elo0=0,elo1=5
expect 2 "--sprt and --max-width do not go together" -- match --attacker random --defender greedy --sprt elo0=0,elo1=5 --max-width 0.1
expect 2 "--games must be at least 2" -- match --attacker random --defender greedy --sprt elo0=0,elo1=5 --games 1

# --max-width: each pairing stops at the first check where its interval is narrow enough.
expect 2 "--max-width 'x' must be a number in (0, 1]" -- match --attacker random --defender greedy --max-width x
expect 2 "--max-width '0' must be a number in (0, 1]" -- run "$DATA/runner/small.ini" --max-width 0
expect 2 "--check-every needs --max-width" -- match --attacker random --defender greedy --check-every 5
expect 2 "--check-every '0' must be an integer 1..100000000" -- match --attacker random --defender greedy --max-width 0.2 --check-every 0
"$TAFL" match --attacker greedy --defender greedy --games 1000 --max-width 0.1 --check-every 10 \
    --opening-plies 2 --out "$tmp/w1" >"$tmp/w1.txt" 2>/dev/null
played=$(awk '$1 == "brandubh" { print $4 }' "$tmp/w1.txt")
[ -n "$played" ] && [ "$played" -lt 1000 ] && [ $((played % 10)) -eq 0 ] &&
    [ "$(wc -l <"$tmp/w1/games.csv")" -eq $((played + 1)) ] &&
    grep -q '^stop max_width=0.1,check_every=10$' "$tmp/w1/meta" &&
    ok || fail "match --max-width: greedy self-play (nearly always the defenders) should stop early"
printf '[experiment]\nname = w\ngames = 400\nmax_width = 0.2\ncheck_every = 20\nopening_plies = 2\n[rules]\npresets = brandubh, ard-ri\n[agent.r]\ntype = random\n[agent.g]\ntype = greedy\n' >"$tmp/width.ini"
"$TAFL" run "$tmp/width.ini" --threads 1 --out "$tmp/wr1" >"$tmp/wr1.txt" 2>/dev/null
"$TAFL" run "$tmp/width.ini" --threads 2 --out "$tmp/wr2" >"$tmp/wr2.txt" 2>/dev/null
cmp -s "$tmp/wr1/games.csv" "$tmp/wr2/games.csv" && cmp -s "$tmp/wr1.txt" "$tmp/wr2.txt" && ok ||
    fail "run with max_width differs between 1 and 2 threads"
head -c 1500 "$tmp/wr1/games.csv" >"$tmp/wr3.csv" && mkdir -p "$tmp/wr3" && mv "$tmp/wr3.csv" "$tmp/wr3/games.csv"
"$TAFL" run "$tmp/width.ini" --threads 2 --out "$tmp/wr3" --resume >/dev/null 2>&1 &&
    cmp -s "$tmp/wr3/games.csv" "$tmp/wr1/games.csv" && cmp -s "$tmp/wr3/summary.csv" "$tmp/wr1/summary.csv" &&
    ok || fail "run with max_width --resume"
"$TAFL" run "$tmp/width.ini" --max-width 0.5 --out "$tmp/wr4" >"$tmp/wr4.txt" 2>/dev/null
[ "$(wc -l <"$tmp/wr4/games.csv")" -lt "$(wc -l <"$tmp/wr1/games.csv")" ] && ok || fail "--max-width overrides max_width"

# tune: a grid and an SPSA run, tune.csv, the plot and the best spec; the same at any thread
# count; errors name file, line and key.
printf '[tune]\nname = g\nagent = greedy\nopponent = greedy\nmethod = grid\npoints = 3\npairs = 4\nmax_plies = 100\n[param.king_distance]\nmin = 0\nmax = 8\n' >"$tmp/grid.ini"
expect 0 "best greedy:king_distance=" -- tune "$tmp/grid.ini" --out "$tmp/tg1" --threads 1
[ "$(head -n 1 "$tmp/tg1/tune.csv")" = "iteration,king_distance,score,score_low,score_high,games" ] &&
    [ "$(sed -n 3p "$tmp/tg1/tune.csv")" = "1,4,0.5000,0.5000,0.5000,8" ] && ok ||
    fail "tune.csv: the grid's middle point is the opponent itself and must score exactly 1/2"
"$TAFL" tune "$tmp/grid.ini" --out "$tmp/tg2" --threads 2 >/dev/null 2>&1
cmp -s "$tmp/tg1/tune.csv" "$tmp/tg2/tune.csv" && ok || fail "tune differs between 1 and 2 threads"
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$tmp/tg1/tune.svg" ] && head -c 4 "$tmp/tg1/tune.png" | grep -q PNG && ok || fail "tune plot"
else
    echo "cli: gnuplot not found: tune plot check skipped (make deps installs gnuplot-nox)" >&2
fi
PATH=/nonexistent "$TAFL" tune "$tmp/grid.ini" --out "$tmp/tg3" >/dev/null 2>"$tmp/tg3.err" &&
    grep -q "gnuplot not found: wrote $tmp/tg3/tune.gp" "$tmp/tg3.err" && [ -s "$tmp/tg3/tune.gp" ] &&
    [ ! -e "$tmp/tg3/tune.png" ] && ok || fail "tune without gnuplot: a warning and the script"
expect 1 "tune.csv already exists" -- tune "$tmp/grid.ini" --out "$tmp/tg1"
printf '[tune]\nname = s\nagent = mcts:iterations=20\nopponent = mcts:iterations=20\npairs = 3\niterations = 2\nmax_plies = 80\n[param.c]\nmin = 0.1\nmax = 2\n' >"$tmp/spsa.ini"
"$TAFL" tune "$tmp/spsa.ini" --out "$tmp/ts" >"$tmp/ts.txt" 2>&1 && grep -q '^    final ' "$tmp/ts.txt" &&
    grep -q '^best mcts:iterations=20,c=' "$tmp/ts.txt" && [ "$(wc -l <"$tmp/ts/tune.csv")" -eq 4 ] &&
    ok || fail "tune spsa"
printf '[tune]\nname = t\nagent = greedy\nopponent = greedy\n[param.mobilty]\nmin = 0\nmax = 1\n' >"$tmp/bad-tune.ini"
expect 2 "$tmp/bad-tune.ini:5: section '[param.mobilty]': agent greedy: unknown key 'mobilty'" -- tune "$tmp/bad-tune.ini"
expect 2 "needs a tuning file" -- tune
expect 2 "cannot open" -- tune "$tmp/nope.ini"

# run a balance curve (kind = curve): curve.csv, one line per ruleset and rung, and its figure.
printf '[experiment]\nname = c\nkind = curve\ngames = 6\nmax_plies = 100\nopening_plies = 2\n[rules]\npresets = brandubh, ard-ri\n[agent.random]\ntype = random\n[agent.greedy]\ntype = greedy\n[agent.ab1]\ntype = alphabeta\ndepth = 1\n' >"$tmp/curve.ini"
"$TAFL" run "$tmp/curve.ini" --out "$tmp/curve" >/dev/null 2>"$tmp/curve.err"
[ "$(wc -l <"$tmp/curve/curve.csv")" -eq 7 ] && sed -n 2p "$tmp/curve/curve.csv" | grep -q '^"brandubh",0,"random",6,' &&
    sed -n 7p "$tmp/curve/curve.csv" | grep -q '^"ard-ri",2,"ab1",6,' && [ -s "$tmp/curve/curve.gp" ] &&
    ok || fail "run kind = curve: curve.csv"
if command -v gnuplot >/dev/null 2>&1; then
    head -c 4 "$tmp/curve/curve.png" | grep -q PNG && grep -q '<svg' "$tmp/curve/curve.svg" &&
        grep -q "balance curve in $tmp/curve/curve.csv" "$tmp/curve.err" && ok || fail "curve figure"
else
    echo "cli: gnuplot not found: curve figure check skipped (make deps installs gnuplot-nox)" >&2
fi
printf '[experiment]\nname = c\nkind = curve\n[rules]\npresets = brandubh\n[agent.a]\ntype = random\n[agent.b]\ntype = greedy\n[matchups]\nround-robin = yes\n' >"$tmp/bad-curve.ini"
expect 2 "$tmp/bad-curve.ini:3: key 'kind': a curve is self-play" -- run "$tmp/bad-curve.ini"

# meta records the whole command line (its last argument was once dropped).
grep -qx "command tafl run $DATA/runner/small.ini --out $tmp/run --threads 2" "$tmp/run/meta" && ok ||
    fail "meta: the command line of run"

# help of the statistics commands and options.
expect 0 "usage: tafl ratings GAMES.csv..." -- help ratings
expect 0 "usage: tafl tune FILE.ini" -- help tune
expect 0 "--sprt: a sequential probability ratio test" -- help match
expect 0 "kind = curve" -- help run

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
