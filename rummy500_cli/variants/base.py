"""The standard game as a variant: every fact of RULES 8 a variant may change, and the
standard game's answer to every hook the engine asks, in ONE class.

As python-chess's variant boards override a few methods of `Board`, each variant of RULES
8 is a subclass of `Variant` (one module each in this package) that overrides a few facts
and hooks. Rules, scoring, the engine, the bots and the presenters ask `variant_of(rules)`
and never which variant they play. Hooks take the state they are asked about; none
changes it.

The speed flags (`has_power`, `joker_plays`, `plain_moves`) are derived from what a
subclass overrides (`__init_subclass__`), never set by hand; a subclass that defines a
public name the base does not have (a misspelled hook) is refused when it is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from ..errors import IllegalAction, RulesError
from ..events import GameEnded

if TYPE_CHECKING:
    from ..actions import Action, AnyAction, LayMeld, LayOff
    from ..cards import Card
    from ..events import Event, RoundEnded
    from ..melds import Meld
    from ..rules import Rules
    from ..state import State

Legal = Callable[["State"], list["AnyAction"]]
Resolve = Callable[["State", int, "Action"], list["Event"]]

POWER_HOOKS = ("power_problem",)
"""The hooks of a dealer's joker: a variant that overrides one has a power to use."""
JOKER_HOOKS = ("wild_hand", "set_actions")
"""The hooks by which jokers take part in plays (wild, or in sets of jokers)."""
MOVE_HOOKS = (
    "phases",
    "set_aside",
    "power_problem",
    "block_problem",
    "resolve_block",
    "extra_actions",
    "sealed",
    "usable_from_pile",
    "wild_hand",
    "own",
    "own_checked",
    "taken_from_hand",
    "spends_power",
    "set_actions",
)
"""The hooks that change a draw, take, meld, lay-off or discard (the others change the
scoring and the end of the game, or the words)."""
MOVE_FACTS = ("wild_jokers", "joker_sets", "dealers_joker")
"""The facts that change the moves (jokers in play, a dealer's joker)."""
DERIVED = ("has_power", "joker_plays", "plain_moves")


class Variant:
    """The standard game (no variant): each player for themself, no jokers."""

    # --- Facts ------------------------------------------------------------------------

    name: ClassVar[str] = "none"
    title: ClassVar[str] = ""
    """The variant in words, for the table's header line (RULES 8); the standard game
    has none."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other `--variant` words for this variant."""
    options: ClassVar[dict[str, object]] = {}
    """The option values `--variant NAME` sets (RULES 8), before the player's own."""
    players: ClassVar[int | None] = None
    """The one number of players the variant is for (None: 2 to 8, RULES 1.1)."""
    sides: ClassVar[bool] = False
    """Played by two sides of two, partners opposite (RULES 8)."""
    step: ClassVar[int] = 1
    """The way play turns: 1 clockwise (to the left), -1 to the right (the deal, the play
    and the passing of the deal, RULES 2.5, 8)."""
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
    phases: ClassVar[dict[str, tuple[Legal, Resolve]]] = {}
    """Phases of the variant's own, beside draw, play and the windows: their legal
    actions and their resolver (dealers_gambit: `power`)."""

    # --- Speed flags, derived from the overrides (never set by hand) -------------------

    has_power: ClassVar[bool] = False
    """Whether there is a dealer's joker whose power a play may use (`power_problem` is
    overridden): where not, the listings skip the power hooks (`extra_actions` too)."""
    joker_plays: ClassVar[bool] = False
    """Whether jokers take part in plays at all (a hook of JOKER_HOOKS is overridden):
    where not, the listings skip the joker hooks."""
    plain_moves: ClassVar[bool] = True
    """Whether every draw, take, meld, lay-off and discard is the standard game's (no hook
    of MOVE_HOOKS overridden, no fact of MOVE_FACTS set; the scoring may differ): the
    audit may then check those moves at a glance (`checks.plain_run`)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        unknown = [
            name
            for name in vars(cls)
            if not name.startswith("_") and (not hasattr(Variant, name) or name in DERIVED)
        ]
        if unknown:
            raise TypeError(
                f"variant {cls.__name__} defines {', '.join(unknown)}: not a fact or hook of "
                "Variant (a misspelled hook would never be called; the speed flags are derived)"
            )
        cls.has_power = any(cls.overrides(hook) for hook in POWER_HOOKS)
        cls.joker_plays = any(cls.overrides(hook) for hook in JOKER_HOOKS)
        cls.plain_moves = not any(cls.overrides(hook) for hook in MOVE_HOOKS) and not any(
            getattr(cls, fact) for fact in MOVE_FACTS
        )

    @classmethod
    def overrides(cls, hook: str) -> bool:
        """Whether this variant answers a hook otherwise than the standard game."""
        return getattr(cls, hook) is not getattr(Variant, hook)

    # --- Rules ------------------------------------------------------------------------

    def check(self, rules: Rules, players: int) -> None:
        """Refuse options the variant cannot be played with (RulesError)."""
        self._check_jokers(rules)
        if rules.jokers_per_deck:
            raise RulesError(
                f"jokers_per_deck={rules.jokers_per_deck}: jokers are played only in a variant "
                "of RULES 8: --variant jokers (wild cards), persian or dealers_gambit"
            )

    def _check_jokers(self, rules: Rules) -> None:
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

    # --- Words for the presenters -----------------------------------------------------

    def header_words(self, state: State, names: Sequence[str]) -> str:
        """The variant in the table's header line ("" in the standard game); `names` are
        the players' names as the screen may show them."""
        return f" · {self.title}" if self.title else ""

    def players_paragraph(self, rules: Rules) -> list[str]:
        """The opening lines of `rummy500 rules` where the variant sets who plays and with
        which pack ([]: the standard game's players line is kept)."""
        return []

    def goal_words(self, rules: Rules) -> str:
        """How the game is won, in words (RULES 6.4)."""
        return (
            f"First to {rules.target} wins; the highest total wins when several pass it, and "
            "a tie for the highest plays another round."
        )

    def rules_paragraph(self, rules: Rules) -> list[str]:
        """The variant's own lines of `rummy500 rules` (RULES 8), after the options."""
        return []

    # --- Hooks: the deal and the dealer's joker ---------------------------------------

    def set_aside(self, deck: list[Card]) -> list[Card]:
        """The deck to deal from, once the cards laid aside before the deal are out."""
        return deck

    def power_problem(self, state: State, seat: int, power: str) -> str | None:
        """Why the seat may not use the dealer's joker with this power now, or None."""
        return "there is no dealer's joker in this game (variant dealers_gambit)"

    def block_problem(self, state: State, seat: int) -> str | None:
        """Why the seat may not block the dealer's joker now, or None."""
        return "there is no dealer's joker to block (variant dealers_gambit)"

    def resolve_block(self, state: State, seat: int) -> list[Event]:
        """The events of a block of the dealer's joker (RULES 8), or IllegalAction."""
        raise IllegalAction("block: there is no dealer's joker to block (variant dealers_gambit)")

    def extra_actions(self, state: State, seat: int) -> list[AnyAction]:
        """The variant's own moves in a turn, after the melds and lay-offs."""
        return []

    def spends_power(self, action: LayMeld | LayOff) -> bool:
        """Whether a play uses up the dealer's joker."""
        return False

    # --- Hooks: the cards of a play ---------------------------------------------------

    def sealed(self, state: State) -> set[int] | tuple[()]:
        """Ids of the melds nothing may be laid off on."""
        return ()

    def usable_from_pile(self, card: Card) -> bool:
        """Whether a card taken from the pile can be put on the table at all."""
        return True

    def wild_hand(self, state: State, hand: Sequence[Card]) -> list[Card] | None:
        """The cards the player to move may lay with wild cards among them, or None when
        no joker is wild for them."""
        return None

    def own(self, state: State, cards: Sequence[Card]) -> Sequence[Card]:
        """The cards of a play that come from the hand."""
        return cards

    def own_checked(self, state: State, seat: int, cards: Sequence[Card]) -> Sequence[Card]:
        """`own`, refusing (IllegalAction) a card of the play that may not be played."""
        return cards

    def taken_from_hand(self, cards: Sequence[str]) -> int:
        """How many of an event's cards left the hand."""
        return len(cards)

    def set_actions(
        self, state: State, hand: Sequence[Card], melds: Sequence[Meld]
    ) -> list[LayMeld | LayOff]:
        """The sets of jokers the hand can lay and its jokers' lay-offs on them."""
        return []

    # --- Hooks: the end of a round and of the game ------------------------------------

    def round_ended(self, state: State, ended: RoundEnded) -> RoundEnded:
        """The round's event as the variant records it."""
        return ended

    def game_won(self, state: State) -> GameEnded | None:
        """The end of the game after a round (its round_ended applied), or None. RULES
        6.4: the highest total at or over the target wins; a tie for it plays on."""
        totals = tuple(state.totals)
        best = max(totals)
        if best >= state.rules.target:
            leaders = [seat for seat, total in enumerate(totals) if total == best]
            if len(leaders) == 1:
                return GameEnded(winner=leaders[0], totals=totals)
        return None

    def game_unfinished(self, state: State) -> GameEnded:
        """The end of a game stopped by its round limit (RULES 5.4), with no winner."""
        return GameEnded(winner=None, totals=tuple(state.totals), reason="max_rounds")


VARIANTS: dict[str, Variant] = {}
"""Every variant by its name (`none`: the standard game), the order of RULES 8; filled
once by the package (`variants/__init__.py`), which imports every variant's module."""


def variant_of(rules: Rules) -> Variant:
    """The variant of a game's rules."""
    return VARIANTS[rules.variant]
