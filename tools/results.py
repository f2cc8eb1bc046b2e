#!/usr/bin/env python3
"""Read a run's results folder as one document, whatever instant the run
ended at.

  results.py DIR [--out FILE]   print (or write) the run as results.json
                                would have it; exit 1 if nothing is readable

The harness appends results.jsonl (the journal) a line at a time while the
run goes on and writes results.json whole at its end (harness/results.h).
So a complete run has both; a run cut short by a hang, a reset or a power
cut has the journal only, possibly with a cut or garbled last line, and may
have a partly written results.json. The reader takes results.json if it
parses and says "complete":true; otherwise it rebuilds the document from the
journal: its lines up to the first one that lacks its newline, does not
parse or breaks the "seq" sequence 0, 1, 2 ... (a stale line left in a
reused cluster by an earlier file cannot pass that), with "complete" true
only if the journal reached its summary line.
"""
import argparse
import json
import os
import sys


def journal_lines(data):
    """The journal's intact lines as objects, and how many bytes were dropped."""
    out, pos = [], 0
    while True:
        nl = data.find(b"\n", pos)
        if nl < 0:
            break
        try:
            obj = json.loads(data[pos:nl].decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            break
        if not isinstance(obj, dict) or obj.get("seq") != len(out):
            break
        out.append(obj)
        pos = nl + 1
    return out, len(data) - pos


def from_journal(data):
    lines, dropped = journal_lines(data)
    if not lines or lines[0].get("journal") != 1:
        return None
    doc = {k: v for k, v in lines[0].items() if k not in ("journal", "seq")}
    doc["tests"] = [ln["test"] for ln in lines[1:] if "test" in ln]
    summary = next((ln["summary"] for ln in lines[1:] if "summary" in ln), None)
    doc["summary"] = summary
    doc["complete"] = summary is not None
    doc["journal_dropped_bytes"] = dropped
    return doc


def read_run(folder):
    """The run's document, or None; results.json when whole, else the journal."""
    try:
        with open(os.path.join(folder, "results.json"), "rb") as f:
            doc = json.loads(f.read().decode("ascii"))
        if isinstance(doc, dict) and doc.get("complete") is True:
            return doc
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    try:
        with open(os.path.join(folder, "results.jsonl"), "rb") as f:
            return from_journal(f.read())
    except OSError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--out")
    a = ap.parse_args()
    doc = read_run(a.dir)
    if doc is None:
        print(f"results.py: no readable results.json or results.jsonl in {a.dir}",
              file=sys.stderr)
        return 1
    text = json.dumps(doc, indent=1) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
