#!/bin/sh
# Does OpenTafl read each preset's rules string as tafl-lab means it? For every preset (or
# those in $PRESETS), 200 games by tafl-lab (random and greedy movers, at most 300 plies) are
# exported as OTN game records and replayed in OpenTafl's own rules engine (RulesCheck.java)
# under the rules string the external agent sends: every move must be legal there, capture
# the same pieces, and end the game where tafl-lab ends it. Prints the disagreements per
# preset. Needs javac (a JDK) besides OpenTafl's runtime; a development check, not part of
# make test. OpenTafl is found as in tests/opentafl.sh. A few minutes.
set -u
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
tafl="${TAFL:-build/tafl}"
case $tafl in /*) ;; *) tafl="$root/$tafl" ;; esac
dir=""
for d in "${OPENTAFL_DIR:-}" "$root/../shared/peers/opentafl" /work/shared/peers/opentafl; do
    if [ -n "$d" ] && [ -x "$d/opentafl-engine" ]; then dir=$(cd "$d" && pwd); break; fi
done
[ -n "$dir" ] || { echo "rules-check.sh: no OpenTafl found (set OPENTAFL_DIR)" >&2; exit 1; }
command -v javac >/dev/null 2>&1 || { echo "rules-check.sh: needs javac (a JDK)" >&2; exit 1; }
cp="$dir/opentafl.jar:$dir/lanterna.jar:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tafl-rules-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" -cp "$cp" tests/opentafl/RulesCheck.java || exit 1
for p in ${PRESETS:-$("$tafl" rules list | awk '{print $1}')}; do
    : >"$tmp/games.otn"
    for m in "random random 100 1" "greedy random 50 1" "random greedy 50 7"; do
        set -- $m
        rm -rf "$tmp/g"
        "$tafl" match --rules "$p" --attacker "$1" --defender "$2" --games "$3" --seed "$4" \
            --max-plies 300 --record-moves --out "$tmp/g" >/dev/null 2>&1 &&
            "$tafl" export "$tmp/g/games.csv" 2>/dev/null >>"$tmp/games.otn" ||
            { echo "rules-check.sh: $p: tafl match/export failed" >&2; exit 1; }
    done
    otn=$("$tafl" rules show "$p" --otn 2>/dev/null)
    # What agents/external.c sends: after cenre, the three re-entry keys OpenTafl misreads.
    case " $otn" in
    *" cenre:"*) otn=$(echo "$otn" | sed 's/ start:/ corre:tcnkmTCNKM aforre:tcnkmTCNKM dforre:tcnkmTCNKM start:/') ;;
    esac
    echo "$p: $(java -cp "$cp:$tmp" RulesCheck "$otn" "$tmp/games.otn" | tr '\n' ' ')"
done
