"""A program's command shown honestly, before the user is asked whether to run it.

A log someone shared can name a program for a seat (`exec:COMMAND`); `resume` runs it
only when the user says yes. The question is only as good as what it shows. A command
padded with thousands of spaces scrolls its head off the screen and leaves an innocent
tail in view; a zero-width character or a bidirectional mark makes two different
commands look alike. So the command is shown as the words that will run (it is split
as `external` splits it, and no shell reads it): the program first, on a line of its
own, then each argument, every word quoted, each run of spaces inside a word and each
invisible or look-alike character written out, and the whole bounded. A command that
cannot be shown so (too long, too many words, words that cannot be read) is refused
with the reason, never asked about.
"""

from __future__ import annotations

import re
import shlex
import shutil
import unicodedata

SHOWN_LIMIT = 300
"""The longest command (in characters, as the log holds it) shown for the question: a
real bot's command is a few dozen."""
WORDS_LIMIT = 24
"""The most words shown (the program and its arguments)."""

_SPACES = re.compile(" {2,}")
_VISIBLE_CATEGORIES = ("L", "M", "N", "P", "S")
"""Letters, marks, numbers, punctuation and symbols show as themselves; every other
character (controls, format characters such as U+200B and the bidi marks, separators
other than the plain space, unassigned and private ones) is written as an escape."""


class Unshowable(ValueError):
    """A command that cannot be shown honestly: the reason, one line."""


def _char(char: str) -> str:
    if char == " " or unicodedata.category(char)[0] in _VISIBLE_CATEGORIES:
        if char == "\\":
            return "\\\\"
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown_word(word: str) -> str:
    """One word, quoted: invisible characters escaped, runs of spaces counted."""
    text = "".join(_char(char) for char in word)
    text = _SPACES.sub(lambda match: f"⟨{len(match.group())} spaces⟩", text)
    return f"“{text}”"


def command_words(command: str) -> list[str]:
    """The words that will run; Unshowable when the command cannot be shown whole."""
    if len(command) > SHOWN_LIMIT:
        raise Unshowable(
            f"its command is {len(command)} characters long, more than can be shown "
            f"whole ({SHOWN_LIMIT})"
        )
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise Unshowable(f"its command cannot be read as words ({error})") from None
    if not words:
        raise Unshowable("its command is empty")
    if len(words) > WORDS_LIMIT:
        raise Unshowable(f"its command has {len(words)} words (at most {WORDS_LIMIT} are shown)")
    return words


def shown_command(command: str) -> list[str]:
    """The lines that show what will run: the program (and where it is found), then its
    arguments, one to a line. Unshowable when it cannot be shown honestly."""
    words = command_words(command)
    from ..program import NAME

    program = words[0]
    found = shutil.which(program)
    if program == NAME:  # external._argv: the word stands for this very program
        where = "  (this rummy500)"
    elif found is None:
        where = "  (not found on PATH)"
    else:
        where = "" if found == program else f"  (found at {shown_word(found)})"
    lines = [f"  program:  {shown_word(program)}{where}"]
    if len(words) == 1:
        lines.append("  no arguments")
    for number, word in enumerate(words[1:], 1):
        lines.append(f"  argument {number}: {shown_word(word)}")
    return lines
