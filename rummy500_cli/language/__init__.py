"""The command language of the game, declared once: one `Verb` per command (its words,
usage, help, parser and completion), in one registry, `VOCABULARY`, from which the
parser, `help`, Tab completion, the toolbar's and turn line's step words and the window
prompts are all rendered. The Action classes and their `text()` stay in actions.py: the
print half of the language; a Verb's `parse` is the read half.

    verb.py            Verb, Candidate, Asking: the spec of one command
    moves.py           upcard, draw, take, rum, discard, pass
    plays.py           meld, lay
    dealers_gambit.py  power, block: the verbs of a variant (RULES 8.4)
    table_words.py     hint, hand, table, pile, melds, score, rules, log, sort, undo,
                       help, quit: the table commands, which make no Action
    card_words.py      cards and melds read and offered (`jk=7h`, `#2`, `low|high`)
    vocabulary.py      Vocabulary: the registry, and parse
    listing.py         the legal moves listed in the command language (needs the engine)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import dealers_gambit, moves, plays, table_words
from .card_words import parse_play_cards
from .verb import Asking, Candidate, Verb
from .vocabulary import Vocabulary

if TYPE_CHECKING:
    from ..actions import AnyAction
    from ..state import State

__all__ = [
    "VOCABULARY",
    "Asking",
    "Candidate",
    "Verb",
    "Vocabulary",
    "parse_action",
    "parse_play_cards",
    "step_words",
    "variant_verbs",
]


def variant_verbs() -> tuple[Verb, ...]:
    """The verbs the variants of RULES 8 add: today dealers_gambit's power and block,
    declared in language/dealers_gambit.py. Once each variant is one object (issue 26,
    room 1), this reads each variant's `verbs` off the registry of variants."""
    return dealers_gambit.VERBS


VOCABULARY = Vocabulary([*moves.VERBS, *plays.VERBS, *variant_verbs(), *table_words.VERBS])
"""Every command of the game, in order: the moves as a turn goes, then the table's."""

RESTING = {"between": "round over", "over": "game over", "start": "not dealt"}
"""The steps no move ends, as the turn line names them."""


def step_words(phase: str) -> str:
    """A step of the turn in words, for the table's turn line and the toolbar."""
    return VOCABULARY.step(phase) or RESTING.get(phase, "")


def parse_action(text: str, state: State | None = None) -> AnyAction:
    """A move in the command language (see `Vocabulary.parse`)."""
    return VOCABULARY.parse(text, state)
