#!/bin/sh
# Finds the libraries tafl-lab builds with and installs the Debian packages of any that are
# missing, saying what it does. Run by `make deps` (and so by `make run` and `make test`).
set -eu

missing=""
need() { missing="$missing $1"; }

command -v pkg-config >/dev/null 2>&1 || need pkg-config
command -v cc >/dev/null 2>&1 || need gcc
command -v make >/dev/null 2>&1 || need make
if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists check || need check
    pkg-config --exists inih || need libinih-dev
else
    need check
    need libinih-dev
fi
# groff renders the manual page for its test (tests/cli.sh).
command -v groff >/dev/null 2>&1 || need groff-base
# GNU parallel runs the shards test (tests/shards.sh) and doc/commands.md's example.
command -v parallel >/dev/null 2>&1 || need parallel
# clang's OpenMP runtime and Archer (make test CC=clang, make tsan) come with libomp-dev.
if command -v clang >/dev/null 2>&1 &&
    ! printf '#include <omp.h>\n' | clang -fopenmp -E -x c - >/dev/null 2>&1; then
    need libomp-dev
fi
# libFuzzer and the sanitizer runtimes of clang (make fuzz, make tsan) come with libclang-rt-dev.
if command -v clang >/dev/null 2>&1 &&
    [ ! -e "$(clang --print-runtime-dir 2>/dev/null)/libclang_rt.fuzzer-$(uname -m).a" ]; then
    need libclang-rt-dev
fi
# libcsv ships no pkg-config file on Debian: look for its header instead.
if ! printf '#include <csv.h>\n' | ${CC:-cc} -E -x c - >/dev/null 2>&1; then
    need libcsv-dev
fi

# OpenTafl, the peer engine of the integration test (tests/opentafl.sh, make test-opentafl),
# runs on Java with Debian's ini4j and jline2.
command -v java >/dev/null 2>&1 || need default-jre-headless
[ -e /usr/share/java/ini4j.jar ] || need libini4j-java
[ -e /usr/share/java/jline2.jar ] || need libjline2-java

# gnuplot draws the figures (balance curves, tuning traces); gnuplot-nox has the pngcairo
# and svg terminals without X.
command -v gnuplot >/dev/null 2>&1 || need gnuplot-nox

# With --report (make deps-report): headless Chromium renders tafl report's pages and xmllint
# parses them (tests/report.sh skips those checks without them).
if [ "${1:-}" = "--report" ]; then
    command -v chromium >/dev/null 2>&1 || need chromium
    command -v xmllint >/dev/null 2>&1 || need libxml2-utils
fi

if [ -z "$missing" ]; then
    exit 0
fi

echo "deps: missing Debian packages:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "deps: not root and no sudo: install them with: apt-get install$missing" >&2
    exit 1
fi
echo "deps: running: $sudo apt-get update" >&2
$sudo apt-get update -q >&2
echo "deps: running: $sudo apt-get install -y$missing" >&2
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >&2
echo "deps: installed:$missing" >&2
