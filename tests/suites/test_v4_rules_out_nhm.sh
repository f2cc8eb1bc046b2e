#!/usr/bin/env bash
# Host test of C-50: on a version-4 core nothing touches
# 0x391/0x392 with the Nehalem uncore's meanings. The host suite on model
# 0x5E (Skylake client: the emulated core PMU's v4 shape), by model and
# with uncore=nhm forced, runs every nhm.* test as N/A for C-50 and its
# register trace (verbose=3) has no access to 0x391 or 0x392 but from
# core.* tests; on model 0x1E (Nehalem) the same check sees nhm.* tests run
# and touch 0x391, so it can fail. Prints TAP; SKIPs when build/host/suite
# is not built (make host-tests does not build it, make check does).
set -uo pipefail
# shellcheck source=host_suite_lib.sh
. "$(dirname "$0")/host_suite_lib.sh"
need_suite "nhm.* N/A on a version-4 core"

# run NAME MODEL OPTS...: the host suite on MODEL, nhm.* and core.v4.*, traced.
run() {
  local name=$1 model=$2
  shift 2
  "$suite" --cpus 2 --packages 1 --model "$model" --results "$tmp/$name" \
    "tests=nhm.*,core.v4.status-set,core.v4.inuse" verbose=3 "$@" > "$tmp/$name.log" 2>&1
}
# nhm_verdicts NAME: "N/A" count, total count, C-50 reasons of nhm.* results
nhm_verdicts() {
  python3 - "$tmp/$1/results.json" <<'PY'
import json, sys
t = [x for x in json.load(open(sys.argv[1]))["tests"] if x["id"].startswith("nhm.")]
na = [x for x in t if x["verdict"] == "N/A" and "(C-50)" in (x.get("reason") or "")]
print(len(na), len(t))
PY
}
# foreign NAME: trace lines of a non-core test touching 0x391 or 0x392
foreign() { grep -E '^ *trace [^:]+: (rd|wr) cpu [0-9]+ 0x39[12] ' "$tmp/$1.log" | grep -vc '^ *trace core\.'; }

run auto 0x5e
read -r na total <<<"$(nhm_verdicts auto)"
report "model 0x5E: all $total nhm.* tests N/A for C-50 ($na)" $([ "$total" -gt 0 ] && [ "$na" = "$total" ]; echo $?)
report "model 0x5E: no access to 0x391/0x392 outside core.* ($(foreign auto))" $([ "$(foreign auto)" = 0 ]; echo $?)
report "model 0x5E: core.v4 tests did use 0x391/0x392" $(grep -qE '^ *trace core\.v4\.[a-z-]+: (rd|wr) cpu 0 0x39[12] ' "$tmp/auto.log"; echo $?)

run forced 0x5e uncore=nhm
read -r na total <<<"$(nhm_verdicts forced)"
report "model 0x5E, uncore=nhm: refused, all $total nhm.* N/A for C-50 ($na)" \
  $([ "$total" -gt 0 ] && [ "$na" = "$total" ] && grep -q 'uncore=nhm refused' "$tmp/forced.log"; echo $?)
report "model 0x5E, uncore=nhm: no access to 0x391/0x392 outside core.* ($(foreign forced))" $([ "$(foreign forced)" = 0 ]; echo $?)

run nehalem 0x1e
read -r na total <<<"$(nhm_verdicts nehalem)"
report "model 0x1E (contrast): nhm.* run ($na of $total N/A) and touch 0x391/0x392 ($(foreign nehalem))" \
  $([ "$total" -gt 0 ] && [ "$na" = 0 ] && [ "$(foreign nehalem)" -gt 0 ]; echo $?)
echo "1..$n"
