"""A seat's own copy of the game, built from the events it receives (the client side).

The server sends each seat its projection of the log's events: another seat's stock
draw without its card, a deal without the other hands and the stock. The client folds
them into a `State` all the same, so that the table view, the narrator, Tab completion
and the legal moves of local play work on it unchanged: each hidden card is filled in
canonically (the cards this seat has not seen, in card order), and a card another seat
shows (discards, melds, lays off) is put into that seat's made-up hand in place of one
of its made-up cards just before the event plays it (as the expert's particle filter's
shadow does). This seat's hand, the pile, the melds, the stock's size and every score
are then exactly the server's; the other hands are only their sizes, as on screen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from ..cards import Card, new_deck
from ..events import (
    META_EVENTS,
    AnyEvent,
    Event,
    GameStarted,
    RoundDealt,
    StockDrawn,
    StockRebuilt,
    TakenBack,
)
from ..line import Line, Takeback
from ..state import CARD, State
from ..view import shown_by

HIDDEN = "??"
"""A card this seat may not see, as the shadow reads it before filling it in."""


class OutOfStep(ValueError):
    """An event this copy of the game cannot follow (it asks the server again)."""


def decode_event(data: dict[str, Any]) -> Event:
    """A projected event (counts where cards are hidden) as an engine event whose hidden
    cards are HIDDEN."""
    data = dict(data)
    kind = data.get("type")
    if kind == "game_started":
        data.setdefault("seed", "")  # never sent: the host's alone
    elif kind == "round_dealt":
        data["hands"] = [[HIDDEN] * h if isinstance(h, int) else h for h in data["hands"]]
        if isinstance(data.get("stock"), int):
            data["stock"] = [HIDDEN] * data["stock"]
    elif kind == "stock_drawn" and isinstance(data.get("cards"), int):
        data["cards"] = [HIDDEN] * data["cards"]
    elif kind == "stock_rebuilt" and isinstance(data.get("stock"), int):
        data["stock"] = [HIDDEN] * data["stock"]
    try:
        event: Event = msgspec.convert(data, AnyEvent)
    except msgspec.ValidationError as error:
        raise OutOfStep(f"an event the client cannot read: {error}") from None
    return event


def _hold(hand: list[Card], cards: list[Card]) -> None:
    """Put the cards into a made-up hand (as many copies as are shown: two decks, or
    jokers), each in place of a card the play does not need."""
    missing = Counter(cards) - Counter(hand)
    if not missing:
        return
    spare = Counter(hand) - Counter(cards)
    for card, count in missing.items():
        for _ in range(count):
            index = next(i for i, held in enumerate(hand) if spare[held] > 0)
            spare[hand[index]] -= 1
            hand[index] = card


def fill(state: State, seat: int, event: Event) -> Event:
    """The event with its hidden cards filled in canonically from this state."""
    if isinstance(event, RoundDealt) and (
        HIDDEN in event.stock or any(HIDDEN in hand for hand in event.hands)
    ):
        unseen = new_deck(state.decks, state.rules.jokers_per_deck)
        for text in event.hands[seat] if seat >= 0 else ():
            unseen.remove(CARD[text])
        if event.upcard is not None:
            unseen.remove(CARD[event.upcard])
        unseen.sort(key=lambda c: c.code)
        texts = [card.ascii for card in unseen]
        hands = []
        for index, hand in enumerate(event.hands):
            if index == seat:
                hands.append(hand)
            else:
                hands.append(tuple(texts[: len(hand)]))
                del texts[: len(hand)]
        stock = tuple(texts[: len(event.stock)])  # (not a card set aside: RULES 8)
        return msgspec.structs.replace(event, hands=tuple(hands), stock=stock)
    if isinstance(event, StockDrawn) and HIDDEN in event.cards:
        top = state.stock[-len(event.cards) :][::-1]
        return msgspec.structs.replace(event, cards=tuple(card.ascii for card in top))
    if isinstance(event, StockRebuilt) and HIDDEN in event.stock:
        cards = [card.ascii for card in state.pile[:-1]][: len(event.stock)]
        return msgspec.structs.replace(event, stock=tuple(cards))
    return event


def step(state: State, seat: int, event: Event) -> Event:
    """Apply one (projected) game event to the shadow; answer it as filled in."""
    event = fill(state, seat, event)
    mover = getattr(event, "seat", None)
    if mover is not None and mover != seat:
        shown = shown_by(event)
        if shown:
            _hold(state.hands[mover], shown)
    state.apply(event)
    return event


def shadow_fold(events: list[Event], seat: int) -> State:
    """The shadow state of a line of filled-in events (after a takeback)."""
    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    for event in events[1:]:
        step(state, seat, event)
    return state


class Shadow:
    """One seat's copy of the game (None: a spectator's, which knows no hand)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.line: Line | None = None
        self.state: State | None = None
        self.last = -1
        """The sequence number of the last event received."""
        self.takeback: Takeback | None = None
        """The record of the last takeback received."""

    @property
    def viewer(self) -> int:
        """The seat whose cards the shadow knows (a spectator's: seat 0's count only)."""
        return -1 if self.seat is None else self.seat

    def begin(self) -> None:
        """A batch of events (one move) begins."""
        if self.line is not None and self.state is not None:
            self.line.begin(self.state.to_move)

    def add(self, seq: int, data: dict[str, Any]) -> Event:
        """One event received; answers it filled in. OutOfStep when it cannot follow."""
        if seq <= self.last:
            raise OutOfStep(f"event {seq} again (the last was {self.last})")
        event = decode_event(data)
        try:
            if isinstance(event, GameStarted):
                self.line = Line(event)
                self.state = State(event)
            else:
                line, state = self.line, self.state
                if line is None or state is None:
                    raise OutOfStep("an event before the game's header")
                if isinstance(event, META_EVENTS):
                    record = line.add_meta(seq, event)
                    if isinstance(event, TakenBack):
                        self.takeback = record
                        self.state = shadow_fold(line.events, self.viewer)
                else:
                    event = step(state, self.viewer, event)
                    line.add(seq, event)
        except (ValueError, KeyError, IndexError, AssertionError, StopIteration) as error:
            raise OutOfStep(f"event {seq} does not follow: {error}") from None
        self.last = seq
        return event
