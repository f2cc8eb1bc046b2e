#!/usr/bin/python3
"""Host test for ci/check_tables.py (make check's check.tables): it passes
on this tree, and on made-up files it names a positional row of an array
of structs and a row-making macro with positional fields, and lets pass
designated rows, { 0 }, an object-like macro of designators and a
statement macro; a compound literal likewise. Prints TAP (ci/tap.py)."""
import os
import tempfile

from ci import check_tables
from ci.tap import report, done

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def bad_of(text):
    """check_tables's findings on one file holding text."""
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(text)
    try:
        return check_tables.check_file(f.name, "x.c")
    finally:
        os.unlink(f.name)


bad = []
for top in check_tables.DIRS:
    for d, _, files in os.walk(os.path.join(ROOT, top)):
        for name in files:
            if name.endswith((".c", ".h")):
                path = os.path.join(d, name)
                bad += check_tables.check_file(path, path)
report("this tree has no positional row", not bad, "; ".join(bad[:3]))

got = bad_of("static const struct kv t[] = {\n\t{ .key = \"a\" },\n\t{ \"b\", \"c\" },\n};\n")
report("a positional row is named with its line", len(got) == 1 and got[0].startswith("x.c:3:"),
       str(got))
got = bad_of("#define R(id, fn) { BIT_##id, fn }\n")
report("a row-making macro with positional fields is named", len(got) == 1, str(got))
got = bad_of("#define C0 .name = \"C0\", .n = 1\n"
             "static const struct box b[] = { { C0, .sel = { 1, 2 } }, { 0 } };\n"
             "#define R(id, fn) { .bit = BIT_##id, .run = fn }\n"
             "#define CHECK(c) do { if (!(c)) return 1; } while (0)\n")
report("designated rows, { 0 }, a designator macro and a statement macro pass", not got,
       str(got))
got = bad_of("void f(void)\n{\n\tq[0] = (struct req){ now, 3 };\n}\n")
report("a positional compound literal is named with its line",
       len(got) == 1 and got[0].startswith("x.c:3:"), str(got))
got = bad_of("void f(void)\n{\n\tq[0] = (struct req){ .cycle = now, .cores = 3 };\n"
             "\tq[1] = (struct req){ 0 };\n\ts = (struct set){ { [1] = 0 } };\n}\n")
report("designated and zero compound literals pass", not got, str(got))
got = bad_of("void f(void)\n{\n\tstruct req r = { now, 3 };\n\tstruct req z = { 0 };\n}\n")
report("a positional initializer of one object is named", len(got) == 1 and
       got[0].startswith("x.c:3:"), str(got))
done()
