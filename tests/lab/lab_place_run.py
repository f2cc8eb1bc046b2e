#!/usr/bin/python3
"""The lab-place path of lab/harness_run.py (LabStick: USB-SD-Mux and USB
storage) without a lab: stand-ins for the four drivers of lab/place.yaml,
the card a file. The "machine" checks at power-on that the card holds the
run's keys and is switched to it, answers with a captured console
(tests/lab/serial.log) and writes a result folder onto the card; the
run must then have read the card back with the mux on the exporter's side
and copied that folder out. Prints one line "ok - ..." or "not ok - ...:
why" (tests/lab/test_lab.sh reports it).

  lab_place_run.py SERIAL.log RESULTS.json WORKDIR"""
import filecmp
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "lab"))
import harness_run  # noqa: E402
from tools import medium  # noqa: E402  (the repository root on PYTHONPATH: tests/lab/test_lab.sh)


class Machine:
    """PowerProtocol, ConsoleProtocol, USBSDMuxDriver and USBStorageDriver of
    one place; the card is the file card."""

    def __init__(self, card, log, results):
        self.card, self.log, self.results = card, log, results
        self.mode, self.events, self.console = "off", [], b""
        self.storage = self  # USBStorageDriver.storage: the resource
        self.command_prefix, self.visible = [], False

    @property
    def path(self):
        """The card's block device on the exporter: none until the exporter
        has seen it appear after the mux switched it over (get_size)."""
        return self.card if self.visible else None

    # USBSDMuxDriver
    def set_mode(self, mode):
        self.mode, self.visible = mode, False
        self.events.append(f"mux {mode}")

    # USBStorageDriver
    def write_image(self, image):
        assert self.mode == "host", "card written while switched to the machine"
        shutil.copyfile(image, self.card)
        self.events.append("write")

    def get_size(self):
        """0 at first after a switch to host mode: the card appears a moment
        after the mux hands it over."""
        if self.mode != "host":
            return 0
        seen, self.visible = self.visible, True
        return os.path.getsize(self.card) if seen else 0

    # PowerProtocol
    def on(self):
        self.events.append("on")
        assert self.mode == "dut", f"powered on with the card switched to {self.mode}"
        cfg = medium.mtools("mtype", "-i", medium.fat(self.card), "::/uncore-harness.cfg")
        assert cfg.rstrip().endswith("verbose=2\ntests=self.*"), "the run's keys are not on the card"
        medium.mtools("mmd", "-i", medium.fat(self.card), "::/uncore-results", "::/uncore-results/run-0007")
        medium.mtools("mcopy", "-i", medium.fat(self.card), self.results, "::/uncore-results/run-0007/")
        with open(self.log, "rb") as f:
            self.console = f.read()

    def off(self):
        self.events.append("off")

    # ConsoleProtocol: the captured console in 100-byte reads, then quiet
    def read(self, size=1, timeout=0.0):
        chunk, self.console = self.console[:100], self.console[100:]
        return chunk

    def get_driver(self, name):
        if name == "QEMUStickDriver":
            from labgrid.exceptions import NoDriverFoundError
            raise NoDriverFoundError(name)
        return self


def main():
    log, results, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "source.img")
    subprocess.run(["truncate", "-s", "4M", source], check=True)
    subprocess.run(["mkfs.fat", "-C", source + ".fat", "2048"], check=True, capture_output=True)
    os.replace(source + ".fat", source)
    m = Machine(os.path.join(work, "card"), log, results)
    harness_run.SETTLE_S = 0.0
    try:
        lines, folder = harness_run.boot(m, source, ["verbose=2", "tests=self.*"],
                                         os.path.join(work, "out"), 60)
        want = ["off", "mux host", "write", "mux dut", "on", "off", "mux host"]
        assert m.events == want, f"events {m.events}, want {want}"
        assert harness_run.exit_code(lines) == 2, "no closing line read"
        assert folder and filecmp.cmp(os.path.join(folder, "results.json"), results, shallow=False), \
            "results.json not fetched from the card"
    except (AssertionError, subprocess.CalledProcessError) as e:
        print(f"not ok - lab place run: {e}")
        return 1
    print("ok - lab place run: card written in host mode, booted in dut mode with the run's keys, "
          "console read to the closing line, card read back in host mode, result folder fetched")
    return 0


if __name__ == "__main__":
    sys.exit(main())
