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
[ "$("$TAFL" rules list | wc -l)" -eq 10 ] && ok || fail "rules list: not 10 presets"
expect 0 "king_capture = throne4_adj3_edge3" -- rules show brandubh-livas
expect 0 "dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" -- rules show brandubh --otn
expect 0 "draw_fort" -- rules show brandubh --otn
expect 0 "dim:11 tfr:l sw:s efe:y start:/3ttttt3/" -- rules show copenhagen --otn
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
expect 2 "bad.csv:1: result 'Won' is not White, Black, Draw or Ongoing" -- replay --rules copenhagen "$tmp/bad.csv"

# export: recorded games as OTN game records that replay back with their own rules strings.
"$TAFL" match --rules copenhagen --attacker greedy --defender greedy --games 4 --opening-plies 4 \
    --record-moves --out "$tmp/cm" >/dev/null 2>&1
"$TAFL" export "$tmp/cm/games.csv" --out "$tmp/cm/games.otn" && ok || fail "export"
grep -q '^\[rules:dim:11 tfr:l sw:s efe:y start:' "$tmp/cm/games.otn" && grep -q '^\[result:' "$tmp/cm/games.otn" &&
    grep -q '^1\. ' "$tmp/cm/games.otn" && ok || fail "export: tags and turns"
expect 0 "replayed 4 games: 4 agree, 0 disagree" -- replay --quiet "$tmp/cm/games.otn"
"$TAFL" export "$tmp/cm/games.csv" --dir "$tmp/cm/otn" && [ -f "$tmp/cm/otn/game-000003.otn" ] &&
    ok || fail "export --dir"
expect 0 "replayed 1 games: 1 agree" -- replay --quiet "$tmp/cm/otn/game-000002.otn"
sed 's/^1\. \([a-k][0-9]*\)-/1. \1x-/' "$tmp/cm/otn/game-000000.otn" >"$tmp/broken.otn"
expect 1 "broken.otn:" -- replay --quiet "$tmp/broken.otn"
"$TAFL" match --attacker random --defender random --games 2 --out "$tmp/nr" >/dev/null 2>&1
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

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
