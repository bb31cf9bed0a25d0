# Shared by the shell tests (sourced, not run): TAFL (the binary under test, default
# build/tafl), DATA (tests/data, or TAFL_TEST_DATA), a temporary directory $tmp removed at exit
# (kept when KEEP is set), and the ok/fail counters each test reports at its end.
TAFL=${TAFL:-build/tafl}
DATA=${TAFL_TEST_DATA:-tests/data}
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
