"""`rummy500 serve`, `rummy500 host` and `rummy500 join`: play with friends over the
network (rummy500-serve(6)). Thin commands over rummy500_cli/online: the server owns
the tables and their logs; `join` plays a seat with local play's loop and prompt.

Only click is imported at module level: `--help` must start fast.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from typing import Any

import click

from .failure import Failure
from .options import Seconds
from .play import play as _play

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
        callback=lambda ctx, param, value: _check_bind(value),
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


def _settings(params: dict[str, Any]):
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


def _open_table(params: dict[str, Any], prefs):
    """A new table from play's options and the table's own (a click context is current)."""
    from ..errors import RulesError, Rummy500Error
    from ..online.tables import new_table
    from .paths import new_save_path
    from .play import game_options

    names, kinds, rules, seed, stacked = game_options(
        params["players"], params["name"], params["bots"], params["seats"], params["seed"],
        params["deck"], params["variant"], params["rule"], params["target"], prefs,
        params.get("think"), bool(params.get("quick")),
    )  # fmt: skip
    fair = params["seed"] is None and params["deck"] is None  # a deal no one chose
    path = params["save"] or new_save_path("fair" if fair else seed)
    try:
        return new_table(
            path, names, kinds, rules, None if fair else seed, stacked, _settings(params), params["bot_timeout"],
            undo=not params["no_undo"],
        )  # fmt: skip
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    except Rummy500Error as error:
        raise Failure(str(error)) from None


def _table_command() -> click.Command:
    """The options of one table of `serve --table`: play's and the table's."""
    return click.Command("--table", params=[*GAME_PARAMS, *TABLE_PARAMS])


def _check_bind(value: str) -> str:
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


def _advertised(bind: str, advertise: str | None) -> str:
    if advertise:
        return advertise
    if bind in ("0.0.0.0", "::", ""):
        import socket

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("192.0.2.1", 9))  # no packet is sent: this picks the address
                return str(probe.getsockname()[0])
            except OSError:
                return socket.gethostname()
    return bind


class Running:
    """A server started for a command: listening, its tables, where it says it is."""

    def __init__(self, server, host: str, fingerprint: str | None) -> None:
        self.server = server
        self.host = host
        self.fingerprint = fingerprint

    def invite_lines(self, table, host_seat: int | None = None) -> list[str]:
        from .. import program

        me = program.command()
        lines = []
        names = table.names()
        for seat in table.people:
            if seat == host_seat:
                continue
            invite = table.invite(self.host, self.server.port, seat, self.fingerprint)
            lines.append(f"Seat {seat} ({names[seat]}): {me} join {shlex.quote(invite.text())}")
            if self.server.ssh_port:
                lines.append(
                    f"  or with nothing installed: ssh -t -p {self.server.ssh_port} "
                    f"{invite.ssh_user()}@{self.host}"
                )
        watch = table.invite(self.host, self.server.port, None, self.fingerprint)
        lines.append(f"Watch: {me} join {shlex.quote(watch.text())}")
        if host_seat is None and table.people:
            admin = table.invite(
                self.host, self.server.port, table.people[0], self.fingerprint, admin=True
            )
            lines.append(
                f"Host (seat {table.people[0]}, admin): {me} join {shlex.quote(admin.text())}"
            )
        return lines


def _port_file():
    from platformdirs import user_data_path

    return user_data_path("rummy500", appauthor=False) / "server-port"


def _port_left_to_us() -> bool:
    """Whether --port was left to its default (0: any), so the last run's may be used."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source("port") in (
        None,
        click.core.ParameterSource.DEFAULT,
    )


def _remembered_port() -> int | None:
    """The port the last server of this user listened on, if one is recorded."""
    from ..numbers import whole_number

    try:
        text = _port_file().read_text(encoding="ascii")[:6]
    except (OSError, UnicodeDecodeError):
        return None
    port = whole_number(text.strip())
    return port if port is not None and 1024 <= port <= 65535 else None


def _remember_port(port: int) -> None:
    """Record the port listened on, for the next start (a failure to write is no error:
    the next start picks a port of its own)."""
    path = _port_file()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(f"{port}\n", encoding="ascii")
        temporary.replace(path)


async def _start(params: dict[str, Any]) -> Running:
    """Listen as the server options say; reopen nothing (the caller does)."""
    from ..online.server import Server, is_loopback
    from ..online.tls import NoCrypto, server_context
    from .paths import saves_dir

    bind = params["bind"]
    loopback = is_loopback(bind)
    server = Server(saves_dir())
    server.hello_timeout = params["hello_timeout"]
    context, fingerprint = None, None
    if params["tls"] or not (loopback or params["plain"]):
        from platformdirs import user_data_path

        try:
            context, fingerprint = server_context(user_data_path("rummy500", appauthor=False))
        except NoCrypto as error:
            raise Failure(str(error)) from None
    remembered = _remembered_port() if _port_left_to_us() else None
    try:
        try:
            # A restart without --port listens where the last run did, so that the
            # invites its players hold still reach it (after a crash, say).
            await server.listen(bind, remembered or params["port"], context)
        except OSError:
            if not remembered:
                raise
            await server.listen(bind, 0, context)  # taken meanwhile: a new one
    except OSError as error:
        raise Failure(
            f"cannot listen on {bind}:{params['port']}: {error.strerror or error}"
        ) from None
    _remember_port(server.port)
    if params["ssh"]:
        from ..online.ssh import NoSSH, serve_ssh

        try:
            await serve_ssh(server, bind, params["ssh_port"], play_in_ssh)
        except NoSSH as error:
            raise Failure(str(error)) from None
        except OSError as error:
            raise Failure(f"cannot listen for SSH on {bind}: {error.strerror or error}") from None
    return Running(server, _advertised(bind, params["advertise"]), fingerprint)


def _where(running: Running, params: dict[str, Any]) -> str:
    from ..online.server import is_loopback

    server = running.server
    how = f"TLS, certificate sha256 {running.fingerprint}" if running.fingerprint else "plain TCP"
    if is_loopback(params["bind"]):
        scope = "loopback only: players on this machine; --bind ADDRESS opens it to others"
    else:
        scope = f"open to the network on {params['bind']}"
    ssh = (
        f"; SSH on port {server.ssh_port}, host key {server.ssh_fingerprint}"
        if server.ssh_port
        else ""
    )
    return f"Serving on {params['bind']}:{server.port} ({how}; {scope}){ssh}."


def _serve(**params: Any) -> None:
    """Run a server that holds tables: those given with --table, and every unfinished
    table of an earlier run (from the logs and their metadata in the saves folder).

    Each --table takes play's options and the table's, in one quoted string, e.g.
    --table '--players 3 --seat 1=human:Ana --seat 2=human:Bo --target 200'.
    """
    import asyncio

    from .play import _preferences

    prefs = _preferences()
    specs = []
    for spec in params["tables"]:
        try:
            args = shlex.split(spec)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--table") from None
        specs.append(args)

    async def main() -> None:
        import signal

        running = await _start(params)
        server = running.server
        for warning in server.reopen():
            click.echo(f"warning: {warning}", err=True)
        for table in list(server.tables.values()):
            click.echo(f"Table {table.id} reopened ({table.meta.log}).")
            for line in running.invite_lines(table):
                click.echo(f"  {line}")
        for args in specs:
            command = _table_command()
            with command.make_context("--table", list(args)) as ctx:
                table = server.add(_open_table(ctx.params, prefs))
            click.echo(f"Table {table.id} open ({table.path}).")
            for line in running.invite_lines(table):
                click.echo(f"  {line}")
        click.echo(_where(running, params))
        sys.stdout.flush()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, server.stopped.set)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(server.stopped.wait(), params["lifetime"])
        await server.close()

    asyncio.run(main())


serve = click.Command(
    "serve",
    callback=_serve,
    params=[
        *SERVER_PARAMS,
        click.Option(
            ["--table", "tables"],
            multiple=True,
            metavar="'OPTIONS'",
            help="Open a table with these play options and table options (repeatable).",
        ),
    ],
    help=_serve.__doc__,
)


def _host(**params: Any) -> None:
    """Host a game: start a server, open one table with play's options, print an invite
    for each seat left to people (--seat N=human[:NAME]), and play seat 0 here.

    The server listens on loopback unless --bind ADDRESS; it stops when you leave.
    """
    import asyncio
    import threading

    from .play import _preferences

    prefs = _preferences()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def call(coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result()

    running = call(_start(params))
    table = _open_table(params, prefs)
    if not table.people or table.people[0] != 0:
        raise click.UsageError("seat 0 is yours: it cannot be a bot's at a table you host")

    async def add():
        return running.server.add(table)

    call(add())
    click.echo(_where(running, params))
    for line in running.invite_lines(table, host_seat=0):
        click.echo(line)
    server = running.server
    invite = table.invite(server.local, server.port, 0, running.fingerprint, admin=True)
    code = 0
    try:
        _play_seat(invite.text(), params, prefs)
    except SystemExit as done:
        code = int(done.code or 0)
    finally:
        call(running.server.close())
        loop.call_soon_threadsafe(loop.stop)
    sys.exit(code)


host = click.Command(
    "host",
    callback=_host,
    params=[
        *GAME_PARAMS,
        *[p for p in _play.params if p.name in ("commands", "json_mode", "strict")],
        *TABLE_PARAMS,
        *SERVER_PARAMS,
    ],
    help=_host.__doc__,
)


def _open_seat(text: str, name: str):
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


def _play_remote(session, console, prefs) -> int:
    """Play a seat at a table with a console of local play; the exit status."""
    from typing import cast

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
    if type(console).__name__ != "JsonConsole":  # (a program's first line is hello)
        for line in session.notices:
            console.show(line)
    session.notices.clear()
    by_rank = prefs is not None and prefs["sort"] == "rank"
    return run(cast(Session, session), console, pace=0.0, windows="ask", by_rank=by_rank)


def _play_seat(text: str, params: dict[str, Any], prefs) -> None:
    """Play (or watch) the seat an invite opens, with local play's console."""
    from .play import _console, _lenient, choose_style

    _lenient(sys.stdin, params.get("commands"))
    session = _open_seat(text, params.get("name") or prefs["name"] or "")
    style = choose_style(params["color"], params["ascii_cards"], params["four_color"], prefs)
    console = _console(
        params["json_mode"], params.get("commands"), params["quiet"], params["strict"], style,
        session,
    )  # fmt: skip
    if type(console).__name__ != "PromptConsole":
        sys.exit(_play_remote(session, console, prefs))
    from prompt_toolkit.patch_stdout import patch_stdout

    from ..online.client import chat_line

    def live(message: dict[str, Any]) -> None:
        """Chat and news as they come, above the prompt if one is open."""
        print(style.text(chat_line(message)), flush=True)

    with patch_stdout(raw=True):
        session.link.on_chat = live
        code = _play_remote(session, console, prefs)
    sys.exit(code)


def play_in_ssh(text: str) -> None:
    """An SSH session's game (online/ssh.py runs it in a thread of its own, in the
    session's prompt-toolkit context): the prompt of local play, in colour."""
    from ..render.style import Style
    from .preferences import load
    from .prompt import PromptConsole

    prefs = load()
    try:
        session = _open_seat(text, "")
    except click.ClickException as error:
        from prompt_toolkit import print_formatted_text

        print_formatted_text(f"error: {error.format_message()}")
        return
    console = PromptConsole(
        Style(color=True, ascii=False, four_color=bool(prefs["four_color"])), None
    )
    _play_remote(session, console, prefs)


def _join(invite: str, **params: Any) -> None:
    """Play the seat an invite opens (or watch, with a watch invite), with the same
    table, prompt, Tab completion, colours and commands as local play. If the connection
    drops, join again with the same invite: your seat waits for you."""
    from .play import _preferences

    _play_seat(invite, params, _preferences())


join = click.Command(
    "join",
    callback=_join,
    params=[
        click.Argument(["invite"]),
        click.Option(["--name"], default=None, help="Your name at the table (for spectators)."),
        *[p for p in _play.params if p.name in DISPLAY],
    ],
    help=_join.__doc__,
)


__all__ = ["host", "join", "serve"]
