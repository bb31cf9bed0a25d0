#!/bin/sh
# A long solve killed and resumed (issue 51): `tafl solve --out DIR` keeps each class in
# DIR/tables/ once solved; a run killed with SIGKILL and run again with --resume reads those
# back and solves the rest, and its summary, classes.csv and table file equal an uninterrupted
# solve's byte for byte. A kept class that is damaged or missing is solved again; without
# --resume a directory holding an earlier solve is refused. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"

rules=experiments/solve/tiny5-custodial.ini
same() { # same DIR TABLES: DIR's files and TABLES equal the uninterrupted solve's
    cmp -s "$tmp/ref/summary.txt" "$1/summary.txt" && cmp -s "$tmp/ref/classes.csv" "$1/classes.csv" &&
        cmp -s "$tmp/ref.tb" "$2"
}

"$TAFL" solve --rules "$rules" --threads 2 --out "$tmp/ref" --tables "$tmp/ref.tb" >/dev/null 2>&1 ||
    { echo "FAIL: the uninterrupted solve failed" >&2; exit 1; }
classes=$(ls "$tmp/ref/tables" | wc -l)
[ "$classes" -eq 15 ] && ok || fail "the uninterrupted solve kept $classes classes, not 15"

# A real kill: SIGKILL once at least 4 classes are kept (a solve that finishes first still
# resumes from what it kept), then --resume.
"$TAFL" solve --rules "$rules" --threads 2 --out "$tmp/killed" >/dev/null 2>&1 &
pid=$!
i=0
while [ "$i" -lt 600 ] && [ "$(ls "$tmp/killed/tables" 2>/dev/null | wc -l)" -lt 4 ] &&
    kill -0 "$pid" 2>/dev/null; do
    sleep 0.05
    i=$((i + 1))
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
kept=$(ls "$tmp/killed/tables" | wc -l)
"$TAFL" solve --rules "$rules" --threads 2 --out "$tmp/killed" --tables "$tmp/killed.tb" \
    >/dev/null 2>"$tmp/refused.err"
[ $? -eq 2 ] && grep -q "holds an earlier solve's classes: --resume to go on" "$tmp/refused.err" &&
    ok || fail "a directory of an earlier solve was not refused without --resume"
"$TAFL" solve --rules "$rules" --threads 1 --out "$tmp/killed" --tables "$tmp/killed.tb" --resume \
    >/dev/null 2>"$tmp/resume.err" && same "$tmp/killed" "$tmp/killed.tb" && ok ||
    { fail "a solve killed after $kept classes and resumed differs"; cat "$tmp/resume.err" >&2; }
grep -q "classes read back from" "$tmp/resume.err" && ok ||
    fail "the resume read no class back (kept $kept)"
# the resumed tables checked again against the rules engine, on 200,000 sampled positions
"$TAFL" probe --tables "$tmp/killed.tb" --rules "$rules" --check 200000 --threads 2 \
    >"$tmp/check.out" 2>&1 && grep -q "200000 positions .*: 0 inconsistent" "$tmp/check.out" && ok ||
    { fail "the resumed tables disagree with their successors"; cat "$tmp/check.out" >&2; }

# Damaged and missing classes: solved again, the same files.
cp -r "$tmp/ref" "$tmp/hurt"
rm "$tmp/hurt/tables/class-1-1.tb"
printf 'X' | dd of="$tmp/hurt/tables/class-2-1.tb" bs=1 seek=500 conv=notrunc 2>/dev/null
cp "$tmp/ref/tables/class-0-1.tb" "$tmp/hurt/tables/class-1-0.tb"
"$TAFL" solve --rules "$rules" --threads 2 --out "$tmp/hurt" --tables "$tmp/hurt.tb" --resume \
    >/dev/null 2>"$tmp/hurt.err" && same "$tmp/hurt" "$tmp/hurt.tb" && ok ||
    { fail "a resume over damaged classes differs"; cat "$tmp/hurt.err" >&2; }
grep -q "class-2-1.tb: damaged: its checksum does not match its contents: solved again" \
    "$tmp/hurt.err" && grep -q "class-1-0.tb: damaged: a class of 0 attackers and 1 defenders" \
    "$tmp/hurt.err" && grep -q "12 classes read back" "$tmp/hurt.err" && ok ||
    { fail "the damaged classes were not named"; cat "$tmp/hurt.err" >&2; }

echo "solve-resume: $passed passed, $failed failed (the kill came after $kept of 15 classes)"
[ "$failed" -eq 0 ]
