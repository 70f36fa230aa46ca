"""The `greedy` bot: takes from the pile when the chosen card makes points at once, melds
and lays off everything it can, and discards its highest card that it cannot use.

It also explains itself (`explain`), which is what the prompt's `hint` shows.
"""

from __future__ import annotations

from ..actions import AnyAction, Discard, DrawStock, LayMeld, LayOff, TakePile
from ..cards import Card
from ..engine import layoff_values, legal_actions, meld_values, play
from ..melds import shape_of
from ..scoring import hand_value
from ..state import State


def play_points(state: State, action: AnyAction) -> int:
    """The points a meld or lay-off would put on the table now."""
    if isinstance(action, LayMeld):
        shape = shape_of(action.cards, state.rules, state.decks, action.ace_high)
        return sum(meld_values(shape.cards, shape.kind, state.rules))
    if isinstance(action, LayOff):
        meld = state.meld(action.meld)
        return sum(layoff_values(meld, action.cards, action.end, state.rules))
    return 0


def _usefulness(card: Card, hand: list[Card]) -> int:
    """How close a card is to a meld: pairs of a rank and suit neighbours count."""
    score = 0
    for other in hand:
        if other is card:
            continue
        if other.rank == card.rank:
            score += 2
        elif other.suit is card.suit and abs(other.rank - card.rank) <= 2:
            score += 2 if abs(other.rank - card.rank) == 1 else 1
    return score


class GreedyBot:
    """Points now over everything: a fair, quick opponent and the `hint` engine."""

    level = "greedy"

    def __init__(self, seed: int | str, seat: int) -> None:
        self._seat = seat

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        return self.explain(state, legal)[0]

    def explain(self, state: State, legal: list[AnyAction] | None = None) -> tuple[AnyAction, str]:
        """The action, and why, in one line."""
        actions = legal_actions(state) if legal is None else legal
        if state.phase == "draw":
            return self._draw(state, actions)
        plays = [a for a in actions if isinstance(a, LayMeld | LayOff)]
        if plays:
            best = max(plays, key=lambda a: (play_points(state, a), len(a.cards)))
            points = play_points(state, best)
            why = (
                "it must use the card taken from the pile"
                if state.pending
                else "points on the table now are safe from going out"
            )
            return best, f"puts {points} points on the table; {why}"
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            hand = state.hands[state.to_move]
            best = max(
                discards,
                key=lambda a: (
                    hand_value(a.card, state.rules) - 3 * _usefulness(a.card, hand),
                    a.card.code,
                ),
            )
            return best, "the costliest card that is not close to a meld"
        return actions[0], "the only move"

    def _draw(self, state: State, actions: list[AnyAction]) -> tuple[AnyAction, str]:
        best: tuple[float, AnyAction, str] | None = None
        for action in actions:
            if not isinstance(action, TakePile):
                continue
            twin = state.copy()
            play(twin, action)
            uses = legal_actions(twin)
            if not uses or twin.pending is None:
                continue
            points = max(play_points(twin, use) for use in uses)
            extra = action.depth - 1
            value = points - 3 * extra
            if value > 0 and (best is None or value > best[0]):
                chosen = state.pile[-action.depth]
                why = f"uses {chosen} at once for {points} points"
                if extra:
                    why += f" and brings {extra} more card{'s' if extra > 1 else ''} into the hand"
                best = (value, action, why)
        if best is not None:
            return best[1], best[2]
        return DrawStock(), "no card of the pile makes enough points at once"
