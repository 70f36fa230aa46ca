"""What Tab offers at the game prompt: only what is legal now, each with a few words.

`candidates(state, seat, text)` answers the words that may follow what is typed, read
from the legal moves of the engine (a pile position that can be taken, a card that
makes a meld with the cards typed, a meld the typed cards fit), in the order of a turn
and of the hand, each with a description. It is pure: cli/prompt.py turns the words
into prompt-toolkit completions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import (
    ALIASES,
    AnyAction,
    CallRum,
    ChooseUpcard,
    Discard,
    LayMeld,
    LayOff,
    NamePower,
    TakePile,
)
from ..cards import Card, rank_sort_key, sort_key
from ..errors import ParseError
from ..render.printable import names
from ..render.style import PLAIN, Style
from ..state import State
from .commands import META, META_ALIASES, MOVE_ORDER, sorted_legal

VERBS = {
    "draw": "the top card of the stock",
    "take": "a pile card and every card above it",
    "upcard": "begin the pile with a card",
    "power": "name the power of the dealer's joker",
    "block": "block the dealer's joker",
    "meld": "lay a new set or run",
    "lay": "lay cards off on a meld",
    "rum": "call Rum! on the discard",
    "discard": "a card, ending your turn",
    "pass": "let the window go",
}
POWERS = {
    "wild": "a wild card worth 0",
    "double": "doubles a new meld and seals it",
    "split": "a take that leaves cards out",
}
ENDS = {"low": "at the low end", "high": "at the high end"}


@dataclass(frozen=True)
class Candidate:
    """A word Tab may insert, how the menu shows it, and what it does."""

    text: str
    display: str
    meta: str


def candidates(
    state: State, seat: int | None, text: str, by_rank: bool = False, style: Style = PLAIN
) -> list[Candidate]:
    """The words that may follow `text` now, for the player at `seat`."""
    words = text.split()
    done = words if text.endswith(" ") or not text else words[:-1]
    current = "" if text.endswith(" ") or not text else words[-1]
    found = _following(state, seat, done, by_rank, style)
    typed = current.lower()
    return [c for c in found if c.text.lower().startswith(typed)]


def _following(
    state: State, seat: int | None, done: list[str], by_rank: bool, style: Style
) -> list[Candidate]:
    mine = seat is not None and state.to_move == seat and state.phase not in ("over",)
    legal = sorted_legal(state, by_rank) if mine else []
    if not done:
        verbs = dict.fromkeys(_verb(action) for action in legal)
        moves = [Candidate(v, v, VERBS.get(v, "")) for v in MOVE_ORDER if v in verbs]
        table = [Candidate(w, w, META[w].partition(": ")[2]) for w in META]
        return moves + table
    word = done[0].lower()
    word = META_ALIASES.get(word, ALIASES.get(word, word))
    args = done[1:]
    if word == "help" and not args:
        return [
            Candidate(w, w, VERBS.get(w) or META[w].partition(": ")[2]) for w in [*VERBS, *META]
        ]
    if word == "sort" and not args:
        return [Candidate("rank", "rank", "by rank"), Candidate("suit", "suit", "by suit")]
    mine_of_verb = [action for action in legal if _verb(action) == word]
    key = rank_sort_key if by_rank else sort_key
    if word == "take":
        return _takes(state, mine_of_verb, args, style)
    if word in ("discard", "upcard"):
        if args:
            return []
        cards = sorted(
            {a.card for a in mine_of_verb if isinstance(a, Discard | ChooseUpcard)}, key=key
        )
        return [Candidate(c.ascii, style.card(c), VERBS[word]) for c in cards]
    if word == "power":
        return [] if args else [
            Candidate(a.power, a.power, POWERS[a.power]) for a in mine_of_verb if isinstance(a, NamePower)
        ]  # fmt: skip
    if word == "rum":
        return _rum(state, mine_of_verb, args, style)
    if word == "meld":
        return _melds(mine_of_verb, args, key, style)
    if word == "lay":
        return _layoffs(state, mine_of_verb, args, key, style)
    return []


def _verb(action: AnyAction) -> str:
    return str(type(action).__struct_config__.tag)


def _card(word: str) -> Card | None:
    try:
        return Card.parse(word.split("=")[0].split(":")[0])
    except ParseError:
        return None


def _takes(state: State, actions: list[AnyAction], args: list[str], style: Style):
    takes = [a for a in actions if isinstance(a, TakePile)]
    if not args:
        depths = dict.fromkeys(a.depth for a in takes)
        found = []
        for depth in depths:
            card = state.pile[-depth]
            above = depth - 1
            extra = "" if not above else f" and {above} above" if above > 1 else " and 1 above"
            found.append(Candidate(str(depth), str(depth), f"{style.card(card)}{extra}"))
        return found
    if len(args) == 1 and any(a.split and str(a.depth) == args[0] for a in takes):
        return [Candidate("split", "split", "leave cards above it out of the game")]
    if len(args) == 2 and args[1].lower() == "split":
        return [
            Candidate(str(a.split), str(a.split), "cards just above it leave the game")
            for a in takes
            if a.split and str(a.depth) == args[0]
        ]
    return []


def _rum(state: State, actions: list[AnyAction], args: list[str], style: Style):
    calls = [a for a in actions if isinstance(a, CallRum)]
    if not args:
        ids = dict.fromkeys(a.meld for a in calls if a.meld)
        return [Candidate(str(i), str(i), _meld_words(state, i, style)) for i in ids]
    ends = [a.end for a in calls if str(a.meld) == args[0] and a.end]
    return _ends(ends) if len(args) == 1 else []


def _ends(ends: Sequence[str | None]) -> list[Candidate]:
    """A run's ends to choose from, offered only when both are possible: where the cards
    go on one end only, there is nothing to choose (and no end to name)."""
    found = [end for end in dict.fromkeys(ends) if end]
    return [Candidate(e, e, ENDS[e]) for e in found] if len(found) > 1 else []


def _meld_words(state: State, meld_id: int, style: Style) -> str:
    meld = state.meld(meld_id)
    owner = names(state.players)[meld.owner]
    return f"#{meld_id} {owner}'s {style.cards(meld.cards)}"


def _split_cards(args: list[str]) -> tuple[list[Card], list[str]]:
    """Typed words as cards, then the words after the cards."""
    cards: list[Card] = []
    rest: list[str] = []
    for word in args:
        card = None if rest else _card(word)
        if card is None:
            rest.append(word.lower())
        else:
            cards.append(card)
    return cards, rest


def _contains(big: tuple[Card, ...], small: list[Card]) -> bool:
    return not Counter(small) - Counter(big)


def _next_cards(
    options: list[tuple[tuple[Card, ...], str]], typed: list[Card], key, style: Style, noun: str
) -> list[Candidate]:
    """The cards that keep the typed ones part of some legal play (`options`: its cards
    and what to call it), in hand order, each with what it would make."""
    offers: dict[Card, list[tuple[tuple[Card, ...], str]]] = {}
    for option in options:
        cards = option[0]
        if _contains(cards, typed):
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


def _melds(actions: list[AnyAction], args: list[str], key, style: Style):
    melds = [a for a in actions if isinstance(a, LayMeld)]
    typed, rest = _split_cards(args)
    exact = [m for m in melds if Counter(m.cards) == Counter(typed)]
    found: list[Candidate] = []
    if exact and not rest:
        extras = []
        for m in exact:
            if m.ace_high is not None:
                extras.append("high" if m.ace_high else "low")
            if m.double:
                extras.append("double")
        found += [
            Candidate(e, e, ENDS.get(e, "with the dealer's joker")) for e in dict.fromkeys(extras)
        ]
    if rest:
        return found
    options = [(m.cards, f"makes {style.cards(sorted(m.cards, key=key))}") for m in melds]
    return found + _next_cards(options, typed, key, style, "meld")


def _layoffs(state: State, actions: list[AnyAction], args: list[str], key, style: Style):
    offs = [a for a in actions if isinstance(a, LayOff)]
    lowered = [w.lower() for w in args]
    if "on" in lowered:
        at = lowered.index("on")
        typed = [c for c in (_card(w) for w in args[:at]) if c is not None]
        after = lowered[at + 1 :]
        fitting = [a for a in offs if Counter(a.cards) == Counter(typed)]
        if not after:
            ids = dict.fromkeys(a.meld for a in fitting)
            return [Candidate(str(i), str(i), _meld_words(state, i, style)) for i in ids]
        if len(after) == 1:
            ends = [a.end for a in fitting if str(a.meld) == after[0] and a.end]
            return _ends(ends)
        return []
    typed, rest = _split_cards(args)
    if rest:
        return []
    found = []
    if typed and any(Counter(a.cards) == Counter(typed) for a in offs):
        melds = dict.fromkeys(a.meld for a in offs if Counter(a.cards) == Counter(typed))
        found.append(Candidate("on", "on", "on #" + ", #".join(map(str, melds))))
    either = {(a.cards, a.meld) for a in offs if a.end == "low"} & {
        (a.cards, a.meld) for a in offs if a.end == "high"
    }
    options = [
        (a.cards, f"on #{a.meld}" + (f" {a.end}" if a.end and (a.cards, a.meld) in either else ""))
        for a in offs
    ]
    return found + _next_cards(options, typed, key, style, "lay-off")
