"""`.ci/run` runs the README's test command under every other Python 3.11+ it finds:
which Pythons it picks, checked with --dry-run against fake ones."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

RUN = Path(__file__).resolve().parents[2] / ".ci" / "run"


def fake(path: Path, version: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho {version}\n")
    path.chmod(0o755)


def test_ci_picks_each_other_python_3_11_or_later_once(tmp_path: Path) -> None:
    pyenv = tmp_path / "pyenv"
    fake(pyenv / "versions" / "3.10.13" / "bin" / "python3", "3.10")
    fake(pyenv / "versions" / "3.11.7" / "bin" / "python3", "3.11")
    fake(pyenv / "versions" / "3.12.1" / "bin" / "python3", "3.12")
    fake(pyenv / "versions" / "3.13.0" / "bin" / "python3", "3.13")
    (pyenv / "versions" / "2.7.18" / "bin").mkdir(parents=True)  # no python3 there
    bin_dir = tmp_path / "bin"
    fake(bin_dir / "python3", "3.11")
    fake(bin_dir / "python3.13", "3.13")  # a second 3.13: the first found is kept
    fake(bin_dir / "python3.14", "3.14")
    env = dict(os.environ, PYENV_ROOT=str(pyenv), PATH=f"{bin_dir}{os.pathsep}/usr/bin:/bin")
    done = subprocess.run(
        [str(RUN), "--dry-run"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "ci: README's Python: python3 (3.11)",
        f"ci: also Python 3.12: {pyenv}/versions/3.12.1/bin/python3 (in .venv-3.12)",
        f"ci: also Python 3.13: {pyenv}/versions/3.13.0/bin/python3 (in .venv-3.13)",
        f"ci: also Python 3.14: {bin_dir}/python3.14 (in .venv-3.14)",
    ]


def test_ci_runs_the_readme_test_command_first() -> None:
    readme = (RUN.parents[1] / "README.md").read_text()
    line = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q"
    assert line in readme and line in RUN.read_text()
