"""RULES 8, dealer's gambit (`--variant dealers_gambit`), pinned by stacked deals: the
dealer's joker and its three powers, blocking, the deal turning right, jokers worth 0 in
the hand. The decisions taken where the source is silent are in
rummy500_cli/variants/dealers_gambit.py.

Two players: seat 1 deals (so seat 0 plays first, as in every stacked scenario) and
names the power as the round's first move."""

from __future__ import annotations

import pytest
from helpers import act, cards, is_legal, of_type, one, refused, start

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cards import JOKER
from rummy500_cli.engine import legal_actions
from rummy500_cli.errors import RulesError
from rummy500_cli.events import (
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    StockDrawn,
    WindowOpened,
)
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.render.style import PLAIN
from rummy500_cli.render.table import table_view
from rummy500_cli.variants import check_rules, make_rules
from rummy500_cli.view import view


def gambit(hands, up="JS", stock="KD QC", power: str | None = None, **options):
    """A stacked deal under dealers_gambit; with `power`, the dealer (seat 1) names it."""
    state = start(hands, up, stock, variant="dealers_gambit", jokers_per_deck=2, **options)
    if power is not None:
        act(state, f"power {power}")
    return state


DEALER = "5H 6H 7S 7D 9S 9D"
"""The dealer's hand (seat 1)."""


def test_the_dealer_names_the_power_first():
    """RULES 8: before anyone plays, the dealer names the joker's power."""
    state = gambit(["2C 3C 4D 8C 10D QS", DEALER])
    assert state.phase == "power" and state.to_move == 1
    assert sorted(a.text() for a in legal_actions(state)) == [
        "power double",
        "power split",
        "power wild",
    ]
    refused(state, "draw", match="names the power")
    named = one(act(state, "power wild"), PowerNamed)
    assert (named.seat, named.power) == (1, "wild")
    assert state.phase == "draw" and state.to_move == 0
    # the dealer's joker is out of the deal: one joker left in the stock or the hands
    held = sum(hand.count(JOKER) for hand in state.hands) + state.stock.count(JOKER)
    assert held == 1


def test_wild_the_dealers_joker_is_a_wild_card_worth_0():
    """RULES 8 (wild): the dealer lays the dealer's joker, from beside the pack, as a wild
    card worth 0; it is used once."""
    state = gambit(["2C 3C 4D 8C 10D QS", DEALER], power="wild")
    act(state, "draw", "discard qs", "draw")
    assert is_legal(state, "meld 5h 6h jk=7h") and is_legal(state, "meld jk=4h 5h 6h")
    meld = one(act(state, "meld 5h 6h jk=7h"), Melded)
    assert meld.cards == ("5H", "6H", "JK") and meld.jokers == ("7H",)
    assert meld.values == (5, 6, 0)
    assert JOKER not in state.hands[1] and len(state.hands[1]) == 5
    assert state.gambit.status == "used"
    refused(state, "meld 7s 7d jk", match="has been used")


def test_a_dealt_joker_is_not_wild_but_blocks_the_dealers_joker():
    """RULES 8: another player may block the dealer's joker by laying a joker on it."""
    state = gambit(["2C 3C JK 8C 10D QS", DEALER], power="wild")
    act(state, "draw")
    refused(state, "meld 2c 3c jk", match="not wild")
    blocked = one(act(state, "block"), JokerBlocked)
    assert blocked.seat == 0 and JOKER not in state.hands[0]
    act(state, "discard qs", "draw")
    refused(state, "meld 5h 6h jk=7h", match="blocked by Ann")
    assert not any("JK" in a.text() for a in legal_actions(state))


def test_the_dealer_cannot_block_and_a_used_joker_cannot_be_blocked():
    state = gambit(["2C 3C JK 8C 10D QS", DEALER], power="wild")
    act(state, "draw", "discard qs", "draw")
    refused(state, "block", match="cannot be blocked by the dealer")
    act(state, "meld 5h 6h jk=7h", "discard 9s", "draw")
    refused(state, "block", match="already used")


def test_double_doubles_a_new_meld_and_seals_it():
    """RULES 8 (double): laid on a meld as it is made, it doubles its value and seals it."""
    state = gambit(["2C 3C 4D 8C 10D QS", "7H 7S 7D 9S 9D 5C"], stock="KD 7C", power="double")
    act(state, "draw", "discard qs", "draw")
    meld = one(act(state, "meld 7h 7s 7d double"), Melded)
    assert meld.double is True and meld.values == (14, 14, 14)
    assert state.table_points[1] == 42 and 1 in state.gambit.sealed
    refused(state, "lay 7c on 1", match="sealed")
    assert not is_legal(state, "lay 7c on 1")
    act(state, "discard 7c")  # 7C's only use would be the sealed set: Ann may not take it
    refused(state, "take 1", match="could not meld or lay off")


def test_split_leaves_the_cards_inside_out_of_the_game():
    """RULES 8 (split): taking 9H from under KC, the dealer splits the pile beside the
    chosen card: KC leaves the game, 9H is used at once."""
    state = gambit(["2C 3C 4D 8C KC QS", "5H 6H 9S 9D 2D 3D"], up="9H", power="split")
    act(state, "draw", "discard kc")
    assert is_legal(state, "take 2 split 1")
    taken = one(act(state, "take 2 split 1"), PileTaken)
    assert taken.cards == ("9H",) and taken.split == ("KC",)
    assert state.pile == [] and "KC" not in [c.ascii for c in state.hands[1]]
    assert state.gambit.out == cards("KC JK")
    assert state.pending is not None
    one(act(state, "meld 9h 9s 9d"), Melded)


def test_split_refused_when_the_chosen_card_cannot_be_used():
    state = gambit(["2C 3C 4D 8C KC QS", "5H 6H 9S 4S 2D 3D"], up="9H", power="split")
    act(state, "draw", "discard kc")
    refused(state, "take 2 split 1", match="could not use")
    refused(state, "take 2 split 2", match="1 to 1")


def test_jokers_left_in_hand_count_0():
    """RULES 8: a joker still in a hand at the end of the round counts 0."""
    state = gambit(["7H 7S 7D", "JK 2C 3D"], up="JS", stock="8H", power="double")
    ended = one(act(state, "draw", "meld 7h 7s 7d", "discard 8h"), RoundEnded)
    assert ended.scores[1].hand == 2 + 3 and ended.scores[1].deadwood == ("JK", "2C", "3D")


def test_play_and_the_deal_turn_right():
    """RULES 8: the deal goes counter-clockwise: play and the next deal pass right."""
    rules = make_rules({"max_rounds": 2}, variant="dealers_gambit")
    _, events = bot_game(4, rules, 3, levels=("greedy",))
    deals = [e for e in events if isinstance(e, RoundDealt)]
    assert deals[1].dealer == (deals[0].dealer - 1) % 4
    start_at = events.index(deals[0])
    named = events[start_at + 1]
    assert isinstance(named, PowerNamed) and named.seat == deals[0].dealer
    draws = [e.seat for e in events[start_at:] if isinstance(e, StockDrawn)][:3]
    first = (deals[0].dealer - 1) % 4
    assert draws[:2] == [first, (first - 1) % 4]
    # each hand got its cards from the dealer's right: seat dealer-1 holds the deck's first
    assert len(deals[0].hands[first]) == 7


def test_the_pack_is_54_cards_and_other_joker_counts_are_refused():
    with pytest.raises(RulesError, match="jokers_per_deck=2"):
        check_rules(make_rules({"variant": "dealers_gambit", "jokers_per_deck": 1}), 3)
    assert make_rules(variant="dealers_gambit").jokers_per_deck == 2


def test_going_out_with_a_doubled_meld_earns_the_go_out_bonus():
    """RULES 7 (go_out_bonus) with RULES 8 (double): going out on one's first turn with
    a doubled meld is going out like any other."""
    state = gambit(["2C 4D", "7S 7D"], stock="KD 7H", power="double", go_out_bonus=25)
    act(state, "draw", "discard kd", "draw")
    ended = one(act(state, "meld 7s 7d 7h double"), RoundEnded)
    assert ended.went_out == 1
    assert ended.scores[1].bonus == 25 and ended.scores[1].table == 42


def test_going_out_with_a_doubled_meld_opens_the_deadwood_window():
    """RULES 7 (opponents_hand) with RULES 8 (double): the others may first lay off
    deadwood on the melds of the dealer who went out with a doubled meld."""
    hands = ["2C 4D 9C JC 4H", "5H 6H 7H 7S 7D"]
    state = gambit(hands, stock="KD QD 10S 7C", power="double", opponents_hand=True)
    act(state, "draw", "discard kd", "draw", "meld 5h 6h 7h", "discard qd")
    act(state, "draw", "discard 10s", "draw")
    events = act(state, "meld 7s 7d 7c double")
    opened = one(events, WindowOpened)
    assert (opened.kind, opened.seat, opened.seats) == ("deadwood", 1, (0,))
    assert not of_type(events, RoundEnded)


def test_the_dealer_may_double_a_meld_out_of_turn_as_it_is_listed():
    """RULES 8 (double) with RULES 7 (out_of_turn): the dealer's joker may be used at any
    time, so a doubled meld in a window is listed, and after it the window asks on; the
    out-of-turn plays of a window were listed without it though resolve took it."""
    hands = ["2C 4D 9C JC", "7S 7D 7H 5C"]
    state = gambit(hands, stock="KD", power="double", out_of_turn=True)
    events = act(state, "draw", "discard kd")
    assert one(events, WindowOpened).seats == (1,)
    assert is_legal(state, "meld 7s 7h 7d double")
    events = act(state, "meld 7s 7h 7d double")
    assert one(events, Melded).values == (14, 14, 14)
    assert one(events, Passed).seat == 1  # 5C alone: nothing more to play, it closes
    assert (state.phase, state.to_move) == ("draw", 1)


def test_verify_passes_dealers_gambit_games_with_every_power():
    """RULES 8: the power, the blocks, doubles and splits are checked by verify."""
    rules = make_rules({"max_rounds": 3}, variant="dealers_gambit")
    seen: set[str] = set()
    for seed in range(8):
        _, events = bot_game(3, rules, seed, levels=("random",))
        audit(parse_log(encode_log(events), "g.jsonl"), "g.jsonl")
        for event in events:
            if isinstance(event, PowerNamed):
                seen.add(event.power)
            seen.add("block" if isinstance(event, JokerBlocked) else "")
            seen.add("split" if isinstance(event, PileTaken) and event.split else "")
            seen.add("double" if isinstance(event, Melded) and event.double else "")
            if isinstance(event, Melded | LaidOff) and event.jokers:
                seen.add("wild")
    assert {"wild", "double", "split", "block"} <= seen


def test_the_table_and_the_view_show_the_dealers_joker():
    state = gambit(["2C 3C 4D 8C 10D QS", "7H 7S 7D 9S 9D 5C"], power="double")
    assert view(state, 0).dealer_joker == "double ready"
    assert "Bob's joker: double (ready)" in table_view(state, 0, PLAIN).splitlines()[0]
    act(state, "draw", "discard qs", "draw", "meld 7h 7s 7d double")
    assert view(state, 0).melds[0].sealed is True
    assert "[doubled and sealed by the dealer's joker]" in table_view(state, 0, PLAIN)


def test_a_stacked_deal_to_the_right_with_three_players() -> None:
    """RULES 8: the deal goes to the right; a stacked deck still gives each seat the hand
    it names (tests/helpers.start deals in the order of play), seat 0 plays first and
    seat 2 (on its right) next."""
    hands = ["7H 8H 9H 2C", "KS 3D 4C 5S", "QD 6C 10S 2S"]
    state = gambit(hands, power="double")
    assert [sorted(c.ascii for c in hand) for hand in state.hands] == [
        sorted(hand.split()) for hand in hands
    ]
    assert (state.dealer, state.to_move) == (1, 0)
    act(state, "draw", "discard 2C")
    assert state.to_move == 2


def test_the_rules_in_words_say_the_deal_passes_to_the_right() -> None:
    from rummy500_cli.render.rules_text import rules_text

    assert "the deal then passes to the right." in rules_text(make_rules(variant="dealers_gambit"))
    assert "the deal then passes to the left." in rules_text(make_rules())


def test_a_block_may_not_empty_the_hand():
    """Found by a seeded batch: a joker taken from the pile above the chosen card, the
    rest melded, the joker alone in the hand: blocking with it would leave an empty hand
    with the round still in play. Refused; discarding it goes out."""
    state = gambit(["10S 10D JK 2C 3C 4C", DEALER], up="10H", power="double")
    act(state, "take 1", "meld 10S 10H 10D", "meld 2C 3C 4C")
    assert [c.ascii for c in state.hands[0]] == ["JK"]
    assert "may not empty your hand" in refused(state, "block")
    assert not is_legal(state, "block")
    ended = one(act(state, "discard JK"), RoundEnded)
    assert ended.went_out == 0
