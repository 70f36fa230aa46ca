"""The melds and lay-offs a hand can make, listed as actions (for `legal_actions`, the
windows and analyze), and what a play would put on the table now. The melds themselves
are listed by `fast.listing.meld_actions`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import AnyAction, LayMeld, LayOff
from ..cards import Card
from ..fast.listing import meld_layoffs
from ..laid_melds import Meld
from ..variants import Variant, variant_of
from .values import layoff_values, meld_shape, meld_values
from .wild import wild_plays

if TYPE_CHECKING:
    from ..state import State


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
    """Every lay-off of the hand (`mask`: its `fast.masks.mask_of`) on the melds that take
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
