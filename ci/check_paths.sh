# Sourced by ci/check.sh (uses its ok, bad, boot, queue, $B, $ESP): the
# ends of a run and its abnormal paths, each keyed on an event (a serial
# line, QEMU's exit), never on a delay. Queued as check.sh's jobs, the
# longest (the power cuts) first.

# Power cut at many points: a reference run gives the console's lines; the
# same run is then killed (SIGKILL) when line k arrives, for k spread from
# the banner to the closing line, and every file left on the medium must
# read as a prefix of what the console said (ci/check_cut.py).
power_cut() {
local cut_opts first last cuts cut_bad i k why
# (results.serial=off: the framed copies of results.json are no file on the
# medium, would take most of the lines, and come where time says, not at
# the same line of every run)
cut_opts="tests=self.cpu.*,nhm.regs.*,nhm.count.*,nhm.fixed.* results.serial=off"
mkdir -p $B/check/cut
scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$cut_opts" \
  --serial-log $B/check/cut/ref.log --results $B/check/cut/ref > /dev/null 2>&1
first=$(grep -n '^uncore-harness ' $B/check/cut/ref.log | head -n 1 | cut -d: -f1)
last=$(grep -n '^end: ' $B/check/cut/ref.log | head -n 1 | cut -d: -f1)
if [ -z "$first" ] || [ -z "$last" ]; then
  bad check.qemu.power-cut "the reference run has no banner or no closing line"
else
  cuts=8 cut_bad=""
  for i in $(seq 0 $((cuts - 1))); do
    k=$((first + (last - first) * i / (cuts - 1)))
    scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$cut_opts" --kill-at-line "$k" \
      --serial-log $B/check/cut/$k.log --results $B/check/cut/$k > /dev/null 2>&1
    why=$(python3 -m ci.check_cut $B/check/cut/$k.log $B/check/cut/$k | paste -sd ';' -)
    [ -z "$why" ] || cut_bad="${cut_bad:+$cut_bad; }line $k: $why"
  done
  if [ -z "$cut_bad" ]; then ok "check.qemu.power-cut ($cuts cuts, lines $first..$last)"
  else bad check.qemu.power-cut "$cut_bad"; fi
fi
}
queue power-cut power_cut

# Every end= value ends as the README documents, the exit code reaching the
# caller through isa-debug-exit or, where there is none (bare metal), the
# closing line. expect_cpu=6:2d on a Nehalem makes the code 1, so a code
# that did not travel would show. A firmware exception after the app gave
# control back fails boot() (it looks for OVMF's exception dump).
end_opts="tests=self.cpu.* expect_cpu=6:2d"
queue end-auto-no-debug-exit boot end-auto-no-debug-exit 1 $ESP --no-debug-exit --opts "$end_opts end=auto" \
  -- --verdict self.cpu.detect=FAIL --serial 'end: no isa-debug-exit device answered; shutting down'
queue end-shutdown boot end-shutdown 1 $ESP --no-debug-exit --opts "$end_opts end=shutdown" \
  -- --verdict self.cpu.detect=FAIL --serial '^end: shutdown \(exit code 1\)$'
queue end-reboot boot end-reboot 1 $ESP --opts "$end_opts end=reboot" \
  -- --verdict self.cpu.detect=FAIL --serial '^end: reboot \(exit code 1\)$'
# end=exit: back in the firmware's boot manager, which starts its next
# option (OVMF: the setup UI), its second start after ours.
queue end-exit boot end-exit 1 $ESP --opts "$end_opts end=exit" --until '^BdsDxe: starting' --until-nth 2 \
  -- --verdict self.cpu.detect=FAIL --serial '^end: returning to the firmware \(exit code 1\)$' \
  --serial '^BdsDxe: starting'
queue end-halt boot end-halt 1 $ESP --opts "$end_opts end=halt" --until '^end: halted' \
  -- --verdict self.cpu.detect=FAIL --serial '^end: halted \(exit code 1\); power the machine off$'

# A full medium: no folder is made (fsck.fat finds the volume clean), the
# console says how much room there is and how much the run needs, and the
# exit code is the harness error one. The config goes in before the filler,
# since qemu.sh could not add it to a full volume.
full_medium() { # full_medium NAME FREE_BYTES CONFIG -- CHECK_RUN_ARGS
  local name=$1 want_free=$2 cfg=$3 img=$B/check/$1.img dir=$B/check/$1 free
  shift 4
  mkdir -p "$dir"
  cp $ESP "$img"
  printf '%s\n' $cfg > "$dir/cfg"
  mcopy -o -i "$img" "$dir/cfg" ::/uncore-harness.cfg
  free=$(mdir -i "$img" :: | sed -n 's/ *\([0-9 ]*\) bytes free.*/\1/p' | tr -d ' ')
  truncate -s $((free - want_free)) "$dir/filler"
  mcopy -i "$img" "$dir/filler" ::/filler
  boot "$name" 2 "$img" --smp 2 --keep-image "$dir/after.img" -- "$@"
  local why=""
  fsck.fat -n "$dir/after.img" > "$dir/fsck.log" 2>&1 || why="fsck.fat: $(tail -n 3 "$dir/fsck.log" | paste -sd ' ' -)"
  if [ -z "$why" ]; then ok "check.qemu.$name-fsck-clean"; else bad "check.qemu.$name-fsck-clean" "$why"; fi
}
refused=(--serial '^results: [0-9]+ bytes free on the boot medium, a run of [0-9]+ results needs up to [0-9]+ and its files at least [0-9]+; console only'
         --serial '^results: none written:' --no-results)
queue medium-24k-free full_medium medium-24k-free 24576 'tests=self.cpu.*' -- "${refused[@]}"
queue medium-full full_medium medium-full 0 'tests=self.cpu.*' -- "${refused[@]}"
# Room for the files' heads but not for 400 results: the run is warned, the
# files stop at a line boundary (the journal reads as a prefix of the
# console), and the run says which file stopped where. The heads' room
# grows with every defect name (the recorded config's worst case,
# CFG_DESCRIBE_MAX: 83 KiB with 40 more defects, where 80 KiB had been
# enough); 400 results need about 680 KiB.
queue medium-fills-up full_medium medium-fills-up 163840 'tests=self.cpu.* repeat=200' -- \
  --serial '^results: only [0-9]+ bytes free on the boot medium' \
  --serial '^results: results\.jsonl stopped at byte [0-9]+: the volume is full$' \
  --serial '^results: incomplete on the medium; exit code 2' --cut


# make qemu: GNU make ends with its own 2 whenever a recipe fails, so the
# harness's code is named on the last line of the run and kept in
# build/qemu.exit; make's own status is 0 exactly when the code is.
make_qemu() { # make_qemu NAME WANT MAKE_VARS...
  local name=$1 want=$2 out status got why=""
  shift 2
  out=$(make --no-print-directory qemu "$@" 2>&1); status=$?
  got=$(cat $B/qemu.exit 2>/dev/null)
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
queue make-qemu make_qemu_all

# A hung test (issue 18.1): the machine reboots (--reboot: no -no-reboot),
# the next boot finds the progress mark, records the test as ERROR "hung:
# reset by watchdog after N s" and goes on; each file holds every test
# once and the exit code is 124. Two hangs in one run, one of each kind:
# interrupts on, and off (only the ICH9 TCO can reset that one). Then the
# firmware's watchdog alone on a chipset without a TCO (i440FX), a run
# that ends at watchdog.resets=, and debug.hang= refused on the hardware
# backend. The bound, 15 s, is far
# above these tests' few ms even on a loaded host (README, "Watchdog").
hang_boot() { # hang_boot NAME WANT_EXIT BOOTS QEMU_ARGS -- CHECK_RESUME_ARGS
  local name=$1 want=$2 boots=$3 qargs=() dir why
  shift 3
  while [ $# -gt 0 ] && [ "$1" != -- ]; do qargs+=("$1"); shift; done
  shift
  dir=$B/check/$name
  boot "$name" "$want" $ESP --reboot --smp 2 "${qargs[@]}"
  why=$(python3 -m ci.check_resume "$dir/results" --boots "$boots" "$@" | paste -sd ';' -)
  if [ -z "$why" ]; then ok "check.qemu.$name-every-test-once"; else bad "check.qemu.$name-every-test-once" "$why"; fi
}
queue watchdog-hangs hang_boot watchdog-hangs 124 3 \
  --opts "tests=self.cpu.*,nhm.regs.* watchdog=15 debug.hang=self.cpu.detect:irq-on,nhm.regs.write-only:irq-off" \
  -- --tests 10 --hung self.cpu.detect --hung nhm.regs.write-only
queue watchdog-firmware-only hang_boot watchdog-firmware-only 124 2 --machine pc \
  --opts "tests=self.cpu.* watchdog=15 debug.hang=self.cpu.same-on-every-cpu:irq-on" \
  -- --tests 2 --hung self.cpu.same-on-every-cpu
# watchdog.resets=0: the first reset already ends the run with what it
# has, the hung test recorded and the one after it never run.
queue watchdog-resets-reached hang_boot watchdog-resets-reached 124 2 \
  --opts "tests=self.cpu.* watchdog=15 watchdog.resets=0 debug.hang=self.cpu.detect:irq-off" \
  -- --tests 1 --hung self.cpu.detect
queue hang-refused-on-hw boot hang-refused-on-hw 0 $ESP --smp 2 \
  --opts "tests=self.cpu.* backend=hw debug.hang=self.cpu.detect:irq-off" \
  -- --tests 2 --all-pass --serial '^debug\.hang: refused on the hardware backend' \
  --serial '^watchdog: 300 s a test, the firmware.s and the ICH9 TCO.s at io 0x[0-9a-f]+$'

# Resets at random points (issue 18.5): a monitor system_reset at random
# lines of the serial output, twice a boot, three boots; the machine
# reboots and resumes each time. Whatever instant they came at, every
# result file of every run folder on the medium reads (a reset before the
# first test leaves a run of heads only; the next boot starts another),
# and the last run is whole with every test once.
random_resets() {
  local opts="tests=self.cpu.*,nhm.regs.*,nhm.count.* verbose=2" d=$B/check/resets first last n i r1 r2 why img
  mkdir -p $d
  scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$opts" \
    --serial-log $d/ref.log --results $d/ref > /dev/null 2>&1
  first=$(grep -n '^uncore-harness ' $d/ref.log | head -n 1 | cut -d: -f1)
  last=$(grep -n '^end: ' $d/ref.log | head -n 1 | cut -d: -f1)
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' $d/ref/results.json 2>/dev/null)
  if [ -z "$first" ] || [ -z "$last" ] || [ -z "$n" ]; then
    bad check.qemu.random-resets "the reference run has no banner, closing line or results.json"; return
  fi
  why=""
  for i in 1 2 3; do
    r1=$((first + RANDOM % (last - first))); r2=$((r1 + 1 + RANDOM % (last - first)))
    img=$d/$i.img
    scripts/qemu.sh --image $ESP --quiet --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$opts" \
      --reset-at-lines "$r1,$r2" --keep-image $img --serial-log $d/$i.log --results $d/$i > /dev/null 2>&1
    rm -rf $d/$i.all && mkdir -p $d/$i.all
    MTOOLS_SKIP_CHECK=1 mcopy -s -n -i $img ::/uncore-results $d/$i.all/ 2>/dev/null
    out=$(python3 -m ci.check_resume --readable $d/$i.all/uncore-results/run-* &&
          python3 -m ci.check_resume $d/$i --tests "$n")
    [ -z "$out" ] || why="${why:+$why; }resets at lines $r1,$r2: $(echo "$out" | paste -sd ';' -)"
    grep -q '^end: ' $d/$i.log || why="${why:+$why; }resets at lines $r1,$r2: no closing line"
  done
  if [ -z "$why" ]; then ok "check.qemu.random-resets (3 boots, 2 resets each, $n tests)"
  else bad check.qemu.random-resets "$why"; fi
}
queue random-resets random_resets
