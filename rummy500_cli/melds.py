"""Melds: the rules of sets and runs (RULES 3, 4.2), as the rule book reads them.

What cards form a new meld (`shape_of`), what may be laid off on a meld (`layoff_end`),
and every meld and lay-off a hand allows (`sets_in`, `runs_in`, `layoffs_on`): the
definitions, in plain Python. The engine and the bots list plays by their fast forms
(`fast.masks`), which answer the same in the same order (`fast.paths.FAST_PATHS`); this
module imports none of them. A meld as it lies on the table is a `laid_melds.Meld`.

A run's cards lie at *positions*: positions are ranks, except that an Ace played high
sits at position 14 (RULES 3.4). With `around_the_corner`, positions wrap (K-A-2 is
positions 13, 14, 15), and a card's rank is always `rank_at(position)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product
from typing import Literal

from .cards import CARDS, JOKER, Card, Suit, format_cards
from .errors import AmbiguousAction, IllegalAction
from .laid_melds import Meld as Meld
from .laid_melds import MeldKind as MeldKind
from .laid_melds import laid_meld as laid_meld
from .laid_melds import parse_meld_id as parse_meld_id
from .rules import Rules

End = Literal["low", "high"]


def rank_at(position: int) -> int:
    """The rank at a run position (position 14 is the Ace played high; around the corner
    positions wrap, K-A-2 being 13, 14, 15)."""
    return (position - 1) % 13 + 1


# --- Forming new melds -------------------------------------------------------------


class Shape:
    """What a group of cards would be as a new meld: a set, or a run from a position."""

    __slots__ = ("cards", "kind", "rank", "start", "suit")

    def __init__(
        self, kind: MeldKind, cards: list[Card], suit: Suit | None, rank: int, start: int
    ) -> None:
        self.kind = kind
        self.cards = cards
        self.suit = suit
        self.rank = rank
        self.start = start


def max_set_size(rules: Rules, decks: int) -> int:
    """RULES 3.1: 4, or 8 with two decks and `set_duplicate_suits`."""
    return 4 * decks if rules.set_duplicate_suits else 4


def set_suits_ok(cards: Iterable[Card], rules: Rules) -> bool:
    """RULES 3.1: a set's suits are all different unless `set_duplicate_suits` (then at
    most two of a suit: a joker standing for a card counts as that card, RULES 8)."""
    suits = [card.suit for card in cards]
    if rules.set_duplicate_suits:
        return all(suits.count(suit) <= 2 for suit in set(suits))
    return len(set(suits)) == len(suits)


def run_positions(ranks: Sequence[int], around: bool, ace_high: bool | None = None) -> list[int]:
    """Every start position from which the ranks (distinct, one suit) form one run."""
    count = len(ranks)
    present = set(ranks)
    if len(present) != count or count > 13:
        return []
    starts = []
    if around:
        if count == 13:
            return [2]  # the full suit: by convention the Ace is high, at the top
        for start in range(1, 14):
            if all(rank_at(start + i) in present for i in range(count)):
                starts.append(start)
    else:
        low = [14 if (r == 1 and ace_high) else r for r in ranks]
        options = [low]
        if 1 in present and ace_high is None:
            options.append([14 if r == 1 else r for r in ranks])
        for positions in options:
            first = min(positions)
            if max(positions) - first == count - 1 and first not in starts:
                starts.append(first)
    return starts


def shape_of(
    cards: Sequence[Card], rules: Rules, decks: int, ace_high: bool | None = None
) -> Shape:
    """Check that cards form a new meld under the rules, and say which.

    Raises IllegalAction saying why the cards are not a meld, or AmbiguousAction when
    they form two different runs (A-K and 2-A of one suit) and `ace_high` is not given.
    """
    if JOKER in cards:
        raise IllegalAction(f"{format_cards(cards)}: jokers are not played in this game")
    if len(cards) < 3:
        raise IllegalAction(f"{format_cards(cards)}: a meld needs at least 3 cards (RULES 3.1-3.2)")
    ranks = [card.rank for card in cards]
    if len(set(ranks)) == 1:
        limit = max_set_size(rules, decks)
        if len(cards) > limit:
            raise IllegalAction(
                f"{format_cards(cards)}: a set has at most {limit} cards (RULES 3.1)"
            )
        if not set_suits_ok(cards, rules):
            raise IllegalAction(
                f"{format_cards(cards)}: the cards of a set must all be of different suits (RULES 3.1)"
            )
        ordered = sorted(cards, key=lambda card: card.suit_no)  # one canonical order
        return Shape("set", ordered, None, ranks[0], 0)
    suits = {card.suit for card in cards}
    if len(suits) != 1:
        raise IllegalAction(
            f"{format_cards(cards)}: not a meld; a set is 3-4 cards of one rank, a run 3 or more "
            "consecutive cards of one suit (RULES 3.1-3.2)"
        )
    if len(cards) < rules.min_new_run:
        raise IllegalAction(
            f"{format_cards(cards)}: a new run needs at least {rules.min_new_run} cards (min_new_run)"
        )
    starts = run_positions(ranks, rules.around_the_corner, ace_high)
    if not starts:
        corner = not rules.around_the_corner and run_positions(ranks, True)
        why = " (K-A-2 needs around_the_corner=true)" if corner else ""
        raise IllegalAction(
            f"{format_cards(cards)}: the cards are not consecutive in one suit{why}"
        )
    if len(starts) > 1:
        raise AmbiguousAction(
            f"{format_cards(cards)}: say whether the Ace is low (A-2-3...) or high (...Q-K-A)"
        )
    start = starts[0]
    by_rank = {card.rank: card for card in cards}
    ordered = [by_rank[rank_at(start + i)] for i in range(len(cards))]
    return Shape("run", ordered, next(iter(suits)), 0, start)


# --- Values ------------------------------------------------------------------------


def run_ace_high(positions_ranks: Sequence[int], index: int) -> bool:
    """RULES 6b.1: an Ace in a run scores high when it lies next to a King."""
    left = positions_ranks[index - 1] if index > 0 else 0
    right = positions_ranks[index + 1] if index + 1 < len(positions_ranks) else 0
    return left == 13 or right == 13


# --- Laying off ----------------------------------------------------------------------


def layoff_end(meld: Meld, cards: Sequence[Card], rules: Rules, decks: int, end: End | None):
    """Check that cards may be laid off on the meld; answer the end they go to.

    For a set the answer is None. For a run the cards must continue it without a gap at
    one end ("low" or "high"). Raises IllegalAction or AmbiguousAction (both ends fit:
    a run one card short of the whole suit).
    """
    if JOKER in cards:
        raise IllegalAction(f"{format_cards(cards)}: jokers are not played in this game")
    if meld.kind == "set":
        if any(card.rank != meld.rank for card in cards):
            raise IllegalAction(f"{format_cards(cards)} cannot go on the set {meld}: wrong rank")
        limit = max_set_size(rules, decks)
        if len(meld.cards) + len(cards) > limit:
            raise IllegalAction(
                f"{format_cards(cards)} cannot go on {meld}: a set has at most {limit} cards"
            )
        if not set_suits_ok([*meld.cards, *cards], rules):
            raise IllegalAction(
                f"{format_cards(cards)} cannot go on {meld}: that suit is already in the set"
            )
        return None
    if end is not None:
        if not _run_extends(meld, cards, rules, end):
            raise IllegalAction(f"{format_cards(cards)} cannot go on the {end} end of {meld}")
        return end
    fits = [e for e in ("low", "high") if _run_extends(meld, cards, rules, e)]
    if not fits:
        raise IllegalAction(
            f"{format_cards(cards)} cannot go on {meld}: lay-offs on a run must continue it at one end "
            "without a gap, in its suit"
        )
    if len(fits) == 2:
        raise AmbiguousAction(f"{format_cards(cards)} fits both ends of {meld}: say low or high")
    return fits[0]


def _run_extends(meld: Meld, cards: Sequence[Card], rules: Rules, end: str) -> bool:
    count = len(cards)
    length = len(meld.cards) + count
    if length > 13:
        return False
    if end == "low":
        first = meld.start - count
        if not rules.around_the_corner and first < 1:
            return False
        wanted = [rank_at(first + i) for i in range(count)]
    else:
        last = meld.end + count
        if not rules.around_the_corner and last > 14:
            return False
        wanted = [rank_at(meld.end + 1 + i) for i in range(count)]
    suit = meld.suit
    have = sorted(card.rank for card in cards if card.suit == suit)
    return len(have) == count and have == sorted(wanted)


# --- Every meld and lay-off a hand allows --------------------------------------------
# The definitions, in plain Python as RULES 3 and 4.2 read. The engine and the bots list
# them by their fast forms (`fast.masks`: the hand as a bit mask), which answer the same
# in the same order (`fast.paths.FAST_PATHS`): a listing's order is part of what a seeded
# bot plays, so part of every log.


def hand_index(hand: Iterable[Card]) -> dict[int, set[int]]:
    """The ranks held in each suit (by suit number), the suits in the order of their
    first card in the hand."""
    ranks: dict[int, set[int]] = {}
    for card in hand:
        if card.rank:
            ranks.setdefault(card.suit_no, set()).add(card.rank)
    return ranks


def sets_in(hand: Sequence[Card], rules: Rules, decks: int) -> Iterator[tuple[Card, ...]]:
    """Every set that the cards allow (RULES 3.1: all sizes, not only the largest), rank
    by rank in the order of each rank's first card in the hand; of a rank, the sets of 3
    cards before those of 4, each by suit, in the order of suits (`Card.suit_no`)."""
    if rules.set_duplicate_suits:
        yield from sets_with_twins(hand, 4 * decks)
        return
    ranks = dict.fromkeys(card.rank for card in hand if card.rank)
    for rank in ranks:
        suits = sorted({card.suit_no for card in hand if card.rank == rank})
        for size in (3, 4):
            for group in combinations(suits, size):
                yield tuple(CARDS[suit * 13 + rank - 1] for suit in group)


def sets_with_twins(hand: Sequence[Card], limit: int) -> Iterator[tuple[Card, ...]]:
    """RULES 3.1 with `set_duplicate_suits`: the sets of two decks, twins included."""
    by_rank: dict[int, list[int]] = {}
    for card in hand:
        if card.rank:
            counts = by_rank.get(card.rank)
            if counts is None:
                counts = by_rank[card.rank] = [0, 0, 0, 0]
            counts[card.suit_no] += 1
    for rank, counts in by_rank.items():
        if sum(counts) < 3:
            continue
        for chosen in product(*(range(count + 1) for count in counts)):
            if 3 <= sum(chosen) <= limit:
                yield tuple(
                    CARDS[suit * 13 + rank - 1] for suit in range(4) for _ in range(chosen[suit])
                )


def runs_in(
    hand: Sequence[Card], rules: Rules, index: dict[int, set[int]] | None = None
) -> Iterator[tuple[int, tuple[Card, ...]]]:
    """Every run that the cards allow (RULES 3.2, 3.4), as (start position, cards low to
    high), suit by suit in the order of each suit's first card in the hand; of a suit,
    from each held rank upwards (the lowest first), shortest first. Around the corner the
    whole suit is one run, from the 2 (Ace high), listed first. `index` may pass
    `hand_index(hand)` when the caller has it."""
    minimum = rules.min_new_run
    around = rules.around_the_corner
    for suit, ranks in (hand_index(hand) if index is None else index).items():
        if len(ranks) < minimum:
            continue
        longest = 13
        if around and len(ranks) == 13:
            yield 2, tuple(CARDS[suit * 13 + rank_at(2 + i) - 1] for i in range(13))
            longest = 12
        for start in sorted(ranks):
            cards: list[Card] = []
            position = start
            # an Ace low starts A-2-3; an Ace high (14) ends a run, unless around the corner
            while len(cards) < longest and (around or position < 14 or start != 1):
                if not around and position > 14:
                    break
                rank = rank_at(position)
                if rank not in ranks:
                    break
                cards.append(CARDS[suit * 13 + rank - 1])
                position += 1
                if len(cards) >= minimum:
                    yield start, tuple(cards)


def layoffs_on(
    meld: Meld,
    hand: Sequence[Card],
    hand_ranks: dict[int, set[int]],
    rules: Rules,
    decks: int,
) -> list[tuple[tuple[Card, ...], End | None]]:
    """Every lay-off from the hand onto one meld (`hand_ranks`: `hand_index(hand)`),
    RULES 4.2: on a set, every group of its rank the set has room for (more than one card
    only with two decks and `set_duplicate_suits`, RULES 3.1), the single cards first by
    suit, then the groups by size; on a run, every unbroken block of its suit continuing
    it, the low end's (shortest first) before the high end's."""
    found: list[tuple[tuple[Card, ...], End | None]] = []
    if meld.kind == "set":
        rank = meld.rank
        duplicates = rules.set_duplicate_suits
        room = (4 * decks if duplicates else 4) - len(meld.cards)
        if not rank or room <= 0:
            return found
        free = [0, 0, 0, 0]
        for suit in range(4):
            if rank not in hand_ranks.get(suit, ()):
                continue
            card = CARDS[suit * 13 + rank - 1]
            on = sum(laid.suit_no == suit for laid in meld.cards)
            copies = hand.count(card) if duplicates else 1
            free[suit] = max(min(copies, (2 if duplicates else 1) - on), 0)
        for suit in range(4):
            if free[suit]:
                found.append(((CARDS[suit * 13 + rank - 1],), None))
        groups = [
            chosen
            for chosen in product(*(range(count + 1) for count in free))
            if 2 <= sum(chosen) <= room
        ]
        groups.sort(key=sum)  # (a stable sort: of a size, in the order product makes them)
        for chosen in groups:
            group = tuple(
                CARDS[suit * 13 + rank - 1] for suit in range(4) for _ in range(chosen[suit])
            )
            found.append((group, None))
        return found
    suit = meld.cards[0].suit_no
    held = hand_ranks.get(suit, set())
    room = 13 - len(meld.cards)
    around = rules.around_the_corner
    ends: tuple[tuple[End, int, int], ...] = (
        ("low", -1, meld.start - 1),
        ("high", 1, meld.end + 1),
    )
    for end, step, position in ends:
        block: list[Card] = []
        while len(block) < room and (around or 1 <= position <= 14):
            rank = rank_at(position)
            if rank not in held:
                break
            block.append(CARDS[suit * 13 + rank - 1])
            # (cards of a block as they lie: low to high)
            found.append((tuple(block[::-1] if end == "low" else block), end))
            position += step
    return found
