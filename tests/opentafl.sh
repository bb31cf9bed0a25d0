#!/bin/sh
# The OpenTafl integration test: tafl-lab hosts the real OpenTafl (v0.4.8.0b, an OTEP engine)
# for 10 Brandubh games on each side and 2 Copenhagen games on each side
# (tests/data/opentafl/*.ini); every game must end by the rules, with no protocol failure
# (illegal_move, engine_crash, engine_timeout) and no fault report from the engine.
#
# OpenTafl is looked for in $OPENTAFL_DIR, then ../shared/peers/opentafl beside the repository,
# then /work/shared/peers/opentafl; it needs java (default-jre-headless, libini4j-java,
# libjline2-java). Without them the test says SKIPPED and exits 0, or fails when
# OPENTAFL_REQUIRED=1 (CI). TAFL names the binary (default build/tafl). About 1-2 minutes.
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
