"""The phases of a round and the two entry points over them (OpenSpiel's gin rummy keeps
one switch over its phases the same way).

Each phase has one function for its legal actions and one resolver: `upcard` (RULES
2.7), `draw` (4.1), `play` (4.2-4.3), `window` (RULES 7: its kinds rum, play and
deadwood), and the variants' own (dealers_gambit: `power`). `start`, `between` and
`over` take no move. After a resolver, `flow.follow` decides what comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, AnyAction
from ..errors import IllegalAction
from ..events import Event
from ..variants import variant_of
from ..variants.base import Legal, Resolve
from . import draw, turn, windows
from .flow import follow
from .setup import legal_upcard, resolve_upcard

if TYPE_CHECKING:
    from ..state import State

PHASES: dict[str, tuple[Legal, Resolve]] = {
    "upcard": (legal_upcard, resolve_upcard),
    "draw": (draw.legal, draw.resolve),
    "play": (turn.legal, turn.resolve),
    "window": (windows.legal, windows.resolve),
}
"""The phases every game has, each with its legal actions and its resolver."""


def legal_actions(state: State) -> list[AnyAction]:
    """Every legal action of the player to move, exactly, in a stable order."""
    phase = PHASES.get(state.phase) or variant_of(state.rules).phases.get(state.phase)
    return phase[0](state) if phase is not None else []


def resolve(state: State, action: Action, seat: int | None = None) -> list[Event]:
    """The events that an action of the player to move makes, and those that follow it.

    `seat`, when given, is who is asking: acting out of turn is refused. Raises
    IllegalAction (or AmbiguousAction) and changes nothing when the action is refused.
    """
    now = state.phase
    if now == "over":
        raise IllegalAction("the game is over")
    phase = PHASES.get(now) or variant_of(state.rules).phases.get(now)
    if phase is None:
        raise IllegalAction("no round is in play")
    mover = state.to_move
    if seat is not None and seat != mover:
        raise IllegalAction(f"it is {state.players[mover]}'s turn, not {state.players[seat]}'s")
    events = phase[1](state, mover, action)
    more = follow(state, events)
    return events + more if more else events


def play(state: State, action: Action, seat: int | None = None) -> list[Event]:
    """Resolve an action and apply its events to the state; return the events."""
    events = resolve(state, action, seat)
    for event in events:
        state.apply(event)
    return events
