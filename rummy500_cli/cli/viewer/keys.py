"""The replay viewer's keys: one table (as pgcli keeps its key bindings in one module),
from which the terminal's keys are bound (`app.py`), what each key does is decided
(`press`), the help line of `?` is written, and the tests and the man page's check read
the keys.

Each `Row` is one item of the help line: its text, and the keys it names, each with
the `ViewerState` move it makes. Keys are named as prompt-toolkit names them ("right",
"pagedown", "c-c"). A row's keys work while browsing (no question open); `UNLISTED`
holds the keys that answer or leave a question, which work at any time and are not on
the help line. While a question is open (after g or t), any other key types its text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from .model import LABELS, ViewerState

Move = Callable[[ViewerState], None]
When = Literal["browsing", "always"]
"""When a key works: only while no question is open, or at any time."""

TYPED = "<any>"
"""prompt-toolkit's name for any key: while a question is open, what is typed."""


@dataclass(frozen=True)
class Row:
    """One item of the help line and the keys it names."""

    help: str
    moves: Mapping[str, Move]
    when: When = "browsing"


def _mark(label: str, back: bool) -> Move:
    return lambda state: state.mark(label, back)


def _show_keys(state: ViewerState) -> None:
    state.say(help_line())


ROWS: tuple[Row, ...] = (
    Row("→/l next event", {"right": ViewerState.next_event, "l": ViewerState.next_event}),
    Row("←/h previous", {"left": ViewerState.previous_event, "h": ViewerState.previous_event}),
    Row("↓/↑ next/previous turn", {"down": ViewerState.next_turn, "up": ViewerState.previous_turn}),
    Row(
        "]/[ one rotation",
        {"]": ViewerState.next_rotation, "[": ViewerState.previous_rotation},
    ),
    Row(
        "PgDn/PgUp round",
        {"pagedown": ViewerState.next_round, "pageup": ViewerState.previous_round},
    ),
    Row("Home/End", {"home": ViewerState.first, "end": ViewerState.last}),
    Row("g N or g CARD then Enter", {"g": ViewerState.go_to}),
    Row(
        "b/m/i next blunder/mistake/inaccuracy, B/M/I previous (after analyze)",
        {
            **{label[0]: _mark(label, back=False) for label in LABELS},
            **{label[0].upper(): _mark(label, back=True) for label in LABELS},
        },
    ),
    Row(
        "c/C next/previous costliest decision",
        {"c": lambda state: state.costly(), "C": lambda state: state.costly(back=True)},
    ),
    Row("e evaluation graph", {"e": ViewerState.toggle_graph}),
    Row("r reads of the other hands", {"r": ViewerState.toggle_reads}),
    Row(
        "u/U next/previous takeback",
        {"u": lambda state: state.takeback(), "U": lambda state: state.takeback(back=True)},
    ),
    Row("t take over a seat from here", {"t": ViewerState.take_over}),
    Row("? keys", {"?": _show_keys}),
    Row("q quit", {"q": ViewerState.quit}),
)
"""The keys the help line lists, in its order."""

UNLISTED = Row(
    "",
    {
        "backspace": ViewerState.backspace,
        "enter": ViewerState.enter,
        "escape": ViewerState.cancel,
        "c-c": ViewerState.quit,
        "c-d": ViewerState.quit,
    },
    when="always",
)
"""Keys that work whatever is open: the question's editing keys and the way out."""


def help_line() -> str:
    """What `?` shows: every listed row's text."""
    return " · ".join(row.help for row in ROWS)


def bindings() -> Iterator[tuple[str, When, Move]]:
    """Every key with when it works and its move, in the order they are bound."""
    for row in (*ROWS, UNLISTED):
        for key, move in row.moves.items():
            yield key, row.when, move


def press(state: ViewerState, key: str, text: str = "") -> None:
    """What a key does to `state` (the terminal calls this for every key, app.py): a
    browsing key only while no question is open; while one is, a key bound to nothing
    else types its `text` (by default a one-character key's name)."""
    typing = state.typed is not None
    for bound, when, move in bindings():
        if bound == key and (when == "always" or not typing):
            move(state)
            return
    if typing:
        state.type_text(text or (key if len(key) == 1 else ""))
