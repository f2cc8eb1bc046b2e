#!/usr/bin/python3
"""Host test for make report (tools/report_data.py, tools/report.py):
the comparison of two runs (new failures, fixed tests, other verdict
changes, tests in one run only, figures moved beyond the recorded or the
default tolerance), the verdict order (FAIL and ERROR first, N/A apart),
the latency and expected-figure extraction, and the script end to end on
made-up runs: one file, both plots inline as SVG, no script or external
reference, a journal-only run marked incomplete, exit 1 for an unreadable
folder and 2 without matplotlib; make check's ci/report_check.py
passes a made-up run and fails one without latency figures. The
end-to-end checks SKIP without
python3-matplotlib (scripts/deps.sh installs it). Prints TAP.
"""
import copy, importlib.util, json, os, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ci import tap
from ci.tap import report, done
from tools import report_data as rd
from tools import results  # the journal as the harness writes it

script = "-m", "tools.report"
tmp = tempfile.mkdtemp()


def test(tid, verdict, figures=None, reason="", iteration=1):
    return {"id": tid, "description": tid, "iteration": iteration, "verdict": verdict,
            "reason": reason, "duration_us": 1000, "figures": figures or {}}


def fig(value, unit, **extra):
    return dict(extra, value=value, unit=unit)


lat = lambda core, lo, med, hi: {"latency_us_min": [{"core": core, "value": lo, "unit": "us"}],
                                 "latency_us_median": [{"core": core, "value": med, "unit": "us"}],
                                 "latency_us_max": [{"core": core, "value": hi, "unit": "us"}]}
base = {"schema_version": 2, "harness": "uncore-harness", "version": "v0", "run": "run-0001",
        "tag": "", "date_utc": "2026-11-25T03:19:47Z", "smbios": None, "config": {"tests": "*"},
        "cpu": {"vendor": "GenuineIntel", "signature": "0x000106a5", "family": 6, "model": 26,
                "stepping": 5, "brand": "X5550", "hypervisor": None, "microcode": "0x1d"},
        "cpus": 2, "packages": 1, "apic_mode": "xAPIC", "backend": "emu", "uncore": "nhm",
        "core_pmu": {"source": "emulated", "shape": "nhm", "version": 3}, "validates": "harness",
        "tsc_hz": 2666000000, "complete": True,
        "summary": {"passed": 4, "failed": 1},
        "tests": [
            test("a.stays", "PASS", {"uclk_hz": fig(2000, "hz", expected=2100, tolerance=200),
                                     "delta_count": fig(100, "count"),
                                     "seen_mask": fig(3, "mask")}),
            test("a.breaks", "PASS"),
            test("a.heals", "FAIL", reason="was broken"),
            test("a.skips", "PASS"),
            test("a.gone", "PASS"),
            test("a.route", "PASS", dict(lat(0, 5, 10, 50), **{"x_latency_us_median":
                                                                [{"cpu": 1, "value": 7, "unit": "us"}]})),
            test("a.other", "N/A", reason="another generation's"),
        ]}
new = copy.deepcopy(base)
new["run"] = "run-0002"
t = {x["id"]: x for x in new["tests"]}
t["a.stays"]["figures"] = {"uclk_hz": fig(2250, "hz", expected=2100, tolerance=200),
                           "delta_count": fig(121, "count"), "seen_mask": fig(1, "mask")}
t["a.breaks"].update(verdict="FAIL", reason="now broken")
t["a.heals"].update(verdict="PASS", reason="")
t["a.skips"].update(verdict="SKIP", reason="could not")
new["tests"] = [x for x in new["tests"] if x["id"] != "a.gone"] + [test("a.added", "ERROR", reason="hung")]

c = rd.compare(base, new)
ids = lambda pairs: sorted(n["id"] for _, n in pairs)
report("new failures: PASS -> FAIL and a new test's ERROR", ids(c["new_failures"]) == ["a.added", "a.breaks"],
       str(ids(c["new_failures"])))
report("fixed: FAIL -> PASS", ids(c["fixed"]) == ["a.heals"], str(ids(c["fixed"])))
report("other change: PASS -> SKIP", ids(c["changed"]) == ["a.skips"], str(ids(c["changed"])))
report("tests in one run only", [x["id"] for x in c["only_base"]] == ["a.gone"]
       and [x["id"] for x in c["only_new"]] == ["a.added"], str((c["only_base"], c["only_new"])))
moved = {m["name"]: m for m in c["moved"]}
report("a recorded tolerance is the one used (moved 250 > 200)",
       moved.get("uclk_hz", {}).get("source") == "recorded" and moved["uclk_hz"]["tolerance"] == 200,
       str(c["moved"]))
report("a raw count without a tolerance of its own is not compared, only counted",
       "delta_count" not in moved and c["not_compared"] == 5, str(c))
report("a mask must not change at all", moved.get("seen_mask", {}).get("source") == "exact",
       str(c["moved"]))
t["a.stays"]["figures"]["delta_count"]["value"] = 120
t["a.stays"]["figures"]["uclk_hz"]["value"] = 2200
c = rd.compare(base, new)
report("within tolerance is not reported (20 of 20, 200 of 200)",
       sorted(m["name"] for m in c["moved"]) == ["seen_mask"], str(c["moved"]))
t["a.stays"]["figures"]["delta_count"]["value"] = 121
t["a.stays"]["figures"]["uclk_hz"]["value"] = 2250
b2 = copy.deepcopy(base)
b2["tests"][5]["figures"]["latency_us_median"].append({"core": 1, "value": 10, "unit": "us",
                                                       "tolerance": 5})
n2 = copy.deepcopy(b2)
n2["tests"][5]["figures"]["latency_us_median"][1]["value"] = 30
m = rd.compare(b2, n2)["moved"]
report("an indexed figure is compared per index", len(m) == 1 and m[0]["index"] == "core 1",
       str(m))
# C-61: on a hybrid part a core test runs once per core type; each result
# is compared with the same type's, and named with it.
def typed(doc, ct, cpu, value):
    t = copy.deepcopy(doc["tests"][5])
    t.update(core_type=ct, cpu=cpu)
    t["figures"]["latency_us_median"][0].update(value=value, tolerance=5)
    return t
b3, n3 = copy.deepcopy(base), copy.deepcopy(base)
b3["tests"][5:6] = [typed(base, "P-core (40H)", 0, 10), typed(base, "E-core (20H)", 2, 10)]
n3["tests"][5:6] = [typed(base, "P-core (40H)", 0, 30), typed(base, "E-core (20H)", 2, 10)]
m = rd.compare(b3, n3)["moved"]
report("per core type: only the P-core's moved figure, named with its type",
       len(m) == 1 and m[0]["id"].endswith("[P-core (40H) cpu 0]"), str(m))
report("the same run against itself: nothing to report",
       not any(v for k, v in rd.compare(base, copy.deepcopy(base)).items()
               if k not in ("not_compared", "host_dependent")), "")
# Two clean runs of one commit: windows of other lengths give other raw
# counts, a hypervisor other latencies; none of it is flagged, while a
# figure beyond its own tolerance still is.
c1, c2 = copy.deepcopy(base), copy.deepcopy(base)
for d in (c1, c2):
    d["cpu"]["hypervisor"] = "TCGTCGTCGTCG"
    d["tests"][5]["figures"]["latency_us_median"][0]["tolerance"] = 1
c2["tests"][0]["figures"]["delta_count"]["value"] = 400
c2["tests"][5]["figures"]["latency_us_max"][0]["value"] = 5000
c2["tests"][5]["figures"]["latency_us_median"][0]["value"] = 90
c = rd.compare(c1, c2)
report("two clean runs: raw counts and latencies under a hypervisor not flagged",
       c["moved"] == [] and c["not_compared"] == 1 and c["host_dependent"] == 4, str(c))
c2["tests"][0]["figures"]["uclk_hz"]["value"] = 2500
report("... while a figure beyond its own tolerance is",
       [m["name"] for m in rd.compare(c1, c2)["moved"]] == ["uclk_hz"], "")
# repeat=N: latencies over the iterations, the worst one named; the rates,
# one row per figure, its furthest iteration.
rp = copy.deepcopy(base)
r2 = copy.deepcopy(base["tests"][5]); r2["iteration"] = 2
r2["figures"] = lat(0, 3, 30, 900)
s2 = copy.deepcopy(base["tests"][0]); s2["iteration"] = 2
s2["figures"]["uclk_hz"]["value"] = 2290
rp["tests"] += [r2, s2]
L = rd.latencies(rp)["a.route"][0]
report("repeat: least min, median of medians, greatest max and its iteration",
       L == {"min": 3, "median": 10, "max": 900, "worst": 2}, str(L))
E = rd.expected_figures(rp)
report("repeat: one rate row per figure, its furthest iteration",
       E == [("a.stays", 2, "uclk_hz", 2290, 2100, 200, "hz")], str(E))

# The verdict first: FAIL/ERROR with reasons and figures; a run cut short
# says how far it got and where (its progress mark); nothing tested says so.
b = rd.banner(new)
report("banner: an ERROR among the failures makes it ERROR, each FAIL and ERROR listed",
       b["word"] == "ERROR" and [x["id"] for x in b["bad"]] == ["a.breaks", "a.added"]
       and b["line"] == "2 of 7 results failed (FAIL or ERROR)", str(b))
report("banner: a clean run is PASS with its counts",
       rd.banner(base | {"tests": [x for x in base["tests"] if x["verdict"] != "FAIL"]})["line"]
       == "5 of 6 results passed; 1 SKIP or N/A", "")
cut = dict(new, complete=False)
b = rd.banner(cut, {"state": "test", "index": "7", "id": "a.hangs", "planned": "172"})
report("banner: cut short, how far and in which test",
       b["word"] == "INCOMPLETE" and b["line"] == "the run did not end: 7 of 172 results "
       "recorded, cut in a.hangs (result 7); 2 FAIL or ERROR among them", b["line"])
report("banner: nothing tested", rd.banner(base | {"tests": [test("x", "N/A"), test("y", "SKIP")]})
       ["word"] == "NOTHING TESTED", "")
report("figures beside a failure's reason",
       rd.figure_words(t["a.stays"]) == ["delta_count = 121 count", "seen_mask = 1 mask",
                                         "uclk_hz = 2250 hz (expected 2100 +- 200)"],
       str(rd.figure_words(t["a.stays"])))
report("a run named by folder, tag and date",
       rd.run_title(base | {"tag": "lab1"}) == "run-0001 (tag lab1, 2026-11-25 03:19:47 UTC)"
       and rd.run_title(base) == "run-0001 (2026-11-25 03:19:47 UTC)", rd.run_title(base))
g = rd.na_groups([test("n1", "N/A", reason="r1"), test("n2", "N/A", reason="r2"),
                  test("n3", "N/A", reason="r1")])
report("N/A grouped by reason, in order of first appearance",
       [(r, [x["id"] for x in ts]) for r, ts in g] == [("r1", ["n1", "n3"]), ("r2", ["n2"])], str(g))
pd = os.path.join(tmp, "progress")
os.makedirs(pd)
with open(os.path.join(pd, "progress.txt"), "w") as f:
    f.write("uncore-harness progress: state=test run=run-0003 boot=1 resets=0 index=20 "
            "iteration=1 id=nhm.count.x bound_s=300 armed=5 config=0x1 planned=172 tap=1 "
            "jsonl=2 log=3 ." + " " * 200 + "\n")
p = rd.read_progress(pd)
report("the progress mark read", p.get("id") == "nhm.count.x" and p.get("planned") == "172"
       and p.get("state") == "test" and rd.read_progress(tmp) == {}, str(p))

app, na = rd.ordered_tests(new)
report("FAIL and ERROR first, then SKIP, then PASS; N/A apart",
       [x["verdict"] for x in app] == ["FAIL", "ERROR", "SKIP", "PASS", "PASS", "PASS"]
       and [x["id"] for x in na] == ["a.other"], str([x["verdict"] for x in app]))
L = rd.latencies(base)
report("latency per core: min, median, max by test; a prefixed family is a series of its own",
       L == {"a.route": {0: {"min": 5, "median": 10, "max": 50}},
             "a.route:x_latency": {1: {"median": 7}}}, str(L))
E = rd.expected_figures(base)
report("only figures with an expected value are rates to plot",
       E == [("a.stays", 1, "uclk_hz", 2000, 2100, 200, "hz")], str(E))
report("deviation in tolerances; an exact expectation missed is infinite",
       rd.deviation(2300, 2100, 200) == 1.0 and rd.deviation(1, 0, 0) == float("inf")
       and rd.deviation(0, 0, 0) == 0.0, "")


def run_dir(name, doc, journal=False):
    d = os.path.join(tmp, name)
    os.makedirs(d)
    if journal:  # a run cut short: the journal only, no summary line
        head = {k: v for k, v in doc.items() if k not in ("tests", "summary", "complete")}
        lines = [dict(head, journal=1, seq=0)] + [{"seq": i + 1, "test": x}
                                                  for i, x in enumerate(doc["tests"])]
        with open(os.path.join(d, "results.jsonl"), "wb") as f:
            f.write(results.journal(lines))
    else:
        with open(os.path.join(d, "results.json"), "w") as f:
            json.dump(doc, f)
    return d


def run(*args, env=None):
    p = subprocess.run([sys.executable, *script, *args], capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout + p.stderr


bd, nd = run_dir("base", base), run_dir("new", new)
shim = os.path.join(tmp, "shim")
os.makedirs(shim)
with open(os.path.join(shim, "matplotlib.py"), "w") as f:
    f.write('raise ImportError("simulated")\n')
rc, out = run(nd, env={"PYTHONPATH": shim + os.pathsep + root})
report(f"no matplotlib: exit 2 naming python3-matplotlib ({rc})",
       rc == 2 and "python3-matplotlib" in out and "Traceback" not in out, out)
rc, out = run(os.path.join(tmp, "nothing"))
report(f"an unreadable run folder: exit 1 ({rc})", rc == 1 and "Traceback" not in out, out)
have = importlib.util.find_spec("matplotlib") is not None
if not have:
    tap.n += 1
    print(f"ok {tap.n} - report end to end # SKIP no python3-matplotlib for /usr/bin/python3")
    done()
out_file = os.path.join(tmp, "r.html")
rc, out = run(nd, "--base", bd, "--out", out_file)
page = open(out_file).read() if rc == 0 else ""
report(f"report with a base: exit 0, path printed ({rc})", rc == 0 and out.strip() == out_file, out)
report("both plots inline as SVG", page.count("<svg") == 2 and "PMI latency per core" in page
       and "Rates against their expected values" in page, "")
report("self-contained: no script, no link, no src", not any(
    s in page.lower() for s in ("<script", "<link", " src=", "<img")), "")
report("every test of the run in the table, N/A by reason",
       all(f">{x['id']}<" in page for x in new["tests"])
       and "<td class='num na'>1</td><td>another generation&#x27;s</td>" in page, "")
report("the verdict banner comes first, the title names both runs by date",
       page.index("class='banner'") < page.index("<h2>") and "ERROR</b>2 of 7 results failed" in page
       and "run-0002 (2026-11-25 03:19:47 UTC) vs run-0001 (2026-11-25 03:19:47 UTC)" in page, "")
report("the comparison names the new failure, the fixed test and the moved figure",
       "New failures (2)" in page and "Fixed (1)" in page and "a.breaks" in page
       and "uclk_hz" in page and "(recorded)" in page, "")
check = "-m", "ci.report_check"
for name, doc, want in (("check-ok", base, None), ("check-nolat", None, "no <svg> under 'PMI latency")):
    if doc is None:
        doc = copy.deepcopy(base)
        doc["tests"][5]["figures"] = {}
    p = subprocess.run([sys.executable, *check, run_dir(name, doc), os.path.join(tmp, name + "-w")],
                       capture_output=True, text=True)
    lines = p.stdout.splitlines()
    ok = (len(lines) == 3 and all(x.startswith("PASS ") for x in lines)) if want is None else \
        (lines and lines[0].startswith("FAIL check.report.content") and want in lines[0])
    report(f"report_check.py: {name} ({p.returncode})", ok, p.stdout + p.stderr)
rc, out = run(run_dir("cut", new, journal=True))
page = open(os.path.join(tmp, "cut", "report.html")).read() if rc == 0 else ""
report(f"a journal-only run: reported, marked incomplete, default path ({rc})",
       rc == 0 and "incomplete" in page and out.strip().endswith("cut/report.html")
       and "INCOMPLETE</b>the run did not end: 7 of an unknown number of results" in page, out)
done()
