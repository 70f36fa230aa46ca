"""What a seat, or a spectator, may receive of each event: the only way an event leaves
the host.

A table's server holds the whole log (every hand, the stock, the seed). A client gets
the log's events projected for its seat, and nothing else from the log, so that no
message to a client ever holds the seed, the stock's order, or a card of another hand
while the game is on:

- the header (`game_started`) keeps only what every player may know: `format`,
  `program`, `rules`, `players`, `seats` (an external bot's command shown as `exec`),
  `undo`, `tutored`, and the fair deal's `commitment` and `contributions`; never `seed`
  nor a stacked `deck` (with the documented shuffle the seed is every hand and the
  whole stock), nor any field added to the header later unless it is added here;
- `round_dealt`: the seat's own hand as cards, the other hands and the stock as counts
  (a spectator sees every hand as a count);
- `stock_drawn`: the cards for the seat that drew, their number for everyone else
  ("Ada draws a card");
- `stock_rebuilt`: the new stock's size;
- `seat_changed`: an external bot's command shown as `exec`;
- every other event as the log writes it: they hold only cards laid face up (melds,
  lay-offs, discards, the pile taken, the hands shown when a round is scored) and, at
  the very end, `seed_revealed`.

The wire form is stable (version `WIRE_VERSION`): one JSON object a line, UTF-8, ended
by a line feed, written compactly by msgspec with no raw control character
(`protocol.encode`), in the protocol's own `event` message:

    {"type":"event","seq":7,"event":{"type":"stock_drawn","seat":1,"cards":1}}

`seq` is the event's sequence number in the host's log, so a client that reconnects
asks for the events after the last `seq` it has. The header is sent as the event of
`seq` 0, so that a client's record (`online.record`) holds what it needs to check
the deal.

Pure: no sockets, files or clocks; the server calls it once per event and seat
(`project_lines` encodes a message that every seat sees alike once).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from ..events import Event, GameStarted, RoundDealt, SeatChanged, StockDrawn
from ..protocol import encode
from ..view import visible_event

WIRE_VERSION = 1
"""The version of the projected stream's form; it changes only by adding."""

HEADER_FIELDS = (
    "format",
    "program",
    "rules",
    "players",
    "seats",
    "undo",
    "tutored",
    "commitment",
    "contributions",
)
"""The members of the header a client receives (those the header has: the optional ones
are written only when set). An allowlist: a field added to the header later stays at
the host until it is named here."""


def public_kind(kind: str) -> str:
    """Who plays a seat, as a client may see it: `exec:COMMAND` as `exec` (the host's
    command line, its paths and arguments, is the host's own)."""
    return "exec" if kind.startswith("exec:") else kind


def visible_header(header: GameStarted) -> dict[str, Any]:
    """The header as every client sees it (see the module docstring): without the
    seed, the stacked deck, or any field not in `HEADER_FIELDS`."""
    data: dict[str, Any] = msgspec.to_builtins(header)
    shown = {"type": data["type"]}
    for name in HEADER_FIELDS:
        if name in data:
            shown[name] = data[name]
    shown["seats"] = [public_kind(kind) for kind in header.seats]
    return shown


def visible(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as `seat` may see it (None: a spectator, who sees only what is public),
    as a JSON-ready dict: `view.visible_event`, with the header and seat changes made
    safe to send off the host."""
    if isinstance(event, GameStarted):
        return visible_header(event)
    data = visible_event(event, seat)
    if isinstance(event, SeatChanged):
        data["kind"] = public_kind(event.kind)
    return data


def project(event: Event, seq: int, seat: int | None) -> dict[str, Any]:
    """The message that carries event number `seq` of the log to `seat` (None: a
    spectator): `{"type": "event", "seq": seq, "event": visible(event, seat)}`."""
    return {"type": "event", "seq": seq, "event": visible(event, seat)}


def line(message: dict[str, Any]) -> bytes:
    """A message in the wire form: one compact JSON line, UTF-8, newline-ended, with
    no raw control character."""
    return (encode(message) + "\n").encode()


def project_line(event: Event, seq: int, seat: int | None) -> bytes:
    """`project` in the wire form."""
    return line(project(event, seq, seat))


def seen_alike(event: Event) -> bool:
    """Whether every seat and every spectator receives the same message of this event
    (all but a deal and a draw from the stock)."""
    return not isinstance(event, RoundDealt | StockDrawn)


def project_lines(event: Event, seq: int, seats: Iterable[int | None]) -> dict[int | None, bytes]:
    """`project_line` for each of `seats` (None: the spectators), each distinct message
    encoded once: for a server that sends one event to a whole table."""
    wanted = list(dict.fromkeys(seats))
    if seen_alike(event):
        shared = project_line(event, seq, None)
        return dict.fromkeys(wanted, shared)
    if isinstance(event, StockDrawn):  # the drawer sees the cards, everyone else a count
        others = project_line(event, seq, None)
        return {
            seat: project_line(event, seq, seat) if seat == event.seat else others
            for seat in wanted
        }
    return {seat: project_line(event, seq, seat) for seat in wanted}
