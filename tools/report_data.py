"""What make report shows, as data (tools/report.py draws it): the run's
identity, its results in the order an engineer reads them, the PMI
latencies per core, the figures that carry an expected value, and the
comparison of a run against a base run. No plotting here, so that the host
test (tests/tools/test_report.py) checks the logic without matplotlib.

Figures are keyed by (test id, iteration, figure name, index), the index
being the entry's "core"/"cpu"/"package"/"half"/"box" value (None for a
plain figure); docs/results.md describes the format.
"""
import re

BAD = ("FAIL", "ERROR")
GOOD = ("PASS", "XFAIL")
# The verdict table's order: what needs a look first; N/A goes to a table
# of its own (it is not a result the machine could change).
ORDER = {"FAIL": 0, "ERROR": 0, "SKIP": 1, "XFAIL": 2, "PASS": 3, "N/A": 4}
INDEX_KEYS = ("cpu", "core", "package", "half", "box")
# A figure's tolerance in a comparison when the test recorded none:
# identities, masks, register values, widths, vectors and flags must not
# change at all; measured amounts may move by DEFAULT_TOL_PCT of the base
# value (at least 1 unit) before they are reported.
EXACT_UNITS = ("bool", "mask", "reg", "id", "vector", "bits")
DEFAULT_TOL_PCT = 20
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
    [prefix_]latency_us_{min,median,max} indexed by core or CPU."""
    out = {}
    for t in doc.get("tests") or []:
        for name, at, e in entries(t.get("figures")):
            m = LATENCY.match(name)
            if not m or at is None:
                continue
            series = test_name(t) + ("" if m.group(1) == "latency" else ":" + m.group(1))
            out.setdefault(series, {}).setdefault(at, {})[m.group(2)] = e.get("value")
    return out


def expected_figures(doc):
    """Every plain figure the test gave an expected value: [(test name
    (test_name), iteration, name, value, expected, tolerance, unit)] in run order."""
    out = []
    for t in doc.get("tests") or []:
        for name, at, e in entries(t.get("figures")):
            if at is None and "expected" in e:
                out.append((test_name(t), t.get("iteration", 1), name, e.get("value"),
                            e["expected"], e.get("tolerance", 0), e.get("unit", "")))
    return out


def deviation(value, expected, tol):
    """How far value is from expected in tolerances (1: at the bound)."""
    if tol:
        return (value - expected) / tol
    return 0.0 if value == expected else (float("inf") if value > expected else float("-inf"))


def tolerance(base_e, new_e):
    """A figure's tolerance in a comparison, and where it comes from: the
    one the test recorded (the new run's, else the base's), else the
    default of its unit."""
    for e in (new_e, base_e):
        if "tolerance" in e:
            return e["tolerance"], "recorded"
    if new_e.get("unit") in EXACT_UNITS:
        return 0, "exact"
    return max(1, abs(base_e.get("value", 0)) * DEFAULT_TOL_PCT // 100), f"{DEFAULT_TOL_PCT}%"


def compare(base, new):
    """The new run against the base run: new failures, fixed tests, other
    verdict changes, tests only in one of them, and figures that moved by
    more than their tolerance (tolerance())."""
    b = {test_key(t): t for t in base.get("tests") or []}
    n = {test_key(t): t for t in new.get("tests") or []}
    out = {"new_failures": [], "fixed": [], "changed": [], "only_base": [], "only_new": [],
           "moved": []}
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
            tol, source = tolerance(be, e)
            if abs(e["value"] - be["value"]) > tol:
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
