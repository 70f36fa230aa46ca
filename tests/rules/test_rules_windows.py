"""The options of RULES 7 that let seats act out of turn: `rum_call`, `out_of_turn` and
`opponents_hand` (with its deadwood lay-offs). Each scenario is dealt from a stacked deck
(tests/helpers.py); windows are asked clockwise from the left of the seat that opened
them, one seat at a time."""

from __future__ import annotations

import pytest
from helpers import act, cards, deadwood, is_legal, of_type, one, refused, start

from rummy500_cli.actions import CallRum, LayOff, Pass
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.engine import legal_actions, play
from rummy500_cli.errors import AmbiguousAction
from rummy500_cli.events import (
    LaidOff,
    Melded,
    Passed,
    RoundEnded,
    RumCalled,
    WindowOpened,
)
from rummy500_cli.language import parse_action
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.variants import make_rules

# --- rum_call ----------------------------------------------------------------------------


def rum_table(**options: object):
    """Ann melds 7-8-9H; Bob draws 10H and discards it: it could go on Ann's run."""
    state = start(
        ["7H 8H 9H 2C", "KS 3D 4C 5S", "QD 6C 10S 2S"],
        "KD",
        "JD 10H 4H JH",
        rum_call=True,
        **options,
    )
    events = act(state, "draw", "meld 7H 8H 9H", "discard 2C")
    assert not of_type(events, WindowOpened)  # 2C fits no meld: no window
    return state, act(state, "draw", "discard 10H")


def test_a_discard_that_could_be_laid_off_opens_a_rum_window_clockwise() -> None:
    """RULES 7 rum_call: the seats after the discarder are asked in turn, Cyd first."""
    state, events = rum_table()
    window = one(events, WindowOpened)
    assert (window.kind, window.seat, window.seats) == ("rum", 1, (2, 0))
    assert (state.phase, state.to_move) == ("window", 2)
    assert legal_actions(state) == [CallRum(1, "high"), Pass()]
    message = refused(state, "rum", seat=0)
    assert "Cyd" in message
    # RULES 7: the called card cannot join cards of the hand; only `rum` or `pass` here
    assert "call it (rum, or rum MELD) or pass" in refused(state, "meld 10H QD 6C")


def test_rum_call_takes_the_discard_and_scores_it_for_the_caller() -> None:
    """RULES 7 rum_call: the caller takes the discard and lays it off; it scores for them."""
    state, _ = rum_table()
    assert of_type(act(state, "pass"), Passed)[0].seat == 2
    assert state.to_move == 0
    called = one(act(state, "rum"), RumCalled)
    assert (called.seat, called.meld, called.card, called.values) == (0, 1, "10H", (10,))
    assert state.melds[0].placed_by == [0, 0, 0, 0]
    assert state.pile[-1].ascii == "2C"  # the called card left the pile
    assert (state.phase, state.to_move) == ("draw", 2)  # the play goes on after Bob
    act(state, "draw", "discard 4H")  # 4H fits nothing: no window
    ended = one(act(state, "draw", "lay JH on 1", "discard JD"), RoundEnded)
    assert ended.went_out == 0
    assert ended.scores[0].table == 7 + 8 + 9 + 10 + 10
    assert ended.scores[1].table == 0


def test_when_every_seat_passes_the_next_player_draws_and_the_card_stays() -> None:
    state, _ = rum_table()
    act(state, "pass", "pass")
    assert (state.phase, state.to_move) == ("draw", 2)
    assert state.pile[-1].ascii == "10H"
    assert is_legal(state, "take 1")  # Cyd may still take it the ordinary way


def test_the_next_player_may_call_and_still_has_a_turn() -> None:
    state, _ = rum_table()
    act(state, "rum")
    assert state.table_points[2] == 10
    assert (state.phase, state.to_move) == ("draw", 2)


def test_rum_and_pass_are_refused_outside_a_window() -> None:
    state, _ = rum_table()
    act(state, "pass", "pass")
    assert "rum_call" in refused(state, "pass")
    assert "rum_call" in refused(state, "rum")


def test_a_rum_call_that_fits_two_melds_says_which() -> None:
    """RULES 7 rum_call: 5C fits the set of 5s and the run 2-3-4C: the caller names one."""
    state = start(
        ["5S 5H 5D 2C 3C 4C 9D", "5C KS QD 8S 6H 3S 2D", "JD 10S 9S 7D 6D AD AH"],
        "KH",
        "QC JS",
        rum_call=True,
    )
    act(state, "draw", "meld 5S 5H 5D", "meld 2C 3C 4C", "discard 9D")
    act(state, "draw", "discard 5C")
    assert legal_actions(state) == [CallRum(1, None), CallRum(2, "high"), Pass()]
    message = refused(state, "rum", error=AmbiguousAction)
    assert "rum 1" in message and "rum 2 high" in message
    called = one(act(state, "rum 2"), RumCalled)
    assert (called.seat, called.meld, called.end, called.values) == (2, 2, "high", (5,))
    state, _ = rum_table()
    assert "cannot go there" in refused(state, "rum 3")


# --- out_of_turn -------------------------------------------------------------------------


def test_out_of_turn_a_seat_melds_after_another_players_discard() -> None:
    """RULES 7 out_of_turn: melds and lay-offs may be made in other players' turns."""
    state = start(
        ["7H 8H 9H 2C", "KS 3D 4C 8S", "5S 5H 5D 2S"],
        "KD",
        "JD 10D",
        out_of_turn=True,
    )
    events = act(state, "draw", "meld 7H 8H 9H", "discard 2C")
    window = one(events, WindowOpened)
    assert (window.kind, window.seats) == ("play", (2,))  # Bob has nothing to play
    assert state.to_move == 2
    assert "not a move in this window" in refused(state, "discard 2S")
    events = act(state, "meld 5S 5H 5D")
    assert one(events, Melded).seat == 2
    assert one(events, Passed).seat == 2  # nothing more Cyd may play: the window closes
    assert state.table_points[2] == 15
    assert (state.phase, state.to_move) == ("draw", 1)
    assert state.turn_points == 0  # Cyd's plays are no part of anyone's turn


def test_a_seat_may_play_several_times_then_pass() -> None:
    state = start(
        ["7H 8H 9H 2C 3C 4D 6D", "KS 3D 4C 8S JC QS AD", "5S 5H 5D 9C 9S 9D 2S"],
        "KD",
        "JD 10D",
        out_of_turn=True,
    )
    act(state, "draw", "meld 7H 8H 9H", "discard 2C")
    act(state, "meld 5S 5H 5D")
    assert state.to_move == 2  # 9C 9S 9D are still to play
    assert Pass() in legal_actions(state)
    act(state, "pass")
    assert (state.phase, state.to_move) == ("draw", 1)
    assert len(state.hands[2]) == 4


def test_going_out_out_of_turn_ends_the_round_without_a_bonus() -> None:
    """A hand emptied in a window goes out (RULES 5.1); go_out_bonus is for one's turn."""
    state = start(
        ["7H 8H 9H 2C", "KS 3D 4C 8S", "5S 5H 5D 5C"],
        "KD",
        "JD 10D",
        out_of_turn=True,
        go_out_bonus=25,
    )
    events = act(state, "draw", "meld 7H 8H 9H", "discard JD")
    assert one(events, WindowOpened).seats == (2,)
    ended = one(act(state, "meld 5S 5H 5D 5C"), RoundEnded)
    assert ended.went_out == 2
    assert ended.scores[2].bonus == 0 and ended.scores[2].score == 20


@pytest.mark.parametrize(("final_discard", "asked"), [("optional", (2,)), ("required", ())])
def test_final_discard_required_keeps_a_seat_from_emptying_its_hand_out_of_turn(
    final_discard: str, asked: tuple[int, ...]
) -> None:
    """RULES 5.1 final_discard=required: Cyd's only play would empty her hand, so she is
    not asked (she could not discard in a window)."""
    state = start(
        ["7H 8H 2C", "KS 3D 4C", "5S 5H 5D"],
        "KD",
        "JD 10D",
        out_of_turn=True,
        final_discard=final_discard,
    )
    windows = of_type(act(state, "draw", "discard JD"), WindowOpened)
    assert tuple(seat for window in windows for seat in window.seats) == asked
    if not asked:
        assert (state.phase, state.to_move) == ("draw", 1)


@pytest.mark.parametrize(("minimum", "asked"), [(0, (2,)), (30, ())])
def test_first_meld_min_keeps_the_first_plays_for_the_seats_own_turn(
    minimum: int, asked: tuple[int, ...]
) -> None:
    state = start(
        ["JH QH KH 2C", "KS 3D 4C 8S", "5S 5H 5D 2S"],
        "KD",
        "JD 10D",
        out_of_turn=True,
        first_meld_min=minimum,
    )
    windows = of_type(act(state, "draw", "meld JH QH KH", "discard 2C"), WindowOpened)
    assert tuple(seat for window in windows for seat in window.seats) == asked


# --- opponents_hand ----------------------------------------------------------------------


def test_deadwood_is_laid_off_first_then_the_one_out_adds_the_others_hands() -> None:
    """RULES 7 opponents_hand: Ann goes out; Bob lays his 10H off on her run (it scores
    nothing), Cyd has nothing that fits; Ann adds what is left in both hands and nobody
    subtracts a hand."""
    state = start(["7H 8H 9H", "10H 2H 4C", "QD 6C 10S"], "KD", "2C", opponents_hand=True)
    events = act(state, "draw", "meld 7H 8H 9H", "discard 2C")
    window = one(events, WindowOpened)
    assert (window.kind, window.seat, window.seats) == ("deadwood", 0, (1,))
    assert not of_type(events, RoundEnded)
    assert legal_actions(state) == [LayOff(tuple(cards("10H")), 1, "high"), Pass()]
    events = act(state, "lay 10H on 1")
    laid = one(events, LaidOff)
    assert (laid.seat, laid.values) == (1, (0,))
    ended = one(events, RoundEnded)  # Bob had nothing more that fits: the window closed
    ann, bob, cyd = ended.scores
    assert (ann.table, ann.collected, ann.score) == (24, 6 + 26, 24 + 6 + 26)
    assert (bob.hand, bob.collected, bob.score) == (deadwood(cards("2H 4C")), 0, 0)
    assert (cyd.hand, cyd.score) == (26, 0)


def test_deadwood_goes_only_on_the_melds_of_the_one_out() -> None:
    """Bob goes out by melding; Ann may lay 10H on Bob's run but not 5H on her own set;
    Cyd, with nothing that fits Bob's melds, is not asked."""
    state = start(
        ["5D 5S 5C 10H 5H", "7H 8H 9H JD JS", "QD 6C 10S 2S 4D"],
        "KD",
        "KC JC",
        opponents_hand=True,
    )
    act(state, "draw", "meld 5D 5S 5C", "discard KC")
    events = act(state, "draw", "meld 7H 8H 9H", "meld JD JS JC")
    assert one(events, WindowOpened).seats == (0,)
    assert "Bob" in refused(state, "lay 5H on 1")
    refused(state, "meld 5H 10H")
    ended = one(act(state, "lay 10H on 2"), RoundEnded)
    assert ended.went_out == 1
    assert ended.scores[1].score == 24 + 30 + 5 + 32
    assert ended.scores[0].score == 15


def test_a_stock_out_between_two_players_adds_the_opponents_hand() -> None:
    """RULES 7 opponents_hand: with 2 players and no one out at stock-out, each adds the
    opponent's hand (here the round ends by the rule of 4 rotations without a stock
    draw, a stock-out, RULES 6b.5)."""
    state = start(["2C 5D 9S", "3H 7C KD"], "4S", opponents_hand=True, top_discard="keep")
    ended = idle_until_stock_out(state)
    first, second = ended.scores
    assert first.collected == second.hand and second.collected == first.hand
    assert first.score == first.table + second.hand
    assert second.score == second.table + first.hand


def test_a_stock_out_with_three_players_subtracts_each_hand() -> None:
    state = start(
        ["2C 5D 9S", "3H 7C KD", "4D 8H JC"], "6S", opponents_hand=True, top_discard="keep"
    )
    ended = idle_until_stock_out(state)
    for score in ended.scores:
        assert score.score == score.table - score.hand and not score.collected


def idle_until_stock_out(state) -> RoundEnded:
    """Every turn takes the top discard (kept, top_discard=keep) and discards another
    card, until the round ends as a stock-out."""
    for _ in range(40):
        act(state, "take 1")
        hand = state.hands[state.to_move]
        other = next(card for card in hand if card is not state.kept)
        events = play(state, parse_action(f"discard {other.ascii}", state))
        ended = of_type(events, RoundEnded)
        if ended:
            assert ended[0].reason == "stock_out"
            return ended[0]
    raise AssertionError("the round did not end")


# --- every window, in whole games, verified ------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_with_every_window_verify(players: int) -> None:
    """Seeded bot games under all three options: the log verifies, move by move."""
    rules = make_rules(
        {"rum_call": True, "out_of_turn": True, "opponents_hand": True, "max_rounds": 3}
    )
    kinds: set[str] = set()
    for seed in range(3):
        state, events = bot_game(players, rules, seed)
        assert state.over
        kinds.update(e.kind for e in events if isinstance(e, WindowOpened))
        summary = audit(parse_log(encode_log(events)))
        assert summary is not None
    assert {"rum", "play"} <= kinds


def test_with_sides_the_one_out_adds_the_other_sides_hands() -> None:
    """RULES 7 opponents_hand with RULES 8 partnership: Ann goes out and adds the hands
    of Bob and Dee (the other side); her partner Cyd's hand counts for no one."""
    state = start(
        ["7H 8H 9H", "2C 3D 4S", "KS QD JC", "5C 6D 9S"],
        "KD",
        "2H",
        opponents_hand=True,
        variant="partnership",
    )
    ended = one(act(state, "draw", "meld 7H 8H 9H", "discard 2H"), RoundEnded)
    ann, bob, cyd, dee = ended.scores
    assert (ann.collected, ann.score) == (9 + 20, 24 + 29)
    assert (bob.score, cyd.score, dee.score) == (0, 0, 0)
    assert cyd.hand == 30


def test_with_sides_at_a_stock_out_each_side_adds_each_opponents_hand_once() -> None:
    state = start(
        ["2C 5D 9S", "3H 7C KD", "4D 8H JC", "6C 10H QS"],
        "AS",
        opponents_hand=True,
        variant="partnership",
        top_discard="keep",
    )
    ended = idle_until_stock_out(state)
    hands = [score.hand for score in ended.scores]
    for seat, score in enumerate(ended.scores):
        assert score.collected == hands[(seat + 1) % 4]
    assert ended.sides[0] == hands[1] + hands[3] and ended.sides[1] == hands[0] + hands[2]


def test_under_dealers_gambit_windows_go_to_the_right() -> None:
    """RULES 7 windows follow the order of play: to the right under dealers_gambit."""
    state = start(
        ["7H 8H 9H 2C", "KS 3D 4C 5S", "QD 6C 10S 2S"],
        "KD",
        "10H",
        rum_call=True,
        variant="dealers_gambit",
        jokers_per_deck=2,
    )
    act(state, "power double")
    window = one(act(state, "draw", "meld 7H 8H 9H", "discard 10H"), WindowOpened)
    assert (window.kind, window.seat, window.seats) == ("rum", 0, (2, 1))
