"""How a game stops: the exit statuses of every command, and the game loop's except
ladder as one function (`game_failure`: an error raised while a game is played -> what
is said and the status). Kept apart from cli/failure.py, which every command imports
at start-up: an enum and a dataclass cost `--help` time."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session import Session


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


__all__ = ["ExitStatus", "Stop", "game_failure"]
