"""A client's messages to its table, each answered: a move, an undo, a hint, a line of
chat, a contribution to the seed, a ping, and the host's commands (start, pause, end,
replace SEAT human|LEVEL).

Nothing a client sends is trusted: a move is the text a person would type, parsed
against the table's own state, for the client's own seat only, answering the event it
saw last (a move sent twice or too late is refused); hints and undo only where the host
allows them; the host's commands only with the host's key. A refusal is one `error`
line to that client, and the table is unchanged (rummy500-serve(6), PROTOCOL).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..errors import Rummy500Error, clipped
from ..events import TakenBack
from ..language import parse_action
from .invite import new_secret
from .table_deal import contribute, reveal_seed
from .table_play import play
from .wire import TEXT_LIMIT, WireError, int_field, text_field

if TYPE_CHECKING:
    from .table_feed import Client
    from .tables import Table


async def handle(table: Table, client: Client, message: dict[str, Any]) -> None:
    """One message from a client; a refusal is one `error` line and changes nothing."""
    kind = message["type"]
    ident = message.get("id")
    try:
        if kind == "ping":
            client.send({"type": "pong", "id": ident})
        elif kind == "move":
            await _move(table, client, message)
            client.send({"type": "ok", "id": ident, "last": client.sent})
        elif kind == "undo":
            await _undo(table, client, message)
            client.send({"type": "ok", "id": ident, "last": client.sent})
        elif kind == "hint":
            client.send({"type": "hint", "id": ident, **(await _hint(table, client))})
        elif kind == "say":
            _say(table, client, message)
        elif kind == "contribute":
            contribute(table, client, message)
            client.send({"type": "ok", "id": ident, "last": client.sent})
        elif kind == "table":
            await _command(table, client, message)
            client.send({"type": "ok", "id": ident, "last": client.sent})
        else:
            raise WireError(
                f"unknown message type {clipped(kind, 20)!r}: move, undo, hint, say, "
                "contribute, table or ping"
            )
    except (Rummy500Error, WireError) as error:
        client.send({"type": "error", "id": ident, "message": clipped(str(error), 300)})


def _playing(table: Table) -> None:
    """Refuse a move, an undo or a hint unless the game is dealt and being played."""
    if not table.dealt:
        raise WireError("the cards are not dealt yet: every seat contributes to the seed first")
    status = table.meta.status
    if status == "playing":
        return
    if status == "waiting":
        raise WireError("the game has not started: the host starts it (or every seat fills)")
    if status == "paused":
        raise WireError("the host has paused the game")
    raise WireError("the game is over")


async def _move(table: Table, client: Client, message: dict[str, Any]) -> None:
    seat = table.own_seat(client, message)
    text = text_field(message, "text", 400)
    at = int_field(message, "at")
    async with table.lock:
        _playing(table)
        state = table.session.state
        if at != len(table.log) - 1:
            raise WireError(
                f"this move answers event {at}, but the game is at event "
                f"{len(table.log) - 1}: a move sent twice or too late; nothing was played"
            )
        if state.to_move != seat or not table.session.is_human(seat):
            raise WireError(f"it is {table.names()[state.to_move]}'s turn, not yours")
        action = parse_action(text, state)
        session = table.session
        await play(table, lambda: session.submit(action, seat))


async def _undo(table: Table, client: Client, message: dict[str, Any]) -> None:
    seat = table.own_seat(client, message)
    count = int_field(message, "count", 1)
    if not table.meta.settings.undo:
        raise WireError("undo is off at this table (the host decides)")
    async with table.lock:
        _playing(table)
        session = table.session
        first = len(table.log)
        await asyncio.to_thread(session.undo, seat, max(1, count))
        event = session.line.walk[-1][1]
        assert isinstance(event, TakenBack)
        table.log.append(event)
        table.publish(first)


async def _hint(table: Table, client: Client) -> dict[str, Any]:
    seat = table.own_seat(client, {})
    if not table.meta.settings.hints:
        raise WireError("hints are off at this table (the host decides)")
    async with table.lock:
        _playing(table)
        if table.session.state.to_move != seat:
            raise WireError("no hint now: it is not your turn")
        action, why = await asyncio.to_thread(table.session.advice, seat)
    return {"move": action.text(), "why": why}


def _say(table: Table, client: Client, message: dict[str, Any]) -> None:
    text = text_field(message, "text", TEXT_LIMIT).strip()
    if not text:
        raise WireError("say what? write say TEXT")
    name = table.names()[client.seat] if client.seat is not None else client.name
    table.tell({"type": "say", "seat": client.seat, "name": name, "text": text})


async def _command(table: Table, client: Client, message: dict[str, Any]) -> None:
    """The host's commands: start, pause, end, replace SEAT human|LEVEL."""
    if not client.admin:
        raise WireError("only the host starts, pauses or ends the table")
    words = text_field(message, "command", 100).split()
    verb = words[0].lower() if words else ""
    if verb in ("start", "resume") and table.meta.status in ("waiting", "paused"):
        table.start_now = True
        await table.set_status("playing")
        table.notice("The host starts the game.")
    elif verb == "pause" and table.meta.status == "playing":
        await table.set_status("paused")
        table.notice("The host has paused the game.")
    elif verb == "end":
        table.notice("The host has ended the table; the log keeps the game.")
        await reveal_seed(table)
        await table.set_status("ended")
        table.closed = True
        table.tell({"type": "bye", "reason": "ended"})
        if table.dealt:
            table.session.close("quit")
    elif verb == "replace" and len(words) == 3 and words[1].isdigit():
        await _replace(table, int(words[1]), words[2].lower())
    else:
        raise WireError(
            "table commands: start, pause, end, replace SEAT human|LEVEL "
            f"(the table is {table.meta.status})"
        )


async def _replace(table: Table, seat: int, kind: str) -> None:
    from ..bots import BOTS

    if not 0 <= seat < table.n:
        raise WireError(f"there is no seat {seat} (seats 0 to {table.n - 1})")
    if not table.dealt:
        raise WireError("seats are replaced once the cards are dealt")
    if kind in BOTS:
        await table.reseat(seat, f"bot:{kind}")
        if seat in table.meta.away:
            table.meta.away.remove(seat)
        table.meta.secrets[seat] = None
        for client in [c for c in table.clients if c.seat == seat]:
            client.send({"type": "bye", "reason": "replaced"})
            client.close()
    elif kind == "human":
        table.meta.secrets[seat] = new_secret()
        if not table.session.is_human(seat):
            await table.reseat(seat, "human")
    else:
        raise WireError(f"replace a seat with human or a bot level, not {kind[:20]!r}")
    table.away_since.pop(seat, None)
    table.save_meta()
    table.notice(f"The host has given {table.names()[seat]}'s seat to {kind}.")
