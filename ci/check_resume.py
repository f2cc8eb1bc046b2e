#!/usr/bin/env python3
"""Check the result files of runs that were reset (a hung test's watchdog, a power cut).
Prints one reason per problem; exit 1 if any.

  check_resume.py DIR --tests N [--hung ID ...] [--boots N]
      DIR is a run that resumed after its resets and finished: every file
      whole (results.json complete, the journal and results.tap whole lines
      with their summary and plan, log.txt whole lines), every test once in
      each, in the same order, log.txt's verdict lines covering 1..N once
      each, progress.txt at state=done; each --hung ID an ERROR "hung:
      reset by watchdog after N s"; --boots N: the mark counts N boots;
      --fail ID: ID is a FAIL with one reason in results.json, the
      journal, results.tap's YAML block and the JUnit XML of
      tools/json2junit.py; --console LOG...: the serial logs of the
      run's boots, in order, show each result's verdict line once.
  check_resume.py --readable DIR...
      every run folder given, finished or abandoned by a reset, still
      reads: a results.json, if there is one, is complete JSON (it is
      renamed into place whole); the journal reads (tools/results.py, a
      cut last line allowed only where no results.json says the run ended);
      every whole line of results.tap is a TAP line.

What "whole" means for each file is docs/results.md's ("A reset while
writing").
"""
import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from tools.results import journal_lines, read_run
from ci.check_cut import TAP_RE

VERDICT_RE = re.compile(r"^\[(\d+)(?:-(\d+))?/(\d+)\] (PASS|FAIL|SKIP|XFAIL|ERROR|N/A) ")


def read(folder, name):
    try:
        with open(os.path.join(folder, name), "rb") as f:
            return f.read()
    except OSError:
        return None


def tap_ids(data):
    return [m[1] for m in re.finditer(rb"^(?:not )?ok \d+ - (\S+)", data, re.M)]


def readable(folder, need):
    js = read(folder, "results.json")
    if js is not None:
        try:
            doc = json.loads(js.decode("ascii"))
            need(doc.get("complete") is True, f"{folder}: results.json not complete")
        except (UnicodeDecodeError, ValueError) as e:
            need(False, f"{folder}: results.json does not parse: {e}")
    jl = read(folder, "results.jsonl")
    # No whole line yet (a reset before the head reached the medium) is a
    # journal of nothing; one with a line must read.
    need(jl is None or b"\n" not in jl or read_run(folder) is not None,
         f"{folder}: results.jsonl unreadable")
    tap = read(folder, "results.tap") or b""
    for i, line in enumerate(tap.split(b"\n")[:-1]):
        need(TAP_RE.match(line.decode("ascii", "replace")),
             f"{folder}: results.tap line {i + 1} is not TAP: {line[:60]!r}")


def finished(folder, a, need):
    doc = read_run(folder)
    need(doc is not None and doc.get("complete") is True, f"{folder}: no complete run")
    js = read(folder, "results.json")
    need(js is not None, f"{folder}: no results.json")
    if doc is None or js is None:
        return
    ids = [t["id"] for t in doc["tests"]]
    need(len(ids) == a.tests, f"results.json holds {len(ids)} tests, want {a.tests}")
    need(len(set(ids)) == len(ids), f"results.json repeats a test: {ids}")
    lines, dropped = journal_lines(read(folder, "results.jsonl") or b"")
    need(dropped == 0, f"results.jsonl ends with {dropped} bytes that are not a whole line")
    jids = [ln["test"]["id"] for ln in lines[1:] if "test" in ln]
    need(jids == ids, f"results.jsonl's tests {jids} are not results.json's {ids}")
    need("summary" in lines[-1], "results.jsonl has no summary line last")
    tap = read(folder, "results.tap") or b""
    need(tap.endswith(b"\n"), "results.tap does not end with a whole line")
    tids = [t.decode() for t in tap_ids(tap)]
    need(tids == ids, f"results.tap's tests {tids} are not results.json's {ids}")
    need(re.search(rb"^1\.\.%d\n\Z" % a.tests, tap, re.M) is not None,
         f"results.tap does not end with the plan 1..{a.tests}")
    log = (read(folder, "log.txt") or b"").decode("ascii", "replace")
    need(log.endswith("\n"), "log.txt does not end with a whole line")
    seen = []
    for line in log.splitlines():
        m = VERDICT_RE.match(line)
        if m:
            seen += range(int(m[1]), int(m[2] or m[1]) + 1)
    need(sorted(seen) == list(range(1, a.tests + 1)),
         f"log.txt's verdict lines cover {sorted(seen)}, want 1..{a.tests} once each")
    by_id = {t["id"]: t for t in doc["tests"]}
    for h in a.hung or []:
        t = by_id.get(h, {})
        need(t.get("verdict") == "ERROR" and
             t.get("reason", "").startswith("hung: reset by watchdog after "),
             f"{h}: {t.get('verdict')} {t.get('reason')!r}, want ERROR \"hung: reset by "
             "watchdog after N s\"")
    for f in a.fail or []:
        failed(folder, f, by_id.get(f, {}), lines, tap, need)
    if a.console:
        shown = []
        for path in a.console:
            with open(path, encoding="ascii", errors="replace") as c:
                for line in c:
                    m = VERDICT_RE.match(line.rstrip("\n"))
                    if m:
                        shown += range(int(m[1]), int(m[2] or m[1]) + 1)
        need(sorted(shown) == list(range(1, a.tests + 1)),
             f"the consoles' verdict lines cover {sorted(shown)}, want 1..{a.tests} once each")
    mark = (read(folder, "progress.txt") or b"").decode("ascii", "replace")
    need(" state=done " in mark, f"progress.txt is not at state=done: {mark[:80]!r}")
    if a.boots:
        need(f" boot={a.boots} " in mark, f"progress.txt: {mark[:120]!r}, want boot={a.boots}")


def failed(folder, ident, t, lines, tap, need):
    """ident a FAIL with its reason in every file of folder."""
    reason = t.get("reason") or ""
    need(t.get("verdict") == "FAIL" and reason, f"{ident}: results.json has {t.get('verdict')}"
         f" {reason!r}, want a FAIL with its reason")
    jt = [ln["test"] for ln in lines if ln.get("test", {}).get("id") == ident]
    need([(x.get("verdict"), x.get("reason")) for x in jt] == [("FAIL", reason)],
         f"{ident}: the journal has {[(x.get('verdict'), x.get('reason')) for x in jt]}")
    first = reason.splitlines()[0] if reason else "?"
    m = re.search(rb"^not ok \d+ - " + re.escape(ident.encode()) + rb"\n((?:  .*\n)*)", tap, re.M)
    need(m is not None and first.encode() in m[1], f"{ident}: results.tap has no 'not ok' with"
         f" its reason: {m[0][:200] if m else None!r}")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    xml = subprocess.run([sys.executable, "-m", "tools.json2junit", folder], capture_output=True,
                         text=True, cwd=root, env=dict(os.environ, PYTHONPATH=root)).stdout
    try:
        cases = [c for c in ET.fromstring(xml).iter("testcase") if c.get("name") == ident]
    except ET.ParseError:
        cases = []
    msgs = [f.get("message") for c in cases for f in c.findall("failure")]
    need(msgs == [reason], f"{ident}: JUnit's failures {msgs!r}, want [{reason!r}]")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--tests", type=int)
    ap.add_argument("--hung", action="append")
    ap.add_argument("--boots", type=int)
    ap.add_argument("--fail", action="append")
    ap.add_argument("--console", nargs="+")
    ap.add_argument("--readable", action="store_true")
    a = ap.parse_args()
    problems = []

    def need(ok, why):
        if not ok:
            problems.append(why)

    for d in a.dirs:
        readable(d, need)
        if not a.readable:
            finished(d, a, need)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
