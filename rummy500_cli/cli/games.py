"""`rummy500 games`: the saved games, newest first."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click


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
    """List saved games: file, date, players, round, scores, finished or not."""
    from .paths import saves_dir

    rows = _summaries()
    if not rows:
        click.echo(f"No saved games in {saves_dir()}.")
        return
    for path, mtime, _header, state in rows:
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        if state is None:
            click.echo(f"{path}  {when}  (unreadable: rummy500 verify {path})")
            continue
        if state.over and not show_all:
            continue
        scores = ", ".join(f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True))
        status = "finished" if state.over else "unfinished"
        click.echo(f"{path}  {when}  round {state.round}  {scores}  {status}")
