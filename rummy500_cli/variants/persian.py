"""RULES 8, persian: a partnership game with a 56-card pack, joker sets and doubled fours.

Under `persian` the four jokers of the 56-card pack are not wild: they count 20 and form
sets only with other jokers (3 or 4 jokers; a run never holds one). Four of a kind laid
at once counts double (four jokers 160, four 6s 48); a fourth card laid off later on a
set of three counts its plain value. These are small functions of their own, apart from
`melds` (whose sets and runs never hold a joker), so that the wild jokers of the `jokers`
variant stay a separate matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..actions import LayMeld, LayOff
from ..cards import JOKER, Card, format_cards
from ..errors import IllegalAction, RulesError
from ..melds import Meld, Shape
from .base import variant_of
from .partnership import Partnership

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import State

JOKER_SET = (3, 4)
"""The sizes of a set of jokers (RULES 8: jokers form sets only with other jokers; with
one pack of four jokers, a set of jokers holds 3 or 4)."""


def plays_jokers(rules: Rules) -> bool:
    """Whether jokers are played as persian's joker sets (RULES 8)."""
    return variant_of(rules).joker_sets


def joker_set_shape(cards: Sequence[Card]) -> Shape:
    """A new meld holding a joker: it must be 3 or 4 jokers and nothing else.

    Raises IllegalAction saying why otherwise (a joker in a run, or with other cards).
    """
    if any(card is not JOKER for card in cards):
        raise IllegalAction(
            f"{format_cards(cards)}: not a meld; under persian a joker goes only in a set of "
            "3 or 4 jokers, never in a run or with other cards (RULES 8)"
        )
    if len(cards) not in JOKER_SET:
        raise IllegalAction(
            f"{format_cards(cards)}: a set of jokers holds 3 or 4 jokers (RULES 8, persian)"
        )
    return Shape("set", list(cards), None, 0, 0)


def joker_layoff_end(meld: Meld, cards: Sequence[Card]) -> None:
    """Check that jokers may be laid off on the meld (only on a set of jokers with room);
    the answer is the end, None for a set. Raises IllegalAction otherwise."""
    if any(card is not JOKER for card in cards) or meld.kind != "set" or meld.rank != 0:
        raise IllegalAction(
            f"{format_cards(cards)} cannot go on {meld}: under persian a joker goes only on a "
            "set of jokers (RULES 8)"
        )
    if len(meld.cards) + len(cards) > JOKER_SET[-1]:
        raise IllegalAction(f"{format_cards(cards)} cannot go on {meld}: a set has at most 4 cards")


def joker_sets_in(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The sets of jokers a hand can lay: three jokers, and four when it holds four."""
    held = hand.count(JOKER)
    return [(JOKER,) * size for size in JOKER_SET if size <= held]


def joker_layoffs_on(meld: Meld, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The lay-offs of jokers from the hand onto one meld: one joker on a set of three
    jokers (a set of jokers is full at four)."""
    if meld.kind == "set" and meld.rank == 0 and len(meld.cards) < 4 and JOKER in hand:
        return [(JOKER,)]
    return []


def doubled(values: list[int], rules: Rules) -> list[int]:
    """RULES 8 (`persian`): four of a kind laid at once counts double (four 6s 48, four
    jokers 160). `values` are a new set's card values; other melds keep theirs."""
    if len(values) == 4 and variant_of(rules).fours_double:
        return [value * 2 for value in values]
    return values


class Persian(Partnership):
    """RULES 8, persian: partnership with a 56-card pack whose four jokers count 20 and
    form sets only with jokers (not wild); fours laid at once count double; going out
    gives the side 25; the game is two deals, then the side with more gets 50."""

    name = "persian"
    title = "persian"
    options: ClassVar[dict[str, object]] = {"variant": "persian", "jokers_per_deck": 4}
    joker_value = 20
    joker_sets = True
    fours_double = True
    deals = 2
    out_bonus = 25
    game_bonus = 50

    def check(self, rules: Rules, players: int) -> None:
        self._check_players(players)
        if rules.jokers_per_deck != 4:
            raise RulesError(
                f"variant=persian plays a 56-card pack: jokers_per_deck=4, "
                f"not {rules.jokers_per_deck}"
            )
        if rules.decks == 2:
            raise RulesError("variant=persian plays one 56-card pack: decks=auto or 1")

    def _pack_words(self, rules: Rules) -> str:
        return (
            f"Pack: 56 cards, one deck and four jokers; {rules.cards_dealt(4)} cards each. "
            "Jokers count 20, on the table and in the hand. They are not wild: jokers make "
            "sets only with other jokers (3 or 4 jokers), never a run or a set of another rank."
        )

    def goal_words(self, rules: Rules) -> str:
        return (
            "Your score counts for your side. Four of a kind laid at once counts double (four "
            "6s 48, four jokers 160; a fourth card added later counts as usual). Going out "
            "gives your side 25 more. A game is two deals: then the side with more points "
            "gets 50 more and wins the difference. After a tie, another deal is played."
        )

    def set_actions(
        self, state: State, hand: Sequence[Card], melds: Sequence[Meld]
    ) -> list[LayMeld | LayOff]:
        plays: list[LayMeld | LayOff] = [LayMeld(cards) for cards in joker_sets_in(hand)]
        for meld in melds:
            plays.extend(LayOff(cards, meld.id, None) for cards in joker_layoffs_on(meld, hand))
        return plays
