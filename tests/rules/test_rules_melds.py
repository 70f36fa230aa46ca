"""RULES 3 (melds: sets, runs, Aces) pinned by stacked deals."""

from __future__ import annotations

import pytest
from helpers import act, card, cards, is_legal, of_type, one, refused, start

from rummy500_cli.actions import LayOff
from rummy500_cli.deal import stack
from rummy500_cli.engine import legal_actions, new_game, resolve
from rummy500_cli.errors import RulesError
from rummy500_cli.events import LaidOff, Melded
from rummy500_cli.language import parse_action
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

OTHER = "2C 4D 6S 8C 10D QS"
"""A hand for seat 1 that plays no part."""
CLEAR = "2S 4C 6S 8C 10H QS"
"""The same, clear of the diamonds."""


def code(card) -> int:
    """Cards have no order of their own: sort them by code."""
    return card.code


def duel(hand: str, stock: str = "KD", other: str = OTHER, up: str = "JS", **options):
    """Two players, seat 0 to play with `hand` (6 cards): it draws the top stock card."""
    state = start([hand, other], up, stock, **options)
    act(state, "draw")
    return state


FIVE_OTHERS = ["2C 3D 5S 9H JC KD 4H", "2D 3S 5H 9C JD KS 4C", "2H 3C 5C 9D JH KH 4D"]


def five_players(hand: str, **options):
    """Five players (two decks, RULES 1.2), seat 0 to play with `hand` (7 cards)."""
    extra = ["10C 10D 10H 10S QC QD QH"]
    state = start([hand, *FIVE_OTHERS, *extra], "6C", "8D", **options)
    act(state, "draw")
    return state


# --- 3.1 Sets ----------------------------------------------------------------------------


def test_a_set_of_three_cards_of_one_rank_in_different_suits():
    """RULES 3.1: 3 cards of the same rank, all of different suits."""
    state = duel("7H 7S 7D 2H 5C JD")
    meld = one(act(state, "meld 7H 7S 7D"), Melded)
    assert sorted(meld.cards) == ["7D", "7H", "7S"]
    assert state.melds[0].kind == "set"
    assert state.melds[0].owner == 0
    assert state.hands[0] == cards("2H 5C JD KD")


def test_a_set_of_four():
    """RULES 3.1: a set may hold 4 cards."""
    state = duel("7H 7S 7D 7C 5C JD")
    act(state, "meld 7H 7S 7D 7C")
    assert len(state.melds[0].cards) == 4


def test_the_fourth_card_of_a_set_may_be_laid_off():
    """RULES 3.1, 4.2: a set of 3 may be completed by laying off the fourth."""
    state = duel("7H 7S 7D 7C 5C JD")
    act(state, "meld 7H 7S 7D", "lay 7C on 1")
    assert sorted(state.melds[0].cards, key=code) == sorted(cards("7H 7S 7D 7C"), key=code)
    assert state.melds[0].cards[-1] == card("7C")


@pytest.mark.parametrize(
    ("meld", "why"),
    [
        ("meld 7H 7S", "at least 3"),
        ("meld 7H 7S 5C", "not a meld"),
        ("meld 7H 7S 7D 5C", "not a meld"),
    ],
)
def test_not_a_set(meld, why):
    """RULES 3.1: fewer than 3 cards, or a mixed rank, is no set."""
    state = duel("7H 7S 7D 2H 5C JD")
    refused(state, meld, match=why)


def test_one_deck_set_suits_differ_by_construction_two_decks_refuse_a_repeated_suit():
    """RULES 3.1: with two decks and set_duplicate_suits=false (the default), a set's
    suits must all differ: 7H 7H 7S is refused, and a set has at most 4 cards."""
    state = five_players("7H 7H 7S 7D 7C 2S AD")
    refused(state, "meld 7H 7H 7S", match="different suits")
    refused(state, "meld 7H 7H 7S 7D 7C", match="at most 4")
    act(state, "meld 7H 7S 7D 7C")
    refused(state, "lay 7H on 1", match="at most 4")


def test_two_decks_a_set_lay_off_may_not_repeat_a_suit():
    """RULES 3.1: set_duplicate_suits=false: 7H cannot go on a set that holds 7H."""
    state = five_players("7H 7H 7S 7D 2S 2H AD")
    act(state, "meld 7H 7S 7D")
    refused(state, "lay 7H on 1", match="already in the set")


def test_set_duplicate_suits_true_allows_two_of_a_suit():
    """RULES 3.1: set_duplicate_suits=true (two decks): a set may hold two of one suit."""
    state = five_players("7H 7H 7S 7D 2S 2H AD", set_duplicate_suits=True)
    meld = one(act(state, "meld 7H 7H 7S"), Melded)
    assert sorted(meld.cards) == sorted(("7H", "7H", "7S"))
    act(state, "lay 7D on 1")
    assert len(state.melds[0].cards) == 4


def test_set_duplicate_suits_true_allows_up_to_eight_cards():
    """RULES 3.1: set_duplicate_suits=true: up to 8 cards (every copy of the rank)."""
    eights = "7H 7H 7S 7S 7D 7D 7C 7C 2S"
    others = [
        "2C 3D 5S 9H JC KD 4H 6D 6H",
        "2D 3S 5H 9C JD KS 4C 6D 6H",
        "2H 3C 5C 9D JH KH 4D 6S 8S",
        "10C 10D 10H 10S QC QD QH AS AH",
    ]
    state = start([eights, *others], "6C", "8D", set_duplicate_suits=True)
    act(state, "draw")
    meld = one(act(state, "meld 7H 7H 7S 7S 7D 7D 7C 7C"), Melded)
    assert len(meld.cards) == 8
    assert state.hands[0] == cards("2S 8D")


def test_set_duplicate_suits_several_cards_laid_off_on_a_set_at_once_are_listed():
    """RULES 4.2, 3.1: where a set has room for more than one card (two decks,
    set_duplicate_suits=true), several cards may be laid off on it at once; legal_actions
    lists every such lay-off, and each is accepted."""
    state = five_players("7H 7S 7D 7S 7C 2H AD", set_duplicate_suits=True)
    act(state, "meld 7H 7S 7D")
    wanted = {
        ("7S",),
        ("7C",),
        ("7S", "7C"),
    }
    listed = {
        tuple(c.ascii for c in action.cards)
        for action in legal_actions(state)
        if isinstance(action, LayOff) and action.meld == 1
    }
    assert listed == wanted
    act(state, "lay 7S 7C on 1")
    assert len(state.melds[0].cards) == 5


def test_set_duplicate_suits_jokers_and_naturals_laid_off_on_a_set_at_once_are_listed():
    """RULES 8 (`jokers`) with set_duplicate_suits=true: a joker and a natural card, or
    two jokers, may go on a set at once; legal_actions lists them."""
    state = five_players(
        "7H 7S 7D JK JK 7C AD", set_duplicate_suits=True, variant="jokers", jokers_per_deck=1
    )
    act(state, "meld 7H 7S 7D")
    listed = {
        action.text()
        for action in legal_actions(state)
        if isinstance(action, LayOff) and action.meld == 1
    }
    assert {"lay JK=7S 7C on 1", "lay JK=7C JK=7C on 1", "lay JK=7S JK=7H on 1"} <= listed
    assert "lay JK=7S JK=7S on 1" not in listed  # the set holds 7S: two more is three
    for text in listed:
        resolve(state, parse_action(text))
    act(state, "lay 7C JK=7S on 1")
    assert len(state.melds[0].cards) == 5


def test_set_duplicate_suits_needs_two_decks():
    """RULES 3.1: set_duplicate_suits is a two-deck option; with one deck it is refused."""
    with pytest.raises(RulesError, match="two decks"):
        new_game(["a", "b"], make_rules({"set_duplicate_suits": True}))


# --- 3.2 Runs ----------------------------------------------------------------------------------


def test_a_run_of_three_consecutive_cards_of_one_suit():
    """RULES 3.2: 3 or more consecutive cards of one suit; the cards may be given in any
    order and are laid low to high."""
    state = duel("5H 3H 4H 2S 9S JD")
    meld = one(act(state, "meld 5H 3H 4H"), Melded)
    assert meld.cards == ("3H", "4H", "5H")
    assert state.melds[0].kind == "run"


def test_a_long_run():
    """RULES 3.2: a run may be longer than 3."""
    state = duel("5H 3H 4H 6H 7H 8H", stock="9H")
    act(state, "meld 3H 4H 5H 6H 7H 8H")
    assert state.melds[0].cards == cards("3H 4H 5H 6H 7H 8H")


@pytest.mark.parametrize(
    ("meld", "why"),
    [
        ("meld 3H 4H 5S", "not a meld"),
        ("meld 3H 4H 6H", "not consecutive"),
        ("meld 3H 4H", "at least 3"),
    ],
)
def test_not_a_run(meld, why):
    """RULES 3.2: mixed suits, a gap, or 2 cards are no run."""
    state = duel("3H 4H 6H 5S 9S JD")
    refused(state, meld, match=why)


def test_a_run_is_extended_at_either_end_by_a_lay_off():
    """RULES 3.2, 4.2: lay-offs continue a run at either end, one card or a block."""
    state = duel("5H 6H 7H 4H 8H 9H")
    act(state, "meld 5H 6H 7H", "lay 4H on 1", "lay 9H 8H on 1")
    assert state.melds[0].cards == cards("4H 5H 6H 7H 8H 9H")


def test_a_lay_off_with_a_gap_or_another_suit_is_refused():
    """RULES 3.2: a lay-off must continue the run without a gap, in its suit."""
    state = duel("5H 6H 7H 9H 8S JD")
    act(state, "meld 5H 6H 7H")
    refused(state, "lay 9H on 1", match="continue it")
    refused(state, "lay 8S on 1", match="continue it")


def test_cards_for_both_ends_of_a_run_in_one_command_are_two_lay_offs_low_first():
    """RULES 4.2 Decision: `lay 8D QD on 1` on 9-10-J of diamonds lays 8D at the low
    end, then QD at the high end, recorded as two lay-offs; each scores for the layer."""
    state = duel("9D 10D JD 8D QD 2C", other=CLEAR)
    act(state, "meld 9D 10D JD")
    events = act(state, "lay QD 8D on 1")
    laid = of_type(events, LaidOff)
    assert [(e.cards, e.end, e.values) for e in laid] == [
        (("8D",), "low", (8,)),
        (("QD",), "high", (10,)),
    ]
    assert state.melds[0].cards == cards("8D 9D 10D JD QD")
    assert state.table_points[0] == 29 + 8 + 10


def test_both_ends_with_blocks_and_a_named_end_or_a_gap_are_refused():
    """RULES 4.2: blocks at both ends (7-8 low, Q-K high) are two lay-offs too; a named
    end takes the cards at that end only, and a gap is refused whatever the split."""
    state = duel("9D 10D JD 7D 8D QD", other=CLEAR)
    act(state, "meld 9D 10D JD")
    refused(state, "lay 8D QD on 1 high", match="high end")
    gap = duel("9D 10D JD 7D QD 2C", other=CLEAR)
    act(gap, "meld 9D 10D JD")
    refused(gap, "lay 7D QD on 1", match="continue it")
    events = act(state, "lay 7D 8D QD KD on 1")
    assert [e.cards for e in of_type(events, LaidOff)] == [("7D", "8D"), ("QD", "KD")]


def test_both_ends_with_a_named_joker():
    """RULES 4.2, 8: `lay 8D JK=QD on 1` fits no single end, so it is 8D low and the joker
    (as QD) high; an unnamed joker there would be 7D with 8D, one lay-off at the low end."""
    state = duel("9D 10D JD 8D JK 2C", other=CLEAR, variant="jokers", jokers_per_deck=1)
    act(state, "meld 9D 10D JD")
    events = act(state, "lay 8D JK=QD on 1")
    assert [(e.cards, e.end) for e in of_type(events, LaidOff)] == [
        (("8D",), "low"),
        (("JK",), "high"),
    ]
    assert state.melds[0].cards == cards("8D 9D 10D JD QD")


def test_both_ends_the_chosen_pile_card_must_be_in_the_first_lay_off():
    """RULES 4.1, 4.2: the chosen pile card goes on the table with the first play: the
    low end is laid first, so a chosen card for the high end must be laid alone first."""
    state = start(["9D 10D JD 8D 2C 5S", "4C 6H 7S QD KS 3H"], "JS", "KC 3S")
    act(state, "draw", "meld 9D 10D JD", "discard 2C", "draw", "discard QD")
    assert state.to_move == 0
    act(state, "take 1")
    refused(state, "lay 8D QD on 1", match="Q♦.*first")
    act(state, "lay QD on 1", "lay 8D on 1")
    assert state.melds[0].cards == cards("8D 9D 10D JD QD")


def test_both_ends_in_a_recorded_game_verify():
    """RULES 4.2: the two lay-offs of one command replay as two moves in the audit."""
    rules = make_rules()
    top = stack([cards("9D 10D JD 8D QD 2C"), cards(CLEAR)], card("JS"), cards("KD"))
    events = new_game(["Ann", "Bob"], rules, deck=[top])
    state = fold(events)
    events += act(state, "draw", "meld 9D 10D JD", "lay QD 8D on 1", "discard 2C")
    assert len(of_type(events, LaidOff)) == 2
    assert audit(parse_log(encode_log(events)), "g.jsonl").events == len(events)


def test_min_new_run_4_refuses_a_three_card_run():
    """RULES 3.2: min_new_run=4: a new run needs 4 cards."""
    state = duel("3H 4H 5H 6H 9S 9D", stock="9C", min_new_run=4)
    refused(state, "meld 3H 4H 5H", match="at least 4")
    assert not is_legal(state, "meld 3H 4H 5H")
    act(state, "meld 3H 4H 5H 6H")
    assert len(state.melds[0].cards) == 4


def test_min_new_run_4_leaves_sets_and_lay_offs_alone():
    """RULES 3.2: min_new_run applies to new runs only: a set of 3 is still a meld, and a
    single card may still be laid off on a run."""
    state = duel("3H 4H 5H 6H 9S 9D", stock="9C", min_new_run=4)
    act(state, "meld 9S 9D 9C")
    assert state.melds[0].kind == "set"
    state2 = duel("3H 4H 5H 6H 7H 9D", min_new_run=4)
    act(state2, "meld 3H 4H 5H 6H", "lay 7H on 1")
    assert state2.melds[0].cards == cards("3H 4H 5H 6H 7H")


# --- 3.3 Melds stay on the table ---------------------------------------------------------------


def test_a_meld_stays_on_the_table_owned_by_who_laid_it():
    """RULES 3.3: a meld stays on the table for the rest of the round, owned by the
    player who laid it, even when others lay off on it."""
    state = start(["5H 6H 7H 2C 9S JD", "8H 3D 4S 10C KC QD"], "9C", "KD 2S AS 3C")
    act(state, "draw", "meld 5H 6H 7H", "discard KD")
    act(state, "draw", "lay 8H on 1", "discard 2S")
    act(state, "draw", "discard AS", "draw", "discard 3C")
    meld = state.melds[0]
    assert meld.owner == 0
    assert meld.cards == cards("5H 6H 7H 8H")
    assert meld.placed_by == [0, 0, 0, 1]


# --- 3.4 Aces ----------------------------------------------------------------------------------


def test_ace_low_run_a_2_3():
    """RULES 3.4: the Ace is low in A-2-3."""
    state = duel("AH 2H 3H 9S 9D JD")
    act(state, "meld 3H AH 2H")
    assert state.melds[0].cards == cards("AH 2H 3H")
    assert state.melds[0].start == 1


def test_ace_high_run_q_k_a():
    """RULES 3.4: the Ace is high in Q-K-A."""
    state = duel("AH KH QH 9S 9D JD")
    act(state, "meld AH KH QH")
    assert state.melds[0].cards == cards("QH KH AH")


def test_k_a_2_is_refused_without_around_the_corner():
    """RULES 3.4: an Ace is low or high, never both in one run: K-A-2 is no run."""
    state = duel("KH AH 2H 9S 9D JD")
    message = refused(state, "meld KH AH 2H", match="not consecutive")
    assert "around_the_corner" in message
    assert not is_legal(state, "meld KH AH 2H")


@pytest.mark.parametrize("jokers", [False, True])
def test_a_run_with_a_gap_is_not_called_k_a_2(jokers):
    """RULES 3.2, 3.4: a refused run with a gap says it is not consecutive, and names
    around_the_corner only when the cards would turn the corner (K-A-2)."""
    options = {"variant": "jokers", "jokers_per_deck": 1} if jokers else {}
    state = duel("5H 6H 8H KH AH JK" if jokers else "5H 6H 8H KH AH 2H", **options)
    gapped = "meld 5H 6H JK=9H" if jokers else "meld 5H 6H 8H"
    message = refused(state, gapped, match="not consecutive")
    assert "K-A-2" not in message and "around_the_corner" not in message
    cornered = "meld KH AH JK=2H" if jokers else "meld KH AH 2H"
    assert "K-A-2 needs around_the_corner=true" in refused(state, cornered)


def test_k_a_2_is_a_run_with_around_the_corner():
    """RULES 3.4: around_the_corner=true: K-A-2 is a run."""
    state = duel("KH AH 2H 9S 9D JD", around_the_corner=True)
    act(state, "meld 2H KH AH")
    assert state.melds[0].cards == cards("KH AH 2H")


def test_around_the_corner_an_ace_may_have_a_neighbour_at_both_ends():
    """RULES 3.4: with around_the_corner, Q-K-A-2-3 is one run."""
    state = duel("QH KH AH 2H 3H JD", around_the_corner=True)
    act(state, "meld QH KH AH 2H 3H")
    assert state.melds[0].cards == cards("QH KH AH 2H 3H")


def test_without_around_the_corner_a_q_k_a_run_cannot_take_a_2():
    """RULES 3.4: Q-K-A cannot be extended by a 2, nor A-2-3 by a King."""
    state = duel("QH KH AH 2S 3S AS", stock="KS")
    act(state, "meld QH KH AH", "meld AS 2S 3S")
    hand = state.hands[0]
    assert hand == [card("KS")]
    refused(state, "lay KS on 2", match="continue it")
    state2 = duel("QH KH AH 2H 3S 9D")
    act(state2, "meld QH KH AH")
    refused(state2, "lay 2H on 1", match="continue it")


def test_with_around_the_corner_runs_turn_the_corner_by_lay_offs():
    """RULES 3.4: around_the_corner=true: a 2 goes on Q-K-A, a King below A-2-3."""
    state = duel("QH KH AH 2H 3S AS", stock="2S", around_the_corner=True)
    act(state, "meld QH KH AH", "lay 2H on 1")
    assert state.melds[0].cards == cards("QH KH AH 2H")
    state2 = duel("AS 2S 3S KS 9D JD", around_the_corner=True)
    act(state2, "meld AS 2S 3S", "lay KS on 1")
    assert state2.melds[0].cards == cards("KS AS 2S 3S")


def test_ace_on_the_high_end_of_j_q_k_and_the_low_end_of_2_3_4():
    """RULES 3.4: an Ace continues a run up from the King or down from the 2."""
    state = duel("JH QH KH 2S 3S 9D", stock="AH")
    act(state, "meld JH QH KH", "lay AH on 1")
    assert state.melds[0].cards == cards("JH QH KH AH")
    laid = one(act(duel("2S 3S 4S 9D JD AS"), "meld 2S 3S 4S", "lay AS on 1"), LaidOff)
    assert laid.end == "low"


def test_illegal_meld_is_a_one_line_error_and_changes_nothing():
    """RULES 3: an illegal meld raises IllegalAction (a Rummy500Error) and the state is
    unchanged (the helper compares fingerprints)."""
    state = duel("7H 7S 8D 2H 5C JD")
    message = refused(state, "meld 7H 7S 8D")
    assert "RULES 3" in message
