"""The server: one asyncio process that holds many tables and their clients.

A client connects (TCP; TLS unless on loopback or told `--plain`), sends `hello` with
its invite's table, seat and secret and the last event it saw, and is answered
`welcome` and the events it has not seen; then it sends moves and table commands, one
JSON line each, and receives every event of the game as its seat may see it
(rummy500-serve(6)). Limits keep one client from harming the others: a line is at most
`wire.MAX_LINE` bytes (a longer one closes the connection), the hello must come within
`HELLO_TIMEOUT`, a client that does not read what it is sent is cut off at `SEND_LIMIT`
bytes waiting, and wrong secrets from one address are answered ever more slowly.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import ssl
import time
from pathlib import Path
from typing import Any

from ..render.printable import printable
from .invite import parse_ssh_user
from .table_driver import drive
from .table_feed import Client
from .table_meta import META_SUFFIX, read_meta
from .table_requests import handle
from .tables import Table, load_table
from .wire import MAX_LINE, NAME_LIMIT, WireError, decode, encode, int_field, text_field

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to send its hello."""
IDLE_TIMEOUT = 600.0
"""Seconds a client may send nothing (clients ping every 30 s)."""
SEND_LIMIT = 1 << 20
"""Bytes waiting to be sent to one client beyond which it is cut off (it does not read)."""
FREE_TRIES = 3
"""Wrong secrets from one address answered at once; each one after waits twice as long."""
MAX_WAIT = 5.0
"""The longest wait before a wrong secret is refused, in seconds."""
FORGET = 600.0
"""Seconds after which an address's wrong secrets are forgotten."""
MAX_ADDRESSES = 100_000
"""The most addresses whose wrong secrets are remembered at once."""


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


class Connection(Client):
    """A client over a stream (TCP or TLS)."""

    def __init__(self, writer: asyncio.StreamWriter, peer: str) -> None:
        self.writer = writer
        self.peer = peer
        self.seat = None
        self.admin = False
        self.sent = -1
        self.name = "spectator"
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > SEND_LIMIT:  # it does not read: cut it off
            self.close()
            return
        self.writer.write(encode(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.transport.abort()


class Server:
    def __init__(self, saves: Path) -> None:
        self.saves = saves
        self.tables: dict[str, Table] = {}
        self.failures: dict[str, tuple[int, float]] = {}
        self.host = "127.0.0.1"
        self.local = "127.0.0.1"
        self.port = 0
        self.fingerprint: str | None = None
        self.ssh_port: int | None = None
        self.ssh_fingerprint: str | None = None
        self.servers: list[asyncio.AbstractServer] = []
        self.stopped = asyncio.Event()
        self.hello_timeout = HELLO_TIMEOUT

    # --- tables -----------------------------------------------------------------------

    def add(self, table: Table) -> Table:
        self.tables[table.id] = table
        table.task = asyncio.get_running_loop().create_task(self._drive(table))
        return table

    async def _drive(self, table: Table) -> None:
        try:
            await drive(table)
        except Exception as error:  # a table that fails stops alone; its log stays
            table.notice(f"the table stopped: {type(error).__name__}: {printable(str(error))}")
            table.closed = True
            with contextlib.suppress(Exception):
                table.session.close("error")

    def reopen(self) -> list[str]:
        """Reopen every unfinished table whose metadata lies in the saves folder (a
        restarted server); answer a warning for each that cannot be."""
        warnings = []
        for path in sorted(self.saves.glob(f"*{META_SUFFIX}")):
            try:
                meta = read_meta(path)
                if meta.status in ("over", "ended"):
                    continue
                log = path.with_name(meta.log)
                self.add(load_table(log, meta))
            except Exception as error:
                warnings.append(f"{path}: not reopened: {printable(str(error))}")
        return warnings

    # --- listening --------------------------------------------------------------------

    async def listen(self, host: str, port: int, context: ssl.SSLContext | None) -> None:
        server = await asyncio.start_server(
            self._connection, host, port, ssl=context, limit=MAX_LINE + 2
        )
        self.servers.append(server)
        self.host = host
        self.port = server.sockets[0].getsockname()[1]
        self.local = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
        """Where a client on this machine reaches the server (the host's own seat, SSH
        sessions)."""

    async def close(self) -> None:
        for server in self.servers:
            server.close()
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
            if not table.closed:
                table.closed = True
                with contextlib.suppress(Exception):
                    table.session.close("quit")

    # --- one connection ----------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = str((writer.get_extra_info("peername") or ("?",))[0])
        connection = Connection(writer, peer)
        table: Table | None = None
        try:
            try:
                line = await asyncio.wait_for(reader.readline(), self.hello_timeout)
            except TimeoutError:
                connection.send(_error(f"no hello in {self.hello_timeout:g} s: connection closed"))
                return
            if not line:
                return
            table = await self._hello(connection, line)
            if table is None:
                return
            await self._serve(connection, reader, table)
        except (ValueError, asyncio.LimitOverrunError):
            connection.send(
                _error(f"a line longer than {MAX_LINE} bytes is not a message: connection closed")
            )
        except (ConnectionError, OSError, asyncio.IncompleteReadError, ssl.SSLError):
            pass
        finally:
            if table is not None:
                table.leave(connection)
            with contextlib.suppress(Exception):
                if not connection.closed:
                    await asyncio.wait_for(writer.drain(), 1.0)
                writer.close()

    async def _serve(
        self, connection: Connection, reader: asyncio.StreamReader, table: Table
    ) -> None:
        while not connection.closed:
            try:
                line = await asyncio.wait_for(reader.readline(), IDLE_TIMEOUT)
            except TimeoutError:
                connection.send(_error(f"nothing for {IDLE_TIMEOUT:g} s: connection closed"))
                return
            if not line:
                return
            if not line.endswith(b"\n"):
                return  # the end of the stream in the middle of a line
            try:
                message = decode(line)
            except WireError as error:
                connection.send(_error(str(error)))
            else:
                if message["type"] == "bye":
                    return
                await handle(table, connection, message)
            await asyncio.sleep(0)  # a flood of lines leaves time to the other tables

    async def _hello(self, connection: Connection, line: bytes) -> Table | None:
        try:
            message = decode(line)
            if message["type"] != "hello":
                raise WireError('the first message is {"type": "hello", ...} (rummy500-serve(6))')
            version = message.get("protocol")
            if version != 1:
                raise WireError(f"this server speaks protocol 1, not {str(version)[:10]}")
            table_id = text_field(message, "table", 40)
            seat_value = message.get("seat")
            if seat_value is not None:
                seat_value = int_field(message, "seat")
            key = text_field(message, "key", 100)
            admin = message.get("admin")
            if admin is not None:
                admin = text_field(message, "admin", 100)
            last = int_field(message, "last", -1)
            name = text_field(message, "name", NAME_LIMIT, "spectator")
        except WireError as error:
            connection.send(_error(str(error)))
            return None
        table = await self.admit(connection.peer, table_id, seat_value, key, admin)
        if table is None:
            connection.send(_error("no such table or seat, or a wrong key: check the invite"))
            return None
        connection.seat = seat_value
        connection.admin = admin is not None
        connection.name = name or "spectator"
        await table.join(connection, last)
        return table

    async def admit(
        self, peer: str, table_id: str, seat: int | None, key: str, admin: str | None
    ) -> Table | None:
        """The table a secret opens, or None; wrong secrets from one address are
        answered more and more slowly (twice as long each time after FREE_TRIES)."""
        table = self.tables.get(table_id)
        good = (
            table is not None
            and table.admit(seat, key, admin)
            and (not table.closed or table.over)  # a game over can still be seen whole
        )
        now = time.monotonic()
        count, since = self.failures.get(peer, (0, now))
        if now - since > FORGET:
            count = 0
        if good:
            return table
        count += 1
        if len(self.failures) >= MAX_ADDRESSES:  # forget the addresses quiet longest
            for address, (_count, when) in list(self.failures.items()):
                if now - when > FORGET or len(self.failures) >= MAX_ADDRESSES:
                    del self.failures[address]
        self.failures[peer] = (count, now)
        if count > FREE_TRIES:
            await asyncio.sleep(min(MAX_WAIT, 0.05 * 2 ** min(count - FREE_TRIES, 16)))
        return None

    def ssh_admit(self, user: str) -> tuple[Table, int | None] | None:
        """The table and seat an SSH user name (TABLE.SEAT.SECRET) opens."""
        parsed = parse_ssh_user(user)
        if parsed is None:
            return None
        table_id, seat, key = parsed
        table = self.tables.get(table_id)
        if table is None or table.closed or not table.admit(seat, key, None):
            return None
        return table, seat


def _error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}
