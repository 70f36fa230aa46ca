"""A seat at a table on a server, played (or watched) with local play's loop and
console: `join`, the host's own seat in `host`, and an SSH session's game.

Only click is imported at module level: `--help` must start fast.
"""

from __future__ import annotations

import shlex
import sys
from typing import TYPE_CHECKING, Any, cast

import click

from .failure import Failure

if TYPE_CHECKING:
    from ..online.client import RemoteSession
    from ..render.style import Style
    from .consoles.base import Console
    from .environment import Environment
    from .preferences import Preferences
    from .stops import ExitStatus


def open_seat(text: str, name: str) -> RemoteSession:
    """Connect to the seat an invite opens and take in the game so far."""
    from .. import program
    from ..online.client import Link, LinkError, RemoteSession
    from ..online.invite import InviteError, parse_invite
    from .paths import saves_dir

    try:
        invite = parse_invite(text)
    except InviteError as error:
        raise click.BadParameter(str(error), param_hint="INVITE") from None
    link = Link(invite, name)
    try:
        link.open()
    except LinkError as error:
        raise Failure(str(error)) from None
    who = "watch" if invite.seat is None else f"seat{invite.seat}"
    record = saves_dir() / "online" / f"{invite.table}-{who}.jsonl"
    session = RemoteSession(link, record, text)
    session.rejoin_line = f"{program.command()} join {shlex.quote(text)}"
    try:
        session.sync()
    except LinkError as error:
        link.close()
        raise Failure(str(error)) from None
    return session


def play_remote(session: RemoteSession, console: Console, prefs: Preferences | None) -> ExitStatus:
    """Play a seat at a table with a console of local play; the exit status."""
    from ..render.printable import names, printable
    from ..session import Session
    from .loop import run

    session.on_notice = console.show
    welcome = session.welcome
    players = names(session.state.players)
    seat = session.seat
    you = "watching" if seat is None else f"you are seat {seat}, {players[seat]}"
    table = printable(str(welcome["table"]))
    console.banner(f"rummy500 · table {table} · {', '.join(players)} · {you}")
    console.banner(f"Table settings: {printable(str(welcome.get('settings_words', '')))}")
    if welcome.get("status") == "waiting" and welcome.get("people"):
        console.banner("Waiting for the other players: the game starts when every seat is taken.")
    if seat is None:
        console.banner("Ctrl-D (or Ctrl-C) leaves.")
    else:
        console.banner(
            "Type help for the commands; say TEXT talks to the table; Ctrl-D leaves "
            "(your seat waits)."
        )
    console.notices(session.notices)
    session.notices.clear()
    by_rank = prefs is not None and prefs["sort"] == "rank"
    return run(cast(Session, session), console, pace=0.0, windows="ask", by_rank=by_rank)


def _console_for(
    session: RemoteSession, env: Environment, style: Style, params: dict[str, Any]
) -> Console:
    """The seat's console, chosen where every game's is (cli/consoles/pick.py)."""
    from .consoles.pick import ConsoleOptions, choose

    people = tuple(seat for seat in range(session.state.n) if session.is_human(seat))
    options = ConsoleOptions(
        params["json_mode"], params.get("commands"), params["quiet"], params["strict"], people
    )
    return choose(env, style, options)


def play_seat(text: str, params: dict[str, Any], prefs: Preferences) -> None:
    """Play (or watch) the seat an invite opens, with local play's console; exit with
    the loop's status. At the prompt, chat and news are shown as they come."""
    from .environment import current
    from .lines import lenient
    from .style_choice import choose_style

    env = current()
    lenient(env.input, params.get("commands"))
    session = open_seat(text, params.get("name") or prefs["name"] or "")
    style = choose_style(params["color"], params["ascii_cards"], params["four_color"], prefs, env)
    console = _console_for(session, env, style, params)
    if not console.interactive:
        sys.exit(play_remote(session, console, prefs))
    from prompt_toolkit.patch_stdout import patch_stdout

    from ..online.client import chat_line

    def live(message: dict[str, Any]) -> None:
        """Chat and news as they come, above the prompt if one is open."""
        print(style.text(chat_line(message)), flush=True)

    with patch_stdout(raw=True):
        session.link.on_chat = live
        code = play_remote(session, console, prefs)
    sys.exit(code)


def play_in_ssh(text: str) -> None:
    """An SSH session's game (online/ssh.py runs it in a thread of its own, in the
    session's prompt-toolkit context): the prompt of local play, in colour, with no
    history file (the terminal is the SSH client's)."""
    from ..render.style import Style
    from .environment import Environment
    from .preferences import load

    prefs = load()
    try:
        session = open_seat(text, "")
    except click.ClickException as error:
        from prompt_toolkit import print_formatted_text

        print_formatted_text(f"error: {error.format_message()}")
        return
    terminal = Environment(stdin_isatty=True, stdout_isatty=True, history_file=None)
    style = Style(color=True, ascii=False, four_color=bool(prefs["four_color"]))
    params = {"json_mode": False, "commands": None, "quiet": False, "strict": False}
    play_remote(session, _console_for(session, terminal, style, params), prefs)


__all__ = ["open_seat", "play_in_ssh", "play_remote", "play_seat"]
