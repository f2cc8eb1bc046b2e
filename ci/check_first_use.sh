#!/usr/bin/env bash
# make qemu as a first user meets it (docs/development.md, make check): each
# boot runs scripts/qemu.sh as make qemu does, with no --until and a stall
# bound far above a boot's length, so an end that did not come by itself
# would show as exit 124 after it, never as a pass.
# - help and list end QEMU once the app has returned, with exit code 0;
#   list marks what applies and ends with its count;
# - end=halt and end=exit end with the code their closing line names;
# - standard output, piped, holds no "wire:" frame line, and the serial log
#   still rebuilds results.json byte for byte (tools/serial2results.py);
# - config mistakes in OPTS are named by their source, with the nearest
#   key, again on the run's and qemu.sh's last lines; a value may hold
#   blanks; a glob that matches nothing is named; strict=1 makes them an
#   ERROR with exit code 2 before any test.
#
# Called by ci/check_jobs.sh (make check); also on its own after make all
# esp. One line per check, PASS or FAIL, and last "first-use: N passed, N
# failed".
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
ESP=$B/esp.img
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass+1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail+1)); }

# run NAME OPTS: one boot, standard output (a pipe here) in out.txt; sets
# code and secs.
run() {
  local dir=$B/check-first-use/$1 t0=$SECONDS
  rm -rf "$dir"; mkdir -p "$dir"
  scripts/qemu.sh --image "$ESP" --smp 2 --timeout "${BOOT_LIMIT:-600}" --opts "$2" --opts-from "make qemu OPTS" \
    --serial-log "$dir/serial.log" --results "$dir/results" > "$dir/out.txt" 2> "$dir/err.txt"
  code=$? secs=$((SECONDS - t0))
}

# verdict NAME WHY: PASS or FAIL with the boot's last lines.
verdict() {
  if [ -z "$2" ]; then ok "$1 ($secs s)"; else
    bad "$1" "$2"; tail -n 15 "$B/check-first-use/${1#first-use.}/out.txt" | sed 's/^/    /'; fi
}

# end_check NAME WANT CLOSING-LINE-RE: the exit code and the closing line.
end_check() {
  local log=$B/check-first-use/${1#first-use.}/serial.log why=""
  [ "$code" = "$2" ] || why="exit status $code, want $2"
  grep -Eq "$3" "$log" || why="${why:+$why; }no line matches /$3/"
  grep -q 'X64 Exception Type' "$log" && why="${why:+$why; }the firmware took a CPU exception"
  echo "$why"
}

run help "end=shutdown help"
why=$(end_check first-use.help 0 '^end: returning to the firmware \(exit code 0\)$')
grep -q '^help: verbose (default ' $B/check-first-use/help/out.txt || why="${why:+$why; }no help line for verbose"
verdict first-use.help "$why"

run list "end=shutdown list"
why=$(end_check first-use.list 0 '^end: returning to the firmware \(exit code 0\)$')
out=$B/check-first-use/list/out.txt
nruns=$(grep -c '^runs ' "$out") nna=$(grep -c '^N/A  ' "$out")
grep -Eq "^list: $((nruns + nna)) test\(s\) selected: $nruns run on this CPU, $nna N/A, 0 SKIP$" "$out" \
  || why="${why:+$why; }no count line naming $nruns runs and $nna N/A"
grep -q '^N/A  snbep\.' "$out" && grep -q '^runs nhm\.' "$out" \
  || why="${why:+$why; }snbep.* not marked N/A or nhm.* not marked runs on a Nehalem"
grep -q "^list: [0-9]* not run here: a test of the snbep uncore; this CPU's is nhm$" "$out" \
  || why="${why:+$why; }no line for the snbep tests' reason"
verdict first-use.list "$why"

end_opts="tests=self.cpu.* expect_cpu=6:2d"
run end-halt "$end_opts end=halt"
verdict first-use.end-halt "$(end_check first-use.end-halt 1 '^end: halted \(exit code 1\); power the machine off$')"

# end=exit, its standard output piped: no frame line there, every one in
# the serial log, which rebuilds the medium's results.json.
run end-exit "$end_opts end=exit"
dir=$B/check-first-use/end-exit
why=$(end_check first-use.end-exit 1 '^end: returning to the firmware \(exit code 1\)$')
verdict first-use.end-exit "$why"
why=""
nwire=$(grep -c '^wire: ' "$dir/serial.log")
[ "$(grep -c 'wire: ' "$dir/out.txt")" = 0 ] || why="standard output holds $(grep -c 'wire: ' "$dir/out.txt") frame lines"
[ "$nwire" -gt 0 ] || why="${why:+$why; }the serial log holds no frame line"
grep -q '^\[[0-9]*/[0-9]*\] PASS ' "$dir/out.txt" || why="${why:+$why; }standard output lacks the verdict lines"
err=$(python3 -m tools.serial2results -o "$dir/wire.json" "$dir/serial.log" 2>&1) \
  || why="${why:+$why; }serial2results: $(tail -n 1 <<<"$err")"
cmp -s "$dir/wire.json" "$dir/results/results.json" \
  || why="${why:+$why; }the rebuilt results.json differs from the medium's"
if [ -z "$why" ]; then ok "first-use.piped-log-no-frames ($nwire frame lines in serial.log, none piped; rebuilt byte for byte)"
else bad first-use.piped-log-no-frames "$why"; fi

# Config mistakes, as a user types them on the make line.
run config-mistakes 'verbos=3 tag="my run" tests="self.cpu.*, nosuch.*"'
dir=$B/check-first-use/config-mistakes
why=$(end_check first-use.config-mistakes 0 '^end: .*\(exit code 0\)$')
for re in "^config from make qemu OPTS, word 1 \(config \\\\uncore-harness.cfg line [0-9]+\): unknown key 'verbos'; did you mean verbose\?" \
  "^config ignored: from make qemu OPTS, word 1 .*did you mean verbose\?; line ignored$" \
  "^tag: my run$" "^config: tests= glob 'nosuch\.\*' matches no test id" "^2 passed, 0 failed"; do
  grep -Eq "$re" "$dir/serial.log" || why="${why:+$why; }no line matches /$re/"
done
tail -n 3 "$dir/err.txt" | grep -q "^qemu.sh: config ignored: from make qemu OPTS, word 1 " \
  || why="${why:+$why; }qemu.sh's last lines do not name the ignored key"
verdict first-use.config-mistakes "$why"

run config-strict "strict=1 verbos=3 tests=self.cpu.*"
why=$(end_check first-use.config-strict 2 '^end: .*\(exit code 2\)$')
grep -q '^config: ERROR: strict=1 and 1 config line(s) or token(s) ignored; no test run$' \
  "$B/check-first-use/config-strict/serial.log" || why="${why:+$why; }no strict ERROR line"
grep -Eq '^\[[0-9]+/[0-9]+\] ' "$B/check-first-use/config-strict/serial.log" && why="${why:+$why; }a test ran"
verdict first-use.config-strict "$why"

echo "first-use: $pass passed, $fail failed"
[ "$fail" = 0 ]
