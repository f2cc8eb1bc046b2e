#!/usr/bin/env bash
# Host test of the banner's discovery corrections (harness/session.c,
# xeon-discovery.md §4.5): the host suite on Sapphire Rapids (0x8F) names
# in its banner the CHA count (D-41), the UPI and M3UPI rebuilds (D-42) and
# the two CXL control steps (D-20) before disc.table.read runs, and
# disc.table.read says which of them changed a table; on Granite Rapids
# (0xAD) the banner names the three D-20 steps and neither D-41 nor D-42;
# on a model no row names with uncore=disc (0xD0, D-60) and on a Nehalem
# (0x1A) it names none. Prints TAP; SKIPs when build/host/suite is not
# built (make host-tests does not build it, make check does).
set -uo pipefail
# shellcheck source=../suites/host_suite_lib.sh
. "$(dirname "$0")/../suites/host_suite_lib.sh"
need_suite "the banner names the discovery corrections"

# run NAME MODEL OPTS...: the host suite on MODEL, disc.table.read alone.
run() {
  local name=$1 model=$2
  shift 2
  "$suite" --cpus 2 --packages 1 --model "$model" --results "$tmp/$name" \
    "tests=disc.table.read" "$@" > "$tmp/$name.log" 2>&1
}
# banner NAME: the banner's correction lines, those before the first test
banner() { sed -n '/^\[1\//q;/^uncore correction for model /p' "$tmp/$1.log"; }

run spr 0x8F
b=$(banner spr)
report "0x8F: five corrections in the banner" "$([ "$(grep -c . <<<"$b")" = 5 ]; echo $?)"
report "0x8F: the CHA count from MSR 0x2FFE (D-41)" \
  "$(grep -q '^uncore correction for model 0x8f: CHA count from MSR 0x2FFE (D-41);' <<<"$b"; echo $?)"
report "0x8F: UPI and M3UPI rebuilt (D-42)" "$([ "$(grep -c '(D-42);' <<<"$b")" = 2 ]; echo $?)"
report "0x8F: two CXL control steps (D-20)" "$([ "$(grep -c '(D-20);' <<<"$b")" = 2 ]; echo $?)"
report "0x8F: disc.table.read names the CHA count it changed" \
  "$(grep -q '^ *corrected: CHA count from MSR 0x2FFE (D-41)' "$tmp/spr.log"; echo $?)"

run gnr 0xAD
b=$(banner gnr)
report "0xAD: three D-20 steps, no D-41 or D-42" \
  "$([ "$(grep -c '(D-20);' <<<"$b")" = 3 ] && ! grep -q 'D-4[12]' <<<"$b"; echo $?)"

run unlisted 0xD0 uncore=disc
report "0xD0 with uncore=disc: the disc generation, no correction (D-60)" \
  "$(grep -q '^uncore: disc ' "$tmp/unlisted.log" && [ -z "$(banner unlisted)" ]; echo $?)"

run nhm 0x1A
report "0x1A: no correction" "$([ -z "$(banner nhm)" ]; echo $?)"
echo "1..$n"
