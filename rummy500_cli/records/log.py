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

import contextlib
import errno
import fcntl
import hashlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO

import msgspec

from .. import safe_read
from ..errors import LogError
from ..events import FORMAT_VERSION, AnyEvent, Event, GameStarted
from ..nesting import too_deep
from ..safe_read import open_regular, read_bounded, too_big
from ..state import State, fold


class Entry(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """One line of a log."""

    seq: int
    event: AnyEvent
    prev: str


MAX_LINE = 1 << 20
"""The longest line a log may have, 1 MB: a real line is at most a few kilobytes (a deal
of 108 cards, or a header with a stacked deck for many rounds). A longer one is refused
with its number before it is decoded."""
MAX_LOG = 256 << 20
"""The largest log read, 256 MB: a game stopped by the round limit (engine.ROUND_LIMIT)
at eight players writes well under a tenth of it. A larger file (or one that never
ends) is refused, not read into memory."""
LOG_WHAT = "a game log"

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


_TOO_DEEP = "JSON nested too deeply for a log line (a log line nests a few levels)"


def _check_header(path: object, first: bytes) -> None:
    if too_deep(first):  # one limit on every Python (rummy500_cli/nesting.py)
        raise LogError(f"{path}:1: {_TOO_DEEP}; not a game log")
    try:
        raw = msgspec.json.decode(first)
    except msgspec.DecodeError as error:
        raise LogError(f"{path}:1: not JSON ({error}); is this a rummy500 game log?") from None
    except RecursionError:
        raise LogError(f"{path}:1: {_TOO_DEEP}; not a game log") from None
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
    if len(data) > MAX_LOG:
        raise LogError(f"{path}: {too_big(len(data), MAX_LOG, LOG_WHAT)}")
    if not data or data.isspace():  # (what `not data.strip()` says, without a copy)
        raise LogError(f"{path}: the file is empty; not a game log")
    chunks = data.split(b"\n")
    tail = chunks.pop()  # b"" when the file ends with a newline, as it should
    dropped = [tail]  # the lines split off the end, last first
    good = len(data) - len(tail)  # the bytes of the lines kept, each with its newline
    while chunks and not chunks[-1].strip() and not tail:
        # blank lines after the last line (an editor's doing) are harmless
        dropped.append(chunks.pop())
        good -= len(dropped[-1]) + 1
    # A line longer than MAX_LINE is refused before anything else is said of the log.
    # The reading of sound lines refuses one too, so the look at every line's length
    # (`_check_lengths`) is taken only before another refusal, or a line dropped here.
    if any(len(line) > MAX_LINE for line in dropped):
        _check_lengths([*chunks, *reversed(dropped)], path)
    try:
        if chunks and chunks[0].endswith(b"\r"):
            raise LogError(
                f"{path}: the lines end in CR LF (Windows line endings), which changes every "
                "line's bytes and so the hash chain; convert it back with dos2unix"
            )
        if not chunks:
            raise LogError(f"{path}: no complete line; not a game log")
        _check_header(path, chunks[0])
    except LogError:
        _check_lengths(chunks, path)
        raise
    warnings = []
    if tail:
        warnings.append(
            f"{path}:{len(chunks) + 1}: dropped a torn last line (an interrupted write); "
            f"the game goes on from line {len(chunks)}"
        )
    events = _sound_events(chunks)
    if events is None:  # something is wrong: find the first line at fault, and say why
        _check_lengths(chunks, path)
        events = _checked_events(chunks, path)
    return LogData(events=events, lines=chunks, warnings=warnings, good_size=good)


def _check_lengths(chunks: list[bytes], path: object) -> None:
    """LogError naming the first line longer than MAX_LINE, if one is."""
    if chunks and max(map(len, chunks)) > MAX_LINE:
        number, line = next((n, line) for n, line in enumerate(chunks, 1) if len(line) > MAX_LINE)
        raise LogError(
            f"{path}:{number}: a line of {len(line)} bytes, longer than any log line "
            f"(at most {MAX_LINE} bytes); not a game log"
        )


_HEX = type(hashlib.sha256()).hexdigest


def _sound_events(chunks: list[bytes]) -> list[Event] | None:
    """The events of lines that are all sound (none longer than MAX_LINE, each decodes,
    its sequence number is its place, it chains to the line before it, none but the
    first is a header), read with the fewest steps a line; None when any line is not
    (`_checked_events` then says which, and why).

    Every line's hash is taken first, in a pass of its own, and the lines are decoded
    after: hashing and decoding by turns, line by line, takes about 8% longer on
    100,000 lines than the two passes (each pass keeps its own code at hand)."""
    sha = hashlib.sha256
    hexdigest = _HEX
    hashes = [hexdigest(sha(line)) for line in chunks]
    decode = _decoder.decode
    longest = MAX_LINE
    header = GameStarted
    events: list[Event] = []
    append = events.append
    prev = ""
    number = 0
    try:
        for line in chunks:
            if len(line) > longest:
                return None
            entry = decode(line)
            event = entry.event
            if entry.seq != number or entry.prev != prev or (type(event) is header and number):
                return None
            append(event)
            prev = hashes[number]
            number += 1
    except Exception:  # (a line that does not decode)
        return None
    return events


def _checked_events(chunks: list[bytes], path: object) -> list[Event]:
    """The events of the lines, one line at a time: LogError at the first one at fault."""
    events: list[Event] = []
    prev = ""
    decode = _decoder.decode
    sha = hashlib.sha256
    for number, line in enumerate(chunks):
        if too_deep(line):  # one limit on every Python (rummy500_cli/nesting.py)
            raise LogError(f"{path}:{number + 1}: {_TOO_DEEP}")
        try:
            entry = decode(line)
        except msgspec.DecodeError as error:
            raise LogError(f"{path}:{number + 1}: {error}") from None
        except RecursionError:
            raise LogError(f"{path}:{number + 1}: {_TOO_DEEP}") from None
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
    return events


def read_log(path: str | os.PathLike[str]) -> LogData:
    """Read and check a log file (see parse_log). Only a regular file is read, and at
    most MAX_LOG bytes of it: a named pipe, a device or a directory is refused at once,
    never waited on."""
    descriptor = _open_log(path, os.O_RDONLY)
    with os.fdopen(descriptor, "rb") as handle:
        data = _read_bounded(handle, path)
    return parse_log(data, path)


def _open_log(path: str | os.PathLike[str], flags: int) -> int:
    """A descriptor on the regular file at `path`, or LogError saying what is there
    (safe_read.open_regular: the kind is looked at before and after opening)."""
    return open_regular(path, flags, MAX_LOG, LOG_WHAT, LogError)


def file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why the file at `path` cannot be read as a log without opening it (a broken
    link, a pipe, a device, a directory, a file too big); None when it can."""
    return safe_read.file_problem(path, MAX_LOG, LOG_WHAT)


def _read_bounded(handle: IO[bytes], path: object) -> bytes:
    return read_bounded(handle, path, MAX_LOG, LOG_WHAT, LogError)


def load_state(events: Sequence[Event]) -> State:
    """Fold checked events into a state (takebacks resolved, as `state.fold` does)."""
    return fold(list(events))


class LogWriteError(LogError):
    """A log that could not be written (a full disk, a failing device): the lines of
    the move are taken back, so the file holds every event up to `saved` and no part
    of the move that failed."""

    def __init__(self, message: str, saved: int, no_space: bool) -> None:
        super().__init__(message)
        self.saved = saved
        self.no_space = no_space


def _remove_folders(folders: list[Path]) -> None:
    """Remove the folders made for a log that is not kept, deepest first, each only
    while empty (another game may have been saved there since)."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


class LogWriter:
    """Appends events to one log, holding its lock while the game is open.

    A move's lines go down in one write, then fsync; if either fails the file is cut
    back to where it was, so a failed move leaves no part of itself behind."""

    def __init__(self, path: Path, handle: IO[bytes], seq: int, prev: str, size: int = 0) -> None:
        self.path = path
        self._handle = handle
        self.seq = seq
        """The sequence number the next line will carry."""
        self.prev = prev
        self._size = size
        """The byte length of the lines written so far."""
        self._made: list[Path] = []
        """The folders `create` made for this log, deepest first: a log discarded takes
        them away again, so a game that saved nothing leaves no folder either (not even
        a missing $HOME)."""

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], events: Iterable[Event], make_parents: bool = False
    ) -> LogWriter:
        """Start a new log (refusing to overwrite a file) and write its first events.

        Missing parent directories are made only with `make_parents` (the caller allows
        it under the saves folder); elsewhere the parent must exist. If the first events
        cannot be written, no file is left behind."""
        target = Path(path)
        made: list[Path] = []
        if make_parents:
            for folder in [target.parent, *target.parent.parents]:
                if folder.exists() or folder.is_symlink():
                    break
                made.append(folder)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                _remove_folders(made)
                raise LogError(f"{target.parent}: cannot create: {error.strerror}") from None
        elif not target.parent.is_dir():
            what = "is not a folder" if target.parent.exists() else "does not exist"
            raise LogError(
                f"{target}: the folder {target.parent} {what}; create it first or save "
                "somewhere else"
            )
        try:
            handle = open(target, "xb", buffering=0)  # noqa: SIM115 - held open for the game
        except FileExistsError:
            raise LogError(f"{target}: a file is already there; choose another path") from None
        except OSError as error:
            _remove_folders(made)
            raise LogError(f"{target}: cannot create: {error.strerror}") from None
        writer = cls(target, handle, 0, "")
        writer._made = made
        try:
            writer._lock()
            writer.append(events)
        except LogError as error:
            handle.close()
            target.unlink(missing_ok=True)
            _remove_folders(made)
            if isinstance(error, LogWriteError):
                problem = _write_problem(error.__cause__)
                raise LogError(f"{target}: {problem}: nothing was saved") from None
            raise
        _fsync_directory(target.parent)  # the new file's name survives a power cut too
        return writer

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[LogWriter, LogData]:
        """Open a log to go on with it: lock, check, cut off a torn tail."""
        target = Path(path)
        handle = os.fdopen(_open_log(target, os.O_RDWR), "r+b", buffering=0)
        writer = cls(target, handle, 0, "")
        try:
            writer._lock()
            data = parse_log(_read_bounded(handle, target), target)
            handle.truncate(data.good_size)
        except LogError:
            handle.close()
            raise
        except OSError as error:
            handle.close()
            raise LogError(
                f"{target}: cannot cut off the torn last line: {error.strerror}"
            ) from None
        handle.seek(data.good_size)
        writer.seq = len(data.lines)
        writer.prev = data.last_hash
        writer._size = data.good_size
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
        """Write events as lines, then fsync: they survive a crash.

        Raises LogWriteError, with the file as it was before, when they cannot be
        written."""
        seq, prev = self.seq, self.prev
        lines = []
        for event in events:
            line = encode_line(seq, event, prev)
            lines.append(line + b"\n")
            prev = line_hash(line)
            seq += 1
        blob = b"".join(lines)
        descriptor = self._handle.fileno()
        try:
            view = memoryview(blob)
            while view:
                view = view[os.write(descriptor, view) :]
            os.fsync(descriptor)
        except OSError as error:
            self._take_back()
            saved = self.seq - 1
            raise LogWriteError(
                f"{self.path}: {_write_problem(error)}: the game is saved up to event {saved}",
                saved,
                error.errno in _NO_SPACE,
            ) from error
        self.seq, self.prev = seq, prev
        self._size += len(blob)

    def _take_back(self) -> None:
        """Cut the file back to its last whole move (a failed write may leave part of
        one); if even that fails, the next reader drops the torn line."""
        with contextlib.suppress(OSError):
            os.ftruncate(self._handle.fileno(), self._size)
            os.lseek(self._handle.fileno(), self._size, os.SEEK_SET)

    def discard(self) -> None:
        """Remove the log, still holding its lock, then release it: a game in which no
        one played leaves no file behind."""
        self.path.unlink(missing_ok=True)
        self.close()
        _remove_folders(self._made)

    def close(self) -> None:
        """Release the lock and the file (every line is already written: nothing to
        flush, nothing to fail)."""
        if not self._handle.closed:
            with contextlib.suppress(OSError):
                self._handle.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)


def _write_problem(error: BaseException | None) -> str:
    """What stopped a write, in words."""
    if isinstance(error, OSError) and error.errno in _NO_SPACE:
        return "no space left on the device"
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return f"cannot write: {reason}"


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
