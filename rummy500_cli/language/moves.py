"""The moves of every game but the plays of cards (meld and lay: plays.py), each Verb
beside the Action it makes: draw, take, upcard, discard, pass and rum (RULES 2.7, 4, 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import AnyAction, CallRum, ChooseUpcard, Discard, DrawStock, Pass, TakePile
from ..cards import Card, rank_sort_key, sort_key
from ..melds import parse_meld_id
from ..numbers import whole_number
from .card_words import end_word, ends, meld_words
from .verb import Asking, Candidate, Completer, Misused, Parser, Verb

if TYPE_CHECKING:
    from ..state import State


def _alone(word: str, make: Callable[[], AnyAction]) -> Parser:
    """The parser of a move of one word (draw, pass)."""

    def parse(words: list[str], state: State | None) -> AnyAction:
        if words:
            raise Misused(f"{word} takes nothing after it; ")
        return make()

    return parse


def _one_card(words: list[str]) -> Card:
    if len(words) != 1:
        raise Misused()
    return Card.parse(words[0])


def _parse_take(words: list[str], state: State | None) -> TakePile:
    """`take 3`, `take 7h`; `take 3 split 2` (RULES 8, dealers_gambit)."""
    split = 0
    if len(words) == 3 and words[1].lower() == "split" and whole_number(words[2]) is not None:
        split = whole_number(words.pop()) or 0
        words.pop()
    if len(words) != 1:
        raise Misused()
    word = words[0]
    depth = whole_number(word)
    if depth is None:
        card = Card.parse(word)
        if state is None:
            raise Misused(f"take {word}: give the pile position; ")
        depth = state.pile_depth_of(card)
    return TakePile(depth, split) if split else TakePile(depth)


def _complete_take(words: list[str], asking: Asking) -> list[Candidate]:
    takes = [a for a in asking.legal if isinstance(a, TakePile)]
    if not words:
        found = []
        for depth in dict.fromkeys(a.depth for a in takes):
            card = asking.state.pile[-depth]
            above = depth - 1
            extra = "" if not above else f" and {above} above" if above > 1 else " and 1 above"
            found.append(Candidate(str(depth), str(depth), f"{asking.style.card(card)}{extra}"))
        return found
    if len(words) == 1 and any(a.split and str(a.depth) == words[0] for a in takes):
        return [Candidate("split", "split", "leave cards above it out of the game")]
    if len(words) == 2 and words[1].lower() == "split":
        return [
            Candidate(str(a.split), str(a.split), "cards just above it leave the game")
            for a in takes
            if a.split and str(a.depth) == words[0]
        ]
    return []


def _complete_card(hint: str) -> Completer:
    """The completer of a verb of one card (discard, upcard): the cards it may name."""

    def complete(words: list[str], asking: Asking) -> list[Candidate]:
        if words:
            return []
        key = rank_sort_key if asking.by_rank else sort_key
        found = {a.card for a in asking.legal if isinstance(a, Discard | ChooseUpcard)}
        return [Candidate(c.ascii, asking.style.card(c), hint) for c in sorted(found, key=key)]

    return complete


def _parse_rum(words: list[str], state: State | None) -> CallRum:
    """`rum`, `rum 2`, `rum on 2`, `rum 3 high` (RULES 7.8)."""
    end = end_word(words)
    if words and words[0].lower() == "on":
        words = words[1:]
    if len(words) > 1:
        raise Misused()
    return CallRum(parse_meld_id(words[0]) if words else 0, end)


def _complete_rum(words: list[str], asking: Asking) -> list[Candidate]:
    calls = [a for a in asking.legal if isinstance(a, CallRum)]
    if not words:
        ids = dict.fromkeys(a.meld for a in calls if a.meld)
        return [Candidate(str(i), str(i), meld_words(asking.state, i, asking.style)) for i in ids]
    return ends([a.end for a in calls if str(a.meld) == words[0]]) if len(words) == 1 else []


UPCARD = Verb(
    word="upcard", order=10, aliases=("u",), makes=ChooseUpcard,
    usage="upcard CARD", gloss="", hint="begin the pile with a card",
    needs=lambda rules: rules.upcard == "chosen",
    parser=lambda words, state: ChooseUpcard(_one_card(words)),
    completer=_complete_card("begin the pile with a card"),
    step=("upcard", "choose the upcard"),
    detail=(
        "Under upcard=chosen only: begin the discard pile with a card of your hand, the "
        "first move of a round for the player left of the dealer (RULES 2.7). "
        "Example: upcard 9c"
    ),
)  # fmt: skip
DRAW = Verb(
    word="draw", order=20, aliases=("d",), makes=DrawStock,
    usage="draw", gloss="", hint="the top card of the stock",
    parser=_alone("draw", DrawStock), step=("draw", "draw"),
    detail=(
        "Draw the top card of the stock (two cards under stock_draw=2): the first step of "
        "a turn, unless you take from the pile instead (RULES 4.1). Example: draw"
    ),
)  # fmt: skip
TAKE = Verb(
    word="take", order=30, aliases=("t",), makes=TakePile,
    usage="take N|CARD", gloss="N counted from the top of the pile, 1 = top card",
    hint="a pile card and every card above it",
    parser=_parse_take, completer=_complete_take,
    detail=(
        "Take a card of the discard pile and every card above it. N counts from the top "
        "of the pile, 1 being the top card: the table's Pile line numbers each card, as "
        "Pile (take N): 3:7♥ 2:K♠ 1:5♦. You may name the card instead. The chosen card "
        "must go on the table in this same turn: your next move melds it or lays it off, "
        "and a take that could not do so is refused (RULES 4.1); the cards above it join "
        "your hand. Examples: take 1, take 3, take 7h"
    ),
)  # fmt: skip
RUM = Verb(
    word="rum", order=60, makes=CallRum,
    usage="rum [MELD] [low|high]",
    gloss="in a Rum! window: lay the discard off on that meld", hint="call Rum! on the discard",
    needs=lambda rules: rules.rum_call,
    parser=_parse_rum, completer=_complete_rum,
    windows={"rum": "Rum? rum/pass"},
    detail=(
        "In a Rum! window (rum_call, RULES 7.8): take the discard just made and lay it off "
        "on a meld, alone; it scores for you. Name the meld, and the end of a run, when "
        "it fits more than one place. Examples: rum, rum 2, rum 3 high"
    ),
)  # fmt: skip
DISCARD = Verb(
    word="discard", order=70, aliases=("x",), makes=Discard,
    usage="discard CARD", gloss="e.g. discard KS", hint="a card, ending your turn",
    parser=lambda words, state: Discard(_one_card(words)),
    completer=_complete_card("a card, ending your turn"),
    step=("play", "meld, lay off or discard"),
    detail=(
        "Discard a card face up on the pile: the last step of a turn (RULES 4.3). "
        "Discarding, melding or laying off your last card goes out and ends the round "
        "(RULES 5.1). Example: discard ks (or x ks)"
    ),
)  # fmt: skip
PASS = Verb(
    word="pass", order=80, aliases=("p",), makes=Pass,
    usage="pass", gloss="in a window: no call, nothing more to play", hint="let the window go",
    needs=lambda rules: rules.rum_call or rules.out_of_turn or rules.opponents_hand,
    parser=_alone("pass", Pass),
    step=("window", "act out of turn or pass"),
    windows={
        "play": "out of turn: meld, lay or pass",
        "deadwood": "lay off on the winner's melds or pass",
    },
    detail=(
        "In a window (a Rum! call, play out of turn, or laying off on the melds of the "
        "player who went out, RULES 7): do nothing more; the next player is asked. "
        "Example: pass"
    ),
)  # fmt: skip

VERBS = (UPCARD, DRAW, TAKE, RUM, DISCARD, PASS)
