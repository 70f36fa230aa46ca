"""Cards: the smallest word of the game's vocabulary.

A `Card` is a rank and a suit, or a joker. Cards are interned: there is exactly one
object for each of the 53 distinct cards, so two cards from two decks that look the same
*are* the same (RULES 1.2: with two decks, identical cards are interchangeable) and
comparing or hashing them is as cheap as comparing integers.

Input is lenient (`7h`, `10S`, `TS`, `t♠`, `jk`), output canonical: `str(card)` uses the
suit symbols (`10♠`), `card.ascii` the letters (`10S`), and `repr(card)` evaluates back to
the same card.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import ParseError
from .numbers import whole_number


class Suit(IntEnum):
    """The four suits, in the order a sorted hand shows them."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self]


RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""Ranks run 1 (Ace) to 13 (King); an Ace played high in a run sits at position 14."""

_RANK_INPUT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
_SUIT_INPUT = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
}


class NotACard(ParseError):
    """Text that is not a card; `text` is what was typed, for a message that fits the
    game (`card_forms`)."""

    def __init__(self, text: str, jokers: bool = True) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a card: {card_forms(jokers)}")


def card_forms(jokers: bool = True) -> str:
    """How a card is written, with the joker only where the game has jokers."""
    forms = "write rank then suit, as 7H, 10S (or TS), AH, QD (suits S H D C, or their symbols)"
    return forms + (", or JK for a joker" if jokers else "")


BY_TEXT: dict[str, Card] = {}
"""Canonical notations (`7H`, `7♥`, `TH`, `JK`) to cards: the fast path of parsing."""
CARDS: list[Card] = []
"""Every distinct card by its code: CARDS[suit_no * 13 + rank - 1] is that card."""


class Card:
    """One playing card. Use `Card.parse` or `Card.of`; never construct directly."""

    __slots__ = ("ascii", "bit", "code", "rank", "suit", "suit_bit", "suit_no", "symbol")

    rank: int
    """1 (Ace) to 13 (King); 0 for a joker."""
    suit: Suit | None
    """None for a joker."""
    suit_no: int
    """The suit as a plain int (4 for a joker): fast to hash in the move generator."""
    code: int
    """0-51 for the suited cards (suit * 13 + rank - 1), 52 for the joker."""
    bit: int
    """The card's bit in a mask of cards, 1 << (16 * suit + rank) (0 for a joker: see
    `masks`)."""
    suit_bit: int
    """1 << suit, the card's bit in its rank's mask of suits (0 for a joker)."""
    ascii: str
    symbol: str

    def __init__(self, rank: int, suit: Suit | None) -> None:
        self.rank = rank
        self.suit = suit
        self.suit_no = 4 if suit is None else int(suit)
        self.bit = 0 if suit is None else 1 << (16 * int(suit) + rank)
        self.suit_bit = 0 if suit is None else 1 << int(suit)
        if suit is None:
            self.code = 52
            self.ascii = self.symbol = "JK"
        else:
            self.code = int(suit) * 13 + rank - 1
            name = RANK_NAMES.get(rank, str(rank))
            self.ascii = name + suit.letter
            self.symbol = name + suit.symbol

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @staticmethod
    def of(rank: int, suit: Suit | None) -> Card:
        """The card of this rank and suit (a joker when suit is None)."""
        return JOKER if suit is None else CARDS[suit * 13 + rank - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card: `7H`, `10s`, `TS`, `A♥`, `q♦`, `JK` (joker).

        Raises ParseError with the accepted forms when the text is not a card.
        """
        card = BY_TEXT.get(text)
        if card is not None:
            return card
        norm = text.strip().upper().replace("\ufe0f", "")
        card = BY_TEXT.get(norm)
        if card is not None:
            return card
        if norm in ("JK", "JOKER", "🃏", "*"):
            return JOKER
        if len(norm) >= 2 and norm[-1] in _SUIT_INPUT:
            rank_text, suit = norm[:-1], _SUIT_INPUT[norm[-1]]
            rank = _RANK_INPUT.get(rank_text)
            number = whole_number(rank_text)
            if rank is None and number is not None and 2 <= number <= 10:
                rank = number
            if rank is not None:
                return Card.of(rank, suit)
        raise NotACard(text.strip())

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.ascii,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


for _suit in Suit:
    for _rank in range(1, 14):
        _card = Card(_rank, _suit)
        CARDS.append(_card)
        BY_TEXT[_card.ascii] = _card
        BY_TEXT[_card.symbol] = _card
JOKER = Card(0, None)
CARDS.append(JOKER)
BY_TEXT["JK"] = JOKER
for _card in CARDS[:52]:
    if _card.rank == 10:
        BY_TEXT["T" + _card.ascii[2]] = _card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards separated by spaces or commas (`"7H 7S,7D"`)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else text
    return [Card.parse(word) for word in words]


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards as one line, in the order given."""
    return " ".join(card.ascii if ascii else card.symbol for card in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Hand order: by suit, then rank (Aces low), jokers last."""
    return (4 if card.suit is None else int(card.suit), card.rank)


def rank_sort_key(card: Card) -> tuple[int, int]:
    """Hand order by rank first, then suit (the prompt's `sort rank`)."""
    return (card.rank or 14, 4 if card.suit is None else int(card.suit))


def new_deck(decks: int = 1, jokers_per_deck: int = 0) -> list[Card]:
    """The unshuffled deck in its documented canonical order.

    For each copy of the deck in turn: clubs, diamonds, hearts, spades, each Ace to King,
    then that copy's jokers. The shuffle (see `deal`) starts from this order, so it is
    part of the deal algorithm and must never change.
    """
    order = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    cards: list[Card] = []
    for _ in range(decks):
        for suit in order:
            cards.extend(CARDS[suit * 13 : suit * 13 + 13])  # Ace to King
        cards.extend([JOKER] * jokers_per_deck)
    return cards
