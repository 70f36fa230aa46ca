"""The engine's seam for the variants of RULES 8: one object per variant, whose hooks the
turn logic calls, as python-chess's variant boards override a few methods of `Board`.

`Play` answers every hook as the standard game does (no jokers, no sides); each variant
subclasses it together with its facts from `variants` (`Jokers`, `Sides`, `Persian`,
`Gambit`) and overrides only what it changes. The turn logic (`draw`, `turn`, `uses`,
`lookahead`, `windows`, `round_end`) asks `hooks(state)` and never which variant it
plays. Hooks take the state they are asked about; none changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace

from .. import variants as facts
from ..actions import Action, AnyAction, BlockJoker, LayMeld, LayOff, NamePower
from ..cards import JOKER, Card
from ..errors import IllegalAction
from ..events import Event, GameEnded, JokerBlocked, PowerNamed, RoundEnded
from ..gambit import POWERS
from ..melds import Meld
from ..persian import joker_layoffs_on, joker_sets_in
from ..scoring import bonus_points
from ..sides import side_sums
from .hands import play_problem, remaining

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import State

Legal = Callable[["State"], list[AnyAction]]
Resolve = Callable[["State", int, Action], list[Event]]


class Play:
    """The standard game's answer to every hook."""

    phases: ClassVar[dict[str, tuple[Legal, Resolve]]] = {}
    """Phases of the variant's own, beside draw, play and the windows: their legal
    actions and their resolver (dealers_gambit: `power`)."""
    has_power: ClassVar[bool] = False
    """Whether there is a dealer's joker whose power a play may use (`power_problem`
    says when): where not, the listings skip the power hooks (`extra_actions` too)."""
    joker_plays: ClassVar[bool] = False
    """Whether jokers take part in plays at all (wild, or in sets of jokers): where not,
    the listings skip the joker hooks."""
    plain_moves: ClassVar[bool] = False
    """Whether every draw, take, meld, lay-off and discard is the standard game's, with
    nothing of the variant's own in it (its scoring may differ): the audit may then
    check those moves at a glance (`checks.plain_run`)."""

    def set_aside(self, deck: list[Card]) -> list[Card]:
        """The deck to deal from, once the cards laid aside before the deal are out."""
        return deck

    def power_problem(self, state: State, seat: int, power: str) -> str | None:
        """Why the seat may not use the dealer's joker with this power now, or None."""
        return "there is no dealer's joker in this game (variant dealers_gambit)"

    def resolve_block(self, state: State, seat: int) -> list[Event]:
        """The events of a block of the dealer's joker (RULES 8), or IllegalAction."""
        raise IllegalAction("block: there is no dealer's joker to block (variant dealers_gambit)")

    def extra_actions(self, state: State, seat: int) -> list[AnyAction]:
        """The variant's own moves in a turn, after the melds and lay-offs."""
        return []

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

    def spends_power(self, action: LayMeld | LayOff) -> bool:
        """Whether a play uses up the dealer's joker."""
        return False

    def set_actions(
        self, state: State, hand: Sequence[Card], melds: Sequence[Meld]
    ) -> list[LayMeld | LayOff]:
        """The sets of jokers the hand can lay and its jokers' lay-offs on them."""
        return []

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


class Standard(Play, facts.Variant):
    """The standard game."""

    plain_moves = True


class Jokers(Play, facts.Jokers):
    """RULES 8, jokers: a joker in the hand is wild (the decisions are in `jokers`)."""

    joker_plays = True

    def wild_hand(self, state: State, hand: Sequence[Card]) -> list[Card] | None:
        return list(hand) if JOKER in hand else None


class Sides(Play, facts.Partnership):
    """RULES 8: two sides of two score as one; the highest side at the target wins,
    whoever went out."""

    def round_ended(self, state: State, ended: RoundEnded) -> RoundEnded:
        return replace(ended, sides=side_sums([score.total for score in ended.scores]))

    def game_won(self, state: State) -> GameEnded | None:
        """RULES 8: `partnership`: the game ends when a side reaches the target, and the
        highest side wins. `persian`: the game is its deals, then the side with more
        points gets its bonus and wins the difference. An exact tie for the highest
        side plays another round (RULES 6.4 Decision)."""
        rules = state.rules
        totals = tuple(state.totals)
        sides = state.sides
        best = max(sides)
        leaders = [side for side, total in enumerate(sides) if total == best]
        deals = self.deals
        done = state.round >= deals if deals is not None else best >= rules.target
        if not done or len(leaders) != 1:
            return None
        side = leaders[0]
        if deals is None:
            return GameEnded(winner=side, totals=totals, sides=sides, side=side)
        bonus = bonus_points(self.game_bonus, rules)
        final = tuple(total + (bonus if s == side else 0) for s, total in enumerate(sides))
        margin = final[side] - min(final)
        return GameEnded(
            winner=side, totals=totals, reason="deals", sides=final, side=side, margin=margin
        )

    def game_unfinished(self, state: State) -> GameEnded:
        return GameEnded(
            winner=None,
            totals=tuple(state.totals),
            reason="max_rounds",
            sides=state.sides,
            side=None,
        )


class Partnership(Sides):
    """RULES 8, partnership."""

    plain_moves = True  # (sides change only the scoring)


class Persian(Sides, facts.Persian):
    """RULES 8, persian: jokers are not wild; they make sets of jokers (`persian`)."""

    joker_plays = True

    def set_actions(
        self, state: State, hand: Sequence[Card], melds: Sequence[Meld]
    ) -> list[LayMeld | LayOff]:
        plays: list[LayMeld | LayOff] = [LayMeld(cards) for cards in joker_sets_in(hand)]
        for meld in melds:
            plays.extend(LayOff(cards, meld.id, None) for cards in joker_layoffs_on(meld, hand))
        return plays


def _legal_power(state: State) -> list[AnyAction]:
    return [NamePower(power) for power in POWERS]


def _resolve_power(state: State, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, NamePower) or action.power not in POWERS:
        raise IllegalAction(
            "dealers_gambit: the dealer first names the power of the dealer's joker: "
            "power wild, power double or power split (RULES 8)"
        )
    return [PowerNamed(seat=seat, power=action.power)]


class Gambit(Play, facts.DealersGambit):
    """RULES 8, dealers_gambit: the dealer's joker, its power named as the round's first
    move, used at most once, or blocked (the decisions are in `gambit`)."""

    phases: ClassVar[dict[str, tuple[Legal, Resolve]]] = {"power": (_legal_power, _resolve_power)}
    has_power = True
    joker_plays = True

    def set_aside(self, deck: list[Card]) -> list[Card]:
        """The dealer's joker (the deck's last joker) is taken out before the deal."""
        deck = list(deck)
        del deck[len(deck) - 1 - deck[::-1].index(JOKER)]
        return deck

    def power_problem(self, state: State, seat: int, power: str) -> str | None:
        gambit = state.gambit
        assert gambit is not None
        if seat != state.dealer:
            return f"only the dealer, {state.players[state.dealer]}, may use the dealer's joker"
        if gambit.power != power:
            return f"the dealer's joker is {gambit.power} this round, not {power}"
        if gambit.status == "blocked":
            assert gambit.blocked_by is not None
            return f"the dealer's joker is blocked by {state.players[gambit.blocked_by]}"
        if gambit.status == "used":
            return "the dealer's joker has been used this round"
        return None

    def block_problem(self, state: State, seat: int) -> str | None:
        """Why the seat may not block the dealer's joker now, or None."""
        gambit = state.gambit
        assert gambit is not None
        if seat == state.dealer:
            return "the dealer's own joker cannot be blocked by the dealer"
        if gambit.status != "ready":
            return f"the dealer's joker is already {gambit.status}"
        hand = state.hands[seat]
        if JOKER not in hand:
            return "blocking needs a joker in your hand"
        if state.pending is not None:
            return f"{state.pending} taken from the pile must be put on the table first (RULES 4.1)"
        if len(hand) == 1:  # a block is not a way out: the round would stop with no one out
            return "the joker is your last card: a block may not empty your hand; discard it"
        return play_problem(state, len(hand) - 1, remaining(hand, [JOKER]))

    def resolve_block(self, state: State, seat: int) -> list[Event]:
        problem = self.block_problem(state, seat)
        if problem:
            raise IllegalAction(f"block: {problem}")
        return [JokerBlocked(seat=seat)]

    def extra_actions(self, state: State, seat: int) -> list[AnyAction]:
        return [BlockJoker()] if self.block_problem(state, seat) is None else []

    def sealed(self, state: State) -> set[int] | tuple[()]:
        """The melds sealed by the dealer's joker laid with power double."""
        assert state.gambit is not None
        return state.gambit.sealed

    def usable_from_pile(self, card: Card) -> bool:
        """A dealt joker is never wild, so it has no use from the pile."""
        return card is not JOKER

    def wild_hand(self, state: State, hand: Sequence[Card]) -> list[Card] | None:
        """The dealer's natural cards and the dealer's joker, while its power is wild."""
        if self.power_problem(state, state.to_move, "wild") is not None:
            return None
        return [card for card in hand if card is not JOKER] + [JOKER]

    def own(self, state: State, cards: Sequence[Card]) -> Sequence[Card]:
        """A joker in a play is the dealer's joker, from beside the pack."""
        if JOKER not in cards:
            return cards
        return [card for card in cards if card is not JOKER]

    def own_checked(self, state: State, seat: int, cards: Sequence[Card]) -> Sequence[Card]:
        if JOKER not in cards:
            return cards
        if cards.count(JOKER) > 1:
            raise IllegalAction(
                "dealers_gambit: only the dealer's joker is wild, and there is one (RULES 8)"
            )
        problem = self.power_problem(state, seat, "wild")
        if problem:
            if seat != state.dealer and JOKER in state.hands[seat]:
                problem = (
                    "a dealt joker is not wild under dealers_gambit (RULES 8): it can only "
                    "block the dealer's joker (block)"
                )
            raise IllegalAction(problem)
        return self.own(state, cards)

    def taken_from_hand(self, cards: Sequence[str]) -> int:
        return len(cards) - cards.count("JK")

    def spends_power(self, action: LayMeld | LayOff) -> bool:
        return JOKER in action.cards or getattr(action, "double", False)


HOOKS: dict[str, Play] = {
    variant.name: variant for variant in (Standard(), Jokers(), Partnership(), Persian(), Gambit())
}
"""The engine's object of every variant in `variants.VARIANTS`, by the same names."""


def hooks(state: State) -> Play:
    """The variant object of the game in play."""
    return HOOKS[state.rules.variant]


def hooks_of(rules: Rules) -> Play:
    """The variant object of a game's rules (before there is a state)."""
    return HOOKS[rules.variant]
