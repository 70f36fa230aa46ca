"""RULES 5.4, 6b.5, 6b.6: no sequence of legal actions makes a round or a game endless.

Each test drives a loop that threatens termination with players who never meld.
"""

from __future__ import annotations

import pytest

from rummy500_cli import engine
from rummy500_cli.actions import Discard, DrawStock, TakePile
from rummy500_cli.engine import legal_actions, new_game, play, round_end
from rummy500_cli.events import GameEnded, RoundEnded, StockDrawn, StockRebuilt
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules


def stubborn_turn(state: State, take_top: bool) -> list:
    """Take the top discard (if allowed and asked) or draw; then discard, never meld."""
    events = []
    legal = legal_actions(state)
    if take_top and TakePile(1) in legal:
        events += play(state, TakePile(1))
    else:
        events += play(state, DrawStock())
    if state.phase == "play":
        discards = [a for a in legal_actions(state) if isinstance(a, Discard)]
        events += play(state, discards[0])
    return events


def run_round(state: State, take_top: bool, limit: int = 10_000) -> list:
    events = []
    start = state.round
    for _ in range(limit):
        events += stubborn_turn(state, take_top)
        if state.round != start or state.over:
            return events
    raise AssertionError("the round did not end")


def test_keeping_the_top_discard_forever_ends_the_round_after_four_rotations() -> None:
    rules = make_rules({"top_discard": "keep"})
    state = fold(new_game(["A", "B", "C"], rules, seed=3))
    events = run_round(state, take_top=True)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.reason == "stock_out"
    assert not any(isinstance(e, StockDrawn) for e in events)
    assert len([e for e in events if type(e).__name__ == "Discarded"]) == 4 * 3


def test_discard_only_play_goes_on_until_someone_is_out_or_idle_too_long() -> None:
    rules = make_rules({"stock_out": "discard_only"})
    state = fold(new_game(["A", "B"], rules, seed=4))
    events = run_round(state, take_top=False)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    skipped = [e for e in events if type(e).__name__ == "DrawSkipped"]
    assert skipped, "the stock ran out and the round went on without drawing"
    assert len(skipped) <= 4 * 2
    assert ended.reason in ("stock_out", "went_out")


def test_the_stock_is_rebuilt_three_times_at_most_then_the_round_ends() -> None:
    rules = make_rules({"stock_out": "reshuffle"})
    state = fold(new_game(["A", "B"], rules, seed=5))
    events = run_round(state, take_top=False)
    rebuilt = [e for e in events if isinstance(e, StockRebuilt)]
    assert [e.count for e in rebuilt] == [1, 2, 3]
    assert next(e for e in events if isinstance(e, RoundEnded)).reason == "stock_out"


@pytest.mark.parametrize("penalty", [True, False])
def test_a_game_that_nobody_can_win_ends_unfinished(monkeypatch, penalty: bool) -> None:
    monkeypatch.setattr(round_end, "ROUND_LIMIT", 4)
    rules = make_rules({"stock_out_hand_penalty": penalty})
    state = fold(new_game(["A", "B"], rules, seed=6))
    events = []
    while not state.over:
        events += run_round(state, take_top=False)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.winner is None and ended.reason == "max_rounds"
    assert state.round == 4


def test_the_round_limit_leaves_real_games_alone() -> None:
    assert 100 <= engine.ROUND_LIMIT <= 10_000  # a real game is 4 to 15 rounds
