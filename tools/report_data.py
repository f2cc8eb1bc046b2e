"""What make report shows, as data (tools/report.py draws it): the run's
identity, its results in the order an engineer reads them, the PMI
latencies per core, the figures that carry an expected value, and the
comparison of a run against a base run. No plotting here, so that the host
test (tests/tools/test_report.py) checks the logic without matplotlib.

Figures are keyed by (test id, iteration, figure name, index), the index
being the entry's "core"/"cpu"/"package"/"half"/"box" value (None for a
plain figure); docs/results.md describes the format.
"""
import os
import re

BAD = ("FAIL", "ERROR")
GOOD = ("PASS", "XFAIL")
# The verdict table's order: what needs a look first; N/A goes to a table
# of its own (it is not a result the machine could change).
ORDER = {"FAIL": 0, "ERROR": 0, "SKIP": 1, "XFAIL": 2, "PASS": 3, "N/A": 4}
INDEX_KEYS = ("cpu", "core", "package", "half", "box")
# A figure's tolerance in a comparison when the test recorded none:
# identities, masks, register values, widths, vectors and flags must not
# change at all; any other figure without a tolerance of its own derivation
# (a raw count over a window whose length varies, a time) is not compared:
# only what its test bounds can have moved beyond its bound.
EXACT_UNITS = ("bool", "mask", "reg", "id", "vector", "bits")
LATENCY = re.compile(r"^((?:[a-z0-9]+_)*latency)_us_(min|median|max)$")


def entries(figures):
    """Each entry of a test's figures: (name, index, entry dict)."""
    for name, fig in sorted((figures or {}).items()):
        for e in fig if isinstance(fig, list) else [fig]:
            at = next((e[k] for k in INDEX_KEYS if k in e), None)
            yield name, at, e


def index_word(e):
    """'core 1', 'box C0' or '' for a plain entry."""
    return next((f"{k} {e[k]}" for k in INDEX_KEYS if k in e), "")


def test_key(t):
    """A result's identity across runs: its test and iteration, and on a
    hybrid part its core type (each core test runs once per type, C-61)."""
    return (t.get("id", ""), t.get("iteration", 1), t.get("core_type"))


def test_name(t):
    """The test as the console names it: "core.events.core-cycles
    [E-core (20H) cpu 2]" on a hybrid part, else its id."""
    ct = t.get("core_type")
    return t.get("id", "?") + (f" [{ct} cpu {t.get('cpu')}]" if ct else "")


def ordered_tests(doc):
    """(applicable, not applicable): FAIL and ERROR first, then SKIP,
    XFAIL, PASS, each in run order; the N/A results apart, in run order."""
    tests = list(enumerate(doc.get("tests") or []))
    app = sorted((p for p in tests if p[1].get("verdict") != "N/A"),
                 key=lambda p: (ORDER.get(p[1].get("verdict"), 0), p[0]))
    na = [t for _, t in tests if t.get("verdict") == "N/A"]
    return [t for _, t in app], na


def read_progress(folder):
    """The run folder's progress mark (progress.txt: "uncore-harness
    progress: state=test ... index=N ... id=ID ... planned=P ... .") as a
    dict of its fields, or {} without a readable one."""
    try:
        with open(os.path.join(folder, "progress.txt"), "rb") as f:
            text = f.read(4096).decode("ascii", "replace")
    except OSError:
        return {}
    if not text.startswith("uncore-harness progress: "):
        return {}
    return dict(w.split("=", 1) for w in text.split()[2:] if "=" in w)


def figure_words(t):
    """A test's figures as short text, "name[index] = value unit (expected
    E +- T)", for the banner beside its reason."""
    out = []
    for name, at, e in entries(t.get("figures")):
        exp = (f" (expected {e['expected']} +- {e.get('tolerance', 0)})"
               if "expected" in e else "")
        out.append(f"{name}{f'[{index_word(e)}]' if at is not None else ''} = "
                   f"{e.get('value')} {e.get('unit', '')}{exp}".rstrip())
    return out


def banner(doc, progress=None):
    """The verdict first: {"word": FAIL | ERROR | INCOMPLETE | NOTHING TESTED
    | PASS, "line": one sentence, "bad": the FAIL and ERROR results in run
    order}. A run that did not end says how far it got and, from its
    progress mark, in which test it stopped."""
    tests = doc.get("tests") or []
    t = tally(doc)
    bad = [x for x in tests if x.get("verdict") in BAD]
    ran = sum(t.get(v, 0) for v in GOOD + BAD)
    progress = progress or {}
    if not doc.get("complete"):
        planned = progress.get("planned")
        where = ""
        if progress.get("state") == "test" and progress.get("id"):
            where = f", cut in {progress['id']} (result {progress.get('index', '?')})"
        line = (f"the run did not end: {len(tests)} of {planned or 'an unknown number of'} "
                f"results recorded{where}; {len(bad)} FAIL or ERROR among them")
        return {"word": "INCOMPLETE", "line": line, "bad": bad}
    if bad:
        word = "ERROR" if any(x.get("verdict") == "ERROR" for x in bad) else "FAIL"
        line = f"{len(bad)} of {len(tests)} results failed (FAIL or ERROR)"
    elif not ran:
        word, line = "NOTHING TESTED", f"no test ran: all {len(tests)} results SKIP or N/A"
    else:
        word = "PASS"
        line = f"{ran} of {len(tests)} results passed; {len(tests) - ran} SKIP or N/A"
    return {"word": word, "line": line, "bad": bad}


def run_title(doc):
    """A run as a title names it: its folder, tag and date."""
    when = str(doc.get("date_utc") or "").replace("T", " ").replace("Z", " UTC")
    tag = f"tag {doc['tag']}" if doc.get("tag") else ""
    extra = ", ".join(x for x in (tag, when.strip()) if x)
    return f"{doc.get('run') or '?'}" + (f" ({extra})" if extra else "")


def na_groups(tests):
    """The N/A results grouped by reason, in the order each reason first
    appears: [(reason, [results])]."""
    groups = {}
    for t in tests:
        groups.setdefault(t.get("reason") or "", []).append(t)
    return list(groups.items())


def tally(doc):
    """Verdict -> count over the run's results."""
    out = {}
    for t in doc.get("tests") or []:
        out[t.get("verdict", "?")] = out.get(t.get("verdict", "?"), 0) + 1
    return out


def latencies(doc):
    """PMI latency per core: {series: {index: {"min": v, "median": v,
    "max": v}}}, a series per test and figure family (test id, plus the
    family's prefix when it has one), from every figure named
    [prefix_]latency_us_{min,median,max} indexed by core or CPU. Over the
    iterations of a repeat=N run: the least min, the median of the medians,
    the greatest max, and "worst", the iteration that gave it."""
    seen = {}
    for t in doc.get("tests") or []:
        for name, at, e in entries(t.get("figures")):
            m = LATENCY.match(name)
            if not m or at is None or not isinstance(e.get("value"), (int, float)):
                continue
            series = test_name(t) + ("" if m.group(1) == "latency" else ":" + m.group(1))
            seen.setdefault(series, {}).setdefault(at, {}).setdefault(m.group(2), []).append(
                (e["value"], t.get("iteration", 1)))
    out = {}
    for series, by_at in seen.items():
        for at, stats in by_at.items():
            agg = {}
            if "min" in stats:
                agg["min"] = min(v for v, _ in stats["min"])
            if "median" in stats:
                agg["median"] = median([v for v, _ in stats["median"]])
            if "max" in stats:
                agg["max"], worst = max(stats["max"])
                if len(stats["max"]) > 1:
                    agg["worst"] = worst
            out.setdefault(series, {})[at] = agg
    return out


def median(values):
    """The middle value (the lower of the two middle ones of an even count:
    a value some iteration gave)."""
    s = sorted(values)
    return s[(len(s) - 1) // 2]


def expected_figures(doc):
    """Every plain figure the test gave an expected value: [(test name
    (test_name), iteration, name, value, expected, tolerance, unit)] in run
    order; over the iterations of a repeat=N run, one row per test and
    figure, the iteration furthest from its expected value in tolerances."""
    rows = {}
    for t in doc.get("tests") or []:
        for name, at, e in entries(t.get("figures")):
            if at is None and "expected" in e and isinstance(e.get("value"), (int, float)):
                row = (test_name(t), t.get("iteration", 1), name, e["value"], e["expected"],
                       e.get("tolerance", 0), e.get("unit", ""))
                key = (row[0], name)
                old = rows.get(key)
                if old is None or abs(deviation(*row[3:6])) > abs(deviation(*old[3:6])):
                    rows[key] = row
    return list(rows.values())


def deviation(value, expected, tol):
    """How far value is from expected in tolerances (1: at the bound)."""
    if tol:
        return (value - expected) / tol
    return 0.0 if value == expected else (float("inf") if value > expected else float("-inf"))


def tolerance(base_e, new_e):
    """A figure's tolerance in a comparison, and where it comes from: the
    one the test recorded (the new run's, else the base's), 0 for a unit
    that must not change; (None, why) for a figure not compared."""
    for e in (new_e, base_e):
        if "tolerance" in e:
            return e["tolerance"], "recorded"
    if new_e.get("unit") in EXACT_UNITS:
        return 0, "exact"
    return None, "no tolerance of its own"


def host_dependent(doc):
    """Whether the run's times depend on its host: under a hypervisor a
    PMI's latency is the host's scheduling as much as the machine's."""
    return bool((doc.get("cpu") or {}).get("hypervisor"))


def compare(base, new):
    """The new run against the base run: new failures, fixed tests, other
    verdict changes, tests only in one of them, figures that moved by more
    than their tolerance (tolerance()), and how many were not compared:
    without a tolerance of their own, or latencies of a run under a
    hypervisor (host-dependent)."""
    b = {test_key(t): t for t in base.get("tests") or []}
    n = {test_key(t): t for t in new.get("tests") or []}
    hv = host_dependent(new) or host_dependent(base)
    out = {"new_failures": [], "fixed": [], "changed": [], "only_base": [], "only_new": [],
           "moved": [], "not_compared": 0, "host_dependent": 0}
    for k, t in n.items():
        v = t.get("verdict")
        if k not in b:
            out["only_new"].append(t)
            if v in BAD:
                out["new_failures"].append((None, t))
            continue
        bv = b[k].get("verdict")
        if v in BAD and bv not in BAD:
            out["new_failures"].append((b[k], t))
        elif bv in BAD and v in GOOD:
            out["fixed"].append((b[k], t))
        elif bv != v:
            out["changed"].append((b[k], t))
        bfig = {(name, at): e for name, at, e in entries(b[k].get("figures"))}
        for name, at, e in entries(t.get("figures")):
            be = bfig.get((name, at))
            if be is None or not isinstance(e.get("value"), int) \
               or not isinstance(be.get("value"), int):
                continue
            if hv and LATENCY.match(name):
                out["host_dependent"] += 1
                continue
            tol, source = tolerance(be, e)
            if tol is None:
                out["not_compared"] += 1
            elif abs(e["value"] - be["value"]) > tol:
                out["moved"].append({"id": test_name(t), "iteration": k[1], "name": name,
                                     "index": index_word(e), "base": be["value"],
                                     "new": e["value"], "unit": e.get("unit", ""),
                                     "tolerance": tol, "source": source})
    out["only_base"] = [t for k, t in b.items() if k not in n]
    return out


def identity(doc):
    """The run's identity as (label, text) rows."""
    cpu = doc.get("cpu") or {}
    smb = doc.get("smbios") or {}
    pmu = doc.get("core_pmu") or {}

    def maker(d):
        if not d:
            return "absent"
        return ", ".join(str(d.get(k)) for k in ("manufacturer", "product", "serial")
                         if d.get(k) is not None) or "(not given)"
    fw = smb.get("firmware") or {}
    pmu_text = pmu.get("source", "?")
    if pmu.get("shape"):
        pmu_text += f", shape {pmu['shape']}"
    if pmu.get("version"):
        pmu_text += (f": version {pmu['version']}, {pmu.get('gp_counters')} general x "
                     f"{pmu.get('gp_width')} bits, {pmu.get('fixed_counters')} fixed x "
                     f"{pmu.get('fixed_width')} bits, EBX {pmu.get('ebx')}")
    summary = doc.get("summary")
    model = hex(cpu["model"]) if isinstance(cpu.get("model"), int) else "?"
    rows = [
        ("harness", f"{doc.get('harness', '?')} {doc.get('version', '?')}"),
        ("run", f"{doc.get('run', '?')}" + (f", tag {doc['tag']}" if doc.get("tag") else "")
         + ("" if doc.get("complete") else " (incomplete: rebuilt from the journal)")),
        ("date (UTC)", str(doc.get("date_utc"))),
        ("cpu", f"{cpu.get('vendor', '?')} {cpu.get('signature', '?')} family "
                f"{cpu.get('family', '?')} model {model}"
                f" stepping {cpu.get('stepping', '?')}: {cpu.get('brand', '?')}"),
        ("hypervisor", str(cpu.get("hypervisor") or "none (bare metal)")),
        ("microcode", str(cpu.get("microcode"))),
        ("firmware", ", ".join(str(fw.get(k)) for k in ("vendor", "version", "date")) if fw
         else ("no SMBIOS" if not smb else "absent")),
        ("SMBIOS", str(smb.get("version")) if smb else "none"),
        ("system", maker(smb.get("system")) if smb else "-"),
        ("board", maker(smb.get("board")) if smb else "-"),
        ("cpus", f"{doc.get('cpus', '?')} in {doc.get('packages', '?')} package(s), "
                 f"{doc.get('apic_mode', '?')}"),
        ("backend", f"{doc.get('backend', '?')} (validates {doc.get('validates', '?')})"),
        ("uncore", doc.get("uncore") or "none supported"),
        ("core PMU", pmu_text),
        ("tsc_hz", str(doc.get("tsc_hz"))),
        ("config", " ".join(f"{k}={v}" for k, v in sorted((doc.get("config") or {}).items()))),
        ("summary", ", ".join(f"{k} {v}" for k, v in summary.items()) if summary
         else "none (the run did not end)"),
    ]
    return rows


def oq_order(oq):
    """OQ-N6 before OQ-N12: the id's letters, then its number."""
    m = re.match(r"^OQ-([A-Z]*)(\d+)$", oq or "")
    return (m.group(1), int(m.group(2)), "") if m else ("~", 0, oq or "")


def open_questions(doc):
    """Every open question the run's tests checked (t_default; each test's
    "open_questions" in results.json), one row per question and default:
    id, default, the tests that checked it, checks and misses summed over
    them, held (no miss), the first miss as seen and the test it was seen
    in; the misses first, then by id. Also the number of entries tests
    could not record ("open_questions_dropped")."""
    rows, dropped = {}, 0
    for t in doc.get("tests") or []:
        dropped += t.get("open_questions_dropped", 0)
        for o in t.get("open_questions") or []:
            k = (o.get("id", "?"), o.get("default", ""))
            r = rows.setdefault(k, {"id": k[0], "default": k[1], "tests": [], "checks": 0,
                                    "misses": 0, "seen": None, "seen_in": None})
            if test_name(t) not in r["tests"]:
                r["tests"].append(test_name(t))
            r["checks"] += o.get("checks", 0)
            r["misses"] += o.get("misses", 0)
            if o.get("misses") and r["seen"] is None:
                r["seen"], r["seen_in"] = o.get("seen"), test_name(t)
    for r in rows.values():
        r["held"] = r["misses"] == 0
    return sorted(rows.values(), key=lambda r: (r["held"], oq_order(r["id"]), r["default"])), \
        dropped
