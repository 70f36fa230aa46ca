"""`rummy500 replay` at a terminal opens on the first deal, not on the empty header;
`--at N` opens the viewer at N there, and off a terminal prints position N and exits."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main

pexpect = pytest.importorskip("pexpect")

TWO = Path(__file__).resolve().parents[2] / "replays" / "two-players.jsonl"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def viewer(*args: str) -> str:
    """What the viewer shows first at an 80x24 terminal, then q leaves it."""
    script = Path(sys.executable).parent / "rummy500"
    words = [str(script)] if script.exists() else [sys.executable, "-m", "rummy500_cli"]
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    child = pexpect.spawn(
        words[0], [*words[1:], "replay", *args, str(TWO)], env=env, dimensions=(24, 80),
        encoding="utf-8", timeout=15,
    )  # fmt: skip
    try:
        child.expect(r"event \d+/\d+\]")
        shown = ANSI.sub("", child.before + child.after)
        child.expect("Press \\? for the keys")  # the viewer, not a printed position
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return shown


def test_the_viewer_opens_on_the_first_deal() -> None:
    shown = viewer()
    assert "Not dealt" not in shown
    assert re.search(r"\[round 1, turn 1, event 2/\d+\]", shown), shown[-300:]
    assert "Hand" in shown


def test_at_n_opens_the_viewer_at_n_at_a_terminal() -> None:
    shown = viewer("--at", "40")
    assert re.search(r"event 40/\d+\]", shown), shown[-300:]


def test_at_n_off_a_terminal_prints_one_position_and_exits() -> None:
    result = CliRunner().invoke(main, ["replay", str(TWO), "--at", "40", "--no-color"])
    assert result.exit_code == 0
    assert re.search(r"event 40/\d+\]", result.stdout)
