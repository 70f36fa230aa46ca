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
    from ..analysis.sidecar import SUFFIX  # a saved analysis beside a game is no game
    from ..errors import LogError
    from ..records.audit import read_checked
    from ..records.log import file_problem
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
    """List saved games: file, date, round, players with their kinds and totals, status.

    At a terminal (or with COLUMNS set) the table fits the width: a long file name is
    shortened in its middle and the players wrap, one or more a line, between players."""
    from ..render.printable import names, printable
    from .paths import saves_dir

    folder = saves_dir()
    rows = list(_summaries(warn))
    if not rows:
        click.echo(printable(f"No saved games in {folder}."))
        return
    table: list[tuple[str, str, str, list[str], str]] = []
    hidden = 0
    for path, mtime, line, state in rows:
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        name = printable(_short(path, folder))
        if state is None:
            command = f"{program.command()} verify {shlex.quote(str(path))}"
            table.append((name, when, "", [printable(f"unreadable: {command}")], ""))
            continue
        if state.over and not show_all:
            hidden += 1
            continue
        kinds = line.kinds  # who plays each seat now
        players = [
            f"{player} ({_kind(kind)}) {total}"
            for player, kind, total in zip(names(state.players), kinds, state.totals, strict=True)
        ]
        status = "finished" if state.over else "unfinished"
        table.append((name, when, str(state.round), players, status))
    more = f"{program.command()} games --all"
    if not table:
        finished = f"{hidden} finished game" + ("" if hidden == 1 else "s")
        click.echo(printable(f"No unfinished games in {folder}; {more} lists the {finished}."))
        return
    click.echo(printable(f"Saved games in {folder}:"))
    for text in _layout(table, _width()):
        click.echo(text.rstrip())
    if hidden:
        games_word = "game is" if hidden == 1 else "games are"
        click.echo(printable(f"{hidden} finished {games_word} not shown: {more} lists all."))


def _width() -> int | None:
    """The width to fit: the terminal's, or COLUMNS; None (no limit) in a pipe."""
    from .environment import current

    width = current().width()
    return None if width is None else max(40, width)


HEADS = ("file", "last played", "round", "players (kind) total", "status")
SEP = "  "
MIN_FILE = 20
MIN_PLAYERS = 24


def _layout(table: list[tuple[str, str, str, list[str], str]], width: int | None) -> list[str]:
    """The table's lines, fitted to `width`: the file name shortened near its start down
    to MIN_FILE, then the players wrapped between players (a player longer than the
    column cut); an unreadable game's line (its players empty) runs on as it is, since
    it is a command to paste."""
    readable = [row for row in table if row[4]]
    file_w = max(len(row[0]) for row in [HEADS, *table])
    when_w = max(len(row[1]) for row in [HEADS, *table])
    round_w = max(len(row[2]) for row in [HEADS, *table])
    status_w = max(len(row[4]) for row in [HEADS, *table])
    players_w = max([len(HEADS[3]), *(len(", ".join(row[3])) for row in readable)])
    if width is not None:
        fixed = when_w + round_w + status_w + 4 * len(SEP)
        longest = max([0, *(len(player) + 1 for row in readable for player in row[3])])
        need = min(players_w, max(MIN_PLAYERS, longest))  # the players' least room
        file_w = min(file_w, max(MIN_FILE, width - fixed - need))
        players_w = max(len(HEADS[3]), min(players_w, width - fixed - file_w))
    lines = []
    for row in [(*HEADS[:3], [HEADS[3]], HEADS[4]), *table]:
        name, when, round_, players, status = row
        cells = [_elide(name, file_w).ljust(file_w), when.ljust(when_w), round_.rjust(round_w)]
        if not status and row[0] != HEADS[0]:  # unreadable: the command runs on
            lines.append(SEP.join([*cells, players[0]]))
            continue
        wrapped = _wrap(players, players_w)
        lines.append(SEP.join([*cells, wrapped[0].ljust(players_w), status]))
        indent = " " * (file_w + when_w + round_w + 3 * len(SEP))
        lines += [indent + more for more in wrapped[1:]]
    return lines


def _elide(text: str, width: int) -> str:
    """`text` in at most `width` characters: an ellipsis for what is cut, near its
    start, since names differ most at their end (saves are named date-time-seed)."""
    if len(text) <= width:
        return text
    head = min(4, (width - 1) // 3)
    tail = width - 1 - head
    return text[:head] + "…" + text[len(text) - tail :]


def _wrap(items: list[str], width: int) -> list[str]:
    """Items joined by ", " into lines of at most `width`, broken only between items."""
    lines: list[str] = []
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        if len(piece) > width:
            piece = piece[: width - 1] + "…"
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines or [""]


def _short(path: Path, folder: Path) -> str:
    """A saved game's file under the saves folder by its name; another by its path."""
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


def _kind(kind: str) -> str:
    """A seat's kind in a word: human, a bot's level, or exec."""
    return kind.removeprefix("bot:") if not kind.startswith("exec:") else "exec"
