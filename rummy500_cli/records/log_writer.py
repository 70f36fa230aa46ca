"""The writer of a game log open for play: `LogWriter` appends each move's lines (as
`log.encode_line` makes them), flushed and fsynced before the game waits for input, and
holds an advisory lock (flock) so that no second process appends to the same log. A move
that cannot be written is taken back whole (`LogWriteError`)."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Iterable
from pathlib import Path
from typing import IO

from ..errors import LogError
from ..events import Event
from .log import LogData, encode_line, line_hash, open_log, parse_log, read_bounded_log


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
        handle = os.fdopen(open_log(target, os.O_RDWR), "r+b", buffering=0)
        writer = cls(target, handle, 0, "")
        try:
            writer._lock()
            data = parse_log(read_bounded_log(handle, target), target)
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
