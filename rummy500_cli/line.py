"""The line played: a log's events with its takebacks resolved, and where a takeback may
return to.

A log only grows. A takeback (`undo` at the prompt) is a `taken_back` line naming the
earlier event the game returns to; the events after that one stay in the file, abandoned,
still chained and still readable. The line played is what is left: the events the game
now stands on, whose fold is the state, which the bots see and the analysis judges, and
the walk the replay steps through (the line's events, its seat changes and the takebacks
that still stand on it, in the order of the log).

Where a takeback is allowed (rummy500-play(6), UNDO) has one home, here, for the prompt
that makes one and the audit that checks one:

- `undo_problem`: the game allows takebacks (not `--no-undo`); the seat is a person's and
  every other seat a bot's or a program's (a hot-seat game allows none: the other
  players saw the move, and nothing in a log could show that they agreed); the seat is
  to move.
- `target_problem`: the point returned to is on the line played, is where that seat was
  to move (before one of its moves), and is neither before the deal of the round in play
  (a scored round stands) nor before the last change of seats (who plays a seat is not a
  move, and is not taken back).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING

from .events import META_EVENTS, Event, GameStarted, RoundDealt, SeatChanged, TakenBack

if TYPE_CHECKING:
    from .state import State

_SEAT = attrgetter("seat")

DECISION_PHASES = ("power", "upcard", "draw", "play", "window")
"""The phases in which a player is asked for a move."""


def recorded_kinds(header: GameStarted) -> tuple[str, ...]:
    """Who plays each seat as the header records it (`seats.parse_seat_kind`); a header
    without them (a log written by hand, or by version 0.1 outside `play`) seats a
    person at seat 0 and random bots elsewhere."""
    if header.seats:
        return header.seats
    return ("human",) + ("bot:random",) * (len(header.players) - 1)


def humans(kinds: Sequence[str]) -> list[int]:
    """The seats a person plays."""
    return [seat for seat, kind in enumerate(kinds) if kind == "human"]


@dataclass
class Takeback:
    """One `taken_back` line, read against the line it was made on."""

    seq: int
    """Its line in the log."""
    seat: int
    to: int
    """The event the game returned to (its sequence number)."""
    position: int
    """The same point as a position of the line played (an index of `Line.events`)."""
    abandoned: list[tuple[int, Event]]
    """What it took back, in order: the events (and any earlier takeback) that stood on
    the line after `to`, each with its sequence number."""

    @property
    def moves(self) -> list[Event]:
        """The game events taken back (the earlier takebacks among them left out)."""
        return [event for _, event in self.abandoned if not isinstance(event, META_EVENTS)]


class Line:
    """The line played of one game, built event by event (`add`, `add_meta`).

    `starts` (where each move began, and whose it was) is known only to the builders that
    resolve the moves, the audit and the session; a line read with `played_line` has
    none, which the replay and the presenters do not need."""

    def __init__(self, header: GameStarted) -> None:
        self.header = header
        self.events: list[Event] = [header]
        """The game events of the line, the header first: the state is their fold."""
        self._seqs: list[int] = [0]
        """`seqs` as far as it is written out (see `_seq_runs`)."""
        self._seq_runs: list[tuple[int, int]] = []
        """Sequence numbers added and not yet in `_seqs`: runs of consecutive ones, each
        its first and how many (a log read whole, as `verify` reads one, never asks for
        `seqs`, and never makes its 100,000 ints)."""
        self.takebacks: list[Takeback] = []
        """Every takeback of the log, in order (also one taken back in turn)."""
        self.kinds: list[str] = list(recorded_kinds(header))
        """Who plays each seat now."""
        self.dealt = 0
        """The position of the deal of the round in play."""
        self.changed = 0
        self.changed_seq = 0
        """The position (and log line) of the last change of seats (0: none)."""
        self._metas: list[tuple[int, Event, int]] = []
        """The meta events that stand on the line, as `walk` holds them."""
        self._walk: list[tuple[int, Event, int]] | None = [(0, header, 0)]
        """`walk` once worked out (None: not yet, since moves were added in bulk)."""
        self._starts: dict[int, int] = {}
        self._runs: list[tuple[int, int]] = []
        """Runs of moves added by `add_moves` and not yet in `starts`: the position of
        the first one's event, and how many. (A log read whole and never walked, as
        `verify` reads one, never spends the time `walk` and `starts` take.)"""

    @property
    def seqs(self) -> list[int]:
        """The log's sequence number of each of `events`."""
        runs = self._seq_runs
        if runs:
            seqs = self._seqs
            for first, count in runs:
                seqs.extend(range(first, first + count))
            runs.clear()
        return self._seqs

    @property
    def walk(self) -> list[tuple[int, Event, int]]:
        """Every line of the log that stands on the line played, meta events included:
        its sequence number, its event, and the position of `events` whose state it
        leaves (a meta event leaves the state as it found it)."""
        if self._walk is None:
            self._walk = self._walk_from(0)
        return self._walk

    def _walk_from(self, first: int) -> list[tuple[int, Event, int]]:
        """The part of `walk` from the game event at position `first` on: each meta
        event stands after the game event whose state it leaves."""
        seqs, events = self.seqs, self.events
        walk: list[tuple[int, Event, int]] = []
        done = first
        for meta in self._metas:
            if meta[2] >= first:
                upto = meta[2] + 1
                walk.extend(zip(seqs[done:upto], events[done:upto], range(done, upto), strict=True))
                walk.append(meta)
                done = upto
        walk.extend(zip(seqs[done:], events[done:], range(done, len(events)), strict=True))
        return walk

    @property
    def starts(self) -> dict[int, int]:
        """Position -> seat: each move on the line began at that position, by that seat."""
        if self._runs:
            events, starts = self.events, self._starts
            for first, count in self._runs:
                moves = events[first : first + count]
                starts.update(
                    zip(range(first - 1, first + count - 1), map(_SEAT, moves), strict=True)
                )
            self._runs.clear()
        return self._starts

    @property
    def last(self) -> int:
        """The position of the line's last event."""
        return len(self.events) - 1

    @property
    def floor(self) -> int:
        """The earliest position a takeback may return to."""
        return max(self.dealt, self.changed)

    def add(self, seq: int, event: Event) -> None:
        """A game event, at the end of the line."""
        self.events.append(event)
        if self._seq_runs:
            self._seq_runs.append((seq, 1))
        else:
            self._seqs.append(seq)
        position = len(self.events) - 1
        if self._walk is not None:
            self._walk.append((seq, event, position))
        if isinstance(event, RoundDealt):
            self.dealt = position

    def add_moves(self, seq: int, events: Sequence[Event]) -> None:
        """Moves of one event each (none a deal), in the log from line `seq` on, at the
        end of the line: each begins where the one before it ends, by its event's seat."""
        count = len(events)
        self._runs.append((len(self.events), count))
        self.events.extend(events)
        self._seq_runs.append((seq, count))
        self._walk = None

    def begin(self, seat: int) -> None:
        """A move of `seat` begins at the end of the line (its events follow)."""
        self._starts[self.last] = seat

    def add_meta(self, seq: int, event: Event) -> Takeback | None:
        """A seat change or a takeback (the latter's record is answered)."""
        if isinstance(event, TakenBack):
            return self.take_back(seq, event)
        assert isinstance(event, SeatChanged)
        self.kinds[event.seat] = event.kind
        self.changed, self.changed_seq = self.last, seq
        self._add_meta((seq, event, self.last))
        return None

    def _add_meta(self, entry: tuple[int, Event, int]) -> None:
        self._metas.append(entry)
        if self._walk is not None:
            self._walk.append(entry)

    def take_back(self, seq: int, event: TakenBack) -> Takeback:
        """Return the line to the event `event.to`; ValueError when it is not on it."""
        position = self.position_of(event.to)
        if position is None:
            raise ValueError(f"event {event.to} is not on the line played")
        starts = self.starts
        abandoned = [(entry[0], entry[1]) for entry in self._walk_from(position + 1)]
        del self.events[position + 1 :]
        del self.seqs[position + 1 :]
        self._starts = {at: seat for at, seat in starts.items() if at < position}
        self._metas = [meta for meta in self._metas if meta[2] <= position]
        self._walk = None
        record = Takeback(seq, event.seat, event.to, position, abandoned)
        self.takebacks.append(record)
        self._add_meta((seq, event, position))
        return record

    def position_of(self, seq: int) -> int | None:
        """The position of the game event with this sequence number, if it is on the line."""
        seqs = self.seqs
        index = bisect_left(seqs, seq)
        return index if index < len(seqs) and seqs[index] == seq else None

    def targets(self, seat: int) -> list[int]:
        """The positions a takeback by `seat` may return to now, the latest last: before
        each of its moves since the floor (the round's deal, the last change of seats)."""
        floor = self.floor
        return sorted(at for at, mover in self.starts.items() if mover == seat and at >= floor)

    def floor_words(self) -> str:
        """Why a takeback goes no further back, in words."""
        if self.changed > self.dealt:
            return f"the change of seats at event {self.changed_seq}"
        deal = self.events[self.dealt]
        number = deal.round if isinstance(deal, RoundDealt) else 1
        if number == 1:
            return "the deal"
        return f"the deal of round {number} (a scored round stands)"


def played_line(events: Sequence[Event]) -> Line:
    """The line played of a log's events (sequence number = index, the header first).

    It trusts the log, as the fold does: the readers check a log (`records.audit`)
    before anything reads it; a takeback to an event not on the line is a ValueError."""
    header = events[0]
    if not isinstance(header, GameStarted):
        raise ValueError("a game's first event must be game_started")
    line = Line(header)
    for seq in range(1, len(events)):
        event = events[seq]
        if isinstance(event, META_EVENTS):
            line.add_meta(seq, event)
        else:
            line.add(seq, event)
    return line


def undo_problem(line: Line, state: State, seat: int) -> str | None:
    """Why `seat` may not take back now (None: it may, if it has a point to return to)."""
    players = state.players
    if line.header.undo is False:
        return "the game was started with --no-undo: it allows no takeback"
    if not 0 <= seat < state.n:
        return f"there is no seat {seat}"
    name = players[seat]
    if line.kinds[seat] != "human":
        return f"{name}'s seat is not a person's: only a person takes back"
    others = [players[other] for other in humans(line.kinds) if other != seat]
    if others:
        return (
            f"{' and '.join(others)} also {'play' if len(others) > 1 else 'plays'} here: "
            "a hot-seat game allows no takeback"
        )
    if state.over:
        return "the game is over"
    if state.to_move != seat or state.phase not in DECISION_PHASES:
        return f"{name} is not to move"
    return None


def target_problem(line: Line, seat: int, to: int, players: Sequence[str]) -> str | None:
    """Why a takeback by `seat` may not return to event `to` (None: it may)."""
    position = line.position_of(to)
    if position is None:
        return f"event {to} is not on the line played"
    if position == line.last:
        return f"event {to} is the last of the line: there is nothing after it to take back"
    if position < line.floor:
        return f"event {to} is before {line.floor_words()}"
    if line.starts.get(position) != seat:
        return f"event {to} is not a point where {players[seat]} was to move"
    return None
