"""Output that any terminal's encoding can take.

The program writes Unicode: suit symbols (♠ ♥ ♦ ♣), the middle dot, arrows, the
hyphens and dashes of the man pages. On an output whose encoding has none of them
(LANG=en_US.ISO-8859-1, PYTHONIOENCODING=latin-1 or ascii) a write would raise
UnicodeEncodeError. One decision for every command, made when the command starts:

- cards are drawn in letters (`10S`), as `--ascii` draws them, wherever the output is
  not UTF-8 (`utf_output`, asked by every command that draws cards);
- whatever else cannot be encoded is written as its ASCII look-alike (`->` for an
  arrow, `-` for a hyphen, `S` for a spade), or `?` (`lenient_output`, set on standard
  output and standard error by cli/main.py before any command runs).
"""

from __future__ import annotations

import codecs
import contextlib
import sys
from typing import IO, Any

HANDLER = "rummy500-ascii"

LOOK_ALIKES = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "·": ".", "•": "*", "…": "...", "×": "x", "÷": "/", "±": "+-", "°": " deg",
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "--", "−": "-",
    "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "↔": "<->", "⇒": "=>",
    "≤": "<=", "≥": ">=", "≠": "!=", "✓": "v", "✗": "x",
    "█": "#", "▓": "#", "▒": "+", "░": ".", "▁": "_", "▂": "_", "▃": "_", "▄": "=",
    "▅": "=", "▆": "#", "▇": "#", "│": "|", "─": "-", "┼": "+", "\u00a0": " ",
}  # fmt: skip
"""Characters the program writes, as ASCII where the output cannot take them."""


def _look_alike(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(LOOK_ALIKES.get(char, "?") for char in text), error.end


def utf_output(stream: IO[Any] | None = None) -> bool:
    """Whether the stream (standard output by default) writes UTF-8, -16 or -32."""
    stream = sys.stdout if stream is None else stream
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return encoding.replace("_", "") in ("utf8", "utf16", "utf32")


def lenient_output() -> None:
    """Standard output and standard error write what their encoding lacks as its
    ASCII look-alike instead of failing (nothing changes on a UTF-8 output)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or utf_output(stream):
            continue
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            codecs.lookup_error(HANDLER)
        except LookupError:
            codecs.register_error(HANDLER, _look_alike)
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors=HANDLER)
