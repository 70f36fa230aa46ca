"""The windows of RULES 7: acting out of turn under rum_call, out_of_turn and
opponents_hand. Each kind is a phase of its own (`window`, its kind in the state).

Decisions: a window is offered after a turn's discard (and, for opponents_hand, after a
player goes out) to the other seats one at a time, in the order of play from the seat
that opened it (clockwise, or to the right under dealers_gambit); a seat is asked only
when it has something it may do. The Rum! window comes first (the first seat to call
takes the card), then the out_of_turn window (each seat plays as much as it likes, then
passes). Each decision is an event of the log. Which window opens, and what follows
each answer, is decided in `flow`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Action, AnyAction, CallRum, LayMeld, LayOff, Pass
from ..cards import JOKER, Card
from ..errors import AmbiguousAction, IllegalAction
from ..events import Event, Passed, RumCalled, WindowOpened
from ..fast.listing import meld_actions
from ..fast.masks import mask_of
from ..melds import End, layoff_end
from ..variants import variant_of
from .plays import doubled_actions, layoff_actions, open_melds
from .turn import resolve_play
from .values import layoff_values

if TYPE_CHECKING:
    from ..state import State


def legal(state: State) -> list[AnyAction]:
    """The moves of the seat asked: a call (each place the discard fits) or a pass in a
    Rum! window; else its plays, or a pass."""
    seat = state.to_move
    if state.window_kind == "rum":
        places = rum_places(state, state.pile[-1])
        return [*(CallRum(meld, end) for meld, end in places), Pass()]
    return [*window_actions(state, seat), Pass()]


def resolve(state: State, seat: int, action: Action) -> list[Event]:
    """The events of the asked seat's answer."""
    kind = state.window_kind
    if isinstance(action, Pass):
        return [Passed(seat=seat)]
    if kind == "rum":
        return _call(state, seat, action)
    if isinstance(action, LayOff) and kind == "deadwood":
        meld = state.meld(action.meld)
        if meld.owner != state.window_seat:
            out = state.players[state.window_seat]
            raise IllegalAction(
                f"meld {meld.id} is not {out}'s: deadwood may be laid off only on the melds "
                f"of the player who went out ({out}), or pass"
            )
        return resolve_play(state, seat, action)
    if isinstance(action, LayMeld | LayOff) and kind == "play":
        return resolve_play(state, seat, action)
    what = (
        "lay off cards on the melds of the player who went out, or pass"
        if kind == "deadwood"
        else "meld or lay off out of turn, or pass"
    )
    raise IllegalAction(f"{action} is not a move in this window: {what}")


def _call(state: State, seat: int, action: Action) -> list[Event]:
    """RULES 7 (`rum_call`): the call that takes the discard and lays it off."""
    card = state.pile[-1]
    if not isinstance(action, CallRum):
        raise IllegalAction(
            f"Rum! window: {card} could be laid off; call it (rum, or rum MELD) or pass"
        )
    places = rum_places(state, card)
    fits = [
        (meld, end)
        for meld, end in places
        if action.meld in (0, meld) and (action.end is None or action.end == end)
    ]
    where = ", ".join(f"rum {m}" + (f" {e}" if e else "") for m, e in places)
    if not fits:
        raise IllegalAction(f"{card} cannot go there; it can go: {where}")
    if len(fits) > 1:
        choices = ", ".join(f"rum {m}" + (f" {e}" if e else "") for m, e in fits)
        raise AmbiguousAction(f"{card} fits more than one place: say which ({choices})")
    meld_id, end = fits[0]
    values = layoff_values(state.meld(meld_id), [card], end, state.rules)
    return [RumCalled(seat=seat, meld=meld_id, card=card.ascii, values=tuple(values), end=end)]


def others(state: State, seat: int) -> list[int]:
    """The other seats in the order of play from `seat` (the order of every window)."""
    return [(seat + step * state.step) % state.n for step in range(1, state.n)]


def next_window(state: State, seat: int, kinds: Sequence[str]) -> list[Event]:
    """The window that opens now after the turn of `seat`, if any (state: after the turn)."""
    rules = state.rules
    if "rum" in kinds and rules.rum_call and state.pile and rum_places(state, state.pile[-1]):
        return [WindowOpened(kind="rum", seat=seat, seats=tuple(others(state, seat)))]
    if "play" in kinds and rules.out_of_turn:
        seats = tuple(s for s in others(state, seat) if window_actions(state, s, "play"))
        if seats:
            return [WindowOpened(kind="play", seat=seat, seats=seats)]
    return []


def rum_places(state: State, card: Card) -> list[tuple[int, End | None]]:
    """RULES 7 (`rum_call`): where the card alone could be laid off: (meld id, end)."""
    places: list[tuple[int, End | None]] = []
    ends: tuple[End, End] = ("low", "high")
    if card is JOKER:
        return places  # Decision: a discarded joker is not called (it stands for no card)
    for meld in open_melds(state):
        if meld.kind == "set":
            try:
                layoff_end(meld, [card], state.rules, state.decks, None)
            except IllegalAction:
                continue
            places.append((meld.id, None))
            continue
        for end in ends:
            try:
                layoff_end(meld, [card], state.rules, state.decks, end)
            except IllegalAction:
                continue
            places.append((meld.id, end))
    return places


def window_actions(state: State, seat: int, kind: str | None = None) -> list[AnyAction]:
    """The plays the seat may make in a window: under `out_of_turn` any meld or lay-off
    (not one that empties the hand under final_discard=required; and not before the
    seat's first plays of the round under first_meld_min, which belong to its own turn);
    under `opponents_hand` lay-offs on the melds of the seat that went out."""
    rules = state.rules
    kind = kind or state.window_kind
    hand = state.hands[seat]
    mask = mask_of(hand)
    if kind == "deadwood":
        owner = state.window_seat
        found: list[AnyAction] = []
        found.extend(
            play
            for play in layoff_actions(state, hand, mask)
            if isinstance(play, LayOff) and state.meld(play.meld).owner == owner
        )
        return found
    if rules.first_meld_min and not state.opened[seat]:
        return []
    melds = meld_actions(state, hand, mask)
    plays: list[LayMeld | LayOff] = list(melds)
    if (
        variant_of(state.rules).power_problem(state, seat, "double") is None
    ):  # RULES 8, dealers_gambit
        plays += doubled_actions(melds)
    plays += layoff_actions(state, hand, mask)
    if rules.final_discard == "required":
        size = len(hand)
        plays = [play for play in plays if len(play.cards) < size]
    out: list[AnyAction] = []
    out.extend(plays)
    return out
