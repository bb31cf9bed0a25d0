#!/bin/sh
# The documents hold together (issue 26): the short README keeps its set-up, every heading of
# the manual it was split from lives on in README.md or doc/*.md (tests/data/readme-headings.txt),
# and every relative Markdown link of README.md and doc/*.md names a file that exists and, with
# #anchor, a heading of that file (GitHub's anchors). Run by `make test`; needs no tafl binary.
set -u
. "$(dirname "$0")/lib.sh"

# The guide pages other branches add: a link to one is skipped while it is absent.
optional="doc/report.md doc/cost.md doc/design.md"
docs="README.md $(ls doc/*.md)"

# headings FILE...: every heading's text outside fenced code, one a line.
headings() {
    awk '/^```/ { fence = !fence; next } !fence && /^#+ / { sub(/^#+ +/, ""); print }' "$@"
}

# anchors FILE: GitHub's anchor of each heading: lower case, punctuation other than - and _
# dropped, spaces made hyphens, a repeated one suffixed -1, -2 ...
anchors() {
    headings "$1" | awk '{
        s = tolower($0); gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s)
        if (s in seen) { seen[s]++; print s "-" seen[s] } else { seen[s] = 0; print s }
    }'
}

# 1. The set-up is still the two commands, and the README is short (the guide is under doc/).
grep -q '^make run    # ' README.md && grep -q '^make test   # ' README.md && ok ||
    fail "README.md lost its two set-up commands"
[ "$(wc -l <README.md)" -le 250 ] && ok || fail "README.md is $(wc -l <README.md) lines: move text to doc/"

# 1b. Every Check suite that tests/tests.h declares is in check_all's table (tests/test_main.c),
# which make test deals into shards: a suite left out would never run.
for s in $(sed -n 's/^Suite \*\([a-z_0-9]*\)_suite(void);.*/\1/p' tests/tests.h); do
    grep -q "^ *\(.* \)\?${s}_suite," tests/test_main.c ||
        fail "tests/tests.h declares ${s}_suite, which tests/test_main.c's table lacks"
done
ok

# 2. Every heading of the README before the split is a heading somewhere now.
headings $docs >"$tmp/now"
while IFS= read -r h; do
    grep -qxF -- "$h" "$tmp/now" || fail "heading '$h' (tests/data/readme-headings.txt) is in no document"
done <"$DATA/readme-headings.txt"
ok

# 3. Relative links: the file exists; an anchor is a heading of it.
for f in $docs; do
    dir=$(dirname "$f")
    awk '/^```/ { fence = !fence; next } !fence {
        line = $0; gsub(/`[^`]*`/, "", line)
        while (match(line, /\]\([^) ]+/)) {
            print FILENAME ":" FNR " " substr(line, RSTART + 2, RLENGTH - 2)
            line = substr(line, RSTART + RLENGTH)
        }
    }' "$f" >"$tmp/links"
    while read -r where target; do
        case $target in http://* | https://* | mailto:*) continue ;; esac
        path=${target%%#*}
        anchor=
        case $target in *'#'*) anchor=${target#*#} ;; esac
        if [ -z "$path" ]; then file=$f; else file=$dir/$path; fi
        file=$(echo "$file" | sed 's|^\./||; s|/\./|/|g; s|[^/]*/\.\./||g')
        if [ ! -e "$file" ]; then
            case " $optional " in *" $file "*) continue ;; esac
            fail "$where: link to $target: no file $file"
            continue
        fi
        if [ -n "$anchor" ]; then
            anchors "$file" | grep -qxF -- "$anchor" || fail "$where: link to $target: no heading #$anchor in $file"
        fi
        ok
    done <"$tmp/links"
done

# 3b. A code fence is a line of its own: text after a closing ``` would put the rest of the page
# inside the code block (an opening fence may name a language, a word without blanks).
for f in $docs; do
    awk '/^```/ && $0 !~ /^```[A-Za-z0-9_+-]*$/ { print FILENAME ":" FNR ": text beside a code fence" }' "$f"
done >"$tmp/fences"
[ ! -s "$tmp/fences" ] && ok || { fail "code fences"; cat "$tmp/fences" >&2; }

# 4. The shipped results (issue 26): every study directory under results/ names the build that
# made it (its meta's build line, or, for a run from before tafl tune and train wrote one, a
# "Build:" line in its README.md); every row of results/README.md's table names a directory
# that exists (its `NAME/`, else the experiments/NAME.ini of its command), and every directory
# under results/ has a row.
# Shipped means committed: a run the user made here (`make run` writes results/quick-balance/)
# is not shipped, so only the files git tracks are read; outside a git checkout, every file.
shipped() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -- results
    else
        find results -type f
    fi
}
shipped | grep -E '/(summary|tune|curve|train)\.csv$' | sed 's|/[^/]*$||' | sort -u >"$tmp/studies"
[ -s "$tmp/studies" ] || fail "no study directory under results/"
while read -r d; do
    if grep -q '^build [0-9a-f]' "$d/meta" 2>/dev/null || grep -q '^Build: ' "$d/README.md" 2>/dev/null; then
        ok
    else
        fail "$d: no meta with a build line (nor a Build: line in its README.md): which build made it?"
    fi
done <"$tmp/studies"
sed -n '/^| study | command |/,/^$/p' results/README.md | sed '1,2d; /^$/d' >"$tmp/rows"
[ -s "$tmp/rows" ] || fail "results/README.md: no table of studies"
: >"$tmp/named"
while IFS= read -r row; do
    first=$(echo "$row" | cut -d'|' -f2)
    name=$(echo "$first" | sed -n 's/.*`\([A-Za-z0-9._-]*\)\/`.*/\1/p')
    [ -n "$name" ] || name=$(echo "$row" | cut -d'|' -f3 | sed -n 's/.*experiments\/\([A-Za-z0-9._-]*\)\.ini.*/\1/p')
    echo "$name" >>"$tmp/named"
    [ -n "$name" ] && [ -d "results/$name" ] && ok || fail "results/README.md: the row '$first' names no directory under results/"
done <"$tmp/rows"
# A run directory the user made here, beside the shipped ones (as `make run` leaves
# results/quick-balance/ before `make test`), is not asked for a row.
probe=results/zz-unshipped-run-$$
mkdir -p "$probe" && echo "game" >"$probe/summary.csv"
shipped | sed -n 's|^\(results/[^/]*\)/.*|\1|p' | sort -u >"$tmp/dirs"
rm -rf "$probe"
grep -qxF "$probe" "$tmp/dirs" && fail "$probe, a run made here and not committed, counts as shipped" || ok
while IFS= read -r d; do
    grep -qxF "${d#results/}" "$tmp/named" && ok || fail "$d is shipped but has no row in results/README.md's table"
done <"$tmp/dirs"

# 5. The commit trailer rule: every commit since the check began ends with `No functional
# change` or `Bench: <nodes> <hash>` (scripts/check-trailers.sh), and the check does catch one
# that does not, in a repository of its own.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    sh scripts/check-trailers.sh >"$tmp/trailers.out" 2>&1 && ok || { fail "commit trailers"; cat "$tmp/trailers.out" >&2; }
    top=$(pwd)
    (
        cd "$tmp" && git init -q trailers && cd trailers && mkdir -p tests/data &&
            echo "bench: 1 ab" >tests/data/bench.sig && git add tests &&
            git -c user.name=t -c user.email=t@example.org commit -q -m "first" -m "No functional change" &&
            first=$(git rev-parse HEAD) && echo x >f && git add f &&
            git -c user.name=t -c user.email=t@example.org commit -q -m "second, with no trailer" &&
            ! sh "$top/scripts/check-trailers.sh" "$first" >/dev/null
    ) && ok || fail "scripts/check-trailers.sh let a commit without a trailer pass"
fi

echo "docs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
