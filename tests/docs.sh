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

echo "docs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
