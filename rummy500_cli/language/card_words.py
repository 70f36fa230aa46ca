"""Cards and melds in the command language, read and offered: the pieces the moves'
parsers and completers share (a meld's cards with `jk=7h`, a meld's id, a run's end)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from ..cards import Card
from ..errors import ParseError
from ..render.printable import names
from .verb import Candidate

if TYPE_CHECKING:
    from ..render.style import Style
    from ..state import State

ENDS = {"low": "at the low end", "high": "at the high end"}


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


def end_word(words: list[str]) -> Literal["low", "high"] | None:
    """A run's end named last (`low` or `high`), taken off the words."""
    if words and words[-1].lower() in ("low", "high"):
        return "low" if words.pop().lower() == "low" else "high"
    return None


def card_of(word: str) -> Card | None:
    """The card a typed word names (a joker's meaning left off), or None."""
    try:
        return Card.parse(word.split("=")[0].split(":")[0])
    except ParseError:
        return None


def split_cards(args: list[str]) -> tuple[list[Card], list[str]]:
    """Typed words as cards, then the words after the cards."""
    cards: list[Card] = []
    rest: list[str] = []
    for word in args:
        card = None if rest else card_of(word)
        if card is None:
            rest.append(word.lower())
        else:
            cards.append(card)
    return cards, rest


def ends(found: Sequence[str | None]) -> list[Candidate]:
    """A run's ends to choose from, offered only when both are possible: where the cards
    go on one end only, there is nothing to choose (and no end to name)."""
    named = [end for end in dict.fromkeys(found) if end]
    return [Candidate(e, e, ENDS[e]) for e in named] if len(named) > 1 else []


def meld_words(state: State, meld_id: int, style: Style) -> str:
    """A meld for Tab's menu: `#2 Ana's 7♥ 8♥ 9♥`."""
    meld = state.meld(meld_id)
    owner = names(state.players)[meld.owner]
    return f"#{meld_id} {owner}'s {style.cards(meld.cards)}"


def contains(big: tuple[Card, ...], small: list[Card]) -> bool:
    return not Counter(small) - Counter(big)


def next_cards(
    options: list[tuple[tuple[Card, ...], str]],
    typed: list[Card],
    key: Callable[[Card], Any],
    style: Style,
    noun: str,
) -> list[Candidate]:
    """The cards that keep the typed ones part of some legal play (`options`: its cards
    and what to call it), in hand order, each with what it would make."""
    offers: dict[Card, list[tuple[tuple[Card, ...], str]]] = {}
    for option in options:
        cards = option[0]
        if contains(cards, typed):
            for card in dict.fromkeys((Counter(cards) - Counter(typed)).elements()):
                offers.setdefault(card, []).append(option)
    found = []
    for card in sorted(offers, key=key):
        made = [label for cards, label in offers[card] if Counter(cards) == Counter([*typed, card])]
        if made:
            meta = " · ".join(dict.fromkeys(made))
        else:
            many = len(offers[card])
            meta = f"part of {many} {noun}s" if many > 1 else f"part of a {noun}"
        found.append(Candidate(card.ascii, style.card(card), meta))
    return found
