"""Computer players. Each bot is a pure function of what its seat may see and its own
random stream, so games replay exactly and bots are tested without a terminal.

Every level is a class built as `BOTS[level](seed, seat)` with `choose(state, legal=None)`
and `explain(state, legal=None) -> (action, reason)`. The levels that remember what
their seat saw (all but `random`) also take `observe(event)` for each event of the game,
or `catch_up(events)` with the events so far; without them they decide from the current
view alone.
"""

from __future__ import annotations

from collections.abc import Callable

from .expert import ExpertBot
from .greedy import GreedyBot
from .player import Player
from .random_bot import RandomBot
from .strong import StrongBot

BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}
"""Bot levels by name (the `--bots` option), weakest first."""


def make_bot(level: str, seed: int | str, seat: int, think: int | None = None) -> Player:
    """A bot of this level for this seat; `think` is the effort per move of the levels
    that search (see `effort`; ignored by the others, None for the default)."""
    cls = BOTS[level]
    if think is not None and getattr(cls, "thinks", False):
        return cls(seed, seat, think=think)
    return cls(seed, seat)


__all__ = ["BOTS", "ExpertBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
