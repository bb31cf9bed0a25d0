#!/bin/sh
# The commit trailer rule (CONTRIBUTING.md, "Habits"): every commit since the rule was checked
# ends its message with `No functional change` or with `Bench: <nodes> <hash>`, the signature of
# tests/data/bench.sig in that commit. Merges are exempt. Run by tests/docs.sh; usable as a
# pre-push hook. Outside a git checkout (a release tarball) there is nothing to check.
# Usage: scripts/check-trailers.sh [FIRST]   FIRST: the oldest commit checked (default the one
# that began the check; commits before it kept the rule only in part).
set -u
first=${1:-8e6c9ee}
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "trailers: not a git checkout"; exit 0; }
# A shallow or partial clone may lack the first commit: then only what it has is checked.
if git cat-file -e "$first^{commit}" 2>/dev/null; then
    range="$first^..HEAD"
    git cat-file -e "$first^" 2>/dev/null || range=HEAD
else
    range=HEAD
fi
bad=0
count=0
for c in $(git rev-list --no-merges "$range"); do
    count=$((count + 1))
    last=$(git log -1 --format=%B "$c" | sed '/^[[:space:]]*$/d' | tail -n 1)
    case $last in
    "No functional change") ;;
    "Bench: "*)
        sig=$(git show "$c:tests/data/bench.sig" 2>/dev/null | sed 's/^bench: //')
        if [ "Bench: $sig" != "$last" ]; then
            echo "trailers: $(git log -1 --format='%h %s' "$c"): '$last' is not tests/data/bench.sig ('$sig')"
            bad=$((bad + 1))
        fi
        ;;
    *)
        echo "trailers: $(git log -1 --format='%h %s' "$c"): the message ends with neither 'No functional change' nor 'Bench: <nodes> <hash>'"
        bad=$((bad + 1))
        ;;
    esac
done
echo "trailers: $count commits read, $bad without the trailer"
[ "$bad" -eq 0 ]
