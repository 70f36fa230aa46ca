"""`rummy500 analyze`: decisions judged against the expert, and the game in figures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.analysis.figures import game_stats
from rummy500_cli.analysis.judge import band, judge_decisions, verdict
from rummy500_cli.analysis.win_model import Model, model
from rummy500_cli.cards import Card, parse_cards
from rummy500_cli.cli.main import main
from rummy500_cli.deal import stack
from rummy500_cli.engine import new_game, play
from rummy500_cli.language import parse_action
from rummy500_cli.records.log import encode_log, read_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


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


def test_handing_the_next_player_a_30_point_take_is_found(judged) -> None:
    """Played out to the game's end by the strong bot over 300 deals, Ann wins 62 games
    after K♦ and 82 after 2♣: in a game to 60 that she trails already, a drop of about
    7 to 13 points of %, which the calibrated judge calls a mistake (the first judge's
    uncalibrated curve said blunder). Found it must be, and clear of the threshold."""
    decision = judged["discard KD"]
    assert decision.label in ("mistake", "blunder", "unclear")  # unclear: which of the two
    assert decision.best != "discard KD" and decision.best.startswith("discard ")
    assert decision.points_lost >= 15
    assert decision.drop_low >= 0.08  # clear of the threshold, not just past it


def test_a_harmless_discard_is_not_marked(judged) -> None:
    assert judged["discard KH"].label is None  # nobody could use K♥ yet


def chances(totals, table=None, deadwood=None, stock=20, target=500, mover=-1):
    n = len(totals)
    position = [1, stock, mover, totals, table or [0] * n, [7] * n, deadwood or [0] * n]
    return model().chances(position, target)


def test_the_win_chance_model() -> None:
    assert chances([0, 0]) == pytest.approx([0.5, 0.5])
    assert chances([0, 0, 0, 0]) == pytest.approx([0.25] * 4)
    assert sum(chances([120, 300, 80])) == pytest.approx(1)
    assert chances([100, 0])[0] > chances([50, 0])[0] > 0.5
    early = chances([0, 0])[0] - chances([0, 30])[0]
    late = chances([450, 450])[0] - chances([450, 480])[0]
    assert late > 1.5 * early  # 30 points matter more near the end
    assert chances([0, 0], table=[40, 0])[0] > 0.5  # points on the table this round count


def test_the_shipped_model_is_a_fitted_one() -> None:
    import json
    from importlib import resources

    data = json.loads(resources.files("rummy500_cli").joinpath("data/win_model.json").read_text())
    assert data["version"] >= 1 and data["fitted_on"]["rounds"] >= 100_000
    assert isinstance(model(), Model) and model().weights[0] > 0  # a higher total helps


def test_labels_go_by_the_drop_in_winning_chance_and_its_interval() -> None:
    assert band(0.20) == "blunder" and band(0.10) == "mistake" and band(0.04) == "inaccuracy"
    assert band(0.01) is None
    assert verdict(0.20, 0.17, 0.25) == "blunder"
    assert verdict(0.10, 0.09, 0.12) == "mistake"
    assert verdict(0.14, 0.12, 0.17) == "unclear"  # a mistake or a blunder: no verdict
    assert verdict(0.05, 0.01, 0.07) is None  # at worst an inaccuracy, unconfirmed
    assert verdict(0.05, 0.035, 0.07) == "inaccuracy"


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
    assert re.search(r"Ann: (mistake|blunder|unclear): discard K♦; better discard", text.output)
    ascii_text = runner.invoke(main, ["analyze", str(log), "--seat", "Ann", "--ascii"]).output
    assert "discard KD; better discard" in ascii_text and "♦" not in ascii_text
    assert (
        "The game in figures" in text.output and "Totals: Ann 0, Bob 0 (unfinished)" in text.output
    )
    data = json.loads(runner.invoke(main, ["analyze", str(log), "--seat", "0", "--json"]).output)
    assert {d["label"] for d in data["decisions"] if d["played"] == "discard KD"} <= {
        "mistake",
        "blunder",
        "unclear",
    }
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
    from rummy500_cli.analysis.figures import missed_plays
    from rummy500_cli.cards import parse_cards

    events = new_game(["Ann", "Bob"], make_rules(variant="jokers"), seed=1)
    state = fold(events)
    state.hands[0] = parse_cards("5H 6H JK 9C")
    missed = missed_plays(state, 0)
    assert "meld 5H 6H JK=7H" in missed and "meld JK=4H 5H 6H" in missed


def test_accuracy_tells_the_expert_from_a_random_player() -> None:
    """One side plays the expert's moves, the other random moves: the accuracy (lichess's,
    from each decision's expected points lost) sets them far apart, over three short games
    (one game to 150 is too few decisions to stand for a level: in the first of these the
    expert is judged 87.4 and the random player 74.6). The judge plays out one turn, the
    expert two (`expert.TURNS`), so the judge calls some of the expert's choices worse than
    its own: 86 to 96 over seven seeded games (TUNING.md), where the one-turn expert had
    92 to 99.5; hence 85, not 90."""
    from rummy500_cli.analysis.figures import summary
    from rummy500_cli.analysis.selfplay import bot_game

    rules = make_rules({"target": 150})
    accuracies: list[list[float]] = [[], []]
    flagged = [0, 0]
    for seed in ("accuracy", "accuracy-2", "accuracy-3"):
        _, events = bot_game(["Exa", "Ran"], rules, seed, ("expert", "random"), think=100)
        for side, player in enumerate(summary(judge_decisions(events, [0, 1], think=100), [0, 1])):
            assert player.decisions >= 10 and player.accuracy is not None, player
            accuracies[side].append(player.accuracy)
            # a game to 150 is short (13 to 23 decisions a side), so every label counts
            flagged[side] += player.inaccuracies + player.mistakes + player.blunders
    expert, random_ = (sum(found) / len(found) for found in accuracies)
    assert expert >= 85, accuracies
    assert random_ <= 80, accuracies
    assert expert - random_ >= 15
    assert flagged[1] > flagged[0], flagged


def test_accuracy_of_one_move_is_lichess_s() -> None:
    from rummy500_cli.analysis.figures import accuracy, move_accuracy

    assert move_accuracy(50, 50) == 100 and move_accuracy(50, 60) == 100
    assert move_accuracy(60, 50) == pytest.approx(64.6, abs=0.1)  # lichess: a 10-point drop
    assert move_accuracy(100, 0) == 0
    assert accuracy([]) is None


def test_the_hint_ranks_the_best_moves_in_plain_words() -> None:
    """Late in round 5 of the sample game the pile holds ten cards Ana can use: the
    judge ranks the deep take first, by the chance of winning it shows, and says how
    much less likely to win the next move is."""
    from rummy500_cli.analysis.hint import judged_hint, ranked_moves
    from rummy500_cli.render.analysis import hint_lines
    from rummy500_cli.render.style import Style

    events = read_log(REPLAYS / "two-players.jsonl").events[:180]
    ranked = ranked_moves(events, fold(events))
    assert [action.text() for action, _, _ in ranked][:2] == ["take 10", "draw"]
    assert ranked[0][1] - ranked[1][1] >= 20
    assert [chance for _, _, chance in ranked] == sorted(
        (chance for _, _, chance in ranked), reverse=True
    )
    hint = judged_hint(events, fold(events))
    assert hint is not None
    lines = hint_lines(ranked, Style(), hint.gaps, hint.decision.samples)
    assert lines[0].startswith("hint: the expert's best moves as rummy500 analyze judges them (")
    assert re.fullmatch(r"  1\. take 10: win chance \d+%, about [+-]\d+ points", lines[1])
    assert re.fullmatch(
        r"  2\. draw: win chance \d+%, about [+-]\d+ points \(\d+% less likely to win than 1\., "
        r"between -?\d+% and \d+% with the noise\)",
        lines[2],
    )
    assert "against the other players' mean" in lines[-1]
    made_up = [(parse_action(t, fold(events)), p, 0.5) for t, p in (("take 10", 9.6), ("draw", 3))]
    assert hint_lines(made_up, Style())[1:3] == [
        "  1. take 10: win chance 50%, about +10 points",
        "  2. draw: win chance 50%, about +3 points",
    ]


def test_the_blind_win_chance_reads_no_hand() -> None:
    """What an onlooker's graph shows may not depend on the cards it cannot see."""
    from rummy500_cli.analysis.win_model import win_chances

    state = fold(read_log(REPLAYS / "two-players.jsonl").events[:60])
    other = state.copy()
    other.hands[1] = list(state.stock[: len(state.hands[1])])
    assert other.hands[1] != state.hands[1]
    assert win_chances(other, blind=True) == win_chances(state, blind=True)
    assert win_chances(other) != win_chances(state)


def test_the_verdicts_are_the_same_for_any_number_of_processes() -> None:
    """The processes take the positions one at a time, the deepest piles first: the
    verdicts, and their order (the game's), are those of one process."""
    events = read_log(REPLAYS / "stacked-deep-take.jsonl").events
    alone = judge_decisions(events, [0, 1], think=25, jobs=1)
    shared = judge_decisions(events, [0, 1], think=25, jobs=2)
    assert len(alone) > 10
    assert [d.seq for d in shared] == sorted(d.seq for d in shared)
    assert shared == alone
