#!/usr/bin/python3
"""Validate results.json files against docs/results.schema.json.

  check_schema.py FILE...    one line per file that does not validate (its
                             path and the first error's place and message);
                             exit 0 if all do, 1 if one does not, 2 if the
                             validator itself is missing

Runs with /usr/bin/python3, the interpreter Debian's python3-jsonschema
belongs to (scripts/deps.sh installs it), whatever python3 comes first on
PATH.
"""
import json
import os
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                      "results.schema.json")


def main():
    try:
        import jsonschema
    except ImportError:
        print(f"check_schema.py: no jsonschema module for {sys.executable}: install "
              "python3-jsonschema (scripts/deps.sh)")
        return 2
    with open(SCHEMA) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for path in sys.argv[1:]:
        try:
            with open(path, "rb") as f:
                doc = json.loads(f.read().decode("ascii"))
        except (OSError, UnicodeDecodeError, ValueError) as e:
            print(f"{path}: not readable as JSON: {e}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            e = errors[0]
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            print(f"{path}: {len(errors)} schema error(s), first at {where}: {e.message[:200]}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
