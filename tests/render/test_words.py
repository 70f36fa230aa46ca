"""Words (issue 12, point 8): the player at the keyboard in the second person whatever
their name, plurals right, card errors that mention jokers only where there are some,
one list of what is legal, in the order of the hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import act, deck_file, start

from rummy500_cli.cards import Card
from rummy500_cli.cli.main import main
from rummy500_cli.errors import ParseError
from rummy500_cli.events import LaidOff, Melded, RoundDealt, RoundEnded
from rummy500_cli.language import parse_action
from rummy500_cli.language.listing import legal_summary
from rummy500_cli.render.narrate import Narrator
from rummy500_cli.render.style import Style
from rummy500_cli.render.table import table_view
from rummy500_cli.render.words import count, verb


def test_count_and_verb() -> None:
    assert [count(1, "card"), count(2, "card"), count(0, "card")] == [
        "1 card",
        "2 cards",
        "0 cards",
    ]
    assert [verb("draw", True), verb("draw", False), verb("go", False)] == ["draw", "draws", "goes"]
    assert [verb("pass", False), verb("be", True), verb("be", False)] == ["passes", "are", "is"]


def narrate(state, events, viewer):
    narrator = Narrator(Style(), viewer=viewer)
    return [line for event in events for line in narrator.feed(event, state)]


def test_the_player_at_the_keyboard_is_you_even_when_named_you() -> None:
    """`You deals`, `You goes out`, `(You's)` were the narration of a player called You."""
    state = start(["7H 8H 9H 2C", "10H 3D 4C 5S"], "KD", "JD QS")
    state.players = ("You", "Bob")
    events = act(state, "draw", "meld 7H 8H 9H", "discard 2C", "draw", "lay 10H on 1")
    lines = narrate(state, [e for e in events if isinstance(e, Melded | LaidOff)], viewer=0)
    assert lines == [
        "You meld 7♥ 8♥ 9♥ (24) as #1.",
        "Bob lays off 10♥ on #1 (yours) (10).",
    ]
    seen_by_bob = narrate(state, [e for e in events if isinstance(e, LaidOff)], viewer=1)
    assert seen_by_bob == ["You lay off 10♥ on #1 (You's) (10)."]


def test_a_round_s_words_for_you_and_for_others() -> None:
    state = start(["7H 8H 9H 10H", "KS 3D 4C 5S"], "KD", "JD")
    events = act(state, "draw", "meld 7H 8H 9H 10H", "discard JD")
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert narrate(state, [ended], viewer=0) == ["You go out. Round 1 is over."]
    assert narrate(state, [ended], viewer=1) == ["Ann goes out. Round 1 is over."]
    dealt = next(e for e in events if isinstance(e, RoundDealt))
    assert narrate(state, [dealt], viewer=dealt.dealer)[0].startswith("Round 2: you deal;")
    other = 1 - dealt.dealer
    assert narrate(state, [dealt], viewer=other)[0].startswith(
        f"Round 2: {state.players[dealt.dealer]} deals;"
    )


def test_one_card_is_one_card() -> None:
    state = start(["2C 3C 4H 5H", "7S 8S 9S 2D"], "KD", "JD QS")
    act(state, "draw", "discard 2C", "draw", "meld 7S 8S 9S", "discard QS")
    view = table_view(state, 0, Style())
    assert "Others: Bob 1 card" in view
    assert "1 cards" not in view


def test_the_pile_of_one_card_says_so() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    with pytest.raises(ValueError, match=r"take 2: the pile has 1 card; take 1$"):
        act(state, "take 2")


def test_a_bad_card_mentions_jokers_only_in_games_with_jokers() -> None:
    plain = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    with pytest.raises(ParseError) as standard:
        parse_action("discard 7X", plain)
    assert "'7X' is not a card: write rank then suit" in str(standard.value)
    assert "JK" not in str(standard.value) and "joker" not in str(standard.value)
    wild = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD", variant="jokers", jokers_per_deck=1)
    with pytest.raises(ParseError, match="or JK for a joker"):
        parse_action("discard 7X", wild)
    with pytest.raises(ParseError, match="or JK for a joker"):
        Card.parse("7X")


def test_the_legal_list_is_in_the_order_of_the_hand() -> None:
    from types import SimpleNamespace

    state = start(["2H 5C 3S", "KS 3D 4C"], "KD", "JD", hand_size=3)
    act(state, "draw")
    text = legal_summary(SimpleNamespace(state=state), limit=10)  # type: ignore[arg-type]
    assert text == "discard 3S, discard 2H, discard 5C, discard JD"
    by_rank = legal_summary(SimpleNamespace(state=state), limit=10, by_rank=True)  # type: ignore[arg-type]
    assert by_rank == "discard 2H, discard 3S, discard 5C, discard JD"


def rummy(*args: object, input: str = ""):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, prog_name="rummy500")


def test_a_refusal_lists_what_is_legal_once(tmp_path: Path, monkeypatch) -> None:
    """`usable now: take 1; legal now: draw, take 1` said it twice: the legal list is
    enough."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    deck = deck_file(tmp_path / "deck.txt", ["7H 8H 2C KS", "9H QD 4C 5S"], "KD", "JD 10C 6S")
    moves = "draw\ndiscard 2C\ndraw\ndiscard 9H\ntake 2\n"
    result = rummy(
        "play", "--deck", deck, "--name", "Ana", "--seat", "1=human:Bo", "--rule",
        "hand_size=4", "--save", tmp_path / "g.jsonl", input=moves,
    )  # fmt: skip
    refusal = next(line for line in result.stderr.splitlines() if line.startswith("error: take 2"))
    assert "usable now" not in refusal
    assert refusal.endswith("; legal now: draw, take 1")


def test_the_default_name_speaks_right(tmp_path: Path, monkeypatch) -> None:
    """With $USER unset the player is called You; the narration still says you."""
    monkeypatch.delenv("USER", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    hands = ["7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S", "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"]
    deck = deck_file(tmp_path / "deck.txt", hands, "10S", "KH")
    moves = "draw\nmeld 7C 7D 7H\nmeld 8C 8D 8H\nmeld 9C 9D 9H\nmeld KS KD KC KH\ndiscard 2S\n"
    out = rummy(
        "play", "--deck", deck, "--seat", "1=random", "--target", "1", "--save",
        tmp_path / "g.jsonl", input=moves,
    ).stdout  # fmt: skip
    assert "Hand (You, 13)" in out
    assert "You go out. Round 1 is over." in out and "You win the game with 112." in out
    for wrong in ("You goes", "You deals", "You's", "You wins", "You draws", "You melds"):
        assert wrong not in out, wrong


def test_a_take_and_its_play_in_one_sentence_whatever_spaces_the_name_holds() -> None:
    """The play's subject is left out of the joined sentence by the whole name: cut at
    the first space, `Mary Ann` read `... from the pile and Ann melds`."""
    state = start(["7H 8H 2C 3D", "KS 3S 4C 5S"], "9H", "KD JD")
    state.players = ("Mary Ann", "Bob")
    narrator = Narrator(Style(), viewer=1)
    lines = [
        line
        for command in ("take 9H", "meld 7H 8H 9H")
        for event in act(state, command)
        for line in narrator.feed(event, state)
    ]
    assert lines == ["Mary Ann takes 9♥ from the pile and melds 7♥ 8♥ 9♥ (24) as #1."]
