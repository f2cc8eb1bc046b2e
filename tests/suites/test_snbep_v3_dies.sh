#!/usr/bin/env bash
# Host test of V-31 and OQ-V15 end to end: the snbep suite on the emulated
# E5 v3 and v4 learns each die's SBOXes from CAPID4, as the QEMU boots
# cannot show for the largest dies (they need more than 8 cores a
# package): model 0x3F with 12 cores a package is on the 18-core die (four
# SBOXes), with 4 on the 8-core die (two); model 0x4F with 12 on the
# 24-core die (four), model 0x56 with 12 on none. Every snbep.* test
# passes or is N/A, and sbox-count reports the count; with hswep-chop-large
# on the 8-core die sbox-count fails, so the check can fail. Prints TAP;
# SKIPs when build/host/suite is not built.
set -uo pipefail
# shellcheck source=host_suite_lib.sh
. "$(dirname "$0")/host_suite_lib.sh"
need_suite "the E5 v3 and v4 dies from CAPID4"

# run NAME MODEL CPUS OPTS...: the host suite on 2 packages, snbep.*.
run() {
  local name=$1 model=$2 cpus=$3
  shift 3
  "$suite" --cpus "$cpus" --packages 2 --model "$model" --results "$tmp/$name" \
    "tests=snbep.*" "$@" > "$tmp/$name.log" 2>&1
}
# verdicts NAME: failing results, sbox-count's verdict and its SBOXes
verdicts() {
  python3 - "$tmp/$1/results.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
bad = [x for x in t if x["verdict"] not in ("PASS", "N/A")]
c = [x for x in t if x["id"] == "snbep.v3.sbox-count"][0]
n = c.get("figures", {}).get("sboxes_count", {}).get("value", "-")
print(len(bad), c["verdict"], n)
PY
}

for row in "hsx-18core 0x3f 24 4" "hsx-8core 0x3f 8 2" "bdx-24core 0x4f 24 4" "bdx-de 0x56 24 0"; do
  read -r name model cpus want <<<"$row"
  run "$name" "$model" "$cpus"
  read -r bad v got <<<"$(verdicts "$name")"
  report "model $model, $((cpus / 2)) cores a package: $bad failing, sbox-count $v with $got SBOXes (want 0, PASS, $want)" \
    $([ "$bad" = 0 ] && [ "$v" = PASS ] && [ "$got" = "$want" ]; echo $?)
done
run chop 0x3f 8 emu.fault=hswep-chop-large
read -r bad v got <<<"$(verdicts chop)"
report "model 0x3f, hswep-chop-large (contrast): sbox-count $v ($got SBOXes named)" \
  $([ "$v" = FAIL ]; echo $?)
echo "1..$n"
