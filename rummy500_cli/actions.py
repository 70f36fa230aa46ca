"""Actions: what a player asks to do, in the imperative. The engine turns them into events.

Each action prints in the command language that the prompt and the JSON protocol read
(`str(action)`), and `parse_action` reads that language leniently: `draw` or `d`,
`take 3` or `t 7H`, `meld 7H 7S 7D`, `lay 8H on 2` (`lay 8H on 2 high` to pick the end),
`discard KS` or `x KS`, `upcard 7H`; and in a window of RULES 7, `rum` (`rum 3 high`)
and `pass`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from .cards import Card, format_cards, parse_cards
from .errors import ParseError
from .melds import parse_meld_id

if TYPE_CHECKING:
    from .state import State


class Action(msgspec.Struct, frozen=True, tag_field="action"):
    """Base of every action."""

    def text(self, ascii: bool = True) -> str:
        """The action in the command language (ASCII cards by default)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(ascii=False)


class DrawStock(Action, tag="draw"):
    """RULES 4.1: draw from the stock."""

    def text(self, ascii: bool = True) -> str:
        return "draw"


class TakePile(Action, tag="take"):
    """RULES 4.1: take the pile card `depth` from the top (1 = the top card) and every
    card above it."""

    depth: int

    def text(self, ascii: bool = True) -> str:
        return f"take {self.depth}"


class LayMeld(Action, tag="meld"):
    """RULES 4.2: lay a new set or run from the hand. `ace_high` settles A-K vs 2-A."""

    cards: tuple[Card, ...]
    ace_high: bool | None = None

    def text(self, ascii: bool = True) -> str:
        extra = "" if self.ace_high is None else (" high" if self.ace_high else " low")
        return f"meld {format_cards(self.cards, ascii)}{extra}"


class LayOff(Action, tag="lay"):
    """RULES 4.2: lay cards off on a meld on the table, at one end of a run."""

    cards: tuple[Card, ...]
    meld: int
    end: Literal["low", "high"] | None = None

    def text(self, ascii: bool = True) -> str:
        extra = "" if self.end is None else f" {self.end}"
        return f"lay {format_cards(self.cards, ascii)} on {self.meld}{extra}"


class Discard(Action, tag="discard"):
    """RULES 4.3: discard one card, ending the turn."""

    card: Card

    def text(self, ascii: bool = True) -> str:
        return f"discard {self.card.ascii if ascii else self.card.symbol}"


class ChooseUpcard(Action, tag="upcard"):
    """RULES 2.7 (`upcard=chosen`): start the pile with a card of one's choice."""

    card: Card

    def text(self, ascii: bool = True) -> str:
        return f"upcard {self.card.ascii if ascii else self.card.symbol}"


class Pass(Action, tag="pass"):
    """RULES 7: let a window go (no Rum! call, nothing more to play out of turn)."""

    def text(self, ascii: bool = True) -> str:
        return "pass"


class CallRum(Action, tag="rum"):
    """RULES 7 (`rum_call`): take the top discard and lay it off on a meld, out of turn.
    `meld` 0 means wherever it fits, when there is only one place."""

    meld: int = 0
    end: Literal["low", "high"] | None = None

    def text(self, ascii: bool = True) -> str:
        where = f" {self.meld}" if self.meld else ""
        extra = "" if self.end is None else f" {self.end}"
        return f"rum{where}{extra}"


AnyAction = DrawStock | TakePile | LayMeld | LayOff | Discard | ChooseUpcard | Pass | CallRum

ALIASES = {
    "d": "draw",
    "draw": "draw",
    "t": "take",
    "take": "take",
    "m": "meld",
    "meld": "meld",
    "l": "lay",
    "lay": "lay",
    "x": "discard",
    "discard": "discard",
    "upcard": "upcard",
    "u": "upcard",
    "pass": "pass",
    "p": "pass",
    "rum": "rum",
}
"""Command words and their short aliases."""

USAGE = {
    "draw": "draw (or d)",
    "take": "take N|CARD (or t), N counted from the top of the pile, 1 = top card",
    "meld": "meld CARDS (or m), e.g. meld 7H 7S 7D",
    "lay": "lay CARDS on MELD [low|high] (or l), e.g. lay 8H on 2",
    "discard": "discard CARD (or x), e.g. discard KS",
    "upcard": "upcard CARD (or u)",
    "pass": "pass (or p), in a window: no call, nothing more to play",
    "rum": "rum [MELD] [low|high], in a Rum! window: lay the discard off on that meld",
}


def parse_action(text: str, state: State | None = None) -> AnyAction:
    """Read an action in the command language.

    `take CARD` needs the state, to find the card in the pile. Raises ParseError with the
    form that was expected.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise ParseError(
            "empty command: try draw, take N, meld CARDS, lay CARDS on MELD, discard CARD"
        )
    verb = ALIASES.get(words[0].lower())
    rest = words[1:]
    if verb is None:
        raise ParseError(
            f"unknown command {words[0]!r}: the moves are draw, take, meld, lay, discard"
        )
    usage = f"usage: {USAGE[verb]}"
    if verb == "draw":
        if rest:
            raise ParseError(f"draw takes nothing after it; {usage}")
        return DrawStock()
    if verb == "pass":
        if rest:
            raise ParseError(f"pass takes nothing after it; {usage}")
        return Pass()
    if verb == "rum":
        end = None
        if rest and rest[-1].lower() in ("low", "high"):
            end = rest.pop().lower()
        if rest and rest[0].lower() == "on":
            rest = rest[1:]
        if len(rest) > 1:
            raise ParseError(usage)
        meld = parse_meld_id(rest[0]) if rest else 0
        return CallRum(meld, end)  # type: ignore[arg-type]
    if verb == "take":
        if len(rest) != 1:
            raise ParseError(usage)
        word = rest[0]
        if word.isdigit():
            return TakePile(int(word))
        card = Card.parse(word)
        if state is None:
            raise ParseError(f"take {word}: give the pile position; {usage}")
        return TakePile(state.pile_depth_of(card))
    if verb == "meld":
        ace_high = None
        if rest and rest[-1].lower() in ("high", "low"):
            ace_high = rest.pop().lower() == "high"
        if not rest:
            raise ParseError(usage)
        return LayMeld(tuple(parse_cards(rest)), ace_high)
    if verb == "lay":
        lowered = [word.lower() for word in rest]
        if "on" not in lowered:
            raise ParseError(f"say which meld: {usage}")
        at = lowered.index("on")
        cards, target = rest[:at], rest[at + 1 :]
        end = None
        if target and target[-1].lower() in ("low", "high"):
            end = target.pop().lower()
        if not cards or len(target) != 1:
            raise ParseError(usage)
        return LayOff(tuple(parse_cards(cards)), parse_meld_id(target[0]), end)  # type: ignore[arg-type]
    if len(rest) != 1:
        raise ParseError(usage)
    card = Card.parse(rest[0])
    return Discard(card) if verb == "discard" else ChooseUpcard(card)
