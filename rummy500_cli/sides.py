"""Sides: who plays with whom in the partnership variants (RULES 8).

Under `partnership` and `persian`, 4 players form two sides, partners opposite: seats 0
and 2 are side 0, seats 1 and 3 side 1, so play alternates between the sides. Every
other game has no sides (each player for themself, RULES 1.1): the helpers answer None,
or one "side" per seat where a caller wants to treat both cases alike.

Scores are kept per seat (what each partner melded and held, `State.totals`); a side's
total is the sum of its partners' totals. This module is the one place that knows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .variants import variant_of

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State

SIDE_COUNT = 2
PLAYERS = 4
"""A partnership game has exactly this many players."""


def partnered(rules: Rules) -> bool:
    """Whether the game is played in sides (RULES 8: partnership, persian)."""
    return variant_of(rules).sides


def side_of(seat: int, rules: Rules) -> int | None:
    """The side of a seat (0: seats 0 and 2; 1: seats 1 and 3), or None without sides."""
    return seat % SIDE_COUNT if partnered(rules) else None


def team_of(seat: int, rules: Rules) -> int:
    """A seat's scoring unit: its side in a partnership game, else the seat itself."""
    return seat % SIDE_COUNT if partnered(rules) else seat


def partner_of(seat: int, rules: Rules) -> int | None:
    """The seat opposite, who scores with this one; None without sides."""
    return (seat + SIDE_COUNT) % PLAYERS if partnered(rules) else None


def members(side: int) -> tuple[int, int]:
    """The two seats of a side, lower seat first."""
    return (side, side + SIDE_COUNT)


def opponents(seat: int, rules: Rules, players: int) -> list[int]:
    """The seats playing against this one: the other side, or every other player."""
    if partnered(rules):
        return [other for other in range(players) if other % SIDE_COUNT != seat % SIDE_COUNT]
    return [other for other in range(players) if other != seat]


def side_sums(totals: Sequence[int]) -> tuple[int, ...]:
    """Each side's total from the seats' totals (seats 0+2, seats 1+3)."""
    return tuple(totals[side] + totals[side + SIDE_COUNT] for side in range(SIDE_COUNT))


def side_name(side: int, players: Sequence[str]) -> str:
    """How a side is called on screen: its partners' names, as `Ann & Cy`."""
    first, second = members(side)
    return f"{players[first]} & {players[second]}"


def side_totals(state: State) -> tuple[int, ...]:
    """The side totals now: as the log last recorded them (at a game's end under
    `persian`, with the +50), else summed from the seats' totals; () without sides."""
    if not partnered(state.rules):
        return ()
    return state.sides or side_sums(state.totals)
