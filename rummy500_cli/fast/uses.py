"""The fast forms of RULES 4.1 (the chosen pile card must have a use at once), where no
rule bounds a play and no joker takes part: the definition is `engine.uses.chosen_uses`
(its `bounded_uses`), and each of these answers what it answers, in the same order
(`fast.paths.FAST_PATHS`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from ..actions import LayMeld, LayOff
from ..cards import Card
from ..laid_melds import Meld
from ..melds import rank_at
from .listing import meld_layoffs, run_melds, set_melds
from .masks import ACES, LANE, RANKS, SPREAD, lane, mask_of, run_through

if TYPE_CHECKING:
    from ..state import State


def plain_uses(state: State, chosen: Card, hand: list[Card]) -> list[LayMeld | LayOff]:
    """`uses.chosen_uses` where no rule bounds a play and no joker plays (in the same
    order: the sets, the runs, then the lay-offs holding the chosen card), from the kept
    tables of actions of `engine.plays`."""
    held = mask_of(hand)
    rules = state.rules
    uses: list[LayMeld | LayOff] = [
        action for action in set_melds(held, chosen.rank) if chosen in action.cards
    ]
    suit = chosen.suit_no
    uses += [
        action for action in run_melds(suit, lane(held, suit), rules) if chosen in action.cards
    ]
    if rules.pile_use == "meld_or_layoff":
        decks = state.decks
        for meld, wanted in zip(state.melds, state.table().takes, strict=True):
            if held & wanted:
                uses += [
                    action
                    for action in meld_layoffs(meld, hand, held, rules, decks)
                    if chosen in action.cards
                ]
    return uses


UseCheck = Callable[[Card, int, Sequence[Card], Sequence[Card]], bool]


def has_use(
    state: State, chosen: Card, held: int, hand: Sequence[Card], taken: Sequence[Card]
) -> bool:
    """Whether the chosen card (not a joker) could go on the table at once with the hand
    and the cards taken (`held`: their `fast.masks.mask_of`), in a new meld or on a meld of the
    table: the fast form of `chosen_uses` when no rule bounds a play and no joker takes
    part. The table is read only when the hand and the cards taken make no meld with it
    (the audit asks this at every pile take, often just after a meld changed the table)."""
    rules = state.rules
    rank, suit = chosen.rank, chosen.suit_no
    if rules.set_duplicate_suits:
        copies = sum(1 for card in hand if card.rank == rank)
        copies += sum(1 for card in taken if card.rank == rank)
        if copies >= 3:
            return True
    elif (held >> rank & SPREAD).bit_count() >= 3:
        return True
    if run_through(held, suit, rank, rules):
        return True
    if rules.pile_use != "meld_or_layoff":
        return False
    wants = state.table().wants
    if wants & chosen.bit:
        return True  # a set takes it, or it is next to an end of a run
    shift = LANE * suit
    in_suit = held >> shift & RANKS
    if not in_suit & wants >> shift:
        return False  # no card next to an end of a run of its suit held
    return _beyond_an_end(state.melds, chosen, in_suit, rules.around_the_corner)


def use_check(state: State) -> UseCheck:
    """`has_use` for one state (it runs for every pile depth at every draw)."""
    return partial(has_use, state)


def _beyond_an_end(melds: Sequence[Meld], chosen: Card, in_suit: int, around: bool) -> bool:
    """Whether a run on the table reaches the chosen card through held cards of its suit
    (`in_suit`: their ranks) next to one of its ends: a lay-off of a block."""
    rank, suit = chosen.rank, chosen.suit_no
    for meld in melds:
        if meld.kind == "set" or meld.cards[0].suit_no != suit:
            continue
        room = 13 - len(meld.cards)
        for step, position in ((-1, meld.start - 1), (1, meld.end + 1)):
            for _ in range(room):
                if not around and not 1 <= position <= 14:
                    break
                there = rank_at(position)
                if not in_suit >> there & 1:
                    break
                if there == rank:
                    return True
                position += step
    return False


_NEXT_TO = [0] + [
    (1 << rank - 1 if rank > 1 else 1 << 13) | (1 << rank + 1 if rank < 13 else 1 << 1)
    for rank in range(1, 14)
]
"""_NEXT_TO[rank]: the ranks next to it in a run (bit r for rank r; the Ace next to the 2
and the King): a run through a card, or a block of cards reaching it from a run's end,
holds one of them."""


def plain_depths(state: State, pile: Sequence[Card], held: int, keep: bool) -> list[int]:
    """RULES 4.1: the usable pile depths where no rule bounds a play, no joker is held or
    in the pile and no rule counts copies: `has_use` at every depth in one pass, the
    hand's mask (`held`) growing by each card taken. `keep`: the top card may be kept
    (top_discard=keep), so depth 1 is usable as it is. The draw phase asks this at
    every turn, over a pile of any length."""
    rules = state.rules
    wants = state.table().wants if rules.pile_use == "meld_or_layoff" else 0
    around = rules.around_the_corner
    four = rules.min_new_run == 4
    span = 15 if four else 7
    lead = 3 if four else 2  # a start at p has its last card at p + lead
    cards = reversed(pile)
    depths = []
    if keep:  # (the caller's pile is never empty)
        held |= next(cards).bit
        depths.append(1)
    for depth, chosen in enumerate(cards, len(depths) + 1):
        bit = chosen.bit
        held |= bit
        if wants & bit:
            depths.append(depth)  # a meld of the table takes it
            continue
        rank = chosen.rank
        if (held >> rank & SPREAD).bit_count() >= 3:
            depths.append(depth)  # a set
            continue
        shift = LANE * chosen.suit_no
        in_suit = held >> shift & RANKS
        if not in_suit & _NEXT_TO[rank]:
            continue  # no card of its suit next to it: no run through it, no block to it
        if around:
            if run_through(held, chosen.suit_no, rank, rules):
                depths.append(depth)
                continue
        else:  # masks.run_through, inline: the run starts that reach it, all lanes at once
            line = held | (held & ACES) << 13
            starts = line & line >> 1 & line >> 2
            if four:
                starts &= line >> 3
            near = starts << lead >> shift
            if near >> rank & span or (rank == 1 and near >> 14 & span):
                depths.append(depth)
                continue
        if in_suit & wants >> shift and _beyond_an_end(state.melds, chosen, in_suit, around):
            depths.append(depth)
    return depths
