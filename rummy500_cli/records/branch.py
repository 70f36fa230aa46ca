"""New games branched from a point of another ("what if"): the new log starts with the
parent's header, marked with the parent's file name, the event it branches after and
that line's hash, followed by the parent's events up to that point."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from msgspec.structs import replace

from .. import __version__
from ..engine import legal_actions
from ..events import GameStarted, SeatChanged
from ..line import played_line
from .log import LogData, line_hash
from .log_writer import LogWriter
from .replay import Replay


def branch_problem(game: Replay, at: int) -> str | None:
    """Why a game cannot branch after event `at` (None: it can)."""
    if not 2 <= at <= game.last:
        return f"branch after an event from 2 to {game.last}"
    state = game.state_at(at)
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
