#!/bin/sh
# The files `tafl train --resume` reads back from its own directory (issue 54): a gen-G.pos
# with a record self-play could not have kept (a king off the board, random bytes, side to move
# 7, a huge piece count or position count, a NaN label) is refused in one line naming the file,
# the record and what is wrong, with exit 2, never fitted or crashed on. Counted budgets only.
# Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"
tiny="$DATA/rulesets/tiny5.ini"
train() { "$TAFL" train --rules "$tiny" --seed 7 --games 8 --gate-pairs 2 --depth 1 \
    --gate-depth 1 --epochs 20 --threads 1 "$@"; }

# One generation in $tmp/base; fresh() copies it to $tmp/$1 for one case.
train --generations 1 --out "$tmp/base" >/dev/null 2>"$tmp/base.err" || fail "train base: $(cat "$tmp/base.err")"
fresh() { rm -rf "$tmp/$1" && cp -R "$tmp/base" "$tmp/$1"; }

# gen-G.pos is "tafl-train-pos 2\n" (17 bytes), a 64-bit count, then the records as they are in
# memory (tune/selfplay.h's TrainPos): a GameState of two bitboards of W words, hash, fort hash,
# ply (32 bits), king, attacker and defender counts (16 bits each), side, winner, reason (8 bits
# each), padded to 8 bytes, then the label and search (floats) and the game (int), padded to 8.
# W comes from the record size, so the offsets follow the build's RULES_WORDS.
positions=$(awk -F, 'NR == 2 { print $3 }' "$tmp/base/train.csv")
size=$(wc -c <"$tmp/base/gen-001.pos")
rec=$(((size - 25) / positions))
words=$(((rec - 48) / 16))
at() { # at RECORD FIELD_OFFSET: the byte offset of a field of record RECORD (from 1)
    echo $((25 + ($1 - 1) * rec + $2))
}
king=$((16 * words + 20))
attacker_count=$((16 * words + 22))
side=$((16 * words + 26))
label=$((16 * words + 32))
# poke FILE OFFSET OCTAL_BYTES: overwrites bytes in place ('\377\377').
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
[ "$positions" -gt 3 ] && [ $((25 + positions * rec)) -eq "$size" ] && ok || fail "gen-001.pos layout: $size bytes, $positions positions"

# resume_refused DIR WHAT PATTERN: a resume of DIR exits 2 with one line matching PATTERN.
resume_refused() {
    train --generations 2 --out "$tmp/$1" --resume >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/$1.err")" -eq 1 ] && grep -q "$3" "$tmp/$1.err"; then ok; else
        fail "$2: rc $rc: $(cat "$tmp/$1.err")"
    fi
    [ -e "$tmp/$1/gen-002.eval" ] && fail "$2: generation 2 was fitted" || ok
}

fresh king && poke "$tmp/king/gen-001.pos" "$(at 2 $king)" '\377\377'
resume_refused king "king 65535" "gen-001.pos: record 2 of $positions: the king's square 65535 is off the board"

fresh side && poke "$tmp/side/gen-001.pos" "$(at 3 $side)" '\007'
resume_refused side "side 7" "gen-001.pos: record 3 of $positions: side to move or result out of range"

fresh count && poke "$tmp/count/gen-001.pos" "$(at 1 $attacker_count)" '\377\177'
resume_refused count "attacker count 32767" "gen-001.pos: record 1 of $positions: piece counts 32767/"

fresh nan && poke "$tmp/nan/gen-001.pos" "$(at "$positions" $label)" '\000\000\300\177'
resume_refused nan "NaN label" "gen-001.pos: record $positions of $positions: label nan is not an outcome"

fresh board && poke "$tmp/board/gen-001.pos" "$(at 1 0)" '\377\377\377\377\377\377\377\377'
resume_refused board "a bitboard off the board" "gen-001.pos: record 1 of $positions: a piece lies outside the 5x5 board"

# A huge count: the file is not a position file of its size (nothing is allocated for it).
fresh huge && poke "$tmp/huge/gen-001.pos" 17 '\377\377\377\377\377\377\377\077'
resume_refused huge "a huge count" "gen-001.pos: not a position file of this build"

# Random bytes over every record (a seeded draw): refused at the first record.
fresh random
LC_ALL=C awk -v n=$((size - 25)) 'BEGIN { srand(11); for (i = 0; i < n; i++) printf "%c", int(256 * rand()) }' >"$tmp/noise"
dd if="$tmp/noise" of="$tmp/random/gen-001.pos" bs=1 seek=25 conv=notrunc 2>/dev/null
[ "$(wc -c <"$tmp/random/gen-001.pos")" -eq "$size" ] && ok || fail "random bytes changed the size"
resume_refused random "random bytes" "gen-001.pos: record 1 of $positions: "

echo "train_files.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
