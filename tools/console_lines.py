"""The harness's console verdict lines (harness/runner.c), for the scripts
that read a serial log:

  [n/N] WORD id[: reason]                          one result
  [a-b/N] N/A first .. last (k tests): reason      k consecutive N/A results
                                                   (verbose <= 1; SKIP alike)

WORD is PASS, FAIL, SKIP, XFAIL, ERROR or N/A; n is the result's place in
the run (its TAP number), N the plan.

The state brackets (uncore.state.*, core.state.*: harness/runner.h's
runner_bracket) save and restore the machine's state around the tests and
test nothing: a run whose only PASSes are theirs tested nothing (the
harness's exit code 77)."""
import re

from tools.wire_frames import PREFIX as WIRE_PREFIX

PROGRESS_RE = re.compile(r"^\[\d+(?:-\d+)?/\d+\] ")
# A serial log is outside input: numbers of at most 7 digits (a plan of
# up to 9,999,999 results), and a grouped line's range must agree with its
# count and lie within its plan (places), or it is no verdict line.
VERDICT_RE = re.compile(r"^\[(\d{1,7})(?:-(\d{1,7}))?/(\d{1,7})\] (PASS|FAIL|SKIP|XFAIL|ERROR|N/A) "
                        r"([^\s:]+)(?: \.\. ([^\s:]+) \((\d{1,7}) tests\))?")
BRACKET_RE = re.compile(r"^(?:uncore|core)\.state\.")


def is_bracket(test_id):
    """Whether test_id is a state bracket's, whose PASS tests nothing."""
    return bool(BRACKET_RE.match(test_id or ""))


def nothing_tested(verdict_ids):
    """Whether results [(verdict word, id)] tested nothing, the runs the
    harness exits 77 for: no FAIL or ERROR, and no PASS or XFAIL but the
    state brackets'."""
    return not any(word in ("FAIL", "ERROR") or (word in ("PASS", "XFAIL") and not is_bracket(i))
                   for word, i in verdict_ids)


def strip_progress(line):
    """The line without its "[n/N] " prefix, so that "^PASS id" matches."""
    return PROGRESS_RE.sub("", line, count=1)


def places(m):
    """The results a VERDICT_RE match covers, [(n, id)] (id None for those
    a grouped line does not name), or None if its numbers disagree: a
    place outside 1..N, a range backwards or whose count is not its size."""
    first, plan, fid = int(m[1]), int(m[3]), m[5]
    if m[2] is None:
        return [(first, fid)] if 1 <= first <= plan else None
    last, lid, count = int(m[2]), m[6], int(m[7] or 0)
    if not 1 <= first < last <= plan or count != last - first + 1:
        return None
    return [(n, fid if n == first else lid if n == last else None)
            for n in range(first, last + 1)]


def verdicts(lines):
    """[(n, word, id)] for every result the lines show, in order; a grouped
    N/A line gives one entry per result, the id None for those it does not
    name (all but the first and last). A line whose numbers disagree
    (places) is no verdict line."""
    out = []
    for m in map(VERDICT_RE.match, lines):
        covered = places(m) if m else None
        if covered:
            out.extend((n, m[4], i) for n, i in covered)
    return out


def console_only(lines):
    """The lines without the framed copies of results.json (scripts/
    wire_frames.py), which go to the serial console only, not to the screen
    or log.txt: what is left is the console as log.txt has it."""
    return [ln for ln in lines if not ln.startswith(WIRE_PREFIX)]
