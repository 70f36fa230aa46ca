"""How deep a JSON text nests, measured before it is decoded.

A decoder refuses deep nesting only where its recursion runs out, and where that is
depends on the Python: msgspec raised RecursionError at about 1,000 levels on Python
3.11, while 3.12 and later (with a C recursion limit of their own) decode 1,000 levels
and more. So a line was refused on one Python and read on another. Every JSON line
from outside (a protocol message, a log line) is measured here first, with one limit
for every Python: a message or a log line nests a few levels, never `MAX_DEPTH`.
"""

from __future__ import annotations

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a JSON line from outside may have."""

_OPEN = frozenset(b"[{")
_CLOSE = frozenset(b"]}")
_QUOTE = ord('"')
_BACKSLASH = ord("\\")


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether `text`, read as JSON, nests arrays and objects more than `limit` deep
    (brackets inside strings do not count). A text with fewer opening brackets than
    that is answered at once, without a scan: that is every ordinary line."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    depth = 0
    in_string = False
    escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _BACKSLASH:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte in _OPEN:
            depth += 1
            if depth > limit:
                return True
        elif byte in _CLOSE:
            depth -= 1
    return False
