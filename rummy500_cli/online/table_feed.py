"""What each client of a table receives: the log's events, as its seat may see them.

A table's log goes out as a feed: every line by its sequence number (the header is 0),
each client sent the lines it has not had, in order, in one `events` message, each line
projected for the client's seat (`projection.visible`; None: a spectator), once per
seat and kept. Spectators may be held some moves back (the host's `delay`), so a feed
remembers where each move's lines begin. A client that comes back says the last number
it saw (`Client.sent`) and is sent exactly what it missed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..events import Event
from .projection import visible


def project(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as a seat (None: a spectator) may receive it (`projection.visible`)."""
    return visible(event, seat)


class Client:
    """What a table needs of a connection: a seat, what it has been sent, and a way to
    send it a message without waiting (a client that does not read is cut off)."""

    seat: int | None
    admin: bool
    sent: int
    name: str

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class Feed:
    """A log's lines and the clients they go to (the base of `tables.Table`)."""

    def __init__(self, events: list[Event]) -> None:
        self.log: list[Event] = events
        """Every line of the log, by sequence number (the header is 0)."""
        self.moves: list[int] = []
        """Where each batch of events (one move) begins in `log`, for the spectators'
        delay."""
        self.projected: dict[int | None, list[dict[str, Any]]] = {}
        self.clients: set[Client] = set()
        self.changed = asyncio.Event()
        """Set whenever something a waiting table may act on has changed."""

    def held_back(self) -> int:
        """How many moves spectators see late (0: none)."""
        return 0

    def _projected(self, seat: int | None, upto: int) -> list[dict[str, Any]]:
        cache = self.projected.setdefault(seat, [])
        for seq in range(len(cache), upto):
            cache.append(project(self.log[seq], seat))
        return cache

    def visible_upto(self, client: Client) -> int:
        """How many of the log's events a client may have now: all, or for a spectator
        all but the last `held_back()` moves (the table's `delay`, until the game is
        over)."""
        held = self.held_back()
        if client.seat is not None or held <= 0:
            return len(self.log)
        return self.moves[-held] if len(self.moves) >= held else min(len(self.log), 3)

    def catch_up(self, client: Client) -> None:
        """Send a client the events it has not had (one `events` message)."""
        upto = self.visible_upto(client)
        if client.sent + 1 >= upto:
            return
        cache = self._projected(client.seat, upto)
        first = client.sent + 1
        client.send(
            {
                "type": "events",
                "events": [{"seq": seq, "event": cache[seq]} for seq in range(first, upto)],
            }
        )
        client.sent = upto - 1

    def publish(self, first: int) -> None:
        """New lines are in the log from `first`: every client is sent its view."""
        self.moves.append(first)
        for client in list(self.clients):
            self.catch_up(client)
        self.changed.set()

    def tell(self, message: dict[str, Any], seats: Callable[[Client], bool] | None = None) -> None:
        """A message to every client (or to those `seats` picks)."""
        for client in list(self.clients):
            if seats is None or seats(client):
                client.send(message)

    def notice(self, text: str) -> None:
        """The table's news to everyone (an `info` line)."""
        self.tell({"type": "info", "text": text})
