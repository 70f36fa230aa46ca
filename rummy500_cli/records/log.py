"""The game log: one JSON object per line, the save file, the replay and the audit trail.

Each line is an `Entry`: its sequence number (0 for the header, then 1, 2, ... without a
gap), the event, and `prev`, the SHA-256 (hex) of the exact bytes of the line before it
("" on the header). So an edited, dropped or reordered line breaks the chain. Lines are
written, flushed and fsynced before the game waits for input: a crash loses nothing that
was played. A torn last line (a crash in the middle of a write) is dropped with a
warning, and the next writer cuts it off before appending. An advisory lock (flock)
keeps a second process from appending to a log that is open for play.

This module reads logs and writes their lines (`encode_line`, `encode_log`); its
`log_writer` appends to a log that is open for play. The two are the only modules that
touch game files. Format: man/rummy500-log.5.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
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
    sha = hashlib.sha256
    for number, line in enumerate(chunks):
        events.append(checked_entry(line, number, prev, path).event)
        prev = sha(line).hexdigest()
    return events


def checked_entry(line: bytes, number: int, prev: str, path: object) -> Entry:
    """The entry of line `number` (0 for the header), whose line before it hashes to
    `prev`: LogError saying what is wrong with it (the one wording of `parse_log` and
    of the stream reader, `records.stream`)."""
    if too_deep(line):  # one limit on every Python (rummy500_cli/nesting.py)
        raise LogError(f"{path}:{number + 1}: {_TOO_DEEP}")
    try:
        entry = _decoder.decode(line)
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
    return entry


def read_log(path: str | os.PathLike[str]) -> LogData:
    """Read and check a log file (see parse_log). Only a regular file is read, and at
    most MAX_LOG bytes of it: a named pipe, a device or a directory is refused at once,
    never waited on."""
    descriptor = open_log(path, os.O_RDONLY)
    with os.fdopen(descriptor, "rb") as handle:
        data = read_bounded_log(handle, path)
    return parse_log(data, path)


def open_log(path: str | os.PathLike[str], flags: int) -> int:
    """A descriptor on the regular file at `path`, or LogError saying what is there
    (safe_read.open_regular: the kind is looked at before and after opening)."""
    return open_regular(path, flags, MAX_LOG, LOG_WHAT, LogError)


def file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why the file at `path` cannot be read as a log without opening it (a broken
    link, a pipe, a device, a directory, a file too big); None when it can."""
    return safe_read.file_problem(path, MAX_LOG, LOG_WHAT)


def read_bounded_log(handle: IO[bytes], path: object) -> bytes:
    """The bytes of an open log, at most `MAX_LOG`, or LogError."""
    return read_bounded(handle, path, MAX_LOG, LOG_WHAT, LogError)


def load_state(events: Sequence[Event]) -> State:
    """Fold checked events into a state (takebacks resolved, as `state.fold` does)."""
    return fold(list(events))


def encode_log(events: Iterable[Event]) -> bytes:
    """A whole log as bytes (for tests, exports and branches)."""
    out = []
    prev = ""
    for seq, event in enumerate(events):
        line = encode_line(seq, event, prev)
        out.append(line + b"\n")
        prev = line_hash(line)
    return b"".join(out)
