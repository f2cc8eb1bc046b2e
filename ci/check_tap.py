#!/usr/bin/env python3
"""Feed the results.tap of finished runs to a real TAP consumer, and check
that it takes each file whole and counts what the run's results.json says
(every consumer must accept every file). Used by ci/check.sh.

  check_tap.py prove|tappy [--need VERDICT,...] RESULTS-DIR...

prove  Perl's TAP harness (Debian perl), run on each file as
       `prove --exec cat FILE`: no parse errors, its test count the
       JSON's, and it fails the file exactly when a test is FAIL or ERROR,
       with that many failed.
tappy  python3-tap's consumer, the tappy command's loader and runner
       (tap.main), in /usr/bin/python3 whose Debian package it is: its
       rules (one plan, first or last; version on line 1; the count kept)
       add a failing test when broken, so each of its counts must be the
       JSON's: run, failed (FAIL, ERROR), skipped (SKIP, N/A), expected
       failures (XFAIL).
A run cut short (results.py says incomplete) is passed over: its TAP has no
plan on purpose. --need: at least one checked file holds each verdict.
Prints one line per problem (a missing consumer names its package) and
exits 1 if there is any; else prints what was checked.
"""
import importlib
import io
import os
import re
import shutil
import subprocess
import sys
import unittest

from tools.results import read_run

FAILED = ("FAIL", "ERROR")
SKIPPED = ("SKIP", "N/A")


def expect(doc):
    v = [t["verdict"] for t in doc["tests"]]
    return {"run": len(v), "failed": sum(x in FAILED for x in v),
            "skipped": sum(x in SKIPPED for x in v), "xfail": v.count("XFAIL")}


def prove(path, want):
    r = subprocess.run(["prove", "--exec", "cat", path], capture_output=True, text=True)
    out = r.stdout + r.stderr
    bad = []
    if "Parse errors" in out:
        bad.append(" ".join(ln.strip() for ln in out.splitlines() if "Parse errors" in ln))
    m = re.search(r"Files=1, Tests=(\d+)", out)
    if not m or int(m.group(1)) != want["run"]:
        bad.append(f"prove counts {m.group(1) if m else 'no'} tests, JSON {want['run']}")
    m = re.search(r"Tests: \d+ Failed: (\d+)", out)
    failed = int(m.group(1)) if m else 0
    if failed != want["failed"] or (r.returncode != 0) != (want["failed"] > 0):
        bad.append(f"prove: {failed} failed (exit {r.returncode}), JSON {want['failed']}")
    return bad


def tappy(path, want):
    from tap.loader import Loader
    result = unittest.TextTestRunner(stream=io.StringIO()).run(Loader().load([path]))
    got = {"run": result.testsRun, "failed": len(result.failures) + len(result.errors),
           "skipped": len(result.skipped), "xfail": len(result.expectedFailures)}
    if got == want and not result.unexpectedSuccesses:
        return []
    # Its rules' complaints are failing tests without a number.
    rules = [str(t._line.description) for t, _ in result.failures
             if getattr(t, "_line", None) is not None and t._line.number is None]
    return [f"tappy counts {got}, JSON {want}" + (f": {'; '.join(rules)}" if rules else "")]


def main(argv):
    if len(argv) < 3 or argv[1] not in ("prove", "tappy"):
        sys.stderr.write(__doc__)
        return 2
    tool, args = argv[1], argv[2:]
    need = []
    if args[0] == "--need":
        need, args = args[1].split(","), args[2:]
    if tool == "prove" and shutil.which("prove") is None:
        print("prove missing: install Debian perl (scripts/deps.sh)")
        return 1
    if tool == "tappy":
        try:
            importlib.import_module("tap.loader")
        except ImportError:
            print(f"tappy missing from {sys.executable}: install Debian python3-tap "
                  "(scripts/deps.sh)")
            return 1
    bad, checked, seen = [], 0, set()
    for d in args:
        doc = read_run(d)
        if doc is None or doc.get("complete") is not True:
            continue
        path = os.path.join(d, "results.tap")
        checked += 1
        seen.update(t["verdict"] for t in doc["tests"])
        bad += [f"{path}: {b}" for b in (prove if tool == "prove" else tappy)(path, expect(doc))]
    if not checked:
        bad.append("no complete run to check")
    missing = [v for v in need if v not in seen]
    if missing:
        bad.append(f"no checked file has a {', '.join(missing)} result")
    for b in bad:
        print(b)
    if not bad:
        print(f"{checked} files, verdicts {' '.join(sorted(seen))}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
