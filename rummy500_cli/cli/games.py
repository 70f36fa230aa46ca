"""`rummy500 games`: the saved games, newest first."""

from __future__ import annotations

import datetime as dt
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from .. import program
from .failure import warn


def _summaries(warn: Callable[[str], None]) -> Iterator[tuple[Path, float, Any, Any]]:
    """(path, mtime, line played, state) for every saved game, newest first; line and state
    are None for a file that does not read or check as a log. What is not a file at all
    (a broken link, a pipe, a device, a folder) is skipped with a one-line warning:
    nothing in the folder can hang or crash the listing."""
    from ..errors import LogError
    from ..records.audit import read_checked
    from ..records.log import file_problem
    from ..records.sidecar import SUFFIX  # a saved analysis beside a game is no game
    from .paths import saves_dir

    folder = saves_dir()
    if not folder.is_dir():
        return
    entries = []
    try:
        logs = sorted(folder.glob("*.jsonl"))
    except OSError as error:
        warn(f"cannot list {folder}: {error.strerror}")
        return
    for path in logs:
        if path.name.endswith(SUFFIX):
            continue
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
            _data, summary = read_checked(path)
        except LogError:
            yield path, mtime, None, None
            continue
        yield path, mtime, summary.played, summary.state


def latest_unfinished() -> Path | None:
    for path, _mtime, _line, state in _summaries(warn):
        if state is not None and not state.over:
            return path
    return None


@click.command()
@click.option("--all", "show_all", is_flag=True, help="Show finished games too.")
def games(show_all: bool) -> None:
    """List saved games: file, date, round, players with their kinds and totals, status."""
    from ..render.printable import names, printable
    from .paths import saves_dir

    folder = saves_dir()
    rows = list(_summaries(warn))
    if not rows:
        click.echo(printable(f"No saved games in {folder}."))
        return
    table: list[tuple[str, str, str, str, str]] = []
    for path, mtime, line, state in rows:
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        name = _short(path, folder)
        if state is None:
            command = f"{program.command()} verify {shlex.quote(str(path))}"
            table.append((name, when, "", f"unreadable: {command}", ""))
            continue
        if state.over and not show_all:
            continue
        kinds = line.kinds  # who plays each seat now
        players = ", ".join(
            f"{player} ({_kind(kind)}) {total}"
            for player, kind, total in zip(names(state.players), kinds, state.totals, strict=True)
        )
        status = "finished" if state.over else "unfinished"
        table.append((name, when, str(state.round), players, status))
    if not table:
        click.echo(printable(f"No unfinished games in {folder}; --all lists the finished ones."))
        return
    click.echo(printable(f"Saved games in {folder}:"))
    heads = ("file", "last played", "round", "players (kind) total", "status")
    readable = [heads, *(row for row in table if row[4])]  # an unreadable row runs on
    widths = [max(len(row[i]) for row in [heads, *table]) for i in range(3)]
    widths.append(max(len(row[3]) for row in readable))
    for row in [heads, *table]:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1]), row[2].rjust(widths[2])]
        if row[4] or row is heads:
            cells += [row[3].ljust(widths[3]), row[4]]
        else:
            cells.append(row[3])
        click.echo(printable("  ".join(cells).rstrip()))


def _short(path: Path, folder: Path) -> str:
    """A saved game's file under the saves folder by its name; another by its path."""
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


def _kind(kind: str) -> str:
    """A seat's kind in a word: human, a bot's level, or exec."""
    return kind.removeprefix("bot:") if not kind.startswith("exec:") else "exec"
