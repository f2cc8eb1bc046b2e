#!/usr/bin/env bash
# make check: host unit tests, static checks and lint, every boot of
# ci/boots.toml (ci/boots.py), the checks on the boots' runs, the mutation
# matrix. One line per check (PASS/FAIL/SKIP), then a table of the phases
# and their wall times, then exactly one summary line "N passed, N failed"
# over everything. The mutation matrix and the host script tests run in
# the background beside the static checks and the boots, so that no core
# idles while a boot waits (a watchdog's bound, a halted listener) or
# while a one-process phase runs; their lines print where they always
# did, once they are done.
set -u
cd "$(dirname "$0")/.." || exit 2
B=build
export B
pass=0; fail=0; skip=0
ok()   { echo "PASS $1"; pass=$((pass+1)); }
bad()  { echo "FAIL $1: $2"; fail=$((fail+1)); }
# count TEXT: add its PASS, FAIL and SKIP lines to the tally.
count() {
  pass=$((pass + $(grep -c '^PASS ' <<<"$1"))); fail=$((fail + $(grep -c '^FAIL ' <<<"$1")))
  skip=$((skip + $(grep -c '^SKIP ' <<<"$1")))
}
# phase NAME: the wall time since the last phase ended, and the CPU time
# (user + system) of the processes it ran, for the table. A loaded machine
# stretches the first, hardly the second.
mkdir -p $B/check
cpu_now() { # cpu: the CPU seconds of every child reaped so far (bash's
  # times, in this shell: a command substitution's would count its own)
  times > $B/check/times
  cpu=$(sed -n 2p $B/check/times | awk '{ gsub(/[ms]/, " "); print int($1 * 60 + $2 + $3 * 60 + $4) }')
}
cpu_now
phases=() t_phase=$SECONDS t_start=$SECONDS c_start=$cpu c_phase=$cpu
phase() {
  cpu_now
  phases+=("$1"$'\t'"$((SECONDS - t_phase))"$'\t'"$((cpu - c_phase))"); t_phase=$SECONDS c_phase=$cpu
}
# bg NAME CMD...: run CMD in the background, its output into
# $B/check/bg.NAME.out, its start and end (seconds since make check's
# start) and its CPU seconds into $B/check/bg.NAME.time, written last.
# Not a child of this shell (started from a subshell that ends at once),
# so bash's times never counts it in the phase in progress: its CPU is
# its own line of the table, added to the total at the end.
# bg_wait NAME: wait for it to end; bg_span and bg_cpu are its figures.
bg() {
  local name=$1; shift
  rm -f "$B/check/bg.$name.time"
  ( ( t0=$((SECONDS - t_start)); TIMEFORMAT='%U %S'
      { time "$@" > "$B/check/bg.$name.out" 2>&1; } 2> "$B/check/bg.$name.cpu"
      echo "$t0 $((SECONDS - t_start)) $(awk '{ printf "%d", $1 + $2 }' "$B/check/bg.$name.cpu")" \
        > "$B/check/bg.$name.tmp"
      mv "$B/check/bg.$name.tmp" "$B/check/bg.$name.time" ) & )
}
bg_total=0
bg_wait() {
  local b e c
  while [ ! -f "$B/check/bg.$1.time" ]; do sleep 1; done
  read -r b e c < "$B/check/bg.$1.time" || { b=0 e=0 c=0; }
  bg_span=$((e - b)) bg_cpu=$c bg_total=$((bg_total + c))
}

# --- host unit tests -----------------------------------------------------------
# host RUN-HOST-TESTS-ARGS: run them, print their lines, add their tally.
host() {
  local out tally hp hf
  out=$(ci/run-host-tests.sh "$@")
  echo "$out" | grep -v '^host: '
  tally=$(echo "$out" | sed -n 's/^host: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
  read -r hp hf <<<"${tally:-0 1}"
  pass=$((pass+hp)); fail=$((fail+hf))
}
mapfile -t unit < <(ls $B/host/test_*)
host "${unit[@]}"
phase "host unit tests (${#unit[@]} cmocka binaries)"
# The script and Python tests (the host suite's in tests/suites/ among
# them), by file name as make host-tests runs them.
mapfile -t scripted < <(find tests \( -name 'test_*.sh' -o -name 'test_*.py' \) | awk -F/ '{print $NF, $0}' | sort | cut -d' ' -f2)

# The whole uncore suite against every injected defect of the emulated
# uncore, on the host build, with a subset also booted here: each test fails
# for some defect, each defect fails some test, the clean model passes
# everything, and the boots agree with the host runs (ci/mutation.sh). It
# needs nothing the checks below make, and they nothing of it: it starts
# now, beside them (its host runs mostly sleep between the skipping
# clock's events, its boots wait out windows), and its lines print after
# the boots' checks.
t_mut=$(date +%s)
bg mutation ci/mutation.sh
# The host script tests (one process at a time, much of it waiting on
# Python's and the tools' start-up), beside the static checks and boots.
bg scripted ci/run-host-tests.sh "${scripted[@]}"

# make trace-spec on the repository's digests (docs/spec): it runs, and no
# code cites a statement or open question that the spec does not have.
if ! tout=$(ci/trace_spec.py --spec docs/spec 2>&1 >/dev/null); then
  bad check.trace-spec "make trace-spec failed: $(echo "$tout" | tail -n 1)"
elif tout=$(ci/trace_spec.py --spec docs/spec --dangling 2>&1); then
  ok "check.trace-spec ($(echo "$tout" | tail -n 1 | sed 's/^trace-spec: //'))"
else bad check.trace-spec "$(echo "$tout" | head -n 3 | paste -sd ';' -)"; fi
# docs/tests.md is what make docs makes of the test tables today.
if ci/catalogue.py | cmp -s - docs/tests.md; then ok check.docs-tests
else bad check.docs-tests "docs/tests.md is stale: run make docs"; fi
# docs/development.md's table of boots is what ci/boots.toml says.
if python3 -m ci.boots --table | cmp -s - <(sed -n '/^| boot | CPU, CPUs, exit code |/,/^$/p' docs/development.md | sed '/^$/d')
then ok check.docs-boots
else bad check.docs-boots "docs/development.md's table of boots is stale: python3 -m ci.boots --table"; fi
# Every file a comment or a document cites is in the repository (and its anchor).
if rout=$(ci/check_refs.py); then ok "check.refs (${rout#refs: })"
else bad check.refs "$(echo "$rout" | head -n 3 | paste -sd ';' -)"; fi
# No file includes from a layer above its own (docs/design.md, Layers).
if lout=$(ci/check_layers.py); then ok "check.layers (${lout#layers: })"
else bad check.layers "$(echo "$lout" | head -n 3 | paste -sd ';' -)"; fi
# Every table row names its fields (docs/style.md, Code).
if tout=$(ci/check_tables.py); then ok "check.tables (${tout#tables: })"
else bad check.tables "$(echo "$tout" | head -n 3 | paste -sd ';' -)"; fi
# Lint: shellcheck (at severity warning; .shellcheckrc) on every shell
# script, pyflakes on every Python file (Debian shellcheck, pyflakes3:
# scripts/deps.sh).
mapfile -t shells < <(find scripts ci tests lab \( -name '*.sh' \) | sort; echo .ci/run)
if lout=$(shellcheck -S warning "${shells[@]}" 2>&1); then ok "check.lint.shellcheck (${#shells[@]} files)"
else bad check.lint.shellcheck "$(echo "$lout" | grep -m3 '^In \|SC[0-9]' | paste -sd ';' -)"; fi
mapfile -t pys < <(find tools ci lab tests scripts -name '*.py' | sort)
if lout=$(pyflakes3 "${pys[@]}" 2>&1); then ok "check.lint.pyflakes (${#pys[@]} files)"
else bad check.lint.pyflakes "$(echo "$lout" | head -n 3 | paste -sd ';' -)"; fi
phase "static checks and lint"

# --- QEMU boots ----------------------------------------------------------------
# Every row of ci/boots.toml, CHECK_JOBS at a time (default: the cores),
# each row's lines in the file's order (ci/boots.py). Most of a boot is
# OVMF and the harness's BSP on one core, so a second boot uses the other.
# Every check keys on an event, never on a delay, so a boot slowed by its
# neighbour passes the same.
boots_out=$(python3 -m ci.boots 2>&1)
echo "$boots_out" | grep -v '^boots: '
count "$boots_out"
grep -q '^boots: ' <<<"$boots_out" || bad check.boots "ci/boots.py ended early: $(tail -n 1 <<<"$boots_out")"
phase "QEMU boots, all groups (ci/boots.toml), of which:"
while IFS=$'\t' read -r g t n busy gcpu; do
  phases+=("  $g: $n rows, $busy s of boot time"$'\t'"$t"$'\t'"$gcpu")
done < <(cat $B/check/phases.tsv 2>/dev/null)

# The host script tests, started before the static checks.
bg_wait scripted
scripted_out=$(cat $B/check/bg.scripted.out)
echo "$scripted_out" | grep -v '^host: '
tally=$(echo "$scripted_out" | sed -n 's/^host: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
read -r hp hf <<<"${tally:-0 1}"
pass=$((pass+hp)); fail=$((fail+hf))
phases+=("host script tests (${#scripted[@]} files; beside the boots)"$'\t'"$bg_span"$'\t'"$bg_cpu")

# make report on the smp4-nehalem boot's run: its content
# (identity, every result, both plots inline as SVG, nothing fetched) and a
# comparison with a doctored copy of it, both ways (ci/report_check.py;
# Debian's python3-matplotlib, in /usr/bin/python3).
rep_out=$(/usr/bin/python3 -m ci.report_check $B/check/smp4-nehalem/results $B/check/report 2>&1)
rep_rc=$?
echo "$rep_out" | grep -E '^(PASS|FAIL) '
if [ $rep_rc != 0 ] && ! echo "$rep_out" | grep -q '^FAIL '; then
  bad check.report "ci/report_check.py exit $rep_rc: $(echo "$rep_out" | tail -n 1)"
fi
pass=$((pass + $(echo "$rep_out" | grep -c '^PASS '))); fail=$((fail + $(echo "$rep_out" | grep -c '^FAIL ')))

# results.json over the wire, from boots above, no boot of its
# own. The smp4-nehalem boot's COM2 (results.serial=auto, the default: a
# copy now and then, the last at the end; OVMF's console is on every UART)
# rebuilds the very file on its medium; so does the direct-uart boot's COM2,
# where every frame line comes twice (the firmware's terminal there and
# serial=io:0x2f8); and the first log with one character of its last
# block's second data line changed is refused: that block named DAMAGED by
# its CRC-32, and whatever is rebuilt is not the medium's file (an earlier
# copy, or nothing). COM2, not COM1: QEMU writes a file chardev whole, but
# drops bytes into the pipe of qemu.sh's line reader when the reader falls
# behind, as it does on a loaded machine (seen with results.serial=each: 2 MB
# of frames a boot, three boots at once).
wire_check() {
  local name=$1 log=$2 dir=$B/check/$1 out code err
  out=$dir/wire.json
  err=$(python3 -m tools.serial2results -o "$out" "$log" 2>&1); code=$?
  if [ "$code" = 0 ] && cmp -s "$out" "$dir/results/results.json"; then
    ok "check.wire.$name ($(grep -c ': whole$' <<<"$err") blocks; the last, $(tail -n 1 <<<"$err" | sed 's/.*, \(copy [0-9]*\) (\(.*\))$/\1 (\2)/'), byte-identical to the medium's)"
  else bad "check.wire.$name" "serial2results exit $code; $(grep -v ': whole$' <<<"$err" | head -n 3 | paste -sd ';' -)"; fi
}
wire_check smp4-nehalem $B/check/smp4-nehalem/com2.log
wire_check direct-uart $B/check/direct-uart/com2.log
wlog=$B/check/smp4-nehalem/com2.log
wl=$(grep -an 'wire: begin ' "$wlog" | tail -n 1 | cut -d: -f1)
wn=$(grep -ac 'wire: begin ' "$wlog")
awk -v n=$((${wl:-0} + 2)) 'NR == n { c = substr($4, 1, 1); $4 = (c == "A" ? "B" : "A") substr($4, 2) } { print }' \
  "$wlog" > $B/check/wire-flipped.log
rm -f $B/check/wire-flipped.json
werr=$(python3 -m tools.serial2results -o $B/check/wire-flipped.json $B/check/wire-flipped.log 2>&1); wcode=$?
if [ -n "$wl" ] && { [ "$wcode" = 1 ] || [ "$wcode" = 3 ]; } \
  && grep -q "^serial2results: block $wn: .*: DAMAGED: crc32 " <<<"$werr" \
  && ! cmp -s $B/check/wire-flipped.json $B/check/smp4-nehalem/results/results.json; then
  ok "check.wire.flipped-byte-refused (block $wn of $wn, exit $wcode)"
else bad check.wire.flipped-byte-refused "line $((${wl:-0} + 2)), exit $wcode; $(grep -m2 'DAMAGED\|no whole' <<<"$werr" | paste -sd ';' -)"; fi


# The mutation matrix, started before the static checks.
bg_wait mutation
phase "report and wire checks; the mutation matrix's end awaited"
mut_out=$(cat $B/check/bg.mutation.out)
echo "$mut_out" | grep -v '^mutation: '
read -r mp mf <<<"$(echo "$mut_out" | sed -n 's/^mutation: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')"
pass=$((pass + ${mp:-0})); fail=$((fail + ${mf:-1}))
# The host runs and the boots run side by side: each one's wall time from
# the start to its last run's exit status (build/mutation/*/NAME.rc).
mut_wall() { # mut_wall host|qemu: "N runs<TAB>seconds to the last one's end<TAB>CPU seconds"
  local n t c
  n=$(find "$B/mutation/$1" -name '*.rc' 2>/dev/null | wc -l)
  t=$(find "$B/mutation/$1" -name '*.rc' -printf '%T@\n' 2>/dev/null | sort -n | tail -n 1 | cut -d. -f1)
  c=$(find "$B/mutation/$1" -name '*.time' -exec tail -qn 1 {} + 2>/dev/null | awk '{ c += $2 + $3 } END { print int(c) }')
  printf '%s\t%s\t%s' "$n" "$(( ${t:-$t_mut} - t_mut ))" "$c"
}
phases+=("mutation matrix (ci/mutation.sh; beside the boots), of which:"$'\t'"$bg_span"$'\t'"$bg_cpu")
IFS=$'\t' read -r mh th ch <<<"$(mut_wall host)"; phases+=("  $mh host runs"$'\t'"$th"$'\t'"$ch")
IFS=$'\t' read -r mq tq cq <<<"$(mut_wall qemu)"; phases+=("  $mq QEMU boots, beside them"$'\t'"$tq"$'\t'"$cq")

# Every results.json the boots above produced validates against
# docs/results.schema.json (Debian's python3-jsonschema, which belongs to
# /usr/bin/python3; a missing module is this check's FAIL, not a crash);
# but the power cuts', which may have been cut while being written.
mapfile -t jsons < <(find $B/check -name results.json -not -path "$B/check/cut/*" | sort)
if [ ${#jsons[@]} = 0 ]; then bad check.results-schema "no results.json under $B/check"
elif schema_out=$(/usr/bin/python3 ci/check_schema.py "${jsons[@]}" 2>&1); then
  ok "check.results-schema (${#jsons[@]} files)"
else bad check.results-schema "$(echo "$schema_out" | head -n 3 | paste -sd ';' -)"; fi
# TAP consumers take every finished run's results.tap: prove
# (Debian perl) and tappy (python3-tap, in /usr/bin/python3), each count as
# the JSON's (ci/check_tap.py), among them the tap-verdicts boot's. A
# missing consumer is its FAIL naming the package.
mapfile -t taps < <(find $B/check -name results.tap -not -path "$B/check/cut/*" -printf '%h\n' | sort)
for c in prove tappy; do
  if tap_out=$(/usr/bin/python3 -m ci.check_tap $c --need FAIL,SKIP,N/A "${taps[@]}" 2>&1)
  then ok "check.tap.$c ($tap_out)"; else bad check.tap.$c "$(echo "$tap_out" | head -n 3 | paste -sd ';' -)"; fi
done
phase "results schema and TAP consumers"

# What one generation costs (its boots and its row of the matrix), from
# this run's figures (ci/cost.py), so that a new one's share can be read off.
cost_out=$(python3 -m ci.cost 2>&1) || bad check.cost "ci/cost.py: $(tail -n 1 <<<"$cost_out")"
echo "$cost_out"
IFS=$'\t' read -r gn gc < <(sed -n 's/^cost: one generation (mean of \([0-9]*\)): \([0-9]*\) s CPU.*/\1\t\2/p' <<<"$cost_out")
echo "check: phases, wall and CPU times (s; CPU: user + system of the phase's processes)"
printf '  %-62s %5s %5s\n' phase wall CPU
for p in "${phases[@]}"; do
  IFS=$'\t' read -r pn pw pc <<<"$p"; printf '  %-62s %5s %5s\n' "$pn" "$pw" "$pc"
done
cpu_now
printf '  %-62s %5s %5s\n' "make check (from its first check)" "$((SECONDS - t_start))" "$((cpu - c_start + bg_total))"
[ -z "${gc:-}" ] || printf '  %-62s %5s %5s\n' "one more generation (mean of $gn; wall: its CPU on $(nproc) cores)" \
  "$(( gc / $(nproc) ))" "$gc"
echo "check: $pass passed, $fail failed, $skip skipped"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
