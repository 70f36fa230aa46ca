"""The chance that a seat wins the game, from the race as it stands.

A position is reduced to a few figures (`snapshot`): the round, the stock left, the
seat to move, and for every seat its game total, the points it put on the table this
round, the cards in its hand and their deadwood. All are public but the deadwood: the
judge's sampled deals know every hand, and an onlooker's view (`blind`) counts each
hidden card at the deck's mean value. The model is a conditional logit over
the seats (`chances`): each seat gets a score, linear in its figures, each scaled by how
far the game still is from its target, and its chance is its share of the exponentials.
So level figures give every seat the same chance, and the chances add up to 1.

The coefficients are fitted by `tools/fit_win_model.py` on simulated games of strong and expert
bots and shipped in `data/win_model.json` (its `version` says which fit it is).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources

from ..cards import new_deck
from ..scoring import hand_total
from ..state import State
from ..variants import variant_of
from ..variants.partnership import members, partnered

Snapshot = list
"""[round, stock, to_move, totals, table points, cards in hand, hand deadwood]."""
FEATURES = ("total", "table", "deadwood", "cards", "deadwood_late", "cards_late", "to_move")
"""The figures of a seat that the score weighs (see `features`)."""


def snapshot(state: State, blind: bool = False) -> Snapshot:
    """The figures of a position that the model reads; `blind`: every hand's deadwood is
    its cards at the deck's mean hand value (what anyone may reckon without seeing it)."""
    rules = state.rules
    if blind:
        deck = new_deck(state.decks, rules.jokers_per_deck)
        mean = hand_total(deck, rules) / len(deck)
        deadwood = [round(len(hand) * mean) for hand in state.hands]
    else:
        deadwood = [hand_total(hand, rules) for hand in state.hands]
    return [
        state.round,
        len(state.stock),
        state.to_move,
        list(state.totals),
        list(state.table_points),
        [len(hand) for hand in state.hands],
        deadwood,
    ]


class Model:
    """Fitted coefficients: `weights` by FEATURES, `spread` the pace constant."""

    def __init__(self, version: int, weights: Sequence[float], spread: float, late: float) -> None:
        self.version = version
        self.weights = tuple(weights)
        self.spread = spread
        self.late = late

    def features(self, position: Snapshot, target: int) -> list[list[float]]:
        """Each seat's figures, scaled: points over the square root of the points still
        to go to the target (a lead weighs more as the end nears), the hand's figures
        again weighed by how near the stock's end is."""
        _round, stock, to_move, totals, table, cards, deadwood = position
        remaining = max(0.0, target - max(totals))
        pace = 1.0 / math.sqrt(remaining / 100.0 + self.spread)
        late = math.exp(-stock / self.late)
        rows = []
        for seat, total in enumerate(totals):
            rows.append(
                [
                    total / 100.0 * pace,
                    table[seat] / 100.0 * pace,
                    deadwood[seat] / 100.0 * pace,
                    cards[seat] / 10.0 * pace,
                    deadwood[seat] / 100.0 * pace * late,
                    cards[seat] / 10.0 * pace * late,
                    1.0 if seat == to_move else 0.0,
                ]
            )
        return rows

    def chances(self, position: Snapshot, target: int) -> list[float]:
        """Each seat's chance of winning the game."""
        weights = self.weights
        scores = [
            sum(w * x for w, x in zip(weights, row, strict=True))
            for row in self.features(position, target)
        ]
        top = max(scores)
        exps = [math.exp(score - top) for score in scores]
        total = sum(exps)
        return [e / total for e in exps]


@cache
def model() -> Model:
    """The shipped model (data/win_model.json)."""
    text = resources.files("rummy500_cli").joinpath("data/win_model.json").read_text()
    data = json.loads(text)
    return Model(
        data["version"], [data["weights"][name] for name in FEATURES], data["spread"], data["late"]
    )


def race_position(state: State, blind: bool = False) -> tuple[Snapshot, int]:
    """The position as the model reads it, and the target. RULES 8: in a partnership game
    the sides race, each side's figures the sum of its partners'; under persian, which
    ends after two deals whatever the scores, the target is as far ahead of the leading
    side as about 150 points a deal still to play."""
    position = snapshot(state, blind)
    rules = state.rules
    if not partnered(rules):
        return position, rules.target
    return side_position(position, state.round, variant_of(rules).deals, rules.target)


def side_position(
    position: Snapshot, round_: int, deals: int | None, target: int
) -> tuple[Snapshot, int]:
    """A seat position folded into the two sides' (RULES 8); `deals`: the variant's
    fixed number of deals (persian), None when the game is played to the target."""
    number, stock, to_move, *figures = position
    folded = [[row[a] + row[b] for a, b in (members(0), members(1))] for row in figures]
    totals = folded[0]
    if deals is not None:
        target = max(totals) + 150 * max(1, deals + 1 - round_)
    return [number, stock, to_move % 2, *folded], target


def win_chances(state: State, blind: bool = False) -> list[float]:
    """Each seat's chance of winning the game now (a partner shares its side's). At the
    game's end: 1 for the winner (and its partner), 0 for the others. `blind`: without
    seeing the hands (see `snapshot`)."""
    n = state.n
    if state.over:
        if state.winner is None:
            return [1.0 / n] * n
        win = state.winner % 2 if partnered(state.rules) else state.winner
        return [1.0 if (s % 2 if partnered(state.rules) else s) == win else 0.0 for s in range(n)]
    position, target = race_position(state, blind)
    chances = model().chances(position, target)
    if partnered(state.rules):
        return [chances[seat % 2] for seat in range(n)]
    return chances
