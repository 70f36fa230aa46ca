"""The melds and lay-offs a hand can make, listed as actions (for `legal_actions`, the
windows and analyze), and what a play would put on the table now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import AnyAction, LayMeld, LayOff
from ..cards import Card
from ..masks import (
    lane,
    layoffs_onto,
    run_blocks,
    run_key,
    run_suits,
    set_ranks,
    sets_of_rank,
    suit_runs,
    suits_of,
    takes,
)
from ..melds import Meld, sets_in
from ..variants import Variant, variant_of
from .values import layoff_values, meld_shape, meld_values
from .wild import wild_plays

if TYPE_CHECKING:
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


def meld_actions(state: State, hand: list[Card], mask: int) -> list[LayMeld]:
    """Every set and run the hand can lay (RULES 3), in the order of `melds.sets_in`
    and `melds.runs_in`. `mask`: the hand's `masks.mask_of`."""
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


def doubled_actions(melds: list[LayMeld]) -> list[LayMeld]:
    """The same melds with the dealer's joker laid on them (RULES 8, power double)."""
    return [LayMeld(meld.cards, meld.ace_high, double=True) for meld in melds]


def open_melds(state: State, variant: Variant | None = None) -> list[Meld]:
    """The melds that still take cards (not one the variant sealed)."""
    sealed = (variant or variant_of(state.rules)).sealed(state)
    return [meld for meld in state.melds if meld.id not in sealed] if sealed else state.melds


def layoff_actions(
    state: State, hand: list[Card], mask: int, variant: Variant | None = None
) -> list[LayMeld | LayOff]:
    """Every lay-off of the hand (`mask`: its `masks.mask_of`) on the melds that take
    cards, then every play with jokers (RULES 8), each once. `variant`: the game's hooks,
    when the caller has them."""
    variant = variant or variant_of(state.rules)
    table = state.table()
    plays: list[LayMeld | LayOff] = []
    if mask & table.wants:
        rules, decks = state.rules, state.decks
        sealed = variant.sealed(state)
        for meld, wanted in zip(state.melds, table.takes, strict=True):
            if mask & wanted and meld.id not in sealed:
                plays += meld_layoffs(meld, hand, mask, rules, decks)
    if variant.joker_plays:
        plays += joker_actions(state, hand, open_melds(state, variant))
    return plays


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


def joker_actions(state: State, hand: list[Card], melds: Sequence[Meld]) -> list[LayMeld | LayOff]:
    """The plays with jokers that a hand could make on these melds (RULES 8): sets of
    jokers under persian, wild jokers under jokers (and the dealer's wild joker under
    dealers_gambit, for the player to move). For the windows and for analyze."""
    variant = variant_of(state.rules)
    plays = variant.set_actions(state, hand, melds)
    if variant.wild_hand(state, hand) is not None:
        plays.extend(play.action for play in wild_plays(state, hand, melds))
    return plays


def play_value(state: State, action: AnyAction) -> int:
    """The points a meld or lay-off would put on the table now (0 for other actions)."""
    rules = state.rules
    if isinstance(action, LayMeld):
        shape = meld_shape(action.cards, rules, state.decks, action.ace_high)
        return sum(meld_values(shape.cards, shape.kind, rules))
    if isinstance(action, LayOff):
        meld = state.meld(action.meld)
        return sum(layoff_values(meld, action.cards, action.end, rules))
    return 0
