"""JsonConsole: a program at the other end, speaking the JSON-lines protocol of
rummy500-protocol(7): hello, events, prompts, errors, ping/pong, bye. Everything meant
for people (banners, reports, the table) is left out: the events carry it."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any

from ... import protocol
from ...render.printable import printable
from ...render.style import Style
from ..lines import read_line
from ..resume_command import resume_line
from .plain import PlainConsole

if TYPE_CHECKING:
    from ...events import Event
    from ...session import Session
    from ..environment import Environment


class JsonConsole(PlainConsole):
    """The JSON-lines protocol: hello, events, prompts, errors, ping/pong, bye."""

    redraws_table = False
    speaks_protocol = True
    discards_untouched = False

    def __init__(
        self,
        lines: IO[str] | None,
        style: Style,
        quiet: bool,
        strict: bool,
        seats: list[int],
        env: Environment | None = None,
    ) -> None:
        super().__init__(lines, Style(ascii=True), quiet, strict, env)
        self.seats = seats
        self.viewer = seats[0] if len(seats) == 1 else None

    def send(self, **message: Any) -> None:
        output = self.env.output
        output.write(protocol.encode(message) + "\n")
        output.flush()

    def show(self, text: str) -> None:
        self.send(type="info", text=self.style.text(text))

    def banner(self, text: str) -> None:
        """Banners are for people; the hello line carries what a program needs."""

    def report(self, lines: list[str]) -> None:
        """Reports are for people; the events carry the scores."""

    def round_scores(self, lines: list[str]) -> None:
        """The RoundEnded event carries the scores."""

    def notices(self, lines: list[str]) -> None:
        """A program's first line is its hello: nothing is told before it."""

    def error(self, text: str) -> None:
        self.send(type="error", message=self.style.text(printable(text)))

    def fail(self, text: str) -> None:
        self.error(text)

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        self.send(**protocol.event_message(event, seq, self.viewer))

    def read(self, session: Session, seat: int) -> str | None:
        self.send(**protocol.prompt_message(session.state, seat))
        while True:
            line = read_line(self._input())
            if line is None:
                return None
            request = protocol.read_input(line)  # ParseError: refused, as a bad command
            if isinstance(request, protocol.Ping):
                self.send(type="pong", id=request.id)
                continue
            return request

    def greet(self, session: Session, humans: list[int]) -> None:
        """The protocol's first line: the game, its seats and who is at this end."""
        self.send(**protocol.hello(session.state, list(session.kinds), humans))

    def goodbye(self, session: Session, reason: str) -> None:
        """The protocol's last line: why, the log, and how to resume a game not over
        (the log's path as the program gave it)."""
        message = {"type": "bye", "reason": reason, "log": str(session.path)}
        if not session.state.over:
            message["resume"] = resume_line(session, absolute=False)
        self.send(**message)


__all__ = ["JsonConsole"]
