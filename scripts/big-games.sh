#!/bin/sh
# Writes a synthetic games.csv for timing the readers at the sizes of a large study (not a test:
# the times go in the closing note, never in `make test`):
#   sh scripts/big-games.sh ratings OUT.csv     100,000 games between 1,500 agents
#   sh scripts/big-games.sh summarize OUT.csv   262,144 (rules, attacker, defender) groups, one
#                                               game each: 512 x 256 pairings on two rulesets
# then e.g. `/usr/bin/time -f "%e s %M KB" build/tafl ratings OUT.csv --out /tmp/r.csv`.
# Results are random but fixed (awk's srand(1)); winners and reasons agree with each other.
set -eu
[ $# -eq 2 ] || { echo "usage: sh scripts/big-games.sh ratings|summarize OUT.csv" >&2; exit 2; }
awk -v kind="$1" 'BEGIN {
    srand(1)
    print "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,external"
    n = kind == "ratings" ? 100000 : 262144
    for (g = 0; g < n; g++) {
        if (kind == "ratings") {
            rules = "brandubh"; a = int(rand() * 1500); d = int(rand() * 1499); if (d >= a) d++
        } else {
            rules = g < 131072 ? "brandubh" : "tablut"; a = g % 512; d = int(g / 512) % 256
        }
        r = rand()
        if (r < 0.4) { w = "attackers"; why = "king_captured" }
        else if (r < 0.8) { w = "defenders"; why = "king_escaped" }
        else { w = "draw"; why = "repetition" }
        printf "%d,\"%s\",\"a%d\",\"a%d\",%d,%s,%s,%d,0,0,,none\n", g, rules, a, d, g + 1, w, why, 10 + int(rand() * 290)
    }
}' >"$2"
