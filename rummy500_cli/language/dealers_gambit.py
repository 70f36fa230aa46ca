"""The verbs dealers_gambit adds (RULES 8.4), declared once: `power` (the dealer names
the power of the dealer's joker) and `block` (a joker laid on it), each beside the
Action it makes, with the words it adds to other verbs' help.

They belong to the variant: `Verb.variant` names it, so they are playable, listed and
offered only in its games. When the variant wing gives each variant one object (issue
26, room 1), this module's VERBS becomes that object's `verbs` attribute and
`vocabulary.variant_verbs()` reads them off the registry of variants; nothing else in
the vocabulary changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import POWERS, BlockJoker, NamePower
from .verb import Asking, Candidate, Misused, Verb

if TYPE_CHECKING:
    from ..state import State

VARIANT = "dealers_gambit"
SAYS = {
    "wild": "a wild card worth 0",
    "double": "doubles a new meld and seals it",
    "split": "a take that leaves cards out",
}
"""Each power in a few words, for Tab's menu."""


def _parse_power(words: list[str], state: State | None) -> NamePower:
    power = next((p for p in POWERS if len(words) == 1 and words[0].lower() == p), None)
    if power is None:
        raise Misused()
    return NamePower(power)


def _complete_power(words: list[str], asking: Asking) -> list[Candidate]:
    if words:
        return []
    named = [a.power for a in asking.legal if isinstance(a, NamePower)]
    return [Candidate(power, power, SAYS[power]) for power in named]


def _parse_block(words: list[str], state: State | None) -> BlockJoker:
    if words:
        raise Misused()
    return BlockJoker()


POWER = Verb(
    word="power", order=15, makes=NamePower, variant=VARIANT,
    usage="power wild|double|split", gloss="the dealer names the joker's power",
    hint="name the power of the dealer's joker",
    parser=_parse_power, completer=_complete_power,
    step=("power", "name the power of the dealer's joker (power wild|double|split)"),
    notes={"meld": "; double after the cards lays the dealer's joker on the meld (power double)"},
    detail=(
        "Under dealers_gambit only: the dealer names the power of the dealer's joker for "
        "the round, before anyone plays (RULES 8.4): wild (a wild card worth 0), double "
        "(laid on a new meld, it doubles and seals it) or split (a take that leaves some "
        "cards above the chosen one out of the game: take 5 split 2). Example: power double"
    ),
)  # fmt: skip
BLOCK = Verb(
    word="block", order=35, makes=BlockJoker, variant=VARIANT,
    usage="block", gloss="lay a joker on the dealer's joker", hint="block the dealer's joker",
    parser=_parse_block,
    detail=(
        "Under dealers_gambit only: lay a joker of your hand face down on the dealer's "
        "joker, which the dealer then cannot use this round (RULES 8.4). Example: block"
    ),
)  # fmt: skip

VERBS = (POWER, BLOCK)
