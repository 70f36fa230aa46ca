"""A position of a recorded game as the replay shows it: the table, the event that led
there in words and where in the game it is (text), or the same as a JSON line."""

from __future__ import annotations

import msgspec

from ..records.replay import Replay
from ..view import view, visible_event
from .narrate import Narrator
from .style import Style
from .table import table_view

Seat = int | str | None  # a seat number, "all" (every hand shown) or None (no hand shown)


def describe_position(game: Replay, position: int, seat: Seat, style: Style) -> str:
    """The table at a position, the event that led there in words, and where we are."""
    state = game.state_at(position)
    viewer = seat if isinstance(seat, int) else None
    before = game.state_at(position - 1) if position > 0 else None
    narrator = Narrator(style, viewer=viewer, reveal=seat == "all")
    words: list[str] = []
    if before is not None:
        event = game.events[position]
        before.apply(event)
        words = narrator.feed(event, before) or narrator.flush()
    round_no, turn = game.round_and_turn(position)
    where = f"round {round_no}, turn {turn}, event {position}/{game.last}"
    table = table_view(state, viewer, style, show_all=seat == "all")
    return "\n".join([*words, table, f"[{where}]"])


def json_position(game: Replay, position: int, seat: Seat) -> str:
    state = game.state_at(position)
    data: dict = {"position": position, "last": game.last}
    data["event"] = (
        visible_event(game.events[position], seat if isinstance(seat, int) else None)
        if seat != "all"
        else msgspec.to_builtins(game.events[position])
    )
    seen = view(state, seat if isinstance(seat, int) else 0)
    table = msgspec.to_builtins(seen)
    if seat == "all":
        table["hands"] = [[c.ascii for c in hand] for hand in state.hands]
        del table["hand"]
        table["seat"] = None
    elif seat is None:
        del table["hand"]
        table["seat"] = None
    data["state"] = table
    return msgspec.json.encode(data).decode()
