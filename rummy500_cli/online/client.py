"""The client: a seat played over the network with the local game loop and prompt.

The seam: `cli/loop.run` plays a `Session`; `RemoteSession` is what the loop, the
command interpreter and the prompt need of one, for a seat of a table on a server. Its
`state` is the seat's `Shadow` (the game folded from the events the seat receives), so
the table view, the narrator, Tab completion, colours and commands are local play's.
The other seats are, to the loop, bots: `bot_move` waits for their next move to arrive,
and `submit` plays it into the shadow. This seat's own move is sent to the server,
which alone writes the log; its events come back like everyone's.

The connection is a `Link` (`link`: a thread of its own that reads, pings and connects
again after a drop); the words online play adds to the prompt are `console_words`'s.
Both modules' names are importable from here too.
"""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..actions import Action
from ..errors import IllegalAction, Rummy500Error
from ..events import Event, GameEnded, GameStarted
from ..language import Verb, parse_action
from ..line import Line, Takeback
from ..state import State
from .console_words import HOST_COMMANDS, SAY, chat_line, console_commands
from .link import PING_EVERY, RETRY_FOR, Link, LinkError, connect
from .shadow import OutOfStep, Shadow


class Arrived(Action, frozen=True, tag="arrived"):
    """To the game loop, the 'move' of another seat: what the server sent next."""

    def text(self, ascii: bool = True) -> str:
        return "(the other players' moves)"


class RemoteSession:
    """A seat at a table on a server, as the game loop sees a Session (see the module)."""

    def __init__(self, link: Link, record: Path, invite_text: str) -> None:
        self.link = link
        self.seat = link.invite.seat
        self.shadow = Shadow(self.seat)
        self.path = record
        self.rejoin_line = ""
        self.invite_text = invite_text
        self.bot_timeout = 0.0
        self.seat_changes: list[Any] = []
        self.external: list[Any] = []
        self.notices: list[str] = []
        """Lines for the screen (chat, the server's news), taken by the console."""
        self.on_notice: Callable[[str], None] | None = None
        self.welcome = link.welcome
        self.status = self.welcome.get("status", "playing")
        self.received: list[tuple[int, dict[str, Any]]] = []
        """Every projected event received, as it came (the seat's own record)."""
        self._ident = 0
        self.lost = False
        self.record: Any = None
        self._start_record()

    def _start_record(self) -> None:
        """Keep the seat's own record (`online.record_file`); in a fairly dealt game not yet
        dealt, send the seat's contribution to the seed once the record holds it."""
        from .fairness import new_contribution
        from .record_file import RecordError, SeatRecord

        commitment = self.welcome.get("commitment") or ""
        contribution = ""
        try:
            if self.path.exists():
                self.record = SeatRecord.reopen(self.path)
                if self.record.header.commitment != commitment:
                    self.record.close()
                    self.path.rename(self.path.with_suffix(f".{int(time.time())}.old"))
                    self.record = None
            if self.record is None:
                if commitment and self.seat is not None and not self.welcome.get("contributed"):
                    contribution = new_contribution()
                self.record = SeatRecord.create(self.path, self.seat, commitment, contribution)
        except (RecordError, OSError) as error:
            self._notice(f"warning: no record of this game is kept: {error}")
            self.record = None
        if contribution:
            self.link.send({"type": "contribute", "contribution": contribution, "id": 0})

    # --- what the loop reads -------------------------------------------------------------

    @property
    def state(self) -> State:
        assert self.shadow.state is not None
        return self.shadow.state

    @property
    def line(self) -> Line:
        assert self.shadow.line is not None
        return self.shadow.line

    @property
    def events(self) -> list[Event]:
        return self.line.events

    @property
    def header(self) -> GameStarted:
        return self.line.header

    @property
    def kinds(self) -> list[str]:
        return self.line.kinds

    def is_human(self, seat: int) -> bool:
        """Only this client's seat is asked here; the others' moves arrive."""
        return seat == self.seat

    # --- messages -------------------------------------------------------------------------

    def sync(self, timeout: float = 3600.0) -> None:
        """Take in what the server sent on joining, until the last event it named (a
        fair deal not dealt yet: until it is, as long as the seats wait)."""
        target = int(self.welcome.get("last", 0))
        deadline = time.monotonic() + timeout
        while self.shadow.state is None or (
            self.shadow.last < target and self.shadow.seat is not None
        ):
            left = deadline - time.monotonic()
            if left <= 0:
                raise LinkError("the server did not send the game in time")
            with contextlib.suppress(queue.Empty):
                self._take(self._get(min(left, 1.0)))

    def _get(self, timeout: float | None) -> dict[str, Any]:
        try:
            return self.link.inbox.get(timeout=timeout)
        except queue.Empty:
            raise queue.Empty from None

    def _take(
        self, message: dict[str, Any], on_event: Callable[[Event, int], None] | None = None
    ) -> list[Event]:
        """One message from the server; answers the events it brought (applied)."""
        kind = message.get("type")
        if kind == "events":
            self.shadow.begin()
            events = []
            for item in message["events"]:
                seq, data = int(item["seq"]), item["event"]
                try:
                    event = self.shadow.add(seq, data)
                except OutOfStep as error:
                    raise LinkError(
                        f"the game here is out of step with the server: {error}"
                    ) from None
                self.received.append((seq, data))
                if self.record is not None and seq > self.record.last_seq:
                    with contextlib.suppress(Rummy500Error):
                        self.record.add({"type": "event", "seq": seq, "event": data})
                events.append(event)
                if on_event is not None and not isinstance(event, GameStarted):
                    on_event(event, seq)
            return events
        if kind in ("say", "info"):
            self._notice(chat_line(message))
        elif kind == "status":
            self.status = str(message.get("status"))
        elif kind == "lost":
            self.lost = True
            raise LinkError("the connection to the server is lost; rejoin with the invite")
        elif kind == "bye" and message.get("reason") in ("ended", "replaced"):
            self.lost = True
            raise LinkError(f"the host has {message.get('reason')} the table")
        return []

    def _notice(self, text: str) -> None:
        if self.on_notice is not None:
            self.on_notice(text)
        else:
            self.notices.append(text)

    def _request(
        self, message: dict[str, Any], on_event: Callable[[Event, int], None] | None = None
    ) -> tuple[dict[str, Any], list[Event]]:
        """Send a request and take in what comes until its answer (ok, error, hint)."""
        self._ident += 1
        ident = self._ident
        self.link.send({**message, "id": ident})
        events: list[Event] = []
        deadline = time.monotonic() + 120.0
        while time.monotonic() < deadline:
            try:
                reply = self._get(1.0)
            except queue.Empty:
                continue
            if reply.get("id") == ident and reply.get("type") in ("ok", "error", "hint"):
                if reply["type"] == "error":
                    raise IllegalAction(str(reply.get("message", "refused")))
                return reply, events
            events.extend(self._take(reply, on_event))
        raise LinkError("the server did not answer in 120 s")

    # --- what the loop does -----------------------------------------------------------------

    def bot_move(self) -> Action:
        return Arrived()

    def submit(
        self,
        action: Action,
        seat: int | None = None,
        on_event: Callable[[Event, int], None] | None = None,
    ) -> list[Event]:
        if isinstance(action, Arrived):  # wait for the others' next move
            while True:
                try:
                    message = self._get(1.0)
                except queue.Empty:
                    continue
                events = self._take(message, on_event)
                if events:
                    return events
        message = {"type": "move", "text": action.text(), "at": self.shadow.last}
        _reply, events = self._request(message, on_event)
        return events

    def undo(
        self,
        seat: int,
        count: int = 1,
        asked: Callable[[int], bool] | None = None,
        on_event: Callable[[Event, int], None] | None = None,
    ) -> Takeback:
        self.shadow.takeback = None
        self._request({"type": "undo", "count": count}, on_event)
        if self.shadow.takeback is None:
            raise IllegalAction("undo: the server took nothing back")
        return self.shadow.takeback

    def advice(self, seat: int) -> tuple[Action, str]:
        reply, _events = self._request({"type": "hint"})
        return parse_action(str(reply.get("move", "")), self.state), str(reply.get("why", ""))

    def ranked_advice(self, seat: int) -> list[Any]:
        return []

    def judged_hint(self, seat: int) -> None:
        """No judged hint here: the server answers `hint` (`advice`), where the table's
        settings allow it."""
        return None

    def say(self, text: str) -> None:
        self.link.send({"type": "say", "text": text})

    def table_command(self, command: str) -> str:
        """A host's command (start, pause, end, replace N KIND); its answer."""
        self._request({"type": "table", "command": command})
        return "done"

    def console_commands(self) -> list[tuple[Verb, Callable[[list[str], int], Any]]]:
        """The commands online play adds to the prompt's: say, and the host's
        (`console_words.console_commands`)."""
        return console_commands(self)

    def game_over_lines(self) -> list[str]:
        """What the loop says at the game's end: where the seat's record is, and how it
        proves the deal (a fair one)."""
        import shlex

        from .. import program

        if self.record is None:
            return ["The game is over; the host's log holds it."]
        path = shlex.quote(str(self.path.absolute()))
        if self.line.header.commitment:
            return [
                f"The game is over. Your own record of it: {self.path}",
                f"Check that the deal was fair: {program.command()} verify {path}",
            ]
        return [f"The game is over (dealt from a chosen seed). Your record: {self.path}"]

    def discard(self) -> None:
        self.close()

    def close(self, reason: str = "quit") -> None:
        self._await_reveal()
        self.link.close()
        self.save_record()

    def _await_reveal(self, timeout: float = 10.0) -> None:
        """At a fair game's end, take in the host's reveal of its seed (it follows the
        last move), so that the seat's record can prove the deal."""
        shadow = self.shadow
        if shadow.state is None or not shadow.state.over or self.lost:
            return
        if not self.line.header.commitment:
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.received and self.received[-1][1].get("type") == "seed_revealed":
                return
            try:
                self._take(self._get(0.2))
            except queue.Empty:
                continue
            except LinkError:
                return

    def save_record(self) -> None:
        if self.record is not None:
            self.record.close()
            self.record = None

    @property
    def over(self) -> bool:
        return any(isinstance(e, GameEnded) for e in self.events[-2:])


__all__ = [
    "HOST_COMMANDS",
    "PING_EVERY",
    "RETRY_FOR",
    "SAY",
    "Arrived",
    "Link",
    "LinkError",
    "RemoteSession",
    "chat_line",
    "connect",
]
