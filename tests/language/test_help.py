"""Help (issue 12, point 9): a paragraph with examples for each command, the aliases
listed, "did you mean" for a typo (in a game and on the command line), and `lay CARDS`
without `on MELD` when only one meld fits."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import deck_file

from rummy500_cli.cli.main import main
from rummy500_cli.events import LaidOff
from rummy500_cli.language import VOCABULARY
from rummy500_cli.language.moves import TAKE
from rummy500_cli.language.plays import LAY
from rummy500_cli.records.log import read_log
from rummy500_cli.render.command_help import detail
from rummy500_cli.variants import make_rules


def rummy(*args: object, input: str = ""):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, prog_name="rummy500")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path


def game(home: Path, moves: str, *options: str) -> tuple[str, str]:
    """A game of Ana against Bo (hot-seat, from a script) from the stacked deck below."""
    hands = ["7H 8H 9H 10C 10S 10D JC", "KS 3D 4C 5S 6D 2C QS"]
    deck = deck_file(home / "deck.txt", hands, "KD", "10H 2D")
    result = rummy(
        "play", "--deck", deck, "--name", "Ana", "--seat", "1=human:Bo", "--rule",
        "hand_size=7", "--save", home / "g.jsonl", *options, input=moves,
    )  # fmt: skip
    return result.stdout, result.stderr


def test_every_command_has_a_paragraph_with_an_example() -> None:
    rules = make_rules({})
    for verb in VOCABULARY:
        word = verb.word
        text = detail(word, rules)
        assert len(text) > 40 or word == "help", word
        assert "Example" in text or word in (
            "hint",
            "hand",
            "table",
            "pile",
            "melds",
            "score",
            "quit",
        ), word


def test_help_meld_names_jokers_only_in_games_with_jokers() -> None:
    assert "jk" not in detail("meld", make_rules({}))
    assert "jk=7h" in detail("meld", make_rules({}, variant="jokers"))


def test_help_lay_and_take_are_more_than_their_usage_line(home: Path) -> None:
    out, err = game(home, "help lay\nhelp take\nhelp t\nquit\n")
    assert err == ""
    lines = out.splitlines()
    start = lines.index(LAY.line())
    paragraph = " ".join(line.strip() for line in lines[start + 1 : start + 7])
    assert "Examples: lay 8h on 2" in paragraph and "only one fits" in paragraph
    assert out.count(TAKE.line()) == 2  # help take and help t
    assert "Examples: take 1, take 3, take 7h" in " ".join(out.split())


def test_help_lists_every_alias(home: Path) -> None:
    out, _ = game(home, "help\nquit\n")
    table = out[out.index("Table:") :]
    aliases = [(alias, verb.word) for verb in VOCABULARY.table for alias in verb.aliases]
    assert len(aliases) == 5
    for alias, word in aliases:
        line = next(line for line in table.splitlines() if line.strip().startswith(word))
        assert f" {alias}" in line.split(":")[0] or f"{alias}," in line, (alias, line)
    assert "quit (or q, exit, Ctrl-D)" in table
    assert "score (or s)" in table and "help [COMMAND] (or h)" in table


def test_a_typo_in_a_game_is_told_what_it_may_mean(home: Path) -> None:
    _, err = game(home, "drwa\nhelp lya\nfly\nquit\n")
    lines = err.splitlines()
    assert lines[0] == (
        "error: unknown command 'drwa': did you mean draw? (help lists the commands); "
        "legal now: draw"
    )
    assert lines[1] == "error: no command 'lya': did you mean lay? (help lists the commands)"
    assert lines[2].startswith("error: unknown command 'fly' (help lists the commands)")


def test_a_typo_on_the_command_line_is_told_what_it_may_mean() -> None:
    result = rummy("plya")
    assert result.exit_code == 2
    assert "Error: No such command 'plya'. Did you mean 'play'?" in result.output
    far = rummy("zzzz")
    assert far.exit_code == 2 and "Did you mean" not in far.output


def test_lay_without_a_meld_goes_where_it_alone_fits(home: Path) -> None:
    moves = "draw\nmeld 7h 8h 9h\nlay 10h\nquit\n"
    out, err = game(home, moves)
    assert err == ""
    assert "You lay off 10♥ on #1 (own) (10)." in out
    laid = [e for e in read_log(home / "g.jsonl").events if isinstance(e, LaidOff)]
    assert [(e.meld, e.cards) for e in laid] == [(1, ("10H",))]


def test_lay_without_a_meld_asks_which_when_several_fit(home: Path) -> None:
    moves = "draw\nmeld 7h 8h 9h\nmeld 10c 10s 10d\nlay 10h\nlay 2d\nquit\n"
    _, err = game(home, moves)
    lines = err.splitlines()
    assert lines[0].startswith(
        "error: lay 10h: the cards fit more than one place; say lay 10♥ on 1 or "
        "lay 10♥ on 2; legal now: lay 10♥ on 1, lay 10♥ on 2"
    )
    assert lines[1].startswith("error: lay 2d: those cards fit no meld on the table now")
    assert not [e for e in read_log(home / "g.jsonl").events if isinstance(e, LaidOff)]
