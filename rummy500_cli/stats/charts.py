"""Pictures in the terminal: a rating history and win rates as bars.

Both are plain lines of text that fit a given width: Unicode block elements, or with
`ascii` (the `--ascii` of every command) letters only. They are pure functions of
their figures, so they are tested at any width without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

_COLUMN = " ▁▂▃▄▅▆▇█"
"""A cell filled from below in eighths (a column of the history)."""
_COLUMN_ASCII = " ..--==##"
_BAR = " ▏▎▍▌▋▊▉█"
"""A cell filled from the left in eighths (a bar)."""
_BAR_ASCII = "    ====#"


def _thousands(value: float) -> str:
    return f"{round(value):,}"


def history_chart(
    values: Sequence[float], width: int, height: int = 8, ascii: bool = False, label: str = ""
) -> list[str]:
    """A rating's history, game by game, as columns filled from below: `values` are the
    ratings after each game (in rating points), squeezed or spread to the width (each
    column the rating after the last game it stands for). The scale on the left; under
    it the number of games. Answers `height` + 1 lines (+1 with a `label`), none longer
    than `width`."""
    cells = _COLUMN_ASCII if ascii else _COLUMN
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 10, high + 10
    scale = [_thousands(high), _thousands(low)]
    margin = max(len(text) for text in scale) + 1
    plot = max(1, width - margin - 1)
    count = len(values)
    columns = [values[min(count - 1, (i + 1) * count // plot - 1)] for i in range(min(plot, count))]
    if count < plot:  # fewer games than columns: each game one column
        columns = list(values)
    eighths = [round((value - low) / (high - low) * (height * 8 - 1)) + 1 for value in columns]
    lines = []
    if label:
        lines.append(label[:width])
    for row in range(height, 0, -1):
        floor = (row - 1) * 8
        text = "".join(cells[max(0, min(8, level - floor))] for level in eighths)
        side = scale[0] if row == height else scale[1] if row == 1 else ""
        bar = "|" if ascii else "│"
        lines.append(f"{side.rjust(margin - 1)} {bar}{text}".rstrip())
    corner, rule = ("+", "-") if ascii else ("└", "─")
    games = f" {count} game{'s' if count != 1 else ''}"
    axis = rule * len(columns)
    if len(games) <= len(axis):
        axis = axis[: len(axis) - len(games)] + games
    lines.append(f"{' ' * (margin - 1)} {corner}{axis}"[:width])
    return lines


def bar_chart(rows: Sequence[tuple[str, int, int]], width: int, ascii: bool = False) -> list[str]:
    """Win rates as bars: each row a label, a bar as long as the share of games won, and
    the figures (`40% 12/30`). Every line fits `width`."""
    if not rows:
        return []
    cells = _BAR_ASCII if ascii else _BAR
    labels = [label for label, _wins, _games in rows]
    figures = [
        f"{round(100 * wins / games) if games else 0:>3}% {wins}/{games}"
        for _label, wins, games in rows
    ]
    name = min(max(len(label) for label in labels), max(6, width // 4))
    tail = max(len(text) for text in figures)
    room = max(1, width - name - tail - 4)
    edge = "|" if ascii else "│"
    lines = []
    for label, (_l, wins, games), text in zip(labels, rows, figures, strict=True):
        share = wins / games if games else 0.0
        eighths = round(share * room * 8)
        full, part = divmod(eighths, 8)
        bar = cells[8] * full + (cells[part] if part else "")
        bar = bar.ljust(room)
        shown = label if len(label) <= name else label[: name - 1] + ("~" if ascii else "…")
        lines.append(f"{shown.ljust(name)} {edge}{bar}{edge} {text.ljust(tail)}".rstrip()[:width])
    return lines
