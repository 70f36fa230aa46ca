"""Deals of the unseen cards weighted by what the other players' turns say.

A player who has ended turns holding cards that make a meld, or that lay off on the
table, would most likely have put them down (every level here does, and so do most
people). So a sampled deal should seldom give another hand a card that lays off on the
table now, or one that makes a three-card meld with the cards already dealt to that hand
(the cards known to be in it, from the pile, included). Such cards are not ruled out: a
player may hold back on purpose, or have drawn the card since; they get the weight
`UNLIKELY` against 1 for any other card, once for each reason: once if it lays off,
once if it makes a meld with the hand's known cards, and once more each time a card
dealt to the hand leaves it making a meld (so a card that several of the hand's cards
call for is rarer still).

`likely_deal` reads only what the seat knows (its `Knowledge`: the unseen cards, the
cards known to be in each hand, the hand sizes) and the table, which everyone sees, so
its deals depend on the hidden cards only through what the whole table saw. The meld
test is the standard game's (three of a rank, three in a suit in a row with the Ace low
or high); under other options it is a weaker hint, never a wrong deal.
"""

from __future__ import annotations

from collections.abc import Container

from ...state import State
from ..base import Rng
from ..knowledge import Knowledge, deal_hidden

UNLIKELY = 0.02
"""The weight of a card that the hand's owner would likely have put down (against 1)."""


def makes_meld(have: list[int], code: int) -> bool:
    """Whether a card of this code makes a three-card meld with cards of `have` (counts
    by card code): two more of its rank in other suits, or two in its suit beside it."""
    suit, rank = divmod(code, 13)
    others = 0
    for other in range(4):
        if other != suit and have[other * 13 + rank]:
            others += 1
    if others >= 2:
        return True
    base = suit * 13

    def held(position: int) -> bool:
        # positions 0..13: Ace low to King, and 13 for the Ace high
        if position == 13:
            position = 0
        elif position < 0 or position > 13:
            return False
        return have[base + position] > 0

    if rank == 0:
        return (held(1) and held(2)) or (held(12) and held(11))
    return (
        (held(rank - 1) and held(rank + 1))
        or (held(rank - 2) and held(rank - 1))
        or (held(rank + 1) and held(rank + 2))
    )


def _neighbours(code: int) -> list[int]:
    """The codes whose `makes_meld` a card of this code can change: its rank in the other
    suits, and its suit within two ranks (the Ace after the King)."""
    suit, rank = divmod(code, 13)
    found = [other * 13 + rank for other in range(4) if other != suit]
    for step in (-2, -1, 1, 2):
        near = rank + step
        if near == 13:
            near = 0
        if 0 <= near <= 12:
            found.append(suit * 13 + near)
    return found


NEIGHBOURS = [_neighbours(code) for code in range(52)]


def likely_deal(
    state: State, k: Knowledge, rng: Rng, salt: str, layable: Container[int] = ()
) -> State:
    """One sampled deal of the unseen cards: each other hand's hidden cards drawn one by
    one with the weights above (`layable`: the codes that lay off on the table now),
    then the rest shuffled into the stock; the header's seed is replaced by `salt`."""
    pool = list(k.unseen)
    size = len(pool)
    at: dict[int, list[int]] = {}
    for index, card in enumerate(pool):
        at.setdefault(card.code, []).append(index)
    base = [UNLIKELY if card.code in layable else 1.0 for card in pool]
    taken = [False] * size
    dealt = []
    for other in range(state.n):
        if other == k.seat:
            continue
        need = k.counts[other] - len(k.known[other])
        if need <= 0:
            continue
        have = [0] * 53
        for card in k.known[other]:
            have[card.code] += 1
        weights = list(base)
        for index, card in enumerate(pool):
            if taken[index]:
                weights[index] = 0.0
            elif card.code < 52 and makes_meld(have, card.code):
                weights[index] *= UNLIKELY
        for _ in range(need):
            pick = _pick(weights, rng)
            taken[pick] = True
            weights[pick] = 0.0
            card = pool[pick]
            dealt.append(card)
            have[card.code] += 1
            if card.code < 52:
                for code in NEIGHBOURS[card.code]:
                    for index in at.get(code, ()):
                        if weights[index] > 0 and makes_meld(have, code):
                            weights[index] *= UNLIKELY
    rest = [card for index, card in enumerate(pool) if not taken[index]]
    rng.shuffle_list(rest)
    return deal_hidden(state, k, dealt + rest, salt)


def _pick(weights: list[float], rng: Rng) -> int:
    """An index drawn with these weights (at least one is positive)."""
    target = rng.random() * sum(weights)
    running = 0.0
    for index, weight in enumerate(weights):
        if weight <= 0:
            continue
        running += weight
        if running >= target:
            return index
    return max(index for index, weight in enumerate(weights) if weight > 0)
