#!/usr/bin/env bash
# Host test: the README's defect table ("| defect | breaks |") names every
# defect of pmu/emu_faults.h (uncore X(, core C(, SNB-EP S( and Xeon 7500 E(
# lines alike) exactly once and nothing else, and each core-, snbep- and ex-
# row says it is host-tested only.
# Prints TAP like the other shell tests; offenders as "# " lines.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
n=0 failed=0
check() { # check NAME OFFENDERS
  n=$((n + 1))
  if [ -z "$2" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; sed 's/^/# /' <<<"$2"; failed=$((failed + 1)); fi
}
faults=$(sed -n 's/^[[:space:]]*[XCSE]([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' "$root/pmu/emu_faults.h")
table=$(awk '/^\| defect \| breaks \|/ { on = 1; next } on && !NF { exit } on' "$root/README.md")
rows=$(sed -n 's/^| `\([^`]*\)` | .*/\1/p' <<<"$table")

check "every defect has one README row" "$(for f in $faults; do
  [ "$(grep -cx -- "$f" <<<"$rows")" = 1 ] || echo "$f"; done)"
check "every core, snbep and ex defect's row says host tests only" "$(for f in $faults; do
  case $f in core-* | snbep-* | ex-*) grep -q "^| \`$f\` | .*host tests only" <<<"$table" || echo "$f" ;; esac; done)"
check "every README row is a defect" "$(for r in $rows; do
  grep -qx -- "$r" <<<"$faults" || echo "$r"; done)"
echo "1..$n"
[ "$failed" -eq 0 ]
