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
  python3 - "$2" "$3" 2>"$tmp/err" <<'PY' || rc=$?
import sys, xml.etree.ElementTree as ET
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

rc=0; "$conv" >/dev/null 2>&1 || rc=$?
report "usage error exits 2" $((rc != 2))

echo "1..$n"
[ $failed -eq 0 ]
