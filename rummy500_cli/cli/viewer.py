"""The interactive replay viewer (prompt-toolkit), for `rummy500 replay` on a terminal.

Keys: → ← (l h) one event; ↓ ↑ one turn; ] [ one rotation of turns; PgDn PgUp one
round; Home End; g then a number (an event) or a card (the next event that moves it)
and Enter; b m i the next blunder, mistake, inaccuracy once the game is analysed (B M I
the previous one), and before a judged decision the move played against the better
ones; c C the next and previous of the players' costliest decisions, the worst first
(labelled or not, going round: in a game with any loss there is always one to visit);
e the evaluation graph (each seat's chance of winning over the game) with the
players' accuracy; r the expert's reads of the other hands from the seat seen (--as;
with --as all, from the seat to move); u U the next and previous takeback (where a player took moves
back: the position shows what was taken back); t takes over: asks which seat is yours
(Enter: the seat seen with --as, else seat 0), then branches the game here with that seat
played by you and the others as recorded, and plays it; ? the keys; q quits.

Stepping follows the line played: past what a takeback took back, to the takeback
itself; g N shows any line of the log, one taken back too (the game as it stood then),
and stepping from there goes through the log line by line.
"""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth

from ..analysis.figures import costliest_marks, win_curve
from ..cards import Card
from ..errors import ParseError
from ..numbers import whole_number
from ..records.branch import branch_problem
from ..records.replay import Replay
from ..render.analysis import decision_panel, pct, summary_panel, win_graph
from ..render.position import describe_position
from ..render.printable import names
from ..render.style import Style

HELP = (
    "→/l next event · ←/h previous · ↓/↑ next/previous turn · ]/[ one rotation · "
    "PgDn/PgUp round · Home/End · g N or g CARD then Enter · b/m/i next blunder/mistake/"
    "inaccuracy, B/M/I previous (after analyze) · c/C next/previous costliest decision · "
    "e evaluation graph · r reads of the other hands · u/U next/previous "
    "takeback · t take over a seat from here · ? keys · q quit"
)


class CostlyTour:
    """The `c`/`C` keys' walk through the judged players' costliest decisions, the worst
    first, going round at either end (so it always has somewhere to go when any
    decision lost anything): kept apart from the terminal so that it can be tested."""

    def __init__(self, decisions) -> None:
        self.marks = costliest_marks(decisions)
        self.at = -1

    def step(self, back: bool = False):
        """The next (or, `back`, the previous) costliest decision, or None when none
        lost anything."""
        if not self.marks:
            return None
        count = len(self.marks)
        if self.at < 0:  # the first press: the worst one (or, going back, the least)
            self.at = count - 1 if back else 0
        else:
            self.at = (self.at + (-1 if back else 1)) % count
        return self.marks[self.at]

    def message(self, players) -> str:
        """Where the tour is, in words."""
        decision = self.marks[self.at]
        return (
            f"costliest decision {self.at + 1} of {len(self.marks)}: {players[decision.seat]}, "
            f"{pct(decision.win_drop)} win chance lost ({decision.label or 'no mark'}; c next, "
            "C back)"
        )


def view_replay(
    game: Replay,
    path: Path,
    seat,
    style: Style,
    analysis=None,
    missing: str = "",
    start: int | None = None,
) -> tuple[int, int] | None:
    """Run the viewer; answer the position to branch from and the seat to take when
    the user took over (t). `analysis` is the game's saved analysis (a
    `analysis.sidecar.Analysis`), or None and `missing` says why there is none. It
    opens at `start` (`replay --at N`), else on the first deal: the header alone
    ("Round 0 · Not dealt") shows nothing to look at."""
    deals = game.round_starts()
    position = start if start is not None else (deals[0] if deals else 0)
    graph = False
    reading = False  # r: the reads of the other hands under the table
    read_cache: dict[tuple[int, int], list[str]] = {}
    judged = {d.seq: d for d in analysis.decisions} if analysis is not None else {}
    # RULES: a seat's eyes (or an onlooker's) see no other hand: neither in the graph
    # (each hidden hand counted at the deck's mean) nor in another seat's candidates
    reveal = seat == "all"
    curve = win_curve(game.line.events, blind=not reveal) if analysis is not None else None
    typed: list[str] | None = None
    asking = ""  # what the typed text answers: "g" (go to) or "t" (the seat to take)
    message = "Press ? for the keys."
    result: dict[str, tuple[int, int] | None] = {"take": None}
    turns = game.turn_starts()
    rounds = game.round_starts()
    takebacks = game.takebacks()
    players = names(game.header.players)
    mine = seat if isinstance(seat, int) else 0
    seat_question = (
        "Take over which seat? "
        + ", ".join(f"{number} {name}" for number, name in enumerate(players))
        + f" (Enter: {mine}): "
    )

    def text():
        if graph and curve is not None and analysis is not None:
            width = get_app().output.get_size().columns - 16
            cursor = game.line_position(position)
            lines = win_graph(curve, players, cursor, max(10, width), style)
            body = "\n".join(
                [
                    "Chance of winning over the game (e: back to the table)",
                    *lines,
                    "",
                    *summary_panel(analysis.players, players),
                ]
            )
        else:
            body = describe_position(game, position, seat, style)
            following = game.step(position, 1)
            decision = judged.get(following) if following != position else None
            if decision is not None:
                shown = reveal or seat == decision.seat
                body += "\n" + "\n".join(decision_panel(decision, players, style, shown))
            if reading:
                body += "\n" + "\n".join(reads_panel())
        question = seat_question if asking == "t" else "g "
        status = message if typed is None else question + "".join(typed)
        return ANSI(style.text(f"{path}\n{body}\n\n{status}"))

    def reads_panel() -> list[str]:
        """The reads from the seat seen (with --as all: the seat to move), computed from
        that seat's view of the line played up to here, once per position."""
        from ..analysis.reads import read_hands
        from ..render.reads import reads_lines

        at = game.line_position(position)
        whose = seat if isinstance(seat, int) else game.state_at(position).to_move
        key = (at, whose)
        if key not in read_cache:
            reads = read_hands(game.line.events[: at + 1], whose)
            read_cache[key] = reads_lines(reads, players, style, f"{players[whose]}'s seat")
        return read_cache[key]

    bindings = KeyBindings()
    typing = Condition(lambda: typed is not None)
    browsing = ~typing

    @bindings.add("<any>", filter=typing)
    def _type(event) -> None:
        if event.data.isprintable():
            # prompt_toolkit's untyped key event: `data` is the key's text
            typed.append(event.data)  # type: ignore[union-attr]

    def move(to: int) -> None:
        nonlocal position, message
        position = max(0, min(to, game.last))
        message = "Press ? for the keys."

    @bindings.add("right", filter=browsing)
    @bindings.add("l", filter=browsing)
    def _next(event) -> None:
        move(game.step(position, 1))

    @bindings.add("left", filter=browsing)
    @bindings.add("h", filter=browsing)
    def _previous(event) -> None:
        move(game.step(position, -1))

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
        nonlocal typed, asking
        typed, asking = [], "g"

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
        if asking == "t":
            taken = _seat_answer(target, players, mine)
            if taken is None:
                message = f"no seat {target!r}: give a number (0-{len(players) - 1}) or a name"
                return
            result["take"] = (position, taken)
            event.app.exit()
            return
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

    def jump(marks: list[int], label: str, back: bool) -> None:
        """To the next (or, `back`, the previous) of some marked positions."""
        nonlocal message
        ahead = [m for m in marks if m > position]
        behind = [m for m in marks if m < position]
        found = (behind[-1] if behind else None) if back else (ahead[0] if ahead else None)
        if found is None:
            where = "before" if back else "after"
            message = f"no {label} {where} this position ({len(marks)} in the game)"
            return
        move(found)
        message = f"{label} {marks.index(found) + 1} of {len(marks)}"

    for key, label in (("b", "blunder"), ("m", "mistake"), ("i", "inaccuracy")):
        for upper in (False, True):

            @bindings.add(key.upper() if upper else key, filter=browsing)
            def _label(event, label=label, back=upper) -> None:
                nonlocal message
                if analysis is None:
                    message = missing
                    return
                marks = sorted(game.step(d.seq, -1) for d in analysis.decisions if d.label == label)
                jump(marks, label, back)

    tour = CostlyTour(analysis.decisions if analysis is not None else [])
    for key, back in (("c", False), ("C", True)):

        @bindings.add(key, filter=browsing)
        def _costly(event, back=back) -> None:
            nonlocal message
            if analysis is None:
                message = missing
                return
            found = tour.step(back)
            if found is None:
                message = "no decision lost anything: every move played was the best found"
                return
            move(game.step(found.seq, -1))
            message = tour.message(players)

    for key, back in (("u", False), ("U", True)):

        @bindings.add(key, filter=browsing)
        def _takeback(event, back=back) -> None:
            jump(takebacks, "takeback", back)

    @bindings.add("e", filter=browsing)
    def _graph(event) -> None:
        nonlocal graph, message
        if analysis is None:
            message = missing
            return
        graph = not graph

    @bindings.add("r", filter=browsing)
    def _reads(event) -> None:
        nonlocal reading, message
        if seat is None:  # an onlooker sees no hand: no seat's reads either
            message = "the reads are a seat's: replay with --as SEAT (or --as all)"
            return
        reading = not reading
        message = "reads of the other hands (r: hide)" if reading else "Press ? for the keys."

    @bindings.add("?", filter=browsing)
    def _help(event) -> None:
        nonlocal message
        message = HELP

    @bindings.add("t", filter=browsing)
    def _take_over(event) -> None:
        nonlocal message, typed, asking
        problem = branch_problem(game, position)
        if problem:
            message = f"cannot take over here: {problem}"
            return
        typed, asking = [], "t"

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
    return result["take"]


def _seat_answer(text: str, players: tuple[str, ...], default: int) -> int | None:
    """The seat an answer names: empty for the default, a number, or a name."""
    if not text:
        return default
    number = whole_number(text)
    if number is not None:
        return number if number < len(players) else None
    lowered = [name.lower() for name in players]
    return lowered.index(text.lower()) if text.lower() in lowered else None
