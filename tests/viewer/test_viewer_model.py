"""The replay viewer's state, key by key, without a terminal (rummy500-replay(6), "The
viewer"): each key pressed through the key table (`keys.press`, as the terminal binds
them) on Ann's lost game (viewer_games.py), and what it does to the position, the
graph, the reads, the typed text, the question, the status line and the take-over."""

from __future__ import annotations

from pathlib import Path

import pytest
from viewer_games import COSTLIEST, MISSING, analysed, ann_game, judged, taken_back

from rummy500_cli.cli.viewer.keys import help_line, press
from rummy500_cli.cli.viewer.model import HINT, NOTHING_COSTLY, ONLOOKER_READS, ViewerState
from rummy500_cli.records.replay import Replay

GAME = ann_game()


def viewer(seat: int | str | None = "all", start: int | None = None) -> ViewerState:
    """The viewer on Ann's game, without an analysis."""
    return ViewerState.open(GAME, seat, None, MISSING, start)


def pressed(state: ViewerState, *keys: str) -> ViewerState:
    for key in keys:
        press(state, key)
    return state


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory):
    return analysed(tmp_path_factory.mktemp("analysed"))[1]


# --- opening -----------------------------------------------------------------------


def test_it_opens_on_the_first_deal_or_at_the_start_asked() -> None:
    state = viewer()
    assert (state.position, state.message, state.typed) == (2, HINT, None)
    assert not (state.graph or state.reading or state.done) and state.take is None
    assert viewer(start=7).position == 7
    assert viewer(start=0).position == 0


# --- moving: every key, within the log -----------------------------------------------


@pytest.mark.parametrize(("forward", "back"), [("right", "left"), ("l", "h")])
def test_one_event_at_a_time_and_never_past_either_end(forward: str, back: str) -> None:
    state = viewer()
    assert pressed(state, forward).position == 3
    assert pressed(state, back, back).position == 1
    assert pressed(state, "home", back).position == 0
    assert pressed(state, "end", forward).position == GAME.last == 16


def test_a_move_puts_the_hint_back() -> None:
    state = viewer()
    state.say("something else")
    assert pressed(state, "right").message == HINT


def test_turns_rotations_rounds_and_the_ends() -> None:
    state = viewer()  # turns start at 2, 5, 8 and 10; one round, dealt at 2
    assert pressed(state, "down").position == 5
    assert pressed(state, "down", "down").position == 10
    assert pressed(state, "down").position == GAME.next_after(state.turns, 10)
    assert pressed(state, "up").position == 10
    assert pressed(state, "up", "up", "up").position == 2
    assert pressed(state, "]").position == 8  # two players: two turns on
    assert pressed(state, "[").position == 2
    assert pressed(state, "end", "pageup").position == 2
    assert pressed(state, "home", "pagedown").position == 2
    assert pressed(state, "pagedown").position == GAME.next_after([2], 2)
    assert pressed(state, "home").position == 0
    assert pressed(state, "end").position == 16


def test_stepping_passes_over_what_a_takeback_took_back(tmp_path: Path) -> None:
    game = taken_back(tmp_path)  # line 9 (Ann's draw) taken back by line 10
    state = ViewerState.open(game, "all", start=8)
    assert pressed(state, "l").position == 10
    assert pressed(state, "h").position == 8
    assert pressed(state, "g", "9", "enter").position == 9  # g N shows it all the same


# --- g: go to an event or to a card --------------------------------------------------


def test_g_asks_and_enter_goes_to_the_event_typed() -> None:
    state = pressed(viewer(), "g")
    assert (state.typed, state.asking) == ("", "g")
    pressed(state, "1", "2", "3", "backspace", "right", "l", "q")
    assert state.typed == "12lq" and state.position == 2 and not state.done
    pressed(state, "backspace", "backspace")
    assert pressed(state, "enter").position == 12 and state.typed is None
    assert pressed(state, "g", "9", "9", "9", "enter").position == 16  # kept within the log


def test_g_and_a_card_goes_to_the_next_event_that_moves_it() -> None:
    state = pressed(viewer(), "g", "J", "H", "enter")
    assert state.position == 9  # Ann draws J♥
    assert pressed(state, "g", "j", "h", "enter").position == 10  # and discards it
    pressed(state, "end", "g", "J", "H", "enter")
    assert state.message == "no event after this one moves J♥" and state.position == 16


def test_g_with_neither_a_number_nor_a_card_says_so() -> None:
    state = pressed(viewer(), "g", "x", "enter")
    assert state.position == 2 and state.typed is None
    assert "x" in state.message and state.message != HINT


def test_escape_closes_the_question_and_leaves_the_status_line() -> None:
    state = viewer()
    state.say("kept")
    pressed(state, "g", "5", "escape")
    assert (state.typed, state.position, state.message) == (None, 2, "kept")
    assert pressed(state, "escape", "enter", "backspace").position == 2  # nothing open


def test_only_printable_text_is_typed() -> None:
    state = pressed(viewer(), "g")
    press(state, "right", "\x1b[C")
    press(state, "c-a", "\x01")
    press(state, "7", "7")
    assert state.typed == "7"


def test_ctrl_c_and_ctrl_d_quit_even_while_typing() -> None:
    for key in ("c-c", "c-d"):
        state = pressed(viewer(), "g", key)
        assert state.done and state.take is None
    assert pressed(viewer(), "q").done


# --- the marks of an analysis: b m i, B M I, c C ---------------------------------------


@pytest.mark.parametrize("key", ["b", "m", "i", "B", "M", "I", "c", "C", "e"])
def test_without_an_analysis_the_keys_say_why_there_is_none(key: str) -> None:
    state = pressed(viewer(), key)
    assert state.message == MISSING and state.position == 2 and not state.graph


def test_the_mark_keys_go_to_just_before_each_labelled_decision(analysis) -> None:
    state = ViewerState.open(GAME, "all", analysis, "")
    assert pressed(state, "b").position == 9 and state.message == "blunder 1 of 1"
    pressed(state, "b")
    assert state.message == "no blunder after this position (1 in the game)"
    assert state.position == 9
    assert pressed(state, "M").position == 8 and state.message == "mistake 1 of 1"
    assert pressed(state, "I").position == 4 and state.message == "inaccuracy 1 of 1"
    pressed(state, "I")
    assert state.message == "no inaccuracy before this position (1 in the game)"
    assert pressed(state, "m").position == 8 and pressed(state, "i").message.startswith("no ")


def test_c_visits_the_costliest_decisions_the_worst_first_going_round(analysis) -> None:
    state = ViewerState.open(GAME, "all", analysis, "")
    visited = []
    for _ in range(len(COSTLIEST) + 1):
        visited.append(pressed(state, "c").position + 1)
    assert visited == [*COSTLIEST, COSTLIEST[0]]
    assert state.message == (
        "costliest decision 1 of 4: Ann, 20% win chance lost (blunder; c next, C back)"
    )
    assert pressed(state, "C").position + 1 == COSTLIEST[-1]
    assert state.message.startswith("costliest decision 4 of 4: Bob, 1% win chance lost (no mark")


def test_c_back_first_goes_to_the_least_of_them(analysis) -> None:
    state = pressed(ViewerState.open(GAME, "all", analysis, ""), "C", "C")
    assert state.position + 1 == COSTLIEST[-2]


def test_c_when_no_decision_lost_anything(tmp_path: Path) -> None:
    _, best = analysed(tmp_path, [judged(3, 0, None, "draw", "draw", 0.0)])
    state = pressed(ViewerState.open(GAME, "all", best, ""), "c")
    assert state.message == NOTHING_COSTLY and state.position == 2


# --- takebacks: u U ------------------------------------------------------------------


def test_u_and_u_back_go_to_the_takebacks(tmp_path: Path) -> None:
    state = ViewerState.open(taken_back(tmp_path), None)
    assert pressed(state, "u").position == 10 and state.message == "takeback 1 of 1"
    pressed(state, "u")
    assert state.message == "no takeback after this position (1 in the game)"
    assert pressed(state, "end", "U").position == 10
    pressed(state, "U")
    assert state.message == "no takeback before this position (1 in the game)"


def test_a_game_without_takebacks_says_there_is_none() -> None:
    assert pressed(viewer(), "u").message == "no takeback after this position (0 in the game)"


# --- what is shown: e r ? ------------------------------------------------------------


def test_e_turns_the_graph_on_and_off(analysis) -> None:
    state = ViewerState.open(GAME, None, analysis, "")
    assert pressed(state, "e").graph and state.message == HINT
    assert pressed(state, "l").graph and state.position == 3  # keys still move under it
    assert not pressed(state, "e").graph


def test_r_shows_a_seat_s_reads_and_an_onlooker_has_none() -> None:
    state = pressed(viewer(None), "r")
    assert state.message == ONLOOKER_READS and not state.reading
    for seat in (0, "all"):
        state = pressed(viewer(seat), "r")
        assert state.reading and state.message == "reads of the other hands (r: hide)"
        assert not pressed(state, "r").reading and state.message == HINT


def test_question_mark_shows_the_keys() -> None:
    assert pressed(viewer(), "?").message == help_line()
    assert pressed(viewer(), "?", "l").message == HINT


# --- t: take over a seat -------------------------------------------------------------


def test_t_where_the_game_cannot_branch_says_why() -> None:
    state = pressed(viewer(start=1), "t")
    assert state.typed is None and state.message.startswith("cannot take over here: ")


@pytest.mark.parametrize(
    ("seat", "answer", "taken"),
    [("all", "", 0), (1, "", 1), (None, "1", 1), ("all", "bob", 1), (0, " Ann ", 0)],
)
def test_t_takes_the_seat_answered_at_the_position_shown(seat, answer: str, taken: int) -> None:
    state = pressed(viewer(seat, start=5), "t")
    assert (state.typed, state.asking) == ("", "t")
    for character in answer:
        press(state, character)
    pressed(state, "enter")
    assert state.take == (5, taken) and state.done


@pytest.mark.parametrize("answer", ["2", "Cyd", "-1"])
def test_t_with_an_answer_naming_no_seat_says_what_would_do(answer: str) -> None:
    state = pressed(viewer(start=5), "t")
    for character in answer:
        press(state, character)
    pressed(state, "enter")
    assert state.message == f"no seat {answer!r}: give a number (0-1) or a name"
    assert state.take is None and not state.done and state.typed is None


def test_the_mark_keys_know_the_labelled_decisions_only(analysis) -> None:
    """Lines 5, 9, 10 labelled (3 and 8 not): each mark just before its decision."""
    state = ViewerState.open(GAME, "all", analysis, "")
    assert state.marks == {"blunder": [9], "mistake": [8], "inaccuracy": [4]}
    assert ViewerState.open(GAME, "all").marks == {"blunder": [], "mistake": [], "inaccuracy": []}


def test_a_game_of_the_header_alone_opens_on_it() -> None:
    state = ViewerState.open(Replay(GAME.events[:1]), None)
    assert state.position == 0
    assert pressed(state, "l", "end", "pagedown", "down", "]").position == 0
