#!/usr/bin/env python3
"""make docs: docs/tests.md, the test catalogue, from the test tables.

  catalogue.py [--out FILE]
  catalogue.py --count GLOB [--shape SHAPE] [--select GLOBS] [--skip GLOBS]

Walks all_suites in suites/all.c in order (and the state brackets of
harness/session.c, and the inject= tests), reads each suite's table
({ .id = "id", .desc = "description", .needs = needs, .run = function })
and lists every test id, its description and the spec statements its
source cites: the literal ids (N-06, OQ-N15) in the table entry, in the
test's function with the comment above it, and in every function of the
same file that it calls, directly or not. A script over the sources
rather than a host program walking the tables: the self-tests and inject=
tests exist only in the UEFI build, and which statements a function cites
is in its source, not in the binary.
make check fails when the committed docs/tests.md differs from its output.

--count prints how many results a run has whose id matches GLOB (fnmatch
over dotted ids): every test of every suite and bracket has a result, N/A
where it does not apply, but inject= tests (run only when named); a suite
declared SUITE_EACH_TYPE runs once per core type on a hybrid core shape
(--shape hybrid: two types, C-61); --select and --skip are a run's tests=
and skip= (comma-separated globs). ci/boots.py takes a boot's expected
counts from it.
"""
import argparse
import fnmatch
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CITE = re.compile(r"(?<![A-Za-z0-9-])(OQ-[A-Z]+\d+|[A-Z]-\d+)(?!\d)")
# A table entry: { .id = "id", .desc = "desc" "desc", .needs = NEEDS,
# .run = function } (an optional designator [X] = in front), or a
# bracket's struct test = { ... }.
ENTRY = re.compile(r'(?:\{|=\s*\{|\]\s*=\s*\{)\s*\.id = "([a-z0-9.-]+)",'
                   r'\s*\.desc = ((?:"(?:[^"\\]|\\.)*"\s*)+),'
                   r'\s*\.needs = ([A-Z0-9_| ]+),\s*\.run = (\w+)\s*,?\s*\}', re.S)
FUNC = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\(([^;{}]*?)\)\s*\{", re.M)
WORD = re.compile(r"\b([A-Za-z_]\w*)\b")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def strip_strings(s):
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', s))


def functions(text):
    """{name: source} of every function defined in text, with the comment
    right above it."""
    out = {}
    for m in FUNC.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        start = m.start()
        above = re.search(r"/\*(?:[^*]|\*(?!/))*\*/\s*\Z", text[:start])
        out[m.group(1)] = (text[above.start():start] if above else "") + text[m.start():i + 1]
    return out


def sources():
    for top in ("harness", "suites"):
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(dirs)
            for f in sorted(files):
                if f.endswith(".c"):
                    yield os.path.relpath(os.path.join(dirpath, f), ROOT)


def cited(fn, path, funcs, nonstatic):
    """Statements cited by function fn of file path: its own source, then
    every function of the same file it names (a call, or a function handed
    to a helper), directly or not. A test function the table's file does not
    define is looked up among the non-static ones of every file; helpers
    shared across files (suites/common/pmi_path.c, ...) are not followed, so that a
    test lists what its own file cites."""
    seen, todo, ids = set(), [(fn, path)], set()
    while todo:
        name, where = todo.pop()
        if name not in funcs[where]:
            if name not in nonstatic:
                continue
            where = nonstatic[name]
        if (name, where) in seen:
            continue
        seen.add((name, where))
        src = funcs[where][name]
        ids.update(CITE.findall(src))
        body = src[src.index("{"):] if "{" in src else src
        todo.extend((c, where) for c in set(WORD.findall(body)) if c in funcs[where])
    return ids


def order(cite):
    m = re.match(r"(OQ-)?([A-Z]+)-?(\d+)", cite)
    return (bool(m[1]), m[2], int(m[3]))


def catalogue():
    """The catalogue's groups in run order: (title, rows, each_type), each
    row (path, (offset, id, description, function)); and the sources'
    functions for the citations."""
    suites, entries = {}, {}  # variable -> (name, file, table); file -> its tests
    funcs, nonstatic = {}, {}
    for path in sources():
        text = read(path)
        funcs[path] = functions(text)
        for name, src in funcs[path].items():
            if not re.search(r"(^|\n)static\b", src.split("{")[0]):
                nonstatic.setdefault(name, path)
        entries[path] = [(m.start(), m[1], strip_strings(m[2]), m[4]) for m in ENTRY.finditer(text)]
        for m in re.finditer(r"struct suite (\w+) = SUITE(_EACH_TYPE)?\(\"([^\"]+)\", (\w+)\)", text):
            suites[m[1]] = (m[3], path, m[4], bool(m[2]))
        for m in re.finditer(r"struct suite (\w+) = \{ \.name = \"([^\"]+)\", \.tests = (\w+)",
                             text):
            suites[m[1]] = (m[2], path, m[3], False)

    def table(path, var):
        text = read(path)
        m = re.search(r"struct test " + var + r"\[\] = \{", text)
        end = text.index("\n};", m.end())
        rows = [e for e in entries[path] if m.end() <= e[0] < end]
        # every row a test: a row ENTRY cannot read (not in designated
        # form) would drop its test from the catalogue unseen
        if len(rows) != len(re.findall(r"\n\t(?:\[\w+\] = )?\{", text[m.end():end])):
            sys.exit(f"catalogue: {path}: {var}[] has rows not of the form "
                     "{ .id = ..., .desc = ..., .needs = ..., .run = ... }")
        return rows

    def bracket(var):
        for path, text in ((p, read(p)) for p in entries):
            m = re.search(r"const struct test " + var + r" = \{", text)
            if m:
                return path, [e for e in entries[path] if e[0] >= m.start()][:1]
        sys.exit(f"catalogue: no bracket {var}")

    groups = []
    session = read("harness/session.c")
    br = re.search(r"struct bracket brackets\[\] = \{(.*?)\n\};", session, re.S)
    for first, last in re.findall(r"\.first = &(\w+), \.last = &(\w+) \}", br[1]):
        rows = []
        for var in (first, last):
            path, e = bracket(var)
            rows.append((path, e[0]))
        groups.append(("state brackets: " + rows[0][1][1].rsplit(".", 1)[0]
                       + ".* (first before its tests, last after)", rows, False))
    for var in re.findall(r"^\s*&(\w+),", read("suites/all.c"), re.M):
        name, path, tvar, each_type = suites[var]
        groups.append((f"{name} (`{path}`)", [(path, e) for e in table(path, tvar)], each_type))
    return groups, funcs, nonstatic


def count(groups, glob, shape, select, skip):
    """The results a run has whose id matches glob (the module's --count)."""
    def any_of(tid, globs):
        return any(fnmatch.fnmatchcase(tid, g) for g in globs.split(",") if g)
    n = 0
    for title, rows, each_type in groups:
        for _, (_, tid, _, _) in rows:
            if (fnmatch.fnmatchcase(tid, glob) and any_of(tid, select) and not any_of(tid, skip)
                    and not title.startswith("inject ")):
                n += 2 if each_type and shape == "hybrid" else 1
    return n


def generations():
    """The registry's rows (pmu/registry.c, uncore_gens): name, description,
    CPU models and the suite that tests them, as table lines."""
    text = read(os.path.join(ROOT, "pmu/registry.c"))
    body = text[text.index("uncore_gens[] = {"):]
    body = body[:body.index("\n};")]
    out = ["## Generations", "",
           "The registry's rows (`pmu/registry.c`): the CPUs each names (family 6 display",
           "models) and the suites its tests run from; a generation without one tests the",
           "core PMU alone.", "", "| generation | what it is | CPU models | suite |", "|---|---|---|---|"]
    for row in re.finditer(r'\.name = "(\w+)",\s*\.desc = "((?:[^"\\]|\\.)*)"(.*?)\n\t\}', body, re.S):
        models = re.search(r"MODELS\(([^)]*)\)", row[3])
        suites = " ".join(re.findall(r'\.suite(?:_also)? = "([\w ]+)"', row[3])).split()
        out.append(f"| `{row[1]}` | {row[2]} | {models[1] if models else 'any other whose discovery table answers'} | "
                   f"{', '.join('`' + x + '.*`' for x in suites) if suites else 'none yet'} |")
    return out + [""]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out")
    ap.add_argument("--count", metavar="GLOB")
    ap.add_argument("--shape", default="")
    ap.add_argument("--select", default="*")
    ap.add_argument("--skip", default="")
    args = ap.parse_args()
    groups, funcs, nonstatic = catalogue()
    if args.count:
        print(count(groups, args.count, args.shape, args.select, args.skip))
        return

    out = ["# Test catalogue: every test id, what it proves and the spec statements it cites",
           "",
           "Every test the harness has, suite by suite in run order: its id, what it",
           "proves, and the spec statements (docs/spec/) its source cites. Generated by",
           "`make docs` (ci/catalogue.py) from the test tables; do not edit by hand.",
           "`uncore.inject.*` run only when `inject=` names one. Selection, N/A and SKIP:",
           "[configuration](configuration.md), [results](results.md).",
           ""]
    out += generations()
    total = 0
    for title, rows, _ in groups:
        out += [f"## {title}", "", "| test | what it proves | spec statements |", "|---|---|---|"]
        for path, (_, tid, desc, fn) in rows:
            ids = cited(fn, path, funcs, nonstatic) | set(CITE.findall(desc))
            cites = ", ".join(sorted(ids, key=order)) or "-"
            out.append(f"| `{tid}` | {desc.replace('|', chr(92) + '|')} | {cites} |")
            total += 1
        out.append("")
    out.append(f"{total} tests.")
    text = "\n".join(out) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
