"""The rule options of the rule book, as one frozen Struct recorded in every game's log.

Every key of the rule book (rummy500-rules(7)), sections 1-8, has a field here with the standard game's default, so
that a log always says exactly which rules it was played under. Presets (`standard`,
`wikipedia`) are named bundles of option values for the standard game; the variants of
RULES 8 (`variants`, which stand above this module) have theirs. `variants.make_rules`
applies a bundle before the player's own `--rule KEY=VALUE` options.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .errors import RulesError, quoted


# cache_hash: the engine looks its tables up by the rules at every move
class Rules(msgspec.Struct, frozen=True, kw_only=True, gc=False, cache_hash=True):
    """Every rule option; the defaults are the standard game (rummy500-rules(7))."""

    # 1. Cards and players
    decks: Literal["auto", 1, 2] = "auto"
    jokers_per_deck: Literal[0, 1, 2, 4] = 0
    """4 is the 56-card pack of `persian` (RULES 8), refused elsewhere."""
    # 2. Deal
    hand_size: Literal["auto"] | int = "auto"
    next_dealer: Literal["left", "round_winner"] = "left"
    upcard: Literal["stock", "chosen"] = "stock"
    # 3. Melds
    set_duplicate_suits: bool = False
    min_new_run: Literal[3, 4] = 3
    around_the_corner: bool = False
    # 4. A turn
    stock_draw: Literal[1, 2] = 1
    pile_use: Literal["meld_or_layoff", "meld_only"] = "meld_or_layoff"
    top_discard: Literal["must_use", "keep", "only"] = "must_use"
    # 5. End of a round
    final_discard: Literal["optional", "required"] = "optional"
    stock_out: Literal["end", "reshuffle", "discard_only"] = "end"
    stock_out_hand_penalty: bool = True
    max_rounds: int = 0
    # 6. Scoring
    card_values: Literal["face", "five"] = "face"
    target: int = 500
    # 7. Options from the sources (0 or false: off)
    first_meld_min: int = 0
    ace_value: Literal[0, 15, 25] = 0
    four_aces: Literal[0, 100] = 0
    """Four Aces laid at once by one player score this, 25 each (RULES 7)."""
    other_cards: Literal[0, 5] = 0
    divide_by_five: bool = False
    go_out_bonus: Literal[0, 25] = 0
    """Going out on one's first turn of the round scores this (RULES 7)."""
    master_run: bool = False
    """A 7-card run laid, then the last card discarded in the same turn: 500 (RULES 7)."""
    rum_call: bool = False
    out_of_turn: bool = False
    opponents_hand: bool = False
    # 8. Variants
    variant: Literal["none", "jokers", "partnership", "persian", "dealers_gambit"] = "none"

    def deck_count(self, players: int) -> int:
        """RULES 1.2: one deck for 2-4 players, two for 5-8, unless set."""
        if self.decks == "auto":
            return 1 if players <= 4 else 2
        return int(self.decks)

    def cards_dealt(self, players: int) -> int:
        """RULES 2.3: 13 cards each with 2 players, 7 with 3 or more, unless set."""
        if self.hand_size == "auto":
            return 13 if players == 2 else 7
        return int(self.hand_size)

    def base_value(self, rank: int, ace_high: bool) -> int:
        """RULES 6.1, 7: a natural card's value (rank 1-13) before divide_by_five
        (`scoring` keeps the tables, and asks the variant what a joker counts): an Ace
        played high (or held) or low, `other_cards`, then face or five."""
        if rank == 1:
            if self.ace_value:
                return self.ace_value
            if ace_high:
                return 15
            return 1 if self.card_values == "face" else 5
        if self.other_cards:
            return self.other_cards
        if rank >= 10:
            return 10
        return rank if self.card_values == "face" else 5

    def _all_in_fives(self) -> bool:
        """Whether every value a card can take is a multiple of five (divide_by_five)."""
        return all(
            self.base_value(rank, high) % 5 == 0 for rank in range(1, 14) for high in (False, True)
        )

    def keeps(self, depth: int) -> bool:
        """RULES 4.1 (`top_discard`): whether a take from the pile at this depth is kept
        (need not be used, may not be discarded again that turn), not used at once."""
        return depth == 1 and self.top_discard != "must_use"

    def changes(self) -> dict[str, object]:
        """The options that differ from the standard game, in field order."""
        default = STANDARD
        return {
            name: getattr(self, name)
            for name in self.__struct_fields__
            if getattr(self, name) != getattr(default, name)
        }

    def check_options(self, players: int) -> None:
        """Refuse options that cannot be played with this many players, or together
        (`variants.check_rules` adds what the variant is played with).

        Raises RulesError naming the option and what would be accepted.
        """
        if not 2 <= players <= 8:
            raise RulesError(f"{players} players: Rummy 500 is for 2 to 8 players")
        decks = self.deck_count(players)
        size = decks * (52 + self.jokers_per_deck)
        dealt = self.cards_dealt(players)
        if dealt < 1:
            raise RulesError(f"hand_size={dealt}: each player needs at least one card")
        if dealt * players + 2 > size:
            raise RulesError(
                f"hand_size={dealt} with {players} players needs {dealt * players + 2} cards "
                f"but the {size}-card deck has fewer; use a smaller hand_size or decks=2"
            )
        if self.set_duplicate_suits and decks == 1:
            raise RulesError("set_duplicate_suits=true needs two decks (decks=2, or 5+ players)")
        if self.target < 1:
            raise RulesError(f"target={self.target}: the target must be a positive number")
        if self.max_rounds < 0:
            raise RulesError("max_rounds must be 0 (no limit) or a positive number of rounds")
        if self.first_meld_min < 0:
            raise RulesError("first_meld_min must be 0 (off) or a positive number of points")
        if self.divide_by_five and not self._all_in_fives():
            raise RulesError(
                "divide_by_five needs every card value in fives: add card_values=five, "
                "or other_cards=5 with ace_value=15 or 25"
            )


IDLE_ROTATIONS = 4
"""RULES 5.4, 6b.5: a round with no draw from the stock for this many full rotations of
turns ends as a stock-out (the fold and the engine both ask it)."""

STANDARD = Rules()


def bonus_points(points: int, rules: Rules) -> int:
    """A bonus of the rules (go_out_bonus, master_run, four_aces, a variant's) in this
    game's units (RULES 7: divided by five under divide_by_five)."""
    return points // 5 if rules.divide_by_five else points


PRESETS: dict[str, dict[str, object]] = {
    "standard": {},
    # The main rules of source 000 (the 500 Rum article; see rummy500-rules(7)).
    "wikipedia": {
        "card_values": "five",
        "first_meld_min": 30,
        "pile_use": "meld_only",
        "stock_out_hand_penalty": False,
    },
}


def format_value(value: object) -> str:
    """An option's value as it is typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _convert(name: str, text: str) -> object:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    digits = lowered.removeprefix("-")
    if digits.isascii() and digits.isdigit() and len(digits) <= 18:
        return int(lowered)
    return lowered


def build_rules(bundle: dict[str, object], options: dict[str, object] | None = None) -> Rules:
    """A Rules from a bundle's typed option values (a preset's or a variant's), then the
    player's options over them (typed values or the strings of `--rule KEY=VALUE`).

    Raises RulesError for an unknown option or a value the option does not take.
    """
    values: dict[str, object] = dict(bundle)
    fields = Rules.__struct_fields__
    for key, value in (options or {}).items():
        if key not in fields:
            raise RulesError(f"unknown rule {key!r}: the rules are {', '.join(fields)}")
        values[key] = _convert(key, value) if isinstance(value, str) else value
    if values.get("divide_by_five") and "target" not in values:
        values["target"] = 100  # RULES 7: values divided by five, game to 100
    try:
        return msgspec.convert(values, Rules)
    except msgspec.ValidationError as error:
        raise RulesError(f"bad rule value: {_explain(error, values)}") from None


def _explain(error: msgspec.ValidationError, values: dict[str, object]) -> str:
    message = str(error)
    for name in values:
        if f"$.{name}" in message:
            allowed = _allowed(name)
            shown = format_value(values[name])
            shown = shown if len(shown) <= 40 else quoted(shown, 40)
            return f"{name}={shown} is not allowed; {name} takes {allowed}"
    return message


def _allowed(name: str) -> str:
    annotation = Rules.__annotations__[name]
    text = str(annotation).replace("Literal", "").replace("[", "").replace("]", "")
    return " | ".join(part.strip().strip("'\"") for part in text.replace("|", ",").split(","))


def parse_rule_options(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Read `KEY=VALUE` words (from `--rule`) into a dict; ParseError on a bad word."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RulesError(f"--rule {item!r}: write KEY=VALUE, for example target=300")
        out[key.strip()] = value.strip()
    return out
