#!/usr/bin/env bash
# Wrap an ESP FAT image (scripts/mkesp.sh) in a GPT disk image with exactly
# one EFI System Partition, ready to write to a USB stick:
#   dd if=build/usb.img of=/dev/sdX bs=4M conv=fsync
# Usage: scripts/mkusb.sh <out.img> <esp.img>
# No root and no loop devices: sgdisk edits the image file, dd fills it.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 <out.img> <esp.img>" >&2
  exit 2
fi
out=$1 esp=$2
[ -f "$esp" ] || { echo "$0: $esp: no such file" >&2; exit 1; }

esp_bytes=$(stat -c %s "$esp")
if [ $((esp_bytes % 512)) -ne 0 ]; then
  echo "$0: $esp: size $esp_bytes is not a whole number of sectors" >&2
  exit 1
fi
esp_sectors=$((esp_bytes / 512))

# The partition starts at 1 MiB (flash erase blocks, every partitioning tool's
# default) and is exactly the size of the file system. The disk ends 1 MiB
# after the partition's MiB-rounded end, which holds the backup GPT.
start=2048
end=$((start + esp_sectors - 1))
disk_sectors=$((start + (esp_sectors + 2047) / 2048 * 2048 + 2048))

export MTOOLS_SKIP_CHECK=1

# Write little-endian value $3 as $4 bytes at byte offset $2 of file $1.
put_le() {
  local bytes="" i
  for ((i = 0; i < $4; i++)); do
    bytes+=$(printf '\\0%03o' $((($3 >> (8 * i)) & 255)))
  done
  printf '%b' "$bytes" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# Read a little-endian 16-bit value at byte offset $2 of file $1.
get_le16() {
  od -An -tu2 -j "$2" -N 2 "$1" | tr -d ' '
}

# Build beside the target and rename, so an interrupted build never leaves a
# half-written image that make would consider up to date.
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT
chmod 644 "$tmp" # mktemp made it 0600
truncate -s $((disk_sectors * 512)) "$tmp"
sgdisk --clear --new=1:$start:$end --typecode=1:EF00 \
  --change-name=1:"uncore-harness ESP" "$tmp" >/dev/null
# sparse: the free clusters of the FAT stay holes in the image file.
dd if="$esp" of="$tmp" bs=1M oflag=seek_bytes seek=$((start * 512)) \
  conv=notrunc,sparse status=none

# BPB "hidden sectors" = sectors before the file system on the disk. UEFI and
# Linux ignore it but Windows uses it, so make it the partition start. FAT32
# (16-bit sectors-per-FAT is 0) keeps a backup boot sector to patch too.
part=$((start * 512))
put_le "$tmp" $((part + 0x1c)) $start 4
if [ "$(get_le16 "$tmp" $((part + 0x16)))" -eq 0 ]; then
  backup=$(get_le16 "$tmp" $((part + 0x32)))
  put_le "$tmp" $((part + backup * 512 + 0x1c)) $start 4
fi

# Read the app back through the partition: catches a bad ESP image here
# rather than on a machine that will not boot.
if ! mdir -i "$tmp@@$part" ::/EFI/BOOT/BOOTX64.EFI >/dev/null; then
  echo "$0: $esp: no EFI/BOOT/BOOTX64.EFI readable in the partition" >&2
  exit 1
fi
mv "$tmp" "$out"
trap - EXIT
