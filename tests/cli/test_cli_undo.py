"""Takebacks and seats at the command line (CliRunner): `undo` in a scripted game and
over the JSON protocol, `play --no-undo`, `resume --seat` and the event it writes,
`branch --seat`, the programs a log names (`exec:` seats run only with the user's say),
and the readers of a log with takebacks: verify, replay (text and JSON), export and
analyze."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from cli_helpers import deck_file, lines_of, rummy, usage_error, xdg  # noqa: F401 - fixtures

from rummy500_cli.events import GameStarted, SeatChanged, StockDrawn, TakenBack
from rummy500_cli.line import played_line
from rummy500_cli.records.log import read_log

EXAMPLE_BOT = "exec:rummy500 example-bot"


def game(tmp_path, deck_file, moves: str, *options: str):  # noqa: F811
    """Ana (seat 0, from the stacked deck of test_cli) against a greedy bot."""
    save = tmp_path / "g.jsonl"
    result = rummy(
        "play", "--save", save, "--name", "Ana", "--deck", deck_file, "--seat", "1=greedy",
        *options, input=moves,
    )  # fmt: skip
    return save, result


def test_undo_in_a_scripted_game_tells_what_it_took_back(tmp_path, deck_file) -> None:  # noqa: F811
    save, result = game(tmp_path, deck_file, "draw\nundo\nhand\nquit\n")
    assert result.exit_code == 0, result.stderr
    out = lines_of(result.stdout)
    at = out.index("You take back the moves after event 2.")
    assert out[at + 1] == "  You draw K♥ from the stock."
    assert "Ana to draw · stock 25" in out[at + 2 :]
    events = read_log(save).events
    assert events[-1] == TakenBack(seat=0, to=2) and isinstance(events[-2], StockDrawn)
    verified = rummy("verify", save)
    assert ": ok: 5 events, 1 takeback, 1 round, unfinished;" in verified.stdout


def test_undo_refused_says_why_and_the_game_goes_on(tmp_path, deck_file) -> None:  # noqa: F811
    save, result = game(tmp_path, deck_file, "undo\nundo two\ndraw\nquit\n")
    assert result.exit_code == 0
    errors = lines_of(result.stderr)
    assert errors[0] == "error: undo: nothing to take back: you have not moved since the deal"
    assert errors[1] == "error: undo two: write undo, or undo N for your last N moves"
    assert isinstance(read_log(save).events[-1], StockDrawn)


def test_no_undo_is_recorded_and_refuses_every_takeback(tmp_path, deck_file) -> None:  # noqa: F811
    save, result = game(tmp_path, deck_file, "draw\nundo\nquit\n", "--no-undo")
    assert "error: undo: the game was started with --no-undo: it allows no takeback" in (
        result.stderr
    )
    header = read_log(save).events[0]
    assert isinstance(header, GameStarted) and header.undo is False
    again = rummy("resume", save, input="undo\nquit\n")  # the header holds it
    assert "started with --no-undo" in again.stderr


def test_a_hot_seat_game_allows_no_takeback(tmp_path, deck_file) -> None:  # noqa: F811
    save = tmp_path / "hot.jsonl"
    result = rummy(
        "play", "--save", save, "--name", "Ana", "--deck", deck_file, "--seat", "1=human:Bo",
        input="draw\nundo\nquit\n",
    )  # fmt: skip
    assert "error: undo: Bo also plays here: a hot-seat game allows no takeback" in result.stderr


def test_undo_over_the_json_protocol(tmp_path, deck_file) -> None:  # noqa: F811
    _save, result = game(tmp_path, deck_file, 'draw\n{"command": "undo"}\nquit\n', "--json")
    messages = [json.loads(line) for line in lines_of(result.stdout)]
    events = [m for m in messages if m["type"] == "event"]
    assert events[-1] == {
        "type": "event",
        "seq": 4,
        "event": {"type": "taken_back", "seat": 0, "to": 2},
    }
    after = messages[messages.index(events[-1]) + 1 :]
    assert any(m["type"] == "info" and m["text"] == "  You draw KH from the stock." for m in after)
    prompts = [m for m in after if m["type"] == "prompt"]
    assert prompts[0]["step"] == "draw"


# --- seats -----------------------------------------------------------------------------------


def test_resume_with_seat_writes_the_change_and_seats_that_bot(tmp_path, deck_file) -> None:  # noqa: F811
    save, _ = game(tmp_path, deck_file, "draw\nquit\n")
    result = rummy("resume", save, "--seat", "1=strong", "--seat", "Ana=human", input="quit\n")
    assert result.exit_code == 0, result.stderr
    assert "Ada's seat is now played by the strong bot." in result.stdout
    events = read_log(save).events
    assert events[-1] == SeatChanged(seat=1, kind="bot:strong")  # none for Ana: no change
    assert played_line(events).kinds == ["human", "bot:strong"]
    verified = rummy("verify", save)
    assert verified.exit_code == 0, verified.stderr


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("1=grandmaster", "unknown player kind"),
        ("7=human", "N a seat (0-1)"),
        ("Zed=human", "or a name"),
    ],
)
def test_resume_with_a_wrong_seat_is_a_usage_error(tmp_path, deck_file, spec, needle) -> None:  # noqa: F811
    save, _ = game(tmp_path, deck_file, "quit\n")
    before = save.read_bytes()
    usage_error(rummy("resume", save, "--seat", spec), "--seat", needle)
    assert save.read_bytes() == before


def test_branch_with_seat(tmp_path, deck_file) -> None:  # noqa: F811
    save, _ = game(tmp_path, deck_file, "draw\ndiscard 2S\nquit\n")
    new = tmp_path / "b.jsonl"
    result = rummy(
        "branch", save, "--at", "3", "-o", new, "--seat", "1=human", "--seat", "0=greedy"
    )
    assert result.exit_code == 0, result.stderr
    events = read_log(new).events
    assert events[-2:] == [
        SeatChanged(seat=0, kind="bot:greedy"),
        SeatChanged(seat=1, kind="human"),
    ]
    assert rummy("verify", new).exit_code == 0


# --- programs a log names --------------------------------------------------------------------


@pytest.fixture
def exec_game(tmp_path, deck_file):  # noqa: F811
    """A saved game whose seat 1 is the example bot (a program the log names)."""
    save = tmp_path / "x.jsonl"
    result = rummy(
        "play", "--save", save, "--name", "Ana", "--deck", deck_file, "--seat", f"1={EXAMPLE_BOT}",
        input="draw\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert f"resume --seat {shlex.quote('1=' + EXAMPLE_BOT)} " in result.stdout
    return save


def test_a_program_the_log_names_runs_only_with_the_user_s_say(exec_game) -> None:
    before = exec_game.read_bytes()
    refused = rummy("resume", exec_game, input="quit\n")
    assert refused.exit_code == 1
    assert lines_of(refused.stderr) == [
        f"rummy500: {exec_game}: seat 1 is played by a program the log names, which runs "
        "only if you say so: resume at a terminal to see it and be asked, or name the "
        "program yourself with --seat 1=exec:COMMAND (or --trust-exec); or --seat "
        "1=greedy to seat a bot there instead"
    ]
    assert exec_game.read_bytes() == before  # nothing written, nothing run
    trusted = rummy("resume", exec_game, "--trust-exec", input="discard 2S\nquit\n")
    assert trusted.exit_code == 0, trusted.stderr
    named = rummy("resume", exec_game, "--seat", f"1={EXAMPLE_BOT}", input="quit\n")
    assert named.exit_code == 0, named.stderr
    assert not any(isinstance(e, SeatChanged) for e in read_log(exec_game).events)
    replaced = rummy("resume", exec_game, "--seat", "1=greedy", input="quit\n")
    assert replaced.exit_code == 0, replaced.stderr
    assert read_log(exec_game).events[-1] == SeatChanged(seat=1, kind="bot:greedy")


def test_a_program_named_by_a_seat_change_needs_the_say_too(tmp_path, deck_file) -> None:  # noqa: F811
    save, _ = game(tmp_path, deck_file, "draw\nquit\n")
    program = f"exec:{sys.executable} -c 'import sys; sys.exit(3)'"
    new = tmp_path / "b.jsonl"
    assert rummy("branch", save, "--at", "3", "-o", new, "--seat", f"1={program}").exit_code == 0
    refused = rummy("resume", new, input="quit\n")
    assert (
        refused.exit_code == 1 and "seat 1 is played by a program the log names" in refused.stderr
    )


def test_a_finished_game_runs_no_program(tmp_path, deck_file) -> None:  # noqa: F811
    """The game is over: resume refuses it, and starts nothing (the program would fail)."""
    save = tmp_path / "over.jsonl"
    moves = "draw\nmeld 7C 7D 7H\nmeld 8C 8D 8H\nmeld 9C 9D 9H\nmeld KS KD KC KH\ndiscard 2S\n"
    rummy(
        "play", "--save", save, "--name", "Ana", "--deck", deck_file, "--target", "1",
        "--seat", f"1={EXAMPLE_BOT}", input=moves,
    )  # fmt: skip
    result = rummy("resume", save, "--trust-exec")
    assert result.exit_code == 1 and "this game is over" in result.stderr


# --- the readers -----------------------------------------------------------------------------


@pytest.fixture
def taken(tmp_path, deck_file):  # noqa: F811
    """Ana draws, discards, Ada plays; Ana takes both back, then discards another card."""
    save, result = game(tmp_path, deck_file, "draw\ndiscard 2S\nundo 2\ndraw\ndiscard KH\nquit\n")
    assert result.exit_code == 0, result.stderr
    return save


def test_replay_steps_past_what_was_taken_back(taken) -> None:
    events = read_log(taken).events
    at = next(seq for seq, e in enumerate(events) if isinstance(e, TakenBack))
    lines = [json.loads(line) for line in lines_of(rummy("replay", "--json", taken).stdout)]
    positions = [line["position"] for line in lines]
    assert positions[:4] == [0, 1, 2, at] and positions[4] == at + 1
    assert lines[3]["event"]["type"] == "taken_back"
    assert lines[3]["abandoned"] == list(range(3, at))
    assert lines[3]["state"]["phase"] == "draw"
    gone = json.loads(rummy("replay", "--json", "--at", "4", taken).stdout)
    assert gone["taken_back_at"] == at and gone["event"]["type"] == "discarded"
    text = rummy("replay", "--at", str(at), "--as", "0", taken).stdout
    assert "You take back the moves after event 2." in text
    assert "  You discard 2♠." in text
    assert f"event {at}/" in text
    assert f"taken back at event {at}]" in rummy("replay", "--at", "3", taken).stdout


def test_export_marks_the_takebacks(taken) -> None:
    out = lines_of(rummy("export", taken).stdout)
    events = read_log(taken).events
    at = next(seq for seq, e in enumerate(events) if isinstance(e, TakenBack))
    mark = out.index(f"  Ana takes back the moves after event 2 (event {at}).")
    assert out.index("  Upcard: 10♠") == mark - 1  # where it was made: before any turn
    assert out[mark + 1] == "    Ana draws K♥ from the stock."
    assert out[mark + 2] == "    Ana discards 2♠."
    assert "  Ana: draws K♥ from the stock. discards K♥." in out[mark:]


def test_analyze_judges_the_line_played_and_counts_the_takebacks(taken) -> None:
    result = rummy("analyze", "--think", "1", "--json", "--jobs", "1", taken)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["takebacks"] == [1, 0]
    played = played_line(read_log(taken).events).seqs
    assert all(decision["seq"] in played for decision in data["decisions"])
    text = rummy("analyze", "--think", "1", "--jobs", "1", taken).stdout
    assert "Takebacks used: Ana 1, Ada 0" in text


def test_a_seat_given_to_a_program_that_cannot_start_changes_nothing(tmp_path, deck_file) -> None:  # noqa: F811
    save, _ = game(tmp_path, deck_file, "draw\nquit\n")
    before = save.read_bytes()
    result = rummy("resume", save, "--seat", "1=exec:/no/such/program", input="quit\n")
    assert result.exit_code == 1 and "cannot start '/no/such/program'" in result.stderr
    assert save.read_bytes() == before
