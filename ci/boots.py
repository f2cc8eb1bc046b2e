#!/usr/bin/env python3
"""make check's boots: every row of ci/boots.toml, CHECK_JOBS at a time.

  python3 -m ci.boots [--only NAME,...] [--list] [--table]

A row is one QEMU boot of the image (scripts/qemu.sh) and what it must
show: its exit code, the final summary line, no firmware exception, and
what ci/check_run.py checks of its result files; or a scripted job of
ci/check_jobs.sh (job =) that boots as it needs. The QEMU CPU and the
model of a generation come from the registry (build/host/regs
--mutation); the number of results a row expects for each glob of ran
comes from the test catalogue (ci/catalogue.py), for the row's core shape
and selection. A row with reads = boots nothing: its checks read the
results of the named row's boot, which must boot as it would (CPU, CPUs,
medium, options) and run every test, its own tests= among them; its
check_run reads only the results of its selection (--select). Rows start in the file's order (the longest first); each
row's lines print in that order once all are done, one PASS/FAIL/SKIP line
per check, then "boots: N passed, N failed, N skipped". The wall time of
each group, its rows' wall times summed and their CPU time, goes to
$B/check/phases.tsv for make check's table; each row's to
$B/check/rows.tsv (ci/cost.py).
--list prints each row's QEMU command and check_run arguments, nothing
booted; --table the rows as docs/development.md's table.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time
import tomllib

from ci import catalogue

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = os.environ.get("B", "build")
SUMMARY = re.compile(r"^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped, [0-9]+ not applicable$", re.M)
# The bound only catches a hung boot: generous, since a loaded host
# stretches a verbose=3 boot (a flushed log line per access) past 2 min.
BOOT_LIMIT = os.environ.get("BOOT_LIMIT", "600")
# The firmware's variables prepared once (the Makefile's $(B)/ovmf-vars.fd,
# scripts/qemu.sh --vars): a boot of the SATA disk starts from them, not
# from an empty store.
VARS = os.path.join(B, "ovmf-vars.fd")


def registry():
    """{row: (model, QEMU CPU)} of build/host/regs --mutation: the one home
    of a generation's QEMU CPU (pmu/registry.c)."""
    out = subprocess.run([os.path.join(B, "host", "regs"), "--mutation"], check=True,
                         capture_output=True, text=True).stdout
    return {f[0]: (int(f[1], 16), f[4]) for f in (ln.split() for ln in out.splitlines()) if f}


def qemu_major():
    out = subprocess.run(["qemu-system-x86_64", "--version"], capture_output=True, text=True).stdout
    m = re.search(r"version (\d+)", out)
    return int(m[1]) if m else 0


def opt(opts, key):
    """The value of key= in a boot's options, None if not given."""
    for w in shlex.split(opts):
        if w.startswith(key + "="):
            return w.split("=", 1)[1]
    return None


def plan(row, regs, groups):
    """(qemu.sh arguments, check_run arguments or None) of a boot row; a
    row that reads another's boot checks that boot's results folder."""
    d = os.path.join(B, "check", row.get("reads", row["name"]))
    model = row.get("model")
    cpu = row.get("cpu")
    if "gen" in row:
        model, cpu = regs[row["gen"]]
        cpu += "," + row["cpu_add"] if "cpu_add" in row else ""
    opts = row.get("opts", "")
    if model is not None and opt(opts, "expect_cpu") is None:
        opts = f"expect_cpu=6:{model:x} {opts}".strip()
    image = {"esp": os.path.join(B, "esp.img"), "usb": os.path.join(B, "usb.img")}.get(
        row.get("image", "esp"), os.path.join(B, row.get("image", "")))
    q = ["--image", image, "--quiet", "--serial-log", f"{d}/serial.log", "--results",
         f"{d}/results", "--timeout", BOOT_LIMIT]
    # The store's boot order names q35's SATA disk, then the UEFI shell: a
    # disk the firmware finds elsewhere (a USB stick, the PIIX's IDE) would
    # come after the shell, which it would start instead. Those rows, and
    # any without the store, boot from the empty one.
    if os.path.exists(VARS) and not {"--usb", "--machine"} & set(row.get("qemu", [])):
        q += ["--vars", VARS]
    if cpu:
        q += ["--cpu", cpu]
    for k in ("smp", "sockets"):
        if k in row:
            q += [f"--{k}", str(row[k])]
    if row.get("com2"):
        q += ["--com2", f"{d}/com2.log"]
    q += [a.replace("{dir}", d) for a in row.get("qemu", [])]
    if opts:
        q += ["--opts", opts]

    c = []
    if model is not None:
        c += ["--cpus", str(row.get("smp", 1)), "--packages", str(row.get("sockets", 1)),
              "--family", "6", "--model", hex(model)]
    if "uncore" in row:
        c += ["--uncore", row["uncore"], "--backend", row.get("backend", "emu")]
    if "core_pmu" in row:
        c += ["--core-pmu", row["core_pmu"]]
    if row.get("all_pass"):
        c += ["--all-pass"]
    if row.get("skip_ok"):
        c += ["--skip-ok", ",".join(row["skip_ok"])]
    shape = (row.get("core_pmu") or "").rpartition("shape ")[2]
    for glob in row.get("ran", []):
        n = catalogue.count(groups, glob, shape, opt(opts, "tests") or "*", opt(opts, "skip") or "")
        c += ["--ran", f"{glob}={n}"]
    for r in row.get("reason", []):
        c += ["--reason", r]
    for tid, v in row.get("verdict", {}).items():
        c += ["--verdict", f"{tid}={v}"]
    if "tests" in row:
        c += ["--tests", str(row["tests"])]
    if "reads" in row:
        c += ["--select", opt(opts, "tests") or "*"]
    c += row.get("checks", [])
    return q, (c if c and row.get("check_run", True) else None)


# The CPU seconds (user + system) of the processes each pool thread ran,
# theirs and their children's (QEMU's under scripts/qemu.sh): a row's cost
# that a loaded machine does not stretch as it stretches wall time.
CPU = {}


def run(cmd, env=None):
    """cmd's exit status and its standard output then error; its CPU time
    (wait4's, children waited for included) added to CPU."""
    with tempfile.TemporaryFile() as o, tempfile.TemporaryFile() as e:
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=o, stderr=e, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        me = threading.get_ident()
        CPU[me] = CPU.get(me, 0.0) + ru.ru_utime + ru.ru_stime
        o.seek(0)
        e.seek(0)
        return p.returncode, (o.read() + e.read()).decode(errors="replace")


def same_boot(row, by, regs, groups):
    """Why row cannot read the boot of row by, or None: the two must boot
    the same (CPU, CPUs and sockets, medium, QEMU arguments, options) but
    for row's tests=, a part of what by runs (by selects every test)."""
    if by is None or "job" in by or "reads" in by:
        return f"reads {row['reads']!r}, which is no boot row of ci/boots.toml"

    def boot_of(r):
        q, _ = plan(dict(r, name="-", reads="-"), regs, groups)
        i = q.index("--opts") if "--opts" in q else len(q)
        words = shlex.split(q[i + 1]) if i < len(q) else []
        return (q[:i] + q[i + 2:], sorted(w for w in words if not w.startswith("tests=")),
                r.get("exit", 0), r.get("before", []))
    if opt(by.get("opts", ""), "tests") not in (None, "*"):
        return f"{by['name']} runs tests={opt(by['opts'], 'tests')}, not every test"
    if boot_of(row) != boot_of(by):
        return f"{by['name']} boots otherwise (CPU, CPUs, medium, QEMU arguments or options)"
    return None


def read_boot(row, by, regs, groups):
    """A row reading another row's boot, once that has run: its lines."""
    why = same_boot(row, by, regs, groups)
    if why is None:
        _, c = plan(row, regs, groups)
        rc, cout = run([sys.executable, "-m", "ci.check_run",
                        os.path.join(B, "check", by["name"], "results"), *c])
        why = "; ".join(ln for ln in cout.splitlines() if ln) or (None if rc == 0 else f"check_run exit {rc}")
    if why is None:
        return f"PASS check.qemu.{row['name']} (read {by['name']}'s boot)\n"
    return f"FAIL check.qemu.{row['name']}: {why}\n"


def job(cmd, row):
    """A scripted row or a row's before/after step: ci/check_jobs.sh CMD."""
    env = dict(os.environ, B=B, ESP=os.path.join(B, "esp.img"), DIR=os.path.join(B, "check", row["name"]))
    return run(["ci/check_jobs.sh", *cmd], env)[1]


def boot(row, regs, groups):
    """One row: its lines (PASS/FAIL/SKIP and what explains a FAIL)."""
    name, d = row["name"], os.path.join(B, "check", row["name"])
    if "reads" in row:
        return read_boot(row, row["read"], regs, groups)
    os.makedirs(os.path.join(ROOT, d), exist_ok=True)
    if "job" in row:
        return job(row["job"], row)
    out = "".join(job(s, row) for s in row.get("before", []))
    q, c = plan(row, regs, groups)
    t0 = time.monotonic()
    code, qout = run(["scripts/qemu.sh", *q])
    out += qout
    want = row.get("exit", 0)
    why = [] if code == want else [f"exit status {code}, want {want}"]
    try:
        log = open(os.path.join(ROOT, d, "serial.log"), errors="replace").read()
    except OSError:
        log = ""
    if want != 124 and not SUMMARY.search(log.replace("\r", "")):
        why.append("no final summary line on the serial console")
    m = re.search(r".*X64 Exception Type.*", log)
    if m:
        why.append(f"the firmware took a CPU exception: {m[0].strip()}")
    if not why and c is not None:
        rc, cout = run([sys.executable, "-m", "ci.check_run", f"{d}/results", *c])
        why += [ln for ln in cout.splitlines() if ln] or ([] if rc == 0 else [f"check_run exit {rc}"])
    if not why:
        out += f"PASS check.qemu.{name} ({time.monotonic() - t0:.0f} s)\n"
    else:
        out += f"FAIL check.qemu.{name}: {';'.join(why)}\n"
        tail = [ln for ln in log.splitlines() if not ln.startswith("wire: ")][-25:]
        out += "".join(f"    {ln}\n" for ln in tail)
    return out + "".join(job(s, row) for s in row.get("after", []))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated row names")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--table", action="store_true")
    a = ap.parse_args()
    with open(os.path.join(ROOT, "ci", "boots.toml"), "rb") as f:
        rows = tomllib.load(f)["boot"]
    if a.only:
        rows = [r for r in rows if r["name"] in a.only.split(",")]
    regs, groups = registry(), catalogue.catalogue()[0]
    if a.table:
        print("| boot | CPU, CPUs, exit code | what it proves |\n|---|---|---|")
        for r in rows:
            if "job" in r:
                cpu = f"its own boots (`ci/check_jobs.sh {r['job'][0]}`)"
            else:
                cpu = (f"`{regs[r['gen']][1]}{',' + r['cpu_add'] if 'cpu_add' in r else ''}` "
                       f"(registry row {r['gen']})" if "gen" in r else f"`{r.get('cpu', 'Nehalem')}`")
                smp = r.get("smp", 1)
                cpu += f", {smp} CPU{'s' if smp > 1 else ''}"
                cpu += f" in {r['sockets']} sockets" if "sockets" in r else ""
                cpu += f"; exit {r['exit']}" if r.get("exit") else ""
            cpu += f"; the boot of `{r['reads']}`" if "reads" in r else ""
            print(f"| `{r['name']}` | {cpu} | {r['proves']} |")
        return 0
    if a.list:
        for r in rows:
            if "job" in r:
                print(f"{r['name']}: ci/check_jobs.sh {' '.join(r['job'])}")
            elif "reads" in r:
                _, c = plan(r, regs, groups)
                print(f"{r['name']}: reads {r['reads']}'s boot\n    check_run {shlex.join(c or [])}")
            else:
                q, c = plan(r, regs, groups)
                print(f"{r['name']}: scripts/qemu.sh {shlex.join(q)}\n    check_run {shlex.join(c or [])}")
        return 0
    major, skipped, todo = qemu_major(), [], []
    by_name = {r["name"]: r for r in rows}
    for r in rows:
        if max(r.get("needs_qemu", 0), by_name.get(r.get("reads"), {}).get("needs_qemu", 0)) > major:
            skipped.append(f"SKIP check.qemu.{r['name']}: QEMU {major} has no x2APIC under TCG; "
                           "QEMU 10 from bookworm-backports does (scripts/deps.sh)\n")
        else:
            todo.append(r)
    jobs = int(os.environ.get("CHECK_JOBS") or os.cpu_count() or 2)
    times = {}

    def timed(row):
        CPU[threading.get_ident()] = 0.0
        t0 = time.monotonic()
        out = boot(row, regs, groups)
        return out, t0, time.monotonic(), CPU[threading.get_ident()]

    # A row that reads another's boot (reads =) boots nothing: its checks
    # run once that boot is done.
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {r["name"]: pool.submit(timed, r) for r in todo if "reads" not in r}
        for r in todo:
            if "reads" in r:
                f = futures.get(r["reads"])
                if f is not None:
                    f.result()
                futures[r["name"]] = pool.submit(timed, dict(r, read=by_name.get(r["reads"])))
        results = [futures[r["name"]].result() for r in todo]
    text = "".join(skipped)
    for r, (out, t0, t1, cpu) in zip(todo, results):
        text += out
        g = times.setdefault(r["group"], [t0, t1, 0, 0.0, 0.0])
        g[0], g[1], g[2], g[3], g[4] = min(g[0], t0), max(g[1], t1), g[2] + 1, g[3] + t1 - t0, g[4] + cpu
    sys.stdout.write(text)
    counts = [len(re.findall(rf"^{w} ", text, re.M)) for w in ("PASS", "FAIL", "SKIP")]
    with open(os.path.join(ROOT, B, "check", "phases.tsv"), "w") as f:
        for g, (t0, t1, n, busy, cpu) in times.items():
            f.write(f"{g}\t{t1 - t0:.0f}\t{n}\t{busy:.0f}\t{cpu:.0f}\n")
    # Each row's wall and CPU seconds, and the generation it belongs to
    # (its registry row, else its uncore's), for ci/cost.py.
    with open(os.path.join(ROOT, B, "check", "rows.tsv"), "w") as f:
        for r, (_, t0, t1, cpu) in zip(todo, results):
            f.write(f"{r['name']}\t{r.get('gen') or r.get('uncore') or '-'}\t{t1 - t0:.1f}\t{cpu:.1f}\n")
    print(f"boots: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped")
    return 1 if counts[1] else 0


if __name__ == "__main__":
    sys.exit(main())
