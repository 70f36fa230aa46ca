"""Dealer's gambit (RULES 8, `--variant dealers_gambit`): the dealer's joker and its power.

`DealersGambit` is the variant; `DealersJoker` is the dealer's joker of the round in
play (the state holds one, `State.gambit`, under this variant).

The source (000, "Gambito del crupier"; RULES 8.4): a 54-card pack (two jokers). The deal goes
counter-clockwise. At each deal one joker is taken out and laid face up by the dealer:
the dealer's joker, which the dealer may use at any time unless it is blocked. Before
anyone looks at their cards the dealer names its power for the hand: wild (a wild card
worth 0), double (laid on a meld as it is made, it doubles its value and seals it) or
split (taking from the pile, the joker splits it beside the chosen card: the cards
inside the split leave the game, those outside go to the hand; the chosen card is used
at once). Another player may block it by laying a joker face down on it. Jokers left in
a hand count 0.

Decisions (where the source is silent or loose):
- The pack is one deck with jokers_per_deck=2 (54 cards); with two decks (5+ players),
  108 cards and 4 jokers. The dealer's joker is the last joker of the shuffled deck,
  taken out before the deal; the other jokers are dealt with the rest.
- Counter-clockwise means everything turns right: cards are dealt from the dealer's
  right, play starts at the dealer's right and goes right, the deal passes right.
- The power is the dealer's joker's only; it is named by the dealer as the round's first
  action (`power wild|double|split`), and it is used at most once (the joker is spent).
- The dealt jokers are never wild and never melded: a player holding one may, in their
  own turn after drawing, lay it face down on the dealer's joker (`block`) while that
  is unused; then the dealer cannot use it for the rest of the round. Blocking is done
  in one's own turn: every other player has a turn before the dealer's first.
- wild: the dealer lays the dealer's joker in a new meld or a lay-off as a joker of the
  jokers variant (named where it could be two, `jk=7h`; a new meld holds more natural
  cards than jokers); it scores 0.
- double: the dealer lays it on a new meld as it is made (`meld 7h 7s 7d double`): every
  card of that meld scores twice its value, and nobody may lay off on it afterwards.
- split: the dealer takes a pile card with `take N split K`: the K cards just above the
  chosen card leave the game with the joker (inside the split); the cards above them go
  to the hand (outside). K is 1 to N-1, and the chosen card must be usable with the
  hand and the outside cards.
- Jokers count 0 in a hand (and a dealt joker may be discarded like any card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal

from ..actions import POWERS, Action, AnyAction, BlockJoker, LayMeld, LayOff, NamePower, Power
from ..cards import JOKER, Card
from ..errors import IllegalAction, RulesError
from ..events import Event, JokerBlocked, PowerNamed
from ..holding import play_problem, remaining
from ..rules import Rules
from .base import Legal, Resolve, Variant

if TYPE_CHECKING:
    from ..state import State


class DealersJoker:
    """The dealer's joker in the round: its power, whether it is ready, used or blocked,
    the melds it sealed, and the cards that left the game."""

    __slots__ = ("blocked_by", "on_meld", "out", "power", "sealed", "status")

    def __init__(self) -> None:
        self.power: Power | None = None
        self.status: Literal["ready", "used", "blocked"] = "ready"
        self.blocked_by: int | None = None
        self.sealed: set[int] = set()
        """Ids of the melds sealed by a double."""
        self.on_meld = 0
        """The meld the joker was laid on with `double` (0: none)."""
        self.out: list[Card] = []
        """Cards that left the game this round (a split: the inside cards and the joker)."""

    def copy(self) -> DealersJoker:
        twin = DealersJoker()
        twin.power, twin.status, twin.blocked_by = self.power, self.status, self.blocked_by
        twin.sealed = set(self.sealed)
        twin.on_meld = self.on_meld
        twin.out = list(self.out)
        return twin

    def fingerprint(self) -> tuple[object, ...]:
        return (
            self.power,
            self.status,
            self.blocked_by,
            tuple(sorted(self.sealed)),
            self.on_meld,
            tuple(card.ascii for card in self.out),
        )

    def aside(self) -> list[Card]:
        """The cards neither in a hand, the stock, the pile nor a meld's cards: the
        dealer's joker beside the pack or on a doubled meld, a blocking joker on it, and
        the cards that left the game."""
        cards: list[Card] = []
        if self.status == "ready" or self.on_meld:
            cards.append(JOKER)
        if self.status == "blocked":
            cards += [JOKER, JOKER]
        return cards + self.out

    def describe(self, dealer: str) -> str:
        """The dealer's joker in words, for the table's header line."""
        if self.power is None:
            return f"{dealer}'s joker: power not named yet"
        state = {"ready": "ready", "used": "used", "blocked": "blocked"}[self.status]
        return f"{dealer}'s joker: {self.power} ({state})"


RULES_WORDS = (
    "Dealer's gambit (RULES 8): two jokers a deck; the deal, the play and the deal's "
    "turn go to the right. At each deal one joker lies face up beside the pack: the "
    "dealer's joker, for the dealer alone. Before anyone plays, the dealer names its "
    "power for the round (power wild|double|split): wild, a wild card worth 0 in one "
    "meld or lay-off (meld 5h 6h jk=7h); double, laid on a new meld as it is made "
    "(meld 7h 7s 7d double), which then scores twice and is sealed against lay-offs; "
    "split, a pile take that leaves some of the cards above the chosen one out of the "
    "game (take 5 split 2: the 2 cards just above it go, the rest come to the hand). "
    "It is used once. Any other player holding a joker may block it in their turn "
    "(block). The dealt jokers are not wild and count 0 in the hand."
)
"""The variant in `rummy500 rules`."""


def _legal_power(state: State) -> list[AnyAction]:
    return [NamePower(power) for power in POWERS]


def _resolve_power(state: State, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, NamePower) or action.power not in POWERS:
        raise IllegalAction(
            "dealers_gambit: the dealer first names the power of the dealer's joker: "
            "power wild, power double or power split (RULES 8)"
        )
    return [PowerNamed(seat=seat, power=action.power)]


class DealersGambit(Variant):
    """RULES 8, dealers_gambit: the 54-card pack, the deal turning right, the dealer's
    joker, its power named as the round's first move, used at most once, or blocked (the
    decisions above); jokers count 0."""

    name = "dealers_gambit"
    title = "dealer's gambit"
    options: ClassVar[dict[str, object]] = {"variant": "dealers_gambit", "jokers_per_deck": 2}
    step = -1
    joker_value = 0
    dealers_joker = True
    phases: ClassVar[dict[str, tuple[Legal, Resolve]]] = {"power": (_legal_power, _resolve_power)}

    def check(self, rules: Rules, players: int) -> None:
        self._check_jokers(rules)
        if rules.jokers_per_deck != 2:
            raise RulesError(
                "variant=dealers_gambit needs jokers_per_deck=2 (the 54-card pack, RULES 8); "
                "--variant dealers_gambit sets it"
            )

    def header_words(self, state: State, names: Sequence[str]) -> str:
        if state.gambit is None:
            return f" · {self.name}"
        return f" · {self.title}, {state.gambit.describe(names[state.dealer])}"

    def rules_paragraph(self, rules: Rules) -> list[str]:
        return [RULES_WORDS]

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
