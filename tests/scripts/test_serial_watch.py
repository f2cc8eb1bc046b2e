#!/usr/bin/python3
"""Host test for scripts/serial_watch.py, scripts/qemu.sh's reader of the
serial console, on made-up consoles with a sleeping process for QEMU: the
log gets every line without carriage returns, escape sequences or NULs,
stdout the same but the "wire: " lines (all with --wire, none with
--quiet); QEMU is killed, its reason kept, at --kill-line's line, at
--until's --until-nth match, at "end: halted" and at the line after "end:
returning to the firmware"; not at all by a run that ends on its own; at a
stall of --timeout seconds (the part of a line kept) and at --cap. Prints
TAP (ci/tap.py)."""
import os
import subprocess
import sys
import tempfile
import time

from ci.tap import report, done

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
watch = os.path.join(root, "scripts", "serial_watch.py")


def run(console, *args, pause=None):
    """(reasons written, log, stdout, QEMU stand-in still alive) of one run
    of the reader on console (bytes); with pause, console is written, then
    nothing for pause seconds before the input closes."""
    work = tempfile.mkdtemp()
    qemu = subprocess.Popen(["sleep", "60"])
    with open(os.path.join(work, "qemu.pid"), "w") as f:
        f.write(str(qemu.pid))
    log = os.path.join(work, "serial.log")
    p = subprocess.Popen([sys.executable, watch, "--work", work, "--out", log, *args],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write(console)
    p.stdin.flush()
    if pause:
        time.sleep(pause)
    try:
        p.stdin.close()
    except BrokenPipeError:
        pass
    out = p.stdout.read()
    p.wait()
    why = {r: open(os.path.join(work, r)).read().strip()
           for r in ("killed", "ended", "timedout") if os.path.exists(os.path.join(work, r))}
    # A SIGKILL is delivered when the stand-in next runs, which a loaded
    # host may delay past the reader's exit: where the reader says it
    # killed, wait for that death (bounded), else look once.
    if "killed" in why or "timedout" in why:
        try:
            qemu.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
    alive = qemu.poll() is None
    qemu.kill()
    qemu.wait()
    return why, open(log, "rb").read(), out, alive


base = ["--timeout", "30"]
console = b"\x1b[2J\x1b[01;01HBdsDxe: starting\r\nuncore-harness x\r\nwire: begin\r\n[1/2] PASS a\x00\r\nlast"
why, log, out, alive = run(console, *base)
report("log: every line, without CR, escapes or NUL; the last part a line",
       log == b"BdsDxe: starting\nuncore-harness x\nwire: begin\n[1/2] PASS a\nlast\n", repr(log))
report("stdout: the same but the wire lines", out == b"BdsDxe: starting\nuncore-harness x\n[1/2] PASS a\nlast\n",
       repr(out))
report("a run that ends on its own: QEMU not killed", why == {} and alive, repr(why))
report("--wire: wire lines on stdout too", b"wire: begin\n" in run(console, *base, "--wire")[2])
report("--quiet: nothing on stdout", run(console, *base, "--quiet")[2] == b"")

why, log, _, alive = run(b"a\nb\nc\nd\n", *base, "--kill-line", "2")
report("--kill-line: killed at that line, the log read out", "killed" in why and not alive
       and log == b"a\nb\nc\nd\n", repr((why, log)))
why, _, _, alive = run(b"x 1\ny\nx 2\nz\n", *base, "--until", "^x [0-9]$", "--until-nth", "2")
report("--until, --until-nth: killed at the second match", "killed" in why and not alive, repr(why))
why, _, _, alive = run(b"x 1\ny\n", *base, "--until", "^x [0-9]$", "--until-nth", "2")
report("--until: one match of two is not enough", why == {} and alive, repr(why))
why, _, _, _ = run(b"end: halted (exit code 0)\n", *base)
report("end: halted: QEMU ended", "ended" in why, repr(why))
why, _, _, _ = run(b"end: returning to the firmware (exit code 1)\n", *base)
report("end: returning to the firmware: not yet", why == {}, repr(why))
why, _, _, _ = run(b"end: returning to the firmware (exit code 1)\nBdsDxe: x\n", *base)
report("the firmware's next line: QEMU ended", "ended" in why, repr(why))

why, log, _, alive = run(b"a\npart", "--timeout", "1", pause=3)
report("a stall of --timeout: killed as a hang, the part of a line kept",
       "no console line for 1 s" in why.get("timedout", "") and not alive and log == b"a\npart",
       repr((why, log)))
why, _, _, _ = run(b"[1/900] PASS a\n", "--timeout", "30", "--cap", "1", pause=3)
report("--cap: the overall bound", "overall cap of 1 s" in why.get("timedout", ""), repr(why))
done()
