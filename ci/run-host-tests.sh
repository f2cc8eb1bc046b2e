#!/usr/bin/env bash
# Run host unit-test binaries (cmocka), shell and Python tests; print one
# line per test case as "PASS host.<binary>.<case>" / "FAIL ...", then a
# tally line "host: N passed, N failed" that ci/check.sh adds up. The
# repository's root is on PYTHONPATH: a Python test imports tools/ and ci/
# as packages.
set -u
PYTHONPATH="$(cd "$(dirname "$0")/.." && pwd)${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
pass=0; fail=0
for t in "$@"; do
  name=$(basename "$t")
  out=$(CMOCKA_MESSAGE_OUTPUT=TAP "$t" 2>&1); rc=$?
  n_ok=0; n_bad=0
  while IFS= read -r line; do
    case "$line" in
      "ok "*)     n_ok=$((n_ok+1)); echo "PASS host.$name.${line#ok * - }" ;;
      "not ok "*) n_bad=$((n_bad+1)); echo "FAIL host.$name.${line#not ok * - }" ;;
    esac
  done <<<"$out"
  if [ $rc -ne 0 ] && [ $n_bad -eq 0 ]; then
    n_bad=1; echo "FAIL host.$name: exit status $rc"
  fi
  [ $n_bad -eq 0 ] || printf '%s\n' "$out" | sed 's/^/    /' | tail -n 40
  pass=$((pass+n_ok)); fail=$((fail+n_bad))
done
echo "host: $pass passed, $fail failed"
[ $fail -eq 0 ]
