#!/bin/sh
# A fake OTEP engine for the board check: says hello and, at `play`, reports a board that is
# not the game's (Brandubh's start without the attacker on d7) before its move.
echo hello
while read -r word rest; do
    case $word in
    play)
        echo "position /7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        echo "move d2-c2"
        ;;
    finish | goodbye) exit 0 ;;
    esac
done
