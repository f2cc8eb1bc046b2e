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
Leading "# key: value" comments become <properties>. A stream without its
plan line (the run hung or the machine reset) still converts, with an extra
"harness.incomplete" test in error, so a partial run can never look green.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

SUITE = "uncore-harness"
TEST_RE = re.compile(r"^(not )?ok\b\s*\d*\s*(?:-\s*)?(.*)$")
DIRECTIVE_RE = re.compile(r"^(.*?)\s*#\s*(SKIP|TODO)\S*\s*(.*)$", re.IGNORECASE)
PLAN_RE = re.compile(r"^1\.\.(\d+)")
PROPERTY_RE = re.compile(r"^#\s*([\w.-]+):\s*(.*)$")
YAML_KEY_RE = re.compile(r"^(\w+):\s*(.*)$")
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


def parse(lines):
    """Return (properties, tests, plan); plan is None if the stream lacks one."""
    props, tests, plan = [], [], None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = TEST_RE.match(line)
        if m:
            test = {"ok": not m.group(1), "id": m.group(2).strip(),
                    "directive": None, "reason": "", "yaml": None, "keys": {}}
            d = DIRECTIVE_RE.match(test["id"])
            if d:
                test["id"] = d.group(1)
                test["directive"] = d.group(2).upper()
                test["reason"] = d.group(3)
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
            plan = int(PLAN_RE.match(line).group(1))
        elif not tests:
            p = PROPERTY_RE.match(line)
            if p:
                props.append((p.group(1), p.group(2)))
    return props, tests, plan


def seconds(test):
    try:
        return float(test["keys"].get("duration_ms", 0)) / 1000
    except ValueError:
        return 0.0


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

    problem = None
    if plan is None:
        problem = "TAP stream ended without a plan: run did not complete"
    elif plan != len(tests):
        problem = f"plan 1..{plan} but {len(tests)} tests reported"
    if problem:
        tc = ET.SubElement(suite, "testcase", classname="harness",
                           name="harness.incomplete", time="0.000000")
        ET.SubElement(tc, "error", message=problem)
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
