#!/bin/sh
# A fake OTEP engine for the fault tests: starts but never says hello.
exec sleep 60
