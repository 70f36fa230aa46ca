"""Card values and round scores (RULES 6).

A card's value depends on where it ends: on the table (an Ace low in a run, or high: in
a set or next to a King) or left in the hand. Both tables of RULES 6.1 are here.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .rules import Rules


def table_value(card: Card, rules: Rules, ace_high: bool) -> int:
    """The value a card scores when it is laid on a meld (RULES 6.1, 6b.1).

    `ace_high` says, for an Ace, whether it is in a set or next to a King in its run.
    """
    rank = card.rank
    if rank == 1:
        if ace_high:
            return 15
        return 1 if rules.card_values == "face" else 5
    if rank == 0:
        return 15
    if rank >= 10:
        return 10
    return rank if rules.card_values == "face" else 5


def hand_value(card: Card, rules: Rules) -> int:
    """The value a card counts against its holder left in the hand: an Ace is 15."""
    return table_value(card, rules, True)


def hand_total(cards: Iterable[Card], rules: Rules) -> int:
    """The deadwood of a hand."""
    return sum(hand_value(card, rules) for card in cards)
