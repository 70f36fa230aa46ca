"""A finished (or unfinished) game as a sequence of positions: jump anywhere, at once.

`Replay` keeps one snapshot of the state at each deal, so the state after any event is a
copy of the nearest snapshot plus at most one round of events: jumping to the last event
of a long game costs a round, not the game. Positions are event numbers (the sequence
numbers of the log): position N is the state after event N. Stepping follows the line
played, past what a takeback took back (rummy500-replay(6)).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..cards import Card
from ..events import (
    META_EVENTS,
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
from ..line import Line, Takeback, played_line
from ..state import State


class Replay:
    """The positions of one game, one for each line of its log.

    The events are the log's, by sequence number. Where a game was taken back (a
    `taken_back` line), `walk` (the line played, `line.played_line`) leaves out what was
    taken back; every line keeps its position all the same, an abandoned one showing
    the game as it stood when that line was written."""

    def __init__(self, events: Sequence[Event]) -> None:
        header = events[0]
        if not isinstance(header, GameStarted):
            raise ValueError("a game's first event must be game_started")
        self.events = list(events)
        self.header = header
        self.line = played_line(self.events)
        self.walk = [seq for seq, _, _ in self.line.walk]
        """The log lines of the line played, in order: what stepping visits."""
        self._at = {seq: position for seq, _, position in self.line.walk}
        self._snapshot_at: list[int] = [0]
        self._snapshots: list[State] = [State(header)]
        state = State(header)
        for position, event in enumerate(self.line.events[1:], 1):
            state.apply(event)
            if isinstance(event, RoundDealt):
                self._snapshot_at.append(position)
                self._snapshots.append(state.copy())
        self.final = state
        self._abandoned: dict[int, Takeback] = {}
        for record in reversed(self.line.takebacks):  # the first takeback of a line wins
            for seq, _event in record.abandoned:
                self._abandoned[seq] = record

    @property
    def last(self) -> int:
        return len(self.events) - 1

    def state_at(self, position: int) -> State:
        """The state after event `position` (0 is the header alone): the game as it
        stood when that line of the log was written."""
        position = max(0, min(position, self.last))
        at = self._at.get(position)
        if at is None:  # taken back later: the game as the log stood then
            return Replay(self.events[: position + 1]).final
        if at == self.line.last:
            return self.final.copy()
        index = bisect_right(self._snapshot_at, at) - 1
        state = self._snapshots[index].copy()
        for event in self.line.events[self._snapshot_at[index] + 1 : at + 1]:
            state.apply(event)
        return state

    def line_position(self, position: int) -> int:
        """The position of the line played whose state a position shows (for one taken
        back, the point it was taken back to)."""
        at = self._at.get(position)
        if at is not None:
            return at
        return self._abandoned[position].position

    def taken_back_by(self, position: int) -> Takeback | None:
        """The takeback that abandoned this position, if one did."""
        return self._abandoned.get(position)

    def takeback(self, position: int) -> Takeback | None:
        """The record of the takeback at this position, if its line is one."""
        return next((r for r in self.line.takebacks if r.seq == position), None)

    # --- Landmarks ---------------------------------------------------------------------

    def step(self, position: int, by: int) -> int:
        """One line on (`by` 1) or back (-1): along the line played; from a position
        taken back, along the log (through what was taken back, to its takeback)."""
        if position not in self._at:
            return max(0, min(position + by, self.last))
        index = bisect_left(self.walk, position) + by
        return self.walk[max(0, min(index, len(self.walk) - 1))]

    def round_starts(self) -> list[int]:
        """The position of each deal."""
        return [self.line.seqs[at] for at in self._snapshot_at[1:]]

    def turn_starts(self) -> list[int]:
        """Positions where a player is about to begin a turn: after each deal, each
        upcard choice's deal, and each discard that did not end the round."""
        events, seqs = self.line.events, self.line.seqs
        starts = []
        for at, event in enumerate(events):
            if isinstance(event, RoundDealt):
                starts.append(seqs[at])
            elif isinstance(event, Discarded):
                following = events[at + 1] if at + 1 < len(events) else None
                if not isinstance(following, RoundEnded):
                    starts.append(seqs[at])
        return starts

    def takebacks(self) -> list[int]:
        """The position of every takeback of the log."""
        return [record.seq for record in self.line.takebacks]

    def next_after(self, marks: list[int], position: int) -> int:
        """The first mark after a position (or the last event)."""
        for mark in marks:
            if mark > position:
                return mark
        return self.walk[-1]

    def previous_before(self, marks: list[int], position: int) -> int:
        """The last mark before a position (or the header)."""
        for mark in reversed(marks):
            if mark < position:
                return mark
        return 0

    def next_moving(self, card: Card, position: int) -> int | None:
        """The next event of the line played after a position that moves a card (dealt,
        drawn, taken, melded, laid off or discarded)."""
        text = card.ascii
        for seq, event, _ in self.line.walk:
            if seq > position and text in cards_moved(event):
                return seq
        return None

    def round_and_turn(self, position: int) -> tuple[int, int]:
        """The round number and the turn number within it at a position: the turn of
        the player to move after that event (a discard passes the turn, so the position
        of a discard is in the next turn; the discard that ends a round is not)."""
        if position not in self._at:
            return Replay(self.events[: position + 1]).round_and_turn(position)
        state_round = 0
        turn = 0
        starts = set(self.turn_starts())
        for seq, event, _ in self.line.walk:
            if seq > position:
                break
            if isinstance(event, RoundDealt):
                state_round = event.round
                turn = 1
            elif seq in starts:
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


class RoundReplay(Replay):
    """The positions of a window of a long game, from a deal to the next deal after the
    position wanted (or the end): what `replay --at` shows of a log too long to hold
    (issue 31), with `Replay`'s answers for every position of the window. A takeback
    never returns past the deal of its round (`line.target_problem`), so what the
    window holds decides every answer about its positions.

    `dealt`: the state after the window's first event, the deal at line `first`;
    `window`: the log's events from that deal on, by sequence number; `last`: the log's
    last event."""

    def __init__(
        self, header: GameStarted, dealt: State, first: int, window: list[Event], last: int
    ) -> None:
        self.header = header
        self._dealt, self._first, self._window, self._last = dealt, first, window, last
        # Replay reads its events by sequence number only, which the window answers
        self.events = _Window(header, first, window)  # type: ignore[assignment]
        line = Line(header)
        for seq, event in enumerate(window, first):
            if isinstance(event, META_EVENTS):
                line.add_meta(seq, event)
            else:
                line.add(seq, event)
        self.line = line
        self.walk = [seq for seq, _, _ in line.walk]
        self._at = {seq: position for seq, _, position in line.walk}
        self._snapshot_at = [1]
        self._snapshots = [dealt.copy()]
        state = dealt.copy()
        for position, event in enumerate(line.events[2:], 2):
            state.apply(event)
            if isinstance(event, RoundDealt):
                self._snapshot_at.append(position)
                self._snapshots.append(state.copy())
        self.final = state
        self._abandoned = {}
        for record in reversed(line.takebacks):  # the first takeback of a line wins
            for seq, _event in record.abandoned:
                self._abandoned[seq] = record

    @property
    def last(self) -> int:
        return self._last

    def _upto(self, position: int) -> RoundReplay:
        """The window as the log stood after line `position` (one of it)."""
        window = self._window[: position - self._first + 1]
        return RoundReplay(self.header, self._dealt, self._first, window, self._last)

    def state_at(self, position: int) -> State:
        if position not in self._at and self._first <= position <= self._last:
            return self._upto(position).final
        return super().state_at(position)

    def round_and_turn(self, position: int) -> tuple[int, int]:
        if position not in self._at:
            return self._upto(position).round_and_turn(position)
        return super().round_and_turn(position)


class _Window:
    """A window's events by sequence number (the header too), as `Replay.events`."""

    def __init__(self, header: GameStarted, first: int, window: list[Event]) -> None:
        self.header, self.first, self.window = header, first, window

    def __getitem__(self, seq: int) -> Event:
        if seq == 0:
            return self.header
        if not self.first <= seq < self.first + len(self.window):
            raise IndexError(f"event {seq} is outside the window read")
        return self.window[seq - self.first]
