"""Text laid out for a terminal's width: lines wrapped at word boundaries (colour codes
kept, counted as nothing), and the prompt's bottom line fitted to the width."""

from __future__ import annotations

import re
import unicodedata

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
INDENT = "  "
"""How a wrapped line goes on: indented, so it reads as part of the line above."""


def width_of(text: str) -> int:
    """The columns a text takes: colour codes none, wide characters two."""
    plain = ANSI.sub("", text)
    return sum(
        0
        if unicodedata.combining(ch)
        else 2
        if unicodedata.east_asian_width(ch) in ("W", "F")
        else 1
        for ch in plain
    )


def wrap(text: str, width: int) -> str:
    """Each line of `text` wrapped to `width` columns at spaces, the rest of a wrapped
    line indented; spaces inside a line (the gaps between a hand's suits) are kept; a
    word longer than the width stays whole."""
    if width < 20:
        return text
    return "\n".join(_wrap_line(line, width) for line in text.split("\n"))


def _wrap_line(line: str, width: int) -> str:
    if width_of(line) <= width:
        return line
    lead = line[: len(line) - len(line.lstrip(" "))]
    pieces = re.findall(r"(\S+)(\s*)", line[len(lead) :])
    out: list[str] = []
    current, used = lead, width_of(lead)
    gap = ""
    for word, spaces in pieces:
        size = width_of(word)
        if used > width_of(lead) and used + width_of(gap) + size > width:
            out.append(current)
            current = lead + INDENT + word
            used = width_of(lead) + len(INDENT) + size
        else:
            current += gap + word
            used += width_of(gap) + size
        gap = spaces
    out.append(current)
    return "\n".join(out)


def fit_toolbar(
    step: str, legal: list[str], width: int, more: int = 0, counts: list[int] | None = None
) -> str:
    """The bottom line in `width` columns: the step, as many legal moves as fit (`+N
    more` for the rest), then the keys, dropped first when the line is narrow. `counts`:
    how many moves each item of `legal` stands for (one each unless said), so that the
    numbers shown always count moves, not items."""
    sizes = counts if counts is not None else [1] * len(legal)
    total = sum(sizes) + more
    keys_options = ["Tab completes · Ctrl-D saves and leaves", "Tab · Ctrl-D leaves", ""]
    for keys in keys_options:
        for count in range(len(legal), -1, -1):
            shown = legal[:count]
            rest = total - sum(sizes[:count])
            moves = ", ".join(shown) + (f" (+{rest} more)" if rest and shown else "")
            if not shown and rest:
                moves = f"{rest} moves"
            parts = [step, f"legal: {moves}" if moves else "", keys]
            line = " " + " · ".join(part for part in parts if part)
            if width_of(line) <= width:
                return line
    line = " " + step
    return line if width_of(line) <= width else line[: max(0, width - 1)] + "…"


def pack(items: list[str], width: int | None, lead: str = "", sep: str = " · ") -> list[str]:
    """Items on as few lines as `width` allows, a line broken only between two items
    (never inside a card, a name or a path): the first line starts with `lead`, the
    others are indented. Without a width, all on one line."""
    if width is None:
        return [lead + sep.join(items)]
    lines: list[str] = []
    current, used = lead, width_of(lead)
    empty = True
    for item in items:
        size = width_of(item)
        if not empty and used + width_of(sep) + size > width:
            lines.append(current.rstrip())
            current, used, empty = INDENT, len(INDENT), True
        if empty:
            current += item
            used += size
        else:
            current += sep + item
            used += width_of(sep) + size
        empty = False
    lines.append(current.rstrip())
    return lines


def command_lines(command: str, width: int | None, lead: str = "") -> list[str]:
    """A shell command to paste, as lines of at most `width` columns: broken only
    between two words, each line but the last ending in ` \\` (the shell's line
    continuation), so that what is pasted is the one command. A word longer than the
    line stays whole. Without a width, or where it fits, one line."""
    if width is None or width_of(lead + command) <= width:
        return [lead + command]
    import shlex

    try:
        words = [shlex.quote(word) for word in shlex.split(command)]
    except ValueError:  # (never for a command this program printed)
        return [lead + command]
    lines: list[str] = []
    current = lead + words[0]
    for word in words[1:]:
        if width_of(current) + 1 + width_of(word) + 2 > width:
            lines.append(current + " \\")
            current = lead + "    " + word
        else:
            current += " " + word
    lines.append(current)
    return lines
