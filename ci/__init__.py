"""make check's and make mutation's Python, as one package: run each from the
repository's root as `python3 -m ci.NAME` (ci/check.sh does); modules
import each other and tools/ as packages (`from tools.results import ...`)."""
