"""Whole numbers as people and programs type them: ASCII digits, and not too many.

`str.isdigit` is true for `²` and `٣`, and `int` fails on the first and on any text of
more than 4,300 digits; every number read from a command, an option or a bot's answer
goes through `whole_number` instead, so that such text is a clear refusal, not a crash.
"""

from __future__ import annotations

DIGITS = 18
"""The most digits a typed number may have (a pile depth, a meld id, an event number
or a seat are a few digits; 18 fit in any counter)."""


def whole_number(text: str) -> int | None:
    """The number `text` writes in ASCII digits, without a sign; None if it is not one."""
    if text.isascii() and text.isdigit() and len(text) <= DIGITS:
        return int(text)
    return None
