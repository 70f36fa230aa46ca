"""RULES 6 (scoring), 6b.1 (an Ace's value is fixed when laid) and 6b.4
(first_meld_min), pinned by stacked deals."""

from __future__ import annotations

import pytest
from helpers import act, card, cards, deadwood, fill, is_legal, one, refused, start

from rummy500_cli.cards import new_deck
from rummy500_cli.deal import stack
from rummy500_cli.engine.lookahead import reachable
from rummy500_cli.events import LaidOff, Melded, RoundEnded
from rummy500_cli.scoring import hand_total
from rummy500_cli.variants import make_rules

OTHER = "3C 4D 6S 8S 10D QS"


def melded(hand: str, meld: str, stock: str = "KD", **options) -> Melded:
    """Seat 0 holds `hand` (6 cards), draws, and lays `meld`: the Melded event."""
    state = start([hand, OTHER], "JS", stock, **options)
    return one(act(state, "draw", meld), Melded)


# --- 6.1 Card values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "face", "five"),
    [
        ("2S 2H 2D", (2, 2, 2), (5, 5, 5)),
        ("5S 5H 5C", (5, 5, 5), (5, 5, 5)),
        ("9S 9H 9D", (9, 9, 9), (5, 5, 5)),
        ("10S 10H 10C", (10, 10, 10), (10, 10, 10)),
        ("JH JD JC", (10, 10, 10), (10, 10, 10)),
        ("QH QC QD", (10, 10, 10), (10, 10, 10)),
        ("KS KH KC", (10, 10, 10), (10, 10, 10)),
        ("AS AH AD", (15, 15, 15), (15, 15, 15)),
    ],
)
def test_card_values_in_sets(hand, face, five):
    """RULES 6.1: face: 2-9 face value, 10-K 10, Ace 15 (a set's Ace is never low);
    five: A-9 5 but an Ace in a set 15, 10-K 10."""
    full = f"{hand} 2C 7D 8H"
    assert melded(full, f"meld {hand}").values == face
    assert melded(full, f"meld {hand}", card_values="five").values == five


@pytest.mark.parametrize(
    ("hand", "meld", "face", "five"),
    [
        ("AH 2H 3H", "meld AH 2H 3H", (1, 2, 3), (5, 5, 5)),
        ("QH KH AH", "meld QH KH AH", (10, 10, 15), (10, 10, 15)),
        ("8H 9H 10H", "meld 8H 9H 10H", (8, 9, 10), (5, 5, 10)),
    ],
)
def test_card_values_in_runs(hand, meld, face, five):
    """RULES 6.1: an Ace is 1 (face) or 5 (five) when low in a run, 15 when high:
    A-2-3 scores 6 and Q-K-A 35 under face; 15 and 35 under five."""
    full = f"{hand} 2C 7D 5S"
    assert melded(full, meld).values == face
    assert melded(full, meld, card_values="five").values == five
    if hand.startswith("AH"):
        assert sum(face) == 6
    if hand.startswith("QH"):
        assert sum(face) == 35


def test_ace_in_k_a_2_scores_high():
    """RULES 6.1, 6b.1: with around_the_corner, the Ace of K-A-2 lies next to the King:
    15."""
    event = melded("KH AH 2H 2C 7D 5S", "meld KH AH 2H", around_the_corner=True)
    assert event.cards == ("KH", "AH", "2H")
    assert event.values == (10, 15, 2)


def test_an_ace_laid_off_next_to_a_king_scores_15():
    """RULES 6b.1: an Ace added to a run that reaches the King is high: 15."""
    state = start(["JH QH KH 2C 7D 5S", OTHER], "JS", "AH")
    act(state, "draw", "meld JH QH KH")
    laid = one(act(state, "lay AH on 1"), LaidOff)
    assert (laid.end, laid.values) == ("high", (15,))
    assert state.table_points[0] == 45


@pytest.mark.parametrize(("values", "ace"), [("face", 1), ("five", 5)])
def test_an_ace_laid_off_below_a_2_scores_low(values, ace):
    """RULES 6.1, 6b.1: an Ace laid off at the low end of 2-3-4 is played low."""
    state = start(["2H 3H 4H 2C 7D 5S", OTHER], "JS", "AH", card_values=values)
    act(state, "draw", "meld 2H 3H 4H")
    laid = one(act(state, "lay AH on 1"), LaidOff)
    assert (laid.end, laid.values) == ("low", (ace,))


def test_a_2_3_grown_to_the_king_keeps_its_ace_low():
    """RULES 6b.1: an Ace's value is fixed when it is put on the table: A-2-3 that later
    grows to the King keeps its Ace at 1. The whole suit A-K, Ace low, is worth 85."""
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = start([hearts, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"], "5C", "2D")
    act(state, "draw", "meld AH 2H 3H", "lay 4H 5H 6H 7H 8H 9H 10H JH QH KH on 1")
    meld = state.melds[0]
    assert meld.cards == cards(hearts)
    assert meld.values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert state.table_points[0] == 85
    ended = one(act(state, "discard 2D"), RoundEnded)
    assert ended.scores[0].score == 85


def test_an_ace_left_in_the_hand_counts_15():
    """RULES 6.1: an Ace left in the hand counts 15, under face and under five."""
    for values in ("face", "five"):
        state = start(["9C 9D", "AS 10H"], "KD", "9H", card_values=values)
        ended = one(act(state, "draw", "meld 9C 9D 9H"), RoundEnded)
        assert ended.scores[1].hand == 25
        assert ended.scores[1].score == -25


def test_five_table_round():
    """RULES 6.1 five: a set of 9s scores 5 each; 7 and 3 in hand count 5 each."""
    state = start(["9C 9D", "7S 3H"], "KD", "9H", card_values="five")
    ended = one(act(state, "draw", "meld 9C 9D 9H"), RoundEnded)
    assert [s.score for s in ended.scores] == [15, -10]


def test_one_deck_is_worth_396_face_and_380_five():
    """RULES 6.1 checks: one deck is worth 396 points (380 under five)."""
    deck = new_deck(1)
    assert hand_total(deck, make_rules()) == 396 == deadwood(deck)
    assert hand_total(deck, make_rules({"card_values": "five"})) == 380 == deadwood(deck, "five")


# --- 6.2-6.3 Round scores ------------------------------------------------------------------------


def test_85_on_the_table_and_90_in_hand_scores_minus_5():
    """RULES 6.2 (000's example): 85 on the table, 90 in hand: -5."""
    state = start(
        [
            "KS KH KC KD QH QC QD 4H 5H 6H 10S 10H 10C 10D JS JH JC JD QS",
            "AS 2S 3S 4S 5S 6S 7S 8S 9S AC 2C 3C 4C 5C 6C 7C 8C AD 2D",
        ],
        "8D",
        "7D 3D",
    )
    act(state, "draw", "meld KS KH KC KD", "meld QH QC QD", "meld 4H 5H 6H", "discard 7D")
    assert state.table_points[0] == 85
    assert deadwood(state.hands[0]) == 90
    events = act(state, "draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S", "meld AC 2C 3C 4C 5C 6C 7C 8C")
    ended = one(act(state, "meld AD 2D 3D"), RoundEnded)
    assert events  # seat 1 went out with its last meld
    mine = ended.scores[0]
    assert (mine.table, mine.hand, mine.score) == (85, 90, -5)
    assert ended.scores[1].score == 45 + 36 + 6


def test_a_lay_off_on_another_players_meld_scores_for_who_laid_it():
    """RULES 4.2, 6.2: cards laid off on another's meld score for the one who laid them
    off (placed_by), wherever they lie; the meld's owner does not get them."""
    state = start(["4H 8H 2C 9S", "5H 6H 7H KC"], "10C", "JD 9H QD 3H")
    act(state, "draw", "discard JD")
    act(state, "draw", "meld 5H 6H 7H", "discard KC")
    act(state, "draw", "lay 4H on 1", "lay 8H on 1", "discard QD")
    assert state.melds[0].placed_by == [0, 1, 1, 1, 0]
    assert state.table_points == [12, 18]
    act(state, "draw", "lay 9H on 1")
    assert state.melds[0].placed_by == [0, 1, 1, 1, 0, 1]
    ended = one(act(state, "lay 3H on 1"), RoundEnded)
    assert ended.went_out == 1
    assert [(s.table, s.hand, s.score) for s in ended.scores] == [(12, 11, 1), (30, 0, 30)]


def test_no_bonus_for_going_out():
    """RULES 6.3: going out scores only the cards on the table."""
    state = start(["9C 9D", "2S 5H"], "KD", "9H")
    ended = one(act(state, "draw", "meld 9C 9D 9H"), RoundEnded)
    assert ended.scores[0].score == ended.scores[0].table == 27


# --- 6b.4 first_meld_min (RULES 7) --------------------------------------------------------------


def opening(hand: str, stock: str = "KD", **options):
    """first_meld_min=30 (unless given): seat 0 holds `hand` (7 cards) and has drawn."""
    options = {"first_meld_min": 30, **options}
    state = start([hand, f"{OTHER} 2S"], "JS", stock, **options)
    act(state, "draw")
    return state


def test_first_meld_min_refuses_a_first_meld_that_cannot_reach_30():
    """RULES 7, 6b.4: first_meld_min=30: 7-7-7 (21) is refused as a first play when the
    rest of the hand (2C 5D 9S 9C KD) cannot bring the turn to 30."""
    state = opening("7H 7S 7D 2C 5D 9S 9C")
    refused(state, "meld 7H 7S 7D", match="first_meld_min=30")
    assert not is_legal(state, "meld 7H 7S 7D")
    act(state, "discard 9S")  # a turn with no plays is fine
    assert state.to_move == 1


def test_first_meld_min_accepts_10_j_q_of_a_suit():
    """RULES 7, 6b.4: 10-J-Q of a suit is worth 30: accepted, and the turn may end."""
    state = opening("10H JH QH 2C 5D 9S 9C")
    act(state, "meld 10H JH QH", "discard 9S")
    assert state.opened[0] is True


def test_first_meld_min_counts_the_whole_first_turn():
    """RULES 6b.4: the check is on the whole first turn: 2-3-4 (9) then 7-7-7 (21) make
    30; the discard in between, with 9 points played, is refused."""
    state = opening("7S 7C 7D 2H 3H 4H 9C")
    act(state, "meld 2H 3H 4H")
    refused(state, "discard KD", match="your plays this turn total 9; play 21 more")
    act(state, "meld 7S 7C 7D", "discard KD")
    assert state.opened[0] is True


def test_first_meld_min_two_melds_in_the_other_order():
    """RULES 6b.4: the order of the plays does not matter."""
    state = opening("7S 7C 7D 2H 3H 4H 9C")
    act(state, "meld 7S 7C 7D", "meld 2H 3H 4H", "discard KD")
    assert state.opened[0] is True


def test_first_meld_min_counts_lay_offs_on_another_players_meld():
    """RULES 6b.4: melds and lay-offs count: 7-7-7 (21) and 9H laid off on seat 0's
    10-J-Q (9) open seat 1 with 30."""
    state = start(["10H JH QH 2C 5D 9S", "7S 7C 7D 9H 3S 5C"], "JS", "KD 6D", first_meld_min=30)
    act(state, "draw", "meld 10H JH QH", "discard KD", "draw")
    act(state, "meld 7S 7C 7D", "lay 9H on 1", "discard 6D")
    assert state.opened == [True, True]


def queens_then(hand: str, **options):
    """first_meld_min=30: seat 0 opens with the Queens Q-Q-Q (30); seat 1, holding
    `hand`, has drawn and plays its first turn."""
    state = start(["QH QS QD 2C 9S 8D 4H", hand], "JS", "KD 6D", first_meld_min=30, **options)
    act(state, "draw", "meld QH QS QD", "discard 9S", "draw")
    return state


def test_first_meld_min_counts_a_lay_off_on_a_meld_laid_this_turn():
    """RULES 6b.4: the look-ahead lays off on melds laid earlier in the same turn: 5-5-5
    (15), QC on the Queens (10) and 5H on the new 5s (5) make 30, so the meld is legal."""
    state = queens_then("5C 5D 5S QC 5H 3D KC")
    assert is_legal(state, "meld 5S 5C 5D")
    act(state, "meld 5C 5D 5S", "lay QC on 1", "lay 5H on 2", "discard 3D")
    assert state.opened[1] is True
    assert state.table_points[1] == 30


def test_first_meld_min_a_lay_off_first_then_the_meld_it_needs():
    """RULES 6b.4: in the other order: QC on the Queens (10), then 5-5-5 (15) is legal
    because 5H can still go on it (5)."""
    state = queens_then("5C 5D 5S QC 5H 3D KC")
    act(state, "lay QC on 1")
    assert is_legal(state, "meld 5S 5C 5D")
    act(state, "meld 5C 5D 5S", "lay 5H on 2", "discard 3D")
    assert state.table_points[1] == 30


def test_first_meld_min_a_take_used_in_a_meld_that_a_lay_off_completes():
    """RULES 6b.4: a pile take counts the same plays: 5D taken into 5-5-5 (15), QC on
    the Queens (10), 5H on the new set (5)."""
    state = start(
        ["QH QS QD 2C 9S 8D 5D", "5C 5S QC 5H 3D KC 2H"], "JS", "KD 6D", first_meld_min=30
    )
    act(state, "draw", "meld QH QS QD", "discard 5D")
    assert is_legal(state, "take 1")
    act(state, "take 1", "meld 5C 5D 5S", "lay QC on 1", "lay 5H on 2", "discard 3D")
    assert state.table_points[1] == 30


def test_first_meld_min_counts_persian_fours_double_in_the_look_ahead():
    """RULES 6b.4 with RULES 8 (`persian`): four 6s laid at once score 48, more than the
    24 they count in the hand; so 2-3-4 (9) is a legal first play under
    first_meld_min=50, the 6s and 9 making 57."""
    hands = [
        "2H 3H 4H 6C 6D 6H 6S",
        "3C 4D 8S 10D QS 2S 5H",
        "5C 7D 9D JC QC KS 3S",
        "4C 5D 7S 8C 9H JD QH",
    ]
    state = start(hands, "JS", "KD", variant="persian", jokers_per_deck=4, first_meld_min=50)
    act(state, "draw")
    assert is_legal(state, "meld 2H 3H 4H")
    events = act(state, "meld 2H 3H 4H", "meld 6S 6H 6C 6D", "discard KD")
    assert one(events, RoundEnded).scores[0].table == 57


def test_first_meld_min_counts_four_aces_at_their_bonus_in_the_look_ahead():
    """RULES 6b.4 with four_aces (RULES 7): four Aces laid at once score 100, more than
    the 60 they count in the hand; so 2-3-4 (9) may open a turn that must reach 105."""
    state = opening("2H 3H 4H AS AH AC AD", four_aces=100, first_meld_min=105)
    assert is_legal(state, "meld 2H 3H 4H")
    events = act(state, "meld 2H 3H 4H", "meld AS AH AC AD", "discard KD")
    assert one(events, RoundEnded).scores[0].table == 109


def test_first_meld_min_look_ahead_is_exact_on_a_big_hand():
    """RULES 6b.4: the look-ahead has no budget that turns "not found in time" into a
    refusal. This 20-card hand (two decks, set_duplicate_suits) makes a 150-point turn
    that a search stopped after 4,000 positions did not find, and no more."""
    hand = "5H 5C 8C KH 3S KH QS 9D 6C 8D QH 7H QD 8H QC 7D 6H AH 9C"
    state = start(
        [hand, fill([""], 19, hand + " 7C 2C", decks=2)[0]],
        "2C",
        "7C",
        decks=2,
        set_duplicate_suits=True,
        first_meld_min=150,
    )
    act(state, "draw")
    held = list(state.hands[0])
    assert reachable(state, held, [], 150)
    assert not reachable(state, held, [], 151)


def test_after_the_first_turn_any_play_is_fine():
    """RULES 6b.4: the minimum is for the first turn with plays only."""
    state = start(
        ["10H JH QH 3C 3D 8S 9C", "7S 7C 7D 9H 3S 5C 2S"], "JS", "KD 6D 3H", first_meld_min=30
    )
    act(state, "draw", "meld 10H JH QH", "discard KD")
    act(state, "draw", "discard 6D")
    act(state, "draw", "meld 3C 3D 3H", "discard 8S")
    assert state.table_points[0] == 39


def test_first_meld_min_checked_at_the_play_that_goes_out():
    """RULES 6b.4: checked at the play that goes out: 7-7-7 as the last cards is 21."""
    state = start(["7S 7C", "2S 5H"], "KD", "7D", first_meld_min=30)
    act(state, "draw")
    refused(state, "meld 7S 7C 7D", match="first_meld_min=30")
    plain = start(["7S 7C", "2S 5H"], "KD", "7D")
    assert one(act(plain, "draw", "meld 7S 7C 7D"), RoundEnded).went_out == 0


def test_first_meld_min_a_take_used_in_a_30_point_turn_is_allowed():
    """RULES 6b.4: a pile take whose use begins a turn worth 30 is allowed: 7D taken,
    7-7-7 (21), then 2-3-4 (9)."""
    state = start(
        ["7S 7C 2H 3H 4H 9D 9C", "8S 2D 6S 5C 10D QS 2S"], "JS", "KD 7D", first_meld_min=30
    )
    act(state, "draw", "discard KD", "draw", "discard 7D")
    act(state, "take 1", "meld 7S 7C 7D")
    refused(state, "discard 9D", match="first_meld_min")
    act(state, "meld 2H 3H 4H", "discard 9D")
    assert state.opened[0] is True


def test_first_meld_min_applies_again_each_round():
    """RULES 6b.4: the first turn with plays *in the round*: having opened in round 1
    does not open round 2. Round 2 is stacked: seat 0 deals, seat 1 plays first."""
    round2 = stack([cards("2C 5D 9S"), cards("7S 7C 7D")], card("KC"), cards("QD 4H"))
    state = start(["10H JH QH", "2S 5H 8D"], "JS", "KH", first_meld_min=30, later=[round2])
    assert one(act(state, "draw", "meld 10H JH QH KH"), RoundEnded).went_out == 0
    assert state.round == 2 and state.opened == [False, False]
    act(state, "draw", "discard QD", "draw")
    assert state.to_move == 0
    refused(state, "meld 7S 7C 7D", match="first_meld_min=30")


def test_an_ace_on_the_table_knows_whether_it_is_high():
    """RULES 3.4, 6b.1: an Ace in a run is low (A-2-3) or high (Q-K-A), and stays so."""
    state = start(["AH 2H 3H QS KS AS 9C", "2C 3C 4C 5D 6D 7D 9D"], "8C", "10D")
    act(state, "draw", "meld AH 2H 3H", "meld QS KS AS")
    low, high = state.melds
    assert not low.is_high_ace(0)
    assert high.is_high_ace(2)
