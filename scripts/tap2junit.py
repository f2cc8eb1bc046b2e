#!/usr/bin/env python3
"""Convert the harness's TAP 13 results to JUnit XML for CI test reports.

Usage: scripts/tap2junit.py <in.tap> [out.xml]   (stdout without out.xml)

Mapping:
  ok N - id                       passed
  ok N - id # SKIP reason         <skipped message="reason"/>
  not ok N - id # TODO reason     XFAIL, an expected failure, which is not a
                                  CI failure: <skipped message="xfail: reason"/>
  not ok N - id + YAML block      <failure> (severity: fail, the default) or
                                  <error> (severity: error), the block as text
Leading "# key: value" comments become <properties>.

A run that proves nothing must never look green, so one extra test in error
is added when:
  harness.incomplete   the stream has no plan line (the run hung or the
                       machine reset; an empty file is such a stream), or
                       the plan's count differs from the test lines;
  harness.nothing-ran  the stream is complete but no test ran: the plan is
                       1..0 (none was selected) or every test is a SKIP, the
                       runs the harness itself exits 77 for. PASS, FAIL,
                       ERROR and XFAIL (and an unexpected TODO pass) ran.
Never both: whether a stream cut short would have run anything is unknown,
and harness.incomplete already fails it (its message says when no test was
reported at all).

A test's time is its YAML duration_ms in seconds. A value the harness
cannot have written (not a number, NaN, infinite, negative, over 2^64 us)
reads as 0, so no time attribute is ever "nan", "inf" or negative.

Every pattern here runs in time linear in the line: a hostile or damaged
line (80,000 blanks and '#'s) converts as fast as a normal one.

The exit status is 0 whenever the XML was written, whatever it reports
(CI reads the verdicts from the XML), 2 for a usage error.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

SUITE = "uncore-harness"
# Patterns are matched at the start of a line only (or, for DIRECTIVE_RE, at
# a '#'), and once their prefix matched end in a ".*" that cannot fail, so
# none retries the rest of the line from each position: the old directive
# pattern, a lazy "^(.*?)" then "\s*#", did, and a description of 80,000
# blanks took seconds (quadratic). DOTALL so that ".*" takes whatever the
# line holds, up to its end.
TEST_RE = re.compile(r"(not )?ok\b\s*\d*\s*(?:-\s*)?(.*)", re.DOTALL)
# The directive's part after a '#'. It is tried only at each '#' in turn (see
# split_directive); a failed try costs the blanks after that '#', which end
# before the next '#', so all tries together read the line once.
DIRECTIVE_RE = re.compile(r"\s*(SKIP|TODO)\S*\s*(.*)", re.IGNORECASE | re.DOTALL)
PLAN_RE = re.compile(r"^1\.\.(\d+)")
PROPERTY_RE = re.compile(r"^#\s*([\w.-]+):\s*(.*)$")
YAML_KEY_RE = re.compile(r"^(\w+):\s*(.*)$")
# duration_ms is written from a 64-bit count of microseconds: anything above
# cannot be one, and capping it keeps the suite's total finite.
MAX_DURATION_MS = 2**64 / 1000
# Characters XML 1.0 cannot carry at all, not even escaped; a crashing
# machine can leave such bytes in the file.
NON_XML_RE = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(s):
    return NON_XML_RE.sub("\ufffd", s)


def yaml_scalar(v):
    """Value of a one-line YAML scalar: quoted strings are unquoted."""
    if v.startswith('"'):
        try:
            return json.loads(v)  # the harness escapes strings as JSON
        except ValueError:
            return v.strip('"')
    if v.startswith("'"):
        return v[1:-1].replace("''", "'")
    return v


def split_directive(desc):
    """Split "id # SKIP reason" into (id, "SKIP", reason), like the regex
    ^(.*?)\\s*#\\s*(SKIP|TODO)\\S*\\s*(.*)$ but in linear time: the first '#'
    followed by blanks and SKIP or TODO (any case, "SKIPPED" too) starts the
    directive. Without one: (desc, None, "")."""
    i = desc.find("#")
    while i >= 0:
        d = DIRECTIVE_RE.match(desc, i + 1)
        if d:
            return desc[:i].rstrip(), d.group(1).upper(), d.group(2)
        i = desc.find("#", i + 1)
    return desc, None, ""


def parse(lines):
    """Return (properties, tests, plan); plan is the plan's count as digits
    without leading zeros, None if the stream lacks one."""
    props, tests, plan = [], [], None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = TEST_RE.match(line)
        if m:
            tid, directive, reason = split_directive(m.group(2).strip())
            test = {"ok": not m.group(1), "id": tid, "directive": directive,
                    "reason": reason, "yaml": None, "keys": {}}
            if i < len(lines) and lines[i].strip() == "---":
                indent = len(lines[i]) - len(lines[i].lstrip())
                block = []
                while i < len(lines):
                    block.append(lines[i][indent:])
                    i += 1
                    if block[-1].strip() == "...":
                        break
                test["yaml"] = "\n".join(block)
                for b in block:  # only top-level keys; nested ones are indented
                    k = YAML_KEY_RE.match(b)
                    if k:
                        test["keys"][k.group(1)] = yaml_scalar(k.group(2).strip())
            tests.append(test)
        elif PLAN_RE.match(line):
            # Kept as digits: int() refuses over 4300 of them, and a count
            # that long can only be compared, never matched by the stream.
            plan = PLAN_RE.match(line).group(1).lstrip("0") or "0"
        elif not tests:
            p = PROPERTY_RE.match(line)
            if p:
                props.append((p.group(1), p.group(2)))
    return props, tests, plan


def seconds(test):
    """The test's duration_ms in seconds; 0.0 if it is not a duration the
    harness can have written, so that no time is nan, inf or negative."""
    try:
        ms = float(test["keys"].get("duration_ms", 0))
    except ValueError:  # not a number
        return 0.0
    if not 0 <= ms <= MAX_DURATION_MS:  # also false for NaN
        return 0.0
    # + 0.0 turns "-0" (-0.0, which passes the test above) into 0.0, which
    # formats without a sign.
    return ms / 1000 + 0.0


def convert(text):
    props, tests, plan = parse(text.splitlines())
    suite = ET.Element("testsuite", name=SUITE)
    if props:
        pe = ET.SubElement(suite, "properties")
        for k, v in props:
            ET.SubElement(pe, "property", name=xml_text(k), value=xml_text(v))

    counts = {"failures": 0, "errors": 0, "skipped": 0}
    total = 0.0
    for t in tests:
        secs = seconds(t)
        total += secs
        tid = xml_text(t["id"])
        tc = ET.SubElement(suite, "testcase", name=tid, time=f"{secs:.6f}",
                           classname=tid.rpartition(".")[0] or SUITE)
        reason = xml_text(t["reason"])
        if t["directive"] == "SKIP":
            ET.SubElement(tc, "skipped", message=reason)
            counts["skipped"] += 1
        elif t["directive"] == "TODO" and not t["ok"]:
            ET.SubElement(tc, "skipped", message="xfail: " + reason)
            counts["skipped"] += 1
        elif not t["ok"]:
            kind = "error" if t["keys"].get("severity") == "error" else "failure"
            message = xml_text(t["keys"].get("message", "not ok"))
            el = ET.SubElement(tc, kind, message=message)
            el.text = xml_text(t["yaml"] or "")
            counts["errors" if kind == "error" else "failures"] += 1

    # At most one of these (see the module docstring for the rule).
    problem = None
    if plan is None and not tests:
        problem = ("harness.incomplete", "TAP stream ended without a plan and"
                   " without any test: no test ran, run did not complete")
    elif plan is None:
        problem = ("harness.incomplete",
                   "TAP stream ended without a plan: run did not complete")
    elif plan != str(len(tests)):
        problem = ("harness.incomplete",
                   f"plan 1..{plan} but {len(tests)} tests reported")
    elif not tests:
        problem = ("harness.nothing-ran",
                   "plan 1..0: no test was selected, nothing ran")
    elif all(t["directive"] == "SKIP" for t in tests):
        problem = ("harness.nothing-ran", "the only test was skipped: nothing ran"
                   if len(tests) == 1 else
                   f"all {len(tests)} tests were skipped: nothing ran")
    if problem:
        tc = ET.SubElement(suite, "testcase", classname="harness",
                           name=problem[0], time="0.000000")
        ET.SubElement(tc, "error", message=problem[1])
        counts["errors"] += 1

    suite.set("tests", str(len(suite.findall("testcase"))))
    for k, v in counts.items():
        suite.set(k, str(v))
    suite.set("time", f"{total:.6f}")
    ET.indent(suite)
    return ET.tostring(suite, encoding="utf-8", xml_declaration=True) + b"\n"


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    # errors="replace": a damaged result file should still yield a report.
    with open(argv[1], encoding="utf-8-sig", errors="replace") as f:
        xml = convert(f.read())
    if len(argv) == 3:
        with open(argv[2], "wb") as f:
            f.write(xml)
    else:
        sys.stdout.buffer.write(xml)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
