"""RULES 4.1: the chosen pile card must be put on the table at once, so a take is legal
only when some meld or lay-off would use it. `chosen_uses` lists those plays: the definition.
Its fast forms, where no rule bounds a play, are in `fast.uses` (`plain_uses`, `has_use`,
`plain_depths`; each paired with what it answers in `fast.paths.FAST_PATHS`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..actions import LayMeld, LayOff
from ..cards import JOKER, Card
from ..fast.listing import run_melds, set_melds
from ..fast.masks import lane, layoffs_onto, mask_of, suit_runs
from ..fast.uses import plain_uses
from ..holding import play_problem, remaining, table_after
from ..laid_melds import Meld
from ..melds import sets_in
from ..variants import variant_of
from .lookahead import needs_minimum, reachable
from .plays import play_value
from .values import layoff_values, meld_values
from .wild import joker_play_points, wild_plays

if TYPE_CHECKING:
    from ..state import State

Use = tuple[LayMeld | LayOff, Sequence[Card], int, "Meld | None", Sequence[Card]]
"""A play that would use the chosen card: (action, cards from the hand, points, the meld
laid on or None, the cards as they count)."""


def chosen_uses(
    state: State, seat: int, chosen: Card, hand: list[Card], unbounded: bool = False
) -> Iterator[LayMeld | LayOff]:
    """RULES 4.1: the melds and lay-offs that would put the chosen pile card on the table
    with the cards held, under the rules that bound a play (none when `unbounded`)."""
    variant = variant_of(state.rules)
    rules = state.rules
    if (
        not variant.joker_plays
        and not rules.first_meld_min
        and rules.final_discard == "optional"
        and not rules.set_duplicate_suits
    ):
        return iter(plain_uses(state, chosen, hand))  # no rule bounds a play: list them
    return bounded_uses(state, seat, chosen, hand, unbounded)


def bounded_uses(
    state: State, seat: int, chosen: Card, hand: list[Card], unbounded: bool = False
) -> Iterator[LayMeld | LayOff]:
    """`chosen_uses` under the rules that bound a play, or with jokers: each candidate
    play is checked as it is found (a caller asking for the first use stops there). Where
    no rule bounds a play it is the definition `fast.uses.plain_uses` answers."""
    variant = variant_of(state.rules)
    if not variant.usable_from_pile(chosen):
        return
    size = len(hand)
    need = 0 if unbounded else needs_minimum(state, seat)
    for use, own, points, on, faces in _candidates(state, seat, chosen, hand, need):
        if not unbounded and play_problem(state, size - len(own), None) is not None:
            continue
        if need and points < need:
            rest = remaining(hand, own)
            melds = state.melds  # a doubled meld is sealed: nothing is laid off on it
            if not getattr(use, "double", False):
                end = use.end if isinstance(use, LayOff) else None
                melds = table_after(melds, seat, faces, [0] * len(faces), on, end)
            power = not variant.spends_power(use)
            if not rest or not reachable(state, rest, melds, need - points, power):
                continue
        yield use


def _candidates(
    state: State, seat: int, chosen: Card, hand: list[Card], need: int
) -> Iterator[Use]:
    """The plays that would put the chosen card on the table, in order: sets, runs,
    lay-offs, then the plays of jokers (RULES 8); their points only where `need`."""
    variant = variant_of(state.rules)
    rules = state.rules
    double = variant.has_power and variant.power_problem(state, seat, "double") is None
    held = mask_of(hand)
    if rules.set_duplicate_suits:
        same_rank = [card for card in hand if card.rank == chosen.rank]
        sets = tuple(LayMeld(cards) for cards in sets_in(same_rank, rules, state.decks))
    else:
        sets = set_melds(held, chosen.rank)
    for action in sets:
        cards = action.cards
        if chosen in cards:
            points = sum(meld_values(cards, "set", rules)) if need else 0
            yield action, cards, points, None, cards
            if double:
                yield LayMeld(cards, double=True), cards, 2 * points, None, cards
    suit, mask = chosen.suit_no, lane(held, chosen.suit_no)
    for (_start, cards), action in zip(
        suit_runs(suit, mask, rules), run_melds(suit, mask, rules), strict=True
    ):
        if chosen in cards:
            points = sum(meld_values(cards, "run", rules)) if need else 0
            yield action, cards, points, None, cards
            if double:
                yield LayMeld(cards, action.ace_high, double=True), cards, 2 * points, None, cards
    sealed = variant.sealed(state)
    layoffs = rules.pile_use == "meld_or_layoff"
    if layoffs and chosen.bit:  # (a joker has no bit: it is in no plain lay-off)
        for meld, wanted in zip(state.melds, state.table().takes, strict=True):
            if not held & wanted or meld.id in sealed:
                continue
            for cards, end in layoffs_onto(meld, hand, held, rules, state.decks):
                if chosen in cards:
                    points = sum(layoff_values(meld, cards, end, rules)) if need else 0
                    yield LayOff(cards, meld.id, end), cards, points, meld, cards
    if chosen is JOKER and variant.joker_plays:  # RULES 8, persian: sets of jokers
        for play in variant.set_actions(state, hand, state.melds):
            if isinstance(play, LayOff) and not layoffs:
                continue
            points = play_value(state, play) if need else 0
            on = state.melds[play.meld - 1] if isinstance(play, LayOff) else None
            yield play, play.cards, points, on, play.cards
    if variant.joker_plays and variant.wild_hand(state, hand) is not None:  # RULES 8
        near = hand
        if chosen is not JOKER:  # only cards of its rank or suit can share a play with it
            near = [c for c in hand if c is JOKER or c.rank == chosen.rank or c.suit is chosen.suit]
        for wild in wild_plays(state, near, state.melds):
            if chosen not in wild.action.cards or (wild.meld is not None and not layoffs):
                continue
            points = joker_play_points(state, wild.action, state.melds) if need else 0
            own = variant.own(state, wild.action.cards)
            yield wild.action, own, points, wild.meld, wild.faces
