#!/usr/bin/python3
"""Host test for tools/json2junit.py: feed it runs (a results.json, a
journal, a folder, nothing readable) and check the JUnit XML it writes,
parsed with python3 and validated against docs/junit.xsd with xmllint
(Debian libxml2-utils: missing, each validation is a failing check naming
it). Prints TAP (ci/tap.py) so ci/run-host-tests.sh counts each check.
"""
import copy, json, math, os, shutil, subprocess, sys, tempfile, time
import xml.etree.ElementTree as ET

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ci.tap import report, done
from tools import results  # the journal as the harness writes it
conv = "-m", "tools.json2junit"
xsd = os.path.join(root, "docs", "junit.xsd")


tmp = tempfile.mkdtemp()
def write(name, data):
    path = os.path.join(tmp, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path

def convert(name, path):
    """Run the script on path; the parsed <testsuite>, or None (a failed check)."""
    out = os.path.join(tmp, name + ".xml")
    r = subprocess.run([sys.executable, *conv, path, out], capture_output=True, text=True)
    report(f"{name}: converts", r.returncode == 0, r.stderr)
    if r.returncode:
        return None
    valid(name, out, True)
    return ET.parse(out).getroot()

def valid(name, path, want):
    if not shutil.which("xmllint"):
        report(f"{name}: docs/junit.xsd check", False, "xmllint missing: install Debian libxml2-utils")
        return
    r = subprocess.run(["xmllint", "--noout", "--schema", xsd, path], capture_output=True, text=True)
    report(f"{name}: {'valid' if want else 'invalid'} against docs/junit.xsd",
           (r.returncode == 0) == want, r.stderr)

def tc(s, name):
    return s.find(f"testcase[@name='{name}']")

def counts(s):
    return tuple(int(s.get(k)) for k in ("tests", "failures", "errors", "skipped"))

def props(s):
    return {p.get("name"): p.get("value") for p in s.iter("property")}

def check(name, fn):
    try:
        ok = bool(fn())
        why = ""
    except Exception as e:  # a missing element is this check's failure
        ok, why = False, f"{type(e).__name__}: {e}"
    report(name, ok, why)

CONFIG = {"tests": "*", "skip": "", "list": "0", "verbose": "1", "end": "auto", "repeat": "1",
          "tag": "rack <A> & \"co\"", "serial": "off", "baud": "115200", "apic": "keep",
          "expect_cpu": "any", "backend": "auto", "uncore": "auto", "emu.fault": "none",
          "emu.uclk_mhz": "2133", "emu.core_ebx": "auto", "inject": "none"}
HEAD = {"schema_version": 1, "harness": "uncore-harness", "version": "v1.2-3-gabc",
        "run": "run-0007", "tag": "rack <A> & \"co\"", "date_utc": "2026-11-25T03:19:47Z",
        "clock_time_zone_min": None,
        "smbios": {"version": "2.8",
                   "firmware": {"vendor": "EDK II", "version": "0.0.0", "date": "02/06/2015"},
                   "system": {"manufacturer": "QEMU", "product": "Standard PC (Q35)",
                              "serial": "S-42"},
                   "board": None},
        "config": CONFIG,
        "cpu": {"vendor": "GenuineIntel", "signature": "0x000106a5", "family": 6, "model": 26,
                "stepping": 5, "brand": "Intel(R) Xeon(R) CPU X5550", "hypervisor": None,
                "microcode": "0x1d"},
        "cpus": 8, "packages": 2, "apic_mode": "xAPIC", "backend": "hw", "uncore": "nhm",
        "core_pmu": {"source": "hardware", "shape": None, "version": 3, "gp_counters": 4,
                     "gp_width": 48, "fixed_counters": 3, "fixed_width": 48, "ebx_length": 7,
                     "ebx": "0x40", "ebx_set_means": "not available", "perf_capabilities": "0x1c3"},
        "validates": "silicon", "tsc_hz": 2666000000}
KEYS = ("passed", "failed", "skipped", "xfail", "error", "not_applicable")
VKEY = dict(zip(("PASS", "FAIL", "SKIP", "XFAIL", "ERROR", "N/A"), KEYS))

def test(tid, verdict, reason="", us=0, **kw):
    return dict({"id": tid, "description": f"checks {tid}", "iteration": 1, "verdict": verdict,
                 "reason": reason, "duration_us": us, "figures": {}}, **kw)

def run(tests, complete=True, **head):
    doc = dict(copy.deepcopy(HEAD), **head)
    doc["tests"] = tests
    summary = {k: 0 for k in KEYS}
    for t in tests:
        summary[VKEY.get(t["verdict"], "error")] += 1
    summary.update(planned=len(tests), elapsed_us=99)
    doc["summary"] = summary if complete else None
    doc["complete"] = complete
    return doc

def journal(doc, ntests=None, summary=True):
    """The journal of doc (harness/results_jsonl.c's lines), its first
    ntests tests, with or without the summary line."""
    head = {k: v for k, v in doc.items() if k not in ("tests", "summary", "complete")}
    lines = [dict({"journal": 1, "seq": 0}, **head)]
    lines += [{"seq": i + 1, "test": t} for i, t in enumerate(doc["tests"][:ntests])]
    if summary:
        lines.append({"seq": len(lines), "summary": doc["summary"]})
    return results.journal(lines)

# One of each verdict.
figs = {"lat": {"value": 42, "unit": "ns"}}
every = run([test("self.cpu.detect", "PASS", us=12, figures=figs),
             test("self.fault.bsp", "FAIL", "no #GP caught", us=1500, figures=figs),
             test("self.ipi.nmi-each-cpu", "SKIP", "needs 2 or more CPUs (have 1)"),
             test("self.x", "XFAIL", "erratum AAK100"),
             test("self.y", "ERROR", "CPU exception #PF at rip 0x...", us=3000),
             test("snbep.box.setup", "N/A", "a test of the snbep uncore; this CPU's is nhm")])
s = convert("all", write("all/results.json", every))
if s is not None:
    check("suite name, Ant's timestamp from date_utc (no zone)", lambda:
          s.get("name") == "uncore-harness" and s.get("timestamp") == "2026-11-25T03:19:47")
    check("hostname: the SMBIOS system with its serial", lambda:
          s.get("hostname") == "QEMU Standard PC (Q35) serial S-42")
    check("suite counts: FAIL a failure, ERROR an error, SKIP, N/A and XFAIL skipped",
          lambda: counts(s) == (6, 1, 1, 3))
    check("suite counts match elements", lambda: counts(s)[1:] == tuple(
        len(s.findall("testcase/" + k)) for k in ("failure", "error", "skipped")))
    check("suite time is the sum of durations", lambda: abs(float(s.get("time")) - 0.004512) < 1e-9)
    p = props(s)
    check("properties: version, cpu model and stepping, microcode, uncore, backend", lambda:
          (p["version"], p["cpu.model"], p["cpu.stepping"], p["cpu.microcode"], p["uncore"],
           p["backend"]) == ("v1.2-3-gabc", "26", "5", "0x1d", "nhm", "hw"))
    check("properties: every config key, its value whole", lambda:
          all(p["config." + k] == v for k, v in CONFIG.items()))
    check("properties: the identity, one pair a field (null as 'null')", lambda:
          p["date_utc"] == "2026-11-25T03:19:47Z" and p["clock_time_zone_min"] == "null" and
          p["smbios.version"] == "2.8" and p["smbios.firmware.vendor"] == "EDK II" and
          p["smbios.system.product"] == "Standard PC (Q35)" and p["smbios.board"] == "null")
    check("properties: cpus and packages apart, the summary's counts", lambda:
          p["cpus"] == "8" and p["packages"] == "2" and p["summary.not_applicable"] == "1")
    check("properties: where the timestamp came from", lambda:
          p["timestamp_source"].startswith("date_utc"))
    check("properties: no tests, no complete", lambda:
          not any(k.startswith("tests") or k == "complete" for k in p))
    check("PASS: no child, classname the area, time from duration_us", lambda:
          list(tc(s, "self.cpu.detect")) == [] and
          tc(s, "self.cpu.detect").get("classname") == "self.cpu" and
          tc(s, "self.cpu.detect").get("time") == "0.000012")
    check("FAIL: <failure type=FAIL> with the reason", lambda:
          [(e.tag, e.get("type"), e.get("message")) for e in tc(s, "self.fault.bsp")] ==
          [("failure", "FAIL", "no #GP caught")])
    check("FAIL: its text has the reason, the description and the figures", lambda:
          all(x in tc(s, "self.fault.bsp")[0].text
              for x in ("no #GP caught", "checks self.fault.bsp", '"lat"', '"ns"')))
    check("FAIL: time", lambda: tc(s, "self.fault.bsp").get("time") == "0.001500")
    check("ERROR: <error type=ERROR> with the reason", lambda:
          [(e.tag, e.get("type"), e.get("message")) for e in tc(s, "self.y")] ==
          [("error", "ERROR", "CPU exception #PF at rip 0x...")])
    for tid, msg in (("self.ipi.nmi-each-cpu", "SKIP: needs 2 or more CPUs (have 1)"),
                     ("snbep.box.setup", "N/A: a test of the snbep uncore; this CPU's is nhm"),
                     ("self.x", "XFAIL: erratum AAK100")):
        check(f"{msg.split(':')[0]}: <skipped> saying which", lambda tid=tid, msg=msg:
              [(e.tag, e.get("message")) for e in tc(s, tid)] == [("skipped", msg)])
    check("complete run: no harness marker", lambda: s.find("testcase[@classname='harness']") is None)
    check("system-out and system-err close the suite", lambda:
          [e.tag for e in s][-2:] == ["system-out", "system-err"])
    d = convert("folder", os.path.join(tmp, "all"))
    check("a folder converts as its results.json", lambda:
          d is not None and ET.tostring(d) == ET.tostring(s))
    r = subprocess.run([sys.executable, *conv, os.path.join(tmp, "all")], capture_output=True)
    report("stdout output equals file output",
           r.stdout == open(os.path.join(tmp, "all.xml"), "rb").read())

# The schema is Ant's strict one: without a timestamp, or a failure's type,
# the same report is refused.
for what, edit in (("no timestamp", lambda s: s.attrib.pop("timestamp")),
                   ("no failure@type", lambda s: s.find("testcase/failure").attrib.pop("type")),
                   ("no hostname", lambda s: s.attrib.pop("hostname")),
                   ("timestamp with a zone", lambda s: s.set("timestamp", "2026-11-25T03:19:47Z"))):
    t = ET.parse(os.path.join(tmp, "all.xml"))
    edit(t.getroot())
    t.write(os.path.join(tmp, "broken.xml"))
    valid(f"report with {what}", os.path.join(tmp, "broken.xml"), False)

# The run hung after two tests: the journal only, no summary line.
write("hung/results.jsonl", journal(every, 2, summary=False))
s = convert("hung", os.path.join(tmp, "hung"))
check("hung: harness.incomplete in error", lambda: s is not None and
      [(e.tag, e.get("message")) for e in tc(s, "harness.incomplete")] ==
      [("error", "the run ended before its summary: run did not complete")])
check("hung: counts include it, the two tests kept", lambda: counts(s) == (3, 1, 1, 0))
check("hung: properties from the journal's head", lambda: props(s)["version"] == "v1.2-3-gabc")
s = convert("hung-file", os.path.join(tmp, "hung/results.jsonl"))
check("a journal given as a file converts", lambda: tc(s, "harness.incomplete") is not None
      and counts(s) == (3, 1, 1, 0))
# A results.json written in part beside its journal: the journal is read.
write("half/results.json", json.dumps(every).encode()[:-60])
write("half/results.jsonl", journal(every, 3, summary=False))
s = convert("half", os.path.join(tmp, "half/results.json"))
check("half-written results.json given: its folder's journal read", lambda:
      counts(s) == (4, 1, 1, 1) and tc(s, "harness.incomplete") is not None)
# A complete journal (results.json lost) is a complete run.
write("journal-only/results.jsonl", journal(every))
s = convert("journal-only", os.path.join(tmp, "journal-only"))
check("complete journal: no marker, same counts", lambda:
      counts(s) == (6, 1, 1, 3) and s.find("testcase[@classname='harness']") is None)

# Nothing readable: an empty folder, an empty file.
os.makedirs(os.path.join(tmp, "empty"), exist_ok=True)
for name, path in (("empty folder", os.path.join(tmp, "empty")),
                   ("empty file", write("empty.json", b""))):
    s = convert(name, path)
    check(f"{name}: one test, incomplete, saying no test ran", lambda: counts(s) == (1, 0, 1, 0)
          and "no test ran" in tc(s, "harness.incomplete")[0].get("message"))
    check(f"{name}: hostname unknown, timestamp from the conversion", lambda:
          s.get("hostname") == "unknown" and props(s)["timestamp_source"].startswith("conversion"))

# Cut before the first test: the journal's head alone.
write("head-only/results.jsonl", journal(every, 0, summary=False))
s = convert("head-only", os.path.join(tmp, "head-only"))
check("head only: incomplete, saying no test ran, not nothing-ran too", lambda:
      counts(s) == (1, 0, 1, 0) and "no test ran" in tc(s, "harness.incomplete")[0].get("message")
      and tc(s, "harness.nothing-ran") is None)

# A summary that does not add up to the tests.
bad = run([test("a.b", "PASS"), test("a.c", "PASS")])
bad["summary"]["passed"] = 3
s = convert("mismatch", write("mismatch.json", bad))
check("summary/tests mismatch is incomplete", lambda:
      tc(s, "harness.incomplete")[0].get("message") ==
      "the summary counts 3 tests but 2 are reported")

# Nothing selected: complete but empty; a CI must not show it green (the
# harness exits 77). The conversion itself still succeeds.
s = convert("none-selected", write("none.json", run([])))
check("nothing selected: harness.nothing-ran in error, not incomplete", lambda:
      counts(s) == (1, 0, 1, 0) and [(e.tag, e.get("message")) for e in
      tc(s, "harness.nothing-ran")] == [("error", "no test was selected: nothing ran")] and
      tc(s, "harness.incomplete") is None)
# Every test SKIP or N/A (the harness exits 77): not green either.
s = convert("all-skip", write("allskip.json", run(
    [test("s.a", "SKIP", "why"), test("s.b", "N/A", "no second package"), test("s.c", "SKIP")])))
check("all SKIP or N/A: harness.nothing-ran saying all 3", lambda: counts(s) == (4, 0, 1, 3) and
      tc(s, "harness.nothing-ran")[0].get("message") == "all 3 tests were skipped or N/A: nothing ran")
for v, word in (("SKIP", "skipped"), ("N/A", "N/A")):
    s = convert(f"only-{v.replace('/', '')}", write("one.json", run([test("s.a", v, "why")])))
    check(f"the only test {v}: harness.nothing-ran saying so", lambda word=word:
          tc(s, "harness.nothing-ran")[0].get("message") == f"the only test was {word}: nothing ran")
# The state brackets' PASS tests nothing (tests=client.* on a Nehalem: the
# harness exits 77): nothing ran, the brackets named; their FAIL is a FAIL.
s = convert("brackets-only", write("brk.json", run(
    [test("uncore.state.preflight", "PASS"), test("client.a", "N/A", "another uncore"),
     test("client.b", "N/A", "another uncore"), test("uncore.state.restore", "PASS")])))
check("only the state brackets PASS: harness.nothing-ran naming them", lambda:
      tc(s, "harness.nothing-ran")[0].get("message") ==
      "all 2 tests were skipped or N/A (the 2 state brackets' PASS tests nothing): nothing ran")
s = convert("bracket-fails", write("brkf.json", run(
    [test("uncore.state.preflight", "FAIL", "found armed"), test("client.a", "N/A", "x")])))
check("a state bracket's FAIL: no nothing-ran", lambda: tc(s, "harness.nothing-ran") is None)
# One test that ran among skips is enough, whatever its verdict.
for v in ("PASS", "FAIL", "XFAIL", "ERROR"):
    s = convert(f"{v}-among-skips", write("ran.json", run([test("r.skip", "SKIP"), test("r.x", v)])))
    check(f"{v} among skips: no harness marker", lambda: s.find("testcase[@classname='harness']") is None)
# Skips only, but cut short: incomplete alone.
write("skipcut/results.jsonl", journal(run([test("s.a", "SKIP", "why")]), 1, summary=False))
s = convert("skips-cut", os.path.join(tmp, "skipcut"))
check("all SKIP but cut short: harness.incomplete only", lambda: counts(s) == (2, 0, 1, 1) and
      tc(s, "harness.nothing-ran") is None and tc(s, "harness.incomplete") is not None)

# Characters to escape, and ones XML cannot hold (a control character, a
# lone surrogate a JSON escape can carry).
odd = run([test("w.skip", "SKIP", "needs <2> & \"quotes\" 'here'"),
           test("w.fail", "FAIL", "got \"<&>\" \u00e9 \u0001 \ud800")])
s = convert("escaping", write("odd.json", json.dumps(odd).encode()))
check("escaping: property value", lambda: props(s)["tag"] == "rack <A> & \"co\"")
check("escaping: skip reason", lambda:
      tc(s, "w.skip")[0].get("message") == "SKIP: needs <2> & \"quotes\" 'here'")
check("escaping: control character and lone surrogate replaced", lambda:
      tc(s, "w.fail")[0].get("message") == "got \"<&>\" \u00e9 \ufffd \ufffd")

# Hostile durations: no time may be nan, inf or negative; a value the
# harness cannot have written (a 64-bit count of microseconds) reads as 0.
hostile = [-5, 1.5, "10", True, None, 2**64, float("nan"), float("inf"), -0.0, [1], {}]
durs = run([test(f"d.{i}", "PASS", us=v) for i, v in enumerate(hostile)] +
           [test("d.max", "PASS", us=2**64 - 1), test("d.ok", "PASS", us=2500)])
s = convert("durations", write("durations.json", json.dumps(durs).encode()))
for i, v in enumerate(hostile):
    check(f"duration_us {json.dumps(v)} reads as time 0", lambda i=i:
          tc(s, f"d.{i}").get("time") == "0.000000")
check("duration_us: the harness's largest (2^64-1 us) kept", lambda:
      abs(float(tc(s, "d.max").get("time")) - 18446744073709.551615) < 0.01)
check("duration_us: a normal one among them kept", lambda: tc(s, "d.ok").get("time") == "0.002500")
check("hostile durations: every time finite, >= 0, unsigned", lambda:
      all(v[:1] not in "-+" and math.isfinite(float(v)) and float(v) >= 0
          for v in (e.get("time") for e in s.iter()) if v is not None))

# No date: the timestamp is the conversion's, and says so; no SMBIOS system:
# hostname unknown.
nodate = run([test("a.b", "PASS")], date_utc=None, smbios=None)
t0 = time.gmtime()
s = convert("no-date", write("nodate.json", nodate))
check("no date_utc: timestamp of the conversion (UTC), timestamp_source says so", lambda:
      s.get("timestamp")[:10] == time.strftime("%Y-%m-%d", t0) and
      "firmware clock unreadable" in props(s)["timestamp_source"])
check("no SMBIOS: hostname unknown", lambda: s.get("hostname") == "unknown")
s = convert("no-serial", write("noserial.json", run([test("a.b", "PASS")], smbios=dict(
    HEAD["smbios"], system={"manufacturer": "Dell Inc.", "product": "PowerEdge R610", "serial": None}))))
check("hostname without a serial given", lambda: s.get("hostname") == "Dell Inc. PowerEdge R610")

# repeat=: the second round's result named apart; a verdict the harness
# does not write is an error, not a pass.
s = convert("rounds", write("rounds.json", run(
    [test("a.b", "PASS"), test("a.b", "PASS", iteration=2), test("a.c", "MAYBE", "?")])))
check("iteration 2 named apart", lambda: tc(s, "a.b (iteration 2)") is not None and
      tc(s, "a.b (iteration 2)").get("classname") == "a")
check("unknown verdict: an error", lambda: tc(s, "a.c")[0].tag == "error" and
      tc(s, "a.c")[0].get("type") == "MAYBE")

r = subprocess.run([sys.executable, *conv], capture_output=True)
report("usage error exits 2", r.returncode == 2)
shutil.rmtree(tmp)
done()
