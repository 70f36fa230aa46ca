"""Card values and round scores (RULES 6).

A card's value depends on where it ends: on the table (an Ace low in a run, or high: in
a set or next to a King) or left in the hand. Both tables of RULES 6.1 are here.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import Card
from .variants import variant_of

if TYPE_CHECKING:
    from .rules import Rules


def table_value(card: Card, rules: Rules, ace_high: bool) -> int:
    """The value a card scores when it is laid on a meld (RULES 6.1, 6b.1, 7).

    `ace_high` says, for an Ace, whether it is in a set or next to a King in its run.
    The options of RULES 7: `ace_value` (Aces always 15 or 25), `other_cards` (every
    other card 5), `divide_by_five` (every value divided by five).
    """
    return _tables(rules)[ace_high][card.rank]


def value_tables(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By rank: the values of a card played low and played high (or held) under these
    rules; `value_tables(rules)[high][rank]`."""
    return _tables(rules)


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By rank (0 = joker, 1-13): the values played low and played high, for one Rules
    (computed once: values are read at every meld, lay-off and round end)."""
    divide = 5 if rules.divide_by_five else 1
    joker = variant_of(rules).joker_value // divide  # RULES 6.1, 8: 15, persian 20, gambit 0
    low = (joker, *(rules.base_value(rank, False) // divide for rank in range(1, 14)))
    high = (joker, *(rules.base_value(rank, True) // divide for rank in range(1, 14)))
    return low, high


def hand_value(card: Card, rules: Rules) -> int:
    """The value a card counts against its holder left in the hand: an Ace is 15."""
    return _tables(rules)[True][card.rank]


def hand_total(cards: Iterable[Card], rules: Rules) -> int:
    """The deadwood of a hand."""
    values = _tables(rules)[True]
    return sum(values[card.rank] for card in cards)
