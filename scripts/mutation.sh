#!/usr/bin/env bash
# make mutation: the uncore suite against the emulated uncore, once clean and
# once per injected defect (emu.fault=, pmu/emu_faults.h), each in its own
# QEMU boot (SMP=4 SOCKETS=2: two packages of two cores, so package and
# routing defects can show).
# Prints the matrix of tests x defects ("X" = the test failed or erred) and
# ends with one line "mutation: N passed, N failed" over three rules:
#   the clean model passes every test; every test fails for at least one
#   defect; every defect is caught by at least one test.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
out=$B/mutation
mkdir -p "$out"
TESTS=${TESTS:-nhm.*}
faults=$(sed -n 's/^[[:space:]]*X([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' pmu/emu_faults.h)

run() { # name opts
  scripts/qemu.sh --image $B/esp.img --cpu Nehalem --smp 4 --sockets 2 --quiet --timeout 180 \
    --serial-log "$out/$1.log" --results "$out/$1" --opts "tests=$TESTS $2" >/dev/null 2>&1
  echo "$?" > "$out/$1.rc"
}

run clean ""
for f in $faults; do run "$f" "emu.fault=$f"; done

python3 - "$out" $faults <<'PY'
import json, os, sys
out, faults = sys.argv[1], sys.argv[2:]
def verdicts(name):
    try:
        d = json.load(open(os.path.join(out, name, "results.json")))
    except (OSError, ValueError):
        return None
    return {t["id"]: t["verdict"] for t in d["tests"] if not t["id"].startswith("uncore.state.")}
clean = verdicts("clean") or {}
tests = sorted(clean)
cols = {f: verdicts(f) for f in faults}
w = max([len(t) for t in tests] + [10])
print("test".ljust(w), " ".join(f"{i:>2}" for i in range(len(faults))))
for t in tests:
    row = []
    for f in faults:
        v = (cols[f] or {}).get(t)
        row.append(" X" if v in ("FAIL", "ERROR") else (" ?" if v is None else " ."))
    print(t.ljust(w), " ".join(row))
for i, f in enumerate(faults):
    print(f"  {i:>2} {f}")
bad = []
for t, v in clean.items():
    if v not in ("PASS", "SKIP"):
        bad.append(f"clean model: {t} {v}")
for t in tests:
    if clean[t] == "PASS" and not any((cols[f] or {}).get(t) in ("FAIL", "ERROR") for f in faults):
        bad.append(f"test never fails: {t}")
for f in faults:
    if cols[f] is None:
        bad.append(f"defect {f}: the run left no results")
    elif not any(v in ("FAIL", "ERROR") for v in cols[f].values()):
        bad.append(f"defect not caught by any test: {f}")
for b in bad:
    print("FAIL mutation:", b)
rules = ("clean model", "test never", "defect")
failed = sum(any(b.startswith(r) for b in bad) for r in rules)
print(f"mutation: {len(rules) - failed} passed, {failed} failed")
sys.exit(1 if bad else 0)
PY
