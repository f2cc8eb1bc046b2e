#!/usr/bin/env bash
# Host test of "nothing tested" (exit code 77, README's table): the host
# suite with tests=client.* on a Nehalem (model 0x1A: every client test
# N/A, only the state brackets uncore.state.* PASS) exits 77 and says
# "nothing tested:"; its results.json gives JUnit's harness.nothing-ran;
# the LAVA jobs' monitor makes no passed case of it and the failed case
# "tested" (lab/check_lava.py's simulation of LAVA's monitor); the lab
# module's test_run_tested fails on its console. A contrast run that does
# test something (nhm.fixed.*) gives 0 and none of these. Prints TAP;
# SKIPs when build/host/suite is not built.
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
suite="$here/${B:-build}/host/suite"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ! -x "$suite" ]; then
  echo "ok 1 - nothing tested is 77 # SKIP build/host/suite not built"
  echo "1..1"; exit 0
fi
"$suite" --cpus 2 --packages 1 --model 0x1a --results "$tmp/none" 'tests=client.*' verbose=2 \
  > "$tmp/none.log" 2>&1
echo $? > "$tmp/none.code"
"$suite" --cpus 2 --packages 1 --model 0x1a --results "$tmp/some" 'tests=nhm.fixed.*' verbose=2 \
  > "$tmp/some.log" 2>&1
echo $? > "$tmp/some.code"
python3 - "$here" "$tmp" <<'PY'
import json, os, re, subprocess, sys
here, tmp = sys.argv[1:3]
sys.path[:0] = [here, os.path.join(here, "lab")]
from ci.tap import report, done
import check_lava
import yaml


def run(name):
    code = int(open(os.path.join(tmp, name + ".code")).read())
    with open(os.path.join(tmp, name + ".log"), encoding="utf-8") as f:
        # the folder line as the UEFI app has it, where LAVA's monitor starts
        text = re.sub(r"(?m)^results: /.*$", r"results: \\uncore-results\\run-0001\\", f.read())
    with open(os.path.join(tmp, name, "results.json"), encoding="utf-8") as f:
        tests = json.load(f)["tests"]
    xml = subprocess.run([sys.executable, "-m", "tools.json2junit",
                          os.path.join(tmp, name)], capture_output=True, text=True).stdout
    return code, text, tests, xml


job = yaml.safe_load(open(os.path.join(here, "lab", "lava", "qemu.yaml")))
monitor = next(a["test"]["monitors"][0] for a in job["actions"] if "test" in a)
code, text, tests, xml = run("none")
brackets = [t["id"] for t in tests if t["verdict"] == "PASS"]
report(f"tests=client.* on a Nehalem: exit 77 ({code}), only the brackets PASS ({brackets})",
       code == 77 and brackets == ["uncore.state.preflight", "uncore.state.restore"]
       and all(t["verdict"] == "N/A" for t in tests if t["id"].startswith("client.")))
report("its console says 'nothing tested:' before the tally",
       "\nnothing tested: every selected test was skipped or not applicable; the state" in text)
report("its JUnit has harness.nothing-ran", 'name="harness.nothing-ran"' in xml, xml[-300:])
cases = check_lava.monitor_cases(monitor, text)
report(f"LAVA's monitor: no passed case, the failed case 'tested' ({len(cases)} cases)",
       cases == check_lava.lava_cases(tests) and ("tested", "fail") in cases
       and not any(r == "pass" for _, r in cases), str(cases[-3:]))
code, text, tests, xml = run("some")
cases = check_lava.monitor_cases(monitor, text)
report(f"contrast, tests=nhm.fixed.*: exit 0 ({code}), no marker, LAVA passes without 'tested'",
       code == 0 and "nothing tested" not in text and "harness.nothing-ran" not in xml
       and cases == check_lava.lava_cases(tests) and ("tested", "fail") not in cases
       and any(r == "pass" for _, r in cases))
# The lab module (labgrid's pytest plugin not needed: --harness-log reads
# a captured console) fails test_run_tested on the first run, not the second.
for name, want in (("none", "failed"), ("some", "passed")):
    p = subprocess.run(["/usr/bin/python3", "-m", "pytest", "-p", "no:cacheprovider", "-q",
                        "-p", "no:labgrid", os.path.join(here, "lab", "test_harness.py"),
                        "--harness-log", os.path.join(tmp, name + ".log"),
                        "--harness-results", os.path.join(tmp, name), "-k", "test_run_tested",
                        "-rA"], capture_output=True, text=True, cwd=tmp,
                       env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    line = next((ln for ln in p.stdout.splitlines() if "test_run_tested" in ln
                 and ln.split()[0] in ("PASSED", "FAILED")), "")
    report(f"lab module on the {name} run: test_run_tested {want}",
           line.startswith(want.upper()), p.stdout[-300:] + p.stderr[-300:])
done()
PY
