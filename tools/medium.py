#!/usr/bin/python3
"""The harness's boot medium as an image file, through mtools: the run's
configuration keys added to it before a boot, and its newest result folder
copied out after one. The one reader and writer of the medium for
scripts/qemu.sh (make qemu, make check's boots) and for the lab
(lab/harness_run.py: the image written to a stick, the stick read back).

The image is either a bare FAT file system (build/esp.img) or a GPT disk
whose first partition is the ESP (build/usb.img, scripts/mkusb.sh); mtools
addresses the latter as IMAGE@@OFFSET."""
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile

ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")
RUN_RE = re.compile(r"^run-(\d+)$", re.IGNORECASE)


def fat(image):
    """The mtools address of the image's FAT: the image itself, or its first
    GPT partition (header at LBA 1, its entry array's LBA at byte 72 of the
    header, an entry's first LBA at byte 32 of the entry)."""
    with open(image, "rb") as f:
        f.seek(512)
        header = f.read(92)
        if header[:8] != b"EFI PART":
            return image
        entries = struct.unpack_from("<Q", header, 72)[0]
        f.seek(entries * 512 + 32)
        first = struct.unpack("<Q", f.read(8))[0]
    return f"{image}@@{first * 512}"


def mtools(*args, text=True):
    return subprocess.run(args, env=ENV, check=True, capture_output=True, text=text).stdout


def add_config(image, keys, source=None):
    """Append the keys ("key=value" strings, in order: a later one wins, as
    on the harness's command line) to uncore-harness.cfg at the root of the
    image's FAT, where the harness reads them when booted as the removable
    media default (it gets no load options then). With source (e.g. "make
    qemu OPTS"), a "#source: " line before them makes the harness name a
    key it ignores by that source and its place there (harness/config.c)."""
    where = fat(image)
    try:
        cfg = mtools("mtype", "-i", where, "::/uncore-harness.cfg")
    except subprocess.CalledProcessError:
        cfg = ""
    cfg += "\n# added by tools/medium.py\n"
    if source:
        cfg += f"#source: {source}\n"
    cfg += "".join(f"{k}\n" for k in keys)
    with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as f:
        f.write(cfg)
    try:
        mtools("mcopy", "-o", "-i", where, f.name, "::/uncore-harness.cfg")
    finally:
        os.unlink(f.name)


def prepare(source, image, keys):
    """A copy of the source image at image, with the keys added."""
    os.makedirs(os.path.dirname(os.path.abspath(image)), exist_ok=True)
    shutil.copyfile(source, image)
    add_config(image, keys)


def fetch_results(image, dest):
    """Copy the newest \\uncore-results\\run-NNNN\\ folder of the image into
    dest (emptied first); returns the folder's name, or None if the medium
    holds no run."""
    where = fat(image)
    try:
        listing = mtools("mdir", "-b", "-i", where, "::/uncore-results")
    except subprocess.CalledProcessError:
        return None
    runs = [os.path.basename(p.rstrip("/")) for p in listing.split()]
    runs = sorted((int(m[1]), m[0]) for m in map(RUN_RE.match, runs) if m)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    if not runs:
        return None
    last = runs[-1][1]
    mtools("mcopy", "-n", "-i", where, f"::/uncore-results/{last}/*", dest + "/")
    return last


def main(argv):
    """medium.py prepare SOURCE IMAGE KEY=VALUE...: a copy of SOURCE at IMAGE
    with the keys added (e.g. verbose=2 for a LAVA job's monitor);
    medium.py config IMAGE KEY=VALUE...: the keys added to IMAGE itself;
    medium.py opts IMAGE 'KEY=VALUE ...' [SOURCE]: the same, one string split
    as a shell splits words (make qemu OPTS='tag="my run"'), the harness's
    messages naming SOURCE; exit 2 if it cannot be split (an unclosed quote);
    medium.py fetch IMAGE DIR: the newest result folder of an image or a
    stick (/dev/sdX) copied into DIR, its name printed and written to
    DIR/RUN; exit 1 if the medium holds no run."""
    if len(argv) >= 3 and argv[0] == "prepare":
        prepare(argv[1], argv[2], argv[3:])
        return 0
    if len(argv) >= 2 and argv[0] == "config":
        add_config(argv[1], argv[2:])
        return 0
    if len(argv) in (3, 4) and argv[0] == "opts":
        try:
            keys = shlex.split(argv[2])
        except ValueError as e:
            print(f"medium.py: OPTS {argv[2]!r}: {e} (quote a value with blanks: "
                  f"tag=\"my run\")", file=sys.stderr)
            return 2
        add_config(argv[1], keys, argv[3] if len(argv) == 4 else "scripts/qemu.sh --opts")
        return 0
    if len(argv) == 3 and argv[0] == "fetch":
        run = fetch_results(argv[1], argv[2])
        if not run:
            print(f"medium.py: no result folder on {argv[1]}", file=sys.stderr)
            return 1
        with open(os.path.join(argv[2], "RUN"), "w") as f:
            f.write(run + "\n")
        print(run)
        return 0
    print(main.__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
