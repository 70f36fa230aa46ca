"""`replay`, `branch` and `export` on the sample games."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main
from rummy500_cli.records.log import read_log
from rummy500_cli.records.replay import Replay
from rummy500_cli.state import fold

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
TWO = REPLAYS / "two-players.jsonl"
UNFINISHED = REPLAYS / "unfinished.jsonl"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_state_at_any_position_equals_the_fold_of_the_prefix() -> None:
    events = read_log(TWO).events
    game = Replay(events)
    for position in (0, 1, 2, 3, 50, 131, 200, game.last):
        assert game.state_at(position).fingerprint() == fold(events[: position + 1]).fingerprint()


def test_replay_at_shows_every_hand_of_a_finished_game() -> None:
    result = run("replay", str(TWO), "--at", "40", "--no-color")
    assert result.exit_code == 0
    assert "Hand (Ana," in result.output and "Hand (Bob," in result.output
    assert "[round 2, turn 5, event 40/261]" in result.output


def test_the_status_line_counts_the_turn_of_the_player_to_move() -> None:
    """Issue 12 point 15: once a discard has passed the turn, the status line says the
    next turn (event 40 is Ana's discard; Bob is to draw in turn 5)."""
    shown = {at: run("replay", str(TWO), "--at", str(at), "--no-color").output for at in (39, 40)}
    assert shown[39].startswith("Ana draws") and "[round 2, turn 4, event 39/261]" in shown[39]
    assert shown[40].startswith("Ana discards") and "Bob to draw" in shown[40]
    assert "[round 2, turn 5, event 40/261]" in shown[40]
    game = Replay(read_log(TWO).events)
    for start in game.round_starts():
        assert game.round_and_turn(start)[1] == 1
    for start, following in zip(game.turn_starts(), game.turn_starts()[1:], strict=False):
        if game.round_and_turn(start)[0] == game.round_and_turn(following)[0]:
            assert game.round_and_turn(following)[1] == game.round_and_turn(start)[1] + 1
            assert game.round_and_turn(following - 1) == game.round_and_turn(start)


def test_a_finished_game_shows_the_pile_without_numbers_to_take() -> None:
    over = run("replay", str(TWO), "--at", "-1", "--no-color").output
    pile = next(line for line in over.splitlines() if line.startswith("Pile"))
    assert pile.startswith("Pile: ") and "take N" not in pile and ":" not in pile[6:]
    playing = run("replay", str(TWO), "--at", "40", "--no-color").output
    assert "Pile (take N): " in playing


def test_replay_as_a_seat_shows_only_what_it_knew() -> None:
    result = run("replay", str(TWO), "--at", "40", "--as", "Bob", "--no-color")
    assert "Hand (Bob," in result.output and "Hand (Ana," not in result.output
    assert "Others: Ana " in result.output


def test_replay_of_an_unfinished_game_hides_hands_by_default() -> None:
    result = run("replay", str(UNFINISHED), "--no-color")
    assert result.exit_code == 0
    assert "Hand (" not in result.output
    assert "event 68/68]" in result.output


def test_replay_negative_at_counts_from_the_end_and_bad_values_are_usage_errors() -> None:
    assert "event 261/261]" in run("replay", str(TWO), "--at", "-1").output
    bad = run("replay", str(TWO), "--at", "999")
    assert bad.exit_code == 2 and "events 0 to 261" in bad.output
    who = run("replay", str(TWO), "--as", "Zed")
    assert who.exit_code == 2 and "Ana, Bob" in who.output


def test_replay_json_gives_one_position_per_line() -> None:
    one = json.loads(run("replay", str(TWO), "--at", "10", "--json", "--as", "0").output)
    assert one["position"] == 10 and one["state"]["seat"] == 0 and "hand" in one["state"]
    lines = run("replay", str(UNFINISHED), "--json").output.splitlines()
    assert len(lines) == 69
    assert all("hand" not in json.loads(line)["state"] for line in lines)


def test_the_drawn_card_of_another_seat_stays_hidden_in_json() -> None:
    events = read_log(TWO).events
    drawn = next(i for i, e in enumerate(events) if type(e).__name__ == "StockDrawn")
    seat = events[drawn].seat
    other = str(1 - seat)
    shown = json.loads(run("replay", str(TWO), "--at", str(drawn), "--json", "--as", other).output)
    assert shown["event"]["cards"] == 1


def test_branch_makes_a_game_that_verifies_and_plays_on(tmp_path: Path) -> None:
    parent = tmp_path / "parent.jsonl"
    shutil.copy(TWO, parent)
    result = run("branch", str(parent), "--at", "30")
    assert result.exit_code == 0
    child = tmp_path / "parent-branch-30.jsonl"
    assert f"rummy500 resume {child}" in result.output
    header = read_log(child).events[0]
    assert (header.parent, header.parent_at) == ("parent.jsonl", 30)
    verified = run("verify", str(child))
    assert verified.exit_code == 0, verified.output
    assert "its first 30 events match its parent" in verified.output
    played = run("resume", str(child), "-q", "--no-color", input="draw\n")
    assert played.exit_code == 0
    assert len(read_log(child).events) > 31


def test_branch_refuses_points_with_no_move(tmp_path: Path) -> None:
    events = read_log(TWO).events
    ended = next(i for i, e in enumerate(events) if type(e).__name__ == "Melded")
    assert run("branch", str(TWO), "--at", str(len(events) - 1)).exit_code == 2  # game over
    assert run("branch", str(TWO), "--at", "1").exit_code == 2  # before the deal
    going_out = next(i for i, e in enumerate(events) if type(e).__name__ == "RoundEnded") - 1
    refused = run("branch", str(TWO), "--at", str(going_out))  # the move that went out
    assert refused.exit_code == 2 and "no one can move after event" in refused.output
    out = tmp_path / "b.jsonl"
    assert run("branch", str(TWO), "--at", str(ended), "-o", str(out)).exit_code == 0
    assert out.exists()


def test_verify_catches_a_branch_whose_prefix_was_changed(tmp_path: Path) -> None:
    parent = tmp_path / "p.jsonl"
    shutil.copy(TWO, parent)
    run("branch", str(parent), "--at", "30", "-o", str(tmp_path / "c.jsonl"))
    other = tmp_path / "other.jsonl"
    shutil.copy(REPLAYS / "stacked-deep-take.jsonl", other)
    result = run("verify", str(tmp_path / "c.jsonl"), "--parent", str(other))
    assert result.exit_code == 1
    assert "is not the one this game branched from" in result.output


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_export_is_a_readable_transcript(fmt: str) -> None:
    result = run("export", str(TWO), "--format", fmt)
    assert result.exit_code == 0
    text = result.output
    assert "Rummy 500: Ana, Bob" in text and "Deal: seed 2024" in text
    assert text.count("Round 1 scores") == 1 and "Round 6 scores" in text
    assert "Ana wins the game with 619." in text
    if fmt == "markdown":
        assert text.startswith("# Rummy 500") and "## Round 1: " in text
    ascii_text = run("export", str(TWO), "--ascii").output
    assert "♥" not in ascii_text and "♠" not in ascii_text


def test_export_shows_each_deal_sorted_as_the_hand_is() -> None:
    """Issue 12 point 14: a deal reads as the player saw it, by suit then rank, suits in
    groups, not in the order the cards were dealt."""
    from rummy500_cli.cards import Card, sort_key
    from rummy500_cli.events import RoundDealt

    events = read_log(TWO).events
    dealt = next(event for event in events if isinstance(event, RoundDealt))
    text = run("export", str(TWO), "--ascii").output
    for name, hand in zip(("Ana", "Bob"), dealt.hands, strict=True):
        line = next(line for line in text.splitlines() if line.startswith(f"  {name}: "))
        groups = line.removeprefix(f"  {name}: ").split("  ")
        cards = [Card.parse(word) for group in groups for word in group.split()]
        assert cards == sorted((Card.parse(c) for c in hand), key=sort_key)
        assert all(len({card.suit for card in map(Card.parse, g.split())}) == 1 for g in groups)
    assert "  Ana: 6S 7S 10S JS QS  10H  7C 9C KC  2D 5D 7D 9D" in text


def test_export_markdown_score_tables_are_markdown_tables() -> None:
    text = run("export", str(TWO), "--format", "markdown").output
    assert "```" not in text
    lines = text.splitlines()
    start = lines.index("**Round 1 scores**")
    assert lines[start + 1 : start + 6] == [
        "",
        "| player | table | hand | round | total |",
        "| --- | ---: | ---: | ---: | ---: |",
        "| Ana | 68 | -30 | 38 | 38 |",
        "| Bob | 95 | 0 | 95 | 95 |",
    ]
    assert lines[start + 6] == ""


def test_a_markdown_table_escapes_a_pipe_in_a_name() -> None:
    from rummy500_cli.events import RoundEnded
    from rummy500_cli.render.scores import score_table

    ended = next(e for e in read_log(TWO).events if isinstance(e, RoundEnded))
    table = score_table(("A|na", "Bob"), ended, markdown=True)
    assert "| A\\|na | 68 | -30 | 38 | 38 |" in table.splitlines()
