"""The harness's console verdict lines (harness/runner.c), for the scripts
that read a serial log:

  [n/N] WORD id[: reason]                          one result
  [a-b/N] N/A first .. last (k tests): reason      k consecutive N/A results
                                                   (verbose <= 1)

WORD is PASS, FAIL, SKIP, XFAIL, ERROR or N/A; n is the result's place in
the run (its TAP number), N the plan."""
import re

from tools.wire_frames import PREFIX as WIRE_PREFIX

PROGRESS_RE = re.compile(r"^\[\d+(?:-\d+)?/\d+\] ")
VERDICT_RE = re.compile(r"^\[(\d+)(?:-(\d+))?/\d+\] (PASS|FAIL|SKIP|XFAIL|ERROR|N/A) "
                        r"([^\s:]+)(?: \.\. ([^\s:]+) \((\d+) tests\))?")


def strip_progress(line):
    """The line without its "[n/N] " prefix, so that "^PASS id" matches."""
    return PROGRESS_RE.sub("", line, count=1)


def verdicts(lines):
    """[(n, word, id)] for every result the lines show, in order; a grouped
    N/A line gives one entry per result, the id None for those it does not
    name (all but the first and last)."""
    out = []
    for m in map(VERDICT_RE.match, lines):
        if not m:
            continue
        first, last, word, fid, lid = int(m[1]), m[2], m[3], m[4], m[5]
        if last is None:
            out.append((first, word, fid))
            continue
        last = int(last)
        out.extend((n, word, fid if n == first else lid if n == last else None)
                   for n in range(first, last + 1))
    return out


def console_only(lines):
    """The lines without the framed copies of results.json (scripts/
    wire_frames.py), which go to the serial console only, not to the screen
    or log.txt: what is left is the console as log.txt has it."""
    return [ln for ln in lines if not ln.startswith(WIRE_PREFIX)]
