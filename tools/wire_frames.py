"""The framed copies of results.json in a serial log (harness/wire.h; the
format is docs/results.md's "Results over the wire"), for
tools/serial2results.py and for any other reader of a serial log (a
labgrid or LAVA job): blocks(lines) finds every block and says which are
whole. Standard library only."""
import base64
import re
import zlib

PREFIX = "wire: "
LINE_BYTES = 57                      # bytes a data line carries
LINE_CHARS = 4 * LINE_BYTES // 3     # its base64 characters
BEGIN_RE = re.compile(r"begin (\S+) copy=(\d+) bytes=(\d+) crc32=([0-9a-f]{8}) lines=(\d+)$")
END_RE = re.compile(r"end (\S+) copy=(\d+) bytes=(\d+) crc32=([0-9a-f]{8})$")
DATA_RE = re.compile(r"(\d+) (\d+) (\S+)$")


class Block:
    """One framed copy: its header, where the log has it (1-based line
    numbers), the data lines by number, and once closed either data (the
    file's bytes, checked) or problems (why it is not whole)."""

    def __init__(self, m, at):
        self.name, self.copy = m[1], int(m[2])
        self.size, self.crc, self.nlines = int(m[3]), int(m[4], 16), int(m[5])
        self.header = m.groups()[:4]
        self.first = self.last = at
        self.lines = {}
        self.problems = []
        self.data = None

    def add(self, index, text, at):
        self.last = at
        if index >= self.nlines:
            self.problems.append(f"log line {at}: data line {index} of {self.nlines}")
        elif self.lines.setdefault(index, (text, at))[0] != text:
            # One frame on two outputs into the same log (serial=io: and
            # the firmware's terminal on one UART) repeats every line:
            # identical repeats are harmless, different ones are damage.
            self.problems.append(f"log lines {self.lines[index][1]} and {at}: data line "
                                 f"{index} differs between its two copies")

    def close(self, why=None):
        if why:
            self.problems.append(why)
        missing = [i for i in range(self.nlines) if i not in self.lines]
        if missing:
            self.problems.append(f"{len(missing)} data line(s) missing, first {missing[0]}")
        if self.problems:
            return
        parts = []
        for i in range(self.nlines):
            text, at = self.lines[i]
            want = LINE_CHARS if i < self.nlines - 1 else 4 * -(-(self.size - i * LINE_BYTES) // 3)
            try:
                if len(text) != want:
                    raise ValueError(f"{len(text)} characters, want {want}")
                parts.append(base64.b64decode(text, validate=True))
            except ValueError as e:
                self.problems.append(f"log line {at}: data line {i} damaged ({e})")
                return
        data = b"".join(parts)
        if len(data) != self.size:
            self.problems.append(f"{len(data)} bytes, the header says {self.size}")
        elif zlib.crc32(data) != self.crc:
            self.problems.append(f"crc32 {zlib.crc32(data):08x}, the header says {self.crc:08x}")
        else:
            self.data = data

    def describe(self):
        return (f"copy {self.copy} of {self.name} (log lines {self.first}-{self.last}): "
                f"{self.size} bytes, crc32 {self.crc:08x}")


def blocks(lines):
    """Every block the lines hold, in order. A frame line may follow other
    text on its log line (a terminal's escape sequence, a stray byte):
    everything from its "wire: " on counts. Lines that are not frame lines
    are passed by wherever they are; a begin line repeated at once (two
    outputs) and an end line with no block open are ignored."""
    out, cur = [], None
    for at, raw in enumerate(lines, 1):
        k = raw.find(PREFIX)
        if k < 0:
            continue
        text = raw[k + len(PREFIX):].rstrip("\r\n").rstrip()
        m = BEGIN_RE.match(text)
        if m:
            if cur and cur.header == m.groups()[:4] and not cur.lines:
                continue
            if cur:
                cur.close(f"no end line: a new block begins at log line {at}")
            cur = Block(m, at)
            out.append(cur)
            continue
        m = END_RE.match(text)
        if m:
            if cur:
                cur.last = at
                cur.close(None if cur.header == m.groups() else
                          f"log line {at}: the end line of another block")
            cur = None  # without a block open: a repeat, or its begin was lost
            continue
        m = DATA_RE.match(text)
        if m and cur and int(m[1]) == cur.copy:
            cur.add(int(m[2]), m[3], at)
        elif cur:
            cur.problems.append(f"log line {at}: not a line of this block")
    if cur:
        cur.close("no end line: the log ends first")
    return out
