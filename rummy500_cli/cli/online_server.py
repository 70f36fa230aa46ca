"""A server started for `serve` or `host`: listening as the options say (TLS off
loopback, SSH beside it on request, the last run's port kept so that invites stay
good), the line that says where it is, and the invites of a table's seats.

Only click is imported at module level: `--help` must start fast.
"""

from __future__ import annotations

import contextlib
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .failure import Failure

if TYPE_CHECKING:
    from ..online.server import Server
    from ..online.tables import Table


def advertised(bind: str, advertise: str | None) -> str:
    """The host the invites give: --advertise, else the bound address (for an address
    of every interface, this machine's address on the way out)."""
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

    def __init__(self, server: Server, host: str, fingerprint: str | None) -> None:
        self.server = server
        self.host = host
        self.fingerprint = fingerprint

    def invite_lines(self, table: Table, host_seat: int | None = None) -> list[str]:
        """The commands that join each person's seat (and watch; and, at a server's
        own table, the host's admin seat)."""
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


def _port_file() -> Path:
    """Where the port last listened on is kept (the data folder's server-port)."""
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


async def start(params: dict[str, Any]) -> Running:
    """Listen as the server options say; reopen nothing (the caller does)."""
    from ..online.server import Server, is_loopback
    from ..online.tls import NoCrypto, server_context
    from .online_seat import play_in_ssh
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
    return Running(server, advertised(bind, params["advertise"]), fingerprint)


def where(running: Running, params: dict[str, Any]) -> str:
    """The line that says where the server listens, how, and to whom."""
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


__all__ = ["Running", "advertised", "start", "where"]
