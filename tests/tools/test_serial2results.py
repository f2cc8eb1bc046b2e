#!/usr/bin/env python3
"""Host test for tools/serial2results.py, which rebuilds results.json from the
framed blocks of a serial log (docs/results.md, "Results over the wire").
The frames are made here from the documented format, not by the harness's
encoder (tests/harness/test_wire.c checks that one; make check decodes a
boot's): a whole block rebuilds the exact bytes whatever surrounds it
(other lines, CR LF, a terminal's escape sequence, every line twice); a
flipped byte, a lost line or a cut block is named DAMAGED and never
used; the exit status says which case it was. Prints TAP.
Standard library only, as serial2results is: any python3 runs it.
"""
import base64, os, subprocess, sys, tempfile, zlib
from ci.tap import report, done

tool = [sys.executable, "-m", "tools.serial2results"]


def frame(data, copy):
    """docs/results.md's frame of data, as a list of lines."""
    crc = f"{zlib.crc32(data):08x}"
    chunks = [data[i:i + 57] for i in range(0, len(data), 57)]
    return ([f"wire: begin results.json copy={copy} bytes={len(data)} crc32={crc} "
             f"lines={len(chunks)}"] +
            [f"wire: {copy} {i} {base64.b64encode(c).decode()}" for i, c in enumerate(chunks)] +
            [f"wire: end results.json copy={copy} bytes={len(data)} crc32={crc}"])


def run(lines, *args, eol="\n"):
    """serial2results on a log of lines: (status, stdout bytes, stderr)."""
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "serial.log")
        with open(log, "w", newline="") as f:
            f.write(eol.join(lines) + eol)
        p = subprocess.run(tool + list(args) + [log], capture_output=True, cwd=d)
        return p.returncode, p.stdout, p.stderr.decode()


one = b'{"harness":"uncore-harness","tests":[' + b'{"id":"t","verdict":"PASS"},' * 9 + b'{}]}'
two = one.replace(b"PASS", b"FAIL", 1) + b"\n"
console = ["uncore-harness v1", "[1/2] PASS self.cpu.detect", "results: \\uncore-results\\run-0001\\"]

code, out, err = run(console + frame(one, 1) + ["2 passed, 0 failed"])
report("one block among console lines: the exact bytes, status 0", code == 0 and out == one, err)
code, out, err = run(frame(b"", 1))
report("an empty file: an empty block, status 0", code == 0 and out == b"", err)

# Other lines inside a block, CR LF ends, an escape sequence before a line.
lines = frame(two, 4)
lines[3:3] = ["BdsDxe: a firmware line", "[2/2] FAIL x.y: why"]
lines[5] = "\x1b[0m\x1b[37m" + lines[5]
code, out, err = run(lines, eol="\r\n")
report("interleaved lines, CR LF, an escape sequence: the exact bytes",
       code == 0 and out == two, err)

# Two outputs on one UART: every line twice in a row.
code, out, err = run([ln for ln in frame(two, 2) for _ in range(2)])
report("every line twice (two outputs into one log): the exact bytes", code == 0 and out == two, err)

# The last block damaged: refused, the one before it is rebuilt, status 1.
bad = frame(two, 2)
i = bad[3].rindex(" ") + 5
bad[3] = bad[3][:i] + ("A" if bad[3][i] != "A" else "B") + bad[3][i + 1:]
code, out, err = run(frame(one, 1) + bad)
report("a flipped character in the last block: named DAMAGED (crc32), the earlier block "
       "rebuilt, status 1", code == 1 and out == one and
       "block 2: copy 2 of results.json (run 0, log lines" in err and "DAMAGED: crc32" in err, err)
code, out, err = run(bad, "-o", "x.json")
report("the only block damaged: status 3, nothing written", code == 3 and out == b"" and
       "no whole block among 1" in err, err)

for name, damage, why in (
        ("a data line lost", lambda ls: ls[:2] + ls[3:], "data line(s) missing, first 1"),
        ("the end line lost (a cut log)", lambda ls: ls[:-1], "no end line: the log ends first"),
        ("the begin line of the next block instead of an end",
         lambda ls: ls[:-1] + frame(one, 3), "no end line: a new block begins"),
        ("a data line cut short", lambda ls: ls[:2] + [ls[2][:-8]] + ls[3:], "characters, want 76"),
        ("a byte too few in the header",
         lambda ls: [ls[0].replace(f"bytes={len(two)}", f"bytes={len(two) - 1}")] + ls[1:-1] +
         [ls[-1].replace(f"bytes={len(two)}", f"bytes={len(two) - 1}")], "bytes, the header says"),
        ("a data line of another copy inside", lambda ls: ls[:2] + ["wire: 9 1 AAAA"] + ls[2:],
         "not a line of this block")):
    code, out, err = run(frame(one, 1) + damage(frame(two, 2)))
    report(f"{name}: DAMAGED, named; the whole block before it rebuilt",
           code == 1 and out == one and why in err and "DAMAGED" in err, err)

code, out, err = run(console)
report("no block at all: status 3", code == 3 and out == b"" and "no whole block among 0" in err, err)
with tempfile.TemporaryDirectory() as d:
    log = os.path.join(d, "serial.log")
    with open(log, "w") as f:
        f.write("\n".join(frame(one, 1) + bad + frame(two, 3)) + "\n")
    p = subprocess.run(tool + ["--all", d + "/all", "-o", d + "/r.json", "--quiet", log],
                       capture_output=True)
    got = sorted(os.listdir(d + "/all"))
    report("--all: every whole block, by its place and copy; -o the last; --quiet names "
           "only the damaged", p.returncode == 1 and got == ["block-1-copy-1.json",
                                                               "block-3-copy-3.json"] and
           open(d + "/all/block-1-copy-1.json", "rb").read() == one and
           open(d + "/r.json", "rb").read() == two and
           p.stderr.decode().count("serial2results:") == 1, p.stderr.decode())
# Logs kept across boots: a banner or a run folder's line starts a run, and
# only the last run counts; its lack of a whole block is status 4, never an
# older run's file with 0.
def boot(n, *blocks, banner=True):
    return ((["\x1b[0muncore-harness v1"] if banner else []) +
            [f"results: \\uncore-results\\run-000{n}\\"] + [ln for b in blocks for ln in b])


cut = frame(two, 2)[:4]  # a copy the power cut stopped
for name, log, want, wout, why in (
        ("two boots, the second killed before its copy", boot(1, frame(one, 1)) + boot(2),
         4, b"", "the log's last run (run 4, from log line"),
        ("two boots, the second's copy cut", boot(1, frame(one, 1)) + boot(2, cut),
         4, b"", "has no whole block (1 damaged), though an earlier run has 1"),
        ("two boots, each whole: the second's", boot(1, frame(two, 1)) + boot(2, frame(one, 1)),
         0, one, "block 2: copy 1 of results.json (run 4,"),
        ("three boots, the third killed", boot(1, frame(one, 1)) + boot(2, frame(two, 1)) + boot(3),
         4, b"", "(run 6, from log line"),
        ("three boots, the last with a whole copy and a cut one",
         boot(1, frame(one, 1)) + boot(2) + boot(3, frame(two, 1), frame(one, 2)[:-1]),
         1, two, "no end line: the log ends first"),
        ("a run folder's line alone starts a run (no banner captured)",
         boot(1, frame(one, 1), banner=False) + boot(2, banner=False), 4, b"", "(run 2,"),
        ("a resumed boot's banner: only its own copies",
         boot(1, frame(one, 1)) + ["uncore-harness v1", "results: \\uncore-results\\run-0001\\ (resumed)"]
         + frame(two, 1), 0, two, "")):
    code, out, err = run(log, "-o", "x.json") if want == 4 else run(log)
    report(f"{name}: status {want}", code == want and out == wout and why in err, err)

# Header numbers are checked before anything is built from them.
huge = ["wire: begin results.json copy=1 bytes=1710000000 crc32=00000000 lines=300000000",
        "wire: 1 0 AAAA", "wire: end results.json copy=1 bytes=1710000000 crc32=00000000"]
code, out, err = run(huge)
report("a header of 300000000 lines: refused, nothing allocated (status 3)", code == 3 and
       "over the" in err, err)
odd = ["wire: begin results.json copy=1 bytes=100 crc32=00000000 lines=300000000"]
code, out, err = run(odd)
report("lines= disagreeing with bytes=: refused", code == 3 and "not 2" in err, err)
code, out, err = run(["wire: begin results.json copy=1 bytes=" + "9" * 5000 + " crc32=00000000 lines=1",
                      "wire: 1 " + "7" * 5000 + " AAAA"] + frame(one, 2))
report("a 5000-digit number: no traceback, the whole block after it taken", code == 0 and
       out == one and "Traceback" not in err, err)
code, out, err = run(console, "--bogus")
report("a usage error: status 2", code == 2, err)
done()
