"""A labgrid driver for the QEMU environment (lab/qemu.yaml imports this
file): the power switch and the serial console of a QEMU + OVMF machine
that boots a stick image, through scripts/qemu.sh --usb, the boot CI uses
(xHCI, usb-storage, removable).

Why not labgrid's own QEMUDriver (Debian 12's labgrid 0.4.1)? It can
express OVMF and the stick through extra_args, but its serial console loses
bytes: it reads its UNIX socket only after a fixed 10 ms nap, and under TCG
the emulated 16550 writes faster than that; every byte is its own socket
buffer (several hundred bytes of accounting each), so QEMU finds the socket
full within a few hundred bytes, and after its retries the 16550 model
drops the character: lines of a boot through it came out cut in the
middle ("identity: 2026-11-26T15:25:30Zv", the rest of the line lost). Here
QEMU writes into a pipe (64 KiB, counted in bytes) that a reader drains
as soon as select() says there is data.

It offers what a lab place offers, so lab/test_harness.py drives both
alike: PowerProtocol (on: boot the stick; off: pull the power) and
ConsoleProtocol (read), plus the stick itself, a file here: insert(image)
before on(), and after off() medium() names the medium as the run left it
(scripts/qemu.sh --keep-image)."""
import fcntl
import logging
import os
import select
import signal
import subprocess

import attr

from labgrid.driver.common import Driver
from labgrid.driver.consoleexpectmixin import ConsoleExpectMixin
from labgrid.driver.exception import ExecutionError
from labgrid.factory import target_factory
from labgrid.protocol import ConsoleProtocol, PowerProtocol
from labgrid.step import step

HERE = os.path.dirname(os.path.abspath(__file__))
QEMU_SH = os.path.join(HERE, "..", "scripts", "qemu.sh")


@target_factory.reg_driver
@attr.s(eq=False)
class QEMUStickDriver(ConsoleExpectMixin, Driver, PowerProtocol, ConsoleProtocol):
    """cpu, smp, sockets: the machine (QEMU -cpu, -smp); timeout: seconds
    without a console line after which scripts/qemu.sh kills a boot that
    hangs (exit 124)."""
    cpu = attr.ib(default="Nehalem", validator=attr.validators.instance_of(str))
    smp = attr.ib(default=2, validator=attr.validators.instance_of(int))
    sockets = attr.ib(default=1, validator=attr.validators.instance_of(int))
    timeout = attr.ib(default=900, validator=attr.validators.instance_of(int))

    def __attrs_post_init__(self):
        super().__attrs_post_init__()
        self.logger = logging.getLogger(f"{self}:")
        self.txdelay = None
        self._child = None
        self._image = None
        self.exit_code = None

    def on_deactivate(self):
        self.off()

    def insert(self, image):
        """Plug the stick image in (before on()); the run's medium lands
        beside it, IMAGE.after (medium())."""
        self._image = os.path.abspath(image)

    def medium(self):
        """The medium as the run left it: an image file for tools/medium.py."""
        return self._image + ".after"

    @Driver.check_active
    @step()
    def on(self):
        if self._child is not None:
            return
        if self._image is None:
            raise ExecutionError("no stick inserted: call insert(image) first")
        if os.path.exists(self.medium()):
            os.unlink(self.medium())
        cmd = [QEMU_SH, "--image", self._image, "--usb", "--cpu", self.cpu,
               "--smp", str(self.smp), "--sockets", str(self.sockets),
               "--timeout", str(self.timeout), "--keep-image", self.medium(),
               "--wire"]  # the framed copies of results.json, which the test reads
        # Its own process group, so that off() ends QEMU with it.
        self._child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       start_new_session=True)
        fd = self._child.stdout.fileno()
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
        self.exit_code = None

    @Driver.check_active
    @step()
    def off(self):
        """Pull the power: a boot still running is ended (SIGTERM to its
        process group: QEMU and scripts/qemu.sh); one that ended on its own
        (end=auto: isa-debug-exit) has already left its medium."""
        if self._child is None:
            return
        if self._child.poll() is None:
            os.killpg(self._child.pid, signal.SIGTERM)
        self.exit_code = self._child.wait()
        self._child.stdout.close()
        self._child = None

    def cycle(self):
        self.off()
        self.on()

    def _read(self, size=4096, timeout=0.0):
        """Up to size bytes, waiting at most timeout seconds for the first;
        b"" on a timeout; ExecutionError once the machine is off and its
        output all read."""
        if self._child is None:
            raise ExecutionError("the machine is off")
        if not select.select([self._child.stdout], [], [], timeout)[0]:
            return b""
        data = os.read(self._child.stdout.fileno(), size)
        if not data:
            raise ExecutionError("the machine's console ended (QEMU exited)")
        return data

    def _write(self, data):
        raise ExecutionError("the harness reads no console input")
