"""A table's moves: each one written and applied in the worker thread (the table's
lock held by the caller), its events sent to every client as its seat may see them,
and the game's end (the fair deal's seed revealed, the log closed, everyone told).
`table_driver` plays the bots' moves through it and `table_requests` the people's."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..events import Event
from .table_deal import reveal_seed

if TYPE_CHECKING:
    from .tables import Table


async def play(table: Table, work: Callable[[], list[Event]]) -> None:
    """Run one move in the worker thread (the log written before the state moves)
    and send its events to everyone."""
    first = len(table.log)
    events = await asyncio.to_thread(work)
    table.log.extend(events)
    table.publish(first)
    if table.session.state.over:
        await finish(table)


async def finish(table: Table) -> None:
    """The game is over: reveal the fair deal's seed, close the log, say goodbye."""
    await reveal_seed(table)
    table.meta.status = "over"
    table.save_meta()
    table.session.close("game_over")
    table.closed = True
    # after the answer to the move that ended the game (sent when this returns)
    asyncio.get_running_loop().call_soon(table.tell, {"type": "bye", "reason": "game_over"})
