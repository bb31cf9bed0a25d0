#!/bin/sh
# `tafl report` (issue 26, item 1): the page of the shipped Brandubh curve and of a fresh
# two-ruleset curve parses (every tag closed; xmllint's XML parser too where it is installed),
# embeds every figure of the directory byte for byte as a data: URI, refers to nothing outside
# itself, escapes a hostile experiment comment, and has a Markdown twin with the same sections
# and a tidy CSV with one row per summary row; two directories make one report; bad input is
# one line and exit 2. Headless Chromium renders both pages and the screenshots must not be
# blank (SKIPPED with a message where Chromium is missing or cannot run: `make deps-report`
# installs it). Counted budgets only. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"

SECTIONS="findings question rulesets agents balance tables figures method provenance"

# tags_balanced FILE: every element opened is closed in order (void ones self-closed), the
# check that needs no tool beyond awk. Tags never span lines in a report.
tags_balanced() {
    grep -o '<[^>]*>' "$1" | awk '
        /^<!/ { next }
        /\/>$/ { next }
        /^<\// { t = substr($0, 3); sub(/>.*/, "", t)
                 if (n == 0 || stack[n] != t) { print "closes " t " inside " stack[n]; bad = 1; exit }
                 n--; next }
        { t = substr($0, 2); sub(/[ >].*/, "", t); stack[++n] = t }
        END { if (!bad && n != 0) { print "unclosed " stack[n]; bad = 1 } exit bad }'
}

# check_page HTML DIR N: the page of DIR (study N of the page) parses, embeds each figure of
# DIR (an SVG, else a PNG of that name) byte for byte, and fetches nothing.
check_page() {
    page=$1 dir=$2 n=$3
    if out=$(tags_balanced "$page"); then ok; else fail "$page: tags: $out"; fi
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$page" 2>"$tmp/xmllint.err" && ok ||
            fail "$page: xmllint: $(head -3 "$tmp/xmllint.err")"
    fi
    # Nothing outside the page: every src is data:, every href a fragment, no URL in CSS.
    if grep -Eq 'src="[^d]|src="d[^a]|href="[^#]|url\(|@import|https?:|<script|<iframe|<object' "$page"; then
        fail "$page: refers to something outside itself"
    else
        ok
    fi
    for s in $SECTIONS; do
        grep -q "<h2 id=\"s$n-$s\">" "$page" && ok || fail "$page: no section $s for $dir"
    done
    for fig in "$dir"/*.svg "$dir"/*.png; do
        [ -f "$fig" ] || continue
        name=$(basename "$fig")
        case $name in
        *.png) [ -f "${fig%.png}.svg" ] && continue; type=image/png ;;
        *) type=image/svg+xml ;;
        esac
        sed -n "/^<section id=\"s$n\">/,/^<\/section>/p" "$page" |
            sed -n "s|.*alt=\"$name\" src=\"data:$type;base64,\([^\"]*\)\".*|\1|p" |
            base64 -d >"$tmp/fig.out" 2>/dev/null
        cmp -s "$tmp/fig.out" "$fig" && ok || fail "$page: $name is not embedded whole"
    done
}

# check_md MD: the twin names the same sections.
check_md() {
    for s in Findings Question Rulesets Agents Balance Tables Figures Method Provenance; do
        grep -q "^### $s\$" "$1" && ok || fail "$1: no section $s"
    done
}

# rows FILE: data rows of a CSV file (its lines but the header).
rows() { echo $(($(wc -l <"$1") - 1)); }

# 1. The shipped curve, copied (tafl report writes DIR/report.* by default).
cp -R results/curve-brandubh "$tmp/cb"
"$TAFL" report "$tmp/cb" >"$tmp/cb.out" 2>"$tmp/cb.err" && ok || fail "report curve: $(cat "$tmp/cb.err")"
for f in report.html report.md report.csv; do
    [ -s "$tmp/cb/$f" ] && ok || fail "report curve: no $f"
done
check_page "$tmp/cb/report.html" "$tmp/cb" 1
check_md "$tmp/cb/report.md"
grep -q '^!\[curve.svg\](<curve.svg>)$' "$tmp/cb/report.md" && ok || fail "report.md: curve.svg link"
[ "$(rows "$tmp/cb/report.csv")" -eq "$(rows "$tmp/cb/summary.csv")" ] && ok ||
    fail "report.csv: one row per summary row"
v=$(tail -n 1 "$tmp/cb/convergence.csv" | awk -F, '{ print $NF }' | tr -d '"')
[ -n "$v" ] && grep -qF "<td>$v</td>" "$tmp/cb/report.html" && ok ||
    fail "report curve: convergence.csv table (verdict '$v')"
grep -q '<td class="t">ladder</td>' "$tmp/cb/report.html" && ok || fail "report curve: ladder rows"
grep -q 'Schuirmann' "$tmp/cb/report.html" && grep -q 'Hunter, 2004' "$tmp/cb/report.html" &&
    ok || fail "report curve: the method of a curve"
# Provenance: the hash of summary.csv is the one sha256sum gives.
if command -v sha256sum >/dev/null 2>&1; then
    h=$(sha256sum "$tmp/cb/summary.csv" | cut -d' ' -f1)
    grep -q "^| summary.csv | [0-9]* | $h |\$" "$tmp/cb/report.md" && ok || fail "report.md: summary.csv hash"
fi

# 1a. Tables past what the page shows (issue 54): a table of 1000 rows shows its first 200 and
# says the file holds more; a 600 MB table (sparse: no disk taken) is not read whole, so the
# report is made under a 400 MB address-space limit, where reading it whole fails.
mkdir "$tmp/big"
cp "$tmp/cb/summary.csv" "$tmp/big/"
awk 'BEGIN { print "i,x"; for (i = 0; i < 1000; i++) print i "," i * 7 }' >"$tmp/big/big.csv"
"$TAFL" report "$tmp/big" >/dev/null 2>"$tmp/big.err" && ok || fail "report big: $(cat "$tmp/big.err")"
grep -q '^The first 200 rows; the file holds more (the whole file is in the directory)\.$' "$tmp/big/report.md" &&
    grep -q '^| 199 | 1393 |$' "$tmp/big/report.md" && ! grep -q '^| 200 | 1400 |$' "$tmp/big/report.md" &&
    ok || fail "report big: not the first 200 rows of big.csv: $(grep -A3 '^#### big.csv' "$tmp/big/report.md")"
truncate -s 600M "$tmp/big/huge.csv"
# A sanitized build cannot start under ulimit -v (its shadow memory): there the report is still
# made, without the bound.
big_limit="ulimit -v 400000"
(ulimit -v 400000 && "$TAFL" --version) >/dev/null 2>&1 || big_limit=true
($big_limit && "$TAFL" report "$tmp/big" >/dev/null 2>"$tmp/big.err") && ok ||
    fail "report of a 600 MB table under 400 MB: $(head -c 300 "$tmp/big.err")"
rm -f "$tmp/big/huge.csv"

# 1b. The shipped design study: 39 candidates, three start positions (the base; throne and
# corners unmarked): each position is drawn once, the others name the ruleset drawn above.
cp -R results/design-brandubh "$tmp/db"
"$TAFL" report "$tmp/db" >/dev/null 2>"$tmp/db.err" && ok || fail "report design: $(cat "$tmp/db.err")"
[ "$(grep -c 'class="board"' "$tmp/db/report.html")" -eq 3 ] && ok ||
    fail "report design: $(grep -c 'class="board"' "$tmp/db/report.html") boards drawn, not 3"
[ "$(grep -c 'The start position of brandubh-cap300 (drawn above)' "$tmp/db/report.md")" -eq 36 ] && ok ||
    fail "report design: report.md does not name the board drawn above for 36 candidates"

# 2. A fresh two-ruleset curve (random and greedy, 10 games a pairing) with a hostile question.
cat >"$tmp/two.ini" <<'EOF'
; Is <script>alert("x")</script> & 'brandubh' fairer than ard-ri?
[experiment]
name = two
kind = curve
seed = 3
games = 10
max_plies = 200
opening_plies = 2

[rules]
presets = brandubh, ard-ri

[agent.random]
type = random

[agent.greedy]
type = greedy
EOF
"$TAFL" run "$tmp/two.ini" --threads 2 --out "$tmp/two" >/dev/null 2>"$tmp/two.err" ||
    fail "two-ruleset run: $(cat "$tmp/two.err")"
"$TAFL" report "$tmp/two" --out "$tmp/two.html" >/dev/null 2>"$tmp/two-report.err" && ok ||
    fail "report two: $(cat "$tmp/two-report.err")"
check_page "$tmp/two.html" "$tmp/two" 1
check_md "$tmp/two.md"
[ "$(grep -c '<table class="board">' "$tmp/two.html")" -eq 2 ] && ok || fail "report two: two boards"
grep -q '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;brandubh&#39;' "$tmp/two.html" &&
    ok || fail "report two: the question is not escaped as text"
grep -q '<script' "$tmp/two.html" "$tmp/two.md" && fail "report two: a script tag got through" || ok
[ "$(rows "$tmp/two.csv")" -eq "$(rows "$tmp/two/summary.csv")" ] && ok || fail "two.csv rows"

# 2a. The answer on the page (issue 55, item 2). The distance table of summary.csv's columns,
# row for row: rank, names, equivalence and distance with its interval, as the run wrote them.
# summary_rows FILE COLUMN...: the named columns of the rows with a distance_rank, one line each,
# fields joined by '|' (names in these tests hold no comma, quote or bar).
summary_rows() {
    f=$1
    shift
    awk -F, -v want="$*" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; n = split(want, w, " "); next }
        { gsub(/"/, ""); if ($col["distance_rank"] == "") next
          line = ""; for (i = 1; i <= n; i++) line = line (i > 1 ? "|" : "") $col[w[i]]; print line }' "$f"
}
grep -q '^#### Rulesets by distance from balance$' "$tmp/two.md" && ok || fail "two.md: no distance table"
grep -q '<h3>Rulesets by distance from balance</h3>' "$tmp/two.html" && ok || fail "two.html: no distance table"
summary_rows "$tmp/two/summary.csv" distance_rank rules attacker defender equivalence distance distance_low distance_high \
    >"$tmp/dist.rows"
[ "$(wc -l <"$tmp/dist.rows")" -eq 4 ] && ok || fail "two: summary.csv has $(wc -l <"$tmp/dist.rows") ranked rows, not 4"
while IFS='|' read -r rank rules att def eq d lo hi; do
    grep -qF "| $rank | $rules | $att | $def | $eq | $d \[$lo, $hi\] |" "$tmp/two.md" && ok ||
        fail "two.md: distance row $rank $rules $att $def ($eq, $d [$lo, $hi]) missing"
    grep -qF "<tr><td>$rank</td><td class=\"t\">$rules</td><td class=\"t\">$att</td><td class=\"t\">$def</td>" "$tmp/two.html" &&
        ok || fail "two.html: distance row $rank $rules $att $def missing"
done <"$tmp/dist.rows"
# Against the baseline (brandubh, the first ruleset): ard-ri's closer verdicts in the table.
summary_rows "$tmp/two/summary.csv" rules attacker closer_verdict distance_change | grep '^ard-ri|' >"$tmp/chg.rows"
while IFS='|' read -r rules att v c; do
    grep -qF "| $rules | $att | $att | " "$tmp/two.md" && grep -F "| $rules | $att | $att | " "$tmp/two.md" |
        grep -qF "| $v | $c \[" && ok || fail "two.md: closer verdict $v ($c) of $rules $att missing"
done <"$tmp/chg.rows"
[ -s "$tmp/chg.rows" ] && ok || fail "two: no closer verdicts in summary.csv"
# The findings come first (before the question) and say, per pairing, each verdict in words, the
# closest ruleset (distance_rank 1) and the verdicts against the baseline; the curve's figure
# is embedded there, before the question.
findings() { sed -n '/^### Findings$/,/^### Question$/p' "$1"; }
findings "$tmp/two.md" >"$tmp/two.findings"
[ "$(grep -n '^### ' "$tmp/two.md" | head -1 | cut -d: -f2)" = "### Findings" ] && ok || fail "two.md: findings not first"
summary_rows "$tmp/two/summary.csv" rules attacker verdict attacker_score distance_rank >"$tmp/verdict.rows"
while IFS='|' read -r rules att v score rank; do
    case $v in
    attackers) words="favours the attackers" ;;
    defenders) words="favours the defenders" ;;
    balanced) words="balanced (the score shown within 1/2 +- 0.05)" ;;
    undetermined) words="undetermined (the games show neither a side nor balance)" ;;
    *) words=$v ;;
    esac
    grep -qF -- "- $rules: $words; attackers' score $score \[" "$tmp/two.findings" && ok ||
        fail "two.md findings: no verdict of $rules $att ($v, $score)"
    if [ "$rank" = 1 ]; then
        sed -n "/^$att (attackers) against $att (defenders):\$/,/^\$/p;/^- /p" "$tmp/two.findings" |
            grep -qF -- "- Closest to 1/2: $rules: distance" && ok || fail "two.md findings: closest of $att is not $rules"
    fi
done <"$tmp/verdict.rows"
[ "$(grep -c -- '^- Against the baseline brandubh: ' "$tmp/two.findings")" -eq 2 ] && ok ||
    fail "two.md findings: no verdicts against the baseline"
grep -q '^- brandubh: convergence verdict: ' "$tmp/two.findings" && ok || fail "two.md findings: the curve's verdict"
if [ -f "$tmp/two/curve.svg" ]; then
    grep -q '^!\[curve.svg\](<two/curve.svg>)$' "$tmp/two.findings" && ok || fail "two.md findings: no curve figure"
    sed -n '/<h2 id="s1-findings">/,/<h2 id="s1-question">/p' "$tmp/two.html" | grep -q '<img class="figure" alt="curve.svg"' &&
        ok || fail "two.html: the curve is not in the findings"
fi
# The shipped curve: its direction with its strength, from convergence.csv.
dir=$(tail -n 1 "$tmp/cb/convergence.csv" | awk -F, '{ print $(NF - 5) }' | tr -d '"')
findings "$tmp/cb/report.md" | grep -F -- "- brandubh: the strongest agents favour the $dir (p " |
    grep -qF ' per 100 Elo \[' && ok ||
    fail "report curve: findings without the direction ($dir) and trend: $(findings "$tmp/cb/report.md" | head -8)"
# Wide tables: a verdict is among the first columns (after the names), never at the far right.
grep -q '^| rules | attacker | defender | verdict | ' "$tmp/two.md" && ok || fail "two.md: balance verdict not first"
grep -q '^| rules | direction | verdict | ' "$tmp/two.md" && ok || fail "two.md: convergence verdict not first"
# Brackets in Markdown are backslash escapes, not character references.
grep -q '&#9[13];' "$tmp/two.md" && fail "two.md: brackets as &#91; &#93;" || ok
grep -qF '\[' "$tmp/two.md" && ok || fail "two.md: no escaped bracket"

# 2b. A plain run (kind balance) draws its scores with their intervals (scores.svg) where
# gnuplot is installed, and its report shows that figure with the findings; without gnuplot
# the run succeeds quietly with no figure, as a curve's does.
sed -e '/^kind = curve/d' -e 's/^name = two/name = plain/' -e '/^\[agent.random\]/,/^type = random/d' \
    -e 's/^; .*/; Which side does greedy play favour?/' "$tmp/two.ini" >"$tmp/plainrun.ini"
"$TAFL" run "$tmp/plainrun.ini" --threads 2 --out "$tmp/plainrun" >/dev/null 2>"$tmp/plainrun.err" ||
    fail "plain run: $(cat "$tmp/plainrun.err")"
if command -v gnuplot >/dev/null 2>&1; then
    head -c 400 "$tmp/plainrun/scores.svg" 2>/dev/null | grep -q '<svg' && ok || fail "plain run: no scores.svg"
    [ "$(grep -c '^[0-9]* [0-9.]* [0-9.]* [0-9.]* "' "$tmp/plainrun/scores.gp")" -eq 2 ] && ok ||
        fail "plain run: scores.gp has not one point per ruleset"
    "$TAFL" report "$tmp/plainrun" >/dev/null 2>"$tmp/plainrun.err" && ok || fail "report plain: $(cat "$tmp/plainrun.err")"
    findings "$tmp/plainrun/report.md" | grep -q '^!\[scores.svg\](<scores.svg>)$' && ok ||
        fail "report plain: the scores figure is not with the findings"
    check_page "$tmp/plainrun/report.html" "$tmp/plainrun" 1
else
    echo "report.sh: SKIPPED the plain run's figure: gnuplot is not installed"
fi
mkdir "$tmp/nognuplot"
for t in sh cat env; do ln -s "$(command -v $t)" "$tmp/nognuplot/$t"; done
PATH="$tmp/nognuplot" "$TAFL" run "$tmp/plainrun.ini" --threads 2 --out "$tmp/plainrun2" >/dev/null 2>"$tmp/plainrun2.err" &&
    [ ! -e "$tmp/plainrun2/scores.svg" ] && [ -s "$tmp/plainrun2/summary.csv" ] && ok ||
    fail "plain run without gnuplot: $(cat "$tmp/plainrun2.err")"

# 3. Two directories, one report: studies 1 and 2, one CSV with both summaries.
"$TAFL" report "$tmp/cb" "$tmp/two" --out "$tmp/both.html" >/dev/null 2>"$tmp/both.err" && ok ||
    fail "report both: $(cat "$tmp/both.err")"
check_page "$tmp/both.html" "$tmp/two" 2
[ "$(rows "$tmp/both.csv")" -eq $(($(rows "$tmp/cb/summary.csv") + $(rows "$tmp/two/summary.csv"))) ] &&
    ok || fail "both.csv: the rows of both summaries"
[ "$(grep -c "^\"\\{0,1\\}$tmp/two\"\\{0,1\\}," "$tmp/both.csv")" -eq "$(rows "$tmp/two/summary.csv")" ] &&
    ok || fail "both.csv: the dir column"
# Figures of a report of several directories are linked relative to the Markdown file's own
# directory (issue 55): never an absolute path, and each link leads to the figure, wherever
# the Markdown file is.
mkdir -p "$tmp/sub/deeper"
"$TAFL" report "$tmp/cb" "$tmp/two" --out "$tmp/both.html" --md "$tmp/sub/deeper/both.md" >/dev/null 2>"$tmp/both.err" &&
    ok || fail "report both --md sub: $(cat "$tmp/both.err")"
for md in "$tmp/both.md" "$tmp/sub/deeper/both.md"; do
    grep -q '](</' "$md" && fail "$md: an absolute figure path: $(grep '](</' "$md" | head -2)" || ok
    links=$(sed -n 's/^!\[[^]]*\](<\([^>]*\)>)$/\1/p' "$md")
    [ "$(echo "$links" | grep -c .)" -ge 2 ] && ok || fail "$md: figure links: $links"
    for l in $links; do
        [ -f "$(dirname "$md")/$l" ] && ok || fail "$md: $l leads nowhere"
    done
done
grep -q '^!\[curve.svg\](<../../two/curve.svg>)$' "$tmp/sub/deeper/both.md" && ok ||
    fail "sub/deeper/both.md: the curve of two is not ../../two/curve.svg"

# 4. Bad input: one line on stderr, exit 2, nothing written.
expect2() { # WHAT PATTERN ARGS...
    what=$1 pattern=$2
    shift 2
    "$TAFL" report "$@" >/dev/null 2>"$tmp/bad.err"
    st=$?
    if [ "$st" -eq 2 ] && [ "$(wc -l <"$tmp/bad.err")" -eq 1 ] && grep -q "$pattern" "$tmp/bad.err"; then
        ok
    else
        fail "report $what: status $st: $(cat "$tmp/bad.err")"
    fi
}
mkdir "$tmp/empty"
: >"$tmp/plain"
expect2 "missing dir" 'nope: no such directory' "$tmp/nope"
expect2 "not a run" 'not a tafl run directory' "$tmp/empty"
expect2 "two without --out" 'name it with --out' "$tmp/cb" "$tmp/two"
expect2 "out is a directory" 'is a directory' "$tmp/cb" --out "$tmp/empty"
expect2 "unwritable out" "$tmp/plain/r.html" "$tmp/cb" --out "$tmp/plain/r.html"
expect2 "no dir" 'needs a run directory'
[ ! -e "$tmp/empty/report.html" ] && ok || fail "report wrote into a directory that is no run"

# 5. Headless Chromium: both pages render, and not blank.
chrome=""
for c in chromium chromium-browser google-chrome; do
    command -v "$c" >/dev/null 2>&1 && { chrome=$c; break; }
done
shot() { # PAGE PNG
    HOME="$tmp" timeout 30 "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$tmp/chrome" --screenshot="$2" --window-size=1200,2000 "file://$1" \
        >/dev/null 2>&1
    [ -s "$2" ]
}
if [ -z "$chrome" ]; then
    echo "report.sh: SKIPPED the headless Chromium check: chromium is not installed (make deps-report)"
else
    printf '<!DOCTYPE html>\n<html><head><title>blank</title></head><body></body></html>\n' >"$tmp/blank.html"
    if ! shot "$tmp/blank.html" "$tmp/blank.png"; then
        echo "report.sh: SKIPPED the headless Chromium check: $chrome cannot run here"
    else
        blank=$(wc -c <"$tmp/blank.png")
        for page in "$tmp/cb/report.html" "$tmp/two.html"; do
            if shot "$page" "$tmp/page.png"; then
                size=$(wc -c <"$tmp/page.png")
                # A page of tables, boards and a figure compresses far worse than white.
                [ "$size" -gt $((blank * 4)) ] && [ "$size" -gt 20000 ] && ok ||
                    fail "$page: the screenshot looks blank ($size bytes, a blank page $blank)"
            else
                fail "$page: Chromium rendered the blank page but not this one"
            fi
        done
    fi
fi

echo "report.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
