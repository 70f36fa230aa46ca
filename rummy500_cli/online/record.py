"""A player's own record of an online game, and its proof (`rummy500 verify RECORD`).

The host keeps the game's log; a player cannot trust it. So each client keeps a record
of its own: a JSON-lines file whose first line says whose record it is, and then every
message its seat received, exactly as received (`online.projection`'s wire form):

    {"type":"record","format":1,"program":"rummy500 0.1.0","seat":1,
     "commitment":"<64 hex>","contribution":"<64 hex>"}
    {"type":"event","seq":0,"event":{"type":"game_started",...,"commitment":...}}
    {"type":"event","seq":1,"event":{"type":"dealer_drawn",...}}
    ...
    {"type":"event","seq":250,"event":{"type":"seed_revealed","seed":...,"salt":...}}

The first line is written when the client joins, before it sends its contribution:
`commitment` is the one the host showed it then, `contribution` the one it sends
(`online.fairness`); `seat` is null for a spectator, whose contribution is "".
Messages of other kinds (whatever the server says besides events) are kept too and
skipped by the check; an event received twice (after a reconnect) must be the same.

`verify_record` proves, trusting nothing in the file but what the seat itself wrote:

1. the game's header (event 0) commits to the commitment shown when the seat joined,
   and holds the seat's own contribution at its seat;
2. the revealed seed and salt match that commitment (`fairness.check_reveal`): the
   host's seed was fixed before the seat contributed, before the first deal;
3. the game's seed is derived from the revealed seed and the header's contributions;
4. the engine, dealing from that seed and playing the moves the seat saw, gives exactly
   every message the seat received, in order, as `projection.visible` shows it to that
   seat: every card it was dealt and drew, every deal's counts, every move legal. (A
   takeback is followed to the point it returns to; whether it was allowed is for the
   audit of the host's log to judge, as it changes no card of the deal.)

A record that fails any of these is refused with one line naming the record's line.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import msgspec

from .. import __version__
from ..errors import LogError, Rummy500Error, clipped
from ..events import AnyEvent, Event, GameStarted, SeedRevealed, StockDrawn, StockRebuilt
from .fairness import FairnessError, check_reveal, derive_seed
from .projection import HEADER_FIELDS, line, visible

RECORD_FORMAT = 1
"""The version of the record's first line; it changes only by adding."""
MAX_RECORD = 256 << 20
"""The largest record read (as the largest log)."""
MAX_RECORD_LINE = 1 << 20
"""The longest line of a record read (as a log's)."""


class RecordError(LogError):
    """A record that cannot be read, or that does not prove its game fair: one line."""


class RecordHeader(msgspec.Struct, frozen=True, kw_only=True):
    """The first line of a record: whose it is, and what the seat was shown and gave
    when it joined."""

    type: str = "record"
    format: int = RECORD_FORMAT
    program: str = ""
    seat: int | None
    """The seat the record was kept for (None: a spectator's)."""
    commitment: str
    """The host's commitment, as shown to the seat when it joined."""
    contribution: str = ""
    """The seat's own contribution to the seed ("" for a spectator)."""


class SeatRecord:
    """A record being kept by a client (see the module docstring).

    `SeatRecord.create(path, seat, commitment, contribution)` writes the first line at
    once (before the contribution is sent); `add(message)` appends each message
    received, as received, and flushes it; `SeatRecord.reopen(path)` appends to a record
    after the client restarts, and `last_seq` says which event to resume after."""

    def __init__(self, path: Path, handle: IO[bytes], header: RecordHeader, last_seq: int) -> None:
        self.path = path
        self.header = header
        self.last_seq = last_seq
        """The sequence number of the last event recorded (-1: none yet)."""
        self._handle = handle

    @classmethod
    def create(
        cls, path: Path, seat: int | None, commitment: str, contribution: str = ""
    ) -> SeatRecord:
        """Start a new record at `path` (which must not exist); LogError if it cannot be
        written."""
        header = RecordHeader(
            program=f"rummy500 {__version__}",
            seat=seat,
            commitment=commitment,
            contribution=contribution,
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(path, "xb")  # noqa: SIM115 (kept open while the game goes on)
        except OSError as error:
            raise RecordError(f"{path}: cannot write the record: {error.strerror}") from None
        record = cls(path, handle, header, -1)
        record._write(msgspec.json.encode(header))
        return record

    @classmethod
    def reopen(cls, path: Path) -> SeatRecord:
        """Go on with the record at `path` (after the client restarts)."""
        data = read_record(path)
        seqs = [seq for seq, _ in data.events]
        try:
            handle = open(path, "ab")  # noqa: SIM115
        except OSError as error:
            raise RecordError(f"{path}: cannot write the record: {error.strerror}") from None
        return cls(path, handle, data.header, seqs[-1] if seqs else -1)

    def add(self, message: dict[str, Any] | bytes | str) -> None:
        """Keep one message the seat received: a wire line as received (with or without
        its newline) or a decoded message."""
        if isinstance(message, dict):
            raw = line(message).rstrip(b"\n")
        else:
            raw = message.encode() if isinstance(message, str) else bytes(message)
            raw = raw.rstrip(b"\r\n")
        if b"\n" in raw:
            raise RecordError(f"{self.path}: a message is one line")
        if not raw:
            return
        if isinstance(message, dict):
            decoded: Any = message
        else:
            try:
                decoded = msgspec.json.decode(raw)
            except (msgspec.DecodeError, RecursionError):
                decoded = None
        if isinstance(decoded, dict) and decoded.get("type") == "event":
            seq = decoded.get("seq")
            if isinstance(seq, int) and seq > self.last_seq:
                self.last_seq = seq
        self._write(raw)

    def _write(self, raw: bytes) -> None:
        try:
            self._handle.write(raw + b"\n")
            self._handle.flush()
        except OSError as error:
            raise RecordError(f"{self.path}: cannot write the record: {error.strerror}") from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.fsync(self._handle.fileno())
        self._handle.close()

    def __enter__(self) -> SeatRecord:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class RecordData:
    """A record as read: its first line, and its events in order (each with the number
    of the record's line that holds it, from 1)."""

    header: RecordHeader
    events: list[tuple[int, dict[str, Any]]]
    """(seq, the projected event) for each event received, duplicates dropped."""
    lines: list[int]
    """The record's line number of each of `events`."""


RECORD_START = b'{"type":"record"'
"""How a record's first line begins, as `SeatRecord` writes it."""


def is_record(path: Path) -> bool:
    """Whether `path` is a regular file that begins as a record does (`RECORD_START`),
    for `verify`, which reads logs and records alike. It never opens anything else (a
    named pipe would wait for a writer), and reads a few bytes only."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(RECORD_START)) == RECORD_START
    except OSError:
        return False


def read_record(path: Path) -> RecordData:
    """Read a record: its first line and its events; RecordError naming the line at
    fault (not JSON, not a record, an event without a whole number, a repeated event
    that differs, events out of order)."""
    try:
        size = path.stat().st_size
        if size > MAX_RECORD:
            raise RecordError(f"{path}: {size} bytes is larger than a record can be")
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(f"{path}: cannot read the record: {error.strerror}") from None
    lines = data.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise RecordError(f"{path}: the file is empty; not a record")
    try:
        header = msgspec.json.decode(lines[0], type=RecordHeader)
    except (msgspec.DecodeError, RecursionError) as error:
        raise RecordError(
            f"{path}:1: not a record's first line: {clipped(str(error), 120)}"
        ) from None
    if header.type != "record":
        raise RecordError(f"{path}:1: not a record (a record begins with a type record line)")
    if header.format > RECORD_FORMAT:
        raise RecordError(
            f"{path}: written in record format {header.format} by a newer rummy500; "
            f"this version reads format {RECORD_FORMAT} and older"
        )
    events: list[tuple[int, dict[str, Any]]] = []
    numbers: list[int] = []
    seen: dict[int, dict[str, Any]] = {}
    for number, raw in enumerate(lines[1:], 2):
        if len(raw) > MAX_RECORD_LINE:
            raise RecordError(f"{path}:{number}: a line of {len(raw)} bytes; not a message")
        try:
            message = msgspec.json.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            raise RecordError(
                f"{path}:{number}: not JSON; a record holds one message a line"
            ) from None
        if not isinstance(message, dict) or message.get("type") != "event":
            continue  # the server's other messages: kept, not part of the proof
        seq, event = message.get("seq"), message.get("event")
        if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(event, dict):
            raise RecordError(f"{path}:{number}: an event message without a seq and an event")
        if seq in seen:
            if seen[seq] != event:
                raise RecordError(f"{path}:{number}: event {seq} received again, and different")
            continue
        if events and seq != events[-1][0] + 1:
            raise RecordError(
                f"{path}:{number}: event {seq} follows event {events[-1][0]}; "
                "a record holds every event, in order"
            )
        seen[seq] = event
        events.append((seq, event))
        numbers.append(number)
    return RecordData(header, events, numbers)


@dataclass
class RecordSummary:
    """What a passed check of a record found."""

    seat: int | None
    players: tuple[str, ...]
    events: int
    commitment: str
    result: str

    def line(self, path: object) -> str:
        who = (
            "a spectator" if self.seat is None else f"seat {self.seat} ({self.players[self.seat]})"
        )
        return (
            f"{path}: ok: the record of {who}, {self.events} events; the seed was committed "
            f"({self.commitment[:12]}...) before the first deal and revealed; every card "
            f"seen comes from it and every move checked; {self.result}"
        )


def verify_record(path: Path) -> RecordSummary:
    """Check a record (see the module docstring); RecordError at the first fault."""
    data = read_record(path)
    return check_record(data, path)


def _seen(event: Event, seat: int | None) -> Any:
    """What `seat` was sent of `event`, as its JSON decodes (lists, not tuples)."""
    return msgspec.json.decode(msgspec.json.encode(visible(event, seat)))


def _convert(event: dict[str, Any]) -> Event:
    return msgspec.convert(event, AnyEvent)


def check_record(data: RecordData, path: object = "<record>") -> RecordSummary:
    """`verify_record` of a record already read."""
    from ..engine import new_game, recorded_action, resolve
    from ..state import fold

    mine = data.header
    events = data.events

    def at(index: int) -> str:
        return f"{path}:{data.lines[index]}" if index < len(data.lines) else f"{path}"

    if not events or events[0][0] != 0 or events[0][1].get("type") != "game_started":
        raise RecordError(f"{path}: the record does not begin with the game's header (event 0)")
    shown = events[0][1]
    if shown.get("commitment") != mine.commitment:
        raise RecordError(
            f"{at(0)}: the game's header commits to {clipped(str(shown.get('commitment')), 20)}, "
            f"not to the commitment shown when this seat joined ({mine.commitment[:16]}...)"
        )
    contributions = shown.get("contributions")
    players = shown.get("players")
    if not isinstance(contributions, list) or not isinstance(players, list):
        raise RecordError(f"{at(0)}: the game's header has no contributions or no players")
    if mine.seat is not None:
        if not 0 <= mine.seat < len(players) or len(contributions) != len(players):
            raise RecordError(f"{at(0)}: the header has no seat {mine.seat}")
        if contributions[mine.seat] != mine.contribution:
            raise RecordError(
                f"{at(0)}: the game did not use this seat's contribution "
                f"({mine.contribution[:16]}...) but {clipped(str(contributions[mine.seat]), 20)}"
            )
    last_seq, last = events[-1]
    if last.get("type") != "seed_revealed":
        raise RecordError(
            f"{path}: the record has no seed_revealed at its end: the game is not over, or "
            "the host did not reveal its seed, so the deal cannot be checked"
        )
    try:
        revealed = _convert(last)
        assert isinstance(revealed, SeedRevealed)
        check_reveal(mine.commitment, revealed.seed, revealed.salt)
        seed = derive_seed(revealed.seed, [str(c) for c in contributions])
        # what a seat is shown of a header, and nothing else: a stacked deck a host
        # slipped in would deal the later rounds (the seed is the one derived here)
        fields = {name: shown[name] for name in HEADER_FIELDS if name in shown}
        header = msgspec.convert({**fields, "type": "game_started", "seed": seed}, GameStarted)
    except FairnessError as error:
        raise RecordError(f"{at(len(events) - 1)}: {error}") from None
    except msgspec.ValidationError as error:
        raise RecordError(f"{at(0)}: the game's header cannot be read: {error}") from None
    seat = mine.seat

    def refuse(index: int, wanted: Event) -> RecordError:
        got = events[index][1]
        return RecordError(
            f"{at(index)}: this {clipped(str(got.get('type')), 30)} is not what the revealed "
            f"seed and the moves give: expected "
            f"{clipped(msgspec.json.encode(visible(wanted, seat)).decode(), 200)}"
        )

    try:
        opening = new_game(header.players, header.rules, seed, seats=header.seats)
    except Rummy500Error as error:
        raise RecordError(f"{at(0)}: the header does not start a game: {error}") from None
    full: list[Event] = [header]
    total = len(events) - 1  # the reveal is checked already
    for index in (1, 2):
        if index >= total or _seen(opening[index], seat) != events[index][1]:
            raise refuse(min(index, len(events) - 1), opening[index])
        full.append(opening[index])
    state = fold(full)
    index = 3
    while index < total:
        got = events[index][1]
        kind = got.get("type")
        if kind in ("taken_back", "seat_changed"):
            try:
                full.append(_convert(got))
                state = fold(full)
            except (msgspec.ValidationError, ValueError) as error:
                raise RecordError(
                    f"{at(index)}: this {kind} cannot be: {clipped(str(error), 120)}"
                ) from None
            index += 1
            continue
        if state.over:
            raise RecordError(f"{at(index)}: an event after the end of the game")
        try:
            if kind == "stock_drawn":
                guess: Event = StockDrawn(seat=int(got.get("seat", -1)), cards=())
            elif kind == "stock_rebuilt":
                guess = StockRebuilt(seat=int(got.get("seat", -1)), count=0, stock=())
            else:
                guess = _convert(got)
            action = recorded_action(state, guess)
            if action is None:
                raise RecordError(
                    f"{at(index)}: a {clipped(str(kind), 30)} where "
                    f"{state.players[state.to_move]}'s move ({state.phase}) was due"
                )
            expected = resolve(state, action)
        except RecordError:
            raise
        except (msgspec.ValidationError, Rummy500Error, TypeError, ValueError) as error:
            raise RecordError(
                f"{at(index)}: this {clipped(str(kind), 30)} is not a move the rules allow "
                f"here: {clipped(str(error), 160)}"
            ) from None
        for offset, wanted in enumerate(expected):
            if index + offset >= total or _seen(wanted, seat) != events[index + offset][1]:
                raise refuse(min(index + offset, len(events) - 1), wanted)
            state.apply(wanted)
            full.append(wanted)
        index += len(expected)
    winner = state.winner
    if state.over and winner is not None:
        result = f"{header.players[winner]} won"
    elif state.over:
        result = "it ended unfinished (round limit)"
    else:
        result = "the host ended it unfinished"
    return RecordSummary(seat, header.players, last_seq + 1, mine.commitment, result)
