"""The options of the online commands (rummy500-serve(6)): a table's game (play's own
options), a table's settings (--seat-wait, --away-bot, --allow-hints, ...) and a
server's (--bind, --port, --tls, --ssh, ...); and a new table made from them.

Only click is imported at module level: `--help` must start fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .failure import Failure
from .options import Seconds
from .play import play as _play

if TYPE_CHECKING:
    from ..online.tables import Settings, Table
    from .preferences import Preferences

GAME_PARAMS = [
    p for p in _play.params if p.name not in ("commands", "json_mode", "strict", "tutor")
]
"""play's options, for a table's game (host and serve --table); not the tutor, which
warns a person at a prompt of their own machine (a table's hints are its settings')."""
DISPLAY = ("commands", "quiet", "strict", "json_mode", "color", "ascii_cards", "four_color")

TABLE_PARAMS = [
    click.Option(
        ["--seat-wait"],
        type=Seconds(0, 86400),
        default=120.0,
        show_default=True,
        metavar="SECONDS",
        help="How long a person's empty seat waits before a bot plays it (until they return).",
    ),
    click.Option(
        ["--away-bot"],
        type=click.Choice(["random", "greedy", "strong", "expert"]),
        default="strong",
        show_default=True,
        help="The bot that plays a seat whose person is away.",
    ),
    click.Option(
        ["--allow-hints"], is_flag=True, help="Let every seat ask for hints (off by default)."
    ),
    click.Option(
        ["--allow-undo"], is_flag=True, help="Let every seat take moves back (off by default)."
    ),
    click.Option(
        ["--delay"],
        type=click.IntRange(0, 1000),
        default=0,
        show_default=True,
        metavar="N",
        help="Spectators see the game N moves late.",
    ),
]

SERVER_PARAMS = [
    click.Option(
        ["--bind"],
        default="127.0.0.1",
        show_default=True,
        metavar="ADDRESS",
        callback=lambda ctx, param, value: check_bind(value),
        help="The address to listen on (loopback: only this machine can join).",
    ),
    click.Option(
        ["--port"],
        type=click.IntRange(0, 65535),
        default=0,
        help="The TCP port (default: the last run's, so invites stay good; 0: any).",
    ),
    click.Option(
        ["--advertise"],
        default=None,
        metavar="HOST",
        help="The host name or address the invites give (default: the bound address).",
    ),
    click.Option(
        ["--plain"],
        is_flag=True,
        help="Plain TCP even off loopback (unencrypted; the default there is TLS).",
    ),
    click.Option(["--tls"], is_flag=True, help="TLS even on loopback."),
    click.Option(
        ["--ssh"], is_flag=True, help="Also serve the game over SSH (needs rummy500[online])."
    ),
    click.Option(
        ["--ssh-port"],
        type=click.IntRange(0, 65535),
        default=0,
        show_default=True,
        help="The SSH port (0: one the system picks).",
    ),
    click.Option(
        ["--hello-timeout"],
        type=Seconds(0.1, 3600),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="How long a new connection has to say hello before it is closed.",
    ),
    click.Option(
        ["--lifetime"],
        type=Seconds(0, 10**7),
        default=None,
        metavar="SECONDS",
        help="Stop the server after this long (default: run until stopped).",
    ),
]


def display_params(*names: str) -> list[click.Parameter]:
    """play's display options of these names (for `host` and `join`)."""
    return [p for p in _play.params if p.name in names]


def check_bind(value: str) -> str:
    """An address to listen on, named: an empty one would listen on every interface
    unasked (0.0.0.0 or :: says so), and text that is no host name is refused."""
    from ..errors import quoted
    from .options import plain_text_problem

    text = value.strip()
    if not text:
        raise click.BadParameter(
            "give an address: 127.0.0.1 (this machine only), or 0.0.0.0 or :: for every interface",
            param_hint="--bind",
        )
    if plain_text_problem(text, 255) or any(ch.isspace() for ch in text):
        raise click.BadParameter(
            f"{quoted(value, 40)} is not an address, e.g. 127.0.0.1 or 0.0.0.0",
            param_hint="--bind",
        )
    return text


def settings(params: dict[str, Any]) -> Settings:
    """A table's settings from its options."""
    from ..online.tables import Settings

    return Settings(
        hints=params["allow_hints"],
        undo=params["allow_undo"] and not params["no_undo"],
        seat_wait=params["seat_wait"],
        delay=params["delay"],
        pace=params["pace"] or 0.0,
        level=params["away_bot"],
        windows=params["windows"],
    )


def open_table(params: dict[str, Any], prefs: Preferences) -> Table:
    """A new table from play's options and the table's own (a click context is current)."""
    from ..errors import RulesError, Rummy500Error
    from ..online.table_deal import new_table
    from .new_game import game_options
    from .paths import new_save_path

    names, kinds, rules, seed, stacked = game_options(
        params["players"], params["name"], params["bots"], params["seats"], params["seed"],
        params["deck"], params["variant"], params["rule"], params["target"], prefs,
        params.get("think"), bool(params.get("quick")),
    )  # fmt: skip
    fair = params["seed"] is None and params["deck"] is None  # a deal no one chose
    path = params["save"] or new_save_path("fair" if fair else seed)
    try:
        return new_table(
            path, names, kinds, rules, None if fair else seed, stacked, settings(params), params["bot_timeout"],
            undo=not params["no_undo"],
        )  # fmt: skip
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    except Rummy500Error as error:
        raise Failure(str(error)) from None


def table_command() -> click.Command:
    """The options of one table of `serve --table`: play's and the table's."""
    return click.Command("--table", params=[*GAME_PARAMS, *TABLE_PARAMS])


__all__ = [
    "DISPLAY",
    "GAME_PARAMS",
    "SERVER_PARAMS",
    "TABLE_PARAMS",
    "check_bind",
    "display_params",
    "open_table",
    "settings",
    "table_command",
]
