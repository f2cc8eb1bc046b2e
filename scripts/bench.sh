#!/usr/bin/env bash
# make bench: boot time of the harness (default suite) against a minimal
# gnu-efi app that prints one line and exits through isa-debug-exit, both
# built by the same Makefile and booted the same way. Alternates the two,
# ROUNDS times each (default 5), prints the medians, "boot ratio X.XX"
# (harness / minimal), the PMI latency the routing tests measured (from each
# harness run's results.json) and the size of the .efi. SMP= (default 2, the
# least that runs the routing tests) sets the CPUs of both, CPU= (default
# scripts/qemu.sh's Nehalem) their CPU model, so that each generation's
# suite can be timed, e.g. CPU=SandyBridge,model=45.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
rounds=${ROUNDS:-5}
smp=${SMP:-2}
cpu=(); [ -n "${CPU:-}" ] && cpu=(--cpu "$CPU")
rm -rf "$B/bench" # stale rounds would pool into the figures
scripts/mkesp.sh $B/minimal-esp.img $B/minimal.efi scripts/uncore-harness.cfg >/dev/null

elapsed() { # image [results-dir] -> seconds from QEMU start to exit
  local t0 t1 res=()
  [ -n "${2:-}" ] && res=(--results "$2")
  t0=$(date +%s.%N)
  scripts/qemu.sh --image "$1" --smp "$smp" "${cpu[@]}" --quiet --timeout 120 "${res[@]}" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
}
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

h=() m=()
for i in $(seq "$rounds"); do
  h+=("$(elapsed $B/esp.img "$B/bench/run-$i")")
  m+=("$(elapsed $B/minimal-esp.img)")
  echo "round $i: harness ${h[-1]} s, minimal ${m[-1]} s"
done
hm=$(printf '%s\n' "${h[@]}" | median)
mm=$(printf '%s\n' "${m[@]}" | median)
echo "harness median ${hm} s (SMP=$smp, CPU=${CPU:-Nehalem}, default suite)"
echo "minimal median ${mm} s"
awk -v a="$hm" -v b="$mm" 'BEGIN {printf "boot ratio %.2f\n", a / b}'
# Where the harness's time goes (its own start-to-verdict time and the sum
# of its tests' durations, from results.json), and the PMI latency: the
# per-core min/median/max figures of nhm.route.* (latency_us_min/median/max,
# one entry per core; TSC from the predicted wrap to the handler), pooled
# over all rounds.
python3 - "$B"/bench/run-* <<'PY'
import json, statistics, sys
lat = {"min": [], "median": [], "max": []}
app, tests = [], []
for d in sys.argv[1:]:
    try:
        doc = json.load(open(f"{d}/results.json"))
    except (OSError, ValueError):
        continue
    if doc.get("summary"):
        app.append(doc["summary"].get("elapsed_us", 0) / 1000)
        tests.append(sum(t["duration_us"] for t in doc["tests"]) / 1000)
    for t in doc["tests"]:
        for s in lat:
            if t["id"].startswith("nhm.route."):
                lat[s] += [e["value"] for e in t["figures"].get(f"latency_us_{s}", [])]
if app:
    print(f"inside the app (results.json elapsed_us): median {statistics.median(app):.0f} ms, "
          f"of which tests {statistics.median(tests):.0f} ms; the rest of the boot is the firmware's")
if lat["median"]:
    print(f"PMI latency (nhm.route.*, {len(lat['median'])} core samples): "
          f"min {min(lat['min'])} us, median {statistics.median(lat['median']):.0f} us, "
          f"max {max(lat['max'])} us")
else:
    print("PMI latency: none measured (the routing tests need 2+ CPUs and an uncore)")
PY
echo "efi size $(stat -c %s $B/uncore-harness.efi) bytes (minimal $(stat -c %s $B/minimal.efi) bytes)"
