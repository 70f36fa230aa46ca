"""`replay --at` of a long log shows a window of it (`checked.replay_around`): every
position of a game with takebacks over three rounds, and a sample of a longer one, reads
exactly as the whole game's `Replay` shows it, as text and as JSON, for every seat."""

from __future__ import annotations

import random
from pathlib import Path

import helpers
import pytest

from rummy500_cli.bots import RandomBot
from rummy500_cli.records.audit import read_checked
from rummy500_cli.records.checked import check_stream, replay_around
from rummy500_cli.records.replay import Replay
from rummy500_cli.render.position import describe_position, json_position
from rummy500_cli.render.style import Style
from rummy500_cli.variants import make_rules


def takebacks_game(path: Path, seed: int) -> Path:
    """Seat 0 a person who plays a random bot's moves and now and then takes back one
    to three of them; a greedy and a random bot at the other seats; three rounds."""
    return helpers.takebacks_game(
        path, seed, ["human", "bot:greedy", "bot:random"], "window", one_in=5
    )


def same_positions(path: Path, positions) -> int:
    game = Replay(read_checked(path)[0].events)
    checked = check_stream(path)
    style = Style(ascii=True)
    for position in positions:
        window = replay_around(checked, position)
        for seat in (None, "all", 0, 2):
            shown = describe_position(window, position, seat, style)
            assert shown == describe_position(game, position, seat, style), (position, seat)
            assert json_position(window, position, seat) == json_position(game, position, seat)
    return len(game.line.takebacks)


@pytest.mark.parametrize("seed", [1])
def test_every_position_with_takebacks_reads_as_the_whole_game(tmp_path: Path, seed) -> None:
    path = takebacks_game(tmp_path / "g.jsonl", seed)
    count = sum(1 for _ in path.open("rb"))
    assert same_positions(path, range(count)) > 0  # (takebacks there are)


def test_a_sample_of_a_longer_game_reads_as_the_whole_game(tmp_path: Path) -> None:
    from rummy500_cli.engine import new_game, play
    from rummy500_cli.records.log import encode_log
    from rummy500_cli.state import fold

    rules = make_rules({"target": 10**9, "max_rounds": 10**6})
    events = new_game(["A", "B", "C", "D"], rules, "window")
    state = fold(events)
    bots = [RandomBot("window", seat) for seat in range(4)]
    while len(events) < 3000:
        events.extend(play(state, bots[state.to_move].choose(state)))
    path = tmp_path / "long.jsonl"
    path.write_bytes(encode_log(events))
    positions = [0, 1, 2, 3, len(events) - 1, *random.Random(7).sample(range(len(events)), 12)]
    same_positions(path, positions)


def test_export_of_a_stream_is_the_whole_transcript(tmp_path: Path) -> None:
    """`export` writes as it reads, a round of the line played at a time: the same
    bytes as the transcript of the whole game, takebacks and all."""
    from click.testing import CliRunner

    from rummy500_cli.cli.main import main
    from rummy500_cli.render.transcript import transcript

    path = takebacks_game(tmp_path / "g.jsonl", 3)
    events = read_checked(path)[0].events
    style = Style(ascii=True)
    for fmt in ("text", "markdown"):
        shown = CliRunner().invoke(main, ["export", "--ascii", "--format", fmt, str(path)]).output
        assert shown == style.text(transcript(events, style, fmt == "markdown"))
        assert "taken back" in shown.lower() or "takes back" in shown.lower()
