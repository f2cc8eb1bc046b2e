#!/usr/bin/env bash
# Host test for make regs (scripts/regs.c) on Panther Lake's discovery
# generation (ptl): the units its emulated table lists and where their
# registers are, each offset from the digest's own constants (docs/spec/
# client-uncore.md §4.18), never from pmu/disc/ or the model: the three
# MMIO types (L-134); the global control at the sNCU's unit control +
# 0x380, 32 bits, and one status register 8 bytes above it (L-135, L-137);
# the sNCU's second control 8 bytes above its first, an HBO's fourth 24,
# a memory controller's fifth 16 (L-136, OQ-L56); the counters 8 bytes
# apart, 64 bits (D-20, OQ-L58). Only the sNCU's unit control is taken from
# the listing: the place of the table is the model's. Prints TAP like the
# other shell tests.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
regs="$root/${B:-build}/host/regs"
n=0 failed=0
if [ ! -x "$regs" ]; then
  echo "not ok 1 - regs built"; echo "# $regs missing: make ${B:-build}/host/regs"; echo "1..1"; exit 1
fi
csv=$("$regs" | awk -F, '$1 == "ptl"')

# field BOX REGISTER COLUMN: column COLUMN of the line of REGISTER in BOX.
field() { awk -F, -v b="$1" -v r="$2" -v c="$3" '$2 == b && $3 == r { print $c }' <<<"$csv"; }
# check NAME BOX REGISTER ADDRESS WIDTH ACCESS: that line says mmio at
# ADDRESS (a number), WIDTH bits, ACCESS.
check() {
  local line want
  line=$(awk -F, -v b="$2" -v r="$3" '$2 == b && $3 == r' <<<"$csv" | cut -d, -f4-7)
  want=$(printf 'mmio,0x%X,%s,%s' "$4" "$5" "$6")
  n=$((n + 1))
  if [ "$line" = "$want" ]; then
    echo "ok $n - $1"
  else
    echo "not ok $n - $1"; echo "# want $want; got: ${line:-no line}"
    failed=$((failed + 1))
  fi
}
# count NAME TYPE UNITS: the listing has UNITS units of TYPE.
count() {
  local got
  got=$(awk -F, -v t="type $2 box" '$3 == "unit control" && index($2, t) == 1' <<<"$csv" | wc -l)
  n=$((n + 1))
  if [ "$got" -eq "$3" ]; then echo "ok $n - $1"
  else echo "not ok $n - $1"; echo "# want $3 units of type $2, got $got"; failed=$((failed + 1)); fi
}
count "L-134: one sNCU (type 24)" 24 1
count "L-134: two HBOs (type 30)" 30 2
count "L-134: two memory controllers (type 6)" 6 2
sncu=$(field "type 24 box 0" "unit control" 5)
if [ -z "$sncu" ]; then
  echo "not ok $((n + 1)) - the sNCU's unit control listed"; echo "1..$((n + 1))"; exit 1
fi
hbo=$(field "type 30 box 0" "unit control" 5)
imc=$(field "type 6 box 1" "unit control" 5)
check "L-135, OQ-L55: the global control at the sNCU's unit control + 0x380" global "global control" \
  $((sncu + 0x380)) 32 RW
check "L-137, OQ-L57: one global status 8 bytes above it" global "global status 0" \
  $((sncu + 0x380 + 8)) 64 W1C
check "L-136, OQ-L56: the sNCU's control 1, 8 bytes above control 0 (+0x3A8 of its page)" \
  "type 24 box 0" "counter control 1" $((sncu + 0x28)) 32 RW
check "OQ-L58: the sNCU's counter 1 at +0x398 of its page" "type 24 box 0" "counter 1" \
  $((sncu + 0x18)) 64 RW
check "L-136: HBO 0's control 3 at +0x568 of its page" "type 30 box 0" "counter control 3" \
  $((hbo + 0x20)) 32 RW
check "OQ-L58: HBO 0's counter 3 at +0x588 of its page" "type 30 box 0" "counter 3" $((hbo + 0x40)) 64 RW
check "L-136: memory controller 1's control 4, 4 bytes a step (+0xE0 of its block)" "type 6 box 1" \
  "counter control 4" $((imc + 0x1C)) 32 RW
check "OQ-L58: memory controller 1's counter 4 at +0x108 of its block" "type 6 box 1" "counter 4" \
  $((imc + 0x44)) 64 RW
n=$((n + 1))
if [ -z "$(field "type 24 box 0" "unit status" 5)" ]; then echo "ok $n - L-137: no unit status of their own"
else echo "not ok $n - L-137: no unit status of their own"; failed=$((failed + 1)); fi
echo "1..$n"
[ "$failed" -eq 0 ]
