#!/usr/bin/python3
"""make check's LAVA checks, one "PASS name" or "FAIL
name: why" line each:
- every job template (lab/lava/*.yaml) passes LAVA's own job-schema
  validator (lava_common.schemas.validate, Debian lava-common), and the
  validator refuses each of a few broken copies of the first one;
- every job's monitors are the same (one protocol, one pattern);
- with --log and --results: the monitor, run the way LAVA's test monitor
  runs it (below) over a real boot's serial log, makes exactly one test
  case per result that the boot's results.json (the medium's) records but
  the state brackets' PASS, in order, named and judged as this file's own
  table says (and the failed case "tested" if nothing was); and a monitor with
  one verdict left out of its pattern is caught by that comparison.

  check_lava.py JOB.yaml... [--log SERIAL.log --results RESULTS.json]"""
import argparse
import copy
import json
import re
import sys

import yaml

from tools.console_lines import is_bracket, nothing_tested  # the repository root on PYTHONPATH

# What each harness verdict must become in LAVA (docs/results.md: XFAIL
# counts as passed, ERROR as failed; N/A is not run, like SKIP).
LAVA_RESULT = {"PASS": "pass", "XFAIL": "pass", "FAIL": "fail", "ERROR": "fail",
               "SKIP": "skip", "N/A": "skip"}


def lava_cases(tests):
    """[(case, result)] the monitor must make of a run's results.json tests:
    one a result but the state brackets' PASS (they test nothing), and the
    failed case "tested" after them when the run tested nothing."""
    cases = [(case_name(t["id"]), LAVA_RESULT[t["verdict"]]) for t in tests
             if not (t["verdict"] == "PASS" and is_bracket(t["id"]))]
    if nothing_tested([(t["verdict"], t["id"]) for t in tests]):
        cases.append(("tested", "fail"))
    return cases


def case_name(test_id):
    """A test id as LAVA names its case: lowercased, every run of non-word
    characters one "_" (LAVA's test monitor does this to test_case_id)."""
    return re.sub(r"\W+", "_", test_id.strip().lower())


def monitor_cases(monitor, text):
    """[(case, result)] as LAVA's test monitor records them from the console
    text: wait for start; then, repeatedly, whichever of end and pattern
    matches first in what follows (end on a tie, as LAVA lists it first);
    end stops; a pattern match is a case, its result through fixupdict,
    kept only if it is one of LAVA's four results."""
    m = re.search(monitor["start"], text)
    if not m:
        return []
    pos, cases, fix = m.end(), [], monitor.get("fixupdict") or {}
    end_re, case_re = re.compile(monitor["end"]), re.compile(monitor["pattern"])
    while True:
        e, c = end_re.search(text, pos), case_re.search(text, pos)
        if c is None or (e is not None and e.start() <= c.start()):
            return cases
        g = c.groupdict()
        result = fix.get(g.get("result"), g.get("result"))
        if "test_case_id" in g and result in ("pass", "fail", "skip", "unknown"):
            cases.append((case_name(g["test_case_id"]), result))
        pos = c.end()


def broken_copies(job):
    """(what is broken, the job with it) for a few defects the validator
    must refuse."""
    def monitor(j):
        return next(a["test"]["monitors"][0] for a in j["actions"] if "test" in a)

    def deploy(j):
        return next(a["deploy"] for a in j["actions"] if "deploy" in a)

    out = []
    for what, edit in [
            ("a monitor without its pattern", lambda j: monitor(j).pop("pattern")),
            ("a fixupdict value that is no LAVA result", lambda j: monitor(j)["fixupdict"].update({"ERROR": "error"})),
            ("a deploy without images", lambda j: deploy(j).pop("images")),
            ("no job timeout", lambda j: j["timeouts"].pop("job")),
            ("an unknown boot method", lambda j: next(a["boot"] for a in j["actions"] if "boot" in a)
             .update({"method": "usb-stick"}))]:
        j = copy.deepcopy(job)
        edit(j)
        out.append((what, j))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jobs", nargs="+")
    ap.add_argument("--log")
    ap.add_argument("--results")
    a = ap.parse_args()
    try:
        from lava_common.schemas import validate
    except ImportError as e:
        print(f"FAIL check.lava.schema: no LAVA validator ({e}): Debian lava-common, scripts/deps.sh")
        return 1
    fails = 0

    def verdict(name, why):
        nonlocal fails
        print(f"PASS {name}" if not why else f"FAIL {name}: {why}")
        fails += bool(why)

    jobs = {}
    for path in a.jobs:
        with open(path, encoding="utf-8") as f:
            jobs[path] = yaml.safe_load(f)
        try:
            validate(jobs[path])
            verdict(f"check.lava.schema ({path})", "")
        except Exception as e:  # voluptuous.Invalid and its kin
            verdict(f"check.lava.schema ({path})", f"refused: {e}")
    first = a.jobs[0]
    accepted = []
    for what, job in broken_copies(jobs[first]):
        try:
            validate(job)
            accepted.append(what)
        except Exception:
            pass
    verdict(f"check.lava.schema-refuses-broken ({len(broken_copies(jobs[first]))} defects of {first})",
            accepted and "accepted: " + "; ".join(accepted))
    monitors = {p: [a["test"]["monitors"] for a in j["actions"] if "test" in a] for p, j in jobs.items()}
    verdict("check.lava.same-monitor", "" if all(m == monitors[first] for m in monitors.values())
            else "the jobs' monitors differ")
    if not a.log:
        return int(fails > 0)

    with open(a.log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    with open(a.results, encoding="utf-8") as f:
        want = lava_cases(json.load(f)["tests"])
    monitor = monitors[first][0][0]
    got = monitor_cases(monitor, text)
    kinds = sorted({r for _, r in want})
    why = ""
    if got != want:
        k = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
        why = f"{len(got)} cases, want {len(want)}; case {k + 1}: {got[k:k + 1]}, want {want[k:k + 1]}"
    if not why and kinds != ["fail", "pass", "skip"]:
        why = f"the log's results are only {kinds}: it proves too little"
    verdict(f"check.lava.monitor-on-a-boot ({len(got)} cases: {', '.join(kinds)})", why)
    # The comparison can fail: leave ERROR out of the pattern's verdicts.
    broken = dict(monitor, pattern=monitor["pattern"].replace("|ERROR", ""))
    verdict("check.lava.monitor-check-catches-a-missing-verdict",
            "" if monitor_cases(broken, text) != want else "a pattern without ERROR made the same cases")
    return int(fails > 0)


if __name__ == "__main__":
    sys.exit(main())
