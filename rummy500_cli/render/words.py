"""Words that depend on a number or on who is spoken to: `1 card`, `2 cards`; `you go`,
`Ana goes`."""

from __future__ import annotations

IRREGULAR = {"go": "goes", "pass": "passes", "have": "has", "do": "does"}


def count(number: int, noun: str, plural: str | None = None) -> str:
    """`1 card`, `3 cards` (`plural` for a noun that does not take an s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def verb(base: str, you: bool) -> str:
    """A verb in the present for `you` (the base) or for another player (`draws`)."""
    if base == "be":
        return "are" if you else "is"
    if you:
        return base
    if base in IRREGULAR:
        return IRREGULAR[base]
    if base.endswith(("s", "sh", "ch", "x")):
        return base + "es"
    return base + "s"


def close_word(word: str, words: list[str]) -> str | None:
    """The word a typo most likely meant: close (difflib), with the same first letter
    (`drwa` is draw, `lya` lay; `fly` nothing)."""
    import difflib

    word = word.lower()
    for close in difflib.get_close_matches(word, words, n=3, cutoff=0.6):
        if close[:1] == word[:1]:
            return close
    return None
