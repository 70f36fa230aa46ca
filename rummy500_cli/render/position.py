"""A position of a recorded game as the replay shows it: the table, the event that led
there in words and where in the game it is (text), or the same as a JSON line."""

from __future__ import annotations

import msgspec

from ..events import META_EVENTS
from ..records.replay import Replay
from ..view import view, visible_event
from .narrate import Narrator, takeback_lines
from .style import Style
from .table import table_view

Seat = int | str | None  # a seat number, "all" (every hand shown) or None (no hand shown)


def describe_position(game: Replay, position: int, seat: Seat, style: Style) -> str:
    """The table at a position, the event that led there in words, and where we are:
    at a takeback, the moves it took back; at a position taken back, which line did."""
    state = game.state_at(position)
    viewer = seat if isinstance(seat, int) else None
    narrator = Narrator(style, viewer=viewer, reveal=seat == "all")
    words: list[str] = []
    event = game.events[position]
    if isinstance(event, META_EVENTS):
        words = narrator.feed(event, state)
        record = game.takeback(position)
        if record is not None:
            words += takeback_lines(record, state, style, viewer, seat == "all")
    elif position > 0:
        before = game.state_at(position - 1)
        before.apply(event)
        words = narrator.feed(event, before) or narrator.flush()
    round_no, turn = game.round_and_turn(position)
    where = f"round {round_no}, turn {turn}, event {position}/{game.last}"
    by = game.taken_back_by(position)
    if by is not None:
        where += f" · taken back at event {by.seq}"
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
    record = game.takeback(position)
    if record is not None:
        data["abandoned"] = [seq for seq, _ in record.abandoned]
    by = game.taken_back_by(position)
    if by is not None:
        data["taken_back_at"] = by.seq
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
