#!/usr/bin/env bash
# The machine is left as found on every path, not only the happy one (issue
# 19.4). Each check boots the image with a fault injected (inject=, README;
# suites/self/inject.c, harness/state.c) and reads the state back from the
# run's own closing lines, which read the registers after everything:
# "state: everything stopped ..." says what the fault left armed or counting
# (so an injection that did nothing would show), "state: as found at the
# end: ..." each CPU's LVT entry (0xFEE00340) and IA32_PERF_GLOBAL_CTRL and
# each package's uncore controls, and "state: ... could not be restored on
# CPU n (APIC id x): lost" what a lost CPU holds. Every boot must end with
# its closing line and no firmware exception (the #UD a lost AP took in the
# unloaded image after end=exit showed as one). Then the host suite with
# the one injection the host platform can take.
#
# Called by ci/check.sh (make check); also on its own after make all
# esp build/host/suite. One line per check, PASS or FAIL (SKIP where QEMU
# cannot), and last "abnormal: N passed, N failed".
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
ESP=$B/esp.img
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass+1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail+1)); }

# check NAME WANT_EXIT LOG STATUS REGEX...: every REGEX matches a line of LOG.
check() {
  local name=$1 want=$2 log=$3 code=$4 why="" re
  shift 4
  [ "$code" = "$want" ] || why="exit status $code, want $want"
  grep -aq 'X64 Exception Type' "$log" &&
    why="${why:+$why; }the firmware took a CPU exception: $(grep -am1 'X64 Exception Type' "$log")"
  # Verdict lines lose their "[n/N] " place in the plan, so "^PASS id" matches.
  for re in "$@"; do
    sed -E 's/^\[[0-9]+(-[0-9]+)?\/[0-9]+\] //' "$log" | grep -aEq -- "$re" \
      || why="${why:+$why; }no line matches /$re/"
  done
  if [ -z "$why" ]; then ok "$name"; else bad "$name" "$why"; grep -av '^wire: ' "$log" | sed 's/^/    /' | tail -n 20; fi
}

# boot NAME WANT_EXIT CPU OPTS REGEX...: 4 CPUs in 2 packages.
boot() {
  local name=$1 want=$2 cpu=$3 opts=$4 dir=$B/check-abnormal/$1
  shift 4
  mkdir -p "$dir"
  scripts/qemu.sh --image "$ESP" --cpu "$cpu" --smp 4 --sockets 2 --timeout "${BOOT_LIMIT:-600}" --quiet \
    --opts "$opts" --serial-log "$dir/serial.log" --results "$dir/results"
  check "abnormal.$name" "$want" "$dir/serial.log" $? "$@" \
    '^end: .*\(exit code '"$want"'\)$'
}

# What every injection leaves at the end on 4 CPUs in 2 packages: each LVT
# entry at its reset value (C-25) as found, GLOBAL_CTRL 0 as found.
all_found='^state: as found at the end: LVTPC on 4 of 4 CPUs \(BSP 0x10000\), IA32_PERF_GLOBAL_CTRL on 4 of 4 CPUs \(BSP 0x0\), uncore controls in 2 of 2 packages$'
# The mess suites/self/inject.c makes, found and stopped: every LVT entry
# unmasked NMI (0x400), the BSP's core counter and uncore controls on.
mess='LVTPC was unmasked on 4 of 4 CPUs \(BSP 0x400\), IA32_PERF_GLOBAL_CTRL non-zero on 1, uncore controls non-zero: [1-9]'
lost2='^state: LVTPC and IA32_PERF_GLOBAL_CTRL could not be restored on CPU 2 \(APIC id 2\): lost$'

# No injection: nothing to recover from, everything as found.
boot clean 0 Nehalem "tests=uncore.*,nhm.count.*" "$all_found"

# A #GP inside a test: its ERROR, then everything stopped before the next;
# the brackets restore as usual.
boot gp-in-test 2 Nehalem "inject=gp-in-test tests=uncore.*,nhm.count.gates" \
  '^ERROR uncore.inject.gp-in-test: CPU exception 13 ' \
  "^state: everything stopped after uncore.inject.gp-in-test \(ERROR\): $mess\$" \
  '^PASS core.state.restore$' '^PASS uncore.state.restore$' "$all_found"

# A #GP outside any test (after a passing test's result, before the
# restores): end_run stops everything, runs the owed restores, switches the
# APIC mode back (x2APIC for the run) and says so.
qemu_major=$(qemu-system-x86_64 --version | sed -n 's/.*version \([0-9]*\).*/\1/p' | head -n1)
outside=(2 "inject=gp-outside-test tests=uncore.*"
  '^PASS uncore.inject.gp-outside-test$'
  '^harness: unexpected CPU exception 13 .* outside any test; ending the run$'
  "^state: everything stopped before the restores the runner did not reach: $mess\$"
  '^state: core.state.restore, owed, run at the end: PASS$'
  '^state: uncore.state.restore, owed, run at the end: PASS$' "$all_found")
if [ "${qemu_major:-0}" -ge 10 ]; then
  boot gp-outside-test-x2apic "${outside[0]}" Nehalem,+x2apic "${outside[1]} apic=x2apic" \
    "${outside[@]:2}" '^apic: every CPU back in its original mode \(the BSP.s: xAPIC\)$'
else
  echo "SKIP abnormal.gp-outside-test-x2apic: QEMU $qemu_major has no x2APIC under TCG"
  boot gp-outside-test "${outside[0]}" Nehalem "${outside[1]}" "${outside[@]:2}"
fi

# An AP that never answers, the first CPU of package 1: it is lost; the
# uncore of its package is stopped and restored through CPU 3, what only
# it holds (its LVT entry, GLOBAL_CTRL, DEBUGCTL) is named.
hang=('^mp: CPU 2 \(APIC id 2\) did not finish its job in time'
  '^ERROR uncore.inject.ap-hang: CPU 2 \(APIC id 2\) hangs'
  '^state: everything stopped after uncore.inject.ap-hang \(ERROR\): .*uncore controls non-zero: [1-9][0-9]*; lost CPUs not reached$'
  '^state: uncore registers could not be restored on CPU 2 \(APIC id 2\): lost$'
  '^ERROR uncore.state.restore: 1 problem\(s\) restoring the uncore \(first: IA32_DEBUGCTL on CPU 2: lost\)$'
  "$lost2"
  '^state: as found at the end: LVTPC on 3 of 4 CPUs \(BSP 0x10000\), IA32_PERF_GLOBAL_CTRL on 3 of 4 CPUs \(BSP 0x0\), uncore controls in 2 of 2 packages$')
boot ap-hang 2 Nehalem "inject=ap-hang tests=uncore.*,nhm.count.gates" "${hang[@]}"
# ... with end=exit: the image is not unloaded under the lost AP; the run
# ends as end=auto (isa-debug-exit here) and says why.
boot ap-hang-end-exit 2 Nehalem "inject=ap-hang end=exit tests=uncore.*" "${hang[@]}" \
  "^end: 1 CPU\(s\) lost, which may still run this image's code: not returning to the firmware, which would unload it \(end=exit\); ending as end=auto$" \
  '^end: isa-debug-exit, else shutdown \(exit code 2\)$'

# A pre-flight that cannot read a register (the last package's global
# control), the uncore counting as firmware may leave it: stopped at once,
# the rest put back as found, that control left stopped and named.
boot preflight-fail 2 Nehalem "inject=preflight-fail tests=uncore.*,nhm.count.*" \
  '^ERROR uncore.state.preflight: 1 register\(s\) not saved \(first: CPU 2: rdmsr 0x391 \(UNCORE_PERF_GLOBAL_CTRL\) faulted \(13, injected: inject=preflight-fail\)\)' \
  '^state: everything stopped after uncore.state.preflight \(ERROR\): .*uncore controls non-zero: [1-9]' \
  '^ERROR uncore.state.restore: 1 register\(s\) never saved \(uncore.state.preflight\): left stopped$' \
  '^state: package 1: UNCORE_PERF_GLOBAL_CTRL \(0x391\) reads 0x0; never saved, so not restored$' \
  '^state: as found at the end: .*uncore controls in 1 of 2 packages$'

# The host suite (threads for CPUs): the pre-flight failure likewise; the
# injections that need a CPU exception caught or a CPU lost are refused.
dir=$B/check-abnormal/host
mkdir -p "$dir"
$B/host/suite inject=preflight-fail 'tests=uncore.*,nhm.count.*' >"$dir/preflight-fail.log" 2>&1
check abnormal.host-preflight-fail 2 "$dir/preflight-fail.log" $? \
  '^ERROR uncore.state.preflight: 1 register\(s\) not saved .*injected: inject=preflight-fail' \
  '^state: everything stopped after uncore.state.preflight \(ERROR\)' \
  '^ERROR uncore.state.restore: 1 register\(s\) never saved' \
  '^state: as found at the end: LVTPC on 4 of 4 CPUs \(BSP 0x10000\), IA32_PERF_GLOBAL_CTRL on 4 of 4 CPUs \(BSP 0x0\), uncore controls in 1 of 2 packages$'
$B/host/suite inject=ap-hang >"$dir/ap-hang.log" 2>&1
check abnormal.host-ap-hang-refused 2 "$dir/ap-hang.log" $? \
  '^suite: inject=ap-hang needs the UEFI target; nothing run$'

echo "abnormal: $pass passed, $fail failed"
