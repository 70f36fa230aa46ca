"""RULES 8, the jokers variant (`--variant jokers`), pinned by stacked deals: a joker is
wild for any card, even one already in another meld, scores 15, and at the end of a run
the player names the card it stands for. The decisions taken where RULES 8 is silent are
in rummy500_cli/variants/jokers.py."""

from __future__ import annotations

import json

import msgspec
import pytest
from helpers import act, card, cards, is_legal, one, refused, start

from rummy500_cli.actions import Discard, LayMeld, LayOff
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import make_bot
from rummy500_cli.engine import legal_actions, new_game, recorded_action, usable_depths
from rummy500_cli.errors import AmbiguousAction, RulesError
from rummy500_cli.events import LaidOff, Melded, PileTaken, RoundEnded
from rummy500_cli.language import parse_action
from rummy500_cli.records.audit import AuditError, audit
from rummy500_cli.records.log import encode_log, line_hash, parse_log
from rummy500_cli.render.narrate import Narrator
from rummy500_cli.render.rules_text import rules_text
from rummy500_cli.render.style import PLAIN, Style
from rummy500_cli.render.table import table_view
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules
from rummy500_cli.view import view

OTHER = "3S 4D 6S 8C 10D QS"
"""A hand for seat 1 that plays no part."""


def jokers(hands, up="JS", stock="KD", per_deck: int = 1, **options) -> State:
    """A stacked deal under the jokers variant (RULES 8)."""
    return start(hands, up, stock, variant="jokers", jokers_per_deck=per_deck, **options)


def duel(hand: str, stock: str = "KD", other: str = OTHER, per_deck: int = 1, **options):
    """Two players, seat 0 to play with `hand` (6 cards): it draws the top stock card."""
    state = jokers([hand, other], "JS", stock, per_deck, **options)
    act(state, "draw")
    return state


def test_a_joker_inside_a_run_stands_for_the_missing_card():
    """RULES 8: in 5H JK 7H the joker is 6H, unambiguous; it scores 15 (RULES 6.1)."""
    state = duel("5H JK 7H 2C 9D KS")
    meld = one(act(state, "meld 5h jk 7h"), Melded)
    assert meld.cards == ("5H", "JK", "7H")
    assert meld.jokers == ("6H",)
    assert meld.values == (5, 15, 7)
    assert state.melds[0].cards == cards("5H 6H 7H")
    assert state.melds[0].wild == [False, True, False]
    assert state.table_points[0] == 27
    assert "JK" not in [c.ascii for c in state.hands[0]]


def test_a_joker_at_the_end_of_a_run_must_be_named():
    """RULES 8: 5H 6H JK could be 4H-5H-6H or 5H-6H-7H: the player says which."""
    state = duel("5H 6H JK 2C 9D KS")
    message = refused(state, "meld 5h 6h jk", error=AmbiguousAction)
    assert "4♥" in message and "7♥" in message and "jk=7h" in message
    assert is_legal(state, "meld 5h 6h jk=7h") and is_legal(state, "meld jk=4h 5h 6h")
    meld = one(act(state, "meld 5h 6h jk=7h"), Melded)
    assert meld.cards == ("5H", "6H", "JK") and meld.jokers == ("7H",)
    # the log records the meaning, and verify reads it back into the same action
    line = encode_log([state.header, meld]).splitlines()[1]
    assert b'"jokers":["7H"]' in line
    action = recorded_action(state, meld)
    assert action == LayMeld(tuple(cards("5H 6H JK")), None, (card("7H"),))
    assert str(action) == "meld 5♥ 6♥ JK=7♥"
    # (every legal action's text reads back to it: tests/language/test_language_roundtrip.py)
    assert parse_action("meld 5h 6h jk:7h") == action


def test_a_joker_may_stand_for_a_card_already_in_another_meld():
    """RULES 8: wild for any card, even one already in another meld."""
    state = duel("6H 7H 8H 7C 7D JK")
    act(state, "meld 6h 7h 8h")
    meld = one(act(state, "meld 7c 7d jk=7h"), Melded)
    assert meld.jokers == ("7H",)
    assert state.melds[1].cards == cards("7H 7C 7D")
    assert state.melds[0].cards == cards("6H 7H 8H")


def test_a_set_with_a_joker_then_the_fourth_natural_laid_off():
    """RULES 8, 3.1: in a set a joker takes a suit no card of the set holds (the lowest,
    S H C D, unless named); the fourth natural card may still join."""
    state = duel("7S 7H JK 2C 9D KS", stock="7D")
    meld = one(act(state, "meld 7s 7h jk"), Melded)
    assert meld.jokers == ("7C",)
    laid = one(act(state, "lay 7d on 1"), LaidOff)
    assert laid.values == (7,)
    assert state.melds[0].cards == cards("7S 7H 7C 7D")
    assert str(state.melds[0]) == "#1 7♠ 7♥ JK(7♣) 7♦"


def test_a_set_joker_named_suit_and_the_suit_rule():
    """RULES 8, 3.1: the named suit counts; a suit the set holds is refused."""
    state = duel("7S 7H JK 2C 9D KS", stock="7C")
    refused(state, "meld 7s 7h jk=7h", match="different suits")
    one(act(state, "meld 7s 7h jk=7d"), Melded)
    act(state, "lay 7c on 1")
    assert len(state.melds[0].cards) == 4


def test_a_new_meld_needs_more_natural_cards_than_jokers():
    """RULES 8 (decision): 5H JK JK is refused, 5H 6H JK JK too; 5H 6H 7H JK JK is not."""
    state = duel("5H 6H JK JK 7H KS", per_deck=2)
    message = refused(state, "meld 5h jk jk")
    assert "more natural cards than jokers" in message
    refused(state, "meld 5h 6h jk jk", match="more natural cards than jokers")
    meld = one(act(state, "meld 5h 6h 7h jk=8h jk=9h"), Melded)
    assert meld.jokers == ("8H", "9H")
    assert meld.values == (5, 6, 7, 15, 15)


def test_laying_off_a_joker_at_either_end_of_a_run():
    """RULES 8: on a run open at both ends a joker is 4H or 8H, named or by its end; a
    natural card then goes beyond it, and the joker's place is taken."""
    state = duel("5H 6H 7H JK 9H KS")
    act(state, "meld 5h 6h 7h")
    message = refused(state, "lay jk on 1", error=AmbiguousAction)
    assert "4♥" in message and "8♥" in message
    assert is_legal(state, "lay jk=8h on 1 high") and is_legal(state, "lay jk=4h on 1 low")
    laid = one(act(state, "lay jk=8h on 1"), LaidOff)
    assert (laid.end, laid.jokers, laid.values) == ("high", ("8H",), (15,))
    one(act(state, "lay 9h on 1"), LaidOff)
    assert str(state.melds[0]) == "#1 5♥ 6♥ 7♥ JK(8♥) 9♥"


def test_laying_off_a_joker_on_the_low_end_by_naming_the_end():
    """RULES 8: `low` says which end as well as `jk=4h`."""
    state = duel("5H 6H 7H JK 9C KS")
    act(state, "meld 5h 6h 7h")
    laid = one(act(state, "lay jk on 1 low"), LaidOff)
    assert (laid.end, laid.jokers) == ("low", ("4H",))
    assert state.melds[0].start == 4


def test_a_joker_on_a_run_with_one_open_end_is_not_ambiguous():
    """RULES 8: Q-K-A of hearts is closed above, so a joker laid off on it is the J."""
    state = duel("QH KH AH JK 9C KS")
    act(state, "meld qh kh ah")
    laid = one(act(state, "lay jk on 1"), LaidOff)
    assert (laid.end, laid.jokers) == ("low", ("JH",))


def test_an_ace_next_to_a_joker_king_scores_high():
    """RULES 6b.1, 8: the Ace's neighbour is the card the joker stands for."""
    state = duel("QH AH JK 9C 2D KS")
    meld = one(act(state, "meld qh jk ah"), Melded)
    assert meld.jokers == ("KH",)
    assert meld.values == (10, 15, 15)


def test_a_joker_may_be_the_chosen_pile_card():
    """RULES 8, 4.1: a joker taken from the pile must be put on the table at once."""
    state = jokers(["JK 2D 9S KH 4C 8H", "5C 6C 10D QS 3H 9D"], "JS", "KD 2S")
    act(state, "draw", "discard jk")
    assert 1 in usable_depths(state)
    taken = one(act(state, "take 1"), PileTaken)
    assert taken.cards == ("JK",)
    assert state.pending is not None and state.pending.ascii == "JK"
    legal = legal_actions(state)
    assert legal and all(isinstance(a, LayMeld) and "JK" in a.text() for a in legal)
    refused(state, "discard 9d", match="taken from the pile")
    meld = one(act(state, "meld 5c 6c jk=7c"), Melded)
    assert meld.jokers == ("7C",) and state.pending is None


def test_a_joker_in_the_pile_that_could_not_be_used_is_refused():
    """RULES 4.1, 8: a joker alone with no two cards of a meld is no use."""
    state = jokers(["JK 2D 9S KH 4C 8H", "5C 9C 10D QS 3H 7D"], "JS", "KD 2S")
    act(state, "draw", "discard jk")
    assert 1 not in usable_depths(state)
    refused(state, "take 1", match="could not meld or lay off")


@pytest.mark.parametrize(
    ("options", "worth"),
    [({}, 15), ({"card_values": "five"}, 15), ({"card_values": "five", "divide_by_five": True}, 3)],
)
def test_jokers_left_in_hand_count_15_at_the_round_end(options, worth):
    """RULES 6.1, 8: a joker counts 15 in the hand (3 when values are divided by five)."""
    state = jokers(["7S 7H 7D", "JK 2C 3D"], "JS", "8H", **options)
    events = act(state, "draw", "meld 7s 7h 7d", "discard 8h")
    ended = one(events, RoundEnded)
    small = 5 if options else 2
    small3 = 5 if options else 3
    if options.get("divide_by_five"):
        small, small3 = 1, 1
    assert ended.scores[1].hand == worth + small + small3
    assert ended.scores[1].deadwood == ("JK", "2C", "3D")


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_bots_do_not_discard_a_joker_while_they_hold_another_card(level):
    """RULES 8: greedy, strong and expert keep a joker (it fits nearly any meld)."""
    state = duel("JK 2C 9D KS QH 5S", stock="4H")
    assert all(isinstance(a, Discard) for a in legal_actions(state))
    bot = make_bot(level, 1, 0, 2)
    action = bot.choose(state)
    assert isinstance(action, Discard) and action.card.ascii != "JK"


def test_greedy_plays_a_joker_meld():
    """RULES 8: with a meld only a joker completes, greedy lays it (points now)."""
    state = duel("5H 6H JK 2C 9D KS")
    action = make_bot("greedy", 1, 0).choose(state)
    assert isinstance(action, LayMeld) and "JK" in action.text()


def test_verify_passes_jokers_games_and_catches_an_edited_meaning():
    """RULES 8: the meaning in the log is checked by verify like any move."""
    rules = make_rules({"jokers_per_deck": 2, "target": 200}, variant="jokers")
    found = False
    for seed in range(6):
        _, events = bot_game(3, rules, seed, levels=("greedy", "random"))
        data = encode_log(events)
        audit(parse_log(data, "g.jsonl"), "g.jsonl")
        items = [json.loads(line) for line in data.splitlines()]
        for index, item in enumerate(items):
            event = item["event"]
            if event["type"] == "melded" and "jokers" in event and event["cards"][1] == "JK":
                event["jokers"] = ["2C", *event["jokers"][1:]]  # not the card of its place
                out, prev = [], ""
                for seq, entry in enumerate(items):
                    line = json.dumps(
                        {**entry, "seq": seq, "prev": prev}, separators=(",", ":")
                    ).encode()
                    out.append(line)
                    prev = line_hash(line)
                with pytest.raises(AuditError) as info:
                    audit(parse_log(b"\n".join(out) + b"\n", "g.jsonl"), "g.jsonl")
                assert info.value.line == index + 1
                found = True
                break
        if found:
            break
    assert found, "no seeded game laid a joker inside a meld"


def test_the_table_and_the_narration_show_what_a_joker_stands_for():
    """RULES 8: JK(6♥) on the table, JK(6H) in ASCII; the header names the variant."""
    state = duel("5H JK 7H 2C 9D KS")
    events = act(state, "meld 5h jk 7h")
    assert "#1 Ann: 5♥ JK(6♥) 7♥" in table_view(state, 0, PLAIN)
    ascii_view = table_view(state, 0, Style(ascii=True))
    assert "JK(6H)" in ascii_view
    assert "jokers (1 wild)" in ascii_view.splitlines()[0]
    line = Narrator(PLAIN, 0)._line(events[0], state)
    assert "5♥ JK(6♥) 7♥ (27)" in line


def test_the_rules_explain_the_variant():
    text = rules_text(make_rules(variant="jokers"), 2)
    assert "Jokers (variant jokers, RULES 8)" in text and "jk=7h" in text
    assert "Jokers" not in rules_text(make_rules(), 2)


def test_jokers_are_played_only_in_the_jokers_variant():
    """RULES 1.2, 8: no jokers in the standard game; the variant needs them."""
    with pytest.raises(RulesError, match="jokers_per_deck"):
        new_game(["A", "B"], make_rules({"jokers_per_deck": 1}))
    with pytest.raises(RulesError, match="jokers_per_deck=1 or 2"):
        new_game(["A", "B"], make_rules({"variant": "jokers"}))
    state = State(new_game(["A", "B"], make_rules({"jokers_per_deck": 2}, variant="jokers"))[0])
    assert state.rules.jokers_per_deck == 2


def test_the_legal_list_names_every_meaning_once():
    """RULES 8: legal_actions lists each meld with each joker meaning as its own action."""
    state = duel("5H 6H JK 2C 9D KS", stock="8S")
    melds = [a for a in legal_actions(state) if isinstance(a, LayMeld)]
    texts = sorted(a.text() for a in melds)
    assert texts == ["meld 5H 6H JK=7H", "meld JK=4H 5H 6H"]
    assert all(isinstance(a, LayMeld | LayOff | Discard) for a in legal_actions(state))


def test_the_protocol_view_shows_jokers_as_in_the_log():
    """RULES 8: a seat's view (bots, --json) shows a joker as JK with its meaning."""
    state = duel("5H JK 7H 2C 9D KS")
    act(state, "meld 5h jk 7h")
    meld = view(state, 1).melds[0]
    assert meld.cards == ("5H", "JK", "7H") and meld.jokers == ("6H",)
    assert b"jokers" not in msgspec.json.encode(view(duel("5H 6H 7H 2C 9D KS"), 0))


def test_a_set_full_in_a_suit_through_its_joker_takes_no_third_card_of_that_suit() -> None:
    """RULES 3.1, 4.1, 8: with two decks and duplicate suits a set holds two cards of a
    suit at most, a joker counted as the card it stands for; so 9S 9H JK=9S takes no
    third 9S, and that 9S on the pile may not be taken by a hand with no other use for
    it (it was taken, and then fitted nowhere: no legal action was left)."""
    state = jokers(
        ["9S 9H JK 2C 4D KS 7C", "9S 3D 5H 8C 10D QS JC"],
        stock="KD 6H",
        per_deck=2,
        decks=2,
        set_duplicate_suits=True,
    )
    act(state, "draw", "meld 9s 9h jk=9s", "discard 2c", "draw", "discard 9s")
    assert state.pile[-1] == card("9S") and state.to_move == 0
    assert usable_depths(state) == []
    refused(state, "take 1", match=r"could not meld or lay off 9♠ at once .*RULES 4\.1")
    assert is_legal(state, "draw")


def test_every_position_of_a_two_joker_duplicate_suit_game_has_a_legal_action() -> None:
    from rummy500_cli.analysis.selfplay import bot_game
    from rummy500_cli.engine import legal_actions

    rules = make_rules(
        {"variant": "jokers", "jokers_per_deck": 2, "set_duplicate_suits": True, "decks": 2}
    )

    def has_a_move(state) -> None:
        assert legal_actions(state), f"no legal action for seat {state.to_move}"

    seed = "language-jokers,jokers_per_deck=2,set_duplicate_suits=True,decks=2"
    bot_game(4, rules, seed, ("random", "greedy"), before_move=has_a_move)
