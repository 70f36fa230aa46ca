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

from .cards import Card, NotACard, format_cards
from .errors import ParseError
from .laid_melds import parse_meld_id
from .numbers import whole_number

if TYPE_CHECKING:
    from .state import State


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


def parse_play_cards(words: list[str]) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """Cards of a meld or lay-off, with `jk=7h` (or `jk:7h`) naming a joker's card."""
    cards: list[Card] = []
    jokers: list[Card | None] = []
    for word in words:
        head, sep, meaning = word.replace(":", "=").partition("=")
        if sep:
            card = Card.parse(head)
            if not card.is_joker:
                raise ParseError(f"{word!r}: only a joker names a card, as jk=7h")
            named = Card.parse(meaning)
            if named.is_joker:
                raise ParseError(f"{word!r}: a joker stands for a card, as jk=7h")
            cards.append(card)
            jokers.append(named)
        else:
            card = Card.parse(word)
            cards.append(card)
            if card.is_joker:
                jokers.append(None)
    while jokers and jokers[-1] is None:
        jokers.pop()
    return tuple(cards), tuple(jokers)


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
    "power": "power",
    "block": "block",
}
"""Command words and their short aliases."""

USAGE = {
    "draw": "draw (or d)",
    "take": "take N|CARD (or t), N counted from the top of the pile, 1 = top card",
    "meld": "meld CARDS [low|high] (or m), e.g. meld 7H 7S 7D",
    "lay": "lay CARDS [on MELD] [low|high] (or l), e.g. lay 8H on 2",
    "discard": "discard CARD (or x), e.g. discard KS",
    "upcard": "upcard CARD (or u)",
    "pass": "pass (or p), in a window: no call, nothing more to play",
    "rum": "rum [MELD] [low|high], in a Rum! window: lay the discard off on that meld",
    "power": "power wild|double|split (dealers_gambit: the dealer names the joker's power)",
    "block": "block (dealers_gambit: lay a joker on the dealer's joker)",
}


def parse_action(text: str, state: State | None = None) -> AnyAction:
    """Read an action in the command language.

    `take CARD` needs the state, to find the card in the pile. Raises ParseError with the
    form that was expected (a card's forms without the joker in a game without jokers).
    """
    try:
        return _parse_action(text, state)
    except NotACard as error:
        if state is not None and not state.rules.jokers_per_deck:
            raise NotACard(error.text, jokers=False) from None
        raise


def _parse_action(text: str, state: State | None) -> AnyAction:
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
        end: Literal["low", "high"] | None = None
        if rest and rest[-1].lower() in ("low", "high"):
            end = "low" if rest.pop().lower() == "low" else "high"
        if rest and rest[0].lower() == "on":
            rest = rest[1:]
        if len(rest) > 1:
            raise ParseError(usage)
        meld = parse_meld_id(rest[0]) if rest else 0
        return CallRum(meld, end)
    if verb == "power":
        power = next((p for p in POWERS if len(rest) == 1 and rest[0].lower() == p), None)
        if power is None:
            raise ParseError(usage)
        return NamePower(power)
    if verb == "block":
        if rest:
            raise ParseError(usage)
        return BlockJoker()
    if verb == "take":
        split = 0
        if len(rest) == 3 and rest[1].lower() == "split" and whole_number(rest[2]) is not None:
            split = whole_number(rest.pop()) or 0
            rest.pop()
        if len(rest) != 1:
            raise ParseError(usage)
        word = rest[0]
        if split:
            depth = whole_number(word)
            if depth is None:
                if state is None:
                    raise ParseError(f"take {word}: give the pile position; {usage}")
                depth = state.pile_depth_of(Card.parse(word))
            return TakePile(depth, split)
        depth = whole_number(word)
        if depth is not None:
            return TakePile(depth)
        card = Card.parse(word)
        if state is None:
            raise ParseError(f"take {word}: give the pile position; {usage}")
        return TakePile(state.pile_depth_of(card))
    if verb == "meld":
        ace_high = None
        double = False
        if rest and rest[-1].lower() == "double":
            double = bool(rest.pop())
        if rest and rest[-1].lower() in ("high", "low"):
            ace_high = rest.pop().lower() == "high"
        if not rest:
            raise ParseError(usage)
        cards, jokers = parse_play_cards(rest)
        return LayMeld(cards, ace_high, jokers, double)
    if verb == "lay":
        lowered = [word.lower() for word in rest]
        if "on" not in lowered:
            raise ParseError(f"say which meld: {usage}")
        at = lowered.index("on")
        words, target = rest[:at], rest[at + 1 :]
        side: Literal["low", "high"] | None = None
        if target and target[-1].lower() in ("low", "high"):
            side = "low" if target.pop().lower() == "low" else "high"
        if not words or len(target) != 1:
            raise ParseError(usage)
        laid, jokers = parse_play_cards(words)
        return LayOff(laid, parse_meld_id(target[0]), side, jokers)
    if len(rest) != 1:
        raise ParseError(usage)
    card = Card.parse(rest[0])
    return Discard(card) if verb == "discard" else ChooseUpcard(card)
