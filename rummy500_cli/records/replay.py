"""A finished (or unfinished) game as a sequence of positions: jump anywhere, at once.

`Replay` keeps one snapshot of the state at each deal, so the state after any event is a
copy of the nearest snapshot plus at most one round of events: jumping to the last event
of a long game costs a round, not the game. Positions are event numbers (the sequence
numbers of the log): position N is the state after event N.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..cards import Card
from ..events import (
    Discarded,
    Event,
    GameStarted,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    RumCalled,
    StockDrawn,
    UpcardChosen,
)
from ..state import State


class Replay:
    """The positions of one game."""

    def __init__(self, events: Sequence[Event]) -> None:
        header = events[0]
        if not isinstance(header, GameStarted):
            raise ValueError("a game's first event must be game_started")
        self.events = list(events)
        self.header = header
        self._snapshot_at: list[int] = [0]
        self._snapshots: list[State] = [State(header)]
        state = State(header)
        for number, event in enumerate(self.events[1:], 1):
            state.apply(event)
            if isinstance(event, RoundDealt):
                self._snapshot_at.append(number)
                self._snapshots.append(state.copy())
        self.final = state

    @property
    def last(self) -> int:
        return len(self.events) - 1

    def state_at(self, position: int) -> State:
        """The state after event `position` (0 is the header alone)."""
        position = max(0, min(position, self.last))
        if position == self.last:
            return self.final.copy()
        index = bisect_right(self._snapshot_at, position) - 1
        state = self._snapshots[index].copy()
        for event in self.events[self._snapshot_at[index] + 1 : position + 1]:
            state.apply(event)
        return state

    # --- Landmarks ---------------------------------------------------------------------

    def round_starts(self) -> list[int]:
        """The position of each deal."""
        return self._snapshot_at[1:]

    def turn_starts(self) -> list[int]:
        """Positions where a player is about to begin a turn: after each deal, each
        upcard choice's deal, and each discard that did not end the round."""
        starts = []
        for number, event in enumerate(self.events):
            if isinstance(event, RoundDealt):
                starts.append(number)
            elif isinstance(event, Discarded):
                following = self.events[number + 1] if number + 1 <= self.last else None
                if not isinstance(following, RoundEnded):
                    starts.append(number)
        return starts

    def next_after(self, marks: list[int], position: int) -> int:
        """The first mark after a position (or the last event)."""
        for mark in marks:
            if mark > position:
                return mark
        return self.last

    def previous_before(self, marks: list[int], position: int) -> int:
        """The last mark before a position (or the header)."""
        for mark in reversed(marks):
            if mark < position:
                return mark
        return 0

    def next_moving(self, card: Card, position: int) -> int | None:
        """The next event after a position that moves a card (dealt, drawn, taken,
        melded, laid off or discarded)."""
        text = card.ascii
        for number in range(position + 1, len(self.events)):
            if text in cards_moved(self.events[number]):
                return number
        return None

    def round_and_turn(self, position: int) -> tuple[int, int]:
        """The round number and the turn number within it at a position: the turn of
        the player to move after that event (a discard passes the turn, so the position
        of a discard is in the next turn; the discard that ends a round is not)."""
        state_round = 0
        turn = 0
        starts = set(self.turn_starts())
        for number, event in enumerate(self.events[: position + 1]):
            if isinstance(event, RoundDealt):
                state_round = event.round
                turn = 1
            elif number in starts:
                turn += 1
        return state_round, turn


def cards_moved(event: Event) -> tuple[str, ...]:
    """The cards an event moves, in ASCII notation."""
    if isinstance(event, StockDrawn | PileTaken | Melded | LaidOff):
        return event.cards
    if isinstance(event, Discarded | UpcardChosen | RumCalled):
        return (event.card,)
    if isinstance(event, RoundDealt):
        dealt = tuple(card for hand in event.hands for card in hand)
        return dealt + ((event.upcard,) if event.upcard else ())
    return ()
