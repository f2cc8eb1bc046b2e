#!/usr/bin/env bash
# The discovery suite's cost on the largest emulated part (Granite Rapids,
# 218 units a socket, 2 sockets: docs/spec/xeon-discovery.md OQ-D13): the
# host suite's and the app's under QEMU's TCG, each as the sum of the
# disc.* tests' durations from its results.json, the units validated and
# the cost per unit, so that it can be followed. make bench runs it after
# the boot benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
out=$B/bench-disc
rm -rf "$out"
mkdir -p "$out"
"$B/host/suite" --cpus 4 --packages 2 --model 0xAD --results "$out/host" 'tests=disc.*' >/dev/null
scripts/qemu.sh --image "$B/esp.img" --cpu GraniteRapids --smp 4 --sockets 2 --quiet \
  --timeout 120 --results "$out/qemu" --opts 'tests=disc.*' >/dev/null 2>&1 || true
python3 - "$out/host" "$out/qemu" <<'PY'
import json, sys
for d, what in zip(sys.argv[1:], ("host suite", "QEMU TCG")):
    try:
        doc = json.load(open(f"{d}/results.json"))
    except (OSError, ValueError):
        print(f"disc.* on Granite Rapids, {what}: no results.json in {d}")
        continue
    tests = [t for t in doc["tests"] if t["id"].startswith("disc.")]
    us = sum(t["duration_us"] for t in tests)
    units = sum(e["value"] for t in tests for e in t["figures"].get("units_count", []))
    verdicts = ",".join(sorted({t["verdict"] for t in tests}))
    per = f", {us / units:.0f} us a unit" if units else ""
    print(f"disc.* on Granite Rapids, {what}: {len(tests)} tests ({verdicts}), {units} units, "
          f"{us / 1000:.0f} ms{per}")
PY
