"""Finding the game logs, checking each as `verify` does, and the cache that makes the
second look fast.

The logs are the database: every figure comes from logs that pass the audit
(`records.audit`, the same checked loading as `verify`), and a log that does not is
skipped with one line naming it. What each log boils down to (`games.Game`, or why it
was skipped) is kept in a cache file in the data folder, keyed by the log's path, its
size, its modification and change times, its inode and the hash of its last line: a
log appended to, replaced, edited (even to the same size and time: its change time
moves) or deleted is read again, and a cache that is damaged, of another version or
unreadable is rebuilt from the logs. The cache is never trusted over a log: it only
saves reading one that has not changed.

The first look at many logs (the cold run) checks them over several processes
(`jobs`, default one per core); what comes back is the small `Game` of each.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from .games import Game

CACHE_VERSION = 1
"""The cache's format and the meaning of what it keeps: raise it when `games.summarize`
counts anything differently, and every cache is rebuilt."""
CACHE_NAME = "stats-cache.msgpack"
TAIL = 2048
"""Bytes read from the end of a log to find its last line (more when the line is longer)."""
SUFFIX = ".analysis.jsonl"
"""A saved analysis beside a game (analysis.sidecar.SUFFIX) is no game."""
_STAMP = re.compile(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})")


class Entry(msgspec.Struct, array_like=True, gc=False):
    """What the cache keeps for one log: the key that says it is unchanged, and what it
    boiled down to (a game, or the reason it was skipped)."""

    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int
    last: str
    """The SHA-256 of the log's last line (the hash chain makes it stand for every line
    before it)."""
    game: Game | None
    problem: str = ""


class Memo(msgspec.Struct, gc=False):
    """A result worked out from the games (the ratings), with what it was worked from."""

    key: str
    count: int
    value: bytes


class CacheFile(msgspec.Struct, gc=False):
    version: int
    entries: dict[str, Entry]
    memos: dict[str, Memo] = {}


@dataclass
class Scan:
    """The games found, in the order they are rated in, and what was skipped."""

    games: list[Game]
    warnings: list[str]
    read: int = 0
    """How many logs were read and checked afresh (the others came from the cache)."""
    cache: Cache | None = field(default=None, repr=False)


def data_dir() -> Path:
    """The data folder (the saves folder's parent), where the cache lives."""
    from ..cli.paths import saves_dir

    return saves_dir().parent


class Cache:
    """The cache file: read once (anything wrong with it: an empty cache), written back
    at the end when anything changed (atomically: a new file renamed over the old)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, Entry] = {}
        self.memos: dict[str, Memo] = {}
        self.dirty = False
        self.damaged = False
        if path is None:
            return
        try:
            with open(path, "rb") as handle:
                blob = handle.read()
        except OSError:
            return
        try:
            saved = msgspec.msgpack.decode(blob, type=CacheFile)
        except (msgspec.DecodeError, msgspec.ValidationError):
            self.damaged = self.dirty = True
            return
        if saved.version != CACHE_VERSION:
            self.dirty = True
            return
        self.entries = saved.entries
        self.memos = saved.memos

    def save(self) -> None:
        if self.path is None or not self.dirty:
            return
        blob = msgspec.msgpack.encode(
            CacheFile(version=CACHE_VERSION, entries=self.entries, memos=self.memos)
        )
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as handle:
                handle.write(blob)
            os.replace(temporary, self.path)
        except OSError:  # a cache that cannot be written only costs time next run
            with contextlib.suppress(OSError):
                temporary.unlink()
        self.dirty = False


def logs_in(
    paths: Iterable[Path], warn: Callable[[str], None]
) -> Iterator[tuple[str, os.stat_result]]:
    """Every log to read, with its file status: each file given, and each `*.jsonl` in
    each folder given and the folders below it (links to folders are not followed; a
    saved analysis is no game). The same file reached twice is read once. What cannot
    be listed or is not a regular file is skipped with a warning."""
    import stat

    seen: set[tuple[int, int]] = set()

    def one(path: str, given: bool) -> Iterator[tuple[str, os.stat_result]]:
        try:
            info = os.stat(path)
        except OSError as error:
            warn(f"skipped {path}: cannot open: {error.strerror}")
            return
        if not stat.S_ISREG(info.st_mode):
            if given or not stat.S_ISDIR(info.st_mode):
                warn(f"skipped {path}: not a regular file; a game log is a regular file")
            return
        if (info.st_dev, info.st_ino) in seen:
            return
        seen.add((info.st_dev, info.st_ino))
        yield path, info

    for given in paths:
        top = os.path.abspath(given)
        if os.path.isdir(top):
            errors: list[OSError] = []
            found: list[str] = []
            for folder, dirs, files in os.walk(top, onerror=errors.append):
                dirs.sort()
                found.extend(
                    os.path.join(folder, name)
                    for name in files
                    if name.endswith(".jsonl") and not name.endswith(SUFFIX)
                )
            for error in errors:
                warn(f"cannot list {error.filename}: {error.strerror}")
            for path in sorted(found):
                yield from one(path, False)
        else:
            yield from one(top, True)


def last_line_hash(path: str, size: int) -> str:
    """The SHA-256 of the last line of a file (its bytes after the last newline but the
    final one), reading only its end."""
    descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        want = TAIL
        while True:
            start = max(0, size - want)
            tail = os.pread(descriptor, size - start, start)
            body = tail[:-1] if tail.endswith(b"\n") else tail
            cut = body.rfind(b"\n")
            if cut >= 0 or start == 0:
                return hashlib.sha256(body[cut + 1 :]).hexdigest()
            want *= 4
    finally:
        os.close(descriptor)


def when_played(path: str, mtime_ns: int) -> int:
    """When a game was played, in seconds since 1970 (local time): from the date and
    time a saved game's file name begins with (the saves folder names each game so),
    else the file's modification time."""
    import datetime as dt

    match = _STAMP.match(os.path.basename(path))
    if match:
        with contextlib.suppress(ValueError):
            year, month, day, hour, minute, second = (int(part) for part in match.groups())
            return int(dt.datetime(year, month, day, hour, minute, second).timestamp())
    return mtime_ns // 1_000_000_000


def check_log(path: str) -> tuple[str, Game | None, str]:
    """Read and check one log as `verify` does; answer its path, its `Game` (None when
    it fails) and why it failed (one line naming the file)."""
    from ..errors import LogError, Rummy500Error
    from ..events import GameStarted
    from ..records.audit import audit, check_parent
    from ..records.log import line_hash, read_log
    from .games import summarize

    try:
        data = read_log(path)
        if data.warnings:
            raise LogError(
                data.warnings[0].split(";")[0] + "; a log with a torn write does not verify"
            )
        summary = audit(data, path)
        header = data.events[0]
        assert isinstance(header, GameStarted)
        if header.parent:
            source = os.path.join(os.path.dirname(path), header.parent)
            if os.path.isfile(source):
                check_parent(data, read_log(source), path, header.parent_at)
        order = f"{os.path.basename(path)}\t{line_hash(data.lines[0])}"
        return path, summarize(path, order, data, summary), ""
    except (Rummy500Error, ValueError, RecursionError, OSError) as error:
        text = str(error)
        return path, None, text if text.startswith(path) else f"{path}: {text}"
    except Exception as error:  # a log no reader foresaw: skipped, never a crash
        return path, None, f"{path}: cannot be read ({type(error).__name__}: {error})"


def _checked(paths: list[str], jobs: int) -> Iterator[tuple[str, Game | None, str]]:
    if jobs <= 1 or len(paths) < 8:
        for path in paths:
            yield check_log(path)
        return
    import multiprocessing

    from ..records import audit  # noqa: F401 - imported once, before the workers fork

    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    with context.Pool(min(jobs, len(paths)), initializer=_ignore_interrupts) as pool:
        yield from pool.imap_unordered(check_log, paths, chunksize=16)


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (no worker prints a
    traceback)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def scan(
    paths: Iterable[Path],
    warn: Callable[[str], None],
    cache_path: Path | None = None,
    jobs: int | None = None,
) -> Scan:
    """The games of every log under `paths` (`logs_in`), checked, from the cache where
    a log has not changed, in the order they are rated in (`Game.order`). Each log that
    fails the check is one warning, and no game. Each log is a game: a copy of one in
    another folder given counts again."""
    cache = Cache(cache_path)
    if cache.damaged:
        warn(f"the stats cache {cache_path} was damaged; rebuilt from the logs")
    found: dict[str, tuple[os.stat_result, str]] = {}
    fresh: list[str] = []
    for path, info in logs_in(paths, warn):
        try:
            last = last_line_hash(path, info.st_size)
        except OSError as error:
            warn(f"skipped {path}: cannot read: {error.strerror}")
            continue
        found[path] = (info, last)
        entry = cache.entries.get(path)
        if (
            entry is None
            or entry.size != info.st_size
            or entry.mtime_ns != info.st_mtime_ns
            or entry.ctime_ns != info.st_ctime_ns
            or entry.inode != info.st_ino
            or entry.last != last
        ):
            fresh.append(path)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    for path, game, problem in _checked(fresh, workers):
        info, last = found[path]
        if game is not None:
            game = msgspec.structs.replace(
                game, when=when_played(path, info.st_mtime_ns), last=last
            )
        cache.entries[path] = Entry(
            size=info.st_size,
            mtime_ns=info.st_mtime_ns,
            ctime_ns=info.st_ctime_ns,
            inode=info.st_ino,
            last=last,
            game=game,
            problem=problem,
        )
        cache.dirty = True
    games: list[Game] = []
    for path in found:  # (in the order of the paths given, then of the file names)
        entry = cache.entries[path]
        if entry.game is None:
            warn(f"skipped {entry.problem}")
        else:
            games.append(entry.game)
    # a log that is gone is forgotten (one in a folder not looked at this time is kept)
    gone = [path for path in cache.entries if path not in found and not os.path.lexists(path)]
    for path in gone:
        del cache.entries[path]
        cache.dirty = True
    games.sort(key=lambda game: (game.order, game.path))
    return Scan(games=games, warnings=[], read=len(fresh), cache=cache)
