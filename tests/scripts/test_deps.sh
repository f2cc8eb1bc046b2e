#!/usr/bin/env bash
# Host test for scripts/deps.sh: its apt source detection (--print-mirror)
# run against apt trees built here in a temp dir (DEPS_APT_DIR), and its
# failure paths with dpkg-query/qemu/id/apt-get stubbed on PATH, so nothing
# is installed and /etc/apt is never touched. Prints TAP ("ok N - name" /
# "not ok N - name" per check, then the plan) so ci/run-host-tests.sh
# counts each check; exits 1 if any check failed. No set -e: each check is
# an && list whose status is the verdict, reported with $?.
set -uo pipefail

deps="$(cd "$(dirname "$0")/../.." && pwd)/scripts/deps.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

report() { # report NAME STATUS [WHY]
  n=$((n + 1))
  if [ "$2" -eq 0 ]; then
    echo "ok $n - $1"
  else
    echo "not ok $n - $1"
    echo "# ${3:-}"; sed 's/^/# stderr: /' "$tmp/err"
    failed=$((failed + 1))
  fi
}

# tree NAME: a fresh empty apt dir $tmp/NAME (with sources.list.d/); files
# are then written with put NAME PATH <<EOF.
tree() { rm -rf "${tmp:?}/$1"; mkdir -p "$tmp/$1/sources.list.d"; }
put() { cat >"$tmp/$1/$2"; }

# mirror NAME TREE URI: --print-mirror on TREE prints URI, exits 0.
mirror() {
  local out rc=0
  out=$(DEPS_APT_DIR="$tmp/$2" "$deps" --print-mirror 2>"$tmp/err") || rc=$?
  [ $rc -eq 0 ] && [ "$out" = "$3" ]
  report "$1" $? "exit $rc, printed '$out', want '$3'"
}

# fails NAME TREE: --print-mirror on TREE exits 1, prints nothing on stdout
# and exactly one line on stderr, the "no Debian archive" one.
fails() {
  local out rc=0
  out=$(DEPS_APT_DIR="$tmp/$2" "$deps" --print-mirror 2>"$tmp/err") || rc=$?
  [ $rc -eq 1 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q '^deps.sh: no Debian archive serving bookworm in .*; add one (e.g. URIs: http://deb.debian.org/debian, Suites: bookworm) and rerun$' "$tmp/err"
  report "$1" $? "exit $rc, stdout '$out', $(wc -l <"$tmp/err") stderr line(s)"
}

debian_sources() { # the stock Debian 12 file
  put "$1" sources.list.d/debian.sources <<'EOF'
Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
# http://snapshot.debian.org/archive/debian-security/20250520T000000Z
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
}

tree d822; debian_sources d822
mirror "deb822 only (stock Debian 12, no sources.list)" d822 http://deb.debian.org/debian

tree oneline; put oneline sources.list <<'EOF'
# deb cdrom:[Debian GNU/Linux 12.5.0 _Bookworm_ - Official amd64 DVD Binary-1]/ bookworm main
#deb http://commented.example/debian bookworm main
deb http://inline.example/debian bookworm # main
deb http://ftp.de.debian.org/debian/ bookworm main non-free-firmware
deb-src http://src.example/debian bookworm main
deb http://security.debian.org/debian-security bookworm-security main
EOF
mirror "one-line format only, comments (also inline) and deb-src skipped" oneline http://ftp.de.debian.org/debian/

tree both; debian_sources both
put both sources.list <<'EOF'
deb http://ftp.fr.debian.org/debian bookworm main contrib
EOF
mirror "both formats: sources.list first, as apt reads it" both http://ftp.fr.debian.org/debian

tree third; debian_sources third
put third sources.list.d/00-google.list <<'EOF'
deb [signed-by=/usr/share/keyrings/cloud.google.gpg] https://packages.cloud.google.com/apt cloud-sdk-bookworm main
EOF
put third sources.list.d/01-nodesource.sources <<'EOF'
Types: deb
URIs: https://deb.nodesource.com/node_20.x
Suites: nodistro
Components: main
EOF
put third sources.list.d/02-microsoft.list <<'EOF'
deb [arch=amd64] https://packages.microsoft.com/debian/12/prod bookworm main
EOF
put third sources.list.d/03-docker.list <<'EOF'
deb https://download.docker.com/linux/debian bookworm stable
EOF
mirror "third-party repos sorted first are not taken" third http://deb.debian.org/debian

tree off; debian_sources off
for f in 00-wrong.list.disabled 00-wrong.list.save google-cloud-sdk.list.disabled-by-farm 00-wrong.list~; do
  echo "deb http://wrong.example/debian bookworm main" | put off "sources.list.d/$f"
done
for f in 00-wrong.sources.disabled nodesource.sources.disabled-by-farm 00-wrong.sources.save; do
  printf 'Types: deb\nURIs: http://wrong.example/debian\nSuites: bookworm\nComponents: main\n' |
    put off "sources.list.d/$f"
done
mirror "files apt does not read (.disabled, .save, .disabled-by-farm, ~) are ignored" off \
  http://deb.debian.org/debian

tree enab; put enab sources.list.d/debian.sources <<'EOF'
Types: deb-src
URIs: http://src.example/debian
Suites: bookworm
Components: main

Types: deb
URIs: http://disabled.example/debian
Suites: bookworm
Components: main
Enabled: no

# another stanza, several URIs and suites, a continued field
types: deb-src deb
URIs: http://first.example/debian http://second.example/debian
Suites: bookworm-updates
  bookworm
Components: contrib main
EOF
mirror "deb822: deb-src and Enabled: no skipped, several URIs/Suites, continuation" enab \
  http://first.example/debian

# A stanza ending a file without a blank line does not run into the next file.
tree files; printf 'Types: deb\nURIs: http://a.example/debian\nSuites: bookworm\nComponents: main' |
  put files sources.list.d/10-a.sources
printf 'Types: deb\nURIs: http://b.example/debian\nSuites: bookworm\nComponents: main\n' |
  put files sources.list.d/20-b.sources
mirror "deb822: last stanza of a file ends with the file" files http://a.example/debian

tree signed; put signed sources.list.d/mirror.list <<'EOF'
deb [ arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg ] http://mirror.example.org/debian bookworm main # local
EOF
mirror "one-line [signed-by=...] options" signed http://mirror.example.org/debian

tree nomain; put nomain sources.list <<'EOF'
deb cdrom:[Debian_12.5.0_Bookworm]/ bookworm main
deb http://nomain.example/debian bookworm contrib
deb http://deb.debian.org/debian bookworm-updates main
deb http://mirror.example.net/pub/linux/deb bookworm main
EOF
mirror "no /debian URI: first bookworm main entry, not cdrom: (with a note)" nomain \
  http://mirror.example.net/pub/linux/deb
grep -q '^deps.sh: note: ' "$tmp/err"; report "no /debian URI: note on stderr" $?

tree sec; put sec sources.list.d/debian.sources <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
EOF
fails "security only: one clear line, exit 1" sec

tree none; put none sources.list.d/00-google.list <<'EOF'
deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main
EOF
fails "no Debian source at all: one clear line, exit 1" none
tree empty; rmdir "$tmp/empty/sources.list.d"
fails "empty apt dir: one clear line, exit 1" empty

# The install path with every command it runs stubbed: dpkg-query says
# nothing is installed, QEMU is 7.2, id and apt-get answer as told.
stub=$tmp/bin; mkdir -p "$stub"
printf '#!/bin/sh\nexit 1\n' >"$stub/dpkg-query"
printf '#!/bin/sh\necho "QEMU emulator version 7.2.15"\n' >"$stub/qemu-system-x86_64"
# shellcheck disable=SC2016 # expanded by the stub, not here
printf '#!/bin/sh\necho "${FAKE_UID:-1000}"\n' >"$stub/id"
printf '#!/bin/sh\necho "E: Unable to locate package gnu-efi (stub)"\nexit 100\n' >"$stub/apt-get"
chmod +x "$stub"/*
# (The lock files waited for: one of the test's own, free unless held below.)
export DEPS_LOCKS=$tmp/lock-frontend
: >"$DEPS_LOCKS"
run() { # run TREE UID: deps.sh with the stubs; sets rc, out; stderr in $tmp/err
  rc=0
  out=$(PATH="$stub:$PATH" TMPDIR="$tmp" FAKE_UID=$2 DEPS_APT_DIR="$tmp/$1" "$deps" 2>"$tmp/err") || rc=$?
}
if [ "$(PATH="$stub:$PATH" command -v apt-get)" = "$stub/apt-get" ]; then
  tree inst; debian_sources inst
  run inst 1000
  [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q '^deps.sh: missing: gnu-efi .* qemu-system-x86>=10 .*; run as root: sudo scripts/deps.sh$' "$tmp/err"
  report "not root: one line naming what is missing and what to run" $? "exit $rc"
  run none 1000
  [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^deps.sh: no Debian archive' "$tmp/err"
  report "not root, no Debian source: that is the one line" $? "exit $rc"
  run inst 0
  [ $rc -eq 1 ] && grep -q 'Unable to locate package gnu-efi (stub)' "$tmp/err" &&
    [ "$(grep -c '^deps.sh:' "$tmp/err")" -eq 1 ] && tail -n 1 "$tmp/err" | grep -q '^deps.sh: apt-get failed'
  report "apt failure: log tail then one summary line" $? "exit $rc"
  grep -qx 'URIs: http://deb.debian.org/debian' "$tmp/inst/sources.list.d/bookworm-backports.sources" &&
    grep -qx 'Suites: bookworm-backports' "$tmp/inst/sources.list.d/bookworm-backports.sources"
  report "root: bookworm-backports.sources written from the detected URI" $?
  tree inst2; debian_sources inst2
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\n' |
    put inst2 sources.list.d/zz-bp.sources
  run inst2 0
  [ ! -e "$tmp/inst2/sources.list.d/bookworm-backports.sources" ]
  report "root: backports already read by apt, no file added" $?
  tree nodir; rmdir "$tmp/nodir/sources.list.d"
  echo "deb http://deb.debian.org/debian bookworm main" | put nodir sources.list
  run nodir 0
  [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^deps.sh: cannot write .*; create ' "$tmp/err"
  report "root, no sources.list.d to write to: one line" $? "exit $rc"
  echo "deb http://deb.debian.org/debian bookworm-backports main" | put none sources.list.d/bp.list.disabled
  run none 0
  [ $rc -eq 1 ] && grep -q '^deps.sh: no Debian archive' "$tmp/err"
  report "backports in a disabled file does not count" $? "exit $rc"

  # Everything installed and configured, QEMU 10: nothing is installed,
  # even as root, even while another package manager holds the lock; that
  # one is waited for (one line saying who holds what), then released.
  ok_stub=$tmp/okbin; mkdir -p "$ok_stub"
  printf '#!/bin/sh\nprintf "install ok installed"\n' >"$ok_stub/dpkg-query"
  printf '#!/bin/sh\necho "QEMU emulator version 10.0.2"\n' >"$ok_stub/qemu-system-x86_64"
  printf '#!/bin/sh\necho called >>"%s"\nexit 100\n' "$tmp/apt-called" >"$ok_stub/apt-get"
  chmod +x "$ok_stub"/*
  tree inst3; debian_sources inst3
  rm -f "$tmp/apt-called"
  rc=0; PATH="$ok_stub:$stub:$PATH" FAKE_UID=0 DEPS_APT_DIR="$tmp/inst3" "$deps" 2>"$tmp/err" || rc=$?
  [ $rc -eq 0 ] && [ ! -e "$tmp/apt-called" ] && [ ! -s "$tmp/err" ]
  report "root, everything installed and configured: no apt-get, no line, exit 0" $? "exit $rc"
  # hold: a process holding an fcntl lock (as apt does) on the lock file
  # until its standard input closes; "held" once it holds it.
  hold() {
    mkfifo "$tmp/hold.fifo"
    python3 -c 'import fcntl, sys
f = open(sys.argv[1], "w"); fcntl.lockf(f, fcntl.LOCK_EX); print("held", flush=True); sys.stdin.read()' \
      "$DEPS_LOCKS" <"$tmp/hold.fifo" >"$tmp/held" &
    holder=$!
    exec 7>"$tmp/hold.fifo"
    until grep -q held "$tmp/held" 2>/dev/null; do kill -0 $holder 2>/dev/null || break; sleep 0.1; done
  }
  release() { exec 7>&-; wait $holder; rm -f "$tmp/hold.fifo" "$tmp/held"; }
  hold
  PATH="$ok_stub:$stub:$PATH" FAKE_UID=0 DEPS_APT_DIR="$tmp/inst3" "$deps" 2>"$tmp/err" 7>&- &
  dpid=$!
  # The event: deps.sh says it waits (or ends without waiting: a failure).
  until grep -q '^deps.sh: waiting for ' "$tmp/err" || ! kill -0 $dpid 2>/dev/null; do sleep 0.1; done
  release
  rc=0; wait $dpid || rc=$?
  [ $rc -eq 0 ] && [ ! -e "$tmp/apt-called" ] &&
    grep -q "^deps.sh: waiting for python3 (PID $holder) to release $DEPS_LOCKS (another apt or dpkg, e.g. unattended-upgrades), up to 600 s$" "$tmp/err" &&
    grep -q '^deps.sh: the package manager.s locks are free after [0-9]* s$' "$tmp/err"
  report "lock held: one line naming the holder and the file, then on once it is free" $? "exit $rc"
  hold
  rc=0; PATH="$ok_stub:$stub:$PATH" FAKE_UID=0 DEPS_LOCK_WAIT=1 DEPS_APT_DIR="$tmp/inst3" "$deps" 2>"$tmp/err" 7>&- || rc=$?
  release
  [ $rc -eq 1 ] && [ ! -e "$tmp/apt-called" ] &&
    tail -n 1 "$tmp/err" | grep -q "^deps.sh: $DEPS_LOCKS still held by python3 (PID [0-9]*) after 1 s; wait for it to finish (or raise DEPS_LOCK_WAIT) and rerun$"
  report "lock held past DEPS_LOCK_WAIT: one line naming it, exit 1, nothing installed" $? "exit $rc"
else
  report "stubs shadow apt-get on PATH" 1 "not running the install-path checks"
fi

rc=0; "$deps" --bogus 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
report "unknown argument: one usage line, exit 2" $? "exit $rc"

echo "1..$n"
[ $failed -eq 0 ]
