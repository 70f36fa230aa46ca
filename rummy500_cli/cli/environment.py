"""The world outside a command, read once: streams, terminals, colour, files.

What the game's front end asks of the process (whether stdin and stdout are terminals,
NO_COLOR and TERM, the output's encoding, the login name, where the prompt history and
the config file live) is read in one place, `Environment.from_process()`, when a command
starts, and passed on: the style, the console and the seats' default name are chosen
from it, never from `sys` or `os.environ` directly. A test builds an `Environment` of
its own (a terminal that is not there, NO_COLOR set, an ASCII output) and hands it to
the command through click's context object (`main(args, obj=env)`), as httpie's
`Environment` is handed to its `main` (`context.py`).

Only the standard library is imported here: `--help` must start fast.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any


def _columns(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _isatty(stream: IO[Any] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):  # a closed or detached stream
        return False


@dataclass(frozen=True)
class Environment:
    """The process as the front end sees it. Each field has the value the real process
    gives in `from_process`; `replace(...)` makes a variant for a test."""

    stdin: IO[str] | None = None
    """Where typed commands come from (None: the process's standard input, `sys.stdin`
    at the time of reading)."""
    stdout: IO[str] | None = None
    """Where the game is told (None: the process's standard output as click finds it at
    each write: click writes UTF-8 to an output that says it is ASCII)."""
    stderr: IO[str] | None = None
    """Where errors and warnings go (None: the process's standard error)."""
    stdin_isatty: bool = False
    stdout_isatty: bool = False
    no_color: bool = False
    """NO_COLOR is set and not empty (no-color.org)."""
    dumb_terminal: bool = False
    """TERM=dumb: a terminal that takes no attributes (no colour, bold or dim)."""
    utf8: bool = True
    """The output writes UTF-8 (-16, -32): suit symbols can be drawn; otherwise cards
    are drawn in letters, as --ascii draws them (cli/output.py)."""
    user: str = ""
    """The login name ($USER), the default name at the table."""
    columns: int | None = None
    """$COLUMNS, when it is a number: the width asked for (by a user, a script or a
    test), even in a pipe (0: the terminal's, or 80)."""
    history_file: Path | None = None
    """The prompt's history across games (None: kept in memory only)."""
    config_file: Path | None = None
    """The preferences file (None: the platform's, `preferences.config_file()`)."""

    @classmethod
    def from_process(cls) -> Environment:
        """The environment of this process, read now (inside a command: click's test
        runner swaps the standard streams before the command runs)."""
        from .output import utf_output
        from .paths import history_file

        return cls(
            stdin_isatty=_isatty(sys.stdin),
            stdout_isatty=_isatty(sys.stdout),
            no_color=bool(os.environ.get("NO_COLOR")),
            dumb_terminal=os.environ.get("TERM", "").strip().lower() == "dumb",
            utf8=utf_output(),
            user=os.environ.get("USER") or "",
            columns=_columns(os.environ.get("COLUMNS", "")),
            history_file=history_file(),
        )

    @property
    def terminal(self) -> bool:
        """A person at a terminal: both standard input and output are one (the prompt,
        colour by default, the pauses and questions between turns)."""
        return self.stdin_isatty and self.stdout_isatty

    @property
    def input(self) -> IO[str]:
        """The stream commands are read from."""
        return sys.stdin if self.stdin is None else self.stdin

    @property
    def output(self) -> IO[str]:
        """The stream the game is written to, for writers other than click's echo."""
        return sys.stdout if self.stdout is None else self.stdout

    def echo(self, text: str, *, err: bool = False, color: bool | None = None) -> None:
        """One line to the output (or, `err`, the error stream), through click: ANSI
        styles kept only when `color` says so or the stream is a terminal."""
        import click

        click.echo(text, file=self.stderr if err else self.stdout, err=err, color=color)

    def width(self) -> int | None:
        """The columns a listing may fill: $COLUMNS, else the terminal's (80 when it
        cannot be measured); None, no limit, in a pipe without $COLUMNS. (The prompt
        measures its own terminal as it goes: a window may be resized.)"""
        if self.columns is None and not self.stdout_isatty:
            return None
        if self.columns:
            return self.columns
        return shutil.get_terminal_size((80, 24)).columns

    def replace(self, **changes: Any) -> Environment:
        """This environment with some fields changed (for tests and for SSH)."""
        return dataclasses.replace(self, **changes)


def current() -> Environment:
    """The environment of the command running now: the one a caller put in click's
    context object (tests: `main(args, obj=env)`), else the process's, read once a
    command (and kept in the context's `meta`)."""
    import click

    context = click.get_current_context(silent=True)
    if context is None:
        return Environment.from_process()
    found = context.find_object(Environment)
    if found is not None:
        return found
    kept = context.meta.get(_KEY)  # (meta is shared by a command and its group)
    if not isinstance(kept, Environment):
        kept = context.meta[_KEY] = Environment.from_process()
    return kept


_KEY = "rummy500.environment"


__all__ = ["Environment", "current"]
