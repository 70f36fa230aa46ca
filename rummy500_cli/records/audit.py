"""The audit: check a game log while trusting nothing in it (`rummy500 verify`).

Every line's schema, sequence number and hash chain (`log.parse_log`); the rules in the
header; the first dealer and every deal reproduced from the seed (or the recorded
stacked deck); every player action legal under the recorded rules and in turn; and every
event that follows from an action (scores, totals, the next deal, the end of the game)
equal to what the engine computes. The first fault stops the audit with its line.

The check is a replay: each recorded event that carries a player's decision is turned
back into that action (`engine.recorded_action`), the engine resolves it from the state
so far, and the events it makes must be exactly the lines that follow. In the plain game
the common moves (a draw, a take, a discard, a meld, a lay-off that nothing follows) are
checked at a glance instead (`glance`), which accepts exactly what resolving
accepts and leaves every other line, and every refusal, to it.

A `seat_changed` line must name a seat and a kind of player; a `taken_back` line must
be allowed where it stands (`line.undo_problem`, `line.target_problem`), and the lines
after it are checked from the state it returns to: the abandoned events were checked
as they came, and the line played is checked whole.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import msgspec

from ..cards import Card
from ..engine import new_game, recorded_action, resolve
from ..errors import LogError, Rummy500Error
from ..events import (
    META_EVENTS,
    Event,
    GameStarted,
    RoundDealt,
    SeatChanged,
    SeedRevealed,
    TakenBack,
)
from ..line import Line, target_problem, undo_problem
from ..seats import header_seats_problem, kind_problem
from ..state import State, fold
from ..variants import check_rules
from ..variants.partnership import side_name, side_totals
from .glance import plain_rules, plain_run
from .log import LogData, line_hash, read_log
from .stream import Lookahead


class AuditError(LogError):
    """A fault found by the audit, with the line (1-based) where it stands."""

    def __init__(self, path: object, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass
class AuditSummary:
    """What a passed audit found."""

    events: int
    rounds: int
    finished: bool
    winner: str | None
    totals: tuple[int, ...]
    players: tuple[str, ...]
    sides: tuple[int, ...] = ()
    """RULES 8: the side totals of a partnership game (its `winner` is then the side's
    name, as `Ann & Cy`); empty otherwise."""
    owed: tuple[Event, ...] = ()
    """The events the rules owe after the last line (see `audit`): none for a log that
    stops where a player is to move."""
    state: State | None = field(default=None, repr=False, compare=False)
    """The state after the checked events (the owed ones not applied)."""
    played: Line | None = field(default=None, repr=False, compare=False)
    """The line played (takebacks resolved), with where each move began."""
    takebacks: int = 0
    """How many takebacks the log holds."""
    header: GameStarted | None = field(default=None, repr=False, compare=False)
    """The log's header (for a reader of a stream, which keeps no events)."""

    def line(self, path: object) -> str:
        scores = ", ".join(f"{n} {t}" for n, t in zip(self.players, self.totals, strict=True))
        if self.sides:
            scores += "; sides " + ", ".join(
                f"{side_name(side, self.players)} {total}" for side, total in enumerate(self.sides)
            )
        if self.finished:
            result = f"{self.winner} won" if self.winner else "ended unfinished (round limit)"
        else:
            result = "unfinished"
        rounds = "1 round" if self.rounds == 1 else f"{self.rounds} rounds"
        takebacks = ""
        if self.takebacks:
            several = "s" if self.takebacks > 1 else ""
            takebacks = f", {self.takebacks} takeback{several}"
        return (
            f"{path}: ok: {self.events} events{takebacks}, {rounds}, {result}; "
            f"totals {scores}; every deal, move and score checked"
        )


def _describe(event: Event) -> str:
    return msgspec.json.encode(event).decode()


def audit(data: LogData, path: object = "<log>", *, glance: bool = True) -> AuditSummary:
    """Check the events of a parsed log (see the module docstring).

    Raises AuditError naming the first line at fault and why. A log that stops in the
    middle of what one move makes (a write cut at a round's end leaves the round_ended
    without the next deal) passes: what is there is right, and the summary's `owed` holds
    the events the rules still owe, which a resumed game writes before play goes on.
    `glance`: whether the common moves of a plain game may be checked at a glance
    (`glance.plain_run`); without it, every move is resolved (the definition the glance
    answers: `fast.paths.FAST_PATHS`).
    """
    return _Audit(Lookahead(data.events), path, glance, stream=False).run()


def audit_stream(events: Iterable[Event], path: object = "<log>") -> AuditSummary:
    """`audit` of a stream of events (`stream.LogStream`), in memory that does not grow
    with the log: the events are read in chunks and let go once checked, and the line
    played is kept for the round in play only (a takeback never returns past its deal,
    `line.target_problem`). The summary's `played` line is the round in play's (its
    `kinds`: who plays each seat at the end)."""
    return _Audit(Lookahead(events), path, True, stream=True).run()


class _Audit:
    """One audit's course (see `audit`)."""

    def __init__(self, window: Lookahead, path: object, glance: bool, stream: bool) -> None:
        self.window = window
        self.path = path
        self.glance = glance
        self.stream = stream
        self.carried = 0
        """Takebacks of the rounds whose line was let go (a stream's)."""
        self.off_line: set[int] = set()
        """A stream's: the lines not on the line played (meta lines, what was taken
        back), for the words of a takeback to before the deal in play."""

    def run(self) -> AuditSummary:
        window, path = self.window, self.path
        window.has(0)
        header = window[0]
        assert isinstance(header, GameStarted)
        try:
            check_rules(header.rules, len(header.players))
        except Rummy500Error as error:
            raise AuditError(path, 1, f"the header's rules cannot be played: {error}") from None
        problem = header_seats_problem(header.seats, len(header.players))
        if problem is not None:  # checked as a seat_changed line is (`_meta`)
            raise AuditError(path, 1, f"the header's seats cannot be: {problem}")
        try:
            deck = [[Card.parse(text) for text in cards] for cards in header.deck]
            opening = new_game(header.players, header.rules, header.seed, deck, header.seats)
        except Rummy500Error as error:
            raise AuditError(path, 1, f"the header does not start a game: {error}") from None
        state = State(header)
        line = Line(header)
        for number in (1, 2):
            if not window.has(number):
                return self._summary(state, line, number, header, opening[number:])
            if window[number] != opening[number]:
                what = "dealer draw" if number == 1 else "first deal"
                raise AuditError(
                    path,
                    number + 1,
                    f"the {what} is not the one the seed {header.seed!r} gives"
                    + (" with the recorded stacked deck" if header.deck else "")
                    + f": expected {_describe(opening[number])}",
                )
            state.apply(window[number])
            line.add(number, window[number])
        self.dealt = state.copy() if self.stream else state
        """A stream's: the state after the deal in play (a takeback's starting point)."""
        index = 3
        owed: list[Event] = []
        plain = self.glance and plain_rules(header.rules, len(header.players))
        while window.has(index):
            window.forget(index)
            if plain:  # the common moves at a glance; the full check below for the others
                window.ahead(index, 512)
                base = window.base
                stop = plain_run(state, window.events, index - base) + base
                if stop > index:
                    line.add_moves(index, window.events[index - base : stop - base])
                    index = stop
                    continue
            event = window[index]
            if isinstance(event, SeedRevealed):  # a fair deal online: the proof, last
                _revealed(header, event, index, window.has(index + 1), path)
                index += 1
                continue
            if state.over:
                raise AuditError(path, index + 1, "a line after the end of the game")
            if isinstance(event, META_EVENTS):
                state = self._meta(line, state, index, event)
                index += 1
                continue
            try:
                action = recorded_action(state, event)
            except Rummy500Error as error:  # a card or a value that does not exist
                raise AuditError(
                    path, index + 1, f"this {tag(event)} cannot be read: {error}"
                ) from None
            if action is None:
                raise AuditError(
                    path,
                    index + 1,
                    f"a {tag(event)} event where {state.players[state.to_move]}'s move "
                    f"({state.phase}) was due",
                )
            try:
                expected = resolve(state, action)
            except Rummy500Error as error:
                name = state.players[state.to_move]
                why = _about(str(error), name)
                raise AuditError(
                    path, index + 1, f"{name} could not play {action}: {why}"
                ) from None
            line.begin(state.to_move)
            dealt = False
            for offset, wanted in enumerate(expected):
                at = index + offset
                if not window.has(at):  # a log cut short after a move: what is there is right
                    owed = expected[offset:]
                    break
                if window[at] != wanted:
                    raise AuditError(
                        path,
                        at + 1,
                        f"this {tag(window[at])} differs from what the rules give: expected "
                        f"{_describe(wanted)}",
                    )
                # (the engine's event, equal to the line's: its card texts are the cards' own,
                # which the fold looks up at once)
                state.apply(wanted)
                line.add(at, window[at])
                if self.stream and type(wanted) is RoundDealt:
                    self.dealt, dealt = state.copy(), True
            index += len(expected)
            if dealt:  # a stream's line played starts again at the deal
                line = self._renewed(line)
        return self._summary(state, line, window.end, header, owed)

    def _renewed(self, line: Line) -> Line:
        """The line played from its last deal on (what a takeback may return to), with
        the seats as they are now; the takebacks before it counted."""
        self.carried += len(line.takebacks)
        fresh = Line(line.header)
        fresh.kinds = list(line.kinds)
        seqs = line.seqs
        for position in range(line.dealt, len(line.events)):
            fresh.add(seqs[position], line.events[position])
        return fresh

    def _meta(self, line: Line, state: State, index: int, event: Event) -> State:
        """Check a seat change or a takeback where it stands; answer the state after it."""
        path = self.path
        if self.stream:
            self.off_line.add(index)
        if isinstance(event, SeatChanged):
            problem = (
                f"there is no seat {event.seat}"
                if not 0 <= event.seat < state.n
                else kind_problem(event.kind)
            )
            if problem:
                raise AuditError(path, index + 1, f"this seat_changed cannot be: {problem}")
            line.add_meta(index, event)
            return state
        assert isinstance(event, TakenBack)
        problem = undo_problem(line, state, event.seat) or self._target_problem(line, event)
        if problem:
            raise AuditError(path, index + 1, f"a takeback that is not allowed: {problem}")
        record = line.take_back(index, event)
        if not self.stream:
            return fold(line.events)
        self.off_line.update(seq for seq, _event in record.abandoned)
        state = self.dealt.copy()  # the state at the deal, and the line played on from it
        for step in line.events[line.dealt + 1 :]:
            state.apply(step)
        return state

    def _target_problem(self, line: Line, event: TakenBack) -> str | None:
        """`line.target_problem`, with the words of a whole line for a stream's return to
        before the deal in play (whose line is let go)."""
        to = event.to
        if self.stream and 0 < to < line.seqs[line.dealt]:
            if to in self.off_line:
                return f"event {to} is not on the line played"
            return f"event {to} is before {line.floor_words()}"
        return target_problem(line, event.seat, to, line.header.players)

    def _summary(
        self, state: State, line: Line, count: int, header: GameStarted, owed: Sequence[Event]
    ) -> AuditSummary:
        summary = _summary(state, line, count, header, owed)
        if self.stream:  # (its line played is that of the round in play only)
            summary.takebacks += self.carried
        return summary


def _revealed(
    header: GameStarted, event: SeedRevealed, index: int, more: bool, path: object
) -> None:
    """A `seed_revealed` line: the last of the log, matching the header's commitment and
    deriving its seed (`online.fairness`)."""
    from ..online.fairness import check_revealed

    if more:
        raise AuditError(path, index + 2, "a line after the seed_revealed, which ends a log")
    try:
        check_revealed(header, event)
    except Rummy500Error as error:
        raise AuditError(path, index + 1, str(error)) from None


def read_checked(path: str | os.PathLike[str]) -> tuple[LogData, AuditSummary]:
    """Read a log file and check it as `verify` does: the one loading that every reader
    of a game (resume, replay, export, branch, analyze, games) goes through, so that a
    log whose events do not fit together is refused with its file and line before
    anything folds it. Raises LogError."""
    data = read_log(path)
    return data, audit(data, path)


def _about(message: str, name: str) -> str:
    """An engine message, said to the player at the prompt ("your hand"), as the audit
    says it about that seat ("Ana's hand")."""
    return re.sub(r"\b[Yy]our\b", f"{name}'s", message)


def tag(event: Event) -> str:
    """An event's type as its log line names it."""
    # msgspec types a tag as str | int | None; every event here has an explicit str tag
    return type(event).__struct_config__.tag  # type: ignore[return-value]


def _summary(
    state: State, line: Line, count: int, header: GameStarted, owed: Sequence[Event]
) -> AuditSummary:
    winner = state.players[state.winner] if state.winner is not None else None
    sides = side_totals(state)
    if sides and state.winner is not None:
        winner = side_name(state.winner, state.players)
    return AuditSummary(
        events=count,
        rounds=state.round,
        finished=state.over,
        winner=winner,
        totals=tuple(state.totals),
        players=header.players,
        sides=sides,
        owed=tuple(owed),
        state=state,
        played=line,
        takebacks=len(line.takebacks),
        header=header,
    )


def check_parent(data: LogData, parent: LogData, path: object, at: int) -> None:
    """A branch's events 1 to `at` must be its parent's, and the parent's line with
    sequence number `at` must hash to the value the branch's header records."""
    header = data.events[0]
    assert isinstance(header, GameStarted)
    if at >= len(parent.lines) or at >= len(data.events):
        raise AuditError(path, 1, f"the parent log has no event {at} to branch from")
    if line_hash(parent.lines[at]) != header.parent_hash:
        raise AuditError(
            path, 1, f"event {at} of the parent is not the one this game branched from"
        )
    for number in range(1, at + 1):
        if data.events[number] != parent.events[number]:
            raise AuditError(path, number + 1, "differs from the same line of the parent game")
