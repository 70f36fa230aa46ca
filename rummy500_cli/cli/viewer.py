"""The interactive replay viewer (prompt-toolkit), for `rummy500 replay` on a terminal.

Keys: → ← (l h) one event; ↓ ↑ one turn; ] [ one rotation of turns; PgDn PgUp one
round; Home End; g then a number (an event) or a card (the next event that moves it)
and Enter; b m i the next blunder, mistake, inaccuracy once the game is analysed; t
takes over: branch the game here and play it; ? the keys; q quits.
"""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth

from ..cards import Card
from ..errors import ParseError
from ..numbers import whole_number
from ..records.branch import branch_problem
from ..records.replay import Replay
from ..render.position import describe_position
from ..render.style import Style

HELP = (
    "→/l next event · ←/h previous · ↓/↑ next/previous turn · ]/[ one rotation · "
    "PgDn/PgUp round · Home/End · g N or g CARD then Enter · b/m/i next blunder/mistake/"
    "inaccuracy (after analyze) · t take over from here · ? keys · q quit"
)


def view_replay(game: Replay, path: Path, seat, style: Style) -> int | None:
    """Run the viewer; answer the position to branch from when the user pressed t."""
    position = 0
    typed: list[str] | None = None
    message = "Press ? for the keys."
    result: dict[str, int | None] = {"branch": None}
    turns = game.turn_starts()
    rounds = game.round_starts()
    players = game.header.players

    def text():
        body = describe_position(game, position, seat, style)
        status = f"g {''.join(typed)}" if typed is not None else message
        return ANSI(style.text(f"{path}\n{body}\n\n{status}"))

    bindings = KeyBindings()
    typing = Condition(lambda: typed is not None)
    browsing = ~typing

    @bindings.add("<any>", filter=typing)
    def _type(event) -> None:
        if event.data.isprintable():
            typed.append(event.data)  # type: ignore[union-attr]

    def move(to: int) -> None:
        nonlocal position, message
        position = max(0, min(to, game.last))
        message = "Press ? for the keys."

    @bindings.add("right", filter=browsing)
    @bindings.add("l", filter=browsing)
    def _next(event) -> None:
        move(position + 1)

    @bindings.add("left", filter=browsing)
    @bindings.add("h", filter=browsing)
    def _previous(event) -> None:
        move(position - 1)

    @bindings.add("down", filter=browsing)
    def _next_turn(event) -> None:
        move(game.next_after(turns, position))

    @bindings.add("up", filter=browsing)
    def _previous_turn(event) -> None:
        move(game.previous_before(turns, position))

    @bindings.add("]", filter=browsing)
    def _next_rotation(event) -> None:
        to = position
        for _ in players:
            to = game.next_after(turns, to)
        move(to)

    @bindings.add("[", filter=browsing)
    def _previous_rotation(event) -> None:
        to = position
        for _ in players:
            to = game.previous_before(turns, to)
        move(to)

    @bindings.add("pagedown", filter=browsing)
    def _next_round(event) -> None:
        move(game.next_after(rounds, position))

    @bindings.add("pageup", filter=browsing)
    def _previous_round(event) -> None:
        move(game.previous_before(rounds, position))

    @bindings.add("home", filter=browsing)
    def _home(event) -> None:
        move(0)

    @bindings.add("end", filter=browsing)
    def _end(event) -> None:
        move(game.last)

    @bindings.add("g", filter=browsing)
    def _goto(event) -> None:
        nonlocal typed
        typed = []

    @bindings.add("backspace")
    def _backspace(event) -> None:
        if typed:
            typed.pop()

    @bindings.add("enter")
    def _enter(event) -> None:
        nonlocal typed, message
        if typed is None:
            return
        target = "".join(typed).strip()
        typed = None
        number = whole_number(target)
        if number is not None:
            move(number)
            return
        try:
            card = Card.parse(target)
        except ParseError as error:
            message = str(error)
            return
        found = game.next_moving(card, position)
        if found is None:
            message = f"no event after this one moves {card}"
        else:
            move(found)

    @bindings.add("escape")
    def _cancel(event) -> None:
        nonlocal typed
        typed = None

    for key, label in (("b", "blunder"), ("m", "mistake"), ("i", "inaccuracy")):

        @bindings.add(key, filter=browsing)
        def _label(event, label=label) -> None:
            nonlocal message
            message = f"no {label} marks: run rummy500 analyze on this game first"

    @bindings.add("?", filter=browsing)
    def _help(event) -> None:
        nonlocal message
        message = HELP

    @bindings.add("t", filter=browsing)
    def _take_over(event) -> None:
        nonlocal message
        problem = branch_problem(game, position)
        if problem:
            message = f"cannot take over here: {problem}"
            return
        result["branch"] = position
        event.app.exit()

    @bindings.add("q", filter=browsing)
    @bindings.add("c-c")
    @bindings.add("c-d")
    def _quit(event) -> None:
        event.app.exit()

    application: Application[None] = Application(
        layout=Layout(HSplit([Window(FormattedTextControl(text), wrap_lines=True)])),
        key_bindings=bindings,
        full_screen=True,
        color_depth=ColorDepth.DEPTH_8_BIT if style.color else ColorDepth.MONOCHROME,
    )
    application.run()
    return result["branch"]
