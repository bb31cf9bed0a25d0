#!/bin/sh
# The differential check with OpenTafl: does OpenTafl's own rules engine play each ruleset as
# tafl-lab does? For every preset (or the rulesets in $PRESETS: preset names or ruleset files),
# tafl-lab plays games (random movers, greedy against random, and alpha-beta at depth 1 on
# both sides after 4 random plies; at most 300 plies), exports them as OTN game records, and
# RulesCheck.java replays them in OpenTafl under the rules string the external agent sends
# with quirks=opentafl (read from a probe game's transcript), comparing every ply: the legal
# move set before it (tafl-lab's from tests/opentafl/legalmoves.c), the move's legality, its
# captures, and whether and how the game ends there. Prints per ruleset the games, plies and
# legal move sets compared and the disagreements by category (tests/opentafl/README.md says
# what each means), with examples. A ruleset quirks=opentafl refuses is checked under the
# string it would have sent, and marked refused.
#
# $SCALE multiplies the game counts (default 1: 200 games a ruleset: 100 random, 25 + 25
# greedy against random, 50 alpha-beta) and $SEED (default 0) is added to every seed, so that
# runs with other SEEDs play other games; the games of a ruleset are played with
# --threads ${THREADS:-2}. Needs javac (a JDK) besides OpenTafl's runtime and a built tafl
# (its rules/ objects build the helper); a development check, not part of make test.
# OpenTafl is found as in tests/opentafl.sh. About 3 minutes at SCALE=1 on two cores.
set -u
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
tafl="${TAFL:-build/tafl}"
case $tafl in /*) ;; *) tafl="$root/$tafl" ;; esac
scale=${SCALE:-1}
seed=${SEED:-0}
threads=${THREADS:-2}
dir=""
for d in "${OPENTAFL_DIR:-}" "$root/../shared/peers/opentafl" /work/shared/peers/opentafl; do
    if [ -n "$d" ] && [ -x "$d/opentafl-engine" ]; then dir=$(cd "$d" && pwd); break; fi
done
[ -n "$dir" ] || { echo "rules-check.sh: no OpenTafl found (set OPENTAFL_DIR)" >&2; exit 1; }
command -v javac >/dev/null 2>&1 || { echo "rules-check.sh: needs javac (a JDK)" >&2; exit 1; }
objs=$(dirname "$(readlink -f "$tafl")")/rules
[ -d "$objs" ] || { echo "rules-check.sh: no rules/ objects beside $tafl (run make)" >&2; exit 1; }
cp="$dir/opentafl.jar:$dir/lanterna.jar:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tafl-rules-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" -cp "$cp" tests/opentafl/RulesCheck.java || exit 1
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -I. -o "$tmp/legalmoves" tests/opentafl/legalmoves.c \
    "$objs"/*.o -lm || exit 1

# The rules line the external agent sends with quirks=opentafl for ruleset $1, from the
# transcript of a game against a stalling stand-in; empty (and the refusal in
# $tmp/probe.err) when it refuses the ruleset.
sent_rules() {
    case $1 in */* | *.ini) key="files = $(readlink -f "$1")" ;; *) key="presets = $1" ;; esac
    printf '%s\n' '[experiment]' 'name = probe' 'games = 1' '[rules]' "$key" '[agent.ot]' \
        'type = external' "cmd = $root/tests/engines/stall.sh" 'movetime_ms = 1300' \
        'timeout_ms = 50' 'quirks = opentafl' '[agent.r]' 'type = random' '[matchups]' \
        'pair = ot vs r' >"$tmp/probe.ini"
    rm -rf "$tmp/probe"
    "$tafl" run "$tmp/probe.ini" --out "$tmp/probe" >/dev/null 2>"$tmp/probe.err" &&
        sed -n 's/^> rules //p' "$tmp"/probe/transcripts/game-*.txt
}

for p in ${PRESETS:-$("$tafl" rules list | awk '{print $1}')}; do
    : >"$tmp/games.otn"
    for m in "random random 100 1 0" "greedy random 25 1 0" "random greedy 25 7 0" \
        "alphabeta:depth=1 alphabeta:depth=1 50 11 4"; do
        set -- $m
        rm -rf "$tmp/g"
        "$tafl" match --rules "$p" --attacker "$1" --defender "$2" --games $(($3 * scale)) \
            --seed $(($4 + seed)) --opening-plies "$5" --threads "$threads" --max-plies 300 \
            --record-moves --out "$tmp/g" >/dev/null 2>&1 &&
            "$tafl" export "$tmp/g/games.csv" 2>/dev/null >>"$tmp/games.otn" ||
            { echo "rules-check.sh: $p: tafl match/export failed" >&2; exit 1; }
    done
    ours=$("$tafl" rules show "$p" --otn 2>/dev/null)
    note=""
    theirs=$(sent_rules "$p")
    if [ -z "$theirs" ]; then
        # Refused: what it would send, the letters of opentafl_tfr and the re-entry keys of
        # spell_out_reentry (agents/external.c).
        note=" [refused by quirks=opentafl: $(sed 's/.*OpenTafl cannot play //' "$tmp/probe.err")]"
        theirs=$(echo "$ours" | sed 's/ tfr:l / tfr:w /')
        case " $theirs" in
        *" cenre:"*) theirs=$(echo "$theirs" | sed 's/ start:/ corre:tcnkmTCNKM aforre:tcnkmTCNKM dforre:tcnkmTCNKM start:/') ;;
        esac
    fi
    "$tmp/legalmoves" "$ours" "$tmp/games.otn" >"$tmp/legal.txt" || exit 1
    echo "$p: sent '${theirs%% start:*}'$note"
    java -cp "$cp:$tmp" RulesCheck "$theirs" "$tmp/games.otn" "$tmp/legal.txt" | sed 's/^/    /'
done
