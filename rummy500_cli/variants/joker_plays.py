"""Every play with jokers a hand allows (RULES 8, jokers; the wild dealer's joker of
dealers_gambit): the listings of `legal_actions`, kept per shape of the hand. The
decisions and the reading of one play are in `jokers`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from ..cards import CARDS, JOKER, Card
from ..melds import End, Meld, max_set_size, rank_at
from ..rules import Rules
from .jokers import Slots, run_starts


def joker_melds(
    hand: Sequence[Card], rules: Rules, decks: int
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], bool | None]]:
    """Every new meld with at least one joker that the hand allows, each meaning of its
    jokers once: (cards in meld order, the jokers' meanings in order, ace_high). The
    melds of each rank and of each suit are worked out once for each shape of the hand
    there (its cards of that rank or suit, and how many jokers) and kept."""
    jokers = sum(1 for card in hand if card is JOKER)
    if not jokers:
        return
    per_suit = decks if rules.set_duplicate_suits else 1
    limit = max_set_size(rules, decks)
    by_rank: dict[int, list[int]] = {}
    suits: dict[int, int] = {}
    for card in hand:
        if card.rank:
            by_rank.setdefault(card.rank, [0, 0, 0, 0])[card.suit_no] += 1
            suits[card.suit_no] = suits.get(card.suit_no, 0) | 1 << card.rank
    for rank, counts in sorted(by_rank.items()):
        held = tuple(min(count, per_suit) for count in counts)
        yield from _joker_sets(rank, held, jokers, per_suit, limit)
    around = rules.around_the_corner
    minimum = max(rules.min_new_run, 3)
    for suit, ranks in sorted(suits.items()):
        if ranks & (ranks - 1):  # two ranks or more
            yield from _joker_runs(suit, ranks, jokers, minimum, around)


Play = tuple[tuple[Card, ...], tuple[Card, ...], bool | None]


@lru_cache(maxsize=8192)
def _joker_sets(
    rank: int, counts: tuple[int, ...], jokers: int, per_suit: int, limit: int
) -> tuple[Play, ...]:
    """The sets with jokers of one rank, from `counts` cards of each suit (RULES 3.1, 8)."""
    found: list[Play] = []
    held = [suit for suit in range(4) for _ in range(counts[suit])]
    naturals_sets: set[tuple[int, ...]] = set()
    for size in range(2, min(len(held), limit - 1) + 1):
        naturals_sets.update(combinations(held, size))
    for group in sorted(naturals_sets):
        for count in range(1, min(jokers, len(group) - 1, limit - len(group)) + 1):
            used = [group.count(s) for s in range(4)]
            for suits in combinations_with_replacement(range(4), count):
                extra = [used[s] + suits.count(s) for s in range(4)]
                if any(n > per_suit for n in extra):
                    continue
                slots = [(CARDS[s * 13 + rank - 1], False) for s in group]
                slots += [(CARDS[s * 13 + rank - 1], True) for s in suits]
                slots.sort(key=lambda slot: (slot[0].suit_no, slot[1]))
                found.append(_as_play(slots, None))
    return tuple(found)


@lru_cache(maxsize=8192)
def _joker_runs(suit: int, mask: int, jokers: int, minimum: int, around: bool) -> tuple[Play, ...]:
    """The runs with jokers of one suit, from the ranks of `mask` (RULES 3.2, 8)."""
    found: list[Play] = []
    ranks = {rank for rank in range(1, 14) if mask >> rank & 1}
    base = suit * 13 - 1
    line = mask | mask << 13 if around else mask | (mask & 2) << 13  # by position
    for length in range(minimum, min(13, len(ranks) + jokers) + 1):
        span = (1 << length) - 1
        for start in run_starts(length, around):
            if length - (line & span << start).bit_count() > jokers:
                continue  # more gaps than jokers: the same test as below, on bits
            window = [rank_at(start + i) for i in range(length)]
            missing = [i for i, rank in enumerate(window) if rank not in ranks]
            if len(missing) > jokers:
                continue
            held = [i for i, rank in enumerate(window) if rank in ranks]
            ace_high = (start == 2) if length == 13 and not around else None
            for count in range(max(len(missing), 1), min(jokers, (length - 1) // 2) + 1):
                for extra in combinations(held, count - len(missing)):
                    wild = set(missing) | set(extra)
                    slots = [(CARDS[base + rank], i in wild) for i, rank in enumerate(window)]
                    found.append(_as_play(slots, ace_high))
    return tuple(found)


def _as_play(slots: Slots, ace_high: bool | None) -> Play:
    cards = tuple(JOKER if wild else face for face, wild in slots)
    meanings = tuple(face for face, wild in slots if wild)
    return cards, meanings, ace_high


_ENDS: tuple[tuple[End, int], ...] = (("low", -1), ("high", 1))


def joker_layoffs(
    meld: Meld, hand: Sequence[Card], rules: Rules, decks: int
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], End | None]]:
    """Every lay-off with at least one joker from the hand onto one meld: on a set, a
    joker for each free suit, then (where the set has room for more than one card: two
    decks and set_duplicate_suits) every group of jokers and natural cards it takes; on a
    run, every unbroken block continuing it at one end in which jokers stand for some
    cards. (cards in meld order, meanings, end)."""
    jokers = sum(1 for card in hand if card is JOKER)
    if not jokers:
        return
    if meld.kind == "set":
        yield from _joker_set_layoffs(meld, hand, jokers, rules, decks)
        return
    suit = meld.cards[0].suit_no
    ranks = {card.rank for card in hand if card.suit_no == suit}
    base = suit * 13 - 1
    room = 13 - len(meld.cards)
    around = rules.around_the_corner
    for end, step in _ENDS:
        block: list[int] = []
        position = meld.start - 1 if end == "low" else meld.end + 1
        while len(block) < room and (around or 1 <= position <= 14):
            block.append(rank_at(position))
            position += step
            window = block[::-1] if end == "low" else block
            held = [i for i, rank in enumerate(window) if rank in ranks]
            missing = [i for i, rank in enumerate(window) if rank not in ranks]
            if len(missing) > jokers:
                break
            for count in range(max(len(missing), 1), jokers + 1):
                for extra in combinations(held, count - len(missing)):
                    wild = set(missing) | set(extra)
                    slots = [(CARDS[base + rank], i in wild) for i, rank in enumerate(window)]
                    cards, meanings, _ = _as_play(slots, None)
                    yield cards, meanings, end


def _joker_set_layoffs(
    meld: Meld, hand: Sequence[Card], jokers: int, rules: Rules, decks: int
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], None]]:
    """The lay-offs holding jokers onto a set: each group of natural cards of its rank
    from the hand and jokers standing for cards of free suits, the set's suit rule and
    size kept (RULES 3.1, 8); groups of fewer cards first, each group once."""
    room = max_set_size(rules, decks) - len(meld.cards)
    if room <= 0:
        return
    rank = meld.rank
    per_suit = decks if rules.set_duplicate_suits else 1
    free = [per_suit] * 4
    for card in meld.cards:
        free[card.suit_no] -= 1
    held = [min(hand.count(CARDS[suit * 13 + rank - 1]), free[suit]) for suit in range(4)]
    for size in range(1, room + 1):
        for count in range(1, min(jokers, size) + 1):
            for meanings in combinations_with_replacement(range(4), count):
                left = list(free)
                for suit in meanings:
                    left[suit] -= 1
                if min(left) < 0:
                    continue
                limits = [min(held[suit], left[suit]) for suit in range(4)]
                for chosen in product(*(range(limit + 1) for limit in limits)):
                    if sum(chosen) != size - count:
                        continue
                    slots = [
                        (CARDS[suit * 13 + rank - 1], False)
                        for suit in range(4)
                        for _ in range(chosen[suit])
                    ]
                    slots += [(CARDS[suit * 13 + rank - 1], True) for suit in meanings]
                    slots.sort(key=lambda slot: (slot[0].suit_no, slot[1]))
                    cards, named, _ = _as_play(slots, None)
                    yield cards, named, None
