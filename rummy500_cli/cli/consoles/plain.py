"""PlainConsole: a script at the other end. Lines in (stdin or --commands), plain lines
out on standard output, refused commands on standard error; nothing waits, nothing is
cleared. The other consoles start from it and change what differs."""

from __future__ import annotations

import os
import time
from typing import IO, TYPE_CHECKING

from ...render.layout import command_lines
from ...render.printable import printable
from ..environment import Environment
from ..failure import failure_line
from ..lines import read_line
from ..resume_command import resume_line

if TYPE_CHECKING:
    from ...events import Event
    from ...render.style import Style
    from ...session import Session
    from ..commands import Interpreter


class PlainConsole:
    """Lines from a stream (stdin or --commands), plain lines to stdout, errors to stderr."""

    interactive = False
    redraws_table = True
    speaks_protocol = False
    discards_untouched = True

    def __init__(
        self,
        lines: IO[str] | None,
        style: Style,
        quiet: bool,
        strict: bool,
        env: Environment | None = None,
    ) -> None:
        self._lines = lines
        self.style = style
        self.quiet = quiet
        self.strict = strict
        self.env = Environment() if env is None else env
        """Where the lines go (the process's streams unless a test says otherwise)."""
        self.interpreter: Interpreter | None = None
        """The game's command interpreter, once the loop has one (for the hand's order)."""
        self.game: Session | None = None
        """The game being played, once the loop has it (who is at the keyboard)."""

    def attach(self, session: Session, interpreter: Interpreter) -> None:
        self.game = session
        self.interpreter = interpreter

    def screen(self) -> tuple[int, int] | None:
        """The columns and rows the table may use (None: lines as long as they come,
        for scripts)."""
        return None

    def show_table(self, text: str) -> None:
        """The table at a turn."""
        self.show(text)

    def report(self, lines: list[str]) -> None:
        """Lines for people (the scorepad at the game's end): none under --quiet."""
        if not self.quiet:
            for line in lines:
                self.say(line)

    def recap(self, lines: list[str]) -> None:
        """Hot-seat play: what the others did since this player's last turn; a script
        has it all in its output already (nothing is cleared)."""

    def round_scores(self, lines: list[str]) -> None:
        """A round's score table (and who was caught with what), even under --quiet."""
        for line in lines:
            self.show(line)

    def notices(self, lines: list[str]) -> None:
        """Lines that came before the game: shown as the game's own."""
        for line in lines:
            self.show(line)

    def show(self, text: str) -> None:
        self.env.echo(self.style.text(text), color=self.style.color)

    def say(self, text: str) -> None:
        """A line to copy, as a command or a path: shown whole, never wrapped."""
        self.show(text)

    def banner(self, text: str) -> None:
        if not self.quiet:
            self.say(text)

    def error(self, text: str) -> None:
        """A refused command: the game goes on."""
        self.env.echo(
            f"error: {self.style.text(printable(text))}", err=True, color=self.style.color
        )

    def fail(self, text: str) -> None:
        """What stops the game (exit 1), in the form of every command's errors."""
        self.env.echo(failure_line(text), err=True)

    def read(self, session: Session, seat: int) -> str | None:
        """The next command line (None at the end of the input); ParseError for a line
        too long to be one."""
        line = read_line(self._input())
        return None if line is None else line.strip()

    def _input(self) -> IO[str]:
        return self.env.input if self._lines is None else self._lines

    def confirm(self, question: str) -> bool:
        """A yes-or-no question (the tutor's), answered by the next line: yes only for
        y or yes; the end of the input is a no."""
        self.show(question)
        line = read_line(self._input())
        return line is not None and line.strip().lower() in ("y", "yes")

    def handover(self, name: str) -> None:
        """Hot-seat play: nothing to hide from a script."""

    def round_over(self, text: str) -> None:
        """A round's end: a script does not wait."""

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        for line in lines:
            self.show(line)

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def silence(self) -> None:
        """The output's reader went away (`| head`): standard output is pointed at
        the null device, so that the last writes (and Python's own flush at exit)
        raise nothing."""
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self.env.output.fileno())

    def greet(self, session: Session, humans: list[int]) -> None:
        """A script needs no greeting: the banners said it all."""

    def goodbye(self, session: Session, reason: str) -> None:
        """On leaving a game not over, the command that resumes it (to copy: whole,
        continued on lines that paste as one when too long for the screen)."""
        if reason != "quit":
            return
        size = self.screen()
        command = command_lines(resume_line(session), None if size is None else size[0])
        if len(command) == 1:
            self.say(f"Game saved. Resume with: {command[0]}")
        else:  # a command too long for a line: continued lines that paste as one
            self.say("Game saved. Resume with:")
            for line in command:
                self.say(line)


__all__ = ["PlainConsole"]
