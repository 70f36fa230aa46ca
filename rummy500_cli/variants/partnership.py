"""RULES 8, partnership: two sides of two, partners opposite, scoring as one; and the
helpers of sides, which `persian` (a partnership game) shares.

Under `partnership` and `persian`, 4 players form two sides, partners opposite: seats 0
and 2 are side 0, seats 1 and 3 side 1, so play alternates between the sides. Every
other game has no sides (each player for themself, RULES 1.1): the helpers answer None,
or one "side" per seat where a caller wants to treat both cases alike.

Scores are kept per seat (what each partner melded and held, `State.totals`); a side's
total is the sum of its partners' totals. This module is the one place that knows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace

from ..events import GameEnded
from ..rules import bonus_points
from .base import Variant, variant_of

if TYPE_CHECKING:
    from ..events import RoundEnded
    from ..rules import Rules
    from ..state import State

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


class Partnership(Variant):
    """RULES 8, partnership: 4 players in two sides, partners opposite, scoring as one;
    the highest side over the target wins, whoever went out."""

    name = "partnership"
    title = "partnership"
    options: ClassVar[dict[str, object]] = {"variant": "partnership"}
    players = PLAYERS
    sides = True

    def check(self, rules: Rules, players: int) -> None:
        self._check_players(players)
        super().check(rules, players)

    def players_paragraph(self, rules: Rules) -> list[str]:
        return [
            "Players: 4, in two sides of two, partners sitting opposite: the first and third "
            "named play together against the second and fourth, so the turn passes from side "
            "to side. Partners score as one side; anyone may lay off on any meld, your "
            "partner's too, to go out faster.",
            self._pack_words(rules),
        ]

    def _pack_words(self, rules: Rules) -> str:
        """The pack and the hands of a partnership game, in words."""
        pack = "one 52-card deck" if rules.deck_count(4) == 1 else "two decks mixed (104 cards)"
        return f"Pack: {pack}; {rules.cards_dealt(4)} cards each."

    def goal_words(self, rules: Rules) -> str:
        return (
            f"Your score counts for your side. A round ends when anyone goes out; the game "
            f"ends when a side reaches {rules.target}, and the highest side wins, even if the "
            "other side went out. A tie for the highest side plays another round."
        )

    def round_ended(self, state: State, ended: RoundEnded) -> RoundEnded:
        return replace(ended, sides=side_sums([score.total for score in ended.scores]))

    def game_won(self, state: State) -> GameEnded | None:
        """RULES 8: `partnership`: the game ends when a side reaches the target, and the
        highest side wins. `persian`: the game is its deals, then the side with more
        points gets its bonus and wins the difference. An exact tie for the highest
        side plays another round (RULES 6.4 Decision)."""
        rules = state.rules
        totals = tuple(state.totals)
        sides = state.sides
        best = max(sides)
        leaders = [side for side, total in enumerate(sides) if total == best]
        deals = self.deals
        done = state.round >= deals if deals is not None else best >= rules.target
        if not done or len(leaders) != 1:
            return None
        side = leaders[0]
        if deals is None:
            return GameEnded(winner=side, totals=totals, sides=sides, side=side)
        bonus = bonus_points(self.game_bonus, rules)
        final = tuple(total + (bonus if s == side else 0) for s, total in enumerate(sides))
        margin = final[side] - min(final)
        return GameEnded(
            winner=side, totals=totals, reason="deals", sides=final, side=side, margin=margin
        )

    def game_unfinished(self, state: State) -> GameEnded:
        return GameEnded(
            winner=None,
            totals=tuple(state.totals),
            reason="max_rounds",
            sides=state.sides,
            side=None,
        )
