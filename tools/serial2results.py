#!/usr/bin/env python3
"""Rebuild results.json from a serial log of a run: the harness sends it over
the serial console as framed blocks (docs/results.md, "Results over the
wire"), at the run's end and, by results.serial=, after tests. Standard
library only (tools/wire_frames.py).

  python3 -m tools.serial2results [-o FILE] [--all DIR] [--quiet] LOG

LOG is the serial log ('-': standard input), as captured: CR LF or LF,
other lines (firmware, the harness's own) interleaved, a terminal's escape
sequences before a frame line, all fine. A log kept across boots holds
several runs: a banner line ("uncore-harness VERSION") or a run folder's
line ("results: \\uncore-results\\run-NNNN\\") starts a new one
(tools/wire_frames.py), and only the log's LAST run counts: an older
run's copy is never taken for it. The file is rebuilt from the last run's
last whole block (every data line there, base64 valid, its length and
CRC-32 the header's, its header's numbers agreeing and bounded), written
to FILE, or to standard output without -o; --all DIR also writes every
whole block of the log as DIR/block-K-copy-C.json (K its place in the log
from 1, C its copy number). One line per block on standard error:
"serial2results: block K: copy C of results.json (run R, log lines A-B): N
bytes, crc32 X: whole" or "...: DAMAGED: why" (--quiet: the damaged ones
only).

Exit status:
  0  rebuilt from the last run's last block, and every block of that run
     is whole
  1  rebuilt from the last run's last whole block, but some block of that
     run is damaged (named on standard error; the file may be an earlier
     copy than the last)
  2  usage error, or LOG or FILE could not be read or written
  3  no whole block in the log: nothing written
  4  the log's last run has no whole block, though an earlier run has:
     nothing written (an older run's file is never passed off as the last
     run's; --all DIR still takes every whole block, named by its run)
"""
import argparse
import os
import sys

from tools.wire_frames import blocks, run_starts


def main():
    ap = argparse.ArgumentParser(description="results.json from a serial log's framed blocks",
                                 epilog="exit status: 0 rebuilt, all blocks of the last run whole; "
                                 "1 rebuilt, some block of the last run damaged; 2 usage or I/O "
                                 "error; 3 no whole block; 4 the last run has no whole block")
    ap.add_argument("log", help="the serial log, '-' for standard input")
    ap.add_argument("-o", "--out", help="where to write results.json (default: standard output)")
    ap.add_argument("--all", metavar="DIR", help="also write every whole block into DIR")
    ap.add_argument("--quiet", action="store_true", help="name only the damaged blocks")
    a = ap.parse_args()
    try:
        raw = sys.stdin.buffer.read() if a.log == "-" else open(a.log, "rb").read()
    except OSError as e:
        print(f"serial2results: {e}", file=sys.stderr)
        return 2
    lines = raw.decode("ascii", errors="replace").split("\n")
    found, starts = blocks(lines), run_starts(lines)
    for k, b in enumerate(found, 1):
        if b.data is None or not a.quiet:
            state = "whole" if b.data is not None else "DAMAGED: " + "; ".join(b.problems)
            print(f"serial2results: block {k}: {b.describe()}: {state}", file=sys.stderr)
    every = [(k, b) for k, b in enumerate(found, 1) if b.data is not None]
    mine = [b for b in found if b.run == len(starts)]
    whole = [(k, b) for k, b in every if b.run == len(starts)]
    if not every:
        print(f"serial2results: no whole block among {len(found)} in {a.log}; nothing written",
              file=sys.stderr)
        return 3
    try:
        if a.all:
            os.makedirs(a.all, exist_ok=True)
            for j, b in every:
                with open(os.path.join(a.all, f"block-{j}-copy-{b.copy}.json"), "wb") as f:
                    f.write(b.data)
        if not whole:
            print(f"serial2results: the log's last run (run {len(starts)}, from log line "
                  f"{starts[-1]}) has no whole block ({len(mine)} damaged), though an earlier "
                  f"run has {len(every)}: results.json not written, an older run's is not "
                  "this one's", file=sys.stderr)
            return 4
        k, last = whole[-1]
        if a.out:
            with open(a.out, "wb") as f:
                f.write(last.data)
        else:
            sys.stdout.buffer.write(last.data)
    except OSError as e:
        print(f"serial2results: {e}", file=sys.stderr)
        return 2
    if not a.quiet:
        print(f"serial2results: {a.out or 'standard output'}: block {k}, copy {last.copy} "
              f"({len(last.data)} bytes)", file=sys.stderr)
    return 0 if len(whole) == len(mine) else 1


if __name__ == "__main__":
    sys.exit(main())
