"""RULES 7 (`opponents_hand`): laying off one's whole hand in the deadwood window is not
going out. The seat that went out (and opened the window) stays the one out: it adds the
others' hands, and no second window opens on the melds of the seat that emptied its hand
there."""

from __future__ import annotations

from helpers import NAMES, act, card, cards, deadwood, of_type, one, rules_for, start

from rummy500_cli.deal import stack
from rummy500_cli.engine import new_game
from rummy500_cli.events import Event, Passed, RoundEnded, WindowOpened
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.state import State, fold


def went_out_table(bob: str = "3H 7H 8H", cyd: str = "KS KD 9C") -> tuple[State, list[Event]]:
    """Ann melds 4-5-6H and discards QD: she is out; Bob holds cards that all go on her
    run."""
    state = start(["4H 5H 6H", bob, cyd], "2C", "QD", opponents_hand=True)
    events = act(state, "draw", "meld 4H 5H 6H", "discard QD")
    return state, events


def test_laying_off_the_whole_hand_in_the_deadwood_window_is_not_going_out() -> None:
    """The issue's repro: Bob lays off 3H, then 7H 8H, emptying his hand; Ann is still
    the one out and adds Cyd's 29 to her 15 on the table; Bob collects nothing."""
    state, events = went_out_table()
    window = one(events, WindowOpened)
    assert (window.kind, window.seat, window.seats) == ("deadwood", 0, (1,))
    events = act(state, "lay 3H on 1", "lay 7H 8H on 1")
    assert [p.seat for p in of_type(events, Passed)] == [1]  # his part ends by itself
    assert len(of_type(events, WindowOpened)) == 0
    ended = one(events, RoundEnded)
    assert ended.went_out == 0
    ann, bob, cyd = ended.scores
    assert (ann.table, ann.collected, ann.score) == (15, 29, 44)
    assert (bob.hand, bob.collected, bob.score) == (0, 0, 0)
    assert (cyd.hand, cyd.collected, cyd.score) == (deadwood(cards("KS KD 9C")), 0, 0)


def test_the_window_goes_on_to_the_next_seat_after_an_emptied_hand() -> None:
    """Cyd, after Bob, is still asked to lay off on Ann's melds (the old code ended the
    round, or opened a window on Bob's melds, the moment Bob's hand was empty)."""
    state, events = went_out_table(bob="3H 2H AH", cyd="7H KS KD")
    assert one(events, WindowOpened).seats == (1, 2)
    events = act(state, "lay 3H on 1", "lay 2H on 1", "lay AH on 1")
    assert not of_type(events, RoundEnded)
    assert (state.phase, state.window_kind, state.window_seat, state.to_move) == (
        "window",
        "deadwood",
        0,
        2,
    )
    events = act(state, "lay 7H on 1")
    ended = one(events, RoundEnded)
    assert ended.went_out == 0
    assert [s.collected for s in ended.scores] == [20, 0, 0]
    assert [s.score for s in ended.scores] == [35, 0, 0]


def test_the_fixed_round_round_trips_through_the_log_and_verifies() -> None:
    """The log of such a round reads back, its audit (which replays every move through
    the rules) agrees, and it names Ann as the one out."""
    rules = rules_for(3, 3, {"opponents_hand": True})
    top = stack([cards("4H 5H 6H"), cards("3H 7H 8H"), cards("KS KD 9C")], card("2C"), cards("QD"))
    log = new_game(NAMES[:3], rules, seed=0, deck=[top])
    state = fold(log)
    log += act(state, "draw", "meld 4H 5H 6H", "discard QD", "lay 3H on 1", "lay 7H 8H on 1")
    data = parse_log(encode_log(log))
    audit(data)
    assert one(data.events, RoundEnded).went_out == 0
