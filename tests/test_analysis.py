"""`rummy500 analyze`: decisions judged against the expert, and the game in figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.actions import parse_action
from rummy500_cli.analysis import game_stats, judge_decisions, label_for, win_chance
from rummy500_cli.cards import Card, parse_cards
from rummy500_cli.cli.main import main
from rummy500_cli.deal import stack
from rummy500_cli.engine import new_game, play
from rummy500_cli.records.log import encode_log, read_log
from rummy500_cli.rules import make_rules
from rummy500_cli.state import fold

REPLAYS = Path(__file__).resolve().parent.parent / "replays"


def fed_kings() -> list:
    """A game to 60 where Bob is seen taking K♥ and K♣ from the pile; K♠ is on Ann's meld.
    Ann then discards K♦, the last King: Bob takes it for a 30-point set."""
    hands = [parse_cards("KH JS QS KS 2C 10C 4H"), parse_cards("9H 9C 3S 5D 7H JC AS")]
    top = stack(hands, Card.parse("9S"), parse_cards("2D 3D KC KD 5C"))
    events = new_game(
        ["Ann", "Bob"], make_rules({"target": 60, "hand_size": 7}), seed=1, deck=[top]
    )
    state = fold(events)
    moves = [
        "draw", "meld JS QS KS", "discard KH",  # Ann
        "draw", "discard 3S",  # Bob
        "draw", "discard KC",  # Ann
        "take 4", "meld 9S 9H 9C", "discard JC",  # Bob: K♥ 3♠ K♣ come into his hand, seen
        "draw", "discard KD",  # Ann hands Bob the King he needs
    ]  # fmt: skip
    for move in moves:
        events += play(state, parse_action(move, state))
    return events


@pytest.fixture(scope="module")
def judged():
    return {d.played: d for d in judge_decisions(fed_kings(), [0], think=100)}


def test_handing_the_next_player_a_30_point_take_is_a_blunder(judged) -> None:
    decision = judged["discard KD"]
    assert decision.label == "blunder"
    assert decision.best != "discard KD" and decision.best.startswith("discard ")
    assert decision.points_lost >= 15
    assert decision.win_drop >= 0.15


def test_a_harmless_discard_is_not_marked(judged) -> None:
    assert judged["discard KH"].label is None  # nobody could use K♥ yet


def test_the_win_chance_model() -> None:
    assert win_chance([0, 0], 0, 0, 500) == pytest.approx(0.5)
    assert win_chance([0, 0, 0, 0], 2, 0, 500) == pytest.approx(0.25)
    assert win_chance([100, 0], 0, 0, 500) > win_chance([50, 0], 0, 0, 500) > 0.5
    early = win_chance([0, 0], 0, 0, 500) - win_chance([0, 0], 0, -30, 500)
    late = win_chance([450, 450], 0, 0, 500) - win_chance([450, 450], 0, -30, 500)
    assert late > 2 * early  # 30 points matter more near the end


def test_labels_go_by_the_drop_in_winning_chance() -> None:
    assert label_for(0.20, 30) == "blunder"
    assert label_for(0.10, 30) == "mistake"
    assert label_for(0.04, 30) == "inaccuracy"
    assert label_for(0.01, 30) is None
    assert label_for(0.30, 1) is None  # a point lost in a decided game is no blunder


def test_game_figures_of_the_deep_take_sample() -> None:
    stats = game_stats(read_log(REPLAYS / "stacked-deep-take.jsonl").events)
    first, second = stats.rounds
    bob = first.seats[1]
    assert [(t.depth, t.used) for t in bob.takes] == [(7, 4), (2, 2)]
    assert bob.laid_off == 19 and bob.laid_off_on == {"Ana": 10, "Bob": 9}
    assert first.went_out == "Ana" and first.seats[0].went_out_on_turn == 8
    assert first.seats[0].deadwood == 0 and bob.deadwood == 10
    assert second.seats[0].missed == []  # 4C fitted only a meld of the move that went out
    random_bob = game_stats(read_log(REPLAYS / "four-players.jsonl").events).rounds[1].seats[1]
    assert random_bob.missed[:2] == ["meld AS AH AC", "meld AH 2H 3H"]
    assert stats.totals == [129, 163, 160] and stats.finished
    assert stats.per_seat()[1]["pile_takes"] == 4


def test_analyze_command(tmp_path: Path) -> None:
    log = tmp_path / "kings.jsonl"
    log.write_bytes(encode_log(fed_kings()))
    runner = CliRunner()
    text = runner.invoke(main, ["analyze", str(log), "--seat", "Ann", "--think", "100"])
    assert text.exit_code == 0, text.output
    assert "Ann: blunder: discard KD; better discard" in text.output
    assert (
        "The game in figures" in text.output and "Totals: Ann 0, Bob 0 (unfinished)" in text.output
    )
    data = json.loads(runner.invoke(main, ["analyze", str(log), "--seat", "0", "--json"]).output)
    assert {d["label"] for d in data["decisions"] if d["played"] == "discard KD"} == {"blunder"}
    assert data["per_seat"][1]["pile_takes"] == 1 and data["seats"] == [0]
    assert data["rounds"][0]["reason"] == "in_play"  # the round being played counts too
    bad = runner.invoke(main, ["analyze", str(log), "--seat", "Zed"])
    assert bad.exit_code == 2


def test_a_rum_call_counts_as_a_lay_off_of_the_caller() -> None:
    """RULES 7 rum_call: the called card is laid off by the caller, and the figures say so:
    each seat's laid-off points per round are its lay-offs plus its Rum! calls."""
    from rummy500_cli.events import LaidOff, RoundEnded, RumCalled

    events = read_log(REPLAYS / "windows-three-players.jsonl").events
    stats = game_stats(events)
    expected: list[list[int]] = [[0, 0, 0]]
    for event in events:
        if isinstance(event, LaidOff | RumCalled):
            expected[-1][event.seat] += sum(event.values)
        elif isinstance(event, RoundEnded):
            expected.append([0, 0, 0])
    got = [[seat.laid_off for seat in round_.seats] for round_ in stats.rounds]
    assert got == expected[:-1]
    assert any(isinstance(e, RumCalled) for e in events)


def test_missed_plays_name_plays_with_jokers() -> None:
    """RULES 8 jokers: a hand left with 5H 6H JK could still have melded; analyze says so
    in the command language, the joker's card named where it could be two."""
    from rummy500_cli.analysis import missed_plays
    from rummy500_cli.cards import parse_cards

    events = new_game(["Ann", "Bob"], make_rules(variant="jokers"), seed=1)
    state = fold(events)
    state.hands[0] = parse_cards("5H 6H JK 9C")
    missed = missed_plays(state, 0)
    assert "meld 5H 6H JK=7H" in missed and "meld JK=4H 5H 6H" in missed
