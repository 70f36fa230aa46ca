"""External bots (`--seat N=exec:COMMAND`) over the JSON-lines protocol."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import read_log

EXAMPLE = f"exec:{sys.executable} -m rummy500_cli.examples.random_bot"


def rummy500(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rummy500_cli.cli.main", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)


def test_a_whole_game_against_the_example_bot(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    result = rummy500(
        "play",
        "--seat",
        f"0={EXAMPLE} 7",
        "--bots",
        "greedy",
        "--target",
        "100",
        "-q",
        "--save",
        str(save),
    )
    assert result.returncode == 0, result.stderr
    assert "wins the game with" in result.stdout
    data = read_log(save)
    summary = audit(data, save)
    assert summary.finished
    assert data.events[0].seats[0] == f"{EXAMPLE} 7"


def test_two_external_bots_play_each_other(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    result = rummy500(
        "play",
        "--seat",
        f"0={EXAMPLE} 1",
        "--seat",
        f"1={EXAMPLE} 2",
        "--target",
        "60",
        "-q",
        "--save",
        str(save),
    )
    assert result.returncode == 0, result.stderr
    assert audit(read_log(save), save).finished


def test_a_wrong_answer_names_the_seat_and_the_line_and_keeps_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    program = "import sys; sys.stdin.readline(); print('fly away', flush=True); sys.stdin.read()"
    liar = f'exec:{sys.executable} -c "{program}"'
    result = rummy500(
        "play",
        "--seed",
        "5",
        "--name",
        "Ana",
        "--seat",
        f"1={liar}",
        "-q",
        "--save",
        str(save),
        stdin="draw\ndiscard 3S\n",
    )
    assert result.returncode == 1
    assert "seat 1 (exec:" in result.stderr
    assert "answered prompt 1 with 'fly away': unknown command 'fly'" in result.stderr
    assert f"rummy500 resume {save}" in result.stderr
    data = read_log(save)
    summary = audit(data, save)  # every move made before the fault is there and sound
    assert not summary.finished


def test_a_slow_bot_times_out(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    result = rummy500(
        "play",
        "--seed",
        "5",
        "--name",
        "Ana",
        "--seat",
        "1=exec:sleep 30",
        "--bot-timeout",
        "0.3",
        "-q",
        "--save",
        str(save),
        stdin="draw\ndiscard 3S\n",
    )
    assert result.returncode == 1
    assert "did not answer prompt 1 within 0.3 s (--bot-timeout)" in result.stderr


def test_a_command_that_cannot_start_is_a_clear_error(tmp_path: Path) -> None:
    result = rummy500(
        "play", "--seat", "1=exec:/no/such/program", "-q", "--save", str(tmp_path / "g.jsonl")
    )
    assert result.returncode == 1
    assert "seat 1: cannot start '/no/such/program'" in result.stderr
