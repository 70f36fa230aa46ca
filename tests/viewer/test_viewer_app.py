"""The viewer's prompt-toolkit wiring (cli/viewer/app.py), run in this process: keys
come through a pipe as a terminal sends them, the screen goes to a VT100 output kept in
memory (prompt-toolkit draws the keys that arrive together once, so only the last
screen is certain). The keys reach the state, the screen is drawn, and the viewer closes with the
seat taken over or with nothing; and opening the package costs no prompt-toolkit (the
start-up of every other command stays free of it). The same viewer in a real
pseudo-terminal: tests/test_viewer_analysis.py, tests/test_pty_undo.py."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from viewer_games import MISSING, ann_game

from rummy500_cli.cli.viewer import view_replay
from rummy500_cli.render.style import Style

DOWN, ENTER, CTRL_C = "\x1b[B", "\r", "\x03"


def run(keys: str, seat: int | str | None = "all") -> tuple[tuple[int, int] | None, str]:
    """What the viewer answers after these keys, and what it wrote to the terminal."""
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=40, columns=100), term="xterm")
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        with create_app_session(input=pipe, output=output):
            taken = view_replay(ann_game(), Path("ann.jsonl"), seat, Style(), None, MISSING)
    return taken, screen.getvalue()


def test_q_closes_the_viewer_with_nothing_taken() -> None:
    taken, screen = run("q")
    assert taken is None
    assert "ann.jsonl" in screen and "Press ? for the keys." in screen


def test_t_and_enter_answer_the_position_and_the_seat() -> None:
    taken, _screen = run(f"{DOWN}t{ENTER}", seat=1)
    assert taken == (5, 1)


def test_keys_typed_after_g_are_text_until_enter() -> None:
    taken, screen = run(f"gq{ENTER}b{CTRL_C}")
    assert taken is None  # q was typed, not pressed: Ctrl-C closed the viewer
    assert MISSING in screen  # b after the question closed: a key again


@pytest.mark.parametrize("module", ["rummy500_cli.cli.viewer", "rummy500_cli.cli.viewer.keys"])
def test_opening_the_viewer_package_imports_no_prompt_toolkit(module: str) -> None:
    code = f"import sys, {module}; print('prompt_toolkit' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert found.stdout.strip() == "False", found.stderr
