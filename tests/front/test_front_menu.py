"""A bare `rummy500`: at a terminal a small menu whose choices run their commands; off a
terminal the readable help, exit 0; and usage errors that keep their lines."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import COMMANDS, _escaped, main
from rummy500_cli.records.log import read_log

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 15
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def run(*args: str, env: dict[str, str] | None = None, input: str | None = None):
    return CliRunner().invoke(main, list(args), prog_name="rummy500", env=env, input=input)


def test_bare_off_a_terminal_prints_the_readable_help_and_exits_0() -> None:
    result = run()
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: rummy500 [OPTIONS] COMMAND [ARGS]...\n")
    assert "\\n" not in result.stdout
    assert re.search(r"^Commands:$", result.stdout, re.M)
    assert re.search(r"^  play\s+Start a game", result.stdout, re.M)
    assert result.stderr == ""


needs = click.Command(
    "needs", no_args_is_help=True, params=[click.Argument(["x"])], help="Needs an X."
)


def test_a_command_given_no_arguments_shows_its_help_on_lines(monkeypatch) -> None:
    # click 8.2+ raises NoArgsIsHelpError, a usage error whose message is the help
    monkeypatch.setitem(COMMANDS, "needs", ("test_front_menu", "needs", "Needs an X."))
    result = run("needs")
    assert result.exit_code == 2
    assert "\\n" not in result.stderr
    assert "Usage: rummy500 needs [OPTIONS] X" in result.stderr
    assert "  Needs an X." in result.stderr.splitlines()


def test_escaped_keeps_newlines_and_escapes_other_control_characters() -> None:
    error = _escaped(click.UsageError("first line\nsecond \x1b[31mline"))
    assert error.format_message() == "first line\nsecond \\x1b[31mline"
    ctx = click.Context(main, info_name="rummy500")
    help_error = getattr(click.exceptions, "NoArgsIsHelpError", None)
    if help_error is not None:  # the click the install resolved is 8.2 or later
        message = _escaped(help_error(ctx)).format_message()
        assert message.startswith("Usage: rummy500") and "\n" in message
        assert "\\n" not in message


# --- at a terminal -----------------------------------------------------------------------


def command() -> list[str]:
    script = Path(sys.executable).parent / "rummy500"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rummy500_cli"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    values = dict(os.environ)
    values.update(
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        NO_COLOR="1",
        PAGER="cat",
        MANPAGER="cat",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    values.pop("COLUMNS", None)
    values.pop("LINES", None)
    return values


def spawn(env: dict[str, str], *args: str):
    program, *rest = command() + list(args)
    return pexpect.spawn(
        program, rest, env=env, dimensions=(24, 80), encoding="utf-8", timeout=TIMEOUT
    )


def plain(text: str) -> str:
    return ANSI.sub("", text)


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    return child.exitstatus


def saved_game(env: dict[str, str], name: str, *moves: str) -> Path:
    """A game in the saves folder, played as far as `moves` (a quit leaves it unfinished)."""
    path = Path(env["XDG_DATA_HOME"]) / "rummy500" / "games" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    result = run(
        "play", "--seed", "5", "--name", "Ana", "--save", str(path), "-q", "--pace", "0",
        input="\n".join(moves) + "\n",
        env={"XDG_DATA_HOME": env["XDG_DATA_HOME"], "XDG_CONFIG_HOME": env["XDG_CONFIG_HOME"]},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


def test_the_menu_offers_no_resume_without_a_game_and_q_leaves(env) -> None:
    child = spawn(env)
    try:
        child.expect("Quit")
        shown = plain(child.before)
        assert "n  New game with your usual settings" in shown
        assert "k  Quick game" in shown
        assert "m  The manual" in shown
        assert "Resume" not in shown and "Replay" not in shown  # nothing saved yet
        child.send("q")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    assert not (Path(env["XDG_DATA_HOME"]) / "rummy500").exists()


def test_arrows_and_enter_resume_the_latest_unfinished_game(env) -> None:
    saved = saved_game(env, "mine.jsonl", "draw", "quit")
    before = len(read_log(saved).events)
    child = spawn(env)
    try:
        child.expect("Quit")
        assert "r  Resume mine.jsonl (round 1)" in plain(child.before)
        child.send("\x1b[B")  # Down: New game
        child.send("\x1b[A")  # Up: back to Resume
        child.send("\r")
        child.expect("resume")  # the command the choice stands for
        child.expect(r"Ana>")
        assert "saving to" in plain(child.before) and "mine.jsonl" in plain(child.before)
        child.sendcontrol("d")
        child.expect("Resume with:")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    assert len(read_log(saved).events) >= before


def test_k_starts_a_quick_game_and_p_replays_a_recent_one(env) -> None:
    child = spawn(env)
    try:
        child.expect("Quit")
        child.send("k")
        child.expect(r"Ana>|\w+>")
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    games = list((Path(env["XDG_DATA_HOME"]) / "rummy500" / "games").glob("*.jsonl"))
    assert len(games) == 1
    header = read_log(games[0]).events[0]
    assert header.rules.target == 250 and len(header.players) == 2

    child = spawn(env)
    try:
        child.expect("Quit")
        child.send("p")
        child.expect("Replay which game")
        child.expect("Up/Down")  # the highlighted game's file under the list
        assert "1  " in plain(child.before) and games[0].name in plain(child.before)
        child.send("1")
        child.expect("Round 1")  # the viewer, on the first deal
        child.send("q")
        assert finish(child) == 0
    finally:
        child.close(force=True)


def test_m_shows_the_manual(env) -> None:
    child = spawn(env)
    try:
        child.expect("Quit")
        child.send("m")
        child.expect("rummy500 man")  # the command it stands for
        child.expect(r"RUMMY500\(6\)")  # the page, through man and its pager
        assert finish(child) == 0
    finally:
        child.close(force=True)
