"""Preferences that persist (issue 12, point 12): the config file in the platform config
directory, read with tomllib; flags override it; `rummy500 config` shows and sets it;
`sort rank` in a game is remembered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli import preferences
from rummy500_cli.cli.main import main


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("USER", "tester")
    return tmp_path


@pytest.fixture
def file(home: Path) -> Path:
    return home / "config" / "rummy500" / "config.toml"


def rummy(*args: object, input: str | None = None):
    runner = CliRunner()
    return runner.invoke(main, [str(a) for a in args], input=input, prog_name="rummy500")


def play(home: Path, *args: object, input: str = "quit\n"):
    return rummy("play", "--seed", "7", "--save", home / f"g{len(list(home.glob('*')))}.jsonl",
                 *args, input=input)  # fmt: skip


def test_the_file_is_in_the_platform_config_directory(file: Path) -> None:
    assert preferences.config_file() == file
    result = rummy("config")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == f"Config file: {file} (not there yet: every key has its default)"
    for key in preferences.KEYS:
        assert any(re.match(rf"  {key} +=", line) for line in lines), key
    assert '  bots       = "greedy"    default:' in result.output


def test_config_sets_shows_and_unsets_keys_keeping_the_rest_of_the_file(file: Path) -> None:
    file.parent.mkdir(parents=True)
    file.write_text('# my settings\nname = "Ana"  # me\n\n[later]\nx = 1\n')
    assert rummy("config", "pace", "0.25").exit_code == 0
    assert rummy("config", "name", "Bea").exit_code == 0
    assert rummy("config", "four_color", "true").exit_code == 0
    assert file.read_text() == (
        '# my settings\nname = "Bea"\n\npace = 0.25\nfour_color = true\n[later]\nx = 1\n'
    )
    shown = rummy("config", "pace").stdout.splitlines()
    assert shown[1].startswith("  pace = 0.25") and "set in the file" in shown[1]
    assert rummy("config", "--unset", "pace").exit_code == 0
    assert "pace" not in file.read_text()
    assert "unknown key 'later'" in rummy("config").stderr


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("bots", "nope", "each level is one of random, greedy, strong, expert"),
        ("pace", "slow", "pace is a number of seconds, 0 or more"),
        ("color", "maybe", 'color is true, false or "auto"'),
        ("sort", "colour", 'sort is "suit" or "rank"'),
        ("four_color", "3", "four_color is true or false"),
    ],
)
def test_config_refuses_a_value_it_cannot_use(file: Path, key: str, value: str, needle: str):
    result = rummy("config", key, value)
    assert result.exit_code == 2 and needle in result.output
    assert not file.exists()


def test_config_refuses_an_unknown_key(home: Path) -> None:
    result = rummy("config", "colour", "true")
    assert result.exit_code == 2
    assert "unknown key 'colour': the keys are name, bots, pace" in result.output


def test_play_takes_name_and_bots_from_the_file_and_flags_override(home, file) -> None:
    file.parent.mkdir(parents=True)
    file.write_text('name = "Zed"\nbots = "strong"\n')
    result = play(home, "--players", "3")
    assert result.exit_code == 0, result.output
    assert "rummy500 · Zed, Ada (strong), Bob (strong) · seed 7" in result.output
    from rummy500_cli.records.log import read_log

    log = sorted(home.glob("g*.jsonl"))[-1]
    assert read_log(log).events[0].seats == ("human", "bot:strong", "bot:strong")
    flagged = play(home, "--name", "Ana", "--bots", "random")
    assert "rummy500 · Ana, Ada (random) · seed 7" in flagged.output
    log = sorted(home.glob("g*.jsonl"), key=lambda p: p.stat().st_mtime)[-1]
    assert read_log(log).events[0].seats == ("human", "bot:random")


def test_colour_and_four_colours_from_the_file(home, file, monkeypatch) -> None:
    file.parent.mkdir(parents=True)
    file.write_text("color = true\nfour_color = true\n")
    monkeypatch.setenv("NO_COLOR", "1")  # the user's own file overrides NO_COLOR
    coloured = play(home, "--name", "Ana").output
    assert "\x1b[32m" in coloured  # green clubs: colour, four of them
    assert "\x1b[" not in play(home, "--name", "Ana", "--no-color").output
    two = play(home, "--name", "Ana", "--no-four-color").output
    assert "\x1b[31m" in two and "\x1b[32m" not in two


def test_pace_from_the_file_at_a_terminal_only() -> None:
    prefs = preferences.Preferences({"pace": 0.25}, Path("x"), True, [])
    assert preferences.pace(None, prefs, interactive=True) == 0.25
    assert preferences.pace(None, prefs, interactive=False) == 0.0
    assert preferences.pace(1.5, prefs, interactive=False) == 1.5
    empty = preferences.Preferences({}, Path("x"), False, [])
    assert preferences.pace(None, empty, interactive=True) == 0.8


def hand(output: str) -> str:
    return [line for line in output.splitlines() if line.startswith("Hand (")][-1]


def test_sort_rank_is_remembered(home: Path, file: Path) -> None:
    first = play(home, "--name", "Ana", input="sort rank\nquit\n")
    assert first.exit_code == 0
    assert 'sort = "rank"' in file.read_text()
    by_suit = play(home, "--name", "Ana", "--no-color", input="quit\n")
    assert file.read_text() == 'sort = "rank"\n'
    # The next game's hand is sorted by rank from its first table.
    assert hand(by_suit.output) == hand(first.output)
    assert "  " not in hand(by_suit.output).split(": ", 1)[1]
    play(home, "--name", "Ana", input="sort suit\nquit\n")
    assert file.read_text() == 'sort = "suit"\n'


def test_a_broken_file_is_one_line_and_starts_no_game(home: Path, file: Path) -> None:
    file.parent.mkdir(parents=True)
    file.write_text("pace = [\n")
    result = play(home)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"rummy500: {file}: not TOML: ")
    assert result.stderr.strip().endswith("; fix the file or remove it")
    assert len(result.stderr.splitlines()) == 1
    assert not list(home.glob("g*.jsonl"))
    file.write_text('pace = "slow"\n')
    assert "pace is a number of seconds" in play(home).stderr
