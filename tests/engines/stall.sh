#!/bin/sh
# A fake OTEP engine for the fault tests: says hello, then never answers `play` (it sleeps;
# the host must kill it, sleep included).
echo hello
while read -r word rest; do
    case $word in
    play) sleep 60 ;;
    finish | goodbye) exit 0 ;;
    esac
done
