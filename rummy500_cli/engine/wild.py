"""Plays with wild jokers (RULES 8: the jokers variant, and the dealer's joker with the
power wild): every such play a hand allows, what each scores, and its event. Reading one
play is `variants.jokers`' work, listing them `variants.joker_plays`'; the jokers'
decisions are written in `variants.jokers`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..actions import AnyAction, LayMeld, LayOff
from ..cards import Card
from ..events import LaidOff, Melded
from ..laid_melds import Meld
from ..scoring import value_tables
from ..variants import variant_of
from ..variants.joker_plays import joker_layoffs, joker_melds
from ..variants.jokers import faces_of, joker_layoff, joker_shape
from .values import joker_values, layoff_values, meld_values

if TYPE_CHECKING:
    from ..state import State


class WildPlay(NamedTuple):
    """A play holding a wild joker: the action, the cards it lays as they count (each
    joker as the card it stands for), and the meld it is laid on (None: a new meld)."""

    action: LayMeld | LayOff
    faces: Sequence[Card]
    meld: Meld | None


_NEW: dict[tuple[object, ...], WildPlay] = {}
"""The new melds of `wild_plays`, made once for each group of cards and meanings."""


def wild_plays(state: State, hand: Sequence[Card], melds: Sequence[Meld]) -> Iterator[WildPlay]:
    """Every meld and lay-off holding a wild joker that the hand allows, each meaning of
    its jokers once. Lay-offs are on `melds` (the look-ahead passes grown ones)."""
    variant = variant_of(state.rules)
    wild = variant.wild_hand(state, hand)
    if wild is None:
        return
    rules, decks = state.rules, state.decks
    for found in joker_melds(wild, rules, decks):
        play = _NEW.get(found)
        if play is None:
            if len(_NEW) >= 8192:
                _NEW.clear()
            cards, meanings, ace_high = found
            meld_action = LayMeld(cards, ace_high, meanings)
            play = _NEW[found] = WildPlay(meld_action, tuple(faces_of(cards, meanings)), None)
        yield play
    sealed = variant.sealed(state)
    for meld in melds:
        if meld.id in sealed:
            continue
        for cards, meanings, end in joker_layoffs(meld, wild, rules, decks):
            action = LayOff(cards, meld.id, end, meanings)
            yield WildPlay(action, faces_of(cards, meanings), meld)


def joker_meld_event(
    state: State, seat: int, action: LayMeld
) -> tuple[Melded, list[int], list[Card]]:
    """The Melded event of a new meld holding wild jokers, the values it scores, and its
    cards as they count. Raises IllegalAction or AmbiguousAction (a joker that could be
    two cards)."""
    rules = state.rules

    def example(naturals: list[Card], meanings: list[Card]) -> str:
        words = [card.ascii.lower() for card in naturals]
        return "meld " + " ".join(words + [f"jk={card.ascii.lower()}" for card in meanings])

    shape, slots = joker_shape(
        action.cards, action.jokers, rules, state.decks, action.ace_high, example
    )
    if shape.kind == "set":  # four_aces needs four natural Aces
        high = value_tables(rules)[True]
        values = [high[card.rank] for card in shape.cards]
    else:
        values = meld_values(shape.cards, "run", rules)
    values = joker_values(slots, values, rules)
    event = Melded(
        seat=seat,
        meld=len(state.melds) + 1,
        cards=tuple("JK" if wild else face.ascii for face, wild in slots),
        values=tuple(values),
        jokers=tuple(face.ascii for face, wild in slots if wild),
    )
    return event, values, shape.cards


def joker_layoff_event(
    state: State, seat: int, meld: Meld, action: LayOff
) -> tuple[LaidOff, list[int], list[Card]]:
    """The LaidOff event of a lay-off holding wild jokers, its values, and the cards it
    lays as they count. Raises IllegalAction or AmbiguousAction."""
    rules = state.rules

    def example(meanings: list[Card]) -> str:
        words = [card.ascii.lower() for card in action.cards if not card.is_joker]
        words += [f"jk={card.ascii.lower()}" for card in meanings]
        return f"lay {' '.join(words)} on {meld.id}"

    end, slots = joker_layoff(
        meld, action.cards, action.jokers, rules, state.decks, action.end, example
    )
    faces = [face for face, _ in slots]
    values = joker_values(slots, layoff_values(meld, faces, end, rules), rules)
    event = LaidOff(
        seat=seat,
        meld=meld.id,
        cards=tuple("JK" if wild else face.ascii for face, wild in slots),
        values=tuple(values),
        end=end,
        jokers=tuple(face.ascii for face, wild in slots if wild),
    )
    return event, values, faces


def joker_play_points(state: State, action: AnyAction, melds: Sequence[Meld] = ()) -> int:
    """What a play holding wild jokers scores, on the state's melds or on `melds` (the
    first-meld look-ahead passes grown ones); the bots ask it too."""
    melds = melds or state.melds
    if isinstance(action, LayMeld):
        return sum(joker_meld_event(state, 0, action)[1])
    assert isinstance(action, LayOff)
    meld = next(m for m in melds if m.id == action.meld)
    return sum(joker_layoff_event(state, 0, meld, action)[1])
