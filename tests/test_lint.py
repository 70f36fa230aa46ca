"""The code stays `ruff check` and `ruff format` clean (configuration in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ruff = shutil.which("ruff")


@pytest.mark.skipif(ruff is None, reason="ruff is not installed (pip install -e '.[test]')")
@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]])
def test_ruff_is_clean(args: list[str]) -> None:
    result = subprocess.run([ruff, *args], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
