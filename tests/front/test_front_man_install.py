"""`man rummy500` works after both set-up lines of the README, in that order: the
editable reinstall of line 2 installs the man pages under the environment's share/man
as line 1's regular install does (setup.py's Distribution answers `has_data`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_distribution_says_it_has_data_files(monkeypatch) -> None:
    import setuptools

    seen: dict[str, type] = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kw: seen.update(kw))
    source = (ROOT / "setup.py").read_text(encoding="utf-8")
    exec(compile(source, "setup.py", "exec"), {"__name__": "setup"})
    dist = seen["distclass"](
        {"name": "rummy500", "data_files": [("share/man/man6", ["man/rummy500.6"])]}
    )
    assert dist.has_data() is True  # what setuptools' editable_wheel asks
    assert seen["distclass"]({"name": "x"}).has_data() is False


def readme_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.startswith("python3 -m venv")]


@pytest.mark.soak
@pytest.mark.skipif(shutil.which("man") is None, reason="needs man")
def test_man_rummy500_after_the_readme_set_up(tmp_path: Path) -> None:
    """Both README lines in a copy of the checkout (the game and the test run left out:
    `rummy500 play` and `pytest` change nothing under share/man), then man."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
        text=True, check=True,
    ).stdout.split()  # fmt: skip
    copy = tmp_path / "rummy500"
    for name in files:
        source = ROOT / name
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            shutil.copy2(source, target)
    first, second = readme_lines()
    first = first.removesuffix(" && .venv/bin/rummy500 play")
    second = second.removesuffix(" && .venv/bin/python -m pytest -q")
    for line in (first, second):
        done = subprocess.run(
            ["sh", "-c", line], cwd=copy, capture_output=True, text=True, timeout=900
        )
        assert done.returncode == 0, done.stderr[-2000:]
    env = {k: v for k, v in os.environ.items() if k not in ("MANPATH",)}
    env.update(PATH=f"{copy / '.venv' / 'bin'}{os.pathsep}/usr/bin:/bin", MANPAGER="cat")
    where = subprocess.run(["man", "-w", "rummy500"], env=env, capture_output=True, text=True)
    assert where.returncode == 0, where.stderr
    assert where.stdout.strip().startswith(str(copy / ".venv" / "share" / "man"))
    shown = subprocess.run(["man", "rummy500"], env=env, capture_output=True, text=True)
    assert "RUMMY500(6)" in shown.stdout
    assert sys.executable  # the suite's own Python is untouched
