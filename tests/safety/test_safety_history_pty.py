"""The prompt history (XDG_STATE_HOME/rummy500/history) can never stop a game: a named
pipe or /dev/full there froze play at the first prompt; a directory, or a folder that
cannot be written, printed a traceback into the screen and lost the move. Each is played
through at a real pseudo-terminal: the move is made and saved, nothing leaks."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)

from pty_helpers import env, expect_prompt, finish, plain, spawn  # noqa: F401

from rummy500_cli.events import StockDrawn
from rummy500_cli.records.log import read_log

CASES = ["fifo", "dev_full", "directory", "unwritable"]


def place(case: str, tmp_path: Path, values: dict[str, str]) -> Path:
    """Put the case at the history's place; answer the state folder."""
    if case == "unwritable":
        # a folder that cannot be made (sysfs refuses every mkdir, even to root)
        values["XDG_STATE_HOME"] = "/sys/rummy500-test-state"
        return Path(values["XDG_STATE_HOME"])
    state = tmp_path / "state"
    history = state / "rummy500" / "history"
    history.parent.mkdir(parents=True)
    if case == "fifo":
        os.mkfifo(history)
    elif case == "dev_full":
        history.symlink_to("/dev/full")
    else:
        history.mkdir()
    return state


@pytest.mark.parametrize("case", CASES)
def test_the_history_file_never_stops_the_game(tmp_path: Path, env, case: str) -> None:  # noqa: F811
    place(case, tmp_path, env)
    save = tmp_path / "game.jsonl"
    args = ["play", "--seed", "7", "--name", "Ana", "--pace", "0", "--seat", "1=random"]
    child = spawn([*args, "--save", str(save)], env)
    try:
        expect_prompt(child)
        child.sendline("draw")
        child.expect(r"You draw \S+ from the stock\.")
        table = expect_prompt(child)
        child.sendcontrol("d")
        child.expect(r"Resume with:")  # then the command, on this line or the next (a long path)
        assert finish(child) == 0
        seen = plain(child.before or "") + table
    finally:
        child.close(force=True)
    assert "Traceback" not in seen and "Error" not in seen
    assert isinstance(read_log(save).events[-1], StockDrawn)  # the move was not lost
