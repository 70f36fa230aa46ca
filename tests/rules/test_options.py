"""The scoring options of RULES 7: ace_value, four_aces, other_cards, divide_by_five,
go_out_bonus, master_run. Each scenario is dealt from a stacked deck (tests/helpers.py)."""

from __future__ import annotations

import pytest
from helpers import act, start

from rummy500_cli.errors import RulesError
from rummy500_cli.events import Melded, RoundEnded
from rummy500_cli.variants import check_rules, make_rules


def melded(events) -> Melded:
    return next(e for e in events if isinstance(e, Melded))


def ended(events) -> RoundEnded:
    return next(e for e in events if isinstance(e, RoundEnded))


@pytest.mark.parametrize(("ace", "low", "high"), [(0, 1, 15), (15, 15, 15), (25, 25, 25)])
def test_ace_value_fixes_the_ace_high_or_low(ace: int, low: int, high: int) -> None:
    """RULES 7 ace_value: Aces always 15 (or 25), high or low; and in the hand."""
    state = start(["AH 2H 3H 9C", "QS KS AS 9D"], "5C", "4D 6D", ace_value=ace, hand_size=4)
    assert melded(act(state, "draw", "meld AH 2H 3H")).values == (low, 2, 3)
    act(state, "discard 9C")
    assert melded(act(state, "draw", "meld QS KS AS")).values == (10, 10, high)


def test_an_ace_left_in_hand_counts_the_ace_value() -> None:
    """RULES 7 ace_value=25: the Ace in the loser's hand costs 25."""
    state = start(["7H 7S 7D 8C 8S", "AC 2D 4S 6H 9S"], "KC", "8D", ace_value=25, hand_size=5)
    events = act(state, "draw", "meld 7H 7S 7D", "meld 8C 8S 8D")  # out by melding
    assert ended(events).scores[1].hand == 25 + 2 + 4 + 6 + 9


def test_four_aces_laid_at_once_score_100() -> None:
    """RULES 7 four_aces: four Aces laid at once by one player score 100 (25 each)."""
    state = start(["AH AS AD AC 9C", "2S 3S 4S 5D 9D"], "KC", "4D", four_aces=100, hand_size=5)
    assert melded(act(state, "draw", "meld AH AS AD AC")).values == (25, 25, 25, 25)


def test_three_aces_and_a_fourth_later_are_not_four_at_once() -> None:
    state = start(["AH AS AD 9C 8C", "AC 3S 4S 5D 9D"], "KC", "4D 2H", four_aces=100, hand_size=5)
    assert melded(act(state, "draw", "meld AH AS AD")).values == (15, 15, 15)
    laid = act(state, "discard 9C", "draw", "lay AC on 1")
    assert laid[-1].values == (15,)


def test_other_cards_count_five() -> None:
    """RULES 7 other_cards=5: every card but Aces is 5."""
    state = start(["JH QH KH 9C", "2S 3S 4S 9D"], "5C", "4D", other_cards=5, hand_size=4)
    assert melded(act(state, "draw", "meld JH QH KH")).values == (5, 5, 5)


def test_divide_by_five_divides_every_value_and_plays_to_100() -> None:
    """RULES 7 divide_by_five: all values divided by five, game to 100."""
    rules = make_rules({"card_values": "five", "divide_by_five": True})
    assert rules.target == 100
    state = start(
        ["JH QH KH 9C", "2S 3S 4S 9D"],
        "5C",
        "4D",
        card_values="five",
        divide_by_five=True,
        hand_size=4,
    )
    assert state.rules.target == 100
    assert melded(act(state, "draw", "meld JH QH KH")).values == (2, 2, 2)


def test_divide_by_five_needs_values_in_fives() -> None:
    with pytest.raises(RulesError, match="divide_by_five needs every card value in fives"):
        check_rules(make_rules({"divide_by_five": True}), 2)
    check_rules(make_rules({"other_cards": 5, "ace_value": 15, "divide_by_five": True}), 2)


def test_going_out_on_the_first_turn_scores_the_bonus() -> None:
    """RULES 7 go_out_bonus=25: out on one's first turn of the round."""
    state = start(["7H 7S 7D 8C 8S", "2S 3S 4S 9D KD"], "5C", "8D", go_out_bonus=25, hand_size=5)
    events = act(state, "draw", "meld 7H 7S 7D", "meld 8C 8S 8D")
    score = ended(events).scores[0]
    assert (score.bonus, score.table, score.score) == (25, 45, 45 + 25)


def test_going_out_on_a_later_turn_has_no_bonus() -> None:
    state = start(["7H 7S 7D 8C 9C", "2S 3S 4S 9D KD"], "5C", "8D 6D 8S", go_out_bonus=25,
                  hand_size=5)  # fmt: skip
    act(state, "draw", "meld 7H 7S 7D", "discard 9C", "draw", "discard KD")
    events = act(state, "draw", "meld 8C 8D 8S")  # out on the second turn
    score = ended(events).scores[0]
    assert (score.bonus, score.score) == (0, 21 + 24)


def test_master_run_laid_and_the_last_card_discarded_in_one_turn_scores_500() -> None:
    """RULES 7 master_run: a 7-card run laid, then the last card discarded: 500."""
    state = start(["2H 3H 4H 5H 6H 7H 8H", "2S 3S 4S 5S 9D 9C 10C"], "5C", "QD",
                  master_run=True, hand_size=7)  # fmt: skip
    events = act(state, "draw", "meld 2H 3H 4H 5H 6H 7H 8H", "discard QD")
    score = ended(events).scores[0]
    assert (score.bonus, score.score) == (500, 35 + 500)


def test_master_run_laid_in_an_earlier_turn_has_no_bonus() -> None:
    state = start(["2H 3H 4H 5H 6H 7H 8H KC", "2S 3S 4S 5S 9D 9C 10C JC"], "5C", "QD 5D 9H",
                  master_run=True, hand_size=8)  # fmt: skip
    act(state, "draw", "meld 2H 3H 4H 5H 6H 7H 8H", "discard QD", "draw", "discard 9D")
    events = act(state, "draw", "lay 9H on 1", "discard KC")
    score = ended(events).scores[0]
    assert (score.bonus, score.table) == (0, 35 + 9)


def test_master_run_going_out_by_melding_has_no_bonus() -> None:
    state = start(["2H 3H 4H 5H 6H 7H 8H", "2S 3S 4S 5S 9D 9C 10C"], "5C", "9H",
                  master_run=True, hand_size=7)  # fmt: skip
    events = act(state, "draw", "meld 2H 3H 4H 5H 6H 7H 8H 9H")
    assert ended(events).scores[0].bonus == 0


def ended_or_none(events):
    return next((e for e in events if isinstance(e, RoundEnded)), None)
