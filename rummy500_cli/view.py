"""What one seat may see: of the state (`view`) and of each event (`visible_event`).

Bots, the JSON protocol and `replay --as` see the game only through these, so that no
one ever learns another hand, the stock's order or a card drawn by someone else.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from .cards import JOKER, Card
from .events import (
    Discarded,
    Event,
    JokerBlocked,
    LaidOff,
    Melded,
    RoundDealt,
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
)
from .laid_melds import Meld
from .state import CARD, State
from .variants.jokers import physical
from .variants.partnership import partner_of, side_totals


class MeldView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    owner: int
    kind: str
    cards: tuple[str, ...]
    placed_by: tuple[int, ...]
    jokers: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    """RULES 8: for each JK in `cards`, in order, the card it stands for (as in the log);
    absent when the meld holds no joker."""
    sealed: bool | msgspec.UnsetType = msgspec.UNSET
    """RULES 8 (dealers_gambit): true when the dealer's joker doubled and sealed it."""


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The table as one seat sees it."""

    seat: int
    players: tuple[str, ...]
    round: int
    phase: str
    to_move: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    pile: tuple[str, ...]
    stock: int
    melds: tuple[MeldView, ...]
    totals: tuple[int, ...]
    pending: str | None = None
    kept: str | None = None
    partner: int | UnsetType = UNSET
    """RULES 8: the asked seat's partner in a partnership game; absent otherwise."""
    sides: tuple[int, ...] | UnsetType = UNSET
    """RULES 8: the side totals (seats 0+2, then 1+3); absent without sides."""
    dealer_joker: str | msgspec.UnsetType = msgspec.UNSET
    """RULES 8 (dealers_gambit): the dealer's joker's power and state, as `double ready`
    (`none ready` before the power is named; `used`, `blocked`)."""


def view(state: State, seat: int) -> View:
    """The state as a seat may see it: its own hand, the others' counts."""
    own = state.to_move == seat
    return View(
        seat=seat,
        players=state.players,
        round=state.round,
        phase=state.phase,
        to_move=state.to_move,
        hand=tuple(card.ascii for card in state.hands[seat]),
        hand_counts=tuple(len(hand) for hand in state.hands),
        pile=tuple(card.ascii for card in state.pile),
        stock=len(state.stock),
        melds=tuple(_meld_view(state, meld) for meld in state.melds),
        totals=tuple(state.totals),
        pending=state.pending.ascii if own and state.pending is not None else None,
        kept=state.kept.ascii if own and state.kept is not None else None,
        dealer_joker=msgspec.UNSET
        if state.gambit is None
        else f"{state.gambit.power or 'none'} {state.gambit.status}",
        **_sides(state, seat),
    )


def _meld_view(state: State, meld: Meld) -> MeldView:
    wild = meld.wild
    sealed = state.gambit is not None and meld.id in state.gambit.sealed
    return MeldView(
        id=meld.id,
        owner=meld.owner,
        kind=meld.kind,
        cards=tuple(card.ascii for card in physical(meld)),
        placed_by=tuple(meld.placed_by),
        jokers=tuple(c.ascii for i, c in enumerate(meld.cards) if wild[i])
        if wild
        else msgspec.UNSET,
        sealed=True if sealed else msgspec.UNSET,
    )


def _sides(state: State, seat: int) -> dict[str, Any]:
    """RULES 8: the partner and the side totals, for a partnership game only."""
    partner = partner_of(seat, state.rules)
    if partner is None:
        return {}
    return {"partner": partner, "sides": side_totals(state)}


def visible_event(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as a seat may see it (None: an onlooker), as a JSON-ready dict."""
    data: dict[str, Any] = msgspec.to_builtins(event)
    if isinstance(event, RoundDealt):
        data["hands"] = [
            list(hand) if index == seat else len(hand) for index, hand in enumerate(event.hands)
        ]
        data["stock"] = len(event.stock)
    elif isinstance(event, StockDrawn) and event.seat != seat:
        data["cards"] = len(event.cards)
    elif isinstance(event, StockRebuilt):
        data["stock"] = len(event.stock)
    return data


def shown_by(event: Event) -> list[Card]:
    """The cards of its mover's hand that an event shows to every seat (a discard, the
    chosen upcard, a meld's or a lay-off's cards, a joker blocked): what the others
    learn of that hand (the expert's particle filter, an online client's shadow)."""
    if isinstance(event, Discarded | UpcardChosen):
        return [CARD[event.card]]
    if isinstance(event, Melded | LaidOff):
        return [CARD[text] for text in event.cards]
    if isinstance(event, JokerBlocked):
        return [JOKER]
    return []
