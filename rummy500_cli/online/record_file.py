"""A player's own record of an online game, as a file: its lines, kept as the game goes
and read back (`record` proves the game fair from it, `rummy500 verify RECORD`).

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
from ..errors import LogError, clipped
from .projection import line

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
