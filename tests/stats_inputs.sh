#!/bin/sh
# Issue 54 item 5: no statistic that the data do not support, with exit 0. tafl crossing and a
# design's knob never bracket a crossing by one level ([20, 20]) nor mix rulesets whose ply cap
# goes to different sides or capped rows whose winner contradicts their ruleset; tafl calibrate
# refuses input with nothing to score (exit 2, one line saying what was read and skipped) and
# counts what it skips. Run by `make test` with TAFL set.
set -u
. "$(dirname "$0")/lib.sh"

expect() { # expect STATUS NEEDLE -- ARGS...: exit STATUS, NEEDLE in stdout or stderr
    want_status=$1 needle=$2
    shift 3
    "$TAFL" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want_status" ]; then
        fail "tafl $*: exit $status, expected $want_status"; cat "$tmp/out" "$tmp/err" >&2; return
    fi
    if ! cat "$tmp/out" "$tmp/err" | grep -qF -- "$needle"; then
        fail "tafl $*: output lacks '$needle'"; cat "$tmp/out" "$tmp/err" >&2; return
    fi
    if [ "$want_status" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        fail "tafl $*: error is not one line"; cat "$tmp/err" >&2; return
    fi
    ok
}
lacks() { # lacks TEXT: the last expect's output does not hold TEXT
    ! cat "$tmp/out" "$tmp/err" | grep -qF -- "$1" && ok || fail "the output holds '$1'"
}

# A knob run: random self-play of brandubh capped at 20, 40 and 80 plies, the cap won by the
# defenders. Its games are then rewritten into the scores of the issue (ended by the king,
# so that every row stays consistent; the capped rows keep their defenders' win).
for n in 20 40 80; do
    printf 'base = brandubh\nmax_plies = %s\nlimit_result = defenders\n' "$n" >"$tmp/cap$n.ini"
done
printf 'base = brandubh\nmax_plies = 80\nlimit_result = attackers\n' >"$tmp/cap80a.ini"
knob_run() { # knob_run DIR RULESET-FILES AGENTS
    printf '[experiment]\nname = k\nseed = 5\ngames = 30\nmax_plies = 0\nopening_plies = 4\n[rules]\nfiles = %s\n%s\n' \
        "$2" "$3" >"$tmp/$1.ini"
    "$TAFL" run "$tmp/$1.ini" --out "$tmp/$1" >/dev/null 2>&1 || fail "run $1"
}
knob_run k "cap20.ini, cap40.ini, cap80.ini" '[agent.r]
type = random'
wins_at_20() { # wins_at_20 N DIR: the first N games at cap20 won by the attackers, the rest lost
    mkdir -p "$2"
    cp -r "$tmp/k/rulesets" "$tmp/k/meta" "$tmp/k/setup" "$2/"
    awk -F, -v n="$1" 'BEGIN { OFS = "," } NR == 1 { print; next }
        $2 == "\"cap20\"" && w < n { $6 = "attackers"; $7 = "king_captured"; w++; print; next }
        { $6 = "defenders"; if ($7 != "max_plies") $7 = "king_escaped"; print }' \
        "$tmp/k/games.csv" >"$2/games.csv"
}
# 1 of 30 at 20, none at 40 and 80: every level is below 1/2, the crossing (if any) below 20.
# It once said "jumps from 0 to 1 between max_plies 20 and 20".
wins_at_20 1 "$tmp/k1"
expect 0 "no crossing within the levels measured" -- crossing "$tmp/k1/games.csv"
grep -qF "at max_plies in [-inf, 20.00]" "$tmp/out" && ok || fail "crossing 1/30: not (-inf, 20]"
lacks "between max_plies 20 and 20"
# 18 of 30 at 20 (its interval holds 1/2), none at 40 and 80: below 40, perhaps below 20.
wins_at_20 18 "$tmp/k18"
expect 0 "the crossing is not bracketed by the levels measured" -- crossing "$tmp/k18/games.csv"
grep -qF "at max_plies in [-inf, 40.00]" "$tmp/out" && ok || fail "crossing 18/30: not (-inf, 40]"
lacks "between max_plies 20 and 20"

# A capped row whose winner is not its ruleset's limit_result is refused, as resume does.
mkdir -p "$tmp/kc"
cp -r "$tmp/k/rulesets" "$tmp/k/meta" "$tmp/k/setup" "$tmp/kc/"
awk -F, 'BEGIN { OFS = "," } NR > 1 && $7 == "max_plies" && !d { $6 = "attackers"; d = NR } { print }
    END { print d > "/dev/stderr" }' "$tmp/k/games.csv" >"$tmp/kc/games.csv" 2>"$tmp/kc.line"
expect 2 "$tmp/kc/games.csv:$(cat "$tmp/kc.line"): winner 'attackers' with reason 'max_plies': ruleset" -- crossing "$tmp/kc/games.csv"
# Rulesets whose cap goes to different sides are not one knob.
knob_run km "cap20.ini, cap40.ini, cap80a.ini" '[agent.r]
type = random'
expect 2 "rulesets cap20 and cap80a give the ply cap to different sides (limit_result defenders, attackers)" -- crossing "$tmp/km/games.csv"
# The games left out are counted: r against g and g's self-play are not r's knob.
knob_run kg "cap20.ini, cap40.ini" '[agent.r]
type = random
[agent.g]
type = greedy'
total=$(($(wc -l <"$tmp/kg/games.csv") - 1))
selfr=$(grep -c ',"r","r",' "$tmp/kg/games.csv")
selfg=$(grep -c ',"g","g",' "$tmp/kg/games.csv")
expect 0 "skipped $((total - selfr)) of $total games: $((total - selfr - selfg)) not self-play, $selfg of other agents" -- crossing "$tmp/kg/games.csv" --agent r
expect 2 "no self-play games of agent x ($total rows read, $((total - selfr - selfg)) not self-play, $((selfr + selfg)) of other agents)" -- crossing "$tmp/kg/games.csv" --agent x

# The design's knob: won every game at limits 4 and 8 (the cap goes to the attackers), 7 of
# 40 at 400: it crosses 1/2 between 8 and 400, where it once said [400.0, 400.0]. Limits 2
# and 4 are all won: no balancing limit, where it once printed nan.
cp "$DATA/runner/brandubh-cap.ini" "$tmp/"
sed 's/^knob_limits = .*/knob_limits = 4, 8, 400/' "$DATA/runner/design-knob.ini" >"$tmp/dk.ini"
expect 0 "the games separate (no logistic fit), the crossing lies in [8.0, 400.0] (limits 4..400)" -- run "$tmp/dk.ini" --out "$tmp/dk"
lacks "[400.0, 400.0]"
[ "$(sed -n 2p "$tmp/dk/crossing.csv" | cut -d, -f2,4,5)" = "separated,8.00,400.00" ] && ok ||
    fail "design crossing.csv: $(cat "$tmp/dk/crossing.csv")"
sed 's/^knob_limits = .*/knob_limits = 2, 4/' "$DATA/runner/design-knob.ini" >"$tmp/d1.ini"
expect 0 "move-limit knob: no balancing limit: every game at limits 2..4 had one result" -- run "$tmp/d1.ini" --out "$tmp/d1"
lacks "nan"

# calibrate: nothing to score is exit 2 and one line that says what was read and skipped.
head -c 3000 /dev/urandom | od -An -tx1 >"$tmp/random.txt" # random text, no NUL bytes
lines=$(wc -l <"$tmp/random.txt")
expect 2 "no games to score: $lines lines read, $lines left out as not a game" -- calibrate "$tmp/random.txt" --eval hand
head -c 3000 /dev/urandom >"$tmp/random.bin"
printf '\000\n' >>"$tmp/random.bin" # at least one NUL byte
expect 2 "a NUL byte: not a games file" -- calibrate "$tmp/random.bin" --eval hand
# /dev/zero has no newline: refused past the line limit, not read until memory runs out.
expect 2 "/dev/zero:1: a line longer than 4194304 bytes: not a games file" -- calibrate /dev/zero --eval hand
# The wrong rules: no game replays.
expect 2 "$DATA/games/copenhagen.csv: nothing to score: 1752 games read (plies 8-24), all 1752 skipped: 31 without a result, 1721 that do not replay under brandubh (first: line 7, ply 1: " -- calibrate "$DATA/games/copenhagen.csv" --rules brandubh --eval hand
# Lines that do not replay: left out and counted.
printf 'a1-a2,0,0,Black\nnot a game\n' >"$tmp/unplayable.csv"
expect 2 "nothing to score: 1 game read (plies 8-24), all 1 skipped: 0 without a result, 1 that do not replay under copenhagen (first: line 1, ply 1: 'a1-a2' is not a legal move" -- calibrate "$tmp/unplayable.csv" --eval hand
grep -q "1 line not a game" "$tmp/err" && ok || fail "calibrate: the unreadable line is not counted"
# Some skipped: the scores come with the count of what was left out and why.
expect 0 "skipped 66 of 1752 games: 31 without a result, 11 that do not replay under copenhagen (first: line 298, ply 50:" -- calibrate "$DATA/games/copenhagen.csv" --eval hand
grep -q "24 with no position in the plies asked" "$tmp/out" && ok || fail "calibrate: the short games"

echo "stats_inputs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
