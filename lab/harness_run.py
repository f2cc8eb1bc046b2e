"""One run of the harness on a labgrid target, and what its serial console
said: used by lab/conftest.py to make one pytest result per harness test.

The target is lab/qemu.yaml's (QEMUStickDriver) or a lab place's
(lab/place.yaml: a power driver, a serial console, the stick behind a
USB-SD-Mux). Either way a run is: a copy of the image with the run's keys
added goes onto the stick; power on; the console is read line by line
until the harness's closing line "end: ... (exit code N)" (or the deadline);
power off; the stick is read back and its newest result folder copied out
(tools/medium.py)."""
import os
import re
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.console_lines import VERDICT_RE, places  # the one reader of verdict lines
from tools import medium

# A serial capture from a real machine carries the firmware's CRs and
# terminal escapes (scripts/qemu.sh strips both the same way).
NOISE_RE = re.compile(r"\r|\x1b\[[0-9;?=]*[a-zA-Z]")
CLOSING_RE = re.compile(r"^end: .*\(exit code (\d{1,3})\)")
SETTLE_S = 5.0
SUMMARY_RE = re.compile(r"^\d+ passed, \d+ failed, \d+ skipped, \d+ not applicable$")


class Result:
    """One harness result: its place n in the plan, verdict word, test id
    and reason (the text after "id: ")."""

    def __init__(self, n, verdict, ident, reason):
        self.n, self.verdict, self.id, self.reason = n, verdict, ident, reason

    def __repr__(self):
        return f"[{self.n}] {self.verdict} {self.id}: {self.reason}"


def clean(text):
    return NOISE_RE.sub("", text)


def results(lines, names=None):
    """Every result the console lines report, in order. A grouped N/A (or SKIP) line
    (verbose <= 1: "[a-b/N] N/A first .. last (k tests): reason") gives one
    result per test it covers, the unnamed ones named from names (n -> id,
    e.g. the medium's results.json) or "#n". A line whose numbers disagree
    (a range outside its plan or its count: console_lines.places) is none.
    A place shown twice (a run resumed after a reset prints the cut test's
    verdict again, and says so) is one result, the later line's."""
    out, at = [], {}
    for line in lines:
        m = VERDICT_RE.match(line)
        covered = places(m) if m else None
        if not covered:
            continue
        reason = line[m.end():]
        reason = reason[2:] if reason.startswith(": ") else reason.strip()
        for n, ident in covered:
            r = Result(n, m[4], ident or (names or {}).get(n, f"#{n}"), reason)
            if n in at:
                out[at[n]] = r
            else:
                at[n] = len(out)
                out.append(r)
    return out


def exit_code(lines):
    """The exit code the closing line names, or None without one."""
    codes = [int(m[1]) for m in map(CLOSING_RE.match, lines) if m]
    return codes[-1] if codes else None


class LabStick:
    """The stick of a lab place: a USB-SD-Mux (USBSDMuxDriver) switches it
    between the exporter (host: written and read back through
    USBStorageDriver) and the machine under test (dut)."""

    def __init__(self, target):
        self.mux = target.get_driver("USBSDMuxDriver")
        self.storage = target.get_driver("USBStorageDriver")
        self.image = None

    def insert(self, image):
        self.mux.set_mode("host")
        self.storage.write_image(image)
        self.mux.set_mode("dut")
        self.image = image

    def await_card(self, timeout_s=30.0):
        """Wait until the exporter sees the card again after the mux handed
        it over. labgrid 0.4.1 has no event for it; like its own
        write_image, ask the block device's size until it has one."""
        from labgrid.driver.exception import ExecutionError
        end = time.monotonic() + timeout_s
        while True:
            try:
                if self.storage.get_size() > 0:
                    return
            except (TypeError, ValueError, subprocess.CalledProcessError):
                pass  # no block device yet (path None, no size)
            if time.monotonic() > end:
                raise ExecutionError(f"the card did not come back to the exporter in {timeout_s:.0f} s")
            time.sleep(0.5)

    def medium(self):
        """The stick read back into a local image file, as many bytes as the
        image written (everything the harness's FAT holds)."""
        self.mux.set_mode("host")
        self.await_card()
        out = self.image + ".after"
        mib = -(-os.path.getsize(self.image) // (1 << 20))
        res = self.storage.storage
        with open(out, "wb") as f:
            subprocess.run(res.command_prefix + ["dd", f"if={res.path}", "bs=1M", f"count={mib}",
                                                 "status=none"], stdout=f, check=True)
        return out


def read_console(console, slog, deadline_s):
    """The console's lines, cleaned and copied to slog as they arrive, up to
    the harness's closing line. Past that line the harness still closes its
    files and then ends the machine (end=auto): reading goes on until the
    console ends (QEMU exits) or stays quiet for SETTLE_S (a machine shutting
    down), so that the power cut after it cuts nothing. Stops at the
    deadline whatever came."""
    from labgrid.driver.exception import ExecutionError
    lines, partial, end, closed = [], b"", time.monotonic() + deadline_s, False

    def add(raw):
        lines.append(clean(raw.decode("utf-8", "replace")))
        slog.write(lines[-1] + "\n")
        return CLOSING_RE.match(lines[-1]) is not None

    try:
        while time.monotonic() < end:
            wait = SETTLE_S if closed else min(10.0, max(0.0, end - time.monotonic()))
            chunk = console.read(size=4096, timeout=wait)
            if not chunk and closed:
                break
            *done, partial = (partial + chunk).split(b"\n")
            for raw in done:
                closed = add(raw) or closed
    except ExecutionError:  # the QEMU machine's console ended
        pass
    if partial:
        add(partial)
    return lines


def boot(target, source, keys, out, deadline_s):
    """Run the harness once on target; returns (console lines, the result
    folder copied into out/results or None). The serial log is written to
    out/serial.log as lines arrive."""
    from labgrid.exceptions import NoDriverFoundError
    power = target.get_driver("PowerProtocol")
    console = target.get_driver("ConsoleProtocol")
    try:
        stick = target.get_driver("QEMUStickDriver")
    except NoDriverFoundError:
        stick = LabStick(target)
    os.makedirs(out, exist_ok=True)
    image = os.path.join(out, "stick.img")
    medium.prepare(source, image, keys)
    power.off()
    stick.insert(image)
    power.on()
    try:
        with open(os.path.join(out, "serial.log"), "w", encoding="utf-8") as slog:
            lines = read_console(console, slog, deadline_s)
    finally:
        power.off()
    folder = medium.fetch_results(stick.medium(), os.path.join(out, "results"))
    return lines, folder and os.path.join(out, "results")
