#!/bin/sh
# A fake OTEP engine for the fault tests: says hello and, at `play`, prints a Java exception
# trace on stdout the way OpenTafl does (ExternalEngineClient sends System.err to System.out)
# and falls silent; with `exit` as $1 it exits instead.
echo hello
while read -r word rest; do
    case $word in
    play)
        echo "Uncaught exception! This OpenTafl is running as ENGINE"
        echo "java.lang.NullPointerException: Cannot invoke \"GameTreeState.countChildren(int)\""
        echo "	at com.manywords.softworks.tafl.engine.ai.AiWorkspace.getGameTreeSize(AiWorkspace.java:811)"
        [ "${1:-}" = exit ] && exit 1
        sleep 60
        ;;
    finish | goodbye) exit 0 ;;
    esac
done
