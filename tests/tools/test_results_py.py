#!/usr/bin/python3
"""Host test for tools/results.py, the reader of a run's results folder:
a complete run reads as its results.json; a run cut at any byte of its
journal reads as the whole lines before the cut, never more, whatever
garbage (zeros, a stale line of an earlier file) follows; a half-written
results.json falls back to the journal. Prints TAP.
"""
import json, os, tempfile
from tools import results
from ci.tap import report, done


head = {"harness": "uncore-harness", "version": "v", "run": "run-0003", "tag": "", "cpus": 2}
tests = [{"id": f"a.t{i}", "verdict": "PASS", "reason": "x" * (i * 7)} for i in range(5)]
summary = {"passed": 5, "failed": 0}
lines = [dict({"journal": 1, "seq": 0}, **head)]
lines += [{"seq": i + 1, "test": t} for i, t in enumerate(tests)]
lines += [{"seq": 6, "summary": summary}]
journal = results.journal(lines)
whole = dict(head, tests=tests, summary=summary, complete=True)
ends = [i + 1 for i, c in enumerate(journal) if c == 10]

def run(files):
    with tempfile.TemporaryDirectory() as d:
        for name, data in files.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
        return results.read_run(d)

doc = run({"results.jsonl": journal})
report("whole journal reads as the whole document", doc is not None and
       {k: v for k, v in doc.items() if k != "journal_dropped_bytes"} == whole)
bad = []
for cut in range(len(journal) + 1):
    for tail in (b"", b"\0" * 300, lines and json.dumps({"seq": 99, "test": {"id": "stale"}}).encode() + b"\n"):
        doc = run({"results.jsonl": journal[:cut] + tail})
        full = sum(1 for e in ends if e <= cut)  # whole lines before the cut
        want = max(0, min(full - 1, 5))
        if full == 0:
            ok = doc is None
        else:
            ok = (doc is not None and len(doc["tests"]) == want and
                  doc["tests"] == tests[:want] and doc["complete"] == (full == 7))
        if not ok:
            bad.append((cut, tail[:8]))
report(f"cut at each of {len(journal) + 1} bytes, plus zeros or a stale line: "
       f"exactly the whole lines before the cut ({len(bad)} wrong)", not bad)
# A cut at every byte of every line, the rest of the line and what follows
# from an older run's journal at the same offsets (its head differs, as
# its date does; its FAIL was a PASS, its durations other): the line
# spliced never passes its check (but where it is this run's own bytes,
# or the older journal's own head line whole, which names the older run).
old_tests = [dict(t, verdict="FAIL", reason="stale " + t["reason"]) for t in tests]
old = results.journal([dict({"journal": 1, "seq": 0}, **dict(head, run="run-0002"))]
                      + [{"seq": i + 1, "test": t} for i, t in enumerate(old_tests)]
                      + [{"seq": 6, "summary": {"passed": 0, "failed": 5}}])
bad, starts = [], [0] + ends[:-1]
for k, start in enumerate(starts):
    for cut in range(start, ends[k]):
        spliced = journal[:cut] + old[cut:]
        doc = run({"results.jsonl": spliced})
        own = spliced[start:spliced.find(b"\n", start) + 1] == journal[start:ends[k]]
        if own or (k == 0 and spliced.startswith(old[:old.find(b"\n") + 1])):
            continue
        got = -1 if doc is None else len(doc["tests"])
        if got != max(k - 1, -1) or (doc and doc["tests"] != tests[:k - 1]):
            bad.append((k, cut - start, got))
report(f"stale tail spliced at every byte of every line ({len(journal)} cuts): never taken "
       f"({len(bad)} taken: {bad[:3]})", not bad)
doc = run({"results.jsonl": journal, "results.json": json.dumps(whole).encode()[:-40]})
report("half-written results.json: the journal is read", doc is not None and doc["complete"])
doc = run({"results.jsonl": journal[:ends[2]], "results.json": json.dumps(whole).encode()})
report("complete results.json preferred", doc == whole)
report("empty folder: None", run({}) is None)
done()
