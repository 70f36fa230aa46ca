"""A table: one game (a Session and its log), its seats, its settings and its clients.

The table is the only writer of its log: every move, a person's or a bot's, goes
through `Session.submit` (written and fsynced, then applied), one at a time (the
table's lock), in a worker thread so that the other tables go on meanwhile. Each
client receives the log's events as its seat may see them (`project`), in order, each
with its sequence number in the log, so a client that comes back says the last number
it saw and gets exactly what it missed.

Beside the log, a small metadata file (`NAME.table.json`, written atomically, mode
0600) keeps what the log does not: the table's name, the seats' secrets, its settings
and whether the host has started it. With the log it is all a restarted server needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from ..actions import Pass
from ..errors import LogError, Rummy500Error, clipped
from ..events import Event, TakenBack
from ..language import parse_action
from ..line import played_line
from ..records.log_writer import LogWriter
from ..render.printable import names as printable_names
from ..rules import Rules
from ..session import Session
from ..state import fold
from .fairness import check_contribution, fair_opening, reveal
from .invite import Invite, new_secret, same_secret
from .projection import visible
from .vault import forget_secret, keep_secret, read_secret
from .wire import TEXT_LIMIT, WireError, int_field, text_field

META_SUFFIX = ".table.json"


class Settings(msgspec.Struct, kw_only=True):
    """What the host decides for a table (table manners, issue 29 point 7)."""

    hints: bool = False
    """`hint` allowed: off by default where more than one person plays, so that no one
    gets help the others do not know of."""
    undo: bool = False
    """`undo` allowed (it takes back the other players' moves after it too)."""
    seat_wait: float = 120.0
    """Seconds a person's seat waits for its player before a bot plays it."""
    delay: int = 0
    """Spectators see the game this many moves late."""
    pace: float = 0.0
    """Seconds a bot waits before it moves (so people can follow)."""
    level: str = "strong"
    """The bot that plays a seat whose person is away."""
    windows: str = "ask"
    """`pass`: the table passes for people in the rum and out-of-turn windows."""

    def words(self) -> str:
        on = {True: "on", False: "off"}
        return (
            f"hints {on[self.hints]} · undo {on[self.undo]} · an empty seat waits "
            f"{self.seat_wait:g} s, then a {self.level} bot plays it · spectators "
            f"{'see every move at once' if not self.delay else f'see {self.delay} moves late'}"
        )


class Game(msgspec.Struct, kw_only=True):
    """A fairly dealt game not yet dealt: what `fairness.fair_opening` needs."""

    players: list[str]
    kinds: list[str]
    rules: Rules
    undo: bool = True
    bot_timeout: float = 10.0


class Meta(msgspec.Struct, kw_only=True):
    """The metadata file of a table (beside its log)."""

    table: str
    log: str
    secrets: list[str | None]
    """Each seat's secret; None for a seat a bot or a program plays from the start."""
    watch: str
    admin: str
    settings: Settings
    status: str = "waiting"
    """waiting (for its people or the host's start), playing, paused, ended, over."""
    away: list[int] = []
    """The people's seats a bot plays now, until their people come back."""
    commitment: str | None = None
    """A fair deal's commitment to the host's secret seed and salt, which are kept
    beside the log (`vault`) until the game ends and they are revealed."""
    contributions: list[str] = []
    """Each seat's contribution to the seed so far ("" for none yet, or a bot's)."""
    game: Game | None = None
    """The game to deal once every person has contributed (None once it is dealt)."""


def meta_path(log: Path) -> Path:
    return log.with_name(log.stem + META_SUFFIX)


def write_meta(path: Path, meta: Meta) -> None:
    """Write the metadata atomically: a temporary file beside it, fsynced, renamed."""
    data = msgspec.json.format(msgspec.json.encode(meta)) + b"\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=META_SUFFIX)
    try:
        os.fchmod(handle, 0o600)
        os.write(handle, data)
        os.fsync(handle)
        os.close(handle)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def read_meta(path: Path) -> Meta:
    return msgspec.json.decode(path.read_bytes(), type=Meta)


def project(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as a seat (None: a spectator) may receive it (`projection.visible`)."""
    return visible(event, seat)


class Client:
    """What a table needs of a connection: a seat, what it has been sent, and a way to
    send it a message without waiting (a client that does not read is cut off)."""

    seat: int | None
    admin: bool
    sent: int
    name: str

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class Table:
    def __init__(
        self,
        session: Session | None,
        meta: Meta,
        path: Path,
        events: list[Event],
        loop_time=time.monotonic,
    ) -> None:
        self._session = session
        self.meta = meta
        self.meta_file = path
        self.log: list[Event] = events
        """Every line of the log, by sequence number (the header is 0)."""
        self.moves: list[int] = []
        """Where each batch of events (one move) begins in `log`, for the spectators'
        delay."""
        self.projected: dict[int | None, list[dict[str, Any]]] = {}
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.away_since: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self.clock = loop_time
        self.closed = False
        self.start_now = False
        """The host said start: deal without waiting for every contribution."""
        self.opened = loop_time()
        for seat in self.people:  # not here yet: each waits as a seat left does
            if seat not in meta.away:
                self.away_since[seat] = self.opened

    # --- who is who -----------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The game (once dealt: a fair deal waits for the people's contributions)."""
        assert self._session is not None
        return self._session

    @property
    def path(self) -> Path:
        """The table's log (written once the cards are dealt)."""
        return self.meta_file.with_name(self.meta.log)

    @property
    def dealt(self) -> bool:
        return self._session is not None

    @property
    def id(self) -> str:
        return self.meta.table

    @property
    def n(self) -> int:
        return len(self.meta.secrets)

    @property
    def over(self) -> bool:
        return self._session is not None and self._session.state.over

    @property
    def people(self) -> list[int]:
        return [seat for seat, key in enumerate(self.meta.secrets) if key is not None]

    def names(self) -> list[str]:
        if self.meta.game is not None:
            return list(printable_names(tuple(self.meta.game.players)))
        return list(printable_names(self.session.state.players))

    def admit(self, seat: int | None, key: str, admin: str | None) -> bool:
        """Whether a key opens this seat (None: the watch key); constant time."""
        if seat is None:
            good = same_secret(key, self.meta.watch)
        elif 0 <= seat < len(self.meta.secrets):
            good = same_secret(key, self.meta.secrets[seat])
        else:
            same_secret(key, self.meta.watch)  # the same work as a real seat
            good = False
        if admin is not None and not same_secret(admin, self.meta.admin):
            return False
        return good

    def invite(
        self, host: str, port: int, seat: int | None, tls: str | None, admin: bool = False
    ) -> Invite:
        """The invite to a seat (None: to watch); `admin`: the host's own."""
        key = self.meta.watch if seat is None else self.meta.secrets[seat]
        assert key is not None
        return Invite(host, port, self.id, seat, key, tls, self.meta.admin if admin else None)

    def save_meta(self) -> None:
        write_meta(self.meta_file, self.meta)

    # --- what each client receives ---------------------------------------------------

    def _projected(self, seat: int | None, upto: int) -> list[dict[str, Any]]:
        cache = self.projected.setdefault(seat, [])
        for seq in range(len(cache), upto):
            cache.append(project(self.log[seq], seat))
        return cache

    def visible_upto(self, client: Client) -> int:
        """How many of the log's events a client may have now: all, or for a spectator
        all but the last `delay` moves (all once the game is over)."""
        if client.seat is not None or self.meta.settings.delay <= 0 or self.over:
            return len(self.log)
        held = self.meta.settings.delay
        return self.moves[-held] if len(self.moves) >= held else min(len(self.log), 3)

    def catch_up(self, client: Client) -> None:
        """Send a client the events it has not had (one `events` message)."""
        upto = self.visible_upto(client)
        if client.sent + 1 >= upto:
            return
        cache = self._projected(client.seat, upto)
        first = client.sent + 1
        client.send(
            {
                "type": "events",
                "events": [{"seq": seq, "event": cache[seq]} for seq in range(first, upto)],
            }
        )
        client.sent = upto - 1

    def publish(self, first: int) -> None:
        """New lines are in the log from `first`: every client is sent its view."""
        self.moves.append(first)
        for client in list(self.clients):
            self.catch_up(client)
        self.changed.set()

    def tell(self, message: dict[str, Any], seats: Callable[[Client], bool] | None = None) -> None:
        for client in list(self.clients):
            if seats is None or seats(client):
                client.send(message)

    def notice(self, text: str) -> None:
        self.tell({"type": "info", "text": text})

    def welcome(self, client: Client) -> dict[str, Any]:
        game = self.meta.game
        players = game.players if game is not None else list(self.session.state.players)
        kinds = game.kinds if game is not None else list(self.session.kinds)
        return {
            "type": "welcome",
            "protocol": 1,
            "table": self.id,
            "seat": client.seat,
            "admin": client.admin,
            "players": players,
            "kinds": ["exec" if kind.startswith("exec:") else kind for kind in kinds],
            "commitment": self.meta.commitment,
            "contributed": client.seat is not None
            and client.seat < len(self.meta.contributions)
            and bool(self.meta.contributions[client.seat]),
            "people": self.people,
            "away": list(self.meta.away),
            "status": self.meta.status,
            "settings": msgspec.to_builtins(self.meta.settings),
            "settings_words": self.meta.settings.words(),
            "last": len(self.log) - 1,
        }

    # --- joining and leaving ----------------------------------------------------------

    async def join(self, client: Client, last: int) -> None:
        """A client comes in (or back) having seen the events up to `last`."""
        client.sent = max(-1, min(last, len(self.log) - 1))
        self.clients.add(client)
        client.send(self.welcome(client))
        seat = client.seat
        if seat is not None:
            self.away_since.pop(seat, None)
            if seat in self.meta.away:
                await self._seat(seat, "human")
                self.meta.away.remove(seat)
                self.save_meta()
                self.notice(f"{self.names()[seat]} is back and plays again.")
            else:
                self.notice(f"{self.names()[seat]} has joined the table.")
            if self.meta.status == "waiting" and all(
                any(c.seat == s for c in self.clients) for s in self.people
            ):
                await self.set_status("playing")
        self.catch_up(client)
        self.changed.set()

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        seat = client.seat
        if seat is None or self.closed or any(c.seat == seat for c in self.clients):
            return
        if not self.over:
            self.away_since[seat] = self.clock()
            wait = self.meta.settings.seat_wait
            self.notice(
                f"{self.names()[seat]} has left the table; a bot plays the seat in {wait:g} s "
                "unless they come back."
            )
        self.changed.set()

    async def set_status(self, status: str) -> None:
        self.meta.status = status
        self.save_meta()
        self.tell({"type": "status", "status": status})
        self.changed.set()

    async def _seat(self, seat: int, kind: str) -> None:
        """A seat_changed line, written by the worker thread, then sent to all."""
        async with self.lock:
            first = len(self.log)
            _seq, event = await asyncio.to_thread(self.session.change_seat, seat, kind)
            self.log.append(event)
            self.publish(first)

    # --- the game ----------------------------------------------------------------------

    async def _play(self, work: Callable[[], list[Event]]) -> None:
        """Run one move in the worker thread (the log written before the state moves)
        and send its events to everyone."""
        first = len(self.log)
        events = await asyncio.to_thread(work)
        self.log.extend(events)
        self.publish(first)
        if self.session.state.over:
            await self.finish()

    async def _reveal(self) -> None:
        """A fair deal's end: the host's secret seed and salt, as the log's last line."""
        if self.meta.commitment is None or not self.dealt:
            return
        secret = read_secret(self.path)
        if secret is None:
            return
        event = reveal(secret)
        first = len(self.log)
        await asyncio.to_thread(self.session.writer.append, [event])
        self.log.append(event)
        self.publish(first)
        forget_secret(self.path)

    async def finish(self) -> None:
        await self._reveal()
        self.meta.status = "over"
        self.save_meta()
        self.session.close("game_over")
        self.closed = True
        # after the answer to the move that ended the game (sent when this returns)
        asyncio.get_running_loop().call_soon(self.tell, {"type": "bye", "reason": "game_over"})

    def _ready(self) -> bool:
        """Whether every person's seat has contributed to the seed."""
        given = self.meta.contributions
        return all(seat < len(given) and given[seat] for seat in self.people)

    async def deal(self) -> None:
        """Deal a fair game: the seed derived from the host's secret and the seats'
        contributions ("" for a seat that gave none), the log written, the events sent."""
        game = self.meta.game
        secret = read_secret(self.path) if game is not None else None
        if game is None or secret is None:
            return
        given = list(self.meta.contributions) + [""] * (self.n - len(self.meta.contributions))
        events = fair_opening(
            game.players, game.rules, secret, given[: self.n], seats=game.kinds, undo=game.undo
        )
        writer = await asyncio.to_thread(LogWriter.create, self.path, events, True)
        self._session = Session(played_line(events), fold(events), writer, game.bot_timeout)
        self.meta.game = None
        self.save_meta()
        self.log = list(events)
        self.publish(0)

    def contribute(self, client: Client, message: dict[str, Any]) -> None:
        """A seat's contribution to the seed, before the deal (once)."""
        seat = self._own_seat(client, message)
        if self.meta.game is None:
            raise WireError("the cards are dealt: a contribution comes before the deal")
        # (the message is JSON from a client: check_contribution refuses what is not a
        # string of 64 hex digits, whatever its type, so it may be handed anything)
        value = check_contribution(message.get("contribution"))  # type: ignore[arg-type]
        given = self.meta.contributions
        given.extend([""] * (self.n - len(given)))
        if given[seat] and given[seat] != value:
            raise WireError("this seat has contributed already")
        given[seat] = value
        self.save_meta()
        self.changed.set()

    async def drive(self) -> None:
        """Deal (a fair game waits for its people's contributions, at most a seat's
        wait), then play the bots' moves and seat bots for people away, until the game
        ends."""
        while self.meta.game is not None and not self.closed:
            self.changed.clear()
            due = self.opened + self.meta.settings.seat_wait - self.clock()
            if self._ready() or due <= 0 or self.start_now:
                async with self.lock:
                    await self.deal()
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), due)
        if self.closed:
            return
        session = self.session
        while not session.state.over and not self.closed:
            self.changed.clear()
            state = session.state
            seat = state.to_move
            if self.meta.status == "waiting":  # for its people, at most a seat's wait
                due = self.opened + self.meta.settings.seat_wait - self.clock()
                if due <= 0 or not self.people:
                    await self.set_status("playing")
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), due)
                continue
            if self.meta.status != "playing":
                await self.changed.wait()
                continue
            await self._check_away()
            if not session.is_human(seat):
                if self.meta.settings.pace > 0:
                    await asyncio.sleep(self.meta.settings.pace)
                async with self.lock:
                    if self.closed or session.state.to_move != seat or session.is_human(seat):
                        continue
                    if self.meta.status != "playing":
                        continue
                    action = await asyncio.to_thread(session.bot_move)
                    await self._play(functools.partial(session.submit, action))
                continue
            if (
                self.meta.settings.windows == "pass"
                and state.phase == "window"
                and state.window_kind != "deadwood"
            ):
                async with self.lock:
                    await self._play(lambda: session.submit(Pass()))
                continue
            timeout = None
            if self.away_since:
                due = min(self.away_since.values()) + self.meta.settings.seat_wait
                timeout = max(0.05, due - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), timeout)

    async def _check_away(self) -> None:
        """Seat a bot for every person away longer than the seat waits."""
        now = self.clock()
        for seat, since in list(self.away_since.items()):
            if now - since < self.meta.settings.seat_wait:
                continue
            del self.away_since[seat]
            if seat in self.meta.away or not self.session.is_human(seat):
                continue
            self.meta.away.append(seat)
            self.save_meta()
            await self._seat(seat, f"bot:{self.meta.settings.level}")
            self.notice(
                f"{self.names()[seat]} is away: a {self.meta.settings.level} bot plays the "
                "seat until they come back."
            )

    # --- a client's requests -------------------------------------------------------------

    async def handle(self, client: Client, message: dict[str, Any]) -> None:
        """One message from a client; a refusal is one `error` line and changes nothing."""
        kind = message["type"]
        ident = message.get("id")
        try:
            if kind == "ping":
                client.send({"type": "pong", "id": ident})
            elif kind == "move":
                await self._move(client, message)
                client.send({"type": "ok", "id": ident, "last": client.sent})
            elif kind == "undo":
                await self._undo(client, message)
                client.send({"type": "ok", "id": ident, "last": client.sent})
            elif kind == "hint":
                client.send({"type": "hint", "id": ident, **(await self._hint(client))})
            elif kind == "say":
                self._say(client, message)
            elif kind == "contribute":
                self.contribute(client, message)
                client.send({"type": "ok", "id": ident, "last": client.sent})
            elif kind == "table":
                await self._command(client, message)
                client.send({"type": "ok", "id": ident, "last": client.sent})
            else:
                raise WireError(
                    f"unknown message type {clipped(kind, 20)!r}: move, undo, hint, say, "
                    "contribute, table or ping"
                )
        except (Rummy500Error, WireError) as error:
            client.send({"type": "error", "id": ident, "message": clipped(str(error), 300)})

    def _own_seat(self, client: Client, message: dict[str, Any]) -> int:
        seat = client.seat
        if seat is None:
            raise WireError("a spectator watches: it makes no move")
        if "seat" in message and message["seat"] != seat:
            raise WireError(f"you play seat {seat} only; a move for another seat is refused")
        return seat

    def _playing(self) -> None:
        if not self.dealt:
            raise WireError("the cards are not dealt yet: every seat contributes to the seed first")
        status = self.meta.status
        if status == "playing":
            return
        if status == "waiting":
            raise WireError("the game has not started: the host starts it (or every seat fills)")
        if status == "paused":
            raise WireError("the host has paused the game")
        raise WireError("the game is over")

    async def _move(self, client: Client, message: dict[str, Any]) -> None:
        seat = self._own_seat(client, message)
        text = text_field(message, "text", 400)
        at = int_field(message, "at")
        async with self.lock:
            self._playing()
            state = self.session.state
            if at != len(self.log) - 1:
                raise WireError(
                    f"this move answers event {at}, but the game is at event "
                    f"{len(self.log) - 1}: a move sent twice or too late; nothing was played"
                )
            if state.to_move != seat or not self.session.is_human(seat):
                raise WireError(f"it is {self.names()[state.to_move]}'s turn, not yours")
            action = parse_action(text, state)
            session = self.session
            await self._play(lambda: session.submit(action, seat))

    async def _undo(self, client: Client, message: dict[str, Any]) -> None:
        seat = self._own_seat(client, message)
        count = int_field(message, "count", 1)
        if not self.meta.settings.undo:
            raise WireError("undo is off at this table (the host decides)")
        async with self.lock:
            self._playing()
            session = self.session
            first = len(self.log)
            await asyncio.to_thread(session.undo, seat, max(1, count))
            event = session.line.walk[-1][1]
            assert isinstance(event, TakenBack)
            self.log.append(event)
            self.publish(first)

    async def _hint(self, client: Client) -> dict[str, Any]:
        seat = self._own_seat(client, {})
        if not self.meta.settings.hints:
            raise WireError("hints are off at this table (the host decides)")
        async with self.lock:
            self._playing()
            if self.session.state.to_move != seat:
                raise WireError("no hint now: it is not your turn")
            action, why = await asyncio.to_thread(self.session.advice, seat)
        return {"move": action.text(), "why": why}

    def _say(self, client: Client, message: dict[str, Any]) -> None:
        text = text_field(message, "text", TEXT_LIMIT).strip()
        if not text:
            raise WireError("say what? write say TEXT")
        name = self.names()[client.seat] if client.seat is not None else client.name
        self.tell({"type": "say", "seat": client.seat, "name": name, "text": text})

    async def _command(self, client: Client, message: dict[str, Any]) -> None:
        """The host's commands: start, pause, end, replace SEAT human|LEVEL."""
        if not client.admin:
            raise WireError("only the host starts, pauses or ends the table")
        words = text_field(message, "command", 100).split()
        verb = words[0].lower() if words else ""
        if verb in ("start", "resume") and self.meta.status in ("waiting", "paused"):
            self.start_now = True
            await self.set_status("playing")
            self.notice("The host starts the game.")
        elif verb == "pause" and self.meta.status == "playing":
            await self.set_status("paused")
            self.notice("The host has paused the game.")
        elif verb == "end":
            self.notice("The host has ended the table; the log keeps the game.")
            await self._reveal()
            await self.set_status("ended")
            self.closed = True
            self.tell({"type": "bye", "reason": "ended"})
            if self.dealt:
                self.session.close("quit")
        elif verb == "replace" and len(words) == 3 and words[1].isdigit():
            await self._replace(int(words[1]), words[2].lower())
        else:
            raise WireError(
                "table commands: start, pause, end, replace SEAT human|LEVEL "
                f"(the table is {self.meta.status})"
            )

    async def _replace(self, seat: int, kind: str) -> None:
        from ..bots import BOTS

        if not 0 <= seat < self.n:
            raise WireError(f"there is no seat {seat} (seats 0 to {self.n - 1})")
        if not self.dealt:
            raise WireError("seats are replaced once the cards are dealt")
        if kind in BOTS:
            await self._seat(seat, f"bot:{kind}")
            if seat in self.meta.away:
                self.meta.away.remove(seat)
            self.meta.secrets[seat] = None
            for client in [c for c in self.clients if c.seat == seat]:
                client.send({"type": "bye", "reason": "replaced"})
                client.close()
        elif kind == "human":
            self.meta.secrets[seat] = new_secret()
            if not self.session.is_human(seat):
                await self._seat(seat, "human")
        else:
            raise WireError(f"replace a seat with human or a bot level, not {kind[:20]!r}")
        self.away_since.pop(seat, None)
        self.save_meta()
        self.notice(f"The host has given {self.names()[seat]}'s seat to {kind}.")


def load_table(log: Path, meta: Meta) -> Table:
    """Reopen a table from its log and metadata (a restarted server)."""
    from ..records.log import read_log

    if meta.game is not None and not log.exists():  # not dealt yet: waits again
        return Table(None, meta, meta_path(log), [])
    session, _warnings = Session.resume(log, trust=lambda seat, command: None)
    events = list(read_log(log).events)
    return Table(session, meta, meta_path(log), events)


def new_table(
    log: Path,
    names: list[str],
    kinds: list[str],
    rules: Any,
    seed: str | None,
    deck: list[Any],
    settings: Settings,
    bot_timeout: float = 10.0,
    undo: bool = True,
    make_parents: bool = True,
) -> Table:
    """A new table, a secret for each seat a person plays, its metadata written beside
    the log. Without a seed or a stacked deck the deal is fair (`online.fairness`): the
    host commits to a secret seed now and deals when the people have contributed;
    with one (a chosen deal, for tests and lessons) the game is dealt at once."""
    meta = Meta(
        table=new_secret()[:8],
        log=log.name,
        secrets=[new_secret() if kind == "human" else None for kind in kinds],
        watch=new_secret(),
        admin=new_secret(),
        settings=settings,
    )
    if seed is None and not deck:
        from .fairness import new_secret as new_seed

        log.parent.mkdir(parents=True, exist_ok=True)
        secret = new_seed()
        keep_secret(log, secret)
        meta.commitment = secret.commitment
        meta.contributions = [""] * len(kinds)
        meta.game = Game(
            players=list(names), kinds=list(kinds), rules=rules, undo=undo, bot_timeout=bot_timeout
        )
        table = Table(None, meta, meta_path(log), [])
        table.save_meta()
        return table
    session = Session.start(
        log, names, kinds, rules, seed or "0", deck, bot_timeout, make_parents, undo
    )
    table = Table(session, meta, meta_path(log), list(session.events))
    table.save_meta()
    return table


__all__ = ["LogError", "Meta", "Settings", "Table", "load_table", "new_table", "project"]
