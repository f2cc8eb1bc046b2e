#!/usr/bin/env python3
"""Leave on a finished run's medium what a reset inside a FAT driver's
flush can leave: directory entries that name clusters the FAT already
calls free.

OVMF's FAT driver writes the FAT before the directory entries when it
flushes, so a reset that falls between the two after a cluster was freed
(a file cut to nothing, a file deleted) keeps the old entry with its old
first cluster, now free. The next boot may give that cluster to a file that
grows; cutting or deleting the stale entry then frees the other file's
clusters, and the two files share them (docs/results.md, "A reset while
writing"). This tool makes that state on purpose, so a boot that resumes
the run can show it leaves no file sharing a cluster:

  - results.new, one byte long, its cluster free (a results.new just
    created, cut to nothing, the cut's FAT written and its entry not);
  - results.json's whole chain free, its entry kept (a delete of it cut
    the same way);
  - the mark back at state=end with the lengths it had then (the reset
    came while the files were being completed: the journal without its
    summary line, results.tap without its closing lines), and the FAT32
    free-cluster hint at the lowest freed cluster, as the driver leaves it
    after a free.

  python3 -m ci.stale_entries IMAGE RUN
IMAGE is a bare FAT32 image (build/esp.img's kind); RUN a run folder of
it (run-0001). Prints the clusters it freed."""
import os
import re
import struct
import subprocess
import sys
import tempfile

ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")


def mtools(*args):
    return subprocess.run(args, env=ENV, check=True, capture_output=True).stdout


def chain(image, path):
    """A file's clusters as mshowfat lists them (<a-b> <c> ...)."""
    out = mtools("mshowfat", "-i", image, path).decode()
    clusters = []
    for a, b in re.findall(r"<(\d+)(?:-(\d+))?>", out):
        clusters += range(int(a), int(b or a) + 1)
    return clusters


def free(image, clusters):
    """Each cluster's entry 0 in every FAT; the FSInfo hint and count
    follow (FAT32: BPB bytes 36 (FAT size), 48 (FSInfo sector); FSInfo
    bytes 488 (free count), 492 (next free))."""
    with open(image, "r+b") as f:
        bpb = f.read(512)
        sector, reserved, nfats = struct.unpack_from("<H", bpb, 11)[0], \
            struct.unpack_from("<H", bpb, 14)[0], bpb[16]
        fat_sectors = struct.unpack_from("<I", bpb, 36)[0]
        info = struct.unpack_from("<H", bpb, 48)[0] * sector
        for k in range(nfats):
            base = (reserved + k * fat_sectors) * sector
            for c in clusters:
                f.seek(base + 4 * c)
                f.write(b"\0\0\0\0")
        f.seek(info + 488)
        count, _ = struct.unpack("<II", f.read(8))
        f.seek(info + 488)
        f.write(struct.pack("<II", count + len(clusters), min(clusters)))


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    image, run = argv[1], argv[2]
    folder = f"::/uncore-results/{run}"
    mark = mtools("mtype", "-i", image, f"{folder}/progress.txt").decode("ascii")
    if "state=done " not in mark:
        sys.exit(f"stale_entries: {run}'s mark is not at state=done")
    journal = mtools("mtype", "-i", image, f"{folder}/results.jsonl")
    tap = mtools("mtype", "-i", image, f"{folder}/results.tap")
    ending = {"state": "end",
              "jsonl": len(journal) - len(journal.rstrip(b"\n").rsplit(b"\n", 1)[1]) - 1,
              "tap": tap.rindex(b"\n# ran ") + 1}
    for key, value in ending.items():
        mark = re.sub(rf" {key}=\S+", f" {key}={value}", mark, count=1)
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "progress.txt")
        with open(p, "w") as f:
            f.write(mark.rstrip().ljust(511) + "\n")
        mtools("mcopy", "-o", "-i", image, p, f"{folder}/progress.txt")
        p = os.path.join(tmp, "results.new")
        with open(p, "wb") as f:
            f.write(b"{")
        mtools("mcopy", "-o", "-i", image, p, f"{folder}/results.new")
    freed = chain(image, f"{folder}/results.new") + chain(image, f"{folder}/results.json")
    free(image, freed)
    print(" ".join(map(str, freed)))


if __name__ == "__main__":
    main(sys.argv)
