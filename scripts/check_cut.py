#!/usr/bin/env python3
"""Check the result files of a run that was killed (a power cut) against the
serial log of the same run. Prints one reason per problem; exit 1 if any.

  check_cut.py SERIAL_LOG RESULTS_DIR

Whatever instant the run was cut at:
- results.jsonl reads (scripts/results.py) as a run marked incomplete whose
  tests are exactly the first verdict lines of the serial log, in order:
  fewer when the cut came before a flush, never others; no journal at all
  only while the serial log shows no verdict yet;
- a results.json, if there is one, parses (it is written whole at the end);
- every whole line of results.tap is a TAP line, and its results are again
  a prefix of the serial verdicts;
- every whole line of log.txt is the serial line at the same place after
  the banner, so log.txt is a prefix of the console.
"""
import json
import os
import re
import sys

from results import read_run

VERDICT_RE = re.compile(r"^(PASS|FAIL|SKIP|XFAIL|ERROR) ([^\s:]+)")
TAP_RE = re.compile(r"^(TAP version 13|(not )?ok \d+ - \S+.*|1\.\.\d+|#.*|  .*)$")


def whole_lines(path):
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    return data.decode("ascii", "replace").split("\n")[:-1]  # the cut one dropped


def problems(serial_path, folder):
    """The reasons the files in folder are not a prefix of the console."""
    serial = open(serial_path, encoding="ascii", errors="replace").read().split("\n")
    bad = []
    verdicts = [m.group(2) for m in map(VERDICT_RE.match, serial) if m]

    doc = read_run(folder)
    if doc is None:
        if verdicts and os.path.exists(os.path.join(folder, "results.jsonl")):
            bad.append(f"results.jsonl unreadable after {len(verdicts)} verdicts on the console")
    else:
        ids = [t["id"] for t in doc["tests"]]
        if ids != verdicts[:len(ids)]:
            bad.append(f"journal's {len(ids)} tests are not the first console verdicts")
        if doc.get("complete") and "end:" not in "".join(serial):
            bad.append("a cut run reads as complete")
    jpath = os.path.join(folder, "results.json")
    if os.path.exists(jpath):
        try:
            json.load(open(jpath))
        except ValueError as e:
            bad.append(f"results.json does not parse: {e}")

    tap = whole_lines(os.path.join(folder, "results.tap")) or []
    odd = [ln for ln in tap if not TAP_RE.match(ln)]
    if odd:
        bad.append(f"results.tap: {len(odd)} malformed whole lines, first {odd[0][:60]!r}")
    tap_ids = [re.sub(r" #.*", "", ln.split(" - ", 1)[1]) for ln in tap
               if re.match(r"^(not )?ok \d+ - ", ln)]
    if tap_ids != verdicts[:len(tap_ids)]:
        bad.append(f"results.tap's {len(tap_ids)} results are not the first console verdicts")

    log = whole_lines(os.path.join(folder, "log.txt")) or []
    if log:
        try:
            start = serial.index(log[0])
        except ValueError:
            start = -1
        if start < 0 or serial[start:start + len(log)] != log:
            bad.append(f"log.txt ({len(log)} lines) is not a stretch of the console")
    return bad


def main():
    bad = problems(sys.argv[1], sys.argv[2])
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
