#!/usr/bin/env python3
"""make docs: the tables of the docs that build/host/regs prints from the
code, written in place.

  docs_tables.py [--regs PATH] [--check]

Each table follows a marker line in its document and ends at the first
blank line:
  docs/defects.md  <!-- make docs: regs --docs-defects -->  a row per defect
                   (the lists beside the models, the rows of make mutation)
  docs/design.md   <!-- make docs: regs --docs-gens -->     a row per
                   generation of the registry
--check writes nothing: it names each stale document and exits 1 (a host
test, tests/ci/test_docs_tables.sh, runs it in make check).
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = [("docs/defects.md", "--docs-defects"), ("docs/design.md", "--docs-gens")]


def spliced(text, option, table, path):
    """text with the table after option's marker replaced by table."""
    marker = f"<!-- make docs: regs {option} -->"
    lines = text.split("\n")
    if marker not in lines:
        sys.exit(f"docs_tables: {path} has no line {marker}")
    start = lines.index(marker) + 1
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return "\n".join(lines[:start] + table.rstrip("\n").split("\n") + lines[end:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--regs", default=os.path.join(ROOT, "build/host/regs"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    stale = []
    for rel, option in TABLES:
        path = os.path.join(ROOT, rel)
        run = subprocess.run([args.regs, option], capture_output=True, text=True)
        if run.returncode:
            sys.exit(f"docs_tables: {args.regs} {option} failed: {run.stderr.strip()}")
        text = open(path, encoding="utf-8").read()
        new = spliced(text, option, run.stdout, rel)
        if new == text:
            continue
        if args.check:
            stale.append(rel)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
    for rel in stale:
        print(f"{rel} is stale: run make docs")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
