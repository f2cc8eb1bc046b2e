"""pytest plumbing for lab/test_harness.py: the harness runs once per
session, on the labgrid target of --lg-env (labgrid's pytest plugin), and
each result its console reports becomes one parametrized test. The run
happens while pytest collects (pytest_generate_tests): the test ids are
what the console says, known only once it has said it.

Without a lab, --harness-log FILE reads a serial log already captured
(and --harness-results DIR its result folder) instead of booting."""
import json
import os

import pytest

import harness_run

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def pytest_addoption(parser):
    g = parser.getgroup("uncore-harness")
    g.addoption("--harness-image",
                help="the stick image a run starts from; default: the environment's images: stick")
    g.addoption("--harness-opts", default="",
                help="configuration keys for the run, as make qemu OPTS= takes them "
                     "(e.g. 'tests=self.* verbose=2'), added to uncore-harness.cfg on the stick")
    g.addoption("--harness-out", default=os.path.join(REPO, "build", "lab"),
                help="where the stick copy, serial.log and the fetched results/ go")
    g.addoption("--harness-timeout", type=float, default=1800,
                help="seconds a run may take before its console is abandoned")
    g.addoption("--harness-log", help="parse this serial log instead of booting")
    g.addoption("--harness-results", help="with --harness-log: that run's result folder")


class Run:
    """What one run left: its console lines, exit code and result folder."""

    def __init__(self, lines, folder):
        self.lines, self.folder = lines, folder
        self.exit_code = harness_run.exit_code(lines)
        self.json = None
        if folder and os.path.exists(os.path.join(folder, "results.json")):
            with open(os.path.join(folder, "results.json"), encoding="utf-8") as f:
                self.json = json.load(f)
        names = {i + 1: t["id"] for i, t in enumerate(self.json["tests"])} if self.json else None
        self.results = harness_run.results(lines, names)


def the_run(config):
    """The session's run, made on first use."""
    if getattr(config, "_harness_run", None) is None:
        o = config.option
        if o.harness_log:
            with open(o.harness_log, encoding="utf-8", errors="replace") as f:
                lines = [harness_run.clean(line.rstrip("\n")) for line in f]
            config._harness_run = Run(lines, o.harness_results)
        else:
            env = getattr(config, "_labgrid_env", None)
            if env is None:
                raise pytest.UsageError("give --lg-env ENV.yaml (a labgrid environment) or --harness-log FILE")
            # verbose=2 first: one verdict line per test, N/A ones too
            # (a grouped line names only its first and last); the user's
            # keys come after it and win.
            keys = ["verbose=2"] + o.harness_opts.split()
            source = o.harness_image or env.config.get_image_path("stick")
            lines, folder = harness_run.boot(env.get_target("main"), source, keys,
                                             o.harness_out, o.harness_timeout)
            config._harness_run = Run(lines, folder)
    return config._harness_run


def pytest_generate_tests(metafunc):
    if "harness_result" in metafunc.fixturenames:
        results = the_run(metafunc.config).results
        metafunc.parametrize("harness_result", results, ids=[r.id for r in results], indirect=True)


@pytest.fixture(scope="session")
def run(request):
    return the_run(request.config)


class HarnessError(Exception):
    """An ERROR verdict: the harness or the machine broke during the test
    (not the behaviour under test), so pytest reports it as an error."""


@pytest.fixture
def harness_result(request):
    r = request.param
    if r.verdict == "ERROR":
        raise HarnessError(f"{r.id}: {r.reason}")
    return r
