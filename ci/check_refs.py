#!/usr/bin/env python3
"""Every file a comment or a document cites is in the repository.

Reads the comments of the sources (C, assembly, shell, Python, the
Makefile) and the whole text of the Markdown documents, finds each
path-like token that starts at a top folder of the repository
(`pmu/regs/nhm.c`, `docs/design.md#layers`, `suites/<gen>/`) or names a
file at its root (`Makefile`, `README.md`), and checks it against
`git ls-files`: a file or a folder that holds one; a token with a
placeholder (`<gen>`, `*`) must match at least one; an anchor
(`#timer-tick`) must be a heading of that Markdown file (as GitHub makes
its id) or an explicit `<a id="...">`. A Markdown link `[x](file#anchor)`
is resolved from the document's folder. Linux's source paths
(`arch/x86/...`) and libpfm4's (`lib/events/...`) are not the
repository's and are skipped.

Usage: check_refs.py [--root DIR]
Prints one line per dangling reference ("FILE:LINE: cites PATH, which is
not in the repository"), then "refs: N references, N dangling";
exits 1 if any dangles.
"""
import argparse
import os
import re
import subprocess
import sys

TOPS = ("lib", "arch", "pmu", "harness", "suites", "efi", "host", "tests", "scripts", "tools", "ci", "docs",
        "lab", ".ci")
ROOT_FILES = ("Makefile", "README.md")
# Other projects' trees, cited as sources: Linux's, libpfm4's.
FOREIGN = ("arch/x86/", "lib/events/", "tools/perf/", "tools/testing/")
PATH = re.compile(r"(?<![\w./<>*%$-])((?:" + "|".join(re.escape(t) for t in TOPS)
                  + r")/[\w./<>*%-]*|(?:" + "|".join(re.escape(f) for f in ROOT_FILES)
                  + r")(?![\w.]))(#[\w-]+)?")
MD_LINK = re.compile(r"\]\(([^)\s#]*)(#[\w-]+)?\)")
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
HASH_COMMENT = re.compile(r"(?:^|(?<=\s))#[^\n]*")
DOCSTRING = re.compile(r'"""(.*?)"""', re.S)


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    files = {f for f in out if f and os.path.exists(os.path.join(root, f))}
    dirs = {os.path.dirname(f) for f in files}
    for d in list(dirs):
        while d:
            dirs.add(d)
            d = os.path.dirname(d)
    return files, dirs


def slug(heading):
    """The id GitHub gives a Markdown heading."""
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def anchors_of(root, rel, cache={}):
    if rel not in cache:
        ids = set()
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"#+\s+(.*)", line)
                if m:
                    ids.add(slug(m.group(1)))
                ids.update(re.findall(r'<a (?:id|name)="([\w-]+)"', line))
        cache[rel] = ids
    return cache[rel]


def comments(rel, text):
    """(offset, text) of the parts of a file that are prose."""
    if rel.endswith((".md",)):
        return [(0, text)]
    if rel.endswith((".c", ".h", ".S")):
        return [(m.start(), m.group(0)) for m in C_COMMENT.finditer(text)]
    parts = [(m.start(), m.group(0)) for m in HASH_COMMENT.finditer(text)]
    if rel.endswith(".py") or text.startswith("#!/usr/bin/env python") or \
            text.startswith("#!/usr/bin/python"):
        parts += [(m.start(), m.group(0)) for m in DOCSTRING.finditer(text)]
    return parts


def scanned(rel, text):
    name = os.path.basename(rel)
    if rel.endswith((".c", ".h", ".S", ".py", ".sh", ".md")) or name == "Makefile":
        return True
    return text.startswith("#!")


def exists(path, files, dirs):
    path = path.rstrip("/") if path.endswith("/") else path
    if "<" in path or "*" in path or "%" in path:
        rx = "".join("[^/]+" if re.fullmatch(r"<[^>]*>", p) else "[^/]*" if p in "*%" else
                     re.escape(p) for p in re.split(r"(<[^>]*>|\*|%)", path) if p)
        pat = re.compile(rx + "(/.*)?$")
        return any(pat.match(f) for f in files)
    return path in files or path in dirs


def check(root):
    files, dirs = tracked(root)
    n, problems = 0, []
    for rel in sorted(files):
        if rel.startswith("docs/spec/") and not rel.endswith(".md"):
            continue
        try:
            text = open(os.path.join(root, rel), encoding="utf-8").read()
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        if not scanned(rel, text):
            continue
        for off, part in comments(rel, text):
            refs = [(m.start(), m.group(1), m.group(2)) for m in PATH.finditer(part)]
            if rel.endswith(".md"):
                for m in MD_LINK.finditer(part):
                    target = m.group(1)
                    if not target or re.match(r"[a-z]+:", target):
                        continue
                    target = os.path.normpath(os.path.join(os.path.dirname(rel), target))
                    refs.append((m.start(), target, m.group(2)))
            for pos, path, anchor in refs:
                path = path.rstrip(".")
                if path.startswith(FOREIGN):
                    continue
                n += 1
                line = text.count("\n", 0, off + pos) + 1
                if not exists(path, files, dirs):
                    problems.append(f"{rel}:{line}: cites {path}, which is not in the repository")
                elif anchor and path.endswith(".md") and path in files and \
                        anchor[1:] not in anchors_of(root, path):
                    problems.append(f"{rel}:{line}: cites {path}{anchor}, which has no such heading")
    return n, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    n, problems = check(args.root)
    for p in problems:
        print(p)
    print(f"refs: {n} references, {len(problems)} dangling")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
