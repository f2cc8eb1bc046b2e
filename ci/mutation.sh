#!/usr/bin/env bash
# make mutation: each generation's on-target suite against its emulated
# uncore (and the core PMU), once clean and once per injected defect its
# row runs (emu.fault=), with CPUs in 2 packages so that package and routing
# defects can show:
#  - every run on the host build (build/host/suite, host/suite.c: the
#    same tests and model, CPUs as threads, the generation's CPU model);
#  - the defects of QEMU_FAULTS, and clean, also booted under QEMU
#    (scripts/qemu.sh) with the generation's CPU: by default, of the
#    Nehalem row one uncore defect each of counting, filters, overflow, PMI
#    delivery and freeze and two of the core PMU's (its gates, its PMI); of
#    the Sandy Bridge-EP a freeze and an occupancy defect; of the Xeon E5 v2
#    an overflow defect and its PCI boxes' status defect; of the Xeon E5 v3 an SBOX freeze defect; of the Xeon 7500
#    a freeze and a PMI routing defect; of the client uncore a PMI routing
#    defect on layout A, a freeze defect on layout B and a tile-enable
#    defect on layout E; of the discovery parts (Sapphire Rapids) the MMIO
#    units' freeze, whose units QEMU reaches through the table's BAR; of
#    the full-width core shape a counter-width
#    defect; of the version-4 shape a freeze defect. "all" boots every
#    Nehalem defect, "none" none. A generation's
#    booted defects share one boot (MUT_PASSES a boot at most), a pass
#    each after a clean one (emu.fault.each=1), so that a boot's start-up,
#    most of a short boot's time, is paid once per generation.
# The rows come from pmu/emu/mutation.c through
# `build/host/regs --mutation`, one per line: name, the CPU model the host
# runs present, CPUs, the tests run, the QEMU CPU of its boots and the
# defects it runs (each defect's list and RUN field, pmu/emu/*/defects.h).
# A generation's row runs its suite, the nhm row core.* beside it; a core
# PMU shape with a row of its own (v4, v3) runs core.* alone. The CPU model
# picks the emulated core PMU's shape (pmu/registry.c, core_rows): Nehalem
# and Westmere models core_shape_nhm (4 general counters, no full-width
# writes), Skylake client ones core_shape_v4 (version 4), any other
# core_shape_v3 (8 general counters, IA32_A_PMCx).
# GENS="nhm v3" keeps only the rows named.
# The boots go QEMU_JOBS at a time (default 2) while the host runs take
# JOBS - 1 slots beside them (JOBS defaults to one more than twice the
# cores: a host run spends much of its time asleep, its CPUs napping
# between generations of the clock or in stalls, host/clock.c,
# so more runs than cores keep the cores busy), each queue longest first so
# that nothing long starts last. A host run waits for no bound in real
# time: when all its CPUs wait, its clock skips to the next event. Each
# run is a process of its own: its start-up (threads, the model's set-up)
# takes about 2 ms, so sharing one initialised process (a fork per
# defect) would save nothing measurable. A boot keeps
# about a core busy, much of it spinning out windows of fixed wall-clock
# length. One boot at a time made the boots the long pole: on 2
# cores beside other jobs the 154 host runs were done in 169 s and the 16
# boots one after another in 290 s. Two at a time hold since every bound on
# another CPU's answer allows a starved vCPU 10 s (arch/cpuid.h); three at
# once (12 vCPU threads on 2 cores) had once lost an AP at 1 s.
# Prints per generation the host matrix of tests x defects ("X" = the test
# failed or erred, "?" = no verdict), with a last row saying whether the
# QEMU boot of that defect agreed ("=") or not ("!"), and ends with one line
# "mutation: N passed, N failed" over four rules, each over every
# generation. Before the matrices, what each row cost: its host runs'
# CPU time (user and system) and wall time summed, and its boots' wall
# time summed (the cost of one generation's row).
# The rules:
#   the clean model passes every test; every test fails for at least one
#   defect; every defect is caught by at least one test; every QEMU boot
#   agrees with the host run of the same defect, test by test (failed,
#   passed or skipped alike).
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
out=$B/mutation
ROWS=$("$B/host/regs" --mutation) || { echo "mutation.sh: $B/host/regs --mutation failed" >&2; exit 2; }
if [ -n "${GENS:-}" ]; then
  ROWS=$(echo "$ROWS" | awk -v keep=" $GENS " 'index(keep, " " $1 " ")')
fi
JOBS=${JOBS:-$(( 2 * $(nproc) + 1 ))}
# A Nehalem defect by name, another generation's as GEN:NAME; each
# generation with a defect booted is booted clean too.
QEMU_FAULTS=${QEMU_FAULTS:-no-count cmask-ignored late-overflow pmi-wrong-core frz-partial core-usr-os-swapped core-int-ignored snbep:snbep-frz-leaks snbep:snbep-occ-thresh-off-by-one ivbep:ivbep-ov-no-freeze ivbep:pciv2-status-lost hswep:hswep-sbox-no-freeze nhmex:ex-frz-one-box nhmex:ex-pmi-wrong-core snb:cl-pmi-wrong-core skl:cl-frz-ignored mtl:mtl-tiles-swapped spr:disc-mmio-frz-ignored v3:core-width-32 v4:core-freeze-partial}
# faults_of ROW: the defects the row runs, one a line.
faults_of() { echo "$ROWS" | awk -v g="$1" '$1 == g { for (i = 6; i <= NF; i++) print $i }'; }
case "$QEMU_FAULTS" in
  all) QEMU_FAULTS=$(faults_of nhm) ;;
  none) QEMU_FAULTS= ;;
esac
booted=""
for f in $QEMU_FAULTS; do
  case $f in *:*) ;; *) f=nhm:$f ;; esac
  g=${f%%:*}
  case " $(echo $(faults_of "$g")) " in
    *" ${f#*:} "*) ;;
    *) echo "mutation.sh: no defect named ${f#*:} in generation $g" >&2; exit 2 ;;
  esac
  case " $booted " in *" $g:clean "*) ;; *) booted="$booted $g:clean" ;; esac
  booted="$booted $f"
done
rm -rf "$out"
mkdir -p "$out/host" "$out/qemu"

# run host GEN NAME: NAME (clean or a defect) of generation GEN on the host
# build; run qemu GEN BOOT DEFECTS: under QEMU, one boot (named GEN.BOOT)
# whose passes are clean, then each defect of the comma-separated DEFECTS
# alone (emu.fault.each=1: each result names its pass's defect), as
# separate boots of each would run them. Its exit status goes to
# $out/WHERE/GEN.NAME.rc, its wall, user and system seconds to
# GEN.NAME.time. A hung run is cut off at BOOT_LIMIT s (600); what it did
# not report shows as "?".
run() {
  local opts="" model cpus tests qcpu r=$2.$3 TIMEFORMAT='%R %U %S'
  read -r _ model cpus tests qcpu _ <<<"$(echo "$ROWS" | awk -v g="$2" '$1 == g')"
  if [ "$1" = host ]; then
    [ "$3" = clean ] || opts="emu.fault=$3"
    { time timeout -k 5 "${BOOT_LIMIT:-600}" "$B/host/suite" --cpus "$cpus" --packages 2 \
      --model "$model" --results "$out/host/$r" "tests=$tests" $opts > "$out/host/$r.log" 2>&1
    } 2> "$out/host/$r.time"
  else
    [ -z "$4" ] || opts="emu.fault=$4 emu.fault.each=1"
    { time scripts/qemu.sh --image "$B/esp.img" --cpu "$qcpu" --smp "$cpus" --sockets 2 --quiet \
      --timeout "${BOOT_LIMIT:-600}" --serial-log "$out/qemu/$r.log" --results "$out/qemu/$r" \
      --opts "tests=$tests $opts" > /dev/null 2>&1
    } 2> "$out/qemu/$r.time"
  fi
  echo "$?" > "$out/$1/$r.rc"
}
export -f run
export B out ROWS

# First in both queues: the PMI delivery defects, whose tests wait out 5 s
# arrival windows in real time under QEMU (the boots' longest:
# snb:cl-pmi-wrong-core took 220 s of a 426 s matrix, started last), and
# core-usr-os-swapped, whose core.ovf.preset tries all its 4000 windows
# (the host runs' longest, now that their waits cost nothing).
slow="core-usr-os-swapped pmi-never pmi-wrong-core pmi-storm cl-pmi-wrong-core"
slow="$slow snb:cl-pmi-wrong-core nhm:pmi-never nhm:pmi-wrong-core nhm:pmi-storm"
longest_first() {
  local f
  for f in $slow; do case " $* " in *" $f "*) echo "$f" ;; esac; done
  for f in "$@"; do case " $slow " in *" $f "*) ;; *) echo "$f" ;; esac; done
}
# "GEN=fault fault ...;" per generation, for the matrix below
spec=""
runs=""
while read -r g _; do
  [ -n "$g" ] || continue
  fs=$(faults_of "$g")
  spec="$spec$g=$(echo $fs);"
  runs="$runs$(for f in $(longest_first clean $fs); do echo "$g $f"; done)
"
done <<<"$ROWS"
# The boots: one per generation, whose passes are its booted defects
# (clean first); at most MUT_PASSES defects a boot (default 8), so that a
# boot's emu.fault= stays within a config line (QEMU_FAULTS=all) and the
# two QEMU slots stay balanced. In the longest-first order, each boot
# named by its generation and number: "GEN bN d1,d2,...", one a line, also
# in $out/qemu/boots for the matrix below.
boots=$(longest_first $booted | awk -F: -v max="${MUT_PASSES:-8}" '
  $2 != "clean" { if (!($1 in n) || n[$1] % max == 0) { order[++k] = $1 " b" int(n[$1] / max + 1) }
                  key = $1 " b" int(n[$1] / max + 1); d[key] = d[key] (d[key] ? "," : "") $2; n[$1]++ }
  $2 == "clean" { seen[$1] = 1 }
  END { for (i = 1; i <= k; i++) print order[i], d[order[i]]
        for (g in seen) if (!(g in n)) print g, "b1" }')
echo "$boots" | grep . > "$out/qemu/boots"
t0=$SECONDS
echo "$boots" | grep . | xargs -P "${QEMU_JOBS:-2}" -L1 bash -c 'run qemu "$0" "$1" "${2:-}"' &
echo -n "$runs" | grep . | xargs -P "$(( JOBS > 1 ? JOBS - 1 : 1 ))" -L1 bash -c 'run host $0 $1'
wait
echo "mutation time: $(echo -n "$runs" | grep -c .) host runs, $((JOBS > 1 ? JOBS - 1 : 1)) at" \
  "a time, and $(echo "$boots" | grep -c .) QEMU boots, ${QEMU_JOBS:-2} at a time, beside them: $((SECONDS - t0)) s"

python3 - "$out" "$spec" "$booted" <<'PY'
import json, os, sys
out, spec, booted = sys.argv[1], sys.argv[2], sys.argv[3].split()
gens = [(g, fs.split()) for g, fs in (x.split("=", 1) for x in spec.split(";") if x)]
ended_early = []
reasons = {}
# "GEN.NAME" of each booted defect (and clean): the boot that ran it and
# the name of its pass there ("none": clean), from $out/qemu/boots.
boot_of = {}
try:
    for ln in open(os.path.join(out, "qemu", "boots")):
        g, b, *ds = ln.split()
        for d in ["clean"] * (b == "b1") + (ds[0].split(",") if ds else []):
            boot_of[f"{g}.{d}"] = (f"{g}.{b}", "none" if d == "clean" else d)
except OSError:
    pass
def verdicts(where, name):
    """A run's verdicts, None if it left none; a run that did not finish
    (crash, timeout: results.json not complete) is noted in ended_early.
    A booted defect's are its pass's of its boot."""
    run, pass_ = boot_of.get(name, (name, None)) if where == "qemu" else (name, None)
    try:
        d = json.load(open(os.path.join(out, where, run, "results.json")))
    except (OSError, ValueError):
        return None
    if not d.get("complete") and (where, run) not in ended_early:
        ended_early.append((where, run))
    tests = [t for t in d["tests"] if pass_ is None or t.get("pass", "none") == pass_]
    if not tests:
        return None
    for t in tests:
        reasons[where, name, key(t)] = t.get("reason") or ""
    # the state brackets (uncore.state.*, core.state.*) are not tests of a defect
    return {key(t): t["verdict"] for t in tests if t["id"].split(".")[1:2] != ["state"]}
def key(t):
    """A test's name in the matrix: on a hybrid part each core test runs once
    per core type (spec C-61), named by it."""
    return t["id"] + (f" [{t['core_type']}]" if t.get("core_type") else "")
def cost(where, names):
    """Runs, CPU seconds (user + system) and wall seconds summed over the
    runs of names that left their times."""
    n = cpu = wall = 0.0
    for name in names:
        try:
            w, u, s = map(float, open(os.path.join(out, where, name + ".time")).read().split()[-3:])
        except (OSError, ValueError):
            continue
        n, cpu, wall = n + 1, cpu + u + s, wall + w
    return int(n), cpu, wall
def status(where, name):
    try:
        return open(os.path.join(out, where, name + ".rc")).read().strip()
    except OSError:
        return "?"
def cls(v):
    return {"FAIL": "X", "ERROR": "X", "PASS": ".", "XFAIL": ".", "SKIP": "S", "N/A": "S"}.get(v, "?")
bad = []
agree = {}  # "gen.name" of each boot: whether it agreed with the host run
for b in booted:
    n = b.replace(":", ".", 1)
    host, qemu = verdicts("host", n), verdicts("qemu", n)
    if qemu is None:
        bad.append(f"qemu disagrees: {n}: the boot left no results")
        agree[n] = False
        continue
    diff = [t for t in sorted(set(host or {}) | set(qemu))
            if cls((host or {}).get(t)) != cls(qemu.get(t))]
    for t in diff:
        why = reasons.get(("qemu", n, t)) or reasons.get(("host", n, t)) or ""
        bad.append(f"qemu disagrees: {n}: {t} host {(host or {}).get(t)}, qemu {qemu.get(t)}"
                   + (f" ({why})" if why else ""))
    agree[n] = not diff
total = [0, 0.0, 0.0]
print("cost per row: host runs (CPU s, wall s summed), boots (wall s summed)")
for g, faults in gens:
    n, cpu, wall = cost("host", [f"{g}.{f}" for f in ["clean"] + faults])
    bn, _, bwall = cost("qemu", sorted({r for n, (r, _) in boot_of.items() if n.startswith(g + ".")}))
    total = [total[0] + n, total[1] + cpu, total[2] + wall]
    print(f"  {g:<8} {n:>3} host runs {cpu:6.1f} s CPU {wall:7.1f} s wall; "
          f"{bn} boots {bwall:6.1f} s wall")
bn, _, bwall = cost("qemu", sorted({r for r, _ in boot_of.values()}))
print(f"  {'all':<8} {total[0]:>3} host runs {total[1]:6.1f} s CPU {total[2]:7.1f} s wall; "
      f"{bn} boots {bwall:6.1f} s wall")
if booted:
    print(f"boots: {len(booted)} defects and clean runs booted in {bn} boots (emu.fault.each=1)")
for g, faults in gens:
    clean = verdicts("host", g + ".clean") or {}
    tests = sorted(clean)
    cols = {f: verdicts("host", f"{g}.{f}") for f in faults}
    w = max([len(t) for t in tests] + [16])
    print(f"{g}: {len(tests)} tests x {len(faults)} defects")
    print("test".ljust(w), " ".join(f"{i:>2}" for i in range(len(faults))))
    for t in tests:
        row = []
        for f in faults:
            v = (cols[f] or {}).get(t)
            row.append(" X" if v in ("FAIL", "ERROR") else (" ?" if v is None else " ."))
        print(t.ljust(w), " ".join(row))
    print("QEMU boot agrees".ljust(w),
          " ".join(" -" if f"{g}.{f}" not in agree else (" =" if agree[f"{g}.{f}"] else " !")
                   for f in faults))
    for i, f in enumerate(faults):
        print(f"  {i:>2} {f}")
    for t, v in clean.items():
        if v not in ("PASS", "SKIP", "N/A"):
            bad.append(f"clean model: {g}: {t} {v}")
    for t in tests:
        if clean[t] == "PASS" and not any((cols[f] or {}).get(t) in ("FAIL", "ERROR")
                                          for f in faults):
            bad.append(f"test never fails: {t}")
    for f in faults:
        if cols[f] is None:
            bad.append(f"defect {f}: the run left no results")
        elif not any(v in ("FAIL", "ERROR") for v in cols[f].values()):
            bad.append(f"defect not caught by any test: {f}")
    if not clean:
        bad.append(f"clean model: {g}: the run left no results")
if booted:
    compared = sum(len(verdicts("qemu", b.replace(":", ".", 1)) or {}) for b in booted)
    print(f"qemu: {' '.join(booted)} booted; {compared} verdicts compared with the host's,"
          f" {'all agree' if all(agree.values()) else 'some differ'}")
# A run that ended early hides verdicts behind "?": it fails the rule its
# run belongs to.
for where, name in ended_early:
    rule = {"qemu": "qemu disagrees: ",
            "host": "clean model: " if name.endswith(".clean") else "defect "}
    bad.append(f"{rule[where]}{name}: the {where} run ended early (exit status {status(where, name)})")
for b in bad:
    print("FAIL mutation:", b)
rules = ("clean model", "test never", "defect", "qemu disagrees")
failed = sum(any(b.startswith(r) for b in bad) for r in rules)
print(f"mutation: {len(rules) - failed} passed, {failed} failed")
sys.exit(1 if bad else 0)
PY
