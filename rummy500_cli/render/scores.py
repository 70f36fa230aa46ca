"""Score tables: the end of a round, per player, and the running totals; as text columns
or as a Markdown table (`rummy500 export --format markdown`)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ..events import RoundEnded
from ..variants.partnership import side_name
from .style import Style


def score_table(players: tuple[str, ...], event: RoundEnded, markdown: bool = False) -> str:
    """RULES 6.2: per player, on the table, in hand, the round's score and the total."""
    if any(score.collected is not msgspec.UNSET for score in event.scores):
        return _collected_table(players, event, markdown)
    header = ["player", "table", "hand", "round", "total"]
    rows = [
        [name, str(score.table), str(-score.hand), str(score.score), str(score.total)]
        for name, score in zip(players, event.scores, strict=True)
    ]
    notes = []
    if event.reason == "stock_out":
        deducted = any(score.score != score.table for score in event.scores)
        notes.append("(the stock ran out" + ("" if deducted else "; hands are not deducted") + ")")
    if event.sides:  # RULES 8: the partners' totals added up
        notes.append(
            "Sides: "
            + " · ".join(
                f"{side_name(side, players)} {total}" for side, total in enumerate(event.sides)
            )
        )
    return _table(f"Round {event.round} scores", header, rows, notes, markdown)


def caught_line(
    players: tuple[str, ...], event: RoundEnded, style: Style, width: int | None = None
) -> str:
    """The cards each player was caught with at the round's end, as their hands show
    them (`""` when nobody held a card); with a width, lines broken between players."""
    from ..cards import Card
    from .layout import pack
    from .table import hand_cards

    held = [
        f"{name} {hand_cards((Card.parse(text) for text in score.deadwood), style)}"
        for name, score in zip(players, event.scores, strict=True)
        if score.deadwood
    ]
    return "\n".join(pack(held, width, lead="Caught with: ")) if held else ""


def _collected_table(players: tuple[str, ...], event: RoundEnded, markdown: bool) -> str:
    """RULES 7 opponents_hand: what each left in hand, and the hands each added."""
    header = ["player", "table", "left", "+hands", "round", "total"]
    rows = [
        [
            name,
            str(score.table),
            str(score.hand),
            f"{score.collected or 0:+}",
            str(score.score),
            str(score.total),
        ]
        for name, score in zip(players, event.scores, strict=True)
    ]
    notes = ["(the stock ran out)"] if event.reason == "stock_out" else []
    title = f"Round {event.round} scores (opponents_hand: hands go to the player out)"
    return _table(title, header, rows, notes, markdown)


def _table(
    title: str, header: list[str], rows: list[list[str]], notes: list[str], markdown: bool
) -> str:
    """A title, the columns (names left, figures right) and notes below."""
    if markdown:
        lines = [
            f"**{title}**",
            "",
            "| " + " | ".join(header) + " |",
            "| --- |" + " ---: |" * (len(header) - 1),
        ]
        lines += ["| " + " | ".join(_markdown_cell(cell) for cell in row) + " |" for row in rows]
        if notes:
            lines += ["", *notes]
        return "\n".join(lines)
    width = max(6, *(len(row[0]) for row in rows))
    sizes = [width] + [max(5, len(name)) for name in header[1:]]
    lines = [title, _row(header, sizes)]
    lines += [_row(row, sizes) for row in rows]
    return "\n".join(lines + notes)


def _row(cells: list[str], sizes: list[int]) -> str:
    first, *rest = cells
    return "  ".join(
        [f"{first:<{sizes[0]}}", *(f"{c:>{s}}" for c, s in zip(rest, sizes[1:], strict=True))]
    )


def _markdown_cell(text: str) -> str:
    """A name in a Markdown table: its pipes and backslashes escaped."""
    return text.replace("\\", "\\\\").replace("|", "\\|")


BLOCKS = "▁▂▃▄▅▆▇█"
"""The chart's eight heights; under --ascii, ASCII_BLOCKS."""
ASCII_BLOCKS = "._-~=+*#"


def scorepad(
    players: Sequence[str], rounds: Sequence[RoundEnded], width: int | None = None
) -> list[str]:
    """The score sheet as kept on paper: a row a round, each player's score in the round
    and running total; fitted to `width` by dropping the round's scores (totals only)
    and then shortening the names."""
    if not rounds:
        return []
    for both in (True, False):
        for limit in (None, 12, 8, 5):
            shown = [_clip(name, limit) for name in players]
            cell = 11 if both else 6
            sizes = [max(cell, len(name)) for name in shown]
            header = "Round" + "".join(
                f"  {name:>{size}}" for name, size in zip(shown, sizes, strict=True)
            )
            rows = []
            for event in rounds:
                cells = [
                    (f"{score.score:+d} {score.total:>5}" if both else str(score.total))
                    for score in event.scores
                ]
                rows.append(
                    f"{event.round:>5}"
                    + "".join(f"  {text:>{size}}" for text, size in zip(cells, sizes, strict=True))
                )
            if width is None or len(header) <= width:
                title = (
                    "Scorepad (each round: its score and the running total)"
                    if both
                    else ("Scorepad (the running totals)")
                )
                return [title, header, *rows]
    return ["Scorepad", header, *rows]


def _clip(name: str, limit: int | None) -> str:
    if limit is None or len(name) <= limit:
        return name
    return name[: limit - 1] + "…"


def places(players: Sequence[str], totals: Sequence[int], sides: Sequence[int] = ()) -> list[str]:
    """The final places, highest total first, equal totals sharing a place (the sides'
    in a partnership game, RULES 8)."""
    if sides:
        entries = [(side_name(side, tuple(players)), total) for side, total in enumerate(sides)]
    else:
        entries = list(zip(players, totals, strict=True))
    ranked = sorted(entries, key=lambda entry: -entry[1])
    lines = ["Final places:"]
    place = 0
    size = max(len(name) for name, _ in ranked)
    for index, (name, total) in enumerate(ranked):
        if index == 0 or total != ranked[index - 1][1]:
            place = index + 1
        lines.append(f"  {_ordinal(place):>4}  {name:<{size}}  {total:>5}")
    return lines


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def totals_chart(
    players: Sequence[str],
    rounds: Sequence[RoundEnded],
    ascii: bool = False,
    width: int | None = None,
) -> list[str]:
    """Each player's running total round by round, as a row of blocks on one shared
    scale (eight heights; ASCII marks under --ascii)."""
    if not rounds:
        return []
    marks = ASCII_BLOCKS if ascii else BLOCKS
    totals = [[score.total for score in event.scores] for event in rounds]
    low = min(0, *(t for row in totals for t in row))
    high = max(t for row in totals for t in row)
    span = max(1, high - low)
    label = max(len(name) for name in players)
    room = (width or 80) - label - 10
    step = 2 if 2 * len(rounds) <= room else 1
    lines = [
        f"Totals over {len(rounds)} round{'s' if len(rounds) != 1 else ''} (from {low} to {high}):"
    ]
    for seat, name in enumerate(players):
        bars = "".join(
            marks[round((row[seat] - low) / span * (len(marks) - 1))] * step for row in totals
        )
        lines.append(f"  {name:<{label}}  {bars}  {totals[-1][seat]}")
    return lines
