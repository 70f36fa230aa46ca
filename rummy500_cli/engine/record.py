"""Event to action: the player's decision that each event of a log records, for the
audit (`records.audit`), which resolves it again and compares the events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..actions import (
    AnyAction,
    BlockJoker,
    CallRum,
    ChooseUpcard,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NamePower,
    Pass,
    TakePile,
)
from ..cards import Card
from ..events import (
    Discarded,
    DrawSkipped,
    Event,
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundEnded,
    RumCalled,
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
)
from ..holding import card_of
from ..variants.jokers import faces_of

if TYPE_CHECKING:
    from ..state import State


def recorded_action(state: State, event: Event) -> AnyAction | None:
    """The player action that an event records, given the state before it; None for an
    event that follows from the rules alone (a deal, a score). A rebuilt stock records
    the draw that found the stock empty (RULES 6b.6), the card drawn following it."""
    make = _RECORDED.get(type(event))
    if make is not None:
        return make(event)
    if isinstance(event, RoundEnded) and state.phase == "draw":
        return DrawStock()  # RULES 5.2: the stock was empty and the player drew no card
    return None


def _recorded_meld(event: Melded) -> LayMeld:
    cards = tuple(card_of(c) for c in event.cards)
    if event.double:  # RULES 8, dealers_gambit
        return LayMeld(cards, _whole_suit_ace(cards), double=True)
    if not event.jokers:  # a whole suit's order says where its Ace lies (RULES 3.4)
        return LayMeld(cards, _whole_suit_ace(cards))
    meanings = tuple(card_of(c) for c in event.jokers)
    ace_high = None
    if len(cards) == 13:  # a whole suit with jokers: its order says where the Ace lies
        ace_high = faces_of(cards, meanings)[0].rank != 1
    return LayMeld(cards, ace_high, meanings)


def _whole_suit_ace(cards: Sequence[Card]) -> bool | None:
    if len(cards) == 13 and len({card.rank for card in cards}) == 13:
        return cards[0].rank != 1
    return None


def _recorded_layoff(event: LaidOff) -> LayOff:
    cards = tuple(card_of(c) for c in event.cards)
    return LayOff(cards, event.meld, event.end, tuple(card_of(c) for c in event.jokers or ()))


_RECORDED: dict[type, Callable[[Any], AnyAction]] = {
    StockDrawn: lambda e: DrawStock(),
    StockRebuilt: lambda e: DrawStock(),
    DrawSkipped: lambda e: DrawStock(),
    PileTaken: lambda e: TakePile(e.depth, len(e.split or ())),
    Melded: _recorded_meld,
    LaidOff: _recorded_layoff,
    Discarded: lambda e: Discard(card_of(e.card)),
    UpcardChosen: lambda e: ChooseUpcard(card_of(e.card)),
    Passed: lambda e: Pass(),
    RumCalled: lambda e: CallRum(e.meld, e.end),
    PowerNamed: lambda e: NamePower(e.power),
    JokerBlocked: lambda e: BlockJoker(),
}
