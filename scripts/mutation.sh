#!/usr/bin/env bash
# make mutation: the uncore and core PMU suites against the emulated uncore
# and core PMU, once clean and once per injected defect of an X( line
# (emu.fault=, pmu/emu_faults.h), with 4 CPUs in 2 packages so that package
# and routing defects can show:
#  - every run on the host build (build/host/suite, tests/host/suite.c: the
#    same tests and model, CPUs as threads);
#  - clean and the defects of QEMU_FAULTS also booted under QEMU
#    (scripts/qemu.sh): by default one uncore defect each of counting,
#    filters, overflow, PMI delivery and freeze, and two of the core PMU's
#    (its gates, its PMI); "all" boots every defect, "none" none.
# The boots go one at a time while the host runs take JOBS - 1 slots beside
# them (JOBS defaults to one more than the cores), each queue longest first
# so that nothing long starts last. A run or a boot keeps about a core busy,
# much of it spinning out windows of fixed wall-clock length, so the extra
# job costs the verdicts nothing: on 2 cores this took 100-105 s (130-156 s
# beside other jobs), where 2 jobs in all took 135 s. Boots never run side
# by side: three at once (12 vCPU threads on 2 cores) once failed a boot's
# fork-join routing tests.
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
TESTS=${TESTS:-nhm.*,core.*}
JOBS=${JOBS:-$(( $(nproc) + 1 ))}
QEMU_FAULTS=${QEMU_FAULTS:-no-count cmask-ignored late-overflow pmi-wrong-core frz-partial core-usr-os-swapped core-int-ignored}
faults=$(sed -n 's/^[[:space:]]*X([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' pmu/emu_faults.h)
case "$QEMU_FAULTS" in
  all) QEMU_FAULTS=$faults ;;
  none) QEMU_FAULTS= ;;
esac
for f in $QEMU_FAULTS; do
  case " $(echo $faults) " in *" $f "*) ;; *) echo "mutation.sh: no defect named $f" >&2; exit 2 ;; esac
done
rm -rf "$out"
mkdir -p "$out/host" "$out/qemu"

# run WHERE NAME: NAME (clean or a defect) on the host build or under QEMU;
# its exit status goes to $out/WHERE/NAME.rc. A hung host run is cut off at
# 300 s, a boot at 180 s; what they did not report shows as "?".
run() {
  local opts=""
  [ "$2" = clean ] || opts="emu.fault=$2"
  if [ "$1" = host ]; then
    timeout -k 5 300 "$B/host/suite" --cpus 4 --packages 2 --results "$out/host/$2" \
      "tests=$TESTS" $opts > "$out/host/$2.log" 2>&1
  else
    scripts/qemu.sh --image "$B/esp.img" --cpu Nehalem --smp 4 --sockets 2 --quiet \
      --timeout 180 --serial-log "$out/qemu/$2.log" --results "$out/qemu/$2" \
      --opts "tests=$TESTS $opts" > /dev/null 2>&1
  fi
  echo "$?" > "$out/$1/$2.rc"
}
export -f run
export B out TESTS

# The PMI delivery defects take longest (their tests wait out 5 s arrival
# windows): first in both queues.
slow="pmi-never pmi-wrong-core pmi-storm"
booted=""
[ -n "$QEMU_FAULTS" ] && booted="clean $QEMU_FAULTS"
longest_first() {
  local f
  for f in $slow; do case " $* " in *" $f "*) echo "$f" ;; esac; done
  for f in "$@"; do case " $slow " in *" $f "*) ;; *) echo "$f" ;; esac; done
}
t0=$SECONDS
for f in $(longest_first $booted); do run qemu "$f"; done &
longest_first clean $faults | xargs -P "$(( JOBS > 1 ? JOBS - 1 : 1 ))" -I{} bash -c 'run host {}'
wait
echo "mutation time: $(( $(echo $faults | wc -w) + 1 )) host runs, $((JOBS > 1 ? JOBS - 1 : 1)) at" \
  "a time, and $(echo $booted | wc -w) QEMU boots beside them: $((SECONDS - t0)) s"

python3 - "$out" "$faults" "$booted" <<'PY'
import json, os, sys
out, faults, booted = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
ended_early = []
reasons = {}
def verdicts(where, name):
    """A run's verdicts, None if it left none; a run that did not finish
    (crash, timeout: results.json not complete) is noted in ended_early."""
    try:
        d = json.load(open(os.path.join(out, where, name, "results.json")))
    except (OSError, ValueError):
        return None
    if not d.get("complete") and (where, name) not in ended_early:
        ended_early.append((where, name))
    for t in d["tests"]:
        reasons[where, name, t["id"]] = t.get("reason") or ""
    # the state brackets (uncore.state.*, core.state.*) are not tests of a defect
    return {t["id"]: t["verdict"] for t in d["tests"] if t["id"].split(".")[1:2] != ["state"]}
def status(where, name):
    try:
        return open(os.path.join(out, where, name + ".rc")).read().strip()
    except OSError:
        return "?"
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
        why = reasons.get(("qemu", n, t)) or reasons.get(("host", n, t)) or ""
        bad.append(f"qemu disagrees: {n}: {t} host {(host or {}).get(t)}, qemu {qemu[n].get(t)}"
                   + (f" ({why})" if why else ""))
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
# A run that ended early hides verdicts behind "?": it fails the rule its
# run belongs to.
for where, name in ended_early:
    rule = {"qemu": "qemu disagrees: ", "host": "clean model: " if name == "clean" else "defect "}
    bad.append(f"{rule[where]}{name}: the {where} run ended early (exit status {status(where, name)})")
for b in bad:
    print("FAIL mutation:", b)
rules = ("clean model", "test never", "defect", "qemu disagrees")
failed = sum(any(b.startswith(r) for b in bad) for r in rules)
print(f"mutation: {len(rules) - failed} passed, {failed} failed")
sys.exit(1 if bad else 0)
PY
