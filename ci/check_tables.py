#!/usr/bin/env python3
"""Designated initializers for every table row (docs/style.md, Code): a
row names its fields, so that a field added, removed or moved in the
struct cannot shift a row's values into the wrong ones unseen.

Checked on every C file of the layers, host/ and tests/:
- a row of an array of structs (`struct T name[...] = {` or
  `(struct T[]){`) starts with a designator (`.field` or `[index]`), is
  `{ 0 }`, or starts with an object-like macro of the same file whose body
  starts with a designator (suites/nhmex/filter.c's box names);
- a function-like macro whose body is a braced initializer (a row maker,
  `#define ROW(id, fn) { ... }`) starts it with a designator;
- a compound literal of one struct (`(struct T){ ... }`) or an object
  of one (`struct T name = { ... }`) starts with a designator or is
  `{ 0 }` (the same shift, in a single object).

Usage: check_tables.py [--root DIR]
Prints one line per positional row ("FILE:LINE: struct row rows: a
positional row {1, 2}"), then a summary line; exits 1 if there was any, 0
if none.
"""
import argparse
import os
import re
import sys

DIRS = ("lib", "arch", "pmu", "harness", "suites", "efi", "host", "tests")
ARRAY = re.compile(r"(?:struct\s+(\w+)\s+(?:const\s+)?(\w+)\s*(?:\[[^\]]*\])+\s*=\s*\{"
                   r"|\(\s*(?:const\s+)?struct\s+(\w+)\s*(?:const\s+)?\[[^\]]*\]\s*\)\s*\{)")
COMPOUND = re.compile(r"(?:\(\s*(?:const\s+)?struct\s+(\w+)\s*\)"
                      r"|\bstruct\s+(\w+)\s+(?:const\s+)?\w+\s*=)\s*\{")
OBJ_MACRO = re.compile(r"^\s*#\s*define\s+(\w+)\s+\.", re.M)
FN_MACRO = re.compile(r"^\s*#\s*define\s+\w+\([^)]*\)\s*((?:[^\n]*\\\n)*[^\n]*)", re.M)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def strip(src):
    """src without comments and string or character literals' contents,
    newlines kept so that line numbers hold."""
    src = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), src)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', '""', src)


def designated(row, obj_macros):
    """Whether the text of a row (inside its braces) is designated."""
    row = row.strip()
    if not row or row == "0" or row[0] in ".[":
        return True
    head = re.match(r"\w+", row)
    return bool(head) and head.group(0) in obj_macros


def rows_of(body):
    """(offset, text) of each top-level braced row of an initializer body."""
    depth, start = 0, 0
    for k, c in enumerate(body):
        if c == "{":
            if depth == 0:
                start = k
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                yield start, body[start + 1:k]


def check_file(path, rel):
    src = strip(open(path, encoding="utf-8", errors="replace").read())
    obj_macros = set(OBJ_MACRO.findall(src))
    bad = []
    for m in ARRAY.finditer(src):
        depth, j = 1, m.end()
        while depth and j < len(src):
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            j += 1
        for off, row in rows_of(src[m.end():j - 1]):
            if not designated(row, obj_macros):
                line = src.count("\n", 0, m.end() + off) + 1
                what = "struct %s %s" % (m.group(1), m.group(2)) if m.group(1) else \
                    "(struct %s[])" % m.group(3)
                bad.append("%s:%d: %s: a positional row {%s}" %
                           (rel, line, what, " ".join(row.split())[:60]))
    for m in COMPOUND.finditer(src):
        depth, j = 1, m.end()
        while depth and j < len(src):
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            j += 1
        body = src[m.end():j - 1].replace("\\\n", " ")
        if not designated(body.split(",")[0] if "," in body else body, obj_macros) and \
                not body.lstrip().startswith("{"):
            line = src.count("\n", 0, m.start()) + 1
            bad.append("%s:%d: struct %s: a positional initializer {%s}" %
                       (rel, line, m.group(1) or m.group(2), " ".join(body.split())[:60]))
    for m in FN_MACRO.finditer(src):
        body = m.group(1).replace("\\\n", " ").strip()
        if body.startswith("{") and not body.startswith("{}") and \
                not designated(body[1:].split(",")[0] if "," in body else body[1:-1], obj_macros) and \
                not re.match(r"\{\s*(do|if|for|while|switch|return|\w+\s*\()", body):
            line = src.count("\n", 0, m.start()) + 1
            bad.append("%s:%d: a row-making macro with positional fields: %s" %
                       (rel, line, " ".join(body.split())[:60]))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    root = ap.parse_args().root
    bad, n = [], 0
    for top in DIRS:
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.join(d, f)
                    n += 1
                    bad += check_file(path, os.path.relpath(path, root))
    for b in sorted(bad):
        print(b)
    print("tables: %d files, %d positional rows" % (n, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
