#!/usr/bin/env bash
# Host test for make report's "Open questions" section
# (tools/report_data.py open_questions, tools/report.py
# open_questions_html): one row per question and default over the run's
# tests, checks and misses summed, the first miss kept with its test, the
# misses first and the ids in number order, dropped entries counted; the
# section's table on hardware and on the model, and a run without any; then
# end to end, a host-suite run on the model (build/host/suite, SKIP without
# it) whose results.json holds the default it asserted, held. Prints TAP.
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" - "$here" <<'PYEOF'
import glob, json, os, subprocess, sys, tempfile

root = sys.argv[1]
sys.path.insert(0, root)
from ci import tap
from ci.tap import report, done
from tools import report_data as rd
from tools import report as rp  # matplotlib is imported by main() only


def oq(i, default, checks, misses, seen=None):
    return {"id": i, "default": default, "held": not misses, "checks": checks,
            "misses": misses, "seen": seen}


def test(tid, verdict, questions, **extra):
    return dict(extra, id=tid, description=tid, iteration=1, verdict=verdict, reason="",
                duration_us=1, figures={}, open_questions=questions)


hw = {"backend": "hw", "tests": [
    test("nhm.ovf.chg", "PASS", [oq("OQ-N6", "clears do not set CHG", 1, 1, "CHG set")]),
    test("nhm.ovf.clear-each-bit", "PASS",
         [oq("OQ-N6", "clears do not set CHG", 9, 2, "writing 0x1 set CHG"),
          oq("OQ-N7", "OVF_PMI set with EN_PMI_CORE = 0", 1, 0)]),
    test("nhm.regs.width", "PASS", [oq("OQ-N11", "counter bits 63:48 dropped on write", 9, 0)],
         open_questions_dropped=2),
    test("nhm.route.nmi", "PASS", [oq("OQ-C1", "NMI mode kept, masked on delivery", 1, 0)]),
    test("a.plain", "PASS", []),
]}
rows, dropped = rd.open_questions(hw)
report("one row per question and default, misses first, then OQ-C1, OQ-N7, OQ-N11",
       [r["id"] for r in rows] == ["OQ-N6", "OQ-C1", "OQ-N7", "OQ-N11"], str(rows))
n6 = rows[0]
report("checks and misses summed over the tests that checked it",
       n6["checks"] == 10 and n6["misses"] == 3 and not n6["held"]
       and n6["tests"] == ["nhm.ovf.chg", "nhm.ovf.clear-each-bit"], str(n6))
report("the first miss kept with the test it was seen in",
       n6["seen"] == "CHG set" and n6["seen_in"] == "nhm.ovf.chg", str(n6))
report("a default that held has no miss", all(r["held"] for r in rows[1:]), str(rows))
report("dropped entries counted", dropped == 2, str(dropped))
page = rp.open_questions_html(hw)
report("the section: every question, its default, how it came out, its tests",
       all(x in page for x in ("OQ-N6", "clears do not set CHG", "not seen", "3 / 10",
                               "CHG set", "nhm.ovf.clear-each-bit", "OQ-N11", ">held<"))
       and "On hardware" in page and "2 more entries" in page, page)
model = dict(hw, backend="emu")
report("on the model a miss is named as the test's failure",
       "failed its test" in rp.open_questions_html(model), "")
report("a run that checked none says so",
       "No test of this run checked" in rp.open_questions_html({"tests": [test("a", "PASS", [])]}),
       "")
report("ids outside the OQ- pattern sort last, not fail",
       [r["id"] for r in rd.open_questions({"tests": [test("a", "PASS", [
           oq("odd", "x", 1, 0), oq("OQ-L2", "y", 1, 0)])]})[0]] == ["OQ-L2", "odd"], "")

suite = os.path.join(root, "build", "host", "suite")
if not os.access(suite, os.X_OK):
    tap.n += 1
    print(f"ok {tap.n} - host suite end to end # SKIP no {suite} (make host-suite)")
    done()
out = tempfile.mkdtemp()
p = subprocess.run([suite, "--results", out, "tests=nhm.ovf.chg"], capture_output=True,
                   text=True)
files = glob.glob(os.path.join(out, "**", "results.json"), recursive=True)
doc = json.load(open(files[0])) if files else {}
rows, _ = rd.open_questions(doc)
report("host suite on the model: nhm.ovf.chg asserted OQ-N6's default, held",
       p.returncode == 0 and [(r["id"], r["held"], r["tests"]) for r in rows]
       == [("OQ-N6", True, ["nhm.ovf.chg"])], p.stdout[-300:] + str(rows))
done()
PYEOF
