"""The example client of rummy500-protocol(7) runs as the page shows it after the
README's set-up: with the environment's Python, its `bin` not on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rummy500_cli.cli.manual import page_source

ROFF_ESCAPES = {"\\-": "-", "\\e": "\\", "\\(aq": "'", "\\(dq": '"', "\\&": ""}


def client_source() -> str:
    """The lines of the block marked `test: client`, roff escapes undone."""
    lines = page_source("rummy500-protocol").splitlines()
    start = lines.index('.\\" test: client')
    assert lines[start + 1] == ".EX"
    end = lines.index(".EE", start)
    text = "\n".join(lines[start + 2 : end]) + "\n"
    for escape, char in ROFF_ESCAPES.items():
        text = text.replace(escape, char)
    return text


def test_the_example_client_runs_without_rummy500_on_path(tmp_path: Path) -> None:
    (tmp_path / "client.py").write_text(client_source(), encoding="utf-8")
    bin_dir = str(Path(sys.executable).parent)
    path = [p for p in os.environ["PATH"].split(os.pathsep) if p and p != bin_dir]
    env = dict(os.environ, PATH=os.pathsep.join(path))
    check = subprocess.run(
        ["sh", "-c", "command -v rummy500"], env=env, capture_output=True, text=True
    )
    assert check.returncode != 0, "rummy500 is on PATH: the test would not test anything"
    result = subprocess.run(
        [sys.executable, "client.py"], cwd=tmp_path, env=env, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["game_over", "bot.jsonl"], result.stdout + result.stderr
