#!/usr/bin/env python3
"""Build JUnit XML for CI test reports from a run's results.json.

Usage: tools/json2junit.py <RUN-FOLDER | results.json | results.jsonl> [out.xml]
       (stdout without out.xml)

A folder is read as tools/results.py reads it: results.json when whole,
else the journal results.jsonl of a run cut short. A file is taken if it is
a complete results.json or a journal, else its folder is read.

The XML is Ant's JUnit format (docs/junit.xsd, which it validates against):
one <testsuite> with
  timestamp  the run's date_utc (the firmware clock, UTC, written without
             its "Z" as Ant's format has no zone); if the clock was
             unreadable, the time of this conversion, and the property
             timestamp_source says which;
  hostname   the SMBIOS system: manufacturer, product and serial, as given;
             "unknown" without one (the host build, a table without type 1);
  properties every field of the run (version, cpu.*, cpus, uncore, backend,
             core_pmu.*, config.* one a key, the identity: date_utc,
             clock_time_zone_min, smbios.*), dotted paths into results.json
             with its values as text (null as "null"), and summary.*;
and one <testcase> a result: name the test id (" (iteration N)" added
from the second round of repeat=, " [emu.fault=NAME]" with emu.fault.each=1), classname its area (the id up to its
last dot: nhm.count for nhm.count.gates), time its duration_us in seconds.
  PASS   nothing inside
  FAIL   <failure type="FAIL" message="reason">, the text: reason,
         description and figures
  ERROR  <error type="ERROR" ...> the same
  SKIP   <skipped message="SKIP: reason"/>
  N/A    <skipped message="N/A: reason"/>   (not applicable to this machine)
  XFAIL  <skipped message="XFAIL: reason"/> (an expected failure, which is
         not a CI failure)

A run that proves nothing must never look green, so one extra test in error
(classname harness) is added when:
  harness.incomplete   the run did not reach its summary (it hung or the
                       machine reset; nothing readable at all is such a
                       run), or the summary's counts differ from the tests;
  harness.nothing-ran  the run is complete but nothing was tested: none
                       was selected, or every test is SKIP or N/A but the
                       state brackets (uncore.state.*, core.state.*, which
                       save and restore and test nothing), the runs the
                       harness itself exits 77 for. PASS, FAIL, ERROR and
                       XFAIL ran.
Never both: whether a run cut short would have run anything is unknown, and
harness.incomplete already fails it (its message says when no test was
reported at all).

A duration the harness cannot have written (not an integer, negative, over
2^64 - 1 us) reads as 0, so no time attribute is ever "nan", "inf" or
negative. Characters XML cannot carry become U+FFFD.

The input is read with tools/results.py's bounds (size, nesting,
number length, a run's shape); what is outside them is unreadable, a run
that did not complete. A field of another type than docs/results.md's is
written as its text.

The exit status is 0 whenever the XML was written, whatever it reports
(CI reads the verdicts from the XML), 2 for a usage error or an output
file that cannot be written (one line says why).
"""
import datetime
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

from tools.console_lines import is_bracket, nothing_tested
from tools.results import MAX_BYTES, from_journal, is_run, parse, read_run

SUITE = "uncore-harness"
# duration_us is a 64-bit count of microseconds.
MAX_DURATION_US = 2**64 - 1
SKIPPED = ("SKIP", "N/A", "XFAIL")
# Characters XML 1.0 cannot carry at all, not even escaped (lone surrogates
# among them: a JSON "\ud800" decodes to one).
NON_XML_RE = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(s):
    return NON_XML_RE.sub("\ufffd", str(s))


def load(path):
    """The run's document, or None if nothing in it is readable."""
    if os.path.isdir(path):
        return read_run(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    try:
        doc = parse(data)  # bounded: results.py
    except ValueError:
        doc = None
    if is_run(doc) and doc.get("complete") is True:
        return doc
    # A journal, or else a results.json written in part: its folder's journal.
    return from_journal(data) or read_run(os.path.dirname(path) or ".")


def scalar(v):
    """A results.json value as property text."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return str(v)
    return json.dumps(v)


def flatten(prefix, v, out):
    if isinstance(v, dict):
        for k, sub in v.items():
            flatten(f"{prefix}.{k}" if prefix else str(k), sub, out)
    else:
        out.append((prefix, scalar(v)))


def properties(doc, timestamp_source):
    out = []
    for k, v in doc.items():
        if k not in ("tests", "complete"):
            flatten(k, v, out)
    out.append(("timestamp_source", timestamp_source))
    return out


def timestamp(doc):
    """(Ant timestamp, where it came from)."""
    date = doc.get("date_utc")
    if isinstance(date, str):
        try:
            when = datetime.datetime.strptime(date, "%Y-%m-%dT%H:%M:%SZ")
            return when.strftime("%Y-%m-%dT%H:%M:%S"), "date_utc (the firmware clock, UTC)"
        except ValueError:
            pass
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S"), \
        "conversion time (UTC): the run has no date_utc (firmware clock unreadable)"


def hostname(doc):
    smbios = doc.get("smbios")
    system = smbios.get("system") if isinstance(smbios, dict) else None
    if not isinstance(system, dict):
        return "unknown"
    parts = [system.get("manufacturer"), system.get("product")]
    if system.get("serial"):
        parts.append("serial " + str(system["serial"]))
    name = " ".join(xml_text(p).strip() for p in parts if p)
    return name if name.strip() else "unknown"


def seconds(t):
    """duration_us in seconds; 0.0 if it is not one the harness can have
    written, so that no time is nan, inf or negative."""
    us = t.get("duration_us")
    if isinstance(us, bool) or not isinstance(us, int) or not 0 <= us <= MAX_DURATION_US:
        return 0.0
    return us / 1e6


def detail(t):
    """A failure's or error's text: the reason, what the test checks, its figures."""
    lines = [str(t.get("reason", "")), "", f"test: {t.get('description', '')}"]
    if t.get("iteration", 1) != 1:
        lines.append(f"iteration: {t.get('iteration')}")
    if t.get("figures"):
        lines.append("figures: " + json.dumps(t["figures"], indent=1))
    return xml_text("\n".join(lines))


def problem_of(doc, tests):
    """The harness marker this run needs, as (name, message), or None."""
    if doc is None:
        return ("harness.incomplete", "no readable results.json or results.jsonl:"
                " no test ran, run did not complete")
    summary = doc.get("summary")
    if doc.get("complete") is not True or not isinstance(summary, dict):
        if not tests:
            return ("harness.incomplete", "the run ended before its summary and without"
                    " any test: no test ran, run did not complete")
        return ("harness.incomplete", "the run ended before its summary: run did not complete")
    counted = sum(v for k, v in summary.items() if k in
                  ("passed", "failed", "skipped", "xfail", "error", "not_applicable")
                  and isinstance(v, int))
    if counted != len(tests):
        return ("harness.incomplete",
                f"the summary counts {counted} tests but {len(tests)} are reported")
    if not tests:
        return ("harness.nothing-ran", "no test was selected: nothing ran")
    if nothing_tested([(t.get("verdict"), t.get("id")) for t in tests]):
        brackets = sum(1 for t in tests if is_bracket(t.get("id")))
        if brackets:
            return ("harness.nothing-ran",
                    f"all {len(tests) - brackets} tests were skipped or N/A (the {brackets}"
                    " state brackets' PASS tests nothing): nothing ran")
        if len(tests) == 1:
            return ("harness.nothing-ran",
                    f"the only test was {'skipped' if tests[0]['verdict'] == 'SKIP' else 'N/A'}:"
                    " nothing ran")
        return ("harness.nothing-ran",
                f"all {len(tests)} tests were skipped or N/A: nothing ran")
    return None


def testcase(suite, t, counts):
    tid = xml_text(t.get("id", "")) or "?"
    it = t.get("iteration", 1)
    name = tid if it == 1 else f"{tid} (iteration {it})"
    if t.get("core_type"):  # a hybrid part's core test, once per core type (spec C-61)
        name += f" [{xml_text(t['core_type'])} cpu {t.get('cpu')}]"
    if t.get("pass"):  # emu.fault.each=1: once per defect of the emulated model
        name += f" [emu.fault={xml_text(t['pass'])}]"
    secs = seconds(t)
    tc = ET.SubElement(suite, "testcase", name=name, classname=tid.rpartition(".")[0] or SUITE,
                       time=f"{secs:.6f}")
    verdict, reason = t.get("verdict"), xml_text(t.get("reason", ""))
    if verdict in SKIPPED:
        ET.SubElement(tc, "skipped", message=f"{verdict}: {reason}" if reason else verdict)
        counts["skipped"] += 1
    elif verdict != "PASS":
        # FAIL is a failure; ERROR, and a verdict the harness does not
        # write, an error.
        kind = "failure" if verdict == "FAIL" else "error"
        el = ET.SubElement(tc, kind, type=xml_text(verdict), message=reason)
        el.text = detail(t)
        counts["failures" if kind == "failure" else "errors"] += 1
    return secs


def convert(doc):
    tests = [t for t in (doc or {}).get("tests") or [] if isinstance(t, dict)]
    stamp, source = timestamp(doc or {})
    suite = ET.Element("testsuite", name=SUITE, timestamp=stamp, hostname=hostname(doc or {}))
    pe = ET.SubElement(suite, "properties")
    for k, v in properties(doc or {}, source):
        ET.SubElement(pe, "property", name=xml_text(k), value=xml_text(v))

    counts = {"failures": 0, "errors": 0, "skipped": 0}
    total = sum(testcase(suite, t, counts) for t in tests)
    problem = problem_of(doc, tests)
    if problem:
        tc = ET.SubElement(suite, "testcase", name=problem[0], classname="harness",
                           time="0.000000")
        ET.SubElement(tc, "error", type="harness", message=problem[1])
        counts["errors"] += 1
    ET.SubElement(suite, "system-out")
    ET.SubElement(suite, "system-err")

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
    xml = convert(load(argv[1]))
    try:
        if len(argv) == 3:
            with open(argv[2], "wb") as f:
                f.write(xml)
        else:
            sys.stdout.buffer.write(xml)
    except OSError as e:
        print(f"json2junit.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
