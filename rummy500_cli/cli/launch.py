"""A game handed to the loop: the console chosen (cli/consoles/pick.py), the opening
lines, the pace, the tutor; then the process exits with the loop's status. `play` and
`resume` end here; `host` and `join` take the preferences from here too."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING

from .failure import warn

if TYPE_CHECKING:
    from ..render.style import Style
    from ..session import Session
    from .preferences import Preferences


def preferences() -> Preferences:
    """The config file's preferences, its warnings on standard error."""
    from .environment import current
    from .preferences import load

    prefs = load(current().config_file)
    for warning in prefs.warnings:
        warn(warning)
    return prefs


def go(
    session: Session,
    json_mode: bool,
    commands: IO[str] | None,
    quiet: bool,
    strict: bool,
    style: Style,
    pace: float | None,
    windows: str = "ask",
    warnings: Iterable[str] = (),
    prefs: Preferences | None = None,
    discard_untouched: bool = False,
    notes: Iterable[str] = (),
    new_game: bool = False,
    tutored: bool = False,
) -> None:
    """Hand a session to the loop with the right console; exit with the loop's status."""
    from ..render.table import tagged_names
    from .consoles.pick import ConsoleOptions, choose
    from .environment import current
    from .game_length import game_length
    from .loop import run
    from .preferences import pace as choose_pace

    n = session.state.n
    people = tuple(seat for seat in range(n) if session.is_human(seat))
    options = ConsoleOptions(json_mode, commands, quiet, strict, people)
    console = choose(current(), style, options)
    interactive = console.interactive
    tutor = None
    if tutored and not json_mode:
        from .tutor import Tutor

        # a person waits a moment at most for a verdict; a script waits for every one
        tutor = Tutor(style) if interactive else Tutor(style, patience=None)
    for warning in warnings:
        warn(warning)
    pace = choose_pace(pace, prefs, interactive)
    by_rank = prefs is not None and prefs["sort"] == "rank"
    humans = len(people)
    state = session.state
    console.banner(
        f"rummy500 · {', '.join(tagged_names(state.players, session.kinds))} · "
        f"seed {session.header.seed} · "
        f"saving to {session.path}"
    )
    keys = "; Enter skips the bots' pauses" if interactive and humans < n else ""
    console.banner(f"Type help for the commands; Ctrl-D (or quit) saves and leaves{keys}.")
    for note in notes:
        console.banner(note)
    if new_game and interactive:
        for line in game_length(state, humans, pace):
            console.banner(line)
    code = run(
        session,
        console,
        pace=pace,
        hot_seat=humans > 1,
        windows=windows,
        by_rank=by_rank,
        discard_untouched=discard_untouched,
        tutor=tutor,
    )
    sys.exit(code)


__all__ = ["go", "preferences"]
