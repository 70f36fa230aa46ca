"""`rummy500 serve`, `rummy500 host` and `rummy500 join`: play with friends over the
network (rummy500-serve(6)). Thin commands over rummy500_cli/online: the server owns
the tables and their logs; `join` plays a seat with local play's loop and prompt.

Only click is imported at module level: `--help` must start fast.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .online_options import DISPLAY, GAME_PARAMS, SERVER_PARAMS, TABLE_PARAMS, display_params

if TYPE_CHECKING:
    import asyncio
    import threading

    from ..online.tables import Table

T = TypeVar("T")


def _serve(**params: Any) -> None:
    """Run a server that holds tables: those given with --table, and every unfinished
    table of an earlier run (from the logs and their metadata in the saves folder).

    Each --table takes play's options and the table's, in one quoted string, e.g.
    --table '--players 3 --seat 1=human:Ana --seat 2=human:Bo --target 200'.
    """
    import asyncio

    from .launch import preferences
    from .online_options import open_table, table_command
    from .online_server import start, where

    prefs = preferences()
    specs = []
    for spec in params["tables"]:
        try:
            args = shlex.split(spec)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--table") from None
        specs.append(args)

    async def main() -> None:
        import signal

        running = await start(params)
        server = running.server
        for warning in server.reopen():
            click.echo(f"warning: {warning}", err=True)
        for table in list(server.tables.values()):
            click.echo(f"Table {table.id} reopened ({table.meta.log}).")
            for line in running.invite_lines(table):
                click.echo(f"  {line}")
        for args in specs:
            command = table_command()
            with command.make_context("--table", list(args)) as ctx:
                table = server.add(open_table(ctx.params, prefs))
            click.echo(f"Table {table.id} open ({table.path}).")
            for line in running.invite_lines(table):
                click.echo(f"  {line}")
        click.echo(where(running, params))
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

    from .launch import preferences
    from .online_options import open_table
    from .online_seat import play_seat
    from .online_server import start, where

    prefs = preferences()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def call(coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result()

    code = 0
    running = None
    try:
        running = call(start(params))
        table = open_table(params, prefs)
        if not table.people or table.people[0] != 0:
            raise click.UsageError("seat 0 is yours: it cannot be a bot's at a table you host")

        async def add() -> Table:
            return running.server.add(table)

        call(add())
        click.echo(where(running, params))
        for line in running.invite_lines(table, host_seat=0):
            click.echo(line)
        server = running.server
        invite = table.invite(server.local, server.port, 0, running.fingerprint, admin=True)
        try:
            play_seat(invite.text(), params, prefs)
        except SystemExit as done:
            code = int(done.code or 0)
    finally:
        if running is not None:
            call(running.server.close())
        _stop_loop(loop, thread)
    sys.exit(code)


def _stop_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    """Stop the server's loop and end its threads (the loop's, and the workers of its
    `asyncio.to_thread` calls), on the way out of `host` however it ends (a bad option
    after the loop started too): none outlives the command, so that a process running
    commands one after another (a test suite, a script's CliRunner) forks without them."""
    import asyncio

    with contextlib.suppress(Exception):
        ended = asyncio.run_coroutine_threadsafe(loop.shutdown_default_executor(), loop)
        ended.result(timeout=STOP_FOR)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(STOP_FOR)
    if not thread.is_alive():
        loop.close()


STOP_FOR = 5.0
"""How long `host` waits, on the way out, for each of its server's threads to end."""


host = click.Command(
    "host",
    callback=_host,
    params=[
        *GAME_PARAMS,
        *display_params("commands", "json_mode", "strict"),
        *TABLE_PARAMS,
        *SERVER_PARAMS,
    ],
    help=_host.__doc__,
)


def _join(invite: str, **params: Any) -> None:
    """Play the seat an invite opens (or watch, with a watch invite), with the same
    table, prompt, Tab completion, colours and commands as local play. If the connection
    drops, join again with the same invite: your seat waits for you."""
    from .launch import preferences
    from .online_seat import play_seat

    play_seat(invite, params, preferences())


join = click.Command(
    "join",
    callback=_join,
    params=[
        click.Argument(["invite"]),
        click.Option(["--name"], default=None, help="Your name at the table (for spectators)."),
        *display_params(*DISPLAY),
    ],
    help=_join.__doc__,
)


__all__ = ["host", "join", "serve"]
