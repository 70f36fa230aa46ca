"""The kept listings of melds and lay-offs as actions: the fast forms of
`melds.sets_in`, `melds.runs_in` and `melds.layoffs_on` made into actions once for each
shape of hand or meld, and kept (actions are immutable); and `meld_actions`, every meld
a hand allows, from them. The engine lists every play of every step of every bot game
through these (`engine.plays`, `engine.turn`, `engine.windows`); each answers what its
definition answers, in the same order (`fast.paths.FAST_PATHS`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import LayMeld, LayOff
from ..cards import Card
from .masks import (
    lane,
    layoffs_onto,
    run_blocks,
    run_key,
    run_suits,
    set_ranks,
    sets_in,
    sets_of_rank,
    suit_runs,
    suits_of,
    takes,
)

if TYPE_CHECKING:
    from ..laid_melds import Meld
    from ..rules import Rules
    from ..state import State


_SET_MELDS: dict[int, tuple[LayMeld, ...]] = {}
_RUN_MELDS: dict[int, tuple[LayMeld, ...]] = {}


def set_melds(mask: int, rank: int) -> tuple[LayMeld, ...]:
    """The sets of different suits of the rank that the hand (`mask`: its mask) can lay,
    as actions: made once for each rank and suits, and kept (actions are immutable)."""
    key = rank * 16 + suits_of(mask, rank)
    found = _SET_MELDS.get(key)
    if found is None:
        found = _SET_MELDS[key] = tuple(LayMeld(cards) for cards in sets_of_rank(mask, rank))
    return found


def run_melds(suit: int, mask: int, rules: Rules) -> tuple[LayMeld, ...]:
    """`masks.suit_runs` as actions, in the same order, made once and kept. A run names
    the Ace's end only where A-K and 2-A are both runs (a whole suit)."""
    key = run_key(suit, mask, rules)
    found = _RUN_MELDS.get(key)
    if found is None:
        around = rules.around_the_corner
        found = _RUN_MELDS[key] = tuple(
            LayMeld(cards, start == 2) if len(cards) == 13 and not around else LayMeld(cards)
            for start, cards in suit_runs(suit, mask, rules)
        )
    return found


_LAYOFFS: dict[tuple[int, ...], tuple[LayOff, ...]] = {}


def meld_layoffs(
    meld: Meld, hand: list[Card], mask: int, rules: Rules, decks: int
) -> Sequence[LayOff]:
    """The lay-offs of the hand onto one meld, as actions, made once for each shape of
    meld and cards held that it takes, and kept (actions are immutable): on a run, its
    suit, ends and the ranks held in the suit; on a set, the suits it still takes and
    those held (a set under set_duplicate_suits counts copies: made each time)."""
    key: tuple[int, ...]
    if meld.kind == "set":
        if rules.set_duplicate_suits:
            return [
                LayOff(cards, meld.id, end)
                for cards, end in layoffs_onto(meld, hand, mask, rules, decks)
            ]
        wanted = takes(meld, rules, decks)  # the rank and the suits not on it
        key = (meld.id, len(meld.cards), wanted, mask & wanted)
    elif rules.around_the_corner:  # (keys of three lengths: a set's, these, the next)
        suit = meld.cards[0].suit_no
        key = (meld.id, suit, meld.start, len(meld.cards), lane(mask, suit))
    else:  # a run's lay-offs are its blocks of cards held next to its ends
        suit = meld.cards[0].suit_no
        key = (meld.id, suit, meld.start, len(meld.cards), *run_blocks(meld, lane(mask, suit)))
    found = _LAYOFFS.get(key)
    if found is None:
        if len(_LAYOFFS) >= 8192:  # a game asks again and again for a few
            _LAYOFFS.clear()
        found = _LAYOFFS[key] = tuple(
            LayOff(cards, meld.id, end)
            for cards, end in layoffs_onto(meld, hand, mask, rules, decks)
        )
    return found


def meld_actions(state: State, hand: list[Card], mask: int) -> list[LayMeld]:
    """Every set and run the hand can lay (RULES 3), in the order of `melds.sets_in`
    and `melds.runs_in`, as actions (a whole suit's run names its Ace's end, as
    `run_melds`). `mask`: the hand's `masks.mask_of`."""
    rules = state.rules
    if rules.set_duplicate_suits:
        melds = [LayMeld(cards) for cards in sets_in(hand, rules, state.decks)]
    else:
        melds = []
        for rank in set_ranks(mask, hand):  # (most hands hold none: no comprehension)
            melds += set_melds(mask, rank)
    for suit in run_suits(mask, hand, rules):
        melds.extend(run_melds(suit, lane(mask, suit), rules))
    return melds
