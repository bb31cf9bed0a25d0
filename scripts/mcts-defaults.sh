#!/bin/sh
# Which MCTS defaults are best, board by board (issue 52, item 1): each candidate change of one
# default plays the default itself in game pairs (the same random opening twice, each agent
# attacking once) at an equal iteration budget, on rulesets of every board size; the pairs give
# the candidate's Elo over the default with its 95% interval (tafl match --sprt with bounds no
# match reaches, so every pair is played). Writes OUT/RULES_CANDIDATE.txt (tafl match's output
# for that cell, --move-time's ratio included: a candidate that costs more time a move says so)
# and OUT/table.md. A cell already written is kept, so a stopped run goes on where it stopped.
# A candidate is items added to the default's spec, or a whole spec (mcts:...) where it must
# change the budget too (the same time a move rather than the same iterations).
#
#   sh scripts/mcts-defaults.sh            (about 40 minutes on two cores)
#   TAFL=build/tafl OUT=results/mcts-defaults PAIRS=500 ITERATIONS=1000 THREADS=2 \
#   RULES="brandubh tablut" CANDIDATES="c=0.2 minimax=0.9" sh scripts/mcts-defaults.sh
set -eu
TAFL=${TAFL:-build/tafl}
OUT=${OUT:-results/mcts-defaults}
PAIRS=${PAIRS:-500}
ITERATIONS=${ITERATIONS:-1000}
THREADS=${THREADS:-2}
SEED=${SEED:-7}
RULES=${RULES:-"brandubh ard-ri tablut tawlbwrdd copenhagen hnefatafl-13"}
# Alpha-beta's hand-written weights (tuned on Brandubh), which MCTS does not use by default.
AB_WEIGHTS=king_distance=0.7,king_open_lines=24.3,king_attackers=0.56,mobility=1.84,king_two_move=2.31,corner_guards=-2.5,king_threats=11.5
CANDIDATES=${CANDIDATES:-"c=0.2 c=0.4 c=1.0 minimax=0.3 minimax=0.9 eval_plies=0 playout=greedy eval_scale=80 king_threats=10 $AB_WEIGHTS"}
BASE=mcts:iterations=$ITERATIONS

mkdir -p "$OUT"
cell() { printf '%s/%s_%s.txt' "$OUT" "$1" "$(printf '%s' "$2" | tr '=,:' '-_-')"; }
spec() { case $1 in mcts:*) printf '%s' "$1" ;; *) printf '%s,%s' "$BASE" "$1" ;; esac; }
for cand in $CANDIDATES; do
    for rules in $RULES; do
        file=$(cell "$rules" "$cand")
        [ -s "$file" ] && continue
        echo "$rules: $(spec "$cand") against $BASE, $PAIRS pairs" >&2
        "$TAFL" match --rules "$rules" --attacker "$(spec "$cand")" --defender "$BASE" \
            --sprt elo0=0,elo1=50,alpha=1e-40,beta=1e-40 --games $((2 * PAIRS)) \
            --opening-plies 4 --seed "$SEED" --threads "$THREADS" --max-plies 400 \
            --move-time >"$file.part" 2>&1
        mv "$file.part" "$file"
    done
done

# The table: a row a candidate, its Elo over the default [95%] on each ruleset and its time a
# move over the default's (t).
{
    printf '| candidate (over `%s`) |' "$BASE"
    for rules in $RULES; do printf ' %s |' "$rules"; done
    printf '\n|---|'
    for rules in $RULES; do printf -- '---|'; done
    printf '\n'
    for cand in $CANDIDATES; do
        label=$cand
        [ "$cand" = "$AB_WEIGHTS" ] && label="alpha-beta's weights"
        printf '| `%s` |' "$label"
        for rules in $RULES; do
            file=$(cell "$rules" "$cand")
            elo=$(sed -n 's/^Elo of A: \([^ ]*\) \[\(.*\)\] .*/\1 [\2]/p' "$file")
            ratio=$(sed -n 's/^tafl match: move time: .* over .*: \([0-9.]*\)$/\1/p' "$file")
            printf ' %s t%s |' "${elo:-?}" "${ratio:-?}"
        done
        printf '\n'
    done
} >"$OUT/table.md"
cat "$OUT/table.md"
