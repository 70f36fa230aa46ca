"""Run the CLI in this process with an environment of the test's making (httpie's
`http(*args, env=MockEnvironment())`): whether stdin and stdout are terminals, NO_COLOR,
TERM=dumb, the output's encoding, the login name, the history file. The command reads
them through `cli.environment.current()`, which finds the test's `Environment` in
click's context object; click's runner stands in for the streams.

A game at the prompt runs too, without a terminal: prompt-toolkit reads the keys from
a pipe and draws into a string (`at_prompt`)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner, Result

from rummy500_cli.cli.environment import Environment


def environment(
    *,
    tty: bool = False,
    no_color: bool = False,
    dumb: bool = False,
    utf8: bool = True,
    user: str = "tester",
    history: Path | None = None,
) -> Environment:
    """A made-up environment: a terminal or not, and the rest as given (the streams are
    the ones click's runner stands in for)."""
    return Environment(
        stdin_isatty=tty,
        stdout_isatty=tty,
        no_color=no_color,
        dumb_terminal=dumb,
        utf8=utf8,
        user=user,
        history_file=history,
    )


def rummy(*args: object, env: Environment, input: str | None = None) -> Result:
    """`rummy500 ARGS` in this process with `env`; its output on the result."""
    from rummy500_cli.cli.main import main

    return CliRunner().invoke(
        main,
        [str(arg) for arg in args],
        input=input,
        obj=env,
        catch_exceptions=False,
        prog_name="rummy500",
    )


@dataclass
class Screen:
    """What prompt-toolkit drew (no terminal: plain text, 80 columns by 40 rows)."""

    buffer: io.StringIO = field(default_factory=io.StringIO)

    @property
    def text(self) -> str:
        return self.buffer.getvalue()


@contextlib.contextmanager
def at_prompt(keys: str) -> Iterator[Screen]:
    """prompt-toolkit's input and output for the commands run inside: `keys` typed
    (Enter is "\\r"), the screen kept as text."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.plain_text import PlainTextOutput

    screen = Screen()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        with create_app_session(input=pipe, output=PlainTextOutput(screen.buffer)):
            yield screen
