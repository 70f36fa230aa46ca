"""`play --tutor`: the judge of `analyze` weighs each position while the player types,
and a move it calls a mistake or a blunder is committed only after a yes.

The game: seed t1 against the strong bot. After `draw`, seat 0 holds 10♥ J♥ Q♥ (a meld)
and 3♥; `discard 3H` there is a mistake by the judge (about 14 points, 9% to win,
interval 8%-11%), as `analyze` says of the same move once played.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.analysis.judge import judge_decisions
from rummy500_cli.analysis.tutor import Lookahead, warns
from rummy500_cli.cli.main import main
from rummy500_cli.engine import recorded_action
from rummy500_cli.events import Discarded, GameStarted
from rummy500_cli.records.log import read_log
from rummy500_cli.state import fold

QUESTION = "discard 3H: about 14 points worse than meld 10H JH QH"


def play(tmp_path: Path, lines: str, *flags: str):
    commands = tmp_path / "moves.txt"
    commands.write_text(lines)
    save = tmp_path / "game.jsonl"
    args = ["play", "--seed", "t1", "--bots", "strong", "--ascii", "--save", str(save)]
    result = CliRunner().invoke(main, [*args, *flags, "--commands", str(commands)])
    return result, save


def test_a_mistake_is_asked_about_and_no_keeps_it_unplayed(tmp_path) -> None:
    result, save = play(tmp_path, "draw\ndiscard 3H\nn\ndiscard 3H\nyes\nquit\n", "--tutor")
    assert result.output.count(QUESTION) == 2
    assert "Play it anyway? [y/N]" in result.output
    assert "a mistake" in result.output
    assert "Not played: your move?" in result.output
    events = read_log(save).events
    header = events[0]
    assert isinstance(header, GameStarted) and header.tutored is True
    discards = [e for e in events if isinstance(e, Discarded) and e.seat == 0]
    assert [e.card for e in discards] == ["3H"]  # once, after the yes


def test_a_good_move_is_not_asked_about(tmp_path) -> None:
    result, _save = play(tmp_path, "draw\nmeld 10H JH QH\nquit\n", "--tutor")
    assert "Play it anyway" not in result.output
    assert "You meld" in result.output


def test_without_the_tutor_nothing_is_asked_and_the_header_is_as_before(tmp_path) -> None:
    result, save = play(tmp_path, "draw\ndiscard 3H\nquit\n")
    assert "Play it anyway" not in result.output
    assert b'"tutored"' not in save.read_bytes().split(b"\n")[0]


def test_the_config_key_turns_it_on_and_the_flag_off(tmp_path) -> None:
    assert CliRunner().invoke(main, ["config", "tutor", "true"]).exit_code == 0
    result, _ = play(tmp_path, "draw\ndiscard 3H\nn\nquit\n")
    assert QUESTION in result.output
    (tmp_path / "again").mkdir()
    result, _save = play(tmp_path / "again", "draw\ndiscard 3H\nquit\n", "--no-tutor")
    assert "Play it anyway" not in result.output
    bad = CliRunner().invoke(main, ["config", "tutor", "maybe"])
    assert bad.exit_code != 0 and "tutor is true or false" in bad.output


def test_not_with_json(tmp_path) -> None:
    result = CliRunner().invoke(main, ["play", "--tutor", "--json", "--seed", "t1"], input="")
    assert result.exit_code == 2
    assert "does not go with --json" in result.output


def test_a_resumed_tutored_game_is_tutored_still(tmp_path) -> None:
    _, save = play(tmp_path, "quit\n", "--tutor")
    commands = tmp_path / "more.txt"
    commands.write_text("draw\ndiscard 3H\nn\nquit\n")
    args = ["resume", str(save), "--ascii", "--commands", str(commands)]
    result = CliRunner().invoke(main, args)
    assert QUESTION in result.output


@pytest.mark.parametrize("move", ["discard 3H"])
def test_the_tutor_says_what_analyze_says(tmp_path, move: str) -> None:
    """The verdict before the move is the one `analyze` gives the same move played."""
    _, save = play(tmp_path, f"draw\n{move}\ny\nquit\n", "--tutor")
    events = read_log(save).events
    seq = next(i for i, e in enumerate(events) if isinstance(e, Discarded) and e.seat == 0)
    before = fold(events[:seq])
    ahead = Lookahead(events[:seq], before)
    verdict = ahead.verdict(recorded_action(before, events[seq]))
    assert warns(verdict)
    judged = {d.seq: d for d in judge_decisions(events[: seq + 1], [0], jobs=1)}
    assert judged[seq] == verdict
