#!/usr/bin/python3
"""Host test for ci/check_cut.py's reading of log.txt after a power
cut: a line reaches the medium before the console (efi/platform/console.c), so
log.txt is the console's lines from the banner on, and at most one more,
the line the cut came in (not shown, or shown in part); a line the
console shows otherwise, or two lines past it, is not a cut's. Prints TAP.
"""
from ci.check_cut import log_fits
from ci.tap import report, done


fw = ["BdsDxe: starting Boot0001", "uncore-harness v", "cpu: x", "[1/2] PASS a.b", "[2/2] PASS a.c"]
serial = fw + [""]                      # the console ended at a line's end
report("the same lines", log_fits(fw[1:], serial))
report("fewer lines (the cut came before their write)", log_fits(fw[1:3], serial))
report("one line more: the one being written", log_fits(fw[1:] + ["end: x"], serial))
report("two lines more", not log_fits(fw[1:] + ["end: x", "end: y"], serial))
report("a line the console shows otherwise", not log_fits(["uncore-harness v", "cpu: y"], serial))
report("a line the console showed in part", log_fits(fw[1:] + ["end: x (exit code 1)"], fw + ["end: x (exit"]))
report("a line the console began otherwise", not log_fits(fw[1:] + ["end: x (exit code 1)"], fw + ["end: y"]))
report("the first line not yet on the console", log_fits(["uncore-harness v"], ["BdsDxe: x", ""]))
report("a first line the console does not show, and more", not log_fits(["junk", "cpu: x"], serial))
report("a line missing in the middle", not log_fits([fw[1], fw[3]], serial))
done()
