#!/bin/sh
# The OpenTafl integration test: tafl-lab hosts the real OpenTafl (v0.4.8.0b, an OTEP engine)
# for 10 Brandubh games on each side and 2 Copenhagen games on each side
# (tests/data/opentafl/*.ini; Copenhagen with repetition = lose,
# experiments/rulesets/copenhagen-opentafl.ini); every game must end by the rules, with no protocol failure
# (illegal_move, engine_crash, engine_timeout) and no fault report from the engine.
#
# OpenTafl is looked for in $OPENTAFL_DIR, then ../shared/peers/opentafl beside the repository,
# then /work/shared/peers/opentafl; it needs java (default-jre-headless, libini4j-java,
# libjline2-java). Without them the test says SKIPPED and exits 0, or fails when
# OPENTAFL_REQUIRED=1 (CI). First, with a JDK (javac), OpenTafl's rules engine must end the
# minimal repetition case of issue 22 as tafl-lab does. TAFL names the binary (default
# build/tafl). About 1-2 minutes.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
tafl=${TAFL:-build/tafl}
case $tafl in /*) ;; *) tafl="$root/$tafl" ;; esac

skip() {
    if [ "${OPENTAFL_REQUIRED:-0}" = 1 ]; then
        echo "opentafl.sh: FAILED: $1 (OPENTAFL_REQUIRED=1)" >&2
        exit 1
    fi
    echo "opentafl.sh: SKIPPED: $1" >&2
    exit 0
}

dir=""
for d in "${OPENTAFL_DIR:-}" "$root/../shared/peers/opentafl" /work/shared/peers/opentafl; do
    if [ -n "$d" ] && [ -x "$d/opentafl-engine" ]; then
        dir=$(cd "$d" && pwd)
        break
    fi
done
[ -n "$dir" ] || skip "no OpenTafl found (set OPENTAFL_DIR; looked in ../shared/peers/opentafl and /work/shared/peers/opentafl)"
command -v java >/dev/null 2>&1 || skip "java not found (apt-get install default-jre-headless libini4j-java libjline2-java)"
for jar in /usr/share/java/ini4j.jar /usr/share/java/jline2.jar; do
    [ -e "$jar" ] || skip "$jar not found (apt-get install libini4j-java libjline2-java)"
done
[ -x "$tafl" ] || { echo "opentafl.sh: FAILED: no tafl binary at $tafl" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tafl-opentafl.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
PATH="$dir:$PATH"
export PATH

# Issue 22: OpenTafl's program plays tfr:l and tfr:w the other way round from its notation
# spec. The minimal case: on Brandubh, d1-c1 d3-e3 c1-d1 e3-d3 twice brings the start back a
# third time by the defenders' move; under repetition = lose (tfr:l as the spec reads it)
# tafl-lab gives the attackers the game. OpenTafl's rules engine (tests/opentafl/RulesCheck.java)
# replays it under the rules string the external agent sends with quirks=opentafl (from a
# probe game's transcript) and must end it there with the same result; under the spec's tfr:l
# it must not (it gives the repeater the win), or the check proves nothing.
if command -v javac >/dev/null 2>&1; then
    mini="dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    printf '%s\n' '[event:issue 22 minimal case]' '[result:1]' '[termination:repetition]' \
        "[rules:$mini]" '' '1. d1-c1 d3-e3' '2. c1-d1 e3-d3' '3. d1-c1 d3-e3' '4. c1-d1 e3-d3' \
        >"$tmp/mini.otn"
    if ! "$tafl" replay --quiet "$tmp/mini.otn" >"$tmp/mini.replay" 2>&1; then
        echo "opentafl.sh: FAILED: tafl-lab does not end the minimal case by repetition:" >&2
        cat "$tmp/mini.replay" >&2
        exit 1
    fi
    printf '%s\n' '[experiment]' 'name = probe' 'games = 1' '[rules]' "rules = $mini" \
        '[agent.ot]' 'type = external' "cmd = $root/tests/engines/stall.sh" 'movetime_ms = 1300' \
        'timeout_ms = 50' 'quirks = opentafl' '[agent.r]' 'type = random' '[matchups]' \
        'pair = ot vs r' >"$tmp/probe.ini"
    "$tafl" run "$tmp/probe.ini" --out "$tmp/probe" >/dev/null 2>&1
    sent=$(sed -n 's/^> rules //p' "$tmp"/probe/transcripts/game-*.txt 2>/dev/null)
    cp="$dir/opentafl.jar:$dir/lanterna.jar:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar"
    mkdir -p "$tmp/classes"
    javac -d "$tmp/classes" -cp "$cp" tests/opentafl/RulesCheck.java || exit 1
    got=$(java -cp "$cp:$tmp/classes" RulesCheck "$sent" "$tmp/mini.otn")
    spec=$(java -cp "$cp:$tmp/classes" RulesCheck "$mini" "$tmp/mini.otn")
    case $got in
    *"games 1 plies 8 "*" disagreements 0"*) ;;
    *) echo "opentafl.sh: FAILED: OpenTafl does not end the minimal case as tafl-lab (sent '$sent'): $got" >&2; exit 1 ;;
    esac
    case $spec in
    *"end: repetition, defenders win in OpenTafl"*) ;;
    *) echo "opentafl.sh: FAILED: under the spec's tfr:l OpenTafl was expected to give the repeater the win: $spec" >&2; exit 1 ;;
    esac
    echo "opentafl.sh: the minimal repetition case: OpenTafl, told '${sent%% start:*}', ends it as tafl-lab (attackers win)"
elif [ "${OPENTAFL_REQUIRED:-0}" = 1 ]; then
    echo "opentafl.sh: FAILED: javac not found for the repetition check (OPENTAFL_REQUIRED=1)" >&2
    exit 1
else
    echo "opentafl.sh: SKIPPED the repetition check: javac (a JDK) not found" >&2
fi

failed=0
total=0
for name in brandubh copenhagen; do
    out="$tmp/$name"
    if ! "$tafl" run "tests/data/opentafl/$name.ini" --threads 2 --out "$out" >"$tmp/$name.log" 2>&1; then
        echo "opentafl.sh: FAILED: tafl run tests/data/opentafl/$name.ini:" >&2
        cat "$tmp/$name.log" >&2
        exit 1
    fi
    # games.csv: game,rules,attacker,defender,seed,winner,reason,plies,... (reason: column 7).
    games=$(tail -n +2 "$out/games.csv" | wc -l)
    bad=$(tail -n +2 "$out/games.csv" | awk -F, '$7 ~ /illegal_move|engine_crash|engine_timeout/' | wc -l)
    faults=$(cat "$out"/transcripts/*.txt | grep -c "the engine reports a fault")
    reasons=$(tail -n +2 "$out/games.csv" | awk -F, '{print $7}' | sort | uniq -c | awk '{print $2 ": " $1}' | tr '\n' ' ')
    echo "opentafl.sh: $name: $games games (${reasons% }), $bad protocol failures, $faults fault reports"
    total=$((total + games))
    if [ "$bad" -ne 0 ] || [ "$faults" -ne 0 ]; then
        failed=1
        for t in "$out"/transcripts/*.txt; do
            if grep -q "^# illegal_move\|^# engine_crash\|^# engine_timeout\|reports a fault" "$t"; then
                echo "--- $t" >&2
                grep -v "^< status" "$t" | tail -n 40 >&2
            fi
        done
    fi
done
want=24
if [ "$total" -ne "$want" ]; then
    echo "opentafl.sh: FAILED: $total games played, $want expected" >&2
    exit 1
fi
if [ "$failed" -ne 0 ]; then
    echo "opentafl.sh: FAILED: protocol failures against OpenTafl (transcripts above)" >&2
    exit 1
fi
echo "opentafl.sh: all $total games against OpenTafl ($dir) ended by the rules"
