"""Reading a file that comes from outside the program, as safely as a game log is read.

Every file rummy500 reads (a game log, its analysis sidecar, the config file, the prompt
history) may be anything a path can name: a named pipe that never answers, a device
that never ends (/dev/zero), a directory, a file of gigabytes. `read_regular` reads only
a regular file, at most `limit` bytes of it, and turns everything else into one line
saying what is there and what would be right; it never waits on a pipe and never reads
past its limit. `nesting_depth` bounds how deep a text nests its brackets, so that a
parser that recurses (tomllib) is never handed a file nested thousands deep.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import IO

from .errors import Rummy500Error


class FileProblem(Rummy500Error):
    """A file that cannot be read as what it should be: one line, naming the file."""


ErrorMaker = Callable[[str], Exception]

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def size_text(limit: int) -> str:
    """A limit in words: `256 MB`, `1 MB`, `64 KB`."""
    if limit >= 1 << 20:
        return f"{limit >> 20} MB"
    return f"{limit >> 10} KB"


def _noun(what: str) -> str:
    """`a game log` -> `game log` (for "more than any game log")."""
    first, _, rest = what.partition(" ")
    return rest if first in ("a", "an") and rest else what


def kind_problem(info: os.stat_result, limit: int, what: str) -> str | None:
    """Why a file of this kind and size cannot be read as `what` (`a game log`); None
    when it can."""
    if stat.S_ISREG(info.st_mode):
        return too_big(info.st_size, limit, what) if info.st_size > limit else None
    kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a regular file")
    return f"{kind}, not a file; {what} is a regular file"


def too_big(size: int, limit: int, what: str) -> str:
    noun = _noun(what)
    return f"{size} bytes, more than any {noun} (at most {size_text(limit)}); not {what}"


def file_problem(path: str | os.PathLike[str], limit: int, what: str) -> str | None:
    """Why the file at `path` cannot be read as `what` without opening it (a broken
    link, a pipe, a device, a directory, a file too big); None when it can."""
    try:
        info = os.stat(path)
    except OSError as error:
        return f"cannot open: {error.strerror}"
    return kind_problem(info, limit, what)


def open_regular(
    path: str | os.PathLike[str],
    flags: int,
    limit: int,
    what: str,
    error: ErrorMaker = FileProblem,
) -> int:
    """A descriptor on the regular file at `path`, or `error` saying what is there.

    The kind is looked at before the file is opened (opening some devices does things,
    and opening a pipe waits for a writer), and again on the open file, which cannot then
    be swapped for another."""
    problem = file_problem(path, limit, what)
    if problem is not None:
        raise error(f"{path}: {problem}")
    try:
        descriptor = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as failure:
        raise error(f"{path}: cannot open: {failure.strerror}") from None
    try:
        problem = kind_problem(os.fstat(descriptor), limit, what)
        if problem is not None:
            raise error(f"{path}: {problem}")
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def read_bounded(
    handle: IO[bytes], path: object, limit: int, what: str, error: ErrorMaker = FileProblem
) -> bytes:
    """At most `limit` bytes from an open file; `error` if there are more (a file that
    grew after it was looked at) or the read fails."""
    chunks = []
    size = 0
    try:
        while size <= limit:
            chunk = handle.read(limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as failure:
        raise error(f"{path}: cannot read: {failure.strerror}") from None
    if size > limit:
        raise error(f"{path}: {too_big(size, limit, what)}")
    return b"".join(chunks)


def read_regular(
    path: str | os.PathLike[str],
    limit: int,
    what: str,
    error: ErrorMaker = FileProblem,
    missing_ok: bool = False,
) -> bytes | None:
    """The bytes of the regular file at `path`, at most `limit` of them; `error` (one
    line) for anything else. With `missing_ok`, None when nothing is at `path`."""
    if missing_ok and not os.path.lexists(path):
        return None
    descriptor = open_regular(path, os.O_RDONLY, limit, what, error)
    with os.fdopen(descriptor, "rb") as handle:
        return read_bounded(handle, path, limit, what, error)


def nesting_depth(text: str) -> int:
    """How deep the brackets (`[` and `{`) of a TOML or JSON text nest, outside strings
    and comments: a bound to check before a recursive parser sees the text. Strings are
    skipped as TOML writes them (basic and literal, one-line and multi-line); an escaped
    quote in a basic string does not end it."""
    depth = deepest = 0
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char in "\"'":
            triple = text.startswith(char * 3, index)
            close = char * 3 if triple else char
            index += len(close)
            while index < size and not text.startswith(close, index):
                if text[index] == "\\" and char == '"':
                    index += 1
                elif text[index] == "\n" and not triple:
                    break
                index += 1
            index += len(close)
            continue
        if char == "#":
            newline = text.find("\n", index)
            index = size if newline < 0 else newline
            continue
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
        index += 1
    return deepest
