#!/bin/sh
# Reproducible results (issue 17): a resume refuses changed settings and leaves every file as it
# was; a run directory holds its rulesets and build and `tafl reproduce` plays it again byte for
# byte; merge refuses shards of other builds and keeps a run's meta; tune records and resumes;
# replay and export read tafl-lab's own results. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
# snapshot DIR: one line per file with its checksum, to show a refused resume changed nothing.
snapshot() { (cd "$1" && find . -type f | sort | xargs cksum); }

# 1. A resume refuses any change of what makes games, naming it, and touches no file.
m="$TAFL match --attacker random --defender greedy --seed 5 --out $tmp/m"
$m --games 6 --opening-plies 4 >/dev/null 2>&1 || fail "first match"
snapshot "$tmp/m" >"$tmp/before"
$m --games 6 --opening-plies 0 --max-plies 10 --resume >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "resume refused: .*max_plies" "$tmp/err" &&
    ok || { fail "resume with other plies was not refused"; cat "$tmp/err" >&2; }
snapshot "$tmp/m" | cmp -s - "$tmp/before" && ok || fail "a refused resume changed files"
for change in "--seed 6" "--record-moves" "--rules tablut" "--defender random"; do
    $m --games 6 --opening-plies 4 $change --resume >/dev/null 2>"$tmp/err"
    [ $? -ne 0 ] && grep -q "resume refused\|belongs to another run" "$tmp/err" && ok ||
        fail "resume with $change was not refused"
done
snapshot "$tmp/m" | cmp -s - "$tmp/before" && ok || fail "refused resumes changed files"
$m --games 9 --opening-plies 4 --resume >/dev/null 2>"$tmp/err" &&
    [ "$(($(wc -l <"$tmp/m/games.csv") - 1))" -eq 9 ] && ok ||
    { fail "raising the game count at a resume"; cat "$tmp/err" >&2; }

# ... and a ruleset file the experiment names, edited between the run and the resume.
mkdir -p "$tmp/e"
cp "$DATA/repro/edge.ini" "$DATA/repro/edge.rules" "$tmp/e/"
"$TAFL" run "$tmp/e/edge.ini" --out "$tmp/e/run" >/dev/null 2>&1 || fail "edge run"
snapshot "$tmp/e/run" >"$tmp/before"
sed -i 's/^escape = edge/escape = corner/' "$tmp/e/edge.rules"
"$TAFL" run "$tmp/e/edge.ini" --out "$tmp/e/run" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "resume refused: .*ruleset edge: escape was 'edge', now 'corner'" "$tmp/err" &&
    ok || { fail "resume after a ruleset edit"; cat "$tmp/err" >&2; }
snapshot "$tmp/e/run" | cmp -s - "$tmp/before" && ok || fail "a refused resume changed files"
cp "$DATA/repro/edge.rules" "$tmp/e/"
sed -i 's/^type = greedy/type = greedy\nattacker_material = 12/' "$tmp/e/edge.ini"
"$TAFL" run "$tmp/e/edge.ini" --out "$tmp/e/run" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "resume refused: .*spec.2 was 'greedy', now 'greedy.*attacker_material=12" "$tmp/err" &&
    ok || { fail "resume after an agent parameter edit"; cat "$tmp/err" >&2; }
snapshot "$tmp/e/run" | cmp -s - "$tmp/before" && ok || fail "a refused resume changed files"
cp "$DATA/repro/edge.ini" "$tmp/e/"
sed -i 's/^games = 6/games = 8/' "$tmp/e/edge.ini"
"$TAFL" run "$tmp/e/edge.ini" --out "$tmp/e/run" --resume >/dev/null 2>"$tmp/err" &&
    grep -q "^games 8$" "$tmp/e/run/setup" && ok || { fail "resume with more games"; cat "$tmp/err" >&2; }

# 2. The run directory holds every ruleset in full (draw_fort included), the build and the
# bench signature; reproduce plays it again byte for byte and says when the binary differs.
run=$tmp/e/run
grep -qx "draw_fort = yes" "$run/rulesets/edge.rules" && grep -qx "rules.edge rulesets/edge.rules" \
    "$run/meta" && grep -q "^otn_lacks.edge .*draw_fort" "$run/meta" && ok ||
    fail "the ruleset text in the run directory"
"$TAFL" rules show "$run/rulesets/edge.rules" | grep -qx "draw_fort = yes" && ok ||
    fail "the kept ruleset does not read back"
grep -q "^build .* src:" "$run/meta" && grep -q "^bench_quick [0-9]* [0-9a-f]*$" "$run/meta" &&
    grep -q "^command tafl run " "$run/meta" && grep -q "^tool tafl " "$run/meta" && ok ||
    fail "meta lacks the build, bench signature, command or version"
"$TAFL" reproduce "$run" --out "$tmp/again" --threads 2 >"$tmp/out" 2>"$tmp/err" &&
    grep -q "games.csv: byte-identical" "$tmp/out" && grep -q "summary.csv: byte-identical" "$tmp/out" &&
    [ ! -s "$tmp/err" ] && ok || { fail "reproduce"; cat "$tmp/out" "$tmp/err" >&2; }
"$TAFL" reproduce "$tmp/m" --out "$tmp/m2" >"$tmp/out" 2>&1 && ok ||
    { fail "reproduce of a resumed match"; cat "$tmp/out" >&2; }
cp -r "$run" "$tmp/other"
rm -rf "$tmp/other/reproduced"
sed -i 's/^build .*/build 0123456789ab src:1-1 flags:-O0/' "$tmp/other/meta"
sed -i '$d' "$tmp/other/games.csv"
"$TAFL" reproduce "$tmp/other" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "the binary differs" "$tmp/err" && grep -q "games.csv: DIFFERS" "$tmp/out" &&
    ok || { fail "reproduce of another build's edited run"; cat "$tmp/out" "$tmp/err" >&2; }
# A study kept without games.csv and with a summary.csv from before columns were added at its
# end (as the oldest shipped curves) is judged in the columns it has; a changed cell there is not.
cp -r "$run" "$tmp/oldschema"
rm -rf "$tmp/oldschema/reproduced" "$tmp/oldschema/games.csv"
cut_summary() { # keeps the first 12 cells of every row (no cell there holds a comma)
    awk -F, -v OFS=, '{ $0 = $0; NF = 12; print }' "$run/summary.csv" >"$tmp/oldschema/summary.csv"
}
cut_summary
"$TAFL" reproduce "$tmp/oldschema" --out "$tmp/oldschema-again" >"$tmp/out" 2>&1 &&
    grep -q "summary.csv: identical in the 12 columns it keeps" "$tmp/out" &&
    grep -q "reproduced (summary.csv in the columns it keeps)" "$tmp/out" && ok ||
    { fail "reproduce of an older summary.csv's columns"; cat "$tmp/out" >&2; }
sed -i '2s/^\(\([^,]*,\)\{3\}\)[0-9]*/\19999/' "$tmp/oldschema/summary.csv"
"$TAFL" reproduce "$tmp/oldschema" --out "$tmp/oldschema-changed" >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q "summary.csv: DIFFERS from line 2" "$tmp/out" && grep -q "NOT reproduced" "$tmp/out" &&
    ok || { fail "reproduce of an older summary.csv with a changed cell"; cat "$tmp/out" >&2; }
expect_usage() {
    "$TAFL" "$@" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || { fail "tafl $*"; cat "$tmp/err" >&2; }
}
expect_usage reproduce "$tmp/nothing"
expect_usage reproduce

# Merge refuses shards of different builds; the merged meta keeps a run's rulesets and agents.
ini=$DATA/runner/small.ini
for i in 1 2; do
    "$TAFL" run "$ini" --shard $i/2 --out "$tmp/s/shard-$i-of-2" --threads 1 >/dev/null 2>&1 ||
        fail "shard $i"
done
"$TAFL" merge "$tmp/s/shard-1-of-2" "$tmp/s/shard-2-of-2" --out "$tmp/merged" >/dev/null 2>&1 &&
    grep -q "^agent.mc " "$tmp/merged/meta" && grep -q "^rules.ard-ri rulesets/ard-ri.rules" \
    "$tmp/merged/meta" && grep -q "^build " "$tmp/merged/meta" && [ -f "$tmp/merged/setup" ] &&
    [ -f "$tmp/merged/rulesets/brandubh.rules" ] && ok || fail "merged meta lacks the run's lines"
"$TAFL" reproduce "$tmp/merged" >"$tmp/out" 2>&1 && ok || { fail "reproduce a merge"; cat "$tmp/out" >&2; }
sed -i 's/^build .*/build 0123456789ab-dirty src:1-1 flags:-O2 -g/' "$tmp/s/shard-2-of-2/meta"
"$TAFL" merge "$tmp/s/shard-1-of-2" "$tmp/s/shard-2-of-2" --out "$tmp/merged2" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "their builds" "$tmp/err" && ok ||
    { fail "merge of shards of two builds"; cat "$tmp/err" >&2; }

# 4. replay and export read tafl-lab's own results; a multi-ruleset games.csv takes each game's
# ruleset from its run directory, and a failed export leaves no file behind.
"$TAFL" match --attacker random --defender greedy --games 3 --record-moves --out "$tmp/rm" >/dev/null 2>&1
"$TAFL" replay --quiet "$tmp/rm/games.csv" >"$tmp/out" 2>"$tmp/err" &&
    grep -q "replayed 3 games: 3 agree, 0 disagree, 0 malformed; 3 read" "$tmp/out" && ok ||
    { fail "replay of a --record-moves games.csv"; cat "$tmp/out" "$tmp/err" >&2; }
sed -e 's/^games = 6/games = 2/' -e 's/^\[rules\]/record_moves = yes\n[rules]\npresets = brandubh/' \
    "$DATA/repro/edge.ini" >"$tmp/e/mixed.ini"
cp "$DATA/repro/edge.rules" "$tmp/e/"
"$TAFL" run "$tmp/e/mixed.ini" --out "$tmp/mixed" >/dev/null 2>&1 || fail "mixed run"
"$TAFL" export "$tmp/mixed/games.csv" --out "$tmp/mixed.otn" >/dev/null 2>"$tmp/err" &&
    [ "$(grep -c '^\[round:' "$tmp/mixed.otn")" -eq 4 ] && ok ||
    { fail "export of a multi-ruleset games.csv"; cat "$tmp/err" >&2; }
"$TAFL" replay --quiet "$tmp/mixed/games.csv" >"$tmp/out" 2>&1 &&
    grep -q "replayed 4 games: 4 agree" "$tmp/out" && ok || { fail "replay of a mixed games.csv"; cat "$tmp/out" >&2; }
mkdir -p "$tmp/lone" && cp "$tmp/mixed/games.csv" "$tmp/lone/"
"$TAFL" export "$tmp/lone/games.csv" --out "$tmp/lone.otn" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -e "$tmp/lone.otn" ] && [ ! -e "$tmp/lone.otn.tmp" ] &&
    grep -q "ruleset 'edge' is neither in" "$tmp/err" && ok || { fail "a failed export left a file"; cat "$tmp/err" >&2; }

# 5. A real corpus with malformed rows: each reported as FILE:LINE, skipped, the rest replayed.
{ head -n 2 "$DATA/games/copenhagen.csv"; echo "timeout,0,0,"; sed -n 3p "$DATA/games/copenhagen.csv"
  echo "d1-d3,x,0,Ongoing"; } >"$tmp/corpus.csv"
"$TAFL" replay --rules copenhagen --quiet "$tmp/corpus.csv" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^tafl replay: $tmp/corpus.csv:3: " "$tmp/err" &&
    grep -q "^tafl replay: $tmp/corpus.csv:5: " "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
    grep -qx "replayed 3 games: 3 agree, 0 disagree, 2 malformed; 5 read" "$tmp/out" && ok ||
    { fail "replay of a corpus with malformed rows"; cat "$tmp/out" "$tmp/err" >&2; }

# 6. --progress into a file writes whole lines; one game-count limit for match and files.
"$TAFL" match --attacker random --defender random --games 40 --progress 2>"$tmp/progress" >/dev/null
[ -s "$tmp/progress" ] && ! grep -q "$(printf '\r')" "$tmp/progress" &&
    grep -q "^40/40 games, .* ETA 0 s$" "$tmp/progress" && ok || fail "--progress into a file"
printf '[experiment]\nname = big\ngames = 20000000\n[rules]\npresets = brandubh\n[agent.r]\ntype = random\n' \
    >"$tmp/big.ini"
"$TAFL" run "$tmp/big.ini" --out "$tmp/big" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "key 'games': .*1..10000000" "$tmp/err" && ok ||
    { fail "games limit of experiment files"; cat "$tmp/err" >&2; }
"$TAFL" match --attacker random --defender random --games 20000000 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "1..10000000" "$tmp/err" && ok || fail "games limit of match"
[ -f doc/RULES.md ] && for key in size start first throne corners throne_reentry throne_pass \
    king_armed corner_hostile throne_hostile_attackers throne_hostile_defenders king_capture \
    escape encirclement no_moves repetition draw_fort max_plies shieldwall edge_fort; do
    grep -q "\`$key\`" doc/RULES.md || fail "doc/RULES.md lacks $key"
done && "$TAFL" rules list | while read -r preset _; do
    grep -q "\`$preset\`" doc/RULES.md || echo "$preset"; done | grep -q . &&
    fail "doc/RULES.md lacks a preset" || ok
[ "$(grep -c '^| `rules/` |' CONTRIBUTING.md)" -eq 1 ] && [ "$(grep -c '^| `agents/` |' CONTRIBUTING.md)" -eq 1 ] && ok ||
    fail "CONTRIBUTING.md's map lists rules/ or agents/ other than once"

# 7. Agents are resolved once, before any game, for every ruleset of the run.
# An evaluation one ruleset has none of is refused in one line before any game, whichever ruleset
# comes first (brandubh first used to crash: only the first ruleset was checked).
for presets in "brandubh, hnefatafl-13" "hnefatafl-13, brandubh"; do
    printf '[experiment]\nname = two\ngames = 2\n[rules]\npresets = %s\n[agent.ab]\ntype = alphabeta\ndepth = 1\neval = trained\n' \
        "$presets" >"$tmp/two.ini"
    "$TAFL" run "$tmp/two.ini" --out "$tmp/two" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "no evaluation ships for ruleset hnefatafl-13" "$tmp/err" &&
        [ ! -e "$tmp/two" ] && ok || { fail "eval=trained with presets $presets"; cat "$tmp/err" >&2; }
done
# eval=trained on rules no evaluation ships for, on a board one ships for: the nearest shipped
# one plays, said on stderr and in meta (which, and the options that differ); setup records its
# hash, and reproduce plays it again.
printf '[experiment]\nname = carried\ngames = 4\nopening_plies = 2\nmax_plies = 60\n[rules]\npresets = brandubh, brandubh-online\n[agent.ab]\ntype = alphabeta\ndepth = 1\neval = trained\n' \
    >"$tmp/carried.ini"
"$TAFL" run "$tmp/carried.ini" --out "$tmp/carried" >/dev/null 2>"$tmp/err" &&
    grep -q "^tafl: agent ab: eval=trained: trained for brandubh, played on brandubh-online: .* differs in king_capture, repetition$" "$tmp/err" &&
    [ "$(grep -c '^eval_from\.' "$tmp/carried/meta")" -eq 1 ] &&
    grep -q '^eval_from.ab.brandubh-online trained for brandubh, played on brandubh-online' "$tmp/carried/meta" &&
    [ "$(sed -n 's/^eval\.1\.1 //p' "$tmp/carried/setup")" = "$(sed -n 's/^eval\.1\.2 //p' "$tmp/carried/setup")" ] &&
    "$TAFL" reproduce "$tmp/carried" >/dev/null 2>&1 && ok ||
    { fail "eval=trained carried to brandubh-online"; cat "$tmp/err" >&2; }
# An evaluation file replaced while a two-ruleset run plays: every game plays the file as it was
# when the run began, and setup and meta name that one.
mkdir -p "$tmp/mid"
"$TAFL" rules show brandubh | sed 's/^name = .*/name = brandubh-copy/' >"$tmp/mid/copy.rules"
cp evals/brandubh.eval "$tmp/mid/x.eval"
printf '[experiment]\nname = mid\ngames = 60\nopening_plies = 2\n[rules]\npresets = brandubh\nfiles = copy.rules\n[agent.ab]\ntype = alphabeta\ndepth = 2\neval = x.eval\n' \
    >"$tmp/mid/mid.ini"
"$TAFL" run "$tmp/mid/mid.ini" --out "$tmp/mid/whole" --threads 1 >/dev/null 2>&1 || fail "mid-run reference"
"$TAFL" run "$tmp/mid/mid.ini" --out "$tmp/mid/swapped" --threads 1 >/dev/null 2>&1 &
pid=$!
tries=0
while [ "$(cat "$tmp/mid/swapped/games.csv" 2>/dev/null | wc -l)" -lt 2 ] && [ $tries -lt 600 ]; do
    sleep 0.02
    tries=$((tries + 1))
done
cp "$(ls evals/retired/brandubh-*.eval | head -n 1)" "$tmp/mid/x.eval"
wait $pid || fail "the run whose evaluation file was replaced"
hash=$(sed -n 's/^eval_hash.1 //p' "$tmp/mid/swapped/setup")
cmp -s "$tmp/mid/whole/games.csv" "$tmp/mid/swapped/games.csv" &&
    grep -q "^agent.ab .*eval=$tmp/mid/x.eval@$hash$" "$tmp/mid/swapped/meta" &&
    [ "$(grep -c "^eval.1.[12] $tmp/mid/x.eval@$hash$" "$tmp/mid/swapped/setup")" -eq 2 ] && ok ||
    fail "a run whose evaluation file was replaced mixed two evaluations or recorded two"
# reproduce plays the recorded evaluation: the run's own copy (evals/HASH.eval) while it has
# one, whatever the named file holds now ...
"$TAFL" reproduce "$tmp/mid/swapped" --out "$tmp/mid/kept" >"$tmp/out" 2>&1 &&
    grep -q "reproduced, byte-identical" "$tmp/out" && ok || { fail "reproduce from the kept copy"; cat "$tmp/out" >&2; }
# ... and without it (a run made before copies were kept) the named file, refused before any
# game when its content is not the recorded one.
rm -r "$tmp/mid/swapped/evals"
"$TAFL" reproduce "$tmp/mid/swapped" --out "$tmp/mid/again" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "x.eval: the content changed since it was recorded (hash [0-9a-f]*, recorded $hash)" "$tmp/err" && [ ! -e "$tmp/mid/again/games.csv" ] && ok ||
    { fail "reproduce with the evaluation file changed since"; cat "$tmp/out" "$tmp/err" >&2; }
cp evals/brandubh.eval "$tmp/mid/x.eval"
"$TAFL" reproduce "$tmp/mid/swapped" --out "$tmp/mid/again2" >"$tmp/out" 2>&1 &&
    grep -q "reproduced, byte-identical" "$tmp/out" && ok || { fail "reproduce with the file restored"; cat "$tmp/out" >&2; }
# eval=trained is recorded as what it resolved to; a run recorded before that (no eval. lines)
# replays what its meta names, and one whose evaluation is found nowhere is refused.
printf '[experiment]\nname = tr\ngames = 4\n[rules]\npresets = brandubh\n[agent.ab]\ntype = alphabeta\ndepth = 1\neval = trained\n' \
    >"$tmp/tr.ini"
"$TAFL" run "$tmp/tr.ini" --out "$tmp/tr" >/dev/null 2>&1 && grep -q "^eval.1.1 trained@[0-9a-f]\{16\}$" "$tmp/tr/setup" &&
    ok || fail "eval=trained recorded as trained@HASH"
sed -i '/^eval\./d' "$tmp/tr/setup"
"$TAFL" reproduce "$tmp/tr" --out "$tmp/tr-again" >"$tmp/out" 2>&1 && grep -q "reproduced, byte-identical" "$tmp/out" &&
    ok || { fail "reproduce of a run recorded without eval. lines"; cat "$tmp/out" >&2; }
sed -i 's/eval=trained@[0-9a-f]*/eval=trained@0123456789abcdef/' "$tmp/tr/meta"
"$TAFL" reproduce "$tmp/tr" --out "$tmp/tr-gone" >"$tmp/out" 2>"$tmp/err"
[ $? -ne 0 ] && [ ! -e "$tmp/tr-gone/games.csv" ] && grep -q "0123456789abcdef" "$tmp/err" && ok ||
    { fail "reproduce of a run whose evaluation is found nowhere"; cat "$tmp/out" "$tmp/err" >&2; }
sed -i '/^agent.ab /d' "$tmp/tr/meta"
"$TAFL" reproduce "$tmp/tr" --out "$tmp/tr-none" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -e "$tmp/tr-none" ] && grep -q "recorded no evaluation" "$tmp/err" && ok ||
    { fail "reproduce of a run that recorded no evaluation"; cat "$tmp/out" "$tmp/err" >&2; }

# 8. A sweep's candidate names are names every command accepts: remove = "d3 c4" (blanks, as
# doc/knob.md allows) names its candidate brandubh+remove.d3_c4, which crossing and reproduce
# read back (they refused 'brandubh+remove.d3 c4').
printf '[experiment]\nname = sw\ngames = 2\nmax_plies = 40\n[sweep]\nbase = brandubh\nremove = d3, d3 c4, d3  c4 e4\n[agent.r]\ntype = random\n' >"$tmp/sw.ini"
"$TAFL" run "$tmp/sw.ini" --out "$tmp/sw" >/dev/null 2>&1 &&
    [ "$(tail -n +2 "$tmp/sw/summary.csv" | cut -d, -f1 | tr '\n' ' ')" = '"brandubh" "brandubh+remove.d3" "brandubh+remove.d3_c4" "brandubh+remove.d3_c4_e4" ' ] &&
    "$TAFL" crossing "$tmp/sw/games.csv" --knob handicap >/dev/null 2>"$tmp/err" &&
    "$TAFL" reproduce "$tmp/sw" >/dev/null 2>>"$tmp/err" && ok ||
    { fail "a sweep with blanks in a value through run, crossing and reproduce"; cat "$tmp/err" >&2; }

# 9. A run keeps a copy of each evaluation file it plays (evals/HASH.eval): a reproduce from
# another directory, where the recorded relative path names another file or none, plays the
# copy; an edited copy is refused.
mkdir -p "$tmp/ev/a" "$tmp/ev/b"
case $TAFL in /*) tafl_abs=$TAFL ;; *) tafl_abs=$PWD/$TAFL ;; esac
cp evals/brandubh.eval "$tmp/ev/a/x,y.eval"
printf '[experiment]\nname = ev\ngames = 4\nmax_plies = 40\nopening_plies = 2\n[rules]\npresets = brandubh\n[agent.ab]\ntype = alphabeta\ndepth = 1\neval = x,y.eval\n' >"$tmp/ev/a/ev.ini"
hash=""
(cd "$tmp/ev/a" && "$tafl_abs" run ev.ini --out run >/dev/null 2>&1) &&
    hash=$(sed -n 's/^eval_hash.1 //p' "$tmp/ev/a/run/setup") && [ -n "$hash" ] &&
    cmp -s "$tmp/ev/a/run/evals/$hash.eval" evals/brandubh.eval && ok || fail "the run keeps its evaluation file"
cp "$(ls evals/retired/brandubh-*.eval | head -n 1)" "$tmp/ev/b/x,y.eval"
(cd "$tmp/ev/b" && "$tafl_abs" reproduce "$tmp/ev/a/run" --out "$tmp/ev/rep" >/dev/null 2>"$tmp/err") && ok ||
    { fail "reproduce from another directory plays the kept evaluation"; cat "$tmp/err" >&2; }
# The path holds a comma, and is hashed all the same: the file changed, a resume is refused.
cp "$tmp/ev/b/x,y.eval" "$tmp/ev/a/x,y.eval"
sed -i 's/^games = 4/games = 6/' "$tmp/ev/a/ev.ini"
(cd "$tmp/ev/a" && "$tafl_abs" run ev.ini --out run --resume >/dev/null 2>"$tmp/err")
[ $? -eq 2 ] && grep -q "resume refused: .*eval_hash.1 was '$hash'" "$tmp/err" && ok ||
    { fail "a resume after the comma-named evaluation file changed"; cat "$tmp/err" >&2; }
echo "bias 0x1p+0" >>"$tmp/ev/a/run/evals/$hash.eval"
(cd "$tmp/ev/b" && "$tafl_abs" reproduce "$tmp/ev/a/run" --out "$tmp/ev/rep2" >/dev/null 2>"$tmp/err")
[ $? -ne 0 ] && grep -q "the content changed since it was recorded" "$tmp/err" && [ ! -e "$tmp/ev/rep2/games.csv" ] && ok ||
    { fail "an edited kept evaluation is refused"; cat "$tmp/err" >&2; }

# 10. Alpha-beta's defaults changed with setup format 2 (doc/commands.md). A run made before
# (format 1, its spec as written) plays again with the defaults of its day: made here by
# playing the plain search, then writing its setup as the old format did. agent_defaults = 1
# plays the same games; a resume with the short spec is refused, showing the plain items.
plain=pvs=0,lmr=0,tt_deep=0,ext=0,qchecks=0,nullmove=0,qrepeat=0,blend=0
mkdir -p "$tmp/old"
printf '[experiment]\nname = old\ngames = 6\nmax_plies = 60\nopening_plies = 2\n[rules]\npresets = brandubh\n[agent.ab]\ntype = alphabeta\ndepth = 2\n' >"$tmp/old/old.ini"
sed 's/^games = 6$/games = 6\nagent_defaults = 1/' "$tmp/old/old.ini" >"$tmp/old/pinned.ini"
sed "s/^depth = 2$/depth = 2\n$(echo "$plain" | sed 's/,/\\n/g; s/=/ = /g')/" "$tmp/old/old.ini" >"$tmp/old/plain.ini"
"$TAFL" run "$tmp/old/old.ini" --out "$tmp/old/today" >/dev/null 2>&1 &&
    "$TAFL" run "$tmp/old/pinned.ini" --out "$tmp/old/pinned" >/dev/null 2>&1 &&
    "$TAFL" run "$tmp/old/plain.ini" --out "$tmp/old/plain" >/dev/null 2>&1 &&
    grep -qx "spec.1 alphabeta:depth=2,$plain" "$tmp/old/pinned/setup" &&
    grep -qx "setup_format 2" "$tmp/old/today/setup" &&
    cmp -s "$tmp/old/plain/games.csv" "$tmp/old/pinned/games.csv" &&
    ! cmp -s "$tmp/old/today/games.csv" "$tmp/old/pinned/games.csv" && ok ||
    fail "agent_defaults = 1 plays the plain search, the default another"
# The pinned run's setup as format 1 wrote it: reproduce plays the plain search again.
cp -r "$tmp/old/pinned" "$tmp/old/format1"
sed -i "s/^setup_format 2$/setup_format 1/; s/^spec.1 alphabeta:depth=2,$plain$/spec.1 alphabeta:depth=2/" \
    "$tmp/old/format1/setup"
grep -qx "spec.1 alphabeta:depth=2" "$tmp/old/format1/setup" &&
    "$TAFL" reproduce "$tmp/old/format1" --out "$tmp/old/again" >"$tmp/out" 2>&1 &&
    grep -q "reproduced, byte-identical" "$tmp/out" && ok ||
    { fail "reproduce of a format 1 run with the old defaults"; cat "$tmp/out" >&2; }
snapshot "$tmp/old/format1" >"$tmp/before"
sed -i 's/^games = 6$/games = 8/' "$tmp/old/old.ini"
"$TAFL" run "$tmp/old/old.ini" --out "$tmp/old/format1" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "spec.1 was 'alphabeta:depth=2,$plain', now 'alphabeta:depth=2'.*before alpha-beta's defaults changed" "$tmp/err" &&
    snapshot "$tmp/old/format1" | cmp -s - "$tmp/before" && ok ||
    { fail "a resume of a format 1 run under the new defaults is refused"; cat "$tmp/err" >&2; }
# A format 1 spec too long to be written out with the old defaults is refused, not played
# with today's defaults: by reproduce at its load and by a resume.
cp -r "$tmp/old/format1" "$tmp/old/long"
sed -i "s/^spec.1 .*/spec.1 alphabeta:depth=2,noise=$(printf '%0980d' 0)/" "$tmp/old/long/setup"
"$TAFL" reproduce "$tmp/old/long" --out "$tmp/old/long-again" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "long/setup: key 'spec': missing or bad value" "$tmp/err" &&
    [ ! -e "$tmp/old/long-again" ] && ok ||
    { fail "reproduce of a format 1 spec too long for its old defaults"; cat "$tmp/err" >&2; }
snapshot "$tmp/old/long" >"$tmp/before"
"$TAFL" run "$tmp/old/old.ini" --out "$tmp/old/long" --resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "spec.1 cannot be written out with the defaults of its day" "$tmp/err" &&
    snapshot "$tmp/old/long" | cmp -s - "$tmp/before" && ok ||
    { fail "a resume of a format 1 spec too long for its old defaults"; cat "$tmp/err" >&2; }
sed -i 's/^games = 6$/games = 8/' "$tmp/old/pinned.ini"
"$TAFL" run "$tmp/old/pinned.ini" --out "$tmp/old/format1" --resume >/dev/null 2>"$tmp/err" &&
    [ "$(($(wc -l <"$tmp/old/format1/games.csv") - 1))" -eq 8 ] && ok ||
    { fail "a format 1 run resumed with agent_defaults = 1"; cat "$tmp/err" >&2; }

echo "repro: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
