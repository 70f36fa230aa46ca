"""One command of the game's language, declared once: its words, its help, its parser
and its completion (as httpie's `ParserSpec` declares each option once and renders it
into the parser, the help and the man page).

A move's Verb makes an Action (`makes`), and `parse` reads the words after the verb back
into that Action: `Action.text()` prints it, `Verb.parse` reads it, and the property
test `tests/language/test_language_roundtrip.py` holds the two together. A table command
(score, pile, undo, help...) is a Verb that makes no Action: the interpreter answers it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import ParseError

if TYPE_CHECKING:
    from ..actions import Action, AnyAction
    from ..render.style import Style
    from ..rules import Rules
    from ..state import State
    from .vocabulary import Vocabulary


@dataclass(frozen=True)
class Candidate:
    """A word Tab may insert, how the menu shows it, and what it does."""

    text: str
    display: str
    meta: str


@dataclass(frozen=True)
class Asking:
    """What completing a verb's words knows: the state, the legal moves of this verb for
    the seat at the keyboard (none when it is not theirs to move), in the order of a turn
    and of the hand, how the hand is sorted, the style of the menu, and the vocabulary
    (help completes every command of it)."""

    state: State
    legal: Sequence[AnyAction]
    by_rank: bool
    style: Style
    vocabulary: Vocabulary


class Misused(ParseError):
    """The words after a verb do not fit its form: the verb adds its usage line."""

    def __init__(self, lead: str = "") -> None:
        super().__init__(lead)
        self.lead = lead


Parser = Callable[[list[str], "State | None"], "AnyAction"]
Completer = Callable[[list[str], Asking], list[Candidate]]


@dataclass(frozen=True, eq=False)
class Verb:
    """A command: a move (it `makes` an Action) or a table command (it makes none). Two
    Verbs are the same command only if they are the same object (a registry's entry)."""

    word: str
    """The command word, as `help` lists it and Tab offers it."""
    order: int
    """Where it is listed: the moves in the order of a turn (upcard, power, draw, take,
    block, meld, lay, rum, discard, pass), then the table commands."""
    usage: str
    """Its form, as `take N|CARD` or `score`."""
    gloss: str
    """What follows the form on its line of help."""
    hint: str
    """A few words for Tab's menu."""
    detail: str
    """The paragraph of `help WORD`, with examples."""
    aliases: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    """Keys of the interactive prompt that do the same (quit: Ctrl-D)."""
    makes: type[Action] | None = None
    parser: Parser | None = None
    completer: Completer | None = None
    needs: Callable[[Rules], bool] | None = None
    """The rule options it needs to be playable (upcard needs upcard=chosen); None: any."""
    variant: str | None = None
    """The variant of RULES 8 whose verb it is (power and block: dealers_gambit)."""
    step: tuple[str, str] | None = None
    """(phase, words): the step of the turn this move ends, as the table's turn line and
    the toolbar name it (draw: `draw`; discard: `meld, lay off or discard`)."""
    windows: Mapping[str, str] = field(default_factory=dict)
    """The prompt's short question in each kind of window of RULES 7 this verb answers."""
    notes: Mapping[str, str] = field(default_factory=dict)
    """Words this verb adds to another verb's paragraph in games where it is playable
    (power: what `double` after a meld's cards does)."""
    more: Callable[[Rules], str] | None = None
    """Words its own paragraph gains under some rules (meld: the jokers' forms)."""

    @property
    def tag(self) -> str | None:
        """The tag of the Action it makes (None for a table command)."""
        return None if self.makes is None else str(self.makes.__struct_config__.tag)

    @property
    def words(self) -> tuple[str, ...]:
        return (self.word, *self.aliases)

    def available(self, rules: Rules) -> bool:
        """Whether it can be played (or used) under these rules."""
        if self.variant is not None and rules.variant != self.variant:
            return False
        return self.needs is None or self.needs(rules)

    def line(self) -> str:
        """Its line of help: `take N|CARD (or t), N counted from the top ...`,
        `power wild|double|split (dealers_gambit: ...)`, `score (or s): ...`."""
        others = [*self.aliases, *self.keys]
        head = f"{self.usage} (or {', '.join(others)})" if others else self.usage
        if self.makes is None:
            return f"{head}: {self.gloss}"
        if self.variant is not None:
            return f"{head} ({self.variant}: {self.gloss})"
        return f"{head}, {self.gloss}" if self.gloss else head

    def parse(self, words: list[str], state: State | None) -> AnyAction:
        """The Action the words after the verb ask for; ParseError with the usage line."""
        if self.parser is None:
            raise ParseError(f"{self.word} is not a move; usage: {self.line()}")
        try:
            return self.parser(words, state)
        except Misused as error:
            raise ParseError(f"{error.lead}usage: {self.line()}") from None

    def complete(self, words: list[str], asking: Asking) -> list[Candidate]:
        """The words that may follow `words` (those typed after the verb)."""
        return [] if self.completer is None else self.completer(words, asking)

    def paragraph(self, rules: Rules, vocabulary: Vocabulary) -> str:
        """The paragraph of `help WORD` under these rules."""
        text = self.detail + ("" if self.more is None else self.more(rules))
        for other in vocabulary:
            if self.word in other.notes and other.available(rules):
                text += other.notes[self.word]
        return text
