#!/usr/bin/env bash
# Host test: the defect table of docs/defects.md ("| defect | breaks |",
# moved there from the README) names every defect (the lists beside the
# models, as build/host/regs --defects prints them) exactly once and
# nothing else, and a row says "host tests only" exactly when no row of
# `make mutation` runs its defect (build/host/regs --mutation).
# Prints TAP like the other shell tests; offenders as "# " lines.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
n=0 failed=0
check() { # check NAME OFFENDERS
  n=$((n + 1))
  if [ -z "$2" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; sed 's/^/# /' <<<"$2"; failed=$((failed + 1)); fi
}
regs="$root/${B:-build}/host/regs"
if [ ! -x "$regs" ]; then
  echo "not ok 1 - regs built"; echo "# $regs missing: make ${B:-build}/host/regs"; exit 1
fi
faults=$("$regs" --defects | awk '{ print $1 }')
in_mutation=$("$regs" --mutation | awk '{ for (i = 6; i <= NF; i++) print $i }')
host_only=$(for f in $faults; do grep -qx -- "$f" <<<"$in_mutation" || echo "$f"; done)
table=$(awk '/^\| defect \| breaks \|/ { on = 1; next } on && !NF { exit } on' "$root/docs/defects.md")
rows=$(sed -n 's/^| `\([^`]*\)` | .*/\1/p' <<<"$table")

check "every defect has one docs/defects.md row" "$(for f in $faults; do
  [ "$(grep -cx -- "$f" <<<"$rows")" = 1 ] || echo "$f"; done)"
check "a row says host tests only iff its defect is not in make mutation" "$(for f in $faults; do
  only=no; grep -qx -- "$f" <<<"$host_only" && only=yes
  said=no; grep -q "^| \`$f\` | .*host tests only" <<<"$table" && said=yes
  [ $only = $said ] || echo "$f (host only: $only, row says so: $said)"; done)"
check "every docs/defects.md row is a defect" "$(for r in $rows; do
  grep -qx -- "$r" <<<"$faults" || echo "$r"; done)"
echo "1..$n"
[ "$failed" -eq 0 ]
