#!/usr/bin/env bash
# Host test for make regs (scripts/regs.c): the registers in memory behind
# the host bridge's BARs are listed as the digest places them, each address
# computed here from the statements' own constants (docs/spec/
# client-uncore.md), never from pmu/regs/: MCHBAR at configuration offset
# 0x48, controller m's PMON block at + 0x10000m + 0xD900 and its free-running
# counters at + 0x10000m + 0xD800 (L-110); GLOBAL_CTL +0xC0, BOX_CTL +0xC4,
# control k +0xD0 + 4k (32 bits), counter k +0xE8 + 8k (64 bits), k = 0..4
# (L-111); the controls' fields (L-112); the write counter at +0xA0 (L-115);
# SAFBAR at 0x68, the sNCU at + 0xE4B000, HBO box b at + 0xE54000 - 0x1000b
# (L-119), the sNCU's second control at +0x3A8 (L-120, OQ-L50), an HBO's
# counter k at +0x570 + 8k (L-121), the status bits (L-124) and layout F's
# memory controllers (L-127). Prints TAP like the other shell tests.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
regs="$root/${B:-build}/host/regs"
n=0 failed=0
if [ ! -x "$regs" ]; then
  echo "not ok 1 - regs built"; echo "# $regs missing: make ${B:-build}/host/regs"; echo "1..1"; exit 1
fi
csv=$("$regs")

# check NAME GEN BOX REGISTER BAR CFG OFFSET WIDTH [FIELD]: the line of REGISTER
# in box BOX of generation GEN says mmio, BAR at CFG, OFFSET, WIDTH bits and,
# if given, contains FIELD.
check() {
  local want line
  want=$(printf 'mmio:%s@00.0+0x%X+0x%X' "$5" "$6" "$7")
  line=$(awk -F, -v g="$2" -v b="$3" -v r="$4" '$1 == g && $2 == b && $3 == r' <<<"$csv")
  n=$((n + 1))
  if [ "$(cut -d, -f4-6 <<<"$line")" = "mmio,$want,$8" ] && { [ -z "${9:-}" ] || [[ "$line" == *"$9"* ]]; }; then
    echo "ok $n - $1"
  else
    echo "not ok $n - $1"; echo "# want mmio,$want,$8${9:+ with $9}; got: ${line:-no line}"
    failed=$((failed + 1))
  fi
}
MCH=0x48 SAF=0x68 MC=0x10000 PMON=0xD900 FREE=0xD800 SNCU=0xE4B000 HBO=0xE54000
check "L-111 mtl: controller 1's GLOBAL_CTL" mtl imc 'IMC_GLOBAL_CTL[1]' MCHBAR $MCH $((MC + PMON + 0xC0)) 32
check "L-111 mtl: controller 0's BOX_CTL" mtl imc 'IMC_BOX_CTL[0]' MCHBAR $MCH $((PMON + 0xC4)) 32
check "L-111, L-112 arl: control 4 of controller 0, threshold 31:24" arl imc 'IMC_CTL4[0]' MCHBAR $MCH \
  $((PMON + 0xD0 + 4 * 4)) 32 'THRESH 31:24 RW'
check "L-112 mtl: control 0's channel mask 11:8" mtl imc 'IMC_CTL0[1]' MCHBAR $MCH $((MC + PMON + 0xD0)) 32 \
  'CH_MASK 11:8 RW'
check "L-111 arl: counter 4 of controller 1" arl imc 'IMC_CTR4[1]' MCHBAR $MCH $((MC + PMON + 0xE8 + 8 * 4)) 64
check "L-115 mtl: controller 1's write requests" mtl imc_free_running 'IMC_WR_REQCOUNT[1]' MCHBAR $MCH \
  $((MC + FREE + 0xA0)) 64
check "L-115 arl: controller 0's total requests" arl imc_free_running 'IMC_TOTAL_REQCOUNT[0]' MCHBAR $MCH \
  $((FREE + 0x40)) 64
check "L-127 lnl: controller 1's read requests" lnl imc_free_running 'IMC_RD_REQCOUNT[1]' MCHBAR $MCH \
  $((MC + FREE + 0x58)) 64
check "L-119, L-120 lnl: the sNCU's unit control" lnl sncu SNCU_UNIT_CTL SAFBAR $SAF $((SNCU + 0x380)) 64
check "L-120, OQ-L50 lnl: the sNCU's second control (Intel's address)" lnl sncu SNCU_CTL1 SAFBAR $SAF \
  $((SNCU + 0x3A8)) 64
check "L-124 lnl: the global status, memory controller 1's bit" lnl sncu NCU_GLOBAL_STATUS SAFBAR $SAF \
  $((SNCU + 0x708)) 64 'MC1_OV 2:2 W1C'
check "L-119, L-121 lnl: HBO box 1's unit control, 0x1000 below box 0's" lnl hbo 'HBO_UNIT_CTL[1]' SAFBAR \
  $SAF $((HBO - 0x1000 + 0x548)) 64
check "L-121 lnl: HBO box 0's counter 3" lnl hbo 'HBO_CTR3[0]' SAFBAR $SAF $((HBO + 0x570 + 8 * 3)) 64

# L-111, L-115: per controller a block of 12 registers and 3 free-running
# counters, two controllers: 30 lines on each generation with MCHBAR; layout
# F adds the sNCU page's 7 (unit control, two counters, two controls, the
# global control and status) and two HBOs' 9 each (L-120, L-121, L-123,
# L-124).
for g in mtl:30 arl:30 lnl:55; do
  got=$(awk -F, -v g="${g%%:*}" '$1 == g && $4 == "mmio"' <<<"$csv" | wc -l)
  n=$((n + 1))
  if [ "$got" = "${g#*:}" ]; then echo "ok $n - ${g%%:*}: ${g#*:} MMIO registers"
  else echo "not ok $n - ${g%%:*}: ${g#*:} MMIO registers"; echo "# got $got"; failed=$((failed + 1)); fi
done
echo "1..$n"
[ "$failed" = 0 ]
