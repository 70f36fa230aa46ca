"""New games branched from a point of another ("what if"): the new log starts with the
parent's header, marked with the parent's file name, the event it branches after and
that line's hash, followed by the parent's events up to that point."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec.structs import replace

from .. import __version__
from ..engine import legal_actions
from ..events import GameStarted, SeatChanged
from ..line import played_line
from .log import LogData, line_hash
from .log_writer import LogWriter
from .replay import Replay

if TYPE_CHECKING:
    from ..state import State
    from .checked import CheckedLog


def branch_problem(game: Replay, at: int) -> str | None:
    """Why a game cannot branch after event `at` (None: it can)."""
    if not 2 <= at <= game.last:
        return f"branch after an event from 2 to {game.last}"
    return state_problem(game.state_at(at), at)


def state_problem(state: State, at: int) -> str | None:
    """Why a game cannot branch from `state`, the state after event `at` (None: it can)."""
    if state.over:
        return f"the game is over after event {at}"
    if not legal_actions(state):
        return (
            f"no one can move after event {at} (a move or a round is not finished); "
            "try a later event"
        )
    return None


def _text(name: str) -> str:
    """A file name as text for the log: bytes that are not UTF-8 become U+FFFD (the
    branch then finds its parent with `verify --parent`)."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def default_branch_path(log: Path, at: int) -> Path:
    """Where a branch of `log` after event `at` is written unless told otherwise."""
    return log.with_name(f"{log.stem}-branch-{at}.jsonl")


def write_branch(
    log: Path,
    data: LogData,
    at: int,
    target: Path,
    make_parents: bool = False,
    seats: Mapping[int, str] | None = None,
) -> None:
    """Write the branch of `data` (read from `log`) after event `at` to `target`
    (`make_parents`: see `LogWriter.create`). `seats` changes who plays a seat from the
    branch point on: a `seat_changed` event for each seat whose kind differs from the
    one it had there.

    The caller has checked `branch_problem`; a file error is a `LogError`."""
    header = data.events[0]
    assert isinstance(header, GameStarted)
    header = replace(
        header,
        program=f"rummy500 {__version__}",
        parent=_text(log.name),
        parent_at=at,
        parent_hash=line_hash(data.lines[at]),
    )
    events = [header, *data.events[1 : at + 1]]
    kinds = played_line(events).kinds
    events += [
        SeatChanged(seat=seat, kind=kind)
        for seat, kind in sorted((seats or {}).items())
        if kind != kinds[seat]
    ]
    LogWriter.create(target, events, make_parents).close()


def stream_branch_point(checked: CheckedLog, at: int) -> tuple[State | None, list[str], str | None]:
    """The state after event `at` of a checked long log, who plays each seat there, and
    why the game cannot branch there (None: it can), read as a stream (the events to
    `at` folded again, takebacks resolved, in flat memory)."""
    from .audit import audit_stream

    last = checked.lines - 1
    if not 2 <= at <= last:
        return None, [], f"branch after an event from 2 to {last}"
    summary = audit_stream(islice(checked.events(), at + 1), checked.path)
    assert summary.state is not None and summary.played is not None
    state = summary.state
    return state, list(summary.played.kinds), state_problem(state, at)


def write_stream_branch(
    log: Path,
    checked: CheckedLog,
    at: int,
    target: Path,
    kinds: list[str],
    make_parents: bool = False,
    seats: Mapping[int, str] | None = None,
) -> None:
    """`write_branch` of a checked long log, its lines written as they are read (`kinds`:
    who plays each seat after event `at`, `stream_branch_point`). A branch that cannot be
    written whole is removed. Raises LogError."""
    first = None
    header = None
    events = checked.entries()
    for seq, (line, event) in enumerate(events):
        if seq == 0:
            assert isinstance(event, GameStarted)
            header = event
        if seq == at:
            first = line_hash(line)
            break
    assert header is not None and first is not None
    events.close()
    header = replace(
        header,
        program=f"rummy500 {__version__}",
        parent=_text(log.name),
        parent_at=at,
        parent_hash=first,
    )
    writer = LogWriter.create(target, [header], make_parents)
    try:
        with writer:
            moves = islice(checked.events(), 1, at + 1)
            while chunk := list(islice(moves, 4096)):
                writer.append(chunk)
            changes = [
                SeatChanged(seat=seat, kind=kind)
                for seat, kind in sorted((seats or {}).items())
                if kind != kinds[seat]
            ]
            if changes:
                writer.append(changes)
    except BaseException:
        target.unlink(missing_ok=True)
        raise
