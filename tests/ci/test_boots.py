#!/usr/bin/python3
"""Host test for ci/boots.py and ci/catalogue.py --count, on made-up rows
and suites: the catalogue's count (every test once, a SUITE_EACH_TYPE
suite's twice on a hybrid core shape, tests= and skip= applied, inject=
tests never); a row's QEMU and check_run arguments (the registry's CPU and
model, expect_cpu= added unless given, cpu_add, CPUs and packages, {dir},
check_run = false); a row reading another's boot (reads =: the same
boot but for tests=, read through check_run --select); and ci/boots.toml itself: every row named once with a
group and what it proves, every step a function of ci/check_jobs.sh, every
gen a registry row (SKIP without build/host/regs). Prints TAP (ci/tap.py)."""
import os
import re
import tomllib

from ci import boots, catalogue, tap
from ci.tap import report, done

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def row(tid):
    return ("x.c", (0, tid, "", "f"))


groups = [("state brackets: a.state.* (first before its tests, last after)",
           [row("a.state.first"), row("a.state.last")], False),
          ("a (`x.c`)", [row("a.one"), row("a.two")], True),
          ("b (`y.c`)", [row("b.one")], False),
          ("inject (`z.c`)", [row("uncore.inject.gp")], False)]
report("count: every test once, inject= tests never", catalogue.count(groups, "*", "v4", "*", "") == 5)
report("count: an each-type suite twice on a hybrid shape",
       catalogue.count(groups, "a.*", "hybrid", "*", "") == 6)
report("count: tests= and skip= applied",
       catalogue.count(groups, "*", "", "a.*,b.*", "a.two") == 4)
report("count: a glob of no test is 0", catalogue.count(groups, "c.*", "", "*", "") == 0)

regs = {"nhm": (0x1A, "Nehalem")}
q, c = boots.plan({"name": "r", "gen": "nhm", "cpu_add": "+x2apic", "smp": 4, "opts": "tag=t",
                   "core_pmu": "emulated, shape hybrid", "ran": ["a.*"],
                   "qemu": ["--keep-image", "{dir}/after.img"]}, regs, groups)
report("plan: the registry's CPU with cpu_add", q[q.index("--cpu") + 1] == "Nehalem,+x2apic", " ".join(q))
report("plan: expect_cpu= from the registry's model", q[q.index("--opts") + 1] == "expect_cpu=6:1a tag=t")
report("plan: {dir} is the row's folder", os.path.join(boots.B, "check", "r", "after.img") in q)
report("plan: CPUs, packages and model checked",
       " ".join(c).startswith("--cpus 4 --packages 1 --family 6 --model 0x1a"), " ".join(c))
report("plan: ran counted for the row's shape and selection", "a.*=6" in c, " ".join(c))
q, c = boots.plan({"name": "r", "cpu": "Penryn", "model": 0x17, "opts": "expect_cpu=6:2d"}, regs, groups)
report("plan: an expect_cpu= given is kept", q[q.index("--opts") + 1] == "expect_cpu=6:2d")
q, c = boots.plan({"name": "r", "smp": 2, "check_run": False, "tests": 1}, regs, groups)
report("plan: check_run = false checks exit and log only", c is None and "--cpu" not in q)

# A row reading another's boot: the same boot but for its tests=, which
# its check_run applies (--select) to that boot's results folder.
by = {"name": "all", "gen": "nhm", "smp": 4, "opts": "tag=t"}
reader = {"name": "part", "reads": "all", "gen": "nhm", "smp": 4, "opts": "tests=a.* tag=t"}
q, c = boots.plan(reader, regs, groups)
report("reads: check_run reads the boot's folder, its selection only",
       c[-2:] == ["--select", "a.*"] and os.path.join(boots.B, "check", "all", "results") in q, " ".join(c))
report("reads: the same boot but for tests= is read", boots.same_boot(reader, by, regs, groups) is None)
report("reads: another CPU count is refused",
       boots.same_boot(dict(reader, smp=2), by, regs, groups) is not None)
report("reads: other options are refused",
       boots.same_boot(dict(reader, opts="tests=a.* tag=u"), by, regs, groups) is not None)
report("reads: a boot of a part of the tests is refused",
       boots.same_boot(reader, dict(by, opts="tests=b.* tag=t"), regs, groups) is not None)
report("reads: a job or a missing row is refused",
       boots.same_boot(reader, None, regs, groups) and boots.same_boot(reader, {"name": "j", "job": ["x"]}, regs, groups))

with open(os.path.join(root, "ci", "boots.toml"), "rb") as f:
    rows = tomllib.load(f)["boot"]
names = [r["name"] for r in rows]
report("boots.toml: every reads names a boot row before it",
       all(r["reads"] in names[:names.index(r["name"])] for r in rows if "reads" in r))
report("boots.toml: every row named once, with a group and what it proves",
       len(set(names)) == len(names) and all(r.get("group") and r.get("proves") for r in rows))
funcs = set(re.findall(r"^(\w+)\(\) \{", open(os.path.join(root, "ci", "check_jobs.sh")).read(), re.M))
steps = [s[0] for r in rows for s in [r.get("job")] + r.get("before", []) + r.get("after", []) if s]
report("boots.toml: every job, before and after a function of ci/check_jobs.sh",
       steps and set(steps) <= funcs, " ".join(sorted(set(steps) - funcs)))
if os.access(os.path.join(root, boots.B, "host", "regs"), os.X_OK):
    real = boots.registry()
    report("boots.toml: every gen a registry row",
           all(r["gen"] in real for r in rows if "gen" in r))
else:
    tap.n += 1
    print(f"ok {tap.n} - boots.toml: every gen a registry row # SKIP build/host/regs not built")
done()
