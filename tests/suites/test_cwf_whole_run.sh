#!/usr/bin/env bash
# Clearwater Forest (0xDD, xeon-discovery.md §1.1, D-43) in make check
# without a boot of its own: the host suite's whole default run on 4 CPUs
# in 2 packages with its model reports the cwf generation and the cwf core
# PMU shape, runs every disc.* test (none N/A, the table read on both
# sockets) and passes them all, and fails nothing. Prints TAP; SKIPs when
# build/host/suite is not built (make host-tests does not build it, make
# check does).
set -uo pipefail
# shellcheck source=host_suite_lib.sh
. "$(dirname "$0")/host_suite_lib.sh"
need_suite "Clearwater Forest's whole default run"

"$suite" --cpus 4 --packages 2 --model 0xDD --results "$tmp/cwf" > "$tmp/cwf.log" 2>&1
code=$?
report "0xDD: the run exits 0 ($code)" "$([ "$code" = 0 ]; echo $?)"
report "0xDD: the cwf generation" "$(grep -q '^uncore: cwf ' "$tmp/cwf.log"; echo $?)"
report "0xDD: the cwf core PMU shape" "$(grep -q '^core PMU: emulated, shape cwf:' "$tmp/cwf.log"; echo $?)"
# verdicts PREFIX: "PASS-count other-count" of the results whose id starts so
verdicts() {
  python3 - "$tmp/cwf/results.json" "$1" <<'PY'
import json, sys
t = [x for x in json.load(open(sys.argv[1]))["tests"] if x["id"].startswith(sys.argv[2])]
print(sum(x["verdict"] == "PASS" for x in t), sum(x["verdict"] != "PASS" for x in t))
PY
}
read -r pass other <<<"$(verdicts disc.)"
report "0xDD: every disc.* test ran and passed ($pass passed, $other not)" \
  "$([ "$pass" -gt 0 ] && [ "$other" = 0 ]; echo $?)"
report "0xDD: nothing failed" "$(! grep -qE '^\[[0-9]+/[0-9]+\] (FAIL|ERROR) ' "$tmp/cwf.log"; echo $?)"
report "0xDD: both sockets' tables read" \
  "$(grep -q "^uncore correction applied to socket 1's table" "$tmp/cwf.log"; echo $?)"
echo "1..$n"
