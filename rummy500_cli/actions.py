"""Actions: what a player asks to do, in the imperative. The engine turns them into events.

Each action prints in the command language that the prompt and the JSON protocol read
(`text()`, and `str(action)` with the cards' symbols); reading that language back is
the vocabulary's (`rummy500_cli/language/`: one Verb per command, each making one of
these classes), and a property test holds the two halves together.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .cards import Card, format_cards


class Action(msgspec.Struct, frozen=True, tag_field="action", gc=False):
    """Base of every action. (Untracked by the garbage collector, as events are: an action
    holds cards and numbers only, so it is never part of a cycle, and the listings make
    many.)"""

    def text(self, ascii: bool = True) -> str:
        """The action in the command language (ASCII cards by default)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(ascii=False)


class DrawStock(Action, frozen=True, tag="draw"):
    """RULES 4.1: draw from the stock."""

    def text(self, ascii: bool = True) -> str:
        return "draw"


class TakePile(Action, frozen=True, tag="take"):
    """RULES 4.1: take the pile card `depth` from the top (1 = the top card) and every
    card above it."""

    depth: int
    split: int = 0
    """RULES 8 (dealers_gambit, split): how many cards just above the chosen one leave
    the game with the dealer's joker (0: an ordinary take)."""

    def text(self, ascii: bool = True) -> str:
        return f"take {self.depth} split {self.split}" if self.split else f"take {self.depth}"


class LayMeld(Action, frozen=True, tag="meld"):
    """RULES 4.2: lay a new set or run from the hand. `ace_high` settles A-K vs 2-A.
    `jokers` (RULES 8): for the jokers in `cards`, in order, the card each stands for
    (None, or a shorter tuple: not named, for the engine to work out)."""

    cards: tuple[Card, ...]
    ace_high: bool | None = None
    jokers: tuple[Card | None, ...] = ()
    double: bool = False
    """RULES 8 (dealers_gambit, double): the dealer's joker goes on this meld."""

    def text(self, ascii: bool = True) -> str:
        extra = "" if self.ace_high is None else (" high" if self.ace_high else " low")
        if self.double:
            extra += " double"
        return f"meld {cards_text(self.cards, self.jokers, ascii)}{extra}"


class LayOff(Action, frozen=True, tag="lay"):
    """RULES 4.2: lay cards off on a meld on the table, at one end of a run. `jokers` as
    for LayMeld."""

    cards: tuple[Card, ...]
    meld: int
    end: Literal["low", "high"] | None = None
    jokers: tuple[Card | None, ...] = ()

    def text(self, ascii: bool = True) -> str:
        extra = "" if self.end is None else f" {self.end}"
        return f"lay {cards_text(self.cards, self.jokers, ascii)} on {self.meld}{extra}"


def cards_text(cards: tuple[Card, ...], jokers: tuple[Card | None, ...], ascii: bool) -> str:
    """Cards in the command language, each named joker as `JK=7H` (RULES 8)."""
    if not jokers:
        return format_cards(cards, ascii)
    meanings = iter(jokers)
    words = []
    for card in cards:
        meaning = next(meanings, None) if card.is_joker else None
        if meaning is None:
            words.append(card.ascii if ascii else card.symbol)
        else:
            words.append("JK=" + (meaning.ascii if ascii else meaning.symbol))
    return " ".join(words)


class Discard(Action, frozen=True, tag="discard"):
    """RULES 4.3: discard one card, ending the turn."""

    card: Card

    def text(self, ascii: bool = True) -> str:
        return f"discard {self.card.ascii if ascii else self.card.symbol}"


class ChooseUpcard(Action, frozen=True, tag="upcard"):
    """RULES 2.7 (`upcard=chosen`): start the pile with a card of one's choice."""

    card: Card

    def text(self, ascii: bool = True) -> str:
        return f"upcard {self.card.ascii if ascii else self.card.symbol}"


class Pass(Action, frozen=True, tag="pass"):
    """RULES 7: let a window go (no Rum! call, nothing more to play out of turn)."""

    def text(self, ascii: bool = True) -> str:
        return "pass"


class CallRum(Action, frozen=True, tag="rum"):
    """RULES 7 (`rum_call`): take the top discard and lay it off on a meld, out of turn.
    `meld` 0 means wherever it fits, when there is only one place."""

    meld: int = 0
    end: Literal["low", "high"] | None = None

    def text(self, ascii: bool = True) -> str:
        where = f" {self.meld}" if self.meld else ""
        extra = "" if self.end is None else f" {self.end}"
        return f"rum{where}{extra}"


Power = Literal["wild", "double", "split"]
POWERS: tuple[Power, ...] = ("wild", "double", "split")
"""The powers the dealer may name for the dealer's joker (RULES 8, dealers_gambit)."""


class NamePower(Action, frozen=True, tag="power"):
    """RULES 8 (dealers_gambit): the dealer names the power of the dealer's joker."""

    power: Power

    def text(self, ascii: bool = True) -> str:
        return f"power {self.power}"


class BlockJoker(Action, frozen=True, tag="block"):
    """RULES 8 (dealers_gambit): lay a joker from the hand on the dealer's joker."""

    def text(self, ascii: bool = True) -> str:
        return "block"


AnyAction = (
    DrawStock
    | TakePile
    | LayMeld
    | LayOff
    | Discard
    | ChooseUpcard
    | Pass
    | CallRum
    | NamePower
    | BlockJoker
)
