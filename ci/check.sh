#!/usr/bin/env bash
# make check: host unit tests, then QEMU boots of the real image with their
# exit status and result files checked. One line per check (PASS/FAIL/SKIP),
# then exactly one summary line "N passed, N failed" over everything.
set -u
cd "$(dirname "$0")/.."
B=build
pass=0; fail=0; skip=0
ok()   { echo "PASS $1"; pass=$((pass+1)); }
bad()  { echo "FAIL $1: $2"; fail=$((fail+1)); }

# The boots go CHECK_JOBS at a time (default: the cores), as jobs: queue NAME
# FUNC ARGS runs FUNC ARGS in the background with its lines kept, and drain
# waits for every job, then prints each one's lines in the order they were
# queued and counts its PASS and FAIL lines. Most of a boot is OVMF and
# the harness's BSP on one core, so a second boot uses the other: beside
# four other builds and test runs (load average 12) the 31 jobs (about 45
# boots) took 5 min. Every check keys on an event, never on a delay, so a
# boot slowed by its neighbour passes the same (issue 13.6); the longest
# jobs are queued first.
JOBS=${CHECK_JOBS:-$(nproc)}
queued=()
queue() {
  local name=$1; shift
  mkdir -p "$B/check/out"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  ( "$@" ) > "$B/check/out/$name" 2>&1 &
  queued+=("$name")
}
drain() {
  local n f
  wait
  for n in "${queued[@]}"; do
    f=$B/check/out/$n
    cat "$f"
    pass=$((pass + $(grep -c '^PASS ' "$f"))); fail=$((fail + $(grep -c '^FAIL ' "$f")))
    skip=$((skip + $(grep -c '^SKIP ' "$f")))
  done
  queued=()
}

# --- host unit tests ---------------------------------------------------------
host_out=$(ci/run-host-tests.sh $B/host/test_* $(find tests \( -name 'test_*.sh' -o -name 'test_*.py' \) | awk -F/ '{print $NF, $0}' | sort | cut -d' ' -f2))
echo "$host_out" | grep -v '^host: '
tally=$(echo "$host_out" | sed -n 's/^host: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
read -r hp hf <<<"${tally:-0 1}"
pass=$((pass+hp)); fail=$((fail+hf))

# make trace-spec on the repository's digests (docs/spec): it runs, and no
# code cites a statement or open question that the spec does not have.
if ! tout=$(ci/trace_spec.py --spec docs/spec 2>&1 >/dev/null); then
  bad check.trace-spec "make trace-spec failed: $(echo "$tout" | tail -n 1)"
elif tout=$(ci/trace_spec.py --spec docs/spec --dangling 2>&1); then
  ok "check.trace-spec ($(echo "$tout" | tail -n 1 | sed 's/^trace-spec: //'))"
else bad check.trace-spec "$(echo "$tout" | head -n 3 | paste -sd ';' -)"; fi
# docs/tests.md is what make docs makes of the test tables today.
if ci/catalogue.py | cmp -s - docs/tests.md; then ok check.docs-tests
else bad check.docs-tests "docs/tests.md is stale: run make docs"; fi
# No file includes from a layer above its own (docs/design.md, Layers).
if lout=$(ci/check_layers.py); then ok "check.layers (${lout#layers: })"
else bad check.layers "$(echo "$lout" | head -n 3 | paste -sd ';' -)"; fi

# --- QEMU runs -----------------------------------------------------------------
qemu_major=$(qemu-system-x86_64 --version | sed -n 's/.*version \([0-9]*\).*/\1/p' | head -n1)

# boot NAME WANT_EXIT IMAGE QEMU_ARGS -- CHECK_RUN_ARGS
boot() {
  local name=$1 want=$2 image=$3; shift 3
  local qargs=() cargs=() dir=$B/check/$name
  while [ $# -gt 0 ] && [ "$1" != -- ]; do qargs+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  cargs=("$@")
  mkdir -p "$dir"
  local t0=$SECONDS
  # The bound only catches a hung boot: generous, since a loaded host
  # stretches a verbose=3 boot (a flushed log line per access) past 2 min.
  scripts/qemu.sh --image "$image" --quiet --serial-log "$dir/serial.log" \
    --results "$dir/results" --timeout "${BOOT_LIMIT:-600}" "${qargs[@]}"
  local code=$?
  local why=""
  [ "$code" = "$want" ] || why="exit status $code, want $want"
  grep -q '^[0-9]* passed, [0-9]* failed, [0-9]* skipped, [0-9]* not applicable$' "$dir/serial.log" || [ "$want" = 124 ] \
    || why="${why:+$why; }no final summary line on the serial console"
  grep -q 'X64 Exception Type' "$dir/serial.log" \
    && why="${why:+$why; }the firmware took a CPU exception: $(grep -m1 'X64 Exception Type' "$dir/serial.log")"
  if [ -z "$why" ] && [ ${#cargs[@]} -gt 0 ]; then
    why=$(python3 -m ci.check_run "$dir/results" "${cargs[@]}" | paste -sd ';' -)
  fi
  if [ -z "$why" ]; then ok "check.qemu.$name ($((SECONDS-t0)) s)"; else
    bad "check.qemu.$name" "$why"; grep -av '^wire: ' "$dir/serial.log" | sed 's/^/    /' | tail -n 25; fi
}

ESP=$B/esp.img
# Without nhmex.ovf.chain, which polls until a chain of wraps (16,000 of
# the boot's 25,000 trace lines) and which the 4-socket boot runs.
# results.serial=off: the trace's lines must reach the log whole for the
# replay, and the copies of its results.json (1.7 MB of frames) would only
# add to what QEMU's chardev must carry to qemu.sh's reader in time.
trace_and_replay() {
local rlog rout rl rreg rcode
boot westmere-ex-trace 0 $ESP --cpu Westmere,model=47 --smp 8 --sockets 2 \
  --opts "expect_cpu=6:2f tests=nhmex.* skip=nhmex.ovf.chain verbose=3 results.serial=off" \
  -- --cpus 8 --packages 2 --family 6 \
  --model 0x2f --all-pass --uncore nhmex --backend emu --ran 'nhmex.*=20' \
  --trace-named 'nhmex.*'
# make replay (issue 12 point 6) on that boot's serial log, a trace the
# emulated model itself answered: every read agrees. The same log with one
# status bit flipped (the first read of a *STATUS register that gave 0, now
# 1): exactly one disagreement, naming that line and register.
rlog=$B/check/westmere-ex-trace/serial.log
if rout=$($B/host/replay "$rlog" 2>&1) && echo "$rout" | grep -q ' 0 disagreements$'; then
  ok "check.replay.self ($(echo "$rout" | sed -n 's/^replay: \([0-9]* reads compared\).*/\1/p'))"
else bad check.replay.self "$(echo "$rout" | grep -v '^replay: [^0-9]' | head -n 3 | paste -sd ';' -)"; fi
rl=$(grep -n -m1 -E ' rd cpu [0-9]+ 0x[0-9a-f]+ [A-Za-z0-9_]*STATUS[^ ]* 0x0 tsc ' "$rlog" | cut -d: -f1)
rreg=$(sed -n "${rl:-1}s/.* rd cpu [0-9]* 0x[0-9a-f]* \([^ ]*\) 0x0 tsc .*/\1/p" "$rlog")
sed "${rl:-1}s/ 0x0 tsc / 0x1 tsc /" "$rlog" >$B/check/replay-flipped.log
rout=$($B/host/replay $B/check/replay-flipped.log 2>&1); rcode=$?
if [ -n "$rl" ] && [ "$rcode" = 1 ] && [ "$(echo "$rout" | grep -c '^DISAGREE ')" = 1 ] \
  && echo "$rout" | grep -q "^DISAGREE [^ ]* (line $rl): rd cpu [0-9]* 0x[0-9a-f]* $rreg: trace 0x1, model 0x0: "; then
  ok "check.replay.one-bit-flipped ($rreg, line $rl)"
else bad check.replay.one-bit-flipped "line ${rl:-none} ($rreg): exit $rcode; $(echo "$rout" | grep -m3 '^DISAGREE' | paste -sd ';' -)"; fi
}
export B
# The longest jobs first (each a row of boots one after another): the
# verbose=3 trace boot and the replay of its trace, the injected faults
# (ci/check_abnormal.sh: the machine left as found), the power cuts.
queue westmere-ex-trace trace_and_replay
queue abnormal ci/check_abnormal.sh
. ci/check_paths.sh
# (bogus=1: a config error, which log.txt must hold like every other line)
# (--com2: OVMF's console on a second UART, into a file, for check.wire.*)
queue smp4-nehalem boot smp4-nehalem 0 $ESP --cpu Nehalem --smp 4 --com2 $B/check/smp4-nehalem/com2.log \
  --opts "tag=check-smp4 expect_cpu=6:1a bogus=1" \
  -- --serial '^config .*bogus' --cpus 4 --packages 1 --apic xAPIC --tag check-smp4 --family 6 --model 0x1a --all-pass \
  --skip-ok 'nhm.*package*' --uncore nhm --backend emu --core-pmu "emulated, shape nhm" \
  --ran 'core.*=26'
# The core PMU suite where no uncore is supported (Penryn, model 0x17:
# outside every generation of the registry): the emulated core PMU alone,
# in the later cores' shape; the uncore tests SKIP naming the model.
queue penryn-no-uncore boot penryn-no-uncore 0 $ESP --cpu Penryn --smp 2 --opts "expect_cpu=6:17" \
  -- --cpus 2 --family 6 --model 0x17 --all-pass --skip-ok 'nhm.*,snbep.*,nhmex.*,client.*,uncore.*' \
  --uncore "" --backend emu --core-pmu "emulated, shape v3" --ran 'core.*=26' \
  --reason 'nhm.regs.*=model 0x17' --reason 'uncore.state.*=model 0x17' \
  --reason 'snbep.*=model 0x17' --reason 'nhmex.*=model 0x17' --reason 'client.*=model 0x17'
# The client uncore (issue 16): the whole default run on each layout, the
# client suite in it beside the core PMU's. Layout A on Sandy Bridge (0x2A)
# and Haswell (0x3C) with the v3 core shape, layout B on a Comet Lake model
# number (0xA5, OQ-L1) with the v4 one (C-49: core.v4.* run; nhm.* are N/A
# there for C-50, their 0x391/0x392 being the core's) ...
for c in "sandybridge SandyBridge 2a snb v3" "haswell Haswell 3c snb v3" \
         "cometlake Skylake-Client,model=165 a5 skl v4"; do
  read -r cname ccpu cmodel cgen cshape <<<"$c"
  v4=(--reason "nhm.*=this CPU's is client"); [ "$cshape" = v4 ] && v4=(--ran 'core.v4.*=6' --reason 'nhm.*=C-50')
  queue "$cname-client" boot "$cname-client" 0 $ESP --cpu "$ccpu" --smp 2 --opts "expect_cpu=6:$cmodel" \
    -- --cpus 2 --family 6 --model "0x$cmodel" --all-pass --uncore "$cgen" --backend emu \
    --core-pmu "emulated, shape $cshape" --ran 'core.*=26' --ran 'client.*=27' \
    --skip-ok 'nhm.*,snbep.*,nhmex.*,client.arb.*,client.gate.erratum' "${v4[@]}" \
    --reason "snbep.*=this CPU's is client" --reason "nhmex.*=this CPU's is client" \
    --reason 'client.arb.*=layout' --reason 'client.gate.erratum=no erratum ICL068'
done
# ... and Skylake with two events marked unavailable (emu.core_ebx=): they
# SKIP naming their CPUID.0AH:EBX bit, and the fixed counters still count.
queue skylake-client boot skylake-client 0 $ESP --cpu Skylake-Client --smp 2 \
  --opts "expect_cpu=6:5e emu.core_ebx=0x44" \
  -- --cpus 2 --family 6 --model 0x5e --all-pass --uncore skl --backend emu \
  --core-pmu "emulated, shape v4" --ran 'core.*=32' --ran 'core.v4.*=6' --ran 'client.*=25' \
  --skip-ok 'core.events.ref-cycles,core.events.branch-misses,nhm.*,snbep.*,nhmex.*,client.arb.*,client.gate.erratum' \
  --reason 'core.events.ref-cycles=EBX[2] = 1' --reason 'core.events.branch-misses=EBX[6] = 1' \
  --reason 'nhm.*=C-50'
# Layout C (issue 17): Ice Lake client (0x7E: C-boxes at stride 8, one ARB
# counter and no working GLOBAL_CTRL.EN or FREEZE for ICL068, L-70, L-71)
# on a QEMU CPU that takes model=; its core PMU the version-5 shape (C-52).
# The test of layout D's two ARB boxes is N/A naming the one; those of EN's
# gate and of FREEZE naming ICL068, whose own test passes (L-81);
# core.hybrid.types asserts a version-5 part of one core type (C-58).
queue icelake-client boot icelake-client 0 $ESP --cpu Icelake-Server,model=126 --smp 2 \
  --opts "expect_cpu=6:7e" \
  -- --cpus 2 --family 6 --model 0x7e --all-pass --uncore icl --backend emu \
  --core-pmu "emulated, shape v5" --ran 'core.*=40' --ran 'core.v5.*=2' --ran 'client.*=27' \
  --skip-ok 'nhm.*,snbep.*,nhmex.*,client.arb.boxes,client.events.arb-counting,client.gate.global-en,client.freeze.*' \
  --verdict client.arb.erratum=PASS --verdict client.gate.erratum=PASS \
  --verdict core.hybrid.types=PASS \
  --reason 'client.arb.boxes=one ARB box' --reason 'client.events.arb-counting=ICL068' \
  --reason 'client.gate.global-en=ICL068' --reason 'client.freeze.*=ICL068'
# Alder Lake (issue 17 point 6): model 0x97 on QEMU's Skylake-Client, its
# uncore layout D (the unit at 0x2000..0x2FFF, two ARB boxes, L-73..L-76)
# and hybrid cores: 4 CPUs so that the emulated backend's P-cores (the lower
# APIC ids, CPUs 0-1) and E-cores (2-3) both exist (C-60): each core.* test
# runs on CPU 0, a P-core, and on CPU 2, an E-core (C-61), core.v5.* and
# core.hybrid.types probe one CPU of each type themselves.
queue alderlake-hybrid boot alderlake-hybrid 0 $ESP --cpu Skylake-Client,model=151 --smp 4 \
  --opts "expect_cpu=6:97" \
  -- --cpus 4 --family 6 --model 0x97 --all-pass --uncore adl --backend emu \
  --core-pmu "emulated, shape hybrid" --ran 'core.*=75' --ran 'core.v5.*=2' --ran 'core.hybrid.*=1' \
  --ran 'client.*=27' --skip-ok 'nhm.*,snbep.*,nhmex.*,client.arb.erratum,client.gate.erratum' \
  --verdict client.arb.boxes=PASS --reason 'client.arb.erratum=no ARB erratum' \
  --reason 'client.gate.erratum=no erratum ICL068'
# Sandy Bridge-EP: its whole suite, the PCU's occupancy driven by cores the
# suite parks (in HLT: TCG enumerates no MWAIT C-state), 4 cores a package.
queue smp8-2sockets-snb-ep boot smp8-2sockets-snb-ep 0 $ESP --cpu SandyBridge,model=45 --smp 8 --sockets 2 \
  --opts "expect_cpu=6:2d" -- --cpus 8 --packages 2 --family 6 --model 0x2d --all-pass \
  --skip-ok 'snbep.pmi.*' --reason 'snbep.pmi.*=no uncore PMI on model 0x2D' --uncore snbep \
  --backend emu --core-pmu "emulated, shape v3" --ran 'snbep.*=25' --ran 'core.*=26'
queue smp8-2sockets-westmere boot smp8-2sockets-westmere 0 $ESP --cpu Westmere --smp 8 --sockets 2 --opts "expect_cpu=6:2c" \
  -- --cpus 8 --packages 2 --family 6 --model 0x2c --all-pass --uncore nhm --backend emu
queue smp8-2sockets-nehalem boot smp8-2sockets-nehalem 0 $ESP --cpu Nehalem --smp 8 --sockets 2 --opts "expect_cpu=6:1a" \
  -- --cpus 8 --packages 2 --family 6 --model 0x1a --all-pass --uncore nhm --backend emu
queue smp4-westmere boot smp4-westmere 0 $ESP --cpu Westmere --smp 4 --opts "expect_cpu=6:2c" \
  -- --cpus 4 --packages 1 --family 6 --model 0x2c --all-pass --skip-ok 'nhm.*package*' \
  --uncore nhm --backend emu
if [ "${qemu_major:-0}" -ge 10 ]; then
  queue x2apic-snb-ep boot x2apic-snb-ep 0 $ESP --cpu SandyBridge,model=45 --smp 4 --opts "apic=x2apic expect_cpu=6:2d" \
    -- --cpus 4 --apic x2APIC --family 6 --model 0x2d --all-pass --uncore snbep \
    --skip-ok 'snbep.pmi.*' --core-pmu "emulated, shape v3" 
  # Xeon 7500 (issue 6): the whole default run, the nhmex suite in it.
  queue x2apic-nehalem-ex boot x2apic-nehalem-ex 0 $ESP --cpu Nehalem,+x2apic,model=46 --smp 8 --sockets 2 \
    --opts "apic=x2apic expect_cpu=6:2e" -- --cpus 8 --packages 2 --apic x2APIC --model 0x2e \
    --family 6 --all-pass --uncore nhmex --core-pmu "emulated, shape nhm" \
    --ran 'nhmex.*=21' --reason "nhm.*=this CPU's is nhmex" --reason "snbep.*=this CPU's is nhmex" 
else
  echo "SKIP check.qemu.x2apic-*: QEMU $qemu_major has no x2APIC under TCG; QEMU 10 from bookworm-backports does (scripts/deps.sh)"
  skip=$((skip+2))
fi
# The Xeon 7500 suite on four sockets, and on Westmere-EX (ten C-boxes,
# X-39) with the register trace: every access named by box and register.
queue nehalem-ex-4sockets boot nehalem-ex-4sockets 0 $ESP --cpu Nehalem,model=46 --smp 8 --sockets 4 \
  --opts "expect_cpu=6:2e tests=nhmex.*" -- --cpus 8 --packages 4 --family 6 --model 0x2e \
  --all-pass --uncore nhmex --backend emu --ran 'nhmex.*=21'
# The stick a user writes with dd, booted as one (xHCI, usb-storage,
# removable) on a machine with a screen (the graphics console too), and
# read back with mtools from its FAT partition.
queue usb-image-trace boot usb-image-trace 0 $B/usb.img --usb --screen --smp 2 --opts "verbose=3 tests=self.cpu.*,nhm.fixed.*" \
  -- --cpus 2 --all-pass --trace nhm.fixed.gates \
  --serial '^BdsDxe: starting Boot[0-9A-F]+ "UEFI QEMU QEMU USB HARDDRIVE' 
# Issue 18 points 2 and 3: the stick under labgrid's pytest plugin
# (lab/qemu.yaml; lab/README.md), one boot with a verdict of each kind but
# XFAIL (FAIL, SKIP, N/A, ERROR: an injected #GP); its JUnit XML has one
# pytest result per harness result, as results.json on the medium has
# them (lab/check_pytest.py), and the LAVA jobs' monitor makes the same
# test cases of its serial log (lab/check_lava.py).
lab_boot() {
local d=$B/check/lab t0=$SECONDS code
rm -rf "$d"; mkdir -p "$d"
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -p no:cacheprovider -q --lg-env lab/qemu.yaml \
  lab/test_harness.py --harness-image $B/usb.img --harness-out "$d" --junitxml "$d/junit.xml" \
  --harness-opts "expect_cpu=6:2d emu.core_ebx=0x4 inject=gp-in-test \
tests=self.cpu.detect,core.events.instructions,core.events.ref-cycles,nhm.count.packages,snbep.box.setup,uncore.inject.*" \
  > "$d/pytest.log" 2>&1; code=$?
# pytest's status 1: some tests failed, as the FAIL and ERROR ones must.
if [ "$code" = 1 ]; then ok "check.lab.pytest-boot ($((SECONDS-t0)) s)"
else bad check.lab.pytest-boot "pytest exit status $code, want 1"; tail -n 25 "$d/pytest.log" | sed 's/^/    /'; fi
/usr/bin/python3 lab/check_pytest.py check.lab.pytest-results "$d/junit.xml" "$d/results/results.json"
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 lab/check_lava.py lab/lava/*.yaml --log "$d/serial.log" \
  --results "$d/results/results.json"
}
queue lab lab_boot
# The failure paths of the exit-status table.
queue detects-wrong-cpu boot detects-wrong-cpu 1 $ESP --cpu Nehalem --opts "tests=self.cpu.* expect_cpu=6:2d" \
  -- --verdict self.cpu.detect=FAIL --verdict self.cpu.same-on-every-cpu=PASS
queue nothing-ran boot nothing-ran 77 $ESP --smp 1 --opts "tests=self.fault.each-ap" \
  -- --verdict self.fault.each-ap=N/A --tests 1
queue timeout boot timeout 124 $ESP --timeout 2
# help (also --help, -h, ?): a line for every key of docs/configuration.md's table on
# the console and in help.txt on the medium, no test run, and back in the
# boot manager (its second start) with exit code 0 though end=shutdown.
help_boot() {
local hdir=$B/check/help t0=$SECONDS hcode why key; mkdir -p "$hdir"
scripts/qemu.sh --image $ESP --quiet --smp 2 --opts "end=shutdown --help" --until '^BdsDxe: starting' \
  --until-nth 2 --serial-log "$hdir/serial.log" --results "$hdir/results" --timeout "${BOOT_LIMIT:-600}"
hcode=$?; why=""; tr -d '\r' < "$hdir/serial.log" > "$hdir/console.txt"
[ "$hcode" = 0 ] || why="exit status $hcode, want 0"
for key in $(sed -n '/^| key | values | default/,/^$/s/^| `\([a-z_.]*\)` |.*/\1/p' docs/configuration.md); do
  grep -q "^help: $key (default [^)]*): .*; values: " "$hdir/console.txt" || why="${why:+$why; }no help line for $key"
  grep -q "^help: $key (default " "$hdir/results/help.txt" 2>/dev/null || why="${why:+$why; }help.txt lacks $key"
done
grep -qE '^(\[[0-9/-]+\] (PASS|FAIL|SKIP|XFAIL|ERROR|N/A) |[0-9]+ passed, )' "$hdir/console.txt" && why="${why:+$why; }a test ran"
grep -q '^end: returning to the firmware (exit code 0)$' "$hdir/console.txt" || why="${why:+$why; }no return to the firmware"
[ "$(grep -c '^BdsDxe: starting' "$hdir/console.txt")" = 2 ] || why="${why:+$why; }the boot manager did not start again"
if [ -z "$why" ]; then ok "check.qemu.help ($((SECONDS-t0)) s)"; else bad check.qemu.help "$why"; fi
}
# A run killed mid-way (repeat=1000 takes minutes), when its console shows
# the second round under way, keeps every result it reported: the journal
# marked incomplete, TAP without a plan, JUnit flags it.
queue killed-midway-keeps-results boot killed-midway-keeps-results 124 $ESP --smp 2 --until '^\[[0-9]+/[0-9]+\] PASS self\.cpu\.detect$' --until-nth 2 \
  --opts "repeat=1000 tests=self.*,nhm.regs.*" \
  -- --incomplete --min-tests 10 --all-pass --skip-ok 'nhm.*package*' 

# serial=io:0x2f8: the direct 16550 writer. OVMF mirrors its console to
# every ISA UART, COM2 included, so COM2 must carry each verdict line twice
# (firmware console + direct writer) where the console (COM1) has it once.
direct_uart() {
local com2_lines
mkdir -p $B/check/uart
boot direct-uart 0 $ESP --smp 2 --opts "serial=io:0x2f8 tests=self.cpu.*" \
  --com2 $B/check/uart/com2.log -- --tests 2 --all-pass
com2_lines=$(tr -d '\r' < $B/check/uart/com2.log | sed 's/\x1b\[[0-9;?=]*[a-zA-Z]//g' \
  | grep -cE '^(\[[0-9]+/[0-9]+\] PASS self\.cpu\.|2 passed, 0 failed, 0 skipped, 0 not applicable$)')
if [ "$com2_lines" = 6 ]; then
  ok check.qemu.direct-uart-output
else
  bad check.qemu.direct-uart-output "COM2 has $com2_lines verdict/summary lines, want 6 (3 from the firmware console, 3 from serial=io:0x2f8)"
fi
}

# Started from the UEFI shell (startup.nsh), options arrive as load options
# (UCS-2, argv[0] first) and override the config file.
shell_boot() {
local shell_img=$B/check/shell.img
cp $ESP $shell_img
export MTOOLS_SKIP_CHECK=1
mcopy -o -i $shell_img ::/EFI/BOOT/BOOTX64.EFI $B/check/harness.efi
mdel -i $shell_img ::/EFI/BOOT/BOOTX64.EFI
mcopy -o -i $shell_img $B/check/harness.efi ::/uncore-harness.efi
printf 'fs0:\r\n\\uncore-harness.efi tag=from-shell "verbose=2" tests=self.cpu.detect\r\n' > $B/check/startup.nsh
mcopy -o -i $shell_img $B/check/startup.nsh ::/startup.nsh
boot shell-load-options 0 $shell_img --opts "tag=from-file verbose=0" \
  -- --tag from-shell --tests 1 --all-pass
}
queue help help_boot
queue direct-uart direct_uart
queue shell shell_boot
# A run with FAIL, SKIP and N/A results, for the TAP consumers below.
queue tap-verdicts boot tap-verdicts 1 $ESP --smp 1 --opts "expect_cpu=6:2d emu.core_ebx=0x4 \
tests=self.cpu.detect,core.events.instructions,core.events.ref-cycles,nhm.count.packages,snbep.box.setup" \
  -- --verdict self.cpu.detect=FAIL --verdict core.events.ref-cycles=SKIP \
  --verdict nhm.count.packages=N/A --verdict snbep.box.setup=N/A
drain

# make report (issue 18.4) on the smp4-nehalem boot's run: its content
# (identity, every result, both plots inline as SVG, nothing fetched) and a
# comparison with a doctored copy of it, both ways (ci/report_check.py;
# Debian's python3-matplotlib, in /usr/bin/python3).
rep_out=$(/usr/bin/python3 -m ci.report_check $B/check/smp4-nehalem/results $B/check/report 2>&1)
rep_rc=$?
echo "$rep_out" | grep -E '^(PASS|FAIL) '
if [ $rep_rc != 0 ] && ! echo "$rep_out" | grep -q '^FAIL '; then
  bad check.report "ci/report_check.py exit $rep_rc: $(echo "$rep_out" | tail -n 1)"
fi
pass=$((pass + $(echo "$rep_out" | grep -c '^PASS '))); fail=$((fail + $(echo "$rep_out" | grep -c '^FAIL ')))

# results.json over the wire (issue 18.6), from boots above, no boot of its
# own. The smp4-nehalem boot's COM2 (results.serial=auto, the default: a
# copy now and then, the last at the end; OVMF's console is on every UART)
# rebuilds the very file on its medium; so does the direct-uart boot's COM2,
# where every frame line comes twice (the firmware's terminal there and
# serial=io:0x2f8); and the first log with one character of its last
# block's second data line changed is refused: that block named DAMAGED by
# its CRC-32, and whatever is rebuilt is not the medium's file (an earlier
# copy, or nothing). COM2, not COM1: QEMU writes a file chardev whole, but
# drops bytes into the pipe of qemu.sh's line reader when the reader falls
# behind, as it does on a loaded machine (seen with results.serial=each: 2 MB
# of frames a boot, three boots at once).
wire_check() {
  local name=$1 log=$2 dir=$B/check/$1 out code err
  out=$dir/wire.json
  err=$(python3 -m tools.serial2results -o "$out" "$log" 2>&1); code=$?
  if [ "$code" = 0 ] && cmp -s "$out" "$dir/results/results.json"; then
    ok "check.wire.$name ($(grep -c ': whole$' <<<"$err") blocks; the last, $(tail -n 1 <<<"$err" | sed 's/.*, \(copy [0-9]*\) (\(.*\))$/\1 (\2)/'), byte-identical to the medium's)"
  else bad "check.wire.$name" "serial2results exit $code; $(grep -v ': whole$' <<<"$err" | head -n 3 | paste -sd ';' -)"; fi
}
wire_check smp4-nehalem $B/check/smp4-nehalem/com2.log
wire_check direct-uart $B/check/uart/com2.log
wlog=$B/check/smp4-nehalem/com2.log
wl=$(grep -an 'wire: begin ' "$wlog" | tail -n 1 | cut -d: -f1)
wn=$(grep -ac 'wire: begin ' "$wlog")
awk -v n=$((${wl:-0} + 2)) 'NR == n { c = substr($4, 1, 1); $4 = (c == "A" ? "B" : "A") substr($4, 2) } { print }' \
  "$wlog" > $B/check/wire-flipped.log
rm -f $B/check/wire-flipped.json
werr=$(python3 -m tools.serial2results -o $B/check/wire-flipped.json $B/check/wire-flipped.log 2>&1); wcode=$?
if [ -n "$wl" ] && { [ "$wcode" = 1 ] || [ "$wcode" = 3 ]; } \
  && grep -q "^serial2results: block $wn: .*: DAMAGED: crc32 " <<<"$werr" \
  && ! cmp -s $B/check/wire-flipped.json $B/check/smp4-nehalem/results/results.json; then
  ok "check.wire.flipped-byte-refused (block $wn of $wn, exit $wcode)"
else bad check.wire.flipped-byte-refused "line $((${wl:-0} + 2)), exit $wcode; $(grep -m2 'DAMAGED\|no whole' <<<"$werr" | paste -sd ';' -)"; fi

# The whole uncore suite against every injected defect of the emulated
# uncore, on the host build, with a subset also booted here: each test fails
# for some defect, each defect fails some test, the clean model passes
# everything, and the boots agree with the host runs (ci/mutation.sh).
mut_out=$(ci/mutation.sh 2>&1)
echo "$mut_out" | grep -v '^mutation: '
read -r mp mf <<<"$(echo "$mut_out" | sed -n 's/^mutation: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')"
pass=$((pass + ${mp:-0})); fail=$((fail + ${mf:-1}))

# Every results.json the boots above produced validates against
# docs/results.schema.json (Debian's python3-jsonschema, which belongs to
# /usr/bin/python3; a missing module is this check's FAIL, not a crash);
# but the power cuts', which may have been cut while being written.
mapfile -t jsons < <(find $B/check -name results.json -not -path "$B/check/cut/*" | sort)
if [ ${#jsons[@]} = 0 ]; then bad check.results-schema "no results.json under $B/check"
elif schema_out=$(/usr/bin/python3 ci/check_schema.py "${jsons[@]}" 2>&1); then
  ok "check.results-schema (${#jsons[@]} files)"
else bad check.results-schema "$(echo "$schema_out" | head -n 3 | paste -sd ';' -)"; fi
# TAP consumers take every finished run's results.tap (issue 15.4): prove
# (Debian perl) and tappy (python3-tap, in /usr/bin/python3), each count as
# the JSON's (ci/check_tap.py), among them the tap-verdicts boot's. A
# missing consumer is its FAIL naming the package.
mapfile -t taps < <(find $B/check -name results.tap -not -path "$B/check/cut/*" -printf '%h\n' | sort)
for c in prove tappy; do
  if tap_out=$(/usr/bin/python3 -m ci.check_tap $c --need FAIL,SKIP,N/A "${taps[@]}" 2>&1)
  then ok "check.tap.$c ($tap_out)"; else bad check.tap.$c "$(echo "$tap_out" | head -n 3 | paste -sd ';' -)"; fi
done
echo "check: $pass passed, $fail failed, $skip skipped"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
