"""What the table could ever take from a hand, for the hand planner's search to skip the
lay-offs of a position that cannot beat the best plan found (`hand.plan`).

`hand.lay_off_all` lays off, one best lay-off after another, the cards of what is left of
a hand after some new melds. Each card it lays is the next card of a meld's end (or a
rank a set has room for) or follows such cards without a gap, in the hand: so the cards
it may lay from any part of a hand are among the cards `reach` finds from the whole hand
and the table as it stands, and the points they score are at most each card's best value
on the table (`best_values`). A plan whose melds' points plus that bound fall short of
the best found cannot beat it, and a card the pile take must use (`plan`'s `must`) that
is not within reach can only be used in a new meld; the planner then skips `lay_off_all`
and gets the same plan for less work.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...fast.masks import LANE, RANKS, takes
from ...laid_melds import Meld
from ...rules import Rules
from ...scoring import value_tables

_BEST: dict[Rules, list[int]] = {}


def best_values(rules: Rules) -> list[int]:
    """By card code (0-51): the most the card scores on the table, played low or high
    (RULES 6.1, 6b.1, 7), and never below 0: a bound on what laying it off scores."""
    found = _BEST.get(rules)
    if found is None:
        low, high = value_tables(rules)
        found = _BEST[rules] = [
            max(low[code % 13 + 1], high[code % 13 + 1], 0) for code in range(52)
        ]
    return found


def reach(melds: Sequence[Meld], held: int, rules: Rules, decks: int) -> int:
    """The mask of the cards of a hand (`held`: its mask, `fast.masks`) that laying off
    on these melds could ever use, however the melds grow: for a set, the cards it takes
    now (`fast.masks.takes`: it takes no more as it grows); for a run, the hand's unbroken
    stretch of its suit from each end (its whole suit around the corner)."""
    found = 0
    around = rules.around_the_corner
    for meld in melds:
        if meld.kind == "set":
            found |= meld.takes if meld.takes is not None else takes(meld, rules, decks)
            continue
        shift = LANE * meld.cards[0].suit_no
        if around:
            found |= RANKS << shift
            continue
        ranks = held >> shift & RANKS
        line = ranks | (ranks & 2) << 13  # the Ace at position 14 too
        start = meld.start
        after = start + len(meld.cards)
        above = line >> after
        chain = ((~above & (above + 1)) - 1) << after  # positions after.. held unbroken
        gaps = ~line & ((1 << start) - 1)  # position 0 is never held: gaps is not 0
        chain |= ((1 << start) - 1) & ~((1 << gaps.bit_length()) - 1)  # ..start - 1
        found |= (chain & RANKS | (chain >> 13 & 2)) << shift
    return found & held
