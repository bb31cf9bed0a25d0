#!/bin/sh
# `make layers`: every project include of every source folder is one its row of the table below
# allows. A row names the folders (all their headers) or single headers a folder may include;
# an include the row does not allow, an include without its folder, or a folder of C sources
# with no row fails, listing each offending line. CONTRIBUTING.md's map says what each folder
# owns; change both together. Run from the repository root (make test runs it).
set -u

# folder: what it may include (lowest first: rules < solve < agents < stats < formats <
# harness < tune, studies < cli; tune and studies do not include each other).
TABLE='
rules:   rules
solve:   rules solve
agents:  rules solve agents
stats:   stats rules/common.h rules/rng.h
formats: rules solve agents stats formats
harness: rules solve agents stats formats harness
tune:    rules solve agents stats formats harness tune
studies: rules solve agents stats formats harness studies
cli:     rules agents stats formats harness solve tune studies cli
tests:   rules agents stats formats harness solve tune studies cli tests
'

# Every .c and .h outside build/ and .git/; tests/ and its subfolders share the tests row.
files=$(find . \( -path ./build -o -path ./.git \) -prune -o -name '*.[ch]' -print | sed 's#^\./##' | sort)
# shellcheck disable=SC2086 # the paths have no spaces: they are C sources of this repository
awk -v table="$TABLE" '
BEGIN {
    n = split(table, rows, "\n")
    for (i = 1; i <= n; i++) {
        if (split(rows[i], w, /[: ]+/) < 2)
            continue
        row[w[1]] = 1
        for (j = 2; j in w; j++)
            if (w[j] != "")
                allow[w[1], w[j]] = 1
    }
}
FNR == 1 {
    folder = FILENAME
    sub(/\/.*/, "", folder)
    if (!(folder in row) && !(folder in norow)) {
        norow[folder] = 1
        print folder "/: C sources (" FILENAME ") but no row in scripts/layers.sh" >"/dev/stderr"
        bad = 1
    }
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
    inc = $0
    sub(/^[^"]*"/, "", inc)
    sub(/".*/, "", inc)
    top = inc
    if (sub(/\/.*/, "", top) == 0)
        top = ""
    if (folder in norow)
        next
    if (top == "") {
        print FILENAME ":" FNR ": \"" inc "\": an include names its folder" >"/dev/stderr"
        bad = 1
    } else if (!((folder, top) in allow) && !((folder, inc) in allow)) {
        print FILENAME ":" FNR ": " folder "/ may not include \"" inc "\"" >"/dev/stderr"
        bad = 1
    }
}
END {
    if (bad)
        print "make layers: includes outside the table of scripts/layers.sh" >"/dev/stderr"
    exit bad
}' $files
