"""The judge of a long game, fed as a stream (issue 31: `analyze` of a log of a million
events): the same decisions as `judge.judge_decisions`, weighed a batch of rounds at a
time, so that what is held is a few rounds of the line played and the states before
their decisions, not the whole game (two batches: the next is gathered, and its workers
started, while the last one's finish).

Each decision is weighed as `judge_decisions` weighs it (`judge.Judge.weigh`: the same
state, the same position on the line played, the same expert), with one difference in
how its bot is brought up to date: from the deal of the round only. A bot's memory is the
public history of the round in play (`bots.knowledge.Memory`: a deal forgets the rounds
before it) and the count of the events it saw, so a bot that saw the header, then the
round from its deal with that count set, remembers what one that saw the whole game
does; and the judge never asks a bot's particle filter for anything (`Judge.weigh`
names the candidates and samples the deals itself). tests/analysis/test_stream_judge.py
checks the decisions equal `judge_decisions`' on games of several rounds, with takebacks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ..bots.expert import ExpertBot
from ..events import META_EVENTS, Event, GameStarted, RoundDealt
from ..state import State
from .judge import Decision, Judge
from .screen import quick
from .workers import Weighing, default_jobs

BATCH = 400
"""Decision points gathered before they are weighed (then the rounds they stand in are
let go): enough to keep every process busy, few enough to hold."""
QUICK_BATCH = 4000
"""The same under the quick screen (`screen`), whose points are weighed ten times as fast:
each batch forks its workers, and a fork costs more as the parent grows (38 ms for a
parent of 680 MB on a two-core machine of 2026), so a log of a million events is weighed
in 250 batches rather than 2,500. Two batches of states are held (about 10 MB)."""


@dataclass
class _Round:
    """The game events of one round of the line played (from its deal), by position."""

    first: int
    """The position of its first event (its deal; for the first round, the dealer draw)."""
    events: list[Event] = field(default_factory=list)


def line_rounds(walk: Iterable[tuple[int, Event, object]]) -> Iterator[tuple[_Round, list[int]]]:
    """The rounds of the line played (`records.checked.played_walk`'s game events, the
    header before them), each with the log line of each of its events."""
    position = 0
    current = _Round(1)
    seqs: list[int] = []
    for seq, event, _record in walk:
        if isinstance(event, META_EVENTS):
            continue
        position += 1
        if type(event) is RoundDealt and current.events:
            yield current, seqs
            current, seqs = _Round(position), []
        current.events.append(event)
        seqs.append(seq)
    yield current, seqs


class _Window:
    """The line played as `Judge.weigh` reads it for one decision: the event at its
    position, and nothing before it to catch up on (the bot is up to date)."""

    def __init__(self, round_: _Round) -> None:
        self.round = round_

    def __getitem__(self, at: int | slice) -> Event | list[Event]:
        if isinstance(at, slice):  # `catch_up(events[:seq])`: the bot has seen them
            return []
        return self.round.events[at - self.round.first]


QUICK_CHUNK = 16
"""Decision points a worker takes at a time under the quick screen (`screen`), which
weighs one in about a millisecond: one at a time, passing them and their answers between
the processes cost the parent about a quarter as much again as the work (50 rounds of
eight players, 7,229 points: 2.9 s of the parent's CPU against 1.5 s at 16, beside 6 s
in the workers)."""

_WORK: dict[str, object] = {}
"""What a worker process inherits (by fork): the batch's rounds and states."""


def _judge_point(index: int) -> tuple[int, Decision | None]:
    header = _WORK["header"]
    think = _WORK["think"]
    sample_seed = _WORK["sample_seed"]
    points = _WORK["points"]
    assert isinstance(header, GameStarted) and isinstance(think, int)
    assert isinstance(sample_seed, str) and isinstance(points, dict)
    state, round_ = points[index]
    state = state.copy()
    bot = ExpertBot(header.seed, state.to_move, think)
    bot.observe(header)
    bot.memory.seen = round_.first  # the events before its deal, which the deal forgot
    for event in round_.events[: index - round_.first]:
        bot.observe(event)
    assert bot.memory.seen == index == state.applied
    judge = Judge(header, think, sample_seed)
    # weigh reads its events as events[seq] and events[:seq] only, which the window answers
    return index, judge.weigh(bot, state, _Window(round_), index)  # type: ignore[arg-type]


def decision_count(
    header: GameStarted, rounds: Iterable[tuple[_Round, list[int]]], seats: Sequence[int]
) -> int:
    """How many decision points of the seats the line played holds (`judge.decision_points`)."""
    state = State(header)
    count = 0
    for round_, _seqs in rounds:
        for event in round_.events:
            if state.phase in ("draw", "play") and state.to_move in seats:
                count += 1
            state.apply(event)
    return count


Emit = Callable[[int, int, "Decision | None"], None]
"""Hears of one decision point: its position on the line played, its line of the log,
and its decision (None: nothing to weigh there, a single sensible move)."""


def judge_stream(
    header: GameStarted,
    rounds: Iterable[tuple[_Round, list[int]]],
    seats: Sequence[int],
    think: int,
    total: int,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = None,
    sample_seed: str = "",
    *,
    known: Iterable[tuple[int, Decision | None]] = (),
    emit: Emit,
) -> None:
    """`judge.judge_decisions` of the line played given a round at a time (`line_rounds`;
    `total`: its decision points, `decision_count`): each decision point goes to `emit`
    in the order played as soon as its batch is weighed, so that nothing of the game is
    held here once it is told (each decision named by its position on the line played).
    `known`: positions weighed before (an analysis Ctrl-C stopped), not weighed again:
    each by its log line, in the order of the log (one not on the line played is passed).
    Ctrl-C (KeyboardInterrupt, here or from `progress`) emits what was weighed of the
    batches under way, in order, before it goes on up."""
    jobs = default_jobs() if jobs is None else jobs
    state = State(header)
    done = 0
    earlier = iter(known)
    next_known = next(earlier, None)
    found: dict[int, Decision | None] = {}
    batch: dict[int, tuple[State, _Round]] = {}
    points: list[tuple[int, int]] = []
    """The batch's decision points (position, log line), in order."""
    depth: dict[int, int] = {}
    settings = (header, think, sample_seed, jobs)
    limit = QUICK_BATCH if quick(think) else BATCH
    started: Weighing | None = None
    """The batch the workers weigh while the next one is gathered."""
    waiting: list[tuple[int, int]] = []
    """Its decision points."""

    def tell(told: list[tuple[int, int]]) -> None:
        for index, seq in told:
            emit(index, seq, found.pop(index))

    def weigh_batch() -> None:
        nonlocal done, started, waiting, batch, points, depth
        if progress is not None and done:
            progress(done, total)
        done, weighing = _start(settings, batch, depth, found, done, total, progress)
        try:
            if started is not None:
                done = started.drain(found, done, total, progress)
        except BaseException:
            if weighing is not None:
                weighing.stop()
            raise
        tell(waiting)
        if weighing is None:
            tell(points)
            points = []
        started, waiting = weighing, points
        batch, points, depth = {}, [], {}

    try:
        for round_, seqs in rounds:
            for offset, event in enumerate(round_.events):
                index = round_.first + offset
                if state.phase in ("draw", "play") and state.to_move in seats:
                    seq = seqs[offset]
                    points.append((index, seq))
                    while next_known is not None and next_known[0] < seq:
                        next_known = next(earlier, None)
                    if next_known is not None and next_known[0] == seq:
                        found[index] = next_known[1]
                        next_known = next(earlier, None)
                        done += 1
                    else:
                        batch[index] = (state.copy(), round_)
                        depth[index] = len(state.pile)
                state.apply(event)
            if len(batch) >= limit:
                weigh_batch()
        weigh_batch()
        if started is not None:
            done = started.drain(found, done, total, progress)
            started = None
            tell(waiting)
    except KeyboardInterrupt:  # what was weighed, in order
        tell([(index, seq) for index, seq in waiting + points if index in found])
        raise
    finally:
        if started is not None:  # stopped: what was drained is told
            started.stop()


def _start(
    settings: tuple[GameStarted, int, str, int],
    batch: dict[int, tuple[State, _Round]],
    depth: dict[int, int],
    found: dict[int, Decision | None],
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> tuple[int, Weighing | None]:
    """Start weighing a batch of decision points over processes, as `judge_decisions`
    does (the workers are forked with the batch): answers `done` and the weighing under
    way. In one process, or with nothing to weigh, the batch is weighed at once into
    `found` (answers the new `done` and None)."""
    header, think, sample_seed, jobs = settings
    if not batch:
        return done, None
    _WORK.update(header=header, think=think, sample_seed=sample_seed, points=batch)
    try:
        chunk = QUICK_CHUNK if quick(think) else 1
        weighing = Weighing(_judge_point, sorted(batch), depth, jobs, chunk)
        if not weighing.forked:
            return weighing.drain(found, done, total, progress), None
        return done, weighing
    finally:
        _WORK.clear()  # (the workers have their copy)
