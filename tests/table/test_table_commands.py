"""Commands printed for pasting (`Next:`, `Resume with:`) fit the terminal: a command
longer than the line is broken only between words, with the shell's line continuation,
so that what is pasted is still the one command (issue 27, item 7)."""

from __future__ import annotations

import re
import shlex

from hypothesis import given
from hypothesis import strategies as st

from rummy500_cli.render.layout import command_lines, width_of

LONG = (
    "/tmp/nc/rummy500/.venv/bin/rummy500 analyze "
    "/tmp/nc/home/.local/share/rummy500/games/20261205-040303-seed5.jsonl"
)


def pasted(lines: list[str]) -> list[str]:
    return shlex.split(re.sub(r" \\\n\s*", " ", "\n".join(lines)))


def test_a_command_that_fits_is_one_line() -> None:
    assert command_lines("rummy500 replay g.jsonl", 80, "  ") == ["  rummy500 replay g.jsonl"]
    assert command_lines(LONG, None) == [LONG]


def test_a_long_command_is_continued_between_words() -> None:
    lines = command_lines(LONG, 79, "  ")
    assert len(lines) == 2
    assert all(width_of(line) <= 79 for line in lines)
    assert lines[0].endswith(" \\") and not lines[1].endswith("\\")
    assert pasted(lines) == shlex.split(LONG)


words = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")), min_size=1)


@given(st.lists(words, min_size=1, max_size=8), st.integers(20, 120))
def test_what_is_pasted_is_the_command(parts: list[str], width: int) -> None:
    command = shlex.join(parts)
    lines = command_lines(command, width, "  ")
    assert pasted(lines) == parts
    for line in lines:  # over the width only where one word alone is longer
        assert width_of(line) <= width or len(shlex.split(line.rstrip("\\"))) == 1
