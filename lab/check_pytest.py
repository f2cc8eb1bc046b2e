#!/usr/bin/python3
"""make check's judge of a labgrid pytest run (lab/test_harness.py): its JUnit XML holds exactly one test_harness[<id>] case
per result of the run's results.json (the medium's, fetched by the run), in
order, each with the outcome this file's own table gives the verdict; and
the run-wide tests passed. One "PASS name" or "FAIL name: why" line.

  check_pytest.py NAME JUNIT.xml RESULTS.json"""
import json
import sys
import xml.etree.ElementTree as ET

# pytest's outcome for each harness verdict, as JUnit XML records it: the
# child element of <testcase> (none: passed) and, for skips, its type.
OUTCOME = {"PASS": "passed", "FAIL": "failure", "ERROR": "error",
           "SKIP": "skipped", "N/A": "skipped", "XFAIL": "xfailed"}


def outcome(case):
    for child in case:
        if child.tag == "skipped":
            return "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
        if child.tag in ("failure", "error"):
            return child.tag
    return "passed"


def main():
    name, junit, results = sys.argv[1:4]
    cases = ET.parse(junit).getroot().iter("testcase")
    got = [(c.get("name"), outcome(c)) for c in cases]
    with open(results, encoding="utf-8") as f:
        tests = json.load(f)["tests"]
    want = [(f"test_harness[{t['id']}]", OUTCOME[t["verdict"]]) for t in tests]
    want += [("test_run_ended", "passed"), ("test_run_tested", "passed"), ("test_run_medium", "passed")]
    kinds = sorted({o for _, o in want})
    if got != want:
        k = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
        print(f"FAIL {name}: {len(got)} pytest results, want {len(want)}; "
              f"result {k + 1}: {got[k:k + 1]}, want {want[k:k + 1]}")
        return 1
    print(f"PASS {name} ({len(tests)} harness results as pytest results: {', '.join(kinds)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
