#!/usr/bin/env bash
# make bench: boot time of the harness (default suite) against a minimal
# gnu-efi app that prints one line and exits through isa-debug-exit, both
# built by the same Makefile and booted the same way. Alternates the two,
# ROUNDS times each (default 5), prints the medians, "boot ratio X.XX"
# (harness / minimal) and the size of the .efi.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
rounds=${ROUNDS:-5}
smp=${SMP:-1}
scripts/mkesp.sh $B/minimal-esp.img $B/minimal.efi scripts/uncore-harness.cfg >/dev/null

elapsed() { # image -> seconds from QEMU start to exit
  local t0 t1
  t0=$(date +%s.%N)
  scripts/qemu.sh --image "$1" --smp "$smp" --quiet --timeout 120 >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
}
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

h=() m=()
for i in $(seq "$rounds"); do
  h+=("$(elapsed $B/esp.img)")
  m+=("$(elapsed $B/minimal-esp.img)")
  echo "round $i: harness ${h[-1]} s, minimal ${m[-1]} s"
done
hm=$(printf '%s\n' "${h[@]}" | median)
mm=$(printf '%s\n' "${m[@]}" | median)
echo "harness median ${hm} s (SMP=$smp, default suite)"
echo "minimal median ${mm} s"
awk -v a="$hm" -v b="$mm" 'BEGIN {printf "boot ratio %.2f\n", a / b}'
echo "efi size $(stat -c %s $B/uncore-harness.efi) bytes (minimal $(stat -c %s $B/minimal.efi) bytes)"
