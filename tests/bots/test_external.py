"""External bots (`--seat N=exec:COMMAND`) over the JSON-lines protocol."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
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


def against(tmp_path: Path, seat: str, timeout: str = "10") -> subprocess.CompletedProcess[str]:
    """Ana (seat 0, who draws and discards) against the program `seat` (exec:...)."""
    return rummy500(
        "play",
        "--seed",
        "5",
        "--name",
        "Ana",
        "--seat",
        f"1={seat}",
        "--bot-timeout",
        timeout,
        "-q",
        "--save",
        str(tmp_path / "g.jsonl"),
        stdin="draw\ndiscard 3S\n",
    )


def program(tmp_path: Path, source: str) -> str:
    """A Python program as a seat kind."""
    script = tmp_path / "bot.py"
    script.write_text(source)
    return f"exec:{sys.executable} {script}"


def test_a_wrong_answer_names_the_seat_and_the_line_and_keeps_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    liar = "import sys; sys.stdin.readline(); print('fly away', flush=True); sys.stdin.read()"
    result = against(tmp_path, program(tmp_path, liar))
    assert result.returncode == 1
    assert "seat 1 (exec:" in result.stderr
    assert "answered prompt 1 with 'fly away': unknown command 'fly'" in result.stderr
    # the resume line says yes to the program, which a resume runs only with that say
    trusted = shlex.quote(f"1={program(tmp_path, liar)}")
    assert f"rummy500 resume --seat {trusted} {save}" in result.stderr
    data = read_log(save)
    summary = audit(data, save)  # every move made before the fault is there and sound
    assert not summary.finished


def test_a_slow_bot_times_out(tmp_path: Path) -> None:
    result = against(tmp_path, "exec:sleep 30", "0.3")
    assert result.returncode == 1
    assert "did not answer prompt 1 within 0.3 s (--bot-timeout)" in result.stderr


def test_a_command_that_cannot_start_is_a_clear_error(tmp_path: Path) -> None:
    result = rummy500(
        "play", "--seat", "1=exec:/no/such/program", "-q", "--save", str(tmp_path / "g.jsonl")
    )
    assert result.returncode == 1
    assert "seat 1: cannot start '/no/such/program'" in result.stderr


# --- Programs that misbehave cannot hang the game (issue 10) --------------------------------

PINGER = (
    "import sys\nwhile True:\n    sys.stdout.write('ping 1\\n' * 1000)\n    sys.stdout.flush()\n"
)
BIG = "import sys\nsys.stdin.readline()\nprint('x' * 5_000_000, flush=True)\nsys.stdin.read()\n"
DEEP = (
    "import json, sys\nfor line in sys.stdin:\n"
    "    if json.loads(line)['type'] == 'prompt':\n"
    "        print('{\"a\":' * 2000 + '1' + '}' * 2000, flush=True)\n"
)


def test_a_bot_that_pings_without_reading_still_times_out(tmp_path: Path) -> None:
    """It fills its pipe with pongs it never reads: writing them must not block, and
    the deadline holds (the run would hang for good otherwise; rummy500 caps it at
    120 s)."""
    start = time.monotonic()
    result = against(tmp_path, program(tmp_path, PINGER), "1")
    assert result.returncode == 1
    assert "seat 1 (exec:" in result.stderr
    assert "did not answer prompt 1 within 1 s (--bot-timeout)" in result.stderr
    assert time.monotonic() - start < 30
    assert not audit(read_log(tmp_path / "g.jsonl"), "g").finished


def test_a_huge_answer_is_not_echoed(tmp_path: Path) -> None:
    result = against(tmp_path, program(tmp_path, BIG))
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("rummy500: seat 1 (exec:")
    assert len(line) < 1000


def test_a_deeply_nested_answer_names_the_seat(tmp_path: Path) -> None:
    result = against(tmp_path, program(tmp_path, DEEP), "1")
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("rummy500: seat 1 (exec:")
    assert "nested too deeply" in line
    assert len(line) < 1000


def test_a_bots_stderr_is_shown_named_and_escaped(tmp_path: Path) -> None:
    """What a bot writes to its stderr reaches ours a line at a time, after the seat's
    name, its control characters escaped: it cannot send the terminal codes (here one
    that would set the window title), and the game goes on."""
    script = tmp_path / "chatty.py"
    script.write_text(
        "import runpy, sys\n"
        "sys.stderr.write('\\x1b]0;pwned\\x07thinking hard\\n')\n"
        "sys.stderr.write('no newline at the end')\n"
        "sys.stderr.flush()\n"
        "sys.argv = ['random_bot', '7']\n"
        "runpy.run_module('rummy500_cli.examples.random_bot', run_name='__main__')\n"
    )
    result = rummy500(
        "play",
        "--seat",
        f"0=exec:{sys.executable} {script}",
        "--bots",
        "greedy",
        "--target",
        "60",
        "-q",
    )
    assert result.returncode == 0, result.stderr
    assert "wins the game with" in result.stdout
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    lines = result.stderr.splitlines()
    assert any(
        line.startswith("seat 0 (exec:") and line.endswith(r"\x1b]0;pwned\x07thinking hard")
        for line in lines
    ), result.stderr
    assert any(line.endswith("): no newline at the end") for line in lines), result.stderr
