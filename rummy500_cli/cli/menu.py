"""What a bare `rummy500` shows at a terminal: a small menu of what one usually wants
first (resume the latest unfinished game, a new game, a quick game, replay or analyse
a recent game, the manual), chosen with the arrow keys and Enter or with a letter.

Each choice stands for a command, and the menu only answers which: `choose_command()`
returns that command's words (`["resume"]`, `["replay", PATH]`), and the group parses
and runs them as if they had been typed, so a choice and its command share one code
path. The line under the choices shows the command the highlighted one stands for,
and the command chosen is printed before it runs, which teaches it.

The menu is drawn inline (not full screen) in at most 13 rows, so it fits 80x24 and
leaves the screen readable after it. Off a terminal, a bare `rummy500` prints its help
instead (cli/main.py).
"""

from __future__ import annotations

import datetime as dt
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

QUICK = ("play", "--players", "2", "--quick")
"""A quick game: you against one bot, to 250 points rather than 500, with no pauses
(`play --quick`)."""
RECENT = 9
"""How many recent games the replay and analyse choices offer (keys 1-9)."""


@dataclass(frozen=True)
class Choice:
    """A line of a menu: the key that chooses it, what it does, and the command it
    stands for (`args`; None: leave)."""

    key: str
    label: str
    args: tuple[str, ...] | None
    hint: str = ""


@dataclass(frozen=True)
class SavedGame:
    """A saved game as the menu names it."""

    path: Path
    when: str
    round: int
    players: str
    over: bool


def _saved_games() -> Iterator[SavedGame]:
    """The readable saved games, newest first (what `rummy500 games --all` lists)."""
    from ..render.printable import names, printable
    from .games import _summaries

    for path, mtime, _line, state in _summaries(lambda _text: None):
        if state is None:
            continue
        when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        players = printable(", ".join(names(state.players)))
        yield SavedGame(path, when, state.round, players, state.over)


def main_choices(games: list[SavedGame], unfinished: SavedGame | None) -> list[Choice]:
    """The first menu's lines, in order; resume only when there is a game to resume,
    replay and analyse only when there is a game to look at."""
    from ..render.printable import printable

    choices = []
    if unfinished is not None:
        label = f"Resume {printable(unfinished.path.name)} (round {unfinished.round})"
        choices.append(Choice("r", label, ("resume",), "rummy500 resume"))
    choices += [
        Choice("n", "New game with your usual settings", ("play",), "rummy500 play"),
        Choice(
            "k",
            "Quick game: you and one bot, to 250, no pauses",
            QUICK,
            "rummy500 " + " ".join(QUICK),
        ),
    ]
    if games:
        choices += [
            Choice("p", "Replay a recent game", ("replay",), "rummy500 replay FILE"),
            Choice("a", "Analyse a recent game", ("analyze",), "rummy500 analyze FILE"),
        ]
    choices += [
        Choice("m", "The manual", ("man",), "rummy500 man"),
        Choice("q", "Quit", None),
    ]
    return choices


def game_choices(games: list[SavedGame], verb: str) -> list[Choice]:
    """The second menu: a recent game by its number, for `verb` (replay or analyze)."""
    from ..render.printable import printable

    choices = []
    for number, game in enumerate(games[:RECENT], start=1):
        status = "finished" if game.over else f"round {game.round}"
        label = f"{game.when}  {game.players} · {status}"
        hint = printable(game.path.name)
        choices.append(Choice(str(number), label, (verb, str(game.path)), hint))
    choices.append(Choice("q", "Quit", None))
    return choices


def choose(title: str, choices: list[Choice]) -> Choice | None:
    """Ask for one of `choices` at the terminal: Up/Down (or Tab) and Enter, or the
    choice's key; q, Escape, Ctrl-C or Ctrl-D leave (None)."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.layout import HSplit, Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    from prompt_toolkit.styles import Style as PTStyle

    selected = [0]
    width = max(len(choice.label) for choice in choices) + 6  # the selected row's bar
    bindings = KeyBindings()

    def text() -> StyleAndTextTuples:
        lines: StyleAndTextTuples = [("class:title", title + "\n")]
        for index, choice in enumerate(choices):
            style = "class:selected" if index == selected[0] else ""
            mark = ">" if index == selected[0] else " "
            lines.append((style, f"{mark} {choice.key}  {choice.label}".ljust(width)))
            lines.append(("", "\n"))
        hint = choices[selected[0]].hint
        lines.append(("class:hint", f"  {hint}\n" if hint else "\n"))
        lines.append(("class:hint", "Up/Down and Enter, or a key; q or Esc leaves."))
        return lines

    def move(step: int) -> None:
        selected[0] = (selected[0] + step) % len(choices)

    @bindings.add("up")
    @bindings.add("s-tab")
    def _up(event: KeyPressEvent) -> None:
        move(-1)

    @bindings.add("down")
    @bindings.add("tab")
    def _down(event: KeyPressEvent) -> None:
        move(1)

    @bindings.add("home")
    def _first(event: KeyPressEvent) -> None:
        selected[0] = 0

    @bindings.add("end")
    def _last(event: KeyPressEvent) -> None:
        selected[0] = len(choices) - 1

    @bindings.add("enter")
    def _enter(event: KeyPressEvent) -> None:
        event.app.exit(result=choices[selected[0]])

    @bindings.add("escape", eager=True)
    @bindings.add("c-c")
    @bindings.add("c-d")
    def _leave(event: KeyPressEvent) -> None:
        event.app.exit(result=None)

    for choice in choices:

        @bindings.add(choice.key)
        def _key(event: KeyPressEvent, choice: Choice = choice) -> None:
            event.app.exit(result=choice)

    style = PTStyle.from_dict(
        {"title": "bold", "selected": "reverse", "hint": "italic"}  # legible without colour
    )
    height = 3 + len(choices)
    app: Application[Choice | None] = Application(
        layout=Layout(HSplit([Window(FormattedTextControl(text), height=height)])),
        key_bindings=bindings,
        style=style,
        full_screen=False,
        erase_when_done=True,
    )
    return app.run()


def choose_command() -> list[str] | None:
    """The command the menu's choice stands for, as typed words; None: quit."""
    import click

    from .. import __version__

    games: list[SavedGame] = []
    unfinished = None
    for game in _saved_games():
        if len(games) < RECENT:
            games.append(game)
        if unfinished is None and not game.over:
            unfinished = game
        if len(games) >= RECENT and unfinished is not None:
            break
    choice = choose(f"rummy500 {__version__}: what now?", main_choices(games, unfinished))
    words = None if choice is None else choice.args
    if words in (("replay",), ("analyze",)):
        verb = words[0]
        title = f"{'Replay' if verb == 'replay' else 'Analyse'} which game?"
        picked = choose(title, game_choices(games, verb))
        words = None if picked is None else picked.args
    if words is None:
        return None
    from .. import program
    from ..render.printable import printable

    # the command the choice stands for, to learn it
    click.echo(printable(f"{program.command()} {shlex.join(words)}"))
    return list(words)
