#!/bin/sh
# A fake OTEP engine for the fault tests: answers `play` with garbage (control and non-ASCII
# bytes, a 9000-byte line, another protocol's answer) and then a `move` that is no move.
echo hello
while read -r word rest; do
    case $word in
    play)
        printf 'z\001\377\n'
        printf '%09000d\n' 0
        echo "bestmove e2e4"
        echo "move ;;;"
        ;;
    finish | goodbye) exit 0 ;;
    esac
done
