"""Card arithmetic of plays: the shape cards make as a new meld, and what each card of a
new meld or a lay-off scores (RULES 3, 6.1, 6b.1; persian's fours, RULES 8).

Pure functions of cards and rules, apart from the state, as OpenSpiel's gin rummy keeps
its meld arithmetic apart from its game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from ..cards import JOKER, Card
from ..holding import layoff_order
from ..laid_melds import Meld
from ..melds import End, Shape, layoff_end, run_ace_high, shape_of
from ..rules import bonus_points
from ..scoring import table_value, value_tables
from ..variants import variant_of
from ..variants.jokers import Slots
from ..variants.persian import doubled, joker_set_shape

if TYPE_CHECKING:
    from ..rules import Rules


def meld_values(cards: Sequence[Card], kind: str, rules: Rules) -> list[int]:
    """The value each card of a new meld scores (RULES 6.1, 6b.1; `four_aces`, RULES 7)."""
    low, high = value_tables(rules)
    if kind == "set":
        if rules.four_aces and len(cards) == 4 and cards[0].rank == 1:
            return [bonus_points(rules.four_aces, rules) // 4] * 4
        return doubled([high[card.rank] for card in cards], rules)
    ranks = [card.rank for card in cards]
    return [
        high[1] if rank == 1 and run_ace_high(ranks, i) else low[rank]
        for i, rank in enumerate(ranks)
    ]


def meld_shape(
    cards: Sequence[Card], rules: Rules, decks: int, ace_high: bool | None = None
) -> Shape:
    """What cards would be as a new meld (`melds.shape_of`), a set of jokers under
    `persian` (RULES 8) included. Raises IllegalAction or AmbiguousAction."""
    if JOKER in cards and variant_of(rules).joker_sets:
        return joker_set_shape(cards)
    return shape_of(cards, rules, decks, ace_high)


NewMeld = tuple[tuple[Card, ...], tuple[str, ...], tuple[int, ...]]
"""A new meld as its event records it: its cards in meld order, their notations, their
values."""
_NEW_MELDS: dict[tuple[object, ...], NewMeld] = {}
_KEPT = 8192
"""At most this many new melds (and lay-offs) are kept: the melds of play are a few
hundred per rule set; cards typed in other orders add more. (A table is emptied when
full: few entries, little for the garbage collector to walk.)"""


def new_meld(cards: Sequence[Card], rules: Rules, decks: int, ace_high: bool | None) -> NewMeld:
    """`meld_shape` and `meld_values` of cards laid as a new meld, worked out once for
    each group of cards under each rules. Raises IllegalAction or AmbiguousAction."""
    key = (tuple(cards), ace_high, rules, decks)
    found = _NEW_MELDS.get(key)
    if found is None:
        shape = meld_shape(cards, rules, decks, ace_high)
        values = meld_values(shape.cards, shape.kind, rules)
        if len(_NEW_MELDS) >= _KEPT:
            _NEW_MELDS.clear()
        found = _NEW_MELDS[key] = (
            tuple(shape.cards),
            tuple(card.ascii for card in shape.cards),
            tuple(values),
        )
    return found


Layoff = tuple[End | None, tuple[Card, ...], tuple[str, ...], tuple[int, ...]]
"""A lay-off as its event records it: the end, the cards in meld order, their notations,
their values."""
_LAYOFFS: dict[tuple[object, ...], Layoff] = {}
_SUIT_NO = attrgetter("suit_no")


def layoff_of(
    meld: Meld, cards: Sequence[Card], rules: Rules, decks: int, end: End | None
) -> Layoff:
    """`melds.layoff_end`, `layoff_order` and `layoff_values` of cards laid off on a meld,
    worked out once for each shape of meld, cards and end under each rules (the shape:
    a run's suit, start and length; a set's suits). Raises IllegalAction or
    AmbiguousAction."""
    held = meld.cards
    if meld.kind == "run":
        shape: tuple[object, ...] = (held[0].suit_no, meld.start, len(held))
    else:
        shape = (-meld.rank, *map(_SUIT_NO, held))
    key = (shape, tuple(cards), end, rules, decks)
    found = _LAYOFFS.get(key)
    if found is None:
        where = layoff_end(meld, cards, rules, decks, end)
        faces = layoff_order(meld, cards, where)
        values = layoff_values(meld, faces, where, rules)
        if len(_LAYOFFS) >= _KEPT:
            _LAYOFFS.clear()
        found = _LAYOFFS[key] = (
            where,
            tuple(faces),
            tuple(card.ascii for card in faces),
            tuple(values),
        )
    return found


def layoff_values(meld: Meld, cards: Sequence[Card], end: str | None, rules: Rules) -> list[int]:
    """The value each laid-off card scores: an Ace next to a King is high (RULES 6b.1)."""
    if meld.kind == "set":
        return [table_value(card, rules, True) for card in cards]
    ranks = [card.rank for card in cards]
    if end == "low":
        ranks.append(meld.cards[0].rank)
        offset = 0
    else:
        ranks.insert(0, meld.cards[-1].rank)
        offset = 1
    return [
        table_value(card, rules, card.rank == 1 and run_ace_high(ranks, i + offset))
        for i, card in enumerate(cards)
    ]


def joker_values(slots: Slots, values: list[int], rules: Rules) -> list[int]:
    """RULES 6.1, 8: a wild joker scores the joker's value wherever it lies (15, 3 under
    divide_by_five; 0 for the dealer's joker), whatever card it stands for."""
    joker = value_tables(rules)[True][0]
    return [joker if wild else value for (_, wild), value in zip(slots, values, strict=True)]
