#!/usr/bin/env python3
"""Check the result files of a run that was killed (a power cut) against the
serial log of the same run. Prints one reason per problem; exit 1 if any.

  check_cut.py SERIAL_LOG RESULTS_DIR

Whatever instant the run was cut at:
- results.jsonl reads (tools/results.py) as a run marked incomplete whose
  tests are exactly the first verdict lines of the serial log, in order:
  fewer when the cut came before a flush, never others (save N/A results
  whose grouped console line was still pending, tools/console_lines.py);
  no journal at all only while the serial log shows no verdict yet;
- a results.json, if there is one, parses (it is written whole at the end);
- every whole line of results.tap is a TAP line, and its results are again
  a prefix of the serial verdicts;
- every whole line of log.txt is the serial line at the same place after
  the banner, so log.txt is a prefix of the console, but for one line
  more: the one the cut came in, which reaches the medium before the
  console (efi/platform/console.c).
"""
import json
import os
import re
import sys

from tools.console_lines import console_only, verdicts as console_verdicts
from tools.results import read_run

TAP_RE = re.compile(r"^(TAP version 13|(not )?ok \d+ - \S+.*|1\.\.\d+|#.*|  .*)$")


def tap_result(line):
    """(id, console word) of a TAP test line (harness/results_tap.c)."""
    m = re.match(r"^(not )?ok \d+ - (\S+)( # (SKIP N/A:|SKIP|TODO))?", line)
    word = {"SKIP N/A:": "N/A", "SKIP": "SKIP", "TODO": "XFAIL"}.get(m[4])
    return m[2], word or ("PASS" if not m[1] else "FAIL|ERROR")


def whole_lines(path):
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    return data.decode("ascii", "replace").split("\n")[:-1]  # the cut one dropped


def prefix_of(got, console):
    """Whether the results got [(id, verdict)] ("FAIL|ERROR": either) are the console's first
    ones: an id the console does not name (inside a grouped N/A line) must
    be N/A there; past the console's end only N/A results may follow, the
    grouped line that would have named them not printed yet."""
    for k, (tid, verdict) in enumerate(got):
        if k >= len(console):
            if verdict != "N/A":
                return False
            continue
        _, word, cid = console[k]
        if word not in verdict.split("|") or (cid is not None and cid != tid):
            return False
    return True


def problems(serial_path, folder):
    """The reasons the files in folder are not a prefix of the console."""
    serial = console_only(open(serial_path, encoding="ascii", errors="replace").read().split("\n"))
    bad = []
    verdicts = console_verdicts(serial)

    doc = read_run(folder)
    if doc is None:
        if verdicts and os.path.exists(os.path.join(folder, "results.jsonl")):
            bad.append(f"results.jsonl unreadable after {len(verdicts)} verdicts on the console")
    else:
        if not prefix_of([(t["id"], t["verdict"]) for t in doc["tests"]], verdicts):
            bad.append(f"journal's {len(doc['tests'])} tests are not the first console verdicts")
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
    tap_res = [tap_result(ln) for ln in tap if re.match(r"^(not )?ok \d+ - ", ln)]
    if not prefix_of(tap_res, verdicts):
        bad.append(f"results.tap's {len(tap_res)} results are not the first console verdicts")

    log = whole_lines(os.path.join(folder, "log.txt")) or []
    if log and not log_fits(log, serial):
        bad.append(f"log.txt ({len(log)} lines) is not a stretch of the console")
    return bad


def log_fits(log, serial):
    """Whether log.txt's whole lines are the console's from where its first
    one shows, but that the last may be one the console had not finished
    (or started) when the cut came: a line goes to the medium before the
    console (efi/platform/console.c)."""
    try:
        start = serial.index(log[0])
    except ValueError:
        return len(log) == 1 and log[0].startswith(serial[-1])
    seen = serial[start:start + len(log)]
    last = len(seen) - 1
    if seen and seen[-1] != log[last] and start + len(seen) == len(serial) \
            and log[last].startswith(seen[-1]):
        seen = seen[:-1]  # the console's last, unfinished line
    if seen != log[:len(seen)]:
        return False
    return len(log) - len(seen) <= 1


def main():
    bad = problems(sys.argv[1], sys.argv[2])
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
