"""The registry of commands: the Verbs of a table in order, every word and alias found
in one lookup, and what is rendered from them (the parser, the step words of the turn
line and toolbar, the window prompts). A table may have more commands than the game's
(`plus`): an online table adds `say`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..cards import NotACard
from ..errors import ParseError
from .verb import Verb

if TYPE_CHECKING:
    from ..actions import Action, AnyAction
    from ..state import State


class Vocabulary:
    """The commands, in the order of `Verb.order`."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.verbs = tuple(sorted(verbs, key=lambda verb: verb.order))
        self._words: dict[str, Verb] = {}
        for verb in self.verbs:
            for word in verb.words:
                if word in self._words:
                    raise ValueError(
                        f"{word!r} names both {self._words[word].word} and {verb.word}"
                    )
                self._words[word] = verb
        self._tags = {verb.tag: verb for verb in self.verbs if verb.tag is not None}
        self.moves = tuple(verb for verb in self.verbs if verb.makes is not None)
        """The moves, in the order of a turn."""
        self.table = tuple(verb for verb in self.verbs if verb.makes is None)
        """The table commands, which make no Action."""
        self._core = [verb for verb in self.moves if verb.needs is None and verb.variant is None]
        """The moves of every game (for the errors that name them)."""

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.verbs)

    def plus(self, *verbs: Verb) -> Vocabulary:
        """These commands and more (a console's own table commands)."""
        return Vocabulary([*self.verbs, *verbs])

    def find(self, word: str) -> Verb | None:
        """The command a word or alias names (any case)."""
        return self._words.get(word.lower())

    def of(self, action: Action) -> Verb:
        """The verb of an action."""
        return self._tags[str(type(action).__struct_config__.tag)]

    def order(self, action: Action) -> int:
        return self.of(action).order

    def step(self, phase: str) -> str | None:
        """The words for a step of the turn, from the move that ends it (None: a step no
        move ends, as between rounds)."""
        return next((v.step[1] for v in self.verbs if v.step and v.step[0] == phase), None)

    def window_prompt(self, kind: str | None) -> str:
        """The prompt's question in a window of RULES 7 of this kind."""
        found = (v.windows[kind] for v in self.verbs if kind is not None and kind in v.windows)
        return next(found, "pass")

    def parse(self, text: str, state: State | None = None) -> AnyAction:
        """Read a move in the command language: `draw` or `d`, `take 3` or `t 7H`,
        `meld 7H 7S 7D`, `lay 8H on 2` (`lay 8H on 2 high` to pick the end), `discard
        KS` or `x KS`, `upcard 7H`; in a window of RULES 7, `rum` (`rum 3 high`) and
        `pass`; under dealers_gambit, `power wild` and `block`.

        `take CARD` needs the state, to find the card in the pile. Raises ParseError
        with the form that was expected (a card's forms without the joker in a game
        without jokers).
        """
        try:
            return self._parse(text, state)
        except NotACard as error:
            if state is not None and not state.rules.jokers_per_deck:
                raise NotACard(error.text, jokers=False) from None
            raise

    def _parse(self, text: str, state: State | None) -> AnyAction:
        words = text.replace(",", " ").split()
        if not words:
            raise ParseError("empty command: try " + ", ".join(v.usage for v in self._core))
        verb = self._words.get(words[0].lower())
        if verb is None or verb.parser is None:
            moves = ", ".join(verb.word for verb in self._core)
            raise ParseError(f"unknown command {words[0]!r}: the moves are {moves}")
        return verb.parse(words[1:], state)
