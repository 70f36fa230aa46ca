"""Computer players. Each bot is a pure function of what its seat may see and its own
random stream, so games replay exactly and bots are tested without a terminal.

Every level is a `player.Player` built as `BOTS[level](seed, seat, effort)`:
`choose(state, legal=None)`, `explain(state, legal=None) -> (action, reason)`, and
`observe(event)` for each event of the game or `catch_up(events)` with the events so far
(the levels that remember what their seat saw: all but `random`; without them they
decide from the current view alone).

The levels stand side by side on shared heuristics (`heuristics/`: the hand planner, the
points of plays, the strong level's card values) and search (`search/`: the playout
loop, the particle filter, likely deals); no level borrows another's helpers. Levels
meet only as players: the expert searches with the strong bot as its policy, and it and
its particle filter play a random or greedy seat as that seat's own level.
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
    """A bot of this level for this seat; `think` is the effort per move (see `effort`:
    the expert opens a `budget.Budget` of it for each search; the other levels spend
    none; None for the default)."""
    return BOTS[level](seed, seat, think)


__all__ = ["BOTS", "ExpertBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
