#!/usr/bin/env python3
"""What each generation cost make check, from the figures of its last run:

  python3 -m ci.cost

A generation's share is its boots of ci/boots.toml (the rows whose gen=
names it, or whose uncore= is its: $B/check/rows.tsv, ci/boots.py) and
its row of the mutation matrix: its host runs and its boots
($B/mutation/host/GEN.*.time, $B/mutation/qemu/GEN.*.time, ci/mutation.sh).
Each in CPU seconds (user + system, children included), which a loaded
machine stretches far less than wall time; make check being CPU-bound on
its cores, one more generation like these adds about its CPU seconds
divided by the cores to make check's wall time. Prints a line per
generation, then "cost: one generation (mean of N): X s CPU ...", the
line make check's phase table takes.
"""
import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = os.environ.get("B", "build")


def boot_rows(path):
    """{generation: [rows, CPU s]} of rows.tsv (name, gen, wall, CPU)."""
    out = {}
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return out
    for ln in lines:
        f = ln.split("\t")
        if len(f) == 4 and f[1] != "-":
            c = out.setdefault(f[1], [0, 0.0])
            c[0], c[1] = c[0] + 1, c[1] + float(f[3])
    return out


def matrix_runs(folder):
    """{generation: [runs, CPU s]} of a mutation folder's GEN.NAME.time
    files ("wall user system")."""
    out = {}
    for t in glob.glob(os.path.join(folder, "*.time")):
        gen = os.path.basename(t).split(".")[0]
        try:
            _, u, s = map(float, open(t).read().split()[-3:])
        except (OSError, ValueError):
            continue
        c = out.setdefault(gen, [0, 0.0])
        c[0], c[1] = c[0] + 1, c[1] + u + s
    return out


def main():
    boots = boot_rows(os.path.join(ROOT, B, "check", "rows.tsv"))
    host = matrix_runs(os.path.join(ROOT, B, "mutation", "host"))
    qemu = matrix_runs(os.path.join(ROOT, B, "mutation", "qemu"))
    gens = sorted(set(boots) | set(host) | set(qemu))
    if not gens:
        print("cost: no figures: run make check (or ci/boots.py and ci/mutation.sh) first")
        return 1
    print("cost: CPU seconds (user + system) per generation: its boots of ci/boots.toml, "
          "its host runs and boots of the mutation matrix")
    print(f"cost:   {'gen':<8} {'boots':>5} {'CPU':>6}  {'host runs':>9} {'CPU':>6}  "
          f"{'matrix boots':>12} {'CPU':>6}  {'total':>6}")
    total = {}
    for g in gens:
        b, h, q = boots.get(g, [0, 0.0]), host.get(g, [0, 0.0]), qemu.get(g, [0, 0.0])
        total[g] = b[1] + h[1] + q[1]
        print(f"cost:   {g:<8} {b[0]:>5} {b[1]:>6.1f}  {h[0]:>9} {h[1]:>6.1f}  {q[0]:>12} "
              f"{q[1]:>6.1f}  {total[g]:>6.1f}")
    cores = os.cpu_count() or 2
    mean = sum(total.values()) / len(total)
    most = max(total, key=total.get)
    print(f"cost: one generation (mean of {len(total)}): {mean:.0f} s CPU, about "
          f"{mean / cores:.0f} s of make check's wall time on {cores} cores; the most: "
          f"{most} {total[most]:.0f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
