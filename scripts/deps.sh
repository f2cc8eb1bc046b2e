#!/usr/bin/env bash
# Install what building, imaging, booting and testing need, on Debian 12.
# QEMU must be 10 (bookworm-backports): bookworm's 7.2 has no x2APIC under
# TCG (DESIGN.md). As root, installs with apt-get; otherwise prints the one
# command to run and fails.
set -euo pipefail

pkgs=(gnu-efi ovmf mtools dosfstools gdisk fdisk libcmocka-dev python3 binutils gcc make)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
qemu_major() { qemu-system-x86_64 --version 2>/dev/null | sed -n 's/.*version \([0-9]*\).*/\1/p' | head -n1; }
need_qemu=0
[ "$(qemu_major || true)" -ge 10 ] 2>/dev/null || need_qemu=1
[ ${#missing[@]} -eq 0 ] && [ $need_qemu = 0 ] && exit 0

# bookworm-backports, from the archive the machine already uses for bookworm.
bp_list=/etc/apt/sources.list.d/bookworm-backports.sources
uri=$(grep -rhoE 'https?://[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
      | grep -v security | head -n1)
uri=${uri:-http://deb.debian.org/debian}
cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]:-} \
&& DEBIAN_FRONTEND=noninteractive apt-get install -y -t bookworm-backports qemu-system-x86"

if [ "$(id -u)" != 0 ]; then
  echo "deps.sh: missing: ${missing[*]:-} $([ $need_qemu = 1 ] && echo 'qemu-system-x86 >= 10')" >&2
  echo "deps.sh: as root, add bookworm-backports ($uri) and run:" >&2
  echo "  $cmd" >&2
  exit 1
fi
if ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/; then
  printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" > "$bp_list"
fi
echo "deps.sh: installing ${missing[*]:-} $([ $need_qemu = 1 ] && echo 'qemu-system-x86 (bookworm-backports)')"
eval "$cmd" > /tmp/deps-apt.log 2>&1 || { tail -n 20 /tmp/deps-apt.log >&2; exit 1; }
[ "$(qemu_major)" -ge 10 ] || { echo "deps.sh: QEMU is still $(qemu_major); x2APIC runs will be skipped" >&2; }
