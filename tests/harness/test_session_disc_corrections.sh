#!/usr/bin/env bash
# Host test of the banner's discovery corrections (harness/session.c,
# xeon-discovery.md §4.5): the banner names the corrections that changed a
# table, not those that merely apply to the model. The host suite on
# Sapphire Rapids (0x8F) names the CHA count (D-41) and the UPI and M3UPI
# rebuilds (D-42), not the two CXL control steps (D-20: its emulated part
# has no CXL unit), and disc.table.read names the same; with
# disc-cha-uncorrected (MSR 0x2FFE reads 0) the CHA count is gone from
# both; on Granite Rapids (0xAD) the banner names the B2CXL step (D-20)
# alone; on a model no row names with uncore=disc (0xD0, D-60) it says
# none was applied, and on a Nehalem (0x1A) it says nothing of them.
# Prints TAP; SKIPs when build/host/suite is not built (make host-tests
# does not build it, make check does).
set -uo pipefail
# shellcheck source=../suites/host_suite_lib.sh
. "$(dirname "$0")/../suites/host_suite_lib.sh"
need_suite "the banner names the discovery corrections applied"

# run NAME MODEL OPTS...: the host suite on MODEL, disc.table.read alone.
run() {
  local name=$1 model=$2
  shift 2
  "$suite" --cpus 2 --packages 1 --model "$model" --results "$tmp/$name" \
    "tests=disc.table.read" "$@" > "$tmp/$name.log" 2>&1
}
# banner NAME: the banner's correction lines, those before the first test
banner() { sed -n '/^\[1\//q;/^uncore correction/p' "$tmp/$1.log"; }

run spr 0x8F
b=$(banner spr)
report "0x8F: three corrections applied in the banner" "$([ "$(grep -c . <<<"$b")" = 3 ]; echo $?)"
report "0x8F: the CHA count from MSR 0x2FFE (D-41)" \
  "$(grep -q "^uncore correction applied to socket 0's table: CHA count from MSR 0x2FFE (D-41)$" \
     <<<"$b"; echo $?)"
report "0x8F: UPI and M3UPI rebuilt (D-42)" "$([ "$(grep -c '(D-42)$' <<<"$b")" = 2 ]; echo $?)"
report "0x8F: no CXL step, no CXL unit (D-20)" "$(! grep -q 'D-20' <<<"$b"; echo $?)"
report "0x8F: disc.table.read names the CHA count it changed" \
  "$(grep -q '^ *corrected: CHA count from MSR 0x2FFE (D-41)' "$tmp/spr.log"; echo $?)"

run uncorrected 0x8F emu.fault=disc-cha-uncorrected
b=$(banner uncorrected)
report "0x8F, MSR 0x2FFE reading 0: no CHA count in the banner or the table read (D-41)" \
  "$([ "$(grep -c . <<<"$b")" = 2 ] && ! grep -q 'D-41' "$tmp/uncorrected.log"; echo $?)"

run gnr 0xAD
b=$(banner gnr)
report "0xAD: the B2CXL step alone (D-20)" \
  "$([ "$(grep -c . <<<"$b")" = 1 ] && grep -q 'B2CXL controls 8 bytes apart (D-20)$' <<<"$b"; echo $?)"

run unlisted 0xD0 uncore=disc
report "0xD0 with uncore=disc: the disc generation, no correction applied (D-60)" \
  "$(grep -q '^uncore: disc ' "$tmp/unlisted.log" &&
     [ "$(banner unlisted)" = "uncore corrections: none applied (0 for model 0xd0, 1 table(s) read)" ]
     echo $?)"

run nhm 0x1A
report "0x1A: nothing of corrections" "$([ -z "$(banner nhm)" ]; echo $?)"
echo "1..$n"
