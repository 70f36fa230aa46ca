"""Shared test settings: hypothesis profiles, the soak marker, a config of one's own, and
a limit of 180 s on a test, after which it fails as hung (`_no_hang`).

`HYPOTHESIS_PROFILE=soak python -m pytest -m soak` runs the long soaks (tens of
thousands of games); CI runs the default profile and skips them.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

HANG_SECONDS = 180.0
"""A test (its fixtures included) that runs this long is taken to hang: it fails, with
the place it was stuck, rather than hold CI until CI is killed. Soaks have no limit."""
HANG_GRACE = 30.0
"""If the failure does not free it (the exception was swallowed), the run stops."""


class Hung(BaseException):
    """Raised in a test that ran `HANG_SECONDS` (a BaseException, so that no `except
    Exception` of the code under test takes it for an error of its own)."""


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """No test reads or writes the user's own files: each has empty data (saves, stats),
    state (prompt history), config (preferences) and cache folders of its own, unless it
    sets one. Programs the tests start inherit them through the environment."""
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        folder = name.removeprefix("XDG_").removesuffix("_HOME").lower()
        monkeypatch.setenv(name, str(tmp_path_factory.mktemp(folder)))


@pytest.fixture(autouse=True)
def _no_hang(request: pytest.FixtureRequest) -> Iterator[None]:
    """The main thread's own alarm (SIGALRM), not a watchdog thread: a thread would make
    every fork of the suite one from a threaded process, the hazard the analysis's
    workers avoid. (`hostile.alarm` nests inside it.)"""
    if request.node.get_closest_marker("soak") is not None:
        yield
        return
    rung = []

    def ring(signum: int, frame: object) -> None:
        if rung:  # still stuck: every thread's place, then stop the run
            import faulthandler

            capture = request.config.pluginmanager.getplugin("capturemanager")
            if capture is not None:  # (pytest holds standard error: let it go)
                capture.suspend_global_capture()
            sys.stderr.write(f"\n{request.node.nodeid} did not stop after failing as hung:\n")
            sys.stderr.flush()
            faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
            os._exit(70)
        rung.append(True)
        signal.setitimer(signal.ITIMER_REAL, HANG_GRACE)
        raise Hung(f"the test ran {HANG_SECONDS:.0f} s: taken to hang")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak",
    max_examples=int(os.environ.get("SOAK_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
