"""The suite's hang limit (conftest `_no_hang`): a test stuck past the limit fails with
the place it was stuck and the run goes on; one that swallows the failure stops the run.
Run in a separate pytest on copies of conftest.py with limits of a second."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

STUCK = """
import time

def test_stuck():
    time.sleep(30)

def test_after():
    pass
"""

SWALLOWED = """
import time

def test_swallows():
    try:
        time.sleep(30)
    except BaseException:
        time.sleep(30)
"""


def run(tmp_path: Path, body: str) -> tuple[subprocess.CompletedProcess[str], float]:
    conftest = (HERE / "conftest.py").read_text(encoding="utf-8")
    conftest = conftest.replace("HANG_SECONDS = 180.0", "HANG_SECONDS = 1.0")
    conftest = conftest.replace("HANG_GRACE = 30.0", "HANG_GRACE = 1.0")
    assert "HANG_SECONDS = 1.0" in conftest and "HANG_GRACE = 1.0" in conftest
    (tmp_path / "conftest.py").write_text(conftest, encoding="utf-8")
    (tmp_path / "test_it.py").write_text(body, encoding="utf-8")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done, time.monotonic() - started


def test_a_stuck_test_fails_where_it_was_stuck_and_the_run_goes_on(tmp_path: Path) -> None:
    done, took = run(tmp_path, STUCK)
    assert done.returncode == 1, done.stdout
    assert "Hung: the test ran 1 s: taken to hang" in done.stdout
    assert "time.sleep(30)" in done.stdout  # where
    assert "1 failed, 1 passed" in done.stdout
    assert took < 20


def test_a_test_that_swallows_the_failure_stops_the_run(tmp_path: Path) -> None:
    done, took = run(tmp_path, SWALLOWED)
    assert done.returncode == 70
    assert "test_swallows" in done.stderr  # every thread's place, on standard error
    assert took < 20
