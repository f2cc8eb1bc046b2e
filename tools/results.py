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
journal: its lines up to the first one that lacks its newline, fails its
check, does not parse or breaks the "seq" sequence 0, 1, 2 ..., with
"complete" true only if the journal reached its summary line. Each line
ends ,"crc32":"XXXXXXXX"}: the CRC-32 of its bytes before ,"crc32",
chained from the line before's check (harness/results.h), so a line cut by
a reset and completed by stale bytes of an older file never passes.

What comes from the medium is outside input, read with bounds (parse): a
file of at most MAX_BYTES, objects and arrays nested at most MAX_DEPTH deep
(results.json nests 5), integers of at most MAX_DIGITS digits, and a run's
shape (an object whose "tests" is a list of objects, each with a string
"id" and "verdict"). A results.json outside them is not taken (the journal
is read instead); a journal line outside them ends the journal. Exit
status: 0 read, 1 nothing readable (one line says so), 2 a usage error.
"""
import argparse
import json
import os
import re
import sys
import zlib

CHECK_RE = re.compile(rb',"crc32":"([0-9a-f]{8})"\}\Z')
MAX_BYTES = 256 << 20  # a verbose=3 run's results.json is about 1 MB
MAX_DEPTH = 32
MAX_DIGITS = 40        # a 64-bit count has 20; a float's exponent form fits too


def _int(text):
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits, over {MAX_DIGITS}")
    return int(text)


def parse(data):
    """JSON bytes as an object, within the bounds above; ValueError says
    which one it is not within."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"{len(data)} bytes, over the {MAX_BYTES} read")
    text = data.decode("ascii") if isinstance(data, bytes) else data
    try:
        obj = json.loads(text, parse_int=_int)
    except RecursionError:  # the parser's own bound, far deeper than ours
        raise ValueError(f"nested deeper than {MAX_DEPTH}") from None
    level, depth = [obj], 0
    while level:  # breadth first, without recursion
        depth += 1
        if depth > MAX_DEPTH:
            raise ValueError(f"nested deeper than {MAX_DEPTH}")
        level = [c for v in level if isinstance(v, (dict, list))
                 for c in (v.values() if isinstance(v, dict) else v)]
    return obj


def is_result(t):
    """Whether t has a result's shape: an object with a string id and verdict."""
    return isinstance(t, dict) and isinstance(t.get("id"), str) and isinstance(t.get("verdict"), str)


def is_run(doc):
    """Whether doc has a run's shape: an object whose tests are results."""
    return (isinstance(doc, dict) and isinstance(doc.get("tests"), list)
            and all(is_result(t) for t in doc["tests"]))


def journal_line(obj, chain):
    """obj as the harness writes a journal line (its newline included),
    chained from the check chain of the line before (0 before line 0); and
    this line's check."""
    body = json.dumps(obj, separators=(",", ":")).encode("ascii")[:-1]
    crc = zlib.crc32(body, chain)
    return body + b',"crc32":"%08x"}\n' % crc, crc


def journal(objs):
    """The journal of these line objects, as the harness writes it."""
    out, chain = [], 0
    for obj in objs:
        line, chain = journal_line(obj, chain)
        out.append(line)
    return b"".join(out)


def journal_lines(data):
    """The journal's intact lines as objects (without their check), and
    how many bytes were dropped."""
    out, pos, chain = [], 0, 0
    while True:
        nl = data.find(b"\n", pos)
        if nl < 0:
            break
        m = CHECK_RE.search(data, pos, nl)
        if not m or m.start() < pos or zlib.crc32(data[pos:m.start()], chain) != int(m[1], 16):
            break
        try:
            obj = parse(data[pos:m.start()] + b"}")
        except ValueError:  # UnicodeDecodeError is one
            break
        if not isinstance(obj, dict) or obj.get("seq") != len(out) or \
                ("test" in obj and not is_result(obj["test"])):
            break
        chain = int(m[1], 16)
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
            doc = parse(f.read(MAX_BYTES + 1))
        if is_run(doc) and doc.get("complete") is True:
            return doc
    except (OSError, ValueError):
        pass
    try:
        with open(os.path.join(folder, "results.jsonl"), "rb") as f:
            return from_journal(f.read(MAX_BYTES + 1))
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
