#!/usr/bin/python3
"""Host test for ci/matrix_compare.py on two made-up matrices: a cell of a
test whose name holds blanks (a hybrid part's core type) is named by that
whole name and its own defect, not shifted by the name's words. Prints
TAP (ci/tap.py)."""
import os
import tempfile

from ci import matrix_compare
from ci.tap import report, done

MATRIX = """hybrid: 2 tests x 2 defects
test                                  0  1
core.v4.freeze [P-core (40H)]         {a}  .
core.hybrid.types                     .  X
QEMU boot agrees                      -  -
   0 core-ovf-late
   1 core-ovf-ctrl-noclear
mutation: 4 passed, 0 failed
"""


def parsed(a):
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
        f.write(MATRIX.format(a=a))
    try:
        return matrix_compare.parse(f.name)[0]["hybrid"]
    finally:
        os.unlink(f.name)


row = parsed("X")
report("a name with blanks is the whole name",
       row["tests"] == ["core.v4.freeze [P-core (40H)]", "core.hybrid.types"], str(row["tests"]))
report("its cells under their own defects",
       row["cells"][("core.v4.freeze [P-core (40H)]", "core-ovf-late")] == "X"
       and row["cells"][("core.v4.freeze [P-core (40H)]", "core-ovf-ctrl-noclear")] == ".")
report("the other rows unchanged", row["cells"][("core.hybrid.types", "core-ovf-ctrl-noclear")] == "X")
report("one changed cell is one difference",
       [k for k in row["cells"] if row["cells"][k] != parsed(".")["cells"][k]]
       == [("core.v4.freeze [P-core (40H)]", "core-ovf-late")])
done()
