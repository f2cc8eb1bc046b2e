"""The harness on a labgrid target, as pytest results (docs/lab.md; run with
labgrid's pytest plugin):

  /usr/bin/python3 -m pytest --lg-env lab/qemu.yaml lab/test_harness.py \\
      --harness-opts 'tests=self.*' --junitxml build/lab/junit.xml

test_harness[<id>] is one harness result (docs/results.md's verdicts):
PASS passes, FAIL fails with the harness's reason, XFAIL (a known erratum)
is xfailed, SKIP and N/A are skipped with theirs, ERROR is a pytest error
(raised in the fixture, lab/conftest.py). test_run_* judge the run as a
whole: it ended, it tested something, and the medium holds what the
console said."""
import os

import pytest

import harness_run

from tools import console_lines, wire_frames


def test_harness(harness_result):
    r = harness_result
    if r.verdict == "FAIL":
        pytest.fail(r.reason, pytrace=False)
    elif r.verdict == "XFAIL":
        pytest.xfail(r.reason)
    elif r.verdict in ("SKIP", "N/A"):
        pytest.skip(f"{r.verdict}: {r.reason}")
    elif r.verdict != "PASS":
        pytest.fail(f"verdict {r.verdict!r} is none of docs/results.md's", pytrace=False)


def test_run_ended(run):
    """The console carried the final summary and the closing line naming an
    exit code: a run cut short (a hang, the deadline) fails here, whatever
    the results before the cut said."""
    assert any(harness_run.SUMMARY_RE.match(line) for line in run.lines), \
        "no final 'N passed, N failed, N skipped, N not applicable' line"
    assert run.exit_code is not None, "no closing line 'end: ... (exit code N)'"


def test_run_tested(run):
    """Something was tested: a run whose results are all SKIP or N/A but
    the state brackets' PASS (which save and restore, and test nothing:
    tools/console_lines.py) is the harness's exit code 77, and fails
    here, so that a job for one generation landing on another machine is
    never green."""
    if console_lines.nothing_tested([(r.verdict, r.id) for r in run.results]):
        pytest.fail(f"nothing tested: the {len(run.results)} results are SKIP, N/A or the state"
                    f" brackets' PASS (exit code {run.exit_code})", pytrace=False)


def test_run_medium(run):
    """The medium's results.json (fetched after the run) holds one record per
    console result, same id and verdict, in the same order."""
    if run.json is None:
        pytest.fail(f"no results.json fetched from the medium (folder: {run.folder})", pytrace=False)
    medium = [(t["id"], t["verdict"]) for t in run.json["tests"]]
    console = [(r.id, r.verdict) for r in run.results]
    assert console == medium
    # The last whole framed copy of results.json on the
    # console (docs/results.md, "Results over the wire") is the medium's
    # file, byte for byte. A lab that cannot reach the stick takes that copy.
    blocks = wire_frames.blocks(run.lines)
    serial = (run.json.get("config") or {}).get("results.serial")
    if not blocks and serial in (None, "off"):
        return  # no copy owed: turned off, or a harness from before the frames
    whole = [b for b in blocks if b.data is not None]
    assert whole, f"no whole framed copy of results.json on the console " \
        f"({len(blocks)} damaged: {[b.problems for b in blocks][:2]})"
    with open(os.path.join(run.folder, "results.json"), "rb") as f:
        assert whole[-1].data == f.read(), \
            "the console's last framed copy of results.json differs from the medium's"
