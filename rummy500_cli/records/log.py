"""The game log: one JSON object per line, the save file, the replay and the audit trail.

Each line is an `Entry`: its sequence number (0 for the header, then 1, 2, ... without a
gap), the event, and `prev`, the SHA-256 (hex) of the exact bytes of the line before it
("" on the header). So an edited, dropped or reordered line breaks the chain. Lines are
written, flushed and fsynced before the game waits for input: a crash loses nothing that
was played. A torn last line (a crash in the middle of a write) is dropped with a
warning, and the next writer cuts it off before appending. An advisory lock (flock)
keeps a second process from appending to a log that is open for play.

This module is the only one that touches game files. Format: man/rummy500-log.5.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO

import msgspec

from ..errors import LogError
from ..events import FORMAT_VERSION, AnyEvent, Event, GameStarted
from ..state import State


class Entry(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """One line of a log."""

    seq: int
    event: AnyEvent
    prev: str


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Entry)


def line_hash(line: bytes) -> str:
    """The chain hash of a line (its bytes without the newline)."""
    return hashlib.sha256(line).hexdigest()


def encode_line(seq: int, event: Event, prev: str) -> bytes:
    """One log line, without its newline."""
    # Entry.event is the union of the concrete events; every Event instance is one of them.
    return _encoder.encode(Entry(seq=seq, event=event, prev=prev))  # type: ignore[arg-type]


def schema() -> dict[str, object]:
    """The JSON Schema of one log line (committed as man/rummy500-log.schema.json)."""
    return msgspec.json.schema(Entry)


class LogData(msgspec.Struct):
    """What reading a log gives: its events, the raw lines, and any warning."""

    events: list[Event]
    lines: list[bytes]
    warnings: list[str]
    good_size: int
    """The byte length of the intact lines (a torn tail beyond it is dropped)."""

    @property
    def last_hash(self) -> str:
        return line_hash(self.lines[-1]) if self.lines else ""


def _check_header(path: object, first: bytes) -> None:
    try:
        raw = msgspec.json.decode(first)
    except msgspec.DecodeError as error:
        raise LogError(f"{path}:1: not JSON ({error}); is this a rummy500 game log?") from None
    event = raw.get("event") if isinstance(raw, dict) else None
    if not isinstance(event, dict) or event.get("type") != "game_started":
        raise LogError(f"{path}:1: the first line is not a game_started header; not a game log")
    version = event.get("format")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise LogError(
            f"{path}: written in log format {version} by a newer rummy500; this version reads "
            f"format {FORMAT_VERSION} and older: upgrade rummy500 to open it"
        )


def parse_log(data: bytes, path: object = "<log>") -> LogData:
    """Check and decode the bytes of a log.

    Raises LogError naming the line and what is wrong: bad JSON or schema, a gap in the
    sequence numbers, a broken hash chain, a newer format. A last line without its
    newline is a torn write: it is dropped with a warning.
    """
    if not data.strip():
        raise LogError(f"{path}: the file is empty; not a game log")
    chunks = data.split(b"\n")
    tail = chunks.pop()  # b"" when the file ends with a newline, as it should
    while chunks and not chunks[-1].strip() and not tail:
        chunks.pop()  # blank lines after the last line (an editor's doing) are harmless
    if chunks and chunks[0].endswith(b"\r"):
        raise LogError(
            f"{path}: the lines end in CR LF (Windows line endings), which changes every "
            "line's bytes and so the hash chain; convert it back with dos2unix"
        )
    warnings = []
    if tail:
        warnings.append(
            f"{path}:{len(chunks) + 1}: dropped a torn last line (an interrupted write); "
            f"the game goes on from line {len(chunks)}"
        )
    if not chunks:
        raise LogError(f"{path}: no complete line; not a game log")
    _check_header(path, chunks[0])
    events: list[Event] = []
    prev = ""
    decode = _decoder.decode
    sha = hashlib.sha256
    for number, line in enumerate(chunks):
        try:
            entry = decode(line)
        except msgspec.DecodeError as error:
            raise LogError(f"{path}:{number + 1}: {error}") from None
        if entry.seq != number:
            raise LogError(
                f"{path}:{number + 1}: sequence number {entry.seq} where {number} was due "
                "(a line was removed, added or moved)"
            )
        if entry.prev != prev:
            raise LogError(
                f"{path}:{number + 1}: the hash chain is broken: line {number} was changed, "
                "removed or moved"
            )
        if number and isinstance(entry.event, GameStarted):
            raise LogError(f"{path}:{number + 1}: a second game_started header")
        events.append(entry.event)
        prev = sha(line).hexdigest()
    good = sum(len(line) + 1 for line in chunks)
    return LogData(events=events, lines=chunks, warnings=warnings, good_size=good)


def read_log(path: str | os.PathLike[str]) -> LogData:
    """Read and check a log file (see parse_log)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise LogError(f"{path}: cannot read: {error.strerror}") from None
    return parse_log(data, path)


def load_state(events: Sequence[Event]) -> State:
    """Fold checked events into a state."""
    # the readers check that a log's first event is its GameStarted header before this
    state = State(events[0])  # type: ignore[arg-type]
    apply = state.apply
    for event in events[1:]:
        apply(event)
    return state


class LogWriter:
    """Appends events to one log, holding its lock while the game is open."""

    def __init__(self, path: Path, handle: IO[bytes], seq: int, prev: str) -> None:
        self.path = path
        self._handle = handle
        self.seq = seq
        """The sequence number the next line will carry."""
        self.prev = prev

    @classmethod
    def create(cls, path: str | os.PathLike[str], events: Iterable[Event]) -> LogWriter:
        """Start a new log (refusing to overwrite a file) and write its first events."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            handle = open(target, "xb")  # noqa: SIM115 - held open for the game
        except FileExistsError:
            raise LogError(f"{target}: a file is already there; choose another path") from None
        except OSError as error:
            raise LogError(f"{target}: cannot create: {error.strerror}") from None
        writer = cls(target, handle, 0, "")
        writer._lock()
        writer.append(events)
        _fsync_directory(target.parent)  # the new file's name survives a power cut too
        return writer

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[LogWriter, LogData]:
        """Open a log to go on with it: lock, check, cut off a torn tail."""
        target = Path(path)
        try:
            handle = open(target, "r+b")  # noqa: SIM115 - held open for the game
        except OSError as error:
            raise LogError(f"{target}: cannot open: {error.strerror}") from None
        writer = cls(target, handle, 0, "")
        try:
            writer._lock()
            data = parse_log(handle.read(), target)
        except LogError:
            handle.close()
            raise
        handle.truncate(data.good_size)
        handle.seek(data.good_size)
        writer.seq = len(data.lines)
        writer.prev = data.last_hash
        return writer, data

    def _lock(self) -> None:
        try:
            fcntl.flock(self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._handle.close()
            raise LogError(
                f"{self.path}: another rummy500 process has this game open; close it first"
            ) from None

    def append(self, events: Iterable[Event]) -> None:
        """Write events as lines, then flush and fsync: they survive a crash."""
        handle = self._handle
        for event in events:
            line = encode_line(self.seq, event, self.prev)
            handle.write(line + b"\n")
            self.prev = line_hash(line)
            self.seq += 1
        handle.flush()
        os.fsync(handle.fileno())

    def discard(self) -> None:
        """Remove the log, still holding its lock, then release it: a game in which no
        one played leaves no file behind."""
        self.path.unlink(missing_ok=True)
        self.close()

    def close(self) -> None:
        """Release the lock and the file."""
        if not self._handle.closed:
            self._handle.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _fsync_directory(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def encode_log(events: Iterable[Event]) -> bytes:
    """A whole log as bytes (for tests, exports and branches)."""
    out = []
    prev = ""
    for seq, event in enumerate(events):
        line = encode_line(seq, event, prev)
        out.append(line + b"\n")
        prev = line_hash(line)
    return b"".join(out)
