"""A hand as one bit mask, for the move generator.

A group of cards (a hand, the hand and the cards of a take) is one int: each suit has a
lane of 16 bits, and rank r of suit s is bit 16 * s + r (`Card.bit`). Sets and runs are
then found with bit operations instead of loops over cards: the ranks held in three
suits or more are a majority of the four lanes, a run is a stretch of ones in a lane,
and the melds on the table take a hand's card exactly when the hand's mask meets the
table's (`Table`). The second copy of a card (two decks) and jokers are not in a mask:
`set_duplicate_suits` counts copies (`melds`), and jokers are played apart (RULES 8,
`jokers`).

Everything here answers what the plain definitions in `melds` answer, in the same order
(a listing's order is part of what a seeded bot plays, so part of every log): `sets_in`,
`runs_in` and `layoffs_on` here are the fast forms of `melds`' definitions of those
names, and `takes` and `run_through` answer questions `melds.layoff_end` and
`melds.runs_in` answer slowly (each pair in `fast.paths.FAST_PATHS`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from ..cards import CARDS, Card
from ..melds import rank_at, sets_with_twins

if TYPE_CHECKING:
    from ..laid_melds import Meld
    from ..melds import End
    from ..rules import Rules

LANE = 16
"""Bits of each suit's lane in a mask: ranks 1-13 at bits 1-13 of the lane."""
RANKS = 0x3FFE
"""The bits of ranks 1-13 in a lane."""
SPREAD = 1 | 1 << 16 | 1 << 32 | 1 << 48
"""Bit 0 of each of the four lanes: `mask >> rank & SPREAD` holds one bit per suit."""
ACES = SPREAD << 1
"""The Aces of the four lanes (`mask | (mask & ACES) << 13` puts each Ace at 14 too)."""


def mask_of(cards: Sequence[Card]) -> int:
    """The mask of the cards (each distinct card once; jokers left out)."""
    mask = 0
    for card in cards:  # (a plain loop: faster than summing a set of ints)
        mask |= card.bit
    return mask


def lane(mask: int, suit: int) -> int:
    """The ranks of one suit in a mask: bit r for rank r."""
    return mask >> LANE * suit & RANKS


def suits_of(mask: int, rank: int) -> int:
    """The suits a mask holds of one rank: bit s for suit s."""
    spread = mask >> rank & SPREAD
    return (spread | spread >> 15 | spread >> 30 | spread >> 45) & 15


def from_ranks(held: dict[int, set[int]]) -> int:
    """The mask of a hand given as `melds.hand_index` gives it (ranks by suit)."""
    return sum(1 << (LANE * suit + rank) for suit, ranks in held.items() for rank in ranks)


# --- Sets -------------------------------------------------------------------------------

_SETS: list[list[tuple[tuple[Card, ...], ...]]] = [
    [
        tuple(
            tuple(CARDS[suit * 13 + rank - 1] for suit in group)
            for size in range(3, 5)
            for group in combinations([s for s in range(4) if suits >> s & 1], size)
        )
        for suits in range(16)
    ]
    for rank in range(14)
]
"""_SETS[rank][suits]: every set those suits of the rank make, by size, then suits in
order (as `melds.sets_in`)."""


_BIT_RANKS = [[rank for rank in range(1, 8) if bits >> rank - 1 & 1] for bits in range(128)]
"""_BIT_RANKS[bits]: the ranks 1-7 whose bits (rank r at bit r - 1) are set, in order."""
_BIT_RANKS_HIGH = [[rank for rank in range(8, 14) if bits >> rank - 8 & 1] for bits in range(64)]
"""The same for ranks 8-13 (rank r at bit r - 8)."""


def set_ranks(mask: int, hand: Sequence[Card]) -> list[int]:
    """The ranks held in three suits or more, in the order of their first card in the
    hand (the order of `melds.sets_in`)."""
    a, b, c, d = mask & RANKS, mask >> 16 & RANKS, mask >> 32 & RANKS, mask >> 48 & RANKS
    many = (a & b & (c | d)) | (c & d & (a | b))
    if not many:
        return []
    found = _BIT_RANKS[many >> 1 & 0x7F] + _BIT_RANKS_HIGH[many >> 8 & 0x3F]
    if len(found) > 1:
        first = list(dict.fromkeys([card.rank for card in hand]))
        found.sort(key=first.index)
    return found


def sets_of_rank(mask: int, rank: int) -> tuple[tuple[Card, ...], ...]:
    """The sets of different suits that the rank's cards make."""
    return _SETS[rank][suits_of(mask, rank)]


# --- Runs -------------------------------------------------------------------------------

Runs = tuple[tuple[int, tuple[Card, ...]], ...]
_RUNS: dict[int, Runs] = {}


def has_run(ranks: int, rules: Rules) -> bool:
    """Whether the ranks of one suit hold a run of `min_new_run` cards (an Ace low or
    high; around the corner, any)."""
    line = ranks | ranks << 13 if rules.around_the_corner else ranks | (ranks & 2) << 13
    stretch = line & line >> 1 & line >> 2
    if rules.min_new_run == 4:
        stretch &= line >> 3
    return stretch != 0


def run_key(suit: int, ranks: int, rules: Rules) -> int:
    """One int for a suit's ranks under the rules that shape runs: the key of the tables
    of runs (here, and of their actions in `engine.plays`)."""
    return ((ranks * 8 + suit) * 8 + rules.min_new_run) * 2 + rules.around_the_corner


def suit_runs(suit: int, ranks: int, rules: Rules) -> Runs:
    """Every run the ranks (bit r for rank r) make in the suit, as (start position, cards
    low to high) in the order of `melds.runs_in`; worked out once for each mask."""
    if not has_run(ranks, rules):
        return ()
    key = run_key(suit, ranks, rules)
    found = _RUNS.get(key)
    if found is None:
        found = _RUNS[key] = _runs(suit, ranks, rules.min_new_run, rules.around_the_corner)
    return found


def _runs(suit: int, mask: int, minimum: int, around: bool) -> Runs:
    ranks = [rank for rank in range(1, 14) if mask >> rank & 1]
    runs: list[tuple[int, tuple[Card, ...]]] = []
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


def run_suits(mask: int, hand: Sequence[Card], rules: Rules) -> list[int]:
    """The suits that hold a run, in the order of their first card in the hand (the
    order of `melds.runs_in`)."""
    if rules.around_the_corner:
        found = [suit for suit in range(4) if has_run(mask >> LANE * suit & RANKS, rules)]
    else:  # all four lanes at once: each lane's bits 0 and 15 are clear, and part them
        line = mask | (mask & ACES) << 13
        stretch = line & line >> 1 & line >> 2
        if rules.min_new_run == 4:
            stretch &= line >> 3
        if not stretch:
            return []
        found = [suit for suit in range(4) if stretch >> LANE * suit & 0xFFFF]
    if len(found) > 1:
        first = list(dict.fromkeys([card.suit_no for card in hand if card.rank]))
        found.sort(key=first.index)
    return found


def run_through(mask: int, suit: int, rank: int, rules: Rules) -> bool:
    """Whether the mask (holding that card) holds a run of at least `min_new_run` cards
    of the suit through `rank` (an Ace low or high; around the corner, any)."""
    minimum = rules.min_new_run
    if rules.around_the_corner:
        ranks = mask >> LANE * suit & RANKS
        if ranks == RANKS:
            return True
        line = ranks | ranks << 13 | ranks << 26  # positions 1-39: three turns of the suit
        return _stretch(line, rank + 13) >= minimum
    # all lanes at once (each lane's bits 0 and 15 are clear): bit k of `starts` is set
    # where `minimum` cards follow from position k, the Ace at 1 and at 14
    line = mask | (mask & ACES) << 13
    starts = line & line >> 1 & line >> 2
    if minimum == 4:
        starts &= line >> 3
    near = starts << (minimum - 1) >> LANE * suit  # bits p..p+m-1: the starts of runs by p
    span = (1 << minimum) - 1
    return bool(near >> rank & span or (rank == 1 and near >> 14 & span))


def _stretch(line: int, position: int) -> int:
    """The length of the stretch of ones of `line` through `position` (bit 0 clear)."""
    below = ~line & ((1 << position) - 1)
    above = ~line >> (position + 1)
    return position + (above & -above).bit_length() - below.bit_length()


# --- Lay-offs ---------------------------------------------------------------------------


def takes(meld: Meld, rules: Rules, decks: int) -> int:
    """The mask of the cards a meld takes as the first card of a lay-off (RULES 4.2): the
    card next to either end of a run with room, the suits a set with room still takes
    (with `set_duplicate_suits`, each suit it holds fewer than two of, a joker counted
    as the card it stands for: RULES 3.1, 8). Kept on the meld (`Meld.takes`) until it
    grows."""
    found = meld.takes
    if found is not None:
        return found
    cards = meld.cards
    found = 0
    if meld.kind == "set":
        rank = meld.rank
        duplicates = rules.set_duplicate_suits
        if len(cards) < (4 * decks if duplicates else 4) and rank:
            on = 0
            if not duplicates:
                for card in cards:
                    on |= card.suit_bit
            else:  # a suit is full at two cards
                seen = 0
                for card in cards:
                    on |= seen & card.suit_bit
                    seen |= card.suit_bit
            found = _LANES_OF[15 & ~on] << rank
    elif len(cards) < 13:
        around = rules.around_the_corner
        low, high = meld.start - 1, meld.start + len(cards)
        base = LANE * cards[0].suit_no
        if around or low >= 1:
            found |= 1 << (base + rank_at(low))
        if around or high <= 14:
            found |= 1 << (base + rank_at(high))
    meld.takes = found
    return found


class Table:
    """What the melds on the table take as the first card of a lay-off, as masks: each
    meld's (`takes`, in the order of the melds) and all of them at once. A hand whose
    mask misses `wants` lays nothing off, and a pile card in it can be laid off by
    itself."""

    __slots__ = ("takes", "wants")

    def __init__(self, melds: Sequence[Meld], rules: Rules, decks: int) -> None:
        found: list[int] = []
        wants = 0
        for meld in melds:  # (one loop: the audit asks for a new table at many pile takes)
            bits = meld.takes
            if bits is None:
                bits = takes(meld, rules, decks)
            found.append(bits)
            wants |= bits
        self.takes = found
        """The cards each meld takes, by its place on the table (meld id - 1)."""
        self.wants = wants
        """The cards some meld takes."""


_LANES_OF = [sum(1 << LANE * suit for suit in range(4) if suits >> suit & 1) for suits in range(16)]
"""_LANES_OF[suits]: bit 0 of the lane of each suit in `suits` (bit s for suit s)."""


def run_blocks(meld: Meld, ranks: int) -> tuple[int, int]:
    """How many cards of the ranks (bit r for rank r, the run's suit) continue a run
    unbroken at its low end and at its high end, each at most the room it has (not
    around the corner): what `layoffs_onto` lays off on it, in two numbers."""
    start, size = meld.start, len(meld.cards)
    room = 13 - size
    below = ~ranks & ((1 << start) - 1)  # bit 0 is clear in a lane: below is never 0
    low = start - below.bit_length()
    above = (ranks | (ranks & 2) << 13) >> (start + size)  # the Ace at 14 too
    high = (~above & (above + 1)).bit_length() - 1
    return min(low, room), min(high, room)


def layoffs_onto(
    meld: Meld, hand: Sequence[Card], mask: int, rules: Rules, decks: int
) -> list[tuple[tuple[Card, ...], End | None]]:
    """Every lay-off from the hand (`mask`: its mask) onto one meld: on a set, every
    group of cards it has room for (more than one only with two decks and
    `set_duplicate_suits`, RULES 3.1, 4.2), single cards first; on a run, every unbroken
    block of cards continuing it at either end, the low end's first."""
    found: list[tuple[tuple[Card, ...], End | None]] = []
    if meld.kind == "set":
        rank = meld.rank
        held = suits_of(mask, rank) if rank else 0
        if not held:
            return found
        duplicates = rules.set_duplicate_suits
        room = (4 * decks if duplicates else 4) - len(meld.cards)
        if room <= 0:
            return found
        per_suit = 2 if duplicates else 1
        free = [0, 0, 0, 0]
        on = [card.suit_no for card in meld.cards]  # (its suits: each counted below)
        for suit in range(4):
            if held >> suit & 1:
                copies = hand.count(CARDS[suit * 13 + rank - 1]) if per_suit > 1 else 1
                free[suit] = max(min(copies, per_suit - on.count(suit)), 0)
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
    ranks = mask >> LANE * suit & RANKS
    start = meld.start
    after = start + len(cards)
    if not (ranks >> rank_at(start - 1) & 1 or ranks >> rank_at(after) & 1):
        return found  # neither end's next card is held: the common case, at once
    base = suit * 13 - 1
    room = 13 - len(cards)
    around = rules.around_the_corner
    block: tuple[Card, ...] = ()
    position = start - 1
    while len(block) < room and (around or position >= 1):
        rank = rank_at(position)
        if not ranks >> rank & 1:
            break
        block = (CARDS[base + rank], *block)
        found.append((block, "low"))
        position -= 1
    block = ()
    position = after
    while len(block) < room and (around or position <= 14):
        rank = rank_at(position)
        if not ranks >> rank & 1:
            break
        block = (*block, CARDS[base + rank])
        found.append((block, "high"))
        position += 1
    return found


# --- The listings of `melds`, fast ------------------------------------------------------
# These run at every step of every bot game.


def sets_in(
    hand: Sequence[Card], rules: Rules, decks: int, mask: int = -1
) -> Iterator[tuple[Card, ...]]:
    """`melds.sets_in`, by the hand's mask (`mask`, when the caller has it)."""
    if rules.set_duplicate_suits:
        yield from sets_with_twins(hand, 4 * decks)
        return
    mask = mask_of(hand) if mask < 0 else mask
    for rank in set_ranks(mask, hand):
        yield from sets_of_rank(mask, rank)


def runs_in(
    hand: Sequence[Card], rules: Rules, mask: int = -1
) -> Iterator[tuple[int, tuple[Card, ...]]]:
    """`melds.runs_in`, by the hand's mask (`mask`, when the caller has it): the suits
    that hold a run (`run_suits`), each suit's runs from a table (`suit_runs`)."""
    mask = mask_of(hand) if mask < 0 else mask
    for suit in run_suits(mask, hand, rules):
        yield from suit_runs(suit, mask >> LANE * suit & RANKS, rules)


def layoffs_on(
    meld: Meld,
    hand: Sequence[Card],
    hand_ranks: dict[int, set[int]],
    rules: Rules,
    decks: int,
) -> list[tuple[tuple[Card, ...], End | None]]:
    """`melds.layoffs_on`, by the hand's mask (`layoffs_onto`)."""
    return layoffs_onto(meld, hand, from_ranks(hand_ranks), rules, decks)
