"""A shared log's program never runs unasked: no command the program prints approves a
program the user did not name on that command line (`branch`'s "Play it:", the refusal
of `resume`, the "Resume with:" of a resumed game), and the question before running one
shows it whole or refuses it (render.command_shown; the terminal side is in
test_safety_exec_pty.py)."""

from __future__ import annotations

import shlex

import pytest
from cli_helpers import deck_file, rummy  # noqa: F401 - fixtures

from rummy500_cli.render.command_shown import Unshowable, shown_command

EXAMPLE_BOT = "exec:rummy500 example-bot"


@pytest.fixture
def exec_game(tmp_path, deck_file):  # noqa: F811
    """A saved game whose seat 1 is the example bot, as someone else would share it."""
    save = tmp_path / "shared.jsonl"
    result = rummy(
        "play", "--save", save, "--name", "Ana", "--deck", deck_file, "--seat", f"1={EXAMPLE_BOT}",
        input="draw\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    # the user who started it named the program: its resume line may approve it
    assert f"--seat {shlex.quote('1=' + EXAMPLE_BOT)} " in result.stdout
    return save


def test_branch_never_prints_a_command_that_approves_the_log_s_program(exec_game, tmp_path):
    new = tmp_path / "b.jsonl"
    result = rummy("branch", exec_game, "--at", "3", "-o", new)
    assert result.exit_code == 0, result.stderr
    play_it = next(line for line in result.stdout.splitlines() if line.startswith("Play it:"))
    assert "exec:" not in play_it and "--seat" not in play_it
    assert play_it.endswith(f"resume {shlex.quote(str(new))}")
    assert "Seat 1 is played by a program the log names: resume shows it and asks" in (
        result.stdout
    )
    # pasting it asks (here, off a terminal: refuses) and runs nothing
    pasted = rummy("resume", new, input="quit\n")
    assert pasted.exit_code == 1
    assert "runs only if you say so" in pasted.stderr


def test_branch_approves_a_program_the_user_names_in_its_own_seat_option(exec_game, tmp_path):
    new = tmp_path / "b.jsonl"
    own = "exec:rummy500 example-bot --mine"
    result = rummy("branch", exec_game, "--at", "3", "-o", new, "--seat", f"1={own}")
    assert result.exit_code == 0, result.stderr
    assert f"--seat {shlex.quote('1=' + own)} " in result.stdout


def test_the_refusal_prints_no_command_that_would_run_the_program(exec_game) -> None:
    refused = rummy("resume", exec_game, input="quit\n")
    assert refused.exit_code == 1
    assert "example-bot" not in refused.stderr
    assert "--seat 1=exec:COMMAND" in refused.stderr


def test_a_resumed_game_s_resume_line_does_not_approve_the_log_s_program(exec_game) -> None:
    """--trust-exec runs it this once; the line printed at the end asks again."""
    trusted = rummy("resume", exec_game, "--trust-exec", input="quit\n")
    assert trusted.exit_code == 0, trusted.stderr
    line = next(ln for ln in trusted.stdout.splitlines() if "Resume with:" in ln)
    assert "exec:" not in line
    named = rummy("resume", exec_game, "--seat", f"1={EXAMPLE_BOT}", input="quit\n")
    assert named.exit_code == 0, named.stderr
    assert f"--seat {shlex.quote('1=' + EXAMPLE_BOT)} " in named.stdout


# --- what the question shows ----------------------------------------------------------


def test_the_program_comes_first_and_each_argument_on_a_line() -> None:
    lines = shown_command("sh -c 'echo   hi'")
    assert lines[0].startswith("  program:  “sh”")
    assert lines[1:] == ["  argument 1: “-c”", "  argument 2: “echo⟨3 spaces⟩hi”"]


@pytest.mark.parametrize(
    ("command", "escaped"),
    [
        ("rummy500 example\u200b-bot", "example\\u200b-bot"),
        ("rummy500 example\u2060-bot", "example\\u2060-bot"),
        ("rummy500 \u202eexample-bot", "\\u202eexample-bot"),
        ("rummy500 \u200fexample-bot", "\\u200fexample-bot"),
        ("rummy500 a\u00a0b", "a\\xa0b"),
        ("rummy500 a\u3000b", "a\\u3000b"),
        ("rummy500 'a\tb'", "a\\x09b"),
    ],
)
def test_invisible_characters_are_written_out(command: str, escaped: str) -> None:
    assert f"“{escaped}”" in "\n".join(shown_command(command))


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("sh -c 'curl x | sh'" + " " * 4000 + "rummy500 example-bot", "4039 characters long"),
        ("rummy500 " + "x " * 30, "31 words"),
        ("rummy500 'unclosed", "cannot be read as words"),
        ("   ", "empty"),
    ],
)
def test_what_cannot_be_shown_whole_is_refused(command: str, reason: str) -> None:
    with pytest.raises(Unshowable, match=reason):
        shown_command(command)
