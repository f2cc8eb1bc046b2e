#!/usr/bin/env bash
# Build the FAT image that becomes the EFI System Partition:
#   EFI/BOOT/BOOTX64.EFI   the app (the removable-media path firmware boots
#                          without any boot entry)
#   uncore-harness.cfg     the config file
#   uncore-results/        where the app writes its TAP/JSON result files
# Usage: scripts/mkesp.sh <out.img> <app.efi> <config-file>
# No root and no loop devices: mtools writes straight into the image file.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 <out.img> <app.efi> <config-file>" >&2
  exit 2
fi
out=$1 app=$2 cfg=$3
for f in "$app" "$cfg"; do
  [ -f "$f" ] || { echo "$0: $f: no such file" >&2; exit 1; }
done

# 34 MiB with 512-byte clusters is 68528 clusters, above the 65525 that FAT32
# requires (mformat -F refuses fewer), and the UEFI spec asks for FAT32 on
# fixed media. That leaves ~33 MiB for result runs.
size_mib=34
sectors=$((size_mib * 2048))

# mtools otherwise rejects images whose geometry it cannot make sense of.
export MTOOLS_SKIP_CHECK=1

# Build beside the target and rename, so a failed or interrupted build never
# leaves a half-written image that make would consider up to date.
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT
truncate -s "${size_mib}M" "$tmp"
mformat -i "$tmp" -F -c 1 -T "$sectors" -h 64 -s 32 -v UNCOREHARN ::
mmd -i "$tmp" ::/EFI ::/EFI/BOOT ::/uncore-results
mcopy -i "$tmp" "$app" ::/EFI/BOOT/BOOTX64.EFI
mcopy -i "$tmp" "$cfg" ::/uncore-harness.cfg
chmod 644 "$tmp" # mktemp made it 0600
mv "$tmp" "$out"
trap - EXIT
