"""The expert's effort per move (`--think`): a number a player can set for a game
(`play --think`, `--bots expert:1000`, `--seat 1=expert:1000:Cy`) or from a point on
(`resume --think`), recorded in the log's seat kinds (`bot:expert:1000`) so that a
resumed game plays on as it began; the default effort is written `bot:expert`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.cli.main import main
from rummy500_cli.effort import DEFAULT_THINK, MAX_THINK
from rummy500_cli.errors import RulesError
from rummy500_cli.events import GameStarted, SeatChanged
from rummy500_cli.records.log import read_log
from rummy500_cli.seats import bot_level, parse_seat_kind, with_effort
from rummy500_cli.session import Session


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("expert", "bot:expert"),
        ("expert:1000", "bot:expert:1000"),
        ("bot:expert:1000", "bot:expert:1000"),
        ("EXPERT:25", "bot:expert:25"),
        (f"expert:{DEFAULT_THINK}", "bot:expert"),
        (f"expert:{MAX_THINK}", f"bot:expert:{MAX_THINK}"),
        ("strong", "bot:strong"),
    ],
)
def test_seat_kinds_with_an_effort_are_written_one_way(text: str, kind: str) -> None:
    assert parse_seat_kind(text) == kind
    assert parse_seat_kind(kind) == kind  # canonical: what the log holds reads back


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("strong:50", "only the expert takes an effort"),
        ("expert:0", "from 1 to 60000"),
        (f"expert:{MAX_THINK + 1}", "from 1 to 60000"),
        ("expert:fast", "from 1 to 60000"),
        ("expert:", "from 1 to 60000"),
    ],
)
def test_a_bad_effort_is_refused_saying_what_would_do(text: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        parse_seat_kind(text)


def test_bot_level_and_with_effort() -> None:
    assert bot_level("bot:expert:1000") == ("expert", 1000)
    assert bot_level("bot:expert") == ("expert", None)
    assert bot_level("human") is None and bot_level("exec:x") is None
    assert with_effort("bot:expert", 50) == "bot:expert:50"
    assert with_effort("bot:strong", 50) == "bot:strong"
    assert with_effort("human", 50) == "human"


def play(tmp_path: Path, *args: str) -> Path:
    save = tmp_path / "game.jsonl"
    result = CliRunner().invoke(
        main,
        ["play", "--seed", "7", "--save", str(save), "--commands", "-", "-q", *args],
        input="draw\nquit\n",
    )
    assert result.exit_code == 0, result.output
    return save


def header_of(path: Path) -> GameStarted:
    header = read_log(path).events[0]
    assert isinstance(header, GameStarted)
    return header


def test_play_think_sets_every_expert_and_resume_plays_it(tmp_path: Path) -> None:
    save = play(tmp_path, "--players", "3", "--bots", "expert,strong", "--think", "40")
    assert header_of(save).seats == ("human", "bot:expert:40", "bot:strong")
    session, _warnings = Session.resume(save)
    try:
        bot = session.bots[1]
        assert isinstance(bot, ExpertBot) and bot.effort == 40
    finally:
        session.close()
    result = CliRunner().invoke(main, ["verify", str(save)])
    assert result.exit_code == 0, result.output


def test_bots_and_seat_take_an_effort_per_seat(tmp_path: Path) -> None:
    save = play(tmp_path, "--players", "3", "--bots", "expert:1000", "--seat", "2=expert:25:Cy")
    header = header_of(save)
    assert header.seats == ("human", "bot:expert:1000", "bot:expert:25")
    assert header.players[2] == "Cy"


def test_the_default_effort_writes_the_log_as_before(tmp_path: Path) -> None:
    save = play(tmp_path, "--bots", "expert", "--think", str(DEFAULT_THINK))
    assert header_of(save).seats == ("human", "bot:expert")


def test_resume_think_changes_the_experts_from_then_on(tmp_path: Path) -> None:
    save = play(tmp_path, "--players", "3", "--bots", "expert,greedy")
    result = CliRunner().invoke(
        main, ["resume", str(save), "--think", "60", "--commands", "-", "-q"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    changes = [e for e in read_log(save).events if isinstance(e, SeatChanged)]
    assert [(e.seat, e.kind) for e in changes] == [(1, "bot:expert:60")]
    session, _warnings = Session.resume(save)
    try:
        bot = session.bots[1]
        assert isinstance(bot, ExpertBot) and bot.effort == 60
    finally:
        session.close()


def test_a_bad_think_is_a_usage_error(tmp_path: Path) -> None:
    for value in ("0", str(MAX_THINK + 1), "x"):
        result = CliRunner().invoke(main, ["play", "--think", value, "--save", str(tmp_path / "g")])
        assert result.exit_code == 2, result.output
    result = CliRunner().invoke(main, ["play", "--bots", "strong:9", "--save", str(tmp_path / "g")])
    assert result.exit_code == 2 and "only the expert takes an effort" in result.output


def test_simulate_records_a_non_default_effort(tmp_path: Path) -> None:
    out = tmp_path / "logs"
    args = ["simulate", "--games", "1", "--bots", "expert,random", "--rule", "max_rounds=1"]
    result = CliRunner().invoke(main, [*args, "--think", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert header_of(out / "game-000000.jsonl").seats == ("bot:expert:3", "bot:random")
