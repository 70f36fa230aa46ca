"""Untrusted text made safe for a terminal.

Names, seeds, file names and error messages can come from a log someone shared, from a
program or from the command line. Printed raw, a control character in them could set
the window title, clear the screen or, on some terminals, write the clipboard. Every
such text reaches the terminal through `printable`, which shows each control character
as an escape (`\\x1b`, `\\n`, `\\u202e`) instead of sending it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

_CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""C0 and C1 control characters, DEL, and the line separators and bidirectional marks
and overrides of Unicode, which reorder or break what a terminal shows; and lone
surrogates (bytes of a command line or a file name that are not UTF-8), which cannot
be written at all."""

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: Sequence[str] = ()) -> str:
    """`text` with every control character shown as an escape; other text unchanged.

    `keep`: exact sequences that pass as they are, such as the newlines between the
    lines of a table and the colour codes of the style that drew it."""
    if not keep:
        return _CONTROL.sub(_escape, text)
    pattern = _KEPT.get(tuple(keep))
    if pattern is None:
        kept = "|".join(re.escape(sequence) for sequence in keep)
        pattern = _KEPT[tuple(keep)] = re.compile(f"({kept})|{_CONTROL.pattern}")
    return pattern.sub(lambda match: match.group(1) or _escape(match), text)


_KEPT: dict[tuple[str, ...], re.Pattern[str]] = {}


@lru_cache(maxsize=64)
def names(players: tuple[str, ...]) -> tuple[str, ...]:
    """Players' names as every presenter shows them: each on one line, whatever a log
    put in it (a newline in a name is shown `\\n`, so it cannot fake a line of the
    table; `Style.text` then lets the table's own newlines through)."""
    return tuple(printable(name) for name in players)


_JSON_RAW = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""The control characters that JSON leaves raw in a string (it escapes only those below
0x20, and the encoders here do)."""


def printable_json(text: str) -> str:
    """A JSON text with the control characters that JSON itself leaves raw written as
    `\\uXXXX` escapes: the same JSON value, safe to print."""
    return _JSON_RAW.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def control_character(text: str) -> str | None:
    """The first control character of `text`, escaped (None: there is none): what
    refuses it as a new name or seed."""
    match = _CONTROL.search(text)
    return None if match is None else _escape(match)
