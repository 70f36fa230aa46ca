"""The viewer's screen for a state (cli/viewer/screen.py), without a terminal: the path,
the table as `replay --at` describes it, the status line or the question being typed,
the analysis of the decision about to be made (its moves only for eyes that may see
that hand), the evaluation graph at the terminal's width, and the reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from viewer_games import analysed, ann_game

from rummy500_cli.cli.viewer.keys import press
from rummy500_cli.cli.viewer.model import HINT, ViewerState
from rummy500_cli.cli.viewer.screen import Screen
from rummy500_cli.render.position import describe_position
from rummy500_cli.render.style import Style

GAME = ann_game()
PLAIN = Style()


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory):
    return analysed(tmp_path_factory.mktemp("screen"))[1]


def shown(state: ViewerState, style: Style = PLAIN, columns: int = 80) -> str:
    return Screen(Path("ann.jsonl"), style).text(state, columns)


@pytest.mark.parametrize("style", [PLAIN, Style(color=True), Style(ascii=True)])
def test_the_table_as_replay_describes_it_under_the_path(style: Style) -> None:
    state = ViewerState.open(GAME, 0, start=6)
    table = describe_position(GAME, 6, 0, style)
    assert shown(state, style) == style.text(f"ann.jsonl\n{table}\n\n{HINT}")


def test_the_status_line_shows_the_question_and_what_is_typed() -> None:
    state = ViewerState.open(GAME, "all", start=5)
    for key in ("g", "1", "2"):
        press(state, key)
    assert shown(state).endswith("\n\ng 12")
    press(state, "escape")
    for key in ("t", "b"):
        press(state, key)
    assert shown(state).endswith("\n\nTake over which seat? 0 Ann, 1 Bob (Enter: 0): b")
    state = ViewerState.open(GAME, 1, start=5)
    press(state, "t")
    assert shown(state).endswith("(Enter: 1): ")


def test_before_a_judged_decision_its_moves_for_eyes_that_may_see_them(analysis) -> None:
    for seat in ("all", 0):
        screen = shown(ViewerState.open(GAME, seat, analysis, start=9))
        assert "Analysis of event 10 (Ann): blunder; played discard J♥" in screen
        assert "discard 4♠: about +12 points, win chance 50%" in screen
    for seat in (None, 1):
        screen = shown(ViewerState.open(GAME, seat, analysis, start=9))
        assert "Analysis of event 10 (Ann): blunder (the moves weighed hide Ann's hand)" in screen
        assert "discard 4♠" not in screen
    assert "Analysis of event" not in shown(ViewerState.open(GAME, "all", analysis, start=10))


def test_the_graph_fits_the_terminal_and_marks_the_position(analysis) -> None:
    state = ViewerState.open(GAME, "all", analysis, start=9)
    press(state, "e")
    screen = shown(state, columns=20)
    lines = screen.splitlines()
    assert lines[1] == "Chance of winning over the game (e: back to the table)"

    def cells(columns: int) -> set[int]:
        bars = [line for line in shown(state, columns=columns).splitlines() if line.endswith("|")]
        assert len(bars) == 6  # three rows a seat
        return {len(line.split("|")[1]) for line in bars}

    assert cells(20) == cells(26) == {10}  # the narrowest graph
    assert cells(30) == {14}  # the width less the names' margin
    assert cells(120) == {GAME.last + 1}  # a cell an event at most
    assert any(line.strip() == "^" for line in lines) and "Ann: accuracy" in screen
    assert "Analysis of event" not in screen


def test_the_reads_under_the_table_are_worked_out_once_a_position() -> None:
    state = ViewerState.open(GAME, 0, start=8)
    press(state, "r")
    screen = Screen(Path("ann.jsonl"), PLAIN)
    first = screen.text(state, 80)
    assert "Ann's seat" in first and first.endswith("reads of the other hands (r: hide)")
    assert screen.reads_lines(state) is screen.reads_lines(state)
    press(state, "r")
    assert "Ann's seat" not in screen.text(state, 80)
