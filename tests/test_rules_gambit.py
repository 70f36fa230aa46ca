"""RULES 8 dealers_gambit: the dealer's joker and its powers, blocking, the deal and play
counter-clockwise, jokers 0 in hand. Each scenario is dealt from a stacked deck
(tests/helpers.py): seat 0 plays first, so the dealer is seat 1 (on seat 0's left)."""

from __future__ import annotations

import pytest
from helpers import act, is_legal, of_type, one, refused, start

from rummy500_cli.actions import Block, NamePower
from rummy500_cli.audit import audit
from rummy500_cli.cards import JOKER
from rummy500_cli.engine import legal_actions, new_game
from rummy500_cli.errors import RulesError
from rummy500_cli.events import JokerBlocked, Melded, PileTaken, PowerNamed, RoundEnded
from rummy500_cli.log import encode_log, parse_log
from rummy500_cli.render.style import Style
from rummy500_cli.render.table import table_view
from rummy500_cli.rules import make_rules
from rummy500_cli.selfplay import bot_game

GAMBIT = {"variant": "dealers_gambit", "jokers_per_deck": 2}


def gambit(hands, up="AC", stock="", power: str | None = "double", **options):
    state = start(hands, up, stock, **GAMBIT, **options)
    if power is not None:
        act(state, f"power {power}")
    return state


def test_the_dealer_names_the_power_before_anyone_plays() -> None:
    """RULES 8: before anyone looks at their cards the dealer names the power."""
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", **GAMBIT)
    assert (state.phase, state.to_move, state.dealer) == ("power", 1, 1)
    assert legal_actions(state) == [NamePower("double"), NamePower("split")]
    assert "names the power" in refused(state, "draw")
    view = table_view(state, 1, Style(ascii=True))
    assert "Hand (" not in view  # the dealer has not looked at the cards yet
    assert "names the power" in view
    named = one(act(state, "power split"), PowerNamed)
    assert (named.seat, named.power) == (1, "split")
    assert (state.phase, state.to_move, state.power) == ("draw", 0, "split")
    assert "the dealer names the power once" in refused(state, "power double")


def test_the_deal_and_the_play_go_counter_clockwise() -> None:
    """RULES 8: the deal goes counter-clockwise: the dealer's right plays first, then
    play passes to the right; the next round is dealt by the player on the right."""
    state = gambit(["7H 8H 9H 2C", "KS 3D 4C 5S", "QD 6C 10S 2S"], stock="JD 10H")
    assert state.dealer == 1 and state.to_move == 0
    act(state, "draw", "discard JD")
    assert state.to_move == 2  # to the right of seat 0
    act(state, "draw", "discard 10H")
    assert state.to_move == 1


def test_the_dealers_joker_is_out_of_the_pack() -> None:
    """RULES 8: 54 cards, one joker set aside for the dealer, the other dealt."""
    state = fold_new(3)
    held = sum(hand.count(JOKER) for hand in state.hands) + state.stock.count(JOKER)
    held += state.pile.count(JOKER)
    assert held == 1
    assert sum(len(h) for h in state.hands) + len(state.stock) + len(state.pile) == 53


def fold_new(players: int):
    from rummy500_cli.state import fold

    return fold(new_game(["A", "B", "C", "D"][:players], make_rules(GAMBIT), seed=5))


def test_a_joker_doubles_a_meld_as_it_is_made_and_seals_it() -> None:
    """RULES 8 power double: four 7s laid with a joker score double; nothing more may be
    laid on them."""
    state = gambit(["7H 7S 7D JK 2C", "7C 3D 4C 5S QD"], stock="9C 6D")
    assert is_legal(state, "draw")
    act(state, "draw")
    melded = one(act(state, "meld 7H 7S 7D double"), Melded)
    assert (melded.values, melded.double) == ((14, 14, 14), "hand")
    assert JOKER not in state.hands[0] and state.removed == [JOKER]
    assert state.table_points[0] == 42
    act(state, "discard 9C")
    act(state, "draw")
    assert "sealed" in refused(state, "lay 7C on 1")
    assert not any("on 1" in action.text() for action in legal_actions(state))


def test_the_dealer_spends_the_dealers_joker_once() -> None:
    state = gambit(["2C 3D 4C 5S 9D", "KS KH KD QS QH"], stock="8C QD")
    act(state, "draw", "discard 8C")  # Ann; now Bob, the dealer
    act(state, "draw")
    melded = one(act(state, "meld KS KH KD double"), Melded)
    assert (melded.values, melded.double) == ((20, 20, 20), "dealer")
    assert state.gambit == "used"
    assert "no joker" in refused(state, "meld QS QH QD double")


def test_a_player_blocks_the_dealers_joker_with_a_joker() -> None:
    """RULES 8: another player may lay a joker face down on the dealer's joker; the
    dealer cannot use it for the rest of the round."""
    state = gambit(["JK 3D 4C 5S 9D", "KS KH KD QS QH"], stock="8C QD")
    assert Block() in legal_actions(state)
    blocked = one(act(state, "block"), JokerBlocked)
    assert blocked.seat == 0 and state.gambit == "blocked"
    assert state.phase == "draw" and state.to_move == 0  # blocking is not a turn
    act(state, "draw", "discard 8C")
    act(state, "draw")
    assert "no joker" in refused(state, "meld KS KH KD double")
    assert "the dealer cannot block" in refused(state, "block")


def test_split_takes_the_chosen_card_and_the_cards_above_the_split() -> None:
    """RULES 8 power split: the joker splits the pile beside the chosen card: the cards
    inside the split leave the round, those outside go to the hand, and the chosen card
    is used at once."""
    state = gambit(["JK 7S 7D 2C 9S", "4D 5H 8C 10S QD"], "7H", "KC JH", power="split")
    act(state, "draw", "discard 2C")  # pile 7H 2C
    act(state, "draw", "discard 4D")  # pile 7H 2C 4D
    assert is_legal(state, "take 3 split 1") and is_legal(state, "take 3 split 0")
    assert "split 0 to 1" in refused(state, "take 3 split 2")
    taken = one(act(state, "take 3 split 1"), PileTaken)
    assert (taken.cards, taken.removed, taken.joker) == (("7H", "4D"), ("2C",), "hand")
    assert state.pile == [] and state.pending is not None
    assert sorted(c.ascii for c in state.removed) == ["2C", "JK"]
    assert "2C" not in [c.ascii for c in state.hands[0]]
    act(state, "meld 7H 7S 7D")


def test_a_split_chosen_card_must_be_usable() -> None:
    state = gambit(["JK 7S 3D 2C 9S", "4D 5H 8C 10S QD"], "7H", "KC JH", power="split")
    act(state, "draw", "discard 2C", "draw", "discard 4D")
    assert "could not put 7" in refused(state, "take 3 split 1")


def test_jokers_left_in_hand_count_0() -> None:
    """RULES 8: jokers left in a hand at the end of the round count 0."""
    state = gambit(["7H 8H 9H", "JK 3D 4C"], stock="2D")
    ended = one(act(state, "draw", "meld 7H 8H 9H", "discard 2D"), RoundEnded)
    assert ended.scores[1].hand == 3 + 4
    assert ended.scores[1].deadwood[0] == "JK"


def test_a_joker_is_never_the_chosen_card() -> None:
    state = gambit(["JK 7S 7D 2C 9S", "4D 5H 8C 10S QD"], "7H", "KC JH")
    act(state, "draw", "discard JK")
    assert "joker cannot be the chosen card" in refused(state, "take 1")
    assert not is_legal(state, "take 1")


def test_dealers_gambit_needs_two_jokers() -> None:
    with pytest.raises(RulesError, match="jokers_per_deck=2"):
        new_game(["A", "B"], make_rules({"variant": "dealers_gambit", "jokers_per_deck": 1}))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_verify(players: int) -> None:
    """Seeded bot games of every level under dealers_gambit verify move by move."""
    rules = make_rules({**GAMBIT, "max_rounds": 3})
    seen: set[str] = set()
    for seed, levels in enumerate([("random",), ("greedy", "strong"), ("expert", "random")]):
        state, events = bot_game(players, rules, seed, levels, think=5)
        assert state.over
        audit(parse_log(encode_log(events)))
        seen |= {type(e).__name__ for e in events}
        seen |= {"double" for e in of_type(events, Melded) if e.double}
    assert {"PowerNamed", "double"} <= seen


def test_a_stacked_deck_cannot_deal_the_dealers_joker() -> None:
    with pytest.raises(RulesError, match="appears more often"):
        start(["JK JK 3D", "4D 5H 8C"], "KD", **GAMBIT)


def test_rules_explain_the_gambit_in_words() -> None:
    from rummy500_cli.render.rules_text import rules_text

    text = rules_text(make_rules(variant="dealers_gambit"))
    assert "counter-clockwise" in text and "meld ... double" in text
    assert "take N split K" in text and "block" in text
    assert "Dealer's Gambit" not in rules_text(make_rules())
