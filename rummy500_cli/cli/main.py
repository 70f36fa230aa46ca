"""`rummy500`: the entry point. Subcommands load lazily, so `--help` starts fast."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from .. import __version__

COMMANDS = {
    "play": ("rummy500_cli.cli.play", "play", "Start a game against bots or friends."),
    "resume": ("rummy500_cli.cli.play", "resume", "Continue a saved game."),
    "games": ("rummy500_cli.cli.games", "games", "List saved games."),
    "rules": (
        "rummy500_cli.cli.info",
        "rules",
        "Print the rules in effect in plain words, or a rule of the rule book.",
    ),
    "replay": ("rummy500_cli.cli.review", "replay", "Step through a game, event by event."),
    "analyze": (
        "rummy500_cli.cli.analyze",
        "analyze",
        "Judge a game's decisions and count its figures.",
    ),
    "verify": ("rummy500_cli.cli.review", "verify", "Audit a game log, trusting nothing in it."),
    "branch": ("rummy500_cli.cli.review", "branch", "Start a new game from a point of another."),
    "export": ("rummy500_cli.cli.review", "export", "Print a readable transcript of a game."),
    "drill": (
        "rummy500_cli.cli.drill",
        "drill",
        "Replay your costliest decisions of analysed games, as you saw them.",
    ),
    "simulate": (
        "rummy500_cli.cli.simulate",
        "simulate",
        "Play many bot games and compare levels.",
    ),
    "stats": (
        "rummy500_cli.cli.stats",
        "stats",
        "Records and ratings of every player, from the saved games.",
    ),
    "schema": ("rummy500_cli.cli.info", "schema", "Print the JSON Schema of a game log line."),
    "config": (
        "rummy500_cli.cli.preferences",
        "config",
        "Show or set the preferences of the config file.",
    ),
    "man": ("rummy500_cli.cli.manual", "man", "Show a man page: rummy500, play, rules, ..."),
    "completion": (
        "rummy500_cli.cli.shell",
        "completion",
        "Print the script for Tab completion in bash, zsh or fish.",
    ),
    "serve": (
        "rummy500_cli.cli.online",
        "serve",
        "Run a server that holds tables for online play.",
    ),
    "host": (
        "rummy500_cli.cli.online",
        "host",
        "Host a game for friends over the network, playing seat 0 here.",
    ),
    "join": ("rummy500_cli.cli.online", "join", "Play (or watch) a seat of a table on a server."),
    "example-bot": (
        "rummy500_cli.cli.example",
        "example_bot",
        "A random bot for --seat N=exec:'rummy500 example-bot'.",
    ),
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when they are used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module = importlib.import_module(entry[0])
        command: click.Command = getattr(module, entry[1])
        if "_RUMMY500_COMPLETE" in os.environ:  # Tab pressed: the values too
            from .shell import attach

            attach(cmd_name, command)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """A command by name; a typo close to one is told which it may have meant."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from ..render.words import close_word

            close = close_word(name, list(COMMANDS))
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {close!r}?")
        return super().resolve_command(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if os.environ.get("_RUMMY500_COMPLETE"):  # Tab pressed: the shell asks for words
            from . import shell  # noqa: F401  (registers its bash completion)
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """A bare `rummy500`: at a terminal, the menu (cli/menu.py), whose choice is
        parsed as the command it stands for; elsewhere, the help on standard output."""
        if not args and not ctx.resilient_parsing:
            dumb = os.environ.get("TERM", "").strip().lower() == "dumb"
            if sys.stdin.isatty() and sys.stdout.isatty() and not dumb:
                from .menu import choose_command

                chosen = choose_command()
                if chosen is None:
                    ctx.exit(0)
                args = chosen
            else:
                click.echo(ctx.get_help(), color=ctx.color)
                ctx.exit(0)
        return super().parse_args(ctx, args)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise _escaped(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; an error nobody foresaw is still one line, never a traceback."""
        from .output import lenient_output

        lenient_output()  # an output that is not UTF-8 gets look-alikes, never an error
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise _escaped(error) from None
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            raise  # the reader went away (| head): click quiets it
        except Exception as error:
            from .failure import Failure

            raise Failure(
                f"internal error: {type(error).__name__}: {error} (please report it)"
            ) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_text) for name, (_m, _f, help_text) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _escaped(error: click.UsageError) -> click.UsageError:
    """A usage error as click shows it, with any control character the user typed
    shown escaped (click would print it raw). Its lines stay lines: a message of
    several (click's help for a command given no arguments) is never run together
    into one line of literal `\\n`."""
    from ..render.printable import printable

    if isinstance(error, getattr(click.exceptions, "NoArgsIsHelpError", ())):  # click 8.2+
        return error  # the help, all of it written here: nothing the user typed
    return click.UsageError(printable(error.format_message(), keep=("\n",)), error.ctx)


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Run 'rummy500 COMMAND --help' for a command's options; 'rummy500 man' for more.",
)
@click.version_option(__version__, "-V", "--version", prog_name="rummy500")
def main() -> None:
    """Rummy 500 in the terminal: play against bots, save, resume, and script games.

    Every game is a JSON-lines log: the save file, the replay and the audit trail.
    """


def run() -> None:
    """Console entry point with exit codes: 0 done, 1 error, 2 usage error."""
    sys.exit(main())


if __name__ == "__main__":
    main()
