#!/usr/bin/env bash
# Host test for scripts/tap2junit.py: feed it TAP streams and check the JUnit
# XML it writes by parsing it with python3. Prints TAP ("ok N - name" /
# "not ok N - name" per check, then the plan) so scripts/run-host-tests.sh
# counts each check; exits 1 if any check failed.
set -euo pipefail

conv="$(cd "$(dirname "$0")/../.." && pwd)/scripts/tap2junit.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
# The interpreter itself, found once: a version manager's python3 shim can
# take most of a second per start, and the checks below start it 80 times.
py=$(python3 -c 'import sys; print(sys.executable)')

report() { # report NAME STATUS
  n=$((n + 1))
  if [ "$2" -eq 0 ]; then
    echo "ok $n - $1"
  else
    echo "not ok $n - $1"
    [ -s "$tmp/err" ] && tail -n 1 "$tmp/err" | sed 's/^/# /'
    failed=$((failed + 1))
  fi
  : >"$tmp/err"
}

# check NAME XML EXPR: ok if the python expression EXPR is true of the XML.
# It sees s (the <testsuite> root) and, for the <testcase> named id:
# kinds(id) = its child element tags, msg(id) = its first child's message,
# secs(id) = its time; counts() = the suite's tests/failures/errors/skipped.
check() {
  local rc=0
  "$py" - "$2" "$3" 2>"$tmp/err" <<'PY' || rc=$?
import math, sys, xml.etree.ElementTree as ET
s = ET.parse(sys.argv[1]).getroot()
tc = lambda id: s.find(f"testcase[@name='{id}']")
kinds = lambda id: [e.tag for e in tc(id)]
msg = lambda id: tc(id)[0].get("message")
secs = lambda id: float(tc(id).get("time"))
counts = lambda: tuple(int(s.get(k)) for k in ("tests", "failures", "errors", "skipped"))
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
  report "$1" $rc
}

# convert NAME: $tmp/NAME.tap -> $tmp/NAME.xml, itself a check.
convert() {
  local rc=0
  "$conv" "$tmp/$1.tap" "$tmp/$1.xml" 2>"$tmp/err" || rc=$?
  report "$1: converts" $rc
}

# One of each verdict, as the harness writes them.
cat >"$tmp/all.tap" <<'END'
TAP version 13
# harness: uncore-harness v0.1-3-gabc
# brand: Intel(R) Core(TM) i7 CPU 920 @ 2.67GHz
# hypervisor: TCGTCGTCGTCG
ok 1 - self.cpu.detect
  ---
  duration_ms: 0.012
  figures:
    tsc_hz: 2300000000 Hz
  ...
not ok 2 - self.fault.bsp
  ---
  message: "no #GP caught"
  severity: fail
  duration_ms: 1.5
  ...
ok 3 - self.ipi.nmi-each-cpu # SKIP needs 2 or more CPUs (have 1)
not ok 4 - self.x # TODO erratum AAK100
not ok 5 - self.y
  ---
  message: "CPU exception #PF at rip 0x..."
  severity: error
  duration_ms: 3
  ...
1..5
# 1 passed, 1 failed, 1 skipped, 1 xfail, 1 error
END
convert all
x=$tmp/all.xml
check "suite name" "$x" "s.get('name') == 'uncore-harness'"
check "suite counts" "$x" "counts() == (5, 1, 1, 2)"
check "suite counts match elements" "$x" \
  "counts()[1:] == tuple(len(s.findall('testcase/' + k)) for k in ('failure', 'error', 'skipped'))"
check "suite time is the sum of durations" "$x" "abs(float(s.get('time')) - 0.004512) < 1e-9"
check "properties from leading comments only" "$x" \
  "[p.get('name') for p in s.iter('property')] == ['harness', 'brand', 'hypervisor']"
check "property value" "$x" \
  "s.find('properties/property[3]').get('value') == 'TCGTCGTCGTCG'"
check "PASS: no child" "$x" "kinds('self.cpu.detect') == []"
check "PASS: classname is the id up to the last dot" "$x" \
  "tc('self.cpu.detect').get('classname') == 'self.cpu'"
check "PASS: time from duration_ms" "$x" "secs('self.cpu.detect') == 0.000012"
check "FAIL: <failure> with message" "$x" \
  "kinds('self.fault.bsp') == ['failure'] and msg('self.fault.bsp') == 'no #GP caught'"
check "FAIL: YAML block as text" "$x" "'severity: fail' in tc('self.fault.bsp')[0].text"
check "FAIL: time" "$x" "secs('self.fault.bsp') == 0.0015"
check "SKIP: <skipped> with reason" "$x" \
  "kinds('self.ipi.nmi-each-cpu') == ['skipped'] and msg('self.ipi.nmi-each-cpu') == 'needs 2 or more CPUs (have 1)'"
check "XFAIL: <skipped> marked xfail" "$x" \
  "kinds('self.x') == ['skipped'] and msg('self.x') == 'xfail: erratum AAK100'"
check "ERROR: <error> from severity" "$x" \
  "kinds('self.y') == ['error'] and msg('self.y') == 'CPU exception #PF at rip 0x...'"
check "ERROR: time" "$x" "secs('self.y') == 0.003"
check "complete run has no harness.incomplete" "$x" "tc('harness.incomplete') is None"

rc=0; "$conv" "$tmp/all.tap" | cmp -s - "$x" || rc=$?
report "stdout output equals file output" $rc

# timed NAME: like convert, and ok only if the conversion takes under 1 s;
# prints the time as a TAP comment. The lines fed are ones a quadratic
# pattern takes seconds on. Timed in-process, reading and writing the files
# as the script's main() does, so python's start (and a slow shim's) is not
# counted against the converter.
timed() {
  local rc=0
  "$py" - "$conv" "$tmp/$1.tap" "$tmp/$1.xml" >"$tmp/time" 2>"$tmp/err" <<'PY' || rc=$?
import importlib.util, sys, time
spec = importlib.util.spec_from_file_location("tap2junit", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
t0 = time.perf_counter()
status = mod.main(sys.argv[1:])
dt = time.perf_counter() - t0
print(f"{dt:.3f}")
if status != 0:
    sys.exit(f"exit status {status}")
sys.exit(f"took {dt:.3f} s" if dt >= 1.0 else 0)
PY
  report "$1: converts in under 1 s" $rc
  echo "# $1: $(cat "$tmp/time" 2>/dev/null) s"
}

# The run hung after two tests: no plan line.
head -n 16 "$tmp/all.tap" >"$tmp/hung.tap"
convert hung
x=$tmp/hung.xml
check "truncated: harness.incomplete in error" "$x" \
  "kinds('harness.incomplete') == ['error'] and msg('harness.incomplete') == 'TAP stream ended without a plan: run did not complete'"
check "truncated: counts include it" "$x" "counts() == (3, 1, 1, 0)"

# Nothing at all was written.
: >"$tmp/empty.tap"
convert empty
check "empty: one test, incomplete" "$tmp/empty.xml" \
  "counts() == (1, 0, 1, 0) and kinds('harness.incomplete') == ['error']"
check "empty: message says no test ran" "$tmp/empty.xml" \
  "'no test ran' in msg('harness.incomplete')"

# A header and no test, no plan: cut short before the first test.
head -n 4 "$tmp/all.tap" >"$tmp/header-only.tap"
convert header-only
check "header only: incomplete, saying no test ran, not nothing-ran too" \
  "$tmp/header-only.xml" "counts() == (1, 0, 1, 0) and kinds('harness.incomplete') == ['error'] \
  and 'no test ran' in msg('harness.incomplete') and tc('harness.nothing-ran') is None"

# Plan present but fewer results than planned.
printf 'TAP version 13\n1..3\nok 1 - a.b\nok 2 - a.c\n' >"$tmp/short.tap"
convert short
check "plan/result mismatch is incomplete" "$tmp/short.xml" \
  "msg('harness.incomplete') == 'plan 1..3 but 2 tests reported'"

# Characters that need XML escaping, JSON escapes in a YAML string, a control
# character XML cannot hold, and CRLF line ends.
printf '%s\r\n' 'TAP version 13' '# tag: <rack "A"> & co' \
  'ok 1 - w.skip # SKIP needs <2> & "quotes" '"'"'here'"'" \
  'not ok 2 - w.fail' '  ---' '  message: "got \"<&>\" \u00e9 \u0001"' \
  '  severity: fail' '  ...' '1..2' >"$tmp/weird.tap"
convert weird
x=$tmp/weird.xml
check "escaping: property value" "$x" \
  "s.find('properties/property').get('value') == '<rack \"A\"> & co'"
check "escaping: skip reason" "$x" "msg('w.skip') == 'needs <2> & \"quotes\" \\'here\\''"
check "escaping: YAML message unescaped, control char replaced" "$x" \
  "msg('w.fail') == 'got \"<&>\" \\u00e9 \\ufffd'"
check "CRLF: no stray carriage returns" "$x" \
  "not any('\\r' in v for e in s.iter() for v in [e.text or '', *e.attrib.values()])"

# Nothing selected: plan 1..0, complete but empty; a CI must not show it
# green (the harness exits 77). The conversion itself still succeeds.
printf 'TAP version 13\n# tag: none\n1..0\n# ran 0, planned 0\n' >"$tmp/plan0.tap"
convert plan0
x=$tmp/plan0.xml
check "plan 1..0: harness.nothing-ran in error" "$x" \
  "counts() == (1, 0, 1, 0) and kinds('harness.nothing-ran') == ['error'] \
  and msg('harness.nothing-ran') == 'plan 1..0: no test was selected, nothing ran'"
check "plan 1..0: not also incomplete" "$x" "tc('harness.nothing-ran').get('classname') == 'harness' and tc('harness.incomplete') is None"
rc=0; "$conv" "$tmp/plan0.tap" >/dev/null || rc=$?
report "plan 1..0: exit status 0 (the XML carries the verdict)" $rc

# Every selected test skipped (the harness exits 77): not green either.
printf '%s\n' 'TAP version 13' 'ok 1 - s.a # SKIP needs 2 or more CPUs (have 1)' \
  'ok 2 - s.b # skip no uncore' 'ok 3 - s.c # SKIP' '1..3' >"$tmp/allskip.tap"
convert allskip
x=$tmp/allskip.xml
check "all SKIP: harness.nothing-ran in error, saying all 3 were skipped" "$x" \
  "counts() == (4, 0, 1, 3) and kinds('harness.nothing-ran') == ['error'] \
  and msg('harness.nothing-ran') == 'all 3 tests were skipped: nothing ran'"
rc=0; "$conv" "$tmp/allskip.tap" >/dev/null || rc=$?
report "all SKIP: exit status 0" $rc
printf '%s\n' 'TAP version 13' 'ok 1 - s.a # SKIP why' '1..1' >"$tmp/oneskip.tap"
convert oneskip
check "the only test SKIP: harness.nothing-ran saying so" "$tmp/oneskip.xml" \
  "msg('harness.nothing-ran') == 'the only test was skipped: nothing ran'"

# One test that ran among skips is enough, whatever its verdict; an XFAIL ran.
# (The check names say PASS/FAIL/XFAIL: a '#' in them would be a directive.)
for v in 'PASS:ok 2 - r.pass' 'FAIL:not ok 2 - r.fail' 'XFAIL:not ok 2 - r.xfail # TODO erratum'; do
  printf '%s\n' 'TAP version 13' 'ok 1 - r.skip # SKIP why' "${v#*:}" '1..2' >"$tmp/ran.tap"
  convert ran
  check "${v%%:*} among skips: no harness.nothing-ran" "$tmp/ran.xml" \
    "tc('harness.nothing-ran') is None and tc('harness.incomplete') is None"
done

# Skips only, but cut short: incomplete alone, as the docstring's rule says.
printf '%s\n' 'TAP version 13' 'ok 1 - s.a # SKIP why' >"$tmp/skipcut.tap"
convert skipcut
check "all SKIP but no plan: harness.incomplete only" "$tmp/skipcut.xml" \
  "counts() == (2, 0, 1, 1) and tc('harness.nothing-ran') is None and kinds('harness.incomplete') == ['error']"

# A plan count too long for int() (over 4300 digits) converts: a mismatch.
{ echo 'ok 1 - p.a'; printf '1..%s\n' "$(printf '9%.0s' $(seq 5000))"; } >"$tmp/bigplan.tap"
convert bigplan
check "plan of 5000 digits: incomplete" "$tmp/bigplan.xml" \
  "kinds('harness.incomplete') == ['error'] and msg('harness.incomplete').endswith('9 but 1 tests reported')"

# Hostile durations: no time attribute may be nan, inf or negative; a value
# the harness cannot have written (64-bit microseconds) reads as 0.
{
  echo 'TAP version 13'
  i=0
  for d in nan NaN '"nan"' inf -inf Infinity -5 -0 -0.0000001 1e400 \
           "$(printf '9%.0s' $(seq 400))" 99999999999999999999 abc '""' 0x10 1,5; do
    i=$((i + 1))
    printf 'not ok %d - d.%d\n  ---\n  duration_ms: %s\n  ...\n' $i $i "$d"
  done
  printf 'ok 17 - d.max\n  ---\n  duration_ms: 18446744073709551.615\n  ...\n'
  printf 'ok 18 - d.ok\n  ---\n  duration_ms: 2.5\n  ...\n1..18\n'
} >"$tmp/durations.tap"
convert durations
x=$tmp/durations.xml
i=0
for d in nan NaN '"nan"' inf -inf Infinity -5 -0 -0.0000001 1e400 '9 x 400' \
         99999999999999999999 abc '""' 0x10 1,5; do
  i=$((i + 1))
  check "duration_ms: $d reads as time 0" "$x" "tc('d.$i').get('time') == '0.000000'"
done
check "duration_ms: the harness's largest (2^64-1 us) kept" "$x" \
  "abs(secs('d.max') - 18446744073709.551615) < 0.01"
check "duration_ms: a normal one among them kept" "$x" "secs('d.ok') == 0.0025"
# float() alone would take "nan" and "inf": check the text has no sign too.
check "hostile durations: every time finite, >= 0, unsigned" "$x" \
  "all(v[:1] not in '-+' and math.isfinite(float(v)) and float(v) >= 0 for v in (e.get('time') for e in s.iter()) if v is not None)"
check "hostile durations: suite time is the sum of the valid ones" "$x" \
  "abs(float(s.get('time')) - 18446744073709.554115) < 0.01"

# Long lines, each in time linear in its length (the old directive pattern
# took seconds on each of these: blanks after a '#' or before the line end).
{
  echo 'TAP version 13'
  printf 'ok 1 - t.long #%80000sx # SKIP the reason\n' ''
  printf 'ok 2 - t.blanks%80000sz\n' ''
  echo '1..2'
} >"$tmp/long-test.tap"
timed long-test
x=$tmp/long-test.xml
check "80k test line: id up to the SKIP directive, reason after it" "$x" \
  "s.find('testcase').get('name') == 't.long #' + ' ' * 80000 + 'x' and s.find('testcase/skipped').get('message') == 'the reason'"
check "80k test line: blanks inside an id kept" "$x" \
  "s.findall('testcase')[1].get('name') == 't.blanks' + ' ' * 80000 + 'z' and counts() == (2, 0, 0, 1)"

alt=$(printf ' #%.0s' $(seq 40000))
{
  echo 'TAP version 13'
  printf '# note: %s\n' "${alt:1}"
  printf '#%80000sx\n' ''
  echo 'not ok 1 - t.yaml'
  echo '  ---'
  printf '  message: "%s"\n' "$alt"
  printf '  severity:%80000sfail\n' ''
  echo '  ...'
  echo '1..1'
} >"$tmp/long-comment.tap"
timed long-comment
x=$tmp/long-comment.xml
check "80k comment line: property value kept" "$x" \
  "s.find('properties/property').get('value') == ('#' + ' #' * 39999)"
check "80k YAML line: message kept" "$x" "msg('t.yaml') == ' #' * 40000 and kinds('t.yaml') == ['failure']"

{
  echo 'TAP version 13'
  printf '%s\n' "$alt" "#$alt" "ok 1 - t.alt$alt"
  echo '  ---'
  printf '  %s\n' "$alt"
  echo '  ...'
  printf '%s\n' "$alt" '1..1'
} >"$tmp/alternating.tap"
timed alternating
check "80k of blank and hash alternating: one test, no directive in it" "$tmp/alternating.xml" \
  "counts() == (1, 0, 0, 0) and s.find('testcase').get('name') == 't.alt' + ' #' * 40000"

rc=0; "$conv" >/dev/null 2>&1 || rc=$?
report "usage error exits 2" $((rc != 2))

echo "1..$n"
[ $failed -eq 0 ]
