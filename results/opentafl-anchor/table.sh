#!/bin/sh
# The OpenTafl anchor table from a run of experiments/opentafl-anchor-*.ini: for each
# tafl-lab agent, its score against OpenTafl as attacker, as defender and overall (1 a win,
# 1/2 a draw), the overall score's 95% Wilson interval, the Elo difference it means
# (400 log10(s / (1 - s)); at a score of 0 or 1 only the interval's end is finite), and both
# sides' mean time per move (the transcripts' log_times notes: `play` to `move`). Games an
# engine forfeited (illegal_move, engine_crash, engine_timeout) are left out and counted.
# Usage: sh results/opentafl-anchor/table.sh results/opentafl-anchor/opentafl-anchor-brandubh
for dir in "$@"; do
    for t in "$dir"/transcripts/game-*.txt; do
        n=${t##*/game-}
        n=${n%.txt}
        awk -v g="$n" '/^## /{side=$2} /^# move in /{s[side]+=$4; c[side]++}
            END{printf "T %s %d %f %d %f\n", g, c["attacker"], s["attacker"], c["defender"], s["defender"]}' "$t"
    done
    tail -n +2 "$dir/games.csv" | tr -d '"' | awk -F, '{print "G", $1, $2, $3, $4, $6, $7}'
done | awk '
function elo(s) { return s <= 0 ? "-inf" : s >= 1 ? "+inf" : sprintf("%+.0f", 400 * log(s / (1 - s)) / log(10)) }
$1 == "T" { ac[$2] = $3; as[$2] = $4; dc[$2] = $5; ds[$2] = $6; next }
{
    g = $2; rules = $3; att = $4; def = $5; win = $6; why = $7
    agent = att == "opentafl" ? def : att
    key = rules " " agent
    if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    if (why ~ /illegal_move|engine_crash|engine_timeout/) { forfeit[key]++; next }
    s = win == "draw" ? 0.5 : 0
    if (att == agent) { s = win == "attackers" ? 1 : s; an[key]++; asc[key] += s
        ams[key] += as[g]; amv[key] += ac[g]; oms[key] += ds[g]; omv[key] += dc[g] }
    else { s = win == "defenders" ? 1 : s; dn[key]++; dsc[key] += s
        ams[key] += ds[g]; amv[key] += dc[g]; oms[key] += as[g]; omv[key] += ac[g] }
}
END {
    print "| rules | tafl-lab agent | as attacker | as defender | score [95%] | Elo vs OpenTafl [95%] | ms/move agent | ms/move OpenTafl |"
    print "|---|---|---|---|---|---|---|---|"
    z = 1.96
    for (i = 1; i <= k; i++) {
        key = order[i]; split(key, p, " ")
        n = an[key] + dn[key]; sc = asc[key] + dsc[key]; q = n ? sc / n : 0
        c = (q + z * z / (2 * n)) / (1 + z * z / n)
        h = z * sqrt(q * (1 - q) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        lo = c - h < 0 ? 0 : c - h; hi = c + h > 1 ? 1 : c + h
        note = forfeit[key] ? sprintf(" (%d forfeit left out)", forfeit[key]) : ""
        printf "| %s | %s | %g/%d | %g/%d | %.2f [%.2f-%.2f]%s | %s [%s, %s] | %.0f | %.0f |\n", p[1], p[2],
            asc[key], an[key], dsc[key], dn[key], q, lo, hi, note, elo(q), elo(lo), elo(hi),
            amv[key] ? ams[key] / amv[key] : 0, omv[key] ? oms[key] / omv[key] : 0
    }
}'
