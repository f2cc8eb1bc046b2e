#!/usr/bin/python3
"""make check's check of make report (tools/report.py) on a run a boot
produced.

  report_check.py RUN-DIR WORK-DIR

Writes the run's report and checks its content: the identity (run, CPU
brand, TSC rate, backend, uncore, date), a row for every result of
results.json, both plots as inline <svg> (so the run must have PMI latency
figures and figures with an expected value), nothing fetched (no script,
link, img or src). Then a doctored copy of the run, one PASS turned FAIL
and one figure with an expected value moved by twice its tolerance and
one, is compared both ways: against the copy as base, the test is fixed;
with the copy as the new run, it is the one new failure; either way that
figure, and only it, moved beyond its tolerance. One line per check,
PASS/FAIL check.report.NAME, as ci/check.sh counts them.
"""
import copy
import json
import os
import re
import subprocess
import sys

from tools.results import read_run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def result(name, why):
    print(f"FAIL check.report.{name}: {why}" if why else f"PASS check.report.{name}")


def build(run, out, base=None):
    """The report's text, or the reason there is none."""
    cmd = [sys.executable, "-m", "tools.report", run, "--out", out] + (["--base", base] if base else [])
    p = subprocess.run(cmd, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    if p.returncode != 0 or p.stdout.strip() != out:
        return None, f"report.py exit {p.returncode}: {(p.stdout + p.stderr).strip()[-300:]}"
    with open(out) as f:
        return f.read(), ""


def content(doc, page):
    """What the report of doc lacks, as a list of reasons."""
    why = []
    for label, text in (("run", doc.get("run")), ("CPU brand", (doc.get("cpu") or {}).get("brand")),
                        ("tsc_hz", str(doc.get("tsc_hz"))), ("uncore", doc.get("uncore")),
                        ("backend", doc.get("backend")), ("date", doc.get("date_utc"))):
        if not text or str(text) not in page:
            why.append(f"identity lacks its {label} ({text})")
    # A row per result but N/A, which has a row per reason with its count.
    rows = re.findall(r"<td class='id'[^>]*>([^<]*)</td>", page)
    app = [t for t in doc["tests"] if t.get("verdict") != "N/A"]
    missing = [t["id"] for t in app if t["id"] not in rows]
    if missing or len(rows) != len(app):
        why.append(f"{len(rows)} rows for {len(app)} results but N/A; missing {missing[:3]}")
    na = sum(map(int, re.findall(r"<td class='num na'>(\d+)</td>", page)))
    if na != len(doc["tests"]) - len(app):
        why.append(f"the N/A rows count {na} results, the run has {len(doc['tests']) - len(app)}")
    if "<div class='banner'" not in page.split("<h2>")[0]:
        why.append("no verdict banner before the first section")
    for head in ("PMI latency per core", "Rates against their expected values"):
        at = page.find(f"<h2>{head}</h2>")
        nxt = page.find("<h2>", at + 1)
        if at < 0 or "<svg" not in page[at:nxt]:
            why.append(f"no <svg> under '{head}'")
    for tag in ("<script", "<link", "<img", " src="):
        if tag in page.lower():
            why.append(f"the page has {tag}")
    return why


def doctor(doc):
    """A copy with one PASS made FAIL and one expected figure moved beyond
    its tolerance; the test id and figure name, or None."""
    d = copy.deepcopy(doc)
    passed = next((t for t in d["tests"] if t["verdict"] == "PASS"), None)
    moved = next(((t, n, f) for t in d["tests"] for n, f in sorted(t["figures"].items())
                  if isinstance(f, dict) and "expected" in f), None)
    if not passed or not moved:
        return None, None, None
    passed.update(verdict="FAIL", reason="doctored by ci/report_check.py")
    t, name, f = moved
    f["value"] += 2 * f["tolerance"] + 1
    return d, passed["id"], f"{t['id']}: {name}"


def compare_checks(page, fail_id, fig, fixed):
    why = []
    want = ("Fixed (1)", "New failures: none") if fixed else ("New failures (1)", "Fixed: none")
    for w in want:
        if w not in page:
            why.append(f"no '{w}'")
    sec = page[page.find("<h2>Comparison"):page.find("<h2>", page.find("<h2>Comparison") + 1)]
    if fail_id not in sec:
        why.append(f"{fail_id} not in the comparison")
    tid, name = fig.split(": ")
    moved = re.findall(r"<tr class='bad'><td class='id'>([^<]*)</td><td>([a-z0-9_]+)", sec)
    if moved != [(tid, name)]:
        why.append(f"moved figures {moved[:3]}, want only ({tid}, {name})")
    return why


def main():
    run, work = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(work, "doctored"), exist_ok=True)
    doc = read_run(run)
    if doc is None:
        result("content", f"no readable results in {run}")
        return 1
    page, why = build(run, os.path.join(work, "report.html"))
    result(f"content ({len(doc['tests'])} results, {os.path.join(work, 'report.html')})",
           why or "; ".join(content(doc, page)))
    bad, fail_id, fig = doctor(doc)
    if bad is None:
        result("compare", "the run has no PASS or no figure with an expected value to doctor")
        return 1
    dd = os.path.join(work, "doctored")
    with open(os.path.join(dd, "results.json"), "w") as f:
        json.dump(bad, f)
    for name, args, fixed in (("compare-fixed", (run, dd), True),
                              ("compare-new-failure", (dd, run), False)):
        out = os.path.join(work, f"{name}.html")
        page, why = build(args[0], out, args[1])
        result(f"{name} ({fail_id}, {fig})",
               why or "; ".join(compare_checks(page, fail_id, fig, fixed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
