#!/bin/sh
# Learned evaluations and `tafl train` (issue 23): training is deterministic at 1 and 2 threads
# and across a resume (same files byte for byte); a trained evaluation beats a random-weight
# one on a tiny 5x5 ruleset; bad evaluation files, a file for another ruleset, eval=trained
# without a shipped evaluation and a changed file under a recorded run give one line and exit 2.
# Counted budgets only. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
tiny="$DATA/rulesets/tiny5.ini"
train() { "$TAFL" train --rules "$tiny" --seed 7 --games 24 --gate-pairs 6 --depth 1 \
    --gate-depth 2 --epochs 150 "$@"; }

# Determinism: 1 and 2 threads give the same files.
train --generations 2 --threads 1 --out "$tmp/t1" >"$tmp/t1.out" 2>"$tmp/t1.err" || fail "train t1: $(cat "$tmp/t1.err")"
train --generations 2 --threads 2 --out "$tmp/t2" >/dev/null 2>&1 || fail "train t2"
for f in best.eval gen-001.eval gen-002.eval train.csv setup final.csv rulesets/tiny5.rules; do
    if cmp -s "$tmp/t1/$f" "$tmp/t2/$f"; then ok; else fail "train: $f differs between 1 and 2 threads"; fi
done
grep -q '^tafl-eval 1$' "$tmp/t1/best.eval" && grep -q '^ruleset tiny5$' "$tmp/t1/best.eval" && ok || fail "best.eval header"

# Feature sets: the newest (2, the attackers' cordon) by default, recorded in the setup; set 1
# (`--features 1`) writes set 1 files with no features line in the setup (as before the key),
# and the two fits differ.
grep -q '^features tafl-lab-2 ' "$tmp/t1/gen-001.eval" && grep -q '^cordon_escapes_0 ' "$tmp/t1/gen-001.eval" && ok || fail "set 2 file: $(sed -n 5p "$tmp/t1/gen-001.eval")"
grep -q '^features = 2$' "$tmp/t1/setup" && ok || fail "setup does not record features = 2"
train --generations 1 --features 1 --out "$tmp/f1" >/dev/null 2>"$tmp/f1.err" || fail "train f1: $(cat "$tmp/f1.err")"
grep -q '^features tafl-lab-1 ' "$tmp/f1/gen-001.eval" && ! grep -q cordon "$tmp/f1/gen-001.eval" && ok || fail "set 1 file: $(sed -n 5p "$tmp/f1/gen-001.eval")"
grep -q '^features' "$tmp/f1/setup" && fail "a set 1 setup names its features" || ok
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/f1/gen-001.eval" >/dev/null 2>&1 && ok || fail "a set 1 evaluation does not play"
# Set 3 (the king's free neighbours, the defenders the attackers' ring encloses) on request.
train --generations 1 --features 3 --out "$tmp/f3" >/dev/null 2>"$tmp/f3.err" || fail "train f3: $(cat "$tmp/f3.err")"
grep -q '^features tafl-lab-3 ' "$tmp/f3/gen-001.eval" && grep -q '^defenders_enclosed ' "$tmp/f3/gen-001.eval" && ok || fail "set 3 file: $(sed -n 5p "$tmp/f3/gen-001.eval")"
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/f3/gen-001.eval" >/dev/null 2>&1 && ok || fail "a set 3 evaluation does not play"
train --generations 1 --features 4 --out "$tmp/f4" >/dev/null 2>"$tmp/f4.err"
[ $? -eq 2 ] && grep -q "key 'features': bad value '4' (expected an integer 1..3)" "$tmp/f4.err" && ok || fail "features 4: $(cat "$tmp/f4.err")"

# score_weight blends the search's own prediction into each target: recorded in the setup
# (absent at 0, as before the key), deterministic at 1 and 2 threads, a fit other than the
# outcomes' alone; outside 0..1 it is refused with the key named.
grep -q '^score_weight' "$tmp/t1/setup" && fail "an outcome-only setup names score_weight" || ok
train --generations 1 --score-weight 0.5 --threads 1 --out "$tmp/w1" >/dev/null 2>"$tmp/w1.err" || fail "train w1: $(cat "$tmp/w1.err")"
train --generations 1 --score-weight 0.5 --threads 2 --out "$tmp/w2" >/dev/null 2>&1 || fail "train w2"
for f in best.eval gen-001.eval train.csv setup; do
    if cmp -s "$tmp/w1/$f" "$tmp/w2/$f"; then ok; else fail "train score_weight: $f differs between 1 and 2 threads"; fi
done
grep -q '^score_weight = 0.5$' "$tmp/w1/setup" && ok || fail "setup does not record score_weight = 0.5"
if cmp -s "$tmp/w1/gen-001.eval" "$tmp/t1/gen-001.eval"; then fail "score_weight 0.5 fit the outcomes alone"; else ok; fi
train --generations 1 --score-weight 1.5 --out "$tmp/w3" >/dev/null 2>"$tmp/w3.err"
[ $? -eq 2 ] && grep -q "key 'score_weight': bad value '1.5' (expected a number 0..1)" "$tmp/w3.err" && ok || fail "score_weight 1.5: $(cat "$tmp/w3.err")"

# The sided model (a weight set per side to move, tafl-eval 2): 1 and 2 threads give the same
# files, the setup records the model, and the file plays.
train --generations 1 --model sided --threads 1 --out "$tmp/s1" >/dev/null 2>"$tmp/s1.err" || fail "train s1: $(cat "$tmp/s1.err")"
train --generations 1 --model sided --threads 2 --out "$tmp/s2" >/dev/null 2>&1 || fail "train s2"
for f in best.eval gen-001.eval train.csv setup; do
    if cmp -s "$tmp/s1/$f" "$tmp/s2/$f"; then ok; else fail "train sided: $f differs between 1 and 2 threads"; fi
done
grep -q '^model = sided$' "$tmp/s1/setup" && ok || fail "setup does not record model = sided"
head -n 4 "$tmp/s1/gen-001.eval" | tr '\n' ' ' | grep -q '^tafl-eval 2 ruleset tiny5 rules_hash [0-9a-f]* model sided $' && ok || fail "sided header: $(head -n 4 "$tmp/s1/gen-001.eval")"
if cmp -s "$tmp/s1/gen-001.eval" "$tmp/t1/gen-001.eval"; then fail "sided and linear fits gave one file"; else ok; fi
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/s1/gen-001.eval" >/dev/null 2>&1 && ok || fail "a sided evaluation does not play"

# The net model (the linear set plus a network over the squares, tafl-eval 4): the same files at
# 1 and 2 threads and after a resume (the minibatch order and the symmetric images come from
# the seed), the setup records the model and its hidden units, the file holds exactly that many
# units and plays; the fit lowers the held-out loss below generation 0's.
net() { train --model net --hidden 4 --epochs 200 --learning-rate 0.01 "$@"; }
net --generations 2 --threads 1 --out "$tmp/n1" >/dev/null 2>"$tmp/n1.err" || fail "train n1: $(cat "$tmp/n1.err")"
net --generations 2 --threads 2 --out "$tmp/n2" >/dev/null 2>&1 || fail "train n2"
net --generations 1 --threads 2 --out "$tmp/n3" >/dev/null 2>&1 || fail "train n3"
net --generations 2 --threads 1 --out "$tmp/n3" --resume >/dev/null 2>&1 || fail "train n3 resume"
for f in gen-001.eval gen-002.eval train.csv setup; do
    if cmp -s "$tmp/n1/$f" "$tmp/n2/$f"; then ok; else fail "train net: $f differs between 1 and 2 threads"; fi
    if cmp -s "$tmp/n1/$f" "$tmp/n3/$f"; then ok; else fail "train net: $f differs after a resume"; fi
done
grep -q '^model = net$' "$tmp/n1/setup" && grep -q '^hidden = 4$' "$tmp/n1/setup" && ok || fail "setup does not record model = net, hidden = 4"
head -n 4 "$tmp/n1/gen-001.eval" | tr '\n' ' ' | grep -q '^tafl-eval 4 ruleset tiny5 rules_hash [0-9a-f]* model net $' && ok || fail "net header: $(head -n 4 "$tmp/n1/gen-001.eval")"
grep -q '^net.out.h3 ' "$tmp/n1/gen-001.eval" && ! grep -q '^net.out.h4 ' "$tmp/n1/gen-001.eval" && grep -q '^net.king_c3.h0 ' "$tmp/n1/gen-001.eval" && ok || fail "net file does not hold 4 units"
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/n1/gen-001.eval" >/dev/null 2>&1 && ok || fail "a net evaluation does not play"
awk -F, 'NR == 2 { exit !($9 < $10) }' "$tmp/n1/train.csv" && ok || fail "net fit: held-out loss not below generation 0's: $(sed -n 2p "$tmp/n1/train.csv")"
# Bad sizes: hidden without model = net, more than 16 units, an init net of another size.
train --generations 1 --hidden 4 --out "$tmp/nh" >/dev/null 2>"$tmp/nh.err"
[ $? -eq 2 ] && grep -q "hidden = 4 sizes a network: it needs model = net or nnue (this training fits model = linear)" "$tmp/nh.err" && ok || fail "hidden without net: $(cat "$tmp/nh.err")"
net --generations 1 --hidden 17 --out "$tmp/n17" >/dev/null 2>"$tmp/n17.err"
[ $? -eq 2 ] && grep -q "hidden = 17: a net model has at most 16 hidden units (model = nnue takes 8 to 512)" "$tmp/n17.err" && ok || fail "hidden 17: $(cat "$tmp/n17.err")"
net --generations 1 --hidden 3 --init "$tmp/n1/gen-001.eval" --out "$tmp/ni" >/dev/null 2>"$tmp/ni.err"
[ $? -eq 2 ] && grep -q "has 4 hidden units; this training fits 3 (hidden = 4)" "$tmp/ni.err" && ok || fail "init net of another size: $(cat "$tmp/ni.err")"
[ "$(wc -l <"$tmp/t1/train.csv")" -eq 3 ] && ok || fail "train.csv has a header and two rows"

# model = nnue (issue 50): the efficiently updatable network, fitted in floating point and
# quantised. The same files at 1 and 2 threads, and after a run killed (SIGKILL) once its first
# generation is written and resumed at another thread count; each generation's file is a
# network file that an agent plays; the fit's held-out loss is below the hand-written
# evaluation's; bad sizes and an init are refused in one line.
nn_args="--rules $tiny --seed 7 --games 24 --gate-pairs 6 --depth 1 --gate-depth 2 --model nnue --hidden 16 --epochs 40 --learning-rate 0.003 --score-weight 0.5"
nn() { "$TAFL" train $nn_args "$@"; }
nn --generations 8 --threads 1 --out "$tmp/e1" >/dev/null 2>"$tmp/e1.err" || fail "train e1: $(cat "$tmp/e1.err")"
nn --generations 8 --threads 2 --out "$tmp/e2" >/dev/null 2>&1 || fail "train e2"
"$TAFL" train $nn_args --generations 8 --threads 2 --out "$tmp/e3" >/dev/null 2>&1 &
pid=$!
waited=0
while [ ! -f "$tmp/e3/gen-002.eval" ] && [ $waited -lt 1200 ]; do sleep 0.05; waited=$((waited + 1)); done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
rows=$(wc -l <"$tmp/e3/train.csv" 2>/dev/null || echo 0)
[ "$rows" -lt 9 ] && ok || fail "the kill came after the training's end"
nn --generations 8 --threads 1 --out "$tmp/e3" --resume >/dev/null 2>"$tmp/e3.err" || fail "train e3 resume: $(cat "$tmp/e3.err")"
for f in gen-001.eval gen-002.eval gen-008.eval gen-008.pos best.eval train.csv final.csv setup; do
    if cmp -s "$tmp/e1/$f" "$tmp/e2/$f"; then ok; else fail "train nnue: $f differs between 1 and 2 threads"; fi
    if cmp -s "$tmp/e1/$f" "$tmp/e3/$f"; then ok; else fail "train nnue: $f differs after a kill and a resume"; fi
done
grep -q '^model = nnue$' "$tmp/e1/setup" && grep -q '^hidden = 16$' "$tmp/e1/setup" && ok || fail "setup does not record model = nnue, hidden = 16"
[ "$(head -c 8 "$tmp/e1/gen-001.eval")" = TAFLNNUE ] && ok || fail "gen-001.eval is not a network file"
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/e1/gen-002.eval" >/dev/null 2>&1 && ok || fail "a trained network does not play"
awk -F, 'NR == 4 { exit !($9 < $10) }' "$tmp/e1/train.csv" && ok || fail "nnue fit: held-out loss not below the hand-written evaluation's: $(sed -n 4p "$tmp/e1/train.csv")"
# tafl calibrate reads a network file as it does an evaluation file.
"$TAFL" match --rules "$tiny" --attacker alphabeta:depth=1,noise=20 --defender alphabeta:depth=1,noise=20 \
    --games 40 --opening-plies 2 --seed 3 --threads 2 --record-moves --out "$tmp/ecal" >/dev/null 2>&1 || fail "match for calibrate"
"$TAFL" calibrate "$tmp/ecal/games.csv" --plies 2-8 --eval "hand,$tmp/e1/gen-008.eval" >"$tmp/ecal.out" 2>&1 &&
    grep -q "^$tmp/e1/gen-008.eval  *40  *[0-9]" "$tmp/ecal.out" && ok || fail "calibrate a network: $(cat "$tmp/ecal.out")"
nn --generations 1 --hidden 4 --out "$tmp/eh" >/dev/null 2>"$tmp/eh.err"
[ $? -eq 2 ] && grep -q "hidden = 4: a nnue model has 8 to 512 hidden units" "$tmp/eh.err" && ok || fail "nnue hidden 4: $(cat "$tmp/eh.err")"
nn --generations 1 --init "$tmp/n1/gen-001.eval" --out "$tmp/ei" >/dev/null 2>"$tmp/ei.err"
[ $? -eq 2 ] && grep -q "a nnue training starts from the hand-written evaluation" "$tmp/ei.err" && ok || fail "nnue init: $(cat "$tmp/ei.err")"

# A rerun without --resume is refused; one generation then a resume to two equals two at once.
if train --generations 2 --out "$tmp/t1" >/dev/null 2>"$tmp/again.err"; then
    fail "train: a second run into a used directory was accepted"
else
    grep -q 'give --resume' "$tmp/again.err" && ok || fail "train rerun: $(cat "$tmp/again.err")"
fi
train --generations 1 --threads 2 --out "$tmp/r" >/dev/null 2>&1 || fail "train r1"
train --generations 2 --threads 1 --out "$tmp/r" --resume >/dev/null 2>&1 || fail "train r2"
for f in best.eval gen-002.eval train.csv; do
    if cmp -s "$tmp/t1/$f" "$tmp/r/$f"; then ok; else fail "train: $f differs after a resume"; fi
done
"$TAFL" train --rules "$tiny" --seed 8 --games 24 --gate-pairs 6 --depth 1 --gate-depth 2 \
    --epochs 150 --generations 3 --out "$tmp/r" --resume >/dev/null 2>"$tmp/setup.err"
[ $? -eq 2 ] && grep -q 'another setup' "$tmp/setup.err" && ok || fail "train: a changed setup was not refused: $(cat "$tmp/setup.err")"

# A trained evaluation beats one with random weights (a seeded awk draw, as many weights, in
# [-2, 2]) on the tiny ruleset, over both sides of the same openings.
train --generations 3 --games 60 --gate-pairs 10 --threads 2 --out "$tmp/strong" >/dev/null 2>&1 || fail "train strong"
awk 'BEGIN { srand(5) } NR <= 6 || $1 == "end" { print; next } { printf "%s %.6f\n", $1, 4 * rand() - 2 }' \
    "$tmp/strong/best.eval" >"$tmp/random.eval"
# Game seeds derive from the agents' names, so the files are named the same in every run (not
# by the random $tmp): a path in the name made this check pass or fail with the directory.
cp "$tmp/strong/best.eval" "$tmp/strong.eval"
tafl_abs=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")
tiny_abs=$(cd "$(dirname "$tiny")" && pwd)/$(basename "$tiny")
score() { # score ATTACKER DEFENDER: the attackers' score over 100 games, files in $tmp
    (cd "$tmp" && "$tafl_abs" match --rules "$tiny_abs" --attacker "alphabeta:depth=2,eval=$1" \
        --defender "alphabeta:depth=2,eval=$2" --games 100 --opening-plies 2 --seed 3 --threads 2 \
        2>/dev/null | tail -1 | awk '{ print $8 }')
}
as_att=$(score strong.eval random.eval)
as_def=$(score random.eval strong.eval)
if awk -v a="$as_att" -v d="$as_def" 'BEGIN { exit !((a + (1 - d)) / 2 > 0.6) }'; then ok; else
    fail "trained against random weights: attacking $as_att, random attacking $as_def"
fi

# gate_sprt: the gate is a sequential test of at most gate_pairs pairs (stats/sprt.h), stopped
# at the first pair whose LLR reaches a bound, and a generation is accepted only when it accepts
# H1. Going on from the random weights above, seed 1's generation 1 is accepted by H1 before
# the 40 pairs and generation 2 refused by H0; the same files at 1 thread and at 2 threads with
# a resume; the setup and train.csv record the test; bad values are refused with the key named.
strain() { "$TAFL" train --rules "$tiny" --seed 1 --games 60 --gate-pairs 40 --depth 1 --gate-depth 2 \
    --epochs 150 --init "$tmp/random.eval" --gate-sprt elo0=0,elo1=100,alpha=0.1,beta=0.1 "$@"; }
strain --generations 2 --threads 1 --out "$tmp/q1" >/dev/null 2>"$tmp/q1.err" || fail "sprt s1: $(cat "$tmp/q1.err")"
strain --generations 1 --threads 2 --out "$tmp/q2" >/dev/null 2>&1 &&
    strain --generations 2 --threads 2 --out "$tmp/q2" --resume >/dev/null 2>&1 || fail "sprt s2"
for f in best.eval gen-001.eval gen-002.eval train.csv setup; do
    cmp -s "$tmp/q1/$f" "$tmp/q2/$f" && ok || fail "sprt: $f differs between 1 thread and 2 threads with a resume"
done
head -1 "$tmp/q1/train.csv" | grep -q ',elo_total,gate_llr,gate_decision$' && ok || fail "sprt train.csv header: $(head -1 "$tmp/q1/train.csv")"
grep -q '^gate_sprt = elo0=0,elo1=100,alpha=0.1,beta=0.1$' "$tmp/q1/setup" && ok || fail "sprt setup: $(grep sprt "$tmp/q1/setup")"
grep -q '^gate_sprt' "$tmp/t1/setup" && fail "a fixed gate's setup names gate_sprt" || ok
# Columns: 11 gate_games, 16 accepted, 19 gate_llr, 20 gate_decision. Wald's bounds at
# alpha = beta = 0.1 are -+2.197.
awk -F, 'NR == 2 && $16 == 1 && $20 == 1 && $11 < 80 && $19 >= 2.197 {a++}
         NR == 3 && $16 == 0 && $20 == -1 && $11 < 80 && $19 <= -2.197 {r++}
         END {exit !(a && r)}' "$tmp/q1/train.csv" && ok || fail "sprt decisions: $(cat "$tmp/q1/train.csv")"
grep -q 'generation 1: gate SPRT: [0-9]* pairs, LLR [0-9.]*, H1 accepted' "$tmp/q1.err" && ok || fail "sprt progress line: $(grep SPRT "$tmp/q1.err")"
strain --generations 1 --gate-sprt elo0=5,elo1=1 --out "$tmp/sb" >/dev/null 2>"$tmp/sb.err"
[ $? -eq 2 ] && grep -q "^tafl train: --gate-sprt: key 'gate_sprt': bad value 'elo0=5,elo1=1': " "$tmp/sb.err" && ok || fail "sprt elo0 > elo1: $(cat "$tmp/sb.err")"
printf '[train]\nrules = brandubh\ngate_sprt = elo1=10,alpha=0.7\n' >"$tmp/sb.ini"
"$TAFL" train "$tmp/sb.ini" --dry-run >/dev/null 2>"$tmp/sb.err"
[ $? -eq 2 ] && grep -q "sb.ini:3: key 'gate_sprt': bad value" "$tmp/sb.err" && ok || fail "sprt bad value in a file: $(cat "$tmp/sb.err")"
strain --generations 1 --league hand --out "$tmp/sb" >/dev/null 2>"$tmp/sb.err"
[ $? -eq 2 ] && grep -q "gate_sprt .* does not take a league" "$tmp/sb.err" && ok || fail "sprt with a league: $(cat "$tmp/sb.err")"
strain --generations 1 --model player --init hand --out "$tmp/sb" >/dev/null 2>"$tmp/sb.err"
[ $? -eq 2 ] && grep -q "gate_sprt .* does not take model = player" "$tmp/sb.err" && ok || fail "sprt with a player model: $(cat "$tmp/sb.err")"

# recorded_games: the positions of recorded games (here a games.csv of tiny5 matches with their
# moves) join every fit. Deterministic at 1 and 2 threads, the file and its hash recorded in the
# setup, a fit other than self-play's alone; a resume refuses a changed file, games of another
# ruleset and a file without games are refused in one line. `tafl calibrate --held-out` scores
# every tenth game from the first, the games the fit keeps out.
"$TAFL" match --rules "$tiny" --attacker alphabeta:depth=2 --defender alphabeta:depth=1 --games 30 \
    --seed 4 --record-moves --out "$tmp/rec" >/dev/null 2>&1 || fail "match for recorded games"
train --generations 1 --threads 1 --recorded-games "$tmp/rec/games.csv" --out "$tmp/g1" >/dev/null 2>"$tmp/g1.err" || fail "train g1: $(cat "$tmp/g1.err")"
train --generations 1 --threads 2 --recorded-games "$tmp/rec/games.csv" --out "$tmp/g2" >/dev/null 2>&1 || fail "train g2"
for f in best.eval gen-001.eval train.csv setup; do
    if cmp -s "$tmp/g1/$f" "$tmp/g2/$f"; then ok; else fail "train recorded_games: $f differs between 1 and 2 threads"; fi
done
grep -q "^recorded_games = $tmp/rec/games.csv\$" "$tmp/g1/setup" && grep -q '^recorded_games_hash = [0-9a-f]\{16\}$' "$tmp/g1/setup" && ok || fail "setup does not record the recorded games: $(tail -n 3 "$tmp/g1/setup")"
grep -q '^recorded' "$tmp/t1/setup" && fail "a setup without recorded games names them" || ok
if cmp -s "$tmp/g1/gen-001.eval" "$tmp/t1/gen-001.eval"; then fail "recorded games changed nothing in the fit"; else ok; fi
window=$(awk -F, 'NR == 2 { print $4 }' "$tmp/g1/train.csv")
window0=$(awk -F, 'NR == 2 { print $4 }' "$tmp/t1/train.csv")
[ "$window" -gt "$window0" ] && ok || fail "the window does not hold the recorded positions: $window against $window0"
sed -i '$d' "$tmp/rec/games.csv"
train --generations 2 --recorded-games "$tmp/rec/games.csv" --out "$tmp/g1" --resume >/dev/null 2>"$tmp/g3.err"
[ $? -eq 2 ] && grep -q 'another setup' "$tmp/g3.err" && ok || fail "a changed recorded_games file was not refused: $(cat "$tmp/g3.err")"
"$TAFL" match --rules brandubh --attacker random --defender random --games 2 --record-moves --out "$tmp/recb" >/dev/null 2>&1
train --generations 1 --recorded-games "$tmp/recb/games.csv" --out "$tmp/g4" >/dev/null 2>"$tmp/g4.err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/g4.err")" -eq 1 ] && grep -q "recorded_games: $tmp/recb/games.csv: games of brandubh, not of tiny5" "$tmp/g4.err" && ok || fail "recorded games of another ruleset: $(cat "$tmp/g4.err")"
printf '# nothing\n' >"$tmp/empty.csv"
train --generations 1 --recorded-games "$tmp/empty.csv" --out "$tmp/g5" >/dev/null 2>"$tmp/g5.err"
[ $? -eq 2 ] && grep -q "recorded_games: $tmp/empty.csv: no game with a result replays under tiny5" "$tmp/g5.err" && ok || fail "recorded games file without games: $(cat "$tmp/g5.err")"
# A recorded_games file that never ends (/dev/zero) meets the size bound in one line, exit 2,
# under an address-space limit where reading it all would fail (issue 54); nothing is made.
# (A sanitized build cannot start under ulimit -v: there the same refusal, without the bound.)
zero_limit="ulimit -v 1500000"
(ulimit -v 1500000 && "$TAFL" --version) >/dev/null 2>&1 || zero_limit=true
($zero_limit && train --generations 1 --recorded-games /dev/zero --out "$tmp/g6" >/dev/null 2>"$tmp/g6.err")
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/g6.err")" -eq 1 ] && grep -q "recorded_games: /dev/zero: holds 256 MiB or more" "$tmp/g6.err" &&
    [ ! -e "$tmp/g6" ] && ok || fail "recorded games /dev/zero: $(head -c 300 "$tmp/g6.err")"
"$TAFL" calibrate "$tmp/rec/games.csv" --eval hand --held-out --plies 0-2 >"$tmp/held.out" 2>&1 || fail "calibrate --held-out: $(cat "$tmp/held.out")"
# 29 games left (the last one removed above): the held-out games are 0, 10 and 20.
awk '$1 == "hand" { print $2 }' "$tmp/held.out" | grep -qx 3 && grep -q 'held out: every tenth game' "$tmp/held.out" && ok || fail "calibrate --held-out: $(cat "$tmp/held.out")"

# Bad files: one line naming the file and line, exit 2.
bad() { # bad NAME PATTERN: tafl move with eval=$tmp/NAME fails with exit 2 and PATTERN
    "$TAFL" move --rules "$tiny" --agent "alphabeta:depth=1,eval=$tmp/$1" >/dev/null 2>"$tmp/bad.err"
    st=$?
    if [ $st -eq 2 ] && [ "$(wc -l <"$tmp/bad.err")" -eq 1 ] && grep -q "$2" "$tmp/bad.err"; then ok; else
        fail "bad eval $1: exit $st: $(cat "$tmp/bad.err")"
    fi
}
head -n 20 "$tmp/t1/best.eval" >"$tmp/truncated.eval"
bad truncated.eval 'truncated.eval:21: the file ends early'
sed 's/^tafl-eval 1$/tafl-eval 9/' "$tmp/t1/best.eval" >"$tmp/version.eval"
bad version.eval 'version.eval:1: not a tafl-eval 1, 2, 3 or 4 file'
sed '12s/ .*/ 0xzz/' "$tmp/t1/best.eval" >"$tmp/number.eval"
bad number.eval 'number.eval:12: .* is not a finite number'
sed '9s/^[a-z_0-9]*/king_bogus/' "$tmp/t1/best.eval" >"$tmp/name.eval"
bad name.eval "name.eval:9: want weight"
bad missing.eval 'missing.eval: cannot read'
mkdir -p "$tmp/folder.eval"
bad folder.eval 'folder.eval: cannot read: Is a directory'
"$TAFL" move --rules brandubh --agent "alphabeta:depth=1,eval=$tmp/t1/best.eval" >/dev/null 2>"$tmp/other.err"
[ $? -eq 2 ] && grep -q 'trained for ruleset tiny5' "$tmp/other.err" && ok || fail "eval for another ruleset: $(cat "$tmp/other.err")"
"$TAFL" move --rules hnefatafl-13 --agent "alphabeta:depth=1,eval=trained" >/dev/null 2>"$tmp/trained.err"
[ $? -eq 2 ] && grep -q 'no evaluation ships for ruleset hnefatafl-13 or its 13x13 board (shipped: ' "$tmp/trained.err" && ok || fail "eval=trained: $(cat "$tmp/trained.err")"
# eval=trained goes by the rules, not the name: Brandubh's rules under another name (a ruleset
# file, or the rules `tafl engine` is sent) get Brandubh's evaluation.
"$TAFL" rules show brandubh | sed 's/^name = .*/name = my-brandubh/' >"$tmp/my-brandubh.ini"
"$TAFL" move --rules "$tmp/my-brandubh.ini" --agent "alphabeta:depth=1,eval=trained" >/dev/null 2>"$tmp/renamed.err" && ok || fail "eval=trained on renamed Brandubh: $(cat "$tmp/renamed.err")"
# An OpenTafl host sends Brandubh's bare rules string, which cannot say draw_fort: the engine
# plays preset brandubh, so eval=trained finds its evaluation instead of refusing the rules.
printf 'rules %s\nside attackers\nstart\nplay attackers\ngoodbye\n' "$("$TAFL" rules show brandubh --otn 2>/dev/null)" |
    "$TAFL" engine --agent "alphabeta:depth=1,eval=trained" >"$tmp/engine.out" 2>&1
grep -q '^move [a-g][1-7]-[a-g][1-7]$' "$tmp/engine.out" && ! grep -q 'error' "$tmp/engine.out" && ok ||
    fail "tafl engine, eval=trained, bare Brandubh rules: $(cat "$tmp/engine.out")"

# A run records the file with its hash; resuming it after the file changed is refused.
cp "$tmp/t1/best.eval" "$tmp/mine.eval"
"$TAFL" match --rules "$tiny" --attacker "alphabeta:depth=1,eval=$tmp/mine.eval" --defender alphabeta:depth=1 \
    --games 4 --out "$tmp/run" >/dev/null 2>&1 || fail "match with eval=FILE"
grep -q "eval=$tmp/mine.eval@[0-9a-f]\{16\}" "$tmp/run/meta" && ok || fail "meta does not record the file's hash"
cp "$tmp/t1/gen-001.eval" "$tmp/mine.eval"
"$TAFL" match --rules "$tiny" --attacker "alphabeta:depth=1,eval=$tmp/mine.eval" --defender alphabeta:depth=1 \
    --games 6 --out "$tmp/run" --resume >/dev/null 2>"$tmp/changed.err"
[ $? -ne 0 ] && ok || fail "a resume accepted a changed evaluation file"

# In an experiment file an evaluation file, like a ruleset file, is relative to the file's own
# directory: the run works from any directory, and a missing file is named as resolved.
mkdir -p "$tmp/exp/sub"
cp "$tmp/t1/best.eval" "$tmp/exp/learned.eval"
cp "$tiny" "$tmp/exp/tiny5.ini"
printf '[experiment]\nname = rel\ngames = 2\n[rules]\nfiles = ../tiny5.ini\n[agent.ab]\ntype = alphabeta\ndepth = 1\neval = ../learned.eval\n[matchups]\nself = yes\n' \
    >"$tmp/exp/sub/rel.ini"
tafl_abs=$(cd "$(dirname "$TAFL")" && pwd)/$(basename "$TAFL")
(cd / && "$tafl_abs" run "$tmp/exp/sub/rel.ini" --out "$tmp/exp/out" --threads 1 >/dev/null 2>"$tmp/rel.err") &&
    grep -q "eval=$tmp/exp/sub/../learned.eval@[0-9a-f]\{16\}" "$tmp/exp/out/meta" && ok ||
    fail "eval relative to the experiment file: $(cat "$tmp/rel.err")"
sed 's#\.\./learned\.eval#nothere.eval#' "$tmp/exp/sub/rel.ini" >"$tmp/exp/sub/bad.ini"
(cd / && "$tafl_abs" run "$tmp/exp/sub/bad.ini" --out "$tmp/exp/bad" >/dev/null 2>"$tmp/relbad.err")
[ $? -eq 2 ] && grep -q "$tmp/exp/sub/nothere.eval: cannot read" "$tmp/relbad.err" && ok ||
    fail "a missing evaluation file: $(cat "$tmp/relbad.err")"

# --join: one file with a weight set per side played (model player, tafl-eval 3): the attacking
# agent reads the first file's weights, the defending agent the second's; it plays, and moves
# for the attackers exactly as the first file does. A bad pair, a missing --out and a file for
# another ruleset give one line and exit 2.
"$TAFL" train --join "$tmp/t1/best.eval,hand" --rules "$tiny" --out "$tmp/player.eval" >/dev/null 2>"$tmp/join.err" || fail "join: $(cat "$tmp/join.err")"
sed -n '1p;4p' "$tmp/player.eval" | tr '\n' ' ' | grep -q '^tafl-eval 3 model player $' && grep -q '^attacking\.hand ' "$tmp/player.eval" && grep -q '^defending\.hand 0x1\.4p+1$' "$tmp/player.eval" && ok || fail "join file: $(head -5 "$tmp/player.eval")"
"$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/player.eval" | grep -E '^(move|nodes|depth|score) ' >"$tmp/pm.out" &&
    "$TAFL" move --rules "$tiny" --agent "alphabeta:depth=2,eval=$tmp/t1/best.eval" | grep -E '^(move|nodes|depth|score) ' >"$tmp/lm.out" &&
    cmp -s "$tmp/pm.out" "$tmp/lm.out" && ok || fail "a player file's attackers do not play as its attacking half"
# tafl calibrate reads a player file as the agent about to move would: each position by the half
# of its side to move, so a file joining two evaluations scores neither as the one nor as the
# other.
"$TAFL" train --join "$tmp/t1/gen-001.eval,hand" --rules "$tiny" --out "$tmp/mixed.eval" >/dev/null 2>&1 || fail "join for calibrate"
for e in "$tmp/mixed.eval" "$tmp/t1/gen-001.eval" hand; do
    "$TAFL" calibrate "$tmp/rec/games.csv" --rules "$tiny" --eval "$e" --plies 1-6 2>/dev/null | awk 'NR == 3 && $3 > 0 {print $5, $6}'
done >"$tmp/cal.out"
[ "$(sort -u "$tmp/cal.out" | wc -l)" -eq 3 ] && ok || fail "calibrate of a player file: $(cat "$tmp/cal.out")"
"$TAFL" train --join "$tmp/t1/best.eval" --rules "$tiny" --out "$tmp/x.eval" >/dev/null 2>"$tmp/j1.err"
[ $? -eq 2 ] && grep -q "wants ATTACKING,DEFENDING" "$tmp/j1.err" && ok || fail "join one file: $(cat "$tmp/j1.err")"
"$TAFL" train --join "hand,hand" --rules "$tiny" >/dev/null 2>"$tmp/j2.err"
[ $? -eq 2 ] && grep -q "needs --out FILE" "$tmp/j2.err" && ok || fail "join without --out: $(cat "$tmp/j2.err")"
"$TAFL" train --join "$tmp/t1/best.eval,hand" --rules brandubh --out "$tmp/x.eval" >/dev/null 2>"$tmp/j3.err"
[ $? -eq 2 ] && grep -q "trained for ruleset tiny5" "$tmp/j3.err" && [ ! -e "$tmp/x.eval" ] && ok || fail "join for another ruleset: $(cat "$tmp/j3.err")"

# model = player: each half gated by its own side's games. The same files at 1 and 2 threads and
# across a resume; train.csv carries the defending half's columns; best.eval is a player file
# whose halves come from the generations the last row names.
ptrain() { "$TAFL" train --rules "$tiny" --seed 1 --games 40 --gate-pairs 20 --depth 1 --gate-depth 1 \
    --epochs 150 --model player "$@"; }
ptrain --generations 4 --threads 1 --out "$tmp/p1" >"$tmp/p1.out" 2>"$tmp/p1.err" || fail "player train: $(cat "$tmp/p1.err")"
ptrain --generations 2 --threads 2 --out "$tmp/p2" >/dev/null 2>&1 &&
    ptrain --generations 4 --threads 2 --out "$tmp/p2" --resume >/dev/null 2>&1 || fail "player train p2"
for f in best.eval gen-001.eval gen-004.eval train.csv setup; do
    cmp -s "$tmp/p1/$f" "$tmp/p2/$f" && ok || fail "player train: $f differs between 1 thread and 2 threads with a resume"
done
head -1 "$tmp/p1/train.csv" | grep -q ',elo_total,attacking_base,defending_score,defending_low,defending_high,defending_accepted,best_defending_generation$' && ok || fail "player train.csv header: $(head -1 "$tmp/p1/train.csv")"
grep -q '^model = player$' "$tmp/p1/setup" && grep -q '^model player$' "$tmp/p1/best.eval" && grep -q '^tafl-eval 3$' "$tmp/p1/gen-001.eval" && ok || fail "player files"
# Seed 1 accepts an attacking half alone in generation 3 and a defending half alone in 4.
sed -n 4p "$tmp/p1/train.csv" | awk -F, '$16 == 1 && $23 == 0 && $17 == 3 && $24 == 0 {ok=1} END {exit !ok}' && ok || fail "player generation 3: $(sed -n 4p "$tmp/p1/train.csv")"
sed -n 5p "$tmp/p1/train.csv" | awk -F, '$16 == 0 && $23 == 1 && $17 == 3 && $24 == 4 {ok=1} END {exit !ok}' && ok || fail "player generation 4: $(sed -n 5p "$tmp/p1/train.csv")"
last=$(tail -1 "$tmp/p1/train.csv")
att=$(echo "$last" | cut -d, -f17) def=$(echo "$last" | cut -d, -f24)
[ "$att" != "$def" ] && [ "$att" -gt 0 ] && [ "$def" -gt 0 ] && ok || fail "player halves from one generation: $last"
"$TAFL" train --join "$tmp/p1/gen-$(printf %03d "$att").eval,$tmp/p1/gen-$(printf %03d "$def").eval" --rules "$tiny" --out "$tmp/pj.eval" >/dev/null 2>&1 || fail "join the halves"
# gen-G.eval holds one fit in both halves, so joining the two generations gives best.eval.
cmp -s "$tmp/pj.eval" "$tmp/p1/best.eval" && ok || fail "best.eval is not the named generations' halves"
grep -q 'best attacking half from generation [1-9]' "$tmp/p1.out" && ok || fail "player train output: $(cat "$tmp/p1.out")"

# init: generation 0 is an evaluation file, not the hand-written one. A linear file serves a
# player training as both halves; the setup records it with its hash, and a resume after the
# file changed is refused; a file of another feature set is refused in one line.
cp "$tmp/t1/gen-001.eval" "$tmp/init.eval"
ptrain --generations 1 --init "$tmp/init.eval" --out "$tmp/pi" >/dev/null 2>"$tmp/pi.err" || fail "init: $(cat "$tmp/pi.err")"
"$TAFL" train --join "$tmp/init.eval,$tmp/init.eval" --rules "$tiny" --out "$tmp/pi-want.eval" >/dev/null 2>&1
cmp -s "$tmp/pi/gen-000.eval" "$tmp/pi-want.eval" && ok || fail "init: gen-000.eval is not the file as both halves"
grep -q "^init_eval = $tmp/init.eval@[0-9a-f]\{16\}$" "$tmp/pi/setup" && ok || fail "init: setup: $(grep init "$tmp/pi/setup")"
cmp -s "$tmp/pi/gen-001.eval" "$tmp/p1/gen-001.eval" && fail "init: the fit did not start from the file" || ok
cp "$tmp/t1/gen-002.eval" "$tmp/init.eval"
ptrain --generations 2 --init "$tmp/init.eval" --out "$tmp/pi" --resume >/dev/null 2>"$tmp/pi2.err"
[ $? -eq 2 ] && grep -q "holds a training with another setup" "$tmp/pi2.err" && ok || fail "init: a changed file was not refused: $(cat "$tmp/pi2.err")"
# In a training file init, like recorded_games, is relative to the file's own directory.
mkdir -p "$tmp/ini/sub"
cp "$tmp/t1/gen-001.eval" "$tmp/ini/i.eval"
cp "$tiny" "$tmp/ini/tiny5.ini"
printf '[train]\nname = rel\nrules = ../tiny5.ini\nseed = 1\ngames = 4\ndepth = 1\ngate_pairs = 2\ngate_depth = 1\nepochs = 5\ngenerations = 1\ninit = ../i.eval\n' >"$tmp/ini/sub/rel.ini"
(cd / && "$tafl_abs" train "$tmp/ini/sub/rel.ini" --out "$tmp/ini/out" --threads 1 >/dev/null 2>"$tmp/ini.err") &&
    grep -q "^init_eval = $tmp/ini/sub/../i.eval@[0-9a-f]\{16\}$" "$tmp/ini/out/setup" && ok ||
    fail "init relative to the training file: $(cat "$tmp/ini.err")"
ptrain --generations 1 --init "$tmp/f3/gen-001.eval" --out "$tmp/pi3" >/dev/null 2>"$tmp/pi3.err"
[ $? -eq 2 ] && grep -q "init: .*gen-001.eval is of feature set 3; this training fits set 2" "$tmp/pi3.err" && ok || fail "init of set 3: $(cat "$tmp/pi3.err")"

# league: every gate also plays the listed evaluations on both sides, the candidate and the best
# each against them, and a generation (a half, in a player training) is accepted only when it
# gains without losing to the best or to the league. The same files at 1 and 2 threads and
# across a resume; the setup records each evaluation with its hash; every row's decision
# follows its columns; on seed 1 the league overrules the best's games alone.
cp "$tmp/t1/gen-001.eval" "$tmp/league.eval"
ptrain --generations 3 --threads 1 --league "hand, $tmp/league.eval" --league-games 10 --out "$tmp/pl1" >/dev/null 2>"$tmp/pl1.err" || fail "league: $(cat "$tmp/pl1.err")"
ptrain --generations 1 --threads 2 --league "hand, $tmp/league.eval" --league-games 10 --out "$tmp/pl2" >/dev/null 2>&1 &&
    ptrain --generations 3 --threads 2 --league "hand, $tmp/league.eval" --league-games 10 --out "$tmp/pl2" --resume >/dev/null 2>&1 || fail "league p2"
for f in best.eval gen-002.eval gen-003.eval train.csv setup; do
    cmp -s "$tmp/pl1/$f" "$tmp/pl2/$f" && ok || fail "league: $f differs between 1 thread and 2 threads with a resume"
done
head -1 "$tmp/pl1/train.csv" | grep -q ',best_defending_generation,league_attacking_gain,league_defending_gain$' && ok || fail "league train.csv header: $(head -1 "$tmp/pl1/train.csv")"
grep -q "^league = hand, $tmp/league.eval$" "$tmp/pl1/setup" && grep -q '^league_eval = hand$' "$tmp/pl1/setup" &&
    grep -q "^league_eval = $tmp/league.eval@[0-9a-f]\{16\}$" "$tmp/pl1/setup" && ok || fail "league setup: $(grep league "$tmp/pl1/setup")"
# 20 openings, 3 games against the best and 4 against each of the 2 league evaluations.
awk -F, 'NR > 1 && $11 != 20 * 11 {bad=1} END {exit bad}' "$tmp/pl1/train.csv" && ok || fail "league gate games: $(cut -d, -f11 "$tmp/pl1/train.csv")"
awk -F, 'function take(b, l) { return b > -1e-9 && l > -1e-9 && b + l > 1e-9 }
    NR > 1 { if (take($12 - $19, $25) != $16 || take($20 - (1 - $19), $26) != $23) bad = 1 } END {exit bad}' "$tmp/pl1/train.csv" && ok ||
    fail "league: a decision does not follow its row: $(cat "$tmp/pl1/train.csv")"
# The rule refuses a half whose gain on one count outweighs a loss on the other (the first rule,
# gain over the best plus gain against the league, took it; on Copenhagen such halves drifted):
# seed 8's generation 2 attacks 0.05 worse than the best and 0.10 better against the league.
ptrain --generations 3 --seed 8 --league "hand, $tmp/t1/gen-001.eval" --out "$tmp/pl8" >/dev/null 2>&1 || fail "league seed 8"
awk -F, 'function outweighs(b, l) { return (b < -1e-9 || l < -1e-9) && b + l > 1e-9 }
    NR > 1 { if ((outweighs($12 - $19, $25) && $16 == 0) || (outweighs($20 - (1 - $19), $26) && $23 == 0)) n++ } END {exit !n}' "$tmp/pl8/train.csv" && ok ||
    fail "league: no half refused whose gain on one count outweighs its loss on the other: $(cat "$tmp/pl8/train.csv")"
# A linear training's generation must gain over both sides: gate - 1/2 and the league's gains / 2
# neither below 0, their sum above.
train --generations 2 --league hand --out "$tmp/ll" >/dev/null 2>"$tmp/ll.err" || fail "linear league: $(cat "$tmp/ll.err")"
awk -F, 'function take(b, l) { return b > -1e-9 && l > -1e-9 && b + l > 1e-9 }
    NR > 1 { if (take($12 - 0.5, ($19 + $20) / 2) != $16) bad = 1 } END {exit bad || NR != 3}' "$tmp/ll/train.csv" && ok ||
    fail "linear league: $(cat "$tmp/ll/train.csv")"
# Bad leagues: an empty member, too many, a file for another ruleset, a changed file on resume.
ptrain --generations 1 --league "hand,,hand" --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "key 'league': bad value 'hand,,hand'" "$tmp/lb.err" && ok || fail "league empty member: $(cat "$tmp/lb.err")"
ptrain --generations 1 --league "hand x" --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "key 'league': bad value 'hand x'" "$tmp/lb.err" && ok || fail "league member with a space: $(cat "$tmp/lb.err")"
ptrain --generations 1 --league "$(printf '%03000d' 0)" --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "key 'league': the list is too long" "$tmp/lb.err" && ok || fail "league too long a list: $(cat "$tmp/lb.err")"
ptrain --generations 1 --league "hand,hand,hand,hand,hand" --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "key 'league': more than 4 evaluations" "$tmp/lb.err" && ok || fail "league too long: $(cat "$tmp/lb.err")"
ptrain --generations 1 --league trained --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "^tafl train: league: .*no trained evaluation\|^tafl train: league: .*ships" "$tmp/lb.err" && ok || fail "league trained for tiny5: $(cat "$tmp/lb.err")"
cp "$tmp/t1/gen-002.eval" "$tmp/league.eval"
ptrain --generations 4 --league "hand, $tmp/league.eval" --league-games 10 --out "$tmp/pl1" --resume >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "holds a training with another setup" "$tmp/lb.err" && ok || fail "league: a changed file was not refused: $(cat "$tmp/lb.err")"
# league_games: the last 10 of a generation's 40 games pit the best against the league, so they
# change the fit (generation 1 of a run without them differs); without a league, or more than
# the games, they are refused.
grep -q '^league_games = 10$' "$tmp/pl1/setup" && ok || fail "league_games not in the setup"
ptrain --generations 3 --league "hand, $tmp/t1/gen-001.eval" --out "$tmp/pl0" >/dev/null 2>&1 || fail "league without games"
cmp -s "$tmp/pl0/gen-001.pos" "$tmp/pl1/gen-001.pos" && fail "league_games changed no self-play game" || ok
# Without them, seed 1's league overrules what the games against the best alone would decide.
awk -F, 'NR > 1 { if (($12 - $19 > 1e-9) != $16 || ($20 - (1 - $19) > 1e-9) != $23) n++ } END {exit !n}' "$tmp/pl0/train.csv" && ok ||
    fail "league: no decision differs from the best's games alone: $(cat "$tmp/pl0/train.csv")"
ptrain --generations 1 --league-games 10 --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "league_games = 10 needs a league" "$tmp/lb.err" && ok || fail "league_games without a league: $(cat "$tmp/lb.err")"
ptrain --generations 1 --league hand --league-games 41 --out "$tmp/lb" >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "league_games = 41 is more than the generation's games = 40" "$tmp/lb.err" && ok || fail "league_games over games: $(cat "$tmp/lb.err")"
# --dry-run checks the league as a run would, before estimating anything.
ptrain --generations 1 --league "hand,$tmp/no-such.eval" --dry-run >/dev/null 2>"$tmp/lb.err"
[ $? -eq 2 ] && grep -q "^tafl train: league: .*no-such.eval: cannot read" "$tmp/lb.err" && ok || fail "league dry run: $(cat "$tmp/lb.err")"
# In a training file, a league file is relative to the file's own directory.
printf '[train]\nname = rel\nrules = ../tiny5.ini\nseed = 1\ngames = 4\ndepth = 1\ngate_pairs = 2\ngate_depth = 1\nepochs = 5\ngenerations = 1\nleague = hand, ../i.eval\n' >"$tmp/ini/sub/lrel.ini"
(cd / && "$tafl_abs" train "$tmp/ini/sub/lrel.ini" --out "$tmp/ini/lout" --threads 1 >/dev/null 2>"$tmp/lrel.err") &&
    grep -q "^league_eval = $tmp/ini/sub/../i.eval@[0-9a-f]\{16\}$" "$tmp/ini/lout/setup" && ok ||
    fail "league relative to the training file: $(cat "$tmp/lrel.err")"

# A refused training (its recorded games, init or league unreadable) leaves no directory
# behind, nor DIR/kind and DIR/.lock in one that was there and empty: the directory stays free
# for any kind of run (issue 54).
for opt in --recorded-games --init --league; do
    for pre in new empty; do
        rf="$tmp/refused-${opt#--}-$pre"
        [ "$pre" = empty ] && mkdir "$rf"
        train --generations 1 "$opt" "$tmp/no-such-file" --out "$rf" >/dev/null 2>"$tmp/rf.err"
        [ $? -ne 0 ] && [ "$(wc -l <"$tmp/rf.err")" -eq 1 ] && ok || fail "train $opt refused ($pre): $(cat "$tmp/rf.err")"
        if [ "$pre" = new ]; then
            [ ! -e "$rf" ] && ok || fail "a refused train $opt left $rf: $(ls -A "$rf")"
        else
            [ -z "$(ls -A "$rf")" ] && ok || fail "a refused train $opt left files in $rf: $(ls -A "$rf")"
        fi
        "$TAFL" match --rules "$tiny" --attacker random --defender random --games 1 --out "$rf" >/dev/null 2>"$tmp/rf.err" &&
            ok || fail "after a refused train $opt ($pre), match into $rf: $(cat "$tmp/rf.err")"
    done
done

echo "train.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
