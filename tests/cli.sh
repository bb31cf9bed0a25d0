#!/bin/sh
# Tests of the `tafl` command line: outputs, exit statuses and one-line errors on bad input.
# Run by `make test` with TAFL pointing at the binary under test.
set -u
. "$(dirname "$0")/lib.sh"

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
[ "$("$TAFL" rules list | wc -l)" -eq 11 ] && ok || fail "rules list: not 11 presets"
expect 0 "king_capture = throne4_adj3_edge3" -- rules show brandubh-livas
expect 0 "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" -- rules show brandubh --otn
expect 0 "draw_fort" -- rules show brandubh --otn
# Copenhagen's repetition rule (defenders_lose) has no tfr value: none is written, a warning says so.
expect 0 "dim:11 sw:s efe:y start:/3ttttt3/" -- rules show copenhagen --otn
expect 0 "OTN cannot express: repetition" -- rules show copenhagen --otn
expect 0 "repetition = defenders_lose" -- rules show copenhagen
expect 0 "shieldwall = corners" -- rules show copenhagen
expect 0 "3 806344" -- perft --rules copenhagen --depth 3
expect 2 "'nope' is not a preset" -- rules show nope
expect 2 "unknown subcommand 'frob'" -- rules frob

# A ruleset written by `rules show` reads back as the same ruleset.
"$TAFL" rules show tablut >"$tmp/tablut.ini"
"$TAFL" rules show "$tmp/tablut.ini" | sed 1d >"$tmp/back.txt"
"$TAFL" rules show tablut | sed 1d >"$tmp/orig.txt"
cmp -s "$tmp/back.txt" "$tmp/orig.txt" && ok || fail "rules show tablut does not read back"
# An OTN rules string is accepted wherever a ruleset is.
expect 0 "1 40" -- perft --rules "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" --depth 1
expect 0 "tafl perft: warning: tfr:l is read as OpenTafl's notation spec defines it" -- \
    perft --rules "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" --depth 1
[ "$(grep -c "OpenTafl's program plays tfr:l and tfr:w the other way round" "$tmp/err")" -eq 1 ] &&
    ok || fail "the tfr warning is not one line"
"$TAFL" perft --rules brandubh --depth 1 2>&1 | grep -q "tfr" && fail "a preset warns about tfr" || ok

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

# solve (issue 51): a tiny ruleset solved outright, its files the same at any thread count;
# a ruleset too large for the tables (brandubh) refused in one line, exit 2, nothing written.
tiny5="dim:5 ks:w start:/2t2/5/t1K2/2T2/5/"
expect 0 "start_value defenders" -- solve --rules "$tiny5" --threads 2 --out "$tmp/solve2"
expect 0 "positions 146422" -- solve --rules "$tiny5" --threads 1 --out "$tmp/solve1"
cmp -s "$tmp/solve1/summary.txt" "$tmp/solve2/summary.txt" &&
    cmp -s "$tmp/solve1/classes.csv" "$tmp/solve2/classes.csv" &&
    grep -q '^build ' "$tmp/solve1/meta" && ok || fail "solve: files differ between 1 and 2 threads"
expect 2 "tafl solve: brandubh: 1.03e+15 positions" -- solve --rules brandubh --out "$tmp/solvebig"
[ ! -e "$tmp/solvebig" ] && ok || fail "solve: a refused ruleset wrote $tmp/solvebig"
expect 2 "at most 64 squares" -- solve --rules copenhagen
# --men N: Brandubh's endgame tables of at most 2 men besides the king, folded by the board's
# symmetries; a position or --openings the tables cannot hold is refused before the solve
expect 0 "positions 333258" -- solve --rules brandubh --men 2 --threads 2
expect 0 "position_winner defenders" -- solve --rules brandubh --men 2 --position /7/7/3t3/3K3/7/7/7/
expect 2 "--position has 3 men besides the king: the tables of --men 2 hold at most 2" -- \
    solve --rules brandubh --men 2 --position /7/7/2ttt2/3K3/7/7/7/
expect 2 "--openings needs the start in the tables" -- solve --rules brandubh --men 2 --openings 1
# --tables FILE and tafl probe: the value read back from the file, every move's value, and a
# file of other rules, damaged or truncated refused in one line, exit 2
expect 0 "positions 333258" -- solve --rules brandubh --men 2 --tables "$tmp/bb2.tb"
expect 0 "position_winner defenders" -- probe --tables "$tmp/bb2.tb" --rules brandubh \
    --position /7/7/3t3/3K3/7/7/7/
expect 0 "position_plies 4" -- probe --tables "$tmp/bb2.tb" --rules brandubh \
    --position /7/7/3t3/3K3/7/7/7/
expect 0 "move d3-d1 loss 4" -- probe --tables "$tmp/bb2.tb" --rules brandubh \
    --position /7/7/3t3/3K3/7/7/7/ --moves
expect 2 "bb2.tb: tables for brandubh, not for brandubh-online (their rules differ)" -- \
    probe --tables "$tmp/bb2.tb" --rules brandubh-online --position /7/7/3t3/3K3/7/7/7/
expect 2 "--position has 3 men besides the king: the tables of" -- \
    probe --tables "$tmp/bb2.tb" --rules brandubh --position /7/7/2ttt2/3K3/7/7/7/
head -c 1000 "$tmp/bb2.tb" >"$tmp/short.tb"
expect 2 "short.tb: truncated" -- probe --tables "$tmp/short.tb" --rules brandubh
expect 2 "not a table file" -- probe --tables "$tmp/solve1/summary.txt" --rules brandubh
expect 2 "missing --tables FILE" -- probe --rules brandubh
expect 0 "usage: tafl probe --tables FILE" -- help probe
expect 0 "checked 20000 positions drawn from $tmp/bb2.tb against their successors: 0 inconsistent" -- \
    probe --tables "$tmp/bb2.tb" --rules brandubh --check 20000 --threads 2
# tb=FILE: alpha-beta scores the tables' win in 3 (999997) at depth 1; MCTS plays it by the tables
expect 0 "score 999997" -- move --rules brandubh --position /7/7/3t3/3K3/7/7/7/ --side defenders \
    --agent "alphabeta:depth=1,tb=$tmp/bb2.tb"
expect 0 "move d4-d7" -- move --rules brandubh --position /7/7/3t3/3K3/7/7/7/ --side defenders \
    --agent "mcts:tb=$tmp/bb2.tb"
expect 2 "agent alphabeta: tb=: $tmp/bb2.tb: tables for brandubh, not for brandubh-online" -- \
    move --rules brandubh-online --agent "alphabeta:tb=$tmp/bb2.tb"
expect 2 "short.tb: truncated" -- move --rules brandubh --agent "mcts:tb=$tmp/short.tb"
# tafl endgames: a tiny ruleset solved whole; its recorded self-play's won positions played out
# with and without the tables, the same file at 1 and 2 threads
expect 0 "positions 146422" -- solve --rules "$tiny5" --tables "$tmp/tiny.tb"
expect 0 "defenders" -- match --rules "$tiny5" --attacker alphabeta:depth=1 --defender alphabeta:depth=1 \
    --games 30 --opening-plies 2 --record-moves --out "$tmp/tinyplay" --threads 2
expect 0 "with tables alphabeta:depth=1,tb=$tmp/tiny.tb: converted 20 of 20 (100.0%)" -- \
    endgames --tables "$tmp/tiny.tb" --rules "$tiny5" --games "$tmp/tinyplay/games.csv" \
    --agent alphabeta:depth=1 --positions 20 --threads 1 --out "$tmp/eg1.csv"
expect 0 "positions 20, mean distance" -- endgames --tables "$tmp/tiny.tb" --rules "$tiny5" \
    --games "$tmp/tinyplay/games.csv" --agent alphabeta:depth=1 --positions 20 --threads 2 \
    --out "$tmp/eg2.csv"
cmp -s "$tmp/eg1.csv" "$tmp/eg2.csv" && [ "$(wc -l <"$tmp/eg1.csv")" -eq 21 ] && ok ||
    fail "endgames: endgames.csv differs between 1 and 2 threads"
expect 0 "mean distance 3.0 plies with perfect play (at least 3)" -- endgames --tables "$tmp/tiny.tb" \
    --rules "$tiny5" --games "$tmp/tinyplay/games.csv" --agent alphabeta:depth=1 --min-distance 3
expect 2 "no game reaches a position the tables call won or lost" -- endgames \
    --tables "$tmp/bb2.tb" --rules brandubh --games "$tmp/tinyplay/games.csv"
expect 2 "--agent alphabeta:tb=x names tb= itself" -- endgames --tables "$tmp/bb2.tb" \
    --rules brandubh --games "$tmp/tinyplay/games.csv" --agent alphabeta:tb=x
expect 2 "missing --games GAMES" -- endgames --tables "$tmp/bb2.tb" --rules brandubh
# A solve larger than the memory available: one line, exit 2, nothing written (a sanitizer
# build cannot start under an address-space limit: the plain build checks it)
if (ulimit -v 150000 && "$TAFL" --version) >/dev/null 2>&1; then
    (ulimit -v 150000 && "$TAFL" solve --rules brandubh --men 4 --out "$tmp/solvemem" \
        >/dev/null 2>"$tmp/solvemem.err")
    status=$?
    [ "$status" -eq 2 ] && [ "$(wc -l <"$tmp/solvemem.err")" -eq 1 ] && [ ! -e "$tmp/solvemem" ] &&
        grep -q "out of memory: the solve's tables and work need" "$tmp/solvemem.err" && ok ||
        { fail "solve: a solve larger than memory: exit $status"; cat "$tmp/solvemem.err" >&2; }
fi
expect 2 "missing --rules" -- solve
expect 0 "usage: tafl solve --rules R" -- help solve
expect 2 "--threads '0' must be" -- solve --rules "$tiny5" --threads 0
# --openings K: the outcome with perfect play after K random plies, as probabilities summing to 1
expect 0 "opening_attackers_score 0" -- solve --rules "$tiny5" --openings 2
awk '/^opening_(attackers_win|draw|defenders_win) / { s += $2 } END { exit !(s > 0.999999 && s < 1.000001) }' "$tmp/out" &&
    ok || fail "solve --openings: the outcomes do not sum to 1: $(grep ^opening_ "$tmp/out")"
expect 2 "--openings '4' must be" -- solve --rules "$tiny5" --openings 4
# --position: one position's value after the solve (check_solve.c's hand value: the king on b1
# beside the empty corner, defenders to move, escapes at once); a position the tables cannot
# hold is refused before any solving.
expect 0 "position_plies 1" -- solve --rules "$tiny5" --position /1K3/5/1t1t1/5/2T2/ --side defenders
grep -q "^position_value win$" "$tmp/out" && grep -q "^position_winner defenders$" "$tmp/out" && ok ||
    fail "solve --position: $(grep ^position "$tmp/out")"
expect 2 "--position has 4 attackers and 1 defenders besides the king: the tables hold at most the start's 2 and 1" -- \
    solve --rules "$tiny5" --position /1ttt1/5/t1K2/2T2/5/

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
expect 2 "--games '0' must be an integer 1..10000000" -- match --attacker random --defender random --games 0
expect 2 "--threads '-1' must be an integer" -- match --attacker random --defender random --threads -1
expect 2 "needs --attacker SPEC and --defender SPEC" -- match --attacker random
expect 2 "unknown agent 'rnd'" -- match --attacker rnd --defender random
# A spec longer than a name (63 characters) plays, named by its start and the whole spec's hash;
# the name is one per spec, and meta keeps the whole spec. Past 1023 characters: refused.
long="greedy:attacker_material=10,defender_material=20,king_distance=0.7,mobility=1.84"
long2="greedy:attacker_material=10,defender_material=20,king_distance=0.7,mobility=1.85"
"$TAFL" match --attacker "$long" --defender "$long2" --games 2 --out "$tmp/long" >/dev/null 2>&1 &&
    ok || fail "match with a long spec"
n1=$(sed -n 2p "$tmp/long/games.csv" | cut -d'"' -f4)
n2=$(sed -n 2p "$tmp/long/games.csv" | cut -d'"' -f6)
case "$n1" in "greedy:attacker_material=10,defender_material=~"????????????????) ok ;;
    *) fail "long spec named '$n1'" ;; esac
[ "${#n1}" -eq 63 ] && [ "$n1" != "$n2" ] && ok || fail "long spec names '$n1' '$n2'"
grep -q "mobility=1.85" "$tmp/long/meta" && ok || fail "meta lacks the whole long spec"
expect 2 "an agent spec is longer than 1023 characters" -- match --attacker \
    "greedy:mobility=1$(printf '%01100d' 0)" --defender random

# match --out and summarize: agent specs (with commas) as names survive CSV quoting, and the
# summary rebuilt from games.csv alone equals the one the run wrote.
"$TAFL" match --attacker mcts:iterations=10,c=1 --defender greedy --games 6 --record-moves \
    --out "$tmp/m" >/dev/null 2>&1 && ok || fail "match --out"
head -n 2 "$tmp/m/games.csv" | grep -q '"mcts:iterations=10,c=1","greedy"' && ok || fail "names quoted"
cp "$tmp/m/summary.csv" "$tmp/m/summary.orig"
expect 0 "mcts:iterations=10,c=1" -- summarize "$tmp/m/games.csv"
cmp -s "$tmp/m/summary.csv" "$tmp/m/summary.orig" && ok || fail "summarize differs from the run's"
grep -q '^schema_version 4$' "$tmp/m/meta" && grep -q '^games_per_second ' "$tmp/m/meta" &&
    ok || fail "meta"
# --move-time: each agent's time a move on stderr, two lines and the ratio; stdout and the
# files are those of the same match without it (a measurement never reaches a result).
"$TAFL" match --attacker alphabeta:depth=1 --defender greedy --games 6 --opening-plies 2 \
    --out "$tmp/mt1" >"$tmp/mt1.out" 2>/dev/null
"$TAFL" match --attacker alphabeta:depth=1 --defender greedy --games 6 --opening-plies 2 \
    --out "$tmp/mt2" --move-time >"$tmp/mt2.out" 2>"$tmp/mt2.err"
cmp -s "$tmp/mt1.out" "$tmp/mt2.out" && cmp -s "$tmp/mt1/games.csv" "$tmp/mt2/games.csv" &&
    cmp -s "$tmp/mt1/summary.csv" "$tmp/mt2/summary.csv" && ok ||
    fail "match --move-time changes the table or the files"
grep -q '^tafl match: move time: alphabeta:depth=1: [0-9.]* ms a move ([1-9][0-9]* moves, processor time)$' "$tmp/mt2.err" &&
    grep -q '^tafl match: move time: greedy: [0-9.]* ms a move' "$tmp/mt2.err" &&
    grep -q '^tafl match: move time: alphabeta:depth=1 over greedy: [0-9.]*$' "$tmp/mt2.err" &&
    ok || fail "match --move-time: $(cat "$tmp/mt2.err")"
"$TAFL" match --attacker alphabeta:depth=1 --defender greedy --games 6 --opening-plies 2 \
    --out "$tmp/mt2" --resume --move-time >/dev/null 2>"$tmp/mt3.err"
grep -q '^tafl match: move time: greedy: no move played in this session$' "$tmp/mt3.err" && ok ||
    fail "match --move-time after a finished run: $(cat "$tmp/mt3.err")"
# The documents agree with the tool (issue 26): experiments/README.md's range for games is the
# tool's, and the Brandubh curve's time is the measured one of results/README.md everywhere.
limit=$("$TAFL" match --attacker random --defender random --games 0 2>&1 | sed -n 's/.*integer 1\.\.\([0-9]*\).*/\1/p')
[ -n "$limit" ] && grep -q "^games = .*; games per ruleset and pairing, 1\.\.$limit " experiments/README.md && ok ||
    fail "experiments/README.md: games range is not the tool's 1..$limit"
wall=$(sed -n 's/^| balance curve of Brandubh | .* | \([0-9]*\) s | .*/\1/p' results/README.md)
[ -n "$wall" ] && grep -q "$wall s wall" experiments/curve-brandubh.ini &&
    tr '\n' ' ' <experiments/README.md | grep -q "curve-brandubh.ini\` (\`kind = curve\`).*About 4 minutes on two cores ($wall s *wall" &&
    ! grep -q "About 10 minutes" experiments/curve-brandubh.ini && ok ||
    fail "the Brandubh curve's time differs from results/README.md's $wall s"
# A run directory that already holds games without --resume is the caller's bad input (issue 26).
expect 2 "already holds games: add --resume" -- match --attacker random --defender greedy --out "$tmp/m"
expect 2 "--resume needs --out DIR" -- match --attacker random --defender random --resume

# run: an experiment file; bad files are one-line errors naming file, line and key.
expect 0 "brandubh" -- run "$DATA/runner/small.ini" --out "$tmp/run" --threads 2
[ -f "$tmp/run/experiment.ini" ] && [ -f "$tmp/run/summary.csv" ] && ok || fail "run files"
# A plain run ends by saying where its results are (issue 26), last, on stderr.
[ "$(tail -n 1 "$tmp/err")" = "tafl run: results in $tmp/run/: games.csv, summary.csv and meta" ] &&
    ok || fail "run does not say where its results are"
printf '[experiment]\nname = x\ngames = many\n' >"$tmp/bad-exp.ini"
expect 2 "$tmp/bad-exp.ini:3: key 'games'" -- run "$tmp/bad-exp.ini"
expect 2 "needs an experiment file" -- run
expect 2 "cannot open" -- run "$tmp/nope.ini"
expect 2 "not a tafl-lab games.csv" -- summarize "$tmp/bad-exp.ini"

# train: help, and bad training files and options are one-line errors naming file, line, key.
expect 0 "usage: tafl train" -- help train
printf '[train]\ngames = many\n' >"$tmp/bad-train.ini"
expect 2 "$tmp/bad-train.ini:2: key 'games': bad value 'many'" -- train "$tmp/bad-train.ini"
printf '[train]\nfrob = 1\n' >"$tmp/bad-train.ini"
expect 2 "$tmp/bad-train.ini:2: unknown key 'frob'" -- train "$tmp/bad-train.ini"
expect 2 "--rules: key 'rules'" -- train --rules nope-not-a-ruleset
expect 2 "--depth: key 'depth': bad value '0'" -- train --depth 0
expect 2 "--model: key 'model': bad value 'mlp' (expected linear, sided, player, net or nnue)" -- train --model mlp
printf '[train]\ngames = 4\ngames = 6\n' >"$tmp/bad-train.ini"
expect 2 "$tmp/bad-train.ini:3: key 'games': given twice (first on line 2)" -- train "$tmp/bad-train.ini"
printf '[train]\nname = a\n[train]\n' >"$tmp/bad-train.ini"
expect 2 "$tmp/bad-train.ini:3: section '[train]': given twice (first on line 1)" -- train "$tmp/bad-train.ini"
printf '[train]\nmodel = deep\n' >"$tmp/bad-train.ini"
expect 2 "$tmp/bad-train.ini:2: key 'model': bad value 'deep'" -- train "$tmp/bad-train.ini"

# calibrate: the hand-written evaluation on the human Copenhagen games (plies 8-24: 1686
# games with a result give 27012 positions); a bad evaluation is a one-line error.
expect 0 "hand                                       1686     27012" -- calibrate "$DATA/games/copenhagen.csv" --eval hand
expect 0 "calibration.csv" -- calibrate "$DATA/games/copenhagen.csv" --eval hand --plies 8-9 --out "$tmp/cal"
[ "$(wc -l <"$tmp/cal/calibration.csv")" -eq 11 ] && ok || fail "calibration.csv: a header and ten bins"
# --out makes its last component only: a missing parent is refused before the work, and no
# part of the path is created (issue 54); a directory already there is written into.
expect 2 "$tmp/no-dir/cal: its parent directory $tmp/no-dir does not exist" -- calibrate "$DATA/games/copenhagen.csv" --eval hand --plies 8-9 --out "$tmp/no-dir/cal"
[ ! -e "$tmp/no-dir" ] && ok || fail "calibrate --out made $tmp/no-dir"
expect 0 "calibration.csv" -- calibrate "$DATA/games/copenhagen.csv" --eval hand --plies 8-9 --out "$tmp/cal/"
# --held-out: every tenth game from the first (tafl train's recorded_games keeps them out).
expect 0 "hand                                        173      2711" -- calibrate "$DATA/games/copenhagen.csv" --eval hand --held-out
expect 2 "eval=$tmp/nope.eval: cannot read" -- calibrate "$DATA/games/copenhagen.csv" --eval "$tmp/nope.eval"
expect 2 "--plies '9-8'" -- calibrate "$DATA/games/copenhagen.csv" --plies 9-8
# Games that do not replay under the rules given give no positions: nothing to score, exit 2
# (issue 54; UBSan once caught the sort of none). tests/stats_inputs.sh has the other cases.
expect 2 "nothing to score: 1752 games read" -- calibrate "$DATA/games/copenhagen.csv" --rules brandubh --eval hand

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
# A run cut short: its directory as written (setup, rulesets/), games.csv cut mid-line.
cp -r "$tmp/s1" "$tmp/s3" && head -c 2000 "$tmp/s1/games.csv" >"$tmp/s3/games.csv"
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
    grep -q '^stop max_width=0.1,check_every=10,min_games=100$' "$tmp/w1/meta" &&
    ok || fail "match --max-width: greedy self-play (nearly always the defenders) should stop early"
printf '[experiment]\nname = w\ngames = 400\nmax_width = 0.2\ncheck_every = 20\nmin_games = 20\nopening_plies = 2\n[rules]\npresets = brandubh, ard-ri\n[agent.r]\ntype = random\n[agent.g]\ntype = greedy\n' >"$tmp/width.ini"
"$TAFL" run "$tmp/width.ini" --threads 1 --out "$tmp/wr1" >"$tmp/wr1.txt" 2>/dev/null
"$TAFL" run "$tmp/width.ini" --threads 2 --out "$tmp/wr2" >"$tmp/wr2.txt" 2>/dev/null
cmp -s "$tmp/wr1/games.csv" "$tmp/wr2/games.csv" && cmp -s "$tmp/wr1.txt" "$tmp/wr2.txt" && ok ||
    fail "run with max_width differs between 1 and 2 threads"
cp -r "$tmp/wr1" "$tmp/wr3" && head -c 1500 "$tmp/wr1/games.csv" >"$tmp/wr3/games.csv"
"$TAFL" run "$tmp/width.ini" --threads 2 --out "$tmp/wr3" --resume >/dev/null 2>&1 &&
    cmp -s "$tmp/wr3/games.csv" "$tmp/wr1/games.csv" && cmp -s "$tmp/wr3/summary.csv" "$tmp/wr1/summary.csv" &&
    ok || fail "run with max_width --resume"
"$TAFL" run "$tmp/width.ini" --max-width 0.5 --out "$tmp/wr4" >"$tmp/wr4.txt" 2>/dev/null
[ "$(wc -l <"$tmp/wr4/games.csv")" -lt "$(wc -l <"$tmp/wr1/games.csv")" ] && ok || fail "--max-width overrides max_width"
# Hostile input (issue 7): absurd numbers, bad output paths, a full disk, names given twice, a
# layout where a side cannot move, files that are not text. Each is a non-zero exit with one
# line on stderr naming what is wrong, and never a summary.csv.
# refused STATUS NEEDLE DIR -- ARGS...: like expect, for any status, and DIR/summary.csv (when
# DIR is not -) must not exist afterwards.
refused() {
    want_status=$1 needle=$2 dir=$3
    shift 4
    "$TAFL" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want_status" ]; then
        fail "tafl $*: exit $status, expected $want_status"; cat "$tmp/err" >&2; return
    fi
    if ! grep -qF -- "$needle" "$tmp/err"; then
        fail "tafl $*: stderr lacks '$needle'"; cat "$tmp/err" >&2; return
    fi
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        fail "tafl $*: error is not one line"; cat "$tmp/err" >&2; return
    fi
    if [ "$dir" != - ] && [ -e "$dir/summary.csv" ]; then
        fail "tafl $*: left $dir/summary.csv"; return
    fi
    ok
}
h=$tmp/hostile
mkdir -p "$h"
exp_ini() { # exp_ini FILE GAMES: a valid experiment of one preset and a random agent
    printf '[experiment]\nname = h\ngames = %s\noutput = %s\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' \
        "$2" "$h/out" >"$1"
}
exp_ini "$h/ok.ini" 2
for n in -1 0 99999999999999999999 x; do
    refused 2 "--threads '$n' must be an integer 1..1024" - -- run "$h/ok.ini" --threads "$n"
    refused 2 "--threads '$n' must be an integer 1..1024" - -- match --attacker random --defender random --threads "$n"
    refused 2 "--depth '$n' must be an integer 1..30" - -- perft --depth "$n"
    exp_ini "$h/games.ini" "$n"
    refused 2 "games.ini:3: key 'games': bad value '$n' (expected an integer 1..10000000)" - -- run "$h/games.ini"
    refused 2 "iterations='$n': want an integer 1..100000000" - -- match --attacker "mcts:iterations=$n" --defender random
    refused 2 "depth='$n': want an integer 1..64" - -- move --agent "alphabeta:depth=$n"
    [ "$n" = 0 ] || # no table at all is valid
        refused 2 "tt_mb='$n': want an integer 0..4096" - -- move --agent "alphabeta:tt_mb=$n,depth=1"
    printf 'size = %s\n' "$n" >"$h/size.ini"
    refused 2 "size.ini:1: key 'size': " - -- rules show "$h/size.ini"
    refused 2 "OTN rules key 'dim' at column 1: " - -- rules show "dim:$n start:/3t3/"
done
refused 2 "--games '-1' must be an integer 1..10000000" - -- match --attacker random --defender random --games -1
refused 2 "--games '100000000' must be an integer 1..10000000" - -- match --attacker random --defender random --games 100000000
refused 2 "max_nodes='0': want an integer 1000..50000000" - -- move --agent mcts:max_nodes=0
# games = is held to match's limit (issue 17); more games in all than one run holds is refused.
exp_ini "$h/big.ini" 10000001
refused 2 "big.ini:3: key 'games': bad value '10000001' (expected an integer 1..10000000)" - -- run "$h/big.ini"

# Output paths: a file, a directory under a file, an unwritable place, a full disk.
: >"$h/plain"
refused 1 "$h/plain: exists and is not a directory" - -- run "$h/ok.ini" --out "$h/plain"
refused 1 "$h/plain: exists and is not a directory" - -- run "$h/ok.ini" --out "$h/plain/sub"
refused 1 "$h/plain: exists and is not a directory" - -- match --attacker random --defender random --out "$h/plain"
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$h/locked" && chmod a-w "$h/locked"
    refused 1 "$h/locked/run: cannot create directory: Permission denied" - -- run "$h/ok.ini" --out "$h/locked/run"
    chmod u+w "$h/locked"
else # root writes anywhere it may: sysfs is read-only even for root
    refused 1 "/sys/tafl-cli-test: cannot create directory: " - -- run "$h/ok.ini" --out /sys/tafl-cli-test
fi
mkdir -p "$h/full" && ln -s /dev/full "$h/full/games.csv"
refused 1 "$h/full/games.csv: cannot write: No space left on device" "$h/full" -- run "$h/ok.ini" --out "$h/full"
mkdir -p "$h/fullsum" && ln -s /dev/full "$h/fullsum/summary.csv.tmp"
refused 1 "$h/fullsum/summary.csv.tmp: cannot write: No space left on device" "$h/fullsum" -- run "$h/ok.ini" --out "$h/fullsum"
mkdir -p "$h/dirgames/games.csv"
refused 1 "$h/dirgames/games.csv: exists and is not a regular file" "$h/dirgames" -- run "$h/ok.ini" --out "$h/dirgames"
mkdir -p "$h/nullgames" && ln -s /dev/null "$h/nullgames/games.csv"
refused 1 "$h/nullgames/games.csv: holds 0 games after the run, expected 2" "$h/nullgames" -- run "$h/ok.ini" --out "$h/nullgames"
"$TAFL" rules list >/dev/full 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "standard output: cannot write: No space left on device" "$tmp/err" && ok ||
    fail "rules list >/dev/full is not an error"
"$TAFL" run "$h/ok.ini" --out "$h/stdout-full" >/dev/full 2>"$tmp/err"
[ $? -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || fail "run >/dev/full is not an error"

# Names given twice.
printf '[experiment]\nname = a\nname = b\n' >"$h/name2.ini"
refused 2 "name2.ini:3: key 'name': given twice (first on line 2)" - -- run "$h/name2.ini"
printf '[experiment]\nname = a\n[experiment]\nname = a\n' >"$h/sec2.ini"
refused 2 "sec2.ini:3: section '[experiment]': given twice (first on line 1)" - -- run "$h/sec2.ini"
printf '[experiment]\nname = a\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n[agent.r]\ntype = greedy\n' >"$h/agent2.ini"
refused 2 "agent2.ini:7: section '[agent.r]': given twice (first on line 5)" - -- run "$h/agent2.ini"
printf '[experiment]\nname = a\n[rules]\npresets = brandubh, brandubh\n[agent.r]\ntype = random\n' >"$h/rules2.ini"
refused 2 "rules2.ini:4: key 'presets': preset 'brandubh': a second ruleset named 'brandubh'" - -- run "$h/rules2.ini"

# A layout in which a side cannot move: as a file, an OTN string, inside an experiment.
refused 2 "start-no-move.ini:2: key 'start': the attackers have no legal move in the start layout" - -- rules show "$DATA/rulesets/start-no-move.ini"
refused 2 "OTN rules: start: the attackers have no legal move in the start layout" - -- match --rules "dim:7 start:/7/tT5/T6/3K3/7/7/7/" --attacker random --defender random
printf '[experiment]\nname = a\n[rules]\nfiles = %s\n[agent.r]\ntype = random\n' "$PWD/$DATA/rulesets/start-no-move-second.ini" >"$h/nomove.ini"
refused 2 "start-no-move-second.ini:3: key 'start': the attackers have no legal move" - -- run "$h/nomove.ini"

# Files that are not text, and a games.csv without games.
refused 2 "/dev/zero:1: a NUL byte: not a text file" - -- run /dev/zero
refused 2 "/dev/zero:1: a NUL byte: not a text file" - -- rules show /dev/zero
# A binary file with no NUL byte (control bytes libinih takes for spaces) read as key '' (issue 26).
printf '[experiment]\n\013\014= \001\n' >"$tmp/ctl.ini"
expect 2 "ctl.ini:2: a control byte 0x0b at column 1: not a text file" -- run "$tmp/ctl.ini"
refused 2 "/dev/zero:1: line longer than 268435456 bytes" - -- summarize /dev/zero --out "$h/z.csv"
printf 'game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,external\n' >"$h/empty.csv"
refused 2 "$h/empty.csv: no games to summarize" - -- summarize "$h/empty.csv"
[ ! -e "$h/summary.csv" ] && ok || fail "summarize wrote a summary of no games"
# engine: an OpenTafl Engine Protocol session on stdin/stdout; notes go to stderr.
printf '%s\n' "rules dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" \
    "side defenders" "position /2K1t2/7/3t3/tt3tt/3t3/7/3t3/" "play defenders" "frob" \
    "finish 3" "play defenders" |
    "$TAFL" engine --agent alphabeta:depth=2 >"$tmp/engine.out" 2>"$tmp/engine.err"
printf 'hello\nmove c1-a1\n' | cmp -s - "$tmp/engine.out" &&
    grep -q "ignoring unknown command 'frob'" "$tmp/engine.err" && ok ||
    { fail "engine session"; cat "$tmp/engine.out" "$tmp/engine.err" >&2; }
# An agent that cannot play the rules before the host's starts and waits for them; the note
# saying so is for a terminal: a host's pipe (a run starts an engine for every game) gets none.
printf 'goodbye\n' |
    "$TAFL" engine --agent alphabeta:depth=2,eval=evals/copenhagen.eval >"$tmp/engine.out" 2>"$tmp/engine.err"
status=$?
[ "$status" -eq 0 ] && printf 'hello\n' | cmp -s - "$tmp/engine.out" && [ ! -s "$tmp/engine.err" ] && ok ||
    { fail "engine waiting for rules on a pipe: exit $status"; cat "$tmp/engine.out" "$tmp/engine.err" >&2; }
expect 0 "usage: tafl engine --agent SPEC" -- help engine
expect 2 "missing --agent SPEC" -- engine
expect 2 "unknown agent 'nope'" -- engine --agent nope

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
expect 2 "tune.csv already exists" -- tune "$tmp/grid.ini" --out "$tmp/tg1"
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
"$TAFL" run "$tmp/curve.ini" --out "$tmp/curve" >"$tmp/curve.out" 2>"$tmp/curve.err"
# The ladder pairings (neighbours, both sides) give each rung an Elo relative to greedy (0,
# with the interval [0, 0], on each ruleset): rungs 0..2 in Elo order, each other rung with
# elo_low < elo < elo_high; convergence.csv holds one verdict per ruleset, with the
# threshold (0.08) and the span asked (200) in columns of their own.
[ "$(wc -l <"$tmp/curve/curve.csv")" -eq 7 ] && [ -s "$tmp/curve/curve.gp" ] &&
    awk -F, 'NR > 1 { if ($18 != "\"greedy\"") bad = 1
                      if ($3 == "\"greedy\"" && ($15 != 0 || $16 != 0 || $17 != 0)) bad = 1
                      if ($4 != 6 || ($3 != "\"greedy\"" && !($16 < $15 && $15 < $17))) bad = 1
                      if ($2 != (NR - 2) % 3 || ($2 > 0 && $15 < prev)) bad = 1; prev = $15 }
             END { exit bad }' "$tmp/curve/curve.csv" &&
    [ "$(tail -n +2 "$tmp/curve/curve.csv" | cut -d, -f3 | sort | uniq -c | awk '{print $1}' | sort -u)" = 2 ] &&
    [ "$(wc -l <"$tmp/curve/convergence.csv")" -eq 3 ] &&
    grep -q '^"ard-ri",3,elo,3,"[a-z0-9 ]*",[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,0.0800,[0-9.e-]*,[0-9.e-]*,[0-9.]*,200.0,"[a-z +]*","[a-z]*",[0-9.e-]*,[0-9.-]*,[0-9.-]*,[0-9.-]*,"[a-z ]*"$' "$tmp/curve/convergence.csv" &&
    grep -q "^brandubh: .*; direction: [a-z]* (.*); trend" "$tmp/curve.out" &&
    grep -q "title 'brandubh: greedy (hand)'" "$tmp/curve/curve.gp" &&
    grep -q "^brandubh: [a-z]" "$tmp/curve.out" &&
    grep -q "relative to greedy (0 on every ruleset)" "$tmp/curve/curve.gp" &&
    ok || fail "run kind = curve: curve.csv, Elo order and verdicts"
# A curve's summary: the self-play rows carry the verdicts, the ladder games the verdict
# `ladder`; tafl summarize --curve rebuilds the same file, and without it every row is a verdict.
[ "$(grep -c ',ladder,' "$tmp/curve/summary.csv")" -eq 8 ] &&
    [ "$(grep -c ',\(attackers\|defenders\|balanced\|undetermined\),' "$tmp/curve/summary.csv")" -eq 6 ] &&
    cp "$tmp/curve/summary.csv" "$tmp/curve-summary.csv" &&
    "$TAFL" summarize "$tmp/curve/games.csv" --curve >"$tmp/curve-sum.txt" &&
    cmp -s "$tmp/curve/summary.csv" "$tmp/curve-summary.csv" &&
    grep -q "^ladder games (rung against rung" "$tmp/curve-sum.txt" &&
    "$TAFL" summarize "$tmp/curve/games.csv" >/dev/null && ! grep -q ',ladder,' "$tmp/curve/summary.csv" &&
    ok || fail "curve summary: self-play verdicts apart from the ladder games"
if command -v gnuplot >/dev/null 2>&1; then
    head -c 4 "$tmp/curve/curve.png" | grep -q PNG && grep -q '<svg' "$tmp/curve/curve.svg" &&
        grep -q "balance curve in $tmp/curve/curve.csv" "$tmp/curve.err" && ok || fail "curve figure"
else
    echo "cli: gnuplot not found: curve figure check skipped (make deps installs gnuplot-nox)" >&2
fi
printf '[experiment]\nname = c\nkind = curve\n[rules]\npresets = brandubh\n[agent.a]\ntype = random\n[agent.b]\ntype = greedy\n[matchups]\nround-robin = yes\n' >"$tmp/bad-curve.ini"
expect 2 "$tmp/bad-curve.ini:3: key 'kind': a curve is each agent's self-play, but [matchups] on line 10 does not set self = yes" -- run "$tmp/bad-curve.ini"
# replay: the 1,752 recorded Copenhagen games; the 11 that go on after a threefold repetition
# disagree with the copenhagen preset, each named with its line and ply.
expect 1 "replayed 1752 games: 1741 agree, 11 disagree" -- replay --rules copenhagen --quiet "$DATA/games/copenhagen.csv"
expect 1 "copenhagen.csv:443: ply 23: 'j3-j11': the game goes on after the engine ended it" -- replay --rules copenhagen --quiet "$DATA/games/copenhagen.csv"
expect 0 "replayed 1752 games: 1752 agree, 0 disagree" -- replay --rules "dim:11 sw:s efe:y tfr:i start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/" --quiet "$DATA/games/copenhagen.csv"
"$TAFL" replay --rules copenhagen "$DATA/games/copenhagen.csv" --game 2 --ply 5 >"$tmp/r5" 2>&1
grep -q "^ply 5: attackers g3-e3xe2$" "$tmp/r5" && grep -q "^   3 \. \. \. t t \. \. \. \. \. \.$" "$tmp/r5" &&
    ! grep -q "^ply 4" "$tmp/r5" && ok || fail "replay --ply 5 board"
expect 0 "ply 9 not reached: the replay ends at ply 5" -- replay --rules copenhagen --game 2 --ply 9 "$DATA/games/copenhagen.csv"
[ "$("$TAFL" replay --rules copenhagen "$DATA/games/copenhagen.csv" --game 2 | grep -c '^ply ')" -eq 6 ] &&
    ok || fail "replay shows every ply"
head -n 2 "$DATA/games/copenhagen.csv" | "$TAFL" replay --rules copenhagen --format csv --quiet - >"$tmp/stdin" &&
    grep -q "replayed 2 games: 2 agree" "$tmp/stdin" && ok || fail "replay from stdin"
printf '[event:x]\n1. d1-c1\n' >"$tmp/norules.otn"
expect 2 "norules.otn:1: the game names no rules: give --rules R" -- replay "$tmp/norules.otn"
expect 2 "copenhagen.csv:1: expected a tag, a rules string" -- replay --format otn "$DATA/games/copenhagen.csv"
expect 2 "needs a file of games" -- replay --rules copenhagen
expect 2 "cannot open" -- replay --rules copenhagen "$tmp/nope.otn"
expect 2 "--format 'pgn' must be otn or csv" -- replay --format pgn x.csv
expect 2 "--game 9999: " -- replay --rules copenhagen --game 9999 "$DATA/games/copenhagen.csv"
printf 'd1-d3,0,0,Won\n' >"$tmp/bad.csv"
# A malformed line is reported and skipped (issue 17): exit 1, as for a disagreement.
expect 1 "bad.csv:1: result 'Won' is not White, Black, Draw or Ongoing" -- replay --rules copenhagen "$tmp/bad.csv"

# export: recorded games as OTN game records that replay back with their own rules strings.
"$TAFL" match --rules copenhagen --attacker greedy --defender greedy --games 4 --opening-plies 4 \
    --record-moves --out "$tmp/cm" >/dev/null 2>&1
"$TAFL" export "$tmp/cm/games.csv" --out "$tmp/cm/games.otn" && ok || fail "export"
grep -q '^\[rules:dim:11 sw:s efe:y start:' "$tmp/cm/games.otn" && grep -q '^\[result:' "$tmp/cm/games.otn" &&
    grep -q '^1\. ' "$tmp/cm/games.otn" && ok || fail "export: tags and turns"
expect 0 "replayed 4 games: 4 agree, 0 disagree" -- replay --quiet "$tmp/cm/games.otn"
"$TAFL" export "$tmp/cm/games.csv" --dir "$tmp/cm/otn" && [ -f "$tmp/cm/otn/game-000003.otn" ] &&
    ok || fail "export --dir"
expect 0 "replayed 1 games: 1 agree" -- replay --quiet "$tmp/cm/otn/game-000002.otn"
sed 's/^1\. \([a-k][0-9]*\)-/1. \1x-/' "$tmp/cm/otn/game-000000.otn" >"$tmp/broken.otn"
expect 1 "broken.otn:" -- replay --quiet "$tmp/broken.otn"
# One numbering everywhere (issue 26): --game 2 is the row whose `game` column is 2 (line 4 of
# games.csv) and the record whose [round:] tag is 2; it used to be the file's second game.
expect 0 "game 2 (line 4): " -- replay --quiet --game 2 "$tmp/cm/games.csv"
expect 0 "game 0 (line 2): " -- replay --quiet --game 0 "$tmp/cm/games.csv"
grep -q '^\[round:2\]$' "$tmp/cm/otn/game-000002.otn" && ok || fail "export --dir: round tag"
p2=$("$TAFL" replay --quiet --game 2 "$tmp/cm/games.csv" | sed -n 's/.* \([0-9]*\) of \([0-9]*\) plies.*/\2/p')
[ -n "$p2" ] && [ "$p2" = "$("$TAFL" replay --quiet --game 2 "$tmp/cm/games.otn" | sed -n 's/.* \([0-9]*\) of \([0-9]*\) plies.*/\2/p')" ] &&
    "$TAFL" replay --quiet --game 2 "$tmp/cm/games.otn" | grep -q "^game 2 (line" && ok ||
    fail "replay --game 2: games.csv and its OTN export disagree on game 2"
expect 2 "--game 7: $tmp/cm/games.csv holds no game numbered 7" -- replay --quiet --game 7 "$tmp/cm/games.csv"
# Output paths are checked before any work, exit 2 for both commands (issue 26); --dir onto a
# file says why.
mkdir -p "$tmp/outdir"
expect 2 "outdir: exists and is not a regular file (a directory)" -- summarize "$tmp/cm/games.csv" --out "$tmp/outdir"
expect 2 "outdir: exists and is not a regular file (a directory)" -- export "$tmp/cm/games.csv" --out "$tmp/outdir"
expect 2 "games.otn: cannot create the directory: a file of that name exists" -- export "$tmp/cm/games.csv" --dir "$tmp/cm/games.otn"
"$TAFL" match --attacker random --defender random --games 2 --out "$tmp/nr" >"$tmp/nr.txt" 2>&1
# Two games show neither a side nor balance: whatever they were (two draws, a score of exactly
# 1/2, at 6 plies), the verdict is undetermined, never balanced (no significant departure is
# not evidence of balance).
bad=0
for plies in 6 500; do for seed in 1 2 3 4; do
    "$TAFL" match --attacker random --defender random --games 2 --seed $seed --max-plies $plies \
        >"$tmp/two.txt" 2>&1 || bad=1
    grep -q ' undetermined$' "$tmp/two.txt" && ! grep -q 'balanced' "$tmp/two.txt" || bad=1
done; done
[ $bad -eq 0 ] && grep -q ' undetermined$' "$tmp/nr.txt" &&
    [ "$(sed -n 2p "$tmp/nr/summary.csv" | cut -d, -f32)" = undetermined ] && ok ||
    fail "match --games 2: undetermined, never balanced"
expect 2 "holds no recorded moves" -- export "$tmp/nr/games.csv"
expect 2 "needs a games.csv" -- export

# play: a terminal game driven through stdin. A lone king on the throne (d4) and one attacker.
lone="dim:7 ks:c tfr:l start:/7/7/7/3K3/7/7/1t5/"
printf 'help\nmoves\nmoves b7\nmoves d4\nmoves z9\nd4-d1\nb7-b8\nb7-a7\nb7-c6\nb7-b6\nundo\nundo\nb7-b6\nhint\nd4-d1\nb6-b5\nd1-a1\n' |
    "$TAFL" play --rules "$lone" --out "$tmp/play.otn" >"$tmp/play" 2>&1
status=$?
[ "$status" -eq 0 ] && ok || fail "play: exit $status"
for want in "   4 . . . K . . ." "attackers> help" "commands: a move such as d1-d3" \
    "b7-b1 b7-b2 b7-b3 b7-b4 b7-b5 b7-b6 b7-c7 b7-d7 b7-e7 b7-f7" \
    "d4: not a piece of the side to move" "'z9' is not a square of this board (a1..g7)" \
    "illegal move d4-d1: d4 holds a piece of the defenders; the attackers are to move" \
    "not a move or a command: move 'b7-b8' column 4: expected a destination square a1..g7" \
    "illegal move b7-a7: only the king may stop on the corner a7" \
    "move 'b7-c6': a piece moves along one row or one column" \
    "attackers (human) play b7-b6" "took back 1 move" "nothing to undo" \
    "hint: d4-" "defenders (human) play Kd1-a1--" "defenders win: king_escaped" \
    "game over after 4 plies: defenders win by king_escaped" "saved the game to"; do
    grep -qF -- "$want" "$tmp/play" && ok || { fail "play output lacks '$want'"; cat "$tmp/play" >&2; }
done
expect 0 "replayed 1 games: 1 agree" -- replay --quiet "$tmp/play.otn"
# Against an agent: undo takes back the agent's reply with the person's move.
printf 'b7-b6\nundo\nquit\n' | "$TAFL" play --rules "$lone" --defender greedy >"$tmp/play2" 2>&1
grep -q "defenders (greedy) play" "$tmp/play2" && grep -q "took back 2 moves" "$tmp/play2" &&
    grep -q "quit: the game stops unfinished after 0 plies" "$tmp/play2" && ok || fail "play vs agent"
# Two agents play on their own; the end of input stops a game left to a person.
"$TAFL" play --attacker greedy --defender greedy </dev/null | grep -q "^game over after [0-9]* plies" &&
    ok || fail "play between agents"
"$TAFL" play </dev/null | grep -q "end of input: the game stops unfinished after 0 plies" &&
    ok || fail "play at end of input"
expect 2 "unknown agent 'robot'" -- play --attacker robot
expect 2 "--hint: unknown agent 'x'" -- play --hint x
expect 2 "unknown option '--colour'" -- play --colour red

# make install PREFIX=...: the binary and the manual page, which renders without a warning
# and has a section for every command `tafl --help` lists.
if ${MAKE:-make} --no-print-directory install PREFIX="$tmp/inst" >"$tmp/install.log" 2>&1 &&
    [ -x "$tmp/inst/bin/tafl" ] && [ -f "$tmp/inst/share/man/man1/tafl.1" ]; then
    ok
else
    fail "make install PREFIX=$tmp/inst"; cat "$tmp/install.log" >&2
fi
"$tmp/inst/bin/tafl" --version | grep -q "^tafl 0\." && ok || fail "installed tafl --version"
page="$tmp/inst/share/man/man1/tafl.1"
if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z -Tutf8 "$page" >"$tmp/groff.err" 2>&1 && [ ! -s "$tmp/groff.err" ] &&
        ok || { fail "groff warns about tafl.1"; cat "$tmp/groff.err" >&2; }
fi
if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ] &&
        grep -q "tafl - measure the balance" "$tmp/man.txt" && ok ||
        { fail "man -l tafl.1"; cat "$tmp/man.err" >&2; }
fi
command -v groff >/dev/null 2>&1 || command -v man >/dev/null 2>&1 ||
    fail "neither man nor groff to check tafl.1 (make deps installs groff-base)"
for cmd in $("$TAFL" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
    grep -q "^\.SS $cmd\$" "$page" && ok || fail "tafl.1 has no section for the command '$cmd'"
done
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
cut -d, -f2,3,27-30 "$tmp/faults/summary.csv" | sed 1d >"$tmp/faults.sum"
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
# tafl play with an engine that plays an illegal move (as an agent and as the hint) stops
# the game, or answers the hint, with why; it used to play the move it never got and abort.
expect 1 "attackers (external:cmd=tests/engines/illegal.sh) gave no move (illegal_move: 'a1-a2' is not a legal move for the attackers)" -- \
    play --attacker external:cmd=tests/engines/illegal.sh --defender random </dev/null
printf 'hint\nquit\n' | "$TAFL" play --defender random --hint external:cmd=tests/engines/illegal.sh \
    >"$tmp/hint.out" 2>&1 && grep -qF "hint: the agent gave no move (illegal_move: " "$tmp/hint.out" && ok ||
    { fail "play --hint with an engine that gives no move"; cat "$tmp/hint.out" >&2; }
# quirks=opentafl refuses, before any game, a ruleset OpenTafl would play otherwise (here a
# repetition rule its program has no tfr letter for), naming the line of that ruleset.
printf '%s\n' '[experiment]' 'name = refuse' 'games = 1' '[rules]' 'presets = brandubh' \
    'rules = dim:7 ks:c tfr:i start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/' '[agent.ot]' \
    'type = external' "cmd = $(pwd)/tests/engines/stall.sh" 'movetime_ms = 2000' \
    'quirks = opentafl' '[agent.r]' 'type = random' '[matchups]' 'pair = ot vs r' >"$tmp/refuse.ini"
expect 2 "refuse.ini:6: agent 'ot': spec 'external:cmd=" -- run "$tmp/refuse.ini" --out "$tmp/refuse"
expect 2 "quirks=opentafl: OpenTafl cannot play ruleset 'otn-1': repetition=ignore" -- \
    run "$tmp/refuse.ini" --out "$tmp/refuse"
[ ! -e "$tmp/refuse/games.csv" ] && ok || fail "a refused ruleset left games"
saved_path=$PATH
PATH="$(pwd)/tests/engines:$PATH"
expect 2 "OpenTafl cannot play ruleset 'brandubh-livas': king_capture=throne4_adj3_edge3" -- \
    match --rules brandubh-livas --attacker "external:cmd=stall.sh,movetime_ms=2000,quirks=opentafl" --defender random
PATH=$saved_path
expect 2 "program '/no/such' is not found" -- match --attacker external:cmd=/no/such --defender random

# meta records the whole command line (its last argument was once dropped).
grep -qx "command tafl run $DATA/runner/small.ini --out $tmp/run --threads 2" "$tmp/run/meta" && ok ||
    fail "meta: the command line of run"

# help of the statistics commands and options.
expect 0 "usage: tafl ratings GAMES.csv..." -- help ratings
expect 0 "usage: tafl tune FILE.ini" -- help tune
expect 0 "--sprt: a sequential probability ratio test" -- help match
expect 0 "kind = curve" -- help run

# Issue 18: honest statistics.
# 1. 4 attacker wins and 36 draws: the score interval no longer ends at its own estimate (it
#    was [0.501, 0.550]); by hand, see tests/check_statistics.c: [0.5018, 0.6153].
{
    echo "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,external"
    i=0
    while [ $i -lt 40 ]; do
        if [ $i -lt 4 ]; then w=attackers r=king_captured; else w=draw r=max_plies; fi
        echo "$i,\"brandubh\",\"random\",\"random\",$((1000 + i)),$w,$r,10,0,0,,none"
        i=$((i + 1))
    done
} >"$tmp/i18.csv"
"$TAFL" summarize "$tmp/i18.csv" --out "$tmp/i18.sum" >/dev/null &&
    [ "$(sed -n 2p "$tmp/i18.sum" | cut -d, -f12-15,31,32)" = "0.5500,0.5018,0.6153,0.0455,0.0455,attackers" ] &&
    ok || fail "summarize: the score interval of 4 wins and 36 draws"
# 2. A width stop needs games and variance: three drawn games stopped this 3000-game match.
"$TAFL" match --rules brandubh --attacker random --defender random --max-plies 4 --games 3000 \
    --max-width 0.05 --check-every 3 >"$tmp/i18w.txt" 2>/dev/null &&
    [ "$(awk '$1 == "brandubh" { print $4 }' "$tmp/i18w.txt")" = 3000 ] && ok ||
    fail "match --max-width stopped on games that were all drawn"
expect 2 "--min-games needs --max-width" -- match --attacker random --defender greedy --min-games 5
expect 2 "--min-games '0' must be an integer 1..100000000" -- match --attacker random --defender greedy --max-width 0.2 --min-games 0
expect 2 "--min-games needs --max-width (or max_width in the file)" -- run "$DATA/runner/small.ini" --min-games 5
"$TAFL" match --attacker random --defender random --games 400 --max-width 0.5 --check-every 10 \
    --min-games 30 >"$tmp/i18m.txt" 2>/dev/null &&
    [ "$(awk '$1 == "brandubh" { print $4 }' "$tmp/i18m.txt")" = 30 ] && ok ||
    fail "match --min-games 30: a wide width stops at the 30th game, not before"
# 3. tune names no best without evidence: every pair of greedy against itself is split.
printf '[tune]\nname = e\nagent = greedy\nopponent = greedy\nmethod = grid\npoints = 3\npairs = 20\nmax_plies = 60\nopening_plies = 0\n[param.king_distance]\nmin = 0\nmax = 8\n' >"$tmp/i18t.ini"
"$TAFL" tune "$tmp/i18t.ini" --out "$tmp/i18t" >"$tmp/i18t.txt" 2>/dev/null &&
    grep -q '^best point: king_distance=0 (tied with 1 other point at 0.500' "$tmp/i18t.txt" &&
    grep -q 'difference +0.000 \[-0.089, +0.089\] (95%, Agresti-Caffo), p = 1: no significant difference from the default at 5%$' "$tmp/i18t.txt" &&
    grep -q '^warning: every pair of the check scored 1 of 2' "$tmp/i18t.txt" &&
    [ "$(tail -n 1 "$tmp/i18t.txt")" = "best greedy:king_distance=0" ] && ok ||
    fail "tune: the best point's evidence"
# 4. Rulesets against a baseline with Holm: 40 draws (base) and the games of case 1 (x).
sed 1d "$tmp/i18.csv" | sed 's/"brandubh"/"x"/' >"$tmp/i18x.rows"
{
    head -n 1 "$tmp/i18.csv"
    i=0
    while [ $i -lt 40 ]; do
        echo "$i,\"base\",\"random\",\"random\",$((2000 + i)),draw,max_plies,10,0,0,,none"
        i=$((i + 1))
    done
    cat "$tmp/i18x.rows"
} >"$tmp/i18c.csv"
"$TAFL" summarize "$tmp/i18c.csv" --out "$tmp/i18c.sum" >"$tmp/i18c.txt" &&
    [ "$(sed -n 3p "$tmp/i18c.sum" | cut -d, -f31-39)" = '0.091,undetermined,"base",0.0500,-0.0168,0.1120,0.147,0.147,no_difference' ] &&
    [ "$(sed -n 3p "$tmp/i18c.sum" | cut -d, -f40-)" = '0.0500,0.0018,0.1153,2,undetermined,0.0500,-0.0151,0.1153,0.0894,no_difference' ] &&
    grep -q "^attackers' score minus that under base" "$tmp/i18c.txt" &&
    grep -q "^   1  base  *random  *random  *0.000 \[0.000-0.044\]  balanced$" "$tmp/i18c.txt" && ok ||
    fail "summarize: the comparison with the baseline"
"$TAFL" summarize "$tmp/i18c.csv" --out "$tmp/i18c2.sum" --baseline x >/dev/null &&
    [ "$(sed -n 2p "$tmp/i18c2.sum" | cut -d, -f33-39)" = '"x",-0.0500,-0.1120,0.0168,0.147,0.147,no_difference' ] &&
    [ "$(sed -n 2p "$tmp/i18c2.sum" | cut -d, -f40-)" = '0.0000,0.0000,0.0438,1,balanced,-0.0500,-0.1153,0.0151,0.0894,no_difference' ] &&
    ok || fail "summarize --baseline x"
expect 2 "baseline 'tablut': no game of the file was played under that ruleset" -- summarize "$tmp/i18c.csv" --out "$tmp/i18c3.sum" --baseline tablut

# Issue 25: tafl crossing, the balancing value of the move-limit knob from a run. Greedy
# self-play under brandubh capped at 8, 16 and 24 plies, the cap won by the attackers.
for n in 8 16 24; do
    printf 'base = brandubh\nmax_plies = %s\nlimit_result = attackers\n' "$n" >"$tmp/cap$n.ini"
done
printf 'base = brandubh\nmax_plies = 30\n' >"$tmp/capdraw.ini"
knob_ini() { # knob_ini FILE RULESET-FILES AGENT-SECTIONS
    printf '[experiment]\nname = knob\nseed = 5\ngames = 40\nmax_plies = 0\nopening_plies = 4\n[rules]\nfiles = %s\n%s\n' "$2" "$3" >"$1"
}
knob_ini "$tmp/knob.ini" "cap8.ini, cap16.ini, cap24.ini" '[agent.g]
type = greedy'
"$TAFL" run "$tmp/knob.ini" --out "$tmp/knob" >/dev/null 2>&1 || fail "run knob.ini"
expect 0 "verdict " -- crossing "$tmp/knob/games.csv"
# Each ruleset's tally is the summary's: wins, draws and losses of the attackers.
for r in cap8 cap16 cap24; do
    want=$(awk -F, -v r="\"$r\"" '$1 == r { print $4, $5, $7, $6 }' "$tmp/knob/summary.csv")
    got=$(awk -v r="$r" '$1 == r { print $3, $4, $5, $6 }' "$tmp/out")
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || fail "crossing: $r tallies '$got', summary '$want'"
done
grep -q "^cap16  *16  *40 " "$tmp/out" && grep -q "^score 1/2 at max_plies = " "$tmp/out" &&
    grep -q "^isotonic fit: " "$tmp/out" && ok || { fail "crossing: the table and the fit"; cat "$tmp/out" >&2; }
# --plot: the figure's script holds each point, the fit and the shaded interval.
mkdir -p "$tmp/kplot"
expect 0 "figure: $tmp/kplot/crossing.gp" -- crossing "$tmp/knob/games.csv" --plot "$tmp/kplot"
[ "$(grep -c '^[0-9]* [0-9.]* [0-9.]* [0-9.]* "cap[0-9]*"$' "$tmp/kplot/crossing.gp")" -eq 3 ] &&
    grep -q "logistic fit" "$tmp/kplot/crossing.gp" && grep -q "0.5 with lines" "$tmp/kplot/crossing.gp" &&
    ok || { fail "crossing --plot: the script"; cat "$tmp/kplot/crossing.gp" >&2; }
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$tmp/kplot/crossing.png" ] && [ -s "$tmp/kplot/crossing.svg" ] && ok || fail "crossing --plot: no figure"
fi
expect 1 "no/such/dir: cannot open directory" -- crossing "$tmp/knob/games.csv" --plot "$tmp/no/such/dir"
expect 2 "unknown knob 'moves' (knobs: max_plies, handicap)" -- crossing "$tmp/knob/games.csv" --knob moves
expect 2 "no self-play games of agent nobody" -- crossing "$tmp/knob/games.csv" --agent nobody
expect 2 "needs a games.csv" -- crossing
knob_ini "$tmp/knobd.ini" "cap8.ini, capdraw.ini" '[agent.g]
type = greedy'
"$TAFL" run "$tmp/knobd.ini" --out "$tmp/knobd" >/dev/null 2>&1 || fail "run knobd.ini"
expect 2 "ruleset capdraw: knob max_plies: limit_result is draw, so the limit gives neither side anything" -- crossing "$tmp/knobd/games.csv"
knob_ini "$tmp/knob1.ini" "cap8.ini" '[agent.g]
type = greedy
[agent.r]
type = random'
"$TAFL" run "$tmp/knob1.ini" --out "$tmp/knob1" >/dev/null 2>&1 || fail "run knob1.ini"
expect 2 "self-play games of g and r: name one with --agent" -- crossing "$tmp/knob1/games.csv"
expect 2 "a crossing needs at least two knob values, got 1 point" -- crossing "$tmp/knob1/games.csv" --agent r
# A capped game won by the attackers exports (OTN cannot say who gets the cap: the warning
# names limit_result) and replays as the row says.
printf '[experiment]\nname = kx\nseed = 5\ngames = 3\nmax_plies = 0\nopening_plies = 4\nrecord_moves = yes\n[rules]\nfiles = cap8.ini\n[agent.g]\ntype = greedy\n' >"$tmp/kx.ini"
"$TAFL" run "$tmp/kx.ini" --out "$tmp/kx" >/dev/null 2>&1 &&
    [ "$(grep -c ',attackers,max_plies,8,' "$tmp/kx/games.csv")" -eq 3 ] && ok || fail "kx: three capped games won by the attackers"
expect 0 "the OTN rules string of cap8 cannot express draw_fort, limit_result: replay with --rules" -- export "$tmp/kx/games.csv" --out "$tmp/kx.otn"
expect 0 "replayed 3 games: 3 agree, 0 disagree" -- replay "$tmp/kx/games.csv"

# Issue 25, the piece handicap: brandubh without its attacker on d1 has 40 - 4 + 1 = 37 first
# moves (d1's four along the edge go, d2 gains d1), and its depth-2 count is the engine's.
printf 'base = brandubh\nremove = d1\nmax_plies = 200\n' >"$tmp/hand1.ini"
printf 'base = brandubh\nremove = d3\nmax_plies = 200\n' >"$tmp/handm1.ini"
printf 'base = brandubh\nmax_plies = 200\n' >"$tmp/hand0.ini"
expect 0 "1 37" -- perft --rules "$tmp/hand1.ini" --depth 1
expect 0 "start = /7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" -- rules show "$tmp/hand1.ini"
printf 'base = brandubh\nremove = d4\n' >"$tmp/handk.ini"
expect 2 "handk.ini:2: key 'remove': d4 holds the king (only attackers and defenders can be taken off)" -- rules show "$tmp/handk.ini"
knob_ini "$tmp/hknob.ini" "hand1.ini, hand0.ini, handm1.ini" '[agent.g]
type = greedy'
"$TAFL" run "$tmp/hknob.ini" --out "$tmp/hknob" >/dev/null 2>&1 || fail "run hknob.ini"
expect 0 "verdict " -- crossing "$tmp/hknob/games.csv" --knob handicap
awk '$1 == "hand1" && $2 == 1 { a++ } $1 == "hand0" && $2 == 0 { a++ } $1 == "handm1" && $2 == -1 { a++ } END { exit a != 3 }' "$tmp/out" &&
    ok || { fail "crossing --knob handicap: the knob values"; cat "$tmp/out" >&2; }
grep -qx '(handicap: attackers taken off minus defenders taken off (negative: defenders taken off))' "$tmp/out" &&
    ok || { fail "crossing --knob handicap: the axis does not say what a negative value means"; cat "$tmp/out" >&2; }
expect 2 "ruleset hand1: knob max_plies: limit_result is draw" -- crossing "$tmp/hknob/games.csv"

# scripts/mcts-defaults.sh (issue 52, the MCTS defaults): a tiny run writes one cell a
# candidate and ruleset and a table with each cell's Elo; a second run keeps the cells.
TAFL="$TAFL" OUT="$tmp/mdef" PAIRS=2 ITERATIONS=20 THREADS=1 RULES="brandubh ard-ri" \
    CANDIDATES="c=0.2 king_distance=1,mobility=2" sh scripts/mcts-defaults.sh >/dev/null 2>&1 &&
    [ "$(ls "$tmp/mdef"/*.txt | wc -l)" -eq 4 ] &&
    grep -q '^| `king_distance=1,mobility=2` | [-+][0-9.]* \[.*\] t[0-9.]* | [-+][0-9.]* \[.*\] t[0-9.]* |$' "$tmp/mdef/table.md" &&
    ok || { fail "mcts-defaults.sh: four cells and a table row"; cat "$tmp/mdef/table.md" >&2; }
touch -d '2000-01-01' "$tmp/mdef/brandubh_c-0.2.txt"
TAFL="$TAFL" OUT="$tmp/mdef" PAIRS=2 ITERATIONS=20 THREADS=1 RULES="brandubh ard-ri" \
    CANDIDATES="c=0.2 king_distance=1,mobility=2" sh scripts/mcts-defaults.sh >/dev/null 2>&1 &&
    [ -n "$(find "$tmp/mdef/brandubh_c-0.2.txt" ! -newermt '2001-01-01')" ] &&
    ok || fail "mcts-defaults.sh: a cell already written is played again"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
