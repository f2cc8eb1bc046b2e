#!/usr/bin/env bash
# make check on a loaded host: N CPU-bound processes (default 6) run beside
# ROUNDS consecutive `make check` runs (default 3), each bounded by
# LIMIT seconds (default 3600), and are stopped by this script whatever
# happens. Prints each round's summary line, time and the TSC calibration
# retries the boots reported, then "stress: N passed, N failed" (rounds).
#   ci/stress-check.sh [N] [ROUNDS]
set -u
cd "$(dirname "$0")/.."
n=${1:-6} rounds=${2:-3} limit=${LIMIT:-3600}
hogs=() round=
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null; wait 2>/dev/null; hogs=(); }
# Ctrl-C or TERM ends the whole script: timeout runs make in a process
# group of its own, which a terminal's Ctrl-C does not reach, so the
# round's timeout is told (it passes TERM on to make).
on_signal() { [ -z "$round" ] || kill -TERM "$round" 2>/dev/null; stop_hogs; exit 130; }
trap stop_hogs EXIT
trap on_signal INT TERM
for _ in $(seq "$n"); do
  timeout $((limit * rounds)) sh -c 'while :; do :; done' &
  hogs+=($!)
done
mkdir -p build
pass=0 fail=0
for r in $(seq "$rounds"); do
  t0=$SECONDS
  timeout "$limit" make --no-print-directory check > "build/stress-$r.log" 2>&1 &
  round=$!
  wait "$round"
  rc=$?
  round=
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "build/stress-$r.log" | tail -n 1)
  retries=$(cat build/check/*/serial.log 2>/dev/null | sed -n 's/.* \([0-9]*\) of [0-9]* windows disturbed.*/\1/p' \
            | awk '{s += $1} END {print s + 0}')
  echo "stress round $r: ${summary:-no summary} in $((SECONDS - t0)) s (exit $rc, $n CPU hogs; disturbed calibration windows: $retries)"
  grep '^FAIL' "build/stress-$r.log" | sed 's/^/  /'
  if [ $rc = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
stop_hogs
echo "stress: $pass passed, $fail failed"
[ $fail = 0 ]
