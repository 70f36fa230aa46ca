"""`rummy500 drill`: a stacked-deck game that Ann loses through three named bad decisions
(tests/analysis/test_analysis_costliest.py), analysed; `drill` offers them, the
costliest first, accepts the best move and refuses the one she played, keeps its
progress in the data folder and retires a drill solved twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ANN_BAD, ann_loses

from rummy500_cli.analysis.drill import progress_file, read_progress
from rummy500_cli.cli.main import main
from rummy500_cli.cli.paths import saves_dir
from rummy500_cli.records.log import encode_log

BAD = ANN_BAD
"""Ann's three bad decisions: the log line of each and the move played."""
game = ann_loses


@pytest.fixture
def saved() -> Path:
    """Ann's game in the saves folder, analysed for her."""
    log = saves_dir() / "ann.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(encode_log(game()))
    result = CliRunner().invoke(main, ["analyze", str(log), "--seat", "Ann"])
    assert result.exit_code == 0, result.output
    return log


def drill(*args: str, answers: str = ""):
    result = CliRunner().invoke(main, ["drill", "--ascii", *args], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def test_drill_offers_the_bad_decisions_and_judges_the_answers(saved: Path) -> None:
    output = drill(answers="take 1\ndraw\nlay JH on 1\n")
    offered = [line for line in output.splitlines() if line.startswith("Drill ")]
    assert len(offered) == 3
    assert all("Ann, round 1 of ann.jsonl" in line for line in offered)
    # drill 1: event 3, Ann drew where take 1 (K S for the Kings) was best
    first = output.split("Drill 1 of 3")[1].split("Drill 2 of 3")[0]
    assert "Hand (Ann, 7): 4S  7H 8H 9H KH  2C  KD" in first or "Hand (Ann, 7)" in first
    assert "Pile (take N): 1:KS" in first
    assert "Right: take 1 is the judge's best move" in first
    assert "In the game you played draw." in first
    # drill 2: event 9, she drew again: the move played is refused
    second = output.split("Drill 2 of 3")[1].split("Drill 3 of 3")[0]
    assert "Not this one: draw leaves" in second and "take 3 gives" in second
    third = output.split("Drill 3 of 3")[1]
    assert "Right: lay JH on 1" in third
    assert "In the game you played discard JH." in third
    assert "2 of 3 right; 3 drills left." in output
    progress = read_progress(progress_file())
    counts = {key.split(":")[1]: (r.solved, r.tried) for key, r in progress.drills.items()}
    assert counts == {"3": (1, 1), "9": (0, 1), "10": (1, 1)}


def test_a_drill_solved_twice_is_retired(saved: Path) -> None:
    drill("--count", "1", answers="take 1\n")
    output = drill("--count", "1", answers="take 1\n")
    assert "Solved 2 times: this drill is retired." in output
    output = drill("--count", "1", answers="\n")
    assert "Pile (take N): 1:KS" not in output.split("Your move")[0]  # event 3 is gone
    assert "Drill 1 of 1" in output


def test_a_refused_answer_is_asked_again_and_the_game_untouched(saved: Path) -> None:
    before = saved.read_bytes()
    result = CliRunner().invoke(
        main, ["drill", "--ascii", "--count", "1", str(saved)], input="discard ZZ\ntake 1\n"
    )
    assert result.exit_code == 0
    assert "error: " in (result.stderr if hasattr(result, "stderr") else result.output)
    assert "Right: take 1" in result.output
    assert saved.read_bytes() == before


def test_drill_json_for_programs(saved: Path) -> None:
    output = drill("--json", "--count", "2", answers="take 1\ndraw\n")
    lines = [json.loads(line) for line in output.splitlines()]
    kinds = [line["type"] for line in lines]
    assert kinds == ["drill", "answer", "drill", "answer", "done"]
    assert lines[0]["seq"] == next(iter(BAD)) and lines[0]["played"] == "draw"
    assert "take 1" in lines[0]["legal"] and lines[0]["view"]["hand"]
    assert lines[1]["right"] is True and lines[3]["right"] is False
    assert lines[3]["best"] == "take 3"
    assert lines[-1] == {"type": "done", "answered": 2, "right": 1, "left": 3}


def test_no_analysed_game(tmp_path: Path) -> None:
    log = saves_dir() / "plain.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(encode_log(game()))
    result = CliRunner().invoke(main, ["drill"])
    assert result.exit_code == 0
    assert "no drills" in result.output
    assert "no analysis that fits the log: run" in (
        result.stderr if hasattr(result, "stderr") else result.output
    )


def test_the_moves_she_played_are_refused(saved: Path) -> None:
    """Each of the three bad decisions offered, in order, and the move played refused."""
    answers = "".join(f"{move}\n" for move in BAD.values())
    output = drill("--json", answers=answers)
    lines = [json.loads(line) for line in output.splitlines()]
    offered = [line for line in lines if line["type"] == "drill"]
    verdicts = [line for line in lines if line["type"] == "answer"]
    assert [line["seq"] for line in offered] == list(BAD)
    assert [line["played"] for line in offered] == list(BAD.values())
    assert [v["right"] for v in verdicts] == [False, False, False]
    assert [v["best"] for v in verdicts] == ["take 1", "take 3", "lay JH on 1 high"]
    assert all(v["best_chance"] - v["win_chance"] >= 0.03 for v in verdicts)


def test_a_progress_file_that_is_not_one_is_refused(saved: Path) -> None:
    path = progress_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not json\x1b[31m")
    result = CliRunner().invoke(main, ["drill"], input="take 1\n")
    assert result.exit_code == 1
    errors = result.stderr if hasattr(result, "stderr") else result.output
    assert "not the drills' progress" in errors and "move it away" in errors
    assert "\x1b[31m" not in errors
    assert path.read_text() == "not json\x1b[31m"  # left as it was
