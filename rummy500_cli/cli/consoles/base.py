"""What the game loop asks of a console: its capabilities and its hooks.

The loop (cli/loop.py) never asks which console it has. What differs between a script,
a program speaking the protocol and a person at a terminal is either a capability the
loop reads (`interactive`, `redraws_table`, `speaks_protocol`, `discards_untouched`) or
a hook the loop calls and each console answers in its own way (a person is told the
scores and asked to press Enter; a program gets the events and nothing for people). A
new console (a curses table, a menu) is a new class with these members, and the loop
does not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...events import Event
    from ...render.style import Style
    from ...session import Session
    from ..commands import Interpreter


class Console(Protocol):
    """A console, as the loop and the commands that start a game use it."""

    style: Style
    """Colour and card symbols, chosen once (cli/style_choice.py)."""
    quiet: bool
    """--quiet: no banners, only the game."""
    strict: bool
    """--strict: the game stops (exit 1) at the first refused command."""
    interactive: bool
    """A person at a terminal: the bots pause (Enter skips), a round's end waits, the
    player's record is shown after the game, the tutor answers within a moment."""
    redraws_table: bool
    """The table is drawn before each of a person's turns (a program rebuilds it from
    the events)."""
    speaks_protocol: bool
    """A program at the other end: told every event of the round in play when a game
    is taken up (it rebuilds the state from them), where a person sees the deal."""
    discards_untouched: bool
    """An input that ends before any human move leaves no save of a new game behind
    (a script that only looked); a person who leaves keeps the game."""

    def attach(self, session: Session, interpreter: Interpreter) -> None:
        """The game and its command interpreter, once the loop has them."""

    def screen(self) -> tuple[int, int] | None:
        """The columns and rows the table may use (None: lines as long as they come)."""

    def show(self, text: str) -> None:
        """Text of the game (a move told, a command's answer)."""

    def say(self, text: str) -> None:
        """A line to copy, as a command or a path: shown whole, never wrapped."""

    def banner(self, text: str) -> None:
        """A line for people (the opening lines, the game's end): none under --quiet."""

    def notices(self, lines: list[str]) -> None:
        """Lines that came before the game (a server's news on joining)."""

    def show_table(self, text: str) -> None:
        """The table at a turn."""

    def report(self, lines: list[str]) -> None:
        """Lines for people (the scorepad at the game's end)."""

    def recap(self, lines: list[str]) -> None:
        """Hot-seat play: what the others did since this player's last turn."""

    def round_scores(self, lines: list[str]) -> None:
        """A round's score table, when the round ends."""

    def error(self, text: str) -> None:
        """A refused command: the game goes on."""

    def fail(self, text: str) -> None:
        """What stops the game (exit 1)."""

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        """An event, and the lines that tell it."""

    def read(self, session: Session, seat: int) -> str | None:
        """The seat's next command line (None: the player leaves); ParseError for
        input that is not a command line."""

    def confirm(self, question: str) -> bool:
        """A yes-or-no question (the tutor's)."""

    def handover(self, name: str) -> None:
        """Hot-seat play: the keyboard passes to `name`."""

    def round_over(self, text: str) -> None:
        """A round's end, before what comes next."""

    def pause(self, seconds: float) -> None:
        """The pause after a bot's move."""

    def silence(self) -> None:
        """The output's reader went away (`| head`): whatever is written from now on
        goes nowhere, without an error."""

    def greet(self, session: Session, humans: list[int]) -> None:
        """The game is taken up (before its deal is told)."""

    def goodbye(self, session: Session, reason: str) -> None:
        """The game is left: "game_over", "quit" or "error"."""


__all__ = ["Console"]
