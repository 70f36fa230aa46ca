"""`rummy500 games` fits the terminal's width (file names shortened, players wrapped
between players) and says how many finished games it hides and how to see them."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from rummy500_cli.cli.games import _elide, _wrap
from rummy500_cli.cli.main import main

BOTS = "random,expert,strong"


def rummy(*args: str, columns: int | None = None, input: str | None = None):
    env = {"COLUMNS": str(columns)} if columns else {"COLUMNS": ""}
    return CliRunner().invoke(main, list(args), env=env, input=input, prog_name="rummy500")


def saves() -> Path:
    return Path(os.environ["XDG_DATA_HOME"]) / "rummy500" / "games"


def test_games_fit_80_and_100_columns_and_say_what_is_hidden() -> None:
    folder = saves()
    folder.mkdir(parents=True)
    long = folder / "20261205-030831-seed123456789-a-long-name.jsonl"
    args = ["--players", "4", "--bots", BOTS, "--name", "Anastasia", "-q"]
    assert rummy("play", "--seed", "4", *args, "--save", str(long), input="draw\n").exit_code == 0
    for seed in ("1", "2"):
        finished = folder / f"done{seed}.jsonl"
        over = ["--seat", "0=random", "--bots", "random", "--target", "50", "-q"]
        result = rummy("play", "--seed", seed, *over, "--save", str(finished), input="")
        assert result.exit_code == 0, result.output
    for columns in (80, 100):
        shown = rummy("games", columns=columns).stdout.splitlines()
        assert all(len(line) <= columns for line in shown), (columns, shown)
        assert shown[-1] == "2 finished games are not shown: rummy500 games --all lists all."
        assert any("…" in line and "long-name.jsonl" in line for line in shown) or columns > 80
        text = "\n".join(shown)
        for player in ("Anastasia (human) 0", "Ada (random) 0", "Bob (expert) 0", "Cy (strong) 0"):
            assert player in text  # wrapped between players, never inside one
    everything = rummy("games", "--all", columns=80).stdout.splitlines()
    assert all(len(line) <= 80 for line in everything)
    assert sum("finished" in line for line in everything) == 2 + 1  # and unfinished
    assert "not shown" not in everything[-1]
    # in a pipe (no COLUMNS) one line a game, as scripts read it
    piped = rummy("games", "--all").stdout.splitlines()
    assert len(piped) == 2 + 3


def test_only_finished_games_are_counted() -> None:
    folder = saves()
    folder.mkdir(parents=True)
    over = ["--seat", "0=random", "--bots", "random", "--target", "50", "-q"]
    result = rummy("play", "--seed", "1", *over, "--save", str(folder / "a.jsonl"), input="")
    assert result.exit_code == 0, result.output
    shown = rummy("games").stdout
    assert (
        shown
        == f"No unfinished games in {folder}; rummy500 games --all lists the 1 finished game.\n"
    )


def test_elide_and_wrap() -> None:
    assert _elide("20261205-030831-seed5.jsonl", 20) == "2026…831-seed5.jsonl"
    assert _elide("a.jsonl", 20) == "a.jsonl"
    assert _wrap(["Ana (human) 0", "Bob (expert) 12"], 16) == ["Ana (human) 0,", "Bob (expert) 12"]
    assert _wrap(["Ana (human) 0", "Bob (expert) 12"], 40) == ["Ana (human) 0, Bob (expert) 12"]
    assert _wrap(["A" * 30], 10) == ["A" * 9 + "…"]
