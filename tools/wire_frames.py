"""The framed copies of results.json in a serial log (harness/wire.h; the
format is docs/results.md's "Results over the wire"), for
tools/serial2results.py and for any other reader of a serial log (a
labgrid or LAVA job): blocks(lines) finds every block and says which are
whole, and which run of the log each belongs to. Standard library only.

A log kept across boots (screen -L, ser2net, a BMC's log) holds several
runs: a banner ("uncore-harness VERSION", the harness's first line) or a
run folder's line ("results: \\uncore-results\\run-NNNN\\...") starts a new
one, so that a reader never takes an older run's copy for the last run's.

Every number of a header is bounded before anything is built from it: a
copy of at most MAX_BYTES bytes, its line count exactly ceil(bytes / 57),
numbers of at most 10 digits. A header outside those is a damaged block,
never an allocation."""
import base64
import re
import zlib

PREFIX = "wire: "
LINE_BYTES = 57                      # bytes a data line carries
LINE_CHARS = 4 * LINE_BYTES // 3     # its base64 characters
# The largest copy taken: results.json of a verbose=3 run is about 1 MB
# (docs/results.md, "Cost"); 64 times that leaves room for long repeat= runs.
MAX_BYTES = 64 << 20
NUM = r"(\d{1,10})"
BEGIN_RE = re.compile(r"begin (\S+) copy=" + NUM + " bytes=" + NUM + r" crc32=([0-9a-f]{8}) lines="
                      + NUM + "$")
END_RE = re.compile(r"end (\S+) copy=" + NUM + " bytes=" + NUM + r" crc32=([0-9a-f]{8})$")
DATA_RE = re.compile(NUM + " " + NUM + r" (\S+)$")
# A new run: the banner's first line, or the run folder's line.
RUN_RE = re.compile(r"^(?:uncore-harness \S|results: \\uncore-results\\run-\d)")
NOISE_RE = re.compile(r"\r|\x1b\[[0-9;?=]*[a-zA-Z]")


class Block:
    """One framed copy: its header, where the log has it (1-based line
    numbers), the data lines by number, and once closed either data (the
    file's bytes, checked) or problems (why it is not whole)."""

    def __init__(self, m, at, run=0):
        self.name, self.copy = m[1], int(m[2])
        self.size, self.crc, self.nlines = int(m[3]), int(m[4], 16), int(m[5])
        self.header = m.groups()[:4]
        self.first = self.last = at
        self.run = run
        self.lines = {}
        self.problems = []
        self.data = None
        if self.size > MAX_BYTES:
            self.problems.append(f"the header says {self.size} bytes, over the {MAX_BYTES} taken")
        elif self.nlines != -(-self.size // LINE_BYTES):
            self.problems.append(f"the header says {self.nlines} lines for {self.size} bytes,"
                                 f" not {-(-self.size // LINE_BYTES)}")
        if self.problems:
            self.nlines = 0  # nothing is built from numbers that disagree

    def add(self, index, text, at):
        self.last = at
        if self.problems:
            return  # a refused header: its lines are not kept
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
        if len(self.lines) < self.nlines:
            first = next(i for i in range(self.nlines) if i not in self.lines)
            self.problems.append(f"{self.nlines - len(self.lines)} data line(s) missing,"
                                 f" first {first}")
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
        return (f"copy {self.copy} of {self.name} (run {self.run}, log lines "
                f"{self.first}-{self.last}): {self.size} bytes, crc32 {self.crc:08x}")


def run_starts(lines):
    """The 1-based log line numbers at which a run starts (RUN_RE)."""
    return [at for at, raw in enumerate(lines, 1) if RUN_RE.match(NOISE_RE.sub("", raw))]


def blocks(lines):
    """Every block the lines hold, in order. A frame line may follow other
    text on its log line (a terminal's escape sequence, a stray byte):
    everything from its "wire: " on counts. Lines that are not frame lines
    are passed by wherever they are; a begin line repeated at once (two
    outputs) and an end line with no block open are ignored. Each block's
    run counts the run starts (run_starts) before it: 0 before the first;
    a block still open when a run starts is damaged."""
    out, cur, run = [], None, 0
    for at, raw in enumerate(lines, 1):
        k = raw.find(PREFIX)
        if k < 0:
            if RUN_RE.match(NOISE_RE.sub("", raw)):
                run += 1
                if cur:
                    cur.close(f"no end line: a new run begins at log line {at}")
                    cur = None
            continue
        text = raw[k + len(PREFIX):].rstrip("\r\n").rstrip()
        m = BEGIN_RE.match(text)
        if m:
            if cur and cur.header == m.groups()[:4] and not cur.lines:
                continue
            if cur:
                cur.close(f"no end line: a new block begins at log line {at}")
            cur = Block(m, at, run)
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
