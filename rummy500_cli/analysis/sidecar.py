"""The saved analysis of a game: a JSON-lines file beside its log (`GAME.analysis.jsonl`).

`rummy500 analyze` writes it; the replay viewer and `export` read it. Its first line
(`AnalysisHeader`) ties it to one log and one way of judging: the log's line count and
the SHA-256 of its last line, and the settings (budget, seats, sample seed, the judge's
and the win-chance model's versions). Then one line per judged decision (`Decision`) and
one per judged player (`PlayerSummary`). An analysis stopped by Ctrl-C is saved
incomplete (`AnalysisHeader.complete` false: the decisions so far, no summaries) and
`analyze` goes on from it. A sidecar whose log has changed (a resumed game
went on, a line was edited) or whose settings are not the ones asked for is stale: the
readers say so and `analyze` judges the game again.

Format and JSON Schema: man/rummy500-analysis.5, man/rummy500-analysis.schema.json.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from ..errors import LogError
from ..events import Event, GameStarted
from ..records.log import LogData
from ..safe_read import read_regular
from ..state import State
from .figures import PlayerSummary
from .judge import Decision

if TYPE_CHECKING:
    from ..records.checked import CheckedLog

SIDECAR_FORMAT = 1
SUFFIX = ".analysis.jsonl"
MAX_SIDECAR = 64 << 20
"""The largest sidecar read, 64 MB: a game of the round limit judged for every seat
writes far less. A larger file (or /dev/zero) is refused, not read into memory."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """How the decisions were judged: a sidecar is reused only for the same settings."""

    think: int
    seats: list[int]
    sample_seed: str = ""
    judge: int
    """The judge's version (`judge.JUDGE_VERSION`)."""
    model: int
    """The win-chance model's version (data/win_model.json)."""
    quick: bool | msgspec.UnsetType = msgspec.UNSET
    """True: judged by the judge's quick form (`screen`, an effort below
    `screen.QUICK_BELOW`); absent: by the sampled deals."""


class AnalysisHeader(msgspec.Struct, kw_only=True, tag="analysis", tag_field="type"):
    """The first line: which log, in which state, judged how."""

    format: int = SIDECAR_FORMAT
    program: str
    log: str
    """The log's file name (without its folder)."""
    log_lines: int
    log_hash: str
    """The SHA-256 (hex) of the log's last line, as its hash chain computes it."""
    settings: Settings
    complete: bool = True
    """False: the analysis was stopped (Ctrl-C) before every decision was weighed; the
    decisions weighed so far follow, no summary; `rummy500 analyze` goes on from them."""
    empty: list[int] = msgspec.field(default_factory=list)
    """In an incomplete analysis, the log lines of the positions looked at that had
    nothing to weigh (a single sensible move), so that they are not looked at again."""


class DecisionLine(msgspec.Struct, kw_only=True, tag="decision", tag_field="type"):
    decision: Decision


class SummaryLine(msgspec.Struct, kw_only=True, tag="summary", tag_field="type"):
    player: PlayerSummary


Line = AnalysisHeader | DecisionLine | SummaryLine


class Analysis(msgspec.Struct, kw_only=True):
    """A sidecar read back."""

    header: AnalysisHeader
    decisions: list[Decision]
    players: list[PlayerSummary]


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Line)


def sidecar_path(log: Path) -> Path:
    """`GAME.jsonl` -> `GAME.analysis.jsonl`; any other name gets the suffix added."""
    if log.suffix == ".jsonl":
        return log.with_suffix(SUFFIX)
    return log.with_name(log.name + SUFFIX)


def schema() -> dict[str, object]:
    """The JSON Schema of one sidecar line (committed as man/rummy500-analysis.schema.json)."""
    return msgspec.json.schema(Line)


def staleness(analysis: Analysis, log: LogData, settings: Settings | None = None) -> str | None:
    """Why a sidecar no longer fits the log (or the settings asked for); None if it does."""
    problem = _header_staleness(analysis, len(log.lines), log.last_hash, settings)
    # The header alone proves nothing (it can be copied onto another game's decisions).
    return problem or foreign_decision(analysis, log)


def _header_staleness(
    analysis: Analysis, lines: int, last_hash: str, settings: Settings | None
) -> str | None:
    return header_staleness(analysis.header, lines, last_hash, settings)


def header_staleness(
    header: AnalysisHeader, lines: int, last_hash: str, settings: Settings | None
) -> str | None:
    """Why a sidecar's header does not fit the log's line count and last hash (or the
    settings asked for, or it was stopped); None if it does."""
    if header.log_lines != lines or header.log_hash != last_hash:
        return "the game's log has changed since it was analysed"
    if settings is not None and header.settings != settings:
        return "it was analysed with other settings"
    if not header.complete:
        return "the analysis was stopped before its end"
    return None


def foreign_decision(analysis: Analysis, log: LogData) -> str | None:
    """Why the sidecar's decisions are not this game's (None when each is): a seat the
    table does not have, or a decision whose line of the log is not that seat's move in
    that round, or a move other than the one the log records there."""
    from ..line import played_line

    def steps() -> Iterable[tuple[int, Event]]:
        line = played_line(log.events)
        return zip(line.seqs[1:], line.events[1:], strict=True)

    return _foreign_steps(analysis, log.events[0] if log.events else None, steps)


def _foreign_steps(
    analysis: Analysis, header: object, steps: Callable[[], Iterable[tuple[int, Event]]]
) -> str | None:
    """`foreign_decision` over the game events of the line played, each with its line
    of the log, in order (`steps()`; a ValueError there: a line that cannot be followed)."""
    seats = set(analysis.header.settings.seats)
    seats.update(d.seat for d in analysis.decisions)
    seats.update(p.seat for p in analysis.players)
    outside = outside_seat(seats, header)
    if outside is not None:
        return outside
    wanted = {d.seq: d for d in analysis.decisions}
    if not wanted:
        return None
    assert isinstance(header, GameStarted)
    try:
        line = steps()
    except ValueError:
        return "its game's log cannot be followed"
    state = State(header)
    for seq, event in line:
        decision = wanted.pop(seq, None)
        if decision is not None:
            if not is_move_there(state, event, decision):
                return f"its decision at line {decision.seq} is not this game's move there"
            if not wanted:
                return None
        state.apply(event)
    return f"its decision at line {min(wanted)} is not a move of this game's line played"


def outside_seat(seats: Iterable[int], header: object) -> str | None:
    """Why a sidecar judging `seats` is not this game's (None when each is a seat of it)."""
    players = len(header.players) if isinstance(header, GameStarted) else 0
    outside = sorted(seat for seat in set(seats) if not 0 <= seat < players)
    if outside:
        return f"it judges seat {outside[0]}, which this game of {players} seats does not have"
    return None


def is_move_there(state: State, event: Event, decision: Decision) -> bool:
    """Whether `decision` is the move the log records as `event`, by its seat, in `state`."""
    from ..engine import legal_actions
    from ..engine.record import recorded_action

    action = recorded_action(state, event)
    if action is not None:  # named as the judge names it (judge.Judge.weigh)
        action = next((a for a in legal_actions(state) if a == action), action)
    return (
        action is not None
        and (state.round, state.to_move) == (decision.round, decision.seat)
        and action.text() == decision.played
    )


def encode_sidecar(
    log_path: Path,
    log: LogData | CheckedLog,
    settings: Settings,
    decisions: list[Decision],
    players: list[PlayerSummary],
    *,
    complete: bool = True,
    empty: Sequence[int] = (),
) -> bytes:
    """The sidecar's bytes: the header, the decisions, the players' summaries; an
    incomplete one (`complete` False) lists the `empty` positions looked at."""
    from .. import __version__

    header = AnalysisHeader(
        program=f"rummy500 {__version__}",
        log=log_path.name,
        log_lines=log.lines if isinstance(log.lines, int) else len(log.lines),
        log_hash=log.last_hash,
        settings=settings,
        complete=complete,
        empty=[] if complete else sorted(empty),
    )
    lines: list[Line] = [header]
    lines += [DecisionLine(decision=d) for d in decisions]
    lines += [SummaryLine(player=p) for p in players]
    return b"".join(_encoder.encode(line) + b"\n" for line in lines)


def write_sidecar(
    log_path: Path,
    log: LogData | CheckedLog,
    settings: Settings,
    decisions: list[Decision],
    players: list[PlayerSummary],
    *,
    complete: bool = True,
    empty: Sequence[int] = (),
) -> Path:
    """Write the sidecar beside the log, whole or not at all (a temporary file renamed
    over it); `complete` False for an analysis stopped before its end (see
    `encode_sidecar`). Raises LogError when the folder cannot be written."""
    target = sidecar_path(log_path)
    data = encode_sidecar(
        log_path, log, settings, decisions, players, complete=complete, empty=empty
    )
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise LogError(f"{target}: cannot save the analysis: {error.strerror}") from None
    return target


def parse_sidecar(data: bytes, path: object = "<analysis>") -> Analysis:
    """Decode a sidecar; LogError naming the line for anything wrong (`LineCheck`)."""
    check = LineCheck(path)
    decisions: list[Decision] = []
    number = 0
    for line in data.split(b"\n"):
        if line.strip():
            number += 1
            entry = check.take(number, line)
            if isinstance(entry, DecisionLine):
                decisions.append(entry.decision)
    header = check.finish()
    return Analysis(header=header, decisions=decisions, players=check.players)


class LineCheck:
    """The checks of a sidecar, fed its lines that are not blank one at a time (`take`,
    then `finish`), so that a sidecar read whole (`parse_sidecar`) and one read as a
    stream (`sidecar_reader.open_saved`) are refused alike, with the same one-line
    LogError naming the file and the line. Holds the header and the summaries, and a
    count of each judged seat's decisions, never the decisions.

    What `analyze` writes: a header first and only there; then the decisions, in the
    order of the log, each of a judged seat, every move printable (they are shown on a
    terminal: no escape sequence may come from a file); then one summary per judged
    seat counting that seat's decisions, so that a file cut anywhere after its header
    fails a check. One that Ctrl-C stopped (`complete` false) has no summary."""

    def __init__(self, path: object) -> None:
        self.path = path
        self.header: AnalysisHeader | None = None
        self.players: list[PlayerSummary] = []
        self.counts: dict[int, int] = {}
        """Each judged seat's decisions so far."""
        self.lines = 0
        self._second_header = False
        self._order: str | None = None
        self._last = 0

    def take(self, number: int, line: bytes) -> Line:
        """Decode and check line `number` (counted among the lines not blank)."""
        try:
            entry = _decoder.decode(line)
        except msgspec.DecodeError as error:
            raise LogError(f"{self.path}:{number}: {error}") from None
        if isinstance(entry, DecisionLine):
            decision = entry.decision
            if not _printable(decision):
                raise LogError(f"{self.path}:{number}: a move holds control characters")
            if self.header is not None and self._order is None:
                if decision.seat not in self.counts:
                    self._order = f"a decision of seat {decision.seat}, which was not judged"
                elif decision.seq <= self._last:
                    self._order = f"its decisions are out of order at line {decision.seq}"
                else:
                    self.counts[decision.seat] += 1
                    self._last = decision.seq
        elif isinstance(entry, SummaryLine):
            self.players.append(entry.player)
        elif self.lines == 0:
            self.header = entry
            self.counts = dict.fromkeys(entry.settings.seats, 0)
        else:
            self._second_header = True
        self.lines += 1
        return entry

    def finish(self) -> AnalysisHeader:
        """The header, once every line was taken; LogError for what the whole is not."""
        path = self.path
        if self.lines == 0:
            raise LogError(f"{path}: the file is empty; not a saved analysis")
        header = self.header
        if header is None:
            raise LogError(f"{path}:1: the first line is not an analysis header")
        if header.format > SIDECAR_FORMAT:
            raise LogError(
                f"{path}: written in analysis format {header.format} by a newer rummy500; "
                "run rummy500 analyze again"
            )
        if self._second_header:
            raise LogError(f"{path}: a second analysis header")
        problem = self._incomplete(header)
        if problem is not None:
            raise LogError(f"{path}: incomplete ({problem}); run rummy500 analyze again")
        return header

    def _incomplete(self, header: AnalysisHeader) -> str | None:
        """Why the sidecar is not whole (None when it is)."""
        players = self.players
        if not header.complete:
            return "an analysis marked stopped holds summaries" if players else self._order
        judged = list(dict.fromkeys(header.settings.seats))
        if sorted(player.seat for player in players) != sorted(judged):
            return "a summary for each judged seat is missing"
        if self._order is not None:
            return self._order
        for player in players:
            if player.decisions != self.counts[player.seat]:
                return f"seat {player.seat}'s summary counts decisions that are not there"
        return None


def _printable(decision: Decision) -> bool:
    texts = [decision.played, decision.best, decision.step, decision.label or ""]
    texts += [move.move for move in decision.moves]
    return all(text.isprintable() for text in texts)


def read_sidecar(log_path: Path) -> Analysis | None:
    """The sidecar of a log, or None when there is none. Raises LogError when it cannot
    be read or parsed, or is not whole."""
    target = sidecar_path(log_path)
    # only a regular file, and at most MAX_SIDECAR of it: never a pipe's wait
    data = read_regular(target, MAX_SIDECAR, "a saved analysis", LogError, missing_ok=True)
    if data is None:
        return None
    return parse_sidecar(data, target)
