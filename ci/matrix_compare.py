#!/usr/bin/env python3
"""Compare two `make mutation` outputs (ci/mutation.sh) and exit 1 on
any difference in what they decided, naming each; 0 when they agree.

Compared, per generation row: its tests, its defects (by name: a defect's
column number may differ), each test x defect cell (X failed, . passed,
? no verdict), the QEMU agreement of each defect, the qemu summary line's
boots and verdict count, every "FAIL mutation:" line and the final
"mutation: N passed, N failed". Ignored: build lines and the timing line.

usage: ci/matrix_compare.py BEFORE AFTER
"""
import re
import sys

HEAD = re.compile(r"^(\S+): (\d+) tests x (\d+) defects$")
LEGEND = re.compile(r"^  +(\d+) (\S+)$")
AGREE = "QEMU boot agrees"


def parse(path):
    """{row: {"tests": [...], "defects": [...], "cells": {(t, d): v},
    "agree": {d: v}}} and the lines of the verdict rules."""
    rows, rules, cur, raw = {}, [], None, []
    for line in open(path, encoding="utf-8", errors="replace").read().splitlines():
        m = HEAD.match(line)
        if m or line.startswith(("FAIL mutation:", "mutation:", "qemu: ")):
            if cur is not None:
                resolve(cur, raw)
            cur, raw = None, []
        if m:
            cur = rows.setdefault(m.group(1), {"tests": [], "defects": [], "cells": {},
                                               "agree": {}})
        elif line.startswith(("FAIL mutation:", "mutation:", "qemu: ")):
            rules.append(line)
        elif cur is None or line.startswith("test "):
            continue
        elif LEGEND.match(line):
            cur["defects"].append(LEGEND.match(line).group(2))
        elif line.startswith(AGREE):
            raw.append((AGREE, line[len(AGREE):].split()))
        elif line.strip():
            raw.append((None, line.split()))
    if cur is not None:
        resolve(cur, raw)
    return rows, rules


def resolve(row, raw):
    """Name each cell by its test and its defect, once the legend is read.
    A test's line ends in one cell a defect; what comes before them is its
    name, blanks and all (a hybrid part's "core.v4.freeze [P-core (40H)]")."""
    n = len(row["defects"])
    for name, cells in raw:
        if name is None:
            name, cells = " ".join(cells[:len(cells) - n]), cells[len(cells) - n:]
        if name != AGREE and name not in row["tests"]:
            row["tests"].append(name)
        for i, v in enumerate(cells[:len(row["defects"])]):
            if name == AGREE:
                row["agree"][row["defects"][i]] = v
            else:
                row["cells"][name, row["defects"][i]] = v


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    (a, ra), (b, rb) = parse(sys.argv[1]), parse(sys.argv[2])
    diffs = []
    for g in sorted(set(a) | set(b)):
        if g not in a or g not in b:
            diffs.append(f"row {g}: only in {'after' if g in b else 'before'}")
            continue
        x, y = a[g], b[g]
        for what in ("tests", "defects"):
            for n in sorted(set(x[what]) - set(y[what])):
                diffs.append(f"{g}: {what[:-1]} {n} only before")
            for n in sorted(set(y[what]) - set(x[what])):
                diffs.append(f"{g}: {what[:-1]} {n} only after")
        for k in sorted(set(x["cells"]) | set(y["cells"])):
            if x["cells"].get(k) != y["cells"].get(k):
                diffs.append(f"{g}: {k[0]} x {k[1]}: {x['cells'].get(k)} before, "
                             f"{y['cells'].get(k)} after")
        for d in sorted(set(x["agree"]) | set(y["agree"])):
            if x["agree"].get(d) != y["agree"].get(d):
                diffs.append(f"{g}: QEMU agreement of {d}: {x['agree'].get(d)} before, "
                             f"{y['agree'].get(d)} after")
    if not a:
        diffs.append("no matrix in the first output")
    for line in sorted(set(ra) ^ set(rb)):
        diffs.append(f"verdict line {'only before' if line in ra else 'only after'}: {line}")
    for d in diffs:
        print("matrix_compare:", d)
    n = sum(len(r["cells"]) for r in a.values())
    print(f"matrix_compare: {len(a)} rows, {n} cells: "
          f"{'identical' if not diffs else f'{len(diffs)} difference(s)'}")
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
