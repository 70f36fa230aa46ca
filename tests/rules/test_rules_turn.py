"""RULES 4 (a turn: draw, play, discard) and 6b.7-6b.8, 6b.10, and the refusals of bad
input, pinned by stacked deals."""

from __future__ import annotations

import pytest
from helpers import act, card, cards, fill, is_legal, one, refused, start

from rummy500_cli.actions import Discard, DrawStock, LayMeld, TakePile
from rummy500_cli.engine import legal_actions, resolve
from rummy500_cli.errors import IllegalAction, ParseError, Rummy500Error
from rummy500_cli.events import (
    Discarded,
    LaidOff,
    Melded,
    PileTaken,
    RoundEnded,
    StockDrawn,
)
from rummy500_cli.language import parse_action
from rummy500_cli.render.rules_text import rules_text
from rummy500_cli.variants import make_rules

OTHER = "3C 4D 6S 8S 10D QS"
"""Seat 1's hand where it plays no part."""


def code(card) -> int:
    """Cards have no order of their own: sort them by code."""
    return card.code


def with_pile(hand: str, up: str, first: str, second: str, other: str = OTHER, **options):
    """Seat 0 holds `hand` (6 cards) and is to draw; the pile is, bottom to top, `up`
    (the upcard), `first` (seat 0's discard) and `second` (seat 1's): each player drew
    that card from the stock and discarded it."""
    state = start([hand, other], up, f"{first} {second}", **options)
    act(state, "draw", f"discard {first}", "draw", f"discard {second}")
    assert state.pile == cards(f"{up} {first} {second}")
    assert state.to_move == 0 and state.phase == "draw"
    return state


# --- 4.1 Drawing from the stock ------------------------------------------------------------


def test_draw_takes_the_top_card_of_the_stock():
    """RULES 4.1: draw the top card of the stock."""
    state = start(["2S 5H 9S JC 10H 4S", OTHER], "7C", "KD QD")
    size = len(state.stock)
    events = act(state, "draw")
    assert one(events, StockDrawn).cards == ("KD",)
    assert state.hands[0][-1] == card("KD")
    assert len(state.stock) == size - 1
    assert state.stock[-1] == card("QD")
    assert state.phase == "play"


def test_only_one_draw_per_turn():
    """RULES 4: one draw, then play and discard: a second draw or a take is refused."""
    state = start(["2S 5H 9S JC 10H 4S", OTHER], "7C", "KD QD")
    act(state, "draw")
    refused(state, "draw", match="already drawn")
    refused(state, "take 1", match="already drawn")


def test_stock_draw_2_draws_two_cards():
    """RULES 4.1: stock_draw=2: draw the top two cards of the stock, then play as usual."""
    state = start(["2S 5H 9S JC 10H 4S", OTHER], "7C", "KD QD JD", stock_draw=2)
    events = act(state, "draw")
    assert one(events, StockDrawn).cards == ("KD", "QD")
    assert len(state.hands[0]) == 8
    assert state.stock[-1] == card("JD")
    act(state, "discard KD")
    assert state.to_move == 1 and len(state.hands[0]) == 7


def test_stock_draw_2_with_one_card_left_draws_that_card():
    """RULES 6b.10: stock_draw=2 with one card left in the stock draws just that card.
    Two players of 25 cards leave a one-card stock (52 - 50 - 1)."""
    hands = fill(["2S 5H", "3C 4D"], 25, reserved="7C KD")
    state = start(hands, "7C", "KD", stock_draw=2)
    assert state.stock == [card("KD")]
    events = act(state, "draw")
    assert one(events, StockDrawn).cards == ("KD",)
    assert state.stock == []
    assert len(state.hands[0]) == 26


# --- 4.1 Taking from the pile ------------------------------------------------------------


def test_take_three_deep_whose_card_completes_a_set():
    """RULES 4.1: take a pile card with every card above it; the chosen card (7C) must be
    put on the table at once, the other cards taken (KD, 2H) go to the hand."""
    state = with_pile("7H 7S 2S 2D 9S JC", "7C", "KD", "2H")
    assert is_legal(state, "take 3")
    events = act(state, "take 3")
    taken = one(events, PileTaken)
    assert (taken.seat, taken.depth, taken.cards) == (0, 3, ("7C", "KD", "2H"))
    assert state.pile == []
    assert state.hands[0] == cards("7H 7S 2S 2D 9S JC 7C KD 2H")
    assert state.pending == card("7C")
    events = act(state, "meld 7H 7S 7C")
    assert sorted(one(events, Melded).cards) == ["7C", "7H", "7S"]
    assert state.pending is None


def test_after_a_take_the_next_action_must_use_the_chosen_card():
    """RULES 4.1 Decision: the action right after the take must put the chosen card on
    the table: discarding, another meld, or a lay-off without it are refused."""
    state = with_pile("7H 7S 2S 2D 9S JC", "7C", "KD", "2H")
    act(state, "take 3")
    refused(state, "discard JC", match="7♣")
    refused(state, "meld 2S 2D 2H", match="put on the table first")
    refused(state, "draw", match="already drawn")
    uses = legal_actions(state)
    assert uses and all(card("7C") in action.cards for action in uses)
    assert any(isinstance(action, LayMeld) for action in uses)


def test_cards_taken_above_the_chosen_one_are_ordinary_hand_cards():
    """RULES 6b.7: the cards taken above the chosen one may be melded, laid off or
    discarded in the same turn."""
    state = with_pile("7H 7S 2S 2D 9S AH", "7C", "KD", "2H", other="3C 4D 6S 8S 10D KS")
    act(state, "take 3", "meld 7H 7S 7C")
    act(state, "meld 2S 2D 2H")  # 2H came from the pile
    assert sorted(state.melds[1].cards, key=code) == sorted(cards("2S 2D 2H"), key=code)
    events = act(state, "discard KD")  # KD came from the pile
    assert one(events, Discarded).card == "KD"
    assert state.pile == [card("KD")]


def test_a_taken_card_above_may_be_laid_off_in_the_same_turn():
    """RULES 6b.7: a card taken above the chosen one may be laid off at once: 8C is
    chosen and melded, 7C (taken above it) is laid off on that run, 2H discarded."""
    state = with_pile("7H 7S 9C 10C JC 2S", "8C", "7C", "2H")
    act(state, "take 3", "meld 8C 9C 10C")
    laid = one(act(state, "lay 7C on 1"), LaidOff)
    assert laid.end == "low"
    assert state.melds[0].cards == cards("7C 8C 9C 10C")
    act(state, "discard 2H")
    assert state.hands[0] == cards("7H 7S JC 2S")


def test_cards_above_count_towards_the_use_of_the_chosen_card():
    """RULES 4.1 Decision: the chosen card may be used with the cards the player would
    then hold, including those taken above it: 7C 8C 9C form a run by themselves."""
    state = with_pile("2S 5H 9S JH 10H 4S", "7C", "8C", "9C")
    events = act(state, "take 3", "meld 7C 8C 9C")
    assert one(events, Melded).cards == ("7C", "8C", "9C")


def test_taking_a_card_leaves_the_cards_below_it():
    """RULES 4.1: take 2 takes the second card and the one above it, not the one below."""
    state = with_pile("KS KH 2S 2D 9S JC", "7C", "KD", "2H")
    taken = one(act(state, "take 2"), PileTaken)
    assert taken.cards == ("KD", "2H")
    assert state.pile == [card("7C")]


def test_taking_the_bottom_card_takes_the_whole_pile():
    """RULES 4.1: taking the bottom card takes the whole pile."""
    state = with_pile("7H 7S 2S 2D 9S JC", "7C", "KD", "2H")
    act(state, "take 7C")  # the bottom card, named by the card
    assert state.pile == []
    assert {card("7C"), card("KD"), card("2H")} <= set(state.hands[0])


def test_a_take_whose_chosen_card_has_no_use_is_refused():
    """RULES 4.1 Decision: a take is refused when the chosen card could not be put on the
    table with the cards the player would then hold; nothing changes."""
    state = with_pile("2S 5H 9S JC 10H 4S", "7C", "KD", "2H")
    for depth in (1, 2, 3):
        assert not is_legal(state, f"take {depth}")
        refused(state, f"take {depth}", match="could not meld or lay off")
    assert legal_actions(state) == [DrawStock()]


@pytest.mark.parametrize("depth", [0, 4])
def test_a_take_beyond_the_pile_is_refused(depth):
    """RULES 4.1: only a card of the pile may be taken."""
    state = with_pile("7H 7S 2S 2D 9S JC", "7C", "KD", "2H")
    refused(state, TakePile(depth), match="the pile has 3 cards")


def test_a_take_is_refused_when_the_chosen_card_only_makes_a_short_new_run():
    """RULES 4.1, 3.2: min_new_run=4: 6H with 7H 8H would be a 3-card run, no meld."""
    state = with_pile("7H 8H 2S 2D 9S JC", "6H", "KD", "2C")
    assert is_legal(state, "take 3")
    state = with_pile("7H 8H 2S 2D 9S JC", "6H", "KD", "2C", min_new_run=4)
    refused(state, "take 3", match="could not meld")


# --- 4.1 pile_use ------------------------------------------------------------------------


def with_run_on_table(hand: str, **options):
    """Seat 1 has melded 5H 6H 7H (meld 1) and discarded 8H; seat 0, holding `hand`,
    is to draw with 8H on top of the pile."""
    state = start([hand, "5H 6H 7H 3C 4D QS"], "KC", "2D 8H", **options)
    act(state, "draw", "discard 2D", "draw", "meld 5H 6H 7H", "discard 8H")
    assert state.pile[-1] == card("8H")
    return state


def test_pile_use_meld_or_layoff_takes_to_lay_off():
    """RULES 4.1: pile_use=meld_or_layoff (standard): a take may be used by a lay-off,
    here on another player's run."""
    state = with_run_on_table("2S 5C 9S JC 10S 4S")
    events = act(state, "take 1", "lay 8H on 1")
    assert one(events, LaidOff).seat == 0
    assert state.melds[0].cards == cards("5H 6H 7H 8H")


def test_pile_use_meld_only_refuses_a_take_to_lay_off():
    """RULES 4.1: pile_use=meld_only: a take only to lay the card off is refused."""
    state = with_run_on_table("2S 5C 9S JC 10S 4S", pile_use="meld_only")
    refused(state, "take 1", match="could not meld 8")
    assert legal_actions(state) == [DrawStock()]


def test_pile_use_meld_only_refuses_the_lay_off_use_but_takes_the_meld():
    """RULES 4.1: pile_use=meld_only: with 8S 8D held the take is fine, but the chosen
    8H must go into a new meld, not on the run."""
    state = with_run_on_table("8S 8D 9S JC 10S 4S", pile_use="meld_only")
    act(state, "take 1")
    refused(state, "lay 8H on 1", match="meld_only")
    act(state, "meld 8S 8D 8H")
    assert state.pending is None


# --- 4.1 top_discard -----------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["keep", "only"])
def test_top_discard_taken_and_kept_without_use(rule):
    """RULES 4.1: top_discard=keep / only: the top card alone may be taken and kept
    without being used, and may not be discarded again in the same turn."""
    state = start(["2S 5H 9S JC 10H 4S", OTHER], "KD", "QD", top_discard=rule)
    assert is_legal(state, "take 1")
    taken = one(act(state, "take 1"), PileTaken)
    assert taken.cards == ("KD",)
    assert state.pending is None and state.kept == card("KD")
    assert Discard(card("KD")) not in legal_actions(state)
    refused(state, "discard KD", match="taken from the pile this turn")
    act(state, "discard 2S")
    assert state.pile == [card("2S")]
    assert card("KD") in state.hands[0]


def test_top_discard_must_use_refuses_keeping_the_top_card():
    """RULES 4.1: top_discard=must_use (standard): the top card too must be used."""
    state = start(["2S 5H 9S JC 10H 4S", OTHER], "KD", "QD")
    refused(state, "take 1", match="must be used")


@pytest.mark.parametrize("rule", ["keep", "only"])
def test_kept_top_card_may_not_be_left_alone_by_a_play(rule):
    """RULES 6b.8: the kept card may not be the turn's discard, so a play that would
    leave it alone in the hand is refused."""
    state = start(["7H 7S 7D", "3C 4D 6S"], "KC", "QD", top_discard=rule)
    act(state, "take 1")
    assert state.hands[0] == cards("7H 7S 7D KC")
    refused(state, "meld 7H 7S 7D", match="may not be your discard")
    assert not is_legal(state, "meld 7H 7S 7D")
    refused(state, "discard KC")
    act(state, "discard 7D")
    assert state.hands[0] == cards("7H 7S KC")


@pytest.mark.parametrize("rule", ["keep", "only"])
def test_kept_top_card_may_be_played_when_the_play_empties_the_hand(rule):
    """RULES 6b.8: unless the play empties the hand: the kept 7C goes out with the set."""
    state = start(["7H 7S 7D", "3C 4D 6S"], "7C", "QD", top_discard=rule)
    act(state, "take 1")
    events = act(state, "meld 7H 7S 7D 7C")
    assert one(events, RoundEnded).went_out == 0


def test_top_discard_keep_a_deeper_take_must_still_be_used():
    """RULES 4.1: top_discard=keep frees only the top card; a deeper take must be used."""
    state = with_pile("2S 5H 9S JC 10H 4S", "7C", "KD", "2H", top_discard="keep")
    assert is_legal(state, "take 1")
    refused(state, "take 2", match="must be used")
    refused(state, "take 3", match="must be used")


def test_top_discard_only_refuses_a_deeper_take():
    """RULES 4.1: top_discard=only: only the top card may be taken, even when a deeper
    card would be usable."""
    state = with_pile("7H 7S 2S 2D 9S JC", "7C", "KD", "2H", top_discard="only")
    refused(state, "take 3", match="only the top card")
    assert [a for a in legal_actions(state) if isinstance(a, TakePile)] == [TakePile(1)]


@pytest.mark.parametrize("rule", ["keep", "only"])
def test_the_rules_in_words_say_what_the_engine_does_with_the_kept_card(rule):
    """RULES 4.1, 6b.8: the rules in words say that the kept top card need not be used,
    and may be neither discarded again that turn nor left alone in the hand (as the
    scenarios above check), and nothing that contradicts it."""
    text = " ".join(rules_text(make_rules({"top_discard": rule})).split())
    assert "need not be used" in text
    assert "may not be discarded again that turn nor left alone in your hand" in text
    if rule == "only":
        assert "only the top card of the pile" in text
        assert "in a new meld or a lay-off" not in text  # the card is kept freely
    else:
        assert "using the chosen card at once (in a new meld or a lay-off)" in text


# --- 4.2 Play ------------------------------------------------------------------------------


def test_any_number_of_plays_in_any_order_then_a_discard():
    """RULES 4.2: lay melds and lay-offs in any order, on one's own melds."""
    state = start(["7H 7S 7D 7C 3C 4C 9S", "2D 4D 6S 8S 10D QS KH"], "KD", "5C")
    act(state, "draw", "meld 7H 7S 7D", "meld 4C 3C 5C", "lay 7C on 1")
    assert [len(m.cards) for m in state.melds] == [4, 3]
    assert state.hands[0] == [card("9S")]
    assert state.phase == "play" and state.to_move == 0


def test_lay_off_on_another_players_meld_scores_for_who_laid_it():
    """RULES 4.2: a lay-off on anyone's meld; the card scores for the player laying it."""
    state = with_run_on_table("2S 4H 9S JC 10S 4S")
    act(state, "draw")
    laid = one(act(state, "lay 4H on 1"), LaidOff)
    assert (laid.seat, laid.values, laid.end) == (0, (4,), "low")
    assert state.melds[0].owner == 1
    assert state.melds[0].placed_by == [0, 1, 1, 1]
    assert state.table_points == [4, 18]


def test_play_is_optional_a_turn_may_be_draw_and_discard():
    """RULES 4.2: playing is optional."""
    state = start(["7H 7S 7D 3C 4C 5C", "9H 4D 6S 8S 10D QS"], "KD", "6C")
    act(state, "draw", "discard 6C")
    assert state.melds == [] and state.to_move == 1


# --- 4.3 Discard ----------------------------------------------------------------------------


def test_the_discard_goes_on_top_of_the_pile_and_ends_the_turn():
    """RULES 4.3: discard exactly one card face up on the pile; the turn passes left."""
    state = start(["7H 7S 7D 3C 4C 5C", "2D 4D 6S 8S 10D QS"], "KD", "6C")
    act(state, "draw")
    events = act(state, "discard 3C")
    assert events == [Discarded(seat=0, card="3C")]
    assert state.pile == cards("KD 3C")
    assert state.to_move == 1 and state.phase == "draw"
    assert len(state.hands[0]) == 6


# --- Bad input ----------------------------------------------------------------------------------


def bad_input_game():
    return start(["7H 7S 8D 3C 4C 5C", "2D 4D 6S 8S 10D QS"], "KD", "6C")


def test_discarding_before_drawing_is_refused():
    """RULES 4: the draw comes first; discarding before it is refused, nothing changes."""
    state = bad_input_game()
    refused(state, "discard 3C", match="before drawing")
    refused(state, "meld 3C 4C 5C", match="before drawing")


def test_acting_out_of_turn_is_refused():
    """RULES 2.5, 4: resolve(state, action, seat=other) is refused for anyone not to move."""
    state = bad_input_game()
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="turn") as info:
        resolve(state, DrawStock(), seat=1)
    assert "\n" not in str(info.value)
    refused(state, "draw", seat=1, match="Ann's turn, not Bob's")
    assert state.fingerprint() == before
    act(state, "draw")
    refused(state, "discard 3C", seat=1, match="Ann's turn")


def test_a_card_not_in_hand_is_refused():
    """RULES 4.2-4.3: only the player's own cards may be played or discarded."""
    state = bad_input_game()
    act(state, "draw")
    refused(state, "discard 9S", match="not in your hand")
    refused(state, "meld 7H 7S 7C", match="not in your hand")
    refused(state, "lay 6S on 1", match="no meld 1|not in your hand")


def test_an_illegal_meld_is_refused():
    """RULES 3: cards that are no meld are refused, nothing changes."""
    state = bad_input_game()
    act(state, "draw")
    refused(state, "meld 7H 7S 8D", match="not a meld")


def test_a_lay_off_on_a_meld_that_is_not_there_is_refused():
    """RULES 4.2: a lay-off names a meld on the table."""
    state = bad_input_game()
    act(state, "draw", "meld 3C 4C 5C")
    refused(state, "lay 6C on 2", match="no meld 2")


@pytest.mark.parametrize("text", ["meld 7X 7S 7D", "jump", "discard", "take"])
def test_unreadable_commands_are_parse_errors(text):
    """Bad input: text that is no action raises ParseError (a Rummy500Error), one line."""
    with pytest.raises(ParseError) as info:
        parse_action(text)
    assert isinstance(info.value, Rummy500Error)
    assert "\n" not in str(info.value)


def test_top_discard_keep_lets_a_twin_of_the_kept_card_go():
    """RULES 6b.8 with two decks (1.2: identical cards are interchangeable): the kept top
    card may not be discarded again, but a twin held before the take may."""
    state = start(["7H 2C 9S", "3D 4D 8S"], "KC", "5S 7H", top_discard="keep", decks=2)
    act(state, "draw", "discard 2C", "draw", "discard 7H")  # Bob discards the second 7H
    act(state, "take 1")  # Ann keeps 7H, holding its twin
    assert state.kept == card("7H") and state.hands[0].count(card("7H")) == 2
    act(state, "discard 7H")  # one copy goes; the other stays in the hand
    assert state.hands[0].count(card("7H")) == 1


def test_top_discard_keep_refuses_the_kept_card_without_a_twin():
    state = start(["2C 9S 4H", "3D 4D 8S"], "KC", "5S 7H", top_discard="keep", decks=2)
    act(state, "draw", "discard 2C", "draw", "discard 7H")
    act(state, "take 1")
    refused(state, "discard 7H", match="taken from the pile this turn")
