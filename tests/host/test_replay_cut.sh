#!/usr/bin/env bash
# Host test of make replay on a cut trace (host/replay/replay.c): a run
# that hung or was reset leaves its register trace's last line cut, and
# the replay takes every access before it, saying where it stopped. The
# trace is the host suite's (verbose=3, nhm.fixed.*), cut at every byte of
# its last trace line, alone or followed by the next boot; a garbled line
# inside the trace is still refused (status 2). Prints TAP; SKIPs when
# build/host/suite or build/host/replay is not built.
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
suite="$here/${B:-build}/host/suite" replay="$here/${B:-build}/host/replay"
if [ ! -x "$suite" ] || [ ! -x "$replay" ]; then
  echo "ok 1 - cut traces replay # SKIP build/host/suite or build/host/replay not built"
  echo "1..1"; exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$suite" --cpus 2 --packages 1 'tests=nhm.fixed.*' verbose=3 > "$tmp/trace.log" 2>&1
python3 - "$here" "$tmp" "$replay" <<'PY'
import os, re, subprocess, sys
here, tmp, replay = sys.argv[1:4]
sys.path.insert(0, here)
from ci.tap import report, done

data = open(os.path.join(tmp, "trace.log"), "rb").read()


def run(blob):
    path = os.path.join(tmp, "cut.log")
    with open(path, "wb") as f:
        f.write(blob)
    p = subprocess.run([replay, path], capture_output=True, text=True)
    m = re.search(r"; (\d+) accesses\n", p.stdout)
    return p.returncode, int(m[1]) if m else -1, p.stdout + p.stderr


code, whole, out = run(data)
report(f"the whole trace: status 0, {whole} accesses", code == 0 and whole > 10, out)
last = data.rfind(b"  trace ")
end = data.index(b"\n", last)
nl = data[:last].count(b"\n") + 1  # the last trace line's number
bad, stops = [], 0
for cut in range(last, end):
    for after in (b"", b"BdsDxe: loading Boot0002\nuncore-harness v0.1\ncpu: GenuineIntel\n"
                       b"  trace a.b: rd cpu 0 0x391 X 0x0 tsc 5+1\n"):
        code, n, out = run(data[:cut] + after)
        stopped = f"replay: stopped at line {nl}, the trace's last, which is cut (" in out
        stops += stopped
        # the cut line is named and dropped, with nothing after it; or it
        # still parses (cut inside its duration's digits), or is no trace
        # line any more (cut before its access), and the next boot's line
        # is read as before
        k = 1 if after else 0
        if code != 0 or not ((stopped and n == whole - 1) or
                             (not stopped and n in (whole - 1 + k, whole + k))):
            bad.append((cut - last, len(after), code, n))
report(f"cut at each of {end - last} bytes of the last trace line, alone or before the next "
       f"boot: status 0, the accesses before it replayed, {stops} stops named ({len(bad)} "
       f"wrong: {bad[:3]})", not bad and stops > end - last)
mid = data.index(b"  trace ", len(data) // 2)
code, n, out = run(data[:mid + 60] + b"\n" + data[mid:])
report("a garbled line inside the trace: refused, status 2", code == 2 and "replay: " in out, out)
done()
PY
