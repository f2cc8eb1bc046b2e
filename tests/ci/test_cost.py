#!/usr/bin/python3
"""Host test for ci/cost.py on made-up figures: a generation's CPU seconds
are its boots' of rows.tsv (by generation, rows of none left out), its host
runs' and its matrix boots' (user + system of each .time file); the mean
line names how many generations it averages, their mean and the most
costly; without figures it says so and fails. Prints TAP (ci/tap.py)."""
import contextlib
import io
import os
import tempfile

from ci.tap import report, done

tmp = tempfile.mkdtemp()
os.environ["B"] = tmp
from ci import cost  # noqa: E402  (reads B at import)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def lines():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = cost.main()
    return rc, out.getvalue().splitlines()


rc, out = lines()
report("no figures: says so, fails", rc == 1 and "no figures" in out[0], "\n".join(out))
write(f"{tmp}/check/rows.tsv", "a-row\tnhm\t60.0\t10.5\nb-row\tnhm\t30.0\t4.5\nlab\t-\t5.0\t2.0\n"
      "c-row\tsnb\t20.0\t3.0\n")
write(f"{tmp}/mutation/host/nhm.clean.time", "1.00 0.50 0.25\n")
write(f"{tmp}/mutation/host/nhm.no-count.time", "1.00 0.50 0.25\n")
write(f"{tmp}/mutation/host/snb.clean.time", "junk\n")
write(f"{tmp}/mutation/qemu/nhm.b1.time", "90.00 20.00 1.00\n")
rc, out = lines()
row = {ln.split()[1]: ln.split()[2:] for ln in out if ln.startswith("cost:   ") and "gen" not in ln}
report("a generation's boots: its rows, their CPU summed", row.get("nhm", [])[:2] == ["2", "15.0"],
       str(row))
report("its host runs: user + system of each", row["nhm"][2:4] == ["2", "1.5"], str(row))
report("its matrix boots", row["nhm"][4:6] == ["1", "21.0"], str(row))
report("the total", row["nhm"][6] == "37.5", str(row))
report("a row of no generation left out", "-" not in row, str(row))
report("an unreadable time file left out", row.get("snb") == ["1", "3.0", "0", "0.0", "0", "0.0", "3.0"],
       str(row))
mean = [ln for ln in out if ln.startswith("cost: one generation")]
report("the mean line: how many, the mean, the most", rc == 0 and len(mean) == 1
       and mean[0].startswith("cost: one generation (mean of 2): 20 s CPU")
       and mean[0].endswith("the most: nhm 38 s CPU"), "\n".join(out))
done()
