"""`replay` of one position of a long log (off a terminal, or `--json --at N`): the log
read as a stream, and only the window of it around the position kept (issue 31: a log
of a million events in flat memory; `records.checked.replay_around`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .failure import Failure, warn
from .options import seat_option

if TYPE_CHECKING:
    from ..render.style import Style


def one_position(
    log: Path, at: int | None, as_seat: str | None, json_mode: bool, style: Style
) -> None:
    """`replay` of one position off a terminal, or as JSON: the log read as a stream, and
    only the window of it around the position kept (issue 31: a log of a million events
    in flat memory)."""
    from ..errors import LogError
    from ..records.checked import check_stream, replay_around
    from ..render.position import describe_position, json_position
    from ..render.printable import printable_json

    try:
        checked = check_stream(log)
    except LogError as error:
        raise Failure(str(error)) from None
    for warning in checked.warnings:
        warn(warning)
    summary = checked.summary
    assert summary.header is not None and summary.state is not None
    seat = seat_option(as_seat, summary.header.players)
    if seat is None:
        seat = "all" if summary.state.over else None
    last = checked.lines - 1
    position = last if at is None else position_in(last, at)
    try:
        game = replay_around(checked, position)
    except LogError as error:
        raise Failure(str(error)) from None
    if json_mode:
        click.echo(printable_json(json_position(game, position, seat)))
        return
    click.echo(style.text(describe_position(game, position, seat, style)), color=style.color)


def position_in(last: int, at: int) -> int:
    """--at N as a position of a log whose last event is `last` (negative: from the end)."""
    position = last + 1 + at if at < 0 else at
    if not 0 <= position <= last:
        raise click.BadParameter(f"the game has events 0 to {last}", param_hint="--at")
    return position
