#!/usr/bin/env bash
# Host test for docs/results.schema.json and ci/check_schema.py: the
# host suite's results.json validates; one without a required field, with
# a config value that is not a string or an unknown verdict does not, nor
# a figure whose name lacks its unit, in a unit not listed, an indexed
# entry with no index or two, or an expected value without its tolerance
# (a per-core array and an expected figure validate), nor an open
# question's entry without its outcome, nor a leaf23 whose bitmap is a
# number or that lacks a key (a version-6 run's leaf23 validates, and one
# of sub-leaf 0 alone, its bitmaps null); a
# missing jsonschema module is exit 2 with a line naming the package, not a
# traceback. Prints TAP; SKIPs what needs build/host/suite when it is not
# built (make host-tests does not build it, make check does).
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
report() { n=$((n+1)); if [ "$2" = 0 ]; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
skip() { n=$((n+1)); echo "ok $n - $1 # SKIP $2"; }

echo 'raise ImportError("simulated")' > "$tmp/jsonschema.py"
echo '{}' > "$tmp/any.json"
out=$(PYTHONPATH="$tmp" "$py" "$here/ci/check_schema.py" "$tmp/any.json" 2>&1); rc=$?
[ $rc = 2 ] && [[ $out == *"install python3-jsonschema"* ]] && [[ $out != *Traceback* ]]
report "no jsonschema module: exit 2 naming python3-jsonschema ($rc: $out)" $?
rm -f "$tmp/jsonschema.py"

if ! "$py" -c 'import jsonschema' 2>/dev/null; then
  skip "the host suite's results.json validates" "no python3-jsonschema for $py (scripts/deps.sh)"
  echo "1..$n"; exit 0
fi
if [ ! -x "$here/build/host/suite" ]; then
  skip "the host suite's results.json validates" "build/host/suite not built"
  echo "1..$n"; exit 0
fi
"$here/build/host/suite" --cpus 2 --results "$tmp/run" tests=nhm.regs.* tag=schema > "$tmp/suite.log" 2>&1
"$py" "$here/ci/check_schema.py" "$tmp/run/results.json" > "$tmp/ok.out" 2>&1
report "the host suite's results.json validates: $(head -c 300 "$tmp/ok.out")" $?
# A version-6 core PMU (Lunar Lake's model: leaf 23H with a hole in the
# E-core's bitmap, C-64..C-66) puts leaf23 in core_pmu; it validates.
"$here/build/host/suite" --cpus 2 --model 0xBD --results "$tmp/v6" tests=core.enum.* tag=schema \
  > "$tmp/v6.log" 2>&1
"$py" "$here/ci/check_schema.py" "$tmp/v6/results.json" > "$tmp/v6.out" 2>&1 &&
  "$py" -c 'import json, sys; l = json.load(open(sys.argv[1]))["core_pmu"]["leaf23"]
sys.exit(not (l["sub1"] and l["gp_bitmap"].startswith("0x")))' "$tmp/v6/results.json"
report "a version-6 core PMU's leaf23 is there and validates: $(head -c 300 "$tmp/v6.out")" $?
"$py" - "$tmp/run/results.json" "$tmp" "$tmp/v6/results.json" <<'PYEOF'
import json, sys
doc = json.load(open(sys.argv[1]))
v6 = json.load(open(sys.argv[3]))
def v6variant(name, f):
    d = json.loads(json.dumps(v6))
    f(d["core_pmu"]["leaf23"])
    json.dump(d, open(f"{sys.argv[2]}/{name}.json", "w"))
v6variant("leaf23_sub0_only", lambda l: l.update(sub1=False, gp_bitmap=None, fixed_bitmap=None))
v6variant("leaf23_bitmap_number", lambda l: l.update(gp_bitmap=239))
v6variant("leaf23_no_eq", lambda l: l.pop("eq"))
def variant(name, f):
    d = json.loads(json.dumps(doc))
    f(d)
    json.dump(d, open(f"{sys.argv[2]}/{name}.json", "w"))
variant("no_date", lambda d: d.pop("date_utc"))
variant("config_number", lambda d: d["config"].update(verbose=1))
variant("bad_verdict", lambda d: d["tests"][0].update(verdict="MAYBE"))
variant("bad_microcode", lambda d: d["cpu"].update(microcode=29))
variant("unknown_field", lambda d: d.update(extra=1))
def figs(f):
    return lambda d: d["tests"][0].update(figures=f)
lat = lambda **at: dict(at, value=12, unit="us")
variant("per_core", figs({"latency_us_median": [lat(core=0), lat(core=1)],
                          "pmis_count": [{"box": "C0", "value": 3, "unit": "count"}],
                          "uclk_hz": {"value": 9, "unit": "hz", "expected": 10, "tolerance": 1}}))
variant("figure_no_unit", figs({"latency": {"value": 12, "unit": "us"}}))
variant("figure_bad_unit", figs({"latency_us": {"value": 12, "unit": "ns"}}))
variant("figure_no_index", figs({"latency_us_median": [lat()]}))
variant("figure_two_indices", figs({"latency_us_median": [lat(core=0, cpu=0)]}))
variant("expected_no_tolerance", figs({"uclk_hz": {"value": 9, "unit": "hz", "expected": 10}}))
variant("open_question_no_held", lambda d: d["tests"][0].update(open_questions=[
    {"id": "OQ-N9", "default": "#GP(0)", "checks": 1, "misses": 0, "seen": None}]))
PYEOF
"$py" "$here/ci/check_schema.py" "$tmp/per_core.json" > "$tmp/per_core.out" 2>&1
report "a per-core figure array validates: $(head -c 300 "$tmp/per_core.out")" $?
"$py" "$here/ci/check_schema.py" "$tmp/leaf23_sub0_only.json" > "$tmp/leaf23_sub0_only.out" 2>&1
report "leaf23 with sub-leaf 0 alone (null bitmaps) validates: $(head -c 300 "$tmp/leaf23_sub0_only.out")" $?
for v in no_date config_number bad_verdict bad_microcode unknown_field figure_no_unit \
	 figure_bad_unit figure_no_index figure_two_indices expected_no_tolerance \
	 open_question_no_held leaf23_bitmap_number leaf23_no_eq; do
  "$py" "$here/ci/check_schema.py" "$tmp/$v.json" > "$tmp/$v.out" 2>&1
  [ $? = 1 ] && grep -q "schema error" "$tmp/$v.out"
  report "rejected: $v" $?
done
echo "1..$n"
