"""The in-game `help`, rendered from the vocabulary (rummy500_cli/language): `help` alone
lists one line a command (the moves playable in this game, then the table commands), and
`help COMMAND` adds the command's paragraph, with examples, fitted to the game's rules
(jokers are mentioned only where there are some)."""

from __future__ import annotations

import textwrap

from ..language import VOCABULARY, Verb, Vocabulary
from ..rules import Rules


def detail(word: str, rules: Rules, vocabulary: Vocabulary = VOCABULARY) -> str:
    """The paragraph of one command under these rules."""
    verb = vocabulary.find(word)
    if verb is None:
        raise KeyError(word)
    return verb.paragraph(rules, vocabulary)


def command_lines(verb: Verb, rules: Rules, width: int, vocabulary: Vocabulary) -> list[str]:
    """`help WORD`: the command's line, then its paragraph indented, fitted to `width`."""
    paragraph = textwrap.fill(
        verb.paragraph(rules, vocabulary), width=max(40, min(width, 100) - 1),
        initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False,
    )  # fmt: skip
    if not verb.available(rules):
        paragraph += "\n  (Not a move in this game.)"
    return [verb.line(), paragraph]


def help_lines(rules: Rules, legal: str, vocabulary: Vocabulary) -> list[str]:
    """`help`: the moves of this game and the table commands, a line each, and the
    moves legal now (`legal`, already in words)."""
    lines = ["Moves:"] + [f"  {v.line()}" for v in vocabulary.moves if v.available(rules)]
    lines += ["Table:"] + [f"  {v.line()}" for v in vocabulary.table]
    lines.append("help COMMAND tells one in detail, with examples: help lay")
    lines.append(f"Legal now: {legal}")
    return lines
