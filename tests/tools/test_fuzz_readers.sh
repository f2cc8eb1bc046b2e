#!/usr/bin/env bash
# A bounded, seeded fuzz of every reader of outside input (docs/results.md,
# "Reading it back"): tools/serial2results.py and tools/wire_frames.py,
# tools/results.py, tools/json2junit.py, tools/report.py,
# lab/harness_run.py and tools/console_lines.py. Each takes FUZZ_CASES
# mutations (default 120; report.py, which plots, a tenth) of seeds that
# hold the hostile inputs readers once trusted: a frame header of
# lines=300000000, 5000-digit numbers, a grouped N/A line over 1-99999999,
# a results.json nested 100000 deep, a journal line completed by an older
# run's bytes. A case passes when the reader ends with one of its
# documented exit statuses and no exception, within 20 s, in a process
# whose address space is capped at 4 GiB (an allocation from a trusted
# number fails it).
# FUZZ_SEED (default 1) picks the mutations; a longer run:
#   FUZZ_CASES=20000 FUZZ_SEED=7 tests/tools/test_fuzz_readers.sh
# Prints TAP.
set -uo pipefail
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" - "$(cd "$(dirname "$0")/../.." && pwd)" <<'PYEOF'
import base64, contextlib, importlib.machinery, importlib.util, io, json, os, random
import resource, signal, sys, tempfile, zlib
root = sys.argv[1]
sys.path[:0] = [root, root + "/lab"]
from ci.tap import report, done
from tools import console_lines, json2junit, results, wire_frames
import harness_run

resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
CASES = int(os.environ.get("FUZZ_CASES", "120"))
SEED = int(os.environ.get("FUZZ_SEED", "1"))


def load_script(name, path):
    spec = importlib.util.spec_from_loader(name, importlib.machinery.SourceFileLoader(name, path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


serial2results = load_script("serial2results", root + "/tools/serial2results.py")
try:
    import matplotlib  # noqa: F401  (report.py's, Debian python3-matplotlib)
    report_py = load_script("report_py", root + "/tools/report.py")
except ImportError:
    report_py = None


def frame(data, copy):
    crc = f"{zlib.crc32(data):08x}"
    chunks = [data[i:i + 57] for i in range(0, len(data), 57)]
    return ([f"wire: begin results.json copy={copy} bytes={len(data)} crc32={crc} lines={len(chunks)}"]
            + [f"wire: {copy} {i} {base64.b64encode(c).decode()}" for i, c in enumerate(chunks)]
            + [f"wire: end results.json copy={copy} bytes={len(data)} crc32={crc}"])


TESTS = [{"id": "uncore.state.preflight", "verdict": "PASS", "reason": "", "duration_us": 5},
         {"id": "nhm.filter.edge-dir", "verdict": "FAIL", "reason": "E counted 1 then 2",
          "duration_us": 812, "description": "edges", "iteration": 1,
          "figures": {"uclk_hz": {"value": 2133000000, "unit": "hz", "expected": 2133000000,
                                  "tolerance": 42000000},
                      "latency_us_median": [{"core": 0, "value": 12, "unit": "us"}]}},
         {"id": "snbep.box.rst-ctrs", "verdict": "N/A", "reason": "another uncore"}]
SUMMARY = {"passed": 1, "failed": 1, "skipped": 0, "xfail": 0, "error": 0, "not_applicable": 1,
           "planned": 3, "elapsed_us": 900}
HEAD = {"schema_version": 2, "harness": "uncore-harness", "version": "v", "run": "run-0003",
        "tag": "", "date_utc": "2026-11-28T01:00:00Z", "cpu": {"model": 26}, "config": {"verbose": "1"}}
DOC = dict(HEAD, tests=TESTS, summary=SUMMARY, complete=True)
JOURNAL = results.journal([dict({"journal": 1, "seq": 0}, **HEAD)] +
                          [{"seq": i + 1, "test": t} for i, t in enumerate(TESTS)] +
                          [{"seq": 4, "summary": SUMMARY}])
OLD = results.journal([dict({"journal": 1, "seq": 0}, **dict(HEAD, run="run-0002"))] +
                      [{"seq": i + 1, "test": dict(t, verdict="PASS")} for i, t in enumerate(TESTS)])
CONSOLE = ["uncore-harness v1", "results: \\uncore-results\\run-0003\\",
           "[1/3] PASS uncore.state.preflight", "[2/3] FAIL nhm.filter.edge-dir: E counted 1 then 2",
           "[3/3] N/A snbep.box.rst-ctrs: another uncore",
           "[4-99999999/99999999] N/A a.b .. c.d (99999996 tests): the issue's range",
           "[1-99999999/3] N/A a.b .. c.d (99999999 tests): beyond its plan",
           "1 passed, 1 failed, 0 skipped, 1 not applicable", "end: shutdown (exit code 1)"]
LOGS = [
    "\n".join(CONSOLE + frame(json.dumps(DOC).encode(), 1)),
    "\n".join(CONSOLE + ["wire: begin results.json copy=1 bytes=1710000000 crc32=00000000 lines=300000000",
                         "wire: 1 0 AAAA", "wire: end results.json copy=1 bytes=1710000000 crc32=00000000"]),
    "\n".join(["wire: begin results.json copy=1 bytes=" + "9" * 5000 + " crc32=00000000 lines=1",
               "wire: 1 " + "7" * 5000 + " AAAA", "[" + "5" * 5000 + "/3] PASS x"] + CONSOLE),
]
DEEP = b"[" * 100000 + b"]" * 100000
FOLDERS = [
    {"results.json": json.dumps(DOC).encode(), "results.jsonl": JOURNAL},
    {"results.jsonl": JOURNAL[:JOURNAL.index(b"FAIL") + 2] + OLD[JOURNAL.index(b"FAIL") + 2:]},
    {"results.json": DEEP, "results.jsonl": JOURNAL[:200]},
    {"results.json": b'{"tests":[{"id":"a","verdict":"PASS","duration_us":' + b"9" * 5000
     + b'}],"complete":true}'},
    {"results.json": b'{"tests":' + b"[" * 5000 + b"]" * 5000 + b',"complete":true}'},
]


def mutate(rng, data):
    """One random change of data (bytes): what a serial line or a stick
    does to a file, and what a hostile one would."""
    for _ in range(rng.randint(1, 4)):
        k, at = rng.randrange(8), rng.randrange(len(data) + 1)
        if k == 0 and data:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif k == 1:
            data = data[:at] + rng.choice([b"9" * rng.randint(11, 6000), b"-1", b"0"]) + data[at:]
        elif k == 2:
            data = data[:at]
        elif k == 3:
            n = rng.randint(1, 3000)
            data = data[:at] + b"[" * n + b"{\"a\":" * rng.randint(0, 50) + data[at:]
        elif k == 4:
            lines = data.split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[rng.randrange(len(lines))])
            data = b"\n".join(lines)
        elif k == 5:
            data = data[:at] + rng.choice([b"null", b"true", b"\"x\"", b"[]", b"{}", b"1e999"]) + data[at:]
        elif k == 6:
            data = data[:at] + rng.choice([b" lines=300000000", b"-99999999/99999999] N/A ",
                                           b" (99999999 tests)", b"\nuncore-harness v2\n"]) + data[at:]
        else:
            data = data[:at] + data[at + rng.randrange(1, 200):]
    return data


class Slow(Exception):
    pass


def too_slow(signum, frame):
    raise Slow("over 20 s")


signal.signal(signal.SIGALRM, too_slow)


def call(fn, codes):
    """fn() with its output swallowed: None if it ended with one of codes
    within 20 s, else what went wrong."""
    out, err = io.StringIO(), io.StringIO()
    signal.alarm(20)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = fn()
    except SystemExit as e:
        code = e.code
    except BaseException as e:  # noqa: B902  (a MemoryError, a RecursionError ...)
        return f"{type(e).__name__}: {str(e)[:120]}"
    finally:
        signal.alarm(0)
    return None if code in codes else f"exit status {code!r}, want one of {codes}"


def fuzz(name, seeds, cases, run):
    rng = random.Random(f"{SEED}:{name}")
    bad = []
    for i in range(cases + len(seeds)):
        data = seeds[i] if i < len(seeds) else mutate(rng, rng.choice(seeds))
        why = run(data)
        if why:
            bad.append(f"case {i}: {why}")
    report(f"{name}: {len(seeds)} hostile seeds and {cases} mutations (seed {SEED}), every one a"
           f" documented ending ({len(bad)} not)", not bad, "; ".join(bad[:3]))


tmp = tempfile.mkdtemp()
log = os.path.join(tmp, "serial.log")


def serial(data, codes=(0, 1, 3, 4)):
    with open(log, "wb") as f:
        f.write(data)
    sys.argv = ["serial2results", "-o", os.path.join(tmp, "out.json"), log]
    return call(serial2results.main, codes)


def lines_of(data):
    return [harness_run.clean(x) for x in data.decode("ascii", "replace").split("\n")]


def folder(files):
    d = tempfile.mkdtemp(dir=tmp)
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    return d


def folder_seeds():
    return [json.dumps(f, default=lambda b: b.decode("latin-1")).encode() for f in FOLDERS]


def folder_of(data):
    """A mutated folder: one of its files mutated (data is the seed's JSON
    of name -> text, mutated as a whole, so a broken one is a folder of
    whatever bytes survive)."""
    try:
        files = {k: v.encode("latin-1") for k, v in json.loads(data).items()
                 if k in ("results.json", "results.jsonl") and isinstance(v, str)}
    except (ValueError, AttributeError, RecursionError):  # the wrapper broken, not a reader
        files = {"results.json": data}
    return folder(files)


log_seeds = [x.encode() for x in LOGS]
fuzz("serial2results", log_seeds, CASES, serial)
fuzz("wire_frames.blocks", log_seeds, CASES, lambda d: call(lambda: len(wire_frames.blocks(lines_of(d))) and 0, (0,)))
fuzz("console_lines.verdicts", log_seeds, CASES,
     lambda d: call(lambda: len(console_lines.verdicts(lines_of(d))) and 0, (0,)))
fuzz("lab harness_run.results", log_seeds, CASES,
     lambda d: call(lambda: (harness_run.results(lines_of(d)), harness_run.exit_code(lines_of(d))) and 0, (0,)))


def results_py(data):
    sys.argv = ["results.py", folder_of(data), "--out", os.path.join(tmp, "r.json")]
    return call(results.main, (0, 1))


def junit(data):
    return call(lambda: json2junit.main(["json2junit.py", folder_of(data), os.path.join(tmp, "j.xml")]), (0,))


fuzz("results.py", folder_seeds(), CASES, results_py)
fuzz("json2junit.py", folder_seeds(), CASES, junit)
if report_py:
    def report_run(data):
        sys.argv = ["report.py", folder_of(data), "--out", os.path.join(tmp, "r.html")]
        return call(report_py.main, (0, 1, 3))
    fuzz("report.py", folder_seeds(), max(1, CASES // 10), report_run)
else:
    report("report.py # SKIP no matplotlib for this python (Debian python3-matplotlib)", True)
done()
PYEOF
