"""A hand as bit masks, for the move generator.

`index(hand)` reads a hand once into two small lists of ints: for each suit the ranks
held (bit r for rank r), and for each rank the suits held (bit s for suit s). Sets and
runs are then found with bit operations and table look-ups instead of loops over cards:
a set is a rank with three suits or more, a run a stretch of ones in a suit's mask, and
a lay-off on a run a held rank next to one of its ends. Jokers are not in the masks
(RULES 8 plays them apart, `jokers`).

Everything here answers exactly what the plain definitions in `melds` answer, in the
same order (a listing's order is part of what a seeded bot plays, so part of every log);
only the rules this does not cover (two copies of a card with `set_duplicate_suits`)
are left to those definitions.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from .cards import CARDS, Card

if TYPE_CHECKING:
    from .melds import End, Meld
    from .rules import Rules

Index = tuple[list[int], list[int]]
"""(ranks held by suit: bit r of [s]; suits held by rank: bit s of [r]), jokers left out."""

POPCOUNT = tuple(bin(mask).count("1") for mask in range(16))
"""How many suits a 4-bit suit mask holds."""


def index(hand: Sequence[Card]) -> Index:
    """The hand's masks: by suit the ranks held, by rank the suits held."""
    suits = [0, 0, 0, 0, 0]
    ranks = [0] * 14
    for card in hand:
        suits[card.suit_no] |= card.bit
        ranks[card.rank] |= card.suit_bit
    return suits, ranks


def with_card(masks: Index, card: Card) -> None:
    """Add one card to the masks in place (the pile cards of a take, one by one)."""
    masks[0][card.suit_no] |= card.bit
    masks[1][card.rank] |= card.suit_bit


def rank_at(position: int) -> int:
    """The rank at a run position (position 14 is the Ace played high; around the corner
    positions wrap, K-A-2 being 13, 14, 15)."""
    return (position - 1) % 13 + 1


# --- Sets -------------------------------------------------------------------------------

_SETS: list[list[tuple[tuple[Card, ...], ...]]] = [
    [
        tuple(
            tuple(CARDS[suit * 13 + rank - 1] for suit in group)
            for size in range(3, 5)
            for group in combinations([s for s in range(4) if mask >> s & 1], size)
        )
        for mask in range(16)
    ]
    for rank in range(14)
]
"""_SETS[rank][suit mask]: every set those suits of the rank make, by size, then suits in
order (as `melds.sets_in`)."""


def set_ranks(masks: Index, hand: Sequence[Card]) -> list[int]:
    """The ranks that make a set of different suits, in the order of their first card in
    the hand (the order of `melds.sets_in`)."""
    ranks = masks[1]
    found = [rank for rank in range(1, 14) if POPCOUNT[ranks[rank]] >= 3]
    if len(found) > 1:
        first = list(dict.fromkeys([card.rank for card in hand]))
        found.sort(key=first.index)
    return found


def sets_of_rank(masks: Index, rank: int) -> tuple[tuple[Card, ...], ...]:
    """The sets of different suits that the rank's cards make."""
    return _SETS[rank][masks[1][rank]]


# --- Runs -------------------------------------------------------------------------------

Runs = tuple[tuple[int, tuple[Card, ...]], ...]
_RUNS: dict[int, Runs] = {}


def run_key(suit: int, mask: int, rules: Rules) -> int:
    """One int for a suit's mask under the rules that shape runs: the key of the tables
    of runs (here, and of their actions in `engine.plays`)."""
    return ((mask * 8 + suit) * 8 + rules.min_new_run) * 2 + rules.around_the_corner


def suit_runs(suit: int, mask: int, rules: Rules) -> Runs:
    """Every run the ranks of `mask` make in the suit, as (start position, cards low to
    high) in the order of `melds.runs_in`; computed once for each mask and kept."""
    key = run_key(suit, mask, rules)
    found = _RUNS.get(key)
    if found is None:
        found = _RUNS[key] = _runs(suit, mask, rules.min_new_run, rules.around_the_corner)
    return found


def _runs(suit: int, mask: int, minimum: int, around: bool) -> Runs:
    ranks = [rank for rank in range(1, 14) if mask >> rank & 1]
    runs: list[tuple[int, tuple[Card, ...]]] = []
    if len(ranks) >= minimum:
        base = suit * 13 - 1
        longest = 13
        if around and len(ranks) == 13:
            runs.append((2, tuple(CARDS[base + rank_at(2 + i)] for i in range(13))))
            longest = 12
        for start in ranks:
            cards: list[Card] = []
            position = start
            while len(cards) < longest:
                if not around and (position > 14 or (position == 14 and start == 1)):
                    break
                rank = rank_at(position)
                if not mask >> rank & 1:
                    break
                cards.append(CARDS[base + rank])
                position += 1
                if len(cards) >= minimum:
                    runs.append((start, tuple(cards)))
    return tuple(runs)


def run_suits(masks: Index, hand: Sequence[Card], minimum: int) -> list[int]:
    """The suits with enough ranks for a run, in the order of their first card in the
    hand (the order of `melds.runs_in`)."""
    suits = masks[0]
    found = [suit for suit in range(4) if suits[suit] and bin(suits[suit]).count("1") >= minimum]
    if len(found) > 1:
        first = list(dict.fromkeys([card.suit_no for card in hand if card.rank]))
        found.sort(key=first.index)
    return found


def run_through(mask: int, rank: int, rules: Rules) -> bool:
    """Whether the ranks of `mask` (one suit, `rank` among them) hold a run of at least
    `min_new_run` cards through `rank` (an Ace low or high; around the corner, any)."""
    minimum = rules.min_new_run
    if rules.around_the_corner:
        if mask == 0b11111111111110:
            return True
        line = mask | mask << 13 | mask << 26  # positions 1-39: three turns of the suit
        return _stretch(line, rank + 13) >= minimum
    line = mask | (mask & 2) << 13  # the Ace at position 1 and at position 14
    if _stretch(line, rank) >= minimum:
        return True
    return rank == 1 and _stretch(line, 14) >= minimum


def _stretch(line: int, position: int) -> int:
    """The length of the stretch of ones of `line` through `position` (bit 0 clear)."""
    below = ~line & ((1 << position) - 1)
    above = ~line >> (position + 1)
    return position + (above & -above).bit_length() - below.bit_length()


# --- Lay-offs ---------------------------------------------------------------------------


def from_ranks(held: dict[int, set[int]]) -> Index:
    """The masks of a hand given as `melds.hand_index` gives it (ranks by suit)."""
    suits = [0, 0, 0, 0, 0]
    ranks = [0] * 14
    for suit, found in held.items():
        for rank in found:
            suits[suit] |= 1 << rank
            ranks[rank] |= 1 << suit
    return suits, ranks


class Table:
    """What the melds on the table take as the first card of a lay-off (RULES 4.2): the
    card next to either end of each run with room, the suits a set with room still
    takes (any suit, with `set_duplicate_suits`). A hand holding none of them lays
    nothing off, and a pile card among them can be laid off by itself."""

    __slots__ = ("tests", "wants")

    def __init__(self, melds: Sequence[Meld], rules: Rules, decks: int) -> None:
        self.wants = [0, 0, 0, 0, 0]
        """By suit, the ranks some meld takes."""
        self.tests: list[tuple[Meld, int, int, int]] = []
        """For each meld that takes a card: (meld, 0, suit, ranks) for a run, (meld, 1,
        rank, suits) for a set: the meld takes a card of a hand whose masks `held` have
        `held[which][at] & bits`."""
        wants, tests = self.wants, self.tests
        around = rules.around_the_corner
        duplicates = rules.set_duplicate_suits
        limit = 4 * decks if duplicates else 4
        for meld in melds:
            cards = meld.cards
            if meld.kind == "set":
                rank = meld.rank
                if len(cards) < limit and rank:
                    free = 15 if duplicates else 15 & ~sum({c.suit_bit for c in cards})
                    tests.append((meld, 1, rank, free))
                    for suit in range(4):
                        if free >> suit & 1:
                            wants[suit] |= 1 << rank
                continue
            if len(cards) < 13:
                low, high = meld.start - 1, meld.start + len(cards)
                suit = cards[0].suit_no
                bits = 0
                if around or low >= 1:
                    bits |= 1 << rank_at(low)
                if around or high <= 14:
                    bits |= 1 << rank_at(high)
                if bits:
                    tests.append((meld, 0, suit, bits))
                    wants[suit] |= bits

    def touches(self, held: Index) -> bool:
        """Whether the hand of these masks holds a card some meld takes."""
        suits, wants = held[0], self.wants
        return bool(
            suits[0] & wants[0] or suits[1] & wants[1] or suits[2] & wants[2] or suits[3] & wants[3]
        )


def layoffs_onto(
    meld: Meld, hand: Sequence[Card], masks: Index, rules: Rules, decks: int
) -> list[tuple[tuple[Card, ...], End | None]]:
    """Every lay-off from the hand (`masks`: its `index`) onto one meld: on a set, every
    group of cards it has room for (more than one only with two decks and
    `set_duplicate_suits`, RULES 3.1, 4.2), single cards first; on a run, every unbroken
    block of cards continuing it at either end, the low end's first."""
    found: list[tuple[tuple[Card, ...], End | None]] = []
    if meld.kind == "set":
        rank = meld.rank
        held = masks[1][rank]
        if not held:
            return found
        duplicates = rules.set_duplicate_suits
        room = (4 * decks if duplicates else 4) - len(meld.cards)
        if room <= 0:
            return found
        per_suit = 2 if duplicates else 1
        free = [0, 0, 0, 0]
        for suit in range(4):
            if held >> suit & 1:
                on = sum(card.suit_no == suit for card in meld.cards)
                copies = hand.count(CARDS[suit * 13 + rank - 1]) if per_suit > 1 else 1
                free[suit] = max(min(copies, per_suit - on), 0)
        for suit in range(4):
            if free[suit]:
                found.append(((CARDS[suit * 13 + rank - 1],), None))
        if room > 1 and sum(free) > 1:
            groups = [
                chosen
                for chosen in product(*(range(count + 1) for count in free))
                if 2 <= sum(chosen) <= room
            ]
            groups.sort(key=sum)
            for chosen in groups:
                group = tuple(
                    CARDS[suit * 13 + rank - 1] for suit in range(4) for _ in range(chosen[suit])
                )
                found.append((group, None))
        return found
    cards = meld.cards
    suit = cards[0].suit_no
    mask = masks[0][suit]
    start = meld.start
    after = start + len(cards)
    if not (mask >> rank_at(start - 1) & 1 or mask >> rank_at(after) & 1):
        return found  # neither end's next card is held: the common case, at once
    base = suit * 13 - 1
    room = 13 - len(cards)
    around = rules.around_the_corner
    block: tuple[Card, ...] = ()
    position = start - 1
    while len(block) < room and (around or position >= 1):
        rank = rank_at(position)
        if not mask >> rank & 1:
            break
        block = (CARDS[base + rank], *block)
        found.append((block, "low"))
        position -= 1
    block = ()
    position = after
    while len(block) < room and (around or position <= 14):
        rank = rank_at(position)
        if not mask >> rank & 1:
            break
        block = (*block, CARDS[base + rank])
        found.append((block, "high"))
        position += 1
    return found
