"""A long log checked as `verify` checks it, in memory that does not grow with it.

`check_stream` audits a log as a stream (`stream.LogStream`, `audit.audit_stream`): what
`audit.read_checked` does, without keeping the events. A fault in its lines (a broken
chain, a line that does not decode) is named before a fault of the game, wherever each
stands, as `read_checked` names them. A reader then reads the events again
(`CheckedLog.entries`), which must be the lines that were checked: a log that changed
in between is refused.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field

from ..errors import LogError
from ..events import META_EVENTS, Event, GameStarted, RoundDealt
from ..line import Line, Takeback
from .audit import AuditError, AuditSummary, audit_stream
from .log import line_hash
from .replay import Replay
from .stream import LogStream


@dataclass
class CheckedLog:
    """A log that passed the audit: its summary, line count and last line's hash."""

    path: str | os.PathLike[str]
    summary: AuditSummary
    lines: int
    last_hash: str
    warnings: list[str] = field(default_factory=list)

    def entries(self) -> Generator[tuple[bytes, Event], None, None]:
        """The checked lines again, each with its event; LogError when the file is no
        longer what was checked."""
        stream = LogStream(self.path)
        count = 0
        for count, entry in enumerate(stream.entries(), 1):
            yield entry
            if count == self.lines:
                break
        if count != self.lines or stream.last_hash != self.last_hash:
            raise LogError(f"{self.path}: the log changed while it was read; read it again")

    def events(self) -> Iterator[Event]:
        for _line, event in self.entries():
            yield event


def check_stream(path: str | os.PathLike[str]) -> CheckedLog:
    """Read and check a log as `audit.read_checked` does, as a stream. Raises LogError."""
    stream = LogStream(path)
    events = iter(stream)
    try:
        summary = audit_stream(events, path)
    except AuditError:
        for _event in events:  # a fault in the lines after it is named first
            pass
        raise
    return CheckedLog(path, summary, stream.lines, stream.last_hash, stream.warnings)


def check_parent_stream(
    path: str | os.PathLike[str], count: int, parent: str | os.PathLike[str], at: int, hashed: str
) -> None:
    """`audit.check_parent` read as streams: the branch at `path` (of `count` events)
    holds its parent's events 1 to `at`, and the parent's line `at` hashes to `hashed`
    (the branch header's `parent_hash`). Both logs are read through, the parent whole."""
    mine = iter(LogStream(path))
    next(mine)  # (the headers differ)
    differs = None
    hash_at = None
    lines = 0
    for seq, (line, event) in enumerate(LogStream(parent).entries()):
        lines = seq + 1
        if seq == at:
            hash_at = line_hash(line)
        if 1 <= seq <= at and seq < count and differs is None and next(mine) != event:
            differs = seq
    if at >= lines or at >= count:
        raise AuditError(path, 1, f"the parent log has no event {at} to branch from")
    if hash_at != hashed:
        raise AuditError(
            path, 1, f"event {at} of the parent is not the one this game branched from"
        )
    if differs is not None:
        raise AuditError(path, differs + 1, "differs from the same line of the parent game")


def replay_around(checked: CheckedLog, position: int) -> Replay:
    """A `Replay` that answers as the whole game's would for `position` and the one
    before it (`render.position` asks no more), from a window of the checked log: its
    events from the last deal before `position` to the first deal after it, the state
    at that deal folded as a stream (issue 31: `replay --at` of a long log)."""
    from itertools import islice

    from .replay import RoundReplay

    last = checked.lines - 1
    before = end = None
    for seq, event in enumerate(checked.events()):
        if type(event) is RoundDealt:
            if seq < position:
                before = seq
            elif seq > position:
                end = seq
                break
    end = last + 1 if end is None else end
    if before is None or before == 2:  # the first round: read whole, with what precedes it
        return _Cut(list(islice(checked.events(), end)), last)
    summary = audit_stream(islice(checked.events(), before + 1), checked.path)
    assert summary.state is not None and summary.header is not None
    window = list(islice(checked.events(), before, end))
    return RoundReplay(summary.header, summary.state, before, window, last)


class _Cut(Replay):
    """The replay of a log's first events, which knows the log's last event."""

    def __init__(self, events: list[Event], last: int) -> None:
        super().__init__(events)
        self._last = last

    @property
    def last(self) -> int:
        return self._last


def played_walk(events: Iterable[Event]) -> Iterator[tuple[int, Event, Takeback | None]]:
    """The walk of the line played (`line.Line.walk`, the header left out) of a checked
    log's events, read a round at a time: each line of the log that stands on the line
    played, with its record if it is a takeback. A takeback never returns past the deal
    of its round (`line.target_problem`), so the line played of each round's lines is
    that of the whole log there."""
    source = iter(events)
    header = next(source)
    assert isinstance(header, GameStarted)
    chunk: list[tuple[int, Event]] = []
    for seq, event in enumerate(source, 1):
        if type(event) is RoundDealt and chunk:
            yield from _round_walk(header, chunk)
            chunk = []
        chunk.append((seq, event))
    yield from _round_walk(header, chunk)


def _round_walk(
    header: GameStarted, chunk: list[tuple[int, Event]]
) -> Iterator[tuple[int, Event, Takeback | None]]:
    line = Line(header)
    for seq, event in chunk:
        if isinstance(event, META_EVENTS):
            line.add_meta(seq, event)
        else:
            line.add(seq, event)
    records = {record.seq: record for record in line.takebacks}
    for seq, event, _position in line.walk[1:]:
        yield seq, event, records.get(seq)
