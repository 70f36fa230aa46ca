"""How a command fails: one line, `rummy500: MESSAGE`, on standard error, exit 1 (and
how it warns: `warning: MESSAGE`, and goes on).

Every runtime error of every command takes this form (a log that cannot be read, a
game that cannot be saved, a bot that fails). click's own usage errors keep click's
form (`Error: ...`, exit 2); a refused move at the game prompt is `error: ...` and the
game goes on. The message is shown with its control characters escaped: it may quote
a file name or a player's name from a log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import IO, TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..session import Session

PREFIX = "rummy500: "


class ExitStatus(IntEnum):
    """The exit statuses of every command (each man page's EXIT STATUS)."""

    SUCCESS = 0
    """Done: the game finished, or was left and saved."""
    ERROR = 1
    """A runtime error, one line on standard error (`rummy500: ...`)."""
    USAGE = 2
    """A usage error (click's `Error: ...`): an unknown option or a value it does not take."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C part way (analyze), 128 + SIGINT as shells count."""


def failure_line(message: str) -> str:
    """The line that reports a runtime error."""
    from ..render.printable import printable

    return PREFIX + printable(message)


def warn(text: str) -> None:
    """A warning (something skipped or dropped, the command goes on): one line on stderr."""
    from ..render.printable import printable

    click.echo(f"warning: {printable(text)}", err=True)


class Failure(click.ClickException):
    """A runtime error of a command (exit 1), printed as `rummy500: MESSAGE`."""

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(failure_line(self.format_message()), file=file, err=True)


@dataclass(frozen=True)
class Stop:
    """How a game stops on an error the loop did not expect: what the console says
    (`message`, None: nothing), whether it then says goodbye (the protocol's bye with
    its reason, "error"), whether standard output is to be silenced (its reader went
    away), and the exit status."""

    status: ExitStatus
    message: str | None = None
    goodbye: bool = False
    silence: bool = False


def game_failure(error: Exception, session: Session) -> Stop:
    """The loop's except ladder as one function: an error raised while a game is played
    -> what is said and the exit status. Every move before the error is saved (the log
    is written before a move is applied), so each message ends with the command that
    resumes the game."""
    from ..errors import Rummy500Error
    from ..records.log_writer import LogWriteError
    from .resume_command import resume_line

    if isinstance(error, BrokenPipeError):  # the reader went away (| head): say nothing
        return Stop(ExitStatus.SUCCESS, silence=True)
    if isinstance(error, LogWriteError):  # a full disk: the move that failed left no trace
        then = "free some space, then" if error.no_space else "then"
        return Stop(ExitStatus.ERROR, f"{error}; {then}: {resume_line(session)}", goodbye=True)
    if isinstance(error, Rummy500Error):  # an external bot failed
        message = f"{error}; every move so far is saved: {resume_line(session)}"
        return Stop(ExitStatus.ERROR, message, goodbye=True)
    if isinstance(error, OSError):  # the output could not be written (a full disk under stdout)
        return Stop(
            ExitStatus.ERROR,
            f"cannot write the game's output: {error.strerror or error}; every move so far "
            f"is saved: {resume_line(session)}",
        )
    # no traceback for a user: say it, keep the game
    return Stop(
        ExitStatus.ERROR,
        f"internal error: {type(error).__name__}: {error} (please report it); "
        f"every move so far is saved: {resume_line(session)}",
    )
