"""The charts fit the width they are given, in Unicode blocks or in ASCII."""

from __future__ import annotations

import pytest

from rummy500_cli.stats.charts import bar_chart, history_chart

HISTORY = [1500.0 + 7 * ((i * 37) % 23) - i for i in range(150)]
LEVELS = [("random", 9, 10), ("greedy", 5, 12), ("strong", 1, 7), ("expert", 0, 3)]


@pytest.mark.parametrize("width", [40, 200])
@pytest.mark.parametrize("ascii", [False, True])
def test_history_fits_and_shows_its_range(width: int, ascii: bool) -> None:
    lines = history_chart(HISTORY, width, height=6, ascii=ascii, label="Rating history:")
    assert len(lines) == 1 + 6 + 1
    assert all(len(line) <= width for line in lines)
    assert lines[1].startswith(f"{round(max(HISTORY)):,} ")
    assert lines[6].startswith(f"{round(min(HISTORY)):,} ")
    assert lines[-1].endswith("150 games")
    plot = "".join(lines[1:7])
    if ascii:
        assert plot.isascii() and "#" in plot
    else:
        assert "█" in plot and "│" in plot
    columns = len(lines[-1]) - lines[-1].index("└" if not ascii else "+") - 1
    assert columns == min(150, width - len(f"{round(max(HISTORY)):,}") - 2)


def test_history_columns_rise_with_the_rating() -> None:
    lines = history_chart([1400.0, 1500.0, 1600.0], 40, height=4)
    assert [line.split("│")[1] for line in lines[:4]] == ["  █", " ▁█", " ██", "▁██"]
    assert lines[0].startswith("1,600 ") and lines[3].startswith("1,400 ")


@pytest.mark.parametrize("width", [40, 200])
@pytest.mark.parametrize("ascii", [False, True])
def test_win_rate_bars_fit_and_are_as_long_as_the_rate(width: int, ascii: bool) -> None:
    lines = bar_chart(LEVELS, width, ascii=ascii)
    assert len(lines) == 4 and all(len(line) <= width for line in lines)
    full = "#" if ascii else "█"
    lengths = [line.count(full) for line in lines]
    assert lengths[0] > lengths[1] > lengths[2] > lengths[3] == 0
    assert lines[0].endswith("90% 9/10") and lines[3].endswith("0% 0/3")
    if ascii:
        assert all(line.isascii() for line in lines)
    room = len(lines[0].split("|" if ascii else "│")[1])
    assert abs(lengths[0] - 0.9 * room) <= 1
