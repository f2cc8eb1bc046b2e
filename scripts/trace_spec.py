#!/usr/bin/env python3
"""make trace-spec: for every numbered statement of the register spec (N-xx,
C-xx, X-xx, S-xx, and the open questions OQ-xx), where the model code, the
host unit tests and the on-target tests cite it. A statement nobody cites
shows "-" in that column: a gap, not an error.

  trace_spec.py [--spec DIR] [--prefix N,C,OQ-N] [--gaps]

--gaps lists only the modelled statements with no model code or no host
test: [BOTH] and [MODEL] ones, and [HW] ones that an emulated model
(pmu/emu_*) cites anyway, tagged HW+model (the emulated core PMU reproduces
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
    ("host tests", lambda p: p.startswith("tests/host/")),
    ("target tests", lambda p: p.startswith("tests/") and not p.startswith("tests/host/")),
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


def id_patterns(sid):
    """N-06 -> N-06, n06_; OQ-N8 -> OQ-N8, oqn8_ (not OQ-N80)."""
    flat = sid.replace("-", "").lower()
    return re.compile(rf"(?<![A-Za-z0-9-]){re.escape(sid)}(?!\d)|(?<![A-Za-z0-9]){flat}_")


def sources():
    for top in ("pmu", "tests", "efi", "arch"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith((".c", ".h", ".S")):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, ROOT), open(path, encoding="utf-8").read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default=os.path.join(ROOT, "..", "shared", "spec"))
    ap.add_argument("--prefix", default="", help="comma-separated id prefixes, e.g. N,C,OQ-N")
    ap.add_argument("--gaps", action="store_true")
    a = ap.parse_args()
    if not os.path.isdir(a.spec):
        print(f"trace_spec: no spec folder at {a.spec} (pass --spec DIR)", file=sys.stderr)
        return 2
    prefixes = [p for p in a.prefix.split(",") if p]
    files = list(sources())
    rows, gaps = [], 0
    for sid, tag, doc in statements(a.spec):
        if prefixes and not any(re.match(rf"{re.escape(p)}-?\d", sid) for p in prefixes):
            continue
        pat = id_patterns(sid)
        cover = []
        for _, keep in GROUPS:
            hits = sorted({p for p, text in files if keep(p) and pat.search(text)})
            cover.append(" ".join(hits) if hits else "-")
        if tag == "HW" and any(p.startswith("pmu/emu_") and pat.search(t) for p, t in files):
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
