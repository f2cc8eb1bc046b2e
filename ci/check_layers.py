#!/usr/bin/env python3
"""The layering rule of docs/design.md (Layers), checked on every quoted
#include: lib < arch < pmu < harness < suites < efi, each layer including
only its own and the ones below it; host/ (the Linux platforms, the host
suite and the replay tool) and tests/ (the unit tests of every layer) may
include anything. gnu-efi's
headers (<efi.h>, <efilib.h>, ...) count as efi/'s: only efi/ includes them.

Usage: check_layers.py [--root DIR]
Prints one line per upward include ("pmu/topo.c:3: includes
harness/config.h, a layer above pmu"), then a summary line; exits 1 if there
was any, 0 if none.
"""
import argparse
import os
import re
import sys

LAYERS = ["lib", "arch", "pmu", "harness", "suites", "efi"]  # lowest first
FREE = ("host", "tests")  # run or test every layer
ANY = "any"
SOURCES = (".c", ".h", ".S")
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<(efi[^>]*)>)')


def layer_of(rel):
    """The layer a repository path belongs to: ANY, a name of LAYERS, or
    None (outside every layer, e.g. scripts/, tools/, ci/)."""
    top = rel.split("/", 1)[0]
    if top in FREE:
        return ANY
    return top if top in LAYERS else None


def resolve(root, src, name):
    """The repository path a quoted include names: beside the including
    file first, then from the root (the build's -I.), as the compiler
    looks; None if neither exists."""
    for base in (os.path.dirname(src), ""):
        rel = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(root, rel)):
            return rel
    return None


def check(root):
    """(files, includes, problems) over every source file of the layers."""
    files = includes = 0
    problems = []
    for top in LAYERS + list(FREE):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for fname in sorted(names):
                if not fname.endswith(SOURCES):
                    continue
                src = os.path.relpath(os.path.join(dirpath, fname), root)
                n, found = check_file(root, src, layer_of(src))
                files += 1
                includes += n
                problems += found
    return files, includes, problems


def check_file(root, src, mine):
    """(includes checked, problems) of one file of layer mine."""
    n, out = 0, []
    with open(os.path.join(root, src), encoding="utf-8", errors="replace") as f:
        for no, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            n += 1
            if m.group(2):  # gnu-efi's
                if mine not in (ANY, "efi"):
                    out.append(f"{src}:{no}: includes <{m.group(2)}>, UEFI's, above {mine}")
                continue
            rel = resolve(root, src, m.group(1))
            if rel is None:
                out.append(f"{src}:{no}: includes \"{m.group(1)}\", which is no file")
                continue
            if mine == ANY:
                continue
            theirs = layer_of(rel)
            if theirs is None:
                out.append(f"{src}:{no}: includes {rel}, outside every layer")
            elif theirs == ANY or LAYERS.index(theirs) > LAYERS.index(mine):
                out.append(f"{src}:{no}: includes {rel}, a layer above {mine}")
    return n, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."),
                    help="the repository to check (default: this one)")
    args = ap.parse_args()
    files, includes, problems = check(args.root)
    for p in problems:
        print(p)
    print(f"layers: {files} files, {includes} includes, {len(problems)} upward")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
