"""How a command fails: one line, `rummy500: MESSAGE`, on standard error, exit 1 (and
how it warns: `warning: MESSAGE`, and goes on).

Every runtime error of every command takes this form (a log that cannot be read, a
game that cannot be saved, a bot that fails). click's own usage errors keep click's
form (`Error: ...`, exit 2); a refused move at the game prompt is `error: ...` and the
game goes on. The message is shown with its control characters escaped: it may quote
a file name or a player's name from a log.
"""

from __future__ import annotations

from typing import IO, Any

import click

PREFIX = "rummy500: "


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
