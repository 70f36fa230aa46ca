"""Melds as they lie on the table: their cards in order, and who laid each card.

A run is stored by its suit and the *position* of its first card (`melds.rank_at`: an
Ace played high sits at position 14, RULES 3.4). Every card on a meld remembers who put
it there and the value it scored when it was put there (RULES 6b.1: an Ace's value is
fixed when it is laid), so that lay-offs score for whoever laid them off (RULES 4.2).
The rules of what a meld is and what it takes are in `melds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .cards import Card, Suit, format_cards
from .errors import ParseError
from .numbers import whole_number

MeldKind = Literal["set", "run"]


class Meld:
    """A meld on the table: its id, owner, cards in order, and who laid each card.

    For a run, `start` is the position of the first card and cards go low to high; for a
    set, `rank` is its rank and cards are in the order they were laid.
    """

    __slots__ = (
        "cards",
        "id",
        "kind",
        "owner",
        "placed_by",
        "rank",
        "start",
        "suit",
        "takes",
        "values",
        "wild",
    )

    def __init__(
        self,
        id: int,
        owner: int,
        kind: MeldKind,
        cards: list[Card],
        values: list[int],
        suit: Suit | None = None,
        rank: int = 0,
        start: int = 0,
    ) -> None:
        # (shape fields positional: a class called with keywords costs about 1.6 times as
        # much, and a fold lays thousands of melds)
        self.id = id
        self.owner = owner
        self.kind = kind
        self.cards = cards
        self.values = values
        self.placed_by = [owner] * len(cards)
        self.suit = suit
        self.rank = rank
        self.start = start
        self.takes: int | None = None
        """The mask of the cards it takes as a lay-off's first card (`fast.masks.takes`),
        once asked for; None again when it grows."""
        self.wild: list[bool] | None = None
        """RULES 8 (jokers): which of `cards` are jokers, or None when none is; `cards`
        then holds the card each joker stands for (see `jokers`)."""

    @property
    def end(self) -> int:
        """The position of a run's last card."""
        return self.start + len(self.cards) - 1

    def copy(self) -> Meld:
        twin = Meld.__new__(Meld)
        twin.id, twin.owner, twin.kind = self.id, self.owner, self.kind
        twin.cards, twin.values, twin.placed_by = (
            list(self.cards),
            list(self.values),
            list(self.placed_by),
        )
        twin.suit, twin.rank, twin.start = self.suit, self.rank, self.start
        twin.wild = None if self.wild is None else list(self.wild)
        twin.takes = self.takes
        return twin

    def grown(self, cards: Sequence[Card], end: str | None) -> Meld:
        """A copy with cards laid off at one end (a set grows at its end): the table as it
        would be, for look-aheads (values and who laid them are not tracked)."""
        twin = self.copy()
        twin.takes = None
        if end == "low":
            twin.cards[:0] = cards
            twin.start -= len(cards)
        else:
            twin.cards.extend(cards)
        return twin

    def is_high_ace(self, index: int) -> bool:
        """Whether the Ace at this index scored high (15) when it was laid."""
        return self.kind == "set" or self.values[index] == 15

    def __str__(self) -> str:
        wild = self.wild
        if wild:
            return f"#{self.id} " + " ".join(
                f"JK({card})" if i < len(wild) and wild[i] else str(card)
                for i, card in enumerate(self.cards)
            )
        return f"#{self.id} {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"<Meld #{self.id} {self.kind} {format_cards(self.cards, ascii=True)}>"


def laid_meld(
    id: int,
    owner: int,
    cards: Sequence[Card],
    values: Sequence[int],
    own: list[Card] | None = None,
) -> Meld:
    """A new meld as it lies on the table, from its cards in meld order (a set by suit, a
    run low to high, a joker as the card it stands for) and the values they scored.
    `own`: the same cards as a fresh list the meld may keep (the fold's: no copy)."""
    first = cards[0]
    held = list(cards) if own is None else own
    # A set's first two cards share a rank; a run is laid low to high, so its first
    # card's rank is its start position (an Ace leads a run only as A-2-3).
    if first.rank == cards[1].rank:
        return Meld(id, owner, "set", held, list(values), None, first.rank)
    return Meld(id, owner, "run", held, list(values), first.suit, 0, first.rank)


def parse_meld_id(text: str) -> int:
    """Read a meld id as players type it: `3`, `#3`, `m3`."""
    number = whole_number(text.strip().lstrip("#").lstrip("mM"))
    if number is None:
        raise ParseError(f"{text!r} is not a meld id: write the number shown on the table, as 3")
    return number
