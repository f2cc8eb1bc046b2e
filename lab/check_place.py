#!/usr/bin/python3
"""make check's check of the lab place template, without
a lab: labgrid itself builds a target from the exporter's resource group
(lab/exporter.yaml, what the coordinator would hand the place) and the
place environment's drivers (lab/place.yaml), so every class name and
argument is one labgrid 0.4.1 knows, every driver binds to a resource, and
the target offers what lab/harness_run.py asks for. One "PASS name" or
"FAIL name: why" line.

  check_place.py EXPORTER.yaml PLACE.yaml"""
import sys

# What lab/harness_run.py takes from a lab place's target.
NEEDED = ["PowerProtocol", "ConsoleProtocol", "USBSDMuxDriver", "USBStorageDriver"]


def build(exporter, place):
    from labgrid import Target, target_factory
    from labgrid.util.yaml import load
    with open(exporter, encoding="utf-8") as f:
        groups = load(f)
    with open(place, encoding="utf-8") as f:
        main = load(f)["targets"]["main"]
    target = Target("place-check")
    for group in groups.values():
        for cls, args in group.items():
            target_factory.make_resource(target, cls, cls, dict(args or {}))
    for cls, args in main["drivers"].items():
        target_factory.make_driver(target, cls, cls, dict(args or {}))
    for want in NEEDED:
        target.get_driver(want, activate=False)
    return len(groups), len(main["drivers"])


def main():
    exporter, place = sys.argv[1:3]
    name = f"check.lab.place-template ({exporter}, {place})"
    try:
        groups, drivers = build(exporter, place)
    except Exception as e:  # labgrid's errors for unknown classes, arguments, bindings
        print(f"FAIL {name}: {type(e).__name__}: {e}")
        return 1
    print(f"PASS {name}: {groups} place(s), {drivers} drivers bound, {', '.join(NEEDED)} found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
