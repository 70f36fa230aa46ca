"""The saved analysis (GAME.analysis.jsonl) is read as safely as the log, and is used
only when it is whole and belongs to its game: its decisions must be this game's moves,
not another game's with this game's header copied over them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from helpers import discard_decisions

from rummy500_cli.analysis.figures import summary
from rummy500_cli.analysis.judge import Decision
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.analysis.sidecar import (
    Settings,
    encode_sidecar,
    read_sidecar,
    sidecar_path,
    staleness,
    write_sidecar,
)
from rummy500_cli.cli.main import main as cli
from rummy500_cli.errors import LogError
from rummy500_cli.records.log import LogData, encode_log, read_log
from rummy500_cli.variants import make_rules

SETTINGS = Settings(think=100, seats=[0], judge=1, model=1)


def game(tmp_path: Path, seed: int) -> tuple[Path, LogData]:
    """A short seeded bot game saved as a log."""
    _, events = bot_game(2, make_rules({"target": 100}), seed=seed, levels=("greedy",))
    log = tmp_path / f"game{seed}.jsonl"
    log.write_bytes(encode_log(events))
    return log, read_log(log)


def discards(data: LogData, seat: int = 0) -> list[Decision]:
    """A judged decision at each of the seat's discards, named as the judge names them."""
    return discard_decisions(data.events, [seat])


def analysed(tmp_path: Path, seed: int) -> tuple[Path, LogData, list[Decision]]:
    log, data = game(tmp_path, seed)
    marks = discards(data)
    write_sidecar(log, data, SETTINGS, marks, summary(marks, [0]))
    return log, data, marks


def test_own_sidecar_fits(tmp_path: Path) -> None:
    log, data, marks = analysed(tmp_path, 1)
    saved = read_sidecar(log)
    assert saved is not None and len(saved.decisions) == len(marks) > 3
    assert staleness(saved, data, SETTINGS) is None


def test_a_sidecar_cut_after_its_header_is_incomplete_not_a_clean_game(tmp_path: Path) -> None:
    log, _, _ = analysed(tmp_path, 1)
    path = sidecar_path(log)
    lines = path.read_bytes().splitlines(keepends=True)
    for cut in (1, 3, len(lines) - 1):  # after the header, among decisions, before a summary
        path.write_bytes(b"".join(lines[:cut]))
        with pytest.raises(LogError, match="incomplete") as info:
            read_sidecar(log)
        assert "\n" not in str(info.value)
    path.write_bytes(b"".join(lines[:1]))
    result = CliRunner().invoke(cli, ["export", str(log)])
    assert result.exit_code == 0, result.output
    assert "incomplete" in result.stderr
    assert "no inaccuracy, mistake or blunder" not in result.stdout


def test_another_games_sidecar_with_this_header_copied_in_is_stale(tmp_path: Path) -> None:
    log_a, data_a, _ = analysed(tmp_path, 1)
    _, _, marks_b = analysed(tmp_path, 2)
    forged = encode_sidecar(log_a, data_a, SETTINGS, marks_b, summary(marks_b, [0]))
    sidecar_path(log_a).write_bytes(forged)
    saved = read_sidecar(log_a)
    assert saved is not None
    reason = staleness(saved, data_a, SETTINGS)
    assert reason is not None and "is not this game's move" in reason
    result = CliRunner().invoke(cli, ["export", str(log_a)])
    assert result.exit_code == 0, result.output
    assert "out of date" in result.stderr and "not this game's move" in result.stderr
    assert "inaccuracy" not in result.stdout  # none of game 2's verdicts on game 1's moves


def test_a_seat_the_game_does_not_have_is_stale_not_an_internal_error(tmp_path: Path) -> None:
    log, data, marks = analysed(tmp_path, 1)
    moved = [msgspec.structs.replace(mark, seat=7) for mark in marks]
    settings = Settings(think=100, seats=[7], judge=1, model=1)
    write_sidecar(log, data, settings, moved, summary(moved, [7]))
    saved = read_sidecar(log)
    assert saved is not None
    assert staleness(saved, data) == "it judges seat 7, which this game of 2 seats does not have"
    result = CliRunner().invoke(cli, ["export", str(log)])
    assert result.exit_code == 0, result.output
    assert "seat 7" in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "directory"])
def test_a_sidecar_that_is_not_a_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    """A named pipe would hang export, analyze and the viewer; /dev/zero would fill the
    memory: each is one line, and the export goes on without the analysis."""
    log, _ = game(tmp_path, 1)
    path = sidecar_path(log)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "rummy500_cli", "export", str(log)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "not a file" in done.stderr
    with pytest.raises(LogError) as info:  # (in the process only once it cannot hang)
        read_sidecar(log)
    assert "not a file" in str(info.value)


def test_analyze_judges_again_over_another_game_s_sidecar(tmp_path: Path) -> None:
    """With the very settings analyze asks for, a forged sidecar was reused as this
    game's analysis; now analyze judges the game again and writes its own."""
    from rummy500_cli.analysis.judge import JUDGE_VERSION
    from rummy500_cli.analysis.win_model import model

    settings = Settings(  # what analyze --think 1 asks for (the quick screen)
        think=1, seats=[0], judge=JUDGE_VERSION, model=model().version, quick=True
    )
    log_a, data_a, _ = analysed(tmp_path, 1)
    _, _, marks_b = analysed(tmp_path, 2)
    forged = encode_sidecar(log_a, data_a, settings, marks_b, summary(marks_b, [0]))
    sidecar_path(log_a).write_bytes(forged)
    result = CliRunner().invoke(
        cli, ["analyze", str(log_a), "--think", "1", "--seat", "0", "--jobs", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert sidecar_path(log_a).read_bytes() != forged
    saved = read_sidecar(log_a)
    assert saved is not None and staleness(saved, data_a, settings) is None
