"""The replay viewer on a terminal: prompt-toolkit's full-screen Application around a
`ViewerState` (model.py), its keys bound from the one table (keys.py), its one window
drawn by `Screen` (screen.py). All the viewer does lives in those three; this is the
wiring. prompt-toolkit is imported only when the viewer opens, so that no other
command pays for it at start-up (tests/house/test_imports.py, tests/benchmarks/startup.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import keys
from .model import ViewerState
from .screen import Screen

if TYPE_CHECKING:
    from prompt_toolkit.key_binding import KeyPressEvent

    from ...analysis.sidecar import Analysis
    from ...records.replay import Replay
    from ...render.position import Seat
    from ...render.style import Style


def view_replay(
    game: Replay,
    path: Path,
    seat: Seat,
    style: Style,
    analysis: Analysis | None = None,
    missing: str = "",
    start: int | None = None,
) -> tuple[int, int] | None:
    """Run the viewer; answer the position to branch from and the seat to take when
    the user took over (t). `analysis` is the game's saved analysis, or None and
    `missing` says why there is none. It opens at `start` (`replay --at N`), else on
    the first deal."""
    from prompt_toolkit.application import Application, get_app
    from prompt_toolkit.formatted_text import ANSI
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.layout import HSplit, Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    from prompt_toolkit.output import ColorDepth

    state = ViewerState.open(game, seat, analysis, missing, start)
    screen = Screen(path, style)
    bindings = KeyBindings()
    for key in (*(bound for bound, _when, _move in keys.bindings()), keys.TYPED):

        @bindings.add(key)
        def _press(event: KeyPressEvent, key: str = key) -> None:
            keys.press(state, key, event.data)  # what the key does, and when: keys.py
            if state.done:
                event.app.exit()

    def text() -> ANSI:
        return ANSI(screen.text(state, get_app().output.get_size().columns))

    application: Application[None] = Application(
        layout=Layout(HSplit([Window(FormattedTextControl(text), wrap_lines=True)])),
        key_bindings=bindings,
        full_screen=True,
        color_depth=ColorDepth.DEPTH_8_BIT if style.color else ColorDepth.MONOCHROME,
    )
    application.run()
    return state.take
