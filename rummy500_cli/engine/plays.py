"""The melds and lay-offs a hand can make, listed as actions (for `legal_actions`, the
windows and analyze), and what a play would put on the table now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import AnyAction, LayMeld, LayOff
from ..cards import Card
from ..melds import Meld, layoffs_on, runs_in, sets_in
from .values import layoff_values, meld_shape, meld_values
from .variants import Play, hooks
from .wild import wild_plays

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import State


def run_action(cards: tuple[Card, ...], start: int, rules: Rules) -> LayMeld:
    """A run as an action, naming the Ace's end only where A-K and 2-A are both runs."""
    if len(cards) == 13 and not rules.around_the_corner:
        return LayMeld(cards, start == 2)
    return LayMeld(cards)


def meld_actions(state: State, hand: list[Card], ranks: dict[int, set[int]]) -> list[LayMeld]:
    """Every set and run the hand can lay (RULES 3)."""
    rules = state.rules
    melds = [LayMeld(cards) for cards in sets_in(hand, rules, state.decks)]
    melds.extend(run_action(cards, start, rules) for start, cards in runs_in(hand, rules, ranks))
    return melds


def doubled_actions(melds: list[LayMeld]) -> list[LayMeld]:
    """The same melds with the dealer's joker laid on them (RULES 8, power double)."""
    return [LayMeld(meld.cards, meld.ace_high, double=True) for meld in melds]


def open_melds(state: State, variant: Play | None = None) -> list[Meld]:
    """The melds that still take cards (not one the variant sealed)."""
    sealed = (variant or hooks(state)).sealed(state)
    return [meld for meld in state.melds if meld.id not in sealed] if sealed else state.melds


def layoff_actions(
    state: State, hand: list[Card], ranks: dict[int, set[int]], variant: Play | None = None
) -> list[LayMeld | LayOff]:
    """Every lay-off of the hand on the melds that take cards, then every play with
    jokers (RULES 8), each once. `variant`: the game's hooks, when the caller has them."""
    rules, decks = state.rules, state.decks
    variant = variant or hooks(state)
    melds = open_melds(state, variant)
    plays: list[LayMeld | LayOff] = [
        LayOff(cards, meld.id, end)
        for meld in melds
        for cards, end in layoffs_on(meld, hand, ranks, rules, decks)
    ]
    if variant.joker_plays:
        plays += joker_actions(state, hand, melds)
    return plays


def joker_actions(state: State, hand: list[Card], melds: Sequence[Meld]) -> list[LayMeld | LayOff]:
    """The plays with jokers that a hand could make on these melds (RULES 8): sets of
    jokers under persian, wild jokers under jokers (and the dealer's wild joker under
    dealers_gambit, for the player to move). For the windows and for analyze."""
    variant = hooks(state)
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
