#!/usr/bin/env python3
"""Check one QEMU run's result files (copied out of the image by qemu.sh)
against what the run was given. Prints one reason per problem and exits 1 if
there is any; used by ci/check.sh.

  check_run.py DIR [--cpus N] [--packages N] [--apic MODE] [--tag T]
               [--family F --model M] [--verdict ID=VERDICT ...] [--all-pass]
               [--tests N] [--core-pmu TEXT] [--ran GLOB=N] [--reason GLOB=TEXT]
               [--select GLOBS]
"""
import argparse
import fnmatch
import json
import os
import datetime
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

from tools.console_lines import console_only, strip_progress
from tools.results import read_run
from ci.check_cut import problems as cut_problems


def identity_problems(doc, need):
    """What every QEMU run records of its identity, which a bug report needs: the date
    from the firmware clock (QEMU's RTC runs in host UTC), OVMF's SMBIOS
    types 0 and 1 and no type 2, the microcode revision read or null."""
    need(doc.get("schema_version") == 2, f"schema_version {doc.get('schema_version')!r}, want 2")
    try:
        when = datetime.datetime.strptime(doc.get("date_utc") or "", "%Y-%m-%dT%H:%M:%SZ")
        age = abs((datetime.datetime.utcnow() - when).total_seconds())
        need(age < 2 * 86400, f"date_utc {doc['date_utc']} is {age:.0f} s from the host's UTC")
    except ValueError:
        need(False, f"date_utc {doc.get('date_utc')!r} is not a UTC date")
    sm = doc.get("smbios") or {}
    need((sm.get("firmware") or {}).get("vendor") and (sm.get("system") or {}).get(
        "manufacturer") == "QEMU" and sm.get("board", 0) is None,
        f"smbios {sm!r}: want OVMF's type 0, QEMU's type 1 and no type 2")
    need("microcode" in doc.get("cpu", {}), "no cpu.microcode")


def figure_problems(doc, need):
    """Each figure's unit field is the unit its name carries (latency_us_median
    is in us), which the schema's name pattern cannot
    tie together; and an index appears once per name."""
    for t in doc["tests"]:
        for name, fig in t.get("figures", {}).items():
            entries = fig if isinstance(fig, list) else [fig]
            word = re.sub(r"_(min|median|max|mean)$", "", name).rsplit("_", 1)[-1]
            bad = [e.get("unit") for e in entries if e.get("unit") != word]
            need(not bad, f"{t['id']}: figure {name} in {bad[0] if bad else ''!r}, "
                 f"its name says {word!r}")
            at = [tuple((k, v) for k, v in e.items()
                        if k not in ("value", "unit", "expected", "tolerance"))
                  for e in entries]
            need(len(set(at)) == len(at), f"{t['id']}: figure {name} repeats an index")


def junit_problems(folder, doc, incomplete, need):
    """The run's JUnit (tools/json2junit.py, written beside the results
    folder as junit.xml) is valid against docs/junit.xsd (xmllint, Debian
    libxml2-utils) and agrees with the JSON: each verdict's count, and the
    harness.incomplete marker exactly when the run was cut short (a
    harness marker counts as an error)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(folder, "..", "junit.xml")
    conv = subprocess.run([sys.executable, "-m", "tools.json2junit", folder, out],
                          capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=root))
    need(conv.returncode == 0, f"json2junit failed: {conv.stderr.strip()}")
    if conv.returncode:
        return
    if shutil.which("xmllint") is None:
        need(False, "xmllint missing: install Debian libxml2-utils (scripts/deps.sh)")
    else:
        v = subprocess.run(["xmllint", "--noout", "--schema",
                            os.path.join(root, "docs", "junit.xsd"), out],
                           capture_output=True, text=True)
        need(v.returncode == 0, "JUnit invalid against docs/junit.xsd: "
             + " ".join(v.stderr.strip().splitlines()[:2]))
    suite = ET.parse(out).getroot()
    n = {v: sum(1 for t in doc["tests"] if t["verdict"] == v)
         for v in ("FAIL", "ERROR", "SKIP", "N/A", "XFAIL")}
    markers = [t.get("name") for t in suite.findall("testcase[@classname='harness']")]
    need(suite.get("failures") == str(n["FAIL"]) and
         suite.get("errors") == str(n["ERROR"] + len(markers)) and
         suite.get("skipped") == str(n["SKIP"] + n["N/A"] + n["XFAIL"]),
         f"JUnit failures/errors/skipped {suite.get('failures')}/{suite.get('errors')}/"
         f"{suite.get('skipped')} disagree with JSON's {n}")
    need(("harness.incomplete" in markers) == incomplete,
         "JUnit harness.incomplete marker wrong for this run")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--cpus", type=int)
    ap.add_argument("--packages", type=int)
    ap.add_argument("--apic")
    ap.add_argument("--tag")
    ap.add_argument("--uncore", help="generation the run must report ('' for none)")
    ap.add_argument("--backend")
    ap.add_argument("--core-pmu", help="'SOURCE' or 'SOURCE, shape NAME' of results.json's core_pmu")
    ap.add_argument("--ran", action="append", default=[],
                    help="GLOB=N: at least N tests matching GLOB ran")
    ap.add_argument("--reason", action="append", default=[],
                    help="GLOB=TEXT: every test matching GLOB has TEXT in its reason")
    ap.add_argument("--family", type=lambda s: int(s, 0))
    ap.add_argument("--model", type=lambda s: int(s, 0))
    ap.add_argument("--verdict", action="append", default=[])
    ap.add_argument("--all-pass", action="store_true")
    ap.add_argument("--skip-ok", default="",
                    help="with --all-pass: comma-separated globs of ids that may SKIP or be N/A")
    ap.add_argument("--select", default="*",
                    help="comma-separated globs, as tests= takes them: the checks of the "
                    "results (--tests, --verdict, --ran, --reason, --all-pass, --trace*) "
                    "read only the results they match (a row reading another row's boot)")
    ap.add_argument("--tests", type=int)
    ap.add_argument("--min-tests", type=int)
    ap.add_argument("--trace", help="this test id must carry a non-empty register trace")
    ap.add_argument("--trace-named", help="GLOB: every test matching it carries a register "
                    "trace whose every access is named (box and register, not '?')")
    ap.add_argument("--serial", action="append", default=[],
                    help="REGEX: some line of the run's serial log (DIR/../serial.log) matches")
    ap.add_argument("--no-results", action="store_true",
                    help="the run must have left no results folder on the medium")
    ap.add_argument("--cut", action="store_true",
                    help="every result file is a prefix of the serial log (check_cut.py)")
    ap.add_argument("--incomplete", action="store_true",
                    help="the run was cut short: results so far must be intact")
    a = ap.parse_args()
    bad = []

    def need(cond, why):
        if not cond:
            bad.append(why)

    jpath = os.path.join(a.dir, "results.json")
    tpath = os.path.join(a.dir, "results.tap")
    if a.serial:
        lines = open(os.path.join(a.dir, "..", "serial.log"), errors="replace").read().split("\n")
        lines = [strip_progress(ln) for ln in lines]  # "^PASS id" matches "[n/N] PASS id"
        for rx in a.serial:
            need(any(re.search(rx, ln) for ln in lines), f"no serial line matches {rx!r}")
    if a.no_results:
        need(not os.path.exists(os.path.join(a.dir, "RUN")), "a results folder was written")
        for b in bad:
            print(b)
        return 1 if bad else 0
    if a.cut:
        # Files that stopped where they stopped: each must be a prefix of
        # the console, and the run must not read as complete.
        bad.extend(cut_problems(os.path.join(a.dir, "..", "serial.log"), a.dir))
        doc = read_run(a.dir)
        need(doc is not None and doc.get("complete") is False,
             "the journal of a run whose files stopped is unreadable or says complete")
        for b in bad:
            print(b)
        return 1 if bad else 0
    doc = read_run(a.dir)
    if doc is None:
        print("neither results.json nor results.jsonl readable")
        return 1
    if not a.incomplete:
        # log.txt holds every console line of the run, the banner and what
        # printed before it included (kept in memory until the folder
        # existed), through the closing line.
        serial = console_only(open(os.path.join(a.dir, "..", "serial.log"),
                                   errors="replace").read().split("\n"))
        log = open(os.path.join(a.dir, "log.txt"), errors="replace").read().split("\n")[:-1]
        start = serial.index(log[0]) if log and log[0] in serial else None
        need(start is not None and serial[start:start + len(log)] == log and
             any(ln.startswith("uncore-harness ") for ln in log) and log[-1].startswith("end: ")
             and not any(ln.startswith("end: ") for ln in log[:-1]),
             f"log.txt ({len(log)} lines) is not the console through the closing line")
    if a.incomplete and os.path.exists(jpath):
        try:
            json.load(open(jpath))
        except ValueError as e:
            need(False, f"results.json of a cut-short run exists and does not parse: {e}")
    if a.incomplete:
        need(doc.get("complete") is False, "results.json of a cut-short run says complete")
    else:
        need(doc.get("complete") is True, "results.json says the run did not complete")
    if a.cpus is not None:
        need(doc["cpus"] == a.cpus, f"cpus {doc['cpus']}, QEMU was given {a.cpus}")
    if a.packages is not None:
        need(doc["packages"] == a.packages, f"packages {doc['packages']}, QEMU was given {a.packages}")
    if a.apic:
        need(doc["apic_mode"] == a.apic, f"apic_mode {doc['apic_mode']}, want {a.apic}")
    if a.uncore is not None:
        need(doc.get("uncore") == a.uncore, f"uncore {doc.get('uncore')!r}, want {a.uncore!r}")
    if a.backend is not None:
        need(doc.get("backend") == a.backend, f"backend {doc.get('backend')!r}, want {a.backend!r}")
    if a.core_pmu is not None:
        cp = doc.get("core_pmu") or {}
        got = cp.get("source", "") + (f", shape {cp['shape']}" if cp.get("shape") else "")
        need(got == a.core_pmu, f"core PMU {got!r}, want {a.core_pmu!r}")
    if a.tag is not None:
        need(doc["tag"] == a.tag, f"tag {doc['tag']!r}, OPTS gave {a.tag!r}")
        need((doc.get("config") or {}).get("tag") == a.tag,
             "OPTS tag= missing from the recorded config")
    identity_problems(doc, need)
    figure_problems(doc, need)
    if a.family is not None:
        need(doc["cpu"]["family"] == a.family and doc["cpu"]["model"] == a.model,
             f"cpu family {doc['cpu']['family']:#x} model {doc['cpu']['model']:#x}, "
             f"QEMU's -cpu gives {a.family:#x} {a.model:#x}")
    # The results this row's checks read: all of them, or those of its
    # selection when it reads a boot that ran more (--select).
    chosen = [t for t in doc["tests"]
              if any(fnmatch.fnmatchcase(t["id"], g) for g in a.select.split(",") if g)]
    tests = {t["id"]: t for t in chosen}
    if a.tests is not None:
        need(len(chosen) == a.tests, f"{len(chosen)} tests ran, want {a.tests}")
    for v in a.verdict:
        tid, want = v.split("=")
        got = tests.get(tid, {}).get("verdict")
        need(got == want, f"{tid}: verdict {got}, want {want}")
    if a.trace:
        tr = tests.get(a.trace, {}).get("trace") or []
        need(len(tr) > 0 and all(len(e) >= 5 and e[0] in ("rd", "wr") for e in tr),
             f"{a.trace}: no register trace in results.json (verbose=3)")
    if a.trace_named:
        hits = [t for t in chosen if fnmatch.fnmatchcase(t["id"], a.trace_named)]
        need(hits, f"no test matching {a.trace_named} ran")
        for t in hits:
            tr = t.get("trace") or []
            bad = sorted({e[2] for e in tr if len(e) < 5 or e[3] in ("", "?")})
            need(tr and not bad, f"{t['id']}: register trace empty or with unnamed "
                 f"accesses {' '.join(bad)} (verbose=3)")
    for r in a.ran:
        glob, n = r.rsplit("=", 1)
        got = sum(1 for t in chosen if fnmatch.fnmatchcase(t["id"], glob))
        need(got >= int(n), f"{got} tests matching {glob} ran, want at least {n}")
    for r in a.reason:
        glob, text = r.split("=", 1)
        for t in chosen:
            if fnmatch.fnmatchcase(t["id"], glob):
                need(text in t["reason"], f"{t['id']}: reason {t['reason']!r} lacks {text!r}")
    if a.min_tests is not None:
        need(len(chosen) >= a.min_tests,
             f"only {len(chosen)} tests kept, want at least {a.min_tests}")
    if a.all_pass:
        # Another uncore generation's suite is N/A by rule (harness/runner.c
        # other_gen), and so are the version-4 core tests below version 4
        # (suites/core/v4.c): never a failure of --all-pass; any other SKIP
        # or N/A only where --skip-ok allows it.
        uncore = doc.get("uncore") or ""
        for t in chosen:
            # the generation gate's N/A: its reason names the test's own
            # suite and the CPU's uncore, another one (client for snb,
            # disc for spr, snbep's tests on a part whose suite is another)
            gate = re.fullmatch(r"a test of the (\S+) uncore; this CPU's is (\S+)",
                                t.get("reason", ""))
            other = (uncore and t["verdict"] == "N/A" and gate is not None and
                     gate[1] == t["id"].split(".")[0] and gate[2] != gate[1])
            other = other or (t["verdict"] == "N/A" and t["id"].startswith("core.v4.") and
                              " come with version 4 " in t.get("reason", ""))
            # the same for versions 5 and 6 (suites/core/v5.c, v6.c), a part that is
            # not hybrid and one without CPUID leaf 23H
            other = other or (t["verdict"] == "N/A" and t["id"].startswith("core.") and
                              re.search(r" comes? with version [56] |^not a hybrid part|"
                                        r"^no CPUID leaf 23H ", t.get("reason", "")))
            ok = t["verdict"] == "PASS" or other or (t["verdict"] in ("SKIP", "N/A") and any(
                fnmatch.fnmatchcase(t["id"], g) for g in a.skip_ok.split(",") if g))
            need(ok, f"{t['id']}: {t['verdict']} {t['reason']}")
    s = doc.get("summary") or {}
    if not a.incomplete:
        need(s.get("passed", -1) + s.get("failed", 0) + s.get("skipped", 0) + s.get("xfail", 0)
             + s.get("error", 0) + s.get("not_applicable", 0) == len(doc["tests"]),
             "summary does not add up to the tests")

    # TAP: one line per JSON test, same verdicts, a final plan.
    try:
        tap = open(tpath).read()
    except OSError as e:
        print(f"results.tap unreadable: {e}")
        return 1
    lines = re.findall(r"^(ok|not ok) (\d+) - (\S+)", tap, re.M)
    # Each result goes to TAP, then JSON (harness/session.c): a run cut short
    # between the two leaves TAP one result ahead.
    ahead = len(lines) - len(doc["tests"])
    need(ahead == 0 or (a.incomplete and ahead == 1),
         f"TAP has {len(lines)} test lines, JSON {len(doc['tests'])}")
    has_plan = re.search(rf"^1\.\.{len(doc['tests'])}$", tap, re.M) is not None
    need(has_plan != a.incomplete, "TAP plan missing" if not a.incomplete
         else "TAP of a cut-short run has a plan")
    junit_problems(a.dir, doc, a.incomplete, need)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
