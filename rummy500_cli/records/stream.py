"""A game log read as a stream: its events one at a time, each line checked as it comes,
in memory that does not grow with the log (issue 31: a log of a million events).

`LogStream` is the line-by-line twin of `log.read_log`: the same regular-file checks
(`log.open_log`), the same limits (`MAX_LINE`, `MAX_LOG`) and, for a log at fault, the
same refusal with the same words (`log.checked_entry`, `log._check_header`): a line
longer than any log line anywhere in the file is named before any other fault, as the
whole reader names it; a torn last line is dropped with the same warning; blank lines
after the last line are harmless, and a blank line before another is at fault. What it
cannot do is know the end before it gets there: the warning of a torn last line, the
line count and the last line's hash (`lines`, `last_hash`) are known once the events
have all been read.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO

from ..errors import LogError
from ..events import Event, GameStarted
from ..safe_read import too_big
from .log import LOG_WHAT, MAX_LINE, MAX_LOG, _check_header, _decoder, checked_entry, open_log

_READ = MAX_LINE + 2
"""The most read of one line at once: a longer line is over the limit (its newline
included), and is then measured to its end without being kept."""


class LogStream:
    """The events of a log file, read and checked line by line (see the module
    docstring). Iterate it (or `entries`, which gives each line's bytes too) once."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self.lines = 0
        """The complete, sound lines read so far (the log's line count, at the end)."""
        self.last_hash = ""
        """The chain hash of the last sound line read (`LogData.last_hash`)."""
        self.good_size = 0
        """The bytes of the sound lines read so far, each with its newline."""
        self.warnings: list[str] = []
        """A torn last line's warning, once the end is reached."""
        self.ended = False
        """Whether every line has been read."""

    def __iter__(self) -> Iterator[Event]:
        for _line, event in self.entries():
            yield event

    def entries(self) -> Iterator[tuple[bytes, Event]]:
        """Each sound line (without its newline) with its event, the header first;
        LogError at the first fault, as `log.parse_log` words it."""
        descriptor = open_log(self.path, os.O_RDONLY)
        with os.fdopen(descriptor, "rb") as handle:
            yield from self._read(handle)

    def _read(self, handle: IO[bytes]) -> Iterator[tuple[bytes, Event]]:
        path = self.path
        decode = _decoder.decode
        sha = hashlib.sha256
        header = GameStarted
        size = 0
        number = 0  # the sequence number due: the sound lines so far
        physical = 0  # the lines read so far, blank ones included
        prev = ""
        blanks: list[bytes] = []  # blank lines, harmless only if nothing follows them
        tail = b""
        while True:
            raw = handle.readline(_READ)
            if not raw:
                break
            size += len(raw)
            if size > MAX_LOG:  # (it grew after it was looked at, as `read_bounded` says)
                raise LogError(f"{path}: {too_big(MAX_LOG + 1, MAX_LOG, LOG_WHAT)}")
            ended = raw.endswith(b"\n")
            line = raw[:-1] if ended else raw
            physical += 1
            if len(line) > MAX_LINE:
                self._too_long(handle, physical, line, ended)
            if not ended:
                tail = line
                break
            if line.isspace() or not line:
                blanks.append(line)
                continue
            if blanks or not number:  # the first line, or a blank one before this one
                at_fault = blanks[0] if blanks else line
                self._fault(handle, physical, at_fault, number, prev)
            try:
                entry = decode(line)
                sound = entry.seq == number and entry.prev == prev
                sound = sound and not (number and type(entry.event) is header)
            except Exception:  # (a line that does not decode)
                sound = False
            if not sound:
                self._fault(handle, physical, line, number, prev)
            prev = sha(line).hexdigest()
            number += 1
            self.lines, self.last_hash, self.good_size = number, prev, size
            yield line, entry.event
        self._end(number, blanks, tail, handle, physical)

    def _end(
        self, number: int, blanks: list[bytes], tail: bytes, handle: IO[bytes], physical: int
    ) -> None:
        """At the end of the file: what `parse_log` says of what is left."""
        path = self.path
        if not number:
            if all(line.isspace() or not line for line in [*blanks, tail]):
                raise LogError(f"{path}: the file is empty; not a game log")
            if blanks:  # blank lines, then a torn one: the first is not a header
                self._fault(handle, physical, blanks[0], 0, "")
            raise LogError(f"{path}: no complete line; not a game log")
        if tail:
            if blanks:  # blank lines before a torn one are lines of the log
                self._fault(handle, physical, blanks[0], number, self.last_hash)
            self.warnings.append(
                f"{path}:{number + 1}: dropped a torn last line (an interrupted write); "
                f"the game goes on from line {number}"
            )
        self.ended = True

    def _fault(self, handle: IO[bytes], physical: int, line: bytes, number: int, prev: str) -> None:
        """Check line `number` whole (LogError if it is at fault, as `parse_log` says);
        a longer-than-any line later in the file is named first, as `parse_log` names
        it. Returns when the line is sound (a first line that is)."""
        if number == 0:
            try:
                if line.endswith(b"\r"):
                    raise LogError(
                        f"{self.path}: the lines end in CR LF (Windows line endings), which "
                        "changes every line's bytes and so the hash chain; convert it back "
                        "with dos2unix"
                    )
                _check_header(self.path, line)
            except LogError:
                self._longer_later(handle, physical)
                raise
        try:
            checked_entry(line, number, prev, self.path)
        except LogError:
            self._longer_later(handle, physical)
            raise

    def _longer_later(self, handle: IO[bytes], physical: int) -> None:
        """LogError naming the first line after line `physical` longer than MAX_LINE, if
        one is (the file is read on to its end for it, and nothing kept)."""
        while True:
            raw = handle.readline(_READ)
            if not raw:
                return
            physical += 1
            ended = raw.endswith(b"\n")
            line = raw[:-1] if ended else raw
            if len(line) > MAX_LINE:
                self._too_long(handle, physical, line, ended)

    def _too_long(self, handle: IO[bytes], physical: int, start: bytes, ended: bool) -> None:
        """LogError for line `physical`, which begins with `start` and is longer than any
        log line: its whole length is measured to its newline (or the file's end)."""
        length = len(start)
        while not ended:
            chunk = handle.readline(1 << 20)
            if not chunk:
                break
            ended = chunk.endswith(b"\n")
            length += len(chunk) - ended
        raise LogError(
            f"{self.path}:{physical}: a line of {length} bytes, longer than any log line "
            f"(at most {MAX_LINE} bytes); not a game log"
        )


class Lookahead:
    """A window on a stream of events, by sequence number: the events from `base` on
    that have been read, read on in chunks as they are asked for, the ones before a
    point forgotten (`forget`). Over a list, the list itself (nothing copied, nothing
    forgotten)."""

    CHUNK = 4096

    def __init__(self, events: Iterable[Event]) -> None:
        if isinstance(events, list):
            self.events: list[Event] = events
            self._source: Iterator[Event] | None = None
        else:
            self.events = []
            self._source = iter(events)
        self.base = 0
        """The sequence number of `events[0]`."""

    @property
    def end(self) -> int:
        """The sequence number after the last event read."""
        return self.base + len(self.events)

    def has(self, seq: int) -> bool:
        """Whether the stream has an event `seq` (reading on to it if need be)."""
        while seq >= self.base + len(self.events):
            if not self._more():
                return False
        return True

    def ahead(self, seq: int, count: int) -> None:
        """Read on until `count` events from `seq` on are at hand, or the stream ends."""
        while self._source is not None and seq + count > self.base + len(self.events):
            if not self._more():
                return

    def forget(self, seq: int) -> None:
        """The events before `seq` are not needed again (a stream's are let go)."""
        if self._source is not None and seq - self.base >= self.CHUNK:
            del self.events[: seq - self.base]
            self.base = seq

    def __getitem__(self, seq: int) -> Event:
        return self.events[seq - self.base]

    def _more(self) -> bool:
        if self._source is None:
            return False
        chunk = list(islice(self._source, self.CHUNK))
        if not chunk:
            self._source = None
            return False
        self.events.extend(chunk)
        return True
