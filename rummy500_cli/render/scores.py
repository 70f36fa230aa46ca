"""Score tables: the end of a round, per player, and the running totals; as text columns
or as a Markdown table (`rummy500 export --format markdown`)."""

from __future__ import annotations

import msgspec

from ..events import RoundEnded
from ..sides import side_name
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


def caught_line(players: tuple[str, ...], event: RoundEnded, style: Style) -> str:
    """The cards each player was caught with at the round's end, as their hands show
    them (`""` when nobody held a card)."""
    from ..cards import Card
    from .table import hand_cards

    held = [
        f"{name} {hand_cards((Card.parse(text) for text in score.deadwood), style)}"
        for name, score in zip(players, event.scores, strict=True)
        if score.deadwood
    ]
    return "Caught with: " + " · ".join(held) if held else ""


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
