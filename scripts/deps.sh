#!/usr/bin/env bash
# Install what building, imaging, booting and testing need, on Debian 12.
# QEMU must be 10 (bookworm-backports): bookworm's 7.2 has no x2APIC under
# TCG (docs/platform-notes.md#qemu-version). As root, adds bookworm-backports if apt lacks it and
# installs with apt-get; otherwise says what is missing and fails. Every
# failure ends with one "deps.sh: ..." line on stderr.
#   scripts/deps.sh                 install what is missing
#   scripts/deps.sh --print-mirror  print the Debian URI backports would use
# While another package manager runs (unattended-upgrades in a fresh
# system's first minutes, an apt in another terminal), a package may be
# half-way through an upgrade, and apt-get would fail on its lock: deps.sh
# first waits for apt's and dpkg's locks to be free, up to DEPS_LOCK_WAIT
# seconds (default 600), saying who holds them, and only then reads what is
# installed. It installs nothing when every package is installed and
# configured ("install ok installed"), whoever holds the locks.
# DEPS_APT_DIR (default /etc/apt) is the apt tree read, DEPS_LOCKS the lock
# files waited for, for the tests.
set -Eeuo pipefail
shopt -s inherit_errexit
# Anything not caught by an explicit check below still says where it died:
# once, from the main shell (a failure in a subshell fails the command there).
on_err() { # on_err STATUS LINE
  if [ "$BASH_SUBSHELL" -eq 0 ]; then
    echo "deps.sh: unexpected failure (exit $1) at line $2: ${BASH_COMMAND%%$'\n'*}; rerun with: bash -x scripts/deps.sh" >&2
  fi
}
trap 'on_err $? $LINENO' ERR

apt_dir=${DEPS_APT_DIR:-/etc/apt}
die() { echo "deps.sh: $*" >&2; exit 1; }

# apt_entries: one line "URI SUITE COMPONENT..." per enabled deb URI and
# suite, in the order apt reads them. Only what apt reads: sources.list, then
# sources.list.d/*.list (one-line) and *.sources (deb822), names made of
# [A-Za-z0-9_.-] sorted bytewise; *.disabled, *.save etc. are skipped by apt
# and so here.
apt_entries() {
  local f files=() LC_ALL=C
  [ -f "$apt_dir/sources.list" ] && files+=("$apt_dir/sources.list")
  for f in "$apt_dir"/sources.list.d/*; do
    case ${f##*/} in
      *[!A-Za-z0-9_.-]*) ;;
      *.list|*.sources) [ -f "$f" ] && files+=("$f") ;;
    esac
  done
  [ ${#files[@]} -gt 0 ] || return 0
  awk '
    # deb822: a stanza ends at a blank line or end of file; emit it unless
    # its Types lack "deb" or it says Enabled: no.
    function flush(   i, j, nu, ns, u, s) {
      if (F["types"] ~ /(^|[ \t])deb([ \t]|$)/ &&
          tolower(F["enabled"]) !~ /^[ \t]*(no|false|off|0)[ \t]*$/) {
        nu = split(F["uris"], u); ns = split(F["suites"], s)
        for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++) print u[i], s[j], F["components"]
      }
      split("", F); key = ""
    }
    FNR == 1 { flush() }
    FILENAME !~ /\.sources$/ {          # one-line: deb [options] URI SUITE COMPONENT...
      sub(/#.*/, ""); if ($1 != "deb") next
      sub(/^[ \t]*deb[ \t]+/, ""); sub(/^\[[^]]*\]/, "")
      $1 = $1; print; next              # $1 = $1 squeezes the blanks
    }
    /^#/ { next }
    /^[ \t]*$/ { flush(); next }
    /^[ \t]/ { if (key != "") F[key] = F[key] " " $0; next }   # continuation line
    { c = index($0, ":"); key = tolower(substr($0, 1, c - 1)); F[key] = substr($0, c + 1) }
    END { flush() }
  ' "${files[@]}"
}

# find_mirror: set $mirror to the Debian archive URI serving suite
# "bookworm", or say what is missing and exit 1 (it runs in the main shell,
# not in $(...), so that its exit is the script's). The rule: an enabled deb
# entry whose suites include exactly "bookworm" (not bookworm-security,
# bookworm-updates, nor a third party's cloud-sdk-bookworm), with component
# "main", not cdrom:. Third-party repos may still say "bookworm main"
# (packages.microsoft.com does), so a URI ending in /debian or /debian/ wins;
# only if none does is the first candidate in apt's order taken, with a note.
find_mirror() {
  local picked
  picked=$(apt_entries | awk '
    $2 == "bookworm" && $1 !~ /^cdrom:/ {
      for (i = 3; i <= NF; i++) if ($i == "main") {
        if ($1 ~ /\/debian\/?$/) { print $1; found = 1; exit }
        if (alt == "") alt = $1
      }
    }
    END { if (!found && alt != "") print alt, "fallback" }')
  [ -n "$picked" ] || die "no Debian archive serving bookworm in $apt_dir/sources.list or $apt_dir/sources.list.d/*.list|*.sources; add one (e.g. URIs: http://deb.debian.org/debian, Suites: bookworm) and rerun"
  case $picked in
    *" fallback") picked=${picked% fallback}
      echo "deps.sh: note: no bookworm source ends in /debian; taking $picked as the Debian archive" >&2 ;;
  esac
  mirror=$picked
}

case ${1:-} in
  --print-mirror) find_mirror; echo "$mirror"; exit 0 ;;
  "") ;;
  *) echo "deps.sh: unknown argument '$1'; usage: scripts/deps.sh [--print-mirror]" >&2; exit 2 ;;
esac

# wait_for_locks: return once no process holds a lock on any of apt's and
# dpkg's lock files (whatever the user: /proc/locks, by inode), or exit 1
# after DEPS_LOCK_WAIT seconds, saying which process held which file.
locks=${DEPS_LOCKS:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock}
lock_wait=${DEPS_LOCK_WAIT:-600}
lock_holder() { # prints "FILE PID" of the first lock held, or nothing
  local f ino
  for f in $locks; do
    ino=$(stat -c %i "$f" 2>/dev/null) || continue
    awk -v ino="$ino" -v f="$f" '{ n = split($6, d, ":") } n == 3 && d[3] == ino { print f, $5; exit }' /proc/locks
  done | head -n 1
}
wait_for_locks() {
  local held file pid who t0=$SECONDS said=0
  while held=$(lock_holder) && [ -n "$held" ]; do
    file=${held% *} pid=${held#* }
    who=$(cat "/proc/$pid/comm" 2>/dev/null) || who="process $pid"
    [ "$pid" = -1 ] && who="another process"
    if [ $said = 0 ]; then
      echo "deps.sh: waiting for $who (PID $pid) to release $file (another apt or dpkg, e.g. unattended-upgrades), up to $lock_wait s" >&2
      said=1
    fi
    [ $((SECONDS - t0)) -lt "$lock_wait" ] ||
      die "$file still held by $who (PID $pid) after $lock_wait s; wait for it to finish (or raise DEPS_LOCK_WAIT) and rerun"
    sleep 1
  done
  [ $said = 0 ] || echo "deps.sh: the package manager's locks are free after $((SECONDS - t0)) s" >&2
}
wait_for_locks

# perl (prove), python3-tap (tappy) and libxml2-utils (xmllint): make
# check's TAP consumers and JUnit schema check; python3-matplotlib: make
# report's plots (tools/report.py). python3-labgrid (labgrid 0.4.1 and
# its pytest plugin) and lava-common (LAVA's job-schema validator): lab/'s
# place and job checks; both in bookworm's main, none newer in
# bookworm-backports. shellcheck and pyflakes3: make check's lint.
pkgs=(gnu-efi ovmf mtools dosfstools gdisk fdisk libcmocka-dev python3 python3-jsonschema binutils gcc make
  perl python3-tap libxml2-utils python3-matplotlib python3-labgrid lava-common shellcheck pyflakes3)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Major version of the installed QEMU, 0 if none.
qemu_major() {
  local v
  v=$(qemu-system-x86_64 --version 2>/dev/null | sed -n 's/.*version \([0-9]*\).*/\1/p' | head -n1) || true
  echo "${v:-0}"
}
need_qemu=0
[ "$(qemu_major)" -ge 10 ] || need_qemu=1
[ ${#missing[@]} -eq 0 ] && [ $need_qemu = 0 ] && exit 0

# bookworm-backports, from the archive the machine already uses for bookworm,
# unless apt already reads a bookworm-backports source.
if apt_entries | awk '$2 == "bookworm-backports" { f = 1 } END { exit !f }'; then
  have_bp=1
else
  have_bp=0
fi
mirror=
[ $have_bp = 1 ] || find_mirror
want=${missing[*]:-}
[ $need_qemu = 0 ] || want="$want qemu-system-x86>=10 (bookworm-backports)"
# (apt itself waits for dpkg's lock too, should another apt take it now)
lk="-o DPkg::Lock::Timeout=$lock_wait"
cmd="apt-get $lk update && DEBIAN_FRONTEND=noninteractive apt-get $lk install -y ${missing[*]:-} \
&& DEBIAN_FRONTEND=noninteractive apt-get $lk install -y -t bookworm-backports qemu-system-x86"

[ "$(id -u)" = 0 ] || die "missing: ${want# }; run as root: sudo scripts/deps.sh"
if [ $have_bp = 0 ]; then
  if ! { [ -d "$apt_dir/sources.list.d" ] && [ -w "$apt_dir/sources.list.d" ]; }; then
    die "cannot write $apt_dir/sources.list.d/bookworm-backports.sources; create $apt_dir/sources.list.d (root-writable) and rerun"
  fi
  printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$mirror" > "$apt_dir/sources.list.d/bookworm-backports.sources"
  echo "deps.sh: added $apt_dir/sources.list.d/bookworm-backports.sources ($mirror)"
fi
echo "deps.sh: installing ${want# }"
log=${TMPDIR:-/tmp}/deps-apt.log
if ! eval "$cmd" > "$log" 2>&1; then
  tail -n 20 "$log" >&2
  die "apt-get failed (last 20 lines of $log above); fix that and rerun scripts/deps.sh"
fi
[ "$(qemu_major)" -ge 10 ] || echo "deps.sh: QEMU is still $(qemu_major); x2APIC runs will be skipped" >&2
