"""The stacked game of the CLI tests, and the in-process command line that plays it
(click's CliRunner): seat 0, Ana, goes out on her first turn; seat 1 never moves. Shared
by the tests of tests/cli/ and tests/safety/ (imported from here, never from a test
module)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy500_cli.cards import Card, parse_cards
from rummy500_cli.deal import stack

# Seat 0 (dealt first, plays first with a stacked deck) holds three sets of three, three
# Kings and a 2; the stock's top card is the fourth King. Draw, four melds, one discard:
# out on the first turn. Seat 1 never moves.
HAND_ANA = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"
HAND_BOT = "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"
UPCARD = "10S"
STOCK_TOP = "KH"


def deck_text() -> str:
    """The stacked deck file: one card per word, top first."""
    cards = stack(
        [parse_cards(HAND_ANA), parse_cards(HAND_BOT)], Card.parse(UPCARD), parse_cards(STOCK_TOP)
    )
    return " ".join(card.ascii for card in cards) + "\n"


def make_runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()  # click 8.2+: stdout and stderr are always apart


@pytest.fixture(autouse=True)
def xdg(tmp_path, monkeypatch):
    """Saves and history in tmp_path; no colour or user name from the outer environment."""
    data = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("USER", "tester")
    return data


@pytest.fixture
def deck_file(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("# seat 0 goes out on the first turn\n" + deck_text())
    return path


def rummy(*args: object, input: str | None = None):
    from rummy500_cli.cli.main import main

    return make_runner().invoke(
        main, [str(a) for a in args], input=input, catch_exceptions=False, prog_name="rummy500"
    )


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def usage_error(result, *needles: str) -> str:
    """Exit 2, click's usage message, and the error itself on one line with the needles."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    errors = [line for line in lines_of(result.stderr) if line.startswith("Error:")]
    assert len(errors) == 1, result.stderr
    for needle in needles:
        assert needle in errors[0], errors[0]
    return errors[0]
