"""A table: one game (a Session and its log), its seats, its settings and its clients.

The table is the only writer of its log: every move, a person's or a bot's, goes
through `Session.submit` (written and fsynced, then applied), one at a time (the
table's lock), in a worker thread so that the other tables go on meanwhile. Each
client receives the log's events as its seat may see them (`project`), in order, each
with its sequence number in the log, so a client that comes back says the last number
it saw and gets exactly what it missed.

Beside the log, a small metadata file (`NAME.table.json`, `table_meta`) keeps what the
log does not: the table's name, the seats' secrets, its settings and whether the host
has started it. With the log it is all a restarted server needs.

Here: who is who at a table, joining and leaving; then `load_table`. What each client
is sent is the table's `Feed` (`table_feed`), its metadata `table_meta`; a table is
made, and dealt fairly, in `table_deal` (`new_table`); its moves are written by
`table_play`, what moves it on by itself is `table_driver`, and what its clients ask of
it `table_requests`. Those modules take a Table; this one imports none of them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from ..errors import LogError
from ..events import Event
from ..render.printable import names as printable_names
from ..session import Session
from .invite import Invite, same_secret
from .table_feed import Client, Feed, project
from .table_meta import META_SUFFIX, Meta, Settings, meta_path, read_meta, write_meta
from .wire import WireError


class Table(Feed):
    """A table: its game, its seats and settings (`meta`), and its clients' feed."""

    def __init__(
        self,
        session: Session | None,
        meta: Meta,
        path: Path,
        events: list[Event],
        loop_time: Callable[[], float] = time.monotonic,
    ) -> None:
        self._session = session
        self.meta = meta
        self.meta_file = path
        super().__init__(events)
        self.lock = asyncio.Lock()
        self.away_since: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self.clock = loop_time
        self.closed = False
        self.start_now = False
        """The host said start: deal without waiting for every contribution."""
        self.opened = loop_time()
        for seat in self.people:  # not here yet: each waits as a seat left does
            if seat not in meta.away:
                self.away_since[seat] = self.opened

    # --- who is who -----------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The game (once dealt: a fair deal waits for the people's contributions)."""
        assert self._session is not None
        return self._session

    @property
    def path(self) -> Path:
        """The table's log (written once the cards are dealt)."""
        return self.meta_file.with_name(self.meta.log)

    @property
    def dealt(self) -> bool:
        return self._session is not None

    @property
    def id(self) -> str:
        return self.meta.table

    @property
    def n(self) -> int:
        return len(self.meta.secrets)

    @property
    def over(self) -> bool:
        return self._session is not None and self._session.state.over

    @property
    def people(self) -> list[int]:
        return [seat for seat, key in enumerate(self.meta.secrets) if key is not None]

    def names(self) -> list[str]:
        if self.meta.game is not None:
            return list(printable_names(tuple(self.meta.game.players)))
        return list(printable_names(self.session.state.players))

    def admit(self, seat: int | None, key: str, admin: str | None) -> bool:
        """Whether a key opens this seat (None: the watch key); constant time."""
        if seat is None:
            good = same_secret(key, self.meta.watch)
        elif 0 <= seat < len(self.meta.secrets):
            good = same_secret(key, self.meta.secrets[seat])
        else:
            same_secret(key, self.meta.watch)  # the same work as a real seat
            good = False
        if admin is not None and not same_secret(admin, self.meta.admin):
            return False
        return good

    def invite(
        self, host: str, port: int, seat: int | None, tls: str | None, admin: bool = False
    ) -> Invite:
        """The invite to a seat (None: to watch); `admin`: the host's own."""
        key = self.meta.watch if seat is None else self.meta.secrets[seat]
        assert key is not None
        return Invite(host, port, self.id, seat, key, tls, self.meta.admin if admin else None)

    def save_meta(self) -> None:
        write_meta(self.meta_file, self.meta)

    def own_seat(self, client: Client, message: dict[str, Any]) -> int:
        """The seat a client plays, which a message for another seat may not name."""
        seat = client.seat
        if seat is None:
            raise WireError("a spectator watches: it makes no move")
        if "seat" in message and message["seat"] != seat:
            raise WireError(f"you play seat {seat} only; a move for another seat is refused")
        return seat

    # --- what each client receives (`Feed`) ---------------------------------------------

    def held_back(self) -> int:
        """Spectators see the game `delay` moves late, until it is over."""
        return 0 if self.over else self.meta.settings.delay

    # --- joining and leaving ----------------------------------------------------------

    def welcome(self, client: Client) -> dict[str, Any]:
        game = self.meta.game
        players = game.players if game is not None else list(self.session.state.players)
        kinds = game.kinds if game is not None else list(self.session.kinds)
        return {
            "type": "welcome",
            "protocol": 1,
            "table": self.id,
            "seat": client.seat,
            "admin": client.admin,
            "players": players,
            "kinds": ["exec" if kind.startswith("exec:") else kind for kind in kinds],
            "commitment": self.meta.commitment,
            "contributed": client.seat is not None
            and client.seat < len(self.meta.contributions)
            and bool(self.meta.contributions[client.seat]),
            "people": self.people,
            "away": list(self.meta.away),
            "status": self.meta.status,
            "settings": msgspec.to_builtins(self.meta.settings),
            "settings_words": self.meta.settings.words(),
            "last": len(self.log) - 1,
        }

    async def join(self, client: Client, last: int) -> None:
        """A client comes in (or back) having seen the events up to `last`."""
        client.sent = max(-1, min(last, len(self.log) - 1))
        self.clients.add(client)
        client.send(self.welcome(client))
        seat = client.seat
        if seat is not None:
            self.away_since.pop(seat, None)
            if seat in self.meta.away:
                await self.reseat(seat, "human")
                self.meta.away.remove(seat)
                self.save_meta()
                self.notice(f"{self.names()[seat]} is back and plays again.")
            else:
                self.notice(f"{self.names()[seat]} has joined the table.")
            if self.meta.status == "waiting" and all(
                any(c.seat == s for c in self.clients) for s in self.people
            ):
                await self.set_status("playing")
        self.catch_up(client)
        self.changed.set()

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        seat = client.seat
        if seat is None or self.closed or any(c.seat == seat for c in self.clients):
            return
        if not self.over:
            self.away_since[seat] = self.clock()
            wait = self.meta.settings.seat_wait
            self.notice(
                f"{self.names()[seat]} has left the table; a bot plays the seat in {wait:g} s "
                "unless they come back."
            )
        self.changed.set()

    async def set_status(self, status: str) -> None:
        self.meta.status = status
        self.save_meta()
        self.tell({"type": "status", "status": status})
        self.changed.set()

    async def reseat(self, seat: int, kind: str) -> None:
        """A seat_changed line, written by the worker thread, then sent to all."""
        async with self.lock:
            first = len(self.log)
            _seq, event = await asyncio.to_thread(self.session.change_seat, seat, kind)
            self.log.append(event)
            self.publish(first)

    # --- the game ----------------------------------------------------------------------

    def begin(self, session: Session, events: list[Event]) -> None:
        """A fair deal is dealt (`table_deal.deal`): the game, its first lines sent."""
        self._session = session
        self.meta.game = None
        self.save_meta()
        self.log = list(events)
        self.publish(0)


def load_table(log: Path, meta: Meta) -> Table:
    """Reopen a table from its log and metadata (a restarted server)."""
    from ..records.log import read_log

    if meta.game is not None and not log.exists():  # not dealt yet: waits again
        return Table(None, meta, meta_path(log), [])
    session, _warnings = Session.resume(log, trust=lambda seat, command: None)
    events = list(read_log(log).events)
    return Table(session, meta, meta_path(log), events)


__all__ = [
    "META_SUFFIX",
    "Client",
    "LogError",
    "Meta",
    "Settings",
    "Table",
    "load_table",
    "project",
    "read_meta",
    "write_meta",
]
