#!/usr/bin/env bash
# Host test for ci/check_layers.py (make check's check.layers): it
# passes on this tree, and on a temp copy of its layers with one include
# added it fails naming that include, for an upward include of each kind,
# and passes where the rule allows (down; host/ and tests/ anywhere). Prints TAP
# ("ok N - name" / "not ok N - name", then the plan) so
# ci/run-host-tests.sh counts each check; exits 1 if any failed.
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
check="$root/ci/check_layers.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# verdict NAME STATUS: its TAP line; on failure the check's output follows
# as comments.
verdict() {
  n=$((n + 1))
  [ "$2" -eq 0 ] && { echo "ok $n - $1"; return; }
  echo "not ok $n - $1"
  sed 's/^/# /' "$tmp/out"
  failed=$((failed + 1))
}

# copy: a fresh copy of the tree's layers in $tmp/tree.
copy() {
  rm -rf "$tmp/tree"; mkdir "$tmp/tree"
  cp -r "$root"/lib "$root"/arch "$root"/pmu "$root"/harness "$root"/suites "$root"/efi \
    "$root"/host "$root"/tests "$tmp/tree/"
}

# inject NAME FILE INCLUDE WANT: FILE of a fresh copy gets #include "INCLUDE"
# (#include <INCLUDE> for one given as <...>) as its last line; the check then exits 1 naming FILE and that line with
# WANT ("a layer above pmu" ...), or, WANT empty, exits 0.
inject() {
  local rc=0 line
  copy
  case $3 in "<"*) echo "#include $3" ;; *) echo "#include \"$3\"" ;; esac >>"$tmp/tree/$2"
  line=$(wc -l <"$tmp/tree/$2")
  "$check" --root "$tmp/tree" >"$tmp/out" 2>&1 || rc=$?
  if [ -z "$4" ]; then
    [ $rc -eq 0 ] && grep -q ', 0 upward$' "$tmp/out"
  else
    [ $rc -eq 1 ] && grep -qF "$2:$line: $4" "$tmp/out" && grep -q ', 1 upward$' "$tmp/out"
  fi
  verdict "$1" $?
}

rc=0; "$check" >"$tmp/out" 2>&1 || rc=$?
[ $rc -eq 0 ] && grep -q '^layers: [0-9]* files, [0-9]* includes, 0 upward$' "$tmp/out"
verdict "this tree: no upward include" $?

inject "pmu including efi/ fails" pmu/topo.c efi/efi.h "includes efi/efi.h, a layer above pmu"
inject "pmu including harness/ fails" pmu/detect.h harness/config.h \
  "includes harness/config.h, a layer above pmu"
inject "lib including arch/ fails" lib/platform.h arch/msr.h "includes arch/msr.h, a layer above lib"
inject "arch including pmu/ (relative to the file) fails" arch/tsc.c ../pmu/backend/backend.h \
  "includes pmu/backend/backend.h, a layer above arch"
inject "harness including suites/ fails" harness/runner.c suites/common/pmi.h \
  "includes suites/common/pmi.h, a layer above harness"
inject "suites including efi/ fails" suites/nhm/ovf.c efi/efi.h \
  "includes efi/efi.h, a layer above suites"
inject "harness including host/ fails" harness/session.c host/host.h \
  "includes host/host.h, a layer above harness"
inject "suites including tests/ fails" suites/core/pmi.c tests/pmu/test_backend.h \
  "includes tests/pmu/test_backend.h, a layer above suites"
inject "pmu including gnu-efi's <efi.h> fails" pmu/backend/hw.c "<efi.h>" \
  "includes <efi.h>, UEFI's, above pmu"
inject "an include of no file fails" pmu/regs/regs.c efi/gone.h 'includes "efi/gone.h", which is no file'
inject "suites including pmu/ (down) passes" suites/nhm/ovf.c pmu/regs/regs.h ""
inject "efi including suites/ passes" efi/main.c suites/self/self.h ""
inject "host/ including efi/ passes" host/host.h efi/efi.h ""
inject "tests/ including efi/ passes" tests/efi/test_smbios.c efi/efi.h ""

echo "1..$n"
[ $failed -eq 0 ]
