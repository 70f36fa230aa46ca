"""Lines of input from a stream (stdin, --commands, the protocol's requests), read so
that no input can stop the game: bytes that are not UTF-8 read as U+FFFD (a refused
line, not a crash), a line too long is refused, and an input that is not lines at all
(/dev/zero) is left as at its end."""

from __future__ import annotations

import contextlib
from typing import IO

from .. import protocol
from ..errors import ParseError

SKIP_LIMIT = 16 << 20
"""How far a line too long is read for its end (16 M characters); an input with no end
of line in that much is not lines of text at all (such as /dev/zero), and is left."""


class EndOfLines(ParseError):
    """An input that is not lines of text: reading it stops, as at its end."""


def read_line(stream: IO[str]) -> str | None:
    """The next line of an input stream, None at its end. A line longer than
    protocol.MAX_LINE is read to its end without being kept, and refused (ParseError)."""
    line = stream.readline(protocol.MAX_LINE + 1)
    if line == "":
        return None
    if len(line) <= protocol.MAX_LINE or line.endswith("\n"):
        return line
    length = len(line)
    while not line.endswith("\n") and length <= SKIP_LIMIT:
        line = stream.readline(protocol.MAX_LINE)
        if line == "":
            break
        length += len(line)
    if length > SKIP_LIMIT:
        raise EndOfLines(f"no end of line in {SKIP_LIMIT} characters: the input is not lines")
    raise ParseError(
        f"a line of {length} characters is too long for a command (at most {protocol.MAX_LINE})"
    )


def lenient(*streams: IO[str] | None) -> None:
    """Input streams read bytes that are not UTF-8 as U+FFFD (a refused line, not a
    crash); done before anything reads them, as a text stream allows."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(OSError, ValueError):
                reconfigure(errors="replace")


__all__ = ["SKIP_LIMIT", "EndOfLines", "lenient", "read_line"]
