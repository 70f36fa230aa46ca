"""A table's fair deal (`fairness`): the host's commitment when the table is made, the
seats' contributions, the deal once they are in, and the reveal at the end.

A table made without a chosen seed or deck deals nothing at first: the host commits to
a secret seed (kept beside the log, `vault`, so a restarted server can still reveal it),
each person's seat sends a contribution, and when every one has (or the host starts, or
a seat's wait is over) the game is dealt from the seed derived from them all. When the
game ends, the host's seed and salt are the log's last line, and the secret file goes.
This module is the table's side of that life, from `new_table`, which makes a table
(and commits to its deal, or deals a chosen one at once); `fairness` holds the
arithmetic.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..line import played_line
from ..records.log_writer import LogWriter
from ..session import Session
from ..state import fold
from .fairness import check_contribution, fair_opening, reveal
from .invite import new_secret
from .table_meta import Game, Meta, Settings, meta_path
from .tables import Table
from .vault import forget_secret, keep_secret, read_secret
from .wire import WireError

if TYPE_CHECKING:
    from .table_feed import Client


def commit(log: Path, meta: Meta, game: Game) -> None:
    """A new table's commitment: the host's secret seed kept beside the log, its
    commitment in the metadata, and the game to deal once the seats have contributed."""
    from .fairness import new_secret as new_seed

    log.parent.mkdir(parents=True, exist_ok=True)
    secret = new_seed()
    keep_secret(log, secret)
    meta.commitment = secret.commitment
    meta.contributions = [""] * len(game.kinds)
    meta.game = game


def contribute(table: Table, client: Client, message: dict[str, Any]) -> None:
    """A seat's contribution to the seed, before the deal (once)."""
    seat = table.own_seat(client, message)
    if table.meta.game is None:
        raise WireError("the cards are dealt: a contribution comes before the deal")
    # (the message is JSON from a client: check_contribution refuses what is not a
    # string of 64 hex digits, whatever its type, so it may be handed anything)
    value = check_contribution(message.get("contribution"))  # type: ignore[arg-type]
    given = table.meta.contributions
    given.extend([""] * (table.n - len(given)))
    if given[seat] and given[seat] != value:
        raise WireError("this seat has contributed already")
    given[seat] = value
    table.save_meta()
    table.changed.set()


def ready(table: Table) -> bool:
    """Whether every person's seat has contributed to the seed."""
    given = table.meta.contributions
    return all(seat < len(given) and given[seat] for seat in table.people)


async def deal(table: Table) -> None:
    """Deal a fair game: the seed derived from the host's secret and the seats'
    contributions ("" for a seat that gave none), the log written, the events sent."""
    game = table.meta.game
    secret = read_secret(table.path) if game is not None else None
    if game is None or secret is None:
        return
    n = table.n
    given = list(table.meta.contributions) + [""] * (n - len(table.meta.contributions))
    events = fair_opening(
        game.players, game.rules, secret, given[:n], seats=game.kinds, undo=game.undo
    )
    writer = await asyncio.to_thread(LogWriter.create, table.path, events, True)
    table.begin(Session(played_line(events), fold(events), writer, game.bot_timeout), events)


async def reveal_seed(table: Table) -> None:
    """A fair deal's end: the host's secret seed and salt, as the log's last line."""
    if table.meta.commitment is None or not table.dealt:
        return
    secret = read_secret(table.path)
    if secret is None:
        return
    event = reveal(secret)
    first = len(table.log)
    await asyncio.to_thread(table.session.writer.append, [event])
    table.log.append(event)
    table.publish(first)
    forget_secret(table.path)


def new_table(
    log: Path,
    names: list[str],
    kinds: list[str],
    rules: Any,
    seed: str | None,
    deck: list[Any],
    settings: Settings,
    bot_timeout: float = 10.0,
    undo: bool = True,
    make_parents: bool = True,
) -> Table:
    """A new table, a secret for each seat a person plays, its metadata written beside
    the log. Without a seed or a stacked deck the deal is fair (`online.fairness`): the
    host commits to a secret seed now and deals when the people have contributed;
    with one (a chosen deal, for tests and lessons) the game is dealt at once."""
    meta = Meta(
        table=new_secret()[:8],
        log=log.name,
        secrets=[new_secret() if kind == "human" else None for kind in kinds],
        watch=new_secret(),
        admin=new_secret(),
        settings=settings,
    )
    if seed is None and not deck:
        game = Game(
            players=list(names), kinds=list(kinds), rules=rules, undo=undo, bot_timeout=bot_timeout
        )
        commit(log, meta, game)
        table = Table(None, meta, meta_path(log), [])
        table.save_meta()
        return table
    session = Session.start(
        log, names, kinds, rules, seed or "0", deck, bot_timeout, make_parents, undo
    )
    table = Table(session, meta, meta_path(log), list(session.events))
    table.save_meta()
    return table


__all__ = ["commit", "contribute", "deal", "new_table", "ready", "reveal_seed"]
