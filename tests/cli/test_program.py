"""Commands the program prints work in a fresh shell, and the example bot runs from any
folder.

A venv's `rummy500` is not on PATH until the venv is activated: the resume line and the
`Next:` lines then name the script by its full path, and the log by its full path. A
seat's `exec:rummy500 ...` runs this same program wherever it is installed.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import deck_text
from helpers import in_shell

from rummy500_cli import program
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import read_log

SCRIPT = Path(sys.executable).parent / "rummy500"


@pytest.fixture
def fake_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "venv bin"
    folder.mkdir()
    script = folder / "rummy500"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.setattr(sys.modules["__main__"], "__spec__", None, raising=False)
    return script


def test_a_script_off_path_is_named_by_its_full_path(fake_script, monkeypatch) -> None:
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program.command() == shlex.quote(str(fake_script))
    assert shlex.split(program.command()) == [str(fake_script)]


def test_a_script_on_path_is_named_rummy500(fake_script, monkeypatch) -> None:
    monkeypatch.setenv("PATH", f"{fake_script.parent}{os.pathsep}/usr/bin")
    assert program.command() == "rummy500"


def test_another_rummy500_on_path_is_not_this_one(fake_script, tmp_path, monkeypatch) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "rummy500").write_text("#!/bin/sh\n")
    (other / "rummy500").chmod(0o755)
    monkeypatch.setenv("PATH", f"{other}{os.pathsep}{fake_script.parent}")
    assert program.command() == shlex.quote(str(fake_script))


def test_a_relative_script_is_made_absolute(fake_script, monkeypatch) -> None:
    monkeypatch.chdir(fake_script.parent.parent)
    monkeypatch.setattr(sys, "argv", [os.path.join(fake_script.parent.name, "rummy500")])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert shlex.split(program.command()) == [str(fake_script)]


def test_python_m_is_named_with_its_interpreter(monkeypatch) -> None:
    class Spec:
        name = "rummy500_cli.__main__"

    monkeypatch.setattr(sys.modules["__main__"], "__spec__", Spec(), raising=False)
    assert shlex.split(program.command()) == [sys.executable, "-m", "rummy500_cli"]


def shell_env(tmp_path: Path) -> dict[str, str]:
    """A fresh shell's environment: this program's folder not on PATH, no PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join(
        part for part in env.get("PATH", "").split(os.pathsep) if Path(part) != SCRIPT.parent
    )
    env.update(
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        HOME=str(tmp_path),
        PYTHONIOENCODING="utf-8",
    )
    env.pop("NO_COLOR", None)
    return env


@pytest.mark.skipif(not SCRIPT.exists(), reason="the rummy500 script is installed with -e .")
def test_the_resume_line_works_in_a_fresh_shell(tmp_path: Path) -> None:
    """As after README line 1: the venv's script by its path, Ctrl-D (end of input), then
    the printed line pasted into a new shell in another folder."""
    env = shell_env(tmp_path)
    first = tmp_path / "clone"
    first.mkdir()
    started = in_shell(f"{shlex.quote(str(SCRIPT))} play --seed 5 --save g.jsonl", first, env)
    assert started.returncode == 0, started.stderr
    line = started.stdout.splitlines()[-1]
    match = re.fullmatch(r"Game saved\. Resume with: (.+)", line)
    assert match, line
    command = match.group(1)
    assert shlex.split(command) == [str(SCRIPT), "resume", str(first / "g.jsonl")]
    assert in_shell("command -v rummy500", tmp_path, env).returncode != 0
    resumed = in_shell(command, tmp_path, env, stdin="draw\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "You draw" in resumed.stdout
    assert resumed.stdout.splitlines()[-1] == line


@pytest.mark.skipif(not SCRIPT.exists(), reason="the rummy500 script is installed with -e .")
def test_the_next_lines_at_the_end_of_a_game_work_in_a_fresh_shell(tmp_path: Path) -> None:
    env = shell_env(tmp_path)
    (tmp_path / "deck.txt").write_text(deck_text())
    moves = "draw\nmeld 7C 7D 7H\nmeld 8C 8D 8H\nmeld 9C 9D 9H\nmeld KS KD KC KH\ndiscard 2S\n"
    me = shlex.quote(str(SCRIPT))
    game = f"{me} play --deck deck.txt --target 1 --name Ana --save 'my game.jsonl'"
    over = in_shell(game, tmp_path, env, stdin=moves)
    assert over.returncode == 0, over.stderr
    out = over.stdout.splitlines()
    start = out.index("Next:")  # then one command a line, the analysis first
    commands = [line.strip() for line in out[start + 1 : start + 4]]
    assert [shlex.split(c)[:2] for c in commands] == [
        [str(SCRIPT), "analyze"],
        [str(SCRIPT), "replay"],
        [str(SCRIPT), "export"],
    ]
    for command in commands:
        ran = in_shell(command, Path("/"), env)
        assert ran.returncode == 0, (command, ran.stderr)
        assert "Ana" in ran.stdout


def test_the_example_bot_runs_from_any_folder(tmp_path: Path) -> None:
    """Neither the clone nor a PYTHONPATH: `exec:rummy500 example-bot` finds the
    installed package, as `exec:python3 -m rummy500_cli.examples.random_bot` did not."""
    env = shell_env(tmp_path)
    save = tmp_path / "bot.jsonl"
    args = [sys.executable, "-m", "rummy500_cli", "play", "-q", "--save", str(save)]
    args += ["--seat", "0=exec:rummy500 example-bot 3", "--target", "60"]
    result = subprocess.run(
        args, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    data = read_log(save)
    assert data.events[0].seats[0] == "exec:rummy500 example-bot 3"
    assert audit(data, save).finished


def test_the_help_offers_the_form_that_works_everywhere() -> None:
    from click.testing import CliRunner

    from rummy500_cli.cli.main import main

    text = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    assert "1=exec:'rummy500 example-bot'" in text
    assert "seats count from 0" in text
    from rummy500_cli.bots import BOTS

    for level in BOTS:
        assert re.search(rf"--bots .*\b{level}\b", text), level
