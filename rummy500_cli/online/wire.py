"""The wire: JSON-lines messages between the server and its clients, with limits.

Every message is one JSON object on one line (UTF-8, `\\n` at its end). A line longer
than `MAX_LINE` bytes, JSON nested deeper than `MAX_DEPTH`, or a line that is not a JSON
object is refused with a one-line `error`; a peer that sends a line too long is cut off
(its line is never kept in memory). Described in rummy500-serve(6), PROTOCOL.
"""

from __future__ import annotations

from typing import Any

import msgspec

WIRE_VERSION = 1
"""The version of the wire protocol the `hello` and `welcome` messages carry."""
MAX_LINE = 1 << 16
"""The longest line read, in bytes (a move or a chat line is a few dozen)."""
MAX_DEPTH = 8
"""The deepest nesting of a client's message (none nests more than 3)."""
TEXT_LIMIT = 200
"""The longest chat line (`say`), in characters."""
NAME_LIMIT = 40
"""The longest player name, in characters (as `play --name`)."""

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder()


class WireError(ValueError):
    """A line that is not a message: its one-line reason."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line, its newline included."""
    return _encoder.encode(message) + b"\n"


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply `value` nests, counted only as far as `limit + 1`."""
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, level = stack.pop()
        if level > limit:
            return level
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


def _nesting(line: bytes) -> int:
    """The deepest bracket nesting of a JSON text, counted before it is parsed (strings
    skipped), so that no deep input reaches the parser."""
    level = deepest = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            level += 1
            if level > deepest:
                deepest = level
                if deepest > MAX_DEPTH:
                    return deepest
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest


def decode(line: bytes) -> dict[str, Any]:
    """A line as a message (a JSON object with a string `type`); WireError saying why not."""
    text = line.strip()
    if not text:
        raise WireError("an empty line is not a message")
    if _nesting(text) > MAX_DEPTH:
        raise WireError(f"JSON nested more than {MAX_DEPTH} levels: not a message")
    try:
        message = _decoder.decode(text)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError) as error:
        raise WireError(
            f"not JSON ({str(error)[:80]}); send one JSON object a line, such as "
            '{"type": "move", "text": "draw"}'
        ) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WireError('a message is a JSON object with a "type", such as {"type": "ping"}')
    return message


def text_field(message: dict[str, Any], key: str, limit: int, default: str = "") -> str:
    """A string field of a message, at most `limit` characters; WireError otherwise."""
    value = message.get(key, default)
    if not isinstance(value, str):
        raise WireError(f'"{key}" must be a string')
    if len(value) > limit:
        raise WireError(f'"{key}" is longer than {limit} characters')
    return value


def int_field(message: dict[str, Any], key: str, default: int | None = None) -> int:
    """A whole-number field of a message; WireError otherwise."""
    value = message.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value < 1 << 53:
        raise WireError(f'"{key}" must be a whole number')
    return value
