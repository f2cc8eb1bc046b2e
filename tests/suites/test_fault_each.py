#!/usr/bin/python3
"""Host test of emu.fault.each=1 (docs/configuration.md): one run of the
host suite whose passes are clean, then each of three defects alone, gives
in each pass the verdicts that a run of that defect alone gives, test by
test, each result naming its pass (what ci/mutation.sh's boots rely on);
the passes' state brackets run once around them, and the exit code is the
worst pass's. The defects: one of the uncore's counting, one of its PMI
delivery (whose tests wait out their bounds), one of the core PMU's.
Prints TAP; SKIPs when build/host/suite is not built.
"""
import json
import os
import re
import subprocess
import tempfile

from ci.tap import report, done

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.path.join(ROOT, os.environ.get("B", "build"), "host", "suite")
DEFECTS = ["no-count", "pmi-wrong-core", "core-int-ignored"]
TESTS = "tests=nhm.count.*,nhm.route.*,core.pmi.*"


def run(folder, *opts):
    """The suite's exit code and its results' tests."""
    p = subprocess.run([SUITE, "--cpus", "4", "--packages", "2", "--model", "0x1a", "--results",
                        folder, TESTS, *opts], capture_output=True, text=True)
    with open(os.path.join(folder, "results.json"), encoding="utf-8") as f:
        return p.returncode, p.stdout, json.load(f)["tests"]


def verdicts(tests):
    return {t["id"]: t["verdict"] for t in tests if ".state." not in t["id"]}


if not os.access(SUITE, os.X_OK):
    print("ok 1 - emu.fault.each # SKIP build/host/suite not built")
    print("1..1")
    raise SystemExit(0)
with tempfile.TemporaryDirectory() as tmp:
    code, out, tests = run(os.path.join(tmp, "each"), "emu.fault=" + ",".join(DEFECTS),
                           "emu.fault.each=1")
    # emu.fault= as the banner's config line gives it: the table's order
    passes = ["none"] + re.search(r" emu\.fault=([^ ]+)", out)[1].split(",")
    alone = {"none": run(os.path.join(tmp, "none"))}
    for d in DEFECTS:
        alone[d] = run(os.path.join(tmp, d), "emu.fault=" + d)
for k, p in enumerate(passes):
    report(f"pass {k + 1} of 4 announced: emu.fault={p}",
           f"emu.fault.each: pass {k + 1} of 4: emu.fault={p}" in out)
    mine = verdicts(t for t in tests if t.get("pass") == p)
    theirs = verdicts(alone[p][2])
    differ = [i for i in sorted(set(mine) | set(theirs)) if mine.get(i) != theirs.get(i)]
    report(f"pass {p}: the verdicts of a run of it alone ({len(theirs)} tests)",
           mine and not differ, f"differ: {differ}")
report("passes: clean, then each defect once", sorted(passes[1:]) == sorted(DEFECTS))
brackets = [t["id"] for t in tests if ".state." in t["id"]]
report("the state brackets once around every pass, naming none",
       len(brackets) == 4 and all("pass" not in t for t in tests if ".state." in t["id"]),
       f"{brackets}")
report("every other result names its pass",
       all(t.get("pass") in passes for t in tests if ".state." not in t["id"]))
report("exit code: the worst pass's", code == max(c for c, _, _ in alone.values()),
       f"{code} against {[c for c, _, _ in alone.values()]}")
done()
