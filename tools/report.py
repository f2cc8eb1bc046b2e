#!/usr/bin/python3
"""Write one self-contained HTML report of a run, optionally compared with a
base run.

  report.py RUN-DIR [--base BASE-DIR] [--out FILE]

RUN-DIR is a run folder (results.json, or its journal rebuilt as
tools/results.py does when the run did not end). The report (default
RUN-DIR/report.html) opens with the verdict (every FAIL and ERROR with
its reason and figures; a run that did not end, how far it got), then
holds the run's identity, the verdict table (FAIL and ERROR first, N/A
apart, a row per reason), a plot of PMI latency per core
(min/median/max, over the iterations of a repeat=N run), a plot of every
figure that has an expected value against it, and with --base the
comparison: new failures, fixed tests, other verdict changes and figures
that moved beyond their own tolerance (tools/report_data.py says
which). The plots are matplotlib's SVG (Debian python3-matplotlib),
inline: no other file, no script, no network. Prints the report's path.
Exit status: 0 written; 1 a run folder has nothing readable (read with
tools/results.py's bounds: size, nesting, number length, a run's shape);
2 without matplotlib, or the report cannot be written; 3 a field of another
type than docs/results.md's (one line names it, no report written).
Its "Open questions" section lists every open question the run observed
(t_default, harness/test.h) and how it came out.
"""
import argparse
import html
import io
import math
import os
import sys

from tools import report_data as rd
from tools.results import read_run

BANNER = {"FAIL": "#c62828", "ERROR": "#8e24aa", "INCOMPLETE": "#ef6c00",
          "NOTHING TESTED": "#ef6c00", "PASS": "#2e7d32"}
COLOURS = {"FAIL": "#c62828", "ERROR": "#8e24aa", "SKIP": "#ef6c00", "XFAIL": "#00838f",
           "PASS": "#2e7d32", "N/A": "#757575"}
STATS = ("min", "median", "max")
CSS = """
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:80em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}
table.verdicts{width:100%}
table.verdicts td.v,table.verdicts td.num{width:1%}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top;font-size:.9em}
th{background:#f0f0f0}
td.v{font-weight:bold;color:#fff;text-align:center;white-space:nowrap}
tr.bad td{background:#fdecea}tr.bad td.v{background:#c62828}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.id,td.ids{font-family:monospace;white-space:nowrap}
.tally span{display:inline-block;padding:.2em .6em;margin-right:.4em;color:#fff;border-radius:3px}
.note{color:#555;font-size:.9em}
.diff td.b{background:#fff3cd}
.banner{padding:.6em 1em;border-radius:4px;color:#fff;margin:.5em 0 1em}
.banner b{font-size:1.3em;margin-right:.6em}
.banner ul{margin:.4em 0 0;padding-left:1.2em}
.banner code{color:#fff}
svg{max-width:100%;height:auto}
"""


def esc(x):
    return html.escape("" if x is None else str(x))


def svg_of(fig, salt, plt):
    """The figure as inline SVG: no XML prolog or date, its ids salted so
    that two plots in one page never share one."""
    plt.rcParams["svg.hashsalt"] = salt
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def latency_plot(lat, plt):
    """Min/median/max per core (x), one series per test."""
    fig, ax = plt.subplots(figsize=(12, 4.5))
    series = sorted(lat)
    width = 0.8 / max(1, len(series))
    for i, name in enumerate(series):
        idx = sorted(lat[name], key=lambda a: (str(type(a)), a))
        xs = [k + (i - (len(series) - 1) / 2) * width for k in range(len(idx))]
        med = [lat[name][a].get("median", math.nan) for a in idx]
        lo = [m - lat[name][a].get("min", m) for a, m in zip(idx, med)]
        hi = [lat[name][a].get("max", m) - m for a, m in zip(idx, med)]
        ax.errorbar(xs, med, yerr=[lo, hi], fmt="o", capsize=4, label=name)
        # repeat=N: the iteration that gave the max, above its bar
        for x, a in zip(xs, idx):
            if "worst" in lat[name][a]:
                ax.annotate(f"#{lat[name][a]['worst']}", (x, lat[name][a].get("max", 0)),
                            textcoords="offset points", xytext=(0, 4), ha="center",
                            fontsize=7)
    cores = sorted({a for s in lat.values() for a in s}, key=lambda a: (str(type(a)), a))
    ax.set_xticks(range(len(cores)), [f"core {a}" for a in cores])
    # A PMI held up by a busy host (TCG, a loaded machine) can take a
    # thousand times the usual: a log scale keeps the medians readable
    # (symlog when a PMI dated a little before its wrap is negative).
    vals = [e[k] for s in lat.values() for e in s.values() for k in STATS
            if isinstance(e.get(k), (int, float))]
    if vals and min(vals) > 0:
        ax.set_yscale("log")
        ax.set_ylim(min(vals) / 2, max(vals) * 2)
    elif vals:
        ax.set_yscale("symlog", linthresh=10)
        ax.set_ylim(min(vals) * 2 if min(vals) < 0 else 0, max(max(vals), 1) * 2)
    ax.set_ylabel("PMI latency (us, log): median, bar min..max")
    ax.grid(axis="y", alpha=.3)
    ax.legend(fontsize="small", loc="best")
    return fig


def expected_plot(rows, base_rows, plt):
    """Each figure's distance from its expected value in tolerances: the
    band -1..1 passes the test's own check. The base run's, where it has
    the figure, as a hollow marker."""
    n = len(rows)
    fig, ax = plt.subplots(figsize=(12, 0.45 * n + 1.2))
    ax.axvspan(-1, 1, color="#c8e6c9", alpha=.6, label="within tolerance")
    ax.axvline(0, color="#2e7d32", lw=1)
    clip = 3.0
    labels = []
    base = {(r[0], r[1], r[2]): r for r in base_rows}
    for y, (tid, it, name, value, exp, tol, unit) in enumerate(rows):
        d = rd.deviation(value, exp, tol)
        x = max(-clip, min(clip, d))
        ax.plot([x], [y], "o", color="#2e7d32" if abs(d) <= 1 else "#c62828", ms=7,
                label="this run" if y == 0 else None)
        b = base.get((tid, it, name))
        if b:
            bx = max(-clip, min(clip, rd.deviation(b[3], b[4], b[5])))
            ax.plot([bx], [y], "o", mfc="none", color="#1565c0", ms=10,
                    label="base run" if not any(lab.startswith("base") for lab in
                                                ax.get_legend_handles_labels()[1]) else None)
        labels.append(f"{tid}{f' #{it}' if it != 1 else ''}  {name}\n"
                      f"{value} vs {exp} ± {tol} {unit}")
    ax.set_yticks(range(n), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(-clip - .2, clip + .2)
    ax.set_xlabel("(measured - expected) / tolerance  (clipped at ±3)")
    ax.grid(axis="x", alpha=.3)
    ax.legend(fontsize="small", loc="lower right")
    return fig


def identity_html(doc, base):
    rows = rd.identity(doc)
    brows = dict(rd.identity(base)) if base else None
    out = ["<table class='diff'>" + ("<tr><th></th><th>this run</th><th>base run</th></tr>"
                                     if base else "")]
    for label, text in rows:
        cls = " class='b'" if base and brows.get(label) != text else ""
        out.append(f"<tr><th>{esc(label)}</th><td{cls}>{esc(text)}</td>"
                   + (f"<td{cls}>{esc(brows.get(label))}</td>" if base else "") + "</tr>")
    return "".join(out) + "</table>"


def tally_html(doc):
    t = rd.tally(doc)
    return "<p class='tally'>" + "".join(
        f"<span style='background:{COLOURS.get(v, '#444')}'>{esc(v)} {t[v]}</span>"
        for v in rd.ORDER if v in t) + "</p>"


def open_questions_html(doc):
    """The open questions the run observed (report_data.open_questions)."""
    rows, dropped = rd.open_questions(doc)
    if not rows:
        return "<p>No test of this run checked an open question's default.</p>"
    model = doc.get("backend") == "emu"
    note = ("On the emulated model a default that did not hold failed its test."
            if model else "On hardware a default that did not hold is recorded, never "
            "failed: this is what the machine answered.")
    out = [f"<p class='note'>What the sources leave open (OQ-, docs/spec/) and the model "
           f"answers with its default (t_default). {note}"
           + (f" {dropped} more entries did not fit their tests' records." if dropped else "")
           + "</p><table><tr><th>question</th><th>default</th><th>came out</th>"
           "<th>misses / checks</th><th>first miss</th><th>tests</th></tr>"]
    for r in rows:
        came = "held" if r["held"] else "not seen"
        style = f" style='background:{COLOURS['PASS' if r['held'] else 'FAIL']}'"
        seen = "" if r["held"] else (f"{esc(r['seen'])} "
                                     f"<span class='note'>({esc(r['seen_in'])})</span>")
        out.append(f"<tr><td class='ids'>{esc(r['id'])}</td><td>{esc(r['default'])}</td>"
                   f"<td class='v'{style}>{came}</td>"
                   f"<td class='num'>{r['misses']} / {r['checks']}</td><td>{seen}</td>"
                   f"<td class='ids'>{esc(', '.join(r['tests']))}</td></tr>")
    return "".join(out) + "</table>"


def result_rows(tests, repeat):
    out = ["<table class='verdicts'><tr><th>verdict</th><th>test</th>"
           + ("<th>#</th>" if repeat else "")
           + "<th>reason</th><th>ms</th></tr>"]
    for t in tests:
        v = t.get("verdict", "?")
        cls = " class='bad'" if v in rd.BAD else ""
        style = "" if v in rd.BAD else f" style='background:{COLOURS.get(v, '#444')}'"
        out.append(f"<tr{cls}><td class='v'{style}>{esc(v)}</td>"
                   f"<td class='id' title='{esc(t.get('description'))}'>{esc(rd.test_name(t))}</td>"
                   + (f"<td class='num'>{esc(t.get('iteration'))}</td>" if repeat else "")
                   + f"<td>{esc(t.get('reason'))}</td>"
                   f"<td class='num'>{(t.get('duration_us') or 0) / 1000:.1f}</td></tr>")
    return "".join(out) + "</table>"


def banner_html(doc, progress):
    """The verdict first, with every FAIL and ERROR, its reason and figures."""
    b = rd.banner(doc, progress)
    items = "".join(
        f"<li><b>{esc(t.get('verdict'))}</b> <code>{esc(rd.test_name(t))}</code>"
        + (f" #{esc(t.get('iteration'))}" if t.get("iteration", 1) != 1 else "")
        + f": {esc(t.get('reason'))}"
        + "".join(f"<br><code>{esc(w)}</code>" for w in rd.figure_words(t)) + "</li>"
        for t in b["bad"])
    return (f"<div class='banner' style='background:{BANNER.get(b['word'], '#444')}'>"
            f"<b>{esc(b['word'])}</b>{esc(b['line'])}"
            + (f"<ul>{items}</ul>" if items else "") + "</div>")


def na_html(na):
    """The N/A results, a row per reason: how many, which."""
    rows = "".join(
        f"<tr><td class='num na'>{len(ts)}</td><td>{esc(reason)}</td><td class='ids'>"
        + esc(", ".join(rd.test_name(t) for t in ts[:3])
              + (f" .. {rd.test_name(ts[-1])}" if len(ts) > 3 else "")) + "</td></tr>"
        for reason, ts in rd.na_groups(na))
    return ("<table><tr><th>tests</th><th>reason</th><th>which</th></tr>" + rows + "</table>")


def verdicts_html(doc):
    app, na = rd.ordered_tests(doc)
    repeat = any(t.get("iteration", 1) != 1 for t in doc.get("tests") or [])
    out = [tally_html(doc), result_rows(app, repeat)]
    if na:
        out.append(f"<h3>Not applicable ({len(na)})</h3><p class='note'>What this machine "
                   "lacks by design (another generation's suite, a second package, x2APIC): "
                   "kept apart from SKIP, a test that applies but could not run; one row "
                   "per reason.</p>" + na_html(na))
    return "".join(out)


def compare_html(base_dir, cmp):
    def pairs(title, items, note):
        if not items:
            return f"<h3>{title}: none</h3>"
        rows = "".join(f"<tr><td class='id'>{esc(rd.test_name(n))}</td>"
                       f"<td>{esc(b.get('verdict') if b else 'not run')}</td><td>{esc(n.get('verdict'))}</td><td>{esc(n.get('reason'))}</td></tr>"
                       for b, n in items)
        return (f"<h3>{title} ({len(items)})</h3><p class='note'>{note}</p><table><tr><th>test</th>"
                f"<th>base</th><th>this run</th><th>reason now</th></tr>{rows}</table>")
    out = [f"<p>Base run: <code>{esc(base_dir)}</code></p>",
           pairs("New failures", cmp["new_failures"], "FAIL or ERROR now, not in the base run."),
           pairs("Fixed", cmp["fixed"], "FAIL or ERROR in the base run, PASS or XFAIL now."),
           pairs("Other verdict changes", cmp["changed"], "E.g. PASS to SKIP, N/A to PASS.")]
    for title, key in (("Only in this run", "only_new"), ("Only in the base run", "only_base")):
        ids = cmp[key]
        out.append(f"<h3>{title}: {len(ids) or 'none'}</h3>" + (
            "<p class='id'>" + esc(", ".join(rd.test_name(t) for t in ids)) + "</p>"
            if ids else ""))
    moved = cmp["moved"]
    out.append(f"<h3>Figures moved beyond their tolerance: {len(moved) or 'none'}</h3>"
               "<p class='note'>A figure is compared between the two runs when both have it "
               "(same test, iteration, core type, name and index) and it has a bound: the "
               "tolerance its test recorded (<code>tolerance</code>, from its own derivation), "
               f"or none at all for {', '.join(rd.EXACT_UNITS)} figures, which must not change. "
               f"Not compared: {cmp['not_compared']} figure(s) without a tolerance of their own "
               "(raw counts over windows whose length varies, times)"
               + (f", and {cmp['host_dependent']} PMI latencies, host-dependent under a "
                  "hypervisor" if cmp["host_dependent"] else "") + ".</p>")
    if moved:
        out.append("<table><tr><th>test</th><th>figure</th><th>base</th><th>this run</th>"
                   "<th>change</th><th>tolerance</th></tr>" + "".join(
                       f"<tr class='bad'><td class='id'>{esc(m['id'])}</td><td>{esc(m['name'])}"
                       f"{' [' + esc(m['index']) + ']' if m['index'] else ''}</td>"
                       f"<td class='num'>{m['base']}</td><td class='num'>{m['new']}</td>"
                       f"<td class='num'>{m['new'] - m['base']:+} {esc(m['unit'])}</td>"
                       f"<td class='num'>{m['tolerance']} ({esc(m['source'])})</td></tr>"
                       for m in moved) + "</table>")
    return "".join(out)


def page(run_dir, doc, base_dir, base, plt):
    lat = rd.latencies(doc)
    exp = rd.expected_figures(doc)
    parts = [f"<h1>uncore-harness report: {esc(rd.run_title(doc))}"
             f"{' vs ' + esc(rd.run_title(base)) if base else ''}</h1>",
             banner_html(doc, rd.read_progress(run_dir)),
             f"<p class='note'>From <code>{esc(run_dir)}</code>. Backend "
             f"<b>{esc(doc.get('backend'))}</b>: results validate {esc(doc.get('validates'))}.</p>",
             "<h2>Identity</h2>", identity_html(doc, base)]
    if base is not None:
        parts += ["<h2>Comparison with the base run</h2>",
                  compare_html(base_dir, rd.compare(base, doc))]
    parts.append("<h2>PMI latency per core</h2>")
    if lat:
        parts += ["<p class='note'>From the latency_us_min/median/max figures of the tests "
                  "that time PMIs per core; the dot is the median, the bar min..max. Over the "
                  "iterations of a repeat=N run: the least min, the median of the medians, the "
                  "greatest max, marked #k with the iteration that gave it.</p>",
                  svg_of(latency_plot(lat, plt), "latency", plt)]
    else:
        parts.append("<p>No PMI latency figures in this run.</p>")
    parts.append("<h2>Rates against their expected values</h2>")
    if exp:
        parts += ["<p class='note'>Each figure a test recorded with an expected value and "
                  "tolerance of its own derivation (t_figure_expect): its distance from the "
                  "expected value in tolerances; inside the green band the test's check holds. "
                  "Over the iterations of a repeat=N run, the furthest one of each figure "
                  "(its number after #).</p>", svg_of(expected_plot(exp, rd.expected_figures(base) if base else [],
                                               plt), "rates", plt)]
    else:
        parts.append("<p>No figure with an expected value in this run.</p>")
    parts += ["<h2>Open questions</h2>", open_questions_html(doc)]
    parts += ["<h2>Verdicts</h2>", verdicts_html(doc)]
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>uncore-harness {esc(rd.run_title(doc))}</title><style>{CSS}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run")
    ap.add_argument("--base")
    ap.add_argument("--out")
    a = ap.parse_args()
    try:
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: no matplotlib for /usr/bin/python3: install python3-matplotlib "
              "(scripts/deps.sh)", file=sys.stderr)
        return 2
    docs = {}
    for d in filter(None, (a.run, a.base)):
        docs[d] = read_run(d)
        if docs[d] is None:
            print(f"report.py: no readable results.json or results.jsonl in {d}", file=sys.stderr)
            return 1
    out = a.out or os.path.join(a.run, "report.html")
    try:
        text = page(a.run, docs[a.run], a.base, docs.get(a.base) if a.base else None, plt)
    except (TypeError, KeyError, AttributeError, ValueError, IndexError, OverflowError) as e:
        # read_run bounds the input and checks a run's shape; a field of
        # another type than docs/results.md's is said here, not a traceback
        print(f"report.py: {a.run}: a field is not as docs/results.md has it "
              f"({type(e).__name__}: {str(e)[:200]}); no report written", file=sys.stderr)
        return 3
    try:
        with open(out + ".tmp", "w") as f:
            f.write(text)
        os.replace(out + ".tmp", out)
    except OSError as e:
        print(f"report.py: {e}", file=sys.stderr)
        return 2
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
