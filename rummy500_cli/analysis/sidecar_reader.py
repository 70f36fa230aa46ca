"""The saved analysis read as a stream (`rummy500 analyze` of a log of any length, issue
31): checked a line at a time as `sidecar.parse_sidecar` checks it whole, then its
decisions read again from the file when they are wanted, so that the analysis of a
million decisions is reused, or gone on from after Ctrl-C, in flat memory.

The viewer and export read a sidecar whole (`sidecar.read_sidecar`, at most
`sidecar.MAX_SIDECAR`); what they show of a game that long is the report's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from ..errors import LogError
from ..events import META_EVENTS, Event, GameStarted
from ..safe_read import open_regular
from ..state import State
from .figures import PlayerSummary
from .sidecar import (
    Analysis,
    AnalysisHeader,
    DecisionLine,
    Line,
    LineCheck,
    Settings,
    header_staleness,
    is_move_there,
    outside_seat,
    sidecar_path,
)
from .verdicts import Decision

if TYPE_CHECKING:
    from ..records.checked import CheckedLog

MAX_SAVED = 1 << 40
"""No bound on the file's size but the disk's: it is read a line at a time."""
MAX_LINE = 32 << 20
"""The longest line read, 32 MB (a decision's is a few kilobytes; the header of a stopped
analysis lists the positions it found nothing to weigh at): a longer one is refused,
not held."""

_decoder = msgspec.json.Decoder(Line)


class SavedAnalysis:
    """A sidecar checked whole (`open_saved`): its header and players' summaries in
    memory, its decisions read from the file again at each `decisions()`."""

    def __init__(
        self, path: Path, header: AnalysisHeader, players: list[PlayerSummary], count: int
    ) -> None:
        self.path = path
        self.header = header
        self.players = players
        self.count = count
        """How many decisions it holds."""

    def decisions(self) -> Iterator[Decision]:
        """Each decision, in the order of the log (read from the file again)."""
        for _number, line in _lines(self.path):
            entry = _decoder.decode(line)
            if isinstance(entry, DecisionLine):
                yield entry.decision

    def decisions_json(self) -> Iterator[bytes]:
        """Each decision as `msgspec.json.encode` writes it alone."""
        encode = msgspec.json.encode
        for decision in self.decisions():
            yield encode(decision)

    def shown(self) -> Analysis:
        """What the report and export show of it, in memory: the header, the summaries,
        and of the decisions every labelled one and each player's costliest
        (`tally.Tally.kept`, whose `figures.costliest` is that of them all)."""
        from .tally import Tally

        tally = Tally(self.header.settings.seats)
        for decision in self.decisions():
            tally.add(decision)
        return Analysis(header=self.header, decisions=tally.kept(), players=self.players)

    def staleness(
        self, log: CheckedLog, settings: Settings | None = None, *, stopped: bool = False
    ) -> str | None:
        """`sidecar.staleness` of this sidecar against a log checked as a stream, its
        decisions walked beside the line played (both are in the order of the log);
        `stopped`: taken as it is, whole or stopped by Ctrl-C (to go on from it)."""
        from ..records.checked import played_walk

        header = self.header
        if stopped:
            header = msgspec.structs.replace(header, complete=True)
        problem = header_staleness(header, log.lines, log.last_hash, settings)
        if problem is not None:
            return problem
        walk = played_walk(log.events())
        steps = ((seq, e) for seq, e, _ in walk if not isinstance(e, META_EVENTS))
        return self.foreign(log.summary.header, steps)

    def foreign(self, header: object, steps: Iterable[tuple[int, Event]]) -> str | None:
        """`sidecar.foreign_decision` walked in step: why the decisions are not this
        game's moves on its line played (`steps`, with each one's log line)."""
        # (`open_saved` let through no decision or summary of a seat not judged)
        outside = outside_seat(self.header.settings.seats, header)
        if outside is not None:
            return outside
        wanted = self.decisions()
        decision = next(wanted, None)
        if decision is None:
            return None
        assert isinstance(header, GameStarted)  # (a game with a seat for each)
        state = State(header)
        try:
            for seq, event in steps:
                if seq == decision.seq:
                    if not is_move_there(state, event, decision):
                        return f"its decision at line {decision.seq} is not this game's move there"
                    decision = next(wanted, None)
                    if decision is None:
                        return None
                elif seq > decision.seq:
                    break
                state.apply(event)
        except ValueError:
            return "its game's log cannot be followed"
        return f"its decision at line {decision.seq} is not a move of this game's line played"


def open_saved(log_path: Path) -> SavedAnalysis | None:
    """The sidecar of a log, read through once and checked as `sidecar.parse_sidecar`
    checks it (`sidecar.LineCheck`: the same one-line LogErrors; a line too long too),
    or None when there is none. Holds its header and summaries only."""
    target = sidecar_path(log_path)
    if not os.path.lexists(target):
        return None
    check = LineCheck(target)
    for number, line in _lines(target):
        check.take(number, line)
    header = check.finish()
    return SavedAnalysis(target, header, check.players, sum(check.counts.values()))


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The file's lines that are not blank, each with its number among them (as
    `parse_sidecar` numbers them); LogError for a line over MAX_LINE."""
    descriptor = open_regular(path, os.O_RDONLY, MAX_SAVED, "a saved analysis", LogError)
    number = 0
    with os.fdopen(descriptor, "rb") as handle:
        read: Callable[[int], bytes] = handle.readline
        while line := read(MAX_LINE + 1):
            if len(line) > MAX_LINE:
                raise LogError(f"{path}:{number + 1}: a line longer than {MAX_LINE >> 20} MB")
            if line.strip():
                number += 1
                yield number, line.rstrip(b"\n")
