#!/usr/bin/env bash
# Host test of emu.throttle= (X-47): the host suite on a Xeon 7500 (model
# 0x2E) runs nhmex.event.w-throttle three ways. Without the key the W
# throttle events count nothing and the test PASSes; with emu.throttle=1
# the model throttles, its register trace shows every W counter counting,
# and the test, which then asserts counting, PASSes; with the defect
# ex-throttle-counts (throttle events counting on a part that does not
# throttle) it FAILs. Prints TAP; SKIPs when build/host/suite is not built.
set -uo pipefail
# shellcheck source=host_suite_lib.sh
. "$(dirname "$0")/host_suite_lib.sh"
need_suite "emu.throttle= on the Xeon 7500"

# run NAME OPTS...: the host suite on model 0x2E, the one test, traced.
run() {
  local name=$1
  shift
  "$suite" --cpus 2 --packages 1 --model 0x2e --results "$tmp/$name" \
    tests=nhmex.event.w-throttle verbose=3 "$@" > "$tmp/$name.log" 2>&1
}
# verdict NAME: the test's verdict in results.json
verdict() {
  python3 - "$tmp/$1/results.json" <<'PY'
import json, sys
print(*[x["verdict"] for x in json.load(open(sys.argv[1]))["tests"]
        if x["id"] == "nhmex.event.w-throttle"] or ["none"])
PY
}
# counting NAME: how many of W counters 0-3 the test read non-zero
counting() {
  grep -E '^ *trace nhmex\.event\.w-throttle: rd cpu [0-9]+ 0xc9[1357] ' "$tmp/$1.log" |
    awk '$8 != "0x0" { print $6 }' | sort -u | wc -l
}

run plain
report "no emu.throttle: PASS ($(verdict plain)), no W counter counted ($(counting plain))" \
  $([ "$(verdict plain)" = PASS ] && [ "$(counting plain)" = 0 ]; echo $?)
run throttle emu.throttle=1
report "emu.throttle=1: PASS ($(verdict throttle)), all 4 W counters counted ($(counting throttle))" \
  $([ "$(verdict throttle)" = PASS ] && [ "$(counting throttle)" = 4 ]; echo $?)
report "emu.throttle=1 in the run's configuration line" \
  $(grep -q 'emu.throttle=1' "$tmp/throttle.log"; echo $?)
run defect emu.fault=ex-throttle-counts
report "ex-throttle-counts without emu.throttle: FAIL ($(verdict defect))" \
  $([ "$(verdict defect)" = FAIL ]; echo $?)
echo "1..$n"
