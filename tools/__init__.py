"""The Python tools a user runs on a run's results, as one package: run each
from the repository's root as `python3 -m tools.NAME` (make report does);
modules import each other as `from tools import NAME`."""
