#!/usr/bin/env bash
# Host test for lab/ (the labgrid place and the LAVA job) without a lab or a boot:
# lab/test_harness.py under pytest reads a captured serial log
# (tests/lab/serial.log: the firmware's CRs and escapes, every verdict
# word, a grouped N/A line) and the run's results.json, and
# lab/check_pytest.py finds one pytest result per harness result with the
# right outcome, and refuses a run whose medium disagrees; the LAVA jobs
# pass LAVA's validator, their monitor makes the right cases of the log at
# verbose=2 and misses a grouped N/A line (verbose=1); a run on a lab
# place (tests/lab/lab_place_run.py: stand-in drivers) writes the card,
# boots and reads it back in the right order; the place template builds in
# labgrid, and a broken one does not. Prints TAP; exits 1 if a
# check failed. Needs /usr/bin/python3 with python3-labgrid and
# lava-common (scripts/deps.sh).
set -uo pipefail
cd "$(dirname "$0")/../.."
fix=tests/lab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1
n=0 failed=0
report() { # report NAME STATUS [WHY]
  n=$((n + 1))
  if [ "$2" -eq 0 ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; echo "# ${3:-}"; failed=$((failed + 1)); fi
}
# pytest_on LOG RESULTS-DIR JUNIT: lab/test_harness.py over a captured run.
pytest_on() {
  /usr/bin/python3 -m pytest -p no:cacheprovider -q lab/test_harness.py --harness-log "$1" \
    --harness-results "$2" --junitxml "$3" > "$3.out" 2>&1
}

pytest_on $fix/serial.log $fix "$tmp/junit.xml"; rc=$?
out=$(/usr/bin/python3 lab/check_pytest.py lab-host "$tmp/junit.xml" $fix/results.json)
[ $rc = 1 ] && [[ $out == "PASS lab-host (8 harness results as pytest results: error, failure, passed, skipped, xfailed)" ]]
report "pytest: one result per harness result, each verdict's outcome, grouped N/A named from results.json" $? \
  "pytest status $rc; $out; $(tail -n 3 "$tmp/junit.xml.out" | paste -sd ';' -)"

# The medium says XFAIL where the console says PASS: both the pytest run
# (test_run_medium) and the judge refuse it.
mkdir -p "$tmp/other"
sed 's/"XFAIL"/"PASS"/' $fix/results.json > "$tmp/other/results.json"
pytest_on $fix/serial.log "$tmp/other" "$tmp/other.xml"
out=$(/usr/bin/python3 lab/check_pytest.py lab-host "$tmp/other.xml" "$tmp/other/results.json"); rc=$?
[ $rc = 1 ] && [[ $out == "FAIL lab-host: "*"test_harness[nhm.fixed.gates]"*"xfailed"*"passed"* ]] \
  && grep -q 'FAILED lab/test_harness.py::test_run_medium' "$tmp/other.xml.out"
report "a medium that disagrees with the console is refused" $? "status $rc; $out"

# A run cut short: no summary, no closing line.
head -n 6 $fix/serial.log > "$tmp/cut.log"
pytest_on "$tmp/cut.log" $fix "$tmp/cut.xml"
grep -q 'FAILED lab/test_harness.py::test_run_ended' "$tmp/cut.xml.out"
report "a run without its closing line fails test_run_ended" $?

out=$(/usr/bin/python3 lab/check_lava.py lab/lava/*.yaml); rc=$?
[ $rc = 0 ] && [ "$(grep -c '^PASS ' <<<"$out")" = 4 ]
report "LAVA jobs: validator, broken copies refused, one monitor" $? "$out"

# The log at verbose=2: the grouped N/A line as one line per test.
sed 's|^\[5-7/8\] N/A snbep.box.rst-ctrs .. snbep.wrap.uclk (3 tests): \(.*\)$|[5/8] N/A snbep.box.rst-ctrs: \1\n[6/8] N/A snbep.box.setup: \1\n[7/8] N/A snbep.wrap.uclk: \1|' \
  $fix/serial.log > "$tmp/v2.log"
out=$(/usr/bin/python3 lab/check_lava.py lab/lava/qemu.yaml --log "$tmp/v2.log" --results $fix/results.json)
# (8 results, the state bracket's PASS no case: it tests nothing)
grep -q '^PASS check.lava.monitor-on-a-boot (7 cases: fail, pass, skip)$' <<<"$out"
report "LAVA monitor: every verdict line of a verbose=2 log a case but a bracket's PASS, XFAIL pass, ERROR fail, N/A skip" $? "$out"
out=$(/usr/bin/python3 lab/check_lava.py lab/lava/qemu.yaml --log $fix/serial.log --results $fix/results.json)
grep -q '^FAIL check.lava.monitor-on-a-boot (4 cases: fail, pass, skip): 4 cases, want 7' <<<"$out"
report "LAVA monitor check: a grouped N/A line (verbose=1) is caught as missing cases" $? "$out"

# The lab-place path (USB-SD-Mux, USB storage) with stand-in drivers.
out=$(PYTHONPATH=. /usr/bin/python3 tests/lab/lab_place_run.py $fix/serial.log $fix/results.json "$tmp/place" 2>&1)
[[ $out == "ok - "* ]]
report "lab place run with stand-in drivers: mux, card, power, console, read-back" $? "$out"

out=$(/usr/bin/python3 lab/check_place.py lab/exporter.yaml lab/place.yaml)
report "place template builds in labgrid" $? "$out"
sed 's/USBSDMuxDriver: {}/USBSDMuxDrivr: {}/' lab/place.yaml > "$tmp/place.yaml"
out=$(/usr/bin/python3 lab/check_place.py lab/exporter.yaml "$tmp/place.yaml")
[ $? = 1 ] && grep -q '^FAIL .*unknown driver class USBSDMuxDrivr' <<<"$out"
report "a misspelt driver in the place template is refused" $? "$out"
grep -v '^ *SerialDriver' lab/place.yaml > "$tmp/place.yaml"
out=$(/usr/bin/python3 lab/check_place.py lab/exporter.yaml "$tmp/place.yaml")
[ $? = 1 ] && grep -q '^FAIL .*NoDriverFoundError: no .*ConsoleProtocol' <<<"$out"
report "a place without a console is refused" $? "$out"

echo "1..$n"
[ $failed -eq 0 ]
