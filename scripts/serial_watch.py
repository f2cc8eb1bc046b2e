#!/usr/bin/python3
"""scripts/qemu.sh's reader of the serial console: its lines from standard
input (tail -F of QEMU's serial file), each with carriage returns and the
terminal's escape sequences dropped, into the log (--out) and, unless
--quiet, onto standard output (the framed copies of results.json, "wire: "
lines, only with --wire). It ends QEMU (SIGKILL to the pid in WORK/qemu.pid,
the reason in WORK/killed, ended or timedout) at --until's --until-nth
match or the --kill-line'th line, at the end of a run QEMU does not end
itself ("end: halted", or the line after "end: returning to the
firmware"), when no whole line came for --timeout seconds (a hang) and at
the overall cap (--cap, else 600 s plus 2 s a result once the first
"[n/N]" line names the plan); it resets the machine through the monitor
(WORK/mon.sock) when a line of --resets arrives.

It replaces a shell loop whose reads took a byte a system call: 0.4 ms of
CPU a line, 19 s of a verbose=3 boot's 55 (44,000 lines).
"""
import argparse
import os
import re
import select
import signal
import socket
import sys
import time

ESC = re.compile(rb"\x1b\[[0-9;?=]*[a-zA-Z]")
PLAN = re.compile(rb"^\[[0-9]+(-[0-9]+)?/([0-9]+)\] ")
HALTED = re.compile(rb"^end: halted \(exit code")
TO_FIRMWARE = re.compile(rb"^end: returning to the firmware \(exit code")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, required=True)
    ap.add_argument("--cap", type=float)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--wire", action="store_true")
    ap.add_argument("--until", default="")
    ap.add_argument("--until-nth", type=int, default=1)
    ap.add_argument("--kill-line", type=int, default=0)
    ap.add_argument("--resets", default="")
    a = ap.parse_args()
    until = re.compile(a.until.encode()) if a.until else None
    resets = {int(x) for x in a.resets.split(",") if x}

    def stop(why, text=""):
        """QEMU killed, the reason kept for qemu.sh's exit code."""
        try:
            os.kill(int(open(os.path.join(a.work, "qemu.pid")).read()), signal.SIGKILL)
        except (OSError, ValueError):
            return
        with open(os.path.join(a.work, why), "w") as f:
            f.write(text + "\n")

    def reset():
        """The monitor's system_reset, as a reset button."""
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(os.path.join(a.work, "mon.sock"))
            s.sendall(b"system_reset\n")
            s.close()
        except OSError:
            print("qemu.sh: no monitor to reset through", file=sys.stderr)

    out = open(a.out, "ab")
    stdout = sys.stdout.buffer
    fd = sys.stdin.buffer.fileno()
    n = m = 0
    fw = False
    planned = None
    t0 = last = time.monotonic()
    deadline = t0 + (a.cap if a.cap is not None else 600)
    buf = b""

    def line(raw):
        nonlocal n, m, fw, planned, deadline
        s = ESC.sub(b"", raw.replace(b"\r", b"").replace(b"\0", b""))
        out.write(s + b"\n")
        if not a.quiet and (a.wire or not s.startswith(b"wire: ")):
            stdout.write(s + b"\n")
        n += 1
        # The plan, from the first verdict line "[n/N]" or "[a-b/N]": the
        # cap grows with it, unless --cap fixed it.
        if planned is None:
            p = PLAN.match(s)
            if p:
                planned = int(p[2])
                if a.cap is None:
                    deadline = t0 + 600 + 2 * planned
        if until and until.search(s):
            m += 1
        if (until and m == a.until_nth) or n == a.kill_line:
            stop("killed")
        elif not until and (fw or HALTED.match(s)):
            stop("ended")
        if TO_FIRMWARE.match(s):
            fw = True
        if n in resets:
            reset()

    while True:
        now = time.monotonic()
        if deadline - now <= 0:
            plan = f" (a plan of {planned} results)" if planned is not None else ""
            stop("timedout", f"overall cap of {deadline - t0:.0f} s reached{plan}")
            break
        left = min(deadline, last + a.timeout) - now
        ready = select.select([fd], [], [], max(left, 0))[0] if left > 0 else []
        if not ready:
            # No whole line for --timeout seconds, or the cap reached: what
            # came of a line goes to the log as it is.
            out.write(buf)
            buf = b""
            if deadline - time.monotonic() > 0:
                stop("timedout", f"no console line for {a.timeout:.0f} s: a hang "
                     "(--timeout, make qemu TIMEOUT=)")
                break
            continue
        data = os.read(fd, 65536)
        if not data:
            if buf:
                line(buf)
            break
        buf += data
        *whole, buf = buf.split(b"\n")
        if whole:
            last = time.monotonic()
        for raw in whole:
            line(raw)
        out.flush()
        if not a.quiet:
            stdout.flush()
    out.close()
    stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
