"""What follows a move: the one place that decides the next phase.

A resolver answers only the events of the move itself (`draw`, `turn`, `windows`, and
the variants' own phases); `follow` then says what the rules make happen next, from the
state before the move and its events: going out (RULES 5.1) and the deadwood window of
opponents_hand, the windows after a discard (RULES 7), the close of a window, the
termination rule (RULES 5.4), a stock-out (RULES 5.2), and through `round_end` the end
of the round, of the game, or the next deal. A reader who wants to know what happens
after a discard reads `follow`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from ..events import Discarded, Event, LaidOff, Melded, Passed, RumCalled, WindowOpened
from ..rules import IDLE_ROTATIONS
from ..variants import variant_of
from .round_end import end_round, out_bonus
from .windows import next_window, others, window_actions

if TYPE_CHECKING:
    from ..state import State


def follow(before: State, events: list[Event]) -> list[Event]:
    """The events that follow a move's `events`, made from the state `before` it: by
    the kind of the move's last event (a discard, a play, a pass, a Rum! call); a draw,
    a take or a variant's move is followed by nothing."""
    if not events:  # a draw from a stock that is out and cannot be rebuilt (RULES 5.2)
        return end_round(before, "stock_out", before.to_move)
    then = _AFTER.get(type(events[-1]))
    return then(before, events) if then is not None else []


def _after(state: State, events: Sequence[Event]) -> State:
    """A copy of the state with events applied: what the rules look at next."""
    after = state.copy()
    for event in events:
        after.apply(event)
    return after


def _after_discard(before: State, events: list[Event]) -> list[Event]:
    """A discard ends the turn: going out with the last card, the termination rule, or
    the windows of RULES 7 (Rum! first, then out of turn)."""
    seat = before.to_move
    if len(before.hands[seat]) == 1:
        return _going_out(before, events, by_discard=True)
    idle = 0 if before.drew_stock else before.idle_turns + 1
    if idle >= IDLE_ROTATIONS * before.n:  # RULES 5.4, 6b.5
        return end_round(_after(before, events), "stock_out", seat, scratch=True)
    rules = before.rules
    if rules.rum_call or rules.out_of_turn:
        return next_window(_after(before, events), seat, ("rum", "play"))
    return []


def _after_play(before: State, events: list[Event]) -> list[Event]:
    """A meld or lay-off (two lay-offs, for both ends of a run): going out with the last
    card (RULES 5.1), or in a window the seat's next answer.

    RULES 7 (`opponents_hand`): laying off one's whole hand in the deadwood window is not
    going out; the round was already won by the seat that opened the window, and the
    emptied seat's part of the window simply ends (it has nothing more to lay off)."""
    taken = variant_of(before.rules).taken_from_hand
    plays = cast("list[Melded | LaidOff]", events)
    left = len(before.hands[before.to_move]) - sum([taken(event.cards) for event in plays])
    if not left and before.window_kind != "deadwood":
        return _going_out(before, events, by_discard=False)
    if before.phase == "window":
        return _after_window_play(before, events)
    return []


def _after_call(before: State, events: list[Event]) -> list[Event]:
    """RULES 7: the first Rum! call ends the Rum! window; the out_of_turn one may open."""
    return next_window(_after(before, events), before.window_seat, ("play",))


def _going_out(before: State, events: list[Event], by_discard: bool) -> list[Event]:
    """What follows the move that empties a hand: under `opponents_hand` the others may
    first lay off deadwood on the melds of the seat that went out; then the round ends.
    Going out in a window earns no bonus (the bonuses are for going out in one's turn)."""
    seat = before.to_move
    bonus = 0 if before.phase == "window" else out_bonus(before, seat, by_discard)
    after = _after(before, events)
    if before.rules.opponents_hand:
        after.window_seat = seat
        seats = tuple(s for s in others(before, seat) if window_actions(after, s, "deadwood"))
        if seats:
            return [WindowOpened(kind="deadwood", seat=seat, seats=seats, bonus=bonus)]
    return end_round(after, "went_out", seat, bonus, scratch=True)


def _after_window_play(before: State, events: list[Event]) -> list[Event]:
    """After a play in a window: the seat's window closes by itself when it has nothing
    more it may play."""
    seat = before.to_move
    after = _after(before, events)
    if window_actions(after, seat):
        return []
    passed: list[Event] = [Passed(seat=seat)]
    return passed + _window_moves_on(after, passed)


def _window_moves_on(state: State, passed: list[Event]) -> list[Event]:
    """What follows a pass: the next seat is asked, or the window closes and the game goes
    on (the next window, the next player's draw, or the scoring of the round)."""
    after = _after(state, passed)
    if after.phase == "window":
        return []
    opener = state.window_seat
    if state.window_kind == "deadwood":
        return end_round(after, "went_out", opener, state.window_bonus, scratch=True)
    if state.window_kind == "rum":
        return next_window(after, opener, ("play",))
    return []


_AFTER: dict[type, Callable[[State, list[Event]], list[Event]]] = {
    Discarded: _after_discard,
    Melded: _after_play,
    LaidOff: _after_play,
    Passed: _window_moves_on,
    RumCalled: _after_call,
}
"""What follows each kind of move, by the type of its last event."""
