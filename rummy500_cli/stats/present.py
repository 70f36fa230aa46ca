"""The stats as text: tables that fit the terminal's width, and a player's page.

A table's columns each have a priority: when the width is too small, the least needed
go first (the name, games, wins and win rate stay). Names from the logs are shown with
their control characters escaped (`render.printable`) by the caller's style.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass

from .games import BOT
from .ratings import Ladder, Rating, shown, split_key
from .records import Apart, Meeting, Record, wilson


@dataclass
class Column:
    head: str
    priority: int
    """Lower stays longer (0: never dropped)."""
    left: bool = False


def fit_table(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int) -> list[str]:
    """The rows under their heads, columns two spaces apart, dropping the columns of
    highest priority number until the lines fit `width` (or only priority 0 is left)."""
    keep = list(range(len(columns)))

    def widths() -> list[int]:
        return [max(len(columns[i].head), *(len(row[i]) for row in rows)) for i in keep]

    while True:
        total = sum(widths()) + 2 * (len(keep) - 1)
        droppable = [i for i in keep if columns[i].priority > 0]
        if total <= width or not droppable:
            break
        keep.remove(max(droppable, key=lambda i: (columns[i].priority, i)))
    sizes = widths()
    lines = []
    for row in [[c.head for c in columns], *rows]:
        cells = []
        for size, i in zip(sizes, keep, strict=True):
            cells.append(row[i].ljust(size) if columns[i].left else row[i].rjust(size))
        lines.append("  ".join(cells).rstrip())
    return lines


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def who(name: str, kind: str) -> str:
    """A player as the tables name them: a person by name; a bot or a program marked."""
    return name if kind == "human" else f"{name} ({kind})"


RECORD_COLUMNS = [
    Column("player", 0, left=True),
    Column("games", 0),
    Column("wins", 0),
    Column("win%", 0),
    Column("95% CI", 3),
    Column("rating", 1),
    Column("final", 4),
    Column("round", 6),
    Column("outs/g", 7),
    Column("takes/g", 8),
    Column("depth", 9),
    Column("best", 10),
    Column("worst", 11),
    Column("streak", 5),
]


def streak_text(record: Record) -> str:
    now = record.streak
    text = f"W{now}" if now > 0 else f"L{-now}" if now < 0 else "-"
    return f"{text} ({record.longest_streak})"


def record_row(record: Record, rating: str) -> list[str]:
    f = record.figures()
    low, high = record.interval
    games = record.games or 1
    return [
        who(record.name, record.kind),
        str(record.games),
        str(record.wins),
        pct(record.win_rate),
        f"{pct(low)}-{pct(high)}",
        rating,
        f"{f['mean_final']}",
        f"{f['mean_round']}",
        f"{record.go_outs / games:.2f}",
        f"{record.takes / games:.2f}",
        f"{f['mean_depth']:.2f}",
        str(record.best[0]) if record.best else "-",
        str(record.worst[0]) if record.worst else "-",
        streak_text(record),
    ]


def main_rating(ladder: Ladder, key: str) -> str:
    """A player's rating in the pool they played most in (with the pool when they have
    several), for a records table."""
    found = [(pool, table[key]) for pool, table in ladder.pools.items() if key in table]
    if not found:
        return "-"
    pool, rating = max(found, key=lambda item: (item[1].games, item[0]))
    text = f"{rating.shown:,}{'?' if rating.provisional else ''}"
    return text if len(found) == 1 else f"{text} ({pool})"


def records_table(records: Sequence[Record], ladder: Ladder, width: int) -> list[str]:
    rows = [record_row(r, main_rating(ladder, r.key)) for r in records]
    return fit_table(RECORD_COLUMNS, rows, width)


def apart_lines(parts: Sequence[Apart], unfinished: int) -> list[str]:
    """What the records leave out, in words."""
    lines = []
    words = {
        "tutored": "tutored (a tutor warned before weak moves)",
        "takebacks": "with takebacks",
        "branched": "branched from another game",
    }
    for part in parts:
        players = ", ".join(
            f"{who(*split_key(key))} {part.wins.get(key, 0)} of {count}"
            for key, count in sorted(part.played.items())
        )
        games = "1 game" if part.games == 1 else f"{part.games} games"
        lines.append(
            f"Counted apart: {games} {words[part.why]}" + (f"; wins: {players}" if players else "")
        )
    if unfinished:
        lines.append(f"Not counted: {unfinished} unfinished game{'s' if unfinished != 1 else ''}.")
    return lines


LADDER_COLUMNS = [
    Column("#", 0),
    Column("player", 0, left=True),
    Column("rating", 0),
    Column("±", 1),
    Column("games", 2),
    Column("", 3, left=True),
]


def ladder_rows(table: dict[str, Rating]) -> list[tuple[str, Rating]]:
    """A pool's players, best first."""
    return sorted(table.items(), key=lambda item: (-item[1].mu, item[0]))


def ladder_lines(ladder: Ladder, width: int, free_bots: bool) -> list[str]:
    lines: list[str] = []
    for pool in sorted(ladder.pools):
        rows = []
        for place, (key, rating) in enumerate(ladder_rows(ladder.pools[pool]), 1):
            name, kind = split_key(key)
            anchored = kind == BOT and not free_bots
            note = "anchor" if anchored else "provisional" if rating.provisional else ""
            rows.append(
                [
                    str(place),
                    who(name, kind),
                    f"{rating.shown:,}",
                    f"± {rating.spread}",
                    str(rating.games),
                    note,
                ]
            )
        if lines:
            lines.append("")
        lines.append(f"Ratings: {pool}")
        lines.extend(fit_table(LADDER_COLUMNS, rows, width))
    if not lines:
        lines.append("No rated games yet (a rated game is finished, with a winner, and plain).")
    return lines


MEETING_COLUMNS = [
    Column("against", 0, left=True),
    Column("games", 0),
    Column("wins", 0),
    Column("their wins", 2),
    Column("win%", 0),
    Column("95% CI", 3),
    Column("ahead", 4),
]


def meeting_lines(meetings: Sequence[Meeting], width: int) -> list[str]:
    rows = []
    for m in meetings:
        low, high = wilson(m.wins, m.games)
        rows.append(
            [
                who(m.opponent, m.kind),
                str(m.games),
                str(m.wins),
                str(m.losses),
                pct(m.win_rate),
                f"{pct(low)}-{pct(high)}",
                str(m.ahead),
            ]
        )
    return fit_table(MEETING_COLUMNS, rows, width)


GROUP_COLUMNS = [Column("", 0, left=True), *RECORD_COLUMNS[1:5], RECORD_COLUMNS[6]]


def group_lines(groups: Sequence[tuple[str, Record]], width: int) -> list[str]:
    rows = []
    for label, record in groups:
        row = record_row(record, "")
        rows.append([label, *row[1:5], row[6]])
    return fit_table(GROUP_COLUMNS, rows, width)


def terminal_width() -> int:
    """The width to fit: $COLUMNS, else the terminal's, else 80 (at least 40)."""
    import shutil

    text = os.environ.get("COLUMNS", "")
    if text.isdigit() and int(text) > 0:
        return max(40, int(text))
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def date_text(moment: int) -> str:
    return dt.datetime.fromtimestamp(moment).strftime("%Y-%m-%d")


def profile_pools(ladder: Ladder, key: str) -> list[tuple[str, Rating]]:
    return sorted(
        ((pool, table[key]) for pool, table in ladder.pools.items() if key in table),
        key=lambda item: (-item[1].games, item[0]),
    )


def rating_words(pool: str, rating: Rating, anchored: bool) -> str:
    mark = " (anchor: fixed)" if anchored else " (provisional)" if rating.provisional else ""
    games = "1 game" if rating.games == 1 else f"{rating.games} games"
    return f"{pool}: {shown(rating)}, {games}{mark}"


def level_rows(meetings: Sequence[Meeting]) -> list[tuple[str, int, int]]:
    """(level, wins, games) against each bot level, weakest level first."""
    from ..bots import BOTS

    order = {level: i for i, level in enumerate(BOTS)}
    bots = [m for m in meetings if m.kind == BOT]
    bots.sort(key=lambda m: (order.get(m.opponent, len(order)), m.opponent))
    return [(m.opponent, m.wins, m.games) for m in bots]
