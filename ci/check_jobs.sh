#!/usr/bin/env bash
# make check's scripted steps, called by ci/boots.py for rows of
# ci/boots.toml: a row's job (job = [NAME, ARGS...]: a check that boots as
# it needs) or a step before or after a row's boot (before =, after =).
# Each prints one PASS/FAIL line per check. ci/boots.py sets B (the build
# folder), ESP (the image) and DIR (the row's folder, $B/check/NAME).
# Every check keys on an event (a serial line, QEMU's exit), never on a
# delay.
#   ci/check_jobs.sh NAME ARGS...
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build} ESP=${ESP:-build/esp.img}
ok()  { echo "PASS $1"; }
bad() { echo "FAIL $1: $2"; }

# make replay on the trace boot's serial log, a trace the
# emulated model itself answered: every read agrees. The same log with one
# status bit flipped (the first read of a *STATUS register that gave 0, now
# 1): exactly one disagreement, naming that line and register.
replay() {
  local rlog=$DIR/serial.log rout rl rreg rcode
  if rout=$("$B/host/replay" "$rlog" 2>&1) && echo "$rout" | grep -q ' 0 disagreements$'; then
    ok "check.replay.self ($(echo "$rout" | sed -n 's/^replay: \([0-9]* reads compared\).*/\1/p'))"
  else bad check.replay.self "$(echo "$rout" | grep -v '^replay: [^0-9]' | head -n 3 | paste -sd ';' -)"; fi
  rl=$(grep -n -m1 -E ' rd cpu [0-9]+ 0x[0-9a-f]+ [A-Za-z0-9_]*STATUS[^ ]* 0x0 tsc ' "$rlog" | cut -d: -f1)
  rreg=$(sed -n "${rl:-1}s/.* rd cpu [0-9]* 0x[0-9a-f]* \([^ ]*\) 0x0 tsc .*/\1/p" "$rlog")
  sed "${rl:-1}s/ 0x0 tsc / 0x1 tsc /" "$rlog" > "$B/check/replay-flipped.log"
  rout=$("$B/host/replay" "$B/check/replay-flipped.log" 2>&1); rcode=$?
  if [ -n "$rl" ] && [ "$rcode" = 1 ] && [ "$(echo "$rout" | grep -c '^DISAGREE ')" = 1 ] \
    && echo "$rout" | grep -q "^DISAGREE [^ ]* (line $rl): rd cpu [0-9]* 0x[0-9a-f]* $rreg: trace 0x1, model 0x0: "; then
    ok "check.replay.one-bit-flipped ($rreg, line $rl)"
  else bad check.replay.one-bit-flipped "line ${rl:-none} ($rreg): exit $rcode; $(echo "$rout" | grep -m3 '^DISAGREE' | paste -sd ';' -)"; fi
}

# serial=io:0x2f8, the direct 16550 writer: OVMF mirrors its console to
# every ISA UART, COM2 included, so COM2 must carry each verdict line twice
# (firmware console + direct writer) where the console (COM1) has it once.
direct_uart_output() {
  local com2_lines
  com2_lines=$(tr -d '\r' < "$DIR/com2.log" | sed 's/\x1b\[[0-9;?=]*[a-zA-Z]//g' \
    | grep -cE '^(\[[0-9]+/[0-9]+\] PASS self\.cpu\.|2 passed, 0 failed, 0 skipped, 0 not applicable$)')
  if [ "$com2_lines" = 6 ]; then ok check.qemu.direct-uart-output
  else bad check.qemu.direct-uart-output "COM2 has $com2_lines verdict/summary lines, want 6 (3 from the firmware console, 3 from serial=io:0x2f8)"; fi
}

# The UEFI shell's image: the app as \uncore-harness.efi, started by
# startup.nsh with load options (UCS-2, argv[0] first) that override the
# config file.
shell_image() {
  local shell_img=$B/check/shell.img
  cp "$ESP" "$shell_img"
  export MTOOLS_SKIP_CHECK=1
  mcopy -o -i "$shell_img" ::/EFI/BOOT/BOOTX64.EFI "$B/check/harness.efi"
  mdel -i "$shell_img" ::/EFI/BOOT/BOOTX64.EFI
  mcopy -o -i "$shell_img" "$B/check/harness.efi" ::/uncore-harness.efi
  printf 'fs0:\r\n\\uncore-harness.efi tag=from-shell "verbose=2" tests=self.cpu.detect\r\n' > "$B/check/startup.nsh"
  mcopy -o -i "$shell_img" "$B/check/startup.nsh" ::/startup.nsh
}

# A full medium (medium_image FREE_BYTES CONFIG): the config goes in before
# the filler, since qemu.sh could not add it to a full volume; the image is
# $B/check/NAME.img. After the boot (fsck_clean), no folder half made:
# fsck.fat finds the volume clean.
medium_image() {
  local want_free=$1 cfg=$2 img=$DIR.img free
  cp "$ESP" "$img"
  # shellcheck disable=SC2086  # the config's words, one a line
  printf '%s\n' $cfg > "$DIR/cfg"
  mcopy -o -i "$img" "$DIR/cfg" ::/uncore-harness.cfg
  free=$(mdir -i "$img" :: | sed -n 's/ *\([0-9 ]*\) bytes free.*/\1/p' | tr -d ' ')
  truncate -s $((free - want_free)) "$DIR/filler"
  mcopy -i "$img" "$DIR/filler" ::/filler
}
fsck_clean() {
  local name why=""
  name=$(basename "$DIR")
  fsck.fat -n "$DIR/after.img" > "$DIR/fsck.log" 2>&1 || why="fsck.fat: $(tail -n 3 "$DIR/fsck.log" | paste -sd ' ' -)"
  if [ -z "$why" ]; then ok "check.qemu.$name-fsck-clean"; else bad "check.qemu.$name-fsck-clean" "$why"; fi
}

# A hung test's run after its resets (resumed BOOTS CHECK_RESUME_ARGS):
# each file holds every test once (ci/check_resume.py).
resumed() {
  local boots=$1 name why
  shift
  name=$(basename "$DIR")
  why=$(python3 -m ci.check_resume "$DIR/results" --boots "$boots" "$@" | paste -sd ';' -)
  if [ -z "$why" ]; then ok "check.qemu.$name-every-test-once"; else bad "check.qemu.$name-every-test-once" "$why"; fi
}

# Power cut at many points: a reference run gives the console's lines; the
# same run is then killed (SIGKILL) when line k arrives, for k spread from
# the banner to the closing line, and every file left on the medium must
# read as a prefix of what the console said (ci/check_cut.py).
# (results.serial=off: the framed copies of results.json are no file on the
# medium, would take most of the lines, and come where time says, not at
# the same line of every run)
power_cut() {
  local cut_opts first last cuts cut_bad="" i k why
  cut_opts="tests=self.cpu.*,nhm.regs.*,nhm.count.*,nhm.fixed.* results.serial=off"
  mkdir -p "$B/check/cut"
  scripts/qemu.sh --image "$ESP" --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$cut_opts" \
    --serial-log "$B/check/cut/ref.log" --results "$B/check/cut/ref" > /dev/null 2>&1
  first=$(grep -n '^uncore-harness ' "$B/check/cut/ref.log" | head -n 1 | cut -d: -f1)
  last=$(grep -n '^end: ' "$B/check/cut/ref.log" | head -n 1 | cut -d: -f1)
  if [ -z "$first" ] || [ -z "$last" ]; then
    bad check.qemu.power-cut "the reference run has no banner or no closing line"; return
  fi
  cuts=8
  for i in $(seq 0 $((cuts - 1))); do
    k=$((first + (last - first) * i / (cuts - 1)))
    scripts/qemu.sh --image "$ESP" --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$cut_opts" --kill-at-line "$k" \
      --serial-log "$B/check/cut/$k.log" --results "$B/check/cut/$k" > /dev/null 2>&1
    why=$(python3 -m ci.check_cut "$B/check/cut/$k.log" "$B/check/cut/$k" | paste -sd ';' -)
    [ -z "$why" ] || cut_bad="${cut_bad:+$cut_bad; }line $k: $why"
  done
  if [ -z "$cut_bad" ]; then ok "check.qemu.power-cut ($cuts cuts, lines $first..$last)"
  else bad check.qemu.power-cut "$cut_bad"; fi
}

# make qemu: GNU make ends with its own 2 whenever a recipe fails, so the
# harness's code is named on the last line of the run and kept in
# build/qemu.exit; make's own status is 0 exactly when the code is.
make_qemu() { # make_qemu NAME WANT MAKE_VARS...
  local name=$1 want=$2 out status got why=""
  shift 2
  out=$(make --no-print-directory qemu "$@" 2>&1); status=$?
  got=$(cat "$B/qemu.exit" 2>/dev/null)
  [ "$got" = "$want" ] || why="build/qemu.exit holds '$got', want $want"
  echo "$out" | grep -q "^make qemu: exit code $want (" || why="${why:+$why; }no 'make qemu: exit code $want' line"
  { [ "$want" = 0 ] && [ $status = 0 ]; } || { [ "$want" != 0 ] && [ $status = 2 ]; } \
    || why="${why:+$why; }make's own status $status"
  if [ -z "$why" ]; then ok "check.make-qemu.$name"; else bad "check.make-qemu.$name" "$why"; fi
}
make_qemu_all() { # one after another: each writes build/qemu.exit
  make_qemu exit-0 0 SMP=2 SOCKETS=1 OPTS='tests=self.cpu.*'
  make_qemu exit-1 1 SMP=1 SOCKETS=1 OPTS='tests=self.cpu.* expect_cpu=6:2d'
  make_qemu exit-77 77 SMP=1 SOCKETS=1 OPTS='tests=self.fault.each-ap'
  make_qemu exit-124 124 TIMEOUT=2
}

# Resets at random points: a monitor system_reset at random
# lines of the serial output, twice a boot, three boots; the machine
# reboots and resumes each time. Whatever instant they came at, every
# result file of every run folder on the medium reads (a reset before the
# first test leaves a run of heads only; the next boot starts another),
# and the last run is whole with every test once.
random_resets() {
  local opts="tests=self.cpu.*,nhm.regs.*,nhm.count.* verbose=2" d=$B/check/resets first last n i r1 r2 why="" img out
  mkdir -p "$d"
  scripts/qemu.sh --image "$ESP" --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$opts" \
    --keep-image "$d/ref.img" --serial-log "$d/ref.log" --results "$d/ref" > /dev/null 2>&1
  first=$(grep -n '^uncore-harness ' "$d/ref.log" | head -n 1 | cut -d: -f1)
  last=$(grep -n '^end: ' "$d/ref.log" | head -n 1 | cut -d: -f1)
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' "$d/ref/results.json" 2>/dev/null)
  if [ -z "$first" ] || [ -z "$last" ] || [ -z "$n" ]; then
    bad check.qemu.random-resets "the reference run has no banner, closing line or results.json"; return
  fi
  for i in 1 2 3; do
    r1=$((first + RANDOM % (last - first))); r2=$((r1 + 1 + RANDOM % (last - first)))
    img=$d/$i.img
    scripts/qemu.sh --image "$ESP" --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$opts" \
      --reset-at-lines "$r1,$r2" --keep-image "$img" --serial-log "$d/$i.log" --results "$d/$i" > /dev/null 2>&1
    rm -rf "$d/$i.all" && mkdir -p "$d/$i.all"
    MTOOLS_SKIP_CHECK=1 mcopy -s -n -i "$img" ::/uncore-results "$d/$i.all/" 2>/dev/null
    out=$(python3 -m ci.check_resume --readable "$d/$i.all"/uncore-results/run-* &&
          python3 -m ci.check_resume "$d/$i" --tests "$n")
    [ -z "$out" ] || why="${why:+$why; }resets at lines $r1,$r2: $(echo "$out" | paste -sd ';' -)"
    grep -q '^end: ' "$d/$i.log" || why="${why:+$why; }resets at lines $r1,$r2: no closing line"
  done
  if [ -z "$why" ]; then ok "check.qemu.random-resets (3 boots, 2 resets each, $n tests)"
  else bad check.qemu.random-resets "$why"; fi
  stale_entries "$d" "$opts" "$n"
}

# The reference run's medium as a reset inside the FAT driver's flush can
# leave it (ci/stale_entries.py: results.new and results.json naming free
# clusters, the mark at state=end), then a boot that resumes the run: it
# completes the run's files, whole, and no two files share a cluster.
stale_entries() { # stale_entries DIR OPTS TESTS
  local d=$1 why="" freed
  cp "$d/ref.img" "$d/stale.img"
  freed=$(python3 -m ci.stale_entries "$d/stale.img" run-0001 2>&1) || why="ci.stale_entries: $freed"
  if [ -z "$why" ]; then
    scripts/qemu.sh --image "$d/stale.img" --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$2" \
      --keep-image "$d/stale-after.img" --serial-log "$d/stale.log" --results "$d/stale" > /dev/null 2>&1 \
      || why="exit code $? (want 0)"
    grep -q '^resume: run-0001, boot 2: reset while its files were being completed' "$d/stale.log" \
      || why="${why:+$why; }no resume of run-0001 at state=end"
    why="${why:+$why; }$(python3 -m ci.check_resume "$d/stale" --tests "$3" | paste -sd ';' -)"
    fsck.fat -n "$d/stale-after.img" > "$d/stale-fsck.log" 2>&1 \
      || why="${why:+$why; }fsck.fat: $(grep -A1 -m2 'share clusters\|chain' "$d/stale-fsck.log" | paste -sd ' ' -)"
  fi
  why=${why%; }
  if [ -z "$why" ]; then ok "check.qemu.stale-entries (clusters $freed freed under their entries)"
  else bad check.qemu.stale-entries "$why"; fi
}

# help (also --help, -h, ?): a line for every key of docs/configuration.md's
# table on the console and in help.txt on the medium, no test run, and back
# in the boot manager (its second start) with exit code 0 though
# end=shutdown.
help_boot() {
  local hdir=$B/check/help t0=$SECONDS hcode why="" key
  mkdir -p "$hdir"
  scripts/qemu.sh --image "$ESP" --quiet --smp 2 --opts "end=shutdown --help" --until '^BdsDxe: starting' \
    --until-nth 2 --serial-log "$hdir/serial.log" --results "$hdir/results" --timeout "${BOOT_LIMIT:-600}"
  hcode=$?; tr -d '\r' < "$hdir/serial.log" > "$hdir/console.txt"
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

# The lab: the stick under labgrid's pytest plugin
# (lab/qemu.yaml; docs/lab.md), one boot with a verdict of each kind but
# XFAIL (FAIL, SKIP, N/A, ERROR: an injected #GP); its JUnit XML has one
# pytest result per harness result, as results.json on the medium has
# them (lab/check_pytest.py), and the LAVA jobs' monitor makes the same
# test cases of its serial log (lab/check_lava.py).
lab_boot() {
  local d=$B/check/lab t0=$SECONDS code
  rm -rf "$d"; mkdir -p "$d"
  PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -p no:cacheprovider -q --lg-env lab/qemu.yaml \
    lab/test_harness.py --harness-image "$B/usb.img" --harness-out "$d" --junitxml "$d/junit.xml" \
    --harness-opts "expect_cpu=6:2d emu.core_ebx=0x4 inject=gp-in-test \
tests=self.cpu.detect,core.events.instructions,core.events.ref-cycles,nhm.count.packages,snbep.box.setup,uncore.inject.*" \
    > "$d/pytest.log" 2>&1; code=$?
  # pytest's status 1: some tests failed, as the FAIL and ERROR ones must.
  if [ "$code" = 1 ]; then ok "check.lab.pytest-boot ($((SECONDS-t0)) s)"
  else bad check.lab.pytest-boot "pytest exit status $code, want 1"; tail -n 25 "$d/pytest.log" | sed 's/^/    /'; fi
  /usr/bin/python3 lab/check_pytest.py check.lab.pytest-results "$d/junit.xml" "$d/results/results.json"
  PYTHONPATH=. PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 lab/check_lava.py lab/lava/*.yaml --log "$d/serial.log" \
    --results "$d/results/results.json"
}

# The machine left as found on every path (ci/check_abnormal.sh).
abnormal() { ci/check_abnormal.sh; }
first_use() { ci/check_first_use.sh; }

# The PCI boxes' trace (boot snb-ep-pci-trace) replayed on the model: every
# read agrees, and both sockets' uncore buses (0x7f, 0xff) were reached.
pci_replay() {
  local rlog=$DIR/serial.log rout
  if rout=$("$B/host/replay" "$rlog" 2>&1) && echo "$rout" | grep -q ' 0 disagreements$' \
    && grep -q ' pci 0000:7f:' "$rlog" && grep -q ' pci 0000:ff:' "$rlog"; then
    ok "check.replay.pci ($(echo "$rout" | sed -n 's/^replay: \([0-9]* reads compared\).*/\1/p'))"
  else bad check.replay.pci "$(echo "$rout" | grep -v '^replay: [^0-9]' | head -n 3 | paste -sd ';' -)"; fi
}

# A power cut during a serial copy of results.json just after a FAIL: the
# copy (results.serial=each) goes out once that FAIL's record is on the
# medium, after a mark at state=next, so after power-on the FAIL and its
# reason are in every file (JUnit too), the exit code is 1 and the two
# boots' consoles show each verdict once. A reference run names the copy
# after the FAIL; the cut is keyed on its begin line (verbose=3: a copy of
# a second, far longer than qemu.sh's reader takes to kill), and the mark
# the cut left must say state=next, or it missed the copy.
copy_cut() {
  local d=$B/check/copy-cut c code mark why=""
  local o="tests=nhm.regs.reserved-bits,nhm.filter.occ-reset,nhm.filter.edge-dir,nhm.ovf.fixed-wrap verbose=3 emu.fault=edge-falling results.serial=each"
  rm -rf $d; mkdir -p $d
  scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$o" \
    --serial-log $d/ref.log --results $d/ref > /dev/null 2>&1
  c=$(sed -n '/^\[[0-9]*\/[0-9]*\] FAIL nhm\.filter\.edge-dir: /,$s/^wire: begin results\.json copy=\([0-9]*\) .*/\1/p' $d/ref.log | head -n 1)
  if [ -z "$c" ]; then bad check.qemu.copy-cut "the reference run has no FAIL of nhm.filter.edge-dir followed by a copy"; return; fi
  scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$o" \
    --until "^wire: begin results\.json copy=$c " --keep-image $d/cut.img --serial-log $d/cut.log > /dev/null 2>&1
  mark=$(MTOOLS_SKIP_CHECK=1 mtype -i $d/cut.img ::/uncore-results/run-0001/progress.txt 2>/dev/null | cut -c1-120)
  [[ $mark == *" state=next "*" index=5 "* ]] || why="the cut left the mark '$mark', not state=next index=5: it missed copy $c"
  scripts/qemu.sh --image $d/cut.img --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" \
    --serial-log $d/after.log --results $d/after > /dev/null 2>&1; code=$?
  [ "$code" = 1 ] || why="${why:+$why; }exit code $code after power-on, want 1"
  out=$(python3 -m ci.check_resume $d/after --tests 6 --boots 2 --fail nhm.filter.edge-dir \
        --console $d/cut.log $d/after.log | paste -sd ';' -)
  [ -z "$out" ] || why="${why:+$why; }$out"
  grep -q '^resume: run-0001, boot 2: reset between tests, results 1-4 on the medium;' $d/after.log \
    || why="${why:+$why; }no 'resume: ... reset between tests' line"
  if [ -z "$why" ]; then ok "check.qemu.copy-cut (cut in copy $c after the FAIL; every file holds it, exit 1)"
  else bad check.qemu.copy-cut "$why"; fi
}


"$@"
