"""The one place a console's kind is chosen, from the environment and the options.

- `--json`: the protocol (JsonConsole), whatever the terminal;
- no --commands file, and both standard input and output are terminals: a person at
  the prompt (PromptConsole, the only place prompt-toolkit is imported for a game);
- otherwise a script (PlainConsole), reading --commands or standard input.

`play`, `resume`, `host`, `join` and an SSH session's game all come here; nothing else
builds a console, and nothing after this asks which one it has (cli/loop.py reads the
console's capabilities).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from ...render.style import Style
    from ..environment import Environment
    from .base import Console


@dataclass(frozen=True)
class ConsoleOptions:
    """What the command line says about the console."""

    json_mode: bool = False
    """--json: speak the protocol."""
    commands: IO[str] | None = None
    """--commands FILE: the commands' source (None: standard input)."""
    quiet: bool = False
    strict: bool = False
    humans: tuple[int, ...] = ()
    """The seats people play at this keyboard (more than one: hot-seat)."""


def choose(env: Environment, style: Style, options: ConsoleOptions) -> Console:
    """The console for a game, chosen once (see the module's docstring)."""
    if options.json_mode:
        from .json import JsonConsole

        return JsonConsole(
            options.commands, style, options.quiet, options.strict, list(options.humans), env
        )
    if options.commands is None and env.terminal:
        from .prompt import PromptConsole

        return PromptConsole(style, env.history_file, hot_seat=len(options.humans) > 1, env=env)
    from .plain import PlainConsole

    return PlainConsole(options.commands, style, options.quiet, options.strict, env)


__all__ = ["ConsoleOptions", "choose"]
