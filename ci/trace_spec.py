#!/usr/bin/env python3
"""make trace-spec: for every numbered statement of the register spec (N-xx,
C-xx, X-xx, S-xx, and the open questions OQ-xx), where the model code, the
host unit tests and the on-target tests cite it. A statement nobody cites
shows "-" in that column: a gap, not an error.

  trace_spec.py [--spec DIR] [--prefix N,C,OQ-N] [--gaps | --dangling]

--dangling prints every citation in the code (pmu/, harness/, suites/, efi/, arch/,
lib/, host/, tests/, scripts/, tools/, ci/) of a statement or open question that the spec does not
have, file and line, and exits 1 if there is any (make check runs it).

--gaps lists only the modelled statements with no model code or no host
test: [BOTH] and [MODEL] ones, and [HW] ones that an emulated model
(pmu/emu/) cites anyway, tagged HW+model (the emulated core PMU reproduces
what the spec marks hardware-only, because TCG has no core PMU). Citations
are found as the literal id in comments, strings and test names (test names
may use the form n06_ / oqn8_ for N-06 / OQ-N8).
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# "**N-01** [BOTH]" or, in the SNB-EP digest, "**S-01 [BOTH]**"; "[HW only]"
# is the same tag as "[HW]". The Xeon 7500 digest writes "**X-12** [M, OQ-X5]":
# [M] is [MODEL], and what follows the comma names the open question.
STMT = re.compile(r"^- \*\*((?:OQ-)?[A-Z]-?\d+)(?:\*\*)?\s*(\[[A-Z]+(?: only)?)?(?:[,;][^\]]*)?\]?")
TAGS = {"M": "MODEL"}
OQ = re.compile(r"^- \*\*(OQ-[A-Z]+\d+)\b")

# Which files count as what.
GROUPS = [
    ("model", lambda p: p.startswith("pmu/")),
    ("host tests", lambda p: p.startswith(("tests/", "host/"))),
    ("target tests", lambda p: p.startswith(("suites/", "harness/"))),
]


def statements(spec_dir):
    out = []
    for name in sorted(os.listdir(spec_dir)):
        if not name.endswith(".md") or name == "README.md":
            continue
        for line in open(os.path.join(spec_dir, name), encoding="utf-8"):
            m = STMT.match(line) or OQ.match(line)
            if m:
                tag = m.group(2) if m.re is STMT and m.group(2) else ""
                tag = tag.strip("[]").replace(" only", "")
                out.append((m.group(1), TAGS.get(tag, tag), name))
    return out


# A citation in either form: the literal id (N-06, OQ-N8) or a test name's
# (n06_, oqn8_), never the start of a longer number (OQ-N8 then a digit).
ANY_FORM = re.compile(r"(?<![A-Za-z0-9-])(OQ-[A-Z]+\d+|[A-Z]-\d+)(?!\d)"
                      r"|(?<![A-Za-z0-9])((?:oq)?[a-z]\d+)_")


def citations(files):
    """{id: {path}} over files [(path, text)], each file read once."""
    out = {}
    for path, text in files:
        for lit, flat in ANY_FORM.findall(text):
            if flat:
                m = re.match(r"(oq)?([a-z])(\d+)$", flat)
                lit = (f"OQ-{m[2].upper()}{m[3]}" if m[1] else f"{m[2].upper()}-{m[3]}")
            out.setdefault(lit, set()).add(path)
    return out


def sources(tops=("pmu", "harness", "suites", "efi", "arch", "host", "tests"), exts=(".c", ".h", ".S")):
    for top in tops:
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith(exts):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, ROOT), open(path, encoding="utf-8").read()


# A citation: a statement id (two or more digits: N-06, not the N-1 of a
# formula) or an open question's, standing alone.
CITE = re.compile(r"(?<![A-Za-z0-9_-])((?:OQ-[NCXSLVD]\d+)|(?:[NCXSLVD]-\d{2,3}))(?![A-Za-z0-9_])")


def dangling(spec_dir):
    known = {sid for sid, _, _ in statements(spec_dir)}
    bad = 0
    for path, text in sources(("pmu", "harness", "suites", "efi", "arch", "lib", "host", "tests", "scripts", "tools", "ci"),
                              (".c", ".h", ".S", ".py", ".sh")):
        for n, line in enumerate(text.split("\n"), 1):
            for sid in CITE.findall(line):
                if sid not in known:
                    print(f"{path}:{n}: {sid} is in no digest of {spec_dir}")
                    bad += 1
    print(f"trace-spec: {bad} citation(s) of statements the spec does not have", file=sys.stderr)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default=os.path.join(ROOT, "..", "shared", "spec"))
    ap.add_argument("--prefix", default="", help="comma-separated id prefixes, e.g. N,C,OQ-N")
    ap.add_argument("--gaps", action="store_true")
    ap.add_argument("--dangling", action="store_true")
    a = ap.parse_args()
    if not os.path.isdir(a.spec):
        print(f"trace_spec: no spec folder at {a.spec} (pass --spec DIR)", file=sys.stderr)
        return 2
    if a.dangling:
        return dangling(a.spec)
    prefixes = [p for p in a.prefix.split(",") if p]
    files = list(sources())
    cited = citations(files)
    rows, gaps = [], 0
    for sid, tag, doc in statements(a.spec):
        if prefixes and not any(re.match(rf"{re.escape(p)}-?\d", sid) for p in prefixes):
            continue
        where = cited.get(sid, set())
        cover = []
        for _, keep in GROUPS:
            hits = sorted(p for p in where if keep(p))
            cover.append(" ".join(hits) if hits else "-")
        if tag == "HW" and any(p.startswith("pmu/emu/") for p in where):
            tag = "HW+model"
        missing = tag in ("BOTH", "MODEL", "HW+model") and (cover[0] == "-" or cover[1] == "-")
        gaps += missing
        if not a.gaps or missing:
            rows.append((sid, tag or "OQ" if sid.startswith("OQ") else tag, *cover))
    print("statement,tag,model,host tests,target tests")
    for r in rows:
        print(",".join(f'"{c}"' if " " in c else c for c in r))
    print(f"# {len(rows)} rows; {gaps} [BOTH]/[MODEL]/HW+model statements without model code or host test",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
