"""`rummy500 games`: the saved games, newest first."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from .failure import warn


def _summaries(warn: Callable[[str], None]) -> Iterator[tuple[Path, float, Any, Any]]:
    """(path, mtime, header, state) for every saved game, newest first; header and state
    are None for a file that does not read or check as a log. What is not a file at all
    (a broken link, a pipe, a device, a folder) is skipped with a one-line warning:
    nothing in the folder can hang or crash the listing."""
    from ..errors import LogError
    from ..records.audit import read_checked
    from ..records.log import file_problem
    from .paths import saves_dir

    folder = saves_dir()
    if not folder.is_dir():
        return
    entries = []
    try:
        names = sorted(folder.glob("*.jsonl"))
    except OSError as error:
        warn(f"cannot list {folder}: {error.strerror}")
        return
    for path in names:
        problem = file_problem(path)
        try:
            if problem is None:
                entries.append((path.stat().st_mtime, path))
        except OSError as error:
            problem = f"cannot open: {error.strerror}"
        if problem is not None:
            warn(f"skipped {path}: {problem}")
    for mtime, path in sorted(entries, key=lambda entry: entry[0], reverse=True):
        try:
            data, summary = read_checked(path)
        except LogError:
            yield path, mtime, None, None
            continue
        yield path, mtime, data.events[0], summary.state


def latest_unfinished() -> Path | None:
    for path, _mtime, _header, state in _summaries(warn):
        if state is not None and not state.over:
            return path
    return None


@click.command()
@click.option("--all", "show_all", is_flag=True, help="Show finished games too.")
def games(show_all: bool) -> None:
    """List saved games: file, date, players, round, scores, finished or not."""
    from ..render.printable import printable
    from .paths import saves_dir

    rows = list(_summaries(warn))
    if not rows:
        click.echo(printable(f"No saved games in {saves_dir()}."))
        return
    for path, mtime, _header, state in rows:
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        if state is None:
            click.echo(printable(f"{path}  {when}  (unreadable: rummy500 verify {path})"))
            continue
        if state.over and not show_all:
            continue
        scores = ", ".join(f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True))
        status = "finished" if state.over else "unfinished"
        click.echo(printable(f"{path}  {when}  round {state.round}  {scores}  {status}"))
