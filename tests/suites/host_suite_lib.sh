# Sourced by the shell tests that run the host suite (build/host/suite):
# the suite's path, a scratch folder removed on exit, the TAP line writer,
# and the one-line SKIP when the suite is not built (make host-tests does
# not build it, make check does). Not a test: its name has no test_ prefix.
# shellcheck shell=bash
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
suite="$here/${B:-build}/host/suite"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
# report TEXT CODE: one TAP line, "ok" when CODE is 0.
report() { n=$((n+1)); if [ "$2" = 0 ]; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
# need_suite TEXT: the whole test as one SKIP when the suite is not built.
need_suite() {
  [ -x "$suite" ] && return 0
  echo "ok 1 - $1 # SKIP build/host/suite not built"
  echo "1..1"; exit 0
}
