"""Games played out by bots, with no terminal: for simulations, tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .bots import BOTS
from .engine import new_game, resolve
from .events import Event
from .rules import STANDARD, Rules
from .state import State, fold


def bot_game(
    players: int | Sequence[str],
    rules: Rules = STANDARD,
    seed: int | str = 0,
    levels: Sequence[str] = ("random",),
    on_event: Callable[[State, Event], None] | None = None,
    before_move: Callable[[State], None] | None = None,
) -> tuple[State, list[Event]]:
    """Play a whole game between bots; answer the final state and every event.

    `levels` gives each seat's bot level in turn (repeated as needed). `on_event` is
    called after each event is applied, with the state it led to; `before_move` before
    each bot decides, with the state it decides on.
    """
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    events = new_game(names, rules, seed)
    state = fold(events)
    bots = [BOTS[levels[i % len(levels)]](seed, i) for i in range(len(names))]
    while not state.over:
        if before_move is not None:
            before_move(state)
        for event in resolve(state, bots[state.to_move].choose(state)):
            state.apply(event)
            events.append(event)
            if on_event is not None:
                on_event(state, event)
    return state, events
