"""Card notation: lenient input, canonical output (python-chess style)."""

from __future__ import annotations

import pytest

from rummy500_cli.cards import JOKER, Card, Suit, format_cards, new_deck, parse_cards
from rummy500_cli.errors import ParseError


@pytest.mark.parametrize("text", ["10h", "TH", "10♥", "th", "10H", " 10h ", "t♡"])
def test_ten_of_hearts_in_every_notation(text: str) -> None:
    assert Card.parse(text) is Card.of(10, Suit.HEARTS)


def test_canonical_output_and_repr_round_trip() -> None:
    card = Card.parse("qd")
    assert str(card) == "Q♦"
    assert card.ascii == "QD"
    assert eval(repr(card)) is card


def test_joker_notation() -> None:
    assert Card.parse("jk") is JOKER
    assert JOKER.is_joker and str(JOKER) == "JK"


@pytest.mark.parametrize("text", ["", "1", "11H", "ZZ", "7X", "H7", "0S"])
def test_bad_cards_name_the_accepted_forms(text: str) -> None:
    with pytest.raises(ParseError, match="is not a card: write rank then suit"):
        Card.parse(text)


def test_two_decks_hold_identical_interchangeable_cards() -> None:
    deck = new_deck(2)
    assert len(deck) == 104
    assert deck.count(Card.parse("7H")) == 2
    assert deck[0] is deck[52]


def test_deck_order_is_the_documented_canonical_one() -> None:
    deck = new_deck(1, jokers_per_deck=1)
    assert format_cards(deck[:2], ascii=True) == "AC 2C"
    assert deck[13].ascii == "AD" and deck[26].ascii == "AH" and deck[51].ascii == "KS"
    assert deck[52] is JOKER


def test_parse_cards_reads_spaces_and_commas() -> None:
    assert format_cards(parse_cards("7h, 7s 7d"), ascii=True) == "7H 7S 7D"
