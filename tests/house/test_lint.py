"""The code stays `ruff check` and `ruff format` clean (configuration in pyproject.toml).

ruff is run as `python -m ruff` by the interpreter running the tests: the `test` extra
installs it there, whether or not the environment's scripts are on PATH. It is never
skipped: without ruff the test fails and says how to install it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_is_installed() -> None:
    assert importlib.util.find_spec("ruff") is not None, (
        "ruff is missing from this interpreter: pip install -e '.[test]'"
    )


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]])
def test_ruff_is_clean(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
