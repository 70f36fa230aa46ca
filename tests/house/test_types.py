"""The package type-checks: mypy (pinned in the `test` extra, configured in
pyproject.toml) finds no error in rummy500_cli, and every `# type: ignore` left says
why on the line above it.

mypy is run as `python -m mypy` by the interpreter running the tests. It is never
skipped: without mypy the test fails and says how to install it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_installed() -> None:
    assert importlib.util.find_spec("mypy") is not None, (
        "mypy is missing from this interpreter: pip install -e '.[test]'"
    )


def test_the_package_type_checks() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_type_ignore_is_explained() -> None:
    unexplained = []
    for path in sorted((ROOT / "rummy500_cli").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if "# type: ignore" in line:
                above = lines[number - 2].strip() if number > 1 else ""
                if not above.startswith("#"):
                    unexplained.append(f"{path.relative_to(ROOT)}:{number}")
    assert not unexplained, "explain these on the line above: " + ", ".join(unexplained)
