#!/usr/bin/python3
"""Host test for ci/stale_entries.py on a FAT32 image made here (mkfs.fat,
mtools): the entries stay, the FAT calls their clusters free in both
copies, the free-cluster hint points at the lowest, and the mark is back
at state=end with the lengths it had before the summaries. Prints TAP."""
import os
import struct
import subprocess
import tempfile

from ci.tap import report, done

ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")
RUN = "::/uncore-results/run-0001"
RECORD = b'{"seq":1,"test":{"id":"a.b"},"crc32":"00000000"}\n'
SUMMARY = b'{"seq":2,"summary":{"passed":1},"crc32":"00000000"}\n'
TAP = b"ok 1 - a.b\n# ran 1, planned 1\n1..1\n"


def sh(*args):
    return subprocess.run(args, env=ENV, check=True, capture_output=True).stdout


def put(img, tmp, name, data):
    p = os.path.join(tmp, name)
    with open(p, "wb") as f:
        f.write(data)
    sh("mcopy", "-o", "-i", img, p, f"{RUN}/{name}")


def fat_entries(img):
    """Entry reader of its own: BPB bytes 11 (sector), 14 (reserved),
    16 (FATs), 36 (FAT size), 48 (FSInfo sector)."""
    with open(img, "rb") as f:
        data = f.read()
    sector, reserved = struct.unpack_from("<HH", data, 11)[0], struct.unpack_from("<H", data, 14)[0]
    size = struct.unpack_from("<I", data, 36)[0]
    info = struct.unpack_from("<H", data, 48)[0] * sector
    fats = [(reserved + k * size) * sector for k in range(data[16])]
    return (lambda c: [struct.unpack_from("<I", data, b + 4 * c)[0] & 0x0FFFFFFF for b in fats],
            struct.unpack_from("<I", data, info + 492)[0])


with tempfile.TemporaryDirectory() as tmp:
    img = os.path.join(tmp, "fat.img")
    sh("mkfs.fat", "-F", "32", "-S", "512", "-s", "1", "-C", img, "34000")
    sh("mmd", "-i", img, "::/uncore-results", RUN)
    mark = (b"uncore-harness progress: state=done run=run-0001 boot=1 resets=0 index=1 "
            b"iteration=1 id=a.b planned=1 tap=%d jsonl=%d log=10 ." % (len(TAP), len(RECORD + SUMMARY)))
    put(img, tmp, "progress.txt", mark.ljust(511) + b"\n")
    put(img, tmp, "results.jsonl", RECORD + SUMMARY)
    put(img, tmp, "results.tap", TAP)
    put(img, tmp, "results.json", b"{" + b" " * 1200 + b"}")
    before = sh("mshowfat", "-i", img, f"{RUN}/results.json").decode()
    out = subprocess.run(["python3", "-m", "ci.stale_entries", img, "run-0001"],
                         capture_output=True, text=True)
    freed = [int(c) for c in out.stdout.split()]
    entry, hint = fat_entries(img)
    report("it exits 0 and names the clusters it freed", out.returncode == 0 and len(freed) == 4)
    report("results.json's three clusters and results.new's one", str(freed[-3]) in before)
    report("every freed cluster is free in both FATs", all(entry(c) == [0, 0] for c in freed))
    report("the free-cluster hint is the lowest freed", hint == min(freed))
    listing = sh("mdir", "-b", "-i", img, RUN).decode().lower()
    report("both entries stay", "results.new" in listing and "results.json" in listing)
    new = sh("mtype", "-i", img, f"{RUN}/progress.txt")
    report("the mark is 512 bytes, closed by \" .\" and a newline",
           len(new) == 512 and new[-1:] == b"\n" and new.rstrip().endswith(b" ."))
    report("state=end", b" state=end " in new)
    report("jsonl= ends before the summary line", b" jsonl=%d " % len(RECORD) in new)
    report("tap= ends before the closing lines", b" tap=%d " % TAP.index(b"# ran") in new)
    report("log= is kept", b" log=10 ." in new)
    out = subprocess.run(["python3", "-m", "ci.stale_entries", img, "run-0001"],
                         capture_output=True, text=True)
    report("a mark not at state=done is refused", out.returncode != 0 and "state=done" in out.stderr)
done()
