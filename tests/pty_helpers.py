"""The pseudo-terminal kit of the tests that drive the real prompt (pexpect, and pyte for
what the screen shows): the program's command, the environment of a terminal session,
Ana's stacked deck, spawning, waiting for the prompt, finishing; and `Terminal`, a screen
read back as a person sees it. Shared by the pty tests of every folder (imported from
here, never from a test module)."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

import pyte  # noqa: E402

from rummy500_cli.cards import Card, parse_cards  # noqa: E402
from rummy500_cli.deal import stack  # noqa: E402

TIMEOUT = 15
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")

# Seat 0 is dealt three sets of three, three Kings and 2S; the fourth King tops the stock.
HAND_ANA = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"
HAND_BOT = "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"


def command() -> list[str]:
    """The installed `rummy500` script of this Python, or the module if there is none."""
    script = Path(sys.executable).parent / "rummy500"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "rummy500_cli.cli.main"]


def plain(text: str) -> str:
    return ANSI.sub("", text)


@pytest.fixture
def env(tmp_path):
    values = dict(os.environ)
    values.update(
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        NO_COLOR="1",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    values.pop("COLUMNS", None)
    values.pop("LINES", None)
    return values


@pytest.fixture
def deck(tmp_path):
    cards = stack(
        [parse_cards(HAND_ANA), parse_cards(HAND_BOT)], Card.parse("10S"), parse_cards("KH")
    )
    path = tmp_path / "deck.txt"
    path.write_text(" ".join(card.ascii for card in cards) + "\n")
    return path


def spawn(args: list[str], env: dict[str, str]):
    program, *rest = command() + args
    child = pexpect.spawn(
        program, rest, env=env, dimensions=(40, 120), encoding="utf-8", timeout=TIMEOUT
    )
    return child


def expect_prompt(child) -> str:
    """Wait for the Ana> prompt (its space is drawn as a cursor move); answer what was
    printed before it, ANSI stripped."""
    child.expect(r"Ana>")
    return plain(child.before)


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    return child.exitstatus


class Terminal:
    """The viewer's screen as a terminal shows it (pyte emulates one), since
    prompt-toolkit redraws only the cells that change."""

    def __init__(self, args: list[str], environment: dict[str, str]) -> None:
        self.child = spawn(args, environment)
        self.screen = pyte.Screen(120, 40)
        self.stream = pyte.Stream(self.screen)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def shows(self, text: str) -> str:
        """Wait until `text` is on the screen; answer the screen."""
        deadline = time.monotonic() + TIMEOUT
        while text not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} is not shown; the screen:\n{self.text()}")
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                continue
        return self.text()

    def press(self, key: str) -> None:
        self.child.send(key)

    def quit(self) -> None:
        self.child.send("q")
        self.child.expect(pexpect.EOF)
        self.child.close()
