#!/usr/bin/env bash
# Boot the harness image under QEMU + OVMF (TCG) and map its end to one exit
# status table:
#   0   all selected tests passed        1   a test failed
#   2   harness error (ERROR verdict, or the harness ended without a verdict)
#   77  nothing ran (everything skipped) 124 timeout (QEMU killed)
# The harness reports through isa-debug-exit (port 0xf4): QEMU exits with
# (code << 1) | 1. Without that device (--no-debug-exit, as on bare metal),
# or with end=shutdown/reboot (QEMU exits 0: -no-reboot), the code is the
# one the harness's closing line names: "end: ... (exit code N)". The two
# ends QEMU never takes by itself end it here with that code: "end: halted"
# at once (every line before it is already on the medium: the log is
# written before the console), "end: returning to the firmware" (end=exit,
# and help and list whatever end= says) at the next line, the firmware's,
# which comes once the app has closed its files and returned. After QEMU
# exits, the run's result folder is copied out of the image into --results.
# Bounds (124, "timeout"): --timeout S is a stall bound, QEMU killed when no
# serial line came for S seconds (a hang), and --cap S an overall one,
# by default 600 s plus 2 s a result once the first "[n/N]" line names the
# plan (a long healthy run is never killed for being long).
# --until RE kills QEMU at the first (--until-nth N: Nth) serial line
# matching RE (the caller then decides when the run is over: the closing
# line ends nothing); --kill-at-line N kills it (SIGKILL, a power cut)
# when the Nth serial line arrives; both are events, never a fixed delay.
# Standard output carries every serial line but the framed copies of
# results.json ("wire: ", docs/results.md), unless --wire; --serial-log
# keeps every byte.
# --keep-image FILE keeps the disk as the run left it (for fsck.fat).
# --reboot lets the machine reboot (no -no-reboot), as a lab machine does
# after a watchdog reset, with the ICH9's TCO allowed to reset it
# (-global ICH9-LPC.noreboot=false: the NO_REBOOT strap off); OVMF boots
# the same medium again and the harness resumes its run.
# --reset-at-lines N,M,... resets the machine (the monitor's system_reset
# through a unix socket) when the Nth, Mth ... serial line arrives,
# counted over every boot; it implies --reboot. --machine pc boots an
# i440FX/PIIX machine instead of q35: a chipset without the ICH9's TCO.
# --usb attaches the image as a removable USB mass-storage stick on an xHCI
# controller, the path a user's stick takes, instead of a SATA disk.
# --vars FILE starts the firmware from FILE's UEFI variables instead of
# OVMF's empty store (a copy: FILE is not changed); --keep-vars FILE keeps
# the store as the boot left it. On the empty store OVMF writes every boot
# option, console and language variable anew, about 32,700 byte writes
# to the flash, each a trap into QEMU's pflash (its file written at each):
# a prepared store (the Makefile's $(B)/ovmf-vars.fd, kept from a boot of
# the image) leaves about 6,900. A 1-CPU boot of self.cpu.* took 0.79 of
# the CPU time (3.83 -> 3.15 s, median of 6 pairs, load average 9) with a
# prepared store; the firmware still enumerates, refreshes its boot
# options against the disks it finds and boots the removable-media path
# \EFI\BOOT\BOOTX64.EFI as on the empty store. The store's boot order
# names the disk it was taken with, then the UEFI shell: a medium the
# firmware finds elsewhere (--usb, --machine pc) comes after the shell,
# which it then starts instead; such a boot needs the empty store.
# No display adapter unless --screen: with one, OVMF also draws every
# console line on a graphics console that nobody sees here, and its
# scrolling under TCG took most of a verbose=3 boot's time (118 s against
# 30 s without, 26,000 lines). --screen keeps QEMU's standard VGA, the
# path of a machine with a screen.
set -euo pipefail
usage() {
  echo "usage: $0 --image ESP.img [--cpu MODEL] [--smp N] [--sockets N] [--timeout S] [--cap S]" >&2
  echo "          [--opts 'key=value ...' [--opts-from WHERE]] [--serial-log FILE] [--results DIR]" >&2
  echo "          [--quiet] [--wire]" >&2
  echo "          [--com2 FILE]   (a second 16550 at io:0x2f8, written to FILE)" >&2
  echo "          [--no-debug-exit] [--until REGEX [--until-nth N]] [--kill-at-line N]" >&2
  echo "          [--keep-image FILE] [--usb] [--screen] [--reboot] [--reset-at-lines N,M,...]" >&2
  echo "          [--machine q35|pc] [--vars FILE] [--keep-vars FILE]" >&2
  exit 2
}
image= cpu=Nehalem smp=1 sockets=1 timeout=120 cap= opts= opts_from="scripts/qemu.sh --opts" serial_log= results= quiet=0 wire=0 com2=
debug_exit=1 until= until_nth=1 kill_line=0 keep_image= usb=0 vga=none reboot=0 resets= machine=q35
vars= keep_vars=
while [ $# -gt 0 ]; do
  case "$1" in
    --image) image=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    --smp) smp=$2; shift 2 ;;
    --sockets) sockets=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --cap) cap=$2; shift 2 ;;
    --wire) wire=1; shift ;;
    --opts) opts=$2; shift 2 ;;
    --opts-from) opts_from=$2; shift 2 ;;
    --serial-log) serial_log=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --quiet) quiet=1; shift ;;
    --com2) com2=$2; shift 2 ;;
    --no-debug-exit) debug_exit=0; shift ;;
    --until) until=$2; shift 2 ;;
    --until-nth) until_nth=$2; shift 2 ;;
    --kill-at-line) kill_line=$2; shift 2 ;;
    --keep-image) keep_image=$2; shift 2 ;;
    --vars) vars=$2; shift 2 ;;
    --keep-vars) keep_vars=$2; shift 2 ;;
    --usb) usb=1; shift ;;
    --screen) vga=std; shift ;;
    --reboot) reboot=1; shift ;;
    --machine) machine=$2; shift 2 ;;
    --reset-at-lines) resets=",$2,"; reboot=1; shift 2 ;;
    *) usage ;;
  esac
done
[ -f "$image" ] || usage
export MTOOLS_SKIP_CHECK=1

ovmf_code=/usr/share/OVMF/OVMF_CODE_4M.fd
ovmf_vars=/usr/share/OVMF/OVMF_VARS_4M.fd
[ -f "$ovmf_code" ] || ovmf_code=/usr/share/OVMF/OVMF_CODE.fd
[ -f "$ovmf_vars" ] || ovmf_vars=/usr/share/OVMF/OVMF_VARS.fd
[ -z "$vars" ] || ovmf_vars=$vars

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$image" "$work/disk.img"
cp "$ovmf_vars" "$work/vars.fd"
# Options reach the harness through its config file on the medium: booted as
# the removable-media default, it gets no load options
# (docs/platform-notes.md#load-options). The
# medium (an ESP or a GPT disk) is read and written by tools/medium.py,
# the lab's reader too.
medium() { /usr/bin/python3 "$(dirname "$0")/../tools/medium.py" "$@"; }
# The keys are split as a shell splits words: quotes keep blanks in a value.
# --opts-from names where they came from in the harness's messages.
[ -z "$opts" ] || medium opts "$work/disk.img" "$opts" "$opts_from" || exit 2

topo="$smp"
[ "$sockets" -gt 1 ] && topo="$smp,sockets=$sockets"
serial_out=${serial_log:-$work/serial.log}
[ -n "$serial_log" ] && mkdir -p "$(dirname "$serial_log")"

extra=()
[ -n "$com2" ] && extra=(-serial "file:$com2")
[ "$debug_exit" = 1 ] && extra+=(-device isa-debug-exit,iobase=0xf4,iosize=0x04)
if [ "$reboot" = 1 ]; then
  [ "$machine" = q35 ] && extra+=(-global ICH9-LPC.noreboot=false)
  [ -n "$resets" ] && extra+=(-monitor "unix:$work/mon.sock,server=on,wait=off")
else
  extra+=(-no-reboot -monitor none)
fi
if [ "$usb" = 1 ]; then
  extra+=(-device qemu-xhci,id=xhci -drive if=none,id=stick,format=raw,file="$work/disk.img"
          -device usb-storage,bus=xhci.0,drive=stick,removable=on)
else
  extra+=(-drive format=raw,file="$work/disk.img")
fi
: > "$serial_out"

# The serial stream, line by line, into the log and stdout, killing QEMU at
# --until / --kill-at-line, at the end of a run QEMU does not end itself
# (end=halt, end=exit, help, list), and at a stall or the overall cap; the
# monitor's system_reset at --reset-at-lines (scripts/serial_watch.py).
watch_serial() {
  /usr/bin/python3 "$(dirname "$0")/serial_watch.py" --work "$work" --out "$serial_out" \
    --timeout "$timeout" ${cap:+--cap "$cap"} ${until:+--until "$until"} --until-nth "$until_nth" \
    --kill-line "$kill_line" --resets "$resets" $([ "$quiet" = 1 ] && echo --quiet) \
    $([ "$wire" = 1 ] && echo --wire)
}

set +e
# QEMU writes the serial port to a file, which never refuses a byte; the
# lines are read from it as it grows. Through a pipe, QEMU's 16550 dropped
# a byte the reader had no room for after a few retries, and the reader, then a
# shell loop, fell behind on a loaded host: garbled trace lines failed the
# replay check in four make check runs beside other builds (load 10-35).
raw=$work/com1.raw
: > "$raw"
# (The group's stderr: bash's own "Killed" notice for a killed QEMU.)
{ qemu-system-x86_64 \
  -machine "$machine" -accel tcg -cpu "$cpu" -smp "$topo" -m 512 \
  -drive if=pflash,format=raw,readonly=on,file="$ovmf_code" \
  -drive if=pflash,format=raw,file="$work/vars.fd" \
  -display none -vga "$vga" -serial "file:$raw" "${extra[@]}" -net none \
  -pidfile "$work/qemu.pid" \
  < /dev/null > /dev/null 2>"$work/qemu.err" &
  qpid=$!
  # tail ends once QEMU has ended and the file is read out. Woken by
  # inotify, it reads at each of QEMU's writes, a few bytes each: on the
  # 4.2 MB console of an 8-CPU verbose=3 boot (westmere-ex-trace) 3.4
  # million system calls, 53.5 s of CPU for the boot (28.3 s of it in the
  # kernel) against 28.0 s when tail polls every 0.2 s and reads what came
  # (GNU tail's ---disable-inotify), 59 s of wall time against 35 (one
  # pair, load 6). A boot whose reader acts at a line (--until,
  # --kill-at-line, --reset-at-lines) keeps inotify: QEMU must stop there,
  # not up to 0.2 s later; the other ends (a stall, the cap, the closing
  # line of end=halt or end=exit) come a poll later at most.
  follow=(-F -s 0.2)
  [ -n "$until" ] || [ "$kill_line" != 0 ] || [ -n "$resets" ] || follow=(---disable-inotify "${follow[@]}")
  tail -n +1 "${follow[@]}" --pid="$qpid" "$raw" 2>/dev/null | watch_serial
  wait "$qpid"; qs=$?; } 2>/dev/null
set -e
# The exit code the harness's closing line names, if it printed one.
named=$(sed -n 's/^end: .*(exit code \([0-9]*\)).*/\1/p' "$serial_out" | tail -n 1)
if [ -f "$work/ended" ]; then
  code=$named                  # end=halt, end=exit, help, list: the closing line's code
elif [ -f "$work/killed" ]; then
  code=${named:-124}
  [ -n "$named" ] || echo "qemu.sh: QEMU killed (--until/--kill-at-line) before the harness named its exit code" >&2
elif [ -f "$work/timedout" ]; then
  code=124
  echo "qemu.sh: timeout: $(cat "$work/timedout")" >&2
elif [ $((qs & 1)) = 1 ]; then
  code=$((qs >> 1))            # isa-debug-exit: the harness's own code
elif [ "$qs" = 0 ] && [ -n "$named" ]; then
  code=$named                  # shutdown or reset: the closing line's code
else
  code=2                       # QEMU ended without the harness's verdict
  echo "qemu.sh: QEMU exited with status $qs without an isa-debug-exit code" >&2
  sed 's/^/qemu: /' "$work/qemu.err" >&2
fi

# What the harness ignored of its configuration, again on the last lines.
ignored=$(grep -a '^config ignored: ' "$serial_out" | sed 's/^/qemu.sh: /') || true
[ -z "$ignored" ] || printf '%s\n' "$ignored" >&2
[ -z "$keep_image" ] || cp "$work/disk.img" "$keep_image"
[ -z "$keep_vars" ] || cp "$work/vars.fd" "$keep_vars"
[ -z "$results" ] || medium fetch "$work/disk.img" "$results" > /dev/null || true
exit "$code"
