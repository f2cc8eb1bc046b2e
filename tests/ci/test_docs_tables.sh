#!/usr/bin/env bash
# Host test: docs/defects.md's defect table and docs/design.md's generation
# table are what make docs makes of the code today (ci/docs_tables.py:
# the defect lists beside the models, the rows of make mutation with the
# reason of each host-only defect, pmu/emu/mutation.c, and the registry).
# Prints TAP like the other shell tests; what is stale as "# " lines.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
regs="$root/${B:-build}/host/regs"
if [ ! -x "$regs" ]; then
  echo "not ok 1 - regs built"; echo "# $regs missing: make ${B:-build}/host/regs"; echo "1..1"; exit 1
fi
if out=$(python3 "$root/ci/docs_tables.py" --check --regs "$regs" 2>&1); then
  echo "ok 1 - the generated tables of docs/defects.md and docs/design.md are current"
else
  echo "not ok 1 - the generated tables of docs/defects.md and docs/design.md are current"
  sed 's/^/# /' <<<"$out"; echo "1..1"; exit 1
fi
echo "1..1"
