#!/usr/bin/env bash
# Host test for make replay (build/host/replay, host/replay/replay.c) on small
# fixture traces of a Nehalem uncore: what agrees exits 0, a status bit, a
# counter that moved where the model's did not, a fault on one side only,
# a counter that went back with no reset since the last read (across a
# reset it may), a counter still across a stop that no read's span holds
# (one read spanning it may be) and another package's counter each make
# exactly one named disagreement
# (exit 1), and input that cannot be replayed exits 2 saying why. Prints
# TAP for ci/run-host-tests.sh; exits 1 if any check failed.
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
replay="$root/${B:-build}/host/replay"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# expect NAME WANT_EXIT WANT_DISAGREE GREP TRACE: replay TRACE, whose exit
# status must be WANT_EXIT with WANT_DISAGREE DISAGREE lines and GREP in
# what it printed.
expect() {
  local name=$1 want=$2 nd=$3 pat=$4 file=$5 code got
  n=$((n + 1))
  "$replay" "$file" >"$tmp/out" 2>&1; code=$?
  got=$(grep -c '^DISAGREE ' "$tmp/out")
  if [ "$code" = "$want" ] && [ "$got" = "$nd" ] && grep -qE -- "$pat" "$tmp/out"; then
    echo "ok $n - $name"
  else
    echo "not ok $n - $name"
    echo "# exit $code (want $want), $got disagreements (want $nd), /$pat/ in:"
    sed 's/^/#   /' "$tmp/out" | tail -n 5
    failed=$((failed + 1))
  fi
}

if [ ! -x "$replay" ]; then
  echo "not ok 1 - replay built"; echo "# $replay missing: make ${B:-build}/host/replay"
  echo "1..1"; exit 1
fi

head1() { # the banner and header of a run with CPUS CPUs in PKGS packages
  cat <<EOF
uncore-harness v0.1
cpu: GenuineIntel signature 0x000106a5 family 0x6 model 0x1a stepping 0x5
uncore: nhm (Nehalem/Westmere client and EP uncore)
core PMU: none: no architectural PMU (CPUID.0AH:EAX[7:0] = 0); core tests are N/A
config: tests=* verbose=3 emu.fault=none emu.uclk_mhz=2133
  trace-clock: tsc_hz 1000000000 at tsc 1000
EOF
  local i
  for ((i = 0; i < $1; i++)); do
    echo "  trace-cpu $i: apic 0x$i package $((i * $2 / $1)) core $i thread 0"
  done
}

# FixedCntr0 counts every U-clock (N-08): moved while enabled, still after.
{ head1 1 1; cat <<'EOF'
  trace t.fixed: wr cpu 0 0x391 UNCORE_PERF_GLOBAL_CTRL 0x0 tsc 2000+10
  trace t.fixed: wr cpu 0 0x394 UNCORE_FixedCntr0 0x0 tsc 2100+10
  trace t.fixed: wr cpu 0 0x395 UNCORE_FIXED_CTR_CTRL 0x1 tsc 2200+10
  trace t.fixed: wr cpu 0 0x391 UNCORE_PERF_GLOBAL_CTRL 0x100000000 tsc 2300+10
[1/1] PASS t.other
  trace t.fixed: rd cpu 0 0x394 UNCORE_FixedCntr0 0x2000 tsc 7000+10
  trace t.fixed: wr cpu 0 0x391 UNCORE_PERF_GLOBAL_CTRL 0x0 tsc 8000+10
  trace t.fixed: rd cpu 0 0x394 UNCORE_FixedCntr0 0x3000 tsc 9000+10
  trace t.fixed: rd cpu 0 0x392 UNCORE_PERF_GLOBAL_STATUS 0x0 tsc 21000+10
  trace t.fixed: rd cpu 0 0x395 UNCORE_FIXED_CTR_CTRL 0x1 tsc 22000+10
  trace t.fixed: rd cpu 0 0x394 UNCORE_FixedCntr0 0x3000 tsc 23000+10
EOF
} >"$tmp/ok.log"
expect "a trace the model agrees with" 0 0 ' 0 disagreements$' "$tmp/ok.log"
# the same as the serial console carries it: CR LF and ANSI escapes
sed 's/^/\x1b[0m/; s/$/\r/' "$tmp/ok.log" >"$tmp/crlf.log"
expect "CR LF and escapes tolerated" 0 0 ' 0 disagreements$' "$tmp/crlf.log"

sed '/GLOBAL_STATUS/s/ 0x0 tsc/ 0x1 tsc/' "$tmp/ok.log" >"$tmp/status.log"
expect "one status bit flipped: one disagreement, its field and statement" 1 1 \
  '^DISAGREE t.fixed \(line 16\): rd cpu 0 0x392 UNCORE_PERF_GLOBAL_STATUS: trace 0x1, model 0x0: OVF_PC\[7:0\] \(N-21\)$' \
  "$tmp/status.log"
sed '$s/0x3000 tsc/0x3001 tsc/' "$tmp/ok.log" >"$tmp/moved.log"
expect "a stopped counter that moved" 1 1 \
  'UNCORE_FixedCntr0: trace 0x3001, model 0x[0-9a-f]+( or 0x[0-9a-f]+ by T\+D)?: since this CPU.s last access: trace moved, model still \(N-04\)$' \
  "$tmp/moved.log"
sed '/FIXED_CTR_CTRL 0x1 tsc 2200+/s/0x1 tsc/0x1 faulted (13) tsc/' "$tmp/ok.log" >"$tmp/fault.log"
expect "a write the machine refused (#GP) and the model took" 1 1 \
  'wr cpu 0 0x395 UNCORE_FIXED_CTR_CTRL 0x1: trace faulted \(13\), model took it: a fault on one side only \(N-05\)$' \
  "$tmp/fault.log"

# Two packages: CPU 1's accesses go to package 1's uncore, which CPU 0's
# enable does not reach (N-03).
{ head1 2 2; cat <<'EOF'
  trace t.pkg: wr cpu 1 0x394 UNCORE_FixedCntr0 0x0 tsc 2000+10
  trace t.pkg: wr cpu 1 0x395 UNCORE_FIXED_CTR_CTRL 0x1 tsc 2100+10
  trace t.pkg: wr cpu 0 0x395 UNCORE_FIXED_CTR_CTRL 0x1 tsc 2200+10
  trace t.pkg: wr cpu 0 0x391 UNCORE_PERF_GLOBAL_CTRL 0x100000000 tsc 2300+10
  trace t.pkg: rd cpu 0 0x394 UNCORE_FixedCntr0 0x2000 tsc 7000+10
  trace t.pkg: rd cpu 1 0x394 UNCORE_FixedCntr0 0x0 tsc 7100+10
EOF
} >"$tmp/pkg.log"
expect "per CPU: each package its own uncore" 0 0 '2 package\(s\)' "$tmp/pkg.log"
sed '$s/0x0 tsc/0x5 tsc/' "$tmp/pkg.log" >"$tmp/pkg-bad.log"
expect "another package's counter moving" 1 1 'rd cpu 1 0x394 UNCORE_FixedCntr0: trace 0x5, model 0x0' \
  "$tmp/pkg-bad.log"

# A read whose access spanned a descheduled vCPU (tsc 4000+6000: the vCPU
# read T, then lost its host thread before the access): CPU 1 stopped the
# package's counter inside that span and restarted it inside the next
# read's (10100+1000). The counter is still between the two reads, which
# holds only if the first took effect late and the second early: the
# model's answers at the first read's T+D and the second's T, one world's
# (writes at the same times). A first read that ended before the stop
# (4000+10) cannot be still against the second: one disagreement.
{ head1 2 1; cat <<'EOF2'
  trace t.span: wr cpu 0 0x394 UNCORE_FixedCntr0 0x0 tsc 2000+10
  trace t.span: wr cpu 0 0x395 UNCORE_FIXED_CTR_CTRL 0x1 tsc 2100+10
  trace t.span: wr cpu 0 0x391 UNCORE_PERF_GLOBAL_CTRL 0x100000000 tsc 2300+10
  trace t.span: rd cpu 0 0x394 UNCORE_FixedCntr0 0x1000 tsc 3000+10
  trace t.span: rd cpu 0 0x394 UNCORE_FixedCntr0 0x2000 tsc 4000+6000
  trace t.span: wr cpu 1 0x391 UNCORE_PERF_GLOBAL_CTRL 0x0 tsc 5000+10
  trace t.span: wr cpu 1 0x391 UNCORE_PERF_GLOBAL_CTRL 0x100000000 tsc 10500+10
  trace t.span: rd cpu 0 0x394 UNCORE_FixedCntr0 0x2000 tsc 10100+1000
  trace t.span: rd cpu 0 0x394 UNCORE_FixedCntr0 0x3000 tsc 12000+10
EOF2
} >"$tmp/span.log"
expect "a still counter between a late read and an early one" 0 0 ' 0 disagreements$' \
  "$tmp/span.log"
sed '/tsc 4000+6000/s/+6000/+10/' "$tmp/span.log" >"$tmp/span-short.log"
expect "a still counter across a stop no read's span holds" 1 1 \
  'rd cpu 0 0x394 UNCORE_FixedCntr0: trace 0x2000, .*: trace still, model moved \(N-04\)$' \
  "$tmp/span-short.log"

# A counter reset between two reads (Xeon 7500 rst_all, X-12): whether it
# counted past its old value is the timing's (the boot westmere-ex-trace
# read an R counter after a freeze whose count depends on where in the
# flit stream it started, OQ-X19), so the trace going back while the model
# moved agrees; without the reset it is a disagreement, and so is a reset
# counter the trace shows still while the model's moved.
{ cat <<'EOF'
uncore-harness v0.1
cpu: GenuineIntel signature 0x000206f1 family 0x6 model 0x2f stepping 0x1
uncore: nhmex (Xeon 7500 (Nehalem-EX) and Westmere-EX uncore: U, C, B, S, M, R, W boxes)
core PMU: none: no architectural PMU (CPUID.0AH:EAX[7:0] = 0); core tests are N/A
config: tests=* verbose=3 emu.fault=none emu.uclk_mhz=2133
  trace-clock: tsc_hz 1000000000 at tsc 1000
  trace-cpu 0: apic 0x0 package 0 core 0 thread 0
  trace t.rst: wr cpu 0 0xc00 U_MSR_PMON_GLOBAL_CTL 0x0 tsc 2000+10
  trace t.rst: wr cpu 0 0x395 W_MSR_PMON_FIXED_CTR_CTL 0x1 tsc 2100+10
  trace t.rst: wr cpu 0 0xc80 W_MSR_PMON_GLOBAL_CTL 0x80000000 tsc 2200+10
  trace t.rst: wr cpu 0 0xc00 U_MSR_PMON_GLOBAL_CTL 0x10000000 tsc 2300+10
  trace t.rst: rd cpu 0 0x394 W_MSR_PMON_FIXED_CTR 0x855 tsc 3300+10
  trace t.rst: wr cpu 0 0xc00 U_MSR_PMON_GLOBAL_CTL 0x20000000 tsc 4000+10
  trace t.rst: wr cpu 0 0xc00 U_MSR_PMON_GLOBAL_CTL 0x10000000 tsc 4100+10
  trace t.rst: rd cpu 0 0x394 W_MSR_PMON_FIXED_CTR 0x800 tsc 5200+10
EOF
} >"$tmp/rst.log"
expect "a reset counter that counted less than before" 0 0 ' 0 disagreements$' "$tmp/rst.log"
sed '/tsc 4000+/s/0x20000000/0x0/' "$tmp/rst.log" >"$tmp/norst.log"
expect "no reset: a counter that went back" 1 1 \
  'W_MSR_PMON_FIXED_CTR: trace 0x800, .*: trace went back \(a wrap or a reset\), model moved \(X-35\)$' \
  "$tmp/norst.log"
sed '$s/0x800 tsc/0x855 tsc/' "$tmp/rst.log" >"$tmp/rst-still.log"
expect "a reset counter still where the model's moved" 1 1 \
  'W_MSR_PMON_FIXED_CTR: trace 0x855, .*: trace still, model moved \(X-35\)$' "$tmp/rst-still.log"

# PCI configuration and MMIO accesses are played through the access layer:
# a function nobody presents is a master abort on both sides, an MMIO
# address outside every range is refused on both (neither compared).
{ head1 1 1; cat <<'EOF'
  trace t.pci: rd cpu 0 pci 0000:05:00.0+0x0/4 ? 0xffffffff faulted (-7) tsc 2000+10
  trace t.pci: wr cpu 0 pci 0000:05:00.0+0x40/4 ? 0x1 faulted (-7) tsc 2100+10
  trace t.pci: rd cpu 0 mmio 0x1000/8 ? faulted (-8) tsc 2200+10
EOF
} >"$tmp/pci.log"
expect "PCI and MMIO lines played" 0 0 '; 3 accesses$' "$tmp/pci.log"

# What cannot be replayed: exit 2 and why.
{ head -n 12 "$tmp/ok.log"; echo "  trace t.fixed: 5 more accesses not kept"; tail -n 2 "$tmp/ok.log"; } \
  >"$tmp/gap.log"
expect "a gap stops the replay" 2 0 'stopped at a gap, t.fixed: 5 accesses not kept' "$tmp/gap.log"
sed 's/ tsc [0-9]*+[0-9]*$//' "$tmp/ok.log" >"$tmp/old.log"
expect "a trace without TSC times" 2 0 "old.log:8: no 'tsc T\+D' time" "$tmp/old.log"
grep -v trace-clock "$tmp/ok.log" >"$tmp/noclock.log"
expect "no trace-clock line" 2 0 "no 'trace-clock: " "$tmp/noclock.log"
expect "a file that is not there" 2 0 'cannot be opened' "$tmp/nothing.log"
head -n 5 "$tmp/ok.log" >"$tmp/empty.log"
expect "a log without a trace" 2 0 'no register trace line' "$tmp/empty.log"

echo "1..$n"
[ "$failed" -eq 0 ]
