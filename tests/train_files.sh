#!/bin/sh
# The files `tafl train --resume` reads back from its own directory (issues 54, 50): a gen-G.pos
# changed, cut short, of another version, not one, with random bytes or a huge position count
# is refused in one line naming the file and what is wrong, with exit 2, never fitted or
# crashed on (a record self-play could not have kept: tests/check_train.c); generations.sha256
# records each gen-G.pos and gen-G.eval as written, and a resume refuses one changed since
# (exit 2) or a link (exit 1), naming it; a train.csv row that no generation could have written
# is a damaged row. Counted budgets only. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
tiny="$DATA/rulesets/tiny5.ini"
# Seed 11 accepts generation 1: the best's gen-001.eval is read back on a resume.
train() { "$TAFL" train --rules "$tiny" --seed 11 --games 8 --gate-pairs 2 --depth 1 \
    --gate-depth 1 --epochs 20 --threads 1 "$@"; }

# One generation in $tmp/base; fresh() copies it to $tmp/$1 for one case.
train --generations 1 --out "$tmp/base" >/dev/null 2>"$tmp/base.err" || fail "train base: $(cat "$tmp/base.err")"
fresh() { rm -rf "$tmp/$1" && cp -R "$tmp/base" "$tmp/$1"; }
# resum DIR: records the files of DIR as they are now, as a damaged directory whose hashes were
# made again would: then each record of gen-001.pos is what is checked.
resum() { (cd "$1" && sha256sum gen-001.pos gen-001.eval >generations.sha256); }
awk -F, 'NR == 2 { exit !($16 == 1 && $17 == 1) }' "$tmp/base/train.csv" && ok || fail "generation 1 not accepted: $(cat "$tmp/base/train.csv")"
(cd "$tmp/base" && sha256sum -c --status generations.sha256) && ok || fail "generations.sha256 does not check with sha256sum: $(cat "$tmp/base/generations.sha256")"

# gen-G.pos (tune/selfplay.h, doc/formats.md "Position files"): "TAFLPOS\n", version 1, the
# board side, the rules hash, a 64-bit count, then records of 17 bytes and one a piece, then an
# FNV-1a checksum. A record self-play could not have kept is refused by tests/check_train.c,
# which makes the checksum again; here, with only the SHA-256 made again, any changed byte, a
# file cut short, random bytes or a huge count is refused by the checksum, naming the file.
positions=$(awk -F, 'NR == 2 { print $3 }' "$tmp/base/train.csv")
size=$(wc -c <"$tmp/base/gen-001.pos")
# poke FILE OFFSET OCTAL_BYTES: overwrites bytes in place ('\377\377').
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
byte() { od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' '; }
[ "$(head -c 8 "$tmp/base/gen-001.pos")" = "$(printf 'TAFLPOS\n')" ] && [ "$(byte "$tmp/base/gen-001.pos" 12)" -eq 5 ] &&
    [ "$(byte "$tmp/base/gen-001.pos" 24)" -eq $((positions % 256)) ] && ok || fail "gen-001.pos header"
# The first record's attackers and defenders: its length.
first=$((17 + $(byte "$tmp/base/gen-001.pos" 47) + $(byte "$tmp/base/gen-001.pos" 48)))
[ "$positions" -gt 3 ] && [ "$size" -gt $((40 + first)) ] && ok || fail "gen-001.pos layout: $size bytes, $positions positions"

# resume_refused DIR WHAT PATTERN: a resume of DIR exits 2 with one line matching PATTERN.
resume_refused() {
    train --generations 2 --out "$tmp/$1" --resume >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/$1.err")" -eq 1 ] && grep -q "$3" "$tmp/$1.err"; then ok; else
        fail "$2: rc $rc: $(cat "$tmp/$1.err")"
    fi
    [ -e "$tmp/$1/gen-002.eval" ] && fail "$2: generation 2 was fitted" || ok
}

fresh king && poke "$tmp/king/gen-001.pos" $((32 + 14)) '\377' && resum "$tmp/king"
resume_refused king "a king's byte changed" "gen-001.pos: damaged or truncated: the checksum does not match"

fresh cut && head -c $((size - 9)) "$tmp/base/gen-001.pos" >"$tmp/cut/gen-001.pos" && resum "$tmp/cut"
resume_refused cut "a file cut short" "gen-001.pos: damaged or truncated"

# A huge count: refused before anything is allocated for it.
fresh huge && poke "$tmp/huge/gen-001.pos" 24 '\377\377\377\377\377\377\377\077' && resum "$tmp/huge"
resume_refused huge "a huge count" "gen-001.pos: damaged or truncated"

fresh version && poke "$tmp/version/gen-001.pos" 8 '\002' && resum "$tmp/version"
resume_refused version "version 2" "gen-001.pos: position file version 2; this build reads version 1"

fresh magic && poke "$tmp/magic/gen-001.pos" 0 'tafl-tra' && resum "$tmp/magic"
resume_refused magic "another file" "gen-001.pos: not a position file"

# Random bytes over every record (a seeded draw).
fresh random
LC_ALL=C awk -v n=$((size - 32)) 'BEGIN { srand(11); for (i = 0; i < n; i++) printf "%c", int(256 * rand()) }' >"$tmp/noise"
dd if="$tmp/noise" of="$tmp/random/gen-001.pos" bs=1 seek=32 conv=notrunc 2>/dev/null
resum "$tmp/random"
[ "$(wc -c <"$tmp/random/gen-001.pos")" -eq "$size" ] && ok || fail "random bytes changed the size"
resume_refused random "random bytes" "gen-001.pos: damaged or truncated"

# Without the hashes made again, any change is refused before a record is read, naming the
# file; so is an edited best evaluation (a weight changed, still a valid file), which the
# self-play and the gate would otherwise have played silently.
fresh edited && poke "$tmp/edited/gen-001.pos" $((32 + 14)) '\377'
resume_refused edited "an edited gen-001.pos" "gen-001.pos: changed since the training wrote it"
fresh best && sed 's/^bias .*/bias 0x1p+0/' "$tmp/base/gen-001.eval" >"$tmp/best/gen-001.eval"
cmp -s "$tmp/base/gen-001.eval" "$tmp/best/gen-001.eval" && fail "the bias was not changed" || ok
resume_refused best "an edited gen-001.eval" "gen-001.eval: changed since the training wrote it"
fresh unrecorded && sed -i '/gen-001.eval$/d' "$tmp/unrecorded/generations.sha256"
resume_refused unrecorded "an unrecorded gen-001.eval" "gen-001.eval: no SHA-256 of it in generations.sha256"
fresh sums && printf 'not a hash  gen-001.pos\n' >>"$tmp/sums/generations.sha256"
resume_refused sums "a damaged generations.sha256" "generations.sha256:3: a damaged line"

# train.csv's rows name the generations whose files are read back: a best generation that is
# not the one before nor the row's own accepted one, or outcomes that do not add up to the
# games, is a damaged row.
fresh row && awk -F, -v OFS=, 'NR == 2 { $17 = 5 } { print }' "$tmp/base/train.csv" >"$tmp/row/train.csv"
resume_refused row "best generation 5 in generation 1's row" "train.csv:2: a damaged row"
fresh wins && awk -F, -v OFS=, 'NR == 2 { $5 = $5 + 1 } { print }' "$tmp/base/train.csv" >"$tmp/wins/train.csv"
resume_refused wins "an attacker win too many" "train.csv:2: a damaged row"

# Links are not followed where the training reads its own files back, even to the same bytes.
for f in gen-001.pos gen-001.eval; do
    fresh link && mv "$tmp/link/$f" "$tmp/$f.real" && ln -s "$tmp/$f.real" "$tmp/link/$f"
    train --generations 2 --out "$tmp/link" --resume >/dev/null 2>"$tmp/link.err"
    rc=$?
    [ $rc -eq 1 ] && grep -q "$f: exists and is not a regular file (a symbolic link)" "$tmp/link.err" && ok ||
        fail "a linked $f: rc $rc: $(cat "$tmp/link.err")"
done
fresh link && ln -s "$tmp/base/generations.sha256" "$tmp/link/generations.sha256.x" && rm "$tmp/link/generations.sha256" &&
    mv "$tmp/link/generations.sha256.x" "$tmp/link/generations.sha256"
train --generations 2 --out "$tmp/link" --resume >/dev/null 2>"$tmp/link.err"
[ $? -eq 1 ] && grep -q "generations.sha256: exists and is not a regular file (a symbolic link)" "$tmp/link.err" && ok ||
    fail "a linked generations.sha256: $(cat "$tmp/link.err")"
# Nor where it writes them: a link planted at the next generation's file is refused.
fresh plant && ln -s "$tmp/planted" "$tmp/plant/gen-002.pos"
train --generations 2 --out "$tmp/plant" --resume >/dev/null 2>"$tmp/plant.err"
[ $? -eq 1 ] && [ ! -e "$tmp/planted" ] && grep -q "gen-002.pos: exists and is not a regular file (a symbolic link" "$tmp/plant.err" && ok ||
    fail "a link at gen-002.pos: $(cat "$tmp/plant.err")"

# An untouched directory resumes to the files of an uninterrupted run, hashes included.
fresh whole
train --generations 2 --out "$tmp/whole" --resume >/dev/null 2>"$tmp/whole.err" || fail "resume: $(cat "$tmp/whole.err")"
train --generations 2 --out "$tmp/once" >/dev/null 2>&1 || fail "train once"
for f in train.csv gen-002.pos gen-002.eval generations.sha256; do
    cmp -s "$tmp/whole/$f" "$tmp/once/$f" && ok || fail "$f differs after a resume"
done
[ "$(wc -l <"$tmp/once/generations.sha256")" -eq 4 ] && ok || fail "generations.sha256: $(cat "$tmp/once/generations.sha256")"

# A training directory is a run directory (issue 55): meta (the build, the command line, the
# sessions, state finished), rulesets/NAME.rules (the custom ruleset's full text as trained:
# the training's max_plies 300 over the file's 120), and the headline measured by one final
# match of the best against the hand-written evaluation (final.csv and meta's final_* lines,
# with the 95% interval), not a sum of gate results.
grep -q '^build [0-9a-f]' "$tmp/base/meta" && grep -q '^kind train$' "$tmp/base/meta" && grep -q '^state finished$' "$tmp/base/meta" &&
    grep -q '^command tafl train --rules .*tiny5.ini .*--generations 1 ' "$tmp/base/meta" && ok || fail "meta: $(cat "$tmp/base/meta" 2>&1)"
grep -q '^session\.1 .* done$' "$tmp/base/meta" && grep -q ' done$' "$tmp/base/sessions" && ok || fail "sessions: $(cat "$tmp/base/sessions" 2>&1)"
grep -q '^rules\.tiny5 rulesets/tiny5\.rules$' "$tmp/base/meta" && grep -q '^size = 5$' "$tmp/base/rulesets/tiny5.rules" &&
    grep -q '^max_plies = 300$' "$tmp/base/rulesets/tiny5.rules" && ok || fail "rulesets/tiny5.rules: $(cat "$tmp/base/rulesets/tiny5.rules" 2>&1)"
head -1 "$tmp/base/final.csv" 2>/dev/null | grep -q '^evaluation,best_generation,opponent,games,score,low,high,elo,elo_low,elo_high$' &&
    awk -F, 'NR == 2 { exit !($1 == "best.eval" && $2 == 1 && $3 == "hand" && $4 == 4 && $6 <= $5 && $5 <= $7 && $9 <= $8 && $8 <= $10) }' "$tmp/base/final.csv" &&
    ok || fail "final.csv: $(cat "$tmp/base/final.csv" 2>&1)"
grep -q '^final_score [0-9.]* \[[0-9.]*, [0-9.]*\]$' "$tmp/base/meta" && ok || fail "meta's final_score: $(grep final "$tmp/base/meta")"
train --generations 1 --out "$tmp/head" >"$tmp/head.out" 2>/dev/null
grep -q '^trained train-tiny5 for tiny5: 1 generations, best from generation 1; against the hand-written evaluation (final match, 4 games): score [0-9.]* \[[0-9.]*, [0-9.]*\], [-+][0-9]* Elo \[[-+][0-9]*, [-+][0-9]*\]$' "$tmp/head.out" &&
    ! grep -q 'by the gates' "$tmp/head.out" && ok || fail "headline: $(cat "$tmp/head.out")"
"$TAFL" report "$tmp/base" --md "$tmp/base.md" >/dev/null 2>&1 && grep -q 'final_score' "$tmp/base.md" && grep -q 'final.csv' "$tmp/base.md" &&
    ! grep -q 'No meta file' "$tmp/base.md" && ok || fail "report of a training: $(grep -n 'meta\|final' "$tmp/base.md" 2>&1 | head)"

# SIGTERM stops a training as it stops a run: the generation in progress is dropped, the line
# says where the whole rows are and to resume with --resume, the exit status is 143, meta says
# stopped; the resume ends with the files of an uninterrupted training.
# (tafl itself in the background, not the function's subshell, so that the signal reaches it)
"$TAFL" train --rules "$tiny" --seed 11 --games 8 --gate-pairs 2 --depth 1 --gate-depth 1 --epochs 20 \
    --threads 1 --generations 30 --out "$tmp/term" >/dev/null 2>"$tmp/term.err" &
pid=$!
while kill -0 "$pid" 2>/dev/null && [ "$(cat "$tmp/term/train.csv" 2>/dev/null | wc -l)" -lt 2 ]; do sleep 0.005; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
rc=$?
rows=$(($(wc -l <"$tmp/term/train.csv") - 1))
if [ "$rows" -lt 30 ]; then
    [ $rc -eq 143 ] && grep -q "^tafl train: stopped by SIGTERM: $tmp/term/train.csv holds the $rows generations finished before it, each row whole; run the same command with --resume to train the rest$" "$tmp/term.err" &&
        ok || fail "SIGTERM: rc $rc: $(cat "$tmp/term.err")"
    grep -q '^state stopped$' "$tmp/term/meta" && grep -q ' stopped$' "$tmp/term/sessions" && ok || fail "meta after SIGTERM: $(grep state "$tmp/term/meta" 2>&1)"
    train --generations 30 --out "$tmp/term" --resume >/dev/null 2>"$tmp/term2.err" || fail "resume after SIGTERM: $(cat "$tmp/term2.err")"
    train --generations 30 --out "$tmp/term30" >/dev/null 2>&1 || fail "train 30"
    for f in train.csv generations.sha256 best.eval final.csv rulesets/tiny5.rules setup; do
        cmp -s "$tmp/term/$f" "$tmp/term30/$f" && ok || fail "$f differs after SIGTERM and a resume"
    done
    grep -q '^state finished$' "$tmp/term/meta" && grep -q '^sessions 2$' "$tmp/term/meta" && ok || fail "meta after the resume: $(grep 'state\|sessions' "$tmp/term/meta")"
else
    fail "SIGTERM came after the training's 30 generations: nothing tested"
fi

echo "train_files.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
