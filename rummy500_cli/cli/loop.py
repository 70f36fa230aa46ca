"""The game loop: bots move, humans type, until the game ends or the player leaves.

One loop for every console (cli/consoles/): it never asks which console it has. What
differs between a script, a program speaking the protocol and a person at a terminal
is a capability the console carries (`redraws_table`, `discards_untouched`) or a hook
it answers (`greet`, `round_over`, `goodbye`, ...). What the events say is told by
cli/telling.py; how an unexpected error stops the game is cli/stops.py's
`game_failure`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Pass
from ..errors import ParseError
from ..render.printable import names
from .commands import Interpreter, Reply
from .lines import EndOfLines
from .resume_command import (
    resume_line,
    trusted_seats,
)  # (trusted_seats: cli/review.py finds it here)
from .stops import ExitStatus, game_failure
from .telling import Teller

if TYPE_CHECKING:
    from ..session import Session
    from .consoles.base import Console
    from .tutor import Tutor


class Quit(Exception):
    """The player leaves (Ctrl-D, `quit`, end of input, Ctrl-C during a bot's move);
    `untouched`: a script's input ended before any human move (nothing is kept)."""

    def __init__(self, untouched: bool = False) -> None:
        super().__init__()
        self.untouched = untouched


def run(
    session: Session,
    console: Console,
    pace: float = 0.0,
    hot_seat: bool = False,
    windows: str = "ask",
    by_rank: bool = False,
    discard_untouched: bool = False,
    tutor: Tutor | None = None,
) -> ExitStatus:
    """Play until the game ends or the player leaves; answer the exit status.

    `windows="pass"` passes for the humans in the rum_call and out_of_turn windows
    (RULES 7) without asking them. `discard_untouched`: a new game whose script ended
    before any human move leaves no save behind (nor a game for `resume` to pick).
    `tutor`: a cli.tutor.Tutor that weighs each position at the prompt and asks before
    a weak move is committed (`play --tutor`)."""
    interpreter = Interpreter(session, console.style, by_rank, windows)
    interpreter.screen = console.screen
    console.attach(session, interpreter)
    if tutor is not None:
        interpreter.vet = lambda action, seat: tutor.vet(
            session, action, console.confirm, console.show
        )
    console_commands = getattr(session, "console_commands", None)
    if console_commands is not None:  # online play: say, the host's commands
        for verb, answer in console_commands():
            interpreter.add(verb, answer)
    humans = [seat for seat in range(session.state.n) if session.is_human(seat)]
    teller = Teller(session, console, humans, hot_seat)
    console.greet(session, humans)
    teller.opening()
    untouched = False
    try:
        status = _turns(
            session, console, interpreter, teller, pace, windows, discard_untouched, tutor
        )
    except (Quit, KeyboardInterrupt) as leaving:
        untouched = isinstance(leaving, Quit) and leaving.untouched
        if untouched:
            console.say("The input ended before any move: nothing is saved.")
        else:
            console.goodbye(session, "quit")
        return ExitStatus.SUCCESS
    except Exception as error:
        stop = game_failure(error, session)
        if stop.silence:  # the reader went away: the game is saved; say nothing more
            console.silence()
        if stop.message is not None:
            console.fail(stop.message)
        if stop.goodbye:
            console.goodbye(session, "error")
        return stop.status
    finally:
        if tutor is not None:
            tutor.close()
        if untouched:
            session.discard()
        else:
            session.close("game_over" if session.state.over else "quit")
    if status is ExitStatus.SUCCESS:
        console.goodbye(session, "game_over")
    return status


def _turns(
    session: Session,
    console: Console,
    interpreter: Interpreter,
    teller: Teller,
    pace: float,
    windows: str,
    discard_untouched: bool,
    tutor: Tutor | None,
) -> ExitStatus:
    """The turns, until the game is over (SUCCESS) or a refused command stops it under
    --strict (ERROR); Quit when the player leaves."""
    shown_to: int | None = None
    dirty = True  # the table has changed since it was last drawn
    moved = False  # a human has made a move in this run
    while not session.state.over:
        state = session.state
        seat = state.to_move
        teller.actor = seat
        if not session.is_human(seat):
            session.submit(session.bot_move(), on_event=teller)
            dirty = True
            console.pause(pace)
            continue
        if windows == "pass" and state.phase == "window" and state.window_kind != "deadwood":
            session.submit(Pass(), on_event=teller)
            continue
        if teller.hot_seat and shown_to != seat:
            console.handover(names(state.players)[seat])
            shown_to = seat
            dirty = True
            teller.recap(seat)
        if dirty and console.redraws_table:
            console.show_table(interpreter.table(seat))
            dirty = False
        if tutor is not None:
            tutor.watch(session, seat)  # weighed while the player types
        try:
            line = console.read(session, seat)
        except EndOfLines as error:  # /dev/zero: say so, and leave as at the end
            console.error(str(error))
            raise Quit from None
        except ParseError as error:  # a line that is not even a command
            reply = Reply(error=str(error))
        else:
            if line is None:
                raise Quit(discard_untouched and not moved and console.discards_untouched)
            reply = interpreter.handle(line, seat, on_event=teller)
        for text in reply.lines:
            console.show(text)
        if reply.error:
            console.error(reply.error)
            if console.strict:
                console.fail(
                    "stopped at the first refused command (--strict); the game is saved: "
                    + resume_line(session)
                )
                console.goodbye(session, "error")
                return ExitStatus.ERROR
        if reply.events:
            dirty = moved = True
        if reply.quit:
            raise Quit
    return ExitStatus.SUCCESS


__all__ = ["Quit", "resume_line", "run", "trusted_seats"]
