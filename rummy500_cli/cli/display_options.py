"""The options of `play` and `resume` that say how the game is shown and read (and
that `host` and `join` take too): the console (--commands, --json, --quiet, --strict),
the look (--color, --ascii, --four-color), the pace and the windows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from .options import Seconds

F = TypeVar("F", bound=Callable[..., Any])


def display_options(command: F) -> F:
    """The options, added to a command's function (below its @click.command)."""
    command = click.option(
        "--windows",
        type=click.Choice(["ask", "pass"]),
        default="ask",
        show_default=True,
        help="rum_call and out_of_turn windows: ask you, or pass for you without asking "
        "(the deadwood window of opponents_hand is always asked).",
    )(command)
    command = click.option(
        "--bot-timeout",
        type=Seconds(0.1, 3600),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="How long an external bot (exec:) may think.",
    )(command)
    command = click.option(
        "--pace",
        type=Seconds(0, 60),
        default=None,
        metavar="SECONDS",
        help="Pause after each bot move (default: pace in the config file, else 0.8, on a "
        "terminal; 0 otherwise).",
    )(command)
    command = click.option(
        "--four-color/--no-four-color",
        default=None,
        help="A four-colour deck: clubs green, diamonds blue (default: four_color in the "
        "config file, else off).",
    )(command)
    command = click.option(
        "--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥."
    )(command)
    command = click.option(
        "--color/--no-color",
        default=None,
        help="Colour on or off (default: color in the config file, else off when NO_COLOR is "
        "set or output is not a terminal).",
    )(command)
    command = click.option(
        "--json",
        "json_mode",
        is_flag=True,
        help="Speak the JSON-lines protocol on stdin/stdout (rummy500-protocol(7)).",
    )(command)
    command = click.option("--strict", is_flag=True, help="Exit 1 at the first refused command.")(
        command
    )
    command = click.option("-q", "--quiet", is_flag=True, help="No banners: only the game.")(
        command
    )
    command = click.option(
        "--commands",
        type=click.File("r"),
        default=None,
        metavar="FILE",
        help="Read commands from FILE instead of the keyboard.",
    )(command)
    return command


__all__ = ["display_options"]
