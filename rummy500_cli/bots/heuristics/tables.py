"""Fixed tables by card code that the strong level's values look up thousands of times a
decision (`values.Context`): which cards meet in a meld, and the neighbours in a suit."""

from __future__ import annotations

from ...cards import CARDS


def wrap(rank: int) -> int:
    """A rank moved past the Ace or the King comes round (0 is the King, 14 the Ace)."""
    return (rank - 1) % 13 + 1


SAME_RANK = [[s * 13 + code % 13 for s in range(4) if s != code // 13] for code in range(52)]
"""By card code: the codes of the same rank in the other suits."""
NEAR = [
    tuple((code // 13) * 13 + wrap(code % 13 + 1 + step) - 1 for step in (1, -1, 2, -2))
    for code in range(52)
]
"""By card code: the codes one above, one below, two above, two below in its suit (an
Ace is next to the 2 and to the King)."""
RANK_NEAR = [tuple(wrap(rank + step) for step in (1, -1, 2, -2)) for rank in range(14)]
"""By rank: the ranks one above, one below, two above, two below (as `NEAR`)."""

BITS = [bin(suits).count("1") for suits in range(16)]
"""By a mask of suits: how many suits it holds."""


def _near(a: int, b: int) -> bool:
    d = abs(a - b)
    return 0 < d <= 2 or d >= 11


RELATED = [
    [a.rank == b.rank or (a.suit_no == b.suit_no and _near(a.rank, b.rank)) for b in CARDS]
    for a in CARDS
]
"""By two card codes: whether the cards may meld together (same rank, or two apart at
most in one suit), so that one's loss changes the other's value."""
RELATED_BITS = [sum(1 << b for b in range(len(CARDS)) if RELATED[b][a]) for a in range(len(CARDS))]
"""By card code: the mask (bit by card code) of the cards that may meld with it."""


def related_mask(cards: list) -> int:
    """The mask of the cards that may meld with any of these cards (`RELATED`)."""
    mask = 0
    for card in cards:
        mask |= RELATED_BITS[card.code]
    return mask
