"""What moves a table on when no client asks: the server runs `drive` once a table.

A fair deal waits for its people's contributions, at most a seat's wait, then is dealt
(`table_deal`); then the game waits for its people (or the host's start), plays the
bots' moves (at the table's pace), passes the rum and out-of-turn windows for people
where the host said so, and seats a bot for each person away longer than a seat waits,
until the game ends or the table closes. People's moves come in as requests
(`table_requests`); this loop only waits for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from typing import TYPE_CHECKING

from ..actions import Pass
from .table_deal import deal, ready
from .table_play import play

if TYPE_CHECKING:
    from .tables import Table


async def drive(table: Table) -> None:
    """Deal (a fair game waits for its people's contributions, at most a seat's
    wait), then play the bots' moves and seat bots for people away, until the game
    ends."""
    while table.meta.game is not None and not table.closed:
        table.changed.clear()
        due = table.opened + table.meta.settings.seat_wait - table.clock()
        if ready(table) or due <= 0 or table.start_now:
            async with table.lock:
                await deal(table)
            break
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.changed.wait(), due)
    if table.closed:
        return
    session = table.session
    while not session.state.over and not table.closed:
        table.changed.clear()
        state = session.state
        seat = state.to_move
        if table.meta.status == "waiting":  # for its people, at most a seat's wait
            due = table.opened + table.meta.settings.seat_wait - table.clock()
            if due <= 0 or not table.people:
                await table.set_status("playing")
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.changed.wait(), due)
            continue
        if table.meta.status != "playing":
            await table.changed.wait()
            continue
        await check_away(table)
        if not session.is_human(seat):
            if table.meta.settings.pace > 0:
                await asyncio.sleep(table.meta.settings.pace)
            async with table.lock:
                if table.closed or session.state.to_move != seat or session.is_human(seat):
                    continue
                if table.meta.status != "playing":
                    continue
                action = await asyncio.to_thread(session.bot_move)
                await play(table, functools.partial(session.submit, action))
            continue
        if (
            table.meta.settings.windows == "pass"
            and state.phase == "window"
            and state.window_kind != "deadwood"
        ):
            async with table.lock:
                await play(table, lambda: session.submit(Pass()))
            continue
        timeout = None
        if table.away_since:
            due = min(table.away_since.values()) + table.meta.settings.seat_wait
            timeout = max(0.05, due - table.clock())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.changed.wait(), timeout)


async def check_away(table: Table) -> None:
    """Seat a bot for every person away longer than the seat waits."""
    now = table.clock()
    for seat, since in list(table.away_since.items()):
        if now - since < table.meta.settings.seat_wait:
            continue
        del table.away_since[seat]
        if seat in table.meta.away or not table.session.is_human(seat):
            continue
        table.meta.away.append(seat)
        table.save_meta()
        await table.reseat(seat, f"bot:{table.meta.settings.level}")
        table.notice(
            f"{table.names()[seat]} is away: a {table.meta.settings.level} bot plays the "
            "seat until they come back."
        )
