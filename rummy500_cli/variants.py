"""The variants of RULES 8, one object each: what each variant is, in one place.

As python-chess's variant boards do, every variant is a class that overrides a few facts
of the standard game (`Variant`): the options `--variant NAME` sets, the table it is
played at, the way play turns, what a joker is worth and does, how the game ends. Rules,
scoring, the bots, analysis and the presenters ask these objects; they never restate a
variant's rule. The engine's own hooks for each variant (the moves it adds, the plays
it allows) are in `engine.variants`, on subclasses of these classes.

`VARIANTS` is the one registry; `variant_of(rules)` is the object of a game's rules.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from .errors import RulesError


class Options(Protocol):
    """The rule options a variant is told by (`rules.Rules` has them all): the variants
    stand below the rules, which read the variants' bundles and checks."""

    @property
    def variant(self) -> str: ...

    @property
    def jokers_per_deck(self) -> int: ...

    @property
    def decks(self) -> object: ...


class Variant:
    """The standard game (no variant): each player for themself, no jokers."""

    name: ClassVar[str] = "none"
    options: ClassVar[dict[str, object]] = {}
    """The option values `--variant NAME` sets (RULES 8), before the player's own."""
    players: ClassVar[int | None] = None
    """The one number of players the variant is for (None: 2 to 8, RULES 1.1)."""
    sides: ClassVar[bool] = False
    """Played by two sides of two, partners opposite (RULES 8)."""
    step: ClassVar[int] = 1
    """The way play turns: 1 clockwise (to the left), -1 to the right (RULES 2.5, 8)."""
    joker_value: ClassVar[int] = 15
    """What a joker counts, on the table and in the hand (RULES 6.1)."""
    wild_jokers: ClassVar[bool] = False
    """Jokers are wild for any card (RULES 8, jokers)."""
    joker_sets: ClassVar[bool] = False
    """Jokers are not wild and form sets only with other jokers (RULES 8, persian)."""
    fours_double: ClassVar[bool] = False
    """Four of a kind laid at once counts double (RULES 8, persian)."""
    dealers_joker: ClassVar[bool] = False
    """The dealer lays a joker aside and names its power each round (RULES 8)."""
    deals: ClassVar[int | None] = None
    """The game is this many deals, whatever the scores (None: played to the target)."""
    out_bonus: ClassVar[int] = 0
    """What going out scores for the side, before divide_by_five (RULES 8, persian)."""
    game_bonus: ClassVar[int] = 0
    """What the side with more points after the deals gets (RULES 8, persian)."""

    def check(self, rules: Options, players: int) -> None:
        """Refuse options the variant cannot be played with (RulesError)."""
        self._check_jokers(rules)
        if rules.jokers_per_deck:
            raise RulesError(
                f"jokers_per_deck={rules.jokers_per_deck}: jokers are played only in a variant "
                "of RULES 8: --variant jokers (wild cards), persian or dealers_gambit"
            )

    def _check_jokers(self, rules: Options) -> None:
        if rules.jokers_per_deck == 4:
            raise RulesError(
                "jokers_per_deck=4 is the persian pack (--variant persian); "
                "other games take 0, 1 or 2"
            )

    def _check_players(self, players: int) -> None:
        if self.players is not None and players != self.players:
            raise RulesError(
                f"variant={self.name} is for {self.players} players in two sides (partners "
                f"opposite), not {players}"
            )


class Jokers(Variant):
    """RULES 8, jokers: wild jokers, one or two a deck, each worth 15."""

    name = "jokers"
    options: ClassVar[dict[str, object]] = {"variant": "jokers", "jokers_per_deck": 1}
    wild_jokers = True

    def check(self, rules: Options, players: int) -> None:
        self._check_jokers(rules)
        if not rules.jokers_per_deck:
            raise RulesError(
                "variant=jokers needs jokers_per_deck=1 or 2 (RULES 8); --variant jokers sets 1"
            )


class Partnership(Variant):
    """RULES 8, partnership: 4 players in two sides, partners opposite, scoring as one;
    the highest side over the target wins."""

    name = "partnership"
    options: ClassVar[dict[str, object]] = {"variant": "partnership"}
    players = 4
    sides = True

    def check(self, rules: Options, players: int) -> None:
        self._check_players(players)
        super().check(rules, players)


class Persian(Partnership):
    """RULES 8, persian: partnership with a 56-card pack whose four jokers count 20 and
    form sets only with jokers; fours laid at once count double; going out gives the
    side 25; the game is two deals, then the side with more gets 50."""

    name = "persian"
    options: ClassVar[dict[str, object]] = {"variant": "persian", "jokers_per_deck": 4}
    joker_value = 20
    joker_sets = True
    fours_double = True
    deals = 2
    out_bonus = 25
    game_bonus = 50

    def check(self, rules: Options, players: int) -> None:
        self._check_players(players)
        if rules.jokers_per_deck != 4:
            raise RulesError(
                f"variant=persian plays a 56-card pack: jokers_per_deck=4, "
                f"not {rules.jokers_per_deck}"
            )
        if rules.decks == 2:
            raise RulesError("variant=persian plays one 56-card pack: decks=auto or 1")


class DealersGambit(Variant):
    """RULES 8, dealers_gambit: the 54-card pack, the deal turning right, the dealer's
    joker and its power (the decisions are in `gambit`); jokers count 0."""

    name = "dealers_gambit"
    options: ClassVar[dict[str, object]] = {"variant": "dealers_gambit", "jokers_per_deck": 2}
    step = -1
    joker_value = 0
    dealers_joker = True

    def check(self, rules: Options, players: int) -> None:
        self._check_jokers(rules)
        if rules.jokers_per_deck != 2:
            raise RulesError(
                "variant=dealers_gambit needs jokers_per_deck=2 (the 54-card pack, RULES 8); "
                "--variant dealers_gambit sets it"
            )


VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (Variant(), Jokers(), Partnership(), Persian(), DealersGambit())
}
"""Every variant by its name (`none`: the standard game), the order of RULES 8."""


def variant_of(rules: Options) -> Variant:
    """The variant of a game's rules."""
    return VARIANTS[rules.variant]


def find_variant(name: str | None) -> Variant | None:
    """The variant of this `--variant` name, or None for a preset or no name."""
    return VARIANTS.get(name) if name and name != "none" else None
