#!/bin/sh
# A fake OTEP engine for the fault tests: says hello, then answers every `play` with a move
# from a corner, which is empty in every opening: an illegal move.
echo hello
while read -r word rest; do
    case $word in
    play) echo "move a1-a2" ;;
    finish | goodbye) exit 0 ;;
    esac
done
