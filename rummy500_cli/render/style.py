"""How cards are drawn: symbols or ASCII letters, colour or not, two or four colours."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card
from .printable import printable

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_DIM = "\x1b[2m"
_TO_ASCII = str.maketrans({"♠": "S", "♥": "H", "♣": "C", "♦": "D", "—": "-", "·": "|"})
_MARK = "\x1b[7m"
"""Reverse video: the card just drawn or taken, the last play on the table."""
_COLORS = {  # spades, hearts, clubs, diamonds (Suit order)
    False: ("", "\x1b[31m", "", "\x1b[31m"),
    # Diamonds bright blue: ANSI blue (34) is hard to read on a dark background, bright
    # blue reads on dark and light ones alike.
    True: ("", "\x1b[31m", "\x1b[32m", "\x1b[94m"),
}
CODES = (_RESET, _BOLD, _DIM, _MARK, "\x1b[31m", "\x1b[32m", "\x1b[94m")
"""Every terminal code a Style writes (colours, bold, dim, reset), and no other."""


@dataclass(frozen=True)
class Style:
    """One decision, made at start-up, about how the game is drawn."""

    color: bool = False
    ascii: bool = False
    four_color: bool = False

    def card(self, card: Card) -> str:
        text = card.ascii if self.ascii else card.symbol
        if self.color and card.suit is not None:
            code = _COLORS[self.four_color][card.suit]
            if code:
                return f"{code}{text}{_RESET}"
        return text

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def marked(self, card: Card) -> str:
        """A card that just moved (drawn, taken, laid), in reverse video; as any other
        card without colour."""
        if not self.color:
            return self.card(card)
        text = card.ascii if self.ascii else card.symbol
        code = _COLORS[self.four_color][card.suit] if card.suit is not None else ""
        return f"{_MARK}{code}{text}{_RESET}"

    def text(self, text: str) -> str:
        """Text as it goes to the terminal (messages, narration, a table of lines): any
        control character that came with a name or a file is shown escaped, and only the
        newlines between lines and this style's own codes pass; suit symbols as letters
        under --ascii."""
        shown = printable(text, ("\n", *CODES) if self.color else ("\n",))
        return shown.translate(_TO_ASCII) if self.ascii else shown

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.color else text

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.color else text


PLAIN = Style()
