"""Setting one top-level key of a TOML file the user wrote, and nothing else.

`rummy500 config KEY VALUE` and `sort rank` in a game write one key back to the config
file. The file is the user's: its comments, its order, its other keys and its line
endings stay exactly as they are. So the edit is made on the text, not by writing the
parsed data back: the file is scanned as TOML reads it (strings one-line and multi-line,
basic and literal, comments, arrays and inline tables over several lines) to find where
each top-level key's value begins and ends, and only that span is replaced. The result
is parsed again (tomllib) and must hold exactly the old data with the one key changed;
otherwise nothing is written. The new text replaces the file atomically (a temporary
file renamed over it), through a symbolic link to the file it names.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any


class EditError(ValueError):
    """The file could not be edited safely (it stays as it was): one line."""


def line_starts_clean(text: str) -> list[bool]:
    """For each line of `text` (as `split_lines` cuts it), whether it
    starts outside every string, array and inline table: only such a line can hold a
    key or a table header."""
    clean = [True]
    depth = 0
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == "\n":
            clean.append(depth == 0)
            index += 1
            continue
        if char in "\"'":
            end = _after_string(text, index)
            clean += [False] * text.count("\n", index, end)  # lines that start inside it
            index = end
            continue
        if char == "#":
            newline = text.find("\n", index)
            index = size if newline < 0 else newline
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth = max(depth - 1, 0)
        index += 1
    return clean[: len(split_lines(text))]


def split_lines(text: str) -> list[str]:
    """The lines of `text`, each with its newline (only `\n` ends a line in TOML;
    `str.splitlines` would also cut at characters a string may hold)."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def _after_string(text: str, index: int) -> int:
    """The index just after the string that starts at `index`, counting the newlines it
    spans as part of it (so `line_starts_clean` marks its inner lines as not clean)."""
    quote = text[index]
    size = len(text)
    if text.startswith(quote * 3, index):
        index += 3
        while index < size:
            if quote == '"' and text[index] == "\\":
                index += 2
                continue
            if text.startswith(quote * 3, index):
                index += 3
                extra = 0  # TOML: up to two quotes may end the text before the closing three
                while extra < 2 and index < size and text[index] == quote:
                    index += 1
                    extra += 1
                return index
            index += 1
        return size
    index += 1
    while index < size and text[index] != "\n":
        if quote == '"' and text[index] == "\\":
            index += 2
            continue
        if text[index] == quote:
            return index + 1
        index += 1
    return index


def _key_pattern(key: str) -> re.Pattern[str]:
    """A top-level `key =` as TOML may write it: bare, "quoted" or 'literal'."""
    names = "|".join(re.escape(form) for form in (key, f'"{key}"', f"'{key}'"))
    return re.compile(rf"[ \t]*(?:{names})[ \t]*=")


def edited(text: str, key: str, line: str | None) -> str:
    """`text` with the top-level `key` set to the TOML line `line` (`key = value`), or
    removed (None): the whole of its old value replaced (a value may span lines), every
    other line unchanged. A new key goes after the last top-level line, before the
    first table."""
    lines = split_lines(text)
    clean = line_starts_clean(text)
    header = next(
        (i for i, ln in enumerate(lines) if clean[i] and ln.lstrip().startswith("[")),
        len(lines),
    )
    # the new line ends as the top-level lines before it do ("\n" or "\r\n")
    ends = [ln[len(ln.rstrip("\r\n")) :] for ln in lines if ln.endswith("\n")]
    before_ends = [ln[len(ln.rstrip("\r\n")) :] for ln in lines[:header] if ln.endswith("\n")]
    ending = (before_ends or ends or ["\n"])[-1]
    pattern = _key_pattern(key)
    new = [] if line is None else [line + ending]
    for start in range(header):
        if clean[start] and pattern.match(lines[start]):
            stop = start + 1
            while stop < len(lines) and not clean[stop]:
                stop += 1
            return "".join([*lines[:start], *new, *lines[stop:]])
    if line is None:
        return text
    before = lines[:header]
    if before and not before[-1].endswith("\n"):
        before[-1] += ending
    return "".join([*before, *new, *lines[header:]])


def set_key(path: Path, key: str, value: Any | None, line: str | None) -> None:
    """Set (or with None remove) the top-level `key` of the TOML file at `path` to
    `value`, written as `line`; create the file if there is none. EditError (the file
    untouched) when the result would not be the old data with just that change; OSError
    when the file cannot be written."""
    target = Path(os.path.realpath(path))  # through a link, to the file it names
    # bytes decoded as they are: "\r\n" stays "\r\n" (read_text would make it "\n")
    old_text = target.read_bytes().decode("utf-8") if target.exists() else ""
    old = tomllib.loads(old_text)
    new_text = edited(old_text, key, line)
    expected = dict(old)
    if value is None:
        expected.pop(key, None)
    else:
        expected[key] = value
    try:
        parsed = tomllib.loads(new_text)
    except tomllib.TOMLDecodeError:
        parsed = None
    if parsed != expected:
        raise EditError(
            f"{path}: cannot set {key} without changing the rest of the file; "
            f"set it by hand ({line or f'remove {key}'})"
        )
    _replace(target, new_text)


def _replace(target: Path, text: str, fsync: Callable[[int], None] = os.fsync) -> None:
    """Write `text` over `target` whole or not at all, keeping its permissions."""
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = target.stat().st_mode & 0o7777 if target.exists() else None
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            fsync(out.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
