"""TAP for the host tests written in Python (tests/*/test_*.py): a line
"ok N - name" or "not ok N - name" per check (with the last line of why as
a comment on a failure), then the plan and the exit status."""
import sys

n = failed = 0


def report(name, ok, why=""):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok") + f" {n} - {name}")
    if not ok and why:
        print("# " + why.strip().splitlines()[-1][:300])
    failed += not ok


def done():
    print(f"1..{n}")
    sys.exit(1 if failed else 0)
