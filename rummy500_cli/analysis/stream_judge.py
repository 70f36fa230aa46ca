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
    known: dict[int, Decision | None],
    found: dict[int, Decision | None],
    seq_of: dict[int, int],
) -> list[Decision]:
    """`judge.judge_decisions` of the line played given a round at a time (`line_rounds`;
    `total`: its decision points, `decision_count`): the same decisions, in game order.
    `known` and `found` are as there (positions of the line played); `seq_of` is filled
    with the log line of each decision point."""
    jobs = default_jobs() if jobs is None else jobs
    state = State(header)
    done = 0
    batch: dict[int, tuple[State, _Round]] = {}
    order: list[int] = []
    depth: dict[int, int] = {}
    settings = (header, think, sample_seed, jobs)
    limit = QUICK_BATCH if quick(think) else BATCH
    started: Weighing | None = None
    """The batch the workers weigh while the next one is gathered."""
    try:
        for round_, seqs in rounds:
            for offset, event in enumerate(round_.events):
                index = round_.first + offset
                if state.phase in ("draw", "play") and state.to_move in seats:
                    seq_of[index] = seqs[offset]
                    order.append(index)
                    if index in known:
                        found[index] = known[index]
                        done += 1
                    else:
                        batch[index] = (state.copy(), round_)
                        depth[index] = len(state.pile)
                state.apply(event)
            if len(batch) >= limit:
                done, started = _next(settings, batch, depth, started, found, done, total, progress)
                batch, depth = {}, {}
        done, started = _next(settings, batch, depth, started, found, done, total, progress)
        if started is not None:
            done = started.drain(found, done, total, progress)
            started = None
    finally:
        if started is not None:  # stopped (Ctrl-C): what was drained is kept
            started.stop()
    return [decision for index in order if (decision := found[index]) is not None]


def _next(
    settings: tuple[GameStarted, int, str, int],
    batch: dict[int, tuple[State, _Round]],
    depth: dict[int, int],
    started: Weighing | None,
    found: dict[int, Decision | None],
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> tuple[int, Weighing | None]:
    """Start weighing a batch of decision points (over processes, as `judge_decisions`
    does: the workers are forked with the batch), then wait for the batch `started`
    before it; answers the new `done` and the batch now weighed. In one process the
    batch is weighed at once."""
    header, think, sample_seed, jobs = settings
    if progress is not None and done:
        progress(done, total)
    weighing = None
    if batch:
        _WORK.update(header=header, think=think, sample_seed=sample_seed, points=batch)
        try:
            chunk = QUICK_CHUNK if quick(think) else 1
            weighing = Weighing(_judge_point, sorted(batch), depth, jobs, chunk)
            if not weighing.forked:
                done = weighing.drain(found, done, total, progress)
                weighing = None
        finally:
            _WORK.clear()  # (the workers have their copy)
    if started is not None:
        try:
            done = started.drain(found, done, total, progress)
        except BaseException:
            if weighing is not None:
                weighing.stop()
            raise
    return done, weighing
