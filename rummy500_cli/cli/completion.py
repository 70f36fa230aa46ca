"""What Tab offers at the game prompt: only what is legal now, each with a few words.

`candidates(state, seat, text)` answers the words that may follow what is typed: the
commands first (the moves legal now, then the table commands), then what the command's
own Verb offers (`Verb.complete`: a pile position that can be taken, a card that makes
a meld with the cards typed, a meld the typed cards fit), in the order of a turn and of
the hand, each with a description. It is pure: cli/consoles/prompt.py turns the words into
prompt-toolkit completions.
"""

from __future__ import annotations

from ..language import VOCABULARY, Asking, Candidate, Vocabulary
from ..language.listing import sorted_legal
from ..render.style import PLAIN, Style
from ..state import State

__all__ = ["Candidate", "candidates"]


def candidates(
    state: State,
    seat: int | None,
    text: str,
    by_rank: bool = False,
    style: Style = PLAIN,
    vocabulary: Vocabulary = VOCABULARY,
) -> list[Candidate]:
    """The words that may follow `text` now, for the player at `seat`."""
    words = text.split()
    done = words if text.endswith(" ") or not text else words[:-1]
    current = "" if text.endswith(" ") or not text else words[-1]
    mine = seat is not None and state.to_move == seat and state.phase != "over"
    legal = sorted_legal(state, by_rank) if mine else []
    if not done:
        tags = {vocabulary.of(action).word for action in legal}
        found = [Candidate(v.word, v.word, v.hint) for v in vocabulary.moves if v.word in tags]
        found += [Candidate(v.word, v.word, v.hint) for v in vocabulary.table]
    else:
        verb = vocabulary.find(done[0])
        if verb is None:
            return []
        own = [action for action in legal if vocabulary.of(action) is verb]
        found = verb.complete(done[1:], Asking(state, own, by_rank, style, vocabulary))
    typed = current.lower()
    return [c for c in found if c.text.lower().startswith(typed)]
