"""The game loop: bots move, humans type, and every line on screen comes from here.

Three consoles share one loop: `PlainConsole` (scripts: lines in, plain lines out),
`PromptConsole` (a person at a terminal: prompt-toolkit, imported only here) and
`JsonConsole` (programs: the JSON-lines protocol of rummy500-protocol(7)).
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from collections.abc import Collection
from typing import IO, Any

import click

from .. import program, protocol
from ..actions import Pass
from ..errors import ParseError, Rummy500Error
from ..events import Event, GameEnded, GameStarted, RoundDealt, RoundEnded
from ..records.log_writer import LogWriteError
from ..render.layout import command_lines
from ..render.narrate import Narrator, one_line_turns
from ..render.printable import names, printable
from ..render.scores import caught_line, places, score_table, scorepad, totals_chart
from ..render.style import Style
from ..render.table import tagged_names
from ..session import Session
from .commands import Interpreter, Reply
from .failure import failure_line


class Quit(Exception):
    """The player leaves (Ctrl-D, `quit`, end of input, Ctrl-C during a bot's move)."""


class PlainConsole:
    """Lines from a stream (stdin or --commands), plain lines to stdout, errors to stderr."""

    def __init__(self, lines: IO[str], style: Style, quiet: bool, strict: bool) -> None:
        self._lines = lines
        self.style = style
        self.quiet = quiet
        self.strict = strict
        self.interpreter: Interpreter | None = None
        """The game's command interpreter, once the loop has one (for the hand's order)."""
        self.game: Session | None = None
        """The game being played, once the loop has it (who is at the keyboard)."""

    def screen(self) -> tuple[int, int] | None:
        """The columns and rows the table may use (None: lines as long as they come,
        for scripts)."""
        return None

    def show_table(self, text: str) -> None:
        """The table at a turn."""
        self.show(text)

    def report(self, lines: list[str]) -> None:
        """Lines for people (the scorepad at the game's end): none under --quiet."""
        if not self.quiet:
            for line in lines:
                self.say(line)

    def recap(self, lines: list[str]) -> None:
        """Hot-seat play: what the others did since this player's last turn; a script
        has it all in its output already (nothing is cleared)."""

    def show(self, text: str) -> None:
        click.echo(self.style.text(text), color=self.style.color)

    def say(self, text: str) -> None:
        """A line to copy, as a command or a path: shown whole, never wrapped."""
        self.show(text)

    def banner(self, text: str) -> None:
        if not self.quiet:
            self.say(text)

    def error(self, text: str) -> None:
        """A refused command: the game goes on."""
        click.echo(f"error: {self.style.text(printable(text))}", err=True, color=self.style.color)

    def fail(self, text: str) -> None:
        """What stops the game (exit 1), in the form of every command's errors."""
        click.echo(failure_line(text), err=True)

    def read(self, session: Session, seat: int) -> str | None:
        """The next command line (None at the end of the input); ParseError for a line
        too long to be one."""
        line = read_line(self._lines)
        return None if line is None else line.strip()

    def confirm(self, question: str) -> bool:
        """A yes-or-no question (the tutor's), answered by the next line: yes only for
        y or yes; the end of the input is a no."""
        self.show(question)
        line = read_line(self._lines)
        return line is not None and line.strip().lower() in ("y", "yes")

    def handover(self, name: str) -> None:
        """Hot-seat play: nothing to hide from a script."""

    def round_over(self, text: str) -> None:
        """A round's end: a script does not wait."""

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        for line in lines:
            self.show(line)

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class JsonConsole(PlainConsole):
    """The JSON-lines protocol: hello, events, prompts, errors, ping/pong, bye."""

    def __init__(self, lines: IO[str], style: Style, quiet: bool, strict: bool, seats: list[int]):
        super().__init__(lines, Style(ascii=True), quiet, strict)
        self.seats = seats
        self.viewer = seats[0] if len(seats) == 1 else None

    def send(self, **message: Any) -> None:
        sys.stdout.write(protocol.encode(message) + "\n")
        sys.stdout.flush()

    def show(self, text: str) -> None:
        self.send(type="info", text=self.style.text(text))

    def banner(self, text: str) -> None:
        """Banners are for people; the hello line carries what a program needs."""

    def report(self, lines: list[str]) -> None:
        """Reports are for people; the events carry the scores."""

    def error(self, text: str) -> None:
        self.send(type="error", message=self.style.text(printable(text)))

    def fail(self, text: str) -> None:
        self.error(text)

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        self.send(**protocol.event_message(event, seq, self.viewer))

    def read(self, session: Session, seat: int) -> str | None:
        self.send(**protocol.prompt_message(session.state, seat))
        while True:
            line = read_line(self._lines)
            if line is None:
                return None
            request = protocol.read_input(line)  # ParseError: refused, as a bad command
            if isinstance(request, protocol.Ping):
                self.send(type="pong", id=request.id)
                continue
            return request


def read_line(stream: IO[str]) -> str | None:
    """The next line of an input stream, None at its end. A line longer than
    protocol.MAX_LINE is read to its end without being kept, and refused (ParseError)."""
    line = stream.readline(protocol.MAX_LINE + 1)
    if line == "":
        return None
    if len(line) <= protocol.MAX_LINE or line.endswith("\n"):
        return line
    length = len(line)
    while not line.endswith("\n") and length <= SKIP_LIMIT:
        line = stream.readline(protocol.MAX_LINE)
        if line == "":
            break
        length += len(line)
    if length > SKIP_LIMIT:
        raise EndOfLines(f"no end of line in {SKIP_LIMIT} characters: the input is not lines")
    raise ParseError(
        f"a line of {length} characters is too long for a command (at most {protocol.MAX_LINE})"
    )


SKIP_LIMIT = 16 << 20
"""How far a line too long is read for its end (16 M characters); an input with no end
of line in that much is not lines of text at all (such as /dev/zero), and is left."""


class EndOfLines(ParseError):
    """An input that is not lines of text: reading it stops, as at its end."""


def resume_line(session: Session, absolute: bool = True) -> str:
    """The command that goes on with the game, quoted so it can be pasted into a shell,
    in a form that a fresh shell finds (see `program.command`), with the log's full path
    (a program speaking the protocol gets the path as it gave it: `absolute=False`)."""
    rejoin = getattr(session, "rejoin_line", None)
    if rejoin:  # a seat at a table on a server (online.client.RemoteSession)
        return rejoin
    path = session.path.absolute() if absolute else session.path
    seats = trusted_seats(session.kinds, session.named_programs)
    return f"{program.command()} resume {seats}{shlex.quote(str(path))}"


def trusted_seats(kinds: list[str], named: Collection[int]) -> str:
    """The --seat options that say yes to the programs a game's seats run (a resume
    runs a program the log names only with them, rummy500-play(6)), each followed by
    a space; only for the seats in `named`, whose program the user named themselves:
    a printed command never approves a program that came from a log."""
    return "".join(
        f"--seat {shlex.quote(f'{seat}={kind}')} "
        for seat, kind in enumerate(kinds)
        if kind.startswith("exec:") and seat in named
    )


def run(
    session: Session,
    console: PlainConsole,
    pace: float = 0.0,
    hot_seat: bool = False,
    windows: str = "ask",
    by_rank: bool = False,
    discard_untouched: bool = False,
    tutor=None,
) -> int:
    """Play until the game ends or the player leaves; answer the exit status.

    `windows="pass"` passes for the humans in the rum_call and out_of_turn windows
    (RULES 7) without asking them. `discard_untouched`: a new game whose script ended
    before any human move leaves no save behind (nor a game for `resume` to pick).
    `tutor`: a cli.tutor.Tutor that weighs each position at the prompt and asks before
    a weak move is committed (`play --tutor`)."""
    style = console.style
    interpreter = Interpreter(session, style, by_rank, windows)
    interpreter.screen = console.screen
    console.interpreter = interpreter
    console.game = session
    if tutor is not None:
        interpreter.vet = lambda action, seat: tutor.vet(
            session, action, console.confirm, console.show
        )
    console_commands = getattr(session, "console_commands", None)
    if console_commands is not None:  # online play: say, the host's commands
        for verb, answer in console_commands():
            interpreter.add(verb, answer)
    n = session.state.n
    humans = [seat for seat in range(n) if session.is_human(seat)]
    home = humans[0] if len(humans) == 1 else None
    narrator = Narrator(style, viewer=home)
    # Hot-seat: what each person has not seen, told as they would see it (their own
    # cards drawn named, the others' not), for when the keyboard comes back to them.
    recaps: dict[int, list[tuple[int | None, str]]] = {seat: [] for seat in humans}
    recap_narrators = {seat: Narrator(style, viewer=seat) for seat in humans} if hot_seat else {}
    shown_to: int | None = None
    dirty = True

    actor = home
    moved = False  # a human has made a move in this run
    untouched = False  # ... and the input ended before one did
    ended: list[str] = []  # a round just ended: wait before what comes next (not the end)

    def show(event: Event, seq: int) -> None:
        """Tell one event, with the state just after it (the loop's observer)."""
        if ended and not isinstance(event, GameEnded):
            console.round_over(ended.pop())
        ended.clear()
        narrator.viewer = actor if (hot_seat and actor in humans) else home
        state = session.state  # (a new one after a takeback)
        console.event(event, seq, narrator.feed(event, state))
        for seat, teller in recap_narrators.items():
            told = teller.feed(event, state)
            if actor != seat:  # (what they did themselves, they saw)
                recaps[seat].extend((getattr(event, "seat", None), line) for line in told)
        size = console.screen()
        width = None if size is None else size[0]
        if isinstance(event, RoundEnded) and not isinstance(console, JsonConsole):
            console.show(score_table(names(state.players), event))
            caught = caught_line(names(state.players), event, style, width)
            if caught:
                console.show(caught)
            ended.append(f"Round {event.round} is over.")
        if isinstance(event, GameEnded) and hasattr(session, "game_over_lines"):
            for line in session.game_over_lines():  # online: the seat's own record
                console.banner(line)
        elif isinstance(event, GameEnded):
            console.report(end_of_game(session, event, style, width))
            console.banner(f"The game is over. Log: {session.path}")
            path = shlex.quote(str(session.path.absolute()))
            me = program.command()
            console.banner("Next:")
            for verb in ("analyze", "replay", "export"):  # analysis first: what to learn
                for line in command_lines(f"{me} {verb} {path}", width, lead="  "):
                    console.banner(line)
            if type(console).__name__ == "PromptConsole":  # a person's record (rummy500 stats)
                from ..stats.after_game import after_game

                for line in after_game(session.path):
                    console.show(line)

    if isinstance(console, JsonConsole):
        console.send(**protocol.hello(session.state, list(session.kinds), humans))
    # The deal of the round in play (and the draw for the first dealer in a new game).
    events, seqs = session.events, session.line.seqs
    since = max(i for i, e in enumerate(events) if isinstance(e, RoundDealt | GameStarted))
    for position in range(1 if len(events) == 3 else since, len(events)):
        if isinstance(console, JsonConsole) or position <= since:
            told = narrator.feed(events[position], session.state)
            console.event(events[position], seqs[position], told)
    try:
        while not session.state.over:
            state = session.state
            seat = state.to_move
            actor = seat
            if not session.is_human(seat):
                session.submit(session.bot_move(), on_event=show)
                dirty = True
                console.pause(pace)
                continue
            if windows == "pass" and state.phase == "window" and state.window_kind != "deadwood":
                session.submit(Pass(), on_event=show)
                continue
            if hot_seat and shown_to != seat:
                console.handover(names(state.players)[seat])
                shown_to = seat
                dirty = True
                for teller in recap_narrators.values():
                    teller.flush()  # (a take told with its play has been told)
                told = one_line_turns(recaps.get(seat, []), names(state.players))
                recaps[seat] = []
                if told:
                    console.recap(recap_lines(told, console.screen()))
            if dirty and not isinstance(console, JsonConsole):
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
                reply: Reply = Reply(error=str(error))
            else:
                if line is None:
                    untouched = discard_untouched and not moved and type(console) is PlainConsole
                    raise Quit
                reply = interpreter.handle(line, seat, on_event=show)
            for text in reply.lines:
                console.show(text)
            if reply.error:
                console.error(reply.error)
                if console.strict:
                    console.fail(
                        "stopped at the first refused command (--strict); the game is saved: "
                        + resume_line(session)
                    )
                    _goodbye(console, session, "error")
                    return 1
            if reply.events:
                dirty = moved = True
            if reply.quit:
                raise Quit
    except (Quit, KeyboardInterrupt):
        if untouched:
            console.say("The input ended before any move: nothing is saved.")
            return 0
        _goodbye(console, session, "quit")
        return 0
    except BrokenPipeError:  # the reader went away (| head): the game is saved; say nothing
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except LogWriteError as error:  # a full disk: the move that failed left no trace
        then = "free some space, then" if error.no_space else "then"
        console.fail(f"{error}; {then}: {resume_line(session)}")
        _goodbye(console, session, "error")
        return 1
    except Rummy500Error as error:  # an external bot failed
        console.fail(f"{error}; every move so far is saved: {resume_line(session)}")
        _goodbye(console, session, "error")
        return 1
    except OSError as error:  # the output could not be written (a full disk under stdout)
        console.fail(
            f"cannot write the game's output: {error.strerror or error}; every move so far "
            f"is saved: {resume_line(session)}"
        )
        return 1
    except Exception as error:  # no traceback for a user: say it, keep the game
        console.fail(
            f"internal error: {type(error).__name__}: {error} (please report it); "
            f"every move so far is saved: {resume_line(session)}"
        )
        return 1
    finally:
        if tutor is not None:
            tutor.close()
        if untouched:
            session.discard()
        else:
            session.close("game_over" if session.state.over else "quit")
    _goodbye(console, session, "game_over")
    return 0


def recap_lines(told: list[str], size: tuple[int, int] | None) -> list[str]:
    """The hot-seat recap under its heading; on a screen, only as many of the latest
    lines as leave room for the table (the `log` command tells the rest)."""
    if size is not None:
        room = max(3, size[1] // 3)
        if len(told) > room:
            hidden = len(told) - room + 1
            told = [f"({hidden} earlier lines: log {len(told) + 5} tells them)", *told[-room + 1 :]]
    return ["Since your last turn:", *(f"  {line}" for line in told)]


def end_of_game(
    session: Session, event: GameEnded, style: Style, width: int | None = None
) -> list[str]:
    """The game's end as on paper: the scorepad of every round, the final places, and a
    chart of the running totals round by round."""
    players = names(session.state.players)
    rounds = [e for e in session.events if isinstance(e, RoundEnded)]
    tagged = tagged_names(players, session.kinds)
    lines = ["", *scorepad(tagged, rounds, width)]
    # (sides are named by their players' names alone: `Ann & Cy`)
    lines += ["", *places(players if event.sides else tagged, event.totals, event.sides or ())]
    lines += ["", *totals_chart(players, rounds, style.ascii, width), ""]
    return lines


def _goodbye(console: PlainConsole, session: Session, reason: str) -> None:
    if isinstance(console, JsonConsole):
        message = {"type": "bye", "reason": reason, "log": str(session.path)}
        if not session.state.over:
            message["resume"] = resume_line(session, absolute=False)
        console.send(**message)
        return
    if reason == "quit":
        size = console.screen()
        command = command_lines(resume_line(session), None if size is None else size[0])
        if len(command) == 1:
            console.say(f"Game saved. Resume with: {command[0]}")
        else:  # a command too long for a line: continued lines that paste as one
            console.say("Game saved. Resume with:")
            for line in command:
                console.say(line)


__all__ = ["JsonConsole", "PlainConsole", "Quit", "run"]
