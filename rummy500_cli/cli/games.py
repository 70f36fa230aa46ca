"""`rummy500 games`: the saved games, newest first."""

from __future__ import annotations

import datetime as dt
import shlex
from pathlib import Path

import click

from .. import program


def _summaries():
    """(path, mtime, header, state) for every readable saved game, newest first."""
    from ..errors import LogError
    from ..records.log import load_state, read_log
    from ..records.sidecar import SUFFIX  # a saved analysis beside a game is no game
    from .paths import saves_dir

    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = []
    logs = [path for path in folder.glob("*.jsonl") if not path.name.endswith(SUFFIX)]
    for path in sorted(logs, key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            data = read_log(path)
            state = load_state(data.events)
        except (LogError, KeyError, ValueError, IndexError):
            found.append((path, path.stat().st_mtime, None, None))
            continue
        found.append((path, path.stat().st_mtime, data.events[0], state))
    return found


def latest_unfinished() -> Path | None:
    for path, _mtime, _header, state in _summaries():
        if state is not None and not state.over:
            return path
    return None


@click.command()
@click.option("--all", "show_all", is_flag=True, help="Show finished games too.")
def games(show_all: bool) -> None:
    """List saved games: file, date, round, players with their kinds and totals, status."""
    from .paths import saves_dir

    folder = saves_dir()
    rows = _summaries()
    if not rows:
        click.echo(f"No saved games in {folder}.")
        return
    table: list[tuple[str, str, str, str, str]] = []
    for path, mtime, header, state in rows:
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        name = _short(path, folder)
        if state is None:
            command = f"{program.command()} verify {shlex.quote(str(path))}"
            table.append((name, when, "", f"unreadable: {command}", ""))
            continue
        if state.over and not show_all:
            continue
        kinds = header.seats or ("human",) + ("bot:random",) * (state.n - 1)
        players = ", ".join(
            f"{player} ({_kind(kind)}) {total}"
            for player, kind, total in zip(state.players, kinds, state.totals, strict=True)
        )
        status = "finished" if state.over else "unfinished"
        table.append((name, when, str(state.round), players, status))
    if not table:
        click.echo(f"No unfinished games in {folder}; --all lists the finished ones.")
        return
    click.echo(f"Saved games in {folder}:")
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
        click.echo("  ".join(cells).rstrip())


def _short(path: Path, folder: Path) -> str:
    """A saved game's file under the saves folder by its name; another by its path."""
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


def _kind(kind: str) -> str:
    """A seat's kind in a word: human, a bot's level, or exec."""
    return kind.removeprefix("bot:") if not kind.startswith("exec:") else "exec"
