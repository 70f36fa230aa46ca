"""The variants of RULES 8, one class each, and the one registry of them.

As python-chess's `variant.py` does, every variant is a class that overrides a few facts
and hooks of the standard game (`base.Variant`); each lives in its own module with the
decisions of its rules:

- `base`: `Variant`, the standard game (`none`): every fact and hook, the speed flags
  derived from the overrides;
- `jokers` (`joker_plays`: the listings): wild jokers;
- `partnership`: two sides of two, and the helpers of sides;
- `persian`: a partnership game with joker sets and doubled fours;
- `dealers_gambit`: the dealer's joker and its power (`DealersJoker`: the round's joker).

`VARIANTS` is the one registry: name -> the variant object. The presets (`standard`,
`wikipedia`, `rules.PRESETS`) are not variants: they are bundles of options of the
standard game (wikipedia: the main rules of source 000), named on the same `--variant`
option; `make_rules` applies either kind of bundle.
"""

from __future__ import annotations

from ..errors import RulesError
from ..rules import PRESETS, Rules, build_rules
from .base import VARIANTS, Variant, variant_of
from .dealers_gambit import DealersGambit
from .jokers import Jokers
from .partnership import Partnership
from .persian import Persian

__all__ = [
    "BUNDLES",
    "VARIANTS",
    "DealersGambit",
    "Jokers",
    "Partnership",
    "Persian",
    "Variant",
    "check_rules",
    "find_variant",
    "make_rules",
    "variant_of",
]

VARIANTS.update(
    (variant.name, variant)
    for variant in (Variant(), Jokers(), Partnership(), Persian(), DealersGambit())
)

BUNDLES: dict[str, dict[str, object]] = {
    name: variant.options for name, variant in VARIANTS.items() if variant.options
}
"""The option values of each `--variant NAME` of RULES 8 (the standard game has none)."""

_BY_WORD: dict[str, Variant] = {
    word: variant for variant in VARIANTS.values() for word in (variant.name, *variant.aliases)
}


def find_variant(name: str | None) -> Variant | None:
    """The variant of this `--variant` word (a name or an alias), or None for a preset,
    no name, or `none` (the standard game is no variant on the command line)."""
    if not name or name == Variant.name:
        return None
    return _BY_WORD.get(name)


def make_rules(
    options: dict[str, object] | None = None,
    *,
    preset: str | None = None,
    variant: str | None = None,
) -> Rules:
    """Build a Rules from a preset or variant name and option values.

    Option values may be typed values or the strings of `--rule KEY=VALUE`. Raises
    RulesError for an unknown name or a value the option does not take.
    """
    values: dict[str, object] = {}
    for name in (preset, variant):
        if name is None:
            continue
        found = find_variant(name)
        bundle = PRESETS.get(name, found.options if found is not None else None)
        if bundle is None:
            known = ", ".join([*PRESETS, *BUNDLES])
            raise RulesError(f"unknown variant {name!r}: choose one of {known}")
        values.update(bundle)
    return build_rules(values, options)


def check_rules(rules: Rules, players: int) -> None:
    """Refuse rules that cannot be played with this many players, or together: the
    options (`Rules.check_options`), then what the variant is played with (RULES 8).

    Raises RulesError naming the option and what would be accepted.
    """
    rules.check_options(players)
    variant_of(rules).check(rules, players)
