#!/usr/bin/env bash
# make mutation: the uncore suite against the emulated uncore, once clean and
# once per injected defect (emu.fault=, pmu/emu_faults.h), with 4 CPUs in 2
# packages so that package and routing defects can show:
#  - every run on the host build (build/host/suite, tests/host/suite.c: the
#    same tests and model, CPUs as threads), JOBS (default 2) at a time,
#    longest first;
#  - clean and the defects of QEMU_FAULTS also booted under QEMU
#    (scripts/qemu.sh), one at a time: by default one defect each of
#    counting, filters, overflow, PMI delivery and freeze; "all" boots every
#    defect, "none" none.
# Prints the host matrix of tests x defects ("X" = the test failed or erred,
# "?" = no verdict), with a last row saying whether the QEMU boot of that
# defect agreed ("=") or not ("!"), and ends with one line
# "mutation: N passed, N failed" over four rules:
#   the clean model passes every test; every test fails for at least one
#   defect; every defect is caught by at least one test; every QEMU boot
#   agrees with the host run of the same defect, test by test (failed,
#   passed or skipped alike).
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
out=$B/mutation
TESTS=${TESTS:-nhm.*}
JOBS=${JOBS:-2}
QEMU_FAULTS=${QEMU_FAULTS:-no-count cmask-ignored late-overflow pmi-wrong-core frz-partial}
faults=$(sed -n 's/^[[:space:]]*X([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' pmu/emu_faults.h)
case "$QEMU_FAULTS" in
  all) QEMU_FAULTS=$faults ;;
  none) QEMU_FAULTS= ;;
esac
rm -rf "$out"
mkdir -p "$out/host" "$out/qemu"

# One host run: NAME [emu.fault=...]. A hung run is cut off at 300 s and
# shows as "?" (no verdicts) in the matrix.
host_run() {
  timeout -k 5 300 "$B/host/suite" --cpus 4 --packages 2 --results "$out/host/$1" \
    "tests=$TESTS" ${2:+"$2"} > "$out/host/$1.log" 2>&1
  echo "$?" > "$out/host/$1.rc"
}
export -f host_run
export B out TESTS

# Longest first (the PMI delivery defects wait out their arrival windows),
# so that no long run starts last.
order="pmi-never pmi-wrong-core pmi-storm"
t0=$SECONDS
for f in $order clean $faults; do echo "$f"; done | awk '!seen[$0]++' |
  xargs -P "$JOBS" -I{} bash -c 'if [ {} = clean ]; then host_run clean; else host_run {} emu.fault={}; fi'
host_s=$((SECONDS - t0))

t0=$SECONDS
qemu_run() { # name opts
  scripts/qemu.sh --image "$B/esp.img" --cpu Nehalem --smp 4 --sockets 2 --quiet --timeout 180 \
    --serial-log "$out/qemu/$1.log" --results "$out/qemu/$1" --opts "tests=$TESTS $2" \
    >/dev/null 2>&1
  echo "$?" > "$out/qemu/$1.rc"
}
booted=""
if [ -n "$QEMU_FAULTS" ]; then
  qemu_run clean ""
  booted=clean
fi
for f in $QEMU_FAULTS; do qemu_run "$f" "emu.fault=$f"; booted="$booted $f"; done
qemu_s=$((SECONDS - t0))
echo "mutation time: host $(( $(echo $faults | wc -w) + 1 )) runs ${host_s} s (JOBS=$JOBS);" \
  "QEMU $(echo $booted | wc -w) boots ${qemu_s} s"

python3 - "$out" "$faults" "$booted" <<'PY'
import json, os, sys
out, faults, booted = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
def verdicts(where, name):
    try:
        d = json.load(open(os.path.join(out, where, name, "results.json")))
    except (OSError, ValueError):
        return None
    return {t["id"]: t["verdict"] for t in d["tests"] if not t["id"].startswith("uncore.state.")}
def cls(v):
    return {"FAIL": "X", "ERROR": "X", "PASS": ".", "XFAIL": ".", "SKIP": "S"}.get(v, "?")
clean = verdicts("host", "clean") or {}
tests = sorted(clean)
cols = {f: verdicts("host", f) for f in faults}
qemu = {n: verdicts("qemu", n) for n in booted}
bad = []
agree = {}
for n in booted:
    host = verdicts("host", n)
    if qemu[n] is None:
        bad.append(f"qemu disagrees: {n}: the boot left no results")
        agree[n] = False
        continue
    diff = [t for t in sorted(set(host or {}) | set(qemu[n]))
            if cls((host or {}).get(t)) != cls(qemu[n].get(t))]
    for t in diff:
        bad.append(f"qemu disagrees: {n}: {t} host {(host or {}).get(t)}, qemu {qemu[n].get(t)}")
    agree[n] = not diff
w = max([len(t) for t in tests] + [16])
print("test".ljust(w), " ".join(f"{i:>2}" for i in range(len(faults))))
for t in tests:
    row = []
    for f in faults:
        v = (cols[f] or {}).get(t)
        row.append(" X" if v in ("FAIL", "ERROR") else (" ?" if v is None else " ."))
    print(t.ljust(w), " ".join(row))
print("QEMU boot agrees".ljust(w),
      " ".join(" -" if f not in agree else (" =" if agree[f] else " !") for f in faults))
for i, f in enumerate(faults):
    print(f"  {i:>2} {f}")
if booted:
    compared = sum(len(q) for q in qemu.values() if q)
    print(f"qemu: {' '.join(booted)} booted; {compared} verdicts compared with the host's,"
          f" {'all agree' if all(agree.values()) else 'some differ'}")
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
if not clean:
    bad.append("clean model: the run left no results")
for b in bad:
    print("FAIL mutation:", b)
rules = ("clean model", "test never", "defect", "qemu disagrees")
failed = sum(any(b.startswith(r) for b in bad) for r in rules)
print(f"mutation: {len(rules) - failed} passed, {failed} failed")
sys.exit(1 if bad else 0)
PY
